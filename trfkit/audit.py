"""Checking files: one file, or a whole batch in parallel with a stable order.

:func:`check_file` never raises for a bad file: whatever goes wrong becomes a
diagnostic of that file, so the rest of a batch is still checked. Results come
back one file at a time, in the order of the paths, so a caller that does not
keep them uses the same memory for ten files as for a million.
"""

from __future__ import annotations

import fnmatch
import functools
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from trfkit.checks import CheckOptions, Context, run_checks, selected
from trfkit.diagnostics import Diagnostic, Severity, parse_rule
from trfkit.limits import Limits

if TYPE_CHECKING:
    from trfkit.compute.crosstable import CrossTable

DEFAULT_GLOBS = ("*.trf", "*.trfx", "*.txt")
"""What a directory walk looks at; ``.txt`` files only when they look like TRF."""


@attrs.frozen
class FileReport:
    """The outcome of checking one file.

    Attributes:
        path: The path as given or found.
        encoding: The codec the file was read with (``None`` when unread).
        diagnostics: Everything found, sorted by position.
        readable: False when the file could not be read or decoded at all.
        table: The compact crosstable, when the request asked for one.
    """

    path: str
    encoding: str | None
    diagnostics: tuple[Diagnostic, ...]
    readable: bool = True
    table: CrossTable | None = None

    @property
    def worst(self) -> Severity | None:
        """The highest severity among the diagnostics."""
        return max((d.severity for d in self.diagnostics), default=None)


@attrs.frozen
class CheckRequest:
    """Everything a worker needs to check files (picklable).

    Attributes:
        options: Settings for the checks.
        select: Codes, prefixes or names to keep (all when empty).
        ignore: Codes, prefixes or names to drop.
        encoding: A codec to read with instead of detecting one.
        limits: Size limits.
        tables: Also build each file's compact crosstable (for the HTML report).
    """

    options: CheckOptions = attrs.field(factory=CheckOptions)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    encoding: str | None = None
    limits: Limits = attrs.field(factory=Limits)
    tables: bool = False


def _unreadable(path: str, message: str, request: CheckRequest) -> FileReport:
    found = parse_rule("P001").diagnostic(message)
    return FileReport(path, None, (found,) if _keep(found, request) else (), readable=False)


def read_bytes(path: str, limits: Limits) -> bytes | str:
    """The file's bytes, or a message saying why they cannot be had."""
    try:
        p = Path(path)
        if p.is_dir():
            if not os.access(p, os.R_OK | os.X_OK):
                return f"{path} is a folder that cannot be read: permission denied"
            return f"{path} is a directory, not a file"
        size = p.stat().st_size
        if size > limits.max_bytes:
            return (
                f"the file has {size:,} bytes, more than the limit of {limits.max_bytes:,} "
                "(--max-bytes); it was not read"
            )
        with open(p, "rb") as handle:
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
    table = None
    if readable and result.tournament.has_trf_records and fatal is None:  # P012 says it all
        ctx = Context(result.tournament, request.options, request.limits)
        found.extend(run_checks(ctx, select=request.select, ignore=request.ignore))
        if request.tables:
            table = _table(ctx)
    found = [d for d in found if _keep(d, request)]
    found.sort(key=lambda d: d.sort_key)
    codec = result.encoding.codec if readable else None
    return FileReport(path, codec, tuple(found), readable, table)


def _table(ctx: Context) -> CrossTable | None:
    """The compact crosstable; a failure here only costs the report its table."""
    from trfkit.compute.crosstable import build

    options = ctx.options
    try:
        return build(ctx.tournament, options.tiebreak, regime=ctx.regime)
    except Exception:  # the diagnostics matter more than the picture
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
    """True when the first non-blank line of *path* starts with a TRF record code."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
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
    like a TRF file is walked, not checked.
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


def _check_one(item: tuple[str, CheckRequest]) -> FileReport:
    return check_file(*item)


def check_many(paths: Sequence[str], request: CheckRequest, jobs: int = 1) -> Iterator[FileReport]:
    """Check *paths* with *jobs* worker processes; results come in the order of *paths*.

    Workers return one small :class:`FileReport` per file, in order, so the
    output is the same whatever the number of jobs.
    """
    jobs = min(jobs, len(paths))
    if jobs <= 1 or len(paths) < 4:
        for path in paths:
            yield check_file(path, request)
        return
    import multiprocessing

    chunk = max(1, min(16, len(paths) // (jobs * 8)))
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap(_check_one, ((p, request) for p in paths), chunksize=chunk)
