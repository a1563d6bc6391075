"""The command line: version, help, convert, show, and check's exit codes and JSON shape."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from trfkit.cli import COMMANDS, main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RR6 = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"
CR_ONLY = FIXTURES / "real" / "bbppairings_issue7_rtg_swiss_cr-only.trf"
LATIN1 = FIXTURES / "real" / "icu_encoding_sample_latin1.trf"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``trfkit --version`` prints the name and version and exits 0."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("trfkit 0.")


@pytest.mark.parametrize("command", [name for name, _ in COMMANDS])
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``trfkit COMMAND --help`` exists for every command and exits 0."""
    assert main([command, "--help"]) == 0
    assert f"usage: trfkit {command}" in capsys.readouterr().out


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Calling trfkit without a command prints help on stderr and exits 2."""
    assert main([]) == 2
    assert "usage: trfkit" in capsys.readouterr().err


def test_convert_writes_back_byte_for_byte(tmp_path: Path) -> None:
    """``trfkit convert F -o OUT`` reproduces a CR-only file exactly."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(CR_ONLY), "-o", str(out)]) == 0
    assert out.read_bytes() == CR_ONLY.read_bytes()


def test_convert_keeps_latin1_bytes(tmp_path: Path) -> None:
    """A Latin-1 file comes back as Latin-1 bytes."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(LATIN1), "-o", str(out)]) == 0
    assert out.read_bytes() == LATIN1.read_bytes()


def test_convert_output_encoding(tmp_path: Path) -> None:
    """``--output-encoding utf-8`` re-encodes a Latin-1 file (names become UTF-8 bytes)."""
    out = tmp_path / "out.trf"
    assert main(["convert", str(LATIN1), "-o", str(out), "--output-encoding", "utf-8"]) == 0
    assert out.read_bytes() == LATIN1.read_bytes().decode("cp1252").encode("utf-8")


def test_convert_never_overwrites_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Naming the input as the output is refused with exit 2 and the file is untouched."""
    target = tmp_path / "in.trf"
    target.write_bytes(RR6.read_bytes())
    assert main(["convert", str(target), "-o", str(target)]) == 2
    assert "never writes over its input" in capsys.readouterr().err
    assert target.read_bytes() == RR6.read_bytes()


def test_convert_stdin_to_stdout() -> None:
    """``trfkit convert -`` reads stdin and writes stdout, byte for byte."""
    data = CR_ONLY.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", "convert", "-"],
        input=data,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == data


def test_show_prints_crosstable(capsys: pytest.CaptureFixture[str]) -> None:
    """``trfkit show`` prints the header and one crosstable row per player."""
    assert main(["show", str(RR6)]) == 0
    out = capsys.readouterr().out
    assert "Tournament:           FIDE C.07 2023 Tie-Break Exercises" in out
    # Player 5, Franck: round 1 drew player 1 with Black, round 4 lost by forfeit to 6 (White).
    row = next(line for line in out.splitlines() if "Franck" in line)
    assert row.split()[-5:] == ["1b=", "4w1", "2b0", "6w-", "3b0"]


TEAMS_RR = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "real" / (
    "markdechamps_team_tie_breaks_round_robin_4teams.trf"
)


@pytest.mark.skipif(not TEAMS_RR.exists(), reason="corpus not available")
def test_show_prints_the_team_crosstable_first(capsys: pytest.CaptureFixture[str]) -> None:
    """A team event: the team rows (MP, GP, rank, a match per round) before the players'.

    By hand from the boards: team 2 lost 1½-2½ to team 1 (first-named), beat 4 3-1 and
    drew 3 2-2 (first-named both times): 3 MP, 6½ GP, first on MPvGP.
    """
    assert main(["show", str(TEAMS_RR)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    team = next(line for line in lines if line.lstrip().startswith("2  Team 2"))
    assert team.split() == ["2", "Team", "2", "3", "6½", "1", "1b", "1½-2½", "4w", "3-1",
                            "3w", "2-2"]  # fmt: skip
    assert lines.index(team) < next(i for i, line in enumerate(lines) if "T1B1" in line)


@pytest.mark.parametrize("command", ["show", "standings"])
def test_show_and_standings_refuse_a_file_that_is_not_trf(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file with no TRF record: exit 2 and the P012 message on stderr, nothing on stdout."""
    notes = tmp_path / "notes.trf"
    notes.write_text("Meeting notes\n\nnothing else\n", encoding="utf-8")
    assert main([command, str(notes)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"trfkit {command}: {notes}: not a TRF file: none of its 3 lines is a TRF record "
        "(2 unknown, 1 blank); TRF lines start with a record code such as 012 or 001\n"
    )


def test_check_clean_file_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    """A file without errors exits 0."""
    assert main(["check", str(RR6), "--select", "P,S"]) == 0


def test_check_error_exits_one_with_located_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An asymmetric game is reported as ``path:line:col: CODE message`` and exits 1."""
    text = RR6.read_text(encoding="utf-8").replace("    2 w 1     3 b 1", "    2 w 0     3 b 1")
    bad = tmp_path / "bad.trf"
    bad.write_text(text, encoding="utf-8")
    assert main(["check", str(bad), "--select", "S003"]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    # Player 1 (line 5) lists a loss against 2 in round 2 (column 102); 2 lists a loss as well.
    assert out == [f"{bad}:5:102: S003 round 2: players 1 and 2 disagree: results 0 and 0"]


def test_check_missing_path_exits_two(capsys: pytest.CaptureFixture[str]) -> None:
    """A named path that does not exist is a usage error."""
    assert main(["check", "/nonexistent/x.trf"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_check_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """``--format json`` prints one object with files, encodings and located diagnostics."""
    main(["check", str(LATIN1), "--format", "json"])
    payload = json.loads(capsys.readouterr().out)
    (entry,) = payload["files"]
    assert entry["path"] == str(LATIN1)
    assert entry["encoding"] == "cp1252"
    keys = {"code", "name", "severity", "line", "column", "message", "round", "players"}
    assert all(set(d) == keys for d in entry["diagnostics"])
    assert any(d["code"] == "P002" for d in entry["diagnostics"])


def test_python_dash_m_runs_the_cli() -> None:
    """``python -m trfkit --version`` works."""
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", "--version"],
        capture_output=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("trfkit ")
