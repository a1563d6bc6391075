"""Generated tournaments for the comparison with gacrux: Swiss events and round robins.

Every tournament is complete and consistent (each game appears on both players'
lines with opposite colours and complementary results), and the points column is
the plain sum of the round codes, so that gacrux's own score check accepts it.
What varies, from a seeded random generator:

- Swiss events: greedy score-group pairing without rematches (a rematch only when
  nothing else is left), pairing-allocated byes (``U``), requested half-point,
  full-point and zero-point byes (``H``, ``F``, ``Z``), a full-point bye written
  ``0000 - +``, absences written as blank blocks or ``0000 - -``, late entries,
  withdrawals, forfeits and double forfeits, draws, unrated players, reports
  written before the last round (record ``XXR`` above the rounds played) and,
  on request, the ICU way of writing a half-point bye (``0000 - =``).
- Round robins: the Berger schedule of ``tests/rr_generator.py`` (single and
  double, odd and even fields, the bye of an odd field blank or ``Z``), forfeits,
  double forfeits and withdrawals, the remaining games written either as
  scheduled forfeits (``-``/``+``) or the lossy way (``0000 - Z`` / ``0000 - +``).
- Both kinds: 3 / 1 / 0 scoring declared in record 162 for some tournaments, and a
  start date (record 042) that selects the 2024 or the 2026 tie-break rules.

Each tournament carries the set of features it contains (:attr:`Event.tags`), which
the comparison uses to try the explanations that can apply.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
"""Where ``rr_generator.py`` lives (its round blocks and round-robin schedule are reused)."""
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import rr_generator  # noqa: E402
from rr_generator import COMPLEMENT, Block  # noqa: E402

POINTS: dict[str, Fraction] = {
    "1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1),
    "-": Fraction(0), "Z": Fraction(0), " ": Fraction(0), "H": Fraction(1, 2),
    "F": Fraction(1), "U": Fraction(1),
}  # fmt: skip
"""Points of each result code under the default 1 / ½ / 0 scoring."""

FOOTBALL: dict[str, Fraction] = {
    **{code: 3 * value for code, value in POINTS.items() if value == 1},
    **{code: 2 * value for code, value in POINTS.items() if value == Fraction(1, 2)},
    **{code: value for code, value in POINTS.items() if value == 0},
}
"""Points under 3 / 1 / 0 scoring (declared in record 162): wins, forfeit wins and full
or pairing-allocated byes 3, draws and half-point byes 1."""

FOOTBALL_162 = " W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"
"""Record 162 for :data:`FOOTBALL` (symbol every 9 columns from column 6)."""

START_DATES = {"fide-2024": "2025/05/10", "fide-2026": "2026/05/10"}
"""A start date (record 042) that selects each rule edition, in both tools."""


@dataclass
class Event:
    """A generated tournament.

    Attributes:
        kind: ``"swiss"`` or ``"round-robin"``.
        seed: The seed it was generated from (with :func:`generate`'s arguments).
        ratings: Start rank → rating (``None`` for an unrated player).
        grid: Start rank → one block per round.
        header: Record code → value, written before the player lines.
        tags: The features the tournament contains (``"forfeit"``, ``"unrated"``, …).
        scoring: Points of each result code (:data:`POINTS` or :data:`FOOTBALL`).
    """

    kind: str
    seed: int
    ratings: dict[int, int | None]
    grid: dict[int, list[Block]]
    header: dict[str, str] = field(default_factory=dict)
    tags: set[str] = field(default_factory=set)
    scoring: dict[str, Fraction] = field(default_factory=lambda: dict(POINTS))

    @property
    def rounds(self) -> int:
        """The number of rounds that have blocks."""
        return max((len(blocks) for blocks in self.grid.values()), default=0)

    def points(self, player: int) -> Fraction:
        """The plain sum of *player*'s round codes."""
        return sum((self.scoring[b.result] for b in self.grid[player]), Fraction(0))

    def text(self) -> str:
        """The TRF text (points column = plain sum, rank column blank)."""
        lines = [f"{code} {value}" for code, value in self.header.items()]
        for player in sorted(self.grid):
            pts = self.points(player)
            whole, half = divmod(pts * 2, 2)
            shown = f"{int(whole)}.{5 if half else 0}"
            rating = self.ratings[player]
            head = (
                f"001 {player:>4} m    {f'Player {player:03d}':<33} "
                f"{rating if rating else '':>4} NOR {1000000 + player:>11} 2000/01/01 "
                f"{shown:>4} {'':>4}  "
            )
            blocks = "  ".join(b.text() for b in self.grid[player])
            lines.append((head + blocks).rstrip())
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Options:
    """What a generated tournament may contain.

    Attributes:
        icu_draw_bye: Write some half-point byes as ``0000 - =`` (the ICU convention).
        unrated: Let some tournaments have unrated players.
        in_progress: Let some reports be written before the last round.
        football: Let some tournaments score 3 / 1 / 0 (record 162).
    """

    icu_draw_bye: bool = True
    unrated: bool = True
    in_progress: bool = True
    football: bool = True


def _ratings(rng: random.Random, players: int, unrated: bool) -> dict[int, int | None]:
    """Ratings in start-rank order (highest first); unrated players come last."""
    values = sorted((rng.randint(1400, 2650) for _ in range(players)), reverse=True)
    out: dict[int, int | None] = {i + 1: v for i, v in enumerate(values)}
    if unrated and rng.random() < 0.3:
        for rank in range(players, players - rng.randint(1, max(1, players // 5)), -1):
            out[rank] = None
    return out


def _game(rng: random.Random, white_rating: int | None, black_rating: int | None) -> str:
    """White's result of a game played over the board: stronger players win more often."""
    diff = (white_rating or 1800) - (black_rating or 1800)
    expected = 1 / (1 + 10 ** (-diff / 400))
    draw = 0.3
    roll = rng.random()
    if roll < draw:
        return "="
    return "1" if rng.random() < expected else "0"


def _header(
    rng: random.Random, kind: str, players: int, declared: int, tags: set[str]
) -> dict[str, str]:
    """Records 012, 042, 062, 092 and XXR; the start date chooses the rule edition."""
    edition = rng.choice(sorted(START_DATES))
    tags.add(edition)
    name = "Generated Swiss" if kind == "swiss" else "Generated round robin"
    return {
        "012": f"{name}, {players} players",
        "042": START_DATES[edition],
        "062": str(players),
        "092": "Individual: Swiss-System" if kind == "swiss" else "Individual: Round Robin",
        "XXR": str(declared),
    }


def swiss(rng: random.Random, seed: int, players: int, rounds: int, options: Options) -> Event:
    """A Swiss event with byes of every kind, forfeits, late entries and withdrawals.

    Args:
        rng: The random generator (consumed).
        seed: Recorded on the event.
        players: Number of players (at least 4).
        rounds: Number of rounds played.
        options: What the event may contain.

    Returns:
        The event, tagged with the features it contains.
    """
    tags: set[str] = set()
    ratings = _ratings(rng, players, options.unrated)
    if any(r is None for r in ratings.values()):
        tags.add("unrated")
    grid: dict[int, list[Block]] = {p: [] for p in ratings}
    score = {p: Fraction(0) for p in ratings}
    colours = {p: 0 for p in ratings}  # whites minus blacks
    met: set[tuple[int, int]] = set()
    had_pab: set[int] = set()
    withdraw_after: dict[int, int] = {}
    late_from: dict[int, int] = {}
    absent_style = rng.choice(["blank", "Z", "-"])
    bye_rate = rng.choice([0.0, 0.03, 0.08])
    forfeit_rate = rng.choice([0.0, 0.03, 0.08])
    icu = options.icu_draw_bye and rng.random() < 0.2
    for p in ratings:
        roll = rng.random()
        if roll < 0.06 and rounds > 2:
            withdraw_after[p] = rng.randint(1, rounds - 1)
        elif roll < 0.1 and rounds > 2:
            late_from[p] = rng.randint(2, min(3, rounds))
    for r in range(1, rounds + 1):
        available = []
        for p in ratings:
            if r > withdraw_after.get(p, rounds) or r < late_from.get(p, 1):
                tags.add("withdrawal" if p in withdraw_after else "late-entry")
                grid[p].append(_absence(absent_style))
                tags.add(f"absent-{absent_style}")
                continue
            if rng.random() < bye_rate:
                kind = rng.choice(["H", "H", "F", "Z", "+"] + (["="] * 2 if icu else []))
                result = "=" if kind == "=" else kind
                grid[p].append(Block(None, "-", result))
                score[p] += POINTS[result]
                tags.add({"H": "bye-H", "F": "bye-F", "Z": "bye-Z", "+": "bye-plus",
                          "=": "icu-draw-bye"}[kind])  # fmt: skip
                continue
            available.append(p)
        order = sorted(available, key=lambda p: (-score[p], p))
        if len(order) % 2:
            candidates = [p for p in reversed(order) if p not in had_pab] or [order[-1]]
            pab = candidates[0]
            order.remove(pab)
            had_pab.add(pab)
            grid[pab].append(Block(None, "-", "U"))
            score[pab] += 1
            tags.add("pab")
        for white, black in _pair(order, met, colours):
            roll = rng.random()
            if roll < forfeit_rate * 0.25:
                w, b = "-", "-"
                tags.add("double-forfeit")
            elif roll < forfeit_rate:
                w = rng.choice("+-")
                b = COMPLEMENT[w]
                tags.add("forfeit")
            else:
                w = _game(rng, ratings[white], ratings[black])
                b = COMPLEMENT[w]
                colours[white] += 1
                colours[black] -= 1
            grid[white].append(Block(black, "w", w))
            grid[black].append(Block(white, "b", b))
            score[white] += POINTS[w]
            score[black] += POINTS[b]
            met.add((min(white, black), max(white, black)))
    for blocks in grid.values():
        while blocks and blocks[-1].text() == " " * 8:
            blocks.pop()
    declared = rounds
    if options.in_progress and rng.random() < 0.15:
        declared = rounds + rng.randint(1, 3)
        tags.add("in-progress")
    header = _header(rng, "swiss", players, declared, tags)
    return Event("swiss", seed, ratings, grid, header, tags)


def _absence(style: str) -> Block:
    """A round the player is not in: a blank block, ``0000 - Z`` or ``0000 - -``."""
    if style == "blank":
        return Block(None, "-", " ")
    return Block(None, "-", style)


def _pair(
    order: list[int], met: set[tuple[int, int]], colours: dict[int, int]
) -> list[tuple[int, int]]:
    """Greedy pairing down the score order, avoiding rematches where possible.

    Returns:
        (white, black) pairs: the player with fewer whites so far gets White, the
        higher-ranked one on a tie.
    """
    rest = list(order)
    pairs = []
    while rest:
        a = rest.pop(0)
        partner = next(
            (b for b in rest if (min(a, b), max(a, b)) not in met),
            rest[0],
        )
        rest.remove(partner)
        if colours[a] <= colours[partner]:
            pairs.append((a, partner))
        else:
            pairs.append((partner, a))
    return pairs


def round_robin(
    rng: random.Random, seed: int, players: int, cycles: int, options: Options
) -> Event:
    """A round robin on the FIDE Berger tables with forfeits and withdrawals.

    Args:
        rng: The random generator (consumed).
        seed: Recorded on the event (and seeds the results of the schedule).
        players: Number of players (at least 3).
        cycles: 1 (single) or 2 (double round robin).
        options: What the event may contain.

    Returns:
        The event, tagged with the features it contains.
    """
    tags: set[str] = {"odd" if players % 2 else "even"}
    bye = rng.choice(["blank", "Z"])
    schedule = rr_generator.RoundRobinFile.berger(players, cycles=cycles, seed=seed, bye=bye)
    grid = {p: list(blocks) for p, blocks in schedule.grid.items()}
    if players % 2:
        tags.add(f"rr-bye-{bye}")
    ratings = _ratings(rng, players, options.unrated)
    if any(r is None for r in ratings.values()):
        tags.add("unrated")
    rounds = schedule.rounds
    forfeit_rate = rng.choice([0.0, 0.04, 0.1])
    for r in range(rounds):
        for p in sorted(grid):
            block = grid[p][r]
            if block.opponent is None or block.opponent < p or block.result in "+-":
                continue
            roll = rng.random()
            other = grid[block.opponent][r]
            if roll < forfeit_rate * 0.25:
                block.result = other.result = "-"
                tags.add("double-forfeit")
            elif roll < forfeit_rate:
                block.result = rng.choice("+-")
                other.result = COMPLEMENT[block.result]
                tags.add("forfeit")
    gone_from = {p: rng.randint(0, rounds - 1) for p in grid if rng.random() < 0.12}
    lossy = rng.random() < 0.3
    for r in range(rounds):
        for p in sorted(grid):
            block = grid[p][r]
            q = block.opponent
            if q is None or q < p:
                continue
            p_gone, q_gone = r >= gone_from.get(p, rounds), r >= gone_from.get(q, rounds)
            if not (p_gone or q_gone):
                continue
            tags.add("withdrawal")
            if p_gone and q_gone:
                tags.add("double-forfeit")
            if lossy:
                tags.add("withdrawal-unscheduled")
                grid[p][r] = Block(None, "-", "Z" if p_gone else "+")
                grid[q][r] = Block(None, "-", "Z" if q_gone else "+")
            else:
                block.result = "-" if p_gone else "+"
                grid[q][r].result = "-" if q_gone else "+"
    header = _header(rng, "round-robin", players, rounds, tags)
    return Event("round-robin", seed, ratings, grid, header, tags)


def generate(
    seed: int,
    players: tuple[int, int] = (6, 24),
    rounds: tuple[int, int] = (5, 11),
    options: Options | None = None,
) -> Event:
    """The tournament of *seed*: Swiss about 60 % of the time, else a round robin.

    Args:
        seed: Chooses everything; the same arguments give the same tournament.
        players: Lowest and highest number of players of a Swiss event (round robins
            take 3-14 players within that range).
        rounds: Lowest and highest number of Swiss rounds.
        options: What the tournament may contain.

    Returns:
        The tournament.
    """
    rng = random.Random(seed)
    options = options or Options()
    if rng.random() < 0.6:
        n = rng.randint(max(4, players[0]), max(4, players[1]))
        r = rng.randint(rounds[0], max(rounds[0], min(rounds[1], n - 1)))
        event = swiss(rng, seed, n, r, options)
    else:
        low = max(3, min(players[0], 14))
        n = rng.randint(low, max(low, min(14, players[1])))
        cycles = 2 if n <= 8 and rng.random() < 0.3 else 1
        event = round_robin(rng, seed, n, cycles, options)
    if options.football and rng.random() < 0.15:
        event.scoring = dict(FOOTBALL)
        event.header["162"] = FOOTBALL_162
        event.tags.add("scoring-3-1-0")
    return event


# --- team events ---------------------------------------------------------------------------

TEAM_POINTS_162 = " W 1.0    D 0.5    L 0.0"
"""Record 162 of the team events (board points 1 / ½ / 0)."""


@dataclass
class TeamEvent:
    """A generated team event, written as TRF-2026 (192, 310, 320, 330, 352, 362).

    Attributes:
        kind: ``"swiss"`` or ``"round-robin"``.
        seed: The seed it was generated from.
        boards: Boards per match.
        members: Team number → its players' start ranks, board order (a reserve last).
        grid: Start rank → one block per round.
        header: Record code → value, written before the other records.
        byes: Round → the team with the pairing-allocated bye (320).
        forfeits: ``(type, round, first team, second team)`` of every 330 record.
        zero_byes: ``(round, team)`` of a round robin's bye (record 240 ``Z``).
        tags: The features the event contains.
    """

    kind: str
    seed: int
    boards: int
    members: dict[int, list[int]]
    grid: dict[int, list[Block]] = field(default_factory=dict)
    header: dict[str, str] = field(default_factory=dict)
    byes: dict[int, int] = field(default_factory=dict)
    forfeits: list[tuple[str, int, int, int]] = field(default_factory=list)
    zero_byes: list[tuple[int, int]] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)

    @property
    def rounds(self) -> int:
        """The number of rounds that have blocks."""
        return max((len(blocks) for blocks in self.grid.values()), default=0)

    def text(self) -> str:
        """The TRF-2026 text (points column = plain sum of the board results)."""
        lines = [f"{code} {value}" for code, value in self.header.items()]
        if self.byes:
            rounds = "".join(f" {self.byes.get(r, 0):>3}" for r in range(1, self.rounds + 1))
            lines.append(f"320 {'1.0':>4} {f'{self.boards:.1f}':>4}{rounds}")
        lines += [f"330 {kind} {rnd:>3} {a:>3} {b:>3}" for kind, rnd, a, b in self.forfeits]
        lines += [f"240 Z {rnd:>3} {team:>4}" for rnd, team in self.zero_byes]
        for team, ranks in sorted(self.members.items()):
            head = f"310 {team:>3} {f'Team {team:02d}':<32} {f'T{team}':<5} {'':>6} {'':>6} "
            head += f"{'':>6} {'':>3}  "
            lines.append((head + "".join(f"{m:>4} " for m in ranks)).rstrip())
        for player in sorted(self.grid):
            pts = sum((POINTS[b.result] for b in self.grid[player]), Fraction(0))
            whole, half = divmod(pts * 2, 2)
            head = (
                f"001 {player:>4} m    {f'Player {player:03d}':<33} {2600 - 7 * player:>4} NOR "
                f"{1000000 + player:>11} 2000/01/01 {f'{int(whole)}.{5 if half else 0}':>4} "
                f"{'':>4}  "
            )
            lines.append((head + "  ".join(b.text() for b in self.grid[player])).rstrip())
        return "\n".join(lines) + "\n"


def _team_pairings(rng: random.Random, kind: str, teams: int, rounds: int,
                   score: dict[int, Fraction], met: set[frozenset[int]],
                   byes: dict[int, int], rnd: int) -> list[tuple[int, int]]:  # fmt: skip
    """Round *rnd*'s matches: the Berger table, or greedy pairing by score without rematches."""
    if kind == "round-robin":
        size = teams + teams % 2
        return [(w, b) for w, b in rr_generator.fide_round(size, rnd) if size not in (w, b)
                or teams % 2 == 0]  # fmt: skip
    order = sorted(range(1, teams + 1), key=lambda t: (-score[t], t))
    if teams % 2:
        had = set(byes.values())
        bye = next(t for t in reversed(order) if t not in had)
        byes[rnd] = bye
        order.remove(bye)
    out: list[tuple[int, int]] = []
    while order:
        first = order.pop(0)
        second = next((t for t in order if frozenset((first, t)) not in met), order[0])
        order.remove(second)
        out.append((first, second) if rng.random() < 0.5 else (second, first))
    return out


def team_event(seed: int) -> TeamEvent:
    """The team event of *seed*: Swiss about 60 % of the time, else a team round robin.

    It may contain forfeited boards, whole forfeited matches and double forfeits (330),
    team PABs (320, Swiss events with an odd number of teams), reserves who play some
    rounds, 3 / 1 / 0 match points (362), game points as the primary score (192
    ``FIDE_TEAM_GP_MP``) and either rule edition (042).
    """
    rng = random.Random(seed)
    kind = "swiss" if rng.random() < 0.6 else "round-robin"
    teams = rng.randint(5, 11) if kind == "swiss" else rng.randint(3, 8)
    boards = rng.randint(2, 4)
    rounds = rng.randint(4, min(7, teams - 1)) if kind == "swiss" else teams - 1 + teams % 2
    event = TeamEvent(kind, seed, boards, {})
    next_rank = 1
    for team in range(1, teams + 1):
        size = boards + (1 if rng.random() < 0.35 else 0)
        event.members[team] = list(range(next_rank, next_rank + size))
        next_rank += size
        if size > boards:
            event.tags.add("reserve")
    event.grid = {p: [] for ranks in event.members.values() for p in ranks}
    edition = rng.choice(sorted(START_DATES))
    football = rng.random() < 0.25
    primary = "GP_MP" if kind == "swiss" and rng.random() < 0.2 else "MP_GP"
    event.tags |= {edition, kind, f"primary-{primary[:2]}"}
    code = f"FIDE_TEAM_{primary}" if kind == "swiss" else "BERGER_TEAM_ROUNDROBIN"
    event.header = {
        "012": f"Generated team {kind}, {teams} teams", "042": START_DATES[edition],
        "062": str(len(event.grid)), "082": str(teams), "142": str(rounds), "162":
        TEAM_POINTS_162, "192": code, "352": "WB" * (boards // 2) + "W" * (boards % 2),
        "362": "TW 3.0   TD 1.0   TL 0.0" if football else "TW 2.0   TD 1.0   TL 0.0",
    }  # fmt: skip
    if football:
        event.tags.add("match-points-3-1-0")
    win, draw = (Fraction(3), Fraction(1)) if football else (Fraction(2), Fraction(1))
    score = dict.fromkeys(event.members, Fraction(0))
    met: set[frozenset[int]] = set()
    for rnd in range(1, rounds + 1):
        fielded: dict[int, list[int]] = {}
        for team, ranks in event.members.items():
            if len(ranks) > boards and rng.random() < 0.4:
                out = rng.randrange(boards)  # the reserve plays instead of this board
                fielded[team] = [p for i, p in enumerate(ranks) if i != out]
            else:
                fielded[team] = ranks[:boards]
        playing: set[int] = set()
        pairs = _team_pairings(rng, kind, teams, rounds, score, met, event.byes, rnd)
        for first, second in pairs:
            met.add(frozenset((first, second)))
            roll = rng.random()
            if roll < 0.05:  # a whole match forfeited (330)
                kind330 = rng.choice(("+-", "-+", "--"))
                event.forfeits.append((kind330, rnd, first, second))
                event.tags.add("double-forfeit" if kind330 == "--" else "forfeited-match")
                for team, sign in zip((first, second), kind330, strict=True):
                    for p in fielded[team]:
                        event.grid[p].append(Block(None, "-", sign))
                        playing.add(p)
                    score[team] += win if sign == "+" else 0
                continue
            gp = Fraction(0)
            for board, (x, y) in enumerate(zip(fielded[first], fielded[second], strict=True)):
                white, black = (x, y) if board % 2 == 0 else (y, x)
                result = rng.choice("10=") if rng.random() > 0.06 else rng.choice("+-")
                if result in "+-":
                    event.tags.add("forfeited-board")
                event.grid[white].append(Block(black, "w", result))
                event.grid[black].append(Block(white, "b", COMPLEMENT[result]))
                playing |= {white, black}
                mine = POINTS[result] if white == x else POINTS[COMPLEMENT[result]]
                gp += mine
            half = Fraction(boards, 2)
            score[first] += win if gp > half else draw if gp == half else 0
            score[second] += win if gp < half else draw if gp == half else 0
        sitting = set(event.members) - {t for pair in pairs for t in pair} - {event.byes.get(rnd)}
        for team in sorted(sitting):  # a round robin's bye: a zero-point bye (240 Z)
            event.zero_byes.append((rnd, team))
            event.tags.add("round-robin-bye")
        if rnd in event.byes:
            event.tags.add("team-pab")
            team = event.byes[rnd]
            for p in fielded[team]:
                event.grid[p].append(Block(None, "-", "U"))
                playing.add(p)
            score[team] += draw
        for p, blocks in event.grid.items():
            if p not in playing:
                blocks.append(Block(None, "-", " "))
    return event
