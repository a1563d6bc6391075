"""The HTML report of ``trfkit check --report FILE.html`` (or ``--report DIR/``).

One self-contained page: inline CSS and JavaScript, no network access, no
external assets (a Content-Security-Policy forbids them). For each file it
shows the findings and the crosstable (players × rounds, or players × players
for a round robin of up to 40 players), where every cell that a diagnostic is
about is highlighted in the colour of its worst severity, carries the messages
in its ``title`` (shown on hover) and opens them in a panel on click; clicking a
finding shows its cells. Next to the reported points and ranks stand the recomputed
ones when :mod:`trfkit.compute.tiebreaks` provides them (see the hook in
:mod:`trfkit.compute.crosstable`). A team event also gets, above the players' table,
the team crosstable (teams × rounds, or teams × teams for a round robin of up to 40
teams: game points, opponent, ``w`` for the first-named team, ``+``/``-`` forfeits,
byes), with the match and game points and rank its 310 records report and the
recomputed ones; its cells are marked as :func:`trfkit.compute.team_crosstable.locate`
places the findings. A batch gets an index sorted by severity.

The page serves the keyboard and screen readers as well as the mouse (landmarks,
captions, header scopes, and words wherever a colour marks something): a finding's code
links to its first cell; a marked cell is a tab stop, described by its findings, and
Enter on it goes to the first. The script makes each crosstable one tab stop, its cells
reached with the arrow keys, Home and End (a roving tab index); without it every marked
cell stays a tab stop and the links still lead to the cells.

Everything that comes from a file (names, paths, messages) is escaped. The
page is written file by file (:class:`HtmlReport`) from the compact tables of
:class:`~trfkit.audit.FileReport`, as the files are checked: each file's section goes
to the output when the file is added, the summary and the index (sorted by severity)
come at the end of the page, and only counters are kept, so memory does not grow with
the batch (:func:`open_report` puts the page in place through
:mod:`trfkit.report.output`). ``--report DIR/`` writes a folder instead
(:class:`HtmlFolderReport`): a self-contained page per file and ``index.html``. A
file's section costs time linear in its players (the recomputed standings are looked
up by start rank, built once per file; each finding is located on its own rows). In a
batch of more than :data:`CLEAN_TABLE_LIMIT` files, clean files are listed in the index
only.

When the page loads, its script writes the highlighted cells, as found by
``getComputedStyle``, into ``<pre id="highlighted">`` as JSON, which lets a
browser test compare them with the diagnostics.
"""

from __future__ import annotations

import abc
import functools
import io
import os
import re
from collections.abc import Callable, Iterable, Sequence, Sized
from fractions import Fraction
from html import escape
from typing import IO

import attrs

from trfkit.audit import CheckRequest, FileReport
from trfkit.compute import team_crosstable
from trfkit.compute.crosstable import Cell, CrossTable, CrossTableRow, Standing, locate
from trfkit.compute.team_crosstable import TeamCrossTable, TeamLine
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.errors import ReportError
from trfkit.fileio import unwritable, write_atomic
from trfkit.numbers import format_halves, format_number
from trfkit.report.output import BUFFER, StreamedFile, StreamedFolder, folder_problem
from trfkit.untrusted import printable
from trfkit.values import Value

CLEAN_TABLE_LIMIT = 100
"""Batches of up to this many files show the crosstables of clean files too."""

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2, None: 3}


def format_points(value: Fraction | None) -> str:
    """Points as every output writes them (:func:`trfkit.numbers.format_number`); ``-`` unknown.

    >>> format_points(Fraction(21, 4))
    '5.25'
    """
    return "-" if value is None else _format_points(value)


@functools.lru_cache(maxsize=1024)
def _format_points(value: Fraction) -> str:
    # a crosstable writes the same few scores thousands of times
    return format_number(value)


_PLAIN = re.compile(r"[A-Za-z0-9 .,:+=()/-]*").fullmatch
"""Text that :func:`_e` leaves as it is: neither escaped nor made printable."""


def _e(value: object) -> str:
    text = str(value)
    if _PLAIN(text):  # most cells: one test instead of two passes
        return text
    # printable first: no control or bidi character reorders the page or breaks the UTF-8
    return escape(printable(text), quote=True)


def _where(d: Diagnostic) -> str:
    if d.line is None:
        return "file"
    return f"{d.line}:{d.column}" if d.column is not None else str(d.line)


@attrs.frozen(repr=False)
class _IndexEntry(Value):
    order: int
    path: str
    href: str | None
    worst: Severity | None
    counts: tuple[int, int, int]
    codes: str


def _entry(report: FileReport, number: int, href: str | None) -> _IndexEntry:
    """What the index says of one file: its worst severity, counts and codes (no page text)."""
    errors = warnings = infos = 0
    codes: dict[str, int] = {}
    for d in report.diagnostics:
        if d.severity is Severity.ERROR:
            errors += 1
        elif d.severity is Severity.WARNING:
            warnings += 1
        elif d.severity is Severity.INFO:
            infos += 1
        if d.severity > Severity.INFO:
            codes[d.code] = codes.get(d.code, 0) + 1
    listed = ", ".join(f"{c}×{n}" for c, n in sorted(codes.items()))
    return _IndexEntry(number, report.path, href, report.worst, (errors, warnings, infos), listed)


def _index_row(entry: _IndexEntry) -> str:
    label = entry.worst.label if entry.worst is not None else "clean"
    name = _e(entry.path)
    if entry.href:
        name = f'<a href="{_e(entry.href)}">{name}</a>'
    errors, warnings, infos = entry.counts
    return (
        f'<tr class="sev-{label}"><td><span class="badge sev-{label}">{label}</span></td>'
        f"<td>{name}</td><td class=num>{errors}</td><td class=num>{warnings}</td>"
        f"<td class=num>{infos}</td><td>{_e(entry.codes)}</td></tr>\n"
    )


_INDEX_HEAD = (
    '<nav id="index"><h2>Files by severity</h2><table class="index"><thead><tr>'
    '<th scope="col">Worst</th><th scope="col">File</th><th scope="col">Errors</th>'
    '<th scope="col">Warnings</th><th scope="col">Info</th><th scope="col">Codes</th>'
    "</tr></thead><tbody>\n"
)
_INDEX_TAIL = "</tbody></table></nav>"

SPOOL_LIMIT = 1 << 18
"""Characters of index rows kept in memory per severity before they go to a temporary file."""


class _Index:
    """The counters of a report and its index rows, spooled by severity (memory stays flat).

    The rows of each severity go to their own :class:`_Spool` (in memory up to
    :data:`SPOOL_LIMIT` characters, then in a private file in *spool*, beside the report):
    the index sorted by severity, then by order of checking, is those spools one after the
    other, so no row is held in memory and nothing is sorted.
    """

    def __init__(self, spool: str | None) -> None:
        self.files = self.errors = self.warnings = 0
        self._spool = spool
        self._buckets: dict[int, _Spool] = {}

    def add(self, entry: _IndexEntry) -> None:
        self.files += 1
        self.errors += entry.worst is Severity.ERROR
        self.warnings += entry.worst is Severity.WARNING
        key = _SEVERITY_ORDER[entry.worst]
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Spool(self._spool)
        bucket.write(_index_row(entry))

    def summary(self) -> str:
        clean = self.files - self.errors - self.warnings
        noun = "file" if self.files == 1 else "files"
        return (
            f'<p class="summary">{self.files} {noun}: {clean} clean, {self.errors} with errors, '
            f"{self.warnings} with warnings only.</p>"
        )

    def write_index(self, out: Callable[[str], object]) -> None:
        """Write the index table to *out*, errors first, then warnings, info and clean files."""
        out(_INDEX_HEAD)
        for key in sorted(self._buckets):
            for chunk in self._buckets[key].chunks():
                out(chunk)
        out(_INDEX_TAIL)

    def close(self) -> None:
        for bucket in self._buckets.values():
            bucket.close()
        self._buckets.clear()


class _Spool:
    """Index rows of one severity, in memory up to :data:`SPOOL_LIMIT` characters.

    Past it they go to a private temporary file in *folder* (beside the report; never the
    system's temporary folder, which others can write to), removed by :meth:`close`.
    Without a folder (a page kept in memory) the rows stay in memory.
    """

    def __init__(self, folder: str | None) -> None:
        self._folder = folder
        self._parts: list[str] = []
        self._size = 0
        self._file: StreamedFile | None = None

    def write(self, text: str) -> None:
        if self._file is not None:
            self._file.write(text)
            return
        self._parts.append(text)
        self._size += len(text)
        if self._size > SPOOL_LIMIT and self._folder is not None:
            # never committed: only its temporary file is used, and discarded at the end
            self._file = StreamedFile(os.path.join(self._folder, ".trfkit-report-index"))
            for part in self._parts:
                self._file.write(part)
            self._parts.clear()

    def chunks(self) -> Iterable[str]:
        """The rows written, in order, a piece at a time."""
        if self._file is None or self._file.temporary is None:
            yield from self._parts
            return
        self._file.flush()
        with open(self._file.temporary, encoding="utf-8", newline="") as handle:
            while chunk := handle.read(BUFFER):
                yield chunk

    def close(self) -> None:
        if self._file is not None:
            self._file.discard()
        self._parts.clear()


def _header(settings: Sequence[str], warnings: Sequence[str], *more: str) -> str:
    return "\n".join(
        [
            "<header><h1>trfkit check report</h1>",
            # An audit names what configured it, so a settings file cannot act unseen.
            '<p class="meta settings">Settings files applied: '
            + (", ".join(f"<code>{_e(s)}</code>" for s in settings) or "none")
            + "</p>",
            *(f'<p class="note sev-warning">Warning: {_e(w)}</p>' for w in warnings),
            *more,
            "</header>",
        ]
    )


_HOW = (
    '<p class="meta legend">Cells with findings are highlighted and marked '
    "<b>!!</b> error, <b>!</b> warning, <b>i</b> info: hover over one to read its findings, "
    "click it to keep them open. Pts* and Rank* are recomputed: in <b>bold</b> red where "
    "they differ from the file and a finding says so, in <i>italics</i> where they differ "
    "as the rules allow.</p>\n"
    '<p class="meta keys">Keyboard: Tab reaches each crosstable, where the arrow keys, Home '
    "and End move between cells; Enter on a marked cell goes to its finding, and Enter on "
    "a finding's code goes to its cell.</p>"
)


def _shows_section(report: FileReport, number: int, total: int | None) -> bool:
    """Whether a file gets its section (or page): serious findings, or a small batch.

    With *total* unknown (files still being found), the first :data:`CLEAN_TABLE_LIMIT`
    files are the small batch.
    """
    worst = report.worst
    if worst is not None and worst > Severity.INFO:
        return True
    return (total if total is not None else number) <= CLEAN_TABLE_LIMIT


class _Streamed(abc.ABC):
    """What the one-page and the folder report share.

    The counts and index rows of the files added, and :meth:`add`, which numbers a file and
    has :meth:`_show` write it.
    """

    def __init__(
        self, total: int | None, settings: Sequence[str], warnings: Sequence[str],
        spool: str | None,
    ) -> None:  # fmt: skip
        self.total = total
        self.settings = tuple(settings)
        self.warnings = tuple(warnings)
        self._index = _Index(spool)
        self._finished = False

    @property
    def files(self) -> int:
        """How many files were added."""
        return self._index.files

    def add(self, report: FileReport) -> None:
        """Write one file now; only its counts are kept (its index row is spooled)."""
        if self._finished:
            raise ReportError("the report is finished")
        number = self._index.files + 1
        link = self._show(report, number) if _shows_section(report, number, self.total) else None
        self._index.add(_entry(report, number, link))

    @abc.abstractmethod
    def _show(self, report: FileReport, number: int) -> str:
        """Write file *number*'s section or page; the link to it from the index."""


class HtmlReport(_Streamed):
    """The one-page HTML report, written as the files are checked.

    The page's head and header are written when it is made, each file's section by
    :meth:`add`, and the summary and the index sorted by severity by :meth:`finish`, at
    the end of the page (the header links to them). Nothing of a file is kept after
    :meth:`add` but four counters; the index rows are spooled to temporary files by
    severity. Memory does not grow with the number of files.

    Args:
        total: How many files the report will hold, ``None`` when not known (decides
            whether clean files get a section, see :data:`CLEAN_TABLE_LIMIT`).
        settings: The settings files applied (paths), named in the header.
        warnings: Warnings about the run (a settings file inside a checked folder, a plugin).
        out: Where the page goes, piece by piece (a text file's ``write``); without it the
            page is kept in memory for :meth:`render` (small reports, the API).
        spool: The folder for the index rows spooled to disk (default: none, the rows
            stay in memory).
    """

    def __init__(
        self,
        total: int | None = 1,
        settings: Sequence[str] = (),
        warnings: Sequence[str] = (),
        out: Callable[[str], object] | None = None,
        spool: str | None = None,
    ) -> None:
        super().__init__(total, settings, warnings, spool)
        self._buffer: io.StringIO | None = None
        if out is None:
            self._buffer = io.StringIO()
            out = self._buffer.write
        self._out = out
        link = f'<p class="meta"><a href="#summary">Summary</a> at the end.</p>\n{_HOW}'
        self._out(f"{_HEAD}\n{_header(self.settings, self.warnings, link)}\n<main>\n")

    def _show(self, report: FileReport, number: int) -> str:
        """The file's section, on the page."""
        self._out(_file_section(report, f"f{number}", number) + "\n")
        return f"#f{number}"

    def finish(self) -> None:
        """Write the summary, the index (several files) and the end of the page (once)."""
        if self._finished:
            return
        self._finished = True
        self._out('</main>\n<footer id="summary"><h2>Summary</h2>\n')
        self._out(self._index.summary() + "\n")
        if self._index.files > 1:
            self._index.write_index(self._out)
        self._out(f"</footer>\n{_TAIL}")
        self._index.close()

    def render(self) -> str:
        """The whole page (finished first), when it was kept in memory (no *out*)."""
        if self._buffer is None:
            raise ReportError("the page was written to its output as it was made")
        self.finish()
        return self._buffer.getvalue()

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the page kept in memory to *path* atomically (UTF-8)."""
        write_atomic(path, self.render().encode("utf-8"))


class HtmlFolderReport(_Streamed):
    """The HTML report as a folder: ``files/N.html``, one page per file, and ``index.html``.

    Each file's page is written by :meth:`add` (self-contained, as the one-page report's
    section); :meth:`finish` writes ``index.html`` (the summary, then the files by severity,
    linked to their pages). Only counters are kept; memory does not grow with the files.

    Args:
        pages: Opens a new page by its name in the folder (:meth:`StreamedFolder.open`).
        total, settings, warnings, spool: As for :class:`HtmlReport`.
    """

    def __init__(
        self,
        pages: Callable[[str], IO[str]],
        total: int | None = None,
        settings: Sequence[str] = (),
        warnings: Sequence[str] = (),
        spool: str | None = None,
    ) -> None:
        super().__init__(total, settings, warnings, spool)
        self._pages = pages

    def _show(self, report: FileReport, number: int) -> str:
        """The file's own page, ``files/N.html``."""
        href = f"files/{number}.html"
        back = f'<p class="meta"><a href="../index.html">Index</a></p>\n{_HOW}'
        with self._pages(href) as page:
            page.write(f"{_HEAD}\n{_header(self.settings, self.warnings, back)}\n<main>\n")
            page.write(_file_section(report, f"f{number}", number))
            page.write(f"\n</main>\n{_TAIL}")
        return href

    def finish(self) -> None:
        """Write ``index.html``: the summary and the files by severity (once)."""
        if self._finished:
            return
        self._finished = True
        with self._pages("index.html") as page:
            summary = self._index.summary()
            page.write(f"{_HEAD}\n{_header(self.settings, self.warnings, summary)}\n<main>\n")
            self._index.write_index(page.write)
            page.write(f"\n</main>\n{_TAIL}")
        self._index.close()


class ReportWriter:
    """``check --report``: a report written to its place as the files are checked.

    Made by :func:`open_report`. :meth:`add` each file, then :meth:`close` to finish the
    report and put it in place; :meth:`discard` (or an exception, Ctrl-C, the object
    dropped) leaves the target as it was.
    """

    def __init__(
        self,
        report: HtmlReport | HtmlFolderReport,
        output: StreamedFile | StreamedFolder,
    ) -> None:
        self.report = report
        self.output = output
        self._failure: OSError | None = None

    def add(self, report: FileReport) -> None:
        """Write one file's section (or page).

        A failure to write (a full disk) drops the report and is raised by :meth:`close`:
        the batch and its other outputs go on.
        """
        if self._failure is not None:
            return
        try:
            self.report.add(report)
            if isinstance(self.output, StreamedFile):
                self.output.flush()  # the section is out before the next file is checked
        except OSError as exc:
            self._failure = exc
            self.output.discard()

    def close(self) -> tuple[str, ...]:
        """Finish the report and put it in place; the stale temporary files removed on the way.

        Raises :class:`OSError` when it cannot be written (nothing is then left behind).
        """
        if self._failure is not None:
            raise self._failure
        try:
            self.report.finish()
            self.output.commit()
        except BaseException:
            self.output.discard()
            raise
        return self.output.removed

    def discard(self) -> None:
        """Drop the report: what was written is removed, the target left as it was."""
        self.output.discard()


def is_folder(path: str | os.PathLike[str]) -> bool:
    """Whether ``--report PATH`` asks for a folder: it ends with a separator, or is a folder."""
    text = os.fspath(path)
    return text.endswith(("/", os.sep)) or os.path.isdir(text)


def report_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a report could not be written at *path* (checked before any file is), or ``None``."""
    if is_folder(path):
        return folder_problem(path)
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        return "cannot write there (no such folder)"
    return unwritable(path)


def open_report(
    path: str | os.PathLike[str],
    total: int | None = None,
    settings: Sequence[str] = (),
    warnings: Sequence[str] = (),
) -> ReportWriter:
    """Start the report at *path*: a folder of pages (see :func:`is_folder`) or one page.

    Raises :class:`OSError` when *path* cannot be written (a FIFO that no process reads,
    a directory that is not a report folder, a socket...), before any file is checked.
    """
    if is_folder(path):
        folder = StreamedFolder(path)
        spool = os.path.dirname(folder.temporary)
        pages = HtmlFolderReport(folder.open, total, settings, warnings, spool=spool)
        return ReportWriter(pages, folder)
    stream = StreamedFile(path)
    beside = os.path.dirname(stream.temporary) if stream.temporary else None
    page = HtmlReport(total, settings, warnings, out=stream.write, spool=beside)
    return ReportWriter(page, stream)


def write_report(
    path: str | os.PathLike[str], reports: Iterable[FileReport], request: CheckRequest | None = None
) -> None:
    """Write the HTML report of *reports* to *path* as they come (a page, or a folder).

    Args:
        path: The ``.html`` file to write (replaced atomically), or a folder (``DIR/``).
        reports: The checked files; their crosstables come from checking with
            ``CheckRequest(tables=True)``. Consumed one at a time: none is kept.
        request: The request the files were checked with (kept for the page's
            future settings block; the page does not need it today).
    """
    total = len(reports) if isinstance(reports, Sized) else None
    writer = open_report(path, total)
    try:
        for item in reports:
            writer.add(item)
    except BaseException:
        writer.discard()
        raise
    writer.close()


# --- one file -----------------------------------------------------------------------------


def _file_section(report: FileReport, anchor: str, number: int) -> str:
    worst = report.worst
    label = worst.label if worst is not None else "clean"
    table = report.table
    meta = []
    if table is not None:
        if table.name:
            meta.append(_e(table.name))
        meta.append(f"{len(table.rows)} players, {table.rounds} rounds")
        meta.append("round robin" if table.round_robin else "players × rounds")
    teams = report.teams
    if teams is not None:
        meta.append(f"{len(teams.rows)} teams, {teams.boards} boards")
    if report.encoding:
        meta.append(_e(report.encoding))
    # a root cause's instances are listed under it and mark their own cells
    listed = [x for d in report.diagnostics for x in (d, *d.instances)]
    # the tables first: they name the cells that the findings' links go to
    targets = _Targets(anchor)
    tables = []
    if teams is not None:
        tables.append(_team_crosstable(teams, listed, number, targets))
    if table is not None:
        tables.append(_crosstable(table, listed, number, targets))
    parts = [
        f'<section class="file" id="{anchor}" data-file="{number}">',
        f'<h2><span class="badge sev-{label}">{label}</span> {_e(report.path)}</h2>',
        f'<p class="meta">{" · ".join(meta)}</p>' if meta else "",
        _findings(listed, targets, _e(report.path)),
        *tables,
        "</section>",
    ]
    return "\n".join(p for p in parts if p)


def _findings(diagnostics: Sequence[Diagnostic], targets: _Targets, path: str) -> str:
    """The findings list: a landmark, each code a link to the finding's first cell."""
    if not diagnostics:
        return '<p class="none">No findings.</p>'
    rows = []
    instances = {id(i) for d in diagnostics for i in d.instances}
    anchor = targets.anchor
    for index, d in enumerate(diagnostics):
        under = " instance" if id(d) in instances else ""
        code = f"<b>{_e(d.code)}</b>"
        target = targets.first.get(index)
        if target is None and not under:
            # a root cause with no cell of its own goes to its first instance's
            following = range(index + 1, index + 1 + len(d.instances))
            target = next((targets.first[i] for i in following if i in targets.first), None)
        if target is not None:
            code = f'<a class="to-cell" href="#{target}" title="show its cell">{code}</a>'
        rows.append(
            f'<tr class="finding{under} sev-{d.severity.label}" data-d="{index}"'
            f' id="{anchor}-d{index}"><td>{_e(_where(d))}</td><td>{code}</td>'
            f"<td>{_e(d.name)}</td><td>{_e(d.severity.label)}</td><td>{_e(d.message)}</td></tr>"
        )
    return (
        f'<nav aria-label="Findings of {path}"><details open>'
        f"<summary>Findings ({len(diagnostics) - len(instances)})</summary>"
        '<table class="findings"><caption class="vh">Findings: a linked code leads to its '
        'cell in the crosstable</caption><thead><tr><th scope="col">Line:col</th>'
        '<th scope="col">Code</th><th scope="col">Name</th><th scope="col">Severity</th>'
        '<th scope="col">Message</th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table></details></nav>"
    )


_Place = tuple[int, int | None, str | None]
"""(player or team, round, field): a spot of either crosstable."""


class _Targets:
    """The ids of a file's marked cells, in the order they are drawn, and each finding's first.

    Finding *i*'s row is ``{anchor}-d{i}``; a marked cell is ``{anchor}-c{n}``.
    """

    def __init__(self, anchor: str) -> None:
        self.anchor = anchor
        self.first: dict[int, str] = {}
        self._count = 0

    def name(self, indices: Iterable[int]) -> str:
        """A new cell's id; the first cell of each of *indices* that has none yet."""
        ident = f"{self.anchor}-c{self._count}"
        self._count += 1
        for index in indices:
            self.first.setdefault(index, ident)
        return ident


_MARKED = {s: f'<span class="vh"> (marked: {s.label})</span>' for s in Severity}
"""The words a screen reader says of a marked cell, after its text: the colour in words."""


class _Marks:
    """Which diagnostics (by index) fall on which cell or row.

    *places* gives each diagnostic's spots (a player's or a team's) as :data:`_Place`;
    *targets* names the marked cells as they are drawn.
    """

    def __init__(
        self,
        diagnostics: Sequence[Diagnostic],
        places: Callable[[Diagnostic], Iterable[_Place]],
        targets: _Targets,
    ) -> None:
        self.targets = targets
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.fields: dict[tuple[int, str], list[int]] = {}
        self.rows: dict[int, list[int]] = {}
        self.rounds_of: dict[int, set[int]] = {}
        self.diagnostics = diagnostics
        for index, d in enumerate(diagnostics):
            for who, number, field in places(d):
                if number is not None:
                    self.cells.setdefault((who, number), []).append(index)
                    self.rounds_of.setdefault(who, set()).add(number)
                elif field is not None:
                    self.fields.setdefault((who, field), []).append(index)
                else:
                    self.rows.setdefault(who, []).append(index)

    def mark(self, indices: Sequence[int]) -> tuple[str, str]:
        """The attributes of a cell holding *indices*, and the hidden words saying so.

        A marked cell is a tab stop (the script keeps one per table), named by an id the
        findings link to, and described by its findings' rows.
        """
        if not indices:
            return "", ""
        found = [self.diagnostics[i] for i in indices]
        worst = max(d.severity for d in found)
        # one line per finding: each escaped on its own, the line breaks between them kept
        title = "&#10;".join(_e(f"{d.code} {d.name}: {d.message}") for d in found)
        numbers = sorted(set(indices))
        anchor = self.targets.anchor
        rows = " ".join(f"{anchor}-d{i}" for i in numbers)
        return (
            f' data-hl="{worst.label}" title="{title}" data-d="{" ".join(map(str, numbers))}"'
            f' id="{self.targets.name(numbers)}" tabindex="0" aria-describedby="{rows}"',
            _MARKED[worst],
        )


def _crosstable(
    table: CrossTable, diagnostics: Sequence[Diagnostic], number: int, targets: _Targets
) -> str:
    marks = _Marks(diagnostics, _locator(table), targets)
    standings = _recomputed_by_rank(table)  # once per file: the rows look their player up
    rows = _round_robin_rows if table.round_robin else _swiss_rows
    head, body = rows(table, marks, standings)
    shape = "Players × players, then byes" if table.round_robin else "Players × rounds"
    note = table.standings_note
    return _grid("xt", number, head, body, shape, "Recomputed standings", note)


def _recomputed_by_rank(table: CrossTable) -> dict[int, Standing]:
    """The recomputed standings by start rank, built once per crosstable."""
    return {s.start_rank: s for s in table.recomputed or ()}


def _locator(table: CrossTable) -> Callable[[Diagnostic], Iterable[_Place]]:
    """:func:`~trfkit.compute.crosstable.locate` of each diagnostic, on the rows it names.

    ``locate`` reads the rows of the table it is given; handed the whole table, each call
    walks every row, which a file with many players and many findings pays for each
    finding. It is given the rows the diagnostic can be about instead: its players' and
    the first row on its line, in the table's order, which is all it reads of them.
    """
    by_rank: dict[int, int] = {}
    by_line: dict[int, int] = {}
    for position, row in enumerate(table.rows):
        by_rank.setdefault(row.start_rank, position)
        if row.line is not None:
            by_line.setdefault(row.line, position)

    def places(d: Diagnostic) -> Iterable[_Place]:
        positions = {by_rank[p] for p in d.players if p in by_rank}
        if d.line is not None and d.line in by_line:
            positions.add(by_line[d.line])
        rows = tuple(table.rows[i] for i in sorted(positions))
        spots = locate(d, attrs.evolve(table, rows=rows, recomputed=None))
        return ((s.player, s.round, s.field) for s in spots)

    return places


def _grid(
    classes: str, number: int, head: str, body: str, shape: str, label: str, note: str
) -> str:
    """A crosstable of file *number*, and the note on where its recomputed values came from.

    *shape* (what its rows and columns are) begins its caption, for screen readers.
    """
    caption = f"{shape}; highlighted cells carry findings"
    return (
        f'<div class="scroll"><table class="{classes}" data-file="{number}">'
        f'<caption class="vh">{caption}</caption><thead>{head}</thead>'
        f"<tbody>{body}</tbody></table></div>"
        + (f'<p class="note">{label}: {_e(note)}.</p>' if note else "")
    )


_LOT = ' title="still tied after the whole tie-break list: to be decided by lot"'


def _standing_cells(row: CrossTableRow, marks: _Marks, standings: dict[int, Standing]) -> str:
    mine = standings.get(row.start_rank)
    p = row.start_rank
    points, points_note = marks.mark(marks.fields.get((p, "points"), []))
    rank, rank_note = marks.mark(marks.fields.get((p, "rank"), []))
    cells = [
        f'<td class="num" data-p="{p}" data-f="points"{points}>'
        f"{format_points(row.points)}{points_note}</td>",
        f'<td class="num" data-p="{p}" data-f="rank"{rank}>'
        f"{row.rank if row.rank is not None else '-'}{rank_note}</td>",
    ]
    if mine is None:
        cells.append('<td class="num re">-</td><td class="num re">-</td>')
    else:
        points_differ = mine.points is not None and mine.points != row.points
        rank_differ = mine.rank is not None and mine.rank != row.rank
        points_class = _apart(points_differ, marks.fields.get((p, "points")))
        rank_class = _apart(rank_differ, marks.fields.get((p, "rank")))
        cells.append(
            f'<td class="num re{points_class}">{format_points(mine.points)}</td>'
            f'<td class="num re{rank_class}"{_LOT if mine.lot else ""}>'
            f"{mine.rank if mine.rank is not None else '-'}{'=' if mine.lot else ''}</td>"
        )
    return "".join(cells)


def _apart(differ: bool, findings: Sequence[int] | None) -> str:
    """The class of a recomputed value: red (``differs``) only where a finding stands behind it.

    A value apart from the file's that the rules allow (a tie ranked either way, another
    accepted list) is only set apart (``apart``, italic), never red. The style sheet says
    either in words to screen readers (no bytes in the cell).
    """
    if not differ:
        return ""
    return " differs" if findings else " apart"


def _identity(row: CrossTableRow, marks: _Marks) -> str:
    attributes, note = marks.mark(marks.rows.get(row.start_rank, []))
    return (
        f'<td class="num">{row.start_rank}</td>'
        f'<th class="name" data-p="{row.start_rank}"{attributes} scope="row">'
        f"{_e(row.name) or '&nbsp;'}{note}</th>"
        f"<td>{_e(row.title)}</td><td class=num>{row.rating if row.rating else ''}</td>"
        f"<td>{_e(row.federation)}</td>"
    )


def _th(text: str, label: str = "", classes: str = "") -> str:
    """A column header; *label* is what a screen reader says of an abbreviation."""
    named = f' aria-label="{label}"' if label else ""
    return f'<th scope="col"{classes and f" class={classes}"}{named}>{text}</th>'


_STANDING_HEAD = (
    _th("Pts", "Points") + _th("Rank") + _th("Pts*", "Points, recomputed", "re")
    + _th("Rank*", "Rank, recomputed", "re")
)  # fmt: skip


_PLAYER_HEAD = (
    _th("No.", "Start number") + _th("Name") + _th("Title") + _th("Rtg", "Rating")
    + _th("Fed", "Federation")
)  # fmt: skip


def _head(identity: str, columns: Iterable[tuple[str, str]], totals: str) -> str:
    """The header row: *columns* are (text, what a screen reader says) of each round's column."""
    return f"<tr>{identity}" + "".join(_th(c, label) for c, label in columns) + f"{totals}</tr>"


def _rounds_head(rounds: int) -> Iterable[tuple[str, str]]:
    return ((f"R{n}", f"Round {n}") for n in range(1, rounds + 1))


def _opponents_head(numbers: Iterable[int]) -> list[tuple[str, str]]:
    return [*((str(n), f"Against {n}") for n in numbers), ("Byes", "")]


def _by_round(attr: str, who: int, rounds: int, texts: Sequence[str], marks: _Marks) -> str:
    """A row's cells, one per round (*attr*: ``p`` for a player, ``t`` for a team)."""
    cells = []
    marked = marks.cells
    for n in range(1, rounds + 1):
        text = _e(texts[n - 1]) if n <= len(texts) else ""
        attributes, note = marks.mark(marked.get((who, n), ()))
        cells.append(
            f'<td class="c" data-{attr}="{who}" data-r="{n}"{attributes}>{text}{note}</td>'
        )
    return "".join(cells)


def _by_opponent(
    attr: str,
    who: int,
    others: Sequence[int],
    rounds: Sequence[tuple[int, int | None, str]],
    marks: _Marks,
) -> str:
    """A round robin row's cells: one per opponent, then the byes.

    *rounds* holds (round, opponent or ``None``, the cell's text) of each round.
    """
    games: dict[int, list[tuple[int, str]]] = {}
    byes: list[tuple[int, str]] = []
    for number, opponent, text in rounds:
        if opponent is not None:
            games.setdefault(opponent, []).append((number, text))
        elif text:
            byes.append((number, text))
    cells = []
    for other in others:
        if other == who:
            cells.append('<td class="self"></td>')
            continue
        played = games.get(other, [])
        indices = [i for n, _ in played for i in marks.cells.get((who, n), [])]
        text = " ".join(t for _, t in played)
        numbers = " ".join(str(n) for n, _ in played)
        attributes, note = marks.mark(indices)
        cells.append(
            f'<td class="c" data-{attr}="{who}" data-q="{other}" data-r="{numbers}"'
            f"{attributes}>{_e(text)}{note}</td>"
        )
    used = {n for played in games.values() for n, _ in played}
    bye_rounds = sorted(n for n in marks.rounds_of.get(who, ()) if n not in used)
    indices = [i for n in bye_rounds for i in marks.cells[(who, n)]]
    text = " ".join(f"R{n} {t}" for n, t in byes)
    numbers = " ".join(str(n) for n in bye_rounds)
    attributes, note = marks.mark(indices)
    cells.append(
        f'<td class="c byes" data-{attr}="{who}" data-q="" data-r="{numbers}"'
        f"{attributes}>{_e(text)}{note}</td>"
    )
    return "".join(cells)


def _swiss_rows(
    table: CrossTable, marks: _Marks, standings: dict[int, Standing]
) -> tuple[str, str]:
    rounds = max([table.rounds, *(len(r.cells) for r in table.rows)], default=0)
    head = _head(_PLAYER_HEAD, _rounds_head(rounds), _STANDING_HEAD)
    lines = []
    for row in table.rows:
        identity = _identity(row, marks)  # first: the marked cells are named in page order
        cells = _by_round("p", row.start_rank, rounds, [c.text for c in row.cells], marks)
        totals = _standing_cells(row, marks, standings)
        lines.append(f"<tr>{identity}{cells}{totals}</tr>")
    return head, "".join(lines)


def _round_robin_rows(
    table: CrossTable, marks: _Marks, standings: dict[int, Standing]
) -> tuple[str, str]:
    ranks = [row.start_rank for row in table.rows]
    head = _head(_PLAYER_HEAD, _opponents_head(ranks), _STANDING_HEAD)
    lines = []
    for row in table.rows:
        rounds = [
            (c.round, c.opponent, f"{_colour(c)}{c.code}" if c.opponent is not None else c.code)
            for c in row.cells
        ]
        identity = _identity(row, marks)
        cells = _by_opponent("p", row.start_rank, ranks, rounds, marks)
        totals = _standing_cells(row, marks, standings)
        lines.append(f"<tr>{identity}{cells}{totals}</tr>")
    return head, "".join(lines)


def _colour(cell: Cell) -> str:
    return cell.colour if cell.colour in ("w", "b") else ""


# --- the team crosstable -------------------------------------------------------------------


def _team_crosstable(
    table: TeamCrossTable, diagnostics: Sequence[Diagnostic], number: int, targets: _Targets
) -> str:
    def places(d: Diagnostic) -> Iterable[_Place]:
        return ((s.team, s.round, s.field) for s in team_crosstable.locate(d, table))

    marks = _Marks(diagnostics, places, targets)
    rows = _team_round_robin_rows if table.round_robin else _team_swiss_rows
    shape = "Teams × teams, then byes" if table.round_robin else "Teams × rounds"
    note = table.standings_note
    grid = _grid("xt teams", number, *rows(table, marks), shape, "Recomputed team standings", note)
    return f"<h3>Teams</h3>{grid}<h3>Players</h3>"


_TEAM_HEAD = _th("No.", "Team number") + _th("Team")


_TEAM_TOTALS_HEAD = (
    _th("MP", "Match points") + _th("GP", "Game points") + _th("Rank")
    + _th("MP*", "Match points, recomputed", "re") + _th("GP*", "Game points, recomputed", "re")
    + _th("Rank*", "Rank, recomputed", "re")
)  # fmt: skip


def _team_identity(row: TeamLine, marks: _Marks) -> str:
    attributes, note = marks.mark(marks.rows.get(row.team, []))
    return (
        f'<td class="num">{row.team}</td>'
        f'<th class="name" data-t="{row.team}"{attributes} scope="row">'
        f"{_e(row.name) or '&nbsp;'}{note}</th>"
    )


def _team_totals(row: TeamLine, marks: _Marks) -> str:
    """The reported MP, GP and rank (310), then the recomputed ones (bold where they differ)."""
    cells = []
    reported = (
        ("mp", None if row.reported_mp is None else format_halves(row.reported_mp)),
        ("gp", None if row.reported_gp is None else format_halves(row.reported_gp)),
        ("rank", None if row.reported_rank is None else str(row.reported_rank)),
    )
    for field, text in reported:
        attributes, note = marks.mark(marks.fields.get((row.team, field), []))
        cells.append(
            f'<td class="num" data-t="{row.team}" data-f="{field}"{attributes}>'
            f"{'-' if text is None else text}{note}</td>"
        )
    for field, mine, theirs in (("mp", row.mp, row.reported_mp), ("gp", row.gp, row.reported_gp)):
        differs = _apart(theirs is not None and theirs != mine, marks.fields.get((row.team, field)))
        cells.append(f'<td class="num re{differs}">{format_halves(mine)}</td>')
    other = row.reported_rank
    rank_differs = other is not None and row.rank is not None and row.rank != other
    rank = "-" if row.rank is None else str(row.rank)
    rank_class = _apart(rank_differs, marks.fields.get((row.team, "rank")))
    cells.append(f'<td class="num re{rank_class}">{rank}</td>')
    return "".join(cells)


def _team_swiss_rows(table: TeamCrossTable, marks: _Marks) -> tuple[str, str]:
    head = _head(_TEAM_HEAD, _rounds_head(table.rounds), _TEAM_TOTALS_HEAD)
    lines = []
    for row in table.rows:
        identity = _team_identity(row, marks)
        cells = _by_round("t", row.team, table.rounds, [c.text for c in row.cells], marks)
        lines.append(f"<tr>{identity}{cells}{_team_totals(row, marks)}</tr>")
    return head, "".join(lines)


def _team_round_robin_rows(table: TeamCrossTable, marks: _Marks) -> tuple[str, str]:
    numbers = [row.team for row in table.rows]
    head = _head(_TEAM_HEAD, _opponents_head(numbers), _TEAM_TOTALS_HEAD)
    lines = []
    for row in table.rows:
        rounds = [(c.round, c.opponent, f"{c.side}{c.score}") for c in row.cells]
        identity = _team_identity(row, marks)
        cells = _by_opponent("t", row.team, numbers, rounds, marks)
        lines.append(f"<tr>{identity}{cells}{_team_totals(row, marks)}</tr>")
    return head, "".join(lines)


# --- the fixed parts of the page ------------------------------------------------------------

_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
  content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="trfkit">
<title>trfkit check report</title>
<style>
:root { --error: #f6b9b9; --warning: #fde29a; --info: #cfe2fb; --line: #c9ced6; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0 1.5rem 2rem; color: #1d232b; }
header h1 { font-size: 1.5rem; margin: 1rem 0 0.25rem; }
h2 { font-size: 1.1rem; margin: 1.75rem 0 0.25rem; word-break: break-all; }
.summary, .meta, .note, .none { color: #4a5463; margin: 0.25rem 0; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid var(--line); padding: 2px 6px; text-align: left; }
thead th { background: #eef1f5; position: sticky; top: 0; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; max-width: 100%; }
table.xt td.c { font-family: ui-monospace, monospace; text-align: center; white-space: nowrap; }
table.xt th.name { font-weight: normal; white-space: nowrap; }
h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
table.xt td.self { background: #5d6673; }
table.xt .re { background: #f4f6f9; }
table.xt td.differs { font-weight: bold; color: #9b1c1c; }
table.xt td.apart { font-style: italic; }
table.xt td.differs::after { content: "" / " (differs from the file: see its finding)"; }
table.xt td.apart::after { content: "" / " (differs from the file as the rules allow)"; }
[data-hl] { cursor: pointer; }
[data-hl="error"] { background: var(--error); }
[data-hl="warning"] { background: var(--warning); }
[data-hl="info"] { background: var(--info); }
[data-hl]::after { font-size: 0.75em; font-weight: bold; vertical-align: super; line-height: 0;
  padding-left: 2px; }
[data-hl="error"]::after { content: "!!"; content: "!!" / ""; }
[data-hl="warning"]::after { content: "!"; content: "!" / ""; }
[data-hl="info"]::after { content: "i"; content: "i" / ""; }
.focus { outline: 3px solid #1f4fd1; outline-offset: -3px; }
a:focus-visible, button:focus-visible, summary:focus-visible {
  outline: 3px solid #1f4fd1; outline-offset: 2px; }
table.xt td:focus-visible, table.xt th:focus-visible, table.xt :target {
  outline: 3px solid #10131a; outline-offset: -3px; box-shadow: inset 0 0 0 5px #fff; }
.vh { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.badge { display: inline-block; border-radius: 3px; padding: 0 6px; font-size: 0.8rem;
  text-transform: uppercase; background: #dfe6ee; }
.badge.sev-error { background: var(--error); } .badge.sev-warning { background: var(--warning); }
.badge.sev-info { background: var(--info); } .badge.sev-clean { background: #c8ebcf; }
tr.finding { cursor: pointer; } tr.finding:hover td { background: #f3f6fb; }
tr.finding.instance td:first-child { padding-left: 1.5em; }
tr.finding.sev-error td:nth-child(4) { color: #9b1c1c; }
#detail { position: fixed; right: 1rem; bottom: 1rem; max-width: 34rem; background: #fff;
  border: 1px solid #8a94a3; box-shadow: 0 4px 16px rgba(0,0,0,.2); padding: 0.5rem 0.75rem; }
#detail[hidden] { display: none; }
#detail button { float: right; }
#detail p { margin: 0.3rem 0; }
</style>
</head>
<body>
<div id="probes" hidden>
<span data-hl="error"></span><span data-hl="warning"></span><span data-hl="info"></span>
</div>"""

_TAIL = """<aside id="detail" aria-label="Findings of the cell" hidden>
<button type="button" id="detail-close" aria-label="Close">×</button><div id="detail-body"></div>
</aside>
<pre id="highlighted" hidden></pre>
<pre id="selftest" hidden></pre>
<script>
(function () {
  "use strict";
  var probes = document.querySelectorAll("#probes span");
  var marked = [];
  for (var i = 0; i < probes.length; i++) {
    probes[i].style.display = "block";
    marked.push(getComputedStyle(probes[i]).backgroundColor);
  }
  var found = [];
  var cells = document.querySelectorAll("table.xt td, table.xt th");
  for (var j = 0; j < cells.length; j++) {
    var el = cells[j];
    if (marked.indexOf(getComputedStyle(el).backgroundColor) < 0) { continue; }
    var table = el.closest("table.xt");
    found.push({
      file: Number(table.getAttribute("data-file")),
      player: Number(el.getAttribute("data-p")),
      team: el.hasAttribute("data-t") ? Number(el.getAttribute("data-t")) : null,
      round: el.hasAttribute("data-r") ? el.getAttribute("data-r") : null,
      opponent: el.hasAttribute("data-q") ? el.getAttribute("data-q") : null,
      field: el.hasAttribute("data-f") ? el.getAttribute("data-f") : null,
      severity: el.getAttribute("data-hl")
    });
  }
  document.getElementById("highlighted").textContent = JSON.stringify(found);

  var panel = document.getElementById("detail");
  var body = document.getElementById("detail-body");
  function clearFocus() {
    var old = document.querySelectorAll(".focus");
    for (var k = 0; k < old.length; k++) { old[k].classList.remove("focus"); }
  }
  // Marks the findings *numbers* and their cells; the panel lists them when *open*.
  function show(section, numbers, cell, open) {
    clearFocus();
    while (body.firstChild) { body.removeChild(body.firstChild); }
    var cellsOf = section.querySelectorAll("[data-hl]");
    numbers.forEach(function (n) {
      var row = section.querySelector('tr.finding[data-d="' + n + '"]');
      if (!row) { return; }
      var p = document.createElement("p");
      var tds = row.querySelectorAll("td");
      p.textContent = tds[0].textContent + "  " + tds[1].textContent + " " + tds[2].textContent +
        ": " + tds[4].textContent;
      body.appendChild(p);
      row.classList.add("focus");
      for (var m = 0; m < cellsOf.length; m++) {
        var list = (cellsOf[m].getAttribute("data-d") || "").split(" ");
        if (list.indexOf(String(n)) >= 0) { cellsOf[m].classList.add("focus"); }
      }
    });
    if (cell) { cell.classList.add("focus"); }
    panel.hidden = !open || body.childNodes.length === 0;
  }

  // One tab stop per crosstable (a roving tab index): the first marked cell, else the
  // first cell; the other marked cells, tab stops without the script, are left to the arrows.
  var stops = new Map();
  var tables = document.querySelectorAll("table.xt");
  for (var t = 0; t < tables.length; t++) {
    var grid = tables[t];
    var marks = grid.querySelectorAll('[tabindex="0"]');
    for (var s = 1; s < marks.length; s++) { marks[s].setAttribute("tabindex", "-1"); }
    var stop = marks.length ? marks[0] : grid.rows[0] && grid.rows[0].cells[0];
    if (!stop) { continue; }
    stop.setAttribute("tabindex", "0");
    stops.set(grid, stop);
    // with the arrow keys working, screen readers pass them on to a grid
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-readonly", "true");
  }
  function go(cell) {
    var grid = cell.closest("table.xt");
    var old = stops.get(grid);
    if (old && old !== cell) { old.setAttribute("tabindex", "-1"); }
    cell.setAttribute("tabindex", "0");
    stops.set(grid, cell);
    cell.focus();
  }
  // Enter on a marked cell: its first finding, the details of the list opened.
  function toFinding(cell) {
    var section = cell.closest("section.file");
    var numbers = cell.getAttribute("data-d").split(" ");
    show(section, numbers, cell, false);
    var row = document.getElementById(section.id + "-d" + numbers[0]);
    if (!row) { return; }
    var details = row.closest("details");
    if (details) { details.open = true; }
    var link = row.querySelector("a");
    if (link) { link.focus(); }
  }
  function inGrid(grid, rowIndex, cellIndex) {
    var row = grid.rows[Math.max(0, Math.min(rowIndex, grid.rows.length - 1))];
    return row.cells[Math.max(0, Math.min(cellIndex, row.cells.length - 1))];
  }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    if (event.key === "Escape" && !panel.hidden) { panel.hidden = true; clearFocus(); return; }
    if (event.key === " " && target.matches("a.to-cell")) {
      event.preventDefault();
      target.click();
      return;
    }
    if (!target.matches("table.xt td, table.xt th") || event.altKey || event.metaKey) { return; }
    var grid = target.closest("table.xt");
    var r = target.parentElement.rowIndex;
    var c = target.cellIndex;
    var last = grid.rows.length - 1;
    var next = null;
    switch (event.key) {
      case "ArrowRight": next = inGrid(grid, r, c + 1); break;
      case "ArrowLeft": next = inGrid(grid, r, c - 1); break;
      case "ArrowDown": next = inGrid(grid, r + 1, c); break;
      case "ArrowUp": next = inGrid(grid, r - 1, c); break;
      case "PageDown": next = inGrid(grid, r + 10, c); break;
      case "PageUp": next = inGrid(grid, r - 10, c); break;
      case "Home": next = event.ctrlKey ? inGrid(grid, 0, 0) : inGrid(grid, r, 0); break;
      case "End":
        next = event.ctrlKey ? inGrid(grid, last, Infinity) : inGrid(grid, r, Infinity);
        break;
      case "Enter":
      case " ":
        if (!target.hasAttribute("data-d")) { return; }
        event.preventDefault();
        toFinding(target);
        return;
      default: return;
    }
    event.preventDefault();
    go(next);
  });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    if (target.id === "detail-close") { panel.hidden = true; clearFocus(); return; }
    var section = target.closest("section.file");
    if (!section) { return; }
    var link = target.closest("a.to-cell");
    if (link) {
      // the cell takes the focus and becomes its grid's tab stop
      var goal = document.getElementById(link.getAttribute("href").slice(1));
      if (!goal) { return; }
      event.preventDefault();
      show(section, [link.closest("tr.finding").getAttribute("data-d")], null, false);
      go(goal);
      return;
    }
    var cell = target.closest("[data-hl]");
    if (cell) {
      show(section, cell.getAttribute("data-d").split(" "), cell, true);
      go(cell);
      return;
    }
    var finding = target.closest("tr.finding");
    if (finding) {
      show(section, [finding.getAttribute("data-d")], null, true);
      var first = section.querySelector("table.xt .focus");
      if (first) { first.scrollIntoView({block: "nearest", inline: "nearest"}); }
    }
  });

  // Opened as report.html#trfkit-selftest, the page clicks its first highlighted cell
  // and writes what the panel shows into <pre id="selftest"> (for a browser test).
  if (location.hash === "#trfkit-selftest") {
    var first = document.querySelector("table.xt [data-hl]");
    if (first) { first.click(); }
    document.getElementById("selftest").textContent = JSON.stringify({
      clicked: first ? first.getAttribute("data-p") + ":" + first.getAttribute("data-r") : null,
      panelVisible: !panel.hidden,
      panel: body.textContent,
      focused: document.querySelectorAll("table.xt .focus, tr.finding.focus").length
    });
  }
})();
</script>
</body>
</html>
"""
