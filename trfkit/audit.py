"""Checking files: one file, or a whole batch in parallel with a stable order.

:func:`check_file` never raises for a bad file: whatever goes wrong becomes a
diagnostic of that file, so the rest of a batch is still checked. Results come
back one file at a time, in the order of the paths, so a caller that does not
keep them uses the same memory for ten files as for a million.
"""

from __future__ import annotations

import collections
import contextlib
import fnmatch
import functools
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import attrs

from trfkit.checks import CheckOptions, Context, run_checks, selected
from trfkit.diagnostics import Diagnostic, Severity, parse_rule
from trfkit.limits import Limits
from trfkit.values import Value

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

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
    """

    options: CheckOptions = attrs.field(factory=CheckOptions)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    encoding: str | None = None
    limits: Limits = attrs.field(factory=Limits)
    tables: bool = False
    teams: bool = False


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
        p = Path(path)
        if p.is_dir():
            if not os.access(p, os.R_OK | os.X_OK):
                return f"{path} is a folder that cannot be read: permission denied"
            return f"{path} is a directory, not a file"
        kind = irregular(p)  # found by stat, never by opening: a FIFO would wait for a writer
        if kind is not None:
            return not_regular(path, kind)
        size = p.stat().st_size
        if size > limits.max_bytes:
            return (
                f"the file has {size:,} bytes, more than the limit of {limits.max_bytes:,} "
                "(--max-bytes); it was not read"
            )
        with open_regular(p) as handle:
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


ALWAYS_SHOWN = frozenset({"P001", "S999"})
"""Codes that ``--select`` alone never hides: an unreadable file, a check that failed."""


def _keep(d: Diagnostic, request: CheckRequest) -> bool:
    """``--select``/``--ignore``; an unreadable file is never hidden by ``--select`` alone."""
    if d.code in ALWAYS_SHOWN:
        return not (request.ignore and not selected(d, None, request.ignore))
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
            found.extend(run_checks(ctx, select=request.select, ignore=request.ignore))
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

    options = ctx.options
    try:
        return build(ctx.tournament, options.tiebreak, regime=ctx.regime)
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


def discover(
    paths: Sequence[str], globs: Sequence[str] = DEFAULT_GLOBS
) -> Iterator[tuple[str, bool]]:
    """Expand directories into files, sorted; yields ``(path, named)`` pairs.

    ``named`` is True for a path given directly (whose failure is a usage error)
    and False for one found inside a directory (whose failure is a diagnostic).
    Folders are walked in sorted order, following symbolic links but never
    entering one folder twice (link loops end there). A folder that cannot be
    listed is yielded itself, so that the check reports it; a folder named
    like a TRF file is walked, not checked. A FIFO, device or socket that fits
    the globs is yielded unopened, so that the check reports it (P001) and
    skips it.
    """
    for given in paths:
        p = Path(given)
        if not p.is_dir():
            yield given, True
            continue
        seen: set[tuple[int, int]] = set()
        failed: list[str] = []
        note = functools.partial(_note_failure, failed, given)
        for root, dirs, files in os.walk(p, followlinks=True, onerror=note):
            yield from ((path, False) for path in failed)
            failed.clear()
            try:
                st = os.stat(root)
            except OSError:
                continue
            key = (st.st_dev, st.st_ino)
            if key in seen:
                dirs[:] = []
                continue
            seen.add(key)
            dirs.sort()
            for name in sorted(files):
                candidate = Path(root) / name
                if not matches_glob(candidate, globs):
                    continue
                if candidate.suffix.lower() == ".txt" and not looks_like_trf(candidate):
                    continue
                yield os.fsdecode(candidate), False
        yield from ((path, False) for path in failed)


def _note_failure(failed: list[str], given: str, error: OSError) -> None:
    failed.append(os.fsdecode(error.filename or given))


def check_many(paths: Sequence[str], request: CheckRequest, jobs: int = 1) -> Iterator[FileReport]:
    """Check *paths* with *jobs* worker processes; results come in the order of *paths*.

    Workers return one small :class:`FileReport` per file, in order, so the
    output is the same whatever the number of jobs. A worker that dies (killed by
    the out-of-memory killer, or ``os._exit`` in a plugin) costs only the file it
    held, reported as S999; a new worker takes over and the batch goes on.
    """
    jobs = min(jobs, len(paths))
    if jobs <= 1 or len(paths) < 4:
        with _interrupt_guard():
            for path in paths:
                yield check_file(path, request)
        return
    yield from _WorkerPool(request, jobs).run(paths)


_DEPTH = 2
"""Files sent to a worker ahead of its results: one it checks, one waiting, so it never idles."""


def _work(conn: Connection, request: CheckRequest, inherited: Sequence[Connection] = ()) -> None:
    """A worker: check each ``(index, path)`` received and send ``(index, report)`` back.

    *inherited* are the parent's ends of the pipes, copied by fork: closed here, or
    this worker would hold its own pipe open and never see the parent die.
    """
    import signal

    for end in inherited:
        end.close()
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
        index, path = item
        try:
            report = check_file(path, request)
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


@attrs.define(repr=False)
class _Worker(Value):
    process: BaseProcess
    conn: Connection
    held: collections.deque[int] = attrs.field(factory=collections.deque)


class _WorkerPool:
    """Worker processes, each fed through its own pipe.

    The parent knows which files each worker holds: when one dies, the file it was
    checking is reported and the others it held go to the next worker
    (``multiprocessing.Pool`` would wait forever for the lost result).
    """

    def __init__(self, request: CheckRequest, jobs: int) -> None:
        import multiprocessing

        self.request = request
        self.jobs = jobs
        method = "fork" if hasattr(os, "fork") else "spawn"
        self.context: Any = multiprocessing.get_context(method)
        self.workers: list[_Worker] = []

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

    def run(self, paths: Sequence[str]) -> Iterator[FileReport]:
        pending = collections.deque(range(len(paths)))
        done: dict[int, FileReport] = {}
        ahead = 64 * self.jobs  # results kept waiting for a slow file ahead of them, at most
        following = 0
        clean = False
        try:
            for _ in range(self.jobs):
                self._start()
            while following < len(paths):
                self._feed(paths, pending, following + ahead)
                while following in done:
                    yield done.pop(following)
                    following += 1
                if following < len(paths):
                    self._collect(paths, pending, done)
            clean = True
        finally:
            self._stop(clean)

    def _feed(self, paths: Sequence[str], pending: collections.deque[int], bound: int) -> None:
        for worker in self.workers:
            while len(worker.held) < _DEPTH and pending and pending[0] < bound:
                index = pending.popleft()
                try:
                    worker.conn.send((index, paths[index]))
                except OSError:  # it died: _collect sees its sentinel
                    pending.appendleft(index)
                    break
                worker.held.append(index)

    def _collect(
        self, paths: Sequence[str], pending: collections.deque[int], done: dict[int, FileReport]
    ) -> None:
        """Wait for a result or a death; take every result ready; replace a dead worker."""
        from multiprocessing.connection import wait

        waiting = [w.conn for w in self.workers] + [w.process.sentinel for w in self.workers]
        ready = set(wait(waiting))
        for worker in list(self.workers):
            dead = worker.process.sentinel in ready
            if worker.conn in ready or dead:
                dead = not self._receive(worker, done, drain=dead) or dead
            if not dead:
                continue
            worker.process.join(timeout=5)
            if worker.process.is_alive():  # its pipe closed, yet it lingers
                worker.process.kill()
                worker.process.join()
            self.workers.remove(worker)
            worker.conn.close()
            if worker.held:  # the first file it held is the one it was checking
                index = worker.held.popleft()
                done[index] = _lost(paths[index], _death(worker.process.exitcode))
                pending.extendleft(reversed(worker.held))
            if pending:  # every death costs a file, so restarts end with the batch
                self._start()

    @staticmethod
    def _receive(worker: _Worker, done: dict[int, FileReport], drain: bool) -> bool:
        """Take the worker's results (all that are left when it died); False at its end."""
        try:
            while True:
                index, report = worker.conn.recv()
                worker.held.remove(index)
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
