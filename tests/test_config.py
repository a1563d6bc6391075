"""Settings files: where they are found, what they may hold, and how an audit names them."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from trfkit.cli import main
from trfkit.config import (
    MAX_BYTES,
    Choice,
    Settings,
    find_settings_file,
    inside,
    load_profile,
    load_settings,
)
from trfkit.errors import ConfigError


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    """Without any settings file the defaults apply (nothing selected, not strict)."""
    folder = tmp_path / "a"
    folder.mkdir()
    assert load_settings(folder) == Settings()


def test_pyproject_without_table_is_passed_over(tmp_path: Path) -> None:
    """A pyproject.toml without [tool.trfkit] is skipped for the trfkit.toml above it."""
    (tmp_path / "trfkit.toml").write_text('ignore = "E013, E004"\n', encoding="utf-8")
    inner = tmp_path / "project"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_settings_file(inner / "t.trf") == tmp_path / "trfkit.toml"
    settings = load_settings(inner / "t.trf")
    assert settings.ignore == ("E013", "E004")
    assert settings.path == str(tmp_path / "trfkit.toml")


def test_broken_pyproject_belongs_to_another_tool(tmp_path: Path) -> None:
    """A pyproject.toml that is not TOML is passed over, not an error."""
    (tmp_path / "pyproject.toml").write_text("[project\n", encoding="utf-8")
    assert load_settings(tmp_path) == Settings()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('select = ["E"]\nstrcit = true\n', r"unknown key\(s\) strcit"),
        ("select = 3\n", "select must be a list"),
        ('strict = "yes"\n', "strict must be true or false"),
        ("select = [\n", "not valid TOML"),
    ],
)
def test_bad_trfkit_toml(tmp_path: Path, content: str, message: str) -> None:
    """A trfkit.toml with a typo, a wrong type or broken TOML raises ConfigError."""
    (tmp_path / "trfkit.toml").write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_settings(tmp_path)


@pytest.mark.parametrize(
    "content",
    [
        "[tool.trfkit]\nstrict = true\n",
        '[tool."trfkit"]\nstrict = true\n',
        "[tool]\ntrfkit = { strict = true }\n",
        "tool.trfkit.strict = true\n",
        '[project]\nname = "x"\n\n[tool.trfkit]\nstrict = true\n',
    ],
)
def test_every_way_of_writing_the_pyproject_table_is_read(tmp_path: Path, content: str) -> None:
    """[tool.trfkit] as a table, a quoted key, an inline table or a dotted key sets strict."""
    (tmp_path / "pyproject.toml").write_text(content, encoding="utf-8")
    assert load_settings(tmp_path).strict is True


def test_another_tools_pyproject_is_passed_over_without_a_toml_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pyproject.toml that never names trfkit is skipped before tomllib is imported."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    monkeypatch.setitem(sys.modules, "tomllib", None)  # importing it now raises ImportError
    assert load_settings(tmp_path) == Settings()


# --- a hostile settings file ----------------------------------------------------------------

# Player 1 won round 1 but the file gives him 0.0 points: T001, an error.
WRONG_POINTS = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                        2210                             0.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                         1880                             0.0    2"
    "     1 b 0\n"
)

DEEP = {
    "arrays": "select = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "inline tables": "select = " + "{a = " * 100_000 + "}" * 100_000 + "\n",
}


@pytest.mark.parametrize("content", DEEP.values(), ids=DEEP.keys())
def test_deeply_nested_trfkit_toml_is_a_config_error(tmp_path: Path, content: str) -> None:
    """100,000 nested arrays or inline tables: ConfigError naming the file, no RecursionError."""
    (tmp_path / "trfkit.toml").write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=r"trfkit\.toml: nested too deeply"):
        load_settings(tmp_path)


def test_deeply_nested_trfkit_toml_is_a_usage_error_of_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``trfkit check`` beside a deeply nested trfkit.toml: exit 2 and one line naming it."""
    (tmp_path / "trfkit.toml").write_text(DEEP["arrays"], encoding="utf-8")
    (tmp_path / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    assert main(["check", str(tmp_path / "t.trf")]) == 2
    err = capsys.readouterr().err
    name = tmp_path.resolve() / "trfkit.toml"
    assert err == f"trfkit check: {name}: nested too deeply to be read as TOML\n"


def test_deeply_nested_pyproject_is_passed_over(tmp_path: Path) -> None:
    """A pyproject.toml naming trfkit but nested too deeply is another tool's file: skipped."""
    (tmp_path / "pyproject.toml").write_text("# trfkit\n" + DEEP["arrays"], encoding="utf-8")
    assert load_settings(tmp_path) == Settings()


def test_oversized_trfkit_toml_is_not_read(tmp_path: Path) -> None:
    """A trfkit.toml over MAX_BYTES is refused from its first MAX_BYTES + 1 bytes."""
    (tmp_path / "trfkit.toml").write_text("#" * (MAX_BYTES + 1), encoding="utf-8")
    with pytest.raises(ConfigError, match="larger than 1,048,576 bytes"):
        load_settings(tmp_path)


def test_inside_a_checked_folder(tmp_path: Path) -> None:
    """A file at any depth of a checked folder is inside it; one above, or beside a file, is not."""
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "sub" / "t.trf").write_text("", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "sub")
    assert inside(tmp_path / "sub" / "trfkit.toml", [tmp_path / "sub"]) == str(tmp_path / "sub")
    assert inside(tmp_path / "sub" / "deeper" / "trfkit.toml", [str(tmp_path)]) == str(tmp_path)
    assert inside(tmp_path / "sub" / "trfkit.toml", [tmp_path / "link"]) == str(tmp_path / "link")
    assert inside(tmp_path / "trfkit.toml", [tmp_path / "sub"]) is None
    assert inside(tmp_path / "sub" / "trfkit.toml", [tmp_path / "sub" / "t.trf"]) is None


# --- audits that cannot be switched off from inside -----------------------------------------

SILENCING = {
    "trfkit.toml": 'ignore = ["P", "S", "B", "T", "E"]\n',
    "pyproject.toml": '[tool.trfkit]\nignore = ["P", "S", "B", "T", "E"]\n',
}
WARNING = "lies inside the checked folder"


@pytest.fixture(params=sorted(SILENCING))
def submitted(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, Path]:
    """A submitted folder: a file with a points error and a settings file ignoring everything."""
    folder = tmp_path / "submitted"
    folder.mkdir()
    (folder / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    settings = folder / request.param
    settings.write_text(SILENCING[request.param], encoding="utf-8")
    return folder, settings.resolve()


def run_json(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, Any, str]:
    """``trfkit check ARGUMENTS --format json`` in-process: exit code, document, stderr."""
    code = main(["check", *arguments, "--format", "json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def test_a_settings_file_inside_the_checked_folder_is_named_and_warned_about(
    submitted: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """It silences T001 (exit 0), but the JSON summary names it and check warns on stderr."""
    folder, settings = submitted
    code, payload, err = run_json(capsys, str(folder))
    assert code == 0 and payload["files"][0]["diagnostics"] == []
    assert payload["summary"]["settings"] == [str(settings)]
    (warning,) = payload["summary"]["warnings"]
    assert str(settings) in warning and WARNING in warning and "--isolated" in warning
    assert "ignore = P, S, B, T, E" in warning
    assert err == f"trfkit check: warning: {warning}\n"


def test_the_text_summary_and_the_html_report_name_the_settings_file(
    submitted: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Text: a summary line even for one file, ending with the file; HTML: header and warning."""
    folder, settings = submitted
    report = tmp_path / "r.html"
    assert main(["check", str(folder), "--report", str(report)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        f"1 file checked: 1 clean, 0 with errors, 0 with warnings only; settings: {settings}"
    ]
    assert WARNING in err
    page = report.read_text(encoding="utf-8")
    assert f"Settings files applied: <code>{settings}</code>" in page
    assert f'<p class="note sev-warning">Warning: the settings file {settings} {WARNING}' in page


def test_isolated_ignores_every_settings_file(
    submitted: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--isolated``: T001 is reported (exit 1), no settings file named, no warning."""
    folder, _ = submitted
    code, payload, err = run_json(capsys, str(folder), "--isolated")
    assert code == 1
    assert [d["code"] for d in payload["files"][0]["diagnostics"] if d["code"] == "T001"]
    assert payload["summary"]["settings"] == [] and payload["summary"]["warnings"] == []
    assert err == ""


def test_a_settings_file_above_the_checked_folder_is_named_without_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The auditor's own trfkit.toml, above the folder: applied and named, not warned about."""
    (tmp_path / "trfkit.toml").write_text('ignore = ["T001"]\n', encoding="utf-8")
    (tmp_path / "submitted").mkdir()
    (tmp_path / "submitted" / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    code, payload, err = run_json(capsys, str(tmp_path / "submitted"))
    assert code == 0
    assert payload["summary"]["settings"] == [str((tmp_path / "trfkit.toml").resolve())]
    assert payload["summary"]["warnings"] == [] and err == ""


def test_no_warning_when_the_command_line_replaces_the_codes(
    submitted: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """``--ignore`` replaces the file's ignore: the file no longer decides which codes run."""
    folder, settings = submitted
    code, payload, err = run_json(capsys, str(folder), "--ignore", "E")
    assert code == 1 and payload["summary"]["settings"] == [str(settings)]
    assert payload["summary"]["warnings"] == [] and err == ""


def test_a_select_inside_the_checked_folder_is_warned_about_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``select = ["E013"]`` in the checked folder hides T001 too: warned about (strict is not)."""
    (tmp_path / "trfkit.toml").write_text('select = ["E013"]\nstrict = true\n', encoding="utf-8")
    (tmp_path / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    code, payload, err = run_json(capsys, str(tmp_path))
    assert code == 0
    (warning,) = payload["summary"]["warnings"]
    assert "select = E013" in warning and "strict" not in warning and WARNING in err


# --- result-deciding keys ------------------------------------------------------------------


def test_result_deciding_keys_are_read_with_their_lines(tmp_path: Path) -> None:
    """Each key other than select/ignore/strict is kept as written, with its 1-based line."""
    (tmp_path / "trfkit.toml").write_text(
        '# rules\ntiebreaks = "SB, DE"\n\nwithdrawal_rule = false\nunrated_rating = 1000\n',
        encoding="utf-8",
    )
    settings = load_settings(tmp_path)
    assert settings.choices == (
        Choice("tiebreaks", "SB, DE", 2),
        Choice("withdrawal_rule", False, 4),
        Choice("unrated_rating", 1000, 5),
    )
    assert settings.where("withdrawal_rule") == f"{tmp_path / 'trfkit.toml'}:4"


def test_a_list_value_is_kept_as_a_tuple_of_its_strings(tmp_path: Path) -> None:
    """``tiebreaks = [" SB", "DE "]`` is the tuple ("SB", "DE"), each stripped."""
    path = tmp_path / "p.toml"
    path.write_text('tiebreaks = [" SB", "DE "]\n', encoding="utf-8")
    assert load_profile(path).choices == (Choice("tiebreaks", ("SB", "DE"), 1),)


def test_the_pyproject_table_takes_the_same_keys(tmp_path: Path) -> None:
    """[tool.trfkit] sb_cut on line 4 of a pyproject.toml is read with that line."""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.trfkit]\nsb_cut = "contribution"\n', encoding="utf-8"
    )
    assert load_settings(tmp_path).choices == (Choice("sb_cut", "contribution", 4),)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("koya_threshold = true\n", r":1: koya_threshold must be a string, not True"),
        ('\nplayoff_games = "2"\n', r":2: playoff_games must be a whole number"),
        ("playoff_single = 1\n", r":1: playoff_single must be true or false"),
        ('x = 1\n', r":1: unknown key\(s\) x"),
    ],
)
def test_a_value_of_the_wrong_kind_names_its_line(
    tmp_path: Path, content: str, message: str
) -> None:
    """A boolean for a choice, a text for a number, a number for a flag: ConfigError, its line."""
    path = tmp_path / "p.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_profile(path)


def test_a_tiebreak_list_inside_the_checked_folder_is_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tiebreaks`` and ``koya_threshold`` in the checked folder decide results: warned about."""
    (tmp_path / "trfkit.toml").write_text(
        'tiebreaks = ["SB"]\nkoya_threshold = "more-than"\nplayoff_games = 4\n', encoding="utf-8"
    )
    (tmp_path / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    _, payload, err = run_json(capsys, str(tmp_path))
    (warning,) = payload["summary"]["warnings"]
    assert "tiebreaks = SB; koya_threshold = more-than" in warning and WARNING in err
    assert "playoff_games" not in warning  # a play-off key decides nothing that check finds


def test_a_key_replaced_on_the_command_line_or_by_a_profile_is_not_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--tiebreaks replaces the file's list, a --profile its koya_threshold: no warning left."""
    folder = tmp_path / "submitted"
    folder.mkdir()
    (folder / "trfkit.toml").write_text(
        'tiebreaks = ["SB"]\nkoya_threshold = "more-than"\n', encoding="utf-8"
    )
    (folder / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('koya_threshold = "at-least"\n', encoding="utf-8")
    _, payload, _ = run_json(capsys, str(folder), "--tiebreaks", "DE")
    (warning,) = payload["summary"]["warnings"]
    assert "koya_threshold = more-than" in warning and "tiebreaks" not in warning
    _, payload, err = run_json(capsys, str(folder), "--tiebreaks", "DE", "--profile", str(profile))
    assert payload["summary"]["warnings"] == [] and err == ""
    assert payload["summary"]["settings"] == [str(profile), str((folder / "trfkit.toml").resolve())]


def test_isolated_applies_no_result_deciding_key_of_a_settings_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --isolated a settings file's bad koya_threshold is not even read (exit 1, not 2)."""
    (tmp_path / "trfkit.toml").write_text('koya_threshold = "most"\n', encoding="utf-8")
    (tmp_path / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 2
    assert "koya_threshold: 'most' is not one of" in capsys.readouterr().err
    code, payload, err = run_json(capsys, str(tmp_path), "--isolated")
    assert code == 1 and payload["summary"]["settings"] == [] and err == ""


def test_a_hostile_value_is_quoted_printable_in_the_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tie-break list holding a newline and an escape cannot start a line of its own on stderr."""
    (tmp_path / "trfkit.toml").write_text(
        'tiebreaks = "SB\\n::error file=x.trf::forged\\u001b[2J"\n', encoding="utf-8"
    )
    (tmp_path / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    main(["check", str(tmp_path)])
    err = capsys.readouterr().err
    warning = next(line for line in err.splitlines() if WARNING in line)
    assert "tiebreaks = SB" in warning and "forged" in warning
    assert not any(line.startswith("::error") for line in err.splitlines())
    assert "\x1b" not in err


def test_a_round_order_or_team_colours_inside_the_checked_folder_is_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """round_order and team_colours decide B-code findings: both named in the warning."""
    (tmp_path / "trfkit.toml").write_text(
        'round_order = "rotate-4"\nteam_colours = "off"\n', encoding="utf-8"
    )
    (tmp_path / "t.trf").write_text(WRONG_POINTS, encoding="utf-8")
    _, payload, _ = run_json(capsys, str(tmp_path))
    (warning,) = payload["summary"]["warnings"]
    assert "round_order = rotate-4; team_colours = off" in warning
