"""The one reading of a round-robin withdrawal (C.05, fide-rules.md §3.3a).

A player withdrew when his record ends in rounds without a game and without points,
in a finished event (in one still in progress the rounds to come are no evidence). A
round is no evidence either when the table gives the player its bye or an opponent
who had already withdrawn. Every cycle of the schedule counts. When the player
completed fewer than half of his games (the options choose the boundary and which
games are completed: UNCERTAIN) his games are annulled; otherwise they stand and his
unplayed games are forfeits against the table's opponents, however the exporter wrote
the opponent's block (``U``, a blank, ``Z``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Protocol

from trfkit.compute.berger import partner_tables, table_size
from trfkit.compute.history.kinds import (
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    GAME,
    GAMES,
    NOT_PLAYED,
    UNPLAYED,
    Rows,
    is_bye_player,
)
from trfkit.compute.history.points import PointSystem
from trfkit.model import Result
from trfkit.values import WordEnum

__all__ = [
    "CompletedGames",
    "Withdrawal",
    "WithdrawalBoundary",
    "WithdrawalOptions",
    "find_withdrawals",
]


_PAIRED = GAMES | {NOT_PLAYED}
"""Rounds with an opponent: a game, a forfeit, or a game not played yet."""


class WithdrawalBoundary(WordEnum):
    """When C.05's withdrawal rule annuls a round-robin player; UNCERTAIN."""

    BELOW_HALF = "below-half"
    """Fewer than 50 % of the games completed (FIDE's wording)."""
    AT_MOST_HALF = "at-most-half"
    """Also at exactly 50 %."""


class CompletedGames(WordEnum):
    """Which games before a withdrawal count as completed; UNCERTAIN."""

    PLAYED = "played"
    """Games played over the board."""
    SCHEDULED = "scheduled"
    """Every round before the withdrawal, forfeits included."""


class WithdrawalOptions(Protocol):
    """The user's choices the rule reads (the tie-break options carry them, unchanged)."""

    @property
    def withdrawals(self) -> bool:
        """Annul the games of a player who withdrew before half of them."""

    @property
    def withdrawals_in_progress(self) -> bool:
        """Read withdrawals in an event still in progress too."""

    @property
    def withdrawal_boundary(self) -> WithdrawalBoundary:
        """When a withdrawn player is annulled."""

    @property
    def withdrawal_completed(self) -> CompletedGames:
        """Which games before a withdrawal count as completed."""


class _Defaults(NamedTuple):
    withdrawals: bool = True
    withdrawals_in_progress: bool = False
    withdrawal_boundary: WithdrawalBoundary = WithdrawalBoundary.BELOW_HALF
    withdrawal_completed: CompletedGames = CompletedGames.PLAYED


class Withdrawal(NamedTuple):
    """A round-robin player who stopped playing.

    Attributes:
        start_rank: The player.
        from_round: The first round of the unplayed run that ends the record.
        completed: Games that count as completed.
        scheduled: Games the player was scheduled to play (every cycle).
        annulled: True when the games are removed from the standings (under 50 %).
        missed: The rounds (1-based) without a game that show the withdrawal: the table's
            byes and games against players who had already gone are not among them.
        under_half: True when the rule annuls the games (``annulled`` also needs the
            option that applies it).
    """

    start_rank: int
    from_round: int
    completed: int
    scheduled: int
    annulled: bool
    missed: tuple[int, ...] = ()
    under_half: bool = False


class _TableOpponents:
    """The Berger table's opponent of each player in each round (start ranks = numbers)."""

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        self.tables = partner_tables(table_size(len(rows.players)))
        self.m = self.tables.size - 1

    def partner(self, number: int, q: int) -> int:
        """Berger number *number*'s partner in table round *q* (above the field: the bye)."""
        return self.tables.partner[q][number]

    def bye(self, i: int, r: int) -> bool:
        """Whether the table gives player *i* the bye of an odd field in round *r*."""
        rows = self.rows
        return self.partner(rows.players[i].start_rank, r % self.m + 1) > len(rows.players)

    def opponent(self, i: int, r: int) -> int | None:
        """Player *i*'s opponent in round *r* (0-based) by the table; ``None`` for the bye.

        In cycle 1 the last two rounds may be swapped (FIDE): the partner is taken from
        whichever of them leaves both without a game in *r*.
        """
        rows = self.rows
        q = r % self.m + 1
        choices = [q]
        if r < self.m and q >= self.m - 1:
            choices.append(2 * self.m - 1 - q)
        for table_q in choices:
            x = rows.index.get(self.partner(rows.players[i].start_rank, table_q))
            if x is None:
                if table_q == q:
                    return None
                continue
            if rows.kinds[x][r] not in _PAIRED or rows.opponents[x][r] in (-1, i):
                return x
        return None


def _explained(
    rows: Rows, table: _TableOpponents | None, gone: Mapping[int, int], i: int, r: int
) -> bool:
    """Whether player *i*'s round *r* without a game is the table's: a bye, or an opponent gone.

    Without the table only a written opponent who had withdrawn explains it.
    """
    o = rows.opponents[i][r]
    if o < 0 and table is not None:
        if table.bye(i, r):
            return True
        found = table.opponent(i, r)
        o = -1 if found is None else found
    # a double forfeit (each names the other) explains nothing: both stayed away
    return o >= 0 and o in gone and gone[o] < r and rows.opponents[o][r] != i


def _forfeited(rows: Rows, i: int, r: int) -> bool:
    """Whether player *i* lost round *r* by forfeit.

    His block says so (with or without an opponent), or an opponent's block names him
    with a forfeit win.
    """
    if rows.kinds[i][r] in (FORFEIT_LOSS, DOUBLE_FORFEIT):
        return True
    block = rows.players[i].round(r + 1)
    if block is not None and block.result is Result.FORFEIT_LOSS:
        return True
    return any(
        orow[r] == i and krow[r] is FORFEIT_WIN
        for krow, orow in zip(rows.kinds, rows.opponents, strict=True)
    )


def find_withdrawals(
    rows: Rows,
    declared: int | None,
    cycles: int,
    berger_numbers: bool,
    options: WithdrawalOptions | None,
    points: PointSystem,
    unit: int,
) -> dict[int, Withdrawal]:
    """C.05: the players whose record ends in unplayed rounds (see the module docstring).

    A withdrawn player's unplayed games become the table's forfeits in *rows* (when the
    table names the opponents: *berger_numbers*).

    Returns:
        Start rank → the withdrawal.
    """
    s = options if options is not None else _Defaults()
    n = len(rows.players)
    scheduled = (n - 1) * cycles
    per_cycle = n - 1 if n % 2 == 0 else n
    if scheduled <= 0:
        return {}
    unfinished = (declared is not None and declared > rows.rounds) or (
        rows.rounds < cycles * per_cycle
    )
    if unfinished and not s.withdrawals_in_progress:
        return {}  # rounds of the schedule are still to be played
    table = _TableOpponents(rows) if berger_numbers else None
    runs = []
    for i, krow in enumerate(rows.kinds):
        start = len(krow)
        while start and krow[start - 1] in UNPLAYED:
            start -= 1
        # a pseudo-player carrying an odd field's byes (B008) never took part
        if start < len(krow) and not is_bye_player(rows.players[i]):
            runs.append((start, i))
    gone: dict[int, int] = {}  # player index → first round (0-based) without a game
    found: dict[int, Withdrawal] = {}
    for start, i in sorted(runs):
        krow = rows.kinds[i]
        unexplained = [
            r for r in range(start, len(krow)) if not _explained(rows, table, gone, i, r)
        ]
        if not unexplained or (
            len(unexplained) < 2
            and n % 2
            and table is None
            and not _forfeited(rows, i, unexplained[0])
        ):
            continue  # one round without a game in an odd field: maybe its bye
        gone[i] = unexplained[0]
        if s.withdrawal_completed is CompletedGames.SCHEDULED:
            completed = sum(1 for k in krow[:start] if k in GAMES)
        else:
            completed = sum(1 for k in krow if k is GAME)
        if s.withdrawal_boundary is WithdrawalBoundary.AT_MOST_HALF:
            under_half = 2 * completed <= scheduled
        else:
            under_half = 2 * completed < scheduled
        rank = rows.players[i].start_rank
        found[rank] = Withdrawal(
            rank, start + 1, completed, scheduled, under_half and s.withdrawals,
            tuple(r + 1 for r in unexplained), under_half,
        )  # fmt: skip
    if table is not None:
        _table_forfeits(rows, table, gone, points, unit)
    return found


def _table_forfeits(
    rows: Rows, table: _TableOpponents, gone: Mapping[int, int], points: PointSystem, unit: int
) -> None:
    """Give each unplayed game of a withdrawn player its table opponent (C.05 "-"/"+")."""
    win = int(points.forfeit_win * unit)
    loss = int(points.forfeit_loss * unit)
    kinds, opps, pts, outcome = rows.kinds, rows.opponents, rows.points, rows.outcome
    for w, first in gone.items():
        for r in range(first, rows.rounds):
            if kinds[w][r] not in UNPLAYED or opps[w][r] >= 0:
                continue
            x = table.opponent(w, r)
            if x is None or (x in gone and gone[x] <= r):
                continue
            if kinds[x][r] in GAMES or kinds[x][r] is NOT_PLAYED:
                continue  # the table's opponent was paired with someone else
            kinds[w][r], opps[w][r], pts[w][r] = FORFEIT_LOSS, x, loss
            kinds[x][r], opps[x][r], pts[x][r] = FORFEIT_WIN, w, win
            outcome[w][r], outcome[x][r] = -1, 1
            for i in (w, x):
                if r in rows.blank_byes[i]:
                    rows.blank_byes[i].remove(r)
