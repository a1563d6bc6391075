"""The one answer to "what kind of event is this?": round robin or Swiss, individual or team.

Every stage that needs the answer (the schedule checks, the tie-break engine,
the lint checks, the converters, the reports) takes :func:`decide`'s
:class:`RegimeDecision` instead of deciding again. The decision is made once per
tournament, in this order:

1. an option (``--type round-robin|swiss``);
2. record 192: a ``…ROUNDROBIN`` code is a round robin, any other code is not;
3. a *complete* schedule (every pair of participants met equally often, over at
   least the rounds of that many cycles) is a round robin, unless 092 names a
   Swiss system;
4. record 092 (free text, any of the languages in :data:`RR_WORDS`): a text that
   names a Swiss system is Swiss, one that names a round robin is a round robin;
5. a pairing-allocated bye (``U``) marks a Swiss pairing;
6. the structure, which recognises a round robin that the report does not name:

   - *complete but for withdrawals*: every pair met equally often except pairs
     with a participant whose games stop before the last round (a withdrawal
     written as byes, forfeits without an opponent or empty blocks);
   - *unfinished*: every game of the rounds played stands in the round of the
     FIDE Berger table with the same number (start rank, or a team event's team
     number, = Berger number), in a field of at least four;
7. otherwise Swiss.

Team events are recognised once as well (:func:`team_event`): a team 192
code, 310 records, or two or more 013 records whose players meet other teams'
players more often than their own (013 groups of club mates in an individual event,
:func:`clubs_not_teams`, are no teams). The schedule of a team event is looked at
team by team.

UNCERTAIN: 092 is free text (the spec warns not to rely on it alone); the
word lists are trfkit's reading of what exporters write, and ``--type``
overrides them. "Closed" (an invitation event) is read as a round robin;
"league" is not: team leagues are also paired Swiss.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import NamedTuple

import attrs

from trfkit.compute.berger import meet_round, table_size
from trfkit.compute.history import has_pairing_bye, is_bye_player
from trfkit.limits import named_cycles
from trfkit.model import Colour, Player, Tournament
from trfkit.values import Value, WordEnum

__all__ = [
    "DOUBLE_WORDS",
    "RR_WORDS",
    "SWISS_WORDS",
    "DecidedBy",
    "Entrants",
    "Regime",
    "RegimeDecision",
    "TypeCode",
    "decide",
    "entrants",
    "is_type_code",
    "read_092",
    "read_192",
    "team_event",
    "team_members",
    "team_row_games",
]


class Regime(WordEnum):
    """Round robin or Swiss: how the pairings were made, and so how unplayed rounds count."""

    ROUND_ROBIN = "round-robin"
    """Pre-determined pairings (C.07 15.2): forfeits are regular games."""
    SWISS = "swiss"
    """Art. 16 (dummy opponent), or the virtual opponent before 2023."""


class DecidedBy(WordEnum):
    """What decided the regime."""

    OPTION = "option"
    CODE_192 = "192"
    TEXT_092 = "092"
    STRUCTURE = "structure"
    DEFAULT = "default"

    def __str__(self) -> str:
        """``"record 192"`` for the record codes, else the value (``"structure"``)."""
        return f"record {self.value}" if self.value.isdigit() else self.value


# --- what 192 and 092 say ------------------------------------------------------------------

RR_WORDS = re.compile(
    r"round[\s_-]*robin|all[\s_-]*play[\s_-]*all|(?<!sonneborn[\s_-])berger|"
    r"rundenturnier|vollrundig|jeder\s+gegen\s+jeden|"  # German
    r"rundeturnering|alle\s+mot\s+alle|alle\s+mod\s+alle|alla\s+mot\s+alla|"  # Nordic
    r"allsvensk|kaikki\s+kaikkia\s+vastaan|"
    r"ieder\s+tegen\s+ieder|tous\s+contre\s+tous|toutes\s+rondes|"  # Dutch, French
    r"todos\s+contra\s+todos|sistema\s+de\s+liga\s+a\s+una|"  # Spanish, Portuguese
    r"girone\s+all|"  # Italian
    r"ka[žz]d[ýy]\s+s\s+ka[žz]d[ýy]m|kruhov|dvoukrul|kołow|kolow|"  # Czech, Slovak, Polish
    r"круговой|круговая|двухкругов|körmérkőzés|kormerkozes|kružni|kruzni|"  # Russian ...
    r"\bclosed\b|\bRR\b|\bDRR\b",
    re.IGNORECASE,
)
"""092 texts that name a round robin (UNCERTAIN: 092 is free text)."""

DOUBLE_WORDS = re.compile(
    r"double|doppel|\bdoble|doppio|dvoukrul|dubbel|dobbelt|podwójn|dwukołow|dwukolow|"
    r"двухкругов|\b2\s*x\b|\bDRR\b",
    re.IGNORECASE,
)
"""092 texts that name a double round robin."""

SWISS_WORDS = re.compile(
    r"swiss|schweiz|suisse|suizo|su[íi]ço|svizzero|zwitser|sveits|šv[ýy]carsk|svycarsk|"
    r"szwajcar|швейцар|sv[áa]jci|dutch|burstein|dubov|monrad|\blim\b",
    re.IGNORECASE,
)
"""092 texts and 192 codes that name a Swiss system: such files are never round robins."""

class TypeCode(NamedTuple):
    """What a TRF-2026 192 code or a 092 text says about the event.

    Attributes:
        round_robin: True when it names a round robin.
        team: True when it names a team event.
        cycles: The number of cycles it names, if any.
        swap_last_two: True for the FIDE double round robin (swap), False for a Berger
            double round robin without it, ``None`` when it does not say.
        custom: True for ``CUSTOM_ROUNDROBIN`` (the organiser's own schedule).
        swiss: True when it names a Swiss system.
        text: The code or text itself.
    """

    round_robin: bool
    team: bool = False
    cycles: int | None = None
    swap_last_two: bool | None = None
    custom: bool = False
    swiss: bool = False
    text: str = ""


TYPE_CODES = frozenset(
    {
        "FIDE_DUTCH",
        "FIDE_DUTCH_BAKU",
        "FIDE_DUTCH_2017",
        "FIDE_DUTCH_2017_BAKU",
        "FIDE_DUTCH_2025",
        "FIDE_DUTCH_2025_BAKU",
        "FIDE_DUTCH_2026",
        "FIDE_DUTCH_2026_BAKU",
        "FIDE_DUBOV",
        "FIDE_BURSTEIN",
        "FIDE_BURSTEIN_BAKU",
        "FIDE_DOUBLESWISS",
        "CUSTOM_SWISS",
        "BERGER_ROUNDROBIN",
        "BERGER_DOUBLEROUNDROBIN",
        "FIDE_ROUNDROBIN",
        "FIDE_DOUBLEROUNDROBIN",
        "CUSTOM_ROUNDROBIN",
        "FIDE_SCHILLER",
        "FIDE_SCHEVENINGEN",
        "FIDE_DOUBLESCHEVENINGEN",
        "CUSTOM_KNOCKOUT",
        "FIDE_TEAM_BAKU",
        "BERGER_TEAM_ROUNDROBIN",
        "FIDE_TEAM_ROUNDROBIN",
        "FIDE_TEAM_DOUBLEROUNDROBIN",
    }
)
"""The TRF-2026 192 codes (format notes §4.2; the list is the one implementations use, the
official table was not available: UNCERTAIN). Codes of the same families with other
parameters (``FIDE_TEAM_TYPEA_MP_GP``, ``BERGER_ROUNDROBIN_G3``) are read by pattern, and
:func:`read_192` takes any code naming a round robin."""

_CODE_PATTERNS = re.compile(
    r"FIDE_TEAM_(TYPEA_|TYPEB_)?(MP_GP|GP_MP|MP|GP)(_BAKU)?|BERGER_\w+_G\d+"
)


def is_type_code(code: str) -> bool:
    """Whether *code* (upper case, ``_`` between words) is a TRF-2026 192 code."""
    return code in TYPE_CODES or _CODE_PATTERNS.fullmatch(code) is not None


def read_192(code: str | None) -> TypeCode | None:
    """Interpret a 192 tournament type code (``None`` when there is none).

    A 192 that is no type code (a program's name, which some exporters write there) says
    nothing, and the regime is decided as if there were none.
    """
    if not code or not code.strip():
        return None
    text = code.strip()
    upper = text.upper().replace("-", "_").replace(" ", "_")
    if "ROUNDROBIN" not in upper.replace("_", "") and not is_type_code(upper):
        return None
    team = "TEAM" in upper
    if "ROUNDROBIN" not in upper.replace("_", "") or SWISS_WORDS.search(text):
        return TypeCode(False, team=team, swiss=True, text=text)
    squeezed = upper.replace("ROUND_ROBIN", "ROUNDROBIN")
    cycles = named_cycles(text)  # the reader refused a file naming more than the limit
    double = "DOUBLE" in squeezed
    if double:
        cycles = 2
    elif cycles is None:
        cycles = 1
    swap: bool | None = None
    if cycles and cycles >= 2:
        if squeezed.startswith("FIDE"):
            swap = True
        elif squeezed.startswith("BERGER"):
            swap = False
    return TypeCode(
        True,
        team=team,
        cycles=cycles,
        swap_last_two=swap,
        custom=squeezed.startswith("CUSTOM"),
        text=text,
    )


def read_092(text: str | None) -> TypeCode | None:
    """Interpret the free-text 092 tournament type (``None`` when there is none)."""
    if not text or not text.strip():
        return None
    team = bool(re.search(r"team|mannschaft|équipe|equipo|squadr|lag\b", text, re.IGNORECASE))
    if SWISS_WORDS.search(text):
        return TypeCode(False, team=team, swiss=True, text=text.strip())
    if not RR_WORDS.search(text):
        return TypeCode(False, team=team, text=text.strip())
    cycles = 2 if DOUBLE_WORDS.search(text) else None
    return TypeCode(True, team=team, cycles=cycles, text=text.strip())


# --- teams ---------------------------------------------------------------------------------


def _team_games(
    tournament: Tournament, member: Mapping[int, int], board: Mapping[int, int]
) -> list[tuple[int, int, int, Colour]]:
    """Team-level claims: per round and team, the opponent team met on most boards."""
    votes: dict[tuple[int, int], Counter[int]] = {}
    top: dict[tuple[int, int, int], tuple[int, Colour]] = {}
    for p in tournament.players:
        team = member.get(p.start_rank)
        if team is None:
            continue
        for b in p.rounds:
            other = member.get(b.opponent or 0)
            if other is None or other == team:
                continue
            votes.setdefault((b.round, team), Counter())[other] += 1
            position = board.get(p.start_rank, 10**6)
            key = (b.round, team, other)
            if key not in top or position < top[key][0]:
                top[key] = (position, b.colour)
    games = []
    for (rnd, team), counter in votes.items():
        other = counter.most_common(1)[0][0]
        games.append((rnd, team, other, top[(rnd, team, other)][1]))
    return games


def team_members(tournament: Tournament) -> tuple[dict[int, int], dict[int, str], dict[int, int]]:
    """Player start rank → team label, team label → name, player → board index (0 = top).

    :func:`trfkit.compute.history.teams.team_members`, asked only of a file with team
    records (013/310): the one place that opens the team computations, so an individual
    event's check loads none of them.
    """
    if not tournament.teams:
        return {}, {}, {}
    from trfkit.compute.history import teams

    return teams.team_members(tournament)


def team_row_games(tournament: Tournament) -> list[tuple[int, int, int, Colour]]:
    """Team claims from the informative 801 (long) or 802 (short) rows.

    The rows are read by tokens (:func:`trfkit.compute.history.teams.result_rows`: their column
    widths differ between programs, spec §4.4): every number followed by ``w`` or ``b``
    is the opponent team of the next round, and a bye word (``FFFF``, ``ZPB`` …) is a
    round without an opponent. 801 rows win over 802 rows.
    """
    from trfkit.compute.history.teams import RowKind, result_rows

    rows = result_rows(tournament)
    chosen = [r for r in rows if r.kind is RowKind.LONG] or [
        r for r in rows if r.kind is RowKind.SHORT
    ]
    return [
        (entry.round, row.team, entry.opponent, entry.colour)
        for row in chosen
        for entry in row.rounds
        if entry.opponent is not None
    ]


def _meets_other_teams(tournament: Tournament, member: Mapping[int, int]) -> bool:
    """Whether the 013 groups play as teams: their players meet other teams' more than their own.

    Groups of club mates in an individual event (a pairing engine's "do not pair club
    mates") are no teams: most players with games belong to none, most groups have one
    member, or a group's players meet players of two or more groups in most rounds.
    A report without any game between members (nothing played yet) counts as a team event.
    """
    sizes = Counter(member.values())
    if len(sizes) < 2 or 2 * sum(1 for n in sizes.values() if n == 1) > len(sizes):
        return False
    playing = [p for p in tournament.players if any(b.opponent for b in p.rounds)]
    if 2 * sum(1 for p in playing if p.start_rank in member) < len(playing):
        return False
    across = within = 0
    met: dict[tuple[int, int], set[int]] = {}
    for p in tournament.players:
        team = member.get(p.start_rank)
        if team is None:
            continue
        for b in p.rounds:
            other = member.get(b.opponent or 0)
            if other is None:
                continue
            if other == team:
                within += 1
            else:
                across += 1
                met.setdefault((b.round, team), set()).add(other)
    if sum(len(teams) > 1 for teams in met.values()) * 2 > len(met):
        return False
    return across > within or across == within == 0


def clubs_not_teams(tournament: Tournament) -> bool:
    """Whether two or more 013 records group players who do not play as teams (see above).

    Asked of an event :func:`decide` reads as individual (a team 192 code or 801/802 rows
    make a team event whatever its 013 records). Records that name no players (or one
    group only) group nothing: not club groups either.
    """
    teams = tournament.teams
    if len(teams) < 2 or any(t.code == "310" for t in teams):
        return False
    member = team_members(tournament)[0]
    return len(set(member.values())) >= 2 and not _meets_other_teams(tournament, member)


def team_event(tournament: Tournament) -> bool:
    """True for a team event: the one answer every stage uses (see the module docstring)."""
    return entrants(tournament, read_192(tournament.header("192"))).team


def _is_team(
    tournament: Tournament, code: TypeCode | None, member: Mapping[int, int], rows: bool
) -> bool:
    if code is not None and code.team:
        return True
    teams = tournament.teams
    if any(t.code == "310" for t in teams) or rows:
        return True
    return len(teams) >= 2 and _meets_other_teams(tournament, member)


# --- the participants and their meetings ---------------------------------------------------


@attrs.frozen(repr=False)
class Entrants(Value):
    """Who takes part (players, or teams in a team event) and who was paired with whom.

    Attributes:
        team: True when the participants are teams.
        labels: The participants: start ranks, or team labels (see :func:`team_members`).
        rounds: The rounds the event has: declared (142/XXR) or shown, whichever is more.
        bye_players: Pseudo-players that carry the byes of an odd field (left out).
        team_names: Team label → name (team events).
        team_rows: True when a team schedule comes from the 801/802 rows.
        players: The players whose blocks are the claims of an individual event.
        team_games: The claims of a team event (worked out from the boards or the rows).
    """

    team: bool
    labels: tuple[int, ...]
    rounds: int
    bye_players: tuple[Player, ...] = ()
    team_names: Mapping[int, str] = attrs.field(factory=dict)
    team_rows: bool = False
    players: tuple[Player, ...] = attrs.field(default=(), eq=False, repr=False)
    team_games: tuple[tuple[int, int, int, Colour], ...] = ()

    @functools.cached_property
    def games(self) -> tuple[tuple[int, int, int, Colour], ...]:
        """One-sided claims ``(round, label, opponent, colour)``, one per block with an opponent.

        Worked out when first asked for: a Swiss event is told apart before its games.
        """
        if self.team:
            return self.team_games
        skip = frozenset(p.start_rank for p in self.bye_players)
        claims = []
        for p in self.players:
            me = p.start_rank
            if me in skip:
                continue
            for b in p.rounds:
                o = b.opponent
                if o and o != me and o not in skip:
                    claims.append((b.round, me, o, b.colour))
        return tuple(claims)

    @functools.cached_property
    def pair_rounds(self) -> Counter[tuple[int, int]]:
        """How many rounds each pair of participants is listed as meeting in (by either side)."""
        labels = frozenset(self.labels)
        seen = {
            (rnd, min(a, b), max(a, b))
            for rnd, a, b, _ in self.games
            if a in labels and b in labels and a != b and 1 <= rnd <= self.rounds
        }
        return Counter((a, b) for _, a, b in seen)


def entrants(tournament: Tournament, code: TypeCode | None = None) -> Entrants:
    """The participants of *tournament*; their game claims are worked out on demand."""
    member, names, board = team_members(tournament)
    rows = team_row_games(tournament) if names else []
    team = bool(names) and _is_team(tournament, code, member, bool(rows))
    declared = tournament.declared_rounds
    rounds = max(tournament.rounds_played, declared or 0)
    if team:
        from_boards = _team_games(tournament, member, board)
        games = tuple(from_boards or rows)
        labels = tuple(sorted(names))
        rounds = max(rounds, max((g[0] for g in games), default=0))
        return Entrants(True, labels, rounds, (), names, not from_boards, team_games=games)
    players = tournament.players
    byes = tuple(p for p in players if is_bye_player(p))
    skip = frozenset(p.start_rank for p in byes)
    labels = tuple(sorted({p.start_rank for p in players if p.start_rank > 0} - skip))
    # a block's round never exceeds the rounds shown, so the claims cannot raise *rounds*
    return Entrants(False, labels, rounds, byes, players=players)


def _rounds_per_cycle(k: int) -> int:
    """The rounds one cycle of *k* participants takes (an odd field has a bye each round)."""
    return k - 1 if k % 2 == 0 else k


def complete_cycles(field: Entrants) -> int:
    """The number of cycles when every pair is listed equally often (≥ 1), else 0.

    Two participants who met are a (one-pair) round robin too: a match.
    """
    k = len(field.labels)
    if k < 2 or field.rounds < _rounds_per_cycle(k):
        return 0  # too few rounds for everybody to meet everybody: no need to count
    counts = field.pair_rounds
    if len(counts) != k * (k - 1) // 2:
        return 0
    values = set(counts.values())
    if len(values) != 1:
        return 0
    (cycles,) = values
    if field.rounds < cycles * _rounds_per_cycle(k):
        return 0
    return cycles


def _withdrawn(field: Entrants, last: int) -> frozenset[int]:
    """Participants whose games stop early: none in the last round with games.

    In an odd field somebody sits out every round, so there a participant needs to have
    no game in the last two rounds.
    """
    idle = 2 if len(field.labels) % 2 else 1
    active = {a for rnd, a, _, _ in field.games if rnd > last - idle}
    active |= {b for rnd, _, b, _ in field.games if rnd > last - idle}
    return frozenset(label for label in field.labels if label not in active)


def _complete_but_withdrawals(field: Entrants) -> int:
    """The cycles when every pair met that often except pairs with a withdrawn participant."""
    k = len(field.labels)
    if k < 3 or field.rounds < _rounds_per_cycle(k):
        return 0
    counts = field.pair_rounds
    if not counts:
        return 0
    cycles = max(counts.values())
    if field.rounds < cycles * _rounds_per_cycle(k):
        return 0
    last = max(rnd for rnd, _, _, _ in field.games)
    gone = _withdrawn(field, last)
    if not gone or 2 * len(gone) >= k:
        return 0
    stayed = [label for label in field.labels if label not in gone]
    for i, a in enumerate(stayed):
        for b in stayed[i + 1 :]:
            if counts.get((a, b), 0) != cycles:
                return 0
    return cycles


def _follows_table(field: Entrants, declared: int | None) -> bool:
    """Whether every game of the rounds played stands in the same-numbered Berger table round.

    The start ranks (a team event: the team numbers) are taken as the Berger numbers
    (an odd field's highest number is the bye); the second cycle repeats the first; the
    FIDE swap of the last two rounds of cycle 1 is allowed. Four participants at least
    (three when 142/XXR declares the rounds); two rounds played, or a declared number of
    rounds (142/XXR) that is whole cycles of the table. A Swiss event fails at its first
    player's first game.
    """
    k = len(field.labels)
    # three players meet in any order, so only a declared whole cycle makes them a table
    small = k == 3 and declared is None
    if k < 3 or small or field.labels != tuple(range(1, k + 1)):
        return False
    size = table_size(k)
    m = size - 1
    if declared is not None and declared % m:
        return False  # the event has rounds no cycle of this table has
    last_two = (m - 1, m)
    games = 0
    rounds: set[int] = set()
    for number, me, o in _claims(field):
        if not 1 <= me <= k or not o or o == me or o > k:
            continue  # a bye carrier beyond the field, or no game
        # the closed form, not the table: a Swiss of thousands would build k² pairs
        table_round = meet_round(size, me, o)
        played = (number - 1) % m + 1
        if table_round != played and not (
            played in last_two and table_round in last_two and number <= m
        ):
            return False
        games += 1
        rounds.add(number)
    return games >= 2 * (k // 2) and (len(rounds) >= 2 or declared is not None)


def _claims(field: Entrants) -> Iterator[tuple[int, int, int | None]]:
    """(round, participant, opponent) of every block, or of every team's match, in file order."""
    if field.team:
        for number, team, other, _ in field.games:
            yield number, team, other
        return
    for p in field.players:
        me = p.start_rank
        for b in p.rounds:
            yield b.round, me, b.opponent


# --- the decision ----------------------------------------------------------------------------


class RegimeDecision(NamedTuple):
    """The kind of event, what decided it and why, and the participants it was read from.

    Attributes:
        regime: Round robin or Swiss.
        reason: Why, in words (shown by ``standings`` and the B001 note).
        source: What decided: the option, 192, 092 or the structure.
        code: What record 192 says, if present.
        text: What record 092 says, if present.
        entrants: The participants and their meetings.
        structure_cycles: The cycles of a complete schedule, else 0.
    """

    regime: Regime
    reason: str
    source: DecidedBy
    code: TypeCode | None
    text: TypeCode | None
    entrants: Entrants
    structure_cycles: int = 0

    @property
    def round_robin(self) -> bool:
        """True for a round robin."""
        return self.regime is Regime.ROUND_ROBIN

    @property
    def team(self) -> bool:
        """True for a team event."""
        return self.entrants.team

    @property
    def cycles(self) -> int:
        """The cycles of a round robin (1 for a Swiss): the one count every stage uses.

        The most of: the cycles the event's rounds need (declared or shown, whichever is
        more), the cycles the deciding 192 code or 092 text names, and the cycles of a
        complete schedule.
        """
        k = len(self.entrants.labels)
        if not self.round_robin or k < 2:
            return 1
        m = table_size(k) - 1 if k >= 3 else 1  # two who meet: a match, a cycle a round
        cycles = max(1, -(-self.entrants.rounds // m))
        detail = {DecidedBy.CODE_192: self.code, DecidedBy.TEXT_092: self.text}.get(self.source)
        if detail is not None and detail.cycles:
            cycles = max(cycles, detail.cycles)
        return max(cycles, self.structure_cycles)

    def berger_numbers(self, tournament: Tournament) -> bool:
        """True for an individual round robin whose games stand where the table puts them.

        The start ranks are then the Berger numbers, and the table names the opponents of
        the games that were not played.
        """
        # three players fit a table by accident too often to name unplayed opponents by it
        return (
            self.round_robin
            and not self.team
            and len(self.entrants.labels) >= 4
            and _follows_table(self.entrants, tournament.declared_rounds)
        )


def decide(tournament: Tournament, forced: Regime | None = None) -> RegimeDecision:
    """Round robin or Swiss, individual or team, for *tournament* (see the module docstring).

    Args:
        tournament: The report.
        forced: The regime an option chose, if any.
    """
    code = read_192(tournament.header("192"))
    text = read_092(tournament.header("092"))
    field = entrants(tournament, code)
    structure = complete_cycles(field)

    def made(regime: Regime, reason: str, source: DecidedBy) -> RegimeDecision:
        return RegimeDecision(regime, reason, source, code, text, field, structure)

    if forced is not None:
        return made(forced, f"{forced.value} chosen by option", DecidedBy.OPTION)
    if code is not None:
        regime = Regime.ROUND_ROBIN if code.round_robin else Regime.SWISS
        return made(regime, f"record 192 is {code.text.upper()}", DecidedBy.CODE_192)
    who = "teams" if field.team else "players"
    k = len(field.labels)
    swiss = text is not None and text.swiss
    if structure and not swiss:
        named = text is not None and text.round_robin  # what the B001 note names
        return made(
            Regime.ROUND_ROBIN,
            f"every pair of the {k} {who} met {_times(structure)}",
            DecidedBy.TEXT_092 if named else DecidedBy.STRUCTURE,
        )
    if text is not None and (swiss or text.round_robin):
        regime = Regime.SWISS if swiss else Regime.ROUND_ROBIN
        return made(regime, f"record 092 says {text.text.lower()!r}", DecidedBy.TEXT_092)
    # A withdrawal leaves its scheduled opponents unpaired, and exporters write them (and an
    # odd field's Berger bye) as pairing-allocated byes: a U decides only when no table fits.
    cycles = _complete_but_withdrawals(field)
    if cycles:
        return made(
            Regime.ROUND_ROBIN,
            f"every pair of the {k} {who} met {_times(cycles)}, apart from withdrawn {who}",
            DecidedBy.STRUCTURE,
        )
    if not field.team and has_pairing_bye(tournament):
        return made(Regime.SWISS, "the schedule is not a complete round robin", DecidedBy.DEFAULT)
    if _follows_table(field, tournament.declared_rounds):
        return made(
            Regime.ROUND_ROBIN,
            f"the games of the {k} {who} follow the Berger table",
            DecidedBy.STRUCTURE,
        )
    return made(Regime.SWISS, "the schedule is not a complete round robin", DecidedBy.DEFAULT)


def _times(cycles: int) -> str:
    return "once" if cycles == 1 else f"{cycles} times"
