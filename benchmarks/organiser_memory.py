"""Peak memory and output of ``trfkit draw`` and ``trfkit berger`` at raised limits (issue 28).

Usage::

    python benchmarks/organiser_memory.py                      # n = 1,000 2,500 5,000 9,999
    python benchmarks/organiser_memory.py --sizes 1000,2500 --timeout 60
    python benchmarks/organiser_memory.py --trfkit /tmp/trfkit-head   # another checkout
    python benchmarks/organiser_memory.py --formats text,trf          # draw --format trf too

For each size ``n``: ``trfkit draw NAMES --seed 1 --max-rounds n`` of a file of ``n`` names
(its output is the drawing, linear in ``n``) and ``trfkit berger n --max-rounds n`` (the
whole table: every round's pairings and every player's schedule, about ``n**2`` cells, so
its output is quadratic). Each command runs in a fresh process started by a fresh wrapper
process, which reads the command's output through a pipe (counting its bytes, keeping none)
and prints ``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``: the command's peak resident
memory (it includes the wrapper's few MiB, which it was forked from). Every run has a time
limit (``TIMEOUT``, with the peak reached until then) and an address-space limit, so that a
regression cannot take the shared machine's memory (a run that reaches it says so).

A benchmark, not a test: nothing here fails the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADDRESS_SPACE_GIB = 6
"""The address-space limit of every measured command (``RLIMIT_AS``)."""

_WRAPPER = r"""
import json, os, resource, subprocess, sys, time
timeout, limit = float(sys.argv[1]), int(sys.argv[2])
argv = [sys.executable, "-m", "trfkit", *sys.argv[3:]]

def bounded():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

start = time.perf_counter()
child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=bounded)
os.set_blocking(child.stdout.fileno(), False)
printed, outcome = 0, None
while True:
    chunk = child.stdout.read(1 << 20)
    if chunk:
        printed += len(chunk)
        continue
    if child.poll() is not None and not chunk:
        rest = child.stdout.read()
        printed += len(rest or b"")
        break
    if time.perf_counter() - start > timeout:
        child.kill()
        child.wait()
        outcome = "TIMEOUT"
        break
    time.sleep(0.005)
seconds = time.perf_counter() - start
error = child.stderr.read().decode("utf-8", "replace").strip()
if outcome is None:
    outcome = f"exit {child.returncode}"
    if "MemoryError" in error:
        outcome = "MemoryError (address-space limit)"
    elif child.returncode < 0:
        outcome = f"killed by signal {-child.returncode}"
    elif error:
        outcome += ": " + error.splitlines()[-1][:60]
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": seconds, "peak_kib": peak, "printed": printed,
                  "outcome": outcome}))
"""
"""The fresh wrapper of one run: it starts the command, drains its output and reports."""


def measure(
    argv: list[str], checkout: str, env: dict[str, str], timeout: float
) -> dict[str, object]:
    """Run ``python -m trfkit *argv*`` under a fresh wrapper; its time, peak, output, outcome.

    It runs in *checkout*: ``python -m`` imports from the current folder before PYTHONPATH.
    """
    limit = str(ADDRESS_SPACE_GIB * 1024**3)
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, str(timeout), limit, *argv],
        env=env, capture_output=True, check=True, text=True, cwd=checkout,
    )  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout)
    return result


def names_file(folder: Path, n: int) -> Path:
    """A file of *n* distinct names, one a line."""
    path = folder / f"names{n}.txt"
    path.write_text("".join(f"Player {i:05d}\n" for i in range(1, n + 1)), encoding="utf-8")
    return path


def size(count: float) -> str:
    """A byte count for the table: ``412 kB``, ``1.3 GB``."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count:.0f} B"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,2500,5000,9999")
    parser.add_argument("--commands", default="draw,berger", help="draw, berger or both")
    parser.add_argument("--formats", default="text", help="output formats (text, json, trf)")
    parser.add_argument("--trfkit", default=str(ROOT), help="the checkout to measure")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per run")
    args = parser.parse_args()
    args.trfkit = os.path.abspath(args.trfkit)
    env = dict(os.environ, PYTHONPATH=args.trfkit)
    sizes = [int(n) for n in args.sizes.split(",")]
    print(f"trfkit from {args.trfkit}; time limit {args.timeout:.0f} s, "
          f"address space {ADDRESS_SPACE_GIB} GiB")  # fmt: skip
    print("| command | n | output | peak RSS | time | outcome |")
    print("|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="trfkit-organiser-") as folder:
        for command in args.commands.split(","):
            for form in args.formats.split(","):
                for n in sizes:
                    extra = ["--max-rounds", str(n), "--format", form]
                    if command == "draw":
                        argv = ["draw", str(names_file(Path(folder), n)), "--seed", "1", *extra]
                    else:
                        argv = ["berger", str(n), *extra]
                    got = measure(argv, args.trfkit, env, args.timeout)
                    label = f"{command} --format {form}" if form != "text" else command
                    peak = int(str(got["peak_kib"])) * 1024
                    seconds = float(str(got["seconds"]))
                    print(
                        f"| {label} | {n:,} | {size(int(str(got['printed'])))} | "
                        f"{peak / 2**20:,.0f} MiB | {seconds:.1f} s | {got['outcome']} |",
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
