"""trfkit's model of bbpPairings' reader, against what bbpPairings itself did.

``fixtures/readers/bbppairings`` holds small files, each changing one thing of a file
bbpPairings accepts, and ``bbppairings-c.tsv`` what the built program (commit 16a000f)
answered to ``--dutch FILE -c`` on each: its exit status and the first line it printed.
Every file it accepted must give no refusal, and every file it refused must be refused by
the rule its own message names (:data:`BBP_MESSAGES`, written from bbpPairings'
messages). The interop tests (``test_interop.py``) run the program itself on the corpus,
its conversions and generated events.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from locations import FIXTURES

import trfkit
from trfkit.checks import CheckOptions
from trfkit.cli import main
from trfkit.trf import bbppairings as bbp
from trfkit.trf.reader import parse

FOLDER = FIXTURES / "readers" / "bbppairings"

BBP_MESSAGES = {
    bbp.ENCODING: r"not legal UTF-8|wstring_convert|A pairing number is missing",
    bbp.TEAM_RECORD: r"team tournaments are not supported",
    bbp.TYPE_CODE: r"unsupported tournament type|Invalid line \"192",
    bbp.INITIAL_COLOUR: r"Invalid line \"152",
    bbp.SCORING: r"Invalid line (\(symbol X not supported\) )?\"(162|BB)",
    bbp.BONUS: r"abnormal assignment points",
    bbp.ROUND_COUNT: r"Invalid line \"(142|XXR)",
    bbp.PLAYER_LINE: r"Invalid line (\(player ID of 0\) )?\"001",
    bbp.OPPONENT_ZERO: r"\(player ID of 0\) \"001",
    bbp.ROUND_BLOCK: r"Invalid line \"001",
    bbp.OTHER_RECORD: r"Invalid line .*\"(240|250|260|XXA|XXP)|acceleration entries|signal"
    r"|only supports player IDs",
    bbp.START_RANKS: r"A pairing number is (missing|repeated)",
    bbp.TOO_MANY_ROUNDS: r"number of rounds is larger",
    bbp.PAIRING: r"contradicts the entry|signal",
    bbp.POINTS: r"does not match the game results",
    bbp.BAKU: r"inconsistent with Baku",
}
"""bbpPairings' own words for each rule (``trf.cpp``'s messages; a crash has none)."""


def refusals(data: bytes) -> list[trfkit.readers.Finding]:
    """The findings that mean bbpPairings refuses *data* (the next-round note is none)."""
    return [f for f in bbp.findings(parse(data).tournament) if f.rule != bbp.NEXT_ROUND]


def _answers() -> list[tuple[str, int, str]]:
    with (FOLDER / "bbppairings-c.tsv").open(encoding="utf-8", newline="") as f:
        rows = [row for row in csv.reader(f, delimiter="\t") if not row[0].startswith("#")]
    return [(name, int(status), message) for name, status, message in rows]


ANSWERS = _answers()


def test_every_rule_has_the_programs_words() -> None:
    """Each refusing rule is matched to bbpPairings' messages; the recorded answers cover it."""
    refusing = set(bbp.RULES) - {bbp.NEXT_ROUND}
    assert set(BBP_MESSAGES) == refusing
    covered = {
        rule
        for name, status, message in ANSWERS
        if status
        for rule, pattern in BBP_MESSAGES.items()
        if re.search(pattern, message)
    }
    assert covered == refusing


@pytest.mark.parametrize(("name", "status", "message"), ANSWERS, ids=[a[0] for a in ANSWERS])
def test_the_model_answers_as_bbppairings_did(name: str, status: int, message: str) -> None:
    """Accepted: no refusal; refused: the first refusal is the rule bbpPairings' message names."""
    found = refusals((FOLDER / name).read_bytes())
    if status == 0:
        assert found == [], [f.message for f in found]
        return
    assert found, f"bbpPairings refused it: {message}"
    shown = message or f"(killed by signal {-status})"
    assert re.search(BBP_MESSAGES[found[0].rule], shown), (found[0].rule, found[0].message, shown)


def test_a_lower_case_152_is_located() -> None:
    """``152 w`` is refused at its line and column 5, with what to write."""
    text = "012 X\n152 w\n" + "001    1      A".ljust(80) + " 0.0\n"
    (found,) = refusals(text.encode())
    assert (found.rule, found.line, found.column) == (bbp.INITIAL_COLOUR, 2, 5)
    assert "'152 W' or '152 B'" in found.message


def _line(rank: int, points: str, blocks: str) -> str:
    """A 001 line: start rank 5-8, points 81-84, round blocks from column 92."""
    return f"001 {rank:>4}".ljust(80) + points.rjust(4) + " " * 7 + blocks


def test_byes_written_0_are_one_finding_with_their_lines() -> None:
    """Three ``   0 - H`` byes are one R109 at the first, naming the three lines."""
    lines = [
        "012 X",
        _line(1, "1.5", "   2 w 1     0 - H"),
        _line(2, "0.5", "   1 b 0     0 - H"),
        _line(3, "1.0", "   0 - H     4 w ="),
        _line(4, "1.5", "0000 - F     3 b ="),
    ]
    found = refusals(("\n".join(lines) + "\n").encode())
    zero = [f for f in found if f.rule == bbp.OPPONENT_ZERO]
    assert len(zero) == 1
    assert (zero[0].line, zero[0].column) == (2, 102)
    assert "(3 blocks like it: lines 2-4)" in zero[0].message


def test_points_are_summed_under_its_own_point_system() -> None:
    """162 W 3.0 D 1.0: a win and a draw are 4.0 to bbpPairings; 1.5 is refused, 4.0 not.

    By hand: player 1 beats 2 (3.0) and draws 3 (1.0) = 4.0; player 2 loses (0.0) and has a
    zero-point bye (0.0); player 3 has a zero-point bye (0.0) and draws (1.0).
    """
    def event(points_1: str) -> bytes:
        lines = [
            "012 X",
            "162  W 3.0    D 1.0    L 0.0",
            _line(1, points_1, "   2 w 1     3 b ="),
            _line(2, "0.0", "   1 b 0  0000 - Z"),
            _line(3, "1.0", "0000 - Z     1 w ="),
        ]
        return ("\n".join(lines) + "\n").encode()

    assert refusals(event("4.0")) == []
    (found,) = refusals(event("1.5"))
    assert (found.rule, found.line, found.players) == (bbp.POINTS, 3, (1,))
    assert "gives 4.0" in found.message


def test_xxs_is_named_when_it_is_why_the_points_differ() -> None:
    """JaVaFo's XXS W=3 is not read: a 3.0 for one win is refused, naming the XXS line."""
    lines = ["012 X", "XXS W=3.0", _line(1, "3.0", "   2 w 1"), _line(2, "0.0", "   1 b 0")]
    (found,) = refusals(("\n".join(lines) + "\n").encode())
    assert found.rule == bbp.POINTS and "XXS of line 2" in found.message


def test_the_check_reports_only_for_the_readers_named() -> None:
    """R codes appear with ``readers`` naming bbpPairings, never without."""
    data = (FOLDER / "r152_lowercase.trf").read_bytes()
    without = [d.code for d in trfkit.check(data) if d.code.startswith("R")]
    named = [d.code for d in trfkit.check(data, options=CheckOptions(readers="bbppairings"))]
    assert without == [] and "R104" in named


def test_the_command_line_takes_readers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``check --readers bbppairings``: R104 and exit 1; an unknown reader is a usage error."""
    path = tmp_path / "c.trf"
    path.write_bytes((FOLDER / "r152_lowercase.trf").read_bytes())
    assert main(["check", "--readers", "bbppairings", str(path)]) == 1
    assert "R104" in capsys.readouterr().out
    assert main(["check", str(path)]) == 0
    assert main(["check", "--readers", "javafo", str(path)]) == 2
    assert "unknown reader 'javafo'" in capsys.readouterr().err
