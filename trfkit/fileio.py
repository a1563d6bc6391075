"""Safe output and input: what trfkit writes replaces only a regular file; what it reads is one.

:func:`write_atomic` is the one way trfkit writes a file (``convert -o``, ``convert
--in-place`` and its ``.bak``, ``check --report``):

- a regular file, or a name that does not exist yet, is written to a temporary file
  beside it and renamed over it, so an interrupted run (Ctrl-C, a killed process, a full
  disk) leaves either the old file or the complete new one, never half of it;
- a symbolic link is resolved: the file it names is replaced and the link stays (a link
  to nothing is refused rather than followed to a file it would create);
- a FIFO or a character device is written to directly, never replaced (``-o /dev/null``
  writes to /dev/null, even as root); a FIFO that no process reads is refused, since
  waiting for a reader would hang;
- a block device, a socket or a directory is refused.

The temporary file is ``.NAME.trfkit-RANDOM.tmp``, created with ``O_EXCL|O_NOFOLLOW``
and mode 0600, locked while it is written and removed on every failure path. One that a
killed run left (unlocked: its writer is gone) is removed the next time trfkit writes in
that folder.

A replaced file keeps its protection: the new file gets the owner and group of the file
it replaces (where the process may give them: as root, or its own files to a group it is
in) while still 0600, and its mode only once renamed into place, so the data is never
more open than the file it replaces, not even for a moment. A group that cannot be kept
gets none of the group's permissions, an owner that cannot be kept loses the set-user-ID
bit. ``like=`` gives a new file the protection of another (``convert --in-place`` keeps
its ``.bak`` as private as the original); a new file without it gets the umask's mode.

:func:`open_regular` opens a file for reading only when it is a regular file, after
checking that without opening it (opening a FIFO waits for a writer; opening some
devices acts on them); :func:`read_upto` reads a stream up to a limit.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no locks, so no cleaning of stale files
    fcntl = None  # type: ignore[assignment]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_BINARY = getattr(os, "O_BINARY", 0)

TEMP_PATTERN = re.compile(r"\..+\.trfkit-[0-9a-f]{16}\.tmp", re.DOTALL)
"""The names of trfkit's temporary files (``.NAME.trfkit-RANDOM.tmp``)."""

_cleaned: set[str] = set()
"""Folders already searched for stale temporary files by this process."""


def describe(mode: int) -> str:
    """What a file of *mode* is, for a message: ``"a FIFO (named pipe)"``, ``"a socket"``."""
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def write_atomic(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    like: str | os.PathLike[str] | None = None,
) -> tuple[str, ...]:
    """Write *data* to *path*; see the module for what each kind of target gets.

    *like* names a file whose mode, owner and group a written regular file gets instead
    of the replaced file's (or the umask's, for a new one): a backup is as private as its
    original.

    Returns the stale temporary files of trfkit's own pattern that were removed beside
    the target (for the caller to mention). Raises :class:`OSError` (its ``strerror``
    says why, e.g. ``"it is a block device; …"``) when the target cannot be written, or
    *like* cannot be read.
    """
    target = os.fspath(path)
    model = os.stat(like) if like is not None else None
    st: os.stat_result | None = None
    try:
        st = os.stat(target)
        problem = _refused(st.st_mode)
    except FileNotFoundError:
        problem = _dangling(target)
    if problem is not None:
        raise OSError(errno.EINVAL, problem, target)
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_special(target, st.st_mode, data)
        return ()
    real = os.path.realpath(target)
    if st is not None and not _is(real, st):
        # a link the kernel resolves by itself (/dev/stdout, /proc/self/fd/1 on a redirected
        # file): only writing through it reaches the file the shell opened
        _write_through(target, data)
        return ()
    folder, name = os.path.split(real)
    removed = clean_stale(folder)
    _replace(folder, name, data, model or st)
    return removed


def unwritable(path: str | os.PathLike[str]) -> str | None:
    """Why :func:`write_atomic` would refuse *path* whatever it wrote, or ``None``.

    Found without opening anything, so a command can refuse before it works: a
    directory, a block device, a socket, a symbolic link to nothing. (A FIFO that no
    process reads is only found when it is written: opening it to find out would end
    the stream of a reader that came.)
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return _dangling(path)
    except OSError:
        return None  # writing it says why (permission denied, not a directory...)
    return _refused(mode)


def _refused(mode: int) -> str | None:
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a directory"
    kind = describe(mode)
    return f"it is {kind}; trfkit writes only to regular files, FIFOs and character devices"


def _dangling(path: str | os.PathLike[str]) -> str | None:
    # following a link to nothing would create a file wherever the link points
    if os.path.islink(path):
        return f"it is a symbolic link to {os.readlink(path)}, which does not exist"
    return None


def _is(path: str, st: os.stat_result) -> bool:
    try:
        found = os.stat(path)
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (st.st_dev, st.st_ino)


def _write_special(target: str, mode: int, data: bytes) -> None:
    """Write to a FIFO or a character device in place (:func:`unwritable` refused the rest)."""
    fd = open_special(target, mode)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)


def open_special(target: str, mode: int) -> int:
    """Open a FIFO or character device (of *mode*, as found) to write to it in place."""
    what = describe(mode)
    try:
        # non-blocking open: a FIFO without a reader fails at once (ENXIO) instead of hanging
        fd = os.open(target, os.O_WRONLY | _NONBLOCK | _NOCTTY | _CLOEXEC | _BINARY)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(
                errno.ENXIO,
                f"it is {what} that no process is reading (trfkit does not wait for one)",
            ) from None
        raise
    try:
        if stat.S_IFMT(os.fstat(fd).st_mode) != stat.S_IFMT(mode):
            raise OSError(errno.EAGAIN, f"it was {what}, and changed as it was opened")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _write_through(target: str, data: bytes) -> None:
    fd = os.open(target, os.O_WRONLY | os.O_TRUNC | _CLOEXEC | _BINARY)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write all of *data* to *fd* (``os.write`` may write part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _replace(folder: str, name: str, data: bytes, model: os.stat_result | None) -> None:
    """Write a temporary file in *folder* and rename it to *name*; never leave it behind.

    The file gets the owner, group and mode of *model* (the file replaced, or the one a
    backup copies), or the umask's mode without one. It stays 0600 until renamed: the owner
    and group are given before the rename (0600 shows the group nothing), the mode after it.
    """
    fd, temp = create_temp(folder, name)
    done = False
    try:
        write_all(fd, data)
        os.fsync(fd)
        mode = mode_like(fd, model) if model is not None else new_mode()
        os.replace(temp, os.path.join(folder, name))
        done = True
        _chmod(fd, os.path.join(folder, name), mode)
    finally:
        os.close(fd)  # after the rename: the lock says "in use" until the file is in place
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    sync_folder(folder)


def mode_like(fd: int, model: os.stat_result) -> int:
    """Give the file of *fd* the owner and group of *model* where permitted; the mode it may have.

    The mode is *model*'s but for what would open the file wider than *model* does: the
    group's permissions (and set-group-ID) when the group could not be kept (the file's
    group is then one *model* did not trust), set-user-ID when the owner could not be.
    """
    if hasattr(os, "fchown"):
        # as root, or to a group this user is in; anything else is EPERM, and is allowed for
        with contextlib.suppress(OSError):
            os.fchown(fd, model.st_uid, model.st_gid)
        mine = os.fstat(fd)
        if mine.st_gid != model.st_gid:
            with contextlib.suppress(OSError):
                os.fchown(fd, -1, model.st_gid)
            mine = os.fstat(fd)
        owner, group = mine.st_uid, mine.st_gid
    else:  # pragma: no cover - Windows: no owners to keep
        owner, group = model.st_uid, model.st_gid
    mode = stat.S_IMODE(model.st_mode)
    if group != model.st_gid:
        mode &= ~(stat.S_IRWXG | stat.S_ISGID)
    if owner != model.st_uid:
        mode &= ~stat.S_ISUID
    return mode


def new_mode(base: int = 0o666) -> int:
    """The mode of a new file (a folder: *base* 0777): *base* less the umask."""
    return base & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux 4.7+).

    Elsewhere it is set to read it, to 077 for that moment: a file another thread creates
    meanwhile is private rather than open to all (as with the usual ``umask(0)``).
    """
    with contextlib.suppress(OSError, ValueError, StopIteration):
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            line = next(line for line in status if line.startswith("Umask:"))
        return int(line.split()[1], 8) & 0o777
    umask = os.umask(0o077)
    os.umask(umask)
    return umask


def _chmod(fd: int, path: str, mode: int) -> None:
    with contextlib.suppress(OSError):
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:  # pragma: no cover - Windows before 3.13
            os.chmod(path, mode)


def sync_folder(folder: str) -> None:
    """Make the rename itself durable (where a folder can be opened and synced)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder or ".", os.O_RDONLY | _CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def create_temp(folder: str, name: str) -> tuple[int, str]:
    """A new temporary file beside *name*, locked, with an unpredictable name."""
    # the name is cut so that the temporary name fits NAME_MAX (255 bytes) too
    stem = os.fsdecode(os.fsencode(name)[:200])
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
    for _ in range(100):
        # os.urandom is what secrets.token_hex reads, without importing hashlib for it
        temp = os.path.join(folder, f".{stem}.trfkit-{os.urandom(8).hex()}.tmp")
        try:
            fd = os.open(temp, flags, 0o600)
        except FileExistsError:
            continue
        try:
            if _lock(fd, blocking=True) and not _same_inode(temp, fd):
                # a cleaner removed it between the creation and the lock: take another name
                os.close(fd)
                continue
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        return fd, temp
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", folder)


def _lock(fd: int, blocking: bool) -> bool:
    """Take the advisory lock that marks a temporary file in use; False when none is taken."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except OSError:  # held by a live writer, or a filesystem without locks
        return False
    return True


def _same_inode(path: str, fd: int) -> bool:
    try:
        found = os.lstat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (found.st_dev, found.st_ino) == (mine.st_dev, mine.st_ino)


def clean_stale(folder: str) -> tuple[str, ...]:
    """Remove the temporary files of trfkit's pattern in *folder* whose writer is gone.

    Only regular files owned by this user, that no process holds locked, are removed;
    each folder is searched once per process. Returns the paths removed.
    """
    key = os.path.abspath(folder or ".")
    if fcntl is None or key in _cleaned:
        return ()
    _cleaned.add(key)
    removed = []
    try:
        names = [e.name for e in os.scandir(key) if TEMP_PATTERN.fullmatch(e.name)]
    except OSError:
        return ()
    for name in names:
        path = os.path.join(key, name)
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _NOCTTY)
        except OSError:
            continue
        try:
            st = os.fstat(fd)
            if (
                stat.S_ISREG(st.st_mode)
                and st.st_uid == _euid()
                and _lock(fd, blocking=False)
                and _same_inode(path, fd)
            ):
                os.unlink(path)
                removed.append(path)
        except OSError:
            pass
        finally:
            os.close(fd)
    return tuple(removed)


def _euid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else 0


def open_regular(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open *path* for reading when it is a regular file (links followed).

    Raises :class:`OSError` (``EINVAL``; its ``strerror`` says what the path is, as
    :func:`describe` does) for anything else, found without opening it: opening
    a FIFO waits for a writer, and opening some devices acts on them. The file is then
    opened without blocking and checked again, in case it was swapped in between.
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, describe(st.st_mode), os.fspath(path))
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY | _CLOEXEC | _BINARY)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, describe(mode), os.fspath(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def irregular(path: str | os.PathLike[str]) -> str | None:
    """What *path* is when it exists and is not a regular file (``"a FIFO (named pipe)"``).

    ``None`` for a regular file and for a path that cannot be stat'ed (reading it says why).
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return None if stat.S_ISREG(mode) else describe(mode)


def read_upto(
    handle: IO[bytes], limit: int, chunk: int = 1 << 20, *, name: str = "the stream"
) -> bytes:
    """Read *handle* to its end, or to ``limit + 1`` bytes (one more says it is too big).

    Read in chunks: a stream without an end (``/dev/zero`` as stdin) stops at the limit,
    and memory follows what was read, not the limit. A text stream is read the same way,
    ``limit + 1`` characters at most, and gives text.

    Raises:
        ArgumentTypeError: When ``read()`` gives neither bytes nor text (*name* says whose
            it is in the message: ``load(): fp``).
    """
    parts: list[bytes] = []
    size = 0
    while size <= limit:
        part = handle.read(min(chunk, limit + 1 - size))
        if isinstance(part, (bytearray, memoryview)):
            part = bytes(part)
        if not isinstance(part, (bytes, str)) or (parts and type(part) is not type(parts[0])):
            from trfkit.errors import ArgumentTypeError

            kind = ArgumentTypeError.given(part)
            raise ArgumentTypeError(
                f"{name}.read() gave {kind}: a file object opened for reading in binary "
                "mode ('rb') gives bytes"
            )
        if not part:
            break
        parts.append(part)
        size += len(part)
    if parts and isinstance(parts[0], str):
        return "".join(parts)  # type: ignore[unused-ignore]
    return b"".join(parts)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when *a* and *b* name the same existing file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
