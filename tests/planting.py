"""Build TRF16 texts and plant known errors into them, from the column layout alone.

Written from ``shared/spec/trf-format.md`` (§1.2 header records, §1.3 the 001 columns,
§1.4 result codes) and sharing no code with :mod:`trfkit`: nothing here imports it, so a
test that compares trfkit's findings with what was planted is not the code checking itself.
Points are exact :class:`~fractions.Fraction` values throughout.

Three parts:

* builders of whole events (:func:`swiss`, :func:`round_robin`, :func:`event_from_rounds`)
  returning an :class:`Event` with its TRF text and the facts a test needs;
* the "real patterns" seen in the wild, as builders (:func:`round_added_without_points`,
  :func:`generator_rank_column`, :func:`same_date_form`, :func:`other_scoring`,
  :func:`ranks_shifted`);
* planting functions (``plant_*``) that rewrite given fields of any TRF text and return the
  exact spans they wrote as :class:`Planted` values, plus :func:`changed_spans`,
  :func:`uncovered` and :func:`games` so a test can show that a fixer changed nothing else.

Every line is built as a list of characters with each field placed at its columns
(1-based, inclusive, as in the specification); :func:`columns_ok` checks the separating
columns. Import it from a test module like the other helpers (``tests`` is on the
``pythonpath`` of pytest's configuration)::

    import planting
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

try:
    import rr_generator
except ModuleNotFoundError:  # imported from outside pytest's pythonpath
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import rr_generator

# --- the column layout (trf-format.md §1.3), 1-based and inclusive -----------------------------

START_RANK = (5, 8)
SEX = (10, 10)
TITLE = (11, 13)
NAME = (15, 47)
RATING = (49, 52)
FEDERATION = (54, 56)
FIDE_ID = (58, 68)
BIRTH = (70, 79)
POINTS = (81, 84)
RANK = (86, 89)
FIRST_BLOCK = 92
BLOCK_WIDTH = 10
VALUE_START = 5
"""Header records: the value starts at column 5 (after the DIN and a blank)."""

SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
"""Columns of a 001 line that must be blank (before the round blocks)."""

ZERO = Fraction(0)
HALF = Fraction(1, 2)
ONE = Fraction(1)

Block = tuple[Any, str, str]
"""A round block as ``(opponent, colour, result)``: opponent an int (0 = ``0000`` or blank),
colour and result the characters as written (``" "`` when blank)."""

BLANK_BLOCK: Block = (0, " ", " ")
"""A completely blank block (eight blanks): not paired, read as ``0000 - Z``."""

COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _table(win: Fraction, draw: Fraction, pab: Fraction, blank: Fraction = ZERO) -> dict:
    return {
        "1": win, "=": draw, "0": ZERO, "+": win, "-": ZERO, "W": win, "D": draw, "L": ZERO,
        "H": draw, "F": win, "U": pab, "Z": ZERO, " ": blank,
    }  # fmt: skip


SCORINGS: dict[str, dict[str, Fraction]] = {
    "standard": _table(ONE, HALF, ONE),
    "3-1-0": _table(Fraction(3), ONE, Fraction(3)),
    "2-1-0": _table(Fraction(2), ONE, Fraction(2)),
    "bye-half": _table(ONE, HALF, HALF),
    "absent-half": _table(ONE, HALF, ONE, HALF),
}
"""Result code → points. ``standard`` is TRF16 §1.4 (win/forfeit win/F/U 1, draw/H ½, the
rest 0, a blank result ≡ ``Z``); the others are the scorings :func:`other_scoring` writes."""

STANDARD = SCORINGS["standard"]


def result_points(result: str, scoring: Mapping[str, Fraction] | None = None) -> Fraction:
    """The points of one result code (letters in either case; blank counts as ``Z``)."""
    table = STANDARD if scoring is None else scoring
    return table[result.upper() if result.strip() else " "]


def format_points(points: Fraction) -> str:
    """``Fraction(9, 2)`` → ``"4.5"``: one decimal, a point as separator (cols 81-84)."""
    if (2 * points).denominator != 1 or points < 0:
        raise ValueError(f"{points} is not a non-negative multiple of 1/2")
    whole, half = divmod(int(2 * points), 2)
    return f"{whole}.{5 if half else 0}"


# --- placing fields -----------------------------------------------------------------------------


def _put(chars: list[str], first: int, last: int, value: str, *, right: bool = False) -> None:
    """Write *value* into columns *first*..*last* of *chars*, padded with blanks."""
    width = last - first + 1
    if len(value) > width:
        raise ValueError(f"{value!r} does not fit in columns {first}-{last}")
    padded = value.rjust(width) if right else value.ljust(width)
    chars[first - 1 : last] = list(padded)


def block_start(round_number: int) -> int:
    """The first column of round *round_number*'s block (92, 102, ...)."""
    return FIRST_BLOCK + BLOCK_WIDTH * (round_number - 1)


def opponent_columns(round_number: int) -> tuple[int, int]:
    """Columns of the opponent field of a round block (92-95 in round 1)."""
    s = block_start(round_number)
    return s, s + 3


def colour_column(round_number: int) -> int:
    """Column of the colour of a round block (97 in round 1)."""
    return block_start(round_number) + 5


def result_column(round_number: int) -> int:
    """Column of the result code of a round block (99 in round 1)."""
    return block_start(round_number) + 7


def _line_width(rounds: int) -> int:
    """Length of a 001 line: up to the result column of the last round, or to the rank."""
    return result_column(rounds) if rounds else RANK[1]


def _player_line(start_rank: int, player: Mapping[str, Any], rounds: int) -> str:
    """The 001 record, every field at its columns (trailing blanks kept; the caller strips)."""
    chars = [" "] * _line_width(rounds)
    _put(chars, 1, 3, "001")
    _put(chars, *START_RANK, str(start_rank), right=True)
    _put(chars, *SEX, player["sex"])
    _put(chars, *TITLE, player["title"])
    _put(chars, *NAME, player["name"])
    _put(chars, *RATING, str(player["rating"]) if player["rating"] else "", right=True)
    _put(chars, *FEDERATION, player["federation"])
    _put(chars, *FIDE_ID, str(player["fide_id"]) if player["fide_id"] else "", right=True)
    _put(chars, *BIRTH, player["birth"])
    _put(chars, *POINTS, format_points(player["written"]), right=True)
    rank = player["rank"]
    _put(chars, *RANK, "" if rank is None else str(rank), right=True)
    for r, (opponent, colour, result) in enumerate(player["rounds"], start=1):
        if (opponent, colour, result) == BLANK_BLOCK:
            continue
        first, last = opponent_columns(r)
        _put(chars, first, last, f"{opponent:04d}" if opponent == 0 else str(opponent), right=True)
        _put(chars, colour_column(r), colour_column(r), colour)
        _put(chars, result_column(r), result_column(r), result)
    return "".join(chars)


def _dates_line(dates: Sequence[str]) -> str:
    chars = [" "] * (block_start(len(dates)) + 7 if dates else 3)
    _put(chars, 1, 3, "132")
    for r, text in enumerate(dates, start=1):
        s = block_start(r)
        _put(chars, s, s + 7, text)  # YY/MM/DD: 8 columns at the start of the block
    return "".join(chars)


def _render(
    header: Sequence[tuple[str, str]],
    dates: Sequence[str],
    players: Mapping[int, Mapping[str, Any]],
    rounds: int,
) -> str:
    lines = []
    for code, value in header:
        lines.append(_dates_line(dates) if code == "132" else f"{code} {value}".rstrip())
    for start_rank in sorted(players):
        lines.append(_player_line(start_rank, players[start_rank], rounds).rstrip())
    return "\n".join(lines) + "\n"


# --- the event ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """A built event: its TRF text (LF endings, final newline) and the facts behind it.

    Attributes:
        text: The TRF16 text.
        players: Start rank → dict with ``name``, ``rating``, ``sex``, ``title``,
            ``federation``, ``fide_id``, ``birth``, ``rounds`` (a tuple of
            ``(opponent, colour, result)`` per round, see :data:`Block`), ``points`` (the
            true total of all rounds under 1-½-0 scoring with a ``U`` bye worth 1),
            ``written`` (the value in the points column, cols 81-84) and ``rank`` (the rank
            column, cols 86-89; ``None`` = blank).
        rounds: Number of rounds written (and declared in 142).
        header: The header records in order as ``(code, value)``; 132 is written from
            :attr:`round_dates`.
        round_dates: The 132 dates as written, one per round.
    """

    text: str
    players: Mapping[int, Mapping[str, Any]]
    rounds: int
    header: tuple[tuple[str, str], ...]
    round_dates: tuple[str, ...]

    def points_after(
        self, k: int, scoring: Mapping[str, Fraction] | None = None
    ) -> dict[int, Fraction]:
        """Every player's points after the first *k* rounds (standard scoring by default)."""
        return {
            sr: sum((result_points(b[2], scoring) for b in p["rounds"][:k]), ZERO)
            for sr, p in self.players.items()
        }

    def games(self) -> dict[tuple[int, int], Block]:
        """``(start rank, round)`` → ``(opponent, colour, result)``, as :func:`games` reads it."""
        return {
            (sr, r): block
            for sr, p in self.players.items()
            for r, block in enumerate(p["rounds"], start=1)
        }

    def line_of(self, start_rank: int) -> int:
        """The 1-based line number of *start_rank*'s 001 record in :attr:`text`."""
        return len(self.header) + sorted(self.players).index(start_rank) + 1

    def header_value(self, code: str) -> str:
        """The value written in header record *code* (``KeyError`` if absent)."""
        return dict(self.header)[code]


def _event(
    header: Sequence[tuple[str, str]],
    dates: Sequence[str],
    players: Mapping[int, Mapping[str, Any]],
    rounds: int,
) -> Event:
    done: dict[int, dict[str, Any]] = {}
    for sr, p in players.items():
        q = dict(p)
        q["rounds"] = tuple(tuple(b) for b in q["rounds"])
        if len(q["rounds"]) != rounds:
            raise ValueError(f"player {sr} has {len(q['rounds'])} blocks, not {rounds}")
        q["points"] = sum((result_points(b[2]) for b in q["rounds"]), ZERO)
        q.setdefault("written", q["points"])
        if q["written"] is None:
            q["written"] = q["points"]
        q.setdefault("rank", None)
        done[sr] = q
    text = _render(header, dates, done, rounds)
    return Event(text, done, rounds, tuple(header), tuple(dates))


def _person(start_rank: int, players: int) -> dict[str, Any]:
    step = 5 if players <= 250 else 1
    rating = 2700 - step * (start_rank - 1)
    if not 1000 <= rating <= 9999:
        raise ValueError(f"too many players ({players}) for distinct 4-digit ratings")
    return {
        "name": f"Player, Name{start_rank:04d}",
        "rating": rating,
        "sex": "m",
        "title": "",
        "federation": "NOR",
        "fide_id": 10_000_000 + start_rank,
        "birth": "1990/01/01",
    }


START = date(2024, 3, 2)


def _header(
    name: str,
    players: Mapping[int, Mapping[str, Any]],
    rounds: int,
    kind: str,
    *,
    start: date = START,
    long: Callable[[date], str] = lambda d: d.strftime("%Y/%m/%d"),
    short: Callable[[date], str] = lambda d: d.strftime("%y/%m/%d"),
) -> tuple[list[tuple[str, str]], list[str]]:
    days = [start + timedelta(days=r) for r in range(rounds)]
    end = days[-1] if days else start
    rated = sum(1 for p in players.values() if p["rating"])
    header = [
        ("012", name),
        ("022", "Oslo"),
        ("032", "NOR"),
        ("042", long(start)),
        ("052", long(end)),
        ("062", str(len(players))),
        ("072", str(rated)),
        ("092", kind),
        ("102", "Arbiter, Chief"),
        ("132", ""),
        ("142", str(rounds)),
        ("152", "W"),
    ]
    return header, [short(d) for d in days]


def event_from_rounds(
    rounds_by_player: Mapping[int, Sequence[Block]],
    *,
    name: str = "Hand-made event",
    kind: str = "Individual: Swiss-System",
    written: Mapping[int, Fraction] | None = None,
    ranks: Mapping[int, int | None] | None = None,
) -> Event:
    """An event from given round blocks (start rank → blocks); points written are the totals.

    *written* overrides the points column, *ranks* fills the rank column (blank otherwise).
    """
    rounds = len(next(iter(rounds_by_player.values()))) if rounds_by_player else 0
    players: dict[int, dict[str, Any]] = {}
    for sr, blocks in rounds_by_player.items():
        p = _person(sr, max(rounds_by_player))
        p["rounds"] = list(blocks)
        p["written"] = None if written is None else written.get(sr)
        p["rank"] = None if ranks is None else ranks.get(sr)
        players[sr] = p
    header, dates = _header(name, players, rounds, kind)
    return _event(header, dates, players, rounds)


def with_ranks(event: Event, ranks: Mapping[int, int | None]) -> Event:
    """The same event with the rank column set from *ranks* (missing players: blank)."""
    players = {sr: {**p, "rank": ranks.get(sr)} for sr, p in event.players.items()}
    return _event(event.header, event.round_dates, players, event.rounds)


def with_written(event: Event, points: Mapping[int, Fraction]) -> Event:
    """The same event with the points column set from *points* (missing players: unchanged)."""
    players = {
        sr: {**p, "written": points.get(sr, p["written"])} for sr, p in event.players.items()
    }
    return _event(event.header, event.round_dates, players, event.rounds)


def ranks_by_points(event: Event, *, by: str = "points") -> list[list[int]]:
    """Start ranks grouped by equal points, best group first, each group by start rank.

    *by* is ``"points"`` (the true totals) or ``"written"`` (the points column).
    """
    groups: dict[Fraction, list[int]] = {}
    for sr in sorted(event.players):
        groups.setdefault(event.players[sr][by], []).append(sr)
    return [groups[p] for p in sorted(groups, reverse=True)]


def ranks_from_groups(groups: Iterable[Sequence[int]], *, shared: bool = False) -> dict[int, int]:
    """Ranks 1, 2, ... in the order of *groups*; with *shared*, a group takes its first place."""
    out: dict[int, int] = {}
    place = 1
    for group in groups:
        for i, sr in enumerate(group):
            out[sr] = place if shared else place + i
        place += len(group)
    return out


# --- Swiss --------------------------------------------------------------------------------------


def _match(order: list[int], met: Mapping[int, set[int]]) -> list[tuple[int, int]] | None:
    """Pair *order* top-down, each with the next player not yet met (with backtracking)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if other in met[first]:
            continue
        sub = _match(rest[:i] + rest[i + 1 :], met)
        if sub is not None:
            return [(first, other), *sub]
    return None


def _fold(order: list[int]) -> list[int]:
    """1, n/2+1, 2, n/2+2, ...: top half against bottom half when paired adjacently."""
    half = len(order) // 2
    return [x for pair in zip(order[:half], order[half:], strict=True) for x in pair]


def _swiss_blocks(
    players: int,
    rounds: int,
    rng: random.Random,
    *,
    byes: bool,
    absent: Mapping[int, set[int]],
    forfeits: float,
) -> dict[int, list[Block]]:
    grid: dict[int, list[Block]] = {sr: [] for sr in range(1, players + 1)}
    met: dict[int, set[int]] = {sr: set() for sr in grid}
    colours: dict[int, list[str]] = {sr: [] for sr in grid}
    had_bye: set[int] = set()
    for r in range(1, rounds + 1):
        score = {sr: sum((result_points(b[2]) for b in grid[sr]), ZERO) for sr in grid}
        away = absent.get(r, set())
        present = [sr for sr in grid if sr not in away]
        if r == 1:
            order = sorted(present)
        else:
            tiebreak = {sr: rng.random() for sr in present}
            order = sorted(present, key=lambda sr: (-score[sr], tiebreak[sr]))
        candidates: list[int | None] = [None]
        if len(order) % 2:
            candidates = [sr for sr in reversed(order) if sr not in had_bye] or list(
                reversed(order)
            )
        pairs = None
        bye = None
        for bye in candidates:
            rest = [sr for sr in order if sr != bye]
            pairs = _match(_fold(rest) if r == 1 else rest, met)
            if pairs is not None:
                break
        if pairs is None:
            raise ValueError(f"no pairing without rematches for round {r}")
        for sr in away:
            grid[sr].append((0, "-", " "))
        if bye is not None:
            grid[bye].append((0, "-", "U" if byes else "Z"))
            had_bye.add(bye)
        for board, (a, b) in enumerate(pairs):
            white, black = _colours(a, b, colours, board)
            result = rng.choice("+-") if rng.random() < forfeits else rng.choice("1=0")
            grid[white].append((black, "w", result))
            grid[black].append((white, "b", COMPLEMENT[result]))
            colours[white].append("w")
            colours[black].append("b")
            met[a].add(b)
            met[b].add(a)
    return grid


def _colours(a: int, b: int, colours: Mapping[int, list[str]], board: int) -> tuple[int, int]:
    """White and Black for *a* (placed higher) and *b*: balance first, then alternation."""

    def balance(p: int) -> int:
        return colours[p].count("w") - colours[p].count("b")

    if balance(a) != balance(b):
        return (a, b) if balance(a) < balance(b) else (b, a)
    if colours[a]:
        return (b, a) if colours[a][-1] == "w" else (a, b)
    return (a, b) if board % 2 == 0 else (b, a)


def swiss(
    players: int,
    rounds: int,
    seed: int,
    *,
    byes: bool = True,
    absences: int = 0,
    forfeits: float = 0.04,
    name: str | None = None,
    kind: str = "Individual: Swiss-System",
) -> Event:
    """A deterministic Swiss-like event: score-group pairing without rematches, random results.

    Round 1 pairs the top half against the bottom half (start rank 1 White on board 1,
    ``152 W``); later rounds pair by score with a seeded random tie-break, avoiding
    rematches. With an odd number present, the lowest placed player without a bye gets a
    pairing-allocated bye ``0000 - U`` (1 point) — or, with ``byes=False``, is written not
    paired ``0000 - Z`` (0 points). Results are ``1``/``=``/``0``, a fraction *forfeits* of
    the games ``+``/``-`` (with the scheduled opponent and colour). *absences* players (in
    rounds 2 on) are absent, written ``0000 -`` with a blank result (0 points). The rank
    column is blank.
    """
    if players < 2 or rounds < 0 or rounds > players - 1 + players % 2:
        raise ValueError(f"{rounds} rounds for {players} players cannot avoid rematches")
    rng = random.Random(seed)
    absent: dict[int, set[int]] = {}
    if absences:
        if rounds < 2:
            raise ValueError("absences need at least 2 rounds")
        places = [(r, sr) for r in range(2, rounds + 1) for sr in range(1, players + 1)]
        for r, sr in random.Random(seed + 1).sample(places, absences):
            absent.setdefault(r, set()).add(sr)
    grid = _swiss_blocks(players, rounds, rng, byes=byes, absent=absent, forfeits=forfeits)
    people: dict[int, dict[str, Any]] = {}
    for sr in grid:
        p = _person(sr, players)
        p["rounds"] = grid[sr]
        people[sr] = p
    title = name or f"Generated Swiss, {players} players, {rounds} rounds, seed {seed}"
    header, dates = _header(title, people, rounds, kind)
    return _event(header, dates, people, rounds)


def round_robin(players: int, seed: int, *, double: bool = False) -> Event:
    """A round robin on the FIDE Berger table (rr_generator), random ``1``/``=``/``0`` results.

    With an odd number of players the one meeting the dummy number has a completely blank
    block; *double* adds a second cycle with the colours reversed. The rank column is blank.
    """
    size = players + players % 2
    rng = random.Random(seed)
    schedule = rr_generator.plan(size - 1, 2 if double else 1)
    grid: dict[int, list[Block]] = {sr: [] for sr in range(1, players + 1)}
    for table_round, reverse in schedule:
        for white, black in rr_generator.fide_round(size, table_round):
            if reverse:
                white, black = black, white
            if size in (white, black) and players % 2:
                grid[black if white == size else white].append(BLANK_BLOCK)
                continue
            result = rng.choice("1=0")
            grid[white].append((black, "w", result))
            grid[black].append((white, "b", COMPLEMENT[result]))
    people: dict[int, dict[str, Any]] = {}
    for sr in grid:
        p = _person(sr, players)
        p["rounds"] = grid[sr]
        people[sr] = p
    cycles = "double " if double else ""
    name = f"Generated {cycles}round robin, {players} players, seed {seed}"
    header, dates = _header(name, people, len(schedule), "Individual: Round-Robin")
    return _event(header, dates, people, len(schedule))


# --- the real patterns ----------------------------------------------------------------------------


def round_added_without_points(players: int = 51, rounds: int = 8, seed: int = 2026) -> Event:
    """A JaVaFo-style Swiss whose points column holds the totals before the last round.

    The results of every round are written, but cols 81-84 hold each player's points after
    rounds 1 to ``rounds - 1``; ``players[sr]["points"]`` is the true total of all rounds.
    Players who scored 0 in the last round have the same value both ways.
    """
    event = swiss(players, rounds, seed, kind="Individual: Swiss-System Dutch (JaVaFo)")
    return with_written(event, event.points_after(rounds - 1))


def generator_rank_column(players: int = 20, rounds: int = 5, seed: int = 7) -> Event:
    """A Swiss whose rank column holds the rating order (highest rating 1) not the standings.

    The ratings are shuffled against the start ranks, so the rank column is neither the
    start rank nor (by construction) an order consistent with the points.
    """
    event = swiss(players, rounds, seed)
    rng = random.Random(seed + 17)
    ratings = sorted((p["rating"] for p in event.players.values()), reverse=True)
    order = sorted(event.players)
    for _ in range(1000):
        rng.shuffle(order)  # order[i] gets the (i+1)-th highest rating, rank i + 1
        rank = {sr: i + 1 for i, sr in enumerate(order)}
        moved = sum(1 for sr in order if rank[sr] != sr)
        points = {sr: p["points"] for sr, p in event.players.items()}
        inverted = any(rank[a] < rank[b] and points[a] < points[b] for a in order for b in order)
        if 2 * moved >= players and inverted:
            break
    else:
        raise ValueError("no suitable rating order found")
    people = {
        sr: {**p, "rating": ratings[rank[sr] - 1], "rank": rank[sr]}
        for sr, p in event.players.items()
    }
    return _event(event.header, event.round_dates, people, event.rounds)


DATE_FORMS: dict[str, tuple[str, str]] = {
    "dd.mm.yyyy": ("%d.%m.%Y", "%d.%m.%y"),
    "dd/mm/yyyy": ("%d/%m/%Y", "%d/%m/%y"),
    "yyyy-mm-dd": ("%Y-%m-%d", "%y-%m-%d"),
}
"""Form name → (strftime of 042/052, strftime of each 132 date)."""


def same_date_form(
    players: int = 9,
    rounds: int = 5,
    seed: int = 3,
    *,
    form: str = "dd.mm.yyyy",
    start: date = date(2024, 3, 16),
) -> Event:
    """A Swiss whose 042, 052 and every 132 date are written in one non-standard form.

    Default ``dd.mm.yyyy``: 042/052 ``16.03.2024``, 132 dates ``16.03.24`` (see
    :data:`DATE_FORMS`); round r is played on *start* + r - 1 days.
    """
    long, short = DATE_FORMS[form]
    event = swiss(players, rounds, seed)
    header, dates = _header(
        dict(event.header)["012"],
        event.players,
        rounds,
        dict(event.header)["092"],
        start=start,
        long=lambda d: d.strftime(long),
        short=lambda d: d.strftime(short),
    )
    return _event(header, dates, event.players, rounds)


def other_scoring(kind: str, players: int = 11, rounds: int = 5, seed: int = 5) -> Event:
    """A Swiss whose points column holds the totals under another scoring (no 162/XXS).

    *kind* (the tables are :data:`SCORINGS`):

    * ``"3-1-0"``: win 3, draw 1, loss 0; forfeit win 3, forfeit loss 0; ``U`` bye 3.
    * ``"2-1-0"``: win 2, draw 1, loss 0; forfeit win 2, forfeit loss 0; ``U`` bye 2.
    * ``"bye-half"``: 1-½-0 and forfeit win 1, but the ``U`` bye counted ½.
    * ``"absent-half"``: 1-½-0, ``U`` 1, and about one absence per six players (rounds 2
      on), each written ``0000 -`` with a blank result and counted ½ (standard: 0).

    ``players[sr]["points"]`` stays the standard total; ``written`` is the column's value.
    """
    if kind not in SCORINGS or kind == "standard":
        raise ValueError(f"unknown scoring {kind!r}")
    absences = max(1, players // 6) if kind == "absent-half" else 0
    event = swiss(players, rounds, seed, absences=absences)
    return with_written(event, event.points_after(rounds, SCORINGS[kind]))


def ranks_shifted(
    players: int = 12,
    rounds: int = 5,
    seed: int = 11,
    *,
    ranks: Mapping[int, int] | None = None,
) -> Event:
    """A Swiss whose rank column is the right order with every rank one too high (1 → 2).

    The right order is *ranks* if given (e.g. trfkit's standings), else points descending
    and, within equal points, start rank ascending (which need not match any tie-break).
    """
    event = swiss(players, rounds, seed)
    right = ranks if ranks is not None else ranks_from_groups(ranks_by_points(event))
    return with_ranks(event, {sr: rank + 1 for sr, rank in right.items()})


# --- reading texts --------------------------------------------------------------------------------


def _split(text: str) -> list[list[str]]:
    """``[body, ending]`` per line, so a line can be rewritten and its ending kept."""
    out = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        out.append([body, line[len(body) :]])
    return out


def _join(parts: Sequence[Sequence[str]]) -> str:
    return "".join(body + ending for body, ending in parts)


def _field(body: str, first: int, last: int) -> str:
    """Columns *first*..*last* of *body*, blank-padded."""
    return body.ljust(last)[first - 1 : last]


def _edit(body: str, first: int, last: int, value: str) -> str:
    """*body* with columns *first*..*last* replaced by *value* (same width).

    Blanks the edit adds beyond the end of the line are not kept.
    """
    if len(value) != last - first + 1:
        raise ValueError(f"{value!r} is not {last - first + 1} characters")
    padded = body.ljust(last)
    new = padded[: first - 1] + value + padded[last:]
    if len(new) > len(body):
        new = new[: len(body)] + new[len(body) :].rstrip()
    return new


def _is_player(body: str) -> bool:
    return body[:3] == "001"


def _start_rank(body: str) -> int | None:
    text = _field(body, *START_RANK).strip()
    return int(text) if text.isdigit() else None


def _opponent(text: str) -> Any:
    text = text.strip()
    if not text:
        return 0
    return int(text) if text.isdigit() else text


def _last_round(body: str) -> int:
    """The last round whose block holds anything but blanks in this 001 line."""
    r = 0
    while len(body) >= block_start(r + 1):
        r += 1
    while r and not _field(body, block_start(r), block_start(r) + 9).strip():
        r -= 1
    return r


def _block(body: str, r: int) -> Block:
    first, last = opponent_columns(r)
    return (
        _opponent(_field(body, first, last)),
        _field(body, colour_column(r), colour_column(r)),
        _field(body, result_column(r), result_column(r)),
    )


def games(text: str) -> dict[tuple[int, int], Block]:
    """``(start rank, round)`` → ``(opponent, colour, result)`` read by columns from 001 lines.

    Every player gets rounds 1..R, R the last round any 001 line fills; the opponent is read
    as a number (``0000``, ``   0`` and blanks → 0), colour and result are the raw characters.
    """
    players = [body for body, _ in _split(text) if _is_player(body)]
    last = max((_last_round(body) for body in players), default=0)
    out: dict[tuple[int, int], Block] = {}
    for body in players:
        sr = _start_rank(body)
        if sr is None:
            continue
        for r in range(1, last + 1):
            out[(sr, r)] = _block(body, r)
    return out


def columns_ok(text: str, *, blocks: bool = True) -> bool:
    """Assert that the separating columns of every 001 line are blank; returns True.

    Columns 4, 9, 14, 48, 53, 57, 69, 80, 85, 90-91 and, with *blocks*, the blanks inside and
    between round blocks (the 5th, 7th, 9th and 10th column of each).
    """
    for number, (body, _) in enumerate(_split(text), start=1):
        if not _is_player(body):
            continue
        columns = list(SEPARATORS)
        if blocks:
            for r in range(1, _last_round(body) + 1):
                s = block_start(r)
                columns += [s + 4, s + 6, s + 8, s + 9]
        for column in columns:
            char = _field(body, column, column)
            assert char == " ", f"line {number} column {column} holds {char!r}: {body!r}"
    return True


def changed_spans(before: str, after: str) -> list[tuple[int, int, int]]:
    """``(line, first column, last column)`` of each run of differing characters, 1-based.

    Lines are compared pairwise, blank-padded: trailing blanks and line endings do not count.
    """
    a, b = before.splitlines(), after.splitlines()
    out = []
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else ""
        y = b[i] if i < len(b) else ""
        width = max(len(x), len(y))
        x, y = x.ljust(width), y.ljust(width)
        column = 0
        while column < width:
            if x[column] == y[column]:
                column += 1
                continue
            first = column
            while column < width and x[column] != y[column]:
                column += 1
            out.append((i + 1, first + 1, column))
    return out


# --- planting -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Planted:
    """One planted error: the field rewritten (line, columns, old and new text) and the code.

    ``first_column``..``last_column`` is the whole field written (``old`` and ``new`` are its
    text before and after, blank-padded); every character the planting changed lies inside.
    """

    kind: str
    line: int
    first_column: int
    last_column: int
    old: str
    new: str
    code: str

    @property
    def judgement(self) -> bool:
        """A judgement error: a fixer must only list it, never change it."""
        return self.kind in JUDGEMENT


JUDGEMENT = frozenset({"one-sided-result", "colour-clash"})


def uncovered(before: str, after: str, planted: Iterable[Planted]) -> list[tuple[int, int, int]]:
    """The changed spans from *before* to *after* that lie outside every planted field."""
    places = [(p.line, p.first_column, p.last_column) for p in planted]
    return [
        (line, first, last)
        for line, first, last in changed_spans(before, after)
        if not any(pl == line and pf <= first and last <= pt for pl, pf, pt in places)
    ]


def _write(
    parts: list[list[str]], index: int, first: int, last: int, value: str, kind: str, code: str
) -> Planted:
    body = parts[index][0]
    old = _field(body, first, last)
    parts[index][0] = _edit(body, first, last, value)
    return Planted(kind, index + 1, first, last, old, value, code)


def _players(parts: Sequence[Sequence[str]]) -> dict[int, int]:
    """Start rank → line index of the 001 records."""
    out = {}
    for i, (body, _) in enumerate(parts):
        if _is_player(body):
            sr = _start_rank(body)
            if sr is not None:
                out.setdefault(sr, i)
    return out


def _declared_points(body: str) -> Fraction | None:
    text = _field(body, *POINTS).strip()
    try:
        return Fraction(text)
    except ValueError:
        return None


def _blocks_total(body: str) -> Fraction:
    """The 1-½-0 total of a 001 line's results (codes outside TRF16 count 0)."""
    total = ZERO
    for r in range(1, _last_round(body) + 1):
        result = _block(body, r)[2]
        total += STANDARD.get(result.upper() if result.strip() else " ", ZERO)
    return total


def plant_points(text: str, rng: random.Random, count: int = 1) -> tuple[str, list[Planted]]:
    """Change the points field (81-84) of *count* random 001 lines (code ``T001``).

    The new value differs from the old one and from the 1-½-0 total of the line's results.
    """
    parts = _split(text)
    lines = [
        i
        for i, (body, _) in enumerate(parts)
        if _is_player(body) and _declared_points(body) is not None
    ]
    if count > len(lines):
        raise ValueError(f"only {len(lines)} 001 lines with points")
    planted = []
    for i in sorted(rng.sample(lines, count)):
        body = parts[i][0]
        old = _declared_points(body)
        assert old is not None
        total = _blocks_total(body)
        deltas = [ONE, -ONE, HALF, -HALF, Fraction(2), Fraction(3)]
        rng.shuffle(deltas)
        new = next(
            old + d
            for d in deltas
            if old + d >= 0 and old + d != total and len(format_points(old + d)) <= 4
        )
        planted.append(_write(parts, i, *POINTS, format_points(new).rjust(4), "points", "T001"))
    return _join(parts), planted


def plant_rank(text: str, rng: random.Random, count: int = 1) -> tuple[str, list[Planted]]:
    """Swap the ranks (86-89) of *count* pairs so fewer points rank above more (``T006``).

    Only pairs ranked in the right order by the points column are swapped; raises
    ``ValueError`` when the rank column is not filled or no such pair is left.
    """
    parts = _split(text)
    known: dict[int, tuple[Fraction, int]] = {}
    for i, (body, _) in enumerate(parts):
        rank = _field(body, *RANK).strip()
        points = _declared_points(body)
        if _is_player(body) and rank.isdigit() and int(rank) > 0 and points is not None:
            known[i] = (points, int(rank))
    used: set[int] = set()
    planted: list[Planted] = []
    for _ in range(count):
        pairs = [
            (a, b)
            for a in sorted(known)
            for b in sorted(known)
            if a not in used
            and b not in used
            and known[a][0] > known[b][0]
            and known[a][1] < known[b][1]
        ]
        if not pairs:
            raise ValueError("the rank column is not filled, or no pair is left to swap")
        a, b = rng.choice(pairs)
        ra, rb = known[a][1], known[b][1]
        planted.append(_write(parts, a, *RANK, str(rb).rjust(4), "rank", "T006"))
        planted.append(_write(parts, b, *RANK, str(ra).rjust(4), "rank", "T006"))
        used.update((a, b))
    return _join(parts), sorted(planted, key=lambda p: p.line)


def _header_number(parts: Sequence[Sequence[str]], code: str) -> tuple[int, int, str] | None:
    """(line index, first column, digits) of the number that starts header *code*'s value."""
    for i, (body, _) in enumerate(parts):
        if body[:3] == code and body[3:4] in ("", " "):
            m = re.match(r" *(\d+)", body[VALUE_START - 1 :])
            if m:
                return i, VALUE_START + m.start(1), m.group(1)
    return None


def plant_count(
    text: str, rng: random.Random, *, record: str | None = None
) -> tuple[str, list[Planted]]:
    """Write a wrong number into 062 (code ``E008``) or 072 (``E009``), chosen by *rng*.

    *record* forces ``"062"`` or ``"072"``. The new number has as many digits as the old
    one and differs from the number of 001 lines (062) or of rated 001 lines (072).
    """
    parts = _split(text)
    bodies = [body for body, _ in parts if _is_player(body)]
    actual = {
        "062": len(bodies),
        "072": sum(1 for b in bodies if _field(b, *RATING).strip().strip("0")),
    }
    found = {c: _header_number(parts, c) for c in ("062", "072")}
    choices = [c for c in ("062", "072") if found[c] and (record is None or record == c)]
    if not choices:
        raise ValueError("no 062/072 record with a number")
    code = rng.choice(choices)
    where = found[code]
    assert where is not None
    i, first, digits = where
    old = int(digits)
    options = [
        old + d
        for d in (-3, -2, -1, 1, 2, 3)
        if old + d >= 0 and old + d != actual[code] and len(str(old + d)) == len(digits)
    ]
    new = str(rng.choice(options))
    kind, check = ("player-count", "E008") if code == "062" else ("rated-count", "E009")
    planted = _write(parts, i, first, first + len(digits) - 1, new, kind, check)
    return _join(parts), [planted]


def plant_colour_case(text: str) -> tuple[str, list[Planted]]:
    """Write the 152 initial colour in lower case: ``152 W`` → ``152 w`` (code ``P007``)."""
    parts = _split(text)
    for i, (body, _) in enumerate(parts):
        if body[:4] == "152 " and body[4:].strip() in ("W", "B"):
            column = VALUE_START + len(body[4:]) - len(body[4:].lstrip())
            value = _field(body, column, column).lower()
            planted = _write(parts, i, column, column, value, "colour-case", "P007")
            return _join(parts), [planted]
    raise ValueError("no 152 record holding W or B")


def plant_date_form(text: str) -> tuple[str, list[Planted]]:
    """Rewrite 042 and 052 from ``YYYY/MM/DD`` to ``DD.MM.YYYY`` (code ``E013``)."""
    parts = _split(text)
    planted = []
    for i, (body, _) in enumerate(parts):
        value = _field(body, VALUE_START, VALUE_START + 9)
        m = re.fullmatch(r"(\d{4})/(\d{2})/(\d{2})", value)
        if body[:4] in ("042 ", "052 ") and m:
            year, month, day = m.groups()
            new = f"{day}.{month}.{year}"
            planted.append(_write(parts, i, VALUE_START, VALUE_START + 9, new, "date-form", "E013"))
    if not planted:
        raise ValueError("no 042/052 record in the form YYYY/MM/DD")
    return _join(parts), planted


def plant_bye_zero(text: str, rng: random.Random) -> tuple[str, list[Planted]]:
    """Rewrite one ``0000`` opponent of a round block to ``   0`` (code ``E019``)."""
    parts = _split(text)
    places = []
    for i, (body, _) in enumerate(parts):
        if _is_player(body):
            for r in range(1, _last_round(body) + 1):
                if _field(body, *opponent_columns(r)) == "0000":
                    places.append((i, r))
    if not places:
        raise ValueError("no round block with opponent 0000")
    i, r = rng.choice(places)
    planted = _write(parts, i, *opponent_columns(r), "   0", "bye-zero", "E019")
    return _join(parts), [planted]


def rounds_played(text: str) -> int:
    """The last round any 001 line fills (its block is not all blanks)."""
    return max((_last_round(b) for b, _ in _split(text) if _is_player(b)), default=0)


def plant_rounds(text: str) -> tuple[str, list[Planted]]:
    """Change ``142 N`` to one less than the rounds played (code ``E011``)."""
    parts = _split(text)
    where = _header_number(parts, "142")
    if where is None:
        raise ValueError("no 142 record with a number")
    played = rounds_played(text)
    if played < 2:
        raise ValueError("fewer than 2 rounds played")
    i, first, digits = where
    new = str(played - 1)
    width = max(len(digits), len(new))
    planted = _write(parts, i, first, first + width - 1, new.ljust(width), "rounds", "E011")
    return _join(parts), [planted]


def _played_games(parts: Sequence[Sequence[str]]) -> list[tuple[int, int, int]]:
    """(round, line index of White, line index of Black) of the games both sides agree on."""
    index = _players(parts)
    out = []
    for sr, i in sorted(index.items()):
        body = parts[i][0]
        for r in range(1, _last_round(body) + 1):
            opponent, colour, result = _block(body, r)
            if colour != "w" or result not in "1=0" or not isinstance(opponent, int):
                continue
            j = index.get(opponent)
            if j is None:
                continue
            back = _block(parts[j][0], r)
            if back == (sr, "b", COMPLEMENT[result]):
                out.append((r, i, j))
    return out


def plant_one_sided_result(text: str, rng: random.Random) -> tuple[str, list[Planted]]:
    """Change one side's result of a played game so the two disagree (code ``S003``).

    That side's results no longer add up to its points column either, so a checker may
    also report T001 and rank findings for the line.
    """
    parts = _split(text)
    found = _played_games(parts)
    if not found:
        raise ValueError("no played game")
    r, white, black = rng.choice(found)
    i = rng.choice((white, black))
    column = result_column(r)
    old = _field(parts[i][0], column, column)
    new = rng.choice([c for c in "1=0" if c != old])
    planted = _write(parts, i, column, column, new, "one-sided-result", "S003")
    return _join(parts), [planted]


def plant_colour_clash(text: str, rng: random.Random) -> tuple[str, list[Planted]]:
    """Give both players of a played game the same colour (code ``S003``)."""
    parts = _split(text)
    found = _played_games(parts)
    if not found:
        raise ValueError("no played game")
    r, white, black = rng.choice(found)
    i = rng.choice((white, black))
    new = "b" if i == white else "w"
    column = colour_column(r)
    planted = _write(parts, i, column, column, new, "colour-clash", "S003")
    return _join(parts), [planted]


def with_crlf(text: str) -> str:
    """*text* with CRLF line endings (for checking that plantings keep them)."""
    return "".join(body + "\r\n" for body, _ in _split(text))


__all__ = [
    "BLANK_BLOCK",
    "DATE_FORMS",
    "JUDGEMENT",
    "SCORINGS",
    "Event",
    "Planted",
    "changed_spans",
    "colour_column",
    "columns_ok",
    "event_from_rounds",
    "format_points",
    "games",
    "generator_rank_column",
    "opponent_columns",
    "other_scoring",
    "plant_bye_zero",
    "plant_colour_case",
    "plant_colour_clash",
    "plant_count",
    "plant_date_form",
    "plant_one_sided_result",
    "plant_points",
    "plant_rank",
    "plant_rounds",
    "ranks_by_points",
    "ranks_from_groups",
    "ranks_shifted",
    "result_column",
    "result_points",
    "round_added_without_points",
    "round_robin",
    "rounds_played",
    "same_date_form",
    "swiss",
    "uncovered",
    "with_crlf",
    "with_ranks",
    "with_written",
]
