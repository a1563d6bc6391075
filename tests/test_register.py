"""The register of audits (check --register, trfkit register) against real SQLite files."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import trfkit.register as register_module
from trfkit.audit import CheckRequest, FileReport, check_file
from trfkit.cli import main
from trfkit.errors import RegisterError
from trfkit.register import Register, checked, exporter_of, settings_key

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"

# Columns: start rank 5-8, name 15-47, points 81-84, rank 86-89, round 1 block from 92.
PLAYERS = [
    "001    1 m    Alpha, Ann                                                         1.0    1"
    "     2 w 1",
    "001    2 m    Beta, Bob                                                          0.0    2"
    "     1 b 0",
]
ASYMMETRIC = [PLAYERS[0], PLAYERS[1].replace("1 b 0", "1 b 1")]
"""Both players claim the win: an error (S code) in every check."""


def event(name: str, players: list[str] = PLAYERS, extra: tuple[str, ...] = ()) -> str:
    """A two-player TRF file named *name* (its 012), with *extra* header lines."""
    return "\n".join([f"012 {name}", "022 Dublin", "042 2024/11/23", *extra, *players]) + "\n"


def folder(tmp_path: Path, count: int, name: str = "d") -> Path:
    """*count* distinct small files in a new folder; every third one has an error."""
    where = tmp_path / name
    where.mkdir()
    for i in range(count):
        players = ASYMMETRIC if i % 3 == 0 else PLAYERS
        (where / f"t{i:03}.trf").write_text(event(f"Open {name} {i}", players), encoding="utf-8")
    return where


def run_check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``trfkit check ARGS``: exit code, stdout, stderr."""
    code = main(["check", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def runs(path: Path) -> list[dict[str, object]]:
    """The register's runs, read with a plain sqlite3 connection."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM runs ORDER BY id")]
    finally:
        conn.close()


def without_register_line(text: str) -> list[str]:
    """The output lines but the one that says what came from the register."""
    return [line for line in text.splitlines() if not line.startswith("register ")]


# --- recording and replaying ------------------------------------------------------------------


def test_rerun_of_an_unchanged_folder_checks_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The second run takes all 12 files from the register, prints the same, exits the same."""
    d = folder(tmp_path, 12)
    reg = tmp_path / "audit.sqlite"
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in d.iterdir()}
    first = run_check(capsys, str(d), "--register", str(reg), "-j", "1")
    second = run_check(capsys, str(d), "--register", str(reg), "-j", "1")
    assert first[0] == second[0] == 1  # four files with errors
    assert without_register_line(first[1]) == without_register_line(second[1])
    assert "12 files checked: 8 clean, 4 with errors" in first[1]
    assert f"register {reg} (run 1): 0 of 12 files taken from the register, 12 checked" in first[1]
    assert f"register {reg} (run 2): 12 of 12 files taken from the register, 0 checked" in second[1]
    counts = [(r["files"], r["checked"], r["replayed"], r["with_errors"]) for r in runs(reg)]
    assert counts == [(12, 12, 0, 4), (12, 0, 12, 4)]
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in d.iterdir()} == before


def test_changing_one_file_rechecks_exactly_that_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A corrected resubmission is checked again, alone; its history says what changed."""
    d = folder(tmp_path, 6)
    reg = tmp_path / "audit.sqlite"
    run_check(capsys, str(d), "--register", str(reg), "-j", "1")
    (d / "t003.trf").write_text(event("Open d 3 corrected"), encoding="utf-8")  # the error gone
    code, out, _ = run_check(capsys, str(d), "--register", str(reg), "-j", "1")
    assert code == 1  # t000 still has its error
    assert "(run 2): 5 of 6 files taken from the register, 1 checked" in out
    assert main(["register", str(reg), "history", str(d / "t003.trf"), "--format", "json"]) == 0
    history = json.loads(capsys.readouterr().out)["history"]
    assert [h["event"] for h in history] == ["first submission", "resubmission"]
    assert [h["status"] for h in history] == ["error", "ok"]
    assert history[0]["sha256"] != history[1]["sha256"]
    assert history[1]["removed"] == {"S003": 1, "T001": 1}  # the disagreement, the points
    assert history[1]["added"] == {}


def test_history_marks_unchanged_and_rechecked_audits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Same content: taken (unchanged), then re-checked under other settings (ignore E0)."""
    d = folder(tmp_path, 1)
    reg = tmp_path / "audit.sqlite"
    run_check(capsys, str(d), "--register", str(reg))
    run_check(capsys, str(d), "--register", str(reg))
    run_check(capsys, str(d), "--register", str(reg), "--ignore", "P002")
    assert main(["register", str(reg), "history", str(d / "t000.trf"), "--format", "json"]) == 0
    history = json.loads(capsys.readouterr().out)["history"]
    assert [h["event"] for h in history] == ["first submission", "unchanged", "re-checked"]
    assert history[2]["removed"] == {"P002": 1}
    assert history[1]["checked_at"] == history[0]["checked_at"]  # the findings of run 1


def test_other_settings_or_version_recheck_but_strict_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--ignore and a new trfkit version re-check every file; --strict decides no finding."""
    d = folder(tmp_path, 3)
    reg = str(tmp_path / "audit.sqlite")
    run_check(capsys, str(d), "--register", reg)
    assert "0 of 3 files taken" in run_check(capsys, str(d), "--register", reg, "--ignore", "E")[1]
    assert "3 of 3 files taken" in run_check(capsys, str(d), "--register", reg, "--strict")[1]
    monkeypatch.setattr(register_module, "__version__", "99.0")
    assert "0 of 3 files taken" in run_check(capsys, str(d), "--register", reg)[1]
    assert [r["trfkit_version"] for r in runs(Path(reg))][-1] == "99.0"


def _fixture_paths() -> list[str]:
    team = sorted(str(p) for p in (FIXTURES / "teams").glob("*.trf"))
    real = sorted(str(p) for p in (FIXTURES / "real").glob("*.trf"))
    return team + real


def test_replayed_reports_equal_fresh_checks_with_their_crosstables(tmp_path: Path) -> None:
    """Rebuilt FileReports (findings, crosstable, team table) equal check_file's, file by file."""
    paths = _fixture_paths()
    request = CheckRequest(tables=True, teams=True)
    fresh = [check_file(p, request) for p in paths]
    assert any(r.teams is not None for r in fresh) and any(r.table is not None for r in fresh)
    reg = str(tmp_path / "audit.sqlite")
    recorded = list(checked(paths, request, 1, reg))
    batch = checked(paths, request, 1, reg)
    replayed = list(batch)
    assert (batch.checked, batch.replayed) == (0, len(paths))
    assert recorded == fresh
    assert replayed == fresh
    assert [r.table for r in replayed] == [r.table for r in fresh]
    assert [r.teams for r in replayed] == [r.teams for r in fresh]


def test_text_json_and_html_outputs_are_identical_on_a_rerun(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Real and team fixtures, two workers: the same text, JSON files and HTML report bytes."""
    d = tmp_path / "d"
    d.mkdir()
    for path in _fixture_paths():
        (d / Path(path).name).write_bytes(Path(path).read_bytes())
    reg = str(tmp_path / "audit.sqlite")
    outputs = []
    for run in (1, 2):
        report = tmp_path / f"report{run}.html"
        text = run_check(capsys, str(d), "--register", reg, "-j", "2", "--report", str(report))
        as_json = run_check(capsys, str(d), "--register", reg, "-j", "2", "--format", "json")
        outputs.append((text[0], without_register_line(text[1]), json.loads(as_json[1])))
    assert outputs[0][:2] == outputs[1][:2]
    assert outputs[0][2]["files"] == outputs[1][2]["files"]
    assert any("teams" in entry for entry in outputs[0][2]["files"])
    assert outputs[1][2]["summary"]["register"]["checked"] == 0
    assert (tmp_path / "report1.html").read_bytes() == (tmp_path / "report2.html").read_bytes()
    last = runs(Path(reg))[-1]
    assert (last["checked"], last["replayed"]) == (0, len(list(d.iterdir())))


def test_an_interrupted_run_keeps_what_it_recorded(tmp_path: Path) -> None:
    """A batch closed after one file: that file is recorded, the run has no finish time."""
    d = folder(tmp_path, 3)
    reg = tmp_path / "audit.sqlite"
    batch = checked(sorted(str(p) for p in d.iterdir()), CheckRequest(), 1, str(reg))
    next(batch)
    batch.close()
    (row,) = runs(reg)
    assert row["finished"] is None and row["files"] == 1
    with sqlite3.connect(reg) as conn:
        assert conn.execute("SELECT count(*) FROM audits").fetchone() == (1,)


def test_the_register_inside_the_checked_folder_is_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A register named audit.trf inside the folder is left out of the batch, both runs."""
    d = folder(tmp_path, 2)
    reg = d / "audit.trf"
    for _ in range(2):
        _, out, _ = run_check(capsys, str(d), "--register", str(reg))
        assert "audit.trf:" not in out and "2 files checked" in out


def test_a_path_named_twice_is_recorded_once(tmp_path: Path) -> None:
    """UNIQUE(run, path): the batch shows the file twice, the run records it once."""
    d = folder(tmp_path, 1)
    path = str(d / "t000.trf")
    reg = tmp_path / "audit.sqlite"
    assert len(list(checked([path, path], CheckRequest(), 1, str(reg)))) == 2
    with sqlite3.connect(reg) as conn:
        assert conn.execute("SELECT count(*) FROM audits").fetchone() == (1,)


def test_an_unreadable_file_is_recorded_without_a_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIFO in the folder: P001 both runs, checked both times (there is no content to trust)."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    d = folder(tmp_path, 1)
    os.mkfifo(d / "pipe.trf")
    reg = tmp_path / "audit.sqlite"
    for _ in range(2):
        _, out, _ = run_check(capsys, str(d), "--register", str(reg))
        assert "pipe.trf: P001" in out
    assert [(r["checked"], r["replayed"]) for r in runs(reg)] == [(2, 0), (1, 1)]


# --- the schema and the queries ---------------------------------------------------------------


def test_the_schema_is_versioned_and_in_wal_mode(tmp_path: Path) -> None:
    """user_version 2, application_id TRFR, the meta rows, the four tables, WAL."""
    d = folder(tmp_path, 1)
    reg = tmp_path / "audit.sqlite"
    list(checked([str(d / "t000.trf")], CheckRequest(), 1, str(reg)))
    conn = sqlite3.connect(reg)
    try:
        assert conn.execute("PRAGMA user_version").fetchone() == (2,)
        assert conn.execute("PRAGMA application_id").fetchone() == (0x54524652,)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        assert meta["application"] == "trfkit-register" and meta["schema"] == "2"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
        assert tables == {"meta", "runs", "audits", "findings"}
        audit = conn.execute("SELECT path, size, status, errors, sha256 FROM audits").fetchone()
        data = (d / "t000.trf").read_bytes()
        fresh = check_file(str(d / "t000.trf"), CheckRequest()).diagnostics
        errors = sum(f.severity.label == "error" for f in fresh)
        assert errors > 0
        digest = hashlib.sha256(data).hexdigest()
        assert audit == (str(d / "t000.trf"), len(data), "error", errors, digest)
        assert reg.stat().st_mode & 0o777 == 0o600  # findings quote players' names
        stored = conn.execute("SELECT count(*) FROM findings").fetchone()
        assert stored == (len(fresh),)
        rows = conn.execute(
            'SELECT code, name, severity, line, "column", round, players, message, parent '
            "FROM findings ORDER BY seq"
        ).fetchall()
        expected = [
            (f.code, f.name, f.severity.label, f.line, f.column, f.round, list(f.players),
             f.message, None)
            for f in fresh
        ]  # fmt: skip
        assert [(*r[:6], json.loads(r[6]), *r[7:]) for r in rows] == expected
    finally:
        conn.close()


@pytest.fixture
def filled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A register of two runs over three files (t000 with an error), one naming Vega."""
    d = tmp_path / "d"
    d.mkdir()
    (d / "a.trf").write_text(event("A", ASYMMETRIC, ("192 Vega 6.0.1",)), encoding="utf-8")
    (d / "b.trf").write_text(event("B", extra=("### made by Swiss-Manager",)), encoding="utf-8")
    (d / "c.trf").write_text(event("C"), encoding="utf-8")
    reg = tmp_path / "audit.sqlite"
    run_check(capsys, str(d), "--register", str(reg))
    (d / "c.trf").write_text(event("C", ASYMMETRIC), encoding="utf-8")
    run_check(capsys, str(d), "--register", str(reg))
    return reg


def query(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``trfkit register ARGS``: exit code and stdout."""
    code = main(["register", *args])
    return code, capsys.readouterr().out


def test_runs_query(filled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two runs: 3 checked, then 1 checked and 2 taken; both finished."""
    code, out = query(capsys, str(filled), "runs", "--format", "json")
    rows = json.loads(out)["runs"]
    assert code == 0
    assert [(r["run"], r["files"], r["checked"], r["replayed"]) for r in rows] == [
        (1, 3, 3, 0),
        (2, 3, 1, 2),
    ]
    assert all(r["finished"] and r["trfkit_version"] for r in rows)


def test_errors_query_as_last_audited_and_by_run(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """a.trf has errors in both runs, c.trf only in run 2; the codes are listed."""
    rows = json.loads(query(capsys, str(filled), "errors", "--format", "json")[1])["errors"]
    assert [Path(r["path"]).name for r in rows] == ["a.trf", "c.trf"]
    assert all(r["codes"] == ["S003", "T001"] for r in rows)
    first = json.loads(query(capsys, str(filled), "errors", "--run", "1", "--format", "json")[1])
    assert [Path(r["path"]).name for r in first["errors"]] == ["a.trf"]


def test_codes_query_counts_findings_and_files(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As last audited: S003 in two files, P002 (the encoding) in all three."""
    rows = json.loads(query(capsys, str(filled), "codes", "--format", "json")[1])["codes"]
    by_code = {r["code"]: (r["findings"], r["files"], r["severity"]) for r in rows}
    assert by_code["S003"] == (2, 2, "error")
    assert by_code["P002"] == (3, 3, "info")


def test_programs_query_names_what_the_files_say(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Vega (192), Swiss-Manager (a comment) and one file that says nothing."""
    rows = json.loads(query(capsys, str(filled), "programs", "--format", "json")[1])["programs"]
    assert {r["program"]: (r["files"], r["with_errors"]) for r in rows} == {
        "Vega": (1, 1),
        "Swiss-Manager": (1, 0),
        "unknown": (1, 1),
    }


def test_csv_and_text_forms(filled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """CSV: a header and CRLF rows (the one dialect); text: aligned columns with a header."""
    code, out = query(capsys, str(filled), "programs", "--format", "csv")
    assert code == 0
    assert out.split("\r\n")[0] == "program,files,with_errors,with_warnings,errors,warnings"
    assert "Vega,1,1," in out
    code, out = query(capsys, str(filled), "runs")
    assert out.splitlines()[0].split()[:3] == ["run", "started", "finished"]
    assert len(out.splitlines()) == 3


def test_a_history_text_shows_each_submission(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """c.trf: first submission, then a resubmission that added S003."""
    path = str(filled.parent / "d" / "c.trf")
    code, out = query(capsys, str(filled), "history", path)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert "first submission" in lines[1] and "resubmission" in lines[2]
    assert "S003×1" in lines[2]


def test_register_command_usage_errors(filled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No PATH for history, an unknown path, an unknown run, a missing register: exit 2."""
    assert main(["register", str(filled), "history"]) == 2
    assert main(["register", str(filled), "history", "nowhere.trf"]) == 2
    assert main(["register", str(filled), "codes", "--run", "9"]) == 2
    missing = filled.parent / "missing.sqlite"
    assert main(["register", str(missing)]) == 2
    assert not missing.exists()  # reading never makes a register
    err = capsys.readouterr().err
    assert "no audit of nowhere.trf" in err and "there is no run 9" in err
    assert "no such register" in err


# --- root causes, and registers of schema 1 ---------------------------------------------------


def player(start: int, name: str, points: str, rank: int, blocks: list[tuple[str, ...]]) -> str:
    """A 001 line: start rank, name, points (81-84), rank (86-89), then the round blocks."""
    line = f"001 {start:4d} m    {name:<33}".ljust(80) + f"{points:>4} {rank:>4}"
    return line + "".join(
        f"  {opponent:>4} {colour} {result}" for opponent, colour, result in blocks
    )


LATE_POINTS = [
    player(1, "Alpha, Ann", "1.0", 1, [("2", "w", "1"), ("3", "b", "1")]),
    player(2, "Beta, Bob", "0.0", 3, [("1", "b", "0"), ("4", "w", "1")]),
    player(3, "Gamma, Gil", "1.0", 2, [("4", "w", "1"), ("1", "w", "0")]),
    player(4, "Delta, Dan", "0.0", 4, [("3", "b", "0"), ("2", "b", "0")]),
]
"""The points after round 1 of 2 (players 1 and 2 scored in round 2): a C001 of two T001."""

BLANK_BYES = [
    player(1, "Alpha, Ann", "1.5", 1, [("2", "w", "1"), ("3", "b", "=")]),
    player(2, "Beta, Bob", "0.5", 3, [("1", "b", "0"), ("0000", "-", " ")]),
    player(3, "Gamma, Gil", "1.5", 2, [("4", "w", "1"), ("1", "w", "=")]),
    player(4, "Delta, Dan", "0.5", 4, [("3", "b", "0"), ("0000", "-", " ")]),
]
"""Round 2's byes written ``0000 -`` without a result and counted ½: a C003 of two T003."""


def stored_rows(reports: list[FileReport]) -> list[tuple[str, int, str, int | None]]:
    """(path, seq, code, parent) as schema 2 stores *reports*: each cause, then its instances."""
    rows: list[tuple[str, int, str, int | None]] = []
    for report in reports:
        seq = 0
        for d in report.diagnostics:
            rows.append((report.path, seq, d.code, None))
            cause, seq = seq, seq + 1
            for instance in d.instances:
                rows.append((report.path, seq, instance.code, cause))
                seq += 1
    return rows


def test_a_root_cause_is_recorded_and_replayed_with_its_instances(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C001 and C003 keep their T001/T003 instances through the register, as a fresh check has."""
    d = tmp_path / "d"
    d.mkdir()
    (d / "byes.trf").write_text(event("Byes", BLANK_BYES), encoding="utf-8")
    (d / "late.trf").write_text(event("Late", LATE_POINTS), encoding="utf-8")
    paths = sorted(str(p) for p in d.iterdir())
    fresh = [check_file(p, CheckRequest()) for p in paths]

    def instances(report: FileReport) -> dict[str, list[tuple[str, int | None, str]]]:
        return {
            c.code: [(i.code, i.line, i.message) for i in c.instances]
            for c in report.diagnostics
            if c.instances
        }

    assert [{k: [i[0] for i in v] for k, v in instances(r).items()} for r in fresh] == [
        {"C003": ["T003", "T003"]},
        {"C001": ["T001", "T001"]},
    ]
    reg = tmp_path / "audit.sqlite"
    recorded = list(checked(paths, CheckRequest(), 1, str(reg)))
    batch = checked(paths, CheckRequest(), 1, str(reg))
    replayed = list(batch)
    assert (batch.checked, batch.replayed) == (0, 2)
    assert [instances(r) for r in replayed] == [instances(r) for r in fresh]
    assert recorded == fresh and replayed == fresh  # every field, the instances' too
    with contextlib.closing(sqlite3.connect(reg)) as conn:
        rows = conn.execute(
            "SELECT a.path, f.seq, f.code, f.parent FROM findings f "
            "JOIN audits a ON a.id = f.audit_id ORDER BY a.id, f.seq"
        ).fetchall()
        assert rows == stored_rows(fresh)
        counts = conn.execute(
            "SELECT errors, warnings, infos FROM audits WHERE run_id = 1 ORDER BY path"
        ).fetchall()
    shown = [[sum(f.severity == s for f in r.diagnostics) for s in (2, 1, 0)] for r in fresh]
    assert [list(c) for c in counts] == shown  # the top-level findings, as check shows them
    by_code = {
        r["code"]: (r["findings"], r["files"], r["severity"])
        for r in json.loads(query(capsys, str(reg), "codes", "--format", "json")[1])["codes"]
    }
    assert by_code["C001"] == (1, 1, "error") and by_code["T001"] == (2, 1, "error")
    assert by_code["C003"] == (1, 1, "warning") and by_code["T003"] == (2, 1, "warning")
    errors = json.loads(query(capsys, str(reg), "errors", "--format", "json")[1])["errors"]
    assert [(Path(r["path"]).name, r["errors"], r["codes"]) for r in errors] == [
        ("late.trf", 1, ["C001", "T001"])
    ]
    cli = str(tmp_path / "cli.sqlite")
    first = json.loads(run_check(capsys, str(d), "--register", cli, "--format", "json")[1])
    second = json.loads(run_check(capsys, str(d), "--register", cli, "--format", "json")[1])
    assert second["summary"]["register"]["replayed"] == 2
    assert second["files"] == first["files"]
    assert sum("instances" in f for e in second["files"] for f in e["diagnostics"]) == 2


SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    finished TEXT,
    trfkit_version TEXT NOT NULL,
    options_key TEXT NOT NULL,
    options TEXT NOT NULL,
    strict INTEGER NOT NULL,
    paths TEXT NOT NULL,
    files INTEGER NOT NULL DEFAULT 0,
    checked INTEGER NOT NULL DEFAULT 0,
    replayed INTEGER NOT NULL DEFAULT 0,
    with_errors INTEGER NOT NULL DEFAULT 0,
    with_warnings INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE audits (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    path TEXT NOT NULL,
    sha256 TEXT,
    size INTEGER,
    trfkit_version TEXT NOT NULL,
    options_key TEXT NOT NULL,
    checked_at TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    source_id INTEGER REFERENCES audits(id),
    status TEXT NOT NULL CHECK (status IN ('error', 'warn', 'ok')),
    readable INTEGER NOT NULL,
    encoding TEXT,
    exporter TEXT,
    errors INTEGER NOT NULL,
    warnings INTEGER NOT NULL,
    infos INTEGER NOT NULL,
    tables INTEGER NOT NULL,
    teams INTEGER NOT NULL,
    table_json TEXT,
    teams_json TEXT,
    reusable INTEGER NOT NULL,
    UNIQUE (run_id, path)
);
CREATE INDEX audits_content ON audits (sha256, options_key, trfkit_version)
    WHERE source_id IS NULL;
CREATE INDEX audits_path ON audits (path, id);
CREATE TABLE findings (
    audit_id INTEGER NOT NULL REFERENCES audits(id),
    seq INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    severity TEXT NOT NULL,
    line INTEGER,
    "column" INTEGER,
    round INTEGER,
    players TEXT NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (audit_id, seq)
) WITHOUT ROWID;
CREATE INDEX findings_code ON findings (code);
"""
"""The tables of schema 1, as trfkit made them before findings had a parent."""


def schema_1_register(path: Path, source: Path) -> None:
    """A register of schema 1 at *path* holding *source*'s runs (findings without instances)."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute(f"PRAGMA application_id = {0x54524652}")  # TRFR
        conn.execute("PRAGMA journal_mode = WAL")
        conn.executescript(SCHEMA_1)
        conn.executemany(
            "INSERT INTO meta (key, value) VALUES (?, ?)",
            [
                ("application", "trfkit-register"),
                ("schema", "1"),
                ("created", "2025-01-06T09:00:00.000+00:00"),
                ("created_by", "0.9.0"),
            ],
        )
        conn.execute("PRAGMA user_version = 1")
        conn.execute("ATTACH DATABASE ? AS source", (str(source),))
        instances = conn.execute("SELECT count(*) FROM source.findings WHERE parent IS NOT NULL")
        assert instances.fetchone() == (0,)  # schema 1 had none
        conn.execute("BEGIN")
        conn.execute("INSERT INTO runs SELECT * FROM source.runs")
        conn.execute("INSERT INTO audits SELECT * FROM source.audits")
        conn.execute(
            'INSERT INTO findings SELECT audit_id, seq, code, name, severity, line, "column", '
            "round, players, message FROM source.findings"
        )
        conn.execute("COMMIT")
        conn.execute("DETACH DATABASE source")


def test_a_schema_1_register_is_migrated_by_the_next_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The next check --register takes a schema-1 register to schema 2, its audits kept."""
    d = folder(tmp_path, 3)
    source = tmp_path / "source.sqlite"
    run_check(capsys, str(d), "--register", str(source))
    reg = tmp_path / "old.sqlite"
    schema_1_register(reg, source)
    (d / "t001.trf").write_text(event("Open d 1", LATE_POINTS), encoding="utf-8")
    code, out, _ = run_check(capsys, str(d), "--register", str(reg))
    plain = run_check(capsys, str(d))
    assert (code, without_register_line(out)) == (plain[0], without_register_line(plain[1]))
    assert "(run 2): 2 of 3 files taken from the register, 1 checked" in out
    with contextlib.closing(sqlite3.connect(reg)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (2,)
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("2",)
        assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        parents = conn.execute(
            "SELECT a.run_id, f.parent IS NOT NULL, count(*) FROM findings f "
            "JOIN audits a ON a.id = f.audit_id GROUP BY 1, 2 ORDER BY 1, 2"
        ).fetchall()
        assert [(run, nested) for run, nested, _ in parents] == [(1, 0), (2, 0), (2, 1)]
        assert parents[-1][2] == 2  # the two T001 of t001's C001
    assert [
        r["run"] for r in json.loads(query(capsys, str(reg), "runs", "--format", "json")[1])["runs"]
    ] == [1, 2]
    old = query(capsys, str(source), "codes", "--run", "1", "--format", "json")
    assert query(capsys, str(reg), "codes", "--run", "1", "--format", "json") == old
    history = json.loads(
        query(capsys, str(reg), "history", str(d / "t000.trf"), "--format", "json")[1]
    )["history"]
    assert [(h["run"], h["event"]) for h in history] == [(1, "first submission"), (2, "unchanged")]
    changed = json.loads(
        query(capsys, str(reg), "history", str(d / "t001.trf"), "--format", "json")[1]
    )["history"]
    assert [h["event"] for h in changed] == ["first submission", "resubmission"]
    assert changed[1]["added"]["C001"] == 1 and changed[1]["added"]["T001"] == 2
    again = run_check(capsys, str(d), "--register", str(reg), "--show-all")
    assert "(run 3): 3 of 3 files taken from the register, 0 checked" in again[1]
    assert without_register_line(again[1]) == without_register_line(
        run_check(capsys, str(d), "--show-all")[1]
    )


def test_reading_a_schema_1_register_does_not_change_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A query reads a schema-1 register as it is: the same answers, the same bytes."""
    d = folder(tmp_path, 3)
    source = tmp_path / "source.sqlite"
    run_check(capsys, str(d), "--register", str(source))
    (d / "t001.trf").write_text(event("Open d 1", ASYMMETRIC), encoding="utf-8")
    run_check(capsys, str(d), "--register", str(source))
    reg = tmp_path / "old.sqlite"
    schema_1_register(reg, source)
    before = reg.read_bytes()
    queries = [
        ["runs"],
        ["errors"],
        ["codes"],
        ["codes", "--run", "1"],
        ["programs"],
        ["history", str(d / "t001.trf")],
    ]
    for args in queries:
        answer = query(capsys, str(reg), *args, "--format", "json")
        assert answer[0] == 0
        assert answer == query(capsys, str(source), *args, "--format", "json")
    assert reg.read_bytes() == before
    with contextlib.closing(sqlite3.connect(f"file:{reg}?mode=ro", uri=True)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (1,)
        columns = [row[1] for row in conn.execute("PRAGMA table_info(findings)")]
        assert "parent" not in columns


# --- refused files ----------------------------------------------------------------------------


def _foreign_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (name TEXT)")
    conn.execute("INSERT INTO customers VALUES ('x')")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("cut", [50, 4096, 9000, -4096, -1])
def test_a_truncated_register_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cut: int
) -> None:
    """Cut after 50 bytes, in a page, by a page, by a byte: exit 2, a message, the same bytes."""
    d = folder(tmp_path, 30)
    good = tmp_path / "good.sqlite"
    run_check(capsys, str(d), "--register", str(good))
    data = good.read_bytes()
    assert len(data) > 9000
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(data[:cut])
    code, out, err = run_check(capsys, str(d), "--register", str(bad))
    assert code == 2 and out == ""
    assert err.startswith(f"trfkit check: {bad}: ") and "it was not changed" in err
    assert bad.read_bytes() == data[:cut]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("bad")) == ["bad.sqlite"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("text", "not an SQLite database"),
        ("empty", "the file is empty"),
        ("foreign", "not a trfkit register (its tables: customers)"),
        ("newer", "newer than this trfkit reads"),
    ],
)
def test_a_file_that_is_no_register_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    """A text file, an empty file, another SQLite database, a newer schema: exit 2, unchanged."""
    d = folder(tmp_path, 1)
    target = tmp_path / "x.sqlite"
    if content == "text":
        target.write_text("name,score\nAnn,1\n", encoding="utf-8")
    elif content == "empty":
        target.write_bytes(b"")
    elif content == "foreign":
        _foreign_sqlite(target)
    else:
        run_check(capsys, str(d), "--register", str(target))
        with sqlite3.connect(target) as conn:
            conn.execute("PRAGMA user_version = 7")
        conn.close()
    before = target.read_bytes()
    code, out, err = run_check(capsys, str(d), "--register", str(target))
    assert (code, out) == (2, "")
    assert message in err and "it was not changed" in err
    assert target.read_bytes() == before
    assert main(["register", str(target)]) == 2  # nor read
    assert target.read_bytes() == before


def test_the_api_raises_register_error(tmp_path: Path) -> None:
    """Register.open on a text file raises RegisterError, a TrfError with the path."""
    target = tmp_path / "notes.txt"
    target.write_text("hello\n", encoding="utf-8")
    with pytest.raises(RegisterError, match=r"notes\.txt: not an SQLite database"):
        Register.open(str(target))


# --- concurrency ------------------------------------------------------------------------------

_RUN = (
    "import sys, trfkit.register as r; r.FLUSH_FILES = 3; from trfkit.cli import main; "
    "sys.exit(main(sys.argv[1:]))"
)


@pytest.mark.parametrize("same", [True, False])
def test_two_concurrent_runs_leave_a_consistent_register(tmp_path: Path, same: bool) -> None:
    """Two processes at once (same folder, or two folders), small transactions: both recorded."""
    first = folder(tmp_path, 24, "one")
    second = first if same else folder(tmp_path, 24, "two")
    reg = tmp_path / "audit.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _RUN, "check", str(d), "--register", str(reg), "-j", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        for d in (first, second)
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [1, 1], errors
    conn = sqlite3.connect(reg)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        per_run = conn.execute(
            "SELECT r.id, r.files, r.finished IS NOT NULL, count(a.id), count(DISTINCT a.path) "
            "FROM runs r JOIN audits a ON a.run_id = r.id GROUP BY r.id ORDER BY r.id"
        ).fetchall()
        assert [row[1:] for row in per_run] == [(24, 1, 24, 24), (24, 1, 24, 24)]
        orphans = conn.execute(
            "SELECT count(*) FROM findings f LEFT JOIN audits a ON a.id = f.audit_id "
            "WHERE a.id IS NULL"
        ).fetchone()
        assert orphans == (0,)
    finally:
        conn.close()


# --- the parts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "program"),
    [
        (["012 Open", "192 Vega 6.0.1"], "Vega"),
        (["### Created with Swiss-Manager 14.0.0.13", "012 Open"], "Swiss-Manager"),
        (["012 Open", "102 Arbiter (exported by SwissSys)"], "SwissSys"),
        (["012 Open", "192 MyPairer 2.1"], "MyPairer"),
        (["012 Open", "192 FIDE_TEAM_MP_GP"], None),
        (["012 Open", "192 FIDE_DUTCH_2025"], None),
        (["012 Open Sevilla 2024", "022 Sevilla"], None),
        (["012 Open", "DAT 1 2 x"], "Tornelo"),
        (["012 Open", PLAYERS[0], "### Vega"], None),  # only the lines before the players
    ],
)
def test_exporter_of(lines: list[str], program: str | None) -> None:
    """The program a file names in a comment, 012/092/102/192, or by its DAT lines."""
    assert exporter_of("\n".join(lines).encode()) == program


def test_settings_key_is_stable_and_follows_what_decides_findings() -> None:
    """Equal requests, equal keys; select, limits, tie-break options change it; tables do not."""
    from trfkit.checks import CheckOptions
    from trfkit.compute.tiebreaks.options import TieBreakOptions
    from trfkit.limits import Limits

    base = CheckRequest()
    assert settings_key(base) == settings_key(CheckRequest())
    assert len(settings_key(base)) == 64
    assert settings_key(CheckRequest(tables=True, teams=True)) == settings_key(base)
    changed = [
        CheckRequest(select=("E",)),
        CheckRequest(limits=Limits(max_repeats=5)),
        CheckRequest(options=CheckOptions(tiebreak=TieBreakOptions(koya_threshold="more-than"))),
        CheckRequest(options=CheckOptions(readers="gacrux")),
        CheckRequest(encoding="latin-1"),
    ]
    keys = {settings_key(r) for r in changed}
    assert len(keys) == len(changed) and settings_key(base) not in keys


def test_a_stored_table_naming_another_class_is_not_trusted(tmp_path: Path) -> None:
    """A table_json edited to name os.system is not built: that file is checked again."""
    path = str(FIXTURES / "teams" / "team_rr_4.trf")
    request = CheckRequest(tables=True, teams=True)
    reg = tmp_path / "audit.sqlite"
    (fresh,) = list(checked([path], request, 1, str(reg)))
    with sqlite3.connect(reg) as conn:
        conn.execute(
            "UPDATE audits SET table_json = ?",
            (json.dumps({"A": "system", "f": {"command": "touch pwned"}}),),
        )
    conn.close()
    batch = checked([path], request, 1, str(reg))
    assert list(batch) == [fresh]
    assert (batch.checked, batch.replayed) == (1, 0)
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_a_batch_never_started_writes_nothing(tmp_path: Path) -> None:
    """checked() opens (or makes) the register; the run is recorded only once reports are asked."""
    d = folder(tmp_path, 2)
    reg = tmp_path / "audit.sqlite"
    batch = checked(sorted(str(p) for p in d.iterdir()), CheckRequest(), 1, str(reg))
    batch.close()
    assert reg.exists() and runs(reg) == []


def test_github_format_says_it_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --format github the register line goes to stderr, not among the annotations."""
    d = folder(tmp_path, 2)
    reg = tmp_path / "audit.sqlite"
    _, out, err = run_check(capsys, str(d), "--register", str(reg), "--format", "github")
    assert out.startswith("::error ") and "register" not in out
    assert "(run 1): 0 of 2 files taken from the register, 2 checked" in err


def test_the_settings_key_names_a_plugin_and_its_distribution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed plugin is named in the settings by entry point, distribution and version."""
    import sys

    from trfkit import register as reg

    site = tmp_path / "site"
    (site / "myrules").mkdir(parents=True)
    (site / "myrules" / "__init__.py").write_text("CHECKS = ()\n", encoding="utf-8")
    info = site / "myrules-1.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Name: myrules\nVersion: 1.2\n", encoding="utf-8")
    (info / "RECORD").write_text("myrules/__init__.py,,\n", encoding="utf-8")
    (info / "top_level.txt").write_text("myrules\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[trfkit.checks]\nmine = myrules:CHECKS\n", encoding="utf-8"
    )
    monkeypatch.setattr(sys, "path", [str(site), *sys.path])
    assert ["mine", "myrules:CHECKS", "myrules", "1.2"] in reg._plugins()
