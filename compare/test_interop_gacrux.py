"""FIDE's checker gacrux computes the same tie-breaks from a corpus file and from its conversions.

For every corpus file gacrux reads, each conversion of ``tests/conversions.py`` (``--to
trf26``, ``--to trf16``, ``--canonical``, TRF → JSON → TRF) is read by gacrux too, and
every value of :data:`gacrux_tools.VALUE_CODES` and every rank under
:data:`gacrux_tools.RANK_LISTS` must be the one gacrux computed from the original. Both
runs use the regime trfkit decides for the original (gacrux's ``-p`` or ``-s``), so that
only what the files say can differ.

Optional, like the rest of this folder: ``tox -e interop``, or by hand where gacrux is
installed, ``PYTHONPATH=. python -m pytest -q compare/test_interop_gacrux.py``. The
module is skipped when gacrux cannot be imported.

The reader checks (``check --readers gacrux``, the R2 codes: trfkit's model of gacrux's
reader, ``trfkit/trf/gacrux.py``) are held to gacrux itself, run as a command the way the
model assumes (``tests/test_gacrux.py``: ``standard_options``): a file the model finds a
refusal in is refused (exit status not 0) for that reason, any other accepted. So on the
corpus, its conversions, the fixtures of ``fixtures/readers/gacrux``, generated events, and
what ``convert --for gacrux`` writes. Each of these tests prints its counts (files,
accepted, refused, disagreements): ``pytest -s`` shows them.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

pytest.importorskip("gacrux", reason="gacrux is not installed (pip install gacrux)")

import conventions as events  # noqa: E402
from conversions import CONVERSIONS, Converted, convert, run_cli, trf_version  # noqa: E402
from gacrux_tools import Outcome, run_gacrux_file  # noqa: E402
from locations import CORPUS_FILES, needs_corpus  # noqa: E402
from test_gacrux import (  # noqa: E402
    FOLDER,
    RECORDED,
    disagreement,
    findings,
    standard_options,
)

import trfkit  # noqa: E402
from trfkit.compute.regime import decide  # noqa: E402
from trfkit.trf import gacrux as gx  # noqa: E402
from trfkit.trf.reader import parse  # noqa: E402

pytestmark = [pytest.mark.interop, needs_corpus]


def gacrux_encoding(path: Path) -> str | None:
    """Gacrux's ``-b`` for *path*: UTF-8 (a BOM allowed) when it decodes so, else Latin-1."""
    try:
        path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None
    return "utf-8-sig"


@functools.cache
def regime(path: Path) -> str:
    """``"round-robin"`` or ``"swiss"``: trfkit's decision for the original."""
    return str(decide(trfkit.loads(path.read_bytes())).regime.value)


ALIGNED = {
    "trf26_team_grandmommys_cup_sharly.trf": (
        ("299 +  2.0  2.5   1    1", "299 +   2.0   2.5    1    1"),
        ("299 -  0.0  1.5", "299 -   0.0   1.5"),
    ),
}
"""Corpus lines whose fields stand off their columns, and the same values in their columns
(written by hand). gacrux reads a field by its columns alone (game points ``0.5``, no
round), trfkit's conversions write the values where they belong: gacrux is compared on
the original with these lines aligned."""


@functools.cache
def original(path: Path) -> Outcome:
    """What gacrux computes from the corpus file (computed once per file)."""
    lines = ALIGNED.get(path.name)
    if not lines:
        return run_gacrux_file(path, regime(path), encoding=gacrux_encoding(path))
    text = path.read_bytes()
    for shifted, aligned in lines:
        assert shifted.encode() in text, f"{path.name} has no line {shifted!r}"
        text = text.replace(shifted.encode(), aligned.encode())
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        copy.write_bytes(text)
        return run_gacrux_file(copy, regime(path), encoding=gacrux_encoding(copy))


def changes(before: Outcome, after: Outcome) -> list[str]:
    """Every value or rank that differs, as ``value SB #3: 5.5 -> 6``."""
    found = []
    for key in sorted(set(before.values) | set(after.values), key=str):
        a, b = before.values.get(key, "missing"), after.values.get(key, "missing")
        if a != b:
            kind, code, cid = key
            found.append(f"{kind} {code} #{cid}: {a} -> {b}")
    return found


@pytest.mark.parametrize("conversion", CONVERSIONS)
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_gacrux_computes_the_same_tiebreaks(path: Path, conversion: str, tmp_path: Path) -> None:
    """Gacrux reads the conversion of a file it reads, and computes the same values and ranks."""
    before = original(path)
    if before.error:
        pytest.skip(f"gacrux rejects the original: {before.error[:300]}")
    assert before.values, "gacrux computed nothing from the original"
    # TRF16 has no place for 299 bonuses, 240 byes of teams, 330 forfeits ...: asked to keep
    # them (--keep-unsupported), the TRF16 output still holds every value gacrux reads.
    keep = conversion == "trf16" and trf_version(path.read_bytes()) == "trf26"
    out = convert(path, conversion, tmp_path, ("--keep-unsupported",) if keep else ())
    assert out.status == 0, f"trfkit convert failed:\n{out.messages}"
    # gacrux picks its rule edition by the start date it can read, and trfkit writes
    # TRF-2026 dates it can read where the original's (May 29, 2020) it could not: the
    # conversion is computed under the edition the original was.
    after = run_gacrux_file(
        out.path,
        regime(path),
        encoding=gacrux_encoding(out.path),
        start_date=before.start_date,
    )
    said = f"\n(trfkit convert said: {out.messages.strip()})" if out.messages.strip() else ""
    assert not after.error, f"gacrux rejects the {conversion} output: {after.error[:500]}{said}"
    found = changes(before, after)
    assert found == [], f"{len(found)} values differ{said}:\n" + "\n".join(found[:25])


def test_changes_lists_a_changed_value() -> None:
    """The comparison reports a value that differs and one that is missing."""
    before = Outcome(values={("value", "SB", 1): 5, ("rank", "PTS", 2): 1})
    after = Outcome(values={("value", "SB", 1): 6})
    assert changes(before, after) == ["rank PTS #2: 1 -> missing", "value SB #1: 5 -> 6"]


# --- the reader checks (R2..) against gacrux itself -----------------------------------------

WORKERS = 2
"""gacrux processes run side by side."""
TIMEOUT = 300


@dataclasses.dataclass(frozen=True)
class Answer:
    """One run of ``python -m gacrux.tiebreakchecker -i FILE OPTIONS``."""

    status: int
    messages: tuple[str, ...]
    """What it printed after ``### Error``, one line each (nothing when it accepted)."""


@functools.cache
def answer(path: Path) -> Answer:
    """Gacrux's answer on *path*, run as the model assumes (once per file in a session).

    It runs in the file's folder on the file's name, so that a message naming the file
    names it as ``gacrux.tsv`` recorded.
    """
    options = standard_options(path.read_bytes())
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", path.name, *options]
    done = subprocess.run(
        command, capture_output=True, timeout=TIMEOUT, cwd=path.parent, check=False
    )
    if done.returncode == 0:
        return Answer(0, ())
    text = done.stdout.decode("utf-8", "replace").replace("\r", "\n")
    lines = [line for line in text.split("\n") if line.strip()]
    return Answer(done.returncode, tuple(x for x in lines if not x.startswith("### Error")))


def answers(paths: Sequence[Path]) -> list[Answer]:
    """:func:`answer` on every path, :data:`WORKERS` at a time."""
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(answer, paths))


def judge(source: str, paths: Sequence[Path]) -> list[str]:
    """Gacrux's answers on *paths* against the model's findings: the disagreements.

    gacrux's reason for a refusal is read from its messages by the patterns of
    ``test_gacrux.GACRUX_MESSAGES`` (in ``disagreement``). Prints the counts of *source*, and
    the rules of the refusals. A file trfkit cannot read is counted apart (the model has
    nothing to say of it) and not given to gacrux.
    """
    readable = [p for p in paths if parse(p.read_bytes()).fatal is None]
    got = answers(readable)
    wrong = []
    rules: collections.Counter[str] = collections.Counter()
    for path, said in zip(readable, got, strict=True):
        found = findings(path.read_bytes())
        why = disagreement(found, said.status, said.messages)
        if why is not None:
            wrong.append(f"{path.name}: {why}")
        elif said.status:
            rules[next(f.rule.value for f in found if f.rule in gx.REFUSALS)] += 1
    refused = sum(1 for a in got if a.status)
    unread = len(paths) - len(readable)
    print(
        f"\ngacrux on {source}: {len(readable)} files, {len(readable) - refused} accepted, "
        f"{refused} refused, {len(wrong)} disagreements"
        + (f", {unread} unreadable to trfkit" if unread else "")
        + "".join(f"\n  refused: {rule} {n}" for rule, n in rules.most_common())
    )
    return wrong


def test_reader_checks_predict_gacrux_on_the_corpus() -> None:
    """A corpus file the R2 checks pass is accepted, one they refuse refused for that reason."""
    assert judge("the corpus", CORPUS_FILES) == []


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Converted]:
    """Every conversion of every corpus file (refused ones too), written once per module."""
    folder = tmp_path_factory.mktemp("gacrux-conversions")
    return {
        (path.name, conversion): convert(path, conversion, folder / path.stem)
        for path in CORPUS_FILES
        for conversion in CONVERSIONS
    }


def test_reader_checks_predict_gacrux_on_conversions(
    converted: dict[tuple[str, str], Converted],
) -> None:
    """The same for every conversion of every corpus file (refused originals included)."""
    written = [out.path for out in converted.values() if out.status == 0]
    print(f"\n{len(converted) - len(written)} conversions of corpus files were not written")
    assert len(written) >= len(CORPUS_FILES)  # most files convert
    assert judge("the conversions of the corpus", written) == []


def test_reader_checks_predict_gacrux_on_the_fixtures() -> None:
    """The same on ``fixtures/readers/gacrux``, whose answers are still those recorded."""
    paths = sorted(FOLDER.glob("*.trf"))
    assert judge("the fixtures", paths) == []
    changed = {}
    for path in paths:
        status, message = RECORDED[path.name]
        now = answer(path)
        if (now.status, now.messages[:1]) != (status, (message,) if status else ()):
            changed[path.name] = (now.status, now.messages[:1])
    assert changed == {}, "gacrux no longer answers as gacrux.tsv recorded"


GENERATED = [
    (event, convention)
    for event in events.catalogue(2026)
    for convention in events.CONVENTIONS
    if convention.applies(event)
]
"""Generated events (``tests/conventions.py``), each written in every exporter convention
that applies to it."""


def test_reader_checks_predict_gacrux_on_generated_events(tmp_path: Path) -> None:
    """The same on generated events written in every exporter convention."""
    paths = []
    for index, (event, convention) in enumerate(GENERATED):
        path = tmp_path / f"{index:03d}-{convention.name}.trf"
        path.write_bytes(events.render(event, [convention]).data)
        paths.append(path)
    assert judge("generated events", paths) == []
    statuses = [answer(p).status for p in paths]
    assert 0 in statuses and any(statuses)


def test_converted_for_gacrux_is_read_as_the_model_says(tmp_path: Path) -> None:
    """``convert --to trf26 --for gacrux``: what it writes, gacrux accepts; what not, it refuses.

    A file it does not write (exit 2) is refused by gacrux as written by ``--to trf26
    --canonical`` (the columns ``--for`` writes in, without its repairs).
    """
    written, withheld = [], []
    for folder in ("for", "canonical"):
        (tmp_path / folder).mkdir()
    for path in CORPUS_FILES:
        target = tmp_path / "for" / path.name
        argv = ["convert", str(path), "--to", "trf26", "--for", "gacrux", "-o", str(target)]
        status, said = run_cli(*argv)
        assert status in (0, 2), said
        assert (status == 0) == target.exists()
        if status == 0:
            written.append(target)
            continue
        assert "not written (--for gacrux)" in said, said
        canonical = tmp_path / "canonical" / path.name
        status, said = run_cli(
            "convert", str(path), "--to", "trf26", "--canonical", "-o", str(canonical)
        )
        assert status == 0, said
        withheld.append(canonical)
    answers([*written, *withheld])
    refused = {p.name: answer(p).messages[:2] for p in written if answer(p).status}
    accepted = [p.name for p in withheld if answer(p).status == 0]
    print(
        f"\ngacrux on `convert --to trf26 --for gacrux` of the corpus: {len(CORPUS_FILES)} "
        f"files, {len(written)} written ({len(written) - len(refused)} accepted, "
        f"{len(refused)} refused), {len(withheld)} not written (their canonical trf26: "
        f"{len(withheld) - len(accepted)} refused, {len(accepted)} accepted)"
    )
    assert refused == {}
    assert accepted == []
    assert len(written) > len(CORPUS_FILES) // 2
