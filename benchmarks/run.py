"""trfkit's benchmark suite: speed and scale, measured side by side with the peers.

Usage::

    python benchmarks/run.py [--quick] [--sections parse,check,batch,startup,memory]
                             [--profile] [--inputs DIR] [--markdown FILE] [--only KEYS]
                             [--runs N] [--gacrux-budget SECONDS]
    python benchmarks/run.py --instructions [-- OPTIONS]   # benchmarks/instructions.py

It generates its own inputs (kept in ``--inputs``, by default a folder under the
system's temporary folder, and reused while the generator is unchanged):

- Swiss events of 200, 1,000, 2,500 and 5,000 players × 11 rounds;
- Berger round robins of 10, 30 and 100 players, single and double;
- a batch of 10,000 typical files (1,000 with ``--quick``);
- a 6-player round robin for the start-up times.

Rank columns are filled from trfkit's own standings, so the files are as
consistent as a real report and a check has nothing to print.

**Every parse and check figure is a first read** (issue 31): the bytes are new to
the process that reads them, as a user's file is. trfkit keeps cross-file caches
keyed by text (the transformer's start ranks, ratings, points, ranks and round
blocks, the line lexer's per-key answers), so a re-read of the same bytes is
cheaper than a first read, while the peers keep none. Each repetition therefore
runs in a fresh worker process that first reads (or checks) the 6-player
start-up file twice, so the parser is built and the code is warm, and then
reads a fresh variant of the input (``fresh.py``: every name tagged with the
repetition's number, every rating raised by a few points; the same event) once
with each reader, the readers in turn, the order rotating with the repetition.
The tables give the median of the repetitions' CPU times (``time.process_time``:
unlike wall time, it does not grow when other programs share the machine).
After its first read, each reader reads the same bytes again in the same
process: the "re-read" column, the measure of the tables before issue 31.
Batch and start-up times are wall times of whole ``trfkit`` processes
(hyperfine when it is installed); every process reads each file once.

The peers (``trf``, ``caissify-pairings``, ``gacrux``) are optional: ``tox -e
bench`` installs them. A peer that is missing or fails on an input is shown as
failing, with the reason. gacrux, quadratic in the players, is read in every
repetition only while that fits in ``--gacrux-budget`` seconds per input, else
once, and stopped at the budget (wall time; shown as cut off).

Instruction counts (callgrind) are ``benchmarks/instructions.py``'s.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fresh  # noqa: E402
import generate  # noqa: E402
import peers  # noqa: E402

try:
    import trfkit
except ImportError:  # a source checkout without an install
    sys.path.insert(1, str(HERE.parent))
    import trfkit

TRFKIT_ROOT = Path(trfkit.__file__).resolve().parent.parent
GENERATOR_VERSION = "5"
"""Bump when generate.py changes: cached inputs of another version are made again."""
CLI = "import sys; from trfkit.cli import entry; sys.argv[0] = 'trfkit'; entry()"
"""What the ``trfkit`` console script runs (without pip's wrapper and its ``re`` import)."""
BIG_LIMITS = {"max_rounds": 1000}
"""The 100-player double round robin has 198 rounds, more than the default limit of 99."""


# --- inputs ---------------------------------------------------------------------------------


@dataclass
class Input:
    """One generated benchmark file."""

    key: str
    label: str
    path: Path
    players: int
    rounds: int

    @property
    def size(self) -> int:
        return self.path.stat().st_size


def _fill_ranks(text: str) -> str:
    """Write trfkit's recomputed ranks into columns 86-89 (a report's own ranks agree)."""
    from trfkit.compute.standings import compute_standings
    from trfkit.limits import Limits

    try:
        tournament = trfkit.parse(text, limits=Limits(**BIG_LIMITS)).tournament
        ranks = {row.start_rank: row.rank for row in compute_standings(tournament).rows}
    except Exception as exc:  # the generator's own ranks (by points) stay
        print(f"  (ranks not filled: {type(exc).__name__}: {exc})", file=sys.stderr)
        return text
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            rank = ranks.get(int(line[4:8]))
            line = line[:85] + (f"{rank:4d}" if rank else "    ") + line[89:]
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _write(path: Path, make: Callable[[], str]) -> None:
    if not path.exists():
        path.write_text(_fill_ranks(make()), encoding="utf-8")


def _batch_file(item: tuple[str, int]) -> None:
    folder, index = item
    _write(Path(folder) / f"event{index:05d}.trf", lambda: generate.typical(index))


def prepare_inputs(folder: Path, batch: int) -> tuple[list[Input], Path, Path]:
    """The single inputs, the batch folder (``batch`` files) and the small start-up file."""
    folder = folder / f"v{GENERATOR_VERSION}"
    folder.mkdir(parents=True, exist_ok=True)
    inputs: list[Input] = []
    for n in (200, 1000, 2500, 5000):
        path = folder / f"swiss{n}x11.trf"
        _write(path, lambda n=n: generate.swiss(n, 11))  # type: ignore[misc]
        inputs.append(Input(f"swiss{n}", f"Swiss {n:,} × 11", path, n, 11))
    path = folder / "swiss5000x11-two-letter-titles.trf"
    _write(path, lambda: generate.swiss(5000, 11, titles=("GM", "IM", "FM", "CM")))
    inputs.append(Input("swiss5000-2t", "Swiss 5,000 × 11, two-letter titles", path, 5000, 11))
    for n in (10, 30, 100):
        for double in (False, True):
            kind = "double" if double else "single"
            path = folder / f"rr{n}-{kind}.trf"
            _write(path, lambda n=n, d=double: generate.round_robin(n, d))  # type: ignore[misc]
            rounds = (n - 1 + n % 2) * (2 if double else 1)
            inputs.append(Input(f"rr{n}-{kind}", f"RR {n}, {kind}", path, n, rounds))
    small = folder / "rr6-single.trf"
    _write(small, lambda: generate.round_robin(6))
    batch_folder = folder / f"batch{batch}"
    batch_folder.mkdir(exist_ok=True)
    missing = [
        (str(batch_folder), i)
        for i in range(batch)
        if not (batch_folder / f"event{i:05d}.trf").exists()
    ]
    if missing:
        print(f"generating {len(missing):,} batch files in {batch_folder} …", file=sys.stderr)
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
            for _ in pool.imap_unordered(_batch_file, missing, chunksize=16):
                pass
    return inputs, batch_folder, small


# --- workers (fresh processes) --------------------------------------------------------------


class _CutOff(BaseException):
    """A reading stopped at its time limit (a BaseException: a reader's ``except Exception``
    must not swallow it, as gacrux's per-line handler would)."""


@contextlib.contextmanager
def _cut_off(seconds: float | None) -> Iterator[None]:
    """Stop what runs inside after *seconds* of wall time (SIGALRM).

    Wall time, not CPU time: a CPU-time timer (``ITIMER_PROF``) makes Linux read the
    process's CPU clock from its group timer, which advances only at scheduler ticks,
    and ``time.process_time`` then measures a short reading as 0.
    """
    if not seconds:
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise _CutOff

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _error(exc: BaseException) -> str:
    if isinstance(exc, ImportError):
        return f"not installed ({exc.name or exc})"
    text = str(exc).splitlines()[0] if str(exc) else ""
    text = text[:60] + " …" if len(text) > 60 else text
    return f"{type(exc).__name__}: {text}"


def _first_reads(task: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """One repetition of the parse table: first reads of a fresh variant, then re-reads.

    Run in a process of its own. Every reader is made and reads the small
    6-player start-up file twice (the parser is built, lazy imports and regular
    expressions are done, the code is warm); then each reads variant
    ``task["index"]`` of the input (:func:`fresh.variant`), bytes this process
    has not read before, once, in an order that rotates with the index, after
    a collection of the garbage before: its **first read**. Only then does each
    reader read the same bytes again: one untimed reading, then
    ``task["rereads"]`` timed runs, each the mean of back-to-back readings that
    take about 5 ms (at least one): the **re-read**, the figure of the tables
    before issue 31. A reader listed in ``task["limits"]`` is stopped after that
    many seconds of wall time (its first read is then "cut off"), and one whose
    first read took longer than ``task["reread_limit"]`` seconds is not re-read.
    """
    import gc

    keys = task["readers"]
    warm = Path(task["small"]).read_bytes()
    data = fresh.variant(Path(task["file"]).read_bytes(), task["index"])
    limits: dict[str, float] = task.get("limits", {})
    found: dict[str, dict[str, Any]] = {}
    readers: dict[str, Callable[[bytes], Any]] = {}
    for key in keys:
        found[key] = {"first": None, "reread": [], "shape": None, "error": None, "cut": None}
        try:
            read = peers.READERS[key][1]()
        except Exception as exc:
            found[key]["error"] = _error(exc)
            continue
        for _ in range(2):
            with contextlib.suppress(Exception):  # (trf reads no one-letter title: warm anyway)
                read(warm)
        readers[key] = read
    order = list(readers)
    shift = task["index"] % max(len(order), 1)
    order = order[shift:] + order[:shift]
    for key in order:
        gc.collect()
        try:
            with _cut_off(limits.get(key)):
                start = time.process_time()
                value = readers[key](data)
                spent = time.process_time() - start
        except _CutOff:
            found[key]["cut"] = limits[key]
            continue
        except Exception as exc:
            found[key]["error"] = _error(exc)
            continue
        found[key]["first"] = spent
        try:
            found[key]["shape"] = list(fresh.shape(key, value))
        except Exception as exc:
            found[key]["shape"] = _error(exc)
        del value
    again = [
        key for key in order
        if found[key]["first"] is not None and found[key]["first"] <= task["reread_limit"]
    ]  # fmt: skip
    repeat: dict[str, int] = {}
    for key in again:  # the untimed re-read sizes the back-to-back loop
        start = time.process_time()
        readers[key](data)
        repeat[key] = max(1, min(50, int(0.005 / max(time.process_time() - start, 1e-6))))
    for run in range(task["rereads"]):
        turn = run % max(len(again), 1)
        for key in again[turn:] + again[:turn]:
            read, count = readers[key], repeat[key]
            gc.collect()
            start = time.process_time()
            for _ in range(count):
                read(data)
            found[key]["reread"].append((time.process_time() - start) / count)
    return found


def _first_check(task: dict[str, Any]) -> dict[str, Any]:
    """One repetition of the check table, in a process of its own.

    A full check of the small 6-player start-up file, twice (imports, the
    parser, the checks' own tables), then one full check of variant
    ``task["index"]`` of the input (:func:`fresh.variant`), bytes this process
    has not read before: the **first check**; then ``task["rechecks"]`` checks
    of the same bytes again: the **re-check** (the figure before issue 31).
    With ``task["input_findings"]``, the input itself is checked last (untimed),
    to show that the variant finds what the input finds.
    """
    import gc

    from trfkit.audit import CheckRequest, check_bytes
    from trfkit.limits import Limits

    request = CheckRequest(limits=Limits(**BIG_LIMITS))
    warm = Path(task["small"]).read_bytes()
    for _ in range(2):
        check_bytes("<small>", warm, request)
    base = Path(task["file"]).read_bytes()
    data = fresh.variant(base, task["index"])
    out: dict[str, Any] = {"rechecks": []}
    gc.collect()
    start = time.process_time()
    report = check_bytes(task["file"], data, request)
    out["first"] = time.process_time() - start
    out["findings"] = sorted({d.code for d in report.diagnostics if d.severity >= 1})
    del report
    for _ in range(task["rechecks"]):
        gc.collect()
        start = time.process_time()
        check_bytes(task["file"], data, request)
        out["rechecks"].append(time.process_time() - start)
    if task.get("input_findings"):
        report = check_bytes(task["file"], base, request)
        out["input_findings"] = sorted({d.code for d in report.diagnostics if d.severity >= 1})
    return out


def _peak_rss() -> float:
    """The process's peak resident memory in MB.

    ``VmHWM`` of /proc/self/status where there is one: ``ru_maxrss`` would start
    from the benchmark's own size, since Linux keeps it across fork and exec.
    """
    try:
        for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker(task: dict[str, Any]) -> dict[str, Any]:
    """Run one measurement (in a fresh process) and describe it as JSON."""
    out: dict[str, Any] = {"error": None}
    try:
        if task["task"] == "parse-first":
            out["readers"] = _first_reads(task)
        elif task["task"] == "check-first":
            out.update(_first_check(task))
        elif task["task"] == "memory":
            from trfkit.audit import CheckRequest, check_bytes
            from trfkit.limits import Limits

            request = CheckRequest(limits=Limits(**BIG_LIMITS))
            check_bytes("<small>", Path(task["small"]).read_bytes(), request)
            base = _peak_rss()
            report = check_bytes(task["file"], Path(task["file"]).read_bytes(), request)
            out["base_mb"], out["peak_mb"] = base, _peak_rss()
            out["findings"] = len(report.diagnostics)
        elif task["task"] == "profile":
            out["parts"] = _profile(task)
    except ImportError as exc:
        out["error"] = f"not installed ({exc.name or exc})"
    except Exception as exc:
        out["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"
    return out


def _env() -> dict[str, str]:
    """The environment of every measured process: this trfkit first on the path, and
    byte-code caching on (a source checkout run with PYTHONDONTWRITEBYTECODE would
    otherwise compile every module at every start, as no installed copy does)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    parts = [str(TRFKIT_ROOT), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in parts if p)
    return env


def run_worker(task: dict[str, Any], timeout: float) -> dict[str, Any]:
    """Run :func:`worker` in a new interpreter; a time-out or a crash is an error."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(task)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, env=_env(), check=False
        )
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {timeout:.0f} s"}
    if done.returncode != 0 or not done.stdout.strip():
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"worker failed: {tail[:120]}"}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# --- formatting ----------------------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ms(seconds: float) -> str:
    if seconds != seconds:  # NaN
        return "–"
    if seconds >= 10:
        return f"{seconds:,.1f} s"
    return f"{seconds * 1000:,.1f} ms" if seconds < 1 else f"{seconds:,.2f} s"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


@dataclass
class Report:
    """The Markdown output, section by section, plus the targets table."""

    parts: list[str] = field(default_factory=list)
    targets: list[tuple[str, str, str, str]] = field(default_factory=list)

    def section(self, title: str, body: str) -> None:
        self.parts.append(f"### {title}\n\n{body}\n")
        print(f"\n### {title}\n\n{body}\n", file=sys.stderr)

    def target(self, name: str, goal: str, measured: str, met: bool | None) -> None:
        verdict = "–" if met is None else ("met" if met else "**missed**")
        self.targets.append((name, goal, measured, verdict))


def git_state() -> str:
    """The measured checkout's commit, and how many files of trfkit and its grammar differ
    from it (others may be changing the working tree while the benchmark runs)."""
    commit = changed = ""
    with contextlib.suppress(OSError):
        commit = subprocess.run(
            ["git", "-C", str(TRFKIT_ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(TRFKIT_ROOT), "status", "--porcelain", "--", "trfkit", "grammars"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    if commit and changed:
        return f"{commit}, with uncommitted changes to {len(changed.splitlines())} files"
    return commit


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal"):
                memory = f", {int(line.split()[1]) / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError):
        pass
    import attrs
    import lark

    commit = git_state()
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"- CPU: {cpu}, {os.cpu_count()} cores{memory}\n"
        f"- Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.platform()}\n"
        f"- trfkit {trfkit.__version__}{f' (git {commit})' if commit else ''}, "
        f"lark {lark.__version__}, attrs {attrs.__version__}\n"
        f"- peers: trf {peers.version('trf')}, caissify-pairings {peers.version('caissify')}, "
        f"gacrux {peers.version('gacrux')}\n"
        f"- load average at the start (1 / 5 / 15 min): {load}\n"
        f"- date: {time.strftime('%Y-%m-%d %H:%M %Z')}"
    )


# --- sections -------------------------------------------------------------------------------


def _fields_agree(item: Input) -> str:
    """Check that trfkit and the minimal reader read the same player fields."""
    import minimal

    from trfkit.limits import Limits

    data = item.path.read_bytes()
    _, rows = minimal.read(data)
    result = trfkit.parse(data, limits=Limits(**BIG_LIMITS))
    for row, p in zip(rows, result.tournament.players, strict=True):
        mine = (
            p.start_rank,
            p.sex.value if p.sex else "",
            p.title.value if p.title else "",
            p.name,
            p.rating,
            p.federation,
            p.fide_id,
            p.birth_date,
            p.points,
            p.rank,
        )
        if mine != row[:10]:
            return f"differ at player {p.start_rank}"
        theirs = [r for r in row[10]]
        while theirs and theirs[-1] == (None, None, None):
            theirs.pop()
        blocks = [
            (b.opponent, b.colour.name.lower() if b.colour.value != "-" else None,
             b.result.value if b.result else None)
            for b in p.rounds
        ]  # fmt: skip
        if blocks != theirs:
            return f"round blocks differ at player {p.start_rank}"
    return "agree"


def _parse_runs(
    inputs: Sequence[Input], small: Path, runs: int, gacrux_budget: float
) -> dict[str, dict[str, dict[str, Any]]]:
    """Every input's repetitions, input after input within a repetition (one process each).

    gacrux, whose reading grows with the square of the players, is read in every
    repetition only while its first reading times the repetitions stays within
    *gacrux_budget* seconds; otherwise only in the first, stopped after that many
    seconds of wall time (then shown as cut off).
    """
    keys = ["trfkit", "minimal", "minimal-nogc", "caissify", "gacrux", "trf"]
    found: dict[str, dict[str, dict[str, Any]]] = {
        item.key: {
            k: {"first": [], "reread": [], "shapes": set(), "error": None, "cut": None}
            for k in keys
        }
        for item in inputs
    }
    for run in range(runs):
        for item in inputs:
            print(f"parse: {item.label}, repetition {run + 1} of {runs}", file=sys.stderr)
            mine = found[item.key]
            g = mine["gacrux"]
            again = bool(g["first"]) and not g["cut"] and g["first"][0] * runs <= gacrux_budget
            readers = [k for k in keys if k != "gacrux" or run == 0 or again]
            task = {"task": "parse-first", "readers": readers, "file": str(item.path),
                    "small": str(small), "index": run + 1, "rereads": 3, "reread_limit": 2.0,
                    "limits": {"gacrux": gacrux_budget}}  # fmt: skip
            done = run_worker(task, timeout=gacrux_budget * 2 + 300)
            for key in readers:
                r = (done.get("readers") or {}).get(key) or {"error": done["error"]}
                if r.get("error"):
                    mine[key]["error"] = mine[key]["error"] or r["error"]
                    continue
                if r.get("cut"):
                    mine[key]["cut"] = r["cut"]
                    continue
                mine[key]["first"].append(r["first"])
                mine[key]["reread"].extend(r["reread"])
                mine[key]["shapes"].add(tuple(r["shape"]) if isinstance(r["shape"], list)
                                        else r["shape"])  # fmt: skip
    return found


def parse_section(
    report: Report, inputs: list[Input], small: Path, runs: int, gacrux_budget: float
) -> None:
    found = _parse_runs(inputs, small, runs, gacrux_budget)
    rows = []
    worst_vs_limit = worst_vs_caissify = float("inf")
    notes: list[str] = []

    def best(key: str, kind: str) -> float:  # the fixed-column reference: GC as is or paused
        return min(median(found[key][k][kind]) for k in ("minimal", "minimal-nogc"))

    for item in inputs:
        mine = found[item.key]
        mb = item.size / 1e6
        first, again = median(mine["trfkit"]["first"]), median(mine["trfkit"]["reread"])
        limit, limit_again = best(item.key, "first"), best(item.key, "reread")
        share, share_again = limit / first, limit_again / again
        worst_vs_limit = min(worst_vs_limit, share)
        cells = [item.label, f"{mb:.2f}", f"{mb / first:.1f}", f"{mb / again:.1f}",
                 f"{mb / limit:.1f}", f"{share:.2f}", f"{share_again:.2f}"]  # fmt: skip
        for key in ("caissify", "gacrux", "trf"):
            r = mine[key]
            if r["cut"] and not r["first"]:
                cut = r["cut"]
                cells.append(f"over {cut:.0f} s (cut off), trfkit > {cut / first:,.0f}×")
            elif not r["first"]:
                cells.append(f"fails: {r['error']}")
            else:
                theirs = median(r["first"])
                one = " (one run)" if len(r["first"]) == 1 and runs > 1 else ""
                cells.append(f"{mb / theirs:.1f} MB/s, trfkit {theirs / first:.2f}×{one}")
                if key == "caissify":
                    worst_vs_caissify = min(worst_vs_caissify, theirs / first)
            if key == "caissify":
                cells.append(f"trfkit {median(r['reread']) / again:.2f}×" if r["reread"] else "–")
        rows.append(cells)
        expected = (item.players, item.rounds)
        for key, r in mine.items():
            odd = sorted(str(s) for s in r["shapes"] if s != expected)
            if odd:
                notes.append(f"{item.label}: {key} read {', '.join(odd)} (players, rounds), "
                             f"not {expected}")  # fmt: skip
        agree = _fields_agree(item)
        if agree != "agree":
            notes.append(f"{item.label}: trfkit and the fixed-column reader {agree}")
    header = ["input", "MB", "trfkit MB/s", "trfkit MB/s, re-read", "fixed-column MB/s",
              "trfkit / fixed-column", "re-read", peers.READERS["caissify"][0], "re-read",
              peers.READERS["gacrux"][0], peers.READERS["trf"][0]]  # fmt: skip
    body = table(header, rows)
    body += (
        f"\n\nFirst reads, by CPU time: each of {runs} repetitions runs in a process of its "
        "own, in which every reader first reads the 6-player start-up file twice (the parser "
        "built, the code warm) and then reads a fresh variant of the input (`fresh.py`: every "
        "player's name tagged with the repetition's number and every rating raised by a few "
        "points), bytes that process has not read before, once, the readers in turn (the "
        "order rotating from one repetition to the next); the table gives the median. "
        "\"re-read\": the same bytes read again after that, in the same process, each run "
        "the mean of back-to-back readings of about 5 ms (3 runs a repetition), as the tables "
        "before issue 31 measured; trfkit keeps cross-file caches keyed by text, the other "
        "readers none. The fixed-column reader is measured with the garbage collector as it "
        "is and paused; the faster is the reference. A peer cell gives its throughput and "
        "how many times faster trfkit is (above 1: trfkit is faster). gacrux reads in every "
        f"repetition while that fits in {gacrux_budget:.0f} s, else once, stopped after "
        f"{gacrux_budget:.0f} s of wall time."
    )
    expected_ok = not any("read (" in n for n in notes)
    if expected_ok:
        body += (" Every reader that reads an input read every variant with the input's number "
                 "of players and rounds.")  # fmt: skip
    if notes:
        body += "\n\n" + "\n".join(f"- {n}" for n in notes)
    else:
        body += " trfkit and the fixed-column reader read the same player fields."
    report.section("Parse throughput: first reads", body)
    report.target("parse vs fixed-column reader, first reads",
                  "≥ 0.50 of its throughput on every input", f"worst input {worst_vs_limit:.2f}",
                  worst_vs_limit >= 0.5)  # fmt: skip
    if worst_vs_caissify != float("inf"):
        report.target("parse vs caissify-pairings, first reads", "≥ 1.0× on every input",
                      f"worst input {worst_vs_caissify:.2f}×",
                      worst_vs_caissify >= 1.0)  # fmt: skip


def check_section(report: Report, inputs: list[Input], small: Path, runs: int) -> None:
    rows = []
    items = [item for item in inputs if item.key != "swiss5000-2t"]
    firsts: dict[str, list[float]] = {item.key: [] for item in items}
    again: dict[str, list[float]] = {item.key: [] for item in items}
    findings: dict[str, set[tuple[str, ...]]] = {item.key: set() for item in items}
    given: dict[str, tuple[str, ...]] = {}
    errors: dict[str, str] = {}
    for run in range(runs):
        for item in items:
            print(f"check: {item.label}, repetition {run + 1} of {runs}", file=sys.stderr)
            task = {"task": "check-first", "file": str(item.path), "small": str(small),
                    "index": run + 1, "rechecks": 2, "input_findings": run == 0}  # fmt: skip
            r = run_worker(task, timeout=600)
            if r["error"]:
                errors[item.key] = r["error"]
                continue
            firsts[item.key].append(r["first"])
            again[item.key].extend(r["rechecks"])
            findings[item.key].add(tuple(r["findings"]))
            if "input_findings" in r:
                given[item.key] = tuple(r["input_findings"])
    times = {key: median(t) for key, t in firsts.items() if t}
    notes = []
    for item in items:
        if item.key in errors and item.key not in times:
            rows.append([item.label, f"fails: {errors[item.key]}", "", "", ""])
            continue
        t = times[item.key]
        per_block = t / max(item.players * item.rounds, 1) * 1e6
        seen = findings[item.key]
        shown = ", ".join(sorted({c for f in seen for c in f})) or "none"
        if item.key in given and seen != {given[item.key]}:
            notes.append(f"{item.label}: the variants find {sorted(seen)}, the input "
                         f"{list(given[item.key])}")  # fmt: skip
        rows.append([item.label, ms(t), ms(median(again[item.key])), f"{per_block:.1f} µs", shown])
    body = table(["input", "full check, first read", "re-check (re-read)", "per round block",
                  "warnings and errors"], rows)  # fmt: skip
    body += (
        f"\n\nA full check is what `trfkit check FILE` does in-process: read the file, run "
        "every check (structure, lint, round-robin schedule, points, all tie-breaks of "
        f"record 202, standings and ranks). Each of the {runs} repetitions runs in a process "
        "of its own: two checks of the 6-player start-up file, then one check of a fresh "
        "variant of the input (bytes the process has not read before; median in the table), "
        "then two re-checks of the same bytes (\"re-check\", the measure of the tables before "
        "issue 31). CPU time."
    )
    body += (" The variants find what the input finds." if not notes
             else "\n\n" + "\n".join(f"- {n}" for n in notes))  # fmt: skip
    growth = []
    for lo, hi in (("swiss200", "swiss1000"), ("swiss1000", "swiss5000"),
                   ("swiss2500", "swiss5000")):  # fmt: skip
        if lo in times and hi in times:
            n_small, n_big = int(lo.removeprefix("swiss")), int(hi.removeprefix("swiss"))
            ratio = times[hi] / times[lo]
            per_doubling = ratio ** (1 / math.log2(n_big / n_small))
            growth.append(f"- {n_small:,} → {n_big:,} players: {ratio:.2f}× the time, "
                          f"{per_doubling:.2f}× per doubling")  # fmt: skip
    pair = None
    if firsts.get("swiss2500") and len(firsts["swiss2500"]) == len(firsts.get("swiss5000", [])):
        pair = median([b / a for a, b in zip(firsts["swiss2500"], firsts["swiss5000"],
                                             strict=True)])  # fmt: skip
        growth.append(f"- 2,500 → 5,000 players, median of the {runs} ratios of the two "
                      f"first checks of a repetition (made one after the other): {pair:.2f}×")
    if growth:
        body += "\n\nGrowth with the number of players (first checks):\n" + "\n".join(growth)
    report.section("Full check: first reads", body)
    if "swiss5000" in times:
        report.target("full check, Swiss 5,000 × 11, first read", "< 1 s",
                      ms(times["swiss5000"]), times["swiss5000"] < 1)  # fmt: skip
    if pair is not None:
        report.target("doubling the players (2,500 → 5,000), first checks",
                      "≤ 2.2× the time", f"{pair:.2f}×", pair <= 2.2)  # fmt: skip
    if "rr100-double" in times:
        t = times["rr100-double"]
        report.target("double round robin of 100, full check, first read", "< 0.5 s", ms(t),
                      t < 0.5)  # fmt: skip


def _cli(*arguments: str) -> list[str]:
    return [sys.executable, "-c", CLI, *arguments]


def batch_section(report: Report, folder: Path, count: int, runs: int) -> None:
    rows = []
    rates: dict[int, float] = {}
    for jobs in (1, 2):
        print(f"batch: --jobs {jobs}", file=sys.stderr)
        command = _cli("check", str(folder), "--jobs", str(jobs), "--no-progress")
        walls = []
        cpus = []
        for attempt in range(runs + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  env=_env(), check=False)  # fmt: skip
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode not in (0, 1):
                rows.append([f"--jobs {jobs}", f"fails: exit {done.returncode}", "", "", ""])
                break
            if attempt:  # the first run warms the file cache
                walls.append(wall)
                cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        else:
            t = median(walls)
            rates[jobs] = count / t
            per_file = f"{t / count * 1000:.2f} ms"
            cpu = f"{median(cpus) / count * 1000:.2f} ms"
            rows.append([f"--jobs {jobs}", ms(t), f"{count / t:,.0f}", per_file, cpu])
    body = table(["command", "wall time", "files per second", "per file", "CPU per file"], rows)
    body += (
        f"\n\n`trfkit check FOLDER --jobs N --no-progress` on {count:,} typical files "
        "(Swiss events of 12-160 players and 5-9 rounds, some round robins), output "
        "discarded; median of the runs after one warm-up run. CPU per file: the user and "
        "system time of every process of the run (workers included), per file; it moves "
        "less than the wall time when other programs share the machine."
    )
    if 1 in rates and 2 in rates:
        body += f" `--jobs 2` is {rates[2] / rates[1]:.2f}× faster than `--jobs 1`."
    report.section("Batch audit", body)
    if 2 in rates:
        report.target("batch, --jobs 2", "≥ 600 files/s", f"{rates[2]:,.0f} files/s",
                      rates[2] >= 600)  # fmt: skip
    if 1 in rates and 2 in rates:
        speedup = rates[2] / rates[1]
        report.target("batch, --jobs 2 vs --jobs 1", "≥ 1.7×", f"{speedup:.2f}×",
                      speedup >= 1.7)  # fmt: skip


def _hyperfine(commands: dict[str, list[str]], runs: int) -> dict[str, float] | None:
    exe = shutil.which("hyperfine")
    if exe is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "h.json"
        argv = [exe, "-N", "--warmup", "3", "--runs", str(runs), "--export-json", str(out),
                "--style", "none"]  # fmt: skip
        for name, command in commands.items():
            argv += ["-n", name, shlex.join(command)]
        done = subprocess.run(argv, capture_output=True, text=True, env=_env(), check=False)
        if done.returncode != 0:
            return None
        data = json.loads(out.read_text(encoding="utf-8"))
    return {r["command"]: r["median"] for r in data["results"]}


def _loop(commands: dict[str, list[str]], runs: int) -> dict[str, float]:
    walls: dict[str, list[float]] = {name: [] for name in commands}
    for attempt in range(runs + 3):
        for name, command in commands.items():  # interleaved, so load changes hit all alike
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=_env(), check=False)  # fmt: skip
            if attempt >= 3:
                walls[name].append(time.perf_counter() - start)
    return {name: median(values) for name, values in walls.items()}


def _imports(*arguments: str) -> list[str]:
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", CLI, *arguments],
                          capture_output=True, text=True, env=_env(), check=False)  # fmt: skip
    names = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line]
    return [n for n in names if n.startswith(("trfkit.trf.reader", "lark"))]


def startup_section(report: Report, small: Path, runs: int) -> None:
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        'python -c "import lark, attrs"': [sys.executable, "-c", "import lark, attrs"],
        "trfkit --version": _cli("--version"),
        "trfkit --help": _cli("--help"),
        "trfkit check small.trf": _cli("check", str(small)),
    }
    print("start-up", file=sys.stderr)
    found = _hyperfine(commands, runs)
    how = "hyperfine (median)"
    if found is None:
        found = _loop(commands, runs)
        how = "median of interleaved runs"
    base, lark_attrs = found["python -c pass"], found['python -c "import lark, attrs"']
    rows = []
    for name, t in found.items():
        rows.append([f"`{name}`", ms(t), f"{t / base:.2f}×", f"{t / lark_attrs:.2f}×"])
    body = table(["command", "wall time", "vs python -c pass", "vs import lark, attrs"], rows)
    parser_version = _imports("--version")
    parser_help = _imports("--help")
    body += (
        f"\n\n{how} of {runs} runs after 3 warm-up runs; `trfkit` stands for "
        f"`python -c \"{CLI}\"`, what the console script runs. small.trf is a 6-player "
        "round robin. `--version` imports the parser: "
        f"{'yes (' + ', '.join(parser_version[:3]) + ')' if parser_version else 'no'}; "
        f"`--help`: {'yes' if parser_help else 'no'}."
    )
    report.section("Start-up", body)
    check = found["trfkit check small.trf"] / lark_attrs
    version = found["trfkit --version"] / base
    report.target("start-up, `trfkit check small.trf`", "≤ 1.25× `import lark, attrs`",
                  f"{check:.2f}×", check <= 1.25)  # fmt: skip
    report.target("start-up, `trfkit --version`", "≤ 1.5× `python -c pass`",
                  f"{version:.2f}×", version <= 1.5)  # fmt: skip
    report.target("`--version` and `--help` do not import the parser", "no parser",
                  "imports it" if parser_version or parser_help else "no parser",
                  not (parser_version or parser_help))  # fmt: skip


def memory_section(report: Report, item: Input, small: Path) -> None:
    print("memory", file=sys.stderr)
    r = run_worker({"task": "memory", "file": str(item.path), "small": str(small)}, timeout=600)
    if r["error"]:
        report.section("Peak memory", f"fails: {r['error']}")
        return
    body = (
        f"Checking {item.label} ({item.size / 1e6:.1f} MB) in a fresh process: peak resident "
        f"memory {r['peak_mb']:.0f} MB, of which {r['base_mb']:.0f} MB is the interpreter "
        f"with trfkit loaded (after checking a 6-player file), so the file costs "
        f"{r['peak_mb'] - r['base_mb']:.0f} MB."
    )
    report.section("Peak memory", body)
    report.target(f"peak memory, {item.label}", "< 150 MB", f"{r['peak_mb']:.0f} MB",
                  r["peak_mb"] < 150)  # fmt: skip


def _profile(task: dict[str, Any]) -> list[str]:
    """Where a full check of a fresh variant spends its time: per check, then by function.

    In a process of its own: the start-up file checked twice, then variant 1 of the
    input read and checked step by step (first read), then variant 2 under cProfile
    (the caches then hold variant 1's start ranks, points, ranks and round blocks).
    """
    import cProfile
    import pstats

    from trfkit.api import parse
    from trfkit.audit import CheckRequest, check_bytes
    from trfkit.checks import Context, all_checks
    from trfkit.limits import Limits

    limits = Limits(**BIG_LIMITS)
    warm = Path(task["small"]).read_bytes()
    for _ in range(2):
        check_bytes("<small>", warm, CheckRequest(limits=limits))
    base = Path(task["file"]).read_bytes()
    data = fresh.variant(base, 1)
    start = time.process_time()
    result = parse(data, limits=limits)
    read = time.process_time() - start
    ctx = Context(result.tournament)
    spent = []
    for check in all_checks():
        start = time.process_time()
        for _ in check.run(ctx):
            pass
        spent.append((time.process_time() - start, check.code, check.name))
    total = read + sum(s for s, _, _ in spent)
    rows = [["reading (parse)", ms(read), f"{read / total:.0%}"]]
    rows += [[f"{code} {name}", ms(s), f"{s / total:.0%}"]
             for s, code, name in sorted(spent, reverse=True)[:8]]  # fmt: skip
    parts = [f"{task['label']}, first read (the first check to use a shared computation pays "
             "for it):\n\n" + table(["step", "CPU time", "share"], rows)]  # fmt: skip
    data = fresh.variant(base, 2)
    profiler = cProfile.Profile()
    profiler.enable()
    ctx = Context(parse(data, limits=limits).tournament)
    for check in all_checks():
        for _ in check.run(ctx):
            pass
    profiler.disable()
    stats = pstats.Stats(profiler)
    entries = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:12]  # type: ignore[attr-defined]
    whole = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
    hot = [[f"`{Path(f).name}:{line} {name}`", f"{v[2] / whole:.0%}"]
           for (f, line, name), v in entries]  # fmt: skip
    parts.append(f"{task['label']}, a second variant under cProfile, functions by own time:\n\n"
                 + table(["function", "share of own time"], hot))  # fmt: skip
    return parts


def profile_section(report: Report, inputs: list[Input], small: Path) -> None:
    """Where a full check spends its time: per check, then the hottest functions."""
    parts: list[str] = []
    for key in ("swiss5000", "rr100-double"):
        item = next(i for i in inputs if i.key == key)
        print(f"profile: {item.label}", file=sys.stderr)
        task = {"task": "profile", "file": str(item.path), "small": str(small),
                "label": item.label}  # fmt: skip
        r = run_worker(task, timeout=600)
        parts.extend(r.get("parts") or [f"{item.label}: fails: {r['error']}"])
    report.section("Profile", "\n\n".join(parts))


# --- main -----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer runs and a batch of 1,000 files (a few minutes)")  # fmt: skip
    parser.add_argument("--sections", default="parse,check,batch,startup,memory",
                        help="comma-separated: parse, check, batch, startup, memory")  # fmt: skip
    parser.add_argument("--profile", action="store_true",
                        help="also show where a full check spends its time")  # fmt: skip
    parser.add_argument("--inputs", type=Path,
                        default=Path(tempfile.gettempdir()) / "trfkit-bench-inputs",
                        help="where generated inputs are kept between runs")  # fmt: skip
    parser.add_argument("--markdown", type=Path, help="also write the report to this file")
    parser.add_argument("--only", default="",
                        help="comma-separated input keys (e.g. swiss1000,rr10-single)")  # fmt: skip
    parser.add_argument("--runs", type=int,
                        help="repetitions (processes) per input, parse and check")  # fmt: skip
    parser.add_argument("--gacrux-budget", type=float,
                        help="seconds gacrux may read an input (60, --quick 20)")  # fmt: skip
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under callgrind instead "
                        "(benchmarks/instructions.py; the options after -- go to it)")  # fmt: skip
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker))))
        return 0
    if args.instructions:
        import instructions

        return instructions.main([a for a in rest if a != "--"])
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    quick = args.quick
    runs = args.runs or (5 if quick else 9)
    check_runs = args.runs or (3 if quick else 5)
    gacrux_budget = args.gacrux_budget or (20.0 if quick else 60.0)
    count = 1000 if quick else 10_000
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    started = time.perf_counter()
    inputs, batch_folder, small = prepare_inputs(args.inputs, count if "batch" in sections else 0)
    only = {k.strip() for k in args.only.split(",") if k.strip()}
    if only:
        inputs = [item for item in inputs if item.key in only]
    report = Report()
    command = "python benchmarks/run.py" + (" --quick" if quick else "")
    report.section("Machine", machine() + f"\n- command: `{command}`")
    if "parse" in sections:
        parse_section(report, inputs, small, runs, gacrux_budget)
    if "check" in sections:
        check_section(report, inputs, small, check_runs)
    if "batch" in sections:
        batch_section(report, batch_folder, count, 1 if quick else 3)
    if "startup" in sections:
        startup_section(report, small, 10 if quick else 30)
    if "memory" in sections and any(i.key == "swiss5000" for i in inputs):
        memory_section(report, next(i for i in inputs if i.key == "swiss5000"), small)
    if args.profile:
        profile_section(report, inputs, small)
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    summary = table(["target", "goal", "measured", "verdict"], report.targets)
    summary += (
        f"\n\nLoad average at the end: {load}; the run took "
        f"{(time.perf_counter() - started) / 60:.1f} min; git at the end: {git_state()}."
    )
    text = "## trfkit benchmark\n\n" + "\n".join(report.parts) + "\n### Targets\n\n" + summary
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
