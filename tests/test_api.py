"""The API: the lossless round trip, encodings, parsing, edits written back, conversion."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from locations import CORPUS, CORPUS_FILES, needs_corpus

import trfkit
from trfkit.errors import EditError, TrfSyntaxError, UsageError
from trfkit.model import Colour, FileFormat, Player, Result, Sex, Title

SAMPLE = (
    "012 Club Open\n"
    # cols 1-3 DIN, 5-8 start rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
    # 54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank,
    # round blocks from 92 every 10 columns.
    "001    1 m GM Alpha, Ann                        2500 NOR     1503014 1990/11/30  1.5"
    "    1     2 w 1  0000 - H\n"
    "001    2 wWIM Beta, Bea                         2300 FRA                         0.0"
    "    2     1 b 0\n"
)


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_round_trip_is_byte_exact(path: Path) -> None:
    """Writing an unmodified parse of every real file reproduces its bytes exactly."""
    data = path.read_bytes()
    result = trfkit.parse(data)
    assert trfkit.dump_bytes(result.tournament) == data


SHIFTED = {
    # 132: every round date starts one column right of its place (93, 103, ...)
    "trf26_individual_import_test_sharly.trf": {(10, 93)},
    # 299 +  2.0  2.5   1    1: game points from column 13, round in column 19
    "trf26_team_grandmommys_cup_sharly.trf": {(539, 13), (540, 13)},
}
"""The fields of real files that stand off their columns: (line, column) of each P008."""


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_reads_without_undeserved_errors(path: Path) -> None:
    """No real file gets a reader error; the only warnings are '*' results and known shifts."""
    result = trfkit.parse(path.read_bytes())
    serious = [d for d in result.diagnostics if d.severity.label != "info"]
    shifts = {(d.line, d.column) for d in serious if d.code == "P008"}
    assert shifts == SHIFTED.get(path.name, set())
    assert all(d.code == "P008" or (d.code == "P007" and "'*'" in d.message) for d in serious)
    assert result.tournament.players


@needs_corpus
def test_latin1_and_utf8_twins_give_the_same_model() -> None:
    """The ICU encoding samples (Latin-1 and UTF-8) read into equal models."""
    latin = trfkit.parse((CORPUS / "icu_encoding_sample_latin1.trf").read_bytes())
    utf8 = trfkit.parse((CORPUS / "icu_encoding_sample_utf8.trf").read_bytes())
    assert latin.encoding.codec == "cp1252"
    assert utf8.encoding.codec == "utf-8"
    assert latin.tournament == utf8.tournament
    names = [p.name for p in utf8.tournament.players]
    assert any(not n.isascii() for n in names)


def test_fields_are_sliced_from_their_columns() -> None:
    """Every 001 field lands in its attribute, with exact points."""
    t = trfkit.loads(SAMPLE)
    a, b = t.players
    assert (a.start_rank, a.sex, a.title, a.name, a.rating) == (
        1,
        Sex.MALE,
        Title.GM,
        "Alpha, Ann",
        2500,
    )
    assert (a.federation, a.fide_id, a.birth_date, a.points, a.rank) == (
        "NOR",
        "1503014",
        "1990/11/30",
        Fraction(3, 2),
        1,
    )
    assert b.title is Title.WIM and b.sex is Sex.FEMALE and b.fide_id == ""
    assert a.rounds[0].opponent == 2 and a.rounds[0].colour is Colour.WHITE
    assert a.rounds[0].result is Result.WIN
    assert a.rounds[1].opponent is None and a.rounds[1].result is Result.HALF_BYE


def test_utf8_name_does_not_shift_round_columns() -> None:
    """Columns are characters: a name with accents keeps its round blocks in place."""
    line = SAMPLE.splitlines()[1].replace("Alpha, Ann", "Ålpha, Ánn")
    t = trfkit.loads(("012 X\n" + line + "\n").encode("utf-8"))
    assert t.players[0].name == "Ålpha, Ánn"
    assert t.players[0].rounds[0].opponent == 2


def test_editing_a_value_rerenders_only_that_record() -> None:
    """Changing one player rewrites that line in standard columns and keeps every other byte."""
    text = SAMPLE.replace("012 Club Open", "012   Club Open   ")
    t = trfkit.loads(text)
    player = t.players[1]
    edited = attrs.evolve(player, rating=2350)
    records = tuple(edited if r is player else r for r in t.records)
    out = trfkit.dumps(attrs.evolve(t, records=records))
    lines = out.splitlines()
    assert lines[0] == "012   Club Open   "
    assert lines[1] == text.splitlines()[1]
    assert lines[2][48:52] == "2350"
    assert trfkit.loads(out).players[1].rating == 2350


def test_line_endings_bom_and_missing_final_newline_survive() -> None:
    """CR, CRLF, a BOM and a missing final newline all come back as they were."""
    for text in ("012 A\r001    1\r", "012 A\r\n001    1", "\ufeff012 A\n001    1\n"):
        data = text.encode("utf-8")
        assert trfkit.dump_bytes(trfkit.loads(data)) == data


def test_unknown_line_is_kept_and_reported() -> None:
    """An unknown record stays in the output and gets a located warning."""
    text = "012 A\nQ12 strange\n001    1\n"
    result = trfkit.parse(text)
    assert trfkit.dumps(result.tournament) == text
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("P003", 2, 1)]


def test_bad_fields_are_located_and_parsing_goes_on() -> None:
    """A junk rating and a junk result are reported at their columns; later lines still read."""
    bad = SAMPLE.replace("2500", "25x0").replace("2 w 1  0000", "2 w Q  0000")
    result = trfkit.parse(bad)
    found = {(d.code, d.line, d.column) for d in result.diagnostics}
    assert ("P005", 2, 49) in found
    assert ("P006", 2, 99) in found
    assert len(result.tournament.players) == 2


def test_strict_mode_raises_once_with_every_problem() -> None:
    """strict=True raises one TrfSyntaxError that carries all the diagnostics."""
    bad = SAMPLE.replace("2500", "25x0") + "Q12 strange\n"
    with pytest.raises(TrfSyntaxError) as info:
        trfkit.parse(bad, strict=True)
    assert {d.code for d in info.value.diagnostics} == {"P005", "P003"}
    assert "2 problems" in str(info.value)


def test_binary_and_utf16_input_are_diagnostics_not_tracebacks() -> None:
    """NUL bytes and UTF-16 give a P001 diagnostic with a specific message."""
    binary = trfkit.parse(b"012 A\x00\x01")
    assert [d.code for d in binary.diagnostics] == ["P001"]
    assert "binary" in binary.diagnostics[0].message
    utf16 = trfkit.parse("012 A\n".encode("utf-16"))
    assert "UTF-16" in utf16.diagnostics[0].message


@pytest.mark.parametrize(
    ("data", "start"),
    [
        ("# Title\n\nSome prose.\n", "not a TRF file: none of its 3 lines is a TRF record"),
        (b"\x1a+IF\xd1\xfc\xda\xa7\x03", "not a TRF file: its only line is not a TRF record"),
        ("### only\n### comments\n", "not a TRF file: none of its 2 lines is a TRF record"),
        ("", "the file is empty: there is no tournament in it"),
    ],
)
def test_input_with_no_trf_record_is_one_p012(data: str | bytes, start: str) -> None:
    """Lenient: one P012 error and no P003; strict: one TrfSyntaxError carrying that P012."""
    result = trfkit.parse(data)
    serious = [d for d in result.diagnostics if d.code != "P002"]
    assert [(d.code, d.line) for d in serious] == [("P012", None)]
    assert serious[0].message.startswith(start)
    assert result.fatal == serious[0] and not result.ok
    with pytest.raises(TrfSyntaxError, match="1 problem, first: P012 ") as info:
        trfkit.parse(data, strict=True)
    assert [d.code for d in info.value.diagnostics] == ["P012"]


def test_one_record_among_unknown_lines_is_a_trf_file() -> None:
    """A single 012 makes the file TRF: its unknown lines are each P003 again, no P012."""
    result = trfkit.parse("Q12 x\nQ13 y\n012 Open\n")
    assert [(d.code, d.line) for d in result.diagnostics] == [("P003", 1), ("P003", 2)]
    assert result.fatal is None


def test_forced_encoding_is_used() -> None:
    """--encoding latin-1 reads UTF-8 bytes as Latin-1 (and says so)."""
    result = trfkit.parse("012 Café\n".encode(), encoding="latin-1")
    assert result.encoding.codec == "iso8859-1"
    assert result.tournament.name == "CafÃ©"


def test_player_is_a_frozen_value() -> None:
    """Model objects cannot be changed in place."""
    p = Player(start_rank=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        p.name = "x"  # type: ignore[misc]


def test_help_lists_the_public_api() -> None:
    """help(trfkit) documents every name of trfkit.__all__, imported lazily or not."""
    import pydoc

    text = pydoc.render_doc(trfkit, renderer=pydoc.plaintext)
    names = ("parse(", "loads(", "load(", "dumps(", "dump(", "dump_bytes(", "check(", "fix(")
    for name in (*names, "standings(", "convert(", "with_result(", "with_header(", "player("):
        assert name in text, name
    assert "class Tournament" in text and "class ParseResult" in text


def test_standings_at_the_top_level() -> None:
    """``trfkit.standings(t, "SB")``: the rows in rank order under the list given.

    By hand: Ann beat Bob, 1-0.
    """
    import trfkit

    ann = "001    1      Ann" + " " * 64 + "1.0    1     2 w 1"
    bob = "001    2      Bob" + " " * 64 + "0.0    2     1 b 0"
    st = trfkit.standings(trfkit.loads(f"012 A\n{ann}\n{bob}\n"), "SB")
    assert [(row.rank, row.start_rank) for row in st.rows] == [(1, 1), (2, 2)]
    assert [tb.text for tb in st.tiebreaks] == ["PTS", "SB"]


def test_severity_prints_as_a_word() -> None:
    """``str(d.severity)`` is ``"error"``, not the ``IntEnum``'s ``"2"``; the order stays."""
    from trfkit.diagnostics import Severity

    assert (str(Severity.ERROR), f"{Severity.WARNING}") == ("error", "warning")
    assert Severity.ERROR > Severity.WARNING > Severity.INFO


# --- an edit is written back on its own lines ----------------------------------------------

REAL = Path(__file__).resolve().parent.parent / "fixtures" / "real"


@pytest.mark.parametrize(
    ("name", "white", "black", "lines"),
    [
        # LF: Bruno (2, line 5) against Lais (10, line 20) in round 1
        ("otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf", 2, 10, {1, 5, 20}),
        # CRLF, trailing blanks: Short (1, line 14) against Moynihan (17, line 30)
        ("icu_bunratty_masters_2011_swiss_crlf.trf", 1, 17, {1, 14, 30}),
        # CR only: Test0001 (1, line 2) against Test0031 (31, line 32)
        ("bbppairings_issue7_rtg_swiss_cr-only.trf", 1, 31, {1, 2, 32}),
    ],
)
def test_an_edit_changes_only_the_edited_lines(
    name: str, white: int, black: int, lines: set[int]
) -> None:
    """A drawn round 1, two players' points and the 012 name: those lines differ, no other."""
    data = (REAL / name).read_bytes()
    t = trfkit.loads(data)
    t = t.with_result(white, 1, "=")
    t = t.with_player(t.player(white).with_points("2.5"))
    t = t.with_player(t.player(black).with_points(Fraction(1, 2)))
    t = t.with_header("012", "Edited")
    out = trfkit.dump_bytes(t)
    before, after = data.splitlines(keepends=True), out.splitlines(keepends=True)
    assert len(after) == len(before)
    changed = {n for n, (a, b) in enumerate(zip(before, after, strict=True), 1) if a != b}
    assert changed == lines
    ending = before[0][len(before[0].rstrip(b"\r\n")) :]
    assert after[0] == b"012 Edited" + ending
    again = trfkit.loads(out)
    assert again.player(white).round(1).result is Result.DRAW  # type: ignore[union-attr]
    assert again.player(black).round(1).result is Result.DRAW  # type: ignore[union-attr]
    assert again.player(black).points == Fraction(1, 2)


def test_an_edited_line_keeps_every_character_but_the_changed_fields() -> None:
    """Short's line keeps its upper-case M and its trailing blanks; points and round 1 change."""
    t = trfkit.loads((REAL / "icu_bunratty_masters_2011_swiss_crlf.trf").read_bytes())
    t = t.with_result(1, 1, "=")
    t = t.with_player(t.player(1).with_points("3.5"))
    short, moynihan = trfkit.dumps(t).split("\r\n")[13], trfkit.dumps(t).split("\r\n")[29]
    assert short == (
        "001    1 M GM Short, Nigel                      2658 ENG                         3.5"
        "    5    17 w =     8 b =     6 w 1     4 b 0    13 w =    14 b 1  "
    )
    assert moynihan == (
        "001   17 M    Moynihan, Kieran                  2104 C.C                         3.0"
        "   17     1 b =    25 w =    33 b 1    23 w 1    12 w 0    32 b =  "
    )


def test_a_field_off_its_columns_gets_its_line_written_anew() -> None:
    """David's round 2 '   0 - H' (not 0000) made a full-point bye: rendered anew, 0000 - F."""
    data = (REAL / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf").read_bytes()
    out = trfkit.dumps(trfkit.loads(data).with_result(4, 2, "F")).splitlines()
    assert out[7] == (
        "001    4 m    David                             2050 NOR           0 1990/01/01  3.5"
        "    4    12 b 1  0000 - F    13 w 1     3 w =     1 b ="
    )
    assert (
        out[:7] + out[8:]
        == data.decode("ascii").splitlines()[:7] + data.decode("ascii").splitlines()[8:]
    )


def test_a_neighbour_read_off_its_columns_gets_the_edited_line_written_anew() -> None:
    """A birth date in columns 71-80 touches the points (81-84): the line is rendered anew."""
    line = f"001 {1:>4} m GM {'Smith, John':<33} {2100:>4} ENG {12345678:>11}  1990/01/01 2.5    3"
    t = trfkit.loads(f"012 A\n{line}\n")
    out = trfkit.dumps(t.with_player(t.player(1).with_points("12.5")))
    assert out.splitlines()[1] == (
        "001    1 m GM Smith, John                       2100 ENG    12345678 1990/01/01 12.5    3"
    )
    again = trfkit.loads(out).player(1)
    assert (again.birth_date, again.points, again.rank) == ("1990/01/01", Fraction(25, 2), 3)


def test_an_added_header_is_one_new_line_with_the_file_s_line_ending() -> None:
    """042 added to a CR-only file: one line, ended by CR as the others, after the 012."""
    data = (REAL / "bbppairings_issue7_rtg_swiss_cr-only.trf").read_bytes()
    out = trfkit.dump_bytes(trfkit.loads(data).with_header("042", "2011/02/25"))
    before, after = data.splitlines(keepends=True), out.splitlines(keepends=True)
    assert after == [before[0], b"042 2011/02/25\r", *before[1:]]


# --- converting ------------------------------------------------------------------------------


def test_convert_at_the_top_level() -> None:
    """XXR 5 becomes 142 5 on line 2, the rest as it was; the bytes are UTF-8."""
    t = trfkit.loads(
        "012 Open\nXXR 5\n001    1 m    Doe, Jane\n".encode("cp1252"), encoding="cp1252"
    )
    converted, changes = trfkit.convert(t, "trf26")
    assert trfkit.dumps(converted) == "012 Open\n142 5\n001    1 m    Doe, Jane\n"
    assert converted.file_format is FileFormat.TRF26
    assert converted.encoding.codec == "utf-8"
    found = [(a.line, str(a.action), a.record, a.field, a.before, a.after) for a in changes]
    assert found == [
        (None, "rewritten", "", "encoding", "cp1252", "utf-8"),
        (2, "rewritten", "XXR", "", "XXR 5", "142 5"),
    ]


def test_convert_lists_what_the_target_cannot_hold() -> None:
    """To TRF16: 142 becomes XXR, and the ### comment, which TRF16 has no place for, is dropped."""
    t = trfkit.loads("012 Open\n### a remark\n142 5\n001    1\n")
    converted, changes = trfkit.convert(t, FileFormat.TRF16)
    assert trfkit.dumps(converted) == "012 Open\nXXR 5\n001    1\n"
    dropped = [(a.line, a.record) for a in changes if str(a.action) == "dropped"]
    assert dropped == [(2, "###")]
    assert [(a.line, a.before, a.after) for a in changes if str(a.action) == "rewritten"] == [
        (3, "142 5", "XXR 5")
    ]


def test_convert_after_an_edit_lists_only_what_the_conversion_changed() -> None:
    """Jane's points edited to 1.0, then converted: the only adjustment is XXR -> 142."""
    t = trfkit.loads("012 Open\nXXR 1\n001    1 m    Doe, Jane\n")
    converted, changes = trfkit.convert(t.with_player(t.player(1).with_points(1)), "TRF-2026")
    assert [(a.line, a.before, a.after) for a in changes] == [(2, "XXR 1", "142 1")]
    assert trfkit.dumps(converted).splitlines()[2].endswith(" 1.0")


def test_convert_writes_what_the_command_writes(tmp_path: Path) -> None:
    """dump_bytes of the converted report equals ``trfkit convert --to trf26`` (CRLF, ASCII)."""
    from trfkit.cli import main

    path = REAL / "icu_bunratty_masters_2011_swiss_crlf.trf"
    converted, changes = trfkit.convert(trfkit.loads(path.read_bytes()), "trf26")
    out = tmp_path / "out.trf"
    assert main(["convert", str(path), "--to", "trf26", "-o", str(out)]) == 0
    assert trfkit.dump_bytes(converted) == out.read_bytes()
    assert changes


@pytest.mark.parametrize("target", ["trf16", "trf26"])
@pytest.mark.parametrize(
    "path", sorted(REAL.glob("*.trf")) + CORPUS_FILES, ids=lambda p: p.name
)  # fmt: skip
def test_convert_writes_what_the_command_writes_for_every_real_file(
    path: Path, target: str, tmp_path: Path
) -> None:
    """Every fixture and corpus file, both targets: the API's bytes are the command's."""
    from trfkit.cli import main

    converted, _ = trfkit.convert(trfkit.loads(path.read_bytes()), target)
    out = tmp_path / "out.trf"
    assert main(["convert", str(path), "--to", target, "-o", str(out)]) == 0
    assert trfkit.dump_bytes(converted) == out.read_bytes()


@needs_corpus
def test_convert_rewrites_the_lines_the_reader_repaired_as_the_command_does() -> None:
    """A 132 whose dates stand one column right (line 10) is written in its columns."""
    path = CORPUS / "trf26_individual_import_test_sharly.trf"
    converted, _ = trfkit.convert(trfkit.loads(path.read_bytes()), "trf16")
    line = next(t for t in trfkit.dumps(converted).splitlines() if t.startswith("132"))
    assert line == "132" + " " * 88 + "  ".join(
        ["25/09/13", "25/09/13", "25/09/13", "25/09/14", "25/09/14"]
    )


def test_with_result_keeps_the_new_opponents_bye() -> None:
    """C.07 Swiss: a game of 12 against 4 in round 2, where 4 had a half-point bye: refused."""
    event = trfkit.loads((REAL / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf").read_bytes())
    with pytest.raises(
        EditError,
        match=r"^round 2: player 4 has a half-point bye there, not a game with player 12; "
        r"edit both lines with both_sides=False$",
    ):
        event.with_result(12, 2, "1", opponent=4, colour="w")
    one_side = event.with_result(12, 2, "1", opponent=4, colour="w", both_sides=False)
    assert one_side.player(4).round(2) == event.player(4).round(2)
    assert one_side.player(12).round(2) == trfkit.model.RoundResult(2, 4, Colour.WHITE, Result.WIN)


def test_convert_refuses_a_target_that_is_no_version() -> None:
    """'json' is a form of the command, not a version of the format: UsageError, a TrfError."""
    with pytest.raises(UsageError, match="target must be 'trf16' or 'trf26', not 'json'"):
        trfkit.convert(trfkit.loads("012 A\n"), "json")
