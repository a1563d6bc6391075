"""Discovery stays inside the checked folder, streams, and is bounded (issue 28, item 1).

A submitted folder may hold symbolic links: to a private file, to a folder outside, to
``/``. None of them is followed (each is one P013 naming the link and its target) unless
``--follow-links`` says the tree is trusted; links inside the folder are followed as
before. Discovery is a generator that ``check_many`` consumes as it checks, and
``--max-files`` bounds it (P014, exit 2).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import trfkit
from trfkit.audit import CheckRequest, Discovery, check_many, discover

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")

SECRET = "SECRET-TOKEN-7f3a9c"
TRF = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                        2210                             1.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                         1880                             0.0    2"
    "     1 b 0\n"
)
PRIVATE = TRF.replace("Club Open", SECRET)


def cli(*arguments: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m trfkit ARGUMENTS`` in a new process."""
    package_root = Path(trfkit.__file__).resolve().parent.parent
    paths = [str(package_root), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    return subprocess.run(
        [sys.executable, "-m", "trfkit", *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        env=env,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def attacked(tmp_path: Path) -> Path:
    """``submitted/`` with a good file and ``innocent.trf -> ../private/other.trf``."""
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "other.trf").write_text(PRIVATE, encoding="utf-8")
    submitted = tmp_path / "submitted"
    submitted.mkdir()
    (submitted / "good.trf").write_text(TRF, encoding="utf-8")
    (submitted / "innocent.trf").symlink_to(Path("..") / "private" / "other.trf")
    return submitted


def json_run(*arguments: str, timeout: float = 60) -> tuple[int, dict[str, Any], str]:
    """``check ARGUMENTS --format json --isolated``: exit code, document, stderr."""
    done = cli("check", *arguments, "--format", "json", "--isolated", timeout=timeout)
    try:
        payload = json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"stdout is not one JSON document:\n{done.stdout[:2000]}\n{done.stderr}")
    return done.returncode, payload, done.stderr


def entries(payload: dict[str, Any]) -> dict[str, list[str]]:
    """Each file's name and the codes of its errors and warnings."""
    return {
        Path(e["path"]).name: [d["code"] for d in e["diagnostics"] if d["severity"] != "info"]
        for e in payload["files"]
    }


def test_a_link_to_a_private_file_is_not_checked(attacked: Path, tmp_path: Path) -> None:
    """innocent.trf -> ../private: one P013 naming the link; the secret is in no output."""
    report = tmp_path / "r.html"
    text = cli("check", str(attacked), "--isolated", "--report", str(report))
    github = cli("check", str(attacked), "--isolated", "--format", "github")
    code, payload, stderr = json_run(str(attacked))
    outputs = [text.stdout, text.stderr, github.stdout, github.stderr, json.dumps(payload), stderr]
    outputs.append(report.read_text(encoding="utf-8"))
    assert not any(SECRET in output for output in outputs)
    assert entries(payload) == {"good.trf": [], "innocent.trf": ["P013"]}
    (finding,) = payload["files"][1]["diagnostics"]
    assert finding["severity"] == "error" and finding["name"] == "link-outside-folder"
    assert "innocent.trf" in finding["message"] and "private/other.trf" in finding["message"]
    assert code == 1 and text.returncode == 1
    (line,) = [x for x in text.stdout.splitlines() if " P013 " in x]
    assert line.startswith(f"{attacked / 'innocent.trf'}: P013 ")
    assert "P013" in report.read_text(encoding="utf-8")


def test_a_linked_folder_outside_is_not_walked(tmp_path: Path) -> None:
    """``more -> ../private`` (a folder): not walked, one P013 for the link."""
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "other.trf").write_text(PRIVATE, encoding="utf-8")
    (tmp_path / "submitted").mkdir()
    (tmp_path / "submitted" / "good.trf").write_text(TRF, encoding="utf-8")
    (tmp_path / "submitted" / "more").symlink_to(tmp_path / "private", target_is_directory=True)
    _, payload, _ = json_run(str(tmp_path / "submitted"))
    assert entries(payload) == {"good.trf": [], "more": ["P013"]}
    assert SECRET not in json.dumps(payload)


def test_a_link_to_the_root_returns_promptly(tmp_path: Path) -> None:
    """A link to ``/`` in the folder is reported, not walked: check ends within seconds."""
    (tmp_path / "good.trf").write_text(TRF, encoding="utf-8")
    (tmp_path / "root").symlink_to("/", target_is_directory=True)
    started = time.monotonic()
    _, payload, _ = json_run(str(tmp_path), timeout=20)
    assert time.monotonic() - started < 20
    assert entries(payload) == {"good.trf": [], "root": ["P013"]}


def test_follow_links_follows_them(attacked: Path) -> None:
    """``--follow-links`` (a trusted tree): the linked file is checked as before."""
    _, payload, _ = json_run(str(attacked), "--follow-links")
    assert entries(payload) == {"good.trf": [], "innocent.trf": []}


def test_a_named_link_is_followed(attacked: Path) -> None:
    """A link named on the command line is the user's choice: it is checked."""
    _, payload, _ = json_run(str(attacked / "innocent.trf"))
    assert entries(payload) == {"innocent.trf": []}


def test_links_inside_the_folder_are_followed(tmp_path: Path) -> None:
    """A link to a file and one to a folder, both inside: followed; a loop ends."""
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.trf").write_text(TRF, encoding="utf-8")
    (tmp_path / "alias.trf").symlink_to(tmp_path / "d" / "a.trf")
    (tmp_path / "e").symlink_to(tmp_path / "d", target_is_directory=True)
    (tmp_path / "d" / "loop").symlink_to(tmp_path, target_is_directory=True)
    found = [os.path.relpath(p, tmp_path) for p, _ in discover([str(tmp_path)])]
    assert found == ["alias.trf", "d/a.trf"]  # e is d again: walked once


def test_dangling_links(tmp_path: Path) -> None:
    """A dangling link inside is P001 (does not exist); one pointing outside is P013."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "gone.trf").symlink_to(tmp_path / "in" / "nowhere.trf")
    (tmp_path / "in" / "out.trf").symlink_to(tmp_path / "nowhere.trf")
    _, payload, _ = json_run(str(tmp_path / "in"))
    assert entries(payload) == {"gone.trf": ["P001"], "out.trf": ["P013"]}


def test_discovery_is_lazy(tmp_path: Path) -> None:
    """The walk lists a folder only when it gets there: a file added meanwhile is found."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "1.trf").write_text(TRF, encoding="utf-8")
    (tmp_path / "b").mkdir()
    walk = discover([str(tmp_path)])
    first, _ = next(walk)
    assert first.endswith("1.trf")
    (tmp_path / "b" / "2.trf").write_text(TRF, encoding="utf-8")
    assert [Path(p).name for p, _ in walk] == ["2.trf"]


class Recorded:
    """An iterator of paths that counts how many were taken."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        self.taken = 0

    def __iter__(self) -> Iterator[str]:
        for path in self.paths:
            self.taken += 1
            yield path


@pytest.mark.parametrize("jobs", [1, 2])
def test_check_many_streams(tmp_path: Path, jobs: int) -> None:
    """The first report comes before the paths are exhausted; all come in their order."""
    paths = []
    for n in range(300):
        path = tmp_path / f"{n:03d}.trf"
        path.write_text(TRF, encoding="utf-8")
        paths.append(str(path))
    source = Recorded(paths)
    reports = check_many(source, CheckRequest(), jobs)
    first = next(reports)
    assert first.path == paths[0] and source.taken < 50
    assert [first.path, *(r.path for r in reports)] == paths


def test_max_files_stops_discovery(tmp_path: Path) -> None:
    """Past ``--max-files`` the walk stops: what came before is checked, one P014, exit 2."""
    for folder in ("a", "b"):
        for n in range(3):
            (tmp_path / folder).mkdir(exist_ok=True)
            (tmp_path / folder / f"{n}.trf").write_text(TRF, encoding="utf-8")
    # the walk looks at a, b, the three files of a (5), then the listing of b goes over 6
    done = cli("check", str(tmp_path), "--max-files", "6", "--isolated", "--format", "json")
    payload = json.loads(done.stdout)
    assert done.returncode == 2
    names = [os.path.relpath(e["path"], tmp_path) for e in payload["files"]]
    assert names == ["a/0.trf", "a/1.trf", "a/2.trf", "."]
    (limit,) = payload["files"][-1]["diagnostics"]
    assert limit["code"] == "P014" and "--max-files" in limit["message"]
    assert "--max-files" in done.stderr
    walk = Discovery([str(tmp_path / "a")], max_files=2)
    assert list(walk) == [] and walk.done  # the folder's listing itself went over
    assert [r.diagnostics[0].code for r in walk.reports([], CheckRequest())] == ["P014"]


def test_no_trf_files_is_still_a_usage_error(tmp_path: Path) -> None:
    """An empty folder: 'no TRF files found', exit 2."""
    done = cli("check", str(tmp_path))
    assert done.returncode == 2 and "no TRF files found" in done.stderr


def test_max_files_in_help() -> None:
    """``--help`` states the defaults of --max-files, --follow-links and --check-timeout."""
    done = cli("check", "--help")
    flat = " ".join(done.stdout.split())
    assert "--follow-links" in flat and "1,000,000" in flat and "default 60" in flat


def test_follow_links_to_the_root_is_still_bounded(tmp_path: Path) -> None:
    """With ``--follow-links`` a link to ``/`` is walked, but only up to ``--max-files``."""
    (tmp_path / "root").symlink_to("/", target_is_directory=True)
    walk = Discovery([str(tmp_path)], follow_links=True, max_files=3000)
    started = time.monotonic()
    for _ in walk:
        assert time.monotonic() - started < 20
    assert walk.done and walk.stopped_at == str(tmp_path) and walk.looked == 3000


def test_select_does_not_hide_a_link_out(attacked: Path) -> None:
    """``--select T`` still lists the P013 (a path not checked); ``--ignore P013`` drops it."""
    selecting, ignoring = CheckRequest(select=("T",)), CheckRequest(ignore=("P013",))
    for request, expected in ((selecting, ["P013"]), (ignoring, [])):
        walk = Discovery([str(attacked)])
        reports = list(walk.reports(check_many((p for p, _ in walk), request), request))
        assert [Path(r.path).name for r in reports] == ["good.trf", "innocent.trf"]
        assert [d.code for d in reports[1].diagnostics] == expected


def test_progress_without_a_total(attacked: Path) -> None:
    """While the walk goes on the bar shows the count alone, then the bar once it ends."""
    import io

    from trfkit.commands.check import _Progress

    total: list[int | None] = [None]
    stream = io.StringIO()
    progress = _Progress(stream, lambda: total[0], True)
    progress.update(5, "a.trf")
    drawn = stream.getvalue()
    assert "5 checked, still finding files a.trf" in drawn and "] " not in drawn
    total[0] = 10
    progress.update(6, "b.trf")
    assert "6/10 b.trf" in stream.getvalue()
