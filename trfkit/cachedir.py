"""The user's trfkit cache folder, shared by the grammar cache and the plugin cache."""

from __future__ import annotations

import os
import stat


def cache_dir() -> str | None:
    """``$TRFKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/trfkit``, else ``~/.cache/trfkit``.

    ``None`` when ``TRFKIT_NO_CACHE`` is set: nothing is cached then.
    """
    if os.environ.get("TRFKIT_NO_CACHE"):
        return None
    return os.environ.get("TRFKIT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "trfkit",
    )


def private(info: os.stat_result) -> bool:
    """Whether a cache file with this status may be trusted: the user's own, written by none else.

    A file that others may write (or that another user made) could hold anyone's
    code, so the pickled parse-table cache ignores it. POSIX only: elsewhere
    (Windows) the permission bits say nothing of the kind and the folder is the
    user's own profile.
    """
    if not hasattr(os, "getuid"):
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
