"""The informative team rows 801 (long) and 802 (short), read by tokens.

Their column widths differ between programs (spec §4.4: the layout is UNCERTAIN), so a row
is read by its blank-separated tokens, not by columns: the reader, and the JSON form reading
a row back, build the :class:`~trfkit.model.TeamResults` record here.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from trfkit.model import Colour, RowRound, TeamResults

BYE_WORDS = re.compile(r"^(?:[FHZU]{3,4}|PAB|FPB|HPB|ZPB|-{3,4})$", re.IGNORECASE)
"""Tokens of 801/802 rows that stand for a team bye (``FFFF``, ``PAB``, ``ZPB`` …)."""

RESULT_CHARACTERS = frozenset("1=0+-")
"""801's board results: one character a board."""

_NUMBER = re.compile(r"^\d{1,6}(?:[.,]\d{1,4})?$", re.ASCII)
_ORDER = re.compile(r"[0-9]{1,14}", re.ASCII)
"""An 801 board-order string: one digit a board (a team lists at most 14 players)."""
_TOKEN = re.compile(r"\S+")


def _number(token: str) -> Fraction | None:
    return Fraction(token.replace(",", ".")) if _NUMBER.match(token) else None


def _whole(token: str) -> bool:
    return token.isdecimal() and token.isascii()


def team_results(kind: str, text: str, **record: Any) -> TeamResults:
    """The 801 or 802 record of the line *text* (``record`` passes the source on)."""
    found = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]
    tokens = [t for t, _ in found]
    if len(tokens) < 2 or not _whole(tokens[1]):
        return TeamResults(kind, text, **record)  # no team number: nothing to read
    rounds: list[RowRound] = []
    index = 2
    while index < len(tokens):
        token, column = found[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if _whole(token) and following.lower() in ("w", "b"):
            colour = Colour.WHITE if following.lower() == "w" else Colour.BLACK
            value = tokens[index + 2] if index + 2 < len(tokens) else ""
            points = _number(value) if kind == "802" else None
            order, order_column = "", None
            if kind == "801" and index + 3 < len(tokens):
                after = tokens[index + 4] if index + 4 < len(tokens) else ""
                # digits not followed by a colour: the board order, not the next opponent
                if _ORDER.fullmatch(tokens[index + 3]) and after.lower() not in ("w", "b"):
                    order, order_column = found[index + 3]
            rounds.append(
                RowRound(
                    len(rounds) + 1, column, int(token), colour, value, points, order,
                    order_column,
                )
            )  # fmt: skip
            index += 2
            continue
        if index >= 3 and BYE_WORDS.match(token) and tokens[index - 1] not in ("w", "b"):
            points = _number(following) if kind == "802" else None
            rounds.append(RowRound(len(rounds) + 1, column, None, Colour.NONE, token, points))
        index += 1
    first = rounds[0].column if rounds else len(text) + 2
    header = [(t, c) for t, c in found[2:] if c < first]
    mp = gp = None
    mp_column = gp_column = None
    if len(header) >= 2 and _number(header[-2][0]) is not None and _number(header[-1][0]):
        (mp_text, mp_column), (gp_text, gp_column) = header[-2], header[-1]
        mp, gp = _number(mp_text), _number(gp_text)
    return TeamResults(
        kind, text, int(tokens[1]), mp, gp, mp_column, gp_column, tuple(rounds), **record
    )
