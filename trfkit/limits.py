"""Limits that keep reading fast and memory bounded on hostile input.

Defaults are generous for real reports (the largest Swiss events have a few
thousand players and about 15 rounds; TRF allows start ranks up to 9999) and
every one can be raised by an option.
"""

from __future__ import annotations

import itertools
import operator
import re
from typing import TypeVar

import attrs

from trfkit.diagnostics import REPEATS, Diagnostic, parse_rule
from trfkit.model import (
    LARGEST_ID,
    MOST_ROUNDS,
    Player,
    Record,
    RoundCount,
    Team,
    TextRecord,
    Tournament,
)
from trfkit.values import Value

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


_STARTS_LIKE_A_PLAYER = operator.methodcaller("startswith", ("001", "\ufeff"))


def _is_player_line(line: str) -> bool:
    """Whether the lexer reads *line* as a player record (``001( .*)?`` after any BOM)."""
    return line.lstrip("\ufeff")[:4] in ("001", "001 ")


MIN_ROUNDS_PER_CYCLE = 3
"""The fewest rounds one cycle of a round robin has (3 or 4 participants): a 192 code that
names more cycles than ``max_rounds`` holds of them declares more rounds than the limit."""

_CYCLES = re.compile(r"_G([0-9]+)\b")
_HUGE = 10**18
"""A count of more digits than this has is read as this (far beyond every limit), so that
reading it never converts thousands of digits."""


def named_cycles(code: str | None) -> int | None:
    """The cycles a 192 round-robin code names with ``_Gn`` (``BERGER_ROUNDROBIN_G3``: 3).

    ``None`` when *code* names no round robin or no ``_Gn``. The one reading of the number,
    shared by the regime (:func:`trfkit.compute.regime.read_192`) and the limit on it.
    """
    if not code:
        return None
    squeezed = code.strip().upper().replace("-", "_").replace(" ", "_")
    if "ROUNDROBIN" not in squeezed.replace("_", ""):
        return None
    match = _CYCLES.search(squeezed.replace("ROUND_ROBIN", "ROUNDROBIN"))
    if match is None:
        return None
    digits = match.group(1)
    return int(digits) if len(digits) <= len(str(_HUGE)) else _HUGE


JSON_ROUND_BYTES = 128
"""Room for one round object in the JSON form as trfkit writes it (at most 122 bytes, indented),
where TRF needs 10 columns: the round objects make the JSON form about 11 times the size of
its TRF."""
JSON_PLAYER_BYTES = 512
"""Room for one player object without its rounds (at most about 440 bytes, every text field
full of three-byte characters)."""


@attrs.frozen(repr=False)
class Limits(Value):
    """Upper bounds on what one file may hold.

    Attributes:
        max_bytes: File size (64 MiB).
        max_line_length: Characters in one line (4,096: 99 rounds need 1,081).
        max_lines: Lines (100,000: ten for every player TRF can number). Each line is a
            record of a few hundred bytes in memory, however short, so the lines are
            bounded for memory to stay proportional to a file of short lines.
        max_players: Player records (9,999, the largest start rank TRF can write); counted
            as the lines that read as player records, before any is read.
        max_rounds: Round blocks in a player record, and the rounds a file may declare
            (142/``XXR``) or imply (the cycles of a 192 ``_Gn`` code) (99).
        max_team_members: Members listed in one team record (99).
        max_repeats: Diagnostics of one code listed for a file (100); the others are
            counted in one more of the code (:class:`~trfkit.diagnostics.Repeats`).
    """

    max_bytes: int = 64 * 1024 * 1024
    max_line_length: int = 4096
    max_lines: int = 100_000
    max_players: int = LARGEST_ID  # as many as four columns number
    max_rounds: int = MOST_ROUNDS
    max_team_members: int = 99
    max_repeats: int = REPEATS

    @property
    def max_json_bytes(self) -> int:
        """The size of a JSON form of a TRF file within these limits (190 MiB by default).

        A JSON form stands for a TRF file, so its limit follows theirs: ``max_bytes`` for
        the records, plus room for ``max_players`` player objects of ``max_rounds`` round
        objects each (:data:`JSON_PLAYER_BYTES`, :data:`JSON_ROUND_BYTES`); the JSON form
        of 9,999 players x 99 rounds, 123 MB, fits.
        """
        per_player = JSON_PLAYER_BYTES + self.max_rounds * JSON_ROUND_BYTES
        return self.max_bytes + self.max_players * per_player

    def json_too_big(self, size: int) -> str | None:
        """Why a JSON form of *size* bytes is too big (``"N bytes, more than …"``), or ``None``."""
        if size <= self.max_json_bytes:
            return None
        return (
            f"{size:,} bytes, more than the limit of {self.max_json_bytes:,} for the JSON "
            f"form (--max-bytes plus {JSON_PLAYER_BYTES} bytes per player and "
            f"{JSON_ROUND_BYTES} per round for --max-players x --max-rounds)"
        )

    def line_too_long(self, length: int) -> str | None:
        """Why a line of *length* characters is refused, or ``None``."""
        if length <= self.max_line_length:
            return None
        return (
            f"{length:,} characters, more than the limit of {self.max_line_length:,} "
            "(--max-line-length)"
        )

    def check_lines(self, lines: list[str]) -> Diagnostic | None:
        """A diagnostic for the first line that is too long, else ``None``."""
        limit = self.max_line_length
        if not lines or max(map(len, lines)) <= limit:  # one C-level pass for the usual file
            return None
        for number, line in enumerate(lines, 1):
            if len(line) > limit:
                return parse_rule("P010").diagnostic(
                    f"line {number} has {self.line_too_long(len(line))}; the file was not read",
                    line=number,
                    column=limit + 1,
                )
        return None

    def check_line_count(self, text: str) -> Diagnostic | None:
        """A diagnostic when *text* has more than ``max_lines`` lines, counted before splitting.

        Counted by three C-level passes, so that a flood of empty lines is refused before
        a list of them is made (its line endings are those :func:`trfkit.trf.decode.split_lines`
        splits at).
        """
        ends = text.count("\n") + text.count("\r") - text.count("\r\n")
        count = ends + (not text.endswith(("\n", "\r")))  # a last line without one
        if count <= self.max_lines:
            return None
        return parse_rule("P010").diagnostic(
            f"the file has {count:,} lines, more than the limit of {self.max_lines:,} "
            "(--max-lines); it was not read",
            line=self.max_lines + 1,
        )

    def check_players(self, lines: list[str]) -> Diagnostic | None:
        """A diagnostic when more than ``max_players`` of *lines* are player records (001).

        Counted before any line is read, so that a file of too many players costs a pass
        over its lines, not a record for each; a line is a player record as the lexer
        classifies it (``001`` and a blank, or ``001`` alone, after any byte-order mark).
        """
        limit = self.max_players
        if len(lines) <= limit:
            return None
        maybe = sum(map(_STARTS_LIKE_A_PLAYER, lines))  # one C-level pass: an upper bound
        if maybe <= limit:
            return None
        numbers = [n for n, line in enumerate(lines, 1) if _is_player_line(line)]
        if len(numbers) <= limit:
            return None
        return parse_rule("P010").diagnostic(
            f"{len(numbers):,} player records, more than the limit of {limit:,} "
            "(--max-players); the file was not read",
            line=numbers[limit],
        )

    def excess(self, tournament: Tournament) -> tuple[str, Record] | None:
        """The first limit the records exceed: its message and the record that goes over.

        The players, then each player's rounds, then each team's members; shared by the
        TRF reader (:meth:`check_tournament`) and the JSON form, which say the same.
        """
        players: list[Player] = _of_type(tournament, Player)
        if len(players) > self.max_players:
            message = (
                f"{len(players):,} player records, more than the limit of "
                f"{self.max_players:,} (--max-players)"
            )
            return message, players[self.max_players]
        if not players or max(map(len, map(_ROUNDS, players))) <= self.max_rounds:
            players = []  # one C-level pass for the usual file; the loop finds the first
        for p in players:
            if len(p.rounds) > self.max_rounds:
                message = (
                    f"player {p.start_rank} has {len(p.rounds)} rounds, more than the limit "
                    f"of {self.max_rounds} (--max-rounds)"
                )
                return message, p
        declared = self._declared_excess(tournament)
        if declared is not None:
            return declared
        teams: list[Team] = _of_type(tournament, Team)
        for t in teams:
            if len(t.members) > self.max_team_members:
                message = (
                    f"team {t.name!r} lists {len(t.members)} members, more than the limit "
                    f"of {self.max_team_members}"
                )
                return message, t
        return None

    def _declared_excess(self, tournament: Tournament) -> tuple[str, Record] | None:
        """A declared round count (142/``XXR``) or 192 cycle count beyond ``max_rounds``.

        Checked before anything is sized by them: the regime, the crosstable and the CSV
        form allocate per declared round.
        """
        limit = self.max_rounds
        for count in _of_type(tournament, RoundCount):
            if count.rounds is not None and count.rounds > limit:
                message = (
                    f"record {count.code} declares {count.rounds:,} rounds, more than the "
                    f"limit of {limit} (--max-rounds)"
                )
                return message, count
        for text in _of_type(tournament, TextRecord):
            if text.code != "192":
                continue
            cycles = named_cycles(text.value)
            if cycles is not None and cycles * MIN_ROUNDS_PER_CYCLE > limit:
                shown = f"{cycles:,}" if cycles < _HUGE else f"more than {_HUGE:,}"
                message = (
                    f"record 192 names {shown} cycles of a round robin, at least "
                    f"{MIN_ROUNDS_PER_CYCLE} rounds each: more than the limit of {limit} "
                    "rounds (--max-rounds)"
                )
                return message, text
            break  # the first 192 is the one read (Tournament.header)
        return None

    def check_tournament(self, tournament: Tournament) -> Diagnostic | None:
        """A diagnostic when the players, rounds or team members exceed the limits.

        It stands at the line of the record that goes over (the first player past
        ``max_players``, the player with too many rounds, the team).
        """
        found = self.excess(tournament)
        if found is None:
            return None
        message, record = found
        players = (record.start_rank,) if isinstance(record, Player) else ()
        return parse_rule("P010").diagnostic(message, line=record.line, players=players)


def check_size(data: str | bytes, limits: Limits) -> Diagnostic | None:
    """A diagnostic when *data* is larger than ``limits.max_bytes``."""
    if len(data) > limits.max_bytes:
        return parse_rule("P010").diagnostic(
            f"the file has {len(data):,} bytes, more than the limit of {limits.max_bytes:,} "
            "(--max-bytes); it was not read"
        )
    return None


__all__ = [
    "JSON_PLAYER_BYTES",
    "JSON_ROUND_BYTES",
    "MIN_ROUNDS_PER_CYCLE",
    "Limits",
    "check_size",
    "named_cycles",
]


MAX_FILES = 1_000_000
"""The most files and folders a folder walk looks at, of any name, over all the folders given
(``check --max-files``): a tree that holds more, or a link into a huge one (``/``, with
``--follow-links``), stops discovery there (P014) instead of walking on for hours."""

CHECK_TIMEOUT = 60.0
"""The seconds the checks of one file may run (``check --check-timeout``; 0: no limit): the
largest legal file (9,999 players) is checked in a few seconds, so only a hung check (a
plugin's) meets it; it becomes one S999 for that file and the batch goes on."""
