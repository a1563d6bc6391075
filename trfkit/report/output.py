"""Reports written as they are made: a file, or a folder of pages, put in place at the end.

The same guarantees as :func:`trfkit.fileio.write_atomic`, for output that is written
piece by piece instead of handed over whole:

- :class:`StreamedFile`: a regular file, or a name that does not exist yet, is written to
  a temporary file beside it (``.NAME.trfkit-RANDOM.tmp``, mode 0600, ``O_EXCL|O_NOFOLLOW``,
  locked while written, so :func:`trfkit.fileio.clean_stale` of another run leaves it alone
  and removes it once a killed writer is gone) and renamed over it by :meth:`~StreamedFile.commit`,
  with the mode (and, as root, the owner) of the file replaced; a symbolic link is resolved;
  a FIFO or a character device is written to as the report is made, never replaced (a FIFO
  that no process reads is refused at once); a directory, a block device, a socket or a link
  to nothing is refused before anything is written.
- :class:`StreamedFolder`: the pages are written into a private temporary folder beside
  the target (``.NAME.trfkit-RANDOM.tmpdir``, mode 0700) and renamed to the target by
  :meth:`~StreamedFolder.commit`. The target is a name that does not exist yet, an empty
  folder, or a report folder trfkit wrote before (it holds :data:`MARKER`, and nothing but
  trfkit's pages), which is set aside, replaced and removed; any other folder is refused.

Nothing is put in place before ``commit``: an exception, Ctrl-C or a report dropped without
a commit removes what was written (:meth:`discard`, also run when the object is collected or
the interpreter exits), so an interrupted run leaves the old output or none, never half.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import weakref
from typing import IO

from trfkit.fileio import (
    clean_stale,
    create_temp,
    describe,
    mode_like,
    new_mode,
    open_special,
    sync_folder,
    unwritable,
    write_all,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no locks
    fcntl = None  # type: ignore[assignment]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)

BUFFER = 1 << 16
"""Bytes gathered before they are written (what a streamed report holds at most)."""

MARKER = ".trfkit-report"
"""The file that marks a folder as a report folder of trfkit's (which a rerun may replace)."""

PAGE_PATTERN = re.compile(r"[0-9]{1,12}\.html")
"""The names of a report folder's per-file pages (in its ``files`` folder)."""

_REPORT_NAMES = frozenset({MARKER, "index.html", "files"})


def _discard_file(fd: int, temp: str | None) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)
    if temp is not None:
        with contextlib.suppress(OSError):
            os.unlink(temp)


class StreamedFile:
    """A text file written piece by piece (UTF-8) and put in place by :meth:`commit`.

    Raises :class:`OSError` (its ``strerror`` says why) when *path* cannot be written; a
    FIFO without a reader is found here, before any work.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        target = os.fspath(path)
        problem = unwritable(target)
        if problem is not None:
            raise OSError(errno.EINVAL, problem, target)
        st: os.stat_result | None
        try:
            st = os.stat(target)
        except FileNotFoundError:
            st = None
        self.target = target
        self.removed: tuple[str, ...] = ()
        self._st = st
        self._temp: str | None = None
        self._final: str | None = None
        self._pending: list[str] = []
        self._size = 0
        self._closed = False
        if st is not None and not stat.S_ISREG(st.st_mode):
            self._fd = open_special(target, st.st_mode)
        else:
            real = os.path.realpath(target)
            if st is not None and not _same(real, st):
                # a link the kernel resolves by itself (/dev/stdout on a redirected file)
                self._fd = os.open(target, os.O_WRONLY | os.O_TRUNC | _CLOEXEC | _BINARY)
            else:
                folder, name = os.path.split(real)
                self.removed = clean_stale(folder)
                self._fd, self._temp = create_temp(folder, name)
                self._final = real
        self._finalizer = weakref.finalize(self, _discard_file, self._fd, self._temp)

    def write(self, text: str) -> None:
        """Add *text*; written out every :data:`BUFFER` characters or so."""
        if self._closed:
            raise ValueError("the report was already committed or discarded")
        self._pending.append(text)
        self._size += len(text)
        if self._size >= BUFFER:
            self.flush()

    def flush(self) -> None:
        """Write what was added so far to the temporary file (or the FIFO/device)."""
        if self._pending:
            data = "".join(self._pending).encode("utf-8")
            self._pending.clear()
            self._size = 0
            write_all(self._fd, data)

    def commit(self) -> None:
        """Write the rest and put the file in place (a temporary file is renamed over *path*)."""
        self.flush()
        self._closed = True
        self._finalizer.detach()
        fd, temp, final = self._fd, self._temp, self._final
        if temp is None or final is None:
            os.close(fd)
            return
        done = False
        try:
            os.fsync(fd)
            mode = mode_like(fd, self._st) if self._st is not None else new_mode()
            os.replace(temp, final)
            done = True
            with contextlib.suppress(OSError, AttributeError):
                os.fchmod(fd, mode)  # only once in place: 0600 until then
        finally:
            os.close(fd)  # after the rename: the lock says "in use" until the file is in place
            if not done:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
        sync_folder(os.path.dirname(final))

    def discard(self) -> None:
        """Drop what was written: the temporary file is removed, the target left as it was."""
        self._closed = True
        self._pending.clear()
        self._finalizer()

    @property
    def temporary(self) -> str | None:
        """The temporary file being written (``None`` for a FIFO or device written in place)."""
        return self._temp


def _same(path: str, st: os.stat_result) -> bool:
    try:
        found = os.stat(path)
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (st.st_dev, st.st_ino)


# --- a folder of pages -------------------------------------------------------------------------


def folder_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a report folder cannot be written at *path* (checked up front), or ``None``."""
    real = os.path.realpath(path)
    if not os.path.isdir(os.path.dirname(real) or "."):
        return f"the folder {os.path.dirname(real)} does not exist"
    try:
        st = os.stat(real)
    except FileNotFoundError:
        if os.path.islink(path):
            return f"it is a symbolic link to {os.readlink(path)}, which does not exist"
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISDIR(st.st_mode):
        return f"it is {describe(st.st_mode)}; a report folder replaces only a folder"
    return _foreign(real)


def _foreign(folder: str) -> str | None:
    """Why the existing *folder* is not one a report may replace: not empty, not trfkit's."""
    try:
        with os.scandir(folder) as entries:
            names = {e.name: e for e in entries}
    except OSError as exc:
        return exc.strerror or str(exc)
    if not names:
        return None
    marker = names.get(MARKER)
    if marker is None or not marker.is_file(follow_symlinks=False):
        return "it is a folder that is neither empty nor a report folder of trfkit's"
    others = set(names) - _REPORT_NAMES
    pages = names.get("files")
    if pages is not None and not pages.is_dir(follow_symlinks=False):
        others.add("files")
    elif pages is not None:
        try:
            with os.scandir(pages.path) as entries:
                others.update(
                    f"files/{e.name}"
                    for e in entries
                    if not (PAGE_PATTERN.fullmatch(e.name) and e.is_file(follow_symlinks=False))
                )
        except OSError as exc:
            return exc.strerror or str(exc)
    if others:
        shown = ", ".join(sorted(others)[:3])
        return f"the report folder also holds {shown}, which trfkit did not write"
    return None


class StreamedFolder:
    """A folder of pages written into a private temporary folder, renamed in by :meth:`commit`.

    Raises :class:`OSError` when *path* cannot take a report folder (see
    :func:`folder_problem`).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.target = os.fspath(path)
        problem = folder_problem(self.target)
        if problem is not None:
            raise OSError(errno.EINVAL, problem, self.target)
        self._final = os.path.realpath(self.target)
        parent, name = os.path.split(self._final)
        stem = os.fsdecode(os.fsencode(name)[:200])
        for _ in range(100):
            temp = os.path.join(parent, f".{stem}.trfkit-{os.urandom(8).hex()}.tmpdir")
            try:
                os.mkdir(temp, 0o700)
            except FileExistsError:
                continue
            break
        else:
            raise FileExistsError(errno.EEXIST, "no unused temporary folder name", parent)
        self.temporary = temp
        self._closed = False
        self._lock: int | None = None
        self._finalizer = weakref.finalize(self, _discard_folder, [self._lock], temp)
        self.removed = clean_stale_folders(parent)
        with self.open(MARKER) as handle:
            handle.write("A report folder written by trfkit check --report; a rerun replaces it.\n")
        # held while the folder is written: a cleaner of another run leaves it alone
        self._lock = _locked(os.path.join(temp, MARKER))
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _discard_folder, [self._lock], temp)

    def open(self, relative: str) -> IO[str]:
        """A new page at *relative* (``index.html``, ``files/7.html``), opened to write (UTF-8)."""
        if self._closed:
            raise ValueError("the report folder was already committed or discarded")
        path = os.path.join(self.temporary, relative)
        folder = os.path.dirname(path)
        if not os.path.isdir(folder):
            os.makedirs(folder, 0o700)
        return open(path, "x", encoding="utf-8", newline="\n")

    def commit(self) -> None:
        """Put the folder in place, renamed over a missing name or an empty folder.

        The report folder of an earlier run is set aside, replaced, then removed.
        """
        self._closed = True
        self._finalizer.detach()
        temp, final = self.temporary, self._final
        try:
            if self._lock is not None:  # the folder is complete: nothing in it is in use
                os.close(self._lock)
                self._lock = None
            try:
                st = os.stat(final)
            except FileNotFoundError:
                st = None
            mode = st.st_mode & 0o7777 if st is not None else new_mode(0o777)
            for folder, _, _ in os.walk(temp):
                os.chmod(folder, mode)
            if st is not None and _foreign(final) is not None:
                raise OSError(errno.ENOTEMPTY, "it changed during the run", self.target)
            old = None
            if st is not None and os.listdir(final):
                old = f"{temp[: -len('.tmpdir')]}.old"
                os.rename(final, old)  # the earlier report, set aside a moment
            try:
                os.rename(temp, final)  # over a missing name or an empty folder: atomic
            except BaseException:
                if old is not None:
                    os.rename(old, final)
                raise
        except BaseException:
            _discard_folder([self._lock], temp)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        sync_folder(os.path.dirname(final))

    def discard(self) -> None:
        """Drop the pages written: the temporary folder is removed, the target left as it was."""
        self._closed = True
        self._finalizer()


def _locked(path: str) -> int | None:
    """An open descriptor of *path* holding its lock, or ``None`` where locks are missing."""
    if fcntl is None:  # pragma: no cover
        return None
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:  # a filesystem without locks
        os.close(fd)
        return None
    return fd


def _discard_folder(lock: list[int | None], temp: str) -> None:
    for fd in lock:
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
    shutil.rmtree(temp, ignore_errors=True)


STALE_FOLDER = re.compile(r"\..+\.trfkit-[0-9a-f]{16}\.(?:tmpdir|old)", re.DOTALL)
"""The names of the temporary folders of a report folder (being written, or set aside)."""


def clean_stale_folders(parent: str) -> tuple[str, ...]:
    """Remove the temporary report folders in *parent* that a killed run left behind.

    Only folders of :data:`STALE_FOLDER`'s pattern, owned by this user, whose
    :data:`MARKER` no process holds locked are removed. Returns the paths removed.
    """
    if fcntl is None:  # pragma: no cover
        return ()
    removed = []
    euid = os.geteuid() if hasattr(os, "geteuid") else 0
    try:
        with os.scandir(parent or ".") as entries:
            found = [
                e.path
                for e in entries
                if STALE_FOLDER.fullmatch(e.name) and e.is_dir(follow_symlinks=False)
            ]
    except OSError:
        return ()
    for path in found:
        try:
            if os.lstat(path).st_uid != euid:
                continue
            fd = os.open(os.path.join(path, MARKER), os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # its writer is alive
            os.close(fd)
            continue
        try:
            shutil.rmtree(path)
            removed.append(path)
        except OSError:
            pass
        finally:
            os.close(fd)
    return tuple(removed)
