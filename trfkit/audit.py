"""Checking files: one file, or a whole batch in parallel with a stable order.

:func:`check_file` never raises for a bad file: whatever goes wrong becomes a
diagnostic of that file, so the rest of a batch is still checked. Results come
back one file at a time, in the order of the paths, so a caller that does not
keep them uses the same memory for ten files as for a million; the paths are
taken as they come, so a folder walk (:class:`Discovery`) and the checks go on
together.

Checks run where file descriptor 1 is not the output: a batch's workers point it at
stderr when they start, and a batch checked in this process points it there while each
file is checked, so that a plugin's ``os.write(1, …)`` or ``os.system`` never mixes into
a JSON document on stdout. ``CheckRequest.timeout`` bounds the checks of one file: the
batch then runs in worker processes, and a worker that runs past it is killed (nothing a
check does, a C call that never returns included, survives that), its file reported as
one S999, and the batch goes on.
"""

from __future__ import annotations

import collections
import contextlib
import fnmatch
import itertools
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

import attrs

from trfkit.checks import (
    CheckOptions,
    Context,
    cause_selected,
    run_checks,
    selected,
    widened,
    with_causes,
)
from trfkit.diagnostics import Diagnostic, Severity, parse_rule
from trfkit.limits import MAX_FILES, Limits
from trfkit.values import Value

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess
    from pathlib import Path

    from trfkit.compute.crosstable import CrossTable
    from trfkit.compute.team_crosstable import TeamCrossTable

DEFAULT_GLOBS = ("*.trf", "*.trfx", "*.txt")
"""What a directory walk looks at; ``.txt`` files only when they look like TRF."""


@attrs.frozen(repr=False)
class FileReport(Value):
    """The outcome of checking one file.

    Attributes:
        path: The path as given or found.
        encoding: The codec the file was read with (``None`` when unread).
        diagnostics: Everything found, sorted by position.
        readable: False when the file could not be read or decoded at all.
        table: The compact crosstable, when the request asked for one.
        teams: The compact team crosstable and standings of a team event, when asked for.
    """

    path: str
    encoding: str | None
    diagnostics: tuple[Diagnostic, ...]
    readable: bool = True
    table: CrossTable | None = None
    teams: TeamCrossTable | None = None

    @property
    def worst(self) -> Severity | None:
        """The highest severity among the diagnostics."""
        return max((d.severity for d in self.diagnostics), default=None)


@attrs.frozen(repr=False)
class CheckRequest(Value):
    """Everything a worker needs to check files (picklable).

    Attributes:
        options: Settings for the checks.
        select: Codes, prefixes or names to keep (all when empty).
        ignore: Codes, prefixes or names to drop.
        encoding: A codec to read with instead of detecting one.
        limits: Size limits.
        tables: Also build each file's compact crosstable (for the HTML report), and a
            team event's team crosstable.
        teams: Also build a team event's team crosstable and standings (for the JSON report).
        timeout: The seconds the checks of one file may run (``None``: no limit); past it the
            worker checking it is killed and the file gets one S999. With a limit a batch is
            always checked in worker processes, one file alone too.
    """

    options: CheckOptions = attrs.field(factory=CheckOptions)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    encoding: str | None = None
    limits: Limits = attrs.field(factory=Limits)
    tables: bool = False
    teams: bool = False
    timeout: float | None = None


def _unreadable(path: str, message: str, request: CheckRequest) -> FileReport:
    found = parse_rule("P001").diagnostic(message)
    return FileReport(path, None, (found,) if _keep(found, request) else (), readable=False)


def refused(path: str, message: str, request: CheckRequest) -> FileReport:
    """The report of a file that was not read (P001 with *message*)."""
    return _unreadable(path, message, request)


def read_bytes(path: str, limits: Limits) -> bytes | str:
    """The file's bytes, or a message saying why they cannot be had.

    Only a regular file is read: a FIFO, a device or a socket is refused without being
    opened (reading one could wait forever, or never end).
    """
    from trfkit.fileio import irregular, open_regular

    try:
        if os.path.isdir(path):
            if not os.access(path, os.R_OK | os.X_OK):
                return f"{path} is a folder that cannot be read: permission denied"
            return f"{path} is a directory, not a file"
        kind = irregular(path)  # found by stat, never by opening: a FIFO would wait for a writer
        if kind is not None:
            return not_regular(path, kind)
        size = os.stat(path).st_size
        if size > limits.max_bytes:
            return (
                f"the file has {size:,} bytes, more than the limit of {limits.max_bytes:,} "
                "(--max-bytes); it was not read"
            )
        with open_regular(path) as handle:
            # Asked for the limit at once, ``read`` would reserve the whole limit (64 MiB)
            # for every file and give back what it did not fill; the size read by stat
            # is asked first, and the rest of the limit only from a file still growing.
            data = handle.read(size + 1)
            if len(data) > size:
                data += handle.read(limits.max_bytes + 1 - len(data))
            return data
    except FileNotFoundError:
        return f"{path} does not exist"
    except PermissionError:
        return f"{path} cannot be read: permission denied"
    except (OSError, ValueError) as exc:
        return f"{path} cannot be read: {getattr(exc, 'strerror', None) or exc}"


def not_regular(path: str, kind: str) -> str:
    """The message for a path that is not a regular file (*kind*: ``"a FIFO (named pipe)"``)."""
    return f"{path} is {kind}, not a regular file: it was not read ('-' reads stdin)"


def read_stdin(
    limits: Limits, form: str = "trf", stream: IO[bytes] | None = None
) -> bytes | str:
    """Standard input's bytes up to the size limit, or why it was refused.

    *form* is ``"trf"`` (``--max-bytes``), ``"json"`` (the JSON form's limit) or
    ``"either"``: a stream past ``--max-bytes`` is read on to the JSON form's limit only
    when it starts like JSON. Read in chunks and stopped one byte past the limit, so an
    endless stream (``/dev/zero``) ends as quickly as a file of that size.
    """
    from trfkit.fileio import read_upto

    source = sys.stdin.buffer if stream is None else stream
    json_limit = limits.max_json_bytes
    limit = json_limit if form == "json" else limits.max_bytes
    try:
        data = read_upto(source, limit)
        if form == "either" and len(data) > limit and _starts_like_json(data):
            data += read_upto(source, json_limit - len(data))
            limit = json_limit
    except OSError as exc:
        return f"stdin cannot be read: {exc.strerror or exc}"
    except ValueError as exc:  # a closed stdin
        return f"stdin cannot be read: {exc}"
    if len(data) <= limit:
        return data
    if limit == json_limit:
        return (
            f"stdin has more than {limit:,} bytes, the limit of a JSON form (--max-bytes plus "
            "room for --max-players x --max-rounds); it was not read"
        )
    return f"stdin has more than {limit:,} bytes, the limit (--max-bytes); it was not read"


def _starts_like_json(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


ALWAYS_SHOWN = frozenset({"P001", "P013", "S999"})
"""Codes that ``--select`` alone never hides: an unreadable file, a link not followed, a
check that failed (a path that was not checked is never silently left out)."""


def _keep(d: Diagnostic, request: CheckRequest) -> bool:
    """``--select``/``--ignore``; an unreadable file is never hidden by ``--select`` alone."""
    if d.code in ALWAYS_SHOWN:
        return not (request.ignore and not selected(d, None, request.ignore))
    if d.instances:  # a root cause: grouped after --ignore, kept by its code or an instance's
        return cause_selected(d, request.select)
    return selected(d, request.select, request.ignore)


def check_bytes(path: str, data: bytes, request: CheckRequest) -> FileReport:
    """Check a file's bytes."""
    from trfkit.trf.reader import parse

    if not data.strip(b" \t\r\n\x0b\x0c"):
        what = "empty" if not data else "only blank lines"
        return _unreadable(path, f"the file is {what}: there is no tournament in it", request)
    result = parse(data, encoding=request.encoding, limits=request.limits)
    found = list(result.diagnostics)
    fatal = result.fatal
    # a file over a limit is not checked, as it is not converted: the checks would be
    # sized by what the limit refused (and a named one is a usage error, exit 2)
    readable = bool(result.tournament.records) and (fatal is None or fatal.code != "P010")
    table = teams = None
    if readable and result.tournament.has_trf_records and fatal is None:  # P012 says it all
        ctx = Context(result.tournament, request.options, request.limits)
        try:
            found.extend(run_checks(ctx, select=widened(request.select), ignore=request.ignore))
            found = with_causes(ctx, found, ignore=request.ignore)
        except (SystemExit, KeyboardInterrupt) as exc:
            # a check (a plugin) calling sys.exit must not end the batch, nor kill a worker
            if isinstance(exc, KeyboardInterrupt) and not _interrupts.from_a_check():
                raise
            found.append(_stopped(exc))
        if request.tables:
            table = _table(ctx)
        if request.tables or request.teams:
            teams = _team_table(ctx)
    found = [d for d in found if _keep(d, request)]
    found.sort(key=lambda d: d.sort_key)
    codec = result.encoding.codec if readable else None
    return FileReport(path, codec, tuple(found), readable, table, teams)


def _stopped(exc: BaseException) -> Diagnostic:
    """The S999 of a check that tried to end the process."""
    from trfkit.checks import INTERNAL

    what = f"{type(exc).__name__}({exc})" if str(exc) else type(exc).__name__
    return INTERNAL.rule.diagnostic(
        f"a check tried to end trfkit ({what}); the checks of this file stopped there, "
        "and their findings are lost"
    )


class _Interrupts:
    """Tells a ``KeyboardInterrupt`` a check raised from the one a real Ctrl-C raised.

    While a batch runs, SIGINT goes through :func:`_on_sigint`, which notes it; a
    ``KeyboardInterrupt`` without that note came from the code of a check. A worker
    ignores SIGINT (the parent handles Ctrl-C), so every one it sees is a check's.
    """

    def __init__(self) -> None:
        self.guarded = False
        self.seen = False

    def from_a_check(self) -> bool:
        return self.guarded and not self.seen


_interrupts = _Interrupts()


def _on_sigint(signum: int, frame: object) -> None:
    _interrupts.seen = True
    raise KeyboardInterrupt


@contextlib.contextmanager
def _interrupt_guard() -> Iterator[None]:
    """Note real Ctrl-Cs while a serial batch runs (only if Python's own handler is in place)."""
    import signal
    import threading

    ours = (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    )
    before = _interrupts.guarded, _interrupts.seen
    if ours:
        signal.signal(signal.SIGINT, _on_sigint)
        _interrupts.guarded, _interrupts.seen = True, False
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            _interrupts.guarded, _interrupts.seen = before


def _table(ctx: Context) -> CrossTable | None:
    """The compact crosstable; a failure here only costs the report its table."""
    from trfkit.compute.crosstable import build
    from trfkit.errors import TieBreakError

    options = ctx.options.tiebreak
    try:
        try:
            computed = ctx.standings(options)
        except TieBreakError:
            computed = None  # the table then says why it has no standings
        return build(ctx.tournament, options, regime=ctx.regime, computed=computed)
    except Exception:  # the diagnostics matter more than the picture
        return None


def _team_table(ctx: Context) -> TeamCrossTable | None:
    """A team event's compact team crosstable (``None`` for an individual event, or on failure)."""
    from trfkit.compute.team_crosstable import build

    try:
        event = ctx.team_event
        if event is None:
            return None
        return build(
            ctx.tournament, event, ctx.options.tiebreak, regime=ctx.regime,
            computed=ctx.team_standings,
        )  # fmt: skip
    except Exception:  # as for the crosstable: the diagnostics matter more
        return None


def check_file(path: str, request: CheckRequest) -> FileReport:
    """Check one file; every failure becomes a diagnostic of the report."""
    data = read_bytes(path, request.limits)
    if isinstance(data, str):
        return _unreadable(path, data, request)
    return _check_read(path, data, request)


def check_data(path: str, data: bytes, request: CheckRequest) -> FileReport:
    """Check bytes read already (stdin, named *path*) as a batch checks a file.

    File descriptor 1 points at stderr while the checks run, and with ``request.timeout``
    they run in a worker process, killed past it (one S999); whatever goes wrong becomes a
    diagnostic, as for :func:`check_file`.
    """
    if request.timeout is None:
        with _interrupt_guard(), _stdout_aside():
            return _check_read(path, data, request)
    (report,) = _WorkerPool(request, 1).run([(path, data)])
    return report


_Item = str | tuple[str, bytes]
"""What a worker checks: a path, or bytes read already with the name to report them under."""


def _check_item(item: _Item, request: CheckRequest) -> FileReport:
    return check_file(item, request) if isinstance(item, str) else _check_read(*item, request)


def _name(item: _Item) -> str:
    return item if isinstance(item, str) else item[0]


def _check_read(path: str, data: bytes, request: CheckRequest) -> FileReport:
    """Check a file's bytes; every failure becomes a diagnostic of the report."""
    try:
        return check_bytes(path, data, request)
    except RecursionError:
        return _unreadable(path, "the file is nested too deeply to be read", request)
    except MemoryError:
        return _unreadable(path, "the file needs more memory than is available", request)
    except Exception as exc:  # one broken file must not stop a batch
        from trfkit.checks import INTERNAL

        message = (
            f"trfkit failed on this file ({type(exc).__name__}: {exc}); "
            "please report it with the file"
        )
        return FileReport(path, None, (INTERNAL.rule.diagnostic(message),), readable=False)


def looks_like_trf(path: Path) -> bool:
    """True when the first non-blank line of *path* starts with a TRF record code.

    Also True for what is not a regular file (a FIFO, a device), which is never opened:
    the check then reports it instead of reading it.
    """
    from trfkit.fileio import open_regular

    try:
        with open_regular(path) as handle:
            head = handle.read(4096)
    except OSError:  # not a regular file, or unreadable
        return True  # let the checker report why it cannot be read
    for raw in head.splitlines():
        line = raw.lstrip(b"\xef\xbb\xbf").rstrip()
        if line:
            code = line[:3]
            return code.isdigit() or code in (b"XXR", b"XXS", b"XXC", b"###")
    return False


def matches_glob(path: Path, globs: Sequence[str]) -> bool:
    """Whether *path* fits one of *globs*; name patterns ignore case (``X.TRF`` is a TRF file)."""
    for pattern in globs:
        if "/" in pattern or os.sep in pattern:
            if path.match(pattern):
                return True
        elif fnmatch.fnmatchcase(path.name.lower(), pattern.lower()):
            return True
    return False


class Discovery:
    """The files to check under *paths*, found as they are asked for; what was not followed.

    Iterating yields ``(path, named)`` pairs, one at a time, as the walk goes: ``named`` is
    True for a path given directly (whose failure is a usage error) and False for one found
    inside a folder (whose failure is a diagnostic). Folders are walked in sorted order
    (a folder's files, then its folders), each folder listed only when the walk gets there,
    never entering one folder twice (link loops end there). A folder that cannot be listed
    is yielded itself, so that the check reports it; a folder named like a TRF file is
    walked, not checked. A FIFO, device or socket that fits the globs is yielded unopened,
    so that the check reports it (P001) and skips it.

    A symbolic link found in a folder is followed only when its target, resolved, lies
    inside that folder (resolved too), or with *follow_links*: a link out (to a file whose
    name fits the globs, or to a folder) is not yielded but kept as a P013 report, which
    :meth:`reports` puts in its place among the checked files. A path given directly is
    followed wherever it leads: it is the user's choice. Nothing of a link's target is read,
    a ``.txt`` one's first line included.

    The walk looks at *max_files* files and folders at most, over all the paths; when a
    folder's listing goes past it, the walk stops there (that folder's files are not
    yielded) and a P014 report names the folder (:attr:`stopped_at`).

    The links are judged when the walk finds them: a link put in place of a file while the
    batch runs is followed. Hard links cannot be told from the files they share.
    """

    def __init__(
        self,
        paths: Iterable[str],
        globs: Sequence[str] = DEFAULT_GLOBS,
        *,
        follow_links: bool = False,
        max_files: int = MAX_FILES,
    ) -> None:
        self.paths = tuple(paths)
        self.globs = tuple(globs)
        self.follow_links = follow_links
        self.max_files = max_files
        self.looked = 0
        """Files and folders the walk has looked at."""
        self.files = 0
        """Paths yielded."""
        self.found = 0
        """Paths yielded and reports kept: what the output will list, once :attr:`done`."""
        self.done = False
        """True once the walk has ended (all of it, or stopped by the limit)."""
        self.stopped_at: str | None = None
        """The folder whose listing went past ``max_files``, if one did."""
        self._held: collections.deque[tuple[int, str, Diagnostic]] = collections.deque()

    def __iter__(self) -> Iterator[tuple[str, bool]]:
        for given in self.paths:
            if self.stopped_at is not None:
                break
            if not os.path.isdir(given):
                self.files += 1
                self.found += 1
                yield given, True
                continue
            yield from self._walk(given)
        self.done = True

    def _walk(self, given: str) -> Iterator[tuple[str, bool]]:
        from pathlib import Path  # a folder's walk: a file named on the command line needs none

        real_root = os.path.normcase(os.path.realpath(given))
        seen: set[tuple[int, int]] = set()
        stack = [given]
        while stack:
            folder = stack.pop()
            try:
                st = os.stat(folder)
            except OSError:
                continue
            key = (st.st_dev, st.st_ino)
            if key in seen:
                continue
            seen.add(key)
            entries = self._list(folder, given)
            if self.stopped_at is not None:
                return
            if entries is None:  # the check says why it cannot be listed
                self.files += 1
                self.found += 1
                yield folder, False
                continue
            folders = []
            for entry in sorted(entries, key=lambda e: e.name):
                path = Path(folder) / entry.name
                kind = self._kind(entry, path, given, real_root)
                if kind == "folder":
                    folders.append(entry.path)
                elif kind == "file":
                    self.files += 1
                    self.found += 1
                    yield os.fsdecode(path), False
            stack.extend(reversed(folders))

    def _list(self, folder: str, given: str) -> list[os.DirEntry[str]] | None:
        """The folder's entries (``None`` when it cannot be listed), counted against the limit."""
        entries = []
        try:
            with os.scandir(folder) as listing:
                for entry in listing:
                    if self.looked >= self.max_files:
                        self._stop(given)
                        return []
                    self.looked += 1
                    entries.append(entry)
        except OSError:
            return None
        return entries

    def _kind(self, entry: os.DirEntry[str], path: Path, given: str, real_root: str) -> str:
        """``"folder"`` to walk, ``"file"`` to check, or ``""`` (skipped, or a link kept).

        *path* is the entry's path in its folder.
        """
        try:
            if entry.is_symlink() and not self.follow_links:
                target = os.path.normcase(os.path.realpath(path))
                if not _inside(target, real_root):
                    if entry.is_dir() or matches_glob(path, self.globs):
                        self._unfollowed(os.fsdecode(path), given, target)
                    return ""
            if entry.is_dir():  # a link inside the folder is followed
                return "folder"
        except OSError:  # it vanished, or cannot be looked at: the check says which
            pass
        if not matches_glob(path, self.globs):
            return ""
        if path.suffix.lower() == ".txt" and not looks_like_trf(path):
            return ""
        return "file"

    def _unfollowed(self, path: str, given: str, target: str) -> None:
        from trfkit.untrusted import printable

        try:
            written = os.readlink(path)
        except OSError:
            written = target
        where = printable(written)
        if os.path.normcase(os.path.join(os.path.dirname(path), written)) != target:
            where += f" (resolved: {printable(target)})"
        message = (
            f"{printable(path)} is a symbolic link to {where}, outside the checked folder "
            f"{printable(given)}: it was not followed, nothing of it was read "
            "(--follow-links follows links out of a folder you trust)"
        )
        self._keep(path, parse_rule("P013").diagnostic(message))

    def _stop(self, given: str) -> None:
        from trfkit.untrusted import printable

        self.stopped_at = given
        message = (
            f"discovery stopped in {printable(given)}: the walk looked at {self.max_files:,} "
            f"files and folders, the limit (--max-files {self.max_files}); the files found "
            "before were checked, the others were not: raise --max-files to check them all"
        )
        self._keep(given, parse_rule("P014").diagnostic(message))

    def _keep(self, path: str, diagnostic: Diagnostic) -> None:
        self.found += 1
        self._held.append((self.files, path, diagnostic))

    def reports(self, checked: Iterable[FileReport], request: CheckRequest) -> Iterator[FileReport]:
        """*checked* (the reports of the paths yielded, in order) with the kept reports in place.

        A link out comes where the walk found it; the limit's report comes last. It is never
        hidden by ``--select`` or ``--ignore``: the run did not cover what it was asked to.
        """
        for position, report in enumerate(checked):
            yield from self._due(position, request)
            yield report
        yield from self._due(None, request)

    def _due(self, position: int | None, request: CheckRequest) -> Iterator[FileReport]:
        while self._held and (position is None or self._held[0][0] <= position):
            _, path, found = self._held.popleft()
            kept = (found,) if found.code == "P014" or _keep(found, request) else ()
            yield FileReport(path, None, kept, readable=False)


def _inside(target: str, folder: str) -> bool:
    """Whether the resolved *target* is *folder* or lies below it (both resolved)."""
    return target == folder or target.startswith(folder.rstrip(os.sep) + os.sep)


def discover(
    paths: Sequence[str],
    globs: Sequence[str] = DEFAULT_GLOBS,
    *,
    follow_links: bool = False,
    max_files: int = MAX_FILES,
) -> Iterator[tuple[str, bool]]:
    """Expand directories into files, sorted, as they are found; yields ``(path, named)`` pairs.

    :class:`Discovery` without its reports: a link out of a folder is left out, and the
    walk ends quietly at *max_files*.
    """
    return iter(Discovery(paths, globs, follow_links=follow_links, max_files=max_files))


_POOL_FROM = 4
"""A batch of fewer files is checked in this process (when no time limit asks for a worker)."""


def check_many(paths: Iterable[str], request: CheckRequest, jobs: int = 1) -> Iterator[FileReport]:
    """Check *paths* with *jobs* worker processes; results come in the order of *paths*.

    The paths are taken as they come, a few ahead of the checks, so the first results come
    while a walk (:class:`Discovery`) still goes on. Workers return one small
    :class:`FileReport` per file, in order, so the output is the same whatever the number
    of jobs. A worker that dies (killed by the out-of-memory killer, or ``os._exit`` in a
    plugin), or runs past ``request.timeout`` on one file and is killed, costs only the
    file it held, reported as S999; a new worker takes over and the batch goes on.
    """
    source = iter(paths)
    head = list(itertools.islice(source, max(jobs, _POOL_FROM)))
    if not head:
        return
    jobs = max(1, min(jobs, len(head))) if len(head) >= _POOL_FROM else 1
    from trfkit.checks import plugins

    if jobs <= 1 and (request.timeout is None or (len(head) == 1 and not plugins())):
        # One file and trfkit's own checks only: nothing to contain, and no batch to go
        # on (those checks are bounded by the limits and fuzzed for hangs)
        yield from _serial(itertools.chain(head, source), request)
        return
    yield from _WorkerPool(request, jobs).run(itertools.chain(head, source))


def _serial(paths: Iterator[str], request: CheckRequest) -> Iterator[FileReport]:
    """Check in this process, file descriptor 1 pointed at stderr while each file is checked.

    The next path is taken before a report is given, so that a walk's end is known with the
    last report (a progress bar then knows the total).
    """
    with _interrupt_guard():
        path = next(paths, None)
        while path is not None:
            with _stdout_aside():
                report = check_file(path, request)
            path = next(paths, None)
            yield report


@contextlib.contextmanager
def _stdout_aside() -> Iterator[None]:
    """Point file descriptor 1 at stderr (``/dev/null`` without one) until the block ends.

    What a check writes to it, ``os.write(1, …)``, a command it runs, what it leaves in the
    buffer of ``sys.__stdout__``, goes to stderr; stdout is restored before the caller writes
    its output. A process without a file descriptor 1 has nothing to protect.
    """
    _flush_stdout()
    try:
        saved = os.dup(1)
    except OSError:
        yield
        return
    try:
        _point_stdout_at_stderr()
        yield
    finally:
        _flush_stdout()  # a check's leftovers go where fd 1 points now
        os.dup2(saved, 1)
        os.close(saved)


def _flush_stdout() -> None:
    for stream in (sys.stdout, sys.__stdout__):
        with contextlib.suppress(Exception):  # closed, replaced by anything at all
            if stream is not None:
                stream.flush()


def _point_stdout_at_stderr() -> None:
    try:
        os.dup2(2, 1)
    except OSError:  # no stderr either
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)


_DEPTH = 2
"""Files sent to a worker ahead of its results: one it checks, one waiting, so it never idles."""


def _work(conn: Connection, request: CheckRequest, inherited: Sequence[Connection] = ()) -> None:
    """A worker: check each ``(index, path)`` received and send ``(index, report)`` back.

    *inherited* are the parent's ends of the pipes, copied by fork: closed here, or
    this worker would hold its own pipe open and never see the parent die. Its file
    descriptor 1 points at stderr: results go back through the pipe, and whatever a check
    writes to fd 1 must not reach the parent's stdout.
    """
    import signal

    for end in inherited:
        end.close()
    with contextlib.suppress(OSError):
        _point_stdout_at_stderr()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _interrupts.guarded, _interrupts.seen = True, False
    parent = os.getppid()
    while True:
        try:
            while not conn.poll(2.0):
                if os.getppid() != parent:
                    return  # orphaned (the parent was killed): nobody wants the results
            item = conn.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if item is None:
            return
        index, what = item
        path = _name(what)
        try:
            report = _check_item(what, request)
        except BaseException as exc:  # a worker serves the whole batch: nothing ends it
            report = _lost(path, f"trfkit failed on this file ({type(exc).__name__}: {exc})")
        try:
            conn.send((index, report))
        except (EOFError, OSError):
            return
        except Exception as exc:  # a report that cannot be pickled
            conn.send((index, _lost(path, f"its report could not be sent back ({exc})")))


def _lost(path: str, why: str) -> FileReport:
    from trfkit.checks import INTERNAL

    message = f"{why}; the file was not checked, please report it with the file"
    return FileReport(path, None, (INTERNAL.rule.diagnostic(message),), readable=False)


class _Worker:
    """A worker process of the pool, its pipe, and the files it holds (a plain mutable record)."""

    __slots__ = ("conn", "held", "process", "since")

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.held: collections.deque[int] = collections.deque()
        self.since = 0.0
        """When it started on the first file it holds (its deadline runs from there)."""


class _WorkerPool:
    """Worker processes, each fed through its own pipe, from paths taken as they come.

    The parent knows which files each worker holds: when one dies, or runs past the time
    limit on a file (it is then killed), the file it was checking is reported and the
    others it held go to the next worker (``multiprocessing.Pool`` would wait forever for
    the lost result).
    """

    def __init__(self, request: CheckRequest, jobs: int) -> None:
        import multiprocessing

        self.request = request
        self.jobs = jobs
        method = "fork" if hasattr(os, "fork") else "spawn"
        self.context: Any = multiprocessing.get_context(method)
        self.workers: list[_Worker] = []
        self.paths: dict[int, _Item] = {}
        """The paths (or bytes) taken and not yet reported, by index."""
        self.source: Iterator[_Item] = iter(())
        self.taken = 0
        self.exhausted = False

    def _start(self) -> None:
        parent, child = self.context.Pipe(duplex=True)
        forked = self.context.get_start_method() == "fork"
        inherited = [parent, *(w.conn for w in self.workers)] if forked else []
        process = self.context.Process(
            target=_work, args=(child, self.request, inherited), daemon=True
        )
        process.start()
        child.close()  # else the parent holds the worker's end open and never sees it die
        self.workers.append(_Worker(process, parent))

    def run(self, paths: Iterable[_Item]) -> Iterator[FileReport]:
        self.source = iter(paths)
        pending: collections.deque[int] = collections.deque()  # taken back from a dead worker
        done: dict[int, FileReport] = {}
        ahead = 64 * self.jobs  # results kept waiting for a slow file ahead of them, at most
        following = 0
        clean = False
        try:
            for _ in range(self.jobs):
                self._start()
            while True:
                self._feed(pending, following + ahead)
                while following in done:
                    self.paths.pop(following, None)
                    yield done.pop(following)
                    following += 1
                if self.exhausted and following >= self.taken:
                    break
                self._collect(pending, done)
            clean = True
        finally:
            self._stop(clean)

    def _next(self, pending: collections.deque[int], bound: int) -> int | None:
        """The index of the next file to send: one taken back, else a new path; or ``None``."""
        if pending:
            return pending.popleft() if pending[0] < bound else None
        if self.exhausted or self.taken >= bound:
            return None
        path = next(self.source, None)
        if path is None:
            self.exhausted = True
            return None
        self.paths[self.taken] = path
        self.taken += 1
        return self.taken - 1

    def _feed(self, pending: collections.deque[int], bound: int) -> None:
        for worker in self.workers:
            while len(worker.held) < _DEPTH:
                index = self._next(pending, bound)
                if index is None:
                    break
                try:
                    worker.conn.send((index, self.paths[index]))
                except OSError:  # it died: _collect sees its sentinel
                    pending.appendleft(index)
                    break
                if not worker.held:
                    worker.since = time.monotonic()
                worker.held.append(index)

    def _collect(self, pending: collections.deque[int], done: dict[int, FileReport]) -> None:
        """Wait for a result, a death or a deadline; take every result ready.

        A worker that died or ran past the time limit (then killed) is replaced.
        """
        from multiprocessing.connection import wait

        waiting = [w.conn for w in self.workers] + [w.process.sentinel for w in self.workers]
        ready = set(wait(waiting, self._wait_at_most()))
        for worker in list(self.workers):
            dead = worker.process.sentinel in ready
            if worker.conn in ready or dead:
                dead = not self._receive(worker, done, drain=dead) or dead
            if dead:
                self._replace(worker, pending, done, overtime=False)
            elif self._overdue(worker):
                worker.process.kill()  # nothing a check does outlives SIGKILL
                self._replace(worker, pending, done, overtime=True)

    def _wait_at_most(self) -> float | None:
        """Seconds until the first deadline of a worker checking a file (``None``: no limit)."""
        limit = self.request.timeout
        busy = [w.since for w in self.workers if w.held]
        if limit is None or not busy:
            return None
        return max(0.0, min(busy) + limit - time.monotonic())

    def _overdue(self, worker: _Worker) -> bool:
        limit = self.request.timeout
        return limit is not None and bool(worker.held) and time.monotonic() >= worker.since + limit

    def _replace(
        self,
        worker: _Worker,
        pending: collections.deque[int],
        done: dict[int, FileReport],
        overtime: bool,
    ) -> None:
        """Retire *worker*: its first file is reported (how it died, or out of time).

        The others it held go back to be sent again, and a new worker starts if work is left.
        """
        worker.process.join(timeout=5)
        if worker.process.is_alive():  # its pipe closed, yet it lingers
            worker.process.kill()
            worker.process.join()
        self.workers.remove(worker)
        worker.conn.close()
        if worker.held:  # the first file it held is the one it was checking
            index = worker.held.popleft()
            path = _name(self.paths[index])
            if overtime:
                done[index] = _overtime(path, self.request)
            else:
                done[index] = _lost(path, _death(worker.process.exitcode))
            pending.extendleft(reversed(worker.held))
        if pending or not self.exhausted:  # every death costs a file: restarts end with it
            self._start()

    @staticmethod
    def _receive(worker: _Worker, done: dict[int, FileReport], drain: bool) -> bool:
        """Take the worker's results (all that are left when it died); False at its end."""
        try:
            while True:
                index, report = worker.conn.recv()
                worker.held.remove(index)
                worker.since = time.monotonic()  # the next file it holds starts now
                done[index] = report
                if not (drain and worker.conn.poll()):
                    return True
        except (EOFError, OSError):
            return False
        except Exception:  # a message cut short by the death
            return False

    def _stop(self, clean: bool) -> None:
        """End the workers: asked to stop after a complete run, else terminated at once.

        Not clean: an error, Ctrl-C, or a caller that stopped iterating.
        """
        for worker in self.workers:
            if clean:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
            else:
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        self.workers.clear()


def _overtime(path: str, request: CheckRequest) -> FileReport:
    """The S999 of a file whose checks ran past ``request.timeout`` and were stopped."""
    from trfkit.checks import INTERNAL

    limit = f"{request.timeout:g}"
    message = (
        f"the checks of this file ran longer than {limit} s and were stopped "
        f"(--check-timeout {limit}); their findings are lost: a check (often a plugin's) "
        "hangs on it, or it needs more time (raise --check-timeout, or 0 for no limit)"
    )
    # readable: a finding of the file (exit 1), not a file that cannot be read (exit 2 if named)
    return FileReport(path, None, (INTERNAL.rule.diagnostic(message),))


def _death(exitcode: int | None) -> str:
    """How a worker died, e.g. ``killed by SIGKILL (as the out-of-memory killer does)``."""
    import signal

    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        how = f"killed by {name}"
        if -exitcode == getattr(signal, "SIGKILL", None):
            how += " (as the out-of-memory killer does)"
    else:
        how = f"exited with status {exitcode}"
    return f"the worker process checking this file died, {how}"
