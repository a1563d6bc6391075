"""trfkit: read, write, convert and check FIDE Tournament Report Files.

The public API (``help(trfkit)`` lists each with its documentation):

- reading, in the style of :mod:`json`: :func:`parse` (the model and every
  diagnostic, a :class:`ParseResult`), :func:`loads` and :func:`load` (the model);
- writing: :func:`dumps`, :func:`dump_bytes`, :func:`dump` (an unchanged record is
  written back byte for byte);
- checking: :func:`check` (every diagnostic of every check, located);
- fixing: :func:`fix` (the derived and cosmetic values, never a game: :mod:`trfkit.fixes`);
- the standings: :func:`standings` (points, ranks and tie-breaks recomputed, exact);
- converting: :func:`convert` (TRF16 ↔ TRF-2026, and every adjustment it made);
- the model: :class:`Tournament` and the records of :mod:`trfkit.model`, frozen values
  edited into new ones that keep their lines: :meth:`Tournament.player`,
  :meth:`Tournament.with_player`, :meth:`Tournament.with_result`,
  :meth:`Tournament.with_header`, :meth:`~trfkit.model.Player.with_points`
  (``docs/api.md`` shows an edit written back);
- errors: every exception trfkit raises is a :class:`TrfError` (:mod:`trfkit.errors`).

Deeper layers, for programs that need them: :mod:`trfkit.compute.regime` (round robin
or Swiss), :mod:`trfkit.compute.standings` and :mod:`trfkit.compute.tiebreaks`
(recomputed standings and tie-breaks), :mod:`trfkit.formats` (other formats).
``ARCHITECTURE.md`` describes the package stage by stage.
"""

from __future__ import annotations

TYPE_CHECKING = False
"""``typing.TYPE_CHECKING`` without importing :mod:`typing` (which ``--version`` does not need)."""

__version__ = "0.1.0"

__all__ = [
    "ParseResult",
    "Tournament",
    "TrfError",
    "__version__",
    "check",
    "convert",
    "dump",
    "dump_bytes",
    "dumps",
    "fix",
    "load",
    "loads",
    "parse",
    "standings",
]

if TYPE_CHECKING:
    from typing import Any

    from trfkit.api import (
        ParseResult,
        check,
        convert,
        dump,
        dump_bytes,
        dumps,
        fix,
        load,
        loads,
        parse,
        standings,
    )
    from trfkit.errors import TrfError
    from trfkit.model import Tournament


def __getattr__(name: str) -> Any:
    """Import the API lazily, so ``trfkit --version`` does not load the parser."""
    if name in (
        "ParseResult", "check", "convert", "dump", "dump_bytes", "dumps", "fix", "load", "loads",
        "parse", "standings",
    ):  # fmt: skip
        from trfkit import api

        return getattr(api, name)
    if name == "Tournament":
        from trfkit.model import Tournament

        return Tournament
    if name == "TrfError":
        from trfkit.errors import TrfError

        return TrfError
    raise AttributeError(f"module 'trfkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the lazily imported API, so ``help(trfkit)`` lists it."""
    return sorted({*globals(), *__all__})
