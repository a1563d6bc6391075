"""What both sides of a game say: the games they agree on, set aside, and every other block.

A game is written twice, once on each player's line. Most blocks of a clean file are
*agreeing games*: an opponent who has a player record and lists the player back in
that round, with the other colour (``w``/``b``) and the complementary result
(:func:`~trfkit.compute.history.kinds.complementary`). One walk over every block sets
those aside and keeps the others, in file order, for the block checks to judge.
"""

from __future__ import annotations

from typing import NamedTuple

from trfkit.compute.history.kinds import COMPLEMENTS
from trfkit.model import Colour, Player, Result, RoundResult, Tournament

__all__ = ["Blocks", "walk_blocks"]

_COMPLEMENT_OF = {id(r): theirs for r, theirs in COMPLEMENTS.items()}
""":data:`~trfkit.compute.history.kinds.COMPLEMENTS` by ``id`` (enum members hash in Python,
``id`` is a C call). A forfeit lost by both is no agreeing game here: S003 looks at it."""


class Blocks(NamedTuple):
    """What one walk over every round block of a file finds, shared by the block checks.

    Attributes:
        notable: ``(player, block)`` for every block that is neither blank nor an
            agreeing game, players in file order and each player's blocks in order.
        last_used: The highest round with a block that is not blank (0 when none).
    """

    notable: tuple[tuple[Player, RoundResult], ...]
    last_used: int


def walk_blocks(t: Tournament) -> Blocks:
    """Walk every round block of *t* once and sort out the ones the checks must read."""
    white, black, no_colour = Colour.WHITE, Colour.BLACK, Colour.NONE
    win, loss, draw = Result.WIN, Result.LOSS, Result.DRAW
    complement_of = _COMPLEMENT_OF.get
    # The opponent's blocks by start rank (the first record of a rank, as players_by_start_rank).
    rounds_of = {rank: p.rounds for rank, p in t.players_by_start_rank.items()}
    notable: list[tuple[Player, RoundResult]] = []
    last_used = 0
    for p in t.players:
        rank = p.start_rank
        for b in p.rounds:
            number = b.round
            opponent = b.opponent
            colour = b.colour
            if opponent is not None and opponent != rank and (colour is white or colour is black):
                # The result the opponent must show; the table lookup (None for a bye or
                # a blank) only for the rarer codes.
                result = b.result
                complement: Result | None
                if result is win:
                    complement = loss
                elif result is loss:
                    complement = win
                elif result is draw:
                    complement = draw
                else:
                    complement = complement_of(id(result))
                other_rounds = rounds_of.get(opponent)
                if (
                    complement is not None
                    and other_rounds is not None
                    and 0 < number <= len(other_rounds)
                ):
                    ob = other_rounds[number - 1]
                    if (
                        ob.opponent == rank
                        and ob.result is complement
                        and ob.colour is (black if colour is white else white)
                    ):
                        if number > last_used:
                            last_used = number
                        continue  # an agreeing game: nothing for any block check
            elif opponent is None and colour is no_colour and b.result is None:
                continue  # a blank block says nothing
            if number > last_used:
                last_used = number
            notable.append((p, b))
    return Blocks(tuple(notable), last_used)
