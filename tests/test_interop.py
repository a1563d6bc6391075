"""trfkit's conversions read by a real client: bbpPairings' Dutch checker (``--dutch FILE -c``).

bbpPairings (Apache-2.0, ``../shared/tools/bbpPairings-src.tar.gz``) is built once per run
into a temporary folder; without the archive, ``g++`` or ``make``, or when the build fails,
these tests are skipped. For every corpus file the checker accepts, each conversion of
:data:`conversions.CONVERSIONS` must be accepted too and give the same check report (the
checker's pairings next to the tournament's, round by round).
"""

from __future__ import annotations

import difflib
import random
import re
import shutil
import subprocess
import tarfile
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import conventions as events
import pytest
from conversions import CONVERSIONS, Converted, convert, run_cli
from locations import CORPUS_FILES, TOOLS, needs_corpus
from test_bbppairings import BBP_MESSAGES

from trfkit.readers import Finding
from trfkit.trf import bbppairings as bbp_model
from trfkit.trf.reader import parse

pytestmark = [pytest.mark.interop, needs_corpus]

BBP_ARCHIVE = TOOLS / "bbpPairings-src.tar.gz"
WORKERS = 2
"""bbpPairings processes run side by side."""
BUILD_TIMEOUT = 900
CHECK_TIMEOUT = 300
START_ATTEMPTS = 3


@dataclass(frozen=True)
class Report:
    """One run of ``bbpPairings.exe --dutch FILE -c``."""

    status: int
    stdout: str
    stderr: str

    @property
    def why(self) -> str:
        """The checker's complaint, for a failure message."""
        return (self.stderr.strip() or self.stdout.strip()[-500:]) or "no output"


def _tail(text: str, lines: int = 15) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


@pytest.fixture(scope="session")
def bbp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """BbpPairings built from ../shared/tools once per run; skips when it cannot be built."""
    if not BBP_ARCHIVE.is_file():
        pytest.skip(f"{BBP_ARCHIVE} is absent")
    missing = [tool for tool in ("g++", "make") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} missing (Debian packages g++ and make)")
    folder = tmp_path_factory.mktemp("bbp")
    try:
        with tarfile.open(BBP_ARCHIVE) as archive:
            # the "data" filter (Python 3.11.4+) refuses links and paths out of the folder
            safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            archive.extractall(folder, **safe)
    except (tarfile.TarError, OSError) as exc:
        pytest.skip(f"cannot unpack {BBP_ARCHIVE.name}: {exc}")
    source = folder / "bbpPairings"
    try:
        done = subprocess.run(
            ["make", "-C", str(source), "-j2"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=BUILD_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.skip(f"building bbpPairings took more than {BUILD_TIMEOUT} s")
    exe = source / "bbpPairings.exe"
    if done.returncode != 0 or not exe.is_file():
        pytest.skip(
            f"bbpPairings did not build (make exit {done.returncode}):\n"
            + _tail(done.stdout + "\n" + done.stderr)
        )
    return exe


def _check(exe: Path, path: Path) -> Report:
    for attempt in range(START_ATTEMPTS):
        try:
            done = subprocess.run(
                [str(exe), "--dutch", str(path), "-c"],
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                timeout=CHECK_TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return Report(-1, "", f"no answer within {CHECK_TIMEOUT} s")
        except OSError as exc:
            # a start that fails for the machine's sake (ETXTBSY, EAGAIN, ENOMEM) is tried again;
            # one that keeps failing is reported with its reason, not as a traceback
            if attempt + 1 == START_ATTEMPTS:
                return Report(-2, "", f"bbpPairings could not be started: {exc!r}")
            time.sleep(1 + attempt)
            continue
        return Report(done.returncode, done.stdout, done.stderr)
    raise AssertionError("unreachable")


@dataclass
class Runs:
    """The checker's reports: of every corpus file, and of the conversions of those it accepts."""

    originals: dict[str, Future[Report]]
    converted: dict[tuple[str, str], tuple[Converted, Future[Report] | None]]


@pytest.fixture(scope="session")
def runs(bbp: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    """Every check, run once per session in a pool of :data:`WORKERS` threads.

    The originals are checked first; each is then converted (in this thread: the command
    line is run in-process), and then the conversions are checked.
    """
    folder = tmp_path_factory.mktemp("interop")
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        originals = {p.name: pool.submit(_check, bbp, p) for p in CORPUS_FILES}
        # every conversion is written before any of them is checked: the in-process command
        # line never runs while a checker process is being started
        done: dict[tuple[str, str], Converted] = {}
        # every file is converted, refused ones too: the reader checks are held to the
        # program on each conversion (a conversion may repair what it refused)
        for path in CORPUS_FILES:
            for conversion in CONVERSIONS:
                done[path.name, conversion] = convert(path, conversion, folder / path.stem)
        converted: dict[tuple[str, str], tuple[Converted, Future[Report] | None]] = {
            key: (out, pool.submit(_check, bbp, out.path) if out.status == 0 else None)
            for key, out in done.items()
        }
        yield Runs(originals, converted)


def test_bbppairings_accepts_corpus_files(runs: Runs) -> None:
    """The checker accepts some corpus files as they are (else nothing below is tested)."""
    accepted = [name for name, report in runs.originals.items() if report.result().status == 0]
    assert accepted, {name: r.result().why[:200] for name, r in runs.originals.items()}


@pytest.mark.parametrize("conversion", CONVERSIONS)
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_conversion_gives_the_same_check_report(runs: Runs, path: Path, conversion: str) -> None:
    """BbpPairings accepts the conversion of a file it accepts, and reports the same pairings."""
    original = runs.originals[path.name].result()
    if original.status != 0:
        pytest.skip(f"bbpPairings rejects the original (exit {original.status}): {original.why}")
    out, check = runs.converted[path.name, conversion]
    assert out.status == 0 and check is not None, f"trfkit convert failed:\n{out.messages}"
    report = check.result()
    assert report.status == 0, f"bbpPairings rejects the {conversion} output: {report.why}"
    if report.stdout != original.stdout:
        diff = difflib.unified_diff(
            original.stdout.splitlines(),
            report.stdout.splitlines(),
            "original",
            conversion,
            lineterm="",
        )
        pytest.fail("the check reports differ:\n" + "\n".join(list(diff)[:60]))


# --- the reader checks (R1..) against the program ------------------------------------------


def _refusals(path: Path) -> list[Finding]:
    """What ``check --readers bbppairings`` says bbpPairings refuses in *path*."""
    return [f for f in bbp_model.findings(parse(path.read_bytes()).tournament)
            if f.rule != bbp_model.NEXT_ROUND]  # fmt: skip


def _disagreement(path: Path, report: Report) -> str | None:
    """How the reader checks and bbpPairings disagree on *path*, or ``None``."""
    found = _refusals(path)
    if not found and report.status == 0:
        return None
    if not found:
        return f"{path}: bbpPairings refused it ({report.why[:200]}); the checks flag nothing"
    if report.status == 0:
        return f"{path}: accepted by bbpPairings, flagged {found[0].rule}: {found[0].message}"
    said = report.stderr.strip() or f"killed by signal {-report.status}"
    if not re.search(BBP_MESSAGES[found[0].rule], said):
        return f"{path}: flagged {found[0].rule} ({found[0].message}); bbpPairings: {said[:200]}"
    return None


def test_reader_checks_predict_bbppairings_on_the_corpus(runs: Runs) -> None:
    """A corpus file the R1 checks pass is accepted, one they flag refused for that reason."""
    wrong = [_disagreement(p, runs.originals[p.name].result()) for p in CORPUS_FILES]
    assert [w for w in wrong if w] == []


def test_reader_checks_predict_bbppairings_on_conversions(runs: Runs) -> None:
    """The same for every conversion of every corpus file (refused originals included)."""
    wrong = [
        _disagreement(out.path, check.result())
        for out, check in runs.converted.values()
        if check is not None
    ]
    assert len(wrong) >= len(CORPUS_FILES)  # most files convert
    assert [w for w in wrong if w] == []


GENERATED = [
    (event, [convention]) for event in events.catalogue(2026) for convention in events.CONVENTIONS
    if convention.applies(event)
] + [
    (event, events.random_conventions(random.Random(seed), event))
    for seed, event in ((seed, events.random_event(seed)) for seed in range(60))
]  # fmt: skip
"""Generated events (tests/conventions.py) in each exporter convention, and random mixes."""


def test_reader_checks_predict_bbppairings_on_generated_events(
    bbp: Path, tmp_path: Path
) -> None:
    """The same for generated events written in every exporter convention."""
    paths = []
    for index, (event, chosen) in enumerate(GENERATED):
        path = tmp_path / f"{index}-{event.label.split()[0]}.trf"
        path.write_bytes(events.render(event, chosen).data)
        paths.append(path)
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        reports = list(pool.map(lambda p: _check(bbp, p), paths))
    wrong = [_disagreement(p, r) for p, r in zip(paths, reports, strict=True)]
    assert [w for w in wrong if w] == []
    assert any(r.status == 0 for r in reports) and any(r.status != 0 for r in reports)


def test_converted_for_bbppairings_is_accepted(bbp: Path, tmp_path: Path) -> None:
    """``convert --to trf26 --for bbppairings``: what it writes, bbpPairings accepts."""
    written = []
    for path in CORPUS_FILES:
        target = tmp_path / path.name
        status, said = run_cli(
            "convert", str(path), "--to", "trf26", "--for", "bbppairings", "-o", str(target)
        )
        assert status in (0, 2), said
        assert (status == 0) == target.exists()
        if status == 2:
            assert "not written (--for bbppairings)" in said, said
            continue
        written.append(target)
    reports = {p.name: _check(bbp, p) for p in written}
    refused = {name: r.why for name, r in reports.items() if r.status != 0}
    assert refused == {}
    assert len(written) > len(CORPUS_FILES) // 2
