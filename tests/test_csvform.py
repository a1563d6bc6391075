"""The CSV crosstable: columns, encodings, delimiters, and text a spreadsheet would run."""

from __future__ import annotations

import csv
import io
import json
import locale
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from locations import CORPUS, CORPUS_FILES, needs_corpus

import trfkit
from trfkit.cli import main
from trfkit.errors import WriteError
from trfkit.formats import Action, csvform
from trfkit.model import Colour, Player, RawRecord, Result, RoundResult, Sex, Title

SAMPLE = (
    "012 Club Open\n"
    "XXR 3\n"
    # 001: 5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    # 58-68 FIDE id, 81-84 points, 86-89 rank, blocks from column 92 every 10 columns.
    "001    2 w    Ñúñez, Bea                        2300 ESP                         0.5"
    "    2     1 b 0  0000 - H\n"
    "001    1 m GM Alpha, Ann                        2500 NOR     1503014             1.5"
    "    1     2 w 1  0000 - H\n"
)


def _read(text: str, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def test_rows_follow_start_ranks_with_three_columns_per_round() -> None:
    """One row per player by start rank: every 001 field, then three cells per round (XXR 3)."""
    rows = _read(csvform.dumps(trfkit.loads(SAMPLE)))
    assert rows == [
        [
            "Start rank", "Name", "Title", "Rating", "Federation", "FIDE id", "Sex",
            "Birth date", "Points", "Rank",
            "R1 opponent", "R1 colour", "R1 result",
            "R2 opponent", "R2 colour", "R2 result",
            "R3 opponent", "R3 colour", "R3 result",
        ],
        ["1", "Alpha, Ann", "GM", "2500", "NOR", "1503014", "m", "", "1.5", "1",
         "2", "w", "1", "", "-", "H", "", "", ""],
        ["2", "Ñúñez, Bea", "", "2300", "ESP", "", "w", "", "0.5", "2",
         "1", "b", "0", "", "-", "H", "", "", ""],
    ]  # fmt: skip


def test_utf8_with_bom_by_default_and_crlf_lines() -> None:
    """The bytes start with the UTF-8 byte-order mark; lines end with CRLF (RFC 4180)."""
    data = csvform.dump_bytes(trfkit.loads(SAMPLE))
    assert data.startswith(b"\xef\xbb\xbfStart rank,")
    assert data.count(b"\r\n") == 3
    assert "Ñúñez".encode() in data


def test_chosen_encoding_and_characters_it_lacks() -> None:
    """cp1252 output holds Ñ as one byte; a Greek name cannot be written in it."""
    data = csvform.dump_bytes(trfkit.loads(SAMPLE), encoding="cp1252")
    assert b"\xd1\xfa\xf1ez" in data and not data.startswith(b"\xef\xbb\xbf")
    greek = SAMPLE.replace("Ñúñez, Bea", "Παπαδόπουλος")
    with pytest.raises(WriteError, match="cannot be written in cp1252"):
        csvform.dump_bytes(trfkit.loads(greek), encoding="cp1252")


def test_semicolon_and_decimal_comma() -> None:
    """A decimal-comma locale's file: ';' between fields and '1,5' points."""
    options = csvform.CsvOptions(delimiter=";", decimal_mark=",")
    rows = _read(csvform.dumps(trfkit.loads(SAMPLE), options), ";")
    assert rows[1][:2] == ["1", "Alpha, Ann"]
    assert rows[1][8] == "1,5"


@pytest.mark.parametrize(("mark", "delimiter"), [(",", ";"), (".", ",")])
def test_locale_options_follow_the_decimal_mark(
    mark: str, delimiter: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the locale writes 1,5 the list separator is ';', else ','."""
    monkeypatch.setattr(locale, "setlocale", lambda category, value=None: "C")
    monkeypatch.setattr(locale, "localeconv", lambda: {"decimal_point": mark})
    options = csvform.locale_options()
    assert (options.delimiter, options.decimal_mark) == (delimiter, mark)


def test_text_a_spreadsheet_would_run_is_guarded() -> None:
    """A name starting with '=' gets an apostrophe; result codes such as '=' stay as they are."""
    text = SAMPLE.replace("Alpha, Ann", "=SUM(1, 2)").replace("2 w 1", "2 w =")
    rows = _read(csvform.dumps(trfkit.loads(text)))
    assert rows[1][1] == "'=SUM(1, 2)"
    assert rows[1][12] == "="
    plain = _read(csvform.dumps(trfkit.loads(text), csvform.CsvOptions(formula_guard=False)))
    assert plain[1][1] == "=SUM(1, 2)"


def test_team_column_when_the_file_has_teams() -> None:
    """A file with 013 records gets a Team column after Rank."""
    text = SAMPLE + "013 " + "Knights".ljust(32) + "   1    2\n"
    rows = _read(csvform.dumps(trfkit.loads(text)))
    assert rows[0][10] == "Team"
    assert [row[10] for row in rows[1:]] == ["Knights", "Knights"]


def test_a_delimiter_is_one_character() -> None:
    """CsvOptions refuses an empty or a quote delimiter."""
    for bad in ("", ";;", '"'):
        with pytest.raises(ValueError, match="one character"):
            csvform.CsvOptions(delimiter=bad)


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_crosstables_have_a_row_per_player(path: Path) -> None:
    """Every real file exports: a header plus one row per player, all of the same width."""
    t = trfkit.parse(path.read_bytes()).tournament
    rows = _read(csvform.dump_bytes(t).decode("utf-8-sig"))
    assert len(rows) == len(t.players) + 1
    width = 10 + (1 if t.teams else 0) + 3 * t.round_count
    assert {len(row) for row in rows} == {width}


# --- every field of record 001, and what the CSV cannot hold ---------------------------------

IRISH = CORPUS / "icu_irish_intermediate_champs_2011_latin1_crlf.trf"
BONUS_299 = CORPUS / "trf26_record299_individual_bonus_sharly-bbp.trf"
SYNTHETIC_TEAM = CORPUS / "chesspairing_trf2026_team_synthetic.trf"


@pytest.mark.skipif(not IRISH.is_file(), reason="../shared/corpus/real is absent")
def test_sex_and_birth_date_of_a_real_file() -> None:
    """The Irish Intermediate 2011 (Latin-1): sex and birth date stand after the FIDE id."""
    t = trfkit.parse(IRISH.read_bytes()).tournament
    rows = _read(csvform.dump_bytes(t).decode("utf-8-sig"))
    assert rows[0][:10] == [
        "Start rank", "Name", "Title", "Rating", "Federation", "FIDE id", "Sex", "Birth date",
        "Points", "Rank",
    ]  # fmt: skip
    by_rank = {row[0]: row[:10] for row in rows[1:]}
    assert by_rank["1"] == [
        "1", "Crichton, Martin", "", "1860", "IRL", "268", "m", "1965/06/25", "2.0", "11"
    ]  # fmt: skip
    assert by_rank["11"] == [
        "11", "Kruk, Karina", "", "1549", "IRL", "10827", "w", "1994/05/19", "2.0", "14"
    ]  # fmt: skip
    assert by_rank["20"] == [
        "20", "Morgan, Mícheál", "", "951", "", "12565", "m", "1976/04/02", "0.0", "20"
    ]  # fmt: skip


def test_the_team_column_follows_310_where_the_file_has_both() -> None:
    """With 013 Knights and 310 Rooks listing the same players, the Team cells say Rooks."""
    line310 = "310   7 " + "Rooks".ljust(32) + " " * 33 + "   1    2"
    text = SAMPLE + "013 " + "Knights".ljust(32) + "   1    2\n" + line310 + "\n"
    t = trfkit.loads(text)
    rows = _read(csvform.dumps(t))
    assert [row[10] for row in rows[1:]] == ["Rooks", "Rooks"]
    dropped = {a.record: a.why for a in csvform.adjustments(t)}
    assert "no player's Team cell names this team" in dropped["013"]
    assert "Team cells only" in dropped["310"]


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+cmd", "'+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("=", "="),
        ("-", "-"),
        ("+", "+"),
        ("-1", "-1"),
        ("+0.5", "+0.5"),
        ("-1,5", "-1,5"),
        ("Smith, Ann", "Smith, Ann"),
        ("", ""),
    ],
)
def test_guard_formula(text: str, written: str) -> None:
    """Formulas get an apostrophe; a lone sign, a plain number and ordinary text do not."""
    assert csvform.guard_formula(text) == written


def test_every_text_field_is_guarded_and_reported() -> None:
    """A FIDE id '-5+5' and a birth date '=NOW()' are guarded and listed as rewritten."""
    # columns 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank
    line = "001    3      Guarded, Gus                      1800 ENG        -5+5 =NOW()    "
    line += "  0.0    3"
    t = trfkit.loads(SAMPLE + line + "\n")
    row = _read(csvform.dumps(t))[3]
    assert row[:10] == ["3", "Guarded, Gus", "", "1800", "ENG", "'-5+5", "", "'=NOW()", "0.0", "3"]
    rewritten = [
        (a.line, a.record, a.field, a.column, a.before, a.after)
        for a in csvform.adjustments(t)
        if a.action is Action.REWRITTEN
    ]
    assert rewritten == [
        (5, "001", "FIDE id", 58, "-5+5", "'-5+5"),
        (5, "001", "birth date", 70, "=NOW()", "'=NOW()"),
    ]


def test_records_without_columns_are_listed_as_dropped() -> None:
    """012 and XXR of the sample are dropped, each at its line; a blank line is not listed."""
    t = trfkit.loads(SAMPLE.replace("XXR 3\n", "XXR 3\n\n"))
    found = [(a.action, a.line, a.record, a.before) for a in csvform.adjustments(t)]
    assert found == [
        (Action.DROPPED, 1, "012", "012 Club Open"),
        (Action.DROPPED, 2, "XXR", "XXR 3"),
    ]


@pytest.mark.skipif(not BONUS_299.is_file(), reason="../shared/corpus/real is absent")
def test_cli_lists_the_dropped_records_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``convert --to csv --format json``: 012, 152, 142 and 299 are dropped, lines 1-4."""
    out = tmp_path / "out.csv"
    assert main(["convert", str(BONUS_299), "--to", "csv", "--format", "json", "-o", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert report["summary"] == {"dropped": 4}
    assert [(a["line"], a["record"], a["before"]) for a in report["adjustments"]] == [
        (1, "012", "012 Individual 299 bonus"),
        (2, "152", "152 W"),
        (3, "142", "142 3"),
        (4, "299", "299           2.0    1    4"),
    ]
    assert out.read_bytes().startswith(b"\xef\xbb\xbfStart rank,Name,Title,Rating,Federation,")


def _unguarded(cell: str) -> str:
    """The text behind a guarded cell (an apostrophe before = + - @ tab or CR)."""
    if cell[:1] == "'" and cell[1:2] in ("=", "+", "-", "@", "\t", "\r"):
        return cell[1:]
    return cell


def _player_of(cell: dict[str, str], rounds: int) -> Player:
    """The 001 record a CSV row describes, read back cell by cell."""
    blocks = [
        RoundResult(
            number,
            int(cell[f"R{number} opponent"]) if cell[f"R{number} opponent"] else None,
            Colour(cell[f"R{number} colour"] or "-"),
            Result(cell[f"R{number} result"]) if cell[f"R{number} result"] else None,
        )
        for number in range(1, rounds + 1)
    ]
    while blocks and blocks[-1].is_blank:  # the model keeps no trailing blank blocks
        blocks.pop()
    return Player(
        start_rank=int(cell["Start rank"]),
        name=_unguarded(cell["Name"]),
        sex=Sex(cell["Sex"]) if cell["Sex"] else None,
        title=Title(cell["Title"]) if cell["Title"] else None,
        rating=int(cell["Rating"]) if cell["Rating"] else None,
        federation=_unguarded(cell["Federation"]),
        fide_id=_unguarded(cell["FIDE id"]),
        birth_date=_unguarded(cell["Birth date"]),
        points=Fraction(cell["Points"]) if cell["Points"] else None,
        rank=int(cell["Rank"]) if cell["Rank"] else None,
        rounds=tuple(blocks),
    )


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_player_records_survive_the_csv(path: Path) -> None:
    """Read back with the csv module, every row equals its 001 record field by field.

    The Team cell names a team record that lists the player, or is empty when none
    does; every other record of the file is listed as dropped, at its line.
    """
    t = trfkit.parse(path.read_bytes()).tournament
    text = csvform.dump_bytes(t).decode("utf-8-sig")
    cells = list(csv.DictReader(io.StringIO(text, newline="")))
    players = sorted(t.players, key=lambda p: p.start_rank)
    assert len(cells) == len(players)
    for player, cell in zip(players, cells, strict=True):
        # a trailing blank block says nothing; the reader keeps one only where the line
        # had an unreadable result there, which the adjustments list (see the next test)
        kept = list(player.rounds)
        while kept and kept[-1].is_blank:
            kept.pop()
        assert _player_of(cell, t.round_count) == attrs.evolve(player, rounds=tuple(kept))
        if t.teams:
            listing = {team.name for team in t.teams if player.start_rank in team.members}
            assert cell["Team"] in (listing or {""})
    dropped = [
        a.line for a in csvform.adjustments(t) if a.action is Action.DROPPED and a.field == ""
    ]
    others = [
        r.line
        for r in t.records
        if not isinstance(r, Player) and not (isinstance(r, RawRecord) and r.kind == "blank")
    ]
    assert dropped == others


@pytest.mark.skipif(not SYNTHETIC_TEAM.is_file(), reason="../shared/corpus/real is absent")
def test_an_unreadable_result_is_listed_as_dropped() -> None:
    """Lines 30-37 end in the block '0000 - *': '*' is no TRF code, so round 3 is dropped."""
    t = trfkit.parse(SYNTHETIC_TEAM.read_bytes()).tournament
    found = [
        (a.line, a.field, a.before)
        for a in csvform.adjustments(t)
        if a.record == "001" and a.action is Action.DROPPED
    ]
    assert found == [(line, "round 3", "0000 - *") for line in range(30, 38)]


# --- the team form (convert --to csv --teams) ------------------------------------------------

# Two one-board teams, one round: player 1 (team 1, White) beats player 2 (team 2).
# 310: number 5-7, name 9-40, MP 55-60, GP 62-67, rank 69-71, members from 74.
TEAM_CSV = (
    "012 Match\n"
    "142 1\n"
    "192 FIDE_TEAM_TYPEA_MP_GP\n"
    "001    1      A                                                                  1.0    1"
    "     2 w 1\n"
    "001    2      B                                                                  0.0    2"
    "     1 b 0\n"
    f"310   1 {'=SUM(A1)':<32} {'':<5} {'':>6} {'2.0':>6} {'1.0':>6} {1:>3}     1\n"
    f"310   2 {'Beta':<32} {'':<5} {'':>6} {'0.0':>6} {'0.0':>6} {2:>3}     2\n"
)


def test_team_form_has_a_row_per_team() -> None:
    """By hand: team 1 won 1-0 as first-named (2 MP, 1 GP), team 2 lost (0 MP, 0 GP)."""
    t = trfkit.loads(TEAM_CSV)
    table = _read(csvform.dumps(t, teams=True))
    head = table[0]
    assert head[:8] == ["Team", "Name", "Reported MP", "Reported GP", "Reported rank", "MP",
                        "GP", "Rank"]  # fmt: skip
    rounds = ["R1 opponent", "R1 side", "R1 result", "R1 GP", "R1 opponent GP", "R1 MP"]
    assert head[-6:] == rounds
    keys = head[8:-6]
    assert "MP" not in keys and "GP" not in keys and "PTS" not in keys
    one, two = table[1], table[2]
    assert one[:8] == ["1", "'=SUM(A1)", "2.0", "1.0", "1", "2.0", "1.0", "1"]
    assert one[-6:] == ["2", "w", "played", "1.0", "0.0", "2.0"]
    assert two[:8] == ["2", "Beta", "0.0", "0.0", "2", "0.0", "0.0", "2"]
    assert two[-6:] == ["1", "b", "played", "0.0", "1.0", "0.0"]


def test_team_form_lists_the_guarded_name() -> None:
    """The team CSV notes what it leaves out, and the guarded name as rewritten at column 9."""
    found = csvform.team_adjustments(trfkit.loads(TEAM_CSV))
    assert found[0].action is Action.DROPPED and found[0].line is None
    assert [(a.action, a.line, a.column, a.after) for a in found[1:]] == [
        (Action.REWRITTEN, 6, 9, "'=SUM(A1)")
    ]


def test_cli_team_form_and_its_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--teams writes the team form; an individual event or another target is refused."""
    source = tmp_path / "match.trf"
    source.write_text(TEAM_CSV, encoding="utf-8")
    out = tmp_path / "teams.csv"
    assert main(["convert", str(source), "--to", "csv", "--teams", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbfTeam,Name,Reported MP,")
    solo = tmp_path / "solo.trf"
    solo.write_text(SAMPLE, encoding="utf-8")
    capsys.readouterr()
    assert main(["convert", str(solo), "--to", "csv", "--teams", "-o", str(out)]) == 2
    assert "--teams needs a team event" in capsys.readouterr().err
    assert main(["convert", str(source), "--to", "json", "--teams"]) == 2
    assert "--teams applies to --to csv only" in capsys.readouterr().err


@needs_corpus
@pytest.mark.parametrize(
    "name",
    [
        "icu_leinster_armstrong_cup_2010-11_team_league_rr.trf",
        "markdechamps_team_tie_breaks_round_robin_4teams.trf",
        "otto_fideteam_nocolor_team_swiss_9teams.trf",
        "trf26_record330_team_forfeit_sharly-bbp.trf",
        "trf26_team_grandmommys_cup_echecsjs.trf",
        "trf26_team_grandmommys_cup_sharly.trf",
        "heltour_crete_friendship_cup_2024_team_swiss.trf",
        "heltour_crete_interclub_championship_2025_team_swiss.trf",
        "chesspairing_trf2026_team_synthetic.trf",
    ],
)
def test_corpus_team_files_have_a_team_form(name: str) -> None:
    """Each team file of the corpus: a row per team, the header's width on every row."""
    t = trfkit.loads((CORPUS / name).read_bytes())
    table = _read(csvform.dumps(t, teams=True))
    assert len(table) == 1 + len(csvform.team_table(t).rows)
    assert {len(row) for row in table} == {len(table[0])}
