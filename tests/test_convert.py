"""Version conversion TRF16 <-> TRF-2026, the adjustment report, and ``trfkit convert``."""

from __future__ import annotations

import difflib
import json
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
import test_canonical as strategies
from hypothesis import given, settings
from hypothesis import strategies as st
from locations import CORPUS_FILES, ROOT, needs_corpus

import trfkit
from trfkit import formats as cv
from trfkit.cli import main
from trfkit.dates import readings
from trfkit.diagnostics import Severity
from trfkit.formats import jsonform
from trfkit.model import (
    FileFormat,
    Player,
    RawRecord,
    RoundDates,
    Scoring,
    Team,
    TextRecord,
    Tournament,
)
from trfkit.trf.decode import decode, split_lines
from trfkit.trf.writer import render_canonical

FIXTURES = ROOT / "fixtures" / "real"
LATIN1 = FIXTURES / "icu_encoding_sample_latin1.trf"
UTF8 = FIXTURES / "icu_encoding_sample_utf8.trf"
RR3 = FIXTURES / "icu_spec_las_vegas_all_play_all_3p_synthetic.trf"



def player(rank: int, name: str, title: str = "", rounds: str = "", points: str = "") -> str:
    """A 001 line placed by hand in the TRF16 columns.

    Start rank in 5-8, title in 11-13, name in 15-47, points in 81-84, blocks from 92.
    """
    head = f"001 {rank:>4} m{title:>3} {name:<33}"
    return (head.ljust(80) + points.rjust(4)).ljust(91) + rounds


def team013(name: str, *members: int) -> str:
    """A 013 line: name in 5-36, members every 5 columns from 37."""
    return "013 " + name.ljust(32) + " ".join(f"{m:>4}" for m in members)


def lines_of(text: str) -> list[str]:
    """The lines of a text without their terminators."""
    return split_lines(text)[0]


def uncovered(original: str, output: str, adjustments: tuple[cv.Adjustment, ...]) -> list[str]:
    """Lines that differ between *original* and *output* and that no adjustment names.

    An original line that is changed or gone must have an adjustment on its line number;
    a line that only the output has must be the ``after`` text of an adjustment (or one
    of the ``###`` report lines).
    """
    old, new = lines_of(original), lines_of(output)
    lines = {a.line for a in adjustments}
    afters = {a.after for a in adjustments}
    missing = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "delete"):
            missing += [f"line {i + 1}: {old[i]!r}" for i in range(i1, i2) if i + 1 not in lines]
        if tag == "insert":
            missing += [
                f"new: {new[j]!r}"
                for j in range(j1, j2)
                if new[j] not in afters and not new[j].startswith("### ")
            ]
    return missing


# --- the record mapping -------------------------------------------------------------------------

SWISS16 = "\n".join(
    [
        "012 Club Open",
        "092 Individual: Swiss-System Dutch (JaVaFo)",
        "XXR 9",
        "XXC rank white1",
        "XXS W=3 D=1",
        team013("Knights", 1, 2),
        player(1, "Alpha, Ann", "g", "   2 w 1", "3.0"),
        player(2, "Beta, Bea", "", "   1 b 0", "0.0"),
        "",
    ]
)


def test_trf16_records_become_trf26_records() -> None:
    """XXR -> 142, XXC white1 -> 152 W, XXS -> 162, 092 -> 092 + 192, g -> GM; a 013 kept.

    The one 013 groups the players of an individual Swiss (its 092 says so): a 310 would
    make it a team event, so it stays 013.
    """
    out = cv.render_trf(cv.to_trf26(trfkit.loads(SWISS16)), canonical=True).text
    lines = out.splitlines()
    assert lines[1:7] == [
        "092 Individual: Swiss-System Dutch (JaVaFo)",
        "192 FIDE_DUTCH",
        "142 9",
        "152 W",
        "XXC rank",  # 'rank' has no TRF-2026 equivalent: kept
        # XXS W=3 D=1 (JaVaFo: PAB keeps its default 1) in 162 terms: W 3, D 1, and P 1
        # because the 162 default for P is the value of W (3).
        "162  W 3.0    D 1.0    P 1.0",
    ]
    assert lines[7] == team013("Knights", 1, 2)
    assert lines[8][10:13] == " GM"


def test_a_team_events_013_records_become_310() -> None:
    """Two 013 teams whose players meet: a team event, whose teams TRF-2026 writes as 310."""
    text = "\n".join(
        [
            "012 League",
            team013("Knights", 1, 2),
            team013("Rooks", 3, 4),
            player(1, "Alpha", "", "   3 w 1", "1.0"),
            player(2, "Beta", "", "   4 b =", "0.5"),
            player(3, "Gamma", "", "   1 b 0", "0.0"),
            player(4, "Delta", "", "   2 w =", "0.5"),
            "",
        ]
    )
    lines = cv.render_trf(cv.to_trf26(trfkit.loads(text)), canonical=True).text.splitlines()
    teams = [line for line in lines if line[:3] in ("013", "310")]
    assert [(t[:3], t[4:7], t[8:40].rstrip()) for t in teams] == [
        ("310", "  1", "Knights"), ("310", "  2", "Rooks")
    ]
    assert teams[0][73:77] == "   1" and teams[0][78:82] == "   2"


def test_trf26_records_become_trf16_records() -> None:
    """310 -> 013, 142 -> XXR, 152 joins XXC, 162 -> XXS, 192 dropped next to a 092."""
    there = cv.render_trf(cv.to_trf26(trfkit.loads(SWISS16)), canonical=True).text
    back = cv.render_trf(cv.to_trf16(trfkit.loads(there)), canonical=True).text
    lines = back.splitlines()
    assert lines[1:5] == [
        "092 Individual: Swiss-System Dutch (JaVaFo)",
        "XXR 9",
        "XXC rank white1",
        "XXS W=3.0 D=1.0",
    ]
    assert lines[5] == team013("Knights", 1, 2)
    assert back == render_canonical(trfkit.loads(SWISS16)).replace("  g Alpha", " GM Alpha")


def test_every_conversion_step_is_reported() -> None:
    """Each rewritten, added, moved and kept record is in the report with its source line."""
    conversion = cv.to_trf26(trfkit.loads(SWISS16))
    found = {(a.line, a.action.value, a.record, a.field) for a in conversion.adjustments}
    assert found == {
        (2, "added", "192", ""),
        (3, "rewritten", "XXR", ""),
        (4, "moved", "XXC", "colour"),
        (4, "kept", "XXC", ""),
        (5, "rewritten", "XXS", ""),
        (6, "kept", "013", ""),
        (7, "rewritten", "001", "title"),
    }


def test_dropped_team_fields_are_named() -> None:
    """310 -> 013 lists the number, nickname, strength, points and rank 013 cannot hold."""
    line = (
        "310   4 India".ljust(41)
        + "IND  "
        + " 2390.0"
        + "    7.0"
        + "   12.5"
        + "   2"
        + "     1    2"
    )
    conversion = cv.to_trf16(trfkit.loads("012 X\n" + line + "\n"))
    dropped = {(a.field, a.before) for a in conversion.adjustments if a.action is cv.Action.DROPPED}
    assert dropped == {
        ("team number", "4"),
        ("nickname", "IND"),
        ("strength factor", "2390.0"),
        ("match points", "7.0"),
        ("game points", "12.5"),
        ("team rank", "2"),
    }
    (team,) = conversion.tournament.teams
    assert (team.code, team.name, team.members) == ("013", "India", (1, 2))


def test_records_trf16_cannot_hold_are_dropped_or_kept() -> None:
    """202, 352, ### and national records are dropped (listed), or kept when asked."""
    text = "012 X\n202 PTS,BH\n352 WBWB\n### note\nFRA    1    A\n001    1\n"
    dropped = cv.to_trf16(trfkit.loads(text))
    assert [type(r).__name__ for r in dropped.tournament.records] == ["TextRecord", "Player"]
    assert [a.line for a in dropped.adjustments if a.action is cv.Action.DROPPED] == [2, 3, 4, 5]
    kept = cv.to_trf16(trfkit.loads(text), options=cv.ConvertOptions(keep_unsupported=True))
    assert len(kept.tournament.records) == 6
    assert [a.line for a in kept.adjustments if a.action is cv.Action.KEPT] == [2, 3, 4, 5]


def test_bye_records_move_into_round_blocks() -> None:
    """A 240 H bye for an empty round block becomes '0000 - H' in that block (TRF16)."""
    text = "\n".join(
        [
            "012 X",
            player(1, "Alpha", rounds="   2 w 1"),
            player(2, "Beta", rounds="   1 b 0"),
            "240 H   2    1",  # kind H in col 5, round 2 in 7-9, player 1 in 11-14
            "",
        ]
    )
    conversion = cv.to_trf16(trfkit.loads(text))
    out = cv.render_trf(conversion, canonical=True).text.splitlines()
    assert out[1][101:109] == "0000 - H"
    assert len(out) == 3
    moved = [a for a in conversion.adjustments if a.action is cv.Action.MOVED]
    assert [(a.line, a.field) for a in moved] == [(4, "id 1")]


def test_scoring_162_defaults_need_no_xxs() -> None:
    """162 W 1.0 D 0.5 L 0.0 is JaVaFo's default scoring: no XXS line is written."""
    conversion = cv.to_trf16(trfkit.loads("012 X\n162  W 1.0    D 0.5    L 0.0\n"))
    assert not any(isinstance(r, Scoring) for r in conversion.tournament.records)
    assert [a.action for a in conversion.adjustments] == [cv.Action.MERGED]


def test_scoring_162_pab_value_becomes_xxs_pab() -> None:
    """162 P 0.5 (a PAB worth a draw) is XXS PAB=0.5; the other values are defaults."""
    conversion = cv.to_trf16(trfkit.loads("012 X\n162  P 0.5\n"))
    (scoring,) = [r for r in conversion.tournament.records if isinstance(r, Scoring)]
    assert (scoring.code, scoring.values) == ("XXS", (("PAB", Fraction(1, 2)),))


def test_colour_dependent_xxs_is_kept_and_reported() -> None:
    """XXS WW=1 BW=1.5 cannot be one 162 W value: the XXS stays and the report says why."""
    conversion = cv.to_trf26(trfkit.loads("012 X\nXXS WW=1 BW=1.5\n"))
    assert conversion.tournament.records[1].code == "XXS"  # type: ignore[attr-defined]
    (note,) = conversion.adjustments
    assert note.action is cv.Action.KEPT and "162 cannot express it" in note.why


def test_unknown_result_points_are_reported_going_to_trf16() -> None:
    """162 X 0.0 (adjourned games worth 0) has no XXS code: reported as dropped."""
    conversion = cv.to_trf16(trfkit.loads("012 X\n162  W 2.0    X 0.0\n"))
    dropped = [a for a in conversion.adjustments if a.action is cv.Action.DROPPED]
    assert len(dropped) == 1 and "unknown result" in dropped[0].why
    (scoring,) = [r for r in conversion.tournament.records if isinstance(r, Scoring)]
    assert scoring.values == (("W", Fraction(2)), ("PAB", Fraction(2)))


def test_192_becomes_092_when_there_is_none() -> None:
    """A 192 code without a 092 line is kept as the 092 text."""
    records = cv.to_trf16(trfkit.loads("012 X\n192 FIDE_DUTCH_2025\n")).tournament.records
    assert render_canonical(Tournament(records)) == "012 X\n092 FIDE_DUTCH_2025\n"


@pytest.mark.parametrize(
    ("text", "team", "code"),
    [
        ("Individual: Swiss-System Dutch (JaVaFo)", False, "FIDE_DUTCH"),
        ("Individual  Swiss Dutch 2017 rules", False, "FIDE_DUTCH_2017"),
        ("IndividualDutch FIDE (JaVaFo)", False, "FIDE_DUTCH"),
        ("All-Play-All", False, "FIDE_ROUNDROBIN"),
        ("Individual: Round-Robin", False, "FIDE_ROUNDROBIN"),
        ("Rundenturnier", False, "FIDE_ROUNDROBIN"),
        ("Double Round Robin", False, "FIDE_DOUBLEROUNDROBIN"),
        ("Round Robin", True, "FIDE_TEAM_ROUNDROBIN"),
        ("FIDE-TEAM-BAKU", True, "FIDE_TEAM_BAKU"),
        ("Swiss", False, None),
        ("Individual: Swiss-System", False, None),
        ("Team Swiss System", True, None),
        ("Team League", True, None),
    ],
)
def test_092_texts_and_their_192_codes(text: str, team: bool, code: str | None) -> None:
    """092 free texts seen in real files map to a 192 code only where they name a system."""
    assert cv.type_code(text, team=team) == code


@pytest.mark.parametrize(
    ("order", "team", "code"),
    [
        ("any", False, "FIDE_DOUBLEROUNDROBIN"),
        ("fide-swap", False, "FIDE_DOUBLEROUNDROBIN"),
        ("table", False, "BERGER_DOUBLEROUNDROBIN"),
        ("rotate-4", False, "CUSTOM_ROUNDROBIN"),
        ("any", True, "FIDE_TEAM_DOUBLEROUNDROBIN"),
        ("table", True, "BERGER_TEAM_ROUNDROBIN_G2"),
        ("rotate-4", True, None),
    ],
)
def test_double_round_robin_reading_is_an_option(order: str, team: bool, code: str) -> None:
    """UNCERTAIN: 'double round robin' is the FIDE swap variant by default; --round-order says."""
    options = cv.ConvertOptions(round_order=order)
    assert cv.type_code("Double round-robin", team=team, options=options) == code


@pytest.mark.parametrize(
    ("args", "code", "warning"),
    [
        ([], "FIDE_DOUBLEROUNDROBIN", None),
        (["--round-order", "table"], "BERGER_DOUBLEROUNDROBIN", None),
        (["--double-round-robin", "berger"], "BERGER_DOUBLEROUNDROBIN", "--round-order table"),
        (["--double-round-robin", "swapped"], "FIDE_DOUBLEROUNDROBIN", "--round-order fide-swap"),
    ],
)
def test_convert_round_order_option_and_its_old_spelling(
    args: list[str], code: str, warning: str | None, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--round-order decides an unplayed double round robin's 192; the old spelling warns."""
    source = tmp_path / "in.trf"
    source.write_text("012 X\n092 Double Round Robin\n" + player(1, "A") + "\n" + player(2, "B")
                      + "\n" + player(3, "C") + "\n", encoding="utf-8")  # fmt: skip
    target = tmp_path / "out.trf"
    argv = ["convert", str(source), "--to", "trf26", "--type-codes", "all", "-o", str(target)]
    assert main([*argv, *args]) == 0
    assert f"192 {code}\n" in target.read_text(encoding="utf-8")
    err = capsys.readouterr().err
    if warning is None:
        assert "deprecated" not in err
    else:
        assert "is deprecated" in err and warning in err


def test_lower_case_titles_become_standard_both_ways() -> None:
    """TRF06 titles (g, m, wf) are written GM, IM, WFM whichever version is the target."""
    text = "012 X\n" + player(1, "A", "g") + "\n" + player(2, "B", " wf") + "\n"
    for convert in (cv.to_trf16, cv.to_trf26):
        out = cv.render_trf(convert(trfkit.loads(text))).text.splitlines()
        assert (out[1][10:13], out[2][10:13]) == (" GM", "WFM")


def test_a_line_the_reader_repaired_is_rewritten_and_reported() -> None:
    """With the reader's warnings, a '*' result is written blank and listed as dropped."""
    text = "012 X\n" + player(1, "A", rounds="   2 w 1  0000 - *") + "\n" + player(2, "B") + "\n"
    result = trfkit.parse(text)
    rendered = cv.render_trf(
        cv.to_trf26(result.tournament), repair=cv.lines_to_repair(result.diagnostics)
    )
    trfkit.parse(rendered.text, strict=True)
    (dropped,) = [a for a in rendered.adjustments if a.action is cv.Action.DROPPED]
    assert (dropped.line, dropped.field, dropped.before) == (2, "round 2", "0000 - *")


def test_comments_option_writes_the_report_as_comment_lines() -> None:
    """--comments puts '###' lines first; they read back as comments."""
    rendered = cv.render_trf(cv.to_trf26(trfkit.loads(SWISS16)), comments=True)
    t = trfkit.parse(rendered.text, strict=True).tournament
    comments = [r for r in t.records if isinstance(r, RawRecord) and r.kind == "comment"]
    assert comments and t.records[: len(comments)] == tuple(comments)
    assert "converted to TRF-2026" in comments[0].text
    assert any("line 6: 013 kept" in c.text for c in comments)


def test_newline_and_final_newline_changes_are_reported() -> None:
    """CRLF -> LF and an added final newline are file-level adjustments."""
    t = trfkit.loads(b"012 X\r\n001    1")
    rendered = cv.render_trf(t, canonical=True)
    assert rendered.text == "012 X\n001    1\n"
    assert {(a.field, a.before, a.after) for a in rendered.adjustments} == {
        ("line endings", "CRLF", "LF"),
        ("line ending", None, "LF"),
    }


def test_converting_to_the_same_version_changes_nothing() -> None:
    """A TRF-2026 file converted to TRF-2026 keeps every record (no adjustment)."""
    text = "012 X\n142 5\n152 W\n192 FIDE_DUTCH_2025\n001    1\n"
    conversion = cv.to_trf26(trfkit.loads(text))
    assert conversion.adjustments == ()
    assert cv.render_trf(conversion).text == text


# --- the acceptance loops over the corpus ---------------------------------------------------------


def _read(path: Path) -> tuple[str, trfkit.ParseResult]:
    data = path.read_bytes()
    return decode(data).text, trfkit.parse(data)


def _trf16(t: Tournament) -> Tournament:
    """The file itself when it is TRF16, else its TRF16 conversion."""
    if t.file_format is FileFormat.TRF16:
        return t
    return cv.to_trf16(t).tournament


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_trf16_to_trf26_and_back_gives_the_canonical_trf(path: Path) -> None:
    """TRF16 -> TRF-2026 -> TRF16 gives the canonical TRF16, dates in TRF-2026's form."""
    original = _trf16(trfkit.parse(path.read_bytes()).tournament)
    there = cv.to_trf26(original).tournament
    back = cv.to_trf16(there).tournament
    _assert_round_trip(original, back)


def _assert_round_trip(original: Tournament, back: Tournament) -> None:
    """*back* is *original* but for its rulers (TRF-2026 writes them as ###) and date forms."""
    kept = [r for r in original.records if not (isinstance(r, RawRecord) and r.kind == "ruler")]
    assert [_as_dates(r) for r in back.records] == [_as_dates(r) for r in kept]


def _when(text: str) -> object:
    """A date text as the calendar dates it can stand for (the text itself if none)."""
    return {r.date for r in readings(text)} or text


def _as_dates(record: object) -> object:
    """A record with its dates as calendar dates: TRF-2026 rewrites their text."""
    if isinstance(record, TextRecord) and record.code in ("042", "052"):
        return ("date", record.code, _when(record.value))
    if isinstance(record, Player):
        return (attrs.evolve(record, birth_date=""), _when(record.birth_date))
    if isinstance(record, RoundDates):
        return ("132", tuple(_when(d) for d in record.dates))
    return render_canonical(Tournament((record,)))


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("target", ["trf26", "trf16"])
@pytest.mark.parametrize("canonical", [False, True], ids=["lossless", "canonical"])
def test_corpus_report_names_every_changed_line(path: Path, target: str, canonical: bool) -> None:
    """Every line that differs between a real file and its conversion has an adjustment."""
    text, result = _read(path)
    rendered = cv.render_trf(
        cv.convert(result.tournament, target),
        canonical=canonical,
        repair=cv.lines_to_repair(result.diagnostics),
    )
    assert uncovered(text, rendered.text, rendered.adjustments) == []


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_json_report_names_every_line_the_json_changes(path: Path) -> None:
    """TRF -> JSON -> TRF: the report of the JSON conversion names every changed line."""
    text, result = _read(path)
    back = render_canonical(jsonform.loads(jsonform.dumps(result.tournament)))
    report = cv.render_trf(result.tournament, canonical=True).adjustments
    assert uncovered(text, back, report) == []


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("target", ["trf26", "trf16"])
def test_corpus_converted_files_read_in_strict_mode(path: Path, target: str) -> None:
    """A converted real file (lossless and canonical) reads with strict=True."""
    _, result = _read(path)
    conversion = cv.convert(result.tournament, target)
    for canonical in (False, True):
        rendered = cv.render_trf(
            conversion, canonical=canonical, repair=cv.lines_to_repair(result.diagnostics)
        )
        trfkit.parse(rendered.text, strict=True)


# --- the same properties on generated tournaments ---------------------------------------------

_NORMAL_XXS = st.tuples(
    *(st.integers(0, 6).map(lambda n: Fraction(n, 2)) for _ in range(5))
).map(
    # The shortest XXS for W, D, L, A, P values: codes only where JaVaFo's default differs.
    lambda v: Scoring(
        "XXS",
        tuple(
            pair
            for pair, default in (
                (("W", v[0]), 1),
                (("D", v[1]), Fraction(1, 2)),
                (("WL", v[2]), 0),
                (("BL", v[2]), 0),
                (("ZPB", v[3]), 0),
                (("FL", v[3]), 0),
                (("PAB", v[4]), 1),
            )
            if pair[1] != default
        )
        or (("W", Fraction(2)),),
    )
)


@st.composite
def _convertible(draw: st.DrawFn) -> list[object]:
    records = draw(st.lists(st.one_of(*strategies.RECORDS.values()), max_size=10))
    singles = [s for name, s in strategies.SINGLE_RECORDS.items() if name != "scoring"]
    # Any 162 or 362; an XXS only in the shortest form (TRF-2026 -> TRF16 writes that one).
    singles += [strategies.scoring("162"), strategies.scoring("362"), _NORMAL_XXS]
    for strategy in singles:
        records.extend(draw(st.lists(strategy, max_size=1)))
    return records


CONVERTIBLE = strategies.tournaments(_convertible())


@settings(strategies.PROPERTY, max_examples=200)
@given(CONVERTIBLE)
def test_generated_trf16_to_trf26_and_back_gives_the_canonical_trf(t: Tournament) -> None:
    """TRF16 -> TRF-2026 -> TRF16 is the identity on canonical TRF16 text, for generated files."""
    x16 = cv.to_trf16(t).tournament
    there = cv.to_trf26(x16)
    back = cv.to_trf16(there.tournament).tournament
    _assert_round_trip(x16, back)
    text = render_canonical(x16)
    read = trfkit.parse(text)
    for canonical in (False, True):
        rendered = cv.render_trf(cv.to_trf26(read.tournament), canonical=canonical)
        assert uncovered(text, rendered.text, rendered.adjustments) == []
        if not any(isinstance(r, RawRecord) and r.kind == "unknown" for r in t.records):
            trfkit.parse(rendered.text, strict=True)


# --- the command line -------------------------------------------------------------------------


def test_cli_latin1_and_utf8_twins_give_identical_utf8(tmp_path: Path) -> None:
    """The ICU Latin-1 and UTF-8 samples convert to the same UTF-8 bytes."""
    for options in ([], ["--canonical"], ["--to", "trf26"], ["--to", "json"], ["--to", "csv"]):
        outputs = []
        for source in (LATIN1, UTF8):
            out = tmp_path / f"{source.stem}.out"
            argv = ["convert", str(source), "-o", str(out), "--output-encoding", "utf-8"]
            assert main([*argv, *options]) == 0
            outputs.append(out.read_bytes())
        assert outputs[0] == outputs[1], options
        outputs[0].decode("utf-8")


def test_cli_to_trf26_writes_the_file_and_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--to trf26 --report-adjustments: the 013 of an individual event kept, a line each."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(RR3), "--to", "trf26", "-o", str(out), "--report-adjustments"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "\n192 " not in text  # 092 All-Play-All: FIDE_ROUNDROBIN, which bbpPairings refuses
    assert "\n013 Coaching Team" in text  # a club of an individual event: no 310 team
    assert "\n042 2008/06/07\n" in text  # written 2008.06.07
    report = "\n".join(capsys.readouterr().out.splitlines())
    assert f"{RR3}:13: 013 kept" in report
    assert f"{RR3}:9: 092 kept ('All-Play-All' names 192 FIDE_ROUNDROBIN" in report
    # 042, 052, 092, 013, two rulers, three birth dates and two TRF06 titles
    assert report.splitlines()[-1].startswith(f"{RR3}: 11 adjustments")
    trfkit.parse(out.read_bytes(), strict=True)


def test_cli_json_report_always_lists_adjustments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--format json prints every adjustment even without --report-adjustments."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(RR3), "--to", "trf26", "-o", str(out), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (entry,) = report["files"]
    assert (entry["from"], entry["to"], entry["source_format"]) == ("trf", "trf26", "trf16")
    assert len(entry["adjustments"]) == 11  # as --report-adjustments lists them above
    assert {"action", "line", "record", "field", "before", "after", "why", "message"} <= set(
        entry["adjustments"][0]
    )


def test_cli_several_inputs_into_a_directory(tmp_path: Path) -> None:
    """Several inputs with -o DIR: one output per input, named after it."""
    folder = tmp_path / "out"
    folder.mkdir()
    assert main(["convert", str(LATIN1), str(RR3), "--to", "json", "-o", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == [LATIN1.stem + ".json", RR3.stem + ".json"]
    t = jsonform.loads((folder / (RR3.stem + ".json")).read_bytes())
    assert render_canonical(t) == render_canonical(trfkit.loads(RR3.read_bytes()))


def test_cli_several_inputs_need_a_directory(capsys: pytest.CaptureFixture[str]) -> None:
    """Several inputs without -o DIR are a usage error (exit 2)."""
    assert main(["convert", str(LATIN1), str(RR3)]) == 2
    assert "several inputs need -o DIR" in capsys.readouterr().err


def test_cli_never_writes_over_an_input_in_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o DIR where an output would replace one of the inputs is refused before writing."""
    source = tmp_path / "a.trf"
    source.write_bytes(RR3.read_bytes())
    assert main(["convert", str(source), "--to", "trf26", "-o", str(tmp_path)]) == 2
    assert "never writes over its input" in capsys.readouterr().err
    assert source.read_bytes() == RR3.read_bytes()


def test_cli_json_input_back_to_trf(tmp_path: Path) -> None:
    """--from json (detected from .json) --to trf writes the canonical TRF."""
    data = tmp_path / "in.json"
    data.write_text(jsonform.dumps(trfkit.loads(RR3.read_bytes())), encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(data), "--to", "trf", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render_canonical(trfkit.loads(RR3.read_bytes()))


@pytest.mark.parametrize(
    ("content", "target", "says"),
    [
        (b"# README\n\nprose only\n", "trf26", "none of its 3 lines is a TRF record (2 unknown"),
        (bytes.fromhex("1a2b4946d1fcdaa7039f18f70656c4f99d9c9689"), "trf26", "its only line is"),
        (b"### comment\n", "json", "its only line is not a TRF record (1 ### comment)"),
        (b"", "trf", "the file is empty"),
    ],
)
def test_cli_refuses_an_input_with_no_trf_record(
    content: bytes, target: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No TRF record (prose, random bytes, comments, nothing): exit 2, the reason, no output."""
    source = tmp_path / "in.trf"
    source.write_bytes(content)
    good = tmp_path / "good.trf"
    good.write_bytes(RR3.read_bytes())
    out = tmp_path / "out"
    out.mkdir()
    assert main(["convert", str(source), str(good), "--to", target, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"trfkit convert: {source}: " in err and says in err
    assert [p.name for p in out.iterdir()] == [f"good{'.json' if target == 'json' else '.trf'}"]


def test_cli_refuses_a_json_document_with_no_trf_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A JSON form holding only comment lines is refused like its TRF would be (exit 2)."""
    data = tmp_path / "in.json"
    doc = {"format": "trfkit", "version": 1, "trf_version": "trf26",
           "records": [{"type": "line", "kind": "comment", "text": "### hello"}]}  # fmt: skip
    data.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(data), "--to", "trf", "-o", str(out)]) == 2
    assert "records: no record is a TRF record" in capsys.readouterr().err
    assert not out.exists()


def test_cli_newline_and_canonical(tmp_path: Path) -> None:
    """--canonical --newline crlf: every line in the standard columns, CRLF endings."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(RR3), "--canonical", "--newline", "crlf", "-o", str(out)]) == 0
    expected = render_canonical(trfkit.loads(RR3.read_bytes()), newline="\r\n")
    assert out.read_bytes() == expected.encode("utf-8")


def test_cli_comments_land_in_the_file(tmp_path: Path) -> None:
    """--comments writes the report as ### lines at the top of the TRF."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(RR3), "--to", "trf26", "--comments", "-o", str(out)]) == 0
    first = out.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("### trfkit") and "converted to TRF-2026" in first


def test_cli_csv_with_semicolons(tmp_path: Path) -> None:
    """--to csv --delimiter semicolon writes a ;-separated crosstable with a BOM."""
    out = tmp_path / "out.csv"
    argv = ["convert", str(RR3), "--to", "csv", "--delimiter", "semicolon", "-o", str(out)]
    assert main(argv) == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfStart rank;Name;")


def test_cli_drop_notice_without_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --report-adjustments a conversion that drops values says so on stderr."""
    source = tmp_path / "in.trf"
    source.write_text("012 X\n202 PTS,BH\n001    1\n", encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(source), "--to", "trf16", "-o", str(out)]) == 0
    assert "1 adjustment drops information" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "012 X\n001    1\n"


@pytest.mark.parametrize(
    "options",
    [
        ["--to", "json", "--comments"],
        ["--to", "json", "--output-encoding", "latin-1"],
        ["--to", "trf26", "--delimiter", "tab"],
        ["--output-encoding", "no-such-codec"],
    ],
)
def test_cli_option_misuse_is_a_usage_error(options: list[str], tmp_path: Path) -> None:
    """Options that do not fit the target exit 2 before anything is written."""
    out = tmp_path / "out"
    assert main(["convert", str(RR3), "-o", str(out), *options]) == 2
    assert not out.exists()


def test_team_record_is_frozen_value() -> None:
    """Conversion never changes its input: the original tournament still has its 013."""
    t = trfkit.loads(SWISS16)
    cv.to_trf26(t)
    assert [team.code for team in t.teams] == ["013"]
    assert isinstance(t.teams[0], Team)


# --- fields off their columns -------------------------------------------------------------------

SHIFTED_299 = "012 Cup\n299 +  2.0  2.5   1    1\n"
LONG_NAME = "Abcdefghij Klmnopqrstuvwxyzabcdefg"  # 34 characters: into column 48


def test_a_shifted_field_is_moved_whole_and_said_so() -> None:
    """299 game points ``2.5`` from column 13 are written in 14-17, and the move is named."""
    rendered = cv.render_trf(cv.to_trf26(trfkit.loads(SHIFTED_299)), canonical=True)
    assert lines_of(rendered.text)[1] == "299 +   2.0   2.5    1    1"
    moved = {a.field: a for a in rendered.adjustments if a.action is cv.Action.MOVED}
    assert moved["points"].before == "2.5" and moved["points"].column == 13
    assert "it stood in columns 13-15" in moved["points"].message
    assert "->" not in moved["points"].message  # nothing to say "'2.5' -> '2.5'"
    assert "it stood in column 19" in moved["round"].message


def test_every_adjustment_message_says_what_changed() -> None:
    """No adjustment of a corpus-like shifted file reads ``'X' -> 'X'``."""
    text = "012 Open\n132" + " " * 89 + "25/09/13  25/09/14\n"
    rendered = cv.render_trf(trfkit.loads(text), canonical=True)
    assert lines_of(rendered.text)[1].endswith("25/09/13  25/09/14")
    assert lines_of(rendered.text)[1][91:99] == "25/09/13"
    for a in rendered.adjustments:
        assert not (a.before is not None and f"{a.before!r} -> {a.before!r}" in a.message)


def test_a_line_with_stray_text_is_kept_as_written() -> None:
    """A name running into the rating is not cut: the line is kept, and that is listed."""
    line = f"001 {1:>4} m    {LONG_NAME}2100 ENG"
    rendered = cv.render_trf(trfkit.loads(f"012 Open\n{line}\n"), canonical=True)
    assert lines_of(rendered.text)[1] == line
    (kept,) = [a for a in rendered.adjustments if a.line == 2]
    assert kept.action is cv.Action.KEPT and "kept as written" in kept.message


def test_a_stray_line_keeps_its_old_title_code() -> None:
    """A TRF06 title on a line with stray text is not rewritten (that would cut the text)."""
    line = f"001 {1:>4} m  g {LONG_NAME}2100 ENG"
    rendered = cv.render_trf(cv.to_trf26(trfkit.loads(f"012 Open\n{line}\n")), canonical=True)
    assert lines_of(rendered.text)[1] == line
    kept = [a for a in rendered.adjustments if a.line == 2 and a.field == "title"]
    assert [a.action for a in kept] == [cv.Action.KEPT]


def test_a_conversion_that_must_rewrite_a_stray_line_is_refused() -> None:
    """A team event's 013 line with stray text cannot become a 310: refused, naming the line."""
    name = "Abcdefghij Klmnopqrstuvwxyzabcdefg"  # 34 characters: into the first member
    text = "\n".join(
        [
            "012 Open",
            f"013 {name}1  2",
            team013("Rooks", 3, 4),
            player(1, "Alpha", "", "   3 w 1", "1.0"),
            player(2, "Beta", "", "   4 b =", "0.5"),
            player(3, "Gamma", "", "   1 b 0", "0.0"),
            player(4, "Delta", "", "   2 w =", "0.5"),
            "",
        ]
    )
    with pytest.raises(trfkit.TrfError, match=r"line 2: .*correct the line"):
        cv.render_trf(cv.to_trf26(trfkit.loads(text)), canonical=True)


# --- what the known readers accept --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Individual: Swiss-System Dutch (JaVaFo)", "FIDE_DUTCH"),
        ("Swiss Dutch 2025 Baku", "FIDE_DUTCH_2025_BAKU"),
        ("Individual  Swiss Dutch 2017 rules", None),  # FIDE_DUTCH_2017: bbpPairings refuses it
        ("All-Play-All", None),  # no games: no schedule to name its round robin
    ],
)
def test_only_192_codes_the_readers_accept_are_written(text: str, written: str | None) -> None:
    """--to trf26 adds a 192 only when bbpPairings reads it; otherwise it says why not."""
    conversion = cv.to_trf26(trfkit.loads(f"012 X\n092 {text}\n"))
    codes = [r.value for r in conversion.tournament.records if getattr(r, "code", "") == "192"]
    assert codes == ([written] if written else [])
    if written is None:
        (note,) = [a for a in conversion.adjustments if a.record == "092"]
        expected = "no Berger table" if "Play" in text else "bbpPairings refuses"
        assert note.action is cv.Action.KEPT and expected in note.why


def test_every_192_code_the_text_names_on_request() -> None:
    """TypeCodes.ALL writes FIDE_ROUNDROBIN for an All-Play-All played as one cycle (gacrux)."""
    options = cv.ConvertOptions(type_codes=cv.TypeCodes.ALL)
    conversion = cv.to_trf26(trfkit.load(RR3.open("rb")), options=options)
    assert TextRecord("192", "FIDE_ROUNDROBIN") in conversion.tournament.records


def test_type_codes_option_names_its_choices() -> None:
    """A type-codes value that is none of the choices is a usage error naming them."""
    with pytest.raises(trfkit.TrfError, match="accepted, all, none"):
        cv.ConvertOptions(type_codes="some")


def test_a_bye_without_0000_is_written_0000_for_trf26() -> None:
    """``   0 - H`` (bbpPairings: 'player ID of 0') becomes ``0000 - H`` in TRF-2026 output."""
    text = "012 X\n" + player(1, "Alpha, Ann", rounds="   0 - H", points="0.5") + "\n"
    rendered = cv.render_trf(cv.to_trf26(trfkit.loads(text)))
    assert lines_of(rendered.text)[1].endswith("0000 - H")
    (change,) = [a for a in rendered.adjustments if a.field == "round 1"]
    assert (change.before, change.after) == ("   0 - H", "0000 - H")


@pytest.mark.parametrize(
    ("written", "expected"),
    [("2024-08-01", "2024/08/01"), ("28. 07. 2005", "2005/07/28"), ("May 29, 2020", "2020/05/29")],
)
def test_dates_read_for_certain_are_written_yyyy_mm_dd(written: str, expected: str) -> None:
    """042 in another form that reads as one date only is written YYYY/MM/DD, and listed."""
    conversion = cv.to_trf26(trfkit.loads(f"012 X\n042 {written}\n"))
    assert TextRecord("042", expected) in conversion.tournament.records
    (change,) = [a for a in conversion.adjustments if a.record == "042"]
    assert (change.action, change.before, change.after) == (cv.Action.REWRITTEN, written, expected)


def test_a_date_with_two_readings_is_kept_and_listed() -> None:
    """``08/04/2018`` is 8 April or 4 August: kept as written, with a note."""
    conversion = cv.to_trf26(trfkit.loads("012 X\n042 08/04/2018\n"))
    assert TextRecord("042", "08/04/2018") in conversion.tournament.records
    (note,) = [a for a in conversion.adjustments if a.record == "042"]
    assert note.action is cv.Action.KEPT


def test_teams_with_the_same_players_merge_whatever_their_names() -> None:
    """013 ``1 Team Alpha`` and 310 ``Team Alpha`` with players 1-4 are one team in TRF-2026."""
    text = (
        "012 X\n013    1 Team Alpha                              1    2    3    4\n"
        "310   1 Team Alpha                       USA     2746     4     6.5   1"
        "    1    2    3    4\n"
    )
    conversion = cv.to_trf26(trfkit.loads(text))
    teams = [r for r in conversion.tournament.records if isinstance(r, Team)]
    assert [(t.code, t.name) for t in teams] == [("310", "Team Alpha")]
    (note,) = [a for a in conversion.adjustments if a.record == "013"]
    assert "the same players" in note.why and "'1 Team Alpha' differs" in note.why


def test_a_player_in_two_teams_is_reported() -> None:
    """A 013 team that shares player 3 with another 310 team is converted, and that is said."""
    text = "012 X\n" + team013("Rooks", 3, 9) + "\n310   1 Knights" + " " * 57 + "1    2    3\n"
    conversion = cv.to_trf26(trfkit.loads(text))
    notes = [a for a in conversion.adjustments if a.action is cv.Action.KEPT]
    assert any("players 3 of team 'Rooks'" in a.why and "two teams" in a.why for a in notes)

# --- the JSON form within the TRF limits (the command line) -----------------------------------


def _players(count: int, rounds: int = 1) -> str:
    """A 012 line and *count* players; odd ones beat the next one every round."""
    lines = ["012 Limits"]
    for n in range(1, count + 1):
        other = n + 1 if n % 2 else n - 1
        block = f"{other:4d} w 1" if n % 2 else f"{other:4d} b 0"
        lines.append(player(n, f"Player {n}", rounds="  ".join([block] * rounds)))
    return "\n".join(lines) + "\n"


def test_cli_a_trf_over_a_limit_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """30 players, --max-players 20: exit 2 at line 22 (player 21); raised to 30, JSON and back."""
    source = tmp_path / "t.trf"
    source.write_text(_players(30), encoding="utf-8")
    data, back = tmp_path / "t.json", tmp_path / "back.trf"
    to_json = ["convert", str(source), "--to", "json", "-o", str(data)]
    assert main([*to_json, "--max-players", "20"]) == 2
    assert capsys.readouterr().err == (
        f"trfkit convert: {source}:22: 30 player records, more than the limit of 20 "
        "(--max-players); the file was not read\n"
    )
    assert not data.exists()
    assert main([*to_json, "--max-players", "30"]) == 0
    assert main(["convert", str(data), "--to", "trf", "-o", str(back), "--max-players", "20"]) == 2
    assert capsys.readouterr().err == (
        f"trfkit convert: {data}: records[21]: 30 player records, more than the limit of 20 "
        "(--max-players)\n"
    )
    assert main(["convert", str(data), "--to", "trf", "-o", str(back), "--max-players", "30"]) == 0
    assert back.read_text(encoding="utf-8") == render_canonical(trfkit.loads(_players(30)))


def test_cli_reads_a_json_form_larger_than_max_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--max-bytes is the TRF's size; its JSON form, 7 times larger, still converts back."""
    trf = _players(20, 9)
    source = tmp_path / "t.trf"
    source.write_text(trf, encoding="utf-8")
    limits = ["--max-bytes", str(len(trf)), "--max-players", "20", "--max-rounds", "9"]
    data, back = tmp_path / "t.json", tmp_path / "back.trf"
    assert main(["convert", str(source), "--to", "json", "-o", str(data), *limits]) == 0
    assert data.stat().st_size > 7 * len(trf)
    assert main(["convert", str(data), "--to", "trf", "-o", str(back), *limits]) == 0
    assert back.read_text(encoding="utf-8") == render_canonical(trfkit.loads(trf))
    small = ["--max-bytes", str(len(trf)), "--max-players", "1", "--max-rounds", "1"]
    assert main(["convert", str(data), "--to", "trf", "-o", str(back), *small]) == 2
    allowed = len(trf) + 512 + 128
    assert capsys.readouterr().err == (
        f"trfkit convert: {data}: the JSON has {data.stat().st_size:,} bytes, more than the "
        f"limit of {allowed:,} for the JSON form (--max-bytes plus 512 bytes per player and "
        "128 per round for --max-players x --max-rounds); it was not read\n"
    )


def test_cli_points_too_wide_as_written_come_back(tmp_path: Path) -> None:
    """Points 1234 (written 1234.0 elsewhere) in columns 81-84: TRF -> JSON -> TRF keeps them."""
    trf = "012 Wide\n" + player(1, "Alpha", points="1234") + "\n"
    source = tmp_path / "t.trf"
    source.write_text(trf, encoding="utf-8")
    data, back = tmp_path / "t.json", tmp_path / "back.trf"
    assert main(["convert", str(source), "--to", "json", "-o", str(data)]) == 0
    assert json.loads(data.read_text(encoding="utf-8"))["records"][1]["points"] == "1234.0"
    assert main(["convert", str(data), "--to", "trf", "-o", str(back)]) == 0
    expected = "012 Wide\n" + "001    1 m    Alpha".ljust(80) + "1234\n"
    assert back.read_text(encoding="utf-8") == expected


def test_cli_json_value_wider_than_its_columns_is_a_located_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Points 12345.5 in the JSON: exit 2 naming the member, the value and the columns."""
    t = trfkit.loads("012 Wide\n" + player(1, "Alpha", points="1.0") + "\n")
    doc = jsonform.to_data(t)
    doc["records"][1]["points"] = "12345.5"
    data = tmp_path / "t.json"
    data.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(data), "--to", "trf", "-o", str(out)]) == 2
    assert capsys.readouterr().err == (
        f"trfkit convert: {data}: records[1].points: cannot be written as TRF: points "
        "'12345.5' does not fit columns 81-84\n"
    )
    assert not out.exists()


def test_json_of_a_line_with_stray_text_lists_the_text_as_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The JSON form holds values, not lines: text no field took is listed as dropped."""
    source = tmp_path / "stray.trf"
    source.write_text(f"012 Open\n001 {1:>4} m    {LONG_NAME}2100 ENG\n", encoding="utf-8")
    out = tmp_path / "stray.json"
    assert main(["convert", str(source), "--to", "json", "-o", str(out), "--format", "json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    (dropped,) = [a for a in entry["adjustments"] if a["line"] == 2]
    assert dropped["action"] == "dropped" and "columns 26-52" in dropped["why"]


def test_a_240_bye_over_an_absence_moves_into_the_block_and_keeps_the_points() -> None:
    """240 H for player 1's round 2, written ``0000 - -``: TRF16 gets ``0000 - H``, 1.5 points.

    The history counts the bye listed in 240 where the block writes an absence (1 + ½);
    the TRF16 copy, which has no 240, must say it in the block.
    """
    text = "\n".join(
        [
            "012 X",
            "142 2",
            player(1, "Alpha", rounds="   2 w 1  0000 - -"),
            player(2, "Beta", rounds="   1 b 0"),
            "240 H   2    1",
            "",
        ]
    )
    original = trfkit.loads(text)
    conversion = cv.to_trf16(original)
    out = cv.render_trf(conversion, canonical=True).text.splitlines()
    assert out[2][101:109] == "0000 - H"
    rewritten = [a for a in conversion.adjustments if a.action is cv.Action.REWRITTEN]
    assert ("0000 - -", "0000 - H") in [(a.before, a.after) for a in rewritten]
    before = standings_points(original)
    assert before == standings_points(trfkit.loads("\n".join(out) + "\n")) == {1: Fraction(3, 2),
                                                                                2: Fraction(0)}


def test_a_240_bye_beyond_the_event_is_not_moved() -> None:
    """``142 2`` and 240 H for round 9: no round of the event; listed as unsupported, not moved."""
    text = "\n".join(
        [
            "012 X",
            "142 2",
            player(1, "Alpha", rounds="   2 w 1     2 b 0"),
            player(2, "Beta", rounds="   1 b 0     1 w 1"),
            "240 H   9    1",
            "",
        ]
    )
    original = trfkit.loads(text)
    conversion = cv.to_trf16(original)
    assert [a.action for a in conversion.adjustments if a.line == 5] == [cv.Action.DROPPED]
    assert standings_points(original) == {1: Fraction(1), 2: Fraction(1)}


def standings_points(t: Tournament) -> dict[int, Fraction]:
    """Start rank → the recomputed points."""
    from trfkit.compute.standings import compute_standings

    table = compute_standings(t)
    return dict(table.engine.values("PTS")) if table.engine is not None else {}


@pytest.mark.parametrize(
    ("swap", "rounds", "code"),
    [
        (False, None, "BERGER_DOUBLEROUNDROBIN"),  # table order twice
        (True, None, "FIDE_DOUBLEROUNDROBIN"),  # cycle 1's last two rounds swapped
        (False, 3, "FIDE_DOUBLEROUNDROBIN"),  # 3 of 10 rounds: the option (swap) decides
    ],
    ids=["table-order", "fide-swap", "in-progress"],
)
def test_a_192_code_comes_from_the_schedule_not_the_092_word(
    swap: bool, rounds: int | None, code: str
) -> None:
    """092 "Double Round Robin", 6 players (5 rounds a cycle): the games say which table.

    Played in table order the file is a Berger double round robin, whatever FIDE recommends;
    converted so, it passes the schedule checks (no B009 for a claimed swap it lacks).
    """
    import rr_generator

    event = rr_generator.RoundRobinFile.berger(
        6, cycles=2, swap_last_two=swap, seed=3, header092="Double Round Robin"
    )
    text = event.text()
    if rounds is not None:
        text = _first_rounds(text, rounds)
    options = cv.ConvertOptions(type_codes=cv.TypeCodes.ALL)
    conversion = cv.to_trf26(trfkit.loads(text), options=options)
    codes = [r.value for r in conversion.tournament.records if getattr(r, "code", "") == "192"]
    assert codes == [code]
    if rounds is None:
        out = cv.render_trf(conversion).text
        assert [d.code for d in trfkit.check(out) if d.code.startswith("B")
                and d.severity >= Severity.WARNING] == []  # fmt: skip


def _first_rounds(text: str, rounds: int) -> str:
    """*text* with every player line cut after round *rounds* (an event in progress)."""
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            line = line[: 91 + 10 * rounds].rstrip()
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_lower_case_152_is_written_upper_case_for_trf26() -> None:
    """``152 w`` (FIDE's generator): TRF-2026 writes ``152 W``, which bbpPairings reads; listed."""
    conversion = cv.to_trf26(trfkit.loads("012 X\n152 w\n"))
    assert cv.render_trf(conversion).text.splitlines()[1] == "152 W"
    (note,) = [a for a in conversion.adjustments if a.record == "152"]
    assert (note.action, note.before, note.after) == (cv.Action.REWRITTEN, "152 w", "152 W")


@pytest.mark.parametrize("target", ["canonical", "trf26", "trf16", "json", "csv"])
def test_an_unknown_sex_and_title_survive_every_conversion(target: str) -> None:
    """Sex ``u`` (FIDE's generator) and title ``xx`` are written back as they were."""
    from trfkit.formats import csvform, jsonform

    text = "012 X\n" + player(1, "Alpha", " xx", "   2 w 1", "1.0").replace("m xx", "u xx") + "\n"
    t = trfkit.loads(text)
    if target == "csv":
        row = csvform.dumps(t).splitlines()[1].split(",")
        assert (row[2], row[6]) == ("xx", "u")  # Title, Sex
        return
    if target == "json":
        line = trfkit.dumps(jsonform.loads(jsonform.dumps(t)), canonical=True).splitlines()[1]
    else:
        convert = {"canonical": lambda x: x, "trf26": cv.to_trf26, "trf16": cv.to_trf16}[target]
        line = cv.render_trf(convert(t), canonical=True).text.splitlines()[1]
    assert (line[9], line[10:13]) == ("u", " xx")


def _for_bbppairings(folder: Path, lines: list[str]) -> tuple[int, Path]:
    """``convert --to trf26 --for bbppairings`` of ``012 X`` and *lines*: status, output."""
    source, target = folder / "in.trf", folder / "out.trf"
    source.write_text("\n".join(["012 X", *lines, ""]), encoding="utf-8")
    argv = ["convert", str(source), "--to", "trf26", "--for", "bbppairings", "-o", str(target)]
    return main(argv), target


def test_for_bbppairings_writes_what_it_reads(tmp_path: Path) -> None:
    """``--for bbppairings``: ``   0 - H``, ``4 W 1`` and a 192 it refuses are rewritten.

    By hand: player 1 beats 2 (white) and has a half-point bye, 1.5; player 2 has 0.0 and
    a zero-point bye. bbpPairings reads ``0000``, lower-case colours and six 192 codes only;
    the 192 becomes the 092 text (the file has none), which it skips.
    """
    status, target = _for_bbppairings(tmp_path, [
        "192 FIDE_DUTCH_2017",
        player(1, "Alpha", rounds="   2 W 1     0 - H", points="1.5"),
        player(2, "Beta", rounds="   1 B 0  0000 - Z", points="0.0"),
    ])  # fmt: skip
    assert status == 0
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[1] == "092 FIDE_DUTCH_2017"
    assert lines[2][91:109] == "   2 w 1  0000 - H"
    assert lines[3][91:99] == "   1 b 0"


def test_for_bbppairings_refuses_what_it_cannot_carry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 299 bbpPairings refuses, and the points it changes: exit 2, nothing written, why."""
    status, target = _for_bbppairings(tmp_path, [
        "299           2.0         2",
        player(1, "Alpha", rounds="   2 w 1", points="1.0"),
        player(2, "Beta", rounds="   1 b 0", points="2.0"),
    ])  # fmt: skip
    assert status == 2
    assert not target.exists()
    err = capsys.readouterr().err
    assert "(converted line 2): bbpPairings refuses every 299 line" in err
    assert "bbpPairings refuses points 2.0 for player 2" in err
    assert "not written (--for bbppairings)" in err
