"""What happened to each player and each team in each round: the one reading of a round.

Every stage that needs to know what a round was (the points, the regime, the
withdrawal rule, the individual and team tie-breaks, the checks, the crosstables,
the converter) reads it here; nothing else gives a round block's result, a team bye
or a forfeited match its meaning.

- :mod:`~trfkit.compute.history.kinds`: the kinds of round (:class:`RoundKind`: game,
  forfeit won, lost or lost by both, the four byes, absent, not played yet, annulled)
  and how a block's spelling reads as one (``0000``/blank/``0`` opponents, ``-``/blank
  colours, ``U H F Z =``, ``0000 - +`` …, as the reader normalised them).
- :mod:`~trfkit.compute.history.points`: what a result is worth (:class:`PointSystem`:
  records 162, ``XXS`` and ``BB?``).
- :mod:`~trfkit.compute.history.players`: each player's rounds (:class:`PlayerHistory`,
  :func:`history_of`), read once per file: kind, opponent, points, with record 299,
  the byes a report counts and the withdrawal rule applied; the rounds that count
  (:func:`completed_rounds`).
- :mod:`~trfkit.compute.history.claims`: the games both sides of a game agree on, set
  aside in one walk, and every other block for the block checks.
- :mod:`~trfkit.compute.history.withdrawals`: the round-robin withdrawal (C.05), decided
  once, from the rows and the regime decision's cycle count.
- :mod:`~trfkit.compute.history.teams`: each team's rounds (:class:`TeamEvent`): the
  matches rebuilt from the boards, with 330, 320, 240 and 299. Imported from its own
  module, and only for a file with team records (013/310), so the check of an
  individual event does not load it (nor the team standings and tie-breaks on it).
"""

from __future__ import annotations

from trfkit.compute.history.kinds import (
    ABSENT,
    ANNULLED,
    BYE_NAMES,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FORFEITS,
    FULL_BYE,
    GAME,
    GAMES,
    HALF_BYE,
    NOT_PLAYED,
    PAIRING_BYE,
    REQUESTED,
    UNPLAYED,
    VUR,
    ZERO_BYE,
    Round,
    RoundKind,
    Spelling,
    bye_of_record,
    complementary,
    has_pairing_bye,
    is_bye_player,
    kind_of_block,
    kind_on_board,
    last_bye_round,
    leaves_out_a_bye,
    played_over_the_board,
    spelling_of,
    written,
)
from trfkit.compute.history.players import PlayerHistory, completed_rounds, history_of
from trfkit.compute.history.points import PointSystem
from trfkit.compute.history.withdrawals import (
    CompletedGames,
    Withdrawal,
    WithdrawalBoundary,
    WithdrawalOptions,
)

__all__ = [
    "ABSENT",
    "ANNULLED",
    "BYE_NAMES",
    "DOUBLE_FORFEIT",
    "FORFEITS",
    "FORFEIT_LOSS",
    "FORFEIT_WIN",
    "FULL_BYE",
    "GAME",
    "GAMES",
    "HALF_BYE",
    "NOT_PLAYED",
    "PAIRING_BYE",
    "REQUESTED",
    "UNPLAYED",
    "VUR",
    "ZERO_BYE",
    "CompletedGames",
    "PlayerHistory",
    "PointSystem",
    "Round",
    "RoundKind",
    "Spelling",
    "Withdrawal",
    "WithdrawalBoundary",
    "WithdrawalOptions",
    "bye_of_record",
    "complementary",
    "completed_rounds",
    "has_pairing_bye",
    "history_of",
    "is_bye_player",
    "kind_of_block",
    "kind_on_board",
    "last_bye_round",
    "leaves_out_a_bye",
    "played_over_the_board",
    "spelling_of",
    "written",
]
