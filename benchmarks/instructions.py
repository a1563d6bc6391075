"""Instruction counts (valgrind's callgrind) of start-up, first reads and a typical check.

Usage::

    python benchmarks/instructions.py [--sections startup,parse,typical] [--only KEYS]
                                      [--readers trfkit,minimal,caissify,gacrux]
                                      [--inputs DIR] [--timeout SECONDS] [--markdown FILE]

(also ``python benchmarks/run.py --instructions [-- OPTIONS]``). Instruction counts
do not move with the machine's load, as wall times do, so they decide between two
versions of the code; wall times are ``run.py``'s.

Every count is of one fresh process run under ``valgrind --tool=callgrind``, one
at a time, with ``PYTHONHASHSEED=0``, byte-code caching on (the command is run
once without valgrind first, which writes the ``.pyc`` files) and the
environment ``run.py`` gives its workers (this trfkit first on ``sys.path``).
Each process reads a fresh file: a variant of the benchmark input
(``fresh.py``) that no earlier process or reading has seen.

- **startup**: whole processes, every instruction from exec to exit: ``python -c
  pass``, ``python -c "import lark, attrs"``, ``trfkit --version`` and ``trfkit
  check`` of the 6-player round robin and of the 30-player single round robin
  (fresh variants written to a temporary folder). ``trfkit`` stands for what the
  console script runs (``run.CLI``). Each is counted twice: with the interpreter
  as installed, and with ``python -S`` (no ``site``, so no ``.pth`` file runs;
  the site-packages folder is put on ``PYTHONPATH`` instead), because a ``.pth``
  file of this machine's sandbox imports ``certifi`` in every process.
- **parse**: the first read of each input by each reader, after start-up. The
  process makes the reader, reads the 6-player start-up file twice with it (as
  ``run.py`` warms up), makes variant 1 of the input, collects the garbage, and
  then calls ``os.getppid()``, reads the variant (keeping what it read),
  calls ``os.getpgrp()``, and does the same again (after another collection)
  for a re-read of the same bytes. Callgrind runs with
  ``--zero-before=getppid --dump-before=getpgrp``: the counters are zeroed when
  the process enters libc's ``getppid`` and written out when it enters
  ``getpgrp``, so each dump holds the reading alone (plus about 4,000
  instructions of the two calls, counted once with nothing between them and
  shown). This is the function-window way (as ``--toggle-collect`` would be),
  not a subtraction of two processes. gacrux, quadratic in the players, is
  first run without valgrind; it is counted only when that takes less than
  ``--native-limit`` seconds.
- **typical**: a full check (``trfkit.audit.check_bytes``) and a parse
  (``trfkit.parse``) of a typical file in a warm process, as a ``--jobs`` worker
  reads them: files 0-29 of the generated batch (``generate.typical(i)``, ranks
  filled) are checked first, then files 30-129 inside the window; the count is
  the mean per file. This is the measure of the earlier rounds ("100 files of
  the batch after 30") and of issue 31's "20.1 M instructions for a full check
  of a typical file". Each file is read once: new bytes, while the caches hold
  the texts of the files before it, as they do in a batch.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fresh  # noqa: E402
import run  # noqa: E402

VALGRIND = os.environ.get("VALGRIND", "valgrind")
READERS = ("trfkit", "minimal", "caissify", "gacrux")

_READ = """
import gc, os, sys
sys.path.insert(0, {here!r})
import fresh, peers
key, small, path = {key!r}, {small!r}, {path!r}
read = peers.READERS[key][1]()
warm = open(small, "rb").read()
for _ in range(2):
    try:
        read(warm)
    except Exception:
        pass
data = fresh.variant(open(path, "rb").read(), 1)
for _ in range({times}):
    gc.collect()
    os.getppid()
    value = {body}
    os.getpgrp()
    del value
"""
"""The parse process: the window between ``getppid`` and ``getpgrp`` holds ``body``."""

_TYPICAL = """
import gc, os, sys
from trfkit.api import parse
from trfkit.audit import CheckRequest, check_bytes
paths = {paths!r}
request = CheckRequest()
for path in paths[:30]:
    check_bytes(path, open(path, "rb").read(), request)
datas = [(path, open(path, "rb").read()) for path in paths[30:]]
gc.collect()
os.getppid()
for path, data in datas:
    {body}
os.getpgrp()
"""
"""The typical-file process: the window holds 100 files' checks (or parses)."""


class Failed(Exception):
    """A run under callgrind that did not finish or left no count."""


def _env(no_site: bool = False) -> dict[str, str]:
    env = run._env()
    env["PYTHONHASHSEED"] = "0"
    if no_site:
        purelib = sysconfig.get_paths()["purelib"]
        env["PYTHONPATH"] = os.pathsep.join([env["PYTHONPATH"], purelib])
    return env


def callgrind(
    argv: Sequence[str], window: bool, timeout: float, no_site: bool = False
) -> list[int]:
    """Instructions of *argv* under callgrind: the whole process, or each window's.

    The command runs once without valgrind first (byte code written, files in
    the page cache); a failure there or under valgrind raises :class:`Failed`.
    """
    env = _env(no_site)
    # run where the measured trfkit lives: ``python -c`` puts the working folder first on
    # sys.path, and a checkout there would shadow an installed wheel (its parser tables)
    where = str(run.TRFKIT_ROOT)
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False, cwd=where)
    if done.returncode not in (0, 1):
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise Failed(f"exit {done.returncode}: {tail[:100]}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        command = [VALGRIND, "--tool=callgrind", f"--callgrind-out-file={out}"]
        if window:
            command += ["--zero-before=getppid", "--dump-before=getpgrp"]
        try:
            subprocess.run(command + list(argv), env=env, capture_output=True, timeout=timeout,
                           check=False, cwd=where)  # fmt: skip
        except subprocess.TimeoutExpired:
            raise Failed(f"cut off after {timeout:.0f} s under callgrind") from None
        files = sorted(Path(tmp).glob("cg.out*"), key=lambda p: (len(p.name), p.name))
        counts = {p.name: _summary(p) for p in files}
    if window:  # cg.out.1, cg.out.2, … are the windows; cg.out is the rest
        numbered = sorted((int(n.rsplit(".", 1)[1]), c) for n, c in counts.items()
                          if n != "cg.out")  # fmt: skip
        if not numbered:
            raise Failed("no window was dumped")
        return [c for _, c in numbered]
    if not counts:
        raise Failed("no callgrind output")
    return [sum(counts.values())]


def _summary(path: Path) -> int:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("summary:"):
            return int(line.split()[1])
    raise Failed(f"no summary in {path.name}")


def mega(count: float) -> str:
    return f"{count / 1e6:,.1f} M" if count >= 1e6 else f"{count / 1e3:,.0f} k"


# --- sections -------------------------------------------------------------------------------


def startup(inputs: list[run.Input], small: Path, folder: Path, timeout: float) -> str:
    rr30 = next(i for i in inputs if i.key == "rr30-single")
    files = {}
    for name, path in (("6-player round robin", small), ("30-player round robin", rr30.path)):
        target = folder / f"fresh-{path.name}"
        target.write_bytes(fresh.variant(path.read_bytes(), 1))
        files[name] = target
    py = sys.executable
    six, thirty = files["6-player round robin"], files["30-player round robin"]
    commands = {
        "`python -c pass`": ["-c", "pass"],
        '`python -c "import lark, attrs"`': ["-c", "import lark, attrs"],
        "`trfkit --version`": ["-c", run.CLI, "--version"],
        "`trfkit check` 6-player round robin": ["-c", run.CLI, "check", str(six)],
        "`trfkit check` 30-player round robin": ["-c", run.CLI, "check", str(thirty)],
    }
    found: dict[str, dict[bool, int | str]] = {}
    for name, arguments in commands.items():
        found[name] = {}
        for no_site in (False, True):
            argv = [py, "-S", *arguments] if no_site else [py, *arguments]
            print(f"instructions: {name}{' (python -S)' if no_site else ''}", file=sys.stderr)
            try:
                found[name][no_site] = callgrind(argv, False, timeout, no_site)[0]
            except Failed as exc:
                found[name][no_site] = str(exc)
    rows = []
    for name, counts in found.items():
        row = [name]
        for no_site in (False, True):
            count = counts[no_site]
            base = found["`python -c pass`"][no_site]
            lark = found['`python -c "import lark, attrs"`'][no_site]
            if isinstance(count, str):
                row += [count, "", ""]
                continue
            row.append(mega(count))
            row.append(f"{count / base:.2f}×" if isinstance(base, int) else "–")
            row.append(f"{count / lark:.2f}×" if isinstance(lark, int) else "–")
        rows.append(row)
    return run.table(["process", "instructions", "vs `python -c pass`", "vs `import lark, attrs`",
                      "with `python -S`", "vs `python -S -c pass`",
                      "vs `python -S -c \"import lark, attrs\"`"], rows)  # fmt: skip


def _native(argv: Sequence[str], limit: float) -> float | None:
    """Wall seconds of *argv* without valgrind, or None past *limit*."""
    start = time.perf_counter()
    try:
        subprocess.run(argv, env=_env(), capture_output=True, timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start


def parse(
    inputs: list[run.Input], small: Path, readers: Sequence[str], timeout: float,
    native_limit: float,
) -> str:  # fmt: skip
    rows = []
    script = _READ.format(here=str(HERE), key="trfkit", small=str(small), path=str(small),
                          times=1, body="None")  # fmt: skip
    print("instructions: the empty window", file=sys.stderr)
    empty = callgrind([sys.executable, "-c", script], True, timeout)[0]
    for item in inputs:
        counts: dict[str, list[int] | str] = {}
        for key in readers:
            print(f"instructions: parse {item.label}, {key}", file=sys.stderr)
            script = _READ.format(here=str(HERE), key=key, small=str(small), path=str(item.path),
                                  times=2, body="read(data)")  # fmt: skip
            argv = [sys.executable, "-c", script]
            if key == "gacrux":
                native = _native(argv, native_limit)
                if native is None:
                    counts[key] = f"not counted: over {native_limit:.0f} s without valgrind"
                    continue
            try:
                counts[key] = callgrind(argv, True, timeout)
            except Failed as exc:
                counts[key] = str(exc)
        mine = counts.get("trfkit")
        row = [item.label]
        if isinstance(mine, list):
            row += [mega(mine[0]), mega(mine[1]) if len(mine) > 1 else "–"]
        else:
            row += [str(mine), ""]
        for key in readers:
            if key == "trfkit":
                continue
            theirs = counts[key]
            if isinstance(theirs, str):
                row.append(theirs)
            elif isinstance(mine, list):
                row.append(f"{mega(theirs[0])}, {theirs[0] / mine[0]:.2f}")
            else:
                row.append(mega(theirs[0]))
        rows.append(row)
    labels = {"minimal": "fixed-column", "caissify": "caissify-pairings", "gacrux": "gacrux"}
    header = ["input", "trfkit, first read", "trfkit, re-read"]
    header += [f"{labels.get(k, k)}, first read (÷ trfkit)" for k in readers if k != "trfkit"]
    return run.table(header, rows) + (
        f"\n\nThe window's own cost (nothing read): {empty:,} instructions, left in. "
        "(÷ trfkit): the reader's instructions divided by trfkit's first read; above 1, "
        "trfkit executes fewer. The re-read is the same bytes read again in the same "
        "process, as the tables before issue 31 timed."
    )


def typical(folder: Path, timeout: float) -> str:
    batch = folder / "batch130"
    paths = [str(batch / f"event{i:05d}.trf") for i in range(130)]
    rows = []
    for name, body in (("full check (`check_bytes`)", "check_bytes(path, data, request)"),
                       ("parse (`trfkit.parse`)", "parse(data)")):  # fmt: skip
        print(f"instructions: typical files, {name}", file=sys.stderr)
        script = _TYPICAL.format(paths=paths, body=body)
        try:
            count = callgrind([sys.executable, "-c", script], True, timeout)[0]
            rows.append([name, mega(count / 100)])
        except Failed as exc:
            rows.append([name, str(exc)])
    return run.table(["per typical file, warm process", "instructions"], rows) + (
        "\n\nMean of files 30-129 of the generated batch, checked (or parsed) one after "
        "the other in one process after files 0-29 were checked."
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sections", default="startup,parse,typical")
    parser.add_argument("--only", default="", help="comma-separated input keys for parse")
    parser.add_argument("--readers", default=",".join(READERS))
    parser.add_argument("--inputs", type=Path,
                        default=Path(tempfile.gettempdir()) / "trfkit-bench-inputs")  # fmt: skip
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds one run under callgrind may take")  # fmt: skip
    parser.add_argument("--native-limit", type=float, default=2.0,
                        help="gacrux is counted only where it reads in this many seconds "
                        "without valgrind")  # fmt: skip
    parser.add_argument("--markdown", type=Path, help="also write the tables to this file")
    args = parser.parse_args(argv)
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    readers = [k.strip() for k in args.readers.split(",") if k.strip()]
    inputs, _, small = run.prepare_inputs(args.inputs, 130 if "typical" in sections else 0)
    only = {k.strip() for k in args.only.split(",") if k.strip()}
    chosen = [item for item in inputs if not only or item.key in only]
    started = time.perf_counter()
    parts = ["## trfkit instruction counts\n\n" + run.machine()
             + f"\n- valgrind: `{shlex.join([VALGRIND, '--version'])}` → "
             + subprocess.run([VALGRIND, "--version"], capture_output=True, text=True,
                              check=False).stdout.strip()]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        if "startup" in sections:
            parts.append("### Start-up: whole processes\n\n"
                         + startup(inputs, small, Path(tmp), args.timeout))  # fmt: skip
        if "parse" in sections:
            table = parse(chosen, small, readers, args.timeout, args.native_limit)
            parts.append("### Parse: first read after start-up\n\n" + table)
        if "typical" in sections:
            folder = args.inputs / f"v{run.GENERATOR_VERSION}"
            parts.append("### A typical file in a warm process\n\n"
                         + typical(folder, args.timeout))  # fmt: skip
    parts.append(f"The counts took {(time.perf_counter() - started) / 60:.1f} min; git at the "
                 f"end: {run.git_state()}.")
    text = "\n\n".join(parts)
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
