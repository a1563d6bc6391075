"""The programs that read TRF files besides trfkit, and what one of them says of a line.

``check --readers`` asks, for each named reader, what that program will refuse in a
file or read differently from the specification; ``convert --for`` writes what one of
them accepts. Each reader's rules live in a module of :mod:`trfkit.trf` written from
that program's source (``trf/bbppairings``, ``trf/gacrux``); this module names the
readers and holds the value their rules return.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from trfkit.errors import UsageError
from trfkit.values import Value

__all__ = ["Finding", "Reader", "readers_of"]


class Reader(enum.Enum):
    """A program that reads TRF files, whose reading trfkit models."""

    BBPPAIRINGS = "bbppairings"
    """bbpPairings, the FIDE-endorsed Dutch and Burstein pairing engine (its ``-c`` check)."""
    GACRUX = "gacrux"
    """gacrux, FIDE's tie-break checker (PyPI ``gacrux``)."""

    @property
    def label(self) -> str:
        """The program's own spelling of its name."""
        return _LABELS[self]


_LABELS = {Reader.BBPPAIRINGS: "bbpPairings", Reader.GACRUX: "gacrux"}


def readers_of(value: str | Iterable[str | Reader] | None) -> frozenset[Reader]:
    """The readers a comma-separated list (or an iterable) names; ``UsageError`` if unknown."""
    if value is None:
        return frozenset()
    items = value.split(",") if isinstance(value, str) else value
    found: set[Reader] = set()
    for item in items:
        if isinstance(item, Reader):
            found.add(item)
            continue
        name = item.strip().lower()
        if not name:
            continue
        try:
            found.add(Reader(name))
        except ValueError:
            known = ", ".join(r.value for r in Reader)
            raise UsageError(f"unknown reader {item.strip()!r}; known: {known}") from None
    return frozenset(found)


@attrs.frozen(kw_only=True, repr=False)
class Finding(Value):
    """What a reader will do with one place of a file, by one of its rules.

    Attributes:
        rule: The rule's name (the name of the check that reports it).
        message: What the reader does there and what to write instead.
        line: The 1-based line, ``None`` for the file as a whole.
        column: The 1-based column of the text concerned, if any.
        players: The start ranks concerned, if any.
    """

    rule: str
    message: str
    line: int | None = None
    column: int | None = None
    players: tuple[int, ...] = ()
