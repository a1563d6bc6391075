"""Generated events for the reference-model comparison, and a TRF-2026 writer for them.

Every event is built through a :class:`Chooser`: :class:`RandomChooser` over a seeded
:class:`random.Random` (plain, reproducible builders: ``random_event(seed)``) or
:class:`DrawChooser` over hypothesis' ``draw`` (the strategy :func:`events`, which shrinks
towards small events without forfeits or byes).

Kinds: individual round robins (3-12 players, single and double, with and without the FIDE
swap, finished and in progress, forfeits, double forfeits, withdrawals before and after
half), individual Swiss events (every bye kind, absences, withdrawals, forfeits, double
forfeits, in progress) and team events (2-4 boards, Swiss with team PABs with and without
320 values, round robins, 330 forfeits and double forfeits, matches forfeited on every
board). Scoring 1/½/0, 3/1/0 (record 162), a PAB worth a draw; match points 2/1/0 or 3/1/0.

:func:`to_trf` writes the standard FIDE way: forfeits with the scheduled opponent and colour,
byes ``0000 - U/F/H/Z``, absences as blank blocks, the points column as the rules give it
(games against annulled players left out), the rank column from the reference (0 for
annulled players; record 212 names the list), the round robin on the FIDE Berger table
(fide-rules.md §1.3 closed form, written here). The start date (042) selects the edition.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

import reference_model as rm
from hypothesis import strategies as st

T = TypeVar("T")

START_DATES = {
    "fide-2026": "2026/03/15",
    "fide-2024": "2025/01/15",
    "fide-2023": "2024/05/01",
    "fide-pre-2023": "2022/10/01",
}
"""A start date (042) in force for each edition."""

RR_RANK_LIST = ("PTS", "SB", "KS", "WIN")
SWISS_RANK_LIST = ("PTS", "BH/C1", "BH", "SB")
TEAM_RR_RANK_LIST = ("PTS", "MPvGP", "SB:MP")
TEAM_SWISS_RANK_LIST = ("PTS", "MPvGP", "BH:MP", "SB:MP")


# --- choosing --------------------------------------------------------------------------------


class Chooser:
    """The choices an event is built from."""

    def integer(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        raise NotImplementedError

    def chance(self, p: float) -> bool:
        """True with probability *p* (shrinks to False)."""
        return self.integer(0, 999) >= 1000 * (1 - p)

    def choice(self, items: Sequence[T]) -> T:
        """One of *items* (shrinks to the first)."""
        return items[self.integer(0, len(items) - 1)]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """*items* in a random order."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.integer(0, i)
            out[i], out[j] = out[j], out[i]
        return out


class RandomChooser(Chooser):
    """Choices from a seeded :class:`random.Random`."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        return self.rng.randint(low, high)


class DrawChooser(Chooser):
    """Choices drawn by hypothesis."""

    def __init__(self, draw: Callable[[st.SearchStrategy[int]], int]) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        return self.draw(st.integers(low, high))


# --- the Berger table ------------------------------------------------------------------------


def berger_round(size: int, r: int) -> list[tuple[int, int]]:
    """Round *r* (1-based) of the FIDE table for an even *size*: (White, Black) by board.

    fide-rules.md §1.3 (A): player *size* meets p with 2p ≡ r + 1 (mod size − 1), p White
    in odd rounds; board d + 1 pairs p + d (White) with p − d (Black), mod size − 1 on
    1 … size − 1.
    """
    m = size - 1
    p = (r + 1) // 2 if r % 2 == 1 else size // 2 + r // 2
    boards = [(p, size) if r % 2 == 1 else (size, p)]
    for d in range(1, size // 2):
        boards.append(((p + d - 1) % m + 1, (p - d - 1) % m + 1))
    return boards


def round_robin_schedule(n: int, cycles: int, swap: bool) -> list[list[tuple[int, int]]]:
    """Every round's pairings of a round robin of *n* (the odd field's bye left out).

    Cycle 2 repeats cycle 1 with colours reversed; with *swap* the last two rounds of
    cycle 1 are played in reverse order (FIDE's recommendation, §1.5).
    """
    size = n + n % 2
    table = [berger_round(size, r) for r in range(1, size)]
    rounds = []
    for cycle in range(cycles):
        order = list(range(size - 1))
        if cycle == 0 and swap and cycles > 1 and len(order) >= 2:
            order[-2], order[-1] = order[-1], order[-2]
        for r in order:
            pairs = [(w, b) if cycle % 2 == 0 else (b, w) for w, b in table[r]]
            rounds.append([(w, b) for w, b in pairs if w <= n and b <= n])
    return rounds


# --- building events -------------------------------------------------------------------------

GAME_OUTCOMES = (rm.Outcome.WHITE_WINS, rm.Outcome.DRAW, rm.Outcome.BLACK_WINS)


def _scoring(c: Chooser) -> rm.Scoring:
    kind = c.integer(0, 9)
    if kind == 8:
        return rm.Scoring(Fraction(3), Fraction(1), Fraction(0))
    if kind == 9:
        return rm.Scoring(pab=Fraction(1, 2))
    return rm.Scoring()


def _outcome(c: Chooser, p_forfeit: float, p_double: float) -> rm.Outcome:
    if c.chance(p_forfeit):
        return c.choice((rm.Outcome.WHITE_FORFEIT_WIN, rm.Outcome.BLACK_FORFEIT_WIN))
    if c.chance(p_double):
        return rm.Outcome.DOUBLE_FORFEIT
    return c.choice(GAME_OUTCOMES)


def _players(
    c: Chooser, n: int, team_of: Callable[[int], int | None] = lambda i: None
) -> tuple[rm.Player, ...]:
    players = []
    for i in range(1, n + 1):
        rating = None if c.chance(0.15) else 2400 - 25 * i
        players.append(rm.Player(i, rating, team_of(i)))
    return tuple(players)


def round_robin_event(c: Chooser) -> rm.Event:
    """An individual round robin: forfeits, double forfeits, withdrawals, maybe in progress."""
    n = c.integer(3, 12)
    cycles = 2 if c.chance(0.3) else 1
    swap = cycles == 2 and c.chance(0.5)
    schedule = round_robin_schedule(n, cycles, swap)
    rounds = len(schedule)
    played = rounds if c.chance(0.75) else c.integer(1, rounds - 1)
    withdrawn: dict[int, int] = {}
    for _ in range(c.integer(0, 2) if c.chance(0.5) else 0):
        withdrawn[c.integer(1, n)] = c.integer(1, rounds)  # first round missed
    p_forfeit = c.choice((0.0, 0.0, 0.05, 0.15))
    p_double = c.choice((0.0, 0.0, 0.03))
    out = []
    for r in range(1, played + 1):
        games = []
        for w, b in schedule[r - 1]:
            gone_w = w in withdrawn and r >= withdrawn[w]
            gone_b = b in withdrawn and r >= withdrawn[b]
            if gone_w and gone_b:
                outcome = rm.Outcome.DOUBLE_FORFEIT
            elif gone_w:
                outcome = rm.Outcome.BLACK_FORFEIT_WIN
            elif gone_b:
                outcome = rm.Outcome.WHITE_FORFEIT_WIN
            else:
                outcome = _outcome(c, p_forfeit, p_double)
            games.append(rm.Game(w, b, outcome))
        out.append(rm.Round(tuple(games)))
    return rm.Event(
        _players(c, n),
        rounds,
        tuple(out),
        round_robin=True,
        cycles=cycles,
        swap_last_two=swap,
        scoring=_scoring(c),
        edition=c.choice(rm.EDITIONS),
        withdrawn=withdrawn,
    )


def _pair(c: Chooser, ids: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pairs of *ids* (even count) none of which met before; ``None`` if there are none."""
    if not ids:
        return []
    first, rest = ids[0], ids[1:]
    for other in rest:
        if frozenset((first, other)) in met:
            continue
        tail = _pair(c, [x for x in rest if x != other], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def swiss_event(c: Chooser) -> rm.Event:
    """An individual Swiss: every bye kind, absences, withdrawals, forfeits, maybe unfinished."""
    n = c.integer(4, 12)
    rounds = c.integer(3, min(9, n - 1))
    played = rounds if c.chance(0.75) else c.integer(1, rounds - 1)
    withdrawn = {}
    for _ in range(c.integer(0, 2) if c.chance(0.4) else 0):
        withdrawn[c.integer(1, n)] = c.integer(2, rounds)
    p_bye = c.choice((0.0, 0.05, 0.12))
    p_forfeit = c.choice((0.0, 0.05, 0.12))
    p_double = c.choice((0.0, 0.0, 0.04))
    met: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    out = []
    for r in range(1, played + 1):
        byes: list[tuple[int, rm.Bye]] = []
        present = []
        for p in range(1, n + 1):
            if p in withdrawn and r >= withdrawn[p]:
                byes.append((p, c.choice((rm.Bye.ZERO, rm.Bye.ABSENT))))
            elif c.chance(p_bye):
                byes.append((p, c.choice((rm.Bye.HALF, rm.Bye.ZERO, rm.Bye.FULL, rm.Bye.ABSENT))))
            else:
                present.append(p)
        present = c.shuffled(present)
        if len(present) % 2 == 1:
            candidates = [p for p in present if p not in had_pab] or present
            pab = c.choice(candidates)
            had_pab.add(pab)
            present.remove(pab)
            byes.append((pab, rm.Bye.PAB))
        pairs = _pair(c, present, met)
        if pairs is None:  # no pairing without a repeat: the event ends here
            rounds = played = r - 1
            break
        games = []
        for a, b in pairs:
            met.add(frozenset((a, b)))
            w, b2 = (a, b) if c.chance(0.5) else (b, a)
            games.append(rm.Game(w, b2, _outcome(c, p_forfeit, p_double)))
        out.append(rm.Round(tuple(games), tuple(sorted(byes))))
    return rm.Event(
        _players(c, n),
        rounds,
        tuple(out),
        round_robin=False,
        scoring=_scoring(c),
        edition=c.choice(rm.EDITIONS),
        withdrawn=withdrawn,
    )


def team_event(c: Chooser) -> rm.Event:
    """A team event: Swiss with team PABs or a round robin; 330 and all-board forfeits."""
    n_teams = c.integer(3, 8)
    boards = c.integer(2, 4)
    rr = c.chance(0.4)
    teams = tuple(
        rm.Team(t, tuple(range((t - 1) * boards + 1, t * boards + 1)))
        for t in range(1, n_teams + 1)
    )
    players = _players(c, n_teams * boards, lambda i: (i - 1) // boards + 1)
    colours = c.choice(("WB", "BW"))
    board_colours = (colours * boards)[:boards]
    ts = rm.TeamScoring(Fraction(3), Fraction(1)) if c.chance(0.2) else rm.TeamScoring()
    pab_values = None
    if not rr and c.chance(0.6):
        pab_values = c.choice(
            (
                (ts.win, Fraction(boards)),
                (ts.draw, Fraction(boards, 2)),
                (ts.win, Fraction(boards - 1)),
                (ts.draw, Fraction(boards - 1)),
            )
        )
    pab_on_boards = c.chance(0.5)  # the players of a team PAB get U blocks, else nothing
    cycles = 2 if rr and c.chance(0.3) else 1
    swap = cycles == 2 and c.chance(0.5)
    if rr:
        schedule = round_robin_schedule(n_teams, cycles, swap)
        rounds = len(schedule)
    else:
        schedule = []
        rounds = c.integer(3, max(3, min(7, n_teams - 1)))
    played = rounds if c.chance(0.8) else c.integer(1, rounds - 1)
    p_forfeit_board = c.choice((0.0, 0.05, 0.15))
    p_match = c.choice((0.0, 0.1, 0.25))
    met: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    out = []
    for r in range(1, played + 1):
        pab = None
        if rr:
            pairs = schedule[r - 1]
        else:
            order = c.shuffled(range(1, n_teams + 1))
            if len(order) % 2 == 1:
                pab = c.choice([t for t in order if t not in had_pab] or order)
                had_pab.add(pab)
                order.remove(pab)
            found = _pair(c, order, met)
            if found is None:  # no pairing without a repeat: the event ends here
                rounds = played = r - 1
                break
            pairs = found
        matches, games = [], []
        for white, black in pairs:
            met.add(frozenset((white, black)))
            kind = "played"
            if c.chance(p_match):
                kind = c.choice(("+-", "-+", "--", "all+-", "all-+", "all--"))
            forfeit = kind if kind in ("+-", "-+", "--") else None
            matches.append(rm.Match(white, black, forfeit))
            for i in range(boards):
                a, b = teams[white - 1].members[i], teams[black - 1].members[i]
                first_white = board_colours[i] == "W"
                w, bl = (a, b) if first_white else (b, a)
                code = kind.removeprefix("all")
                if code == "played":
                    outcome = _outcome(c, p_forfeit_board, 0.0)
                elif code == "--":
                    outcome = rm.Outcome.DOUBLE_FORFEIT
                else:  # the first-named team wins ("+-") or loses ("-+") every board
                    first_wins = code == "+-"
                    outcome = (
                        rm.Outcome.WHITE_FORFEIT_WIN
                        if first_wins == first_white
                        else rm.Outcome.BLACK_FORFEIT_WIN
                    )
                games.append(rm.Game(w, bl, outcome))
        byes: tuple[tuple[int, rm.Bye], ...] = ()
        if pab is not None and pab_on_boards:
            byes = tuple((p, rm.Bye.PAB) for p in teams[pab - 1].members)
        out.append(rm.Round(tuple(games), byes, tuple(matches), pab))
    return rm.Event(
        players,
        rounds,
        tuple(out),
        round_robin=rr,
        cycles=cycles,
        swap_last_two=swap,
        edition=c.choice(rm.EDITIONS),
        teams=teams,
        team_scoring=ts,
        board_colours=board_colours,
        team_pab_values=pab_values,
    )


def build_event(c: Chooser) -> rm.Event:
    """Any kind of event: round robins and Swiss events mostly, team events too."""
    kind = c.integer(0, 9)
    if kind < 4:
        return round_robin_event(c)
    if kind < 8:
        return swiss_event(c)
    return team_event(c)


def random_event(seed: int) -> rm.Event:
    """The event of *seed* (plain, reproducible)."""
    return build_event(RandomChooser(seed))


@st.composite
def events(draw: Callable[[st.SearchStrategy[int]], int]) -> rm.Event:
    """Hypothesis strategy of events (any kind)."""
    return build_event(DrawChooser(draw))


@st.composite
def round_robin_events(draw: Callable[[st.SearchStrategy[int]], int]) -> rm.Event:
    """Hypothesis strategy of individual round robins."""
    return round_robin_event(DrawChooser(draw))


@st.composite
def swiss_events(draw: Callable[[st.SearchStrategy[int]], int]) -> rm.Event:
    """Hypothesis strategy of individual Swiss events."""
    return swiss_event(DrawChooser(draw))


@st.composite
def team_events(draw: Callable[[st.SearchStrategy[int]], int]) -> rm.Event:
    """Hypothesis strategy of team events."""
    return team_event(DrawChooser(draw))


# --- writing TRF-2026 ------------------------------------------------------------------------


def points_text(value: Fraction, width: int = 4) -> str:
    """*value* with one decimal (points are whole or halves), right-aligned."""
    whole, rest = divmod(value, 1)
    if rest not in (0, Fraction(1, 2)):
        raise ValueError(f"{value} has no one-decimal form")
    return f"{int(whole)}.{5 if rest else 0}".rjust(width)


def rank_list(event: rm.Event) -> tuple[str, ...]:
    """The list the rank column follows (record 212)."""
    if event.teams:
        return TEAM_RR_RANK_LIST if event.round_robin else TEAM_SWISS_RANK_LIST
    return RR_RANK_LIST if event.round_robin else SWISS_RANK_LIST


def type_code(event: rm.Event) -> str:
    """The 192 code of *event*."""
    if event.teams:
        if not event.round_robin:
            return "FIDE_TEAM_MP_GP"
        if event.cycles == 1:
            return "FIDE_TEAM_ROUNDROBIN"
        return "FIDE_TEAM_DOUBLEROUNDROBIN" if event.swap_last_two else "BERGER_TEAM_ROUNDROBIN_G2"
    if not event.round_robin:
        return "FIDE_DUTCH_2025"
    if event.cycles == 1:
        return "BERGER_ROUNDROBIN"
    return "FIDE_DOUBLEROUNDROBIN" if event.swap_last_two else "BERGER_DOUBLEROUNDROBIN"


BYE_CODES = {rm.Bye.PAB: "U", rm.Bye.FULL: "F", rm.Bye.HALF: "H", rm.Bye.ZERO: "Z"}


def _blocks(event: rm.Event, opponent_width: Callable[[int], str]) -> dict[int, list[str]]:
    """Every player's 10-column round blocks (without the separating blanks)."""
    out: dict[int, list[str]] = {p.start_rank: [] for p in event.players}
    blank_bye = event.rounds % 3 == 0  # some round robins write the table's bye blank
    for rnd in event.played:
        here: dict[int, str] = {}
        for g in rnd.games:
            o = g.outcome
            white_code, black_code = {
                rm.Outcome.WHITE_WINS: ("1", "0"),
                rm.Outcome.DRAW: ("=", "="),
                rm.Outcome.BLACK_WINS: ("0", "1"),
                rm.Outcome.WHITE_FORFEIT_WIN: ("+", "-"),
                rm.Outcome.BLACK_FORFEIT_WIN: ("-", "+"),
                rm.Outcome.DOUBLE_FORFEIT: ("-", "-"),
            }[o]
            here[g.white] = f"{opponent_width(g.black)} w {white_code}"
            here[g.black] = f"{opponent_width(g.white)} b {black_code}"
        for player, bye in rnd.byes:
            here[player] = " " * 8 if bye is rm.Bye.ABSENT else f"0000 - {BYE_CODES[bye]}"
        for player, blocks in out.items():
            if player in here:
                blocks.append(here[player])
            elif event.round_robin and not blank_bye:
                blocks.append("0000 - Z")  # the table's bye, worth nothing
            else:
                blocks.append(" " * 8)
    return out


def to_trf(event: rm.Event, result: rm.Result | None = None) -> str:
    """*event* as a TRF-2026 file (LF line ends), scored and ranked by the reference."""
    if result is None:
        result = rm.compute(event)
    ranks = rank_list(event)
    if event.teams:
        rm.assign_ranks(result.teams.values(), ["GP" if k == "MPvGP" else k for k in ranks])
    else:
        rm.assign_ranks(result.players.values(), ranks)
    zero_padded = event.rounds % 2 == 0
    width = (lambda o: f"{o:04d}") if zero_padded else (lambda o: f"{o:>4}")
    lines = [
        f"012 Generated {'team ' if event.teams else ''}"
        f"{'round robin' if event.round_robin else 'Swiss'} ({event.edition})",
        "022 Oslo",
        "032 NOR",
        f"042 {START_DATES[event.edition]}",
        f"062 {len(event.players)}",
        "102 Arbiter, Chief",
        f"142 {event.rounds}",
        f"192 {type_code(event)}",
    ]
    s = event.scoring
    if s != rm.Scoring():
        pairs = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.absent), ("P", s.pab_points)]
        lines.append("162 " + "".join(f" {k}{points_text(v)}   " for k, v in pairs).rstrip())
    lines.append("212 " + ",".join(ranks))
    if event.teams:
        ts = event.team_scoring
        lines.append(f"082 {len(event.teams)}")
        lines.append(f"352 {event.board_colours}")
        tw = [("TW", ts.win), ("TD", ts.draw), ("TL", ts.loss)]
        lines.append("362 " + "".join(f"{k}{points_text(v)}   " for k, v in tw).rstrip())
    blocks = _blocks(event, width)
    for p in event.players:
        row = result.players[p.start_rank]
        rank = 0 if (row.annulled or event.teams or row.rank is None) else row.rank
        rating = "" if p.rating is None else str(p.rating)
        name = f"Player {p.start_rank:03d}"
        head = (
            f"001 {p.start_rank:>4} m    {name:<33} {rating:>4} NOR {5000000 + p.start_rank:>11} "
            f"2000/01/01 {points_text(row.points)} {rank:>4}  "
        )
        lines.append((head + "  ".join(blocks[p.start_rank])).rstrip())
    if event.teams:
        for t in event.teams:
            row = result.teams[t.number]
            members = " ".join(f"{m:>4}" for m in t.members)
            lines.append(
                f"310 {t.number:>3} {'Team ' + str(t.number):<32} {'T' + str(t.number):<5} "
                f"{2000:>6} {points_text(row.points, 6)} {points_text(row.game_points, 6)} "
                f"{row.rank or 0:>3}  {members}"
            )
        pab_rounds = [rnd.team_pab for rnd in event.played]
        if any(t is not None for t in pab_rounds):
            values = event.team_pab_values
            head = f"{points_text(values[0])} {points_text(values[1])}" if values else " " * 9
            teams = " ".join(f"{t or 0:>3}" for t in pab_rounds)
            lines.append(f"320 {head} {teams}")
        for r, rnd in enumerate(event.played, 1):
            for m in rnd.matches:
                if m.forfeit is not None:
                    lines.append(f"330 {m.forfeit} {r:>3} {m.white:>3} {m.black:>3}")
    return "\n".join(lines) + "\n"
