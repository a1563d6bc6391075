"""The HTML report at scale (issue 28): linear in players, streamed file by file, atomic.

No time is measured here (``benchmarks/report_scale.py`` does that): the tests count what
the report does per row and per file, look at the output while the batch is still being
checked, and hold the report writer to the guarantees of ``trfkit.fileio``.
"""

from __future__ import annotations

import errno
import gc
import os
import re
import socket
import stat
import tracemalloc
from collections.abc import Iterator, Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import pytest
from test_html import ROUND_ROBIN, SWISS, player, write

import trfkit.audit
from trfkit.audit import CheckRequest, FileReport, check_file
from trfkit.cli import main
from trfkit.compute import crosstable
from trfkit.report import html, output
from trfkit.report.html import HtmlReport, open_report, write_report

posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")

HOSTILE = "<script>alert(1)</script> & Co"
"""A player's name no page may show as markup."""


def swiss_lines(players: int, name: str = "Big Swiss") -> list[str]:
    """A one-round Swiss of *players* (even): 1-2, 3-4, ... with White winning."""
    lines = [f"012 {name}"]
    for p in range(1, players + 1):
        other = p + 1 if p % 2 else p - 1
        colour, result = ("w", "1") if p % 2 else ("b", "0")
        rank = (p + 1) // 2 if p % 2 else players // 2 + p // 2
        lines.append(player(p, f"Player {p}", rank=rank, rounds=[(other, colour, result)]))
    return lines


SELECT = ("S003", "S006", "E001", "E007")
"""The codes of the planted defects of test_html's files."""


def checked(path: Path, select: Sequence[str] = ()) -> FileReport:
    """*path* checked as ``--report`` checks it (with its crosstable), these codes only."""
    return check_file(str(path), CheckRequest(select=tuple(select), tables=True))


class Counted(tuple):  # type: ignore[type-arg]
    """A tuple that counts how often it is walked."""

    walks = 0

    def __iter__(self) -> Iterator[Any]:
        """Count, then walk."""
        Counted.walks += 1
        return super().__iter__()


class Balance(HTMLParser):
    """Checks that every element is closed in order (void elements aside)."""

    VOID = frozenset({"meta", "br", "hr", "img", "input", "link", "col", "wbr", "source"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open an element."""
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        """Close the innermost element, which must be *tag*."""
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:]}")
            return
        self.open.pop()


def well_formed(page: str) -> list[str]:
    """What is wrong with the nesting of *page* (empty: every element closed in order)."""
    parser = Balance()
    parser.feed(page)
    parser.close()
    return parser.errors + [f"<{tag}> never closed" for tag in parser.open]


def links(page: str) -> list[str]:
    """Every href and src of *page*."""
    return re.findall(r'(?:href|src)="([^"]*)"', page)


# --- linear in players ---------------------------------------------------------------------


def test_the_recomputed_standings_are_walked_once_per_file(tmp_path: Path) -> None:
    """A 200-player table walks its recomputed standings once, not once per row."""
    report = checked(write(tmp_path / "big.trf", swiss_lines(200)))
    assert report.table is not None and report.table.recomputed is not None
    table = attrs.evolve(report.table, recomputed=Counted(report.table.recomputed))
    Counted.walks = 0
    page = HtmlReport()
    page.add(attrs.evolve(report, table=table))
    assert Counted.walks == 1
    assert page.render().count('<td class="num re') == 2 * 200  # yet every row has them


def test_the_standings_are_looked_up_once_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check --report`` of three files builds the standings by rank three times."""
    calls: list[int] = []
    build = html._recomputed_by_rank

    def counting(table: Any) -> Any:
        calls.append(len(table.rows))
        return build(table)

    monkeypatch.setattr(html, "_recomputed_by_rank", counting)
    files = [write(tmp_path / f"s{n}.trf", swiss_lines(n)) for n in (40, 80, 120)]
    out = tmp_path / "r.html"
    assert main(["check", *map(str, files), "--report", str(out), "--jobs", "1"]) in (0, 1)
    assert sorted(calls) == [40, 80, 120]


def test_each_finding_is_located_on_its_own_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``locate`` is handed the rows a finding names (at most its players and its line)."""
    seen: list[int] = []
    locate = crosstable.locate

    def recording(d: Any, table: Any) -> Any:
        seen.append(len(table.rows))
        return locate(d, table)

    monkeypatch.setattr(html, "locate", recording)
    lines = swiss_lines(300)
    lines[5] = lines[5][:91] + "   7 w 1"  # player 5 says he beat 7 in round 1: S003 and more
    report = checked(write(tmp_path / "big.trf", lines))
    page = HtmlReport()
    page.add(report)
    assert seen and len(seen) == len(report.diagnostics)
    assert max(seen) <= 3
    assert 'data-p="5" data-r="1" data-hl="error"' in page.render()


# --- streamed ------------------------------------------------------------------------------


def _batch(tmp_path: Path, count: int, name: str = HOSTILE) -> list[Path]:
    """*count* files, every other one with a warning (a URL in 022), names hostile."""
    folder = tmp_path / "batch"
    folder.mkdir()
    files = []
    for i in range(count):
        lines = [f"012 Event {i}", *swiss_lines(4)[1:]]
        lines[1] = player(1, name, rank=1, rounds=[(2, "w", "1")])
        if i % 2:
            lines.insert(1, "022 https://example.org/x")
        files.append(write(folder / f"e{i:03d}.trf", lines))
    return files


def _watching(monkeypatch: pytest.MonkeyPatch, look: Any) -> list[tuple[int, Any]]:
    """Make ``check_many`` call *look(n)* before it yields the n-th report (n from 2)."""
    seen: list[tuple[int, Any]] = []
    real = trfkit.audit.check_many

    def watched(files: Sequence[str], request: CheckRequest, *args: Any, **kw: Any) -> Any:
        for number, report in enumerate(real(files, request, *args, **kw), 1):
            if number > 1:
                seen.append((number, look(number)))
            yield report

    monkeypatch.setattr(trfkit.audit, "check_many", watched)
    return seen


def test_a_page_is_written_file_by_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the n-th file is handed over, the temporary page holds file n-1's section."""
    files = _batch(tmp_path, 4)
    out = tmp_path / "r.html"

    def written(number: int) -> str:
        (temp,) = tmp_path.glob(".r.html.trfkit-*.tmp")
        return temp.read_text(encoding="utf-8")

    seen = _watching(monkeypatch, written)
    assert main(["check", *map(str, files), "--report", str(out)]) == 0
    assert [n for n, _ in seen] == [2, 3, 4]
    for number, text in seen:
        assert f'id="f{number - 1}"' in text and f'id="f{number}"' not in text
        assert f"e{number - 2:03d}.trf" in text
    page = out.read_text(encoding="utf-8")
    assert page.count('<section class="file"') == 4
    assert well_formed(page) == []


def test_a_folder_is_written_page_by_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--report DIR/``: before file n is handed over, file n-1's page is in the folder."""
    files = _batch(tmp_path, 4)
    out = tmp_path / "pages"

    def written(number: int) -> list[str]:
        (temp,) = tmp_path.glob(".pages.trfkit-*.tmpdir")
        return sorted(p.name for p in (temp / "files").iterdir())

    seen = _watching(monkeypatch, written)
    assert main(["check", *map(str, files), "--report", f"{out}/"]) == 0
    assert seen == [(2, ["1.html"]), (3, ["1.html", "2.html"]), (4, ["1.html", "2.html", "3.html"])]
    assert sorted(p.name for p in out.iterdir()) == [".trfkit-report", "files", "index.html"]
    assert not list(tmp_path.glob(".pages.trfkit-*"))


def test_the_report_keeps_no_page_text(tmp_path: Path) -> None:
    """After add() nothing the report holds (nor what it refers to) has the file's names."""
    report = checked(write(tmp_path / "big.trf", swiss_lines(60, name="Marker Open")))
    pieces: list[str] = []
    page = HtmlReport(total=1, out=pieces.append)
    page.add(report)
    assert any("Player 59" in p for p in pieces)
    del report
    reachable: list[object] = [page]
    seen: set[int] = set()
    texts = []
    while reachable:
        item = reachable.pop()
        if id(item) in seen or item is pieces:
            continue
        seen.add(id(item))
        if isinstance(item, str):
            texts.append(item)
        elif not isinstance(item, type):
            reachable.extend(gc.get_referents(item))
    assert not [t for t in texts if "Player 59" in t or "Marker Open" in t]


@pytest.mark.heavy
def test_memory_does_not_grow_with_the_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Adding 600 files more than 60 leaves the memory in use where it was (within 64 KiB)."""
    monkeypatch.setattr(html, "SPOOL_LIMIT", 4096)  # the index rows go to disk early
    report = checked(write(tmp_path / "e.trf", ["012 W", "022 https://x.org", *SWISS[2:]]))
    page = HtmlReport(total=None, out=lambda text: None, spool=str(tmp_path))
    tracemalloc.start()
    try:
        for _ in range(60):
            page.add(report)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(600):
            page.add(report)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert page.files == 660
    assert after - before < 64 * 1024  # held in memory, 600 index rows would be ~180 KiB


def test_the_index_comes_from_the_spool_sorted_by_severity(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows spooled to disk come back errors first, then warnings, then clean, in order."""
    monkeypatch.setattr(html, "SPOOL_LIMIT", 100)
    clean = checked(write(tmp_path / "clean.trf", ["012 Clean", *ROUND_ROBIN[2:3]]), SELECT)
    warn = write(tmp_path / "warn.trf", ["012 W", "022 https://x.org", *ROUND_ROBIN[2:3]])
    error = checked(write(tmp_path / "error.trf", ROUND_ROBIN), SELECT)
    pieces: list[str] = []
    page = HtmlReport(total=200, out=pieces.append, spool=str(tmp_path))
    for report in (clean, checked(warn, SELECT), error) * 40:
        page.add(report)
    page.finish()
    text = "".join(pieces)
    index = text.split('<nav id="index">')[1].split("</nav>")[0]
    order = re.findall(r"(\w+)\.trf", index)
    assert order == ["error"] * 40 + ["warn"] * 40 + ["clean"] * 40
    assert "120 files: 40 clean, 40 with errors, 40 with warnings only." in text
    assert text.index('<footer id="summary">') > text.rindex('<section class="file"')
    assert well_formed(text) == []
    assert list(tmp_path.glob(".*")) == []  # the spooled rows' private files are gone


def test_unknown_total_gives_sections_to_the_first_clean_files(tmp_path: Path) -> None:
    """With the number of files not known, clean files get a section up to the limit."""
    clean = checked(write(tmp_path / "clean.trf", ["012 Clean", *ROUND_ROBIN[2:3]]), SELECT)
    page = HtmlReport(total=None)
    for _ in range(html.CLEAN_TABLE_LIMIT + 2):
        page.add(clean)
    text = page.render()
    assert text.count('<section class="file"') == html.CLEAN_TABLE_LIMIT
    assert f'href="#f{html.CLEAN_TABLE_LIMIT + 1}"' not in text


# --- escaped and self-contained --------------------------------------------------------------


def test_a_report_folder_escapes_and_links_only_its_own_pages(tmp_path: Path) -> None:
    """Hostile names and paths are text in index.html and in the pages; links stay inside."""
    files = _batch(tmp_path, 3)
    odd = files[0].with_name("<img src=x onerror=alert(1)>.trf")
    files[0].rename(odd)
    out = tmp_path / "pages"
    argv = ["check", str(odd), *map(str, files[1:]), "--select", "E001", "--report", f"{out}/"]
    assert main(argv) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    pages = {p.name: p.read_text(encoding="utf-8") for p in (out / "files").iterdir()}
    assert sorted(pages) == ["1.html", "2.html", "3.html"]  # a small batch: clean ones too
    assert "&lt;img src=x onerror=alert(1)&gt;.trf" in index and "<img" not in index
    assert sorted(links(index)) == ["files/1.html", "files/2.html", "files/3.html"]
    for text in (index, *pages.values()):
        assert well_formed(text) == []
        assert "<script>alert" not in text and "default-src 'none'" in text
    for text in pages.values():
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in text
        assert links(text) == ["../index.html"]
    assert "3 files: 2 clean, 0 with errors, 1 with warnings only." in index


def test_a_single_file_report_is_one_valid_page(tmp_path: Path) -> None:
    """One file: a page with its section and the summary at the end, no index."""
    path = write(tmp_path / "s.trf", SWISS)
    out = tmp_path / "r.html"
    assert main(["check", str(path), "--report", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert well_formed(page) == []
    assert '<nav id="index">' not in page
    assert page.index('href="#summary"') < page.index("<main>") < page.index('id="summary"')
    assert "1 file: 0 clean, 1 with errors, 0 with warnings only." in page


# --- atomic --------------------------------------------------------------------------------


def test_an_interrupted_batch_leaves_the_old_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the third file: exit 130, the old page as it was, no temporary file."""
    files = _batch(tmp_path, 4)
    out = tmp_path / "r.html"
    out.write_text("old report", encoding="utf-8")

    def interrupt(number: int) -> None:
        if number == 3:
            raise KeyboardInterrupt

    _watching(monkeypatch, interrupt)
    assert main(["check", *map(str, files), "--report", str(out)]) == 130
    gc.collect()
    assert out.read_text(encoding="utf-8") == "old report"
    assert not list(tmp_path.glob(".r.html.trfkit-*"))


def test_an_interrupted_folder_report_leaves_the_old_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a folder report: the earlier report folder as it was, no temporary one."""
    files = _batch(tmp_path, 4)
    out = tmp_path / "pages"
    assert main(["check", *map(str, files[:2]), "--report", f"{out}/"]) == 0
    before = (out / "index.html").read_text(encoding="utf-8")

    def interrupt(number: int) -> None:
        if number == 3:
            raise KeyboardInterrupt

    _watching(monkeypatch, interrupt)
    assert main(["check", *map(str, files), "--report", f"{out}/"]) == 130
    gc.collect()
    assert (out / "index.html").read_text(encoding="utf-8") == before
    assert sorted(p.name for p in (out / "files").iterdir()) == ["1.html", "2.html"]
    assert not list(tmp_path.glob(".pages.trfkit-*"))


def test_a_full_disk_costs_the_report_not_the_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A write failing mid-batch: every file still checked and printed, exit 2, old page kept."""
    files = _batch(tmp_path, 3)
    out = tmp_path / "r.html"
    out.write_text("old report", encoding="utf-8")
    real = output.write_all
    calls = []

    def failing(fd: int, data: bytes) -> None:
        calls.append(len(data))
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(output, "write_all", failing)
    monkeypatch.setattr(output, "BUFFER", 1)  # every piece is written at once
    assert main(["check", *map(str, files), "--report", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out.count(": E001 ") == 1 and "3 files checked" in captured.out
    assert f"--report {out}: No space left on device" in captured.err
    assert out.read_text(encoding="utf-8") == "old report"
    assert not list(tmp_path.glob(".r.html.trfkit-*"))


def test_a_replaced_page_keeps_its_mode_and_a_link_is_followed(tmp_path: Path) -> None:
    """A 0640 page stays 0640; a link to the page stays a link, the page it names replaced."""
    path = write(tmp_path / "s.trf", SWISS)
    real = tmp_path / "real.html"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.html"
    link.symlink_to(real)
    assert main(["check", str(path), "--report", str(link)]) == 1
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_a_new_page_is_private_while_written(tmp_path: Path) -> None:
    """The temporary page is 0600 while written; the page gets the umask's mode."""
    out = tmp_path / "r.html"
    writer = open_report(out)
    temp = writer.output.temporary
    assert temp is not None and stat.S_IMODE(os.stat(temp).st_mode) == 0o600
    writer.add(checked(write(tmp_path / "s.trf", SWISS)))
    writer.close()
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask
    assert not os.path.exists(temp)


def test_no_other_kind_of_file_is_replaced(tmp_path: Path) -> None:
    """A socket, a link to nothing and a foreign folder are refused (exit 2), left as they were."""
    path = write(tmp_path / "s.trf", SWISS)
    sock_path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(sock_path))
        dangling = tmp_path / "dangling.html"
        dangling.symlink_to(tmp_path / "nowhere.html")
        foreign = tmp_path / "mine"
        foreign.mkdir()
        (foreign / "notes.txt").write_text("keep me", encoding="utf-8")
        for target in (str(sock_path), str(dangling), str(foreign), f"{foreign}/"):
            assert main(["check", str(path), "--report", target]) == 2, target
        assert stat.S_ISSOCK(sock_path.lstat().st_mode)
        assert dangling.is_symlink() and not (tmp_path / "nowhere.html").exists()
        assert [p.name for p in foreign.iterdir()] == ["notes.txt"]
    finally:
        server.close()
    assert not list(tmp_path.glob(".*trfkit-*"))


def test_a_report_folder_replaces_only_its_own(tmp_path: Path) -> None:
    """An empty folder takes a report; a rerun replaces it; a file added to it stops the next."""
    path = write(tmp_path / "s.trf", SWISS)
    out = tmp_path / "pages"
    out.mkdir()
    assert main(["check", str(path), "--report", str(out)]) == 1  # an existing folder
    assert sorted(p.name for p in out.iterdir()) == [".trfkit-report", "files", "index.html"]
    (out / "files" / "1.html").write_text("stale", encoding="utf-8")
    assert main(["check", str(path), "--report", str(out)]) == 1
    assert (out / "files" / "1.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    (out / "files" / "mine.txt").write_text("keep me", encoding="utf-8")
    assert main(["check", str(path), "--report", str(out)]) == 2
    assert (out / "files" / "mine.txt").read_text(encoding="utf-8") == "keep me"
    assert not list(tmp_path.glob(".pages.trfkit-*"))


@posix
def test_a_fifo_gets_the_page_as_it_is_made(tmp_path: Path) -> None:
    """A FIFO that a process reads receives the page in pieces, and stays a FIFO."""
    fifo = tmp_path / "r.html"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        writer = open_report(fifo, total=2)
        writer.add(checked(write(tmp_path / "s.trf", SWISS)))
        writer.output.flush()  # type: ignore[union-attr]
        first = os.read(reader, 1 << 20)
        assert b'<section class="file" id="f1"' in first and b"</html>" not in first
        writer.add(checked(write(tmp_path / "rr.trf", ROUND_ROBIN)))
        writer.close()
        rest = b""
        while chunk := os.read(reader, 1 << 20):
            rest += chunk
    finally:
        os.close(reader)
    assert well_formed((first + rest).decode("utf-8")) == []
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_write_report_streams_a_generator(tmp_path: Path) -> None:
    """write_report takes reports one at a time (a generator) and writes a folder or a page."""
    paths = [write(tmp_path / "s.trf", SWISS), write(tmp_path / "rr.trf", ROUND_ROBIN)]
    write_report(tmp_path / "r.html", (checked(p) for p in paths))
    write_report(f"{tmp_path / 'pages'}{os.sep}", (checked(p) for p in paths))
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.count('<section class="file"') == 2 and well_formed(page) == []
    assert sorted(p.name for p in (tmp_path / "pages" / "files").iterdir()) == ["1.html", "2.html"]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="no owners or locks")
def test_a_killed_run_s_folder_is_removed_and_a_live_one_kept(tmp_path: Path) -> None:
    """An unlocked temporary report folder is removed by the next run; a locked one stays."""
    import fcntl

    path = write(tmp_path / "s.trf", SWISS)
    stale = tmp_path / ".pages.trfkit-0123456789abcdef.tmpdir"
    live = tmp_path / ".pages.trfkit-fedcba9876543210.tmpdir"
    for folder in (stale, live):
        (folder / "files").mkdir(parents=True)
        (folder / output.MARKER).write_text("", encoding="utf-8")
    held = os.open(live / output.MARKER, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert main(["check", str(path), "--report", f"{tmp_path / 'pages'}/"]) == 1
        assert not stale.exists() and live.exists()
    finally:
        os.close(held)
    assert (tmp_path / "pages" / "index.html").exists()
