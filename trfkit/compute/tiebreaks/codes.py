"""FIDE tie-break codes (C.07) and the modifiers of TRF-2026 records 202/212."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeVar

from trfkit.errors import TieBreakError

# --- codes ---------------------------------------------------------------------------------


CODES: dict[str, str] = {
    "PTS": "points (the score itself)",
    "DE": "direct encounter (art. 6)",
    "WIN": "number of wins, with or without playing (7.1)",
    "WON": "number of games won over the board (7.2)",
    "BPG": "number of games played with Black (7.3)",
    "BWG": "number of games won with Black (7.4)",
    "PS": "progressive score (7.5)",
    "REP": "rounds one elected to play (7.6; GE before August 2024)",
    "STD": "standard points (7.7, 2026)",
    "TPN": "tournament pairing number (7.8, 2026; lower ranks first)",
    "BH": "Buchholz (8.1)",
    "AOB": "average of opponents' Buchholz (8.2)",
    "FB": "Fore Buchholz (8.3)",
    "SB": "Sonneborn-Berger (9.1)",
    "KS": "Koya system for round robins (9.2)",
    "ARO": "average rating of opponents (10.1)",
    "TPR": "tournament performance rating (10.2)",
    "PTP": "perfect tournament performance (10.3)",
    "APRO": "average performance rating of opponents (10.4)",
    "APPO": "average perfect performance of opponents (10.5)",
    "RTNG": "rating (10.6, 2026)",
}
"""Every tie-break the engine computes, by FIDE acronym, with its C.07 article."""

TEAM_CODES = frozenset(
    {"MPVGP", "EDE", "EDET", "EDEC", "EDEB", "EDEBT", "EDEBB", "ESB", "EMMSB", "EMGSB",
     "EGMSB", "EGGSB", "BC", "TBR", "BBE", "SSSC", "MP", "GP"}
)  # fmt: skip
"""Team tie-breaks (C.07 11-13): team standings, which trfkit does not compute."""

ALIASES = {"GE": "REP"}
"""Older acronyms and the code they stand for."""

_CUTTABLE = frozenset({"BH", "FB", "SB", "ARO", "PS"})
_INTEGER_CODES = frozenset(
    {"WIN", "WON", "BPG", "BWG", "REP", "TPN", "RTNG", "ARO", "TPR", "PTP", "APRO", "APPO"}
)
_MODIFIER = re.compile(r"[/-](C\d+|M\d+|L[+-]?\d+|P|R|F|U\w*)", re.IGNORECASE | re.ASCII)
_NAME = re.compile(r"([A-Z]+)(:(MP|GP))?", re.IGNORECASE)


class TieBreak(NamedTuple):
    """One tie-break of a list, with its modifiers.

    Attributes:
        text: The code as written (``"sb/c1"``); output keys use it unchanged.
        name: The canonical acronym (``"SB"``; ``GE`` becomes ``REP``).
        cut: How many least significant values are cut (``/C1``, and ``/M1``).
        median: How many most significant values a median also cuts (``/M1``).
        limit: Koya limit shift in half points (``/L+1`` → 1), or ``None``.
        limit_percent: Koya limit as a percentage (``/L40``), or ``None``.
        pre_determined: ``/P``: forfeits count as played games.
        reverse: ``/R``: the order is reversed.
        fore: ``/F`` or ``FB``: Fore Buchholz instead of Buchholz.
    """

    text: str
    name: str
    cut: int = 0
    median: int = 0
    limit: int | None = None
    limit_percent: int | None = None
    pre_determined: bool = False
    reverse: bool = False
    fore: bool = False

    @property
    def key(self) -> str:
        """The code in upper case, as comparisons and side files use it."""
        return self.text.upper()

    @property
    def higher_is_better(self) -> bool:
        """False for TPN (the lower pairing number ranks first) and for ``/R``."""
        return (self.name != "TPN") != self.reverse

    @property
    def is_integer(self) -> bool:
        """True for counts and ratings, which are written without decimals."""
        return self.name in _INTEGER_CODES


def koya_limit(number: str) -> tuple[int, int | None]:
    """A Koya ``/L`` modifier's number: (shift, ``None``), or (0, percentage).

    The shift is in half points (C.07 14.5) for ``+1``, ``-2`` or a small number; a number
    from 10 is a percentage of the maximum score (``/L40``, FIDE's checker's form). The
    one reading of the modifier, for players' ``KS`` and teams' ``KS:MP``/``KS:GP``.
    """
    if number[0] in "+-" or int(number) < 10:
        return int(number), None
    return 0, int(number)


@functools.lru_cache(maxsize=1024)
def parse_tiebreak(text: str) -> TieBreak:
    """Read one code with its modifiers, e.g. ``SB/C1``, ``bh-m1``, ``KS/L+1``, ``GE``.

    Args:
        text: The code as written in record 202/212, on the command line or in a side file.

    Returns:
        The parsed tie-break; ``text`` keeps the spelling given (without blanks).

    Raises:
        TieBreakError: For an unknown acronym or a modifier that does not apply.
    """
    raw = text.strip()
    match = _NAME.match(raw)
    if not raw or match is None:
        raise TieBreakError(f"{text!r} is not a tie-break code")
    name = match.group(1).upper()
    name = ALIASES.get(name, name)
    if name in TEAM_CODES:
        raise TieBreakError(f"team tie-break {match.group(1)!r} is not computed for players")
    if name not in CODES:
        raise TieBreakError(f"unknown tie-break {match.group(1)!r}")
    rest = raw[match.end() :]
    fields: dict[str, Any] = {}
    for token in modifier_tokens(text, rest):
        kind = token[0]
        if kind == "C":
            fields["cut"] = int(token[1:])
        elif kind == "M":
            fields["cut"] = fields["median"] = int(token[1:])
        elif kind == "L":
            shift, percent = koya_limit(token[1:])
            if percent is None:
                fields["limit"] = shift
            else:
                fields["limit_percent"] = percent
        elif kind == "P":
            fields["pre_determined"] = True
        elif kind == "R":
            fields["reverse"] = True
        elif kind == "F":
            fields["fore"] = True
        # /U… (unrated handling) is accepted and ignored: unrated opponents never count.
    if (fields.get("cut") or fields.get("median")) and name not in _CUTTABLE:
        raise TieBreakError(f"{text!r}: {name} takes no cut or median modifier")
    if ("limit" in fields or "limit_percent" in fields) and name != "KS":
        raise TieBreakError(f"{text!r}: only KS takes a limit modifier")
    if name == "FB":
        fields["fore"] = True
    return TieBreak(raw.replace(" ", ""), name, **fields)


def modifier_tokens(text: str, rest: str, pattern: re.Pattern[str] = _MODIFIER) -> list[str]:
    """The modifiers of *rest* (what follows the acronym of *text*), upper case.

    Raises:
        TieBreakError: When some of *rest* is no modifier *pattern* reads.
    """
    tokens = []
    position = 0
    for item in pattern.finditer(rest):
        if item.start() != position:
            break
        position = item.end()
        tokens.append(item.group(1).upper())
    if position != len(rest):
        raise TieBreakError(f"{text!r}: modifier {rest[position:]!r} not understood")
    return tokens


_Code = TypeVar("_Code")


def parse_declared(
    code: str, texts: Iterable[str], parse: Callable[[str], _Code]
) -> tuple[list[_Code], list[str]]:
    """The codes of a declared list (record *code*, 212 or 202) read by *parse*.

    A blank entry is skipped; one that cannot be read is left out, with a problem.
    """
    parsed: list[_Code] = []
    problems: list[str] = []
    for text in texts:
        if not text.strip():
            continue
        try:
            parsed.append(parse(text))
        except TieBreakError as exc:
            problems.append(f"record {code}: {exc}; left out")
    return parsed, problems


def output_keys(texts: Iterable[str]) -> tuple[str, ...]:
    """The output keys of a list of codes as written: a repeated code gets ``#2``, ``#3``."""
    seen: dict[str, int] = {}
    keys = []
    for text in texts:
        seen[text] = seen.get(text, 0) + 1
        keys.append(text if seen[text] == 1 else f"{text}#{seen[text]}")
    return tuple(keys)


def parse_tiebreaks(texts: Iterable[str]) -> tuple[TieBreak, ...]:
    """Parse a list of codes (blank entries are skipped); raises :class:`TieBreakError`."""
    return tuple(parse_tiebreak(t) for t in texts if t.strip())
