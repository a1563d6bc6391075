"""Reading reported tie-break values from a side file (``--standings FILE``)."""

from __future__ import annotations

import pickle
from fractions import Fraction
from pathlib import Path

import pytest

from trfkit.errors import StandingsFileError
from trfkit.trf.standings_file import load_reported, parse_value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5¼", Fraction(21, 4)),
        ("5.25", Fraction(21, 4)),
        ("5,25", Fraction(21, 4)),
        ("½", Fraction(1, 2)),
        ("-1½", Fraction(-3, 2)),
        ("12", Fraction(12)),
        (4.5, Fraction(9, 2)),
        (7, Fraction(7)),
    ],
)
def test_values_in_every_written_form(text: object, expected: Fraction) -> None:
    """``5¼``, ``5.25`` and ``5,25`` are the same exact value; JSON numbers too."""
    assert parse_value(text) == expected


@pytest.mark.parametrize("text", ["", "-", None])
def test_empty_cells_have_no_value(text: object) -> None:
    """An empty cell, a dash or JSON null means "no value"."""
    assert parse_value(text) is None


def test_decimals_are_remembered_and_survive_pickling() -> None:
    """``13.38`` keeps its two decimals (for rounding) through a worker process's pickle."""
    value = parse_value("13.38")
    assert value is not None and value.decimals == 2
    copy = pickle.loads(pickle.dumps(value))
    assert copy == Fraction(669, 50) and copy.decimals == 2


def test_csv_with_semicolons_and_decimal_commas(tmp_path: Path) -> None:
    """A semicolon CSV (Swiss-Manager style) with decimal commas; name and rank are ignored."""
    path = tmp_path / "s.csv"
    path.write_text("Rk;SNo;Name;SB;KS\n1;3;Kramnik;49,25;4,5\n2;1;Anand;57¼;4.5\n", "utf-8")
    assert load_reported(str(path)) == {
        3: {"SB": Fraction(197, 4), "KS": Fraction(9, 2)},
        1: {"SB": Fraction(229, 4), "KS": Fraction(9, 2)},
    }


def test_json_forms(tmp_path: Path) -> None:
    """A list, ``{"players": [...]}`` and an object keyed by start rank all read the same."""
    forms = [
        '[{"start_rank": 1, "SB/C1": 4.75}]',
        '{"players": [{"start_rank": 1, "name": "A", "rank": 1, "sb/c1": "4,75"}]}',
        '{"1": {"SB/C1": "4¾"}}',
    ]
    for n, text in enumerate(forms):
        path = tmp_path / f"s{n}.json"
        path.write_text(text, "utf-8")
        assert load_reported(str(path)) == {1: {"SB/C1": Fraction(19, 4)}}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("name,SB\nA,1\n", "no start rank column"),
        ("start_rank,SB\n1,1\n1,2\n", "appears twice"),
        ("start_rank,SB\n1,abc\n", "not a number"),
        ("[1, 2]", "must be an object"),
        ("{bad json", "not valid JSON"),
        ("", "empty"),
    ],
)
def test_bad_side_files_are_refused(tmp_path: Path, content: str, message: str) -> None:
    """A side file that cannot be read raises StandingsFileError saying why."""
    path = tmp_path / ("s.json" if content[:1] in "[{" else "s.csv")
    path.write_text(content, "utf-8")
    with pytest.raises(StandingsFileError, match=message):
        load_reported(str(path))


def test_missing_side_file_is_refused(tmp_path: Path) -> None:
    """A path that does not exist raises StandingsFileError."""
    with pytest.raises(StandingsFileError, match="cannot be read"):
        load_reported(str(tmp_path / "nowhere.csv"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x00\x01\x02binary\xff\xfe", "not text"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not text"),
        (b"", "empty"),
        (b'sno,sb\n"1,2\n', "start rank '1,2"),  # an open quote runs on to the end
    ],
)
def test_binary_or_empty_side_files_are_refused(
    tmp_path: Path, data: bytes, message: str
) -> None:
    """A binary, empty or broken --standings file is refused with a reason, no traceback."""
    path = tmp_path / "side.csv"
    path.write_bytes(data)
    with pytest.raises(StandingsFileError, match=message):
        load_reported(str(path))


def test_a_csv_the_csv_module_cannot_read_is_refused(tmp_path: Path) -> None:
    """A quote followed by a lone carriage return: the csv module's error becomes ours."""
    path = tmp_path / "side.csv"
    path.write_bytes(b'sno,sb\n1,"2\r3')
    with pytest.raises(StandingsFileError):
        load_reported(str(path))
