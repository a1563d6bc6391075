"""``trfkit fix``: derived and cosmetic values corrected, never a game, nothing else touched.

Errors are planted by ``planting`` (written from the TRF layout, no trfkit code), which
returns the spans it wrote: a fix may change those fields and nothing else, and every game
(opponent, colour, result) must read the same before and after.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import planting
import pytest

import trfkit
from trfkit.diagnostics import Diagnostic
from trfkit.errors import FixError
from trfkit.fixes import FixReport, fix_report

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "real"

Planter = Callable[[str, random.Random], tuple[str, list[planting.Planted]]]


def _codes(found: Iterable[Diagnostic]) -> set[str]:
    """Every code of *found*, a root cause's instances included."""
    return {x.code for d in found for x in (d, *d.instances)}


def _endings(text: str) -> list[str]:
    return [line[len(line.rstrip("\r\n")) :] for line in text.splitlines(keepends=True)]


def _fixed_text(text: str, select: list[str] | None = None) -> tuple[str, FixReport]:
    report = fix_report(trfkit.loads(text), select=select)
    return report.text, report


def _clean(text: str) -> str:
    """*text* with everything ``fix`` answers already fixed: the baseline errors are planted in."""
    fixed, _ = _fixed_text(text)
    assert not [f for f in fix_report(trfkit.loads(fixed)).fixes], "fix is not idempotent"
    return fixed


# --- the real patterns ------------------------------------------------------------------------


def test_round_added_without_points_is_fixed_in_the_points_column_only() -> None:
    """The late round's points are written; only columns 81-84 of the players who scored change."""
    event = planting.round_added_without_points(players=51, rounds=8)
    fixed, report = _fixed_text(event.text, select=["T001"])
    differ = {s for s in event.players if event.points_after(8)[s] != event.points_after(7)[s]}
    assert {s for f in report.fixes for s in f.players} == differ
    assert {(f.code, f.field) for f in report.fixes} == {("T001", "points")}
    spans = planting.changed_spans(event.text, fixed)
    assert spans and all(first >= 81 and last <= 84 for _, first, last in spans)
    for s in differ:
        assert event.line_of(s) in {line for line, _, _ in spans}
    assert "T001" not in _codes(trfkit.check(fixed))
    assert planting.games(fixed) == planting.games(event.text)


def test_generator_rank_column_is_rewritten_from_the_standings() -> None:
    """A rank column in rating order is replaced by the standings; the list is said."""
    event = planting.generator_rank_column(players=20, rounds=5)
    fixed, report = _fixed_text(event.text)
    assert {f.code for f in report.fixes} <= {"T006", "T007"}
    assert "PTS" in report.standings and "rules" in report.standings
    assert not _codes(trfkit.check(fixed)) & {"T006", "T007", "T012", "C004"}
    assert all(first >= 86 and last <= 89 for _, first, last in planting.changed_spans(
        event.text, fixed))  # fmt: skip
    # ranks follow the points: nobody with fewer points ranks above somebody with more
    points = {s: p["points"] for s, p in event.players.items()}
    ranks = {s: int(line[85:89]) for s, line in _players(fixed).items()}
    assert all(
        ranks[a] < ranks[b] for a in points for b in points if points[a] > points[b]
    )


def _players(text: str) -> dict[int, str]:
    return {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}


def test_appended_tiebreak_values_are_recomputed() -> None:
    """A wrong appended SB value is rewritten with the value of the hand calculation.

    Hand calculation (Swiss, fide-2026, no start date): SB(A) = 1 × B's 1.0 + 1 × C's 0.0
    = 1.0 (the file says 2.0); every other value already stands.
    """
    text = (
        "012 Values appended after the last round (hand-made)\n"
        "XXR 2\n"
        "202 SB\n"
        "001    1      A" + " " * 66 + "2.0    0     2 w 1     3 b 1     2.0\n"
        "001    2      B" + " " * 66 + "1.0    0     1 b 0     3 w 1     0.0\n"
        "001    3      C" + " " * 66 + "0.0    0  0000 - Z     1 w 0     0.0\n"
        "001    4      D" + " " * 66 + "1.0    0  0000 - U  0000 - Z     1.0\n"
    )
    assert "T008" in _codes(trfkit.check(text))
    fixed, report = _fixed_text(text, select=["T008"])
    assert [(f.code, f.field, f.old, f.new) for f in report.fixes] == [("T008", "SB", "2.0", "1.0")]
    assert fixed == text.replace("3 b 1     2.0", "3 b 1     1.0")
    assert "T008" not in _codes(trfkit.check(fixed))


# --- the property: planted derived errors are fixed, nothing else changes ---------------------


def _events(seeds: Iterable[int]) -> Iterable[tuple[str, str]]:
    for seed in seeds:
        yield f"swiss-{seed}", planting.swiss(9 + seed % 7, 4 + seed % 3, seed=seed).text
        # an even field: an odd round robin's bye is a blank block, where points planted a
        # half point off read as an absence counted (T003, a judgement: see below)
        size = 4 + 2 * (seed % 3)
        yield f"rr-{seed}", planting.round_robin(size, seed=seed, double=seed % 2 == 0).text


def _plant_all(text: str, rng: random.Random) -> tuple[str, list[planting.Planted]]:
    """Every derived error ``fix`` answers, planted where the file has the field."""
    planted: list[planting.Planted] = []
    steps: list[Planter] = [
        lambda t, r: planting.plant_points(t, r, count=2),
        lambda t, r: planting.plant_rank(t, r, count=1),
        lambda t, r: planting.plant_count(t, r),
        lambda t, r: planting.plant_colour_case(t),
        lambda t, r: planting.plant_date_form(t),
        planting.plant_bye_zero,
        lambda t, r: planting.plant_rounds(t),
    ]
    for step in steps:
        try:
            text, more = step(text, rng)
        except ValueError:  # the file has no such field (no bye, no rank column …)
            continue
        planted += more
    return text, planted


def _assert_fixed(before: str, planted: list[planting.Planted]) -> FixReport:
    fixed, report = _fixed_text(before)
    left = _codes(trfkit.check(fixed))
    derived = [p for p in planted if not p.judgement]
    assert not {p.code for p in derived} & left, report.fixes
    assert planting.uncovered(before, fixed, planted) == []
    assert _endings(fixed) == _endings(before)
    games_before, games_after = planting.games(before), planting.games(fixed)
    assert games_after == games_before
    return report


SEEDS = range(1, 5)
MORE_SEEDS = range(5, 40)


@pytest.mark.parametrize(("name", "text"), list(_events(SEEDS)), ids=lambda v: v[:12])
def test_planted_derived_errors_are_fixed_and_nothing_else(name: str, text: str) -> None:
    """Points, a rank, a count, 152, dates, a bye's 0000 and 142 planted: all fixed, no more."""
    base = _clean(text)
    for seed in range(3):
        planted_text, planted = _plant_all(base, random.Random(seed))
        assert planted
        _assert_fixed(planted_text, planted)
        _assert_fixed(planting.with_crlf(planted_text), planted)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "text"), list(_events(MORE_SEEDS)), ids=lambda v: v[:12])
def test_planted_derived_errors_are_fixed_on_more_events(name: str, text: str) -> None:
    """The same property on more generated events (slow)."""
    base = _clean(text)
    for seed in range(3):
        planted_text, planted = _plant_all(base, random.Random(seed))
        _assert_fixed(planted_text, planted)


@pytest.mark.parametrize("planter", [planting.plant_one_sided_result, planting.plant_colour_clash])
def test_judgement_errors_are_listed_not_fixed(planter: Planter) -> None:
    """A game the two sides disagree on is never fixed: it is listed for the arbiter."""
    base = _clean(planting.swiss(12, 5, seed=21).text)
    text, planted = planter(base, random.Random(4))
    fixed, report = _fixed_text(text)
    assert "S003" in _codes(report.not_fixed)
    assert planting.games(fixed) == planting.games(text)
    players = {s for p in planted for s in _players(text) if _players(text)[s] and p.line}
    assert players  # the planted game's players …
    touched = {line for line, _, _ in planting.changed_spans(text, fixed)}
    assert not touched & {p.line for p in planted}  # … keep their lines as they are


def test_points_counting_an_absence_are_left_for_the_arbiter() -> None:
    """Points that count a round written as an absence (T003) are not rewritten.

    Whether the absence was a half-point bye is the arbiter's to say (write it H, or the points).
    """
    base = _clean(planting.round_robin(5, seed=1).text)
    lines = base.split("\n")
    # a player who sits out a round (a blank block): half a point more counts it as ½
    number = next(
        i for i, line in enumerate(lines)
        if line.startswith("001") and any(
            not line[c : c + 8].strip() for c in range(91, len(line.rstrip()), 10))
    )  # fmt: skip
    points = planting.Fraction(lines[number][80:84].strip()) + planting.Fraction(1, 2)
    lines[number] = lines[number][:80] + planting.format_points(points).rjust(4) + (
        lines[number][84:])  # fmt: skip
    _, report = _fixed_text("\n".join(lines))
    assert not [f for f in report.fixes if f.field == "points"]
    assert "T003" in _codes(report.not_fixed)


def _corpus() -> list[Path]:
    return sorted(CORPUS.glob("*.trf")) if CORPUS.is_dir() else []


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/real")
@pytest.mark.parametrize("path", _corpus(), ids=lambda p: p.name)
def test_corpus_planted_points_and_counts(path: Path) -> None:
    """On every corpus file: planted points and counts are fixed, and nothing else changes."""
    data = path.read_bytes()
    result = trfkit.parse(data)
    try:
        report = fix_report(result.tournament, diagnostics=result.diagnostics)
    except FixError:
        pytest.skip("a file with reading errors is refused")
    base = report.text
    assert planting.games(base) == planting.games(trfkit.dumps(result.tournament))
    if "T003" in _codes(trfkit.check(base)):
        pytest.skip("absences counted in the points (T003): a planted point there is a judgement")
    text, planted = base, []
    for step in (
        lambda t, r: planting.plant_points(t, r, count=2),
        lambda t, r: planting.plant_count(t, r),
    ):
        try:
            text, more = step(text, random.Random(7))
        except ValueError:
            continue
        planted += more
    if not planted:
        pytest.skip("no field to plant in")
    fixed, report = _fixed_text(text)
    assert planting.uncovered(text, fixed, planted) == []
    # a planted value is fixed, or listed for the arbiter where the file's own convention
    # (byes entered in advance, a team's bye, a withdrawal) leaves two totals: never left silent
    left = {p.code for p in planted} & _codes(trfkit.check(fixed))
    assert left <= _codes(report.not_fixed)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/real")
def test_a_clean_corpus_file_is_written_back_byte_for_byte(tmp_path: Path) -> None:
    """A file with nothing to fix comes back as it went in, CRLF and Latin-1 included."""
    for name in (
        "icu_irish_junior_champs_2011_latin1_crlf.trf",
        "javafo_aum_accelerated_sample_capo_dorso_2012.trf",
    ):
        source = CORPUS / name
        out = tmp_path / name
        run = _cli("fix", str(source), "-o", str(out), "--select", "E008")
        assert run.returncode == 0, run.stderr
        assert out.read_bytes() == source.read_bytes() or "E008" in run.stdout


# --- the command line -------------------------------------------------------------------------


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trfkit", *args], capture_output=True, text=True,
        encoding="utf-8", check=False, cwd=cwd,
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("patch") is None, reason="needs patch(1)")
@pytest.mark.parametrize("form", ["lf", "crlf", "no-final-newline"])
def test_diff_applies_with_patch(tmp_path: Path, form: str) -> None:
    """``--diff`` output applied by ``patch`` gives the file ``-o`` writes, byte for byte."""
    text, _ = _plant_all(_clean(planting.swiss(11, 5, seed=3).text), random.Random(2))
    if form == "crlf":
        text = planting.with_crlf(text)
    elif form == "no-final-newline":
        text = text.rstrip("\n")
    source = tmp_path / "event.trf"
    source.write_bytes(text.encode("utf-8"))
    diff = subprocess.run(
        [sys.executable, "-m", "trfkit", "fix", "event.trf", "--diff"], capture_output=True,
        check=False, cwd=tmp_path,
    )  # fmt: skip
    assert diff.returncode == 1  # fixes pending, as ruff --diff says
    assert diff.stdout.startswith(b"--- event.trf")
    assert source.read_bytes() == text.encode("utf-8")  # --diff writes nothing
    written = _cli("fix", "event.trf", "-o", "fixed.trf", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    (tmp_path / "event.diff").write_bytes(diff.stdout)
    patched = subprocess.run(
        ["patch", "-s", "-p0", "-i", "event.diff"], cwd=tmp_path, capture_output=True, check=False
    )
    assert patched.returncode == 0, patched.stderr
    assert source.read_bytes() == (tmp_path / "fixed.trf").read_bytes()


def test_in_place_keeps_a_backup(tmp_path: Path) -> None:
    """``--in-place`` replaces the file and keeps the original as FILE.bak."""
    text, _ = planting.plant_points(_clean(planting.swiss(9, 4, seed=5).text), random.Random(1))
    path = tmp_path / "e.trf"
    path.write_text(text, encoding="utf-8")
    run = _cli("fix", str(path), "--in-place")
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "e.trf.bak").read_text(encoding="utf-8") == text
    assert "T001" not in _codes(trfkit.check(path))
    assert "written to" in run.stdout and " T001 " in run.stdout


def test_refusals(tmp_path: Path) -> None:
    """The input as the output without --in-place, and a file with reading errors, are refused."""
    path = tmp_path / "e.trf"
    path.write_text(planting.swiss(9, 4, seed=5).text, encoding="utf-8")
    same = _cli("fix", str(path), "-o", str(path))
    assert same.returncode == 2 and "is the input file" in same.stderr
    broken = tmp_path / "broken.trf"
    lines = path.read_text(encoding="utf-8").split("\n")
    lines = [line[:93] + "x" + line[94:] if line.startswith("001    1") else line for line in lines]
    broken.write_text("\n".join(lines), encoding="utf-8")
    refused = _cli("fix", str(broken), "-o", str(tmp_path / "out.trf"))
    assert refused.returncode == 2 and "P006" in refused.stderr
    assert not (tmp_path / "out.trf").exists()
    unknown = _cli("fix", str(path), "--select", "B002")
    assert unknown.returncode == 2 and "fix answers none" in unknown.stderr


def test_json_output_lists_fixes_and_what_is_left(tmp_path: Path) -> None:
    """``--format json`` lists each fix (code, place, old and new value) and the findings left."""
    base = _clean(planting.swiss(9, 4, seed=5).text)
    text, planted = planting.plant_count(base, random.Random(1))
    path = tmp_path / "e.trf"
    path.write_text(text, encoding="utf-8")
    run = _cli("fix", str(path), "--format", "json")
    assert run.returncode == 1  # fixes pending: nothing was written
    found = json.loads(run.stdout)
    (only,) = found["fixes"]
    assert (only["code"], only["line"], only["old"]) == (planted[0].code, planted[0].line,
                                                          planted[0].new.strip())  # fmt: skip
    assert found["not_fixed"] == [] and found["output"] is None


# --- the API ----------------------------------------------------------------------------------


def test_api_fix_returns_the_tournament_and_the_fixes() -> None:
    """``trfkit.fix(tournament, select=…)`` fixes only the codes selected."""
    base = _clean(planting.swiss(9, 4, seed=6).text)
    text, _ = planting.plant_count(base, random.Random(2))
    text, more = planting.plant_colour_case(text)
    fixed, fixes = trfkit.fix(trfkit.loads(text), select=["P007"])
    assert [f.code for f in fixes] == ["P007"]
    assert trfkit.dumps(fixed) == text.replace("152 w", "152 W")
    assert planting.uncovered(text, trfkit.dumps(fixed), more) == []


def test_api_fix_refuses_what_it_cannot_read() -> None:
    """A tournament whose text has an unreadable round block is refused with FixError."""
    text = planting.swiss(9, 4, seed=5).text
    lines = [line[:93] + "x" + line[94:] if line.startswith("001    1") else line
             for line in text.split("\n")]  # fmt: skip
    with pytest.raises(FixError):
        trfkit.fix(trfkit.loads("\n".join(lines)))
    with pytest.raises(trfkit.TrfError):
        trfkit.fix("012 not a tournament\n")  # type: ignore[arg-type]


def test_ambiguous_dates_are_left_for_the_arbiter() -> None:
    """042 08/04/2018 and 052 09/04/2018 read either way with no round date: not fixed."""
    text = planting.swiss(9, 3, seed=2).text.split("\n")
    text = [
        "042 08/04/2018" if line.startswith("042") else
        "052 09/04/2018" if line.startswith("052") else line
        for line in text
        if not line.startswith("132")
    ]  # fmt: skip
    _, report = _fixed_text("\n".join(text))
    assert not [f for f in report.fixes if f.code == "E013"]
    assert "E013" in _codes(report.not_fixed)


def test_dates_are_fixed_in_the_order_the_rounds_decide() -> None:
    """042 16.03.2024 with round dates 16.03.24 …: day first is the only order in time."""
    event = planting.same_date_form()
    fixed, _ = _fixed_text(event.text, select=["E013"])
    assert event.header_value("042") == "16.03.2024"
    assert "042 2024/03/16" in fixed and "052 2024/03/20" in fixed
    assert "24/03/16  24/03/17" in fixed
    assert "E013" not in _codes(trfkit.check(fixed))


@pytest.mark.parametrize("seed", range(60))
def test_mutated_files_never_crash_fix(seed: int) -> None:
    """Hostile and mutated inputs: fix gives a report or a FixError, never another exception."""
    import fuzzing

    rng = random.Random(seed)
    data = fuzzing.generate(rng, fuzzing.seed_files())
    result = trfkit.parse(data)
    if result.fatal is not None:
        return
    try:
        report = fix_report(result.tournament, diagnostics=result.diagnostics)
    except FixError:
        return
    assert trfkit.dumps(report.tournament) == report.text
    assert planting.games(report.text) == planting.games(trfkit.dumps(result.tournament))
    assert not fix_report(report.tournament).fixes  # a second run finds nothing more
    # a fixed code is left only where a result is disputed (the arbiter's)
    found = [x for d in trfkit.check(report.text) for x in (d, *d.instances)]
    disputed = {"S001", "S002", "S003", "S004", "S007", "P008"}
    lines = {d.line for d in found if d.code in disputed}
    players = {s for d in found if d.code in disputed for s in d.players}
    fixed = {f.code for f in report.fixes}
    assert not [
        d for d in found
        if d.code in fixed and d.line not in lines and not set(d.players) & players
    ]  # fmt: skip



def test_select_takes_names() -> None:
    """``select=["points-mismatch"]`` fixes the points as ``select=["T001"]`` does."""
    text, _ = planting.plant_points(_clean(planting.swiss(9, 4, seed=5).text), random.Random(1))
    text, _ = planting.plant_colour_case(text)
    by_name = [f.code for f in trfkit.fix(trfkit.loads(text), select=["points-mismatch"])[1]]
    assert by_name == ["T001"]


def test_appended_values_of_a_large_event_are_fixed() -> None:
    """48 players with a value appended to each line: read without P006, and fixed (T008).

    The numbers after the last round are first read as round blocks; past the repeat cap
    their complaints were only counted, and the count outlived them (a P006 that made
    ``fix`` refuse the file).
    """
    event = planting.swiss(48, 5, seed=9)
    lines = []
    for line in event.text.split("\n"):
        if line.startswith("001"):
            line = line.ljust(planting.block_start(6) - 1) + "     0.0"
        elif line.startswith("142"):
            line += "\n202 SB"
        lines.append(line)
    text = "\n".join(lines)
    found = _codes(trfkit.check(text))
    assert "P006" not in found and "T008" in found
    fixed, report = _fixed_text(text, select=["T008"])
    assert report.fixes and {f.code for f in report.fixes} == {"T008"}
    assert "T008" not in _codes(trfkit.check(fixed))
    played = {key: block for key, block in planting.games(text).items() if key[1] <= 5}
    assert {k: b for k, b in planting.games(fixed).items() if k[1] <= 5} == played


def _rr4(ranks: tuple[str, str, str, str], points: tuple[str, str, str, str], rounds: list[str],
         name: str) -> str:  # fmt: skip
    lines = ["012 " + name, "042 2024/05/01", "052 2024/05/03", "062 4",
             "092 Individual: Round-Robin", "142 3"]  # fmt: skip
    names = ("One, A", "Two, B", "Three, C", "Four, D")
    for n in range(4):
        line = f"001 {n + 1:>4} m    {names[n]:<33} {2400 - 100 * n:>4} NOR"
        line = line.ljust(80) + f"{points[n]:>4} {ranks[n]:>4}  " + rounds[n]
        lines.append(line)
    return "\n".join(lines) + "\n"


RR4_ROUNDS = [
    "   4 w 1     2 w 1     3 b 1",
    "   3 w 0     1 b 0     4 w 1",
    "   2 b 1     4 b 1     1 w 0",
    "   1 b 0     3 w 0     2 b 0",
]
"""A round robin of four (by hand): player 1 wins all three (3.0), player 3 beats 2 and 4
(2.0), player 2 beats 4 (1.0), player 4 loses all (0.0): the places 1, 3, 2, 4."""


def test_a_winner_left_unranked_is_no_shift_and_no_fix() -> None:
    """The winner's rank blank, the others 2, 3, 4 as they finished: no finding, nothing fixed."""
    text = _rr4(("", "3", "2", "4"), ("3.0", "1.0", "2.0", "0.0"), RR4_ROUNDS, "blank winner")
    found = _codes(trfkit.check(text))
    assert not found & {"T006", "C005", "T012"}
    assert not [f for f in _fixed_text(text)[1].fixes if f.field == "rank"]


def test_points_that_depend_on_the_withdrawal_convention_are_not_fixed() -> None:
    """Points that depend on the withdrawal convention are listed, not fixed.

    Player 4 withdrew after one game; the file keeps the games (T002). Player 2's 2.5 is
    wrong under both readings (1.5 with the games, 0.5 without): which to write is the
    arbiter's.
    """
    rounds = [
        "   4 w 1     2 w 1     3 b 1",
        "   3 w =     1 b 0     4 w +",
        "   2 b =     4 b +     1 w 0",
        "   1 b 0     3 w -     2 b -",
    ]
    text = _rr4(("1", "2", "3", "4"), ("3.0", "2.5", "1.5", "0.0"), rounds, "withdrawal")
    _, report = _fixed_text(text)
    assert not [f for f in report.fixes if f.field == "points"]
    assert "T001" in _codes(report.not_fixed)


def test_an_undeclared_order_inside_a_points_group_is_left_alone() -> None:
    """Two players of equal points in an order no common list gives (T007): no rank changes."""
    event = planting.swiss(12, 5, seed=21)
    base = _clean(event.text)
    players = _players(base)
    by_points: dict[str, list[int]] = {}
    for s, line in players.items():
        by_points.setdefault(line[80:84], []).append(s)
    pair = next(sorted(group)[:2] for group in by_points.values() if len(group) >= 2)
    a, b = (players[s] for s in pair)
    swapped = base.replace(a, a[:85] + b[85:89] + a[89:]).replace(b, b[:85] + a[85:89] + b[89:])
    _, report = _fixed_text(swapped)
    assert not [f for f in report.fixes if f.field == "rank"]


@pytest.mark.parametrize(
    ("written", "message", "fixed"),
    [
        ("062 18", "062 declares 18 players", "062 4"),
        ("062 18 (12)", "062 declares 18 players", "062 4 (12)"),
        ("062 \u00a018", "062 declares 18 players", "062 \u00a04"),
        ("062 \u0661\u0668", "expected a number", "062 \u0661\u0668"),
    ],
)
def test_a_count_is_rewritten_only_where_the_check_reads_a_number(
    written: str, message: str, fixed: str
) -> None:
    """062's first number is rewritten exactly where the check (E008) reads one.

    ASCII digits after any blanks (a no-break space among them) are the count; ``١٨``
    (Arabic-Indic digits) is no number a file states: the arbiter's to write, not a count
    to fix.
    """
    text = _rr4(("1", "3", "2", "4"), ("3.0", "1.0", "2.0", "0.0"), RR4_ROUNDS, "count")
    text = text.replace("062 4\n", written + "\n")
    (finding,) = [d for d in trfkit.check(text) if d.code == "E008"]
    assert message in finding.message
    out, _ = _fixed_text(text, select=["E008"])
    assert out.splitlines()[3] == fixed
