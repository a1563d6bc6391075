"""Three ways of timing one small reading, trfkit against caissify-pairings, side by side.

    python benchmarks/timing_ways.py [FILE]

FILE defaults to the benchmark's 10-player single round robin, made as ``run.py`` makes it.
Both readers read in one process, interleaved run after run, in three ways:

- once, right after ``gc.collect()`` (how ``run.py`` timed small inputs before the
  fifth round): the collection walks the whole heap, so the reading starts with
  cold processor caches;
- once, without a collection in between (the other reader ran just before);
- fifty times back to back, counting the mean (how ``run.py`` times them now).

It prints the median of each way and the ratio caissify-pairings / trfkit (above 1:
trfkit is faster). caissify-pairings must be installed (``tox -e bench`` does).
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
import peers  # noqa: E402
from run import _fill_ranks  # noqa: E402  # (run.py makes trfkit importable from a checkout)

RUNS = 101
LOOP = 50


def _once(read: Callable[[bytes], Any], data: bytes, collect: bool) -> float:
    if collect:
        gc.collect()
    start = time.process_time()
    read(data)
    return time.process_time() - start


def _loop(read: Callable[[bytes], Any], data: bytes) -> float:
    gc.collect()
    start = time.process_time()
    for _ in range(LOOP):
        read(data)
    return (time.process_time() - start) / LOOP


def main() -> int:
    if len(sys.argv) > 1:
        name, data = sys.argv[1], Path(sys.argv[1]).read_bytes()
    else:
        name, data = "RR 10, single", _fill_ranks(generate.round_robin(10)).encode("utf-8")
    readers = {"trfkit": peers.trfkit_reader(), "caissify-pairings": peers.caissify_reader()}
    for _ in range(300):  # warm-up: parser, caches
        for read in readers.values():
            read(data)
    ways: dict[str, dict[str, list[float]]] = {
        "once, right after gc.collect()": {k: [] for k in readers},
        "once, no collection between": {k: [] for k in readers},
        f"{LOOP} back to back, mean": {k: [] for k in readers},
    }
    cold, warm, loop = ways.values()
    names = list(readers)
    for run in range(RUNS):
        order = names[run % 2 :] + names[: run % 2]
        for key in order:
            cold[key].append(_once(readers[key], data, collect=True))
        for key in order:
            warm[key].append(_once(readers[key], data, collect=False))
        if run % 3 == 0:
            for key in order:
                loop[key].append(_loop(readers[key], data))
    print(f"{name}: median of the runs")
    for way, times in ways.items():
        mine = statistics.median(times["trfkit"])
        theirs = statistics.median(times["caissify-pairings"])
        print(
            f"  {way:32s} trfkit {mine * 1e6:6.0f} µs   caissify-pairings "
            f"{theirs * 1e6:6.0f} µs   ratio {theirs / mine:.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
