"""Long fuzz run: ``python fuzz/run.py --count 100000 [--jobs 2] [--seed 0]``.

Generates inputs with ``tests/fuzzing.py`` (random bytes, mutated fixture and
corpus files with control characters in names among the mutations, inconsistent
tournaments; one in ten a hostile JSON form: deep nesting, integers of thousands of
digits, surrogate and control escapes; one in twenty a file read and written with a
random codec name), parses and checks each one, and counts crashes (any exception
but the documented one, a malformed or misplaced diagnostic, or a finding that would
print a raw control character) and hangs (an input taking longer than ``--timeout``
seconds). Failing inputs are saved under ``fuzz/crashes/`` with their seed (and, for
a codec case, the codec in the ``.txt``). Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import random
import signal
import sys
import time
import traceback
from pathlib import Path
from types import FrameType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
spec = importlib.util.spec_from_file_location("trfkit_fuzzing", ROOT / "tests" / "fuzzing.py")
assert spec and spec.loader
fuzzing = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fuzzing)

SEEDS: list[bytes] = []
TIMEOUT = 10


class Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def _init(timeout: int) -> None:
    global SEEDS, TIMEOUT
    SEEDS = fuzzing.seed_files()
    TIMEOUT = timeout
    signal.signal(signal.SIGALRM, _alarm)


def _one(seed: int) -> tuple[int, str | None, bytes]:
    kind, data = fuzzing.generate_case(random.Random(seed), SEEDS)
    signal.alarm(TIMEOUT)
    try:
        fuzzing.exercise_case(kind, data)
    except Hang:
        return seed, "hang", data
    except BaseException:
        return seed, f"input class {kind!r}\n{traceback.format_exc(limit=4)}", data
    finally:
        signal.alarm(0)
    return seed, None, b""


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--timeout", type=int, default=10, help="seconds before an input is a hang")
    args = parser.parse_args()
    start = time.perf_counter()
    crashes = hangs = done = 0
    out = HERE / "crashes"
    with multiprocessing.Pool(args.jobs, initializer=_init, initargs=(args.timeout,)) as pool:
        seeds = range(args.seed, args.seed + args.count)
        for seed, failure, data in pool.imap_unordered(_one, seeds, chunksize=200):
            done += 1
            if failure is not None:
                out.mkdir(exist_ok=True)
                (out / f"seed-{seed}.trf").write_bytes(data)
                (out / f"seed-{seed}.txt").write_text(failure, encoding="utf-8")
                if failure == "hang":
                    hangs += 1
                else:
                    crashes += 1
                print(f"seed {seed}: {failure.splitlines()[-1]}", file=sys.stderr)
            if done % 10_000 == 0:
                print(f"{done:,} inputs, {crashes} crashes, {hangs} hangs", file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(
        f"fuzzed {done:,} inputs in {elapsed:.0f} s ({done / elapsed:,.0f}/s): "
        f"{crashes} crashes, {hangs} hangs"
    )
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
