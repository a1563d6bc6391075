"""How ``check --report`` grows with players and with files (a benchmark, not a test; issue 28).

Usage::

    python benchmarks/report_scale.py [--players 1250,2500,5000,9999] [--rounds 9]
        [--files 1000,10000,100000] [--runs 3] [--jobs 2] [--work DIR] [--baseline TREE]

Players: a Swiss of N players (``generate.swiss(N, ROUNDS)``) is checked by a fresh
``trfkit`` process with ``--format json``, and with ``--format json --report FILE.html``;
the table gives the median wall time of ``--runs`` runs, the ratio of the two (the
acceptance target of issue 28 is at most 1.5 for 9,999 players) and the peak memory.

Files: a folder of N small distinct files (Berger round robins of 6-10 players drawn from
a seed, one in ten with a URL in its header: a warning, so it gets a section) is checked
with ``--format json`` (no report: the reference), with ``--report FILE.html`` (one page,
streamed) and with ``--report DIR/`` (a folder: ``index.html`` and a page per file with
findings). Peak memory should not grow with N (issue 28: within 20 % from 1,000 to
10,000 files).

Every measurement runs in a fresh wrapper process, which starts trfkit and reads the
peak resident memory of its children (``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``:
the largest of the main process and its workers). ``--baseline TREE`` also measures
another source tree (``git archive COMMIT | tar -x -C TREE``) on the same inputs.
Inputs are made once in ``--work`` (kept when given, else a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # type: ignore[import-not-found,unused-ignore]  # noqa: E402

WRAPPER = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
print(json.dumps({"code": code, "seconds": seconds, "cpu": cpu, "kib": usage.ru_maxrss}))
"""
"""Runs one command; its exit code, wall time, CPU time and children's peak RSS (KiB)."""


def measure(command: Sequence[str], tree: Path | None) -> tuple[float, float, int]:
    """Wall time, CPU time and peak memory (KiB) of *command* in a fresh process.

    trfkit is taken from *tree*. The CPU time (user + system of every process of the run,
    workers included) is what a shared machine's load changes least.
    """
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, *command],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=str(tree) if tree is not None else None,
    )
    result = json.loads(done.stdout)
    if result["code"] not in (0, 1):  # 1: the inputs have findings
        raise SystemExit(f"{' '.join(command)} exited {result['code']}")
    return float(result["seconds"]), float(result["cpu"]), int(result["kib"])


def trfkit(*arguments: str) -> list[str]:
    """A ``trfkit`` command run by this interpreter."""
    return [sys.executable, "-m", "trfkit", *arguments]


def repeated(command: Sequence[str], tree: Path | None, runs: int) -> tuple[float, float, int]:
    """The median wall and CPU times and the largest peak memory of *runs* runs."""
    found = [measure(command, tree) for _ in range(runs)]
    return (
        statistics.median(t for t, _, _ in found),
        statistics.median(c for _, c, _ in found),
        max(m for _, _, m in found),
    )


def small_file(index: int) -> str:
    """The *index*-th small file of a batch: a round robin, one in ten with a warning."""
    text = generate.round_robin(6 + 2 * (index % 3), seed=index + 1)
    lines = text.splitlines()
    lines[0] = f"012 Club event {index}"
    if index % 10 == 0:
        lines.insert(1, f"022 https://example.org/event/{index}")
    return "\n".join(lines) + "\n"


def batch(folder: Path, count: int) -> Path:
    """A folder of *count* small distinct files (made once)."""
    folder.mkdir(parents=True, exist_ok=True)
    done = folder / ".complete"
    if not done.exists():
        for i in range(count):
            (folder / f"event{i:06d}.trf").write_text(small_file(i), encoding="utf-8")
        done.write_text("", encoding="utf-8")
    return folder


def mib(kib: int) -> str:
    """KiB as MiB with one decimal."""
    return f"{kib / 1024:.1f}"


def players_table(
    work: Path, sizes: list[int], rounds: int, runs: int, trees: dict[str, Path | None]
) -> None:
    """Check --format json against --report for Swiss events of each size."""
    print(f"\n### check --report by players (Swiss × {rounds} rounds; median of {runs})\n")
    print(
        "| tree | players | json s (cpu) | json MiB | --report s (cpu) | --report MiB "
        "| ratio wall (cpu) | page MiB |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for size in sizes:
        path = work / f"swiss{size}x{rounds}.trf"
        if not path.exists():
            path.write_text(generate.swiss(size, rounds), encoding="utf-8")
        for name, tree in trees.items():
            out = work / f"report-{name}-{size}.html"
            command = trfkit("check", str(path), "--format", "json")
            json_s, json_c, json_m = repeated(command, tree, runs)
            rep_s, rep_c, rep_m = repeated([*command, "--report", str(out)], tree, runs)
            page = out.stat().st_size / 2**20
            print(
                f"| {name} | {size:,} | {json_s:.2f} ({json_c:.2f}) | {mib(json_m)} | "
                f"{rep_s:.2f} ({rep_c:.2f}) | {mib(rep_m)} | {rep_s / json_s:.2f} "
                f"({rep_c / json_c:.2f}) | {page:.1f} |",
                flush=True,
            )


def files_table(
    work: Path, sizes: list[int], jobs: int, trees: dict[str, Path | None], modes: list[str]
) -> None:
    """Peak memory of a batch: no report (json), one streamed page, a folder of pages."""
    print(f"\n### a batch of small files (--jobs {jobs}; one run each)\n")
    print("| tree | files | json s | json MiB | page s | page MiB | folder s | folder MiB |")
    print("|---|---|---|---|---|---|---|---|")
    for count in sizes:
        folder = batch(work / f"batch{count}", count)
        for name, tree in trees.items():
            base = ["check", str(folder), "--jobs", str(jobs), "--no-progress"]
            row = [name, f"{count:,}"]
            page = work / f"batch-{name}-{count}.html"
            pages = work / f"batch-{name}-{count}"
            variants = {
                "json": ["--format", "json"],
                "page": ["--report", str(page)],
                "folder": ["--report", f"{pages}{os.sep}"],  # only this tree has folders
            }
            started = time.perf_counter()
            for mode, extra in variants.items():
                if mode not in modes or (mode == "folder" and name != "this tree"):
                    row += ["-", "-"]
                    continue
                seconds, _, kib = measure(trfkit(*base, *extra), tree)
                row += [f"{seconds:.1f}", mib(kib)]
            print("| " + " | ".join(row) + " |", flush=True)
            print(f"<!-- {name} {count}: {time.perf_counter() - started:.0f} s -->", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="1250,2500,5000,9999")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--files", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--modes", default="json,page,folder", help="of the batch: json,page,folder"
    )
    parser.add_argument("--work", type=Path, help="folder for the inputs (kept)")
    parser.add_argument("--baseline", type=Path, help="another source tree to measure too")
    args = parser.parse_args()
    trees: dict[str, Path | None] = {"this tree": HERE.parent}
    if args.baseline is not None:
        trees["baseline"] = args.baseline.resolve()
    with tempfile.TemporaryDirectory() as temporary:
        work = args.work or Path(temporary)
        work.mkdir(parents=True, exist_ok=True)
        if args.players:
            sizes = [int(n) for n in args.players.split(",")]
            players_table(work, sizes, args.rounds, args.runs, trees)
        if args.files:
            counts = [int(n) for n in args.files.split(",")]
            files_table(work, counts, args.jobs, trees, args.modes.split(","))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
