"""``trfkit check`` as a linter: select/ignore, strict, settings files, formats, progress, exits."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from trfkit.cli import main

HEADER = ["012 Club Open", "022 https://example.org/t/1", "032 Lichess", "042 2024/11/23"]
# Columns: start rank 5-8, name 15-47, points 81-84, rank 86-89, round 1 block from 92.
PLAYERS = [
    "001    1 m    Alpha, Ann                                                         1.0    1"
    "     2 w 1",
    "001    2 m    Beta, Bob                                                          0.0    2"
    "     1 b 0",
]
ASYMMETRIC = [PLAYERS[0], PLAYERS[1].replace("1 b 0", "1 b 1")]


def write(path: Path, lines: list[str]) -> Path:
    """Write a TRF file made of *lines* (LF, UTF-8) and return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def out_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The captured stdout, line by line."""
    return capsys.readouterr().out.splitlines()


@pytest.fixture
def lichess_like(tmp_path: Path) -> Path:
    """A two-player file with a URL in 022 (line 2) and 'Lichess' in 032 (line 3)."""
    return write(tmp_path / "t.trf", HEADER + PLAYERS)


# --- select / ignore ------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", ["E001", "url-in-header", "E001,url-in-header", "e001"])
def test_select_by_code_prefix_or_name(
    lichess_like: Path, pattern: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--select`` takes a code, a name, a list and lower case; only E001 is printed."""
    assert main(["check", str(lichess_like), "--select", pattern]) == 0
    assert out_lines(capsys) == [
        f"{lichess_like}:2:5: E001 022 (city) holds the URL 'https://example.org/t/1'; "
        "expected the city where the tournament took place"
    ]


def test_select_prefix_keeps_the_family(
    lichess_like: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--select E00`` keeps E001 (line 2) and E002 (line 3), in line order."""
    assert main(["check", str(lichess_like), "--select", "E00"]) == 0
    assert [line.split(": ")[1].split()[0] for line in out_lines(capsys)] == ["E001", "E002"]


def test_ignore_by_name_and_prefix(lichess_like: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--ignore platform-in-header`` drops E002; ``--ignore E`` drops both."""
    main(["check", str(lichess_like), "--select", "E00", "--ignore", "platform-in-header"])
    assert [line.split()[1] for line in out_lines(capsys)] == ["E001"]
    main(["check", str(lichess_like), "--select", "E00", "--ignore", "E"])
    assert out_lines(capsys) == []


def test_unknown_code_is_a_usage_error(
    lichess_like: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A code or name that no rule has is refused with exit 2 instead of selecting nothing."""
    assert main(["check", str(lichess_like), "--select", "E999,url-in-headr"]) == 2
    err = capsys.readouterr().err
    assert "'E999'" in err and "'url-in-headr'" in err


# --- strict and exit codes --------------------------------------------------------------------


def test_warnings_pass_and_strict_fails(lichess_like: Path) -> None:
    """Warnings alone exit 0; with ``--strict`` they exit 1."""
    assert main(["check", str(lichess_like), "--select", "E"]) == 0
    assert main(["check", str(lichess_like), "--select", "E", "--strict"]) == 1


def test_error_exits_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both players claim the win of round 1: S003 on line 1, column 92, exit 1."""
    path = write(tmp_path / "bad.trf", ASYMMETRIC)
    assert main(["check", str(path), "--select", "S003"]) == 1
    assert out_lines(capsys) == [
        f"{path}:1:92: S003 round 1: players 1 and 2 disagree: results 1 and 1"
    ]


def test_batch_with_a_broken_file_exits_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Inside a folder, a binary file is a P001 error of that file (exit 1), not exit 2."""
    write(tmp_path / "d" / "good.trf", PLAYERS)
    (tmp_path / "d" / "zz.trf").write_bytes(b"\x00\x01\x02")
    assert main(["check", str(tmp_path / "d"), "--select", "S"]) == 1
    lines = out_lines(capsys)
    assert lines[0].startswith(f"{tmp_path / 'd' / 'zz.trf'}: P001 the file is binary")
    assert lines[-1] == "2 files checked: 1 clean, 1 with errors, 0 with warnings only (P001×1)"


def test_named_unreadable_file_exits_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A binary file named on the command line is a usage error (exit 2)."""
    path = tmp_path / "x.trf"
    path.write_bytes(b"\x00\x01")
    assert main(["check", str(path)]) == 2
    assert "binary" in capsys.readouterr().err


def test_bad_jobs_and_report_folder_are_usage_errors(lichess_like: Path, tmp_path: Path) -> None:
    """``--jobs -1`` and a report in a folder that does not exist exit 2."""
    assert main(["check", str(lichess_like), "--jobs", "-1"]) == 2
    assert main(["check", str(lichess_like), "--report", str(tmp_path / "no" / "r.html")]) == 2


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``-`` reads the file from stdin and names it ``<stdin>``."""
    data = ("\n".join(HEADER + PLAYERS) + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert main(["check", "-", "--select", "E002"]) == 0
    assert out_lines(capsys)[0].startswith("<stdin>:3:5: E002 ")


def test_show_info(lichess_like: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Info findings (P002, the encoding) appear in text output only with ``--show-info``."""
    main(["check", str(lichess_like), "--select", "P002"])
    assert out_lines(capsys) == []
    main(["check", str(lichess_like), "--select", "P002", "--show-info"])
    assert out_lines(capsys) == [f"{lichess_like}: P002 read as utf-8, LF line endings"]


# --- formats --------------------------------------------------------------------------------


def test_github_annotations(lichess_like: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--format github`` prints workflow commands; ':' and ',' in properties are escaped."""
    assert main(["check", str(lichess_like), "--select", "E002", "--format", "github"]) == 0
    path = str(lichess_like).replace(":", "%3A").replace(",", "%2C")
    assert out_lines(capsys) == [
        f"::warning file={path},line=3,col=5,title=E002 platform-in-header::"
        "032 (federation) is 'Lichess', the name of an online platform; "
        "expected the host federation's three-letter FIDE code"
    ]


def test_json_document_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A three-file batch: one clean, one with warnings, one with an error, counted per code."""
    write(tmp_path / "b" / "a_clean.trf", PLAYERS)
    write(tmp_path / "b" / "b_warn.trf", HEADER + PLAYERS)
    write(tmp_path / "b" / "c_error.trf", ASYMMETRIC)
    code = main(["check", str(tmp_path / "b"), "--select", "E00,S003", "--format", "json"])
    assert code == 1
    payload = json.loads(capsys.readouterr().out)
    assert [Path(f["path"]).name for f in payload["files"]] == [
        "a_clean.trf",
        "b_warn.trf",
        "c_error.trf",
    ]
    assert payload["summary"] == {
        "files": 3,
        "clean": 1,
        "with_errors": 1,
        "with_warnings": 1,
        "unreadable": 0,
        "codes": {"E001": 1, "E002": 1, "S003": 1},
        "settings": [],
        "warnings": [],
    }


# --- progress bar ---------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        """Pretend to be a TTY."""
        return True


@pytest.fixture
def batch(tmp_path: Path) -> Path:
    """A folder with three small files."""
    for name in ("a", "b", "c"):
        write(tmp_path / "p" / f"{name}.trf", PLAYERS)
    return tmp_path / "p"


def test_progress_bar_on_a_terminal(batch: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a TTY the text format draws a bar on stderr that reaches 3/3 and is then erased."""
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["check", str(batch), "--select", "S"]) == 0
    drawn = terminal.getvalue()
    assert "3/3" in drawn and "[" in drawn
    assert drawn.endswith("\r\x1b[K")


@pytest.mark.parametrize("extra", [["--format", "json"], ["--no-progress"], ["--format", "github"]])
def test_no_progress_bar_for_json_github_or_when_disabled(
    batch: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str]
) -> None:
    """JSON, GitHub output and ``--no-progress`` never draw a bar, even on a TTY."""
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    main(["check", str(batch), "--select", "S", *extra])
    assert terminal.getvalue() == ""


def test_no_progress_bar_in_a_pipe(batch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """When stderr is not a terminal (captured here) nothing is drawn."""
    main(["check", str(batch), "--select", "S"])
    assert capsys.readouterr().err == ""


# --- settings files -------------------------------------------------------------------------


def test_trfkit_toml_found_upward(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trfkit.toml two folders up selects E002 for a file deep below it."""
    (tmp_path / "trfkit.toml").write_text('select = ["E002"]\n', encoding="utf-8")
    path = write(tmp_path / "x" / "y" / "t.trf", HEADER + PLAYERS)
    main(["check", str(path)])
    *found, summary = out_lines(capsys)
    assert [line.split()[1] for line in found] == ["E002"]
    assert summary.endswith(f"; settings: {(tmp_path / 'trfkit.toml').resolve()}")


def test_pyproject_tool_table_and_strict(tmp_path: Path) -> None:
    """``[tool.trfkit]`` with strict = true makes the warnings fail (exit 1)."""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.trfkit]\nselect = "E001"\nstrict = true\n',
        encoding="utf-8",
    )
    path = write(tmp_path / "t.trf", HEADER + PLAYERS)
    assert main(["check", str(path)]) == 1


def test_command_line_wins_over_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--select E001`` replaces the file's select of E002."""
    (tmp_path / "trfkit.toml").write_text('select = ["E002"]\n', encoding="utf-8")
    path = write(tmp_path / "t.trf", HEADER + PLAYERS)
    main(["check", str(path), "--select", "E001"])
    assert [line.split()[1] for line in out_lines(capsys)[:-1]] == ["E001"]


def test_trfkit_toml_before_pyproject_in_one_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In the same folder trfkit.toml is read and pyproject.toml is not."""
    (tmp_path / "trfkit.toml").write_text('select = ["E001"]\n', encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[tool.trfkit]\nselect = ["E002"]\n', encoding="utf-8")
    main(["check", str(write(tmp_path / "t.trf", HEADER + PLAYERS))])
    *found, summary = out_lines(capsys)
    assert [line.split()[1] for line in found] == ["E001"]
    assert summary.endswith(f"; settings: {(tmp_path / 'trfkit.toml').resolve()}")


@pytest.mark.parametrize(
    "content", ['selct = ["E"]\n', "strict = 'yes'\n", "select = [\n", 'select = ["E998"]\n']
)
def test_bad_settings_file_is_a_usage_error(
    tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt key, a wrong type, broken TOML or an unknown code: exit 2 naming the file."""
    (tmp_path / "trfkit.toml").write_text(content, encoding="utf-8")
    assert main(["check", str(write(tmp_path / "t.trf", PLAYERS))]) == 2
    assert "trfkit.toml" in capsys.readouterr().err


# --- rules and explain ----------------------------------------------------------------------


def test_rules_lists_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    """``trfkit rules`` has a line per code: the reader's P001-P014, S001-S008, E001-E018."""
    assert main(["rules"]) == 0
    codes = [line.split()[0] for line in out_lines(capsys)]
    assert [c for c in codes if c.startswith("P")] == [f"P{n:03d}" for n in range(1, 15)]
    assert [c for c in codes if c.startswith("S")] == [*(f"S{n:03d}" for n in range(1, 9)), "S999"]
    assert {"E001", "E017"} <= set(codes)
    assert codes == sorted(codes)


@pytest.mark.parametrize("code", ["P012", "S008"])
def test_explain_the_not_trf_codes(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``explain`` prints the new codes' documentation unindented, with PASS and FAIL."""
    assert main(["explain", code]) == 0
    text = capsys.readouterr().out
    heading = {"P012": "P012 not-trf (error)", "S008": "S008 no-players (warning)"}[code]
    assert text.startswith(heading)
    assert "\nPASS: " in text and "FAIL: " in text
    assert not any(line.startswith(" ") for line in text.splitlines())


def test_rules_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``trfkit rules --format json --select E005`` describes the phantom-round rule."""
    assert main(["rules", "--format", "json", "--select", "E005"]) == 0
    (rule,) = json.loads(capsys.readouterr().out)
    assert {k: rule[k] for k in ("code", "name", "severity", "plugin")} == {
        "code": "E005",
        "name": "phantom-round",
        "severity": "warning",
        "plugin": False,
    }
    assert main(["explain", "E005"]) == 0
    assert rule["summary"] == capsys.readouterr().out.splitlines()[2]


def test_explain_by_code_and_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """``explain E006`` and ``explain pab-coded-as-full-bye`` print the same documentation."""
    assert main(["explain", "E006"]) == 0
    by_code = capsys.readouterr().out
    assert main(["explain", "pab-coded-as-full-bye"]) == 0
    assert capsys.readouterr().out == by_code
    assert by_code.startswith("E006 pab-coded-as-full-bye (warning)")
    assert "PASS" in by_code and "FAIL" in by_code


def test_explain_unknown_code(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown code exits 2 with a pointer to ``trfkit rules``."""
    assert main(["explain", "Q123"]) == 2
    assert "trfkit rules" in capsys.readouterr().err


# --- files that are not TRF ---------------------------------------------------------------


NOT_TRF = ["# trfkit", "", "Read, write and check TRF files.", "0123456789", "### a comment"]
"""A README-like file: a heading, a blank line, prose, a ruler and a comment, no record."""


def test_a_file_with_no_trf_record_is_one_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No line is a record: one P012 naming what the 5 lines are, no P003 or P004, exit 1."""
    path = write(tmp_path / "README.trf", NOT_TRF)
    assert main(["check", str(path)]) == 1
    assert out_lines(capsys) == [
        f"{path}: P012 not a TRF file: none of its 5 lines is a TRF record (2 unknown, "
        "1 blank, 1 ruler, 1 ### comment); TRF lines start with a record code such as 012 or 001"
    ]


def test_random_bytes_are_one_error_in_json_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """20 bytes that decode as one Windows-1252 line: P012 alone, besides the P002 note."""
    path = tmp_path / "noise.trf"
    path.write_bytes(bytes.fromhex("1a2b4946d1fcdaa7039f18f70656c4f99d9c9689"))
    assert main(["check", str(path), "--format", "json"]) == 1
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert [(d["code"], d["severity"], d["line"]) for d in entry["diagnostics"]] == [
        ("P002", "info", None),
        ("P012", "error", None),
    ]


def test_a_json_file_given_to_check_is_pointed_at_convert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A JSON document is P012 with the hint that ``trfkit convert`` reads JSON."""
    path = tmp_path / "t.json"
    path.write_text('{\n  "format": "trfkit"\n}\n', encoding="utf-8")
    assert main(["check", str(path)]) == 1
    (line,) = out_lines(capsys)
    assert line.startswith(f"{path}: P012 not a TRF file: none of its 3 lines")
    assert line.endswith("; this looks like JSON, which 'trfkit convert' reads")


def test_headers_without_players_are_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """012 and 042 alone: one S008 warning (exit 0), an error with ``--strict``."""
    path = write(tmp_path / "h.trf", ["012 Club Open", "042 2024/11/23"])
    assert main(["check", str(path)]) == 0
    assert out_lines(capsys) == [
        f"{path}: S008 no player record (001): the file has TRF records but no players "
        "or games to check"
    ]
    assert main(["check", str(path), "--strict"]) == 1


def test_a_batch_goes_on_past_a_file_that_is_not_trf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a folder (two workers), a non-TRF file is P012 of its own; the others are checked."""
    folder = tmp_path / "d"
    write(folder / "a.trf", NOT_TRF)
    write(folder / "b.trf", ASYMMETRIC)
    write(folder / "c.trf", PLAYERS)
    (folder / "d.trf").write_bytes(b"\x80\x9f garbage \x81\n")
    assert main(["check", str(folder), "--jobs", "2", "--select", "P,S"]) == 1
    lines = out_lines(capsys)
    assert [line.split(" ")[:2] for line in lines[:-1]] == [
        [f"{folder / 'a.trf'}:", "P012"],
        [f"{folder / 'b.trf'}:1:92:", "S003"],
        [f"{folder / 'd.trf'}:", "P012"],
    ]
    assert lines[-1] == (
        "4 files checked: 1 clean, 3 with errors, 0 with warnings only (P012×2, S003×1)"
    )


def test_a_named_file_over_the_line_limit_says_why_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The stderr line of an unread named file gives the limit, not the encoding note."""
    path = tmp_path / "long.trf"
    path.write_text("012 X\n" + "x" * 5000 + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "more than the limit of 4,096" in err and "line endings" not in err


# --- CI conventions: no path, -q, --exit-zero, --statistics, --color (issue 32, in part) ------


def test_no_path_checks_the_current_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``trfkit check`` with no path checks the current folder, as ruff and flake8 do."""
    write(tmp_path / "a.trf", HEADER + ASYMMETRIC)
    write(tmp_path / "b.trf", HEADER + PLAYERS)
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 1
    lines = out_lines(capsys)
    assert any(line.startswith("a.trf:") and " S003 " in line for line in lines)
    assert lines[-1].startswith("2 files checked")


def test_quiet_exit_zero_and_statistics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-q`` drops the summary; ``--exit-zero`` exits 0 on errors; ``--statistics`` counts."""
    write(tmp_path / "a.trf", HEADER + ASYMMETRIC)
    write(tmp_path / "b.trf", HEADER + PLAYERS)
    assert main(["check", str(tmp_path), "-q"]) == 1
    quiet = out_lines(capsys)
    assert quiet and not any("files checked" in line for line in quiet)
    assert main(["check", str(tmp_path), "-q", "--exit-zero"]) == 0
    capsys.readouterr()
    assert main(["check", str(tmp_path), "-q", "--statistics", "--select", "E001,E002,S003"]) == 1
    # a.trf and b.trf: one E001 (022), one E002 (032) each; a.trf one S003 (by hand)
    assert out_lines(capsys) == [
        "     2  E001  url-in-header",
        "     2  E002  platform-in-header",
        "     1  S003  asymmetric-pairing",
    ]
    assert main(["check", str(tmp_path / "a.trf"), "--exit-zero", "--strict"]) == 0


def test_colour_follows_the_option_and_no_color(
    lichess_like: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--color always`` colours the code only; ``never`` and ``NO_COLOR`` (auto) do not."""
    main(["check", str(lichess_like), "--color", "always"])
    coloured = out_lines(capsys)
    assert any(": \x1b[33mE001\x1b[0m " in line for line in coloured)  # a warning: yellow
    main(["check", str(lichess_like), "--color", "never"])
    assert "\x1b[" not in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    main(["check", str(lichess_like)])
    assert "\x1b[" not in capsys.readouterr().out


def test_config_names_the_settings_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--config FILE`` applies that file's settings (here: ignore E001), and says so."""
    trf = write(tmp_path / "event" / "t.trf", HEADER + PLAYERS)
    config = tmp_path / "elsewhere" / "rules.toml"
    config.parent.mkdir()
    config.write_text('ignore = ["E001"]\n', encoding="utf-8")
    assert main(["check", str(trf)]) == 0
    assert any(" E001 " in line for line in out_lines(capsys))
    assert main(["check", str(trf), "--config", str(config)]) == 0
    lines = out_lines(capsys)
    assert not any(" E001 " in line for line in lines)
    assert any(str(config) in line for line in lines)  # the summary names the file applied
    assert main(["check", str(trf), "--config", str(tmp_path / "none.toml")]) == 2
    assert main(["check", str(trf), "--config", str(config), "--isolated"]) == 2


def test_junit_output_is_a_test_case_per_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--format junit``: XML with a test case per file; the file with an S003 fails."""
    import xml.etree.ElementTree as ET

    write(tmp_path / "a.trf", HEADER + ASYMMETRIC)
    write(tmp_path / "b.trf", HEADER + PLAYERS)
    assert main(["check", str(tmp_path), "--format", "junit"]) == 1
    root = ET.fromstring(capsys.readouterr().out)
    suite = root.find("testsuite")
    assert suite is not None and (suite.get("tests"), suite.get("failures")) == ("2", "1")
    cases = {Path(c.get("name") or "").name: c for c in suite.iter("testcase")}
    failure = cases["a.trf"].find("failure")
    assert failure is not None and failure.get("type") == "S003"
    assert " S003 " in (failure.text or "") and cases["b.trf"].find("failure") is None
    # warnings fail the case under --strict, as they fail the run
    assert main(["check", str(tmp_path / "b.trf"), "--format", "junit", "--strict"]) == 1
    strict = ET.fromstring(capsys.readouterr().out).find("testsuite")
    assert strict is not None and strict.get("failures") == "1"
