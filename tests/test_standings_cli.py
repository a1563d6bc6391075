"""``trfkit standings``: the recomputed table in text, JSON and CSV, and ``--explain``.

Expected values come from ../shared/spec/fide-rules.md §4 and the C.07 exercises
(IA Mario Held, asserted in OttoMilvang/TieBreakServer's public tests).
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from locations import CORPUS, ROOT

from trfkit.cli import main
from trfkit.formats import csvform

FIXTURES = ROOT / "fixtures" / "scores"
SWISS_5 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf"
ROUND_ROBIN_6 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"
needs_corpus = pytest.mark.skipif(not SWISS_5.is_file(), reason="../shared/corpus/real is absent")
CANDIDATES = str(FIXTURES / "candidates_2014_double_round_robin.trf")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit code, standard output and standard error of ``trfkit standings …``."""
    code = main(["standings", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_shape_with_pts_first_and_codes_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON has the issue's shape; keys are the codes as written; values are numbers.

    [SPEC §4.1] Candidates 2014: Anand 8.5 points, SB 57.25; DE 1.25 for Kramnik.
    """
    code, out, _ = run(capsys, CANDIDATES, "--tiebreaks", "DE,sb,SB/C1,KS", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["tiebreaks"] == ["PTS", "DE", "sb", "SB/C1", "KS"]
    first = doc["players"][0]
    assert list(first)[:4] == ["start_rank", "name", "rank", "PTS"]
    assert (first["start_rank"], first["name"], first["rank"]) == (1, "Anand, Viswanathan", 1)
    assert first["PTS"] == 8.5 and first["sb"] == 57.25
    kramnik = next(p for p in doc["players"] if p["start_rank"] == 3)
    assert kramnik["DE"] == 1.25
    assert isinstance(first["KS"], float)
    assert doc["rules"]["edition"] == "fide-pre-2023"
    assert "2014-03-13" in doc["rules"]["reason"]
    assert doc["rules"]["regime"] == "round-robin"


def test_text_output_says_which_rules_applied(capsys: pytest.CaptureFixture[str]) -> None:
    """The text table starts with the edition, the regime and the list, each with its reason."""
    code, out, _ = run(capsys, CANDIDATES)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Rules:") and "fide-pre-2023" in lines[0]
    assert lines[1].startswith("Regime:") and "round-robin" in lines[1]
    assert "PTS, DE, WIN, SB, KS (the default for round robins)" in lines[2]
    assert any("57.25" in line and "Anand" in line for line in lines)


def test_csv_output(capsys: pytest.CaptureFixture[str]) -> None:
    """CSV: a header of Rank, Start rank, Name and the codes, then one row per player."""
    code, out, _ = run(capsys, CANDIDATES, "--tiebreaks", "SB", "--format", "csv")
    assert code == 0
    rows = out.removeprefix("\ufeff").split("\r\n")
    assert rows[0] == "Rank,Start rank,Name,PTS,SB"
    assert rows[1] == '1,1,"Anand, Viswanathan",8.5,57.25'


def test_withdrawn_player_is_listed_without_rank(capsys: pytest.CaptureFixture[str]) -> None:
    """[SPEC §4.5 b] Player 4 (under 50 %) has no rank; the header explains the withdrawal."""
    path = str(FIXTURES / "withdrawal_after_one_of_three_games.trf")
    _, out, _ = run(capsys, path, "--format", "json")
    doc = json.loads(out)
    last = doc["players"][-1]
    assert (last["start_rank"], last["rank"], last.get("withdrawn")) == (4, None, True)
    _, out, _ = run(capsys, path)
    assert "Withdrawal: player 4 stopped in round 2 after 1 of 3 games" in out
    _, out, _ = run(capsys, path, "--no-withdrawal-rule", "--format", "json")
    assert json.loads(out)["players"][0]["PTS"] == 2.5


@needs_corpus
def test_rules_option_changes_the_edition(capsys: pytest.CaptureFixture[str]) -> None:
    """Held's Swiss exercise: David's BH is 15.0 under 2024 (published) and 14.0 under 2026.

    2026 caps his half-point bye's dummy at ½ × 5 rounds = 2.5 instead of his own 3.5.
    """
    _, out, _ = run(capsys, str(SWISS_5), "--tiebreaks", "BH", "--format", "json")
    david = next(p for p in json.loads(out)["players"] if p["start_rank"] == 4)
    assert david["BH"] == 15.0
    _, out, _ = run(
        capsys, str(SWISS_5), "--tiebreaks", "BH", "--rules", "fide-2026", "--format", "json"
    )
    doc = json.loads(out)
    david = next(p for p in doc["players"] if p["start_rank"] == 4)
    assert david["BH"] == 14.0
    assert doc["rules"]["edition"] == "fide-2026" and "--rules" in doc["rules"]["reason"]


@needs_corpus
def test_explain_shows_each_round(capsys: pytest.CaptureFixture[str]) -> None:
    """``--explain 4``: David's bye is a dummy, BH/C1 cuts it ([HELD] exercise 7: 11.5)."""
    code, out, _ = run(capsys, str(SWISS_5), "--tiebreaks", "BH,BH/C1,SB", "--explain", "4")
    assert code == 0
    assert "Player 4 David: 3.5 points" in out
    bye = next(line for line in out.splitlines() if line.strip().startswith("2 "))
    assert "H" in bye and "dummy with the player's own score (16.4)" in bye
    assert "BH/C1: the cut removes round 2 (3.5)" in out
    assert "BH/C1 11.5" in out


@needs_corpus
def test_round_robin_explanation_counts_the_forfeit_as_a_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The C.07 round robin: Helene's round-4 forfeit win over Franck counts in SB (C.07 15.2)."""
    code, out, _ = run(capsys, str(ROUND_ROBIN_6), "--tiebreaks", "SB", "--explain", "6")
    assert code == 0
    forfeit = next(line for line in out.splitlines() if line.strip().startswith("4 "))
    assert "forfeit counted as a game (C.07 15.2)" in forfeit
    assert "1.5" in forfeit  # Franck's final score, times Helene's 1 point


def test_uncertain_rules_have_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``--koya-threshold more-than``: Kramnik's KS falls from 4.5 to 2 (hand calculation).

    With "more than 50 %" (more than 7 of 14) only Anand and Karjakin count:
    Kramnik scored ½ + ½ against Anand and 1 + 0 against Karjakin = 2.
    """
    _, out, _ = run(
        capsys, CANDIDATES, "--tiebreaks", "KS", "--koya-threshold", "more-than", "--format", "json"
    )
    kramnik = next(p for p in json.loads(out)["players"] if p["start_rank"] == 3)
    assert kramnik["KS"] == 2.0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tiebreaks", "XYZ"], "unknown tie-break"),
        (["--explain", "99"], "no player with start rank 99"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """An unknown code or player is a usage error (exit 2) with a message on stderr."""
    code, _, err = run(capsys, CANDIDATES, *argv)
    assert code == 2
    assert message in err


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A file that does not exist is a usage error."""
    code, _, err = run(capsys, str(tmp_path / "none.trf"))
    assert code == 2 and "none.trf" in err


def test_check_accepts_tiebreaks_rules_and_standings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``trfkit check --tiebreaks --rules --standings``: a wrong reported SB fails with T008."""
    side = tmp_path / "side.csv"
    side.write_text("start_rank,SB\n1,57.25\n2,50\n", encoding="utf-8")
    code = main(
        ["check", CANDIDATES, "--tiebreaks", "DE,WIN,SB", "--rules", "fide-2024",
         "--standings", str(side)]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1
    assert "T008 player 2 (Karjakin, Sergey): SB reported 50.0" in out
    assert "recomputed 51.75" in out
    assert out.count("T008") == 1


def _player(start_rank: int, name: str, points: str, block: str) -> str:
    """A 001 line: name in columns 15-47, points 81-84, rank 86-89, round 1 from 92."""
    blanks = " " * 33  # rating, federation, FIDE id and birth date left blank (48-80)
    return f"001 {start_rank:>4}      {name:<33}{blanks}{points:>4} {start_rank:>4}  {block}"


def test_csv_guards_names_a_spreadsheet_would_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Names '=1+1' and '@SUM(A1)' get an apostrophe in the CSV; the lone '-' does not."""
    path = tmp_path / "guard.trf"
    lines = [
        "012 Guard test",
        "XXR 1",
        _player(1, "=1+1", "1.0", "   2 w 1"),
        _player(2, "-", "0.0", "   1 b 0"),
        _player(3, "@SUM(A1)", "1.0", "0000 - U"),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, str(path), "--tiebreaks", "SB", "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    assert rows[0] == ["Rank", "Start rank", "Name", "PTS", "SB"]
    names = {row[1]: (row[2], row[3]) for row in rows[1:]}
    assert names == {"1": ("'=1+1", "1.0"), "2": ("-", "0.0"), "3": ("'@SUM(A1)", "1.0")}


def test_csv_uses_the_converters_guard(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standings CSV calls csvform.guard_formula, the one guard of every CSV."""
    monkeypatch.setattr(csvform, "guard_formula", lambda text: f"<{text}>")
    _, out, _ = run(capsys, CANDIDATES, "--tiebreaks", "SB", "--format", "csv")
    rows = out.removeprefix("\ufeff").splitlines()
    assert rows[0] == "Rank,Start rank,Name,<PTS>,<SB>"
    assert rows[1] == '1,1,"<Anand, Viswanathan>",8.5,57.25'


def test_team_names_with_control_characters_are_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A 310 team name holding ESC [2J prints escaped in the team table and its explanation."""
    source = (ROOT / "fixtures" / "teams" / "team_rr_4.trf").read_bytes()
    path = tmp_path / "esc.trf"
    path.write_bytes(source.replace(b"310   1 Alpha   ", b"310   1 Al\x1b[2Jp"))
    for extra in ((), ("--explain", "1")):
        code, out, _ = run(capsys, str(path), "--teams", *extra)
        assert code == 0 and "\x1b" not in out
        assert "Al\\x1b[2Jp" in out


def test_json_values_are_the_text_values_with_the_exact_value_when_rounded(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """AOB averages thirds: JSON carries the number the text shows, the fraction beside it."""
    path = str(ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_9r.trf")
    assert main(["standings", path, "--tiebreaks", "AOB", "--format", "json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert main(["standings", path, "--tiebreaks", "AOB"]) == 0
    shown = {
        int(line.split()[1]): line.split()[-1]
        for line in capsys.readouterr().out.splitlines()
        if line.strip()[:1].isdigit()
    }
    rounded = 0
    for p in players:
        assert p["AOB"] == float(shown[p["start_rank"]])  # the text's value, as a number
        exact = p.get("exact", {}).get("AOB")
        if exact is not None:  # a third has no decimal: rounded to two, exactly beside
            rounded += 1
            assert "/" in exact and abs(Fraction(exact) - Fraction(shown[p["start_rank"]])) < F_HALF
    assert rounded > 0


F_HALF = Fraction(1, 200)
"""Half a hundredth: how far a value rounded to two decimals may be from its exact value."""


def test_every_csv_is_one_dialect(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Standings and convert --to csv: UTF-8 with BOM, CRLF, the same column names; Örr kept."""
    path = tmp_path / "orr.trf"
    lines = ["012 Dialect", "XXR 1", _player(1, "Örr, Åsa", "1.0", "   2 w 1"),
             _player(2, "Ñúñez", "0.0", "   1 b 0")]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["convert", str(path), "--to", "csv", "-o", str(tmp_path / "c.csv")]) == 0
    assert main(["standings", str(path), "--format", "csv"]) == 0
    captured = capsys.readouterr().out  # decoded as UTF-8: the BOM is its first character
    (tmp_path / "s.csv").write_text(captured, encoding="utf-8", newline="")
    headers = []
    for name in ("s.csv", "c.csv"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\xef\xbb\xbf"), name
        assert data.count(b"\n") == data.count(b"\r\n") > 0, name  # CRLF, every line
        text = data.decode("utf-8-sig")
        assert "Örr, Åsa" in text and "Ñúñez" in text
        headers.append(next(csv.reader(io.StringIO(text))))
    standings_header, convert_header = headers
    assert standings_header[:3] == ["Rank", "Start rank", "Name"]
    assert {"Rank", "Start rank", "Name"} <= set(convert_header)
