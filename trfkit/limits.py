"""Limits that keep reading fast and memory bounded on hostile input.

Defaults are generous for real reports (the largest Swiss events have a few
thousand players and about 15 rounds; TRF allows start ranks up to 9999) and
every one can be raised by an option.
"""

from __future__ import annotations

import attrs

from trfkit.diagnostics import Diagnostic, parse_rule
from trfkit.model import Team, Tournament


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
        players = tournament.players
        if len(players) > self.max_players:
            return parse_rule("P010").diagnostic(
                f"{len(players):,} player records, more than the limit of {self.max_players:,}"
            )
        for p in players:
            if len(p.rounds) > self.max_rounds:
                return parse_rule("P010").diagnostic(
                    f"player {p.start_rank} has {len(p.rounds)} rounds, more than the limit "
                    f"of {self.max_rounds}",
                    line=p.line,
                    players=(p.start_rank,),
                )
        for t in tournament.of_type(Team):
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
