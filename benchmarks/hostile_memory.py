"""Time and peak memory of every command on hostile inputs, against the stated bound (issue 20).

The README's "Reliability" section states the bound: a command's peak resident memory is
at most ``FACTOR`` times the input's size, plus ``PER_LINE`` bytes per line, plus
``BASE_MIB`` (the interpreter, Lark's parser and the checks). This script writes the
hostile inputs of issue 20 (declared sizes far beyond the limits, floods of unknown or
empty lines, more players than the limit), the most a file within the limits holds of
each, and two honest files into a temporary folder; runs every command on each in a
subprocess; and prints its time, peak RSS (the child's own ``VmHWM``), the bound (MiB,
``!`` when over it), the bytes printed and how it ended.

    python benchmarks/hostile_memory.py            # every input and command
    python benchmarks/hostile_memory.py --quick    # skip the four largest inputs
    python benchmarks/hostile_memory.py --only zzz --command check
    python benchmarks/hostile_memory.py --trfkit /path/to/other/checkout --timeout 40

A benchmark, not a test: nothing here fails the suite. Each run has a time limit (a hang is
reported as ``TIMEOUT``) and an address-space limit, so that a regression cannot take the
shared machine's memory (a child that hits it reports ``MemoryError`` or is killed).
Results: ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

FACTOR = 60
"""Peak RSS may be this many times the input's size ..."""
PER_LINE = 2048
"""... plus this many bytes per line (each line is a record, however short; at most
100,000 lines, ``--max-lines``) ..."""
BASE_MIB = 60
"""... plus this much (MiB): Python, Lark's parser, the checks and the reports imported."""
TIMEOUT = 120.0
"""Seconds before a run counts as a hang."""
ADDRESS_SPACE_GIB = 4
"""The address-space limit of every child (``RLIMIT_AS``)."""

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate  # noqa: E402


def _with(text: str, replace: dict[str, str], append: str = "") -> str:
    """*text* with each header line starting with a key replaced by its value (or added)."""
    lines = text.splitlines()
    for prefix, line in replace.items():
        at = next((i for i, old in enumerate(lines) if old.startswith(prefix)), None)
        if at is None:
            lines.insert(1, line)
        else:
            lines[at] = line
    return "\n".join(lines) + "\n" + append


def _many_players(count: int, header: str = "XXR 1") -> str:
    """*count* player lines without rounds (start ranks repeat past 9999)."""
    lines = ["012 Many players", *([header] if header else [])]
    for i in range(count):
        rank = i % 9999 + 1
        lines.append(f"001 {rank:4d} m    {'Player ' + str(rank):<33s} 2000 NOR {rank:11d}")
    return "\n".join(lines) + "\n"


def _scrambled(players: int, rounds: int) -> str:
    """*players* x *rounds* blocks of opponents drawn at random: a disagreement in each."""
    rng = random.Random(players * 1000 + rounds)
    lines = ["012 Scrambled crosstable", f"XXR {rounds}"]
    for rank in range(1, players + 1):
        blocks = "".join(f"  {rng.randint(1, players):4d} w 1" for _ in range(rounds))
        head = f"001 {rank:4d} m    {'Player ' + str(rank):<33s} 2000 NOR {rank:11d}"
        lines.append(f"{head} 2000/01/01 {rounds:4.1f} {rank:4d}{blocks}")  # points, ranks
    return "\n".join(lines) + "\n"


_RR6 = generate.round_robin(6)

INPUTS: dict[str, Callable[[], str]] = {
    # declared sizes (issue 20: minutes and gigabytes, MemoryError)
    "xxr_99999999": lambda: _with(_RR6, {"XXR": "XXR 99999999"}),
    "xxr_1000000": lambda: _with(_RR6, {"XXR": "XXR 1000000"}),
    "r142_99999999": lambda: _with(_RR6, {"XXR": "142 99999999"}),
    "g99999999": lambda: _with(_RR6, {"192": "192 FIDE_ROUNDROBIN_G99999999"}),
    "declared_062_072": lambda: _with(_RR6, {"062": "062 99999999", "072": "072 99999999"}),
    # floods (issue 20: 1.26 GB, 4.1 GB in JSON; 26 s and 590,000 lines printed)
    "zzz_1.5M": lambda: _with(_RR6, {}, "zzz\n" * 1_500_000),
    "blank_5M": lambda: _with(_RR6, {}, "\n" * 5_000_000),
    "players_400k": lambda: _many_players(400_000),
    # the most a file within the limits holds of each
    "zzz_99k": lambda: _with(_RR6, {}, "zzz\n" * 99_000),
    "blank_99k": lambda: _with(_RR6, {}, "\n" * 99_000),
    "players_9999": lambda: _many_players(9999),
    "scrambled_9999x99": lambda: _scrambled(9999, 99),
    # a field read as a round robin, or decided against a Berger table, by its size alone
    "players_3000_no_092": lambda: _many_players(3000, ""),
    "rr_192_1000x3": lambda: _with(generate.swiss(1000, 3), {"092": "192 FIDE_ROUNDROBIN"}),
    # honest files
    "honest_rr6": lambda: _RR6,
    "honest_swiss_5000x11": lambda: generate.swiss(5000, 11),
}
LARGE = frozenset({"players_400k", "zzz_1.5M", "blank_5M", "scrambled_9999x99"})

COMMANDS: dict[str, list[str]] = {
    "check": ["check", "--no-progress", "{file}"],
    "check json": ["check", "--no-progress", "--format", "json", "{file}"],
    "check github": ["check", "--no-progress", "--format", "github", "{file}"],
    "check html": ["check", "--no-progress", "--report", "{out}.html", "{file}"],
    "standings": ["standings", "{file}"],
    "convert trf26": ["convert", "--to", "trf26", "-o", "{out}.trf", "{file}"],
    "convert json": ["convert", "--to", "json", "-o", "{out}.json", "{file}"],
    "convert csv": ["convert", "--to", "csv", "-o", "{out}.csv", "{file}"],
    "show": ["show", "{file}"],
}
BERGER: dict[str, list[str]] = {
    "berger 6 --cycles 99999999": ["berger", "6", "--cycles", "99999999"],
    "berger 99999999": ["berger", "99999999"],
    "berger 6": ["berger", "6"],
}


_CHILD = """
import atexit, resource, runpy, sys
peak_file, limit = sys.argv.pop(1), int(sys.argv.pop(1))
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

def peak():
    with open("/proc/self/status") as status, open(peak_file, "w") as out:
        out.write(next(line.split()[1] for line in status if line.startswith("VmHWM:")))

atexit.register(peak)
sys.argv[0] = "trfkit"
runpy.run_module("trfkit", run_name="__main__", alter_sys=True)
"""
"""The child: it limits its address space and writes its own peak RSS (``VmHWM``, KiB) when it
ends. The ``ru_maxrss`` a parent reads counts the parent's own memory when the child was
forked from it (the inputs made here), so it is only the fallback of a child killed early."""


def run(argv: list[str], env: dict[str, str], timeout: float) -> tuple[float, int, str, int]:
    """Run ``python -m trfkit *argv*``: seconds, peak RSS (KiB), outcome, bytes printed."""
    limit = str(ADDRESS_SPACE_GIB * 1024**3)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as peak:  # fmt: skip
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", _CHILD, peak.name, limit, *argv],
            stdout=out, stderr=err, env=env,
        )  # fmt: skip
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                child.kill()
                pid, status, usage = os.wait4(child.pid, 0)
                return timeout, usage.ru_maxrss, "TIMEOUT", out.tell()
            time.sleep(0.02)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        written = peak.read().strip()
        rss = int(written) if written.isdigit() else usage.ru_maxrss
        printed = out.seek(0, os.SEEK_END)
        err.seek(0)
        tail = err.read().decode("utf-8", "replace")
        if "Traceback" in tail or "MemoryError" in tail:
            outcome = "TRACEBACK " + tail.strip().splitlines()[-1][:60]
        elif child.returncode < 0:
            outcome = f"killed by signal {-child.returncode}"
        else:
            outcome = f"exit {child.returncode}"
            first = tail.strip().splitlines()[:1]
            if first:
                outcome += ": " + first[0][:70]
        return seconds, rss, outcome, printed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the four largest inputs")
    parser.add_argument("--only", action="append", default=[], help="inputs whose name has this")
    parser.add_argument("--command", action="append", default=[], help="commands with this name")
    parser.add_argument("--trfkit", default=str(ROOT), help="the checkout to measure")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per run")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=args.trfkit, PYTHONHASHSEED="0")
    base_kib = BASE_MIB * 1024
    print(f"bound: peak RSS <= {FACTOR} x input + {PER_LINE} B x lines + {BASE_MIB} MiB; "
          f"time limit {args.timeout:.0f} s")  # fmt: skip
    print(f"{'input':<22} {'size':>10} {'command':<14} {'time':>7} {'RSS MiB':>8} "
          f"{'bound':>7} {'stdout':>10}  outcome")  # fmt: skip
    over = 0
    with tempfile.TemporaryDirectory(prefix="trfkit-hostile-") as folder:
        cases: list[tuple[str, int, int, str, list[str]]] = []
        for name, make in INPUTS.items():
            if args.quick and name in LARGE:
                continue
            if args.only and not any(o in name for o in args.only):
                continue
            path = Path(folder) / f"{name}.trf"
            text = make()
            path.write_text(text, encoding="utf-8")
            size, lines = path.stat().st_size, text.count("\n")
            del text
            for label, template in COMMANDS.items():
                argv = [a.format(file=path, out=Path(folder) / "out") for a in template]
                cases.append((name, size, lines, label, argv))
        if not args.only:
            cases.extend(("(argv)", 0, 0, label, argv) for label, argv in BERGER.items())
        for name, size, lines, label, argv in cases:
            if args.command and not any(c in label for c in args.command):
                continue
            seconds, rss, outcome, printed = run(argv, env, args.timeout)
            outcome = outcome.replace(f"{folder}{os.sep}", "")
            bound = (FACTOR * size + PER_LINE * lines) // 1024 + base_kib
            within = rss <= bound and outcome != "TIMEOUT" and "TRACEBACK" not in outcome
            over += not within
            verdict = f"{bound / 1024:.0f}" + ("" if within else "!")
            print(f"{name:<22} {size:>10,} {label:<14} {seconds:>6.2f}s {rss / 1024:>8.1f} "
                  f"{verdict:>7} {printed:>10,}  {outcome}", flush=True)  # fmt: skip
    print(f"{over} run(s) over the bound" if over else "every run within the bound")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
