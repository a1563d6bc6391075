"""Which rounds of a report count: the last round completed, and values appended after it."""

from __future__ import annotations

from typing import Final

from trfkit.compute.points import BYE_RESULTS
from trfkit.model import (
    Result,
    Tournament,
)

# --- report-wide facts ---------------------------------------------------------------------


def completed_rounds(tournament: Tournament) -> int:
    """The last round in which any game (played or forfeited) has a result.

    Rounds after it hold only byes entered in advance (a partial TRF for the next
    pairing) and are left out of the standings, unless a round there was played
    without a game: every player has a block with a result in it and one of them
    is a bye that scores (``H``, or ``0000 - =`` as ICU writes a half-point bye;
    see :func:`_round_without_games`). A report without any game uses the highest
    round with a result.
    """
    last_game = 0
    last_any = 0
    byes = BYE_RESULTS
    for p in tournament.players:
        # Blocks run in round order: from the end, the first result is the player's
        # last, and the first game ends the search.
        for b in reversed(p.rounds):
            result = b.result
            if result is None:
                continue
            if b.round > last_any:
                last_any = b.round
            if b.opponent is not None and result not in byes:
                if b.round > last_game:
                    last_game = b.round
                break
    limit = tournament.declared_rounds
    rounds = last_game or last_any
    if last_game and last_any > last_game:
        rounds = max(rounds, _round_without_games(tournament, last_game, last_any))
    if limit and any(p.appended for p in tournament.players):
        rounds = min(rounds, limit)
    return rounds


_SCORING_BYES: Final = frozenset({Result.HALF_BYE, Result.FULL_BYE, Result.PAIRING_BYE})
_PAIRED: Final = frozenset({Result.PAIRING_BYE, Result.FORFEIT_WIN})
"""Results only the pairing of a round gives: a pairing-allocated bye, a win by forfeit."""
_SCORING_WITHOUT_OPPONENT: Final = frozenset(
    {Result.DRAW, Result.DRAW_UNRATED, Result.WIN, Result.WIN_UNRATED, Result.FORFEIT_WIN}
)
"""Game results that, written without an opponent, are byes that score (``0000 - =``)."""


def _round_without_games(tournament: Tournament, after: int, last: int) -> int:
    """The last round after *after* (up to *last*) that was played although nobody played a game.

    Every player with round blocks has one with a result in that round (a bye or an
    absence: the round is written for the whole field, not only for the players who
    will be absent from the round to be paired), and a bye there scores; or a player
    has a pairing-allocated bye (``U``) or a win by forfeit (``+``) in it, which only the
    pairing of a round gives, and no game of it waits for its result (a round paired,
    not yet played).
    A round with only blank, ``Z`` or ``0000 - -`` blocks is a round not played yet.

    Returns:
        The round, or 0 when there is none.
    """
    players = [p.rounds for p in tournament.players if p.rounds]
    for number in range(last, after, -1):
        here = [b[number - 1] for b in players if len(b) >= number]
        if any(x.result in _PAIRED for x in here) and not any(x.is_game for x in here):
            return number  # only a pairing gives these; no game waits for a result
        scores = False
        for blocks in players:
            if len(blocks) < number:
                break
            block = blocks[number - 1]
            result = block.result
            if result is None:
                break
            if result in _SCORING_BYES or (
                result in _SCORING_WITHOUT_OPPONENT and not block.is_game
            ):
                scores = True
        else:
            if scores:
                return number
    return 0


def appended_columns(tournament: Tournament) -> dict[int, tuple[str, ...]]:
    """Tie-break values an exporter appended to the 001 lines after the last round.

    The reader finds them (:attr:`~trfkit.model.Player.appended`): numbers after the
    declared last round's block (record 142 or ``XXR``) on every line that has any.

    Returns:
        Start rank → the values as written (empty when there are none).
    """
    found: dict[int, tuple[str, ...]] = {}
    for p in tournament.players:
        if p.appended:
            found.setdefault(p.start_rank, p.appended)
    return found
