"""Generate round-robin TRF files for tests: valid ones, and ones with planted defects.

The schedule is built here from the FIDE C.05 Annex 1 description (spec §1.3,
closed form), independently of :mod:`trfkit.compute.berger`, so that a test comparing
the two is not the code checking itself. Results are drawn from a seeded
random generator; points are the sum of the round codes (1 / ½ / 0), except
that games against a player who withdrew having completed fewer than 50 % of
the games are left out of the opponents' points (spec §3.3, §4.5 b).

Import it from a test module by putting the tests folder on ``sys.path``::

    sys.path.insert(0, str(Path(__file__).resolve().parent))   # or .parent.parent
    import rr_generator
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


def fide_round(size: int, r: int) -> list[tuple[int, int]]:
    """Round *r* of the FIDE table for an even *size*, as ``(white, black)`` in board order."""
    m = size - 1
    p = (r + 1) // 2 if r % 2 == 1 else size // 2 + r // 2
    boards = [(p, size) if r % 2 == 1 else (size, p)]
    for d in range(1, size // 2):
        white = (p + d - 1) % m + 1
        black = (p - d - 1) % m + 1
        boards.append((white, black))
    return boards


def circle_round(size: int, r: int) -> list[tuple[int, int]]:
    """Round *r* of the textbook circle method (spec §1.8, [S16]).

    Player 1 stays in the first seat of the top row; the others turn one seat
    clockwise every round. Seats face each other in columns; the top row has
    White, except that player 1 alternates, White in odd rounds.
    """
    ring = list(range(2, size + 1))
    shift = (r - 1) % (size - 1)
    ring = ring[len(ring) - shift :] + ring[: len(ring) - shift]
    seats = [1, *ring]
    half = size // 2
    top, bottom = seats[:half], list(reversed(seats[half:]))
    boards = []
    for i, (a, b) in enumerate(zip(top, bottom, strict=True)):
        if i == 0 and r % 2 == 0:
            a, b = b, a
        boards.append((a, b))
    return boards


def plan(
    rounds_per_cycle: int, cycles: int, *, swap_last_two: bool = False, rotate: int = 1
) -> list[tuple[int, bool]]:
    """(table round, colours reversed) for every round of the event."""
    base = list(range(1, rounds_per_cycle + 1))
    base = base[rotate - 1 :] + base[: rotate - 1]
    out: list[tuple[int, bool]] = []
    for cycle in range(1, cycles + 1):
        order = list(base)
        if cycle == 1 and swap_last_two:
            order[-2], order[-1] = order[-1], order[-2]
        out.extend((r, cycle % 2 == 0) for r in order)
    return out


@dataclass
class Block:
    """One round block: opponent (None = 0000), colour ``w``/``b``/``-``, result code or ``" "``."""

    opponent: int | None
    colour: str
    result: str

    def text(self) -> str:
        """The 8 characters of the block (an empty block is blanks)."""
        if self.opponent is None and self.colour == "-" and self.result == " ":
            return " " * 8
        opponent = "0000" if self.opponent is None else f"{self.opponent:>4}"
        return f"{opponent} {self.colour} {self.result}"


POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1),
          "-": Fraction(0), "Z": Fraction(0), " ": Fraction(0), "H": Fraction(1, 2),
          "F": Fraction(1), "U": Fraction(1), "W": Fraction(1), "D": Fraction(1, 2),
          "L": Fraction(0)}
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


@dataclass
class RoundRobinFile:
    """A round robin as a grid of blocks (start rank → one block per round).

    Build it with :meth:`berger` or :meth:`circle`, plant defects with the other
    methods, and write it with :meth:`text`.
    """

    players: int
    rounds: int
    grid: dict[int, list[Block]]
    header: dict[str, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    annulled: set[int] = field(default_factory=set)
    withdrawn: dict[int, int] = field(default_factory=dict)

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def berger(
        cls,
        players: int,
        *,
        cycles: int = 1,
        swap_last_two: bool = False,
        rotate: int = 1,
        seed: int = 0,
        numbering: Mapping[int, int] | None = None,
        method: str = "berger",
        header192: str | None = None,
        header092: str | None = "Individual: Round Robin",
        bye: str = "blank",
    ) -> RoundRobinFile:
        """A complete, valid round robin with random results.

        Args:
            players: Number of players (odd: the top number is the bye).
            cycles: Cycles; each further one reverses the colours.
            swap_last_two: Swap the last two rounds of cycle 1.
            rotate: Start every cycle at this table round.
            seed: Seed of the results.
            numbering: Berger number → start rank (default: the same number).
            method: ``"berger"`` or ``"circle"`` (the textbook circle method).
            header192: A 192 code to write (a TRF-2026 header), if any.
            header092: The 092 text, if any.
            bye: How the bye of an odd field is written: ``"blank"`` or ``"Z"``.
        """
        size = players + players % 2
        m = size - 1
        rng = random.Random(seed)
        number = dict(numbering) if numbering else {i: i for i in range(1, players + 1)}
        rounds = plan(m, cycles, swap_last_two=swap_last_two, rotate=rotate)
        grid: dict[int, list[Block]] = {number[i]: [] for i in range(1, players + 1)}
        make = fide_round if method == "berger" else circle_round
        for index, (table_round, reverse) in enumerate(rounds):
            playing = set()
            for white, black in make(size, table_round):
                if reverse:
                    white, black = black, white
                if size in (white, black) and players % 2:
                    holder = black if white == size else white
                    grid[number[holder]].append(
                        Block(None, "-", " ") if bye == "blank" else Block(None, "-", "Z")
                    )
                    playing.add(holder)
                    continue
                result = rng.choice("1=0")
                grid[number[white]].append(Block(number[black], "w", result))
                grid[number[black]].append(Block(number[white], "b", COMPLEMENT[result]))
                playing.update((white, black))
            assert len(playing) == players, index
        header = {"012": f"Generated round robin, {players} players", "062": str(players)}
        if header092:
            header["092"] = header092
        header["XXR"] = str(len(rounds))
        if header192:
            header["192"] = header192
        return cls(players, len(rounds), grid, header)

    # --- unplayed games -------------------------------------------------------------------

    def forfeit(self, round_number: int, loser: int) -> None:
        """*loser* does not show up in *round_number*: ``-`` for them, ``+`` for the opponent."""
        block = self.grid[loser][round_number - 1]
        assert block.opponent is not None
        block.result = "-"
        self.grid[block.opponent][round_number - 1].result = "+"

    def withdraw(self, player: int, after_round: int) -> None:
        """*player* leaves after *after_round*; every later game is a forfeit.

        The forfeits keep the scheduled opponent and colour. Under 50 % of the games
        completed, the opponents' points leave out every game against *player*.
        """
        for r in range(after_round + 1, self.rounds + 1):
            if self.grid[player][r - 1].opponent is not None:
                self.forfeit(r, player)
        self.withdrawn[player] = after_round

    def withdraw_unscheduled(self, player: int, after_round: int) -> None:
        """Like :meth:`withdraw`, but written the lossy way, without opponents.

        ``0000 - Z`` for the player and ``0000 - +`` for the opponents: the scheduled
        pairing is lost.
        """
        for r in range(after_round + 1, self.rounds + 1):
            block = self.grid[player][r - 1]
            if block.opponent is None:
                continue
            self.grid[block.opponent][r - 1] = Block(None, "-", "+")
            self.grid[player][r - 1] = Block(None, "-", "Z")
        self.withdrawn[player] = after_round

    def drop_forfeit_colours(self, round_number: int, player: int) -> None:
        """Write *player*'s forfeit in *round_number* (and the opponent's) with colour ``-``."""
        block = self.grid[player][round_number - 1]
        assert block.opponent is not None
        block.colour = "-"
        self.grid[block.opponent][round_number - 1].colour = "-"

    # --- planted defects ------------------------------------------------------------------

    def swap_opponents(self, round_number: int, a: int, c: int) -> None:
        """*a* and *c* exchange opponents in *round_number* (both sides stay consistent).

        With ``a–b`` and ``c–d`` before, the round has ``a–d`` and ``c–b`` after; every
        player keeps their colour.
        """
        i = round_number - 1
        ba, bc = self.grid[a][i], self.grid[c][i]
        b, d = ba.opponent, bc.opponent
        assert b is not None and d is not None
        if b == c:
            raise ValueError(f"players {a} and {c} meet each other in round {round_number}")
        ba.opponent, bc.opponent = d, b
        self.grid[d][i].opponent = a
        self.grid[b][i].opponent = c
        # keep the results complementary
        self.grid[d][i].result = COMPLEMENT.get(ba.result, ba.result)
        self.grid[b][i].result = COMPLEMENT.get(bc.result, bc.result)
        # keep the colours opposite
        self.grid[d][i].colour = "b" if ba.colour == "w" else "w"
        self.grid[b][i].colour = "b" if bc.colour == "w" else "w"

    def reverse_colours(self, round_number: int, player: int) -> None:
        """Reverse the colours of *player*'s game in *round_number* (both sides)."""
        i = round_number - 1
        block = self.grid[player][i]
        assert block.opponent is not None
        other = self.grid[block.opponent][i]
        block.colour, other.colour = other.colour, block.colour

    def move_bye(self, round_number: int, to: int) -> None:
        """Give the bye of *round_number* to *to*; the old holder takes *to*'s game and colour."""
        i = round_number - 1
        holder = next(p for p, blocks in self.grid.items() if blocks[i].opponent is None)
        game = self.grid[to][i]
        opponent = game.opponent
        assert opponent is not None
        self.grid[holder][i] = Block(opponent, game.colour, game.result)
        self.grid[opponent][i].opponent = holder
        self.grid[to][i] = Block(None, "-", " ")

    def keep_cycle_colours(self, cycle: int) -> None:
        """Cycle *cycle* repeats the colours of the cycle before instead of reversing them."""
        m = self.rounds // max(1, self._cycles())
        for r in range((cycle - 1) * m, cycle * m):
            for blocks in self.grid.values():
                block = blocks[r]
                if block.colour in "wb" and block.opponent is not None:
                    block.colour = "b" if block.colour == "w" else "w"

    def _cycles(self) -> int:
        size = self.players + self.players % 2
        return self.rounds // (size - 1)

    def one_sided(self, round_number: int, player: int, wrong: int) -> None:
        """*player*'s block in *round_number* names *wrong*; nobody else changes."""
        self.grid[player][round_number - 1].opponent = wrong

    def bye_player(self, name: str = "spielfrei") -> int:
        """Add a pseudo-player carrying the byes as forfeit games; returns its start rank."""
        rank = max(self.grid) + 1
        blocks = []
        for i in range(self.rounds):
            holder = next(
                (
                    p
                    for p, bs in self.grid.items()
                    if bs[i].opponent is None and bs[i].result in " Z"
                ),
                None,
            )
            if holder is None:
                blocks.append(Block(None, "-", " "))
                continue
            colour = "w" if i % 2 else "b"
            blocks.append(Block(holder, colour, "-"))
            self.grid[holder][i] = Block(rank, "b" if colour == "w" else "w", "+")
        self.grid[rank] = blocks
        self.names[rank] = name
        self.header["062"] = str(len(self.grid))
        return rank

    # --- output ---------------------------------------------------------------------------

    def annulled_players(self) -> set[int]:
        """Withdrawn players who played fewer than 50 % of their scheduled games."""
        out = set(self.annulled)
        for player in self.withdrawn:
            blocks = self.grid[player]
            played = sum(1 for b in blocks if b.opponent is not None and b.result in "1=0")
            scheduled = sum(1 for b in blocks if b.opponent is not None)
            if 2 * played < scheduled:
                out.add(player)
        return out

    def points(self) -> dict[int, Fraction]:
        """Every player's points (games against annulled players left out for the others)."""
        annulled = self.annulled_players()
        out = {}
        for player, blocks in self.grid.items():
            total = Fraction(0)
            for b in blocks:
                if b.opponent in annulled and player not in annulled:
                    continue
                total += POINTS[b.result]
            out[player] = total
        return out

    def text(self, *, ranks: bool = False) -> str:
        """The TRF text.

        Args:
            ranks: Fill the rank column by points, then start rank. Off by default: the
                final rank depends on tie-breaks, which are not this generator's business,
                so the column stays blank.
        """
        lines = [f"{code} {value}" for code, value in self.header.items()]
        points = self.points()
        order = sorted(self.grid, key=lambda p: (-points[p], p))
        rank = {p: str(i) if ranks else "" for i, p in enumerate(order, start=1)}
        for player in sorted(self.grid):
            name = self.names.get(player, f"Player {player:03d}")
            pts = points[player]
            whole, half = divmod(pts * 2, 2)
            shown = f"{int(whole)}.{5 if half else 0}"
            head = (
                f"001 {player:>4} m    {name:<33} {2000 + 3 * player:>4} NOR "
                f"{1000000 + player:>11} 2000/01/01 {shown:>4} {rank[player]:>4}  "
            )
            blocks = "  ".join(b.text() for b in self.grid[player])
            lines.append((head + blocks).rstrip())
        return "\n".join(lines) + "\n"


def shuffled_numbering(players: int, seed: int) -> dict[int, int]:
    """A random Berger number → start rank mapping."""
    ranks = list(range(1, players + 1))
    random.Random(seed).shuffle(ranks)
    return dict(zip(range(1, players + 1), ranks, strict=True))


def swap_numbers(players: int, pairs: Iterable[Sequence[int]]) -> dict[int, int]:
    """The identity numbering with the given pairs of numbers exchanged."""
    number = {i: i for i in range(1, players + 1)}
    for a, b in pairs:
        number[a], number[b] = number[b], number[a]
    return number


@dataclass
class TeamRoundRobin:
    """A team round robin: teams of *boards* players, the team table from the FIDE tables.

    Team ``t`` has start ranks ``(t - 1) * boards + 1`` … ``t * boards`` on boards 1…;
    in each match the first-named team has White on odd boards.
    """

    teams: int
    boards: int
    rounds: int
    matches: list[list[tuple[int, int]]]
    seed: int = 0
    record: str = "013"

    @classmethod
    def berger(
        cls, teams: int, boards: int = 4, *, rotate: int = 1, seed: int = 0, record: str = "013",
        numbering: Mapping[int, int] | None = None,
    ) -> TeamRoundRobin:
        """A valid team round robin (*numbering*: Berger number → team number)."""
        size = teams + teams % 2
        number = dict(numbering) if numbering else {i: i for i in range(1, teams + 1)}
        matches = []
        for table_round, _ in plan(size - 1, 1, rotate=rotate):
            matches.append([
                (number[w], number[b]) for w, b in fide_round(size, table_round)
                if size not in (w, b) or teams % 2 == 0
            ])
        return cls(teams, boards, len(matches), matches, seed, record)

    def swap_teams(self, round_number: int, a: int, c: int) -> None:
        """Teams *a* and *c* exchange opponents in *round_number* (``a–b, c–d`` → ``a–d, c–b``)."""
        games = self.matches[round_number - 1]
        opponent = {}
        for w, b in games:
            opponent[w], opponent[b] = b, w
        b, d = opponent[a], opponent[c]
        if b == c:
            raise ValueError(f"teams {a} and {c} meet each other in round {round_number}")
        new = {a: d, d: a, c: b, b: c}
        out = []
        for w, x in games:
            if w in (a, c) or x in (a, c):
                first = w if w in (a, c) else x
                out.append((first, new[first]) if first == w else (new[first], first))
            else:
                out.append((w, x))
        self.matches[round_number - 1] = out

    def member(self, team: int, board: int) -> int:
        """The start rank on *board* (1-based) of *team*."""
        return (team - 1) * self.boards + board

    def text(self) -> str:
        """The TRF text: header, 013 (or 310) records, 001 records."""
        rng = random.Random(self.seed)
        grid: dict[int, list[Block]] = {
            self.member(t, b): []
            for t in range(1, self.teams + 1)
            for b in range(1, self.boards + 1)
        }
        for games in self.matches:
            seen: set[int] = set()
            for first, second in games:
                for board in range(1, self.boards + 1):
                    x, y = self.member(first, board), self.member(second, board)
                    white, black = (x, y) if board % 2 else (y, x)
                    result = rng.choice("1=0")
                    grid[white].append(Block(black, "w", result))
                    grid[black].append(Block(white, "b", COMPLEMENT[result]))
                seen.update((first, second))
            for team in range(1, self.teams + 1):
                if team not in seen:
                    for board in range(1, self.boards + 1):
                        grid[self.member(team, board)].append(Block(None, "-", " "))
        lines = [
            f"012 Generated team round robin, {self.teams} teams",
            f"062 {len(grid)}",
            f"082 {self.teams}",
            "092 Team Round Robin",
            f"XXR {self.rounds}",
        ]
        for team in range(1, self.teams + 1):
            members = [self.member(team, b) for b in range(1, self.boards + 1)]
            name = f"Team {team:02d}"
            if self.record == "013":
                ids = "".join(f"{m:>4} " for m in members)
                lines.append(f"013 {name:<32}{ids}".rstrip())
            else:
                nick = f"T{team}"
                head = f"310 {team:>3} {name:<32} {nick:<5} {'':>6} {'':>6} {'':>6} {'':>3}  "
                lines.append((head + "".join(f"{m:>4} " for m in members)).rstrip())
        for player in sorted(grid):
            pts = sum((POINTS[b.result] for b in grid[player]), Fraction(0))
            whole, half = divmod(pts * 2, 2)
            shown = f"{int(whole)}.{5 if half else 0}"
            head = (
                f"001 {player:>4} m    {'Player ' + str(player):<33} {1500 + player:>4} NOR "
                f"{2000000 + player:>11} 2000/01/01 {shown:>4} {'':>4}  "
            )
            lines.append((head + "  ".join(b.text() for b in grid[player])).rstrip())
        return "\n".join(lines) + "\n"
