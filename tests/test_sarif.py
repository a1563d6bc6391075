"""``trfkit check --format sarif``: a SARIF 2.1.0 log, valid against the official schema.

The schema is not in the repository: ``.ci/run`` fetches it (MIT, from the npm package
``@microsoft/sarif-multitool-linux``) and names it in ``TRFKIT_SARIF_SCHEMA``; the tests
that need it are skipped without it. The others check what the log says.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from trfkit.audit import FileReport
from trfkit.cli import main
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.sarif import SarifWriter, artifact_uri

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
ERRORS = FIXTURES / "schedule" / "b002_pairing_round3.trf"  # B002, B010 errors; E004 warning
LATE_ROUND = FIXTURES / "fix" / "late_round.trf"  # one C001 for three T001 and three T006
WARNINGS = FIXTURES / "real" / "icu_encoding_sample_latin1.trf"  # warnings only, cp1252
ABSENCES = FIXTURES / "real" / "icu_bunratty_masters_2011_swiss_crlf.trf"  # C003 warning
CLEAN = FIXTURES / "schedule" / "valid_team_4.trf"  # info findings only

SKIP_REASON = "set TRFKIT_SARIF_SCHEMA to sarif-2.1.0.json (.ci/run fetches it)"

# RFC 3986, for the formats jsonschema checks only with an extra package installed
_URI_TEXT = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*"
_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:" + _URI_TEXT)
_RELATIVE = re.compile(r"(?![^/?#]*:)" + _URI_TEXT)  # no scheme: no ':' in the first segment


def is_uri(value: object, relative: bool) -> bool:
    """Whether *value* is a URI (RFC 3986), or with *relative* a URI reference (or no string)."""
    if not isinstance(value, str):
        return True
    return bool(_URI.fullmatch(value) or (relative and _RELATIVE.fullmatch(value)))


def sarif(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    """Run ``trfkit check --format sarif`` with *args*: the exit code and the log read back."""
    code = main(["check", "--format", "sarif", *args])
    return code, json.loads(capsys.readouterr().out)


def results(log: dict[str, Any]) -> list[dict[str, Any]]:
    """The results of the log's one run."""
    (run,) = log["runs"]
    return list(run["results"])


def places(log: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    """``(ruleId, startLine, startColumn)`` of each result, ``None`` where the region has none."""
    found = []
    for result in results(log):
        region = result["locations"][0]["physicalLocation"].get("region", {})
        found.append((result["ruleId"], region.get("startLine"), region.get("startColumn")))
    return found


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder ``batch`` (the current folder holds it) with errors, a root cause and two unread.

    The root cause's file has a space and a non-ASCII letter in its name; ``binary.trf``
    cannot be read (P001) and ``notes.trf`` is no TRF (P012).
    """
    folder = tmp_path / "batch"
    folder.mkdir()
    shutil.copyfile(ERRORS, folder / "b002.trf")
    shutil.copyfile(LATE_ROUND, folder / "late round é.trf")
    (folder / "binary.trf").write_bytes(b"a\0b\0")
    (folder / "notes.trf").write_text("hello world\nnothing here\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return Path("batch")


# --- the official schema ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def validator() -> Any:
    """A validator of the official SARIF 2.1.0 schema, with URI formats checked."""
    jsonschema = pytest.importorskip("jsonschema")
    name = os.environ.get("TRFKIT_SARIF_SCHEMA", "")
    if not name or not Path(name).is_file():
        pytest.skip(SKIP_REASON)
    schema = json.loads(Path(name).read_text(encoding="utf-8"))
    # the draft the file declares: 2020-12 in the multitool's copy, draft-07 in others
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
    cls.check_schema(schema)
    formats = jsonschema.FormatChecker()
    formats.checks("uri")(lambda value: is_uri(value, relative=False))
    formats.checks("uri-reference")(lambda value: is_uri(value, relative=True))
    return cls(schema, format_checker=formats)


@pytest.mark.parametrize(
    "args",
    [
        pytest.param([str(CLEAN)], id="clean"),
        pytest.param([str(CLEAN), "--show-info"], id="clean-show-info"),
        pytest.param([str(ERRORS)], id="errors-and-warnings"),
        pytest.param([str(WARNINGS), "--show-info"], id="warnings-cp1252"),
        pytest.param(["batch"], id="batch-with-unreadable"),
        pytest.param([str(LATE_ROUND)], id="root-cause"),
        pytest.param([str(ABSENCES), "--show-info"], id="root-causes-warning-and-info"),
        pytest.param([str(LATE_ROUND), str(ABSENCES), "--show-all"], id="show-all"),
        pytest.param([str(ERRORS), "--strict", "--select", "B002"], id="select"),
    ],
)
def test_log_is_valid_sarif(
    args: list[str], batch: Path, validator: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each log validates against the official SARIF 2.1.0 schema, URI formats included."""
    _, log = sarif(args, capsys)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log)]
    assert errors == []
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"


def test_the_validator_refuses_a_broken_log(
    validator: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The schema test can fail: a region's line 0 and a URI with a space are refused."""
    _, log = sarif([str(ERRORS)], capsys)
    result = results(log)[0]
    result["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] = "a b.trf"
    assert len(list(validator.iter_errors(log))) == 2


# --- what the log says -----------------------------------------------------------------------


def test_levels_follow_the_severities(capsys: pytest.CaptureFixture[str]) -> None:
    """Error, warning and info become error, warning and note, for results and rules alike."""
    _, log = sarif([str(ERRORS), "--show-info"], capsys)
    levels = {r["ruleId"]: r["level"] for r in results(log)}
    assert levels == {
        "B001": "note",
        "B002": "error",
        "B010": "error",
        "E004": "warning",
        "P002": "note",
        "T011": "note",
    }
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert {r["id"]: r["defaultConfiguration"]["level"] for r in rules} == levels


def test_info_is_left_out_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """As in the text format, info findings need ``--show-info``; a clean file has no result."""
    code, log = sarif([str(CLEAN)], capsys)
    assert code == 0
    assert results(log) == []
    assert log["runs"][0]["tool"]["driver"]["rules"] == []


def test_places_are_the_ones_the_text_format_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """Each region's start is the line and column text prints (1-based); no column, none."""
    # b002_pairing_round3.trf: players from line 5, rank at column 86, round 3's block at
    # 112 and round 7's at 152; a pair that never meets has a line and no column
    expected = [
        ("E004", 5, 86),
        ("B010", 6, None),
        ("B002", 6, 112),
        ("B010", 6, 112),
        ("B010", 8, None),
        ("B002", 8, 112),
        ("B010", 8, 152),
    ]
    assert main(["check", str(ERRORS)]) == 1
    printed = []
    for line in capsys.readouterr().out.splitlines():
        where, code = line.split(": ")[0], line.split(": ")[1].split()[0]
        numbers = [int(n) for n in where[len(str(ERRORS)) :].split(":")[1:]]
        printed.append((code, numbers[0], numbers[1] if len(numbers) > 1 else None))
    assert printed == expected
    _, log = sarif([str(ERRORS)], capsys)
    assert places(log) == expected
    assert "startColumn" not in results(log)[1]["locations"][0]["physicalLocation"]["region"]


def test_rule_index_points_at_the_rule(batch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every result's ruleIndex is the position of the rule with its ruleId; rules are by code."""
    _, log = sarif([str(batch), "--show-all"], capsys)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert ids == ["B002", "B010", "C001", "E004", "P001", "P012", "T001", "T006"]
    for result in results(log):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_rules_carry_name_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """A rule has the code, its name, its summary and its help (``trfkit explain``), no URI."""
    _, log = sarif([str(ERRORS), "--select", "E004"], capsys)
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "trfkit"
    assert "informationUri" not in driver
    [rule] = driver["rules"]
    help_text = rule.pop("help")["text"]
    assert rule == {
        "id": "E004",
        "name": "rank-column-empty",
        "shortDescription": {
            "text": "The rank column (001, columns 86-89) is empty or 0 for every player."
        },
        "defaultConfiguration": {"level": "warning"},
    }
    # the first lines of ``trfkit explain E004``, as its docstring says them
    assert help_text.startswith(
        "The rank column (001, columns 86-89) is empty or 0 for every player.\n\n"
    )
    assert "PASS" in help_text and "FAIL" in help_text


def test_a_code_without_a_rule_is_described_by_its_finding() -> None:
    """A code no rule describes (a plugin's, gone since a register kept it) still gets a rule."""
    found = Diagnostic(
        code="X042", name="my-plugin", severity=Severity.WARNING, message="odd", line=3
    )
    out: list[str] = []
    writer = SarifWriter(out.append, {}, show_all=False)
    writer.add(FileReport("a.trf", "utf-8", (found,)), [found])
    writer.close()
    log = json.loads("".join(out))
    assert log["runs"][0]["tool"]["driver"]["rules"] == [
        {
            "id": "X042",
            "name": "my-plugin",
            "shortDescription": {"text": "my-plugin"},
            "defaultConfiguration": {"level": "warning"},
        }
    ]
    assert places(log) == [("X042", 3, None)]
    assert log["runs"][0]["columnKind"] == "unicodeCodePoints"


def test_version_is_trfkits(capsys: pytest.CaptureFixture[str]) -> None:
    """The driver's version is the package's."""
    import trfkit

    _, log = sarif([str(ERRORS)], capsys)
    assert log["runs"][0]["tool"]["driver"]["version"] == trfkit.__version__


def test_unread_files_have_a_result_without_region(
    batch: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file not read (P001) or not TRF (P012) is a result on the file, with no region."""
    code, log = sarif([str(batch)], capsys)
    assert code == 1
    found = {r["ruleId"]: r for r in results(log) if r["ruleId"] in ("P001", "P012")}
    assert found["P001"]["locations"] == [
        {"physicalLocation": {"artifactLocation": {"uri": "batch/binary.trf"}}}
    ]
    assert found["P001"]["level"] == "error"
    assert found["P012"]["locations"] == [
        {"physicalLocation": {"artifactLocation": {"uri": "batch/notes.trf"}}}
    ]


def test_a_named_unreadable_file_is_in_the_log(
    batch: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A named file that cannot be read exits 2, as in text, and still has its P001 result."""
    code, log = sarif([str(batch / "binary.trf")], capsys)
    assert code == 2
    assert [r["ruleId"] for r in results(log)] == ["P001"]


def test_root_cause_lists_its_instances_as_related_locations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """C001 is one result on the file; the six findings it stands for are related locations."""
    _, log = sarif([str(LATE_ROUND)], capsys)
    (cause,) = results(log)
    assert cause["ruleId"] == "C001"
    assert "region" not in cause["locations"][0]["physicalLocation"]
    related = [
        (
            r["id"],
            r["message"]["text"][:4],
            r["physicalLocation"]["region"]["startLine"],
            r["physicalLocation"]["region"]["startColumn"],
        )
        for r in cause["relatedLocations"]
    ]
    # late_round.trf: players on lines 13-18, points at column 81, rank at 86
    assert related == [
        (1, "T001", 13, 81),
        (2, "T006", 14, 86),
        (3, "T001", 15, 81),
        (4, "T006", 15, 86),
        (5, "T001", 18, 81),
        (6, "T006", 18, 86),
    ]


def test_show_all_adds_each_instance_as_a_result(capsys: pytest.CaptureFixture[str]) -> None:
    """``--show-all``: after the cause, a result for each finding it stands for, as text prints."""
    _, log = sarif([str(LATE_ROUND), "--show-all"], capsys)
    assert places(log) == [
        ("C001", None, None),
        ("T001", 13, 81),
        ("T006", 14, 86),
        ("T001", 15, 81),
        ("T006", 15, 86),
        ("T001", 18, 81),
        ("T006", 18, 86),
    ]
    assert "relatedLocations" in results(log)[0]
    assert all("relatedLocations" not in r for r in results(log)[1:])


@pytest.mark.parametrize(
    "args",
    [
        pytest.param([str(CLEAN)], id="clean"),
        pytest.param([str(ERRORS)], id="errors"),
        pytest.param([str(WARNINGS)], id="warnings"),
        pytest.param([str(WARNINGS), "--strict"], id="warnings-strict"),
        pytest.param([str(ERRORS), "--exit-zero"], id="exit-zero"),
        pytest.param(["batch"], id="batch-with-unreadable"),
        pytest.param(["batch/binary.trf"], id="named-unreadable"),
    ],
)
def test_exit_codes_are_the_text_formats(
    args: list[str], batch: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The exit code does not depend on the format."""
    text = main(["check", *args])
    capsys.readouterr()
    assert sarif(args, capsys)[0] == text


def test_output_is_the_same_every_run(batch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The log is byte for byte the same run after run, and with one worker or two."""
    outputs = []
    for jobs in ("1", "2", "1"):
        main(["check", "--format", "sarif", "--show-all", "--jobs", jobs, str(batch)])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]


def test_uris_are_relative_references_as_given(
    batch: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A path found in a folder is a relative URI with forward slashes, percent-encoded."""
    _, log = sarif(["./batch"], capsys)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results(log)}
    assert uris == {
        "batch/b002.trf",
        "batch/binary.trf",
        "batch/late%20round%20%C3%A9.trf",
        "batch/notes.trf",
    }
    assert "uriBaseId" not in json.dumps(log)


@pytest.mark.parametrize(
    ("path", "uri"),
    [
        ("a/b.trf", "a/b.trf"),
        ("./a//b.trf", "a/b.trf"),
        ("../up.trf", "../up.trf"),
        ("with space#1%.trf", "with%20space%231%25.trf"),
        ("c:odd.trf", "c%3Aodd.trf"),
        ("é.trf", "%C3%A9.trf"),
        ("bad\udcff.trf", "bad%FF.trf"),
        ("<stdin>", "%3Cstdin%3E"),
        ("/srv/t 1.trf", "file:///srv/t%201.trf"),
    ],
)
def test_artifact_uri(path: str, uri: str) -> None:
    """Paths become URI references: encoded, ``./`` dropped, absolute ones ``file://``."""
    assert artifact_uri(path) == uri
    assert is_uri(uri, relative=True)


def test_messages_are_printable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A control or bidi character a file puts in a message is escaped, never written raw."""
    trf = tmp_path / "t.trf"
    lines = [
        "012 Club Open",
        "022 https://example.org/\u202ex",
        "001    1 m    Alpha, Ann                                                         1.0    1"
        "     2 w 1",
        "001    2 m    Beta, Bob                                                          0.0    2"
        "     1 b 0",
    ]
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, log = sarif([str(trf), "--select", "E001"], capsys)
    (result,) = results(log)
    assert "\u202e" not in result["message"]["text"]
    assert "\\u202e" in result["message"]["text"]


def test_help_lists_sarif(capsys: pytest.CaptureFixture[str]) -> None:
    """``trfkit check --help`` names the format among the choices."""
    assert main(["check", "--help"]) == 0
    out = capsys.readouterr().out
    assert "{text,json,github,junit,sarif}" in out
    assert "sarif: a SARIF 2.1.0 log" in " ".join(out.split())
