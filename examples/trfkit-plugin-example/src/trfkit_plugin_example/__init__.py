"""An example trfkit plugin: a federation's rating-floor rule as check X001."""

from __future__ import annotations

from collections.abc import Iterator

from trfkit.checks import Context, make_check
from trfkit.diagnostics import Diagnostic, Severity

DEFAULT_FLOOR = 1400
"""The lowest FIDE rating since 1 March 2024."""

RATING_COLUMN = 49
"""Record 001: the FIDE rating stands in columns 49-52."""


def _rating_below_floor(ctx: Context) -> Iterator[Diagnostic]:
    """A FIDE rating below the rating floor: a national rating in the FIDE column.

    FIDE ratings start at 1400 (the floor since 1 March 2024), so a rating
    below it in record 001, columns 49-52, is a national or club rating and
    must not reach a FIDE rating report. The floor can be changed with the
    plugin option ``rating-floor`` (``CheckOptions(extra={"rating-floor": 1000})``).
    A blank or 0 rating (unrated) is not reported.

    PASS: ``001    7 m    Doe, John                         1520 IRL``
    FAIL: ``001    7 m    Doe, John                         1180 IRL``
    """
    floor = ctx.options.extra.get("rating-floor", DEFAULT_FLOOR)
    for player in ctx.tournament.players:
        if player.rating and player.rating < floor:
            yield RATING_BELOW_FLOOR.rule.diagnostic(
                f"player {player.start_rank} is rated {player.rating}, below the FIDE rating "
                f"floor of {floor}; expected a FIDE rating or a blank column",
                line=player.line,
                column=RATING_COLUMN,
                players=(player.start_rank,),
            )


RATING_BELOW_FLOOR = make_check("X001", "rating-below-floor", Severity.WARNING, _rating_below_floor)

CHECKS = (RATING_BELOW_FLOOR,)
"""The checks this plugin registers (entry point ``trfkit.checks``)."""
