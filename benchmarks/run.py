"""trfkit's benchmark suite: speed and scale, measured side by side with the peers.

Usage::

    python benchmarks/run.py [--quick] [--sections parse,check,batch,startup,memory]
                             [--profile] [--inputs DIR] [--markdown FILE]

It generates its own inputs (kept in ``--inputs``, by default a folder under the
system's temporary folder, and reused while the generator is unchanged):

- Swiss events of 200, 1,000, 2,500 and 5,000 players × 11 rounds;
- Berger round robins of 10, 30 and 100 players, single and double;
- a batch of 10,000 typical files (1,000 with ``--quick``);
- a 6-player round robin for the start-up times.

Rank columns are filled from trfkit's own standings, so the files are as
consistent as a real report and a check has nothing to print.

Every in-process time is the CPU time (``time.process_time``) of a fresh worker
process that reads or checks one input: the first run warms up and is not
counted, the table shows the median of the rest. CPU time, unlike wall time,
does not grow when other programs share the machine. Batch and start-up times
are wall times of whole ``trfkit`` processes (hyperfine when it is installed).

The peers (``trf``, ``caissify-pairings``, ``gacrux``) are optional: ``tox -e
bench`` installs them. A peer that is missing or fails on an input is shown as
failing, with the reason.
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
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

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


def _measure(action: Callable[[], Any], runs: int, budget: float) -> tuple[list[float], bool]:
    """CPU times of *runs* calls after one warm-up; a slow first call is the only one."""
    start = time.process_time()
    action()
    first = time.process_time() - start
    if first * (runs + 1) > budget:
        return [first], True
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return times, False


def _measure_set(
    keys: Sequence[str], data: bytes, runs: int, budget: float
) -> dict[str, dict[str, Any]]:
    """CPU times of several readers on one input, interleaved run by run.

    Each reader reads twice to warm up; then every run reads with each reader in
    turn (the order rotates), after a collection of the garbage of the run
    before, so that the readers share whatever the machine is doing meanwhile
    and their ratio stays fair on a busy machine. A time is the mean of
    back-to-back readings that together take about 5 ms for the slowest reader
    (one reading from 5 ms on): throughput is what a loop of readings sustains.
    A single reading of a small file right after a collection, which walks the
    whole heap, measures how cold the processor's caches are instead, and that
    swings from run to run by more than the readers differ. Small inputs get
    more runs (up to 101, about 0.3 s for the slowest reader). A reader whose
    first reading is slower than ``budget / (runs + 1)`` keeps that one time.
    """
    import gc

    found: dict[str, dict[str, Any]] = {}
    readers: dict[str, Callable[[bytes], Any]] = {}
    for key in keys:
        result: dict[str, Any] = {"times": [], "cold": False, "error": None}
        found[key] = result
        try:
            read = peers.READERS[key][1]()
            gc.collect()
            start = time.process_time()
            read(data)
            first = time.process_time() - start
        except ImportError as exc:
            result["error"] = f"not installed ({exc.name or exc})"
            continue
        except Exception as exc:
            text = str(exc).splitlines()[0] if str(exc) else ""
            text = text[:60] + " …" if len(text) > 60 else text
            result["error"] = f"{type(exc).__name__}: {text}"
            continue
        if first * (runs + 1) > budget:
            result["times"], result["cold"] = [first], True
        else:
            readers[key] = read
            result["first"] = first
    order = list(readers)
    for key in order:  # a second, warm reading sizes the number of runs
        start = time.process_time()
        readers[key](data)
        found[key]["first"] = time.process_time() - start
    slowest = max(max((found[k]["first"] for k in order), default=1.0), 1e-6)
    repeat = max(1, min(50, int(0.005 / slowest)))  # readings per time
    runs = max(runs, min(101, int(0.3 / (slowest * repeat))))  # small files: more runs
    for run in range(runs):
        shift = run % max(len(order), 1)
        for key in order[shift:] + order[:shift]:
            read = readers[key]
            gc.collect()
            start = time.process_time()
            for _ in range(repeat):
                read(data)
            found[key]["times"].append((time.process_time() - start) / repeat)
    return found


def _measure_pair(files: Sequence[str], runs: int) -> list[list[float]]:
    """CPU times of full checks of *files*, checked in turn in one process, run by run.

    The ratio of two inputs measured this way does not depend on the machine's speed
    drifting between two separate measurements (on a shared machine it does, by 10-25 %).
    """
    from trfkit.audit import CheckRequest, check_bytes
    from trfkit.limits import Limits

    request = CheckRequest(limits=Limits(**BIG_LIMITS))
    datas = [Path(f).read_bytes() for f in files]
    for data in datas:  # warm-up
        check_bytes("<pair>", data, request)
    times: list[list[float]] = [[] for _ in datas]
    for run in range(runs):
        order = list(range(len(datas)))
        order = order[run % len(order):] + order[: run % len(order)]
        for i in order:
            start = time.process_time()
            check_bytes("<pair>", datas[i], request)
            times[i].append(time.process_time() - start)
    return times


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
    data = Path(task["file"]).read_bytes() if "file" in task else b""
    out: dict[str, Any] = {"times": [], "cold": False, "error": None}
    try:
        if task["task"] == "parse":
            read = peers.READERS[task["reader"]][1]()
            out["times"], out["cold"] = _measure(lambda: read(data), task["runs"], task["budget"])
        elif task["task"] == "parse-set":
            out["readers"] = _measure_set(task["readers"], data, task["runs"], task["budget"])
        elif task["task"] == "check":
            from trfkit.audit import CheckRequest, check_bytes
            from trfkit.limits import Limits

            request = CheckRequest(limits=Limits(**BIG_LIMITS))
            report = check_bytes(task["file"], data, request)
            worst = [d for d in report.diagnostics if d.severity >= 1]
            out["findings"] = sorted({d.code for d in worst})
            out["times"], out["cold"] = _measure(
                lambda: check_bytes(task["file"], data, request), task["runs"], task["budget"]
            )
        elif task["task"] == "check-pair":
            out["pair"] = _measure_pair(task["files"], task["runs"])
        elif task["task"] == "memory":
            from trfkit.audit import CheckRequest, check_bytes
            from trfkit.limits import Limits

            request = CheckRequest(limits=Limits(**BIG_LIMITS))
            check_bytes("<small>", Path(task["small"]).read_bytes(), request)
            base = _peak_rss()
            report = check_bytes(task["file"], data, request)
            out["base_mb"], out["peak_mb"] = base, _peak_rss()
            out["findings"] = len(report.diagnostics)
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
        return {"times": [], "error": f"no answer within {timeout:.0f} s", "cold": False}
    if done.returncode != 0 or not done.stdout.strip():
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"times": [], "error": f"worker failed: {tail[:120]}", "cold": False}
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

    commit = ""
    with contextlib.suppress(OSError):
        commit = subprocess.run(
            ["git", "-C", str(TRFKIT_ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
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


def parse_section(report: Report, inputs: list[Input], runs: int, budget: float) -> None:
    readers = ["trfkit", "minimal", "minimal-nogc", *peers.PEERS]
    rows = []
    worst_vs_limit = float("inf")
    slowest_margin = float("inf")
    notes: list[str] = []
    for item in inputs:
        print(f"parse: {item.label}", file=sys.stderr)
        mb = item.size / 1e6
        together = [key for key in readers if key != "gacrux"]
        task = {"task": "parse-set", "readers": together, "file": str(item.path),
                "runs": runs, "budget": budget}  # fmt: skip
        done = run_worker(task, timeout=budget * 3 + 120)
        results = done.get("readers") or {
            key: {"times": [], "cold": False, "error": done["error"]} for key in together
        }
        task = {"task": "parse", "reader": "gacrux", "file": str(item.path), "runs": runs,
                "budget": budget}  # fmt: skip
        results["gacrux"] = run_worker(task, timeout=budget * 3 + 60)
        mine = median(results["trfkit"]["times"])
        limit = min(median(results["minimal"]["times"]), median(results["minimal-nogc"]["times"]))
        share = limit / mine
        worst_vs_limit = min(worst_vs_limit, share)
        cells = [item.label, f"{item.size / 1e6:.2f}", f"{mb / mine:.1f}", f"{mb / limit:.1f}",
                 f"{share:.2f}"]  # fmt: skip
        for key in peers.PEERS:
            r = results[key]
            if r["error"]:
                cells.append(f"fails: {r['error']}")
                continue
            theirs = median(r["times"])
            slowest_margin = min(slowest_margin, theirs / mine)
            cold = " (one run)" if r["cold"] else ""
            cells.append(f"{mb / theirs:.1f} MB/s, trfkit {theirs / mine:.1f}×{cold}")
        rows.append(cells)
        agree = _fields_agree(item)
        if agree != "agree":
            notes.append(f"{item.label}: trfkit and the fixed-column reader {agree}")
    header = ["input", "MB", "trfkit MB/s", "fixed-column MB/s", "trfkit / fixed-column",
              *(peers.READERS[k][0] for k in peers.PEERS)]  # fmt: skip
    body = table(header, rows)
    body += (
        "\n\nMedian CPU time of the runs; trfkit, the fixed-column reader, trf and "
        "caissify-pairings read each input in one worker process, in turn, run after run "
        "(gacrux, which takes minutes on the large inputs, in a worker of its own). A run "
        "of a small input reads it back to back for about 5 ms and counts the mean, as a "
        "throughput is measured. The "
        "fixed-column reader is measured with the garbage collector as it is and paused "
        "(trfkit pauses it while it builds the model); the faster of the two is the "
        "reference. A peer cell gives its throughput and how many times faster trfkit is."
    )
    if notes:
        body += "\n\n" + "\n".join(f"- {n}" for n in notes)
    else:
        body += " Every input: trfkit and the fixed-column reader read the same player fields."
    report.section("Parse throughput", body)
    report.target(
        "parse vs fixed-column reader",
        "≥ 0.50 of its throughput on every input",
        f"worst input {worst_vs_limit:.2f}",
        worst_vs_limit >= 0.5,
    )
    if slowest_margin != float("inf"):
        report.target(
            "parse vs peer readers",
            "faster than every peer on every input it reads",
            f"smallest margin {slowest_margin:.1f}×",
            slowest_margin > 1,
        )


def check_section(report: Report, inputs: list[Input], runs: int, budget: float) -> None:
    rows = []
    times: dict[str, float] = {}
    for item in inputs:
        if item.key == "swiss5000-2t":
            continue
        print(f"check: {item.label}", file=sys.stderr)
        task = {"task": "check", "file": str(item.path), "runs": runs, "budget": budget}
        r = run_worker(task, timeout=budget * 3 + 120)
        if r["error"]:
            rows.append([item.label, f"fails: {r['error']}", "", ""])
            continue
        t = median(r["times"])
        times[item.key] = t
        per_block = t / max(item.players * item.rounds, 1) * 1e6
        findings = ", ".join(r.get("findings", [])) or "none"
        rows.append([item.label, ms(t), f"{per_block:.1f} µs", findings])
    body = table(["input", "full check", "per round block", "warnings and errors"], rows)
    growth = []
    for small, big in (("swiss200", "swiss1000"), ("swiss1000", "swiss5000"),
                       ("swiss2500", "swiss5000")):  # fmt: skip
        if small in times and big in times:
            n_small = int(small.removeprefix("swiss"))
            n_big = int(big.removeprefix("swiss"))
            ratio = times[big] / times[small]
            per_doubling = ratio ** (1 / math.log2(n_big / n_small))
            direct = " (a doubling, measured directly)" if n_big == 2 * n_small else ""
            growth.append(
                f"- {n_small:,} → {n_big:,} players: {ratio:.2f}× the time, "
                f"{per_doubling:.2f}× per doubling{direct}"
            )
    pair = _doubling_in_turn(inputs, runs, budget)
    if pair is not None:
        growth.append(
            f"- 2,500 → 5,000 players, the two files checked in turn in one process "
            f"({pair[1]} runs each): {pair[0]:.2f}× the time"
        )
    body += (
        "\n\nA full check is what `trfkit check FILE` does in-process: read the file, run "
        "every check (structure, lint, round-robin schedule, points, all tie-breaks of "
        "record 202, standings and ranks).\n\nGrowth with the number of players:\n"
        + "\n".join(growth)
    )
    report.section("Full check", body)
    if "swiss5000" in times:
        report.target("full check, Swiss 5,000 × 11", "< 1 s", ms(times["swiss5000"]),
                      times["swiss5000"] < 1)  # fmt: skip
    if pair is not None:
        report.target("doubling the players (2,500 → 5,000, checked in turn)",
                      "≤ 2.2× the time", f"{pair[0]:.2f}×", pair[0] <= 2.2)  # fmt: skip
    elif "swiss2500" in times and "swiss5000" in times:
        ratio = times["swiss5000"] / times["swiss2500"]
        report.target("doubling the players (2,500 → 5,000)", "≤ 2.2× the time",
                      f"{ratio:.2f}×", ratio <= 2.2)  # fmt: skip
    if "rr100-double" in times:
        t = times["rr100-double"]
        report.target("double round robin of 100, full check", "< 0.5 s", ms(t), t < 0.5)


def _doubling_in_turn(
    inputs: Sequence[Input], runs: int, budget: float
) -> tuple[float, int] | None:
    """The 5,000 / 2,500 ratio of medians, the two files checked in turn in one worker."""
    by_key = {item.key: item for item in inputs}
    if "swiss2500" not in by_key or "swiss5000" not in by_key:
        return None
    print("check: 2,500 and 5,000 players in turn", file=sys.stderr)
    count = max(runs, 9)
    task = {"task": "check-pair", "runs": count,
            "files": [str(by_key["swiss2500"].path), str(by_key["swiss5000"].path)]}  # fmt: skip
    r = run_worker(task, timeout=budget * 6 + 300)
    if r["error"] or not r.get("pair"):
        return None
    small, big = (median(t) for t in r["pair"])
    return big / small, count


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


def profile_section(report: Report, inputs: list[Input]) -> None:
    """Where a full check spends its time: per check, then the hottest functions."""
    import cProfile
    import pstats

    from trfkit.api import parse
    from trfkit.checks import Context, all_checks
    from trfkit.limits import Limits

    parts = []
    for key in ("swiss5000", "rr100-double"):
        item = next(i for i in inputs if i.key == key)
        data = item.path.read_bytes()
        parse(data, limits=Limits(**BIG_LIMITS))
        start = time.process_time()
        result = parse(data, limits=Limits(**BIG_LIMITS))
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
        parts.append(f"{item.label} (first check to use a shared computation pays for it):\n\n"
                     + table(["step", "CPU time", "share"], rows))  # fmt: skip
        profiler = cProfile.Profile()
        profiler.enable()
        ctx = Context(parse(data, limits=Limits(**BIG_LIMITS)).tournament)
        for check in all_checks():
            for _ in check.run(ctx):
                pass
        profiler.disable()
        stats = pstats.Stats(profiler)
        entries = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:12]  # type: ignore[attr-defined]
        whole = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
        hot = [[f"`{Path(f).name}:{line} {name}`", f"{v[2] / whole:.0%}"]
               for (f, line, name), v in entries]  # fmt: skip
        parts.append(f"{item.label}, cProfile, functions by own time:\n\n"
                     + table(["function", "share of own time"], hot))  # fmt: skip
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
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker))))
        return 0
    quick = args.quick
    runs = 3 if quick else 7
    check_runs = 3 if quick else 5
    budget = 20.0 if quick else 90.0
    count = 1000 if quick else 10_000
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    started = time.perf_counter()
    inputs, batch_folder, small = prepare_inputs(args.inputs, count if "batch" in sections else 0)
    report = Report()
    command = "python benchmarks/run.py" + (" --quick" if quick else "")
    report.section("Machine", machine() + f"\n- command: `{command}`")
    if "parse" in sections:
        parse_section(report, inputs, runs, budget)
    if "check" in sections:
        check_section(report, inputs, check_runs, budget)
    if "batch" in sections:
        batch_section(report, batch_folder, count, 1 if quick else 3)
    if "startup" in sections:
        startup_section(report, small, 10 if quick else 30)
    if "memory" in sections:
        memory_section(report, next(i for i in inputs if i.key == "swiss5000"), small)
    if args.profile:
        profile_section(report, inputs)
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    summary = table(["target", "goal", "measured", "verdict"], report.targets)
    summary += (
        f"\n\nLoad average at the end: {load}; the run took "
        f"{(time.perf_counter() - started) / 60:.1f} min."
    )
    text = "## trfkit benchmark\n\n" + "\n".join(report.parts) + "\n### Targets\n\n" + summary
    print(text)
    if args.markdown:
        args.markdown.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
