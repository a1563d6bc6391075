"""The CSV crosstable: columns, encodings, delimiters, and text a spreadsheet would run."""

from __future__ import annotations

import csv
import io
import locale
from pathlib import Path

import pytest
from locations import CORPUS_FILES, needs_corpus

import trfkit
from trfkit.convert import csvform
from trfkit.errors import WriteError

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
    """One row per player by start rank; opponent, colour and result per round (XXR 3)."""
    rows = _read(csvform.dumps(trfkit.loads(SAMPLE)))
    assert rows == [
        [
            "Start rank", "Name", "Title", "Rating", "Federation", "FIDE id", "Points", "Rank",
            "R1 opponent", "R1 colour", "R1 result",
            "R2 opponent", "R2 colour", "R2 result",
            "R3 opponent", "R3 colour", "R3 result",
        ],
        ["1", "Alpha, Ann", "GM", "2500", "NOR", "1503014", "1.5", "1",
         "2", "w", "1", "", "-", "H", "", "", ""],
        ["2", "Ñúñez, Bea", "", "2300", "ESP", "", "0.5", "2",
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
    assert rows[1][6] == "1,5"


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
    assert rows[1][10] == "="
    plain = _read(csvform.dumps(trfkit.loads(text), csvform.CsvOptions(formula_guard=False)))
    assert plain[1][1] == "=SUM(1, 2)"


def test_team_column_when_the_file_has_teams() -> None:
    """A file with 013 records gets a Team column after Rank."""
    text = SAMPLE + "013 " + "Knights".ljust(32) + "   1    2\n"
    rows = _read(csvform.dumps(trfkit.loads(text)))
    assert rows[0][8] == "Team"
    assert [row[8] for row in rows[1:]] == ["Knights", "Knights"]


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
    width = 8 + (1 if t.teams else 0) + 3 * t.round_count
    assert {len(row) for row in rows} == {width}
