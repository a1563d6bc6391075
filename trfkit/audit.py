"""Checking files: one file, or a whole batch in parallel with a stable order.

:func:`check_file` never raises for a bad file: whatever goes wrong becomes a
diagnostic of that file, so the rest of a batch is still checked.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs

from trfkit.checks import CheckOptions, Context, run_checks, selected
from trfkit.diagnostics import Diagnostic, Severity, parse_rule
from trfkit.limits import Limits

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
    """

    path: str
    encoding: str | None
    diagnostics: tuple[Diagnostic, ...]
    readable: bool = True

    @property
    def worst(self) -> Severity | None:
        """The highest severity among the diagnostics."""
        return max((d.severity for d in self.diagnostics), default=None)


@attrs.frozen
class CheckRequest:
    """Everything a worker needs to check files (picklable)."""

    options: CheckOptions = attrs.field(factory=CheckOptions)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    encoding: str | None = None
    limits: Limits = attrs.field(factory=Limits)


def _unreadable(path: str, message: str) -> FileReport:
    return FileReport(path, None, (parse_rule("P001").diagnostic(message),), readable=False)


def read_bytes(path: str, limits: Limits) -> bytes | str:
    """The file's bytes, or a message saying why they cannot be had."""
    try:
        p = Path(path)
        if p.is_dir():
            return f"{path} is a directory, not a file"
        size = p.stat().st_size
        if size > limits.max_bytes:
            return (
                f"the file has {size:,} bytes, more than the limit of {limits.max_bytes:,} "
                "(--max-bytes); it was not read"
            )
        with open(p, "rb") as handle:
            return handle.read(limits.max_bytes + 1)
    except FileNotFoundError:
        return f"{path} does not exist"
    except PermissionError:
        return f"{path} cannot be read: permission denied"
    except OSError as exc:
        return f"{path} cannot be read: {exc.strerror or exc}"


def check_bytes(path: str, data: bytes, request: CheckRequest) -> FileReport:
    """Check a file's bytes."""
    from trfkit.api import parse

    if not data.strip(b" \t\r\n\x0b\x0c"):
        what = "empty" if not data else "only blank lines"
        return _unreadable(path, f"the file is {what}: there is no tournament in it")
    result = parse(data, encoding=request.encoding, limits=request.limits)
    found = list(result.diagnostics)
    readable = bool(result.tournament.records)
    if readable:
        ctx = Context(result.tournament, request.options)
        found.extend(run_checks(ctx, select=request.select, ignore=request.ignore))
    found = [d for d in found if d.code == "P001" or selected(d, request.select, request.ignore)]
    found.sort(key=lambda d: d.sort_key)
    return FileReport(path, result.encoding.codec if readable else None, tuple(found), readable)


def check_file(path: str, request: CheckRequest) -> FileReport:
    """Check one file; every failure becomes a diagnostic of the report."""
    data = read_bytes(path, request.limits)
    if isinstance(data, str):
        return _unreadable(path, data)
    try:
        return check_bytes(path, data, request)
    except RecursionError:
        return _unreadable(path, "the file is nested too deeply to be read")
    except MemoryError:
        return _unreadable(path, "the file needs more memory than is available")


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


def discover(
    paths: Sequence[str], globs: Sequence[str] = DEFAULT_GLOBS
) -> Iterator[tuple[str, bool]]:
    """Expand directories into files, sorted; yields ``(path, named)`` pairs.

    ``named`` is True for a path given directly (whose failure is a usage error)
    and False for one found inside a directory (whose failure is a diagnostic).
    Symbolic-link loops are not followed twice.
    """
    for given in paths:
        p = Path(given)
        if not p.is_dir():
            yield given, True
            continue
        seen: set[tuple[int, int]] = set()
        for root, dirs, files in os.walk(p, followlinks=True):
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
                if not any(candidate.match(g) for g in globs):
                    continue
                if candidate.suffix.lower() == ".txt" and not looks_like_trf(candidate):
                    continue
                yield os.fsdecode(candidate), False


def _check_one(item: tuple[str, CheckRequest]) -> FileReport:
    return check_file(*item)


def check_many(paths: Sequence[str], request: CheckRequest, jobs: int = 1) -> Iterator[FileReport]:
    """Check *paths* in order, with *jobs* worker processes; results keep that order."""
    if jobs <= 1 or len(paths) < 4:
        for path in paths:
            yield check_file(path, request)
        return
    import multiprocessing

    chunk = max(1, min(64, len(paths) // (jobs * 8)))
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap(_check_one, ((p, request) for p in paths), chunksize=chunk)
