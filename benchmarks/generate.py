"""Benchmark inputs: realistic Swiss events, Berger round robins, and batches of typical files.

Everything is drawn from a seeded :class:`random.Random`, so two runs produce the
same bytes. Nothing here imports trfkit: the inputs do not depend on the code
they measure.

Swiss events are paired greedily by score group (highest score first, then start
rank), never twice the same pair when it can be avoided, with colours balanced
by preference; about 1 % of the field asks for a half-point bye each round, odd
fields give the lowest unpaired player a pairing-allocated bye (``U``), a few
games are forfeited and a few players withdraw (their line stops there). Round
robins follow the FIDE Berger table (C.05 Annex 1, closed form of
``fide-rules.md`` §1.3), the second cycle of a double round robin with colours
reversed and the last two rounds of the first cycle swapped, as FIDE recommends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

FIRST = ("Anna", "Boris", "Carla", "Dmitri", "Elena", "Femi", "Greta", "Hugo", "Ines",
         "Jonas", "Kira", "Luis", "Mira", "Nils")  # fmt: skip
LAST = ("Andersen", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat",
        "Ivanova", "Jensen", "Kowalski", "Larsen", "Moreau", "Novak", "Olsen", "Petrov",
        "Quist", "Rossi", "Silva", "Tanaka", "Ulrich", "Varga", "Weber", "Young")  # fmt: skip
FEDERATIONS = ("NOR", "GER", "FRA", "ESP", "ITA", "NED", "POL", "SWE", "IRL", "USA", "IND", "CZE")
TITLES = ("GM", "IM", "FM", "WGM", "WIM", "CM")

SWISS_TIEBREAKS = "BH/C1, BH, SB, ARO, PS, WIN, BPG, AOB, FB, TPR, REP"
"""Record 202 of the generated Swiss events: a long list, so every family is computed."""
RR_TIEBREAKS = "DE, WIN, SB, KS, BPG, BWG, ARO, TPR"
"""Record 202 of the generated round robins."""


class _Entrant:
    __slots__ = ("blacks", "blocks", "last", "met", "number", "points", "rating", "whites",
                 "withdrawn")  # fmt: skip

    def __init__(self, number: int, rating: int) -> None:
        self.number = number
        self.rating = rating
        self.points = Fraction(0)
        self.blocks: list[str] = []
        self.met: set[int] = set()
        self.whites = 0
        self.blacks = 0
        self.last = ""
        self.withdrawn = False

    def preference(self) -> int:
        """Positive: wants White; negative: wants Black."""
        diff = self.whites - self.blacks
        if diff:
            return -diff * 2
        return {"w": -1, "b": 1}.get(self.last, 0)


def _block(opponent: int, colour: str, result: str) -> str:
    return f"{opponent:4d} {colour} {result}  "


def _game_result(rng: random.Random, white: int, black: int) -> tuple[str, str]:
    """Codes for White and Black; ratings give the expectation, 0.2 % of games are forfeits."""
    if rng.random() < 0.002:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = 0.32
    roll = rng.random()
    if roll < draw:
        return "=", "="
    if roll < draw + (1 - draw) * expected:
        return "1", "0"
    return "0", "1"


_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1),
           "-": Fraction(0), "U": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0)}  # fmt: skip


def _player_line(
    rng: random.Random, e: _Entrant, rank: int, titles: Sequence[str] = TITLES
) -> str:
    name = f"{rng.choice(LAST)}, {rng.choice(FIRST)} {e.number}"
    sex = rng.choice("mmmw")
    title = rng.choice(titles) if e.rating >= 2400 and rng.random() < 0.6 else ""
    fed = rng.choice(FEDERATIONS)
    fide_id = 1_000_000 + e.number * 7
    birth = f"{rng.randint(1950, 2014)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
    points = f"{float(e.points):4.1f}" if e.points < 100 else ""  # 81-84 hold at most 99.5
    head = (
        f"001 {e.number:4d} {sex}{title:>3s} {name:<33s} {e.rating:4d} {fed:3s} "
        f"{fide_id:11d} {birth:10s} {points:>4s} {rank:4d}  "
    )
    return head + "".join(e.blocks).rstrip()


def _header(name: str, players: int, rounds: int, kind: str, tiebreaks: str) -> list[str]:
    return [
        f"012 {name}",
        "022 Benchmark City",
        "032 NOR",
        "042 2025/06/01",
        "052 2025/06/09",
        f"062 {players}",
        f"072 {players}",
        f"092 {kind}",
        "102 Arbiter, Chief (1000007)",
        "122 90'/40 + 30'/end + 30''/move",
        f"XXR {rounds}",
        f"202 {tiebreaks}",
    ]


def _ranks(entrants: Sequence[_Entrant]) -> dict[int, int]:
    """Ranks by points, then start rank (the tie-break columns are not the generator's job)."""
    ordered = sorted(entrants, key=lambda e: (-e.points, e.number))
    return {e.number: i for i, e in enumerate(ordered, 1)}


def _pair_groups(active: list[_Entrant]) -> list[tuple[_Entrant, _Entrant]]:
    """Pair score group by score group: top half against bottom half, no rematch if avoidable.

    *active* is sorted by score, then start rank, and has an even length. Whoever
    cannot be paired inside a group floats down into the next one.
    """
    pairs: list[tuple[_Entrant, _Entrant]] = []
    floaters: list[_Entrant] = []
    index = 0
    while index < len(active):
        score = active[index].points
        end = index
        while end < len(active) and active[end].points == score:
            end += 1
        group = floaters + active[index:end]
        index = end
        floaters = [group.pop()] if len(group) % 2 and index < len(active) else []
        half = len(group) // 2
        top, bottom = group[:half], group[half:]
        left: list[_Entrant] = []
        for a in top:
            for j, b in enumerate(bottom):
                if b.number not in a.met:
                    pairs.append((a, bottom.pop(j)))
                    break
            else:
                left.append(a)
        rest = left + bottom
        if index < len(active) and len(rest) > 2:
            floaters = rest + floaters
            continue
        while rest:
            a = rest.pop(0)
            j = next((j for j, b in enumerate(rest) if b.number not in a.met), 0)
            pairs.append((a, rest.pop(j)))
    return pairs


def swiss(
    players: int,
    rounds: int,
    seed: int = 1,
    name: str | None = None,
    titles: Sequence[str] = TITLES,
) -> str:
    """A Swiss event of *players* × *rounds* as TRF16 text (titles drawn from *titles*)."""
    rng = random.Random(seed * 7919 + players * 31 + rounds)
    top = 2750
    step = max(1, 1700 // max(players, 1))
    entrants = [
        _Entrant(i, max(1000, top - (i - 1) * step - rng.randint(0, 40)))
        for i in range(1, players + 1)
    ]
    withdraw_at = {
        e.number: rng.randint(3, rounds) for e in entrants if rounds > 3 and rng.random() < 0.005
    }
    for r in range(1, rounds + 1):
        active: list[_Entrant] = []
        for e in entrants:
            if e.withdrawn or withdraw_at.get(e.number) == r:
                e.withdrawn = True
                e.blocks.append(" " * 10)  # gone: no block (trailing blanks are dropped)
            elif r < rounds and rng.random() < 0.01:
                e.blocks.append(_block(0, "-", "H"))
                e.points += _POINTS["H"]
            else:
                active.append(e)
        active.sort(key=lambda e: (-e.points, e.number))
        if len(active) % 2:
            bye = next((e for e in reversed(active) if "U" not in "".join(e.blocks)), active[-1])
            active.remove(bye)
            bye.blocks.append(_block(0, "-", "U"))
            bye.points += _POINTS["U"]
        for a, b in _pair_groups(active):
            if a.preference() > b.preference() or (
                a.preference() == b.preference() and rng.random() < 0.5
            ):
                white, black = a, b
            else:
                white, black = b, a
            wr, br = _game_result(rng, white.rating, black.rating)
            white.blocks.append(_block(black.number, "w", wr))
            black.blocks.append(_block(white.number, "b", br))
            white.points += _POINTS[wr]
            black.points += _POINTS[br]
            white.whites += 1
            black.blacks += 1
            white.last, black.last = "w", "b"
            white.met.add(black.number)
            black.met.add(white.number)
    ranks = _ranks(entrants)
    title = name or f"Benchmark Swiss {players}x{rounds}"
    lines = _header(title, players, rounds, "Individual: Swiss-System", SWISS_TIEBREAKS)
    lines.extend(_player_line(rng, e, ranks[e.number], titles) for e in entrants)
    return "\n".join(lines) + "\n"


def berger_round(size: int, r: int) -> list[tuple[int, int]]:
    """Round *r* of the FIDE Berger table for an even *size*: ``(white, black)`` by board."""
    m = size - 1
    p = (r + 1) // 2 if r % 2 else size // 2 + r // 2
    boards = [(p, size) if r % 2 else (size, p)]
    for d in range(1, size // 2):
        boards.append(((p + d - 1) % m + 1, (p - d - 1) % m + 1))
    return boards


def round_robin(players: int, double: bool = False, seed: int = 1) -> str:
    """A single or double Berger round robin as TRF16 text (an odd field has a bye each round)."""
    rng = random.Random(seed * 104729 + players * 2 + int(double))
    size = players + players % 2
    per_cycle = size - 1
    order = list(range(1, per_cycle + 1))
    plan = [(r, False) for r in order]
    if double:
        plan[-2], plan[-1] = plan[-1], plan[-2]
        plan += [(r, True) for r in order]
    entrants = [_Entrant(i, 2700 - i * 7 - rng.randint(0, 20)) for i in range(1, players + 1)]
    for table_round, reverse in plan:
        for white, black in berger_round(size, table_round):
            if reverse:
                white, black = black, white
            if size in (white, black) and size > players:
                lone = entrants[(black if white == size else white) - 1]
                lone.blocks.append(" " * 10)  # the free round: an empty block
                continue
            w, b = entrants[white - 1], entrants[black - 1]
            wr, br = _game_result(rng, w.rating, b.rating)
            w.blocks.append(_block(b.number, "w", wr))
            b.blocks.append(_block(w.number, "b", br))
            w.points += _POINTS[wr]
            b.points += _POINTS[br]
    ranks = _ranks(entrants)
    kind = "Individual: Double Round Robin" if double else "Individual: Round Robin"
    rounds = len(plan)
    lines = _header(f"Benchmark round robin {players}", players, rounds, kind, RR_TIEBREAKS)
    if double:
        lines.append("192 FIDE_DOUBLEROUNDROBIN")
    lines.extend(_player_line(rng, e, ranks[e.number]) for e in entrants)
    return "\n".join(lines) + "\n"


def typical(index: int) -> str:
    """The *index*-th file of a batch: a club or open event of 12-160 players, 5-9 rounds."""
    rng = random.Random(index)
    if rng.random() < 0.15:
        return round_robin(rng.choice((6, 8, 10, 12)), double=rng.random() < 0.2, seed=index)
    return swiss(rng.randint(12, 160), rng.choice((5, 7, 7, 9, 9)), seed=index)


def write_batch(folder: Path, count: int) -> list[Path]:
    """Write *count* typical files into *folder* (kept when they are already there)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        path = folder / f"event{i:05d}.trf"
        if not path.exists():
            path.write_text(typical(i), encoding="utf-8")
        paths.append(path)
    return paths
