"""Limits that keep reading fast and memory bounded on hostile input.

Defaults are generous for real reports (the largest Swiss events have a few
thousand players and about 15 rounds; TRF allows start ranks up to 9999) and
every one can be raised by an option.
"""

from __future__ import annotations

import itertools
import operator
from typing import TypeVar

import attrs

from trfkit.diagnostics import Diagnostic, parse_rule
from trfkit.model import Player, Record, Team, Tournament

_ROUNDS = operator.attrgetter("rounds")
_R = TypeVar("_R", bound=Record)


def _of_type(tournament: Tournament, kind: type[_R]) -> list[_R]:
    """The records of class *kind* in file order (``list(tournament.of_type(kind))``).

    Found by one C-level ``isinstance`` pass, without filling the tournament's
    caches: a reading only checks the limits, later users fill them when asked.
    """
    records = tournament.records
    found = itertools.compress(records, map(isinstance, records, itertools.repeat(kind)))
    return list(found)  # type: ignore[arg-type]  # exactly the records of *kind*


@attrs.frozen
class Limits:
    """Upper bounds on what one file may hold.

    Attributes:
        max_bytes: File size (64 MiB).
        max_line_length: Characters in one line (4,096: 99 rounds need 1,081).
        max_players: Player records (9,999, the largest start rank TRF can write).
        max_rounds: Round blocks in a player record (99).
        max_team_members: Members listed in one team record (99).
    """

    max_bytes: int = 64 * 1024 * 1024
    max_line_length: int = 4096
    max_players: int = 9999
    max_rounds: int = 99
    max_team_members: int = 99

    def check_lines(self, lines: list[str]) -> Diagnostic | None:
        """A diagnostic for the first line that is too long, else ``None``."""
        limit = self.max_line_length
        if not lines or max(map(len, lines)) <= limit:  # one C-level pass for the usual file
            return None
        for number, line in enumerate(lines, 1):
            if len(line) > limit:
                return parse_rule("P010").diagnostic(
                    f"line {number} has {len(line):,} characters, more than the limit of "
                    f"{limit:,} (--max-line-length); the file was not read",
                    line=number,
                    column=limit + 1,
                )
        return None

    def check_tournament(self, tournament: Tournament) -> Diagnostic | None:
        """A diagnostic when the players, rounds or team members exceed the limits."""
        players: list[Player] = _of_type(tournament, Player)
        if len(players) > self.max_players:
            return parse_rule("P010").diagnostic(
                f"{len(players):,} player records, more than the limit of {self.max_players:,}"
            )
        if not players or max(map(len, map(_ROUNDS, players))) <= self.max_rounds:
            players = []  # one C-level pass for the usual file; the loop finds the first
        for p in players:
            if len(p.rounds) > self.max_rounds:
                return parse_rule("P010").diagnostic(
                    f"player {p.start_rank} has {len(p.rounds)} rounds, more than the limit "
                    f"of {self.max_rounds}",
                    line=p.line,
                    players=(p.start_rank,),
                )
        teams: list[Team] = _of_type(tournament, Team)
        for t in teams:
            if len(t.members) > self.max_team_members:
                return parse_rule("P010").diagnostic(
                    f"team {t.name!r} lists {len(t.members)} members, more than the limit "
                    f"of {self.max_team_members}",
                    line=t.line,
                )
        return None


def check_size(data: str | bytes, limits: Limits) -> Diagnostic | None:
    """A diagnostic when *data* is larger than ``limits.max_bytes``."""
    if len(data) > limits.max_bytes:
        return parse_rule("P010").diagnostic(
            f"the file has {len(data):,} bytes, more than the limit of {limits.max_bytes:,} "
            "(--max-bytes); it was not read"
        )
    return None


__all__ = ["Limits", "check_size"]
