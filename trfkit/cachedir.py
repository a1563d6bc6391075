"""The user's trfkit cache folder, shared by the grammar cache and the plugin cache."""

from __future__ import annotations

import os


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
