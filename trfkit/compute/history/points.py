"""How many points a result is worth: the point system of records 162, XXS and BB?."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from trfkit.model import (
    BbpScore,
    Colour,
    Result,
    Scoring,
    Tournament,
)
from trfkit.values import Value

# --- scoring -------------------------------------------------------------------------------

_ONE, _HALF, _ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


# a key of the per-system tables: hashed once, not per file
@attrs.frozen(cache_hash=True, repr=False)
class PointSystem(Value):
    """Points for each kind of round: record 162, JaVaFo ``XXS`` or bbpPairings ``BB?``.

    Attributes:
        win_white: A win over the board with White (``1``, ``W``).
        win_black: A win over the board with Black.
        draw_white: A draw with White (``=``, ``D``).
        draw_black: A draw with Black.
        loss_white: A loss with White (``0``, ``L``).
        loss_black: A loss with Black.
        forfeit_win: ``+``.
        forfeit_loss: ``-``.
        full_bye: ``F``.
        half_bye: ``H``.
        zero_bye: ``Z``, blank, absence.
        pairing_bye: ``U`` (the pairing-allocated bye).
        unknown: ``X`` (unknown result, e.g. adjourned).
        source: Which record set the values (``"default"``, ``"record 162"``, …).
    """

    win_white: Fraction = _ONE
    win_black: Fraction = _ONE
    draw_white: Fraction = _HALF
    draw_black: Fraction = _HALF
    loss_white: Fraction = _ZERO
    loss_black: Fraction = _ZERO
    forfeit_win: Fraction = _ONE
    forfeit_loss: Fraction = _ZERO
    full_bye: Fraction = _ONE
    half_bye: Fraction = _HALF
    zero_bye: Fraction = _ZERO
    pairing_bye: Fraction = _ONE
    unknown: Fraction = _HALF
    source: str = "default"

    @property
    def win(self) -> Fraction:
        """The points for a win (W); with colour-dependent values, White's."""
        return self.win_white

    @property
    def draw(self) -> Fraction:
        """The points for a draw (D)."""
        return self.draw_white

    @property
    def loss(self) -> Fraction:
        """The points for a loss (L)."""
        return self.loss_white

    def points(self, result: Result | None, colour: Colour = Colour.NONE) -> Fraction:
        """The points *result* brings; a blank result is ``Z``."""
        black = colour is Colour.BLACK
        if result is None:
            return self.zero_bye
        return {
            Result.WIN: self.win_black if black else self.win_white,
            Result.WIN_UNRATED: self.win_black if black else self.win_white,
            Result.DRAW: self.draw_black if black else self.draw_white,
            Result.DRAW_UNRATED: self.draw_black if black else self.draw_white,
            Result.LOSS: self.loss_black if black else self.loss_white,
            Result.LOSS_UNRATED: self.loss_black if black else self.loss_white,
            Result.FORFEIT_WIN: self.forfeit_win,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.FULL_BYE: self.full_bye,
            Result.HALF_BYE: self.half_bye,
            Result.ZERO_BYE: self.zero_bye,
            Result.PAIRING_BYE: self.pairing_bye,
            Result.UNKNOWN: self.unknown,
        }[result]

    def values(self) -> tuple[Fraction, ...]:
        """Every point value (to find a common denominator)."""
        return tuple(getattr(self, f.name) for f in attrs.fields(PointSystem) if f.name != "source")

    @classmethod
    def from_tournament(cls, tournament: Tournament) -> PointSystem:
        """The point system a report declares (bbp ``BB?``, then ``XXS``, then 162 win)."""
        values: dict[str, Fraction] = {}
        sources: list[str] = []
        pab_set = False
        bbp = {"BBW": ("win_white", "win_black", "forfeit_win", "full_bye"),
               "BBD": ("draw_white", "draw_black", "half_bye"),
               "BBL": ("loss_white", "loss_black"),
               "BBZ": ("zero_bye",),
               "BBF": ("forfeit_loss",),
               "BBU": ("pairing_bye",)}  # fmt: skip
        for bbp_record in tournament.of_type(BbpScore):
            if bbp_record.code in bbp and bbp_record.points is not None:
                for name in bbp[bbp_record.code]:
                    values[name] = bbp_record.points
                pab_set = pab_set or bbp_record.code == "BBU"
                sources.append(bbp_record.code)
        xxs = {"WW": ("win_white",), "BW": ("win_black",), "WD": ("draw_white",),
               "BD": ("draw_black",), "WL": ("loss_white",), "BL": ("loss_black",),
               "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",),
               "PAB": ("pairing_bye",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
               "W": ("win_white", "win_black", "forfeit_win", "full_bye"),
               "D": ("draw_white", "draw_black", "half_bye"),
               "L": ("loss_white", "loss_black")}  # fmt: skip
        trf26 = {"W": ("win_white", "win_black", "forfeit_win", "full_bye"),
                 "D": ("draw_white", "draw_black", "half_bye"),
                 "L": ("loss_white", "loss_black"),
                 "A": ("zero_bye", "forfeit_loss"), "Z": ("zero_bye", "forfeit_loss"),
                 "P": ("pairing_bye",), "U": ("pairing_bye",), "X": ("unknown",)}  # fmt: skip
        for code, table in (("XXS", xxs), ("162", trf26)):
            for record in tournament.of_type(Scoring):
                if record.code != code:
                    continue
                sources.append("record 162" if code == "162" else "XXS")
                for symbol, points in record.values:
                    names = table.get(symbol.upper())
                    if names:
                        for name in names:
                            values[name] = points
                        pab_set = pab_set or symbol.upper() in ("P", "U", "PAB")
        if not pab_set and ("win_white" in values):
            values["pairing_bye"] = values["win_white"]
        if not sources and cls is PointSystem:
            return _DEFAULT_SYSTEM  # most reports: one shared value, its tables made once
        source = ", ".join(dict.fromkeys(sources)) or "default"
        return cls(**values, source=source)


_DEFAULT_SYSTEM: Final = PointSystem()
