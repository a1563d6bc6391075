"""One event, many exporters: a seeded event generator and a renderer per TRF convention.

An :class:`Event` is abstract: who met whom in which round with which colour, what each
player scored, which rounds were byes of which kind, who withdrew. It is generated here
from the format notes (``shared/spec/trf-format.md``) and the FIDE notes
(``shared/spec/fide-rules.md``), without reading trfkit: the FIDE Berger table (closed form,
fide-rules §1.3) for round robins, a small score-group pairing for Swiss events.

:func:`render` writes an event as TRF bytes in a :class:`Style`; a :class:`Convention` is a
named change of one or more style fields, and conventions that change different fields
compose. Each convention says whether, by the TRF spec, it writes *the same event*
(``same_meaning``: blank result = ``Z``, ``0000`` = blank opponent, ``-`` = blank colour,
``0000 - -`` = an absence worth 0, …) or changes what the file scores (``U`` is worth a
win, a blank result nothing): for the latter the 001 points, the rank column and the team
totals are rewritten to stay consistent with the codes written, and only what must not
change (the regime, the error findings) can be compared.

Used by ``test_conventions.py``; import it as ``import conventions`` (``tests`` is on the
path).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)

# --- the abstract event ---------------------------------------------------------------------


class Kind(enum.Enum):
    """What happened to a player in one round."""

    GAME = "game"
    """A game over the board (``1``, ``=``, ``0``)."""
    FORFEIT = "forfeit"
    """A forfeit against the scheduled opponent (``+`` / ``-``)."""
    PAB = "pab"
    """The pairing-allocated bye of a Swiss round (``U``, a win)."""
    FULL_BYE = "full-bye"
    """A requested full-point bye (``F``)."""
    HALF_BYE = "half-bye"
    """A requested half-point bye (``H``)."""
    ZERO_BYE = "zero-bye"
    """A requested zero-point bye, a known absence (``Z``)."""
    RR_BYE = "rr-bye"
    """The free round of an odd round robin (the Berger table's top number), worth 0."""
    GONE = "gone"
    """A Swiss round after the player withdrew: absent, 0 points."""


BYES = frozenset({Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.RR_BYE, Kind.GONE})
"""The kinds written without an opponent."""


@dataclass(frozen=True)
class Cell:
    """One player's round.

    Attributes:
        kind: What happened.
        score: The points the player got for it (standard scoring).
        opponent: The (scheduled) opponent's start rank, 0 for a bye.
        colour: ``w`` or ``b`` (the scheduled colour of a forfeit), ``-`` for a bye.
        withdrawn: A forfeit of a round robin caused by a withdrawal; True on both sides.
    """

    kind: Kind
    score: Fraction
    opponent: int = 0
    colour: str = "-"
    withdrawn: bool = False


@dataclass(frozen=True)
class Player:
    """A participant's identity (the 001 fields that do not depend on the results)."""

    start_rank: int
    name: str
    sex: str
    title: str
    rating: int
    federation: str
    fide_id: int
    birth: str


@dataclass(frozen=True)
class Team:
    """A team: its number, names and members in board order."""

    number: int
    name: str
    nickname: str
    members: tuple[int, ...]


@dataclass
class Event:
    """A generated event, independent of how a file writes it.

    Attributes:
        label: A short description (kind, size, cycles, state), unique in a catalogue.
        seed: The seed it was generated from.
        round_robin: True for a round robin (Berger table), False for a Swiss.
        team: True for a team event.
        cycles: Cycles of a round robin (1 or 2), 0 for a Swiss.
        swap: A double round robin with the last two rounds of cycle 1 swapped (FIDE).
        boards: Boards per match of a team event, 0 for individuals.
        rounds: Rounds scheduled.
        played: Rounds with results in the file (``rounds`` when finished).
        players: The players by start rank.
        teams: The teams by number (empty for individuals).
        cells: Start rank → one cell per played round.
        withdrawn: Start rank → the last round the player took part in.
        annulled: Round-robin players who withdrew having completed fewer than 50 % of
            their games (C.05): their games count for nobody's standings.
    """

    label: str
    seed: int
    round_robin: bool
    team: bool
    cycles: int
    swap: bool
    boards: int
    rounds: int
    played: int
    players: list[Player]
    teams: list[Team]
    cells: dict[int, list[Cell]]
    withdrawn: dict[int, int] = field(default_factory=dict)
    annulled: frozenset[int] = frozenset()

    @property
    def finished(self) -> bool:
        """Every scheduled round has results."""
        return self.played == self.rounds

    def kinds(self) -> set[Kind]:
        """The kinds of cell that occur."""
        return {c.kind for cells in self.cells.values() for c in cells}

    def points(self, start_rank: int) -> Fraction:
        """The player's score from the results (what the rounds are worth)."""
        return sum((c.score for c in self.cells[start_rank]), ZERO)

    def standing_points(self, start_rank: int) -> Fraction:
        """The score for the standings: without games against annulled players."""
        return sum(
            (c.score for c in self.cells[start_rank] if c.opponent not in self.annulled), ZERO
        )

    def team_of(self) -> dict[int, Team]:
        """Start rank → team."""
        return {m: t for t in self.teams for m in t.members}

    def team_totals(self) -> dict[int, tuple[Fraction, Fraction]]:
        """Team number → (match points 2/1/0, game points) over the played rounds."""
        return team_totals(self, {s: [c.score for c in cells] for s, cells in self.cells.items()})

    @property
    def has_pab(self) -> bool:
        """A Swiss event with a pairing-allocated bye."""
        return Kind.PAB in self.kinds()

    @property
    def odd_round_robin(self) -> bool:
        """A round robin with an odd field (a Berger bye every round)."""
        return Kind.RR_BYE in self.kinds()

    @property
    def rr_withdrawal(self) -> bool:
        """A round robin where a withdrawal left forfeits."""
        return any(c.withdrawn for cells in self.cells.values() for c in cells)


def team_totals(
    event: Event, scores: Mapping[int, Sequence[Fraction]]
) -> dict[int, tuple[Fraction, Fraction]]:
    """Team number → (match points, game points) from per-round board *scores*."""
    of = event.team_of()
    totals: dict[int, tuple[Fraction, Fraction]] = {}
    for t in event.teams:
        mp = gp = ZERO
        for r in range(event.played):
            own = sum((scores[m][r] for m in t.members), ZERO)
            opponents = {of[event.cells[m][r].opponent].number
                         for m in t.members if event.cells[m][r].opponent}  # fmt: skip
            gp += own
            if not opponents:
                continue  # a team round-robin bye: no match
            (other,) = opponents
            theirs = sum((scores[m][r] for m in event.teams[other - 1].members), ZERO)
            mp += 2 if own > theirs else 1 if own == theirs else 0
        totals[t.number] = (mp, gp)
    return totals


# --- schedules ------------------------------------------------------------------------------


def berger_round(size: int, r: int) -> list[tuple[int, int]]:
    """Round *r* of the FIDE Berger table for an even *size*: (white, black) in board order.

    The closed form of fide-rules §1.3 (A): the fixed player *size* meets p, board 1 is
    p-size in odd rounds and size-p in even rounds, board d+1 is (p+d) against (p-d) mod
    size-1 on 1..size-1.
    """
    m = size - 1
    p = (r + 1) // 2 if r % 2 else size // 2 + r // 2
    boards = [(p, size) if r % 2 else (size, p)]
    for d in range(1, size // 2):
        boards.append(((p + d - 1) % m + 1, (p - d - 1) % m + 1))
    return boards


def round_robin_schedule(entrants: int, cycles: int, swap: bool) -> list[list[tuple[int, int]]]:
    """Every round's (white, black) pairs; with an odd field the pair with the bye number stays.

    A double round robin repeats cycle 1 with colours reversed; with *swap* the last two
    rounds of cycle 1 are played in reverse order (FIDE's recommendation, fide-rules §1.5),
    and cycle 2 follows the table's order.
    """
    size = entrants + entrants % 2
    table = [berger_round(size, r) for r in range(1, size)]
    first = list(table)
    if cycles == 2 and swap:
        first[-2], first[-1] = first[-1], first[-2]
    rounds = first
    if cycles == 2:
        rounds = first + [[(b, w) for w, b in rnd] for rnd in table]
    return rounds


# --- results --------------------------------------------------------------------------------


def _white_score(rng: random.Random, white: int, black: int) -> Fraction:
    """A game result for White, drawn with a bias towards the higher rating."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    u = rng.random()
    if u < 0.28:
        return HALF
    return ONE if rng.random() < expected else ZERO


def _game(rng: random.Random, a: Player, b: Player) -> tuple[Cell, Cell]:
    """The cells of a game with *a* White: over the board."""
    s = _white_score(rng, a.rating, b.rating)
    return (Cell(Kind.GAME, s, b.start_rank, "w"), Cell(Kind.GAME, 1 - s, a.start_rank, "b"))


def _forfeit(rng: random.Random, a: Player, b: Player, withdrawn: int = 0) -> tuple[Cell, Cell]:
    """The cells of a forfeit with *a* scheduled White; *withdrawn* loses when given."""
    a_wins = b.start_rank == withdrawn if withdrawn else rng.random() < 0.5
    wd = bool(withdrawn)
    s = ONE if a_wins else ZERO
    return (
        Cell(Kind.FORFEIT, s, b.start_rank, "w", wd),
        Cell(Kind.FORFEIT, 1 - s, a.start_rank, "b", wd),
    )


# --- players --------------------------------------------------------------------------------

SURNAMES = (
    "Ó Briain", "Müller", "Núñez", "Kowalski", "Dubois", "Larsen", "Fernández", "Brennan",
    "Søndergaard", "Rossi", "Keller", "García", "Björk", "Lefèvre", "Nagy", "Horváth",
    "Petit", "Walsh", "Schäfer", "Costa", "Jansen", "Moreau", "Quinn", "Weiß",
)  # fmt: skip
GIVEN = (
    "Mícheál", "Jörg", "Inés", "Anna", "Émile", "Sofie", "José", "Aoife", "Ida", "Marco",
    "Lena", "Iñigo", "Åsa", "Hélène", "Bence", "Zoé", "Cian", "Uwe", "Luís", "Eva",
)  # fmt: skip
TITLES = ("GM", "IM", "FM", "WGM", "WIM", "CM", "", "", "", "", "", "")
FEDERATIONS = ("IRL", "GER", "ESP", "POL", "FRA", "DEN", "ITA", "HUN", "NED", "SWE")
TEAM_NAMES = (
    "Rathmines Knights", "Gonzaga Rooks", "Kilkenny Castle", "Elm Mount", "Dún Laoghaire",
    "Phibsboro Pawns", "Malahide Kings", "Bray Greystones",
)  # fmt: skip


def _players(rng: random.Random, count: int, by_rating: bool = True) -> list[Player]:
    """*count* players; start ranks follow the ratings (highest first) when *by_rating*."""
    ratings = sorted((rng.randrange(1400, 2600) for _ in range(count)), reverse=by_rating)
    names = rng.sample([f"{s}, {g}" for s in SURNAMES for g in GIVEN], count)
    out = []
    for i in range(count):
        title = rng.choice(TITLES) if ratings[i] > 2150 else ""
        sex = "w" if title.startswith("W") else rng.choice("mmmw")
        out.append(
            Player(
                i + 1, names[i], sex, title, ratings[i], rng.choice(FEDERATIONS),
                rng.randrange(1_000_000, 99_999_999),
                f"{rng.randrange(1950, 2012)}/{rng.randrange(1, 13):02d}/"
                f"{rng.randrange(1, 29):02d}",
            )
        )  # fmt: skip
    return out


# --- individual round robins ----------------------------------------------------------------


def round_robin(
    rng: random.Random,
    seed: int,
    size: int,
    cycles: int = 1,
    *,
    swap: bool = False,
    played: int | None = None,
    withdrawal: str | None = None,
    forfeit: bool = True,
) -> Event:
    """An individual round robin of *size* players on the Berger table.

    Args:
        rng: The random source.
        seed: Recorded in the event.
        size: Players (odd: one Berger bye per round).
        cycles: 1 or 2.
        swap: Double round robin with the last two rounds of cycle 1 swapped.
        played: Rounds played (all when ``None``).
        withdrawal: ``"early"`` (the player completes fewer than 50 % of the games and is
            annulled when the event is finished), ``"late"`` (at least 50 %), or ``None``.
        forfeit: Make one game, not involving the withdrawn player, a forfeit (in a
            finished event not in the last two rounds, where it would read as a withdrawal).
    """
    players = _players(rng, size)
    schedule = round_robin_schedule(size, cycles, swap)
    rounds = len(schedule)
    played = rounds if played is None else played
    scheduled_games = (size - 1) * cycles
    gone, last = 0, rounds
    if withdrawal:
        gone = rng.randrange(1, size + 1)
        # the last round with a game over the board: the share completed decides annulment
        games_by = [sum(1 for rr in schedule[:k] for p in rr if gone in p and max(p) <= size)
                    for k in range(rounds + 1)]  # fmt: skip
        early = [k for k in range(1, played) if 0 < 2 * games_by[k] < scheduled_games]
        late = [k for k in range(1, played) if scheduled_games <= 2 * games_by[k]
                and games_by[k] < games_by[played]]  # fmt: skip
        choices = early if withdrawal == "early" else late
        if not choices:
            gone = 0
        else:
            last = rng.choice(choices)
    # a forfeit loss with no game after it reads as a withdrawal in a finished event
    # (fide-rules §3.3a): there the forfeit falls at least two rounds before the end
    latest = played if played < rounds else played - 2
    forfeit_round = rng.randrange(1, latest + 1) if forfeit and latest >= 1 else 0
    cells: dict[int, list[Cell]] = {p.start_rank: [] for p in players}
    for r, pairs in enumerate(schedule[:played], start=1):
        games = [(w, b) for w, b in pairs if max(w, b) <= size]
        candidates = [g for g in games if gone not in g]
        made = rng.choice(candidates) if r == forfeit_round and candidates else None
        for w, b in pairs:
            if max(w, b) > size:
                cells[min(w, b)].append(Cell(Kind.RR_BYE, ZERO))
                continue
            pw, pb = players[w - 1], players[b - 1]
            if gone in (w, b) and r > last:
                cw, cb = _forfeit(rng, pw, pb, gone)
            elif (w, b) == made:
                cw, cb = _forfeit(rng, pw, pb)
            else:
                cw, cb = _game(rng, pw, pb)
            cells[w].append(cw)
            cells[b].append(cb)
    withdrawn = {gone: last} if gone else {}
    annulled: frozenset[int] = frozenset()
    finished = played == rounds
    if gone and finished:
        completed = sum(1 for c in cells[gone] if c.kind is Kind.GAME)
        if 2 * completed < scheduled_games:
            annulled = frozenset({gone})
    state = "finished" if finished else f"after {played}/{rounds}"
    label = f"rr{size}{'x2' if cycles == 2 else ''}{'s' if swap else ''}-{state}"
    if gone:
        label += f"-wd{gone}@{last}{'-annulled' if annulled else ''}"
    return Event(label, seed, True, False, cycles, swap, 0, rounds, played, players, [],
                 cells, withdrawn, annulled)  # fmt: skip


# --- individual Swiss -----------------------------------------------------------------------


def _pair(
    order: list[int], met: Mapping[int, set[int]], budget: list[int] | None = None
) -> list[tuple[int, int]] | None:
    """Pair *order* top-down without rematches (bounded backtracking), or ``None``."""
    budget = [5000] if budget is None else budget
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if other in met[first]:
            continue
        sub = _pair(rest[:i] + rest[i + 1 :], met, budget)
        if sub is not None:
            return [(first, other), *sub]
    return None


def _colours(rng: random.Random, a: int, b: int, balance: Mapping[int, int]) -> tuple[int, int]:
    """(white, black) for the pair: the one with fewer whites so far gets White."""
    if balance[a] != balance[b]:
        return (a, b) if balance[a] < balance[b] else (b, a)
    return (a, b) if rng.random() < 0.5 else (b, a)


def swiss(
    rng: random.Random,
    seed: int,
    size: int,
    rounds: int,
    *,
    played: int | None = None,
    requests: bool = True,
    withdrawal: bool = True,
    forfeits: bool = True,
) -> Event:
    """An individual Swiss of *size* players and *rounds* rounds (fewer than size - 1).

    Args:
        rng: The random source.
        seed: Recorded in the event.
        size: Players.
        rounds: Rounds scheduled.
        played: Rounds played (all when ``None``).
        requests: Requested byes: half-point (``H``), zero-point (``Z``), full-point (``F``).
        withdrawal: One player withdraws (absent from then on).
        forfeits: Some games are forfeits.
    """
    assert rounds < size - 1, "a Swiss must not be able to complete a round robin"
    players = _players(rng, size)
    played = rounds if played is None else played
    gone = rng.randrange(1, size + 1) if withdrawal and played > 1 else 0
    last = rng.randrange(1, played) if gone else played
    asked: dict[tuple[int, int], Kind] = {}
    if requests:
        for kind in (Kind.HALF_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE):
            p, r = rng.randrange(1, size + 1), rng.randrange(1, played + 1)
            if p != gone and (p, r) not in asked:
                asked[p, r] = kind
    score = dict.fromkeys(range(1, size + 1), ZERO)
    balance = dict.fromkeys(range(1, size + 1), 0)
    met: dict[int, set[int]] = {p: set() for p in score}
    had_pab: set[int] = set()
    cells: dict[int, list[Cell]] = {p: [] for p in score}
    for r in range(1, played + 1):
        out: dict[int, Cell] = {}
        for p in score:
            if p == gone and r > last:
                out[p] = Cell(Kind.GONE, ZERO)
            elif (p, r) in asked:
                kind = asked[p, r]
                value = {Kind.HALF_BYE: HALF, Kind.ZERO_BYE: ZERO, Kind.FULL_BYE: ONE}[kind]
                out[p] = Cell(kind, value)
        active = sorted((p for p in score if p not in out),
                        key=lambda p: (-score[p], p))  # fmt: skip
        pairs: list[tuple[int, int]] | None = None
        if len(active) % 2:
            for bye in sorted((p for p in active if p not in had_pab),
                              key=lambda p: (score[p], -p)):  # fmt: skip
                pairs = _pair([p for p in active if p != bye], met)
                if pairs is not None:
                    out[bye] = Cell(Kind.PAB, ONE)
                    had_pab.add(bye)
                    break
            else:
                bye = active[-1]
                out[bye] = Cell(Kind.PAB, ONE)
        rest = [p for p in active if p not in out]
        pairs = _pair(rest, met)
        if pairs is None:  # rematches unavoidable: pair in order
            pairs = list(zip(rest[::2], rest[1::2], strict=True))
        forfeited = rng.randrange(len(pairs)) if forfeits and pairs and rng.random() < 0.6 else -1
        for i, (a, b) in enumerate(pairs):
            w, bl = _colours(rng, a, b, balance)
            pw, pb = players[w - 1], players[bl - 1]
            cw, cb = _forfeit(rng, pw, pb) if i == forfeited else _game(rng, pw, pb)
            out[w], out[bl] = cw, cb
            met[w].add(bl)
            met[bl].add(w)
            if cw.kind is Kind.GAME:
                balance[w] += 1
                balance[bl] -= 1
        for p, c in out.items():
            cells[p].append(c)
            score[p] += c.score
    state = "finished" if played == rounds else f"after {played}/{rounds}"
    label = f"swiss{size}r{rounds}-{state}" + (f"-wd{gone}@{last}" if gone else "")
    return Event(label, seed, False, False, 0, False, 0, rounds, played, players, [], cells,
                 {gone: last} if gone else {})  # fmt: skip


# --- team events ----------------------------------------------------------------------------


def _teams(rng: random.Random, count: int, boards: int) -> tuple[list[Player], list[Team]]:
    """*count* teams of *boards* players; start ranks team by team, board by board."""
    players = _players(rng, count * boards, by_rating=False)
    ordered: list[Player] = []
    teams = []
    names = rng.sample(TEAM_NAMES, count)
    for t in range(count):
        members = sorted(players[t * boards : (t + 1) * boards], key=lambda p: -p.rating)
        first = t * boards + 1
        ordered += [replace(p, start_rank=first + i) for i, p in enumerate(members)]
        nickname = "".join(ch for ch in names[t].upper() if ch.isalpha())[:4] + str(t + 1)
        teams.append(Team(t + 1, names[t], nickname[:5],
                          tuple(range(first, first + boards))))  # fmt: skip
    return ordered, teams


def _match(
    rng: random.Random, white: Team, black: Team, players: Sequence[Player], forfeit: bool
) -> dict[int, Cell]:
    """The boards of a match: the first-named team has White on odd boards (352 ``WBWB``)."""
    out: dict[int, Cell] = {}
    spoilt = rng.randrange(len(white.members)) if forfeit else -1
    for i, (a, b) in enumerate(zip(white.members, black.members, strict=True)):
        if i % 2:
            a, b = b, a
        pa, pb = players[a - 1], players[b - 1]
        ca, cb = _forfeit(rng, pa, pb) if i == spoilt else _game(rng, pa, pb)
        out[a], out[b] = ca, cb
    return out


def team_round_robin(
    rng: random.Random,
    seed: int,
    count: int,
    boards: int,
    cycles: int = 1,
    *,
    played: int | None = None,
) -> Event:
    """A team round robin of *count* teams on the Berger table (odd: a team bye per round)."""
    players, teams = _teams(rng, count, boards)
    schedule = round_robin_schedule(count, cycles, False)
    rounds = len(schedule)
    played = rounds if played is None else played
    forfeit_round = rng.randrange(1, played + 1)
    cells: dict[int, list[Cell]] = {p.start_rank: [] for p in players}
    for r, pairs in enumerate(schedule[:played], start=1):
        for w, b in pairs:
            if max(w, b) > count:
                for m in teams[min(w, b) - 1].members:
                    cells[m].append(Cell(Kind.RR_BYE, ZERO))
                continue
            spoil = r == forfeit_round and (w, b) == pairs[-1]
            for p, c in _match(rng, teams[w - 1], teams[b - 1], players, spoil).items():
                cells[p].append(c)
    state = "finished" if played == rounds else f"after {played}/{rounds}"
    label = f"team-rr{count}x{boards}b{'x2' if cycles == 2 else ''}-{state}"
    return Event(label, seed, True, True, cycles, False, boards, rounds, played, players,
                 teams, cells)  # fmt: skip


def team_swiss(
    rng: random.Random,
    seed: int,
    count: int,
    boards: int,
    rounds: int,
    *,
    played: int | None = None,
) -> Event:
    """A team Swiss of an even number of teams, paired on match points without rematches."""
    assert count % 2 == 0 and rounds < count - 1
    players, teams = _teams(rng, count, boards)
    played = rounds if played is None else played
    mp = dict.fromkeys(range(1, count + 1), 0)
    balance = dict.fromkeys(range(1, count + 1), 0)
    met: dict[int, set[int]] = {t: set() for t in mp}
    cells: dict[int, list[Cell]] = {p.start_rank: [] for p in players}
    for _ in range(played):
        order = sorted(mp, key=lambda t: (-mp[t], t))
        pairs = _pair(order, met) or list(zip(order[::2], order[1::2], strict=True))
        spoilt = rng.randrange(len(pairs)) if rng.random() < 0.5 else -1
        for i, (a, b) in enumerate(pairs):
            w, bl = _colours(rng, a, b, balance)
            balance[w] += 1
            balance[bl] -= 1
            met[w].add(bl)
            met[bl].add(w)
            boards_of = _match(rng, teams[w - 1], teams[bl - 1], players, i == spoilt)
            for p, c in boards_of.items():
                cells[p].append(c)
            own = sum((boards_of[m].score for m in teams[w - 1].members), ZERO)
            theirs = sum((boards_of[m].score for m in teams[bl - 1].members), ZERO)
            mp[w] += 2 if own > theirs else 1 if own == theirs else 0
            mp[bl] += 2 if theirs > own else 1 if own == theirs else 0
    state = "finished" if played == rounds else f"after {played}/{rounds}"
    label = f"team-swiss{count}x{boards}b-r{rounds}-{state}"
    return Event(label, seed, False, True, 0, False, boards, rounds, played, players, teams,
                 cells)  # fmt: skip


# --- catalogues -----------------------------------------------------------------------------


def catalogue(seed: int = 2026) -> list[Event]:
    """A fixed set of events covering every kind the conventions touch.

    Individual round robins (single and double, with and without the swap, odd and even,
    finished and in progress, early and late withdrawals, forfeits), individual Swiss
    events (odd and even, finished and in progress, PABs, requested byes, a withdrawal,
    forfeits), team round robins (odd and even, 2-4 boards, single and double) and team
    Swiss events (finished and in progress).
    """
    specs: list[Callable[[random.Random, int], Event]] = [
        lambda g, s: round_robin(g, s, 6, withdrawal="late"),
        lambda g, s: round_robin(g, s, 7, withdrawal="early"),
        lambda g, s: round_robin(g, s, 5, 2, withdrawal="late"),
        lambda g, s: round_robin(g, s, 4, 2, swap=True),
        lambda g, s: round_robin(g, s, 8, played=4, withdrawal="late"),
        lambda g, s: round_robin(g, s, 9, played=6),
        lambda g, s: swiss(g, s, 11, 5),
        lambda g, s: swiss(g, s, 10, 5),
        lambda g, s: swiss(g, s, 9, 6, played=4),
        lambda g, s: team_round_robin(g, s, 4, 4),
        lambda g, s: team_round_robin(g, s, 5, 2),
        lambda g, s: team_round_robin(g, s, 3, 3, 2),
        lambda g, s: team_swiss(g, s, 6, 3, 4),
        lambda g, s: team_swiss(g, s, 8, 2, 5, played=3),
        lambda g, s: round_robin(g, s, 3, played=2, forfeit=False),
        lambda g, s: team_round_robin(g, s, 4, 3, played=2),
    ]
    return [make(random.Random(seed * 1000 + i), seed * 1000 + i) for i, make in enumerate(specs)]


def random_event(seed: int) -> Event:
    """One event of a random kind and size, from *seed*."""
    rng = random.Random(seed)
    kind = rng.choice(("rr", "rr", "swiss", "swiss", "team-rr", "team-swiss"))
    if kind == "rr":
        size, cycles = rng.randrange(3, 11), rng.choice((1, 1, 2))
        rounds = (size + size % 2 - 1) * cycles
        played = rounds if rng.random() < 0.6 else rng.randrange(2, rounds)
        return round_robin(rng, seed, size, cycles, swap=rng.random() < 0.5, played=played,
                           withdrawal=rng.choice((None, "early", "late")))  # fmt: skip
    if kind == "swiss":
        size = rng.randrange(6, 17)
        rounds = rng.randrange(3, min(8, size - 2))
        played = rounds if rng.random() < 0.6 else rng.randrange(2, rounds + 1)
        return swiss(rng, seed, size, rounds, played=played, withdrawal=rng.random() < 0.7)
    boards = rng.randrange(2, 5)
    if kind == "team-rr":
        count, cycles = rng.randrange(3, 7), rng.choice((1, 1, 2))
        rounds = (count + count % 2 - 1) * cycles
        played = rounds if rng.random() < 0.7 else rng.randrange(1, rounds)
        return team_round_robin(rng, seed, count, boards, cycles, played=played)
    count = rng.choice((4, 6, 8))
    rounds = rng.randrange(2, count - 1)
    played = rounds if rng.random() < 0.7 else rng.randrange(1, rounds + 1)
    return team_swiss(rng, seed, count, boards, rounds, played=played)


# --- styles: how an exporter writes the event -----------------------------------------------


@dataclass(frozen=True)
class Style:
    """Everything an exporter chooses; the defaults are the canonical rendering.

    Attributes:
        version: ``"trf26"`` (142, 192, 310 teams, 352) or ``"trf16"`` (``XXR``, no 142,
            162, 192, 212, 352, 362; teams as 013).
        text_092: The language of the 092 free text (:data:`TEXTS_092`), ``None`` for no 092.
        code_192: Write 192 (TRF-2026 only).
        scoring_162: Write 162 (and 362 for teams) with the default values (TRF-2026 only).
        rounds_record: Write 142 / ``XXR``.
        team_records: ``"310"``, ``"013"`` or ``"both"`` (013 is the only one in TRF16).
        teams_first: Team records before the 001 lines (after them by default).
        team_number: The 310 team number ``"right"``-aligned in columns 5-7, or ``"left"``.
        records_last: 092, 142/``XXR``, 192, 162, 362 and 352 after the 001 and team lines
            (``XXR`` at the end: bbpPairings, JaVaFo RTG).
        rank_column: Fill the 001 rank column (lichess leaves it blank).
        newline: The line terminator.
        bom: A UTF-8 byte-order mark.
        encoding: ``"utf-8"`` or ``"latin-1"``.
        trailing_spaces: Pad lines with blanks (001 lines to the width of every block).
        final_newline: End the last line with the terminator.
        order: The 001 lines by ``"start"`` rank, ``"shuffled"``, or by final ``"rank"``.
        bye_opponent: The opponent of a bye: ``"0000"``, ``"   0"`` or four blanks.
        bye_colour: The colour of a bye: ``"-"`` or ``" "``.
        zero_bye: A requested zero-point bye or a Swiss absence after a withdrawal:
            ``"Z"``, ``"-"`` (``0000 - -``), ``" "`` (blank result), ``"block"`` (a blank
            10-column block; blocks at the end of a line are dropped).
        half_bye: ``"H"`` or ``"="`` (ICU).
        full_bye: ``"F"`` or ``"+"``.
        pab: The pairing-allocated bye: ``"U"``; ``"F"``, ``"+"`` (a win as well); ``" "``,
            ``"-"``, ``"Z"`` (worth 0 by the spec: the points columns follow).
        rr_bye: The free round of an odd round robin: ``"Z"``, ``"block"``, ``"-"``,
            ``" "``; ``"U"`` (a win by the spec: the points columns follow).
        rr_withdrawal: The forfeits a round-robin withdrawal leaves: ``"forfeit"`` (the
            withdrawn player ``0005 b -``, the opponent ``0003 w +``), ``"absent"`` (the
            withdrawn player ``0000 - -``, the opponents' ``+`` kept) or ``"absent-z"``
            (``0000 - Z``, the opponents' ``+`` kept).
        forfeit_colour: ``"scheduled"`` or ``"-"`` (``0013 - +``, FIDE example1).
        ids: Opponents as ``"spaces"`` (``   5``) or ``"zeros"`` (``0005``).
        byes_240: Requested byes (``F``, ``H``, ``Z``) listed in TRF-2026 240 records only,
            their round blocks left blank.
    """

    version: str = "trf26"
    text_092: str | None = "en"
    code_192: bool = True
    scoring_162: bool = False
    rounds_record: bool = True
    team_records: str = "310"
    teams_first: bool = False
    team_number: str = "right"
    records_last: bool = False
    rank_column: bool = True
    newline: str = "\n"
    bom: bool = False
    encoding: str = "utf-8"
    trailing_spaces: bool = False
    final_newline: bool = True
    order: str = "start"
    bye_opponent: str = "0000"
    bye_colour: str = "-"
    zero_bye: str = "Z"
    half_bye: str = "H"
    full_bye: str = "F"
    pab: str = "U"
    rr_bye: str = "Z"
    rr_withdrawal: str = "forfeit"
    forfeit_colour: str = "scheduled"
    ids: str = "spaces"
    byes_240: bool = False


CANONICAL = Style()


@dataclass(frozen=True)
class Convention:
    """A named exporter habit: a change of style fields.

    Attributes:
        name: Short and unique.
        changes: Style field → value.
        same_meaning: By the TRF spec the file says the same thing as the canonical one.
            When False the points columns follow the codes written, and only the regime
            and the error findings are compared.
        applies: Whether the event has anything the convention changes.
        excludes: Names of conventions it cannot be combined with.
        spec: Where the spec says the two writings are equivalent (or differ).
    """

    name: str
    changes: Mapping[str, object]
    same_meaning: bool = True
    applies: Callable[[Event], bool] = lambda event: True
    excludes: frozenset[str] = frozenset()
    spec: str = ""


def _has(*kinds: Kind) -> Callable[[Event], bool]:
    return lambda event: bool(event.kinds() & set(kinds))


def _swiss_has(*kinds: Kind) -> Callable[[Event], bool]:
    return lambda event: not event.round_robin and bool(event.kinds() & set(kinds))


_byes = _has(*BYES)
_forfeits = _has(Kind.FORFEIT)
_zero_byes = _has(Kind.ZERO_BYE, Kind.GONE)
_REQUESTED_BYES = (Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE)
"""The byes a player asks for, which a TRF-2026 240 record may list."""


def _individual_odd_rr(event: Event) -> bool:
    return event.odd_round_robin and not event.team


CONVENTIONS: tuple[Convention, ...] = (
    # the header: what the event says it is
    Convention("no-092", {"text_092": None}, spec="§5.3: files without 092"),
    Convention("092-plain", {"text_092": "plain"}, spec="§5.3: 092 is free text"),
    Convention("092-de", {"text_092": "de"}, spec="§5.3: 092 is free text"),
    Convention("092-fr", {"text_092": "fr"}, spec="§5.3: 092 is free text"),
    Convention("092-es", {"text_092": "es"}, spec="§5.3: 092 is free text"),
    Convention("092-ru", {"text_092": "ru"}, spec="§5.3: 092 is free text"),
    Convention("092-neutral", {"text_092": "neutral"},
               spec="§5.3: 'Team League', a free text naming no system"),
    Convention("no-192", {"code_192": False}, spec="§1.6: TRF16 has only 092; 192 is TRF26"),
    Convention("trf16", {"version": "trf16"},
               spec="§1, §3.1: TRF16 + XXR, no 142/162/192/212/352, teams as 013"),
    Convention("with-162", {"scoring_162": True},
               spec="§4.2: 162/362 only needed if not default"),
    Convention("no-rounds-record", {"rounds_record": False},
               applies=lambda e: e.finished, spec="§4.2: 142 mandatory only for ITDX"),
    Convention("teams-013", {"team_records": "013"}, applies=lambda e: e.team,
               spec="§4.4: 013 kept in TRF26 (to be phased out)"),
    Convention("teams-013-and-310", {"team_records": "both"}, applies=lambda e: e.team,
               spec="§5.7: 013 and 310 both present (Grandmommy)"),
    Convention("teams-first", {"teams_first": True}, applies=lambda e: e.team,
               spec="§5.7: 310 before 001, 013 after all 001"),
    Convention("team-number-left", {"team_number": "left"}, applies=lambda e: e.team,
               spec="§5.7: 310 team number left-aligned at column 5 (Sharly's bbp fork)"),
    Convention("records-after-players", {"records_last": True},
               spec="§1.1/§3.1: records are lines; XXR after the 001 lines in bbp files"),
    Convention("rank-column-blank", {"rank_column": False},
               spec="§5.4: rank blank (lichess never fills it)"),
    # bytes and lines
    Convention("crlf", {"newline": "\r\n"}, spec="§5.1"),
    Convention("cr", {"newline": "\r"}, spec="§5.1: bare CR (bbpPairings, TRF remark 1)"),
    Convention("bom", {"bom": True}, excludes=frozenset({"latin-1"}), spec="§5.1"),
    Convention("latin-1", {"encoding": "latin-1"}, excludes=frozenset({"092-ru", "bom"}),
               spec="§5.2: Latin-1 files exist"),
    Convention("trailing-spaces", {"trailing_spaces": True}, spec="§5.1"),
    Convention("no-final-newline", {"final_newline": False}, spec="§5.1"),
    Convention("order-shuffled", {"order": "shuffled"}, spec="§5.4: order of 001 lines"),
    Convention("order-by-rank", {"order": "rank"}, spec="§5.4: sorted by final standing"),
    # round blocks: byes
    Convention("bye-opponent-0", {"bye_opponent": "   0"}, applies=_byes,
               spec="§1.3: four blanks ≡ 0000; §5.5 '     0 - H'"),
    Convention("bye-opponent-blank", {"bye_opponent": "    "}, applies=_byes,
               spec="§1.3: four blanks ≡ 0000"),
    Convention("bye-colour-blank", {"bye_colour": " "}, applies=_byes,
               spec="§1.3: blank colour ≡ '-'"),
    Convention("zero-bye-dash", {"zero_bye": "-"}, applies=_zero_byes,
               spec="§5.5: 0000 - - is an absence, for scoring = Z"),
    Convention("zero-bye-blank-result", {"zero_bye": " "}, applies=_zero_byes,
               spec="§1.3/§1.4: blank result ≡ Z"),
    Convention("zero-bye-blank-block", {"zero_bye": "block"}, applies=_zero_byes,
               spec="§5.5: a blank block ≡ 0000 - Z"),
    Convention("half-bye-equals", {"half_bye": "="}, applies=_has(Kind.HALF_BYE),
               spec="§5.5: 0000 - = (ICU) for H"),
    Convention("full-bye-plus", {"full_bye": "+"}, applies=_has(Kind.FULL_BYE),
               spec="§5.5: 0000 - + for a bye scored as a win (Bunratty)"),
    Convention("pab-F", {"pab": "F"}, applies=_has(Kind.PAB),
               spec="§5.5: PAB written F (lila #6669); C.07 16.2.1 treats both alike"),
    Convention("pab-plus", {"pab": "+"}, applies=_has(Kind.PAB),
               spec="§5.5: 0000 - + for a bye scored as a win"),
    Convention("pab-blank-result", {"pab": " "}, same_meaning=False, applies=_has(Kind.PAB),
               spec="§1.4: blank = Z, 0 points (the points columns follow)"),
    Convention("pab-dash", {"pab": "-"}, same_meaning=False, applies=_has(Kind.PAB),
               spec="§5.5: 0000 - - is 0 points (the points columns follow)"),
    Convention("pab-Z", {"pab": "Z"}, same_meaning=False, applies=_has(Kind.PAB),
               spec="§3.2: a pre-assigned PAB written Z (the points columns follow)"),
    Convention("rr-bye-blank-block", {"rr_bye": "block"}, applies=_has(Kind.RR_BYE),
               spec="§5.5, §7: a blank block for the odd RR's bye"),
    Convention("rr-bye-dash", {"rr_bye": "-"}, applies=_has(Kind.RR_BYE),
               spec="fide-rules §3.3a: U, Z, -, blank or 0000 - -"),
    Convention("rr-bye-blank-result", {"rr_bye": " "}, applies=_has(Kind.RR_BYE),
               spec="§1.4: blank = Z"),
    Convention("rr-bye-U", {"rr_bye": "U"}, same_meaning=False, applies=_individual_odd_rr,
               spec="fide-rules §3.3a: U does not make the event a Swiss (worth 1 by §1.4)"),
    # round blocks: withdrawals and forfeits
    Convention("rr-withdrawal-absent", {"rr_withdrawal": "absent"},
               applies=lambda e: e.rr_withdrawal,
               spec="fide-rules §3.3/§3.3a: withdrawn player 0000 - -, opponents +"),
    Convention("rr-withdrawal-absent-Z", {"rr_withdrawal": "absent-z"},
               applies=lambda e: e.rr_withdrawal,
               spec="fide-rules §3.3: written 0000 - Z, accept with a warning"),
    Convention("forfeit-colour-dash", {"forfeit_colour": "-"}, applies=_forfeits,
               spec="§5.5: 13 - + in FIDE example1"),
    Convention("zero-padded-ids", {"ids": "zeros"}, spec="§5.5: 0005 w 1 (gnutterts)"),
    Convention("byes-240", {"byes_240": True}, excludes=frozenset({"trf16"}),
               applies=lambda e: not e.team and _has(*_REQUESTED_BYES)(e),
               spec="§4.4: 240 lists the byes that bring points (F, H, Z), blocks blank"),
)  # fmt: skip
"""Every convention the tests apply; see :class:`Convention`."""

BY_NAME: dict[str, Convention] = {c.name: c for c in CONVENTIONS}


def compatible(chosen: Iterable[Convention]) -> bool:
    """No two of *chosen* change the same style field or exclude each other."""
    seen: set[str] = set()
    names = {c.name for c in chosen}
    for c in chosen:
        if c.excludes & names or seen & set(c.changes):
            return False
        seen |= set(c.changes)
    return True


def style_of(chosen: Iterable[Convention]) -> Style:
    """The canonical style with *chosen* applied."""
    changes: dict[str, object] = {}
    for c in chosen:
        changes.update(c.changes)
    return replace(CANONICAL, **changes)  # type: ignore[arg-type]


def random_conventions(rng: random.Random, event: Event, most: int = 5) -> list[Convention]:
    """Up to *most* compatible conventions that apply to *event*, drawn from *rng*."""
    pool = [c for c in CONVENTIONS if c.applies(event)]
    rng.shuffle(pool)
    chosen: list[Convention] = []
    for c in pool:
        if len(chosen) >= most:
            break
        if compatible([*chosen, c]):
            chosen.append(c)
    return chosen


# --- rendering ------------------------------------------------------------------------------

TEXTS_092: dict[str, dict[str, str]] = {
    "en": {"rr": "Individual: Round-Robin", "rr2": "Individual: Double Round-Robin",
           "swiss": "Individual: Swiss-System", "team-rr": "Team: Round-Robin",
           "team-rr2": "Team: Double Round-Robin", "team-swiss": "Team: Swiss-System"},
    "plain": {"rr": "Round robin", "rr2": "Double round robin", "swiss": "Swiss system",
              "team-rr": "Team round robin", "team-rr2": "Team double round robin",
              "team-swiss": "Team Swiss"},
    "de": {"rr": "Rundenturnier", "rr2": "Doppelrundenturnier", "swiss": "Schweizer System",
           "team-rr": "Mannschaften: Rundenturnier", "team-rr2": "Mannschaften: Doppelrunde, "
           "jeder gegen jeden", "team-swiss": "Mannschaften: Schweizer System"},
    "fr": {"rr": "Toutes rondes", "rr2": "Toutes rondes double", "swiss": "Système suisse",
           "team-rr": "Équipes, toutes rondes", "team-rr2": "Équipes, toutes rondes double",
           "team-swiss": "Équipes, système suisse"},
    "es": {"rr": "Todos contra todos", "rr2": "Todos contra todos a doble vuelta",
           "swiss": "Sistema suizo", "team-rr": "Equipos, todos contra todos",
           "team-rr2": "Equipos, todos contra todos a doble vuelta",
           "team-swiss": "Equipos, sistema suizo"},
    "ru": {"rr": "Круговой турнир", "rr2": "Двухкруговой турнир",
           "swiss": "Швейцарская система", "team-rr": "Командный круговой турнир",
           "team-rr2": "Командный двухкруговой турнир",
           "team-swiss": "Командный турнир, швейцарская система"},
    "neutral": dict.fromkeys(("rr", "rr2", "swiss"), "Club Championship 2025")
    | dict.fromkeys(("team-rr", "team-rr2", "team-swiss"), "Team League"),
}  # fmt: skip
"""092 free texts per language and kind of event (``neutral`` names no system)."""


def _kind(event: Event) -> str:
    base = "rr" if event.round_robin else "swiss"
    if event.round_robin and event.cycles == 2:
        base = "rr2"
    return f"team-{base}" if event.team else base


def type_code(event: Event) -> str:
    """The TRF-2026 192 code of *event* (the codes of trf-format §4.2 / fide-rules §1.5)."""
    if event.team:
        if not event.round_robin:
            return "FIDE_TEAM_MP_GP"
        return "BERGER_TEAM_ROUNDROBIN_G2" if event.cycles == 2 else "BERGER_TEAM_ROUNDROBIN"
    if not event.round_robin:
        return "FIDE_DUTCH_2025"
    if event.cycles == 2:
        return "FIDE_DOUBLEROUNDROBIN" if event.swap else "BERGER_DOUBLEROUNDROBIN"
    return "FIDE_ROUNDROBIN"


SPEC_VALUE = {"1": ONE, "=": HALF, "0": ZERO, "+": ONE, "-": ZERO, "W": ONE, "D": HALF,
              "L": ZERO, "H": HALF, "F": ONE, "U": ONE, "Z": ZERO, " ": ZERO}  # fmt: skip
"""What a result code is worth by the TRF spec (§1.4; blank = ``Z``)."""


@dataclass(frozen=True)
class Block:
    """A written round block: its 10 characters (or ``None`` for a blank one) and value."""

    text: str | None
    value: Fraction
    opponent: int


@dataclass(frozen=True)
class Rendering:
    """An event written in a style.

    Attributes:
        data: The file's bytes.
        style: The style.
        names: The conventions applied.
        same_meaning: Every convention applied writes the same event.
        points: Start rank → the 001 points column written (the codes' value).
        ranks: Start rank → the 001 rank column written (0: not ranked).
    """

    data: bytes
    style: Style
    names: tuple[str, ...]
    same_meaning: bool
    points: Mapping[int, Fraction]
    ranks: Mapping[int, int]

    @property
    def text(self) -> str:
        """The file decoded, for messages."""
        return self.data.decode(self.style.encoding).removeprefix("\ufeff")


def _opponent(number: int, style: Style) -> str:
    return f"{number:04d}" if style.ids == "zeros" else f"{number:>4}"


def _block(cell: Cell, style: Style) -> Block:
    """The round block of *cell* in *style*."""
    bye = f"{style.bye_opponent} {style.bye_colour} "

    def written(code: str) -> Block:
        if code == "block":
            return Block(None, ZERO, 0)
        return Block(bye + code, SPEC_VALUE[code], 0)

    kind = cell.kind
    if style.byes_240 and kind in _REQUESTED_BYES:
        return Block(None, cell.score, 0)  # the bye stands in a 240 record
    if kind is Kind.GAME:
        code = {ONE: "1", HALF: "=", ZERO: "0"}[cell.score]
        return Block(f"{_opponent(cell.opponent, style)} {cell.colour} {code}", cell.score,
                     cell.opponent)  # fmt: skip
    if kind is Kind.FORFEIT:
        code = "+" if cell.score else "-"
        if cell.withdrawn and not cell.score and style.rr_withdrawal != "forfeit":
            return written("-" if style.rr_withdrawal == "absent" else "Z")
        colour = cell.colour if style.forfeit_colour == "scheduled" else "-"
        return Block(f"{_opponent(cell.opponent, style)} {colour} {code}", cell.score,
                     cell.opponent)  # fmt: skip
    code = {
        Kind.PAB: style.pab,
        Kind.FULL_BYE: style.full_bye,
        Kind.HALF_BYE: style.half_bye,
        Kind.ZERO_BYE: style.zero_bye,
        Kind.GONE: style.zero_bye,
        Kind.RR_BYE: style.rr_bye,
    }[kind]
    return written(code)


ROUND_DATE = "25/{month:02d}/{day:02d}"


def _dates(rounds: int) -> list[str]:
    """Round dates, one a day from 2025/05/03 (YY/MM/DD)."""
    out = []
    for r in range(rounds):
        month, day = (5, 3 + r) if 3 + r <= 31 else (6, r - 28)
        out.append(ROUND_DATE.format(month=month, day=day))
    return out


def _rank_by(points: Mapping[int, Fraction], unranked: Iterable[int]) -> dict[int, int]:
    """Rank column: by points, then start rank; *unranked* get 0."""
    skip = set(unranked)
    order = sorted((s for s in points if s not in skip), key=lambda s: (-points[s], s))
    ranks = dict.fromkeys(skip, 0)
    ranks.update({s: i for i, s in enumerate(order, start=1)})
    return ranks


def _points(value: Fraction) -> str:
    return f"{float(value):4.1f}"


_BYE_CODES = {Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z"}


def _bye_records(event: Event) -> list[str]:
    """The 240 lines of *event*'s requested byes: kind at 5, round at 7-9, ids every 5 from 11."""
    listed: dict[tuple[str, int], list[int]] = {}
    for s, cells in sorted(event.cells.items()):
        for number, cell in enumerate(cells, start=1):
            if cell.kind in _BYE_CODES:
                listed.setdefault((_BYE_CODES[cell.kind], number), []).append(s)
    return [f"240 {code} {number:>3} " + " ".join(f"{s:>4}" for s in ids)
            for (code, number), ids in sorted(listed.items(), key=lambda i: (i[0][1], i[0][0]))]


def render(event: Event, chosen: Sequence[Convention] = ()) -> Rendering:
    """Write *event* with the conventions *chosen* (none: the canonical file)."""
    assert compatible(chosen), [c.name for c in chosen]
    style = style_of(chosen)
    trf16 = style.version == "trf16"
    blocks = {s: [_block(c, style) for c in cells] for s, cells in event.cells.items()}
    # the points columns follow what the codes written are worth (spec §1.4)
    values = {s: [b.value for b in bs] for s, bs in blocks.items()}
    standing = {s: sum((b.value for b in bs if b.opponent not in event.annulled), ZERO)
                for s, bs in blocks.items()}  # fmt: skip
    points = {s: sum(v, ZERO) if s in event.annulled else standing[s] for s, v in values.items()}
    ranks = _rank_by(standing, event.annulled)
    same = all(c.same_meaning for c in chosen)
    if same:
        assert points == {
            p.start_rank: event.points(p.start_rank) if p.start_rank in event.annulled
            else event.standing_points(p.start_rank) for p in event.players
        }, "a same-meaning convention changed the points"  # fmt: skip

    lines: list[str] = []
    count = len(event.players)
    lines.append(f"012 {event.label} (seed {event.seed})")
    lines.append("022 Dublin")
    lines.append("032 IRL")
    lines.append("042 2025/05/03")
    lines.append(f"052 2025/{_dates(event.rounds)[-1][3:]}")
    lines.append(f"062 {count}")
    lines.append(f"072 {count}")
    if event.team:
        lines.append(f"082 {len(event.teams)}")
    codes: list[str] = []  # the records that say what the event is
    if style.text_092 is not None:
        codes.append(f"092 {TEXTS_092[style.text_092][_kind(event)]}")
    lines.append("102 Ní Bhriain, Siobhán")
    lines.append("122 90 min + 30 s")
    if style.rounds_record:
        codes.append(f"XXR {event.rounds}" if trf16 else f"142 {event.rounds}")
    if not trf16 and style.code_192:
        codes.append(f"192 {type_code(event)}")
    if not trf16 and style.scoring_162:
        codes.append("162 " + "".join(f" {s}{float(v):4.1f}   "
                                      for s, v in (("W", 1), ("D", .5), ("L", 0), ("A", 0))
                                      ).rstrip())  # fmt: skip
        if event.team:
            codes.append("362 " + "".join(f"{s}{float(v):4.1f}   "
                                          for s, v in (("TW", 2), ("TD", 1), ("TL", 0))
                                          ).rstrip())  # fmt: skip
    if not trf16 and event.team:
        codes.append("352 " + ("WB" * event.boards)[: event.boards])
    if style.byes_240:
        codes += _bye_records(event)
    if not style.records_last:
        lines += codes
    lines.append("132" + " " * 88 + "".join(f"{d:<10}" for d in _dates(event.rounds)).rstrip())

    width = 91 + 10 * event.played
    players: dict[int, str] = {}
    for p in event.players:
        s = p.start_rank
        head = (f"001 {s:>4} {p.sex}{p.title:>3} {p.name:<33.33} {p.rating:>4} "
                f"{p.federation:<3} {p.fide_id:>11} {p.birth:<10} {_points(points[s])} "
                f"{(ranks[s] if style.rank_column else 0) or '':>4}  ")  # fmt: skip
        body = "".join(f"{b.text or '':<8}  " for b in blocks[s])
        line = (head + body).rstrip()
        if style.trailing_spaces:
            line = line.ljust(width)
        players[s] = line
    order = [p.start_rank for p in event.players]
    if style.order == "shuffled":
        random.Random(f"{event.seed}-order").shuffle(order)
        if order == sorted(order):
            order.reverse()
    elif style.order == "rank":
        order.sort(key=lambda s: (ranks[s] == 0, ranks[s], s))
    player_lines = [players[s] for s in order]

    team_lines: list[str] = []
    if event.team:
        totals = team_totals(event, values)
        team_rank = {n: i for i, n in enumerate(
            sorted(totals, key=lambda n: (-totals[n][0], -totals[n][1], n)), start=1)}  # fmt: skip
        kinds = ("013",) if trf16 else {"013": ("013",), "310": ("310",),
                                        "both": ("013", "310")}[style.team_records]  # fmt: skip
        for kind in kinds:
            teams = list(event.teams)
            if kind == "310" and style.order == "shuffled":
                random.Random(f"{event.seed}-teams").shuffle(teams)
            for t in teams:
                ids = "".join(f"{m:>4} " for m in t.members)
                if kind == "013":
                    team_lines.append(f"013 {t.name:<32}{ids}".rstrip())
                    continue
                strength = sum(event.players[m - 1].rating for m in t.members) // len(t.members)
                mp, gp = totals[t.number]
                number = f"{t.number:<3}" if style.team_number == "left" else f"{t.number:>3}"
                team_lines.append(
                    f"310 {number} {t.name:<32} {t.nickname:<5} {strength:>6} "
                    f"{float(mp):6.1f} {float(gp):6.1f} {team_rank[t.number]:>3}  {ids}".rstrip()
                )
    body_lines = team_lines + player_lines if style.teams_first else player_lines + team_lines
    lines += body_lines
    if style.records_last:
        lines += codes
    if style.trailing_spaces:
        lines = [line if line.startswith("001") else line + "  " for line in lines]
    text = style.newline.join(lines) + (style.newline if style.final_newline else "")
    data = text.encode(style.encoding)
    if style.bom:
        data = b"\xef\xbb\xbf" + data
    names = tuple(c.name for c in chosen)
    return Rendering(data, style, names, same, points, ranks)


def style_fields() -> tuple[str, ...]:
    """The names of the style fields (for tests that list what a convention changes)."""
    return tuple(f.name for f in fields(Style))
