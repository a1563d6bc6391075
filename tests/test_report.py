"""Output formats: the streamed JSON document, GitHub annotations and the summary."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.github import format_github
from trfkit.report.json import JsonWriter, file_json
from trfkit.report.text import Summary, format_text


def diag(severity: Severity, code: str = "E001", **where: Any) -> Diagnostic:
    """A diagnostic for formatting."""
    return Diagnostic(code=code, name="some-name", severity=severity, message="m", **where)


@pytest.mark.parametrize(
    "entries",
    [
        [],
        [{"path": "a.trf", "diagnostics": []}],
        [{"path": "é.trf", "diagnostics": [{"code": "E001", "players": [1, 2]}]}, {"x": None}],
    ],
)
def test_streamed_json_equals_the_json_module(entries: list[dict[str, Any]]) -> None:
    """Entry by entry, the writer prints what json.dumps(indent=2) prints for the whole."""
    out = io.StringIO()
    writer = JsonWriter(out.write)
    for entry in entries:
        writer.add(entry)
    summary = {"files": len(entries), "codes": {"E001": 1}}
    writer.close(summary)
    whole = {"files": entries, "summary": summary}
    assert out.getvalue() == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"


def test_text_line() -> None:
    """``path:line:col: CODE message``, leaving out what is unknown."""
    assert format_text(diag(Severity.ERROR, line=3, column=92), "a.trf") == "a.trf:3:92: E001 m"
    assert format_text(diag(Severity.ERROR, line=3), "a.trf") == "a.trf:3: E001 m"
    assert format_text(diag(Severity.ERROR), "a.trf") == "a.trf: E001 m"


def test_github_levels_and_escaping() -> None:
    """Error/warning/notice levels; ':' and ',' escaped in properties, newlines in messages."""
    d = Diagnostic(
        code="S003", name="n", severity=Severity.WARNING, message="a%b\nc", line=2, column=5
    )
    assert format_github(d, "C:/x,y.trf") == (
        "::warning file=C%3A/x%2Cy.trf,line=2,col=5,title=S003 n::a%25b%0Ac"
    )
    assert format_github(diag(Severity.ERROR), "a").startswith("::error file=a,title=")
    assert format_github(diag(Severity.INFO), "a").startswith("::notice ")


def test_summary_counts_files_by_worst_shown_severity() -> None:
    """A file with an error, one with a warning, a clean one and an unreadable one."""
    summary = Summary()
    error = [diag(Severity.ERROR, "S003"), diag(Severity.WARNING, "E001")]
    summary.add(FileReport("a", "utf-8", tuple(error)), error)
    summary.add(FileReport("b", "utf-8", ()), [diag(Severity.WARNING, "E001")])
    summary.add(FileReport("c", "utf-8", ()), [])
    unreadable = [diag(Severity.ERROR, "P001")]
    summary.add(FileReport("d", None, tuple(unreadable), readable=False), unreadable)
    assert summary.as_json() == {
        "files": 4,
        "clean": 1,
        "with_errors": 2,
        "with_warnings": 1,
        "unreadable": 1,
        "codes": {"E001": 2, "P001": 1, "S003": 1},
        "settings": [],
        "warnings": [],
    }
    assert summary.as_text() == (
        "4 files checked: 1 clean, 2 with errors, 1 with warnings only (E001×2, P001×1, S003×1)"
    )


# --- the team standings of a team event in the JSON form -------------------------------------

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "real"
ROUND_ROBIN_4 = CORPUS / "markdechamps_team_tie_breaks_round_robin_4teams.trf"


def _json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    from trfkit.cli import main

    main(list(argv))
    return json.loads(capsys.readouterr().out)


@pytest.mark.skipif(not ROUND_ROBIN_4.exists(), reason="corpus not available")
def test_check_json_carries_the_team_standings(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON of check lists a team event's teams as standings --teams --format json does.

    By hand from the boards (see tests/test_crosstable.py): every team has 3 match points;
    game points 6, 6½, 6, 5½ for teams 1-4, so team 2 is first and team 4 last.
    """
    path = str(ROUND_ROBIN_4)
    entry = _json_of(capsys, "check", path, "--format", "json")["files"][0]
    teams = _json_of(capsys, "standings", path, "--teams", "--format", "json")["teams"]
    assert entry["teams"] == teams
    assert {t["team"]: (t["MP"], t["GP"]) for t in teams} == {
        1: (3.0, 6.0),
        2: (3.0, 6.5),
        3: (3.0, 6.0),
        4: (3.0, 5.5),
    }
    assert (teams[0]["team"], teams[0]["rank"], teams[-1]["team"]) == (2, 1, 4)
    assert list(teams[0]) == ["rank", "team", "name", "MP", "GP", "MPvGP", "EDET"]
    assert teams[0]["EDET"] is None  # not computed yet: null, as standings --teams says


def test_check_json_of_an_individual_event_has_no_teams(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An individual event's entry keeps its three keys."""
    path = tmp_path / "one.trf"
    path.write_text(
        "012 Solo\n001    1      A                                                          "
        "0.0    1\n",
        encoding="utf-8",
    )
    entry = _json_of(capsys, "check", str(path), "--format", "json")["files"][0]
    assert sorted(entry) == ["diagnostics", "encoding", "path"]


def test_file_json_without_a_team_table_has_no_teams() -> None:
    """A report built without the team request (teams=None) writes no teams key."""
    assert "teams" not in file_json(FileReport("a.trf", "utf-8", ()))
