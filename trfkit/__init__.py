"""trfkit: read, write, convert and check FIDE Tournament Report Files.

The reading and writing API follows :mod:`json`: :func:`parse`, :func:`loads`,
:func:`load`, :func:`dumps`, :func:`dump`. Checks run through :func:`check`.
"""

from __future__ import annotations

TYPE_CHECKING = False
"""``typing.TYPE_CHECKING`` without importing :mod:`typing` (which ``--version`` does not need)."""

__version__ = "0.1.0"

__all__ = [
    "ParseResult",
    "Tournament",
    "__version__",
    "check",
    "dump",
    "dump_bytes",
    "dumps",
    "load",
    "loads",
    "parse",
]

if TYPE_CHECKING:
    from typing import Any

    from trfkit.api import ParseResult, dump, dump_bytes, dumps, load, loads, parse
    from trfkit.checks import check
    from trfkit.model import Tournament


def __getattr__(name: str) -> Any:
    """Import the API lazily, so ``trfkit --version`` does not load the parser."""
    if name in ("ParseResult", "dump", "dump_bytes", "dumps", "load", "loads", "parse"):
        from trfkit import api

        return getattr(api, name)
    if name == "check":
        from trfkit.checks import check

        return check
    if name == "Tournament":
        from trfkit.model import Tournament

        return Tournament
    raise AttributeError(f"module 'trfkit' has no attribute {name!r}")
