"""Finding and checking files: discovery, robustness and the order of a parallel batch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trfkit.audit as audit
from trfkit.audit import CheckRequest, check_file, check_many, discover

TRF = "012 Club Open\n001    1 m    Alpha, Ann\n"


def tree(root: Path, files: dict[str, bytes]) -> None:
    """Create *files* (relative path → bytes) under *root*."""
    for relative, data in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def found(root: Path, *globs: str) -> list[str]:
    """Paths found under *root*, relative, in discovery order."""
    chosen = globs or audit.DEFAULT_GLOBS
    return [os.path.relpath(path, root) for path, _ in discover([str(root)], chosen)]


def test_discovery_is_sorted_and_sniffs_txt(tmp_path: Path) -> None:
    """Sorted walk; .trf/.trfx/.TRF kept; a .txt only when its first line is a TRF record."""
    tree(
        tmp_path,
        {
            "b/z.trf": TRF.encode(),
            "a.trfx": TRF.encode(),
            "B.TRF": TRF.encode(),
            "notes.txt": b"shopping list\n",
            "report.txt": b"\xef\xbb\xbf012 With a BOM\n",
            "other.pdf": b"%PDF",
        },
    )
    assert found(tmp_path) == ["B.TRF", "a.trfx", "report.txt", "b/z.trf"]


def test_glob_option(tmp_path: Path) -> None:
    """``--glob *.tab`` finds ICU-style .tab files instead."""
    tree(tmp_path, {"x.tab": TRF.encode(), "y.trf": TRF.encode()})
    assert found(tmp_path, "*.tab") == ["x.tab"]


def test_folder_named_like_a_trf_file_is_walked(tmp_path: Path) -> None:
    """A directory ``old.trf/`` is entered, not checked as a file."""
    tree(tmp_path, {"old.trf/inner.trf": TRF.encode()})
    assert found(tmp_path) == ["old.trf/inner.trf"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_symlink_loop_is_walked_once(tmp_path: Path) -> None:
    """A link back to an ancestor folder does not repeat or loop."""
    tree(tmp_path, {"d/a.trf": TRF.encode()})
    (tmp_path / "d" / "loop").symlink_to(tmp_path / "d")
    assert found(tmp_path) == ["d/a.trf"]


def test_named_paths_are_marked(tmp_path: Path) -> None:
    """A file named directly is ``named``; files found in folders are not."""
    tree(tmp_path, {"x.trf": TRF.encode(), "d/y.trf": TRF.encode()})
    pairs = list(discover([str(tmp_path / "x.trf"), str(tmp_path / "d")]))
    assert [named for _, named in pairs] == [True, False]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a non-root POSIX user")
def test_unreadable_folder_is_reported(tmp_path: Path) -> None:
    """A folder that cannot be listed is yielded, and checking it says why."""
    tree(tmp_path, {"locked/a.trf": TRF.encode()})
    (tmp_path / "locked").chmod(0)
    try:
        paths = [p for p, _ in discover([str(tmp_path)])]
        (report,) = [check_file(p, CheckRequest()) for p in paths]
        assert "permission denied" in report.diagnostics[0].message
    finally:
        (tmp_path / "locked").chmod(0o700)


def test_crash_inside_trfkit_becomes_s999(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If checking one file raises, that file gets S999 and nothing propagates."""
    path = tmp_path / "x.trf"
    path.write_text(TRF, encoding="utf-8")

    def broken(*args: object) -> object:
        raise ValueError("reader bug")

    monkeypatch.setattr(audit, "check_bytes", broken)
    report = check_file(str(path), CheckRequest())
    assert [d.code for d in report.diagnostics] == ["S999"]
    assert "ValueError: reader bug" in report.diagnostics[0].message
    assert not report.readable


def test_select_never_hides_an_unreadable_file(tmp_path: Path) -> None:
    """``select=E`` still reports P001 for an empty file; ``ignore=P001`` silences it."""
    path = tmp_path / "empty.trf"
    path.write_bytes(b"")
    assert [d.code for d in check_file(str(path), CheckRequest(select=("E",))).diagnostics] == [
        "P001"
    ]
    assert check_file(str(path), CheckRequest(ignore=("P001",))).diagnostics == ()


def test_parallel_results_keep_the_input_order(tmp_path: Path) -> None:
    """Twelve files through two workers come back in the order of the paths."""
    paths = []
    for i in range(12):
        path = tmp_path / f"f{i:02d}.trf"
        path.write_text(TRF if i % 3 else "", encoding="utf-8")
        paths.append(str(path))
    serial = list(check_many(paths, CheckRequest(), jobs=1))
    parallel = list(check_many(paths, CheckRequest(), jobs=2))
    assert [r.path for r in parallel] == paths
    assert parallel == serial


def test_tables_only_on_request(tmp_path: Path) -> None:
    """The compact crosstable is built only when the request asks for it."""
    path = tmp_path / "x.trf"
    path.write_text(TRF, encoding="utf-8")
    assert check_file(str(path), CheckRequest()).table is None
    table = check_file(str(path), CheckRequest(tables=True)).table
    assert table is not None and [r.name for r in table.rows] == ["Alpha, Ann"]



ROOT = Path(__file__).resolve().parent.parent
RR6 = ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"

HOSTILE = """
import os, signal, sys
from trfkit import audit
from trfkit.cli import main

PARENT = os.getpid()
check_file, run_checks = audit.check_file, audit.run_checks
current = ""


def hostile_check_file(path, request):
    global current
    current = os.path.basename(path)
    if os.getpid() != PARENT:  # in a worker: die as the out-of-memory killer makes it die
        if current.startswith("kill"):
            os.kill(os.getpid(), signal.SIGKILL)
        if current.startswith("osexit"):
            os._exit(0)
    return check_file(path, request)


def hostile_run_checks(ctx, **kw):  # a plugin's check that tries to end the process
    if current.startswith("exit"):
        sys.exit(0)
    if current.startswith("interrupt"):
        raise KeyboardInterrupt
    return run_checks(ctx, **kw)


audit.check_file, audit.run_checks = hostile_check_file, hostile_run_checks
sys.exit(main(sys.argv[1:]))
"""
"""``python -c HOSTILE check ...``: trfkit with a worker killer and a check calling sys.exit."""


def _hostile_batch(folder: Path, jobs: int) -> tuple[int, dict[str, list[dict[str, object]]]]:
    """Check *folder* under :data:`HOSTILE`; the exit code and each file's diagnostics.

    The timeout only guards against a hang: before the fix, a killed worker left the
    batch waiting forever.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    run = subprocess.run(
        [sys.executable, "-c", HOSTILE, "check", str(folder), "--format", "json",
         "--jobs", str(jobs), "--select", "P,S"],
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=60, check=False,
    )  # fmt: skip
    assert "Traceback" not in run.stderr, run.stderr
    files = json.loads(run.stdout)["files"]
    return run.returncode, {
        Path(f["path"]).name: [d for d in f["diagnostics"] if d["severity"] != "info"]
        for f in files
    }


def _plant(folder: Path, names: list[str]) -> None:
    for name in names:
        (folder / name).write_bytes(RR6.read_bytes())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the hostile patches reach workers by fork")
def test_killed_worker_costs_only_its_file(tmp_path: Path) -> None:
    """A worker killed with SIGKILL: its file is an S999, every other file is checked, exit 1."""
    names = [f"a{i}.trf" for i in range(6)] + ["kill1.trf", "kill2.trf", "osexit.trf"]
    _plant(tmp_path, names)
    code, files = _hostile_batch(tmp_path, jobs=2)
    assert code == 1
    assert sorted(files) == sorted(names)
    for name in ("kill1.trf", "kill2.trf"):
        (only,) = files[name]
        assert only["code"] == "S999"
        assert "worker process checking this file died, killed by SIGKILL" in str(only["message"])
    assert "died, exited with status 0" in str(files["osexit.trf"][0]["message"])
    assert all(files[f"a{i}.trf"] == [] for i in range(6))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the hostile patches reach workers by fork")
@pytest.mark.parametrize("jobs", [1, 2])
def test_check_calling_sys_exit_does_not_end_the_batch(tmp_path: Path, jobs: int) -> None:
    """SystemExit or KeyboardInterrupt raised by a check: one S999 for that file, batch goes on."""
    names = ["a0.trf", "exit.trf", "a1.trf", "interrupt.trf", "a2.trf"]
    _plant(tmp_path, names)
    code, files = _hostile_batch(tmp_path, jobs)
    assert code == 1
    assert sorted(files) == sorted(names)
    assert "a check tried to end trfkit (SystemExit(0))" in str(files["exit.trf"][0]["message"])
    assert "(KeyboardInterrupt)" in str(files["interrupt.trf"][0]["message"])
    assert all(files[name] == [] for name in ("a0.trf", "a1.trf", "a2.trf"))


def test_real_ctrl_c_still_interrupts_a_serial_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SIGINT (not a check's own KeyboardInterrupt) stops a --jobs 1 batch, as Ctrl-C should."""
    import signal

    _plant(tmp_path, ["a.trf", "b.trf"])

    def interrupted(ctx: object, **kw: object) -> list[object]:
        os.kill(os.getpid(), signal.SIGINT)
        return []

    monkeypatch.setattr(audit, "run_checks", interrupted)
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        list(check_many([str(p) for p in sorted(tmp_path.iterdir())], CheckRequest(), jobs=1))
    assert signal.getsignal(signal.SIGINT) is before


ORPHANED = """
import os, signal, sys
from trfkit import audit

paths = sys.argv[1:]
reports = audit.check_many(paths, audit.CheckRequest(), jobs=2)
next(reports)
import multiprocessing
print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # the parent dies as the out-of-memory killer makes it die
"""


def _running(pid: int) -> bool:
    """True while *pid* exists and is not a zombie (a reaped or dead worker counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_workers_end_when_the_parent_is_killed(tmp_path: Path) -> None:
    """A parent killed with SIGKILL: its workers see their pipe close and exit, none lingers."""
    import time

    names = [f"a{i:02d}.trf" for i in range(40)]
    _plant(tmp_path, names)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    listed = tmp_path / "workers.txt"
    with open(listed, "w", encoding="ascii") as out:  # a file: a lingering worker holds no pipe
        code = subprocess.run(
            [sys.executable, "-c", ORPHANED, *(str(tmp_path / n) for n in names)],
            stdout=out, env=env, timeout=60, check=False,
        ).returncode  # fmt: skip
    workers = [int(pid) for pid in listed.read_text(encoding="ascii").split()]
    try:
        assert code == -9
        assert len(workers) == 2
        deadline = time.monotonic() + 30  # a hang guard, not a measurement
        while any(map(_running, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_running, workers))
    finally:
        for pid in filter(_running, workers):  # a failed run leaves no orphan behind
            os.kill(pid, 9)
