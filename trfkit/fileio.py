"""Safe output: every file is written to a temporary file beside it and renamed.

An interrupted run (Ctrl-C, a killed process, a full disk) leaves either the
old file or the complete new one, never half of it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write *data* to *path* through a temporary file and an atomic rename."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if target.exists():
            with contextlib.suppress(OSError):
                os.chmod(temp, target.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when *a* and *b* name the same existing file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
