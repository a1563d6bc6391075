"""Readings of the rules that trfkit must get right, each test built by hand from the rule text.

Every file here is laid out column by column (trf-format.md §1.3-1.5, §4.2, §4.4) and every
expected value is worked out by hand from the rules (fide-rules.md §2.3-2.5, §3, §3.3a; the
Norwegian rules in spec/seeds), with the calculation written next to the assertion. Nothing is
copied from trfkit's own code. The calls go through a few helpers at the top, so that the
internals can change underneath.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

import trfkit
from trfkit.checks import CheckOptions
from trfkit.cli import main
from trfkit.compute.regime import decide
from trfkit.compute.standings import compute_standings
from trfkit.compute.team_standings import compute_team_standings
from trfkit.compute.tiebreaks import TieBreakOptions
from trfkit.diagnostics import Severity

# --- laying out a TRF by hand ----------------------------------------------------------------

BLOCK = re.compile(r"(\d*)([wb-])(.)")


def block(text: str) -> str:
    """A 10-column round block from ``"6w1"`` (opponent, colour, result), ``"-H"``, or ``""``.

    ``""`` is a blank block; an empty opponent is ``0000`` (``"-U"`` is ``0000 - U``).
    """
    if not text:
        return " " * 10
    match = BLOCK.fullmatch(text)
    assert match, text
    opponent, colour, result = match.groups()
    return f"{opponent_field(int(opponent or 0))} {colour} {result}  "


def opponent_field(number: int) -> str:
    """Columns 92-95: the opponent right-aligned (``0000`` for none)."""
    return f"{number:>4}" if number else "0000"


def put(cells: list[str], column: int, text: str) -> None:
    """Write *text* into *cells* from 1-based *column* on."""
    cells[column - 1 : column - 1 + len(text)] = list(text)


def player_line(
    rank: int,
    name: str,
    points: str,
    blocks: Sequence[str],
    *,
    rating: str = "",
    place: str = "",
) -> str:
    """A 001 line: start rank 5-8, name 15-47, rating 49-52, points 81-84, rank 86-89, blocks."""
    cells = [" "] * 91
    put(cells, 1, "001")
    put(cells, 5, f"{rank:>4}")
    put(cells, 15, name[:33])
    put(cells, 49, f"{rating:>4}")
    put(cells, 81, f"{points:>4}")
    put(cells, 86, f"{place:>4}")
    line = "".join(cells)
    line += "".join(block(text) for text in blocks)
    return line.rstrip()


def team_line(number: int, name: str, mp: str, gp: str, place: str, members: Sequence[int]) -> str:
    """A 310 line: number 5-7, name 9-40, MP 55-60, GP 62-67, rank 69-71, members from 74."""
    cells = [" "] * 73
    put(cells, 1, "310")
    put(cells, 5, f"{number:>3}")
    put(cells, 9, name[:32])
    put(cells, 55, f"{mp:>6}")
    put(cells, 62, f"{gp:>6}")
    put(cells, 69, f"{place:>3}")
    return "".join(cells) + " ".join(f"{m:>4}" for m in members)


def club_line(name: str, members: Sequence[int]) -> str:
    """A 013 line: name 5-36, members from column 37, every 5 columns."""
    return "013 " + name.ljust(32)[:32] + " ".join(f"{m:>4}" for m in members)


Game = tuple[int, int, str]
"""(white, black, result): ``1-0``, ``0-1``, ``=``, ``+-``, ``-+`` (forfeits) or ``--``."""

_SIDES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "="), "+-": ("+", "-"),
          "-+": ("-", "+"), "--": ("-", "-")}  # fmt: skip


def blocks_of(
    players: Iterable[int],
    rounds: Sequence[Sequence[Game]],
    overrides: Mapping[tuple[int, int], str] | None = None,
) -> dict[int, list[str]]:
    """Each player's block texts from the games of each round, then *overrides* (player, round).

    A player without a game in a round gets a blank block; blank blocks at the end are dropped.
    """
    out: dict[int, list[str]] = {p: [""] * len(rounds) for p in players}
    for r, games in enumerate(rounds):
        for white, black, result in games:
            w, b = _SIDES[result]
            out[white][r] = f"{black}w{w}"
            out[black][r] = f"{white}b{b}"
    for (p, r), text in (overrides or {}).items():
        out[p] += [""] * (r - len(out[p]))
        out[p][r - 1] = text
    for texts in out.values():
        while texts and not texts[-1]:
            texts.pop()
    return out


def trf(
    header: Sequence[str],
    blocks: Mapping[int, Sequence[str]],
    points: Mapping[int, str],
    *,
    names: Mapping[int, str] | None = None,
    ratings: Mapping[int, str] | None = None,
    places: Mapping[int, str] | None = None,
    tail: Sequence[str] = (),
) -> str:
    """A whole file: *header* lines, one 001 line per player, then *tail* (team records)."""
    lines = ["012 Readings test", *header]
    for p in sorted(blocks):
        lines.append(
            player_line(
                p,
                (names or {}).get(p, f"Player, P{p}"),
                points[p],
                blocks[p],
                rating=(ratings or {}).get(p, "2000"),
                place=(places or {}).get(p, ""),
            )
        )
    lines += tail
    return "\n".join(lines) + "\n"


# --- the calls into trfkit (kept here, the internals are being rewritten) ---------------------


def run_check(text: str) -> list[Any]:
    """Every diagnostic of ``trfkit check`` on *text* (info included), default options."""
    return list(trfkit.check(text, options=CheckOptions()))


def codes(diagnostics: Iterable[Any], severity: Severity | None = None) -> list[str]:
    """The codes of *diagnostics*, only those of *severity* (or worse) when given."""
    return [d.code for d in diagnostics if severity is None or d.severity >= severity]


def errors(diagnostics: Iterable[Any]) -> list[str]:
    """``CODE message`` of every error, for readable assertion failures."""
    return [f"{d.code} {d.message}" for d in diagnostics if d.severity >= Severity.ERROR]


def new_findings(found: Iterable[Any], baseline: Iterable[Any]) -> list[tuple[str, Severity]]:
    """(code, severity) of the warnings and errors in *found* beyond those of *baseline*."""

    def count(items: Iterable[Any]) -> Counter[tuple[str, Severity]]:
        return Counter((d.code, d.severity) for d in items if d.severity >= Severity.WARNING)

    return sorted((count(found) - count(baseline)).elements())


def code_of(tiebreak: Any) -> str:
    """The code of one criterion of a standings' ``tiebreaks`` (as written)."""
    return str(getattr(tiebreak, "text", tiebreak))


def standings(text: str, **options: Any) -> Any:
    """The recomputed individual standings of *text*."""
    return compute_standings(trfkit.loads(text), TieBreakOptions(**options))


def points_of(text: str, **options: Any) -> dict[int, F | None]:
    """Start rank → recomputed points (``None`` for an annulled player)."""
    table = standings(text, **options)
    pts = [code_of(tb) for tb in table.tiebreaks].index("PTS")
    return {row.start_rank: (None if row.annulled else row.values[pts]) for row in table.rows}


def withdrawals(text: str) -> dict[int, Any]:
    """Start rank → the withdrawal the standings found for that player."""
    return {w.start_rank: w for w in standings(text).withdrawals}


def regime(text: str) -> Any:
    """What trfkit decides the event is."""
    return decide(trfkit.loads(text))


def team_rows(text: str, **options: Any) -> dict[int, Any]:
    """Team number → its row of the recomputed team standings."""
    table = compute_team_standings(trfkit.loads(text), TieBreakOptions(**options))
    return {row.team: row for row in table.rows}


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Exit code and standard output of ``trfkit ARGV`` run in-process."""
    code = main(list(argv))
    return code, capsys.readouterr().out


def write(tmp_path: Path, text: str, name: str = "event.trf") -> str:
    """*text* saved as a file under *tmp_path*; its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- the FIDE Berger table for 5 or 6 (fide-rules.md §1.2), White first ----------------------

BERGER_6 = (
    ((1, 6), (2, 5), (3, 4)),
    ((6, 4), (5, 3), (1, 2)),
    ((2, 6), (3, 1), (4, 5)),
    ((6, 5), (1, 4), (2, 3)),
    ((3, 6), (4, 2), (5, 1)),
)


def berger_6(results: Sequence[Sequence[str]]) -> list[list[Game]]:
    """The rounds of the table for 6 with one result per board (``""``: no game on it)."""
    return [
        [(w, b, res) for (w, b), res in zip(pairs, row, strict=True) if res]
        for pairs, row in zip(BERGER_6, results, strict=False)
    ]


# The results of a 6-player round robin on the table above, board by board:
#   R1 1-6 1-0   2-5 =     3-4 1-0
#   R2 6-4 0-1   5-3 0-1   1-2 =
#   R3 2-6 (*)   3-1 =     4-5 1-0
#   R4 6-5 (*)   1-4 1-0   2-3 0-1
#   R5 3-6 (*)   4-2 =     5-1 0-1
# (*) the games of player 6 that each test decides.
# Without player 6 the others score: 1: ½+½+1+1 = 3.0, 2: ½+½+0+½ = 1.5, 3: 1+1+½+1 = 3.5,
# 4: 0+1+0+½ = 1.5, 5: ½+0+0+0 = 0.5 (10 games, 10 points).
# With player 6's games all won by his opponents (1 in R1, 4 in R2, 2 in R3, 5 in R4, 3 in R5)
# each of them has one point more: 4.0, 2.5, 4.5, 2.5, 1.5 and 6 has 0 (15 games, 15 points).
def rr6(r3: str, r4: str, r5: str) -> list[list[Game]]:
    """The six-player round robin above with player 6's games of rounds 3-5 as given."""
    return berger_6(
        [
            ["1-0", "=", "1-0"],
            ["0-1", "0-1", "="],
            [r3, "=", "1-0"],
            [r4, "1-0", "0-1"],
            [r5, "=", "0-1"],
        ]
    )


def line_of(text: str, start_rank: int) -> int:
    """The 1-based line number of *start_rank*'s 001 record in *text*."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("001") and line[4:8].strip() == str(start_rank):
            return number
    raise AssertionError(f"no player {start_rank}")


def check_json(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    """The diagnostics of ``trfkit check --format json ARGV`` (one file)."""
    _, out = cli(capsys, "check", "--format", "json", "--isolated", *argv)
    found: list[dict[str, Any]] = json.loads(out)["files"][0]["diagnostics"]
    return found


# --- 1. a forfeit in an unfinished event is no withdrawal ------------------------------------

# Rounds 1-3 of the six-player round robin, player 6 losing round 3 (to 2) by forfeit; 142/XXR
# says 5 rounds, so rounds 4 and 5 are still to be played. After three rounds:
#   1: 1 (R1 beat 6) + ½ + ½ = 2.0      2: ½ + ½ + 1 (R3 forfeit win) = 2.0
#   3: 1 + 1 + ½ = 2.5                  4: 0 + 1 (R2 beat 6) + 1 = 2.0
#   5: ½ + 0 + 0 = 0.5                  6: 0 + 0 + 0 (forfeit) = 0.0
IN_PROGRESS_POINTS = {1: "2.0", 2: "2.0", 3: "2.5", 4: "2.0", 5: "0.5", 6: "0.0"}


@pytest.mark.parametrize(
    ("rounds_record", "forfeit"),
    [
        ("142 5", {}),
        ("XXR 5", {}),
        ("142 5", {(2, 3): "-+", (6, 3): "--"}),  # the forfeit written without the opponent
    ],
    ids=["142", "XXR", "forfeit-without-opponent"],
)
def test_forfeit_in_an_unfinished_round_robin_is_no_withdrawal(
    rounds_record: str, forfeit: dict[tuple[int, int], str]
) -> None:
    """A forfeit loss in the last round played of an unfinished event withdraws nobody."""
    rounds = rr6("+-", "", "")[:3]
    text = trf([rounds_record], blocks_of(range(1, 7), rounds, forfeit), IN_PROGRESS_POINTS)
    # §3.3a: rounds 4-5 not yet played are no evidence; the standings are as played.
    assert withdrawals(text) == {}
    assert points_of(text) == {1: 2, 2: 2, 3: F(5, 2), 4: 2, 5: F(1, 2), 6: 0}
    found = run_check(text)
    assert "B011" not in codes(found)
    assert "T002" not in codes(found)


def test_two_forfeits_at_the_end_of_an_unfinished_round_robin_are_no_withdrawal() -> None:
    """Player 6 forfeits rounds 3 and 4 of five, round 5 not played yet: still no withdrawal."""
    rounds = rr6("+-", "-+", "")[:4]
    # after round 4: 1: 2.0 + 1 (beat 4) = 3.0, 2: 2.0 + 0 = 2.0, 3: 2.5 + 1 = 3.5,
    # 4: 2.0 + 0 = 2.0, 5: 0.5 + 1 (forfeit win over 6) = 1.5, 6: 0.0
    pts = {1: "3.0", 2: "2.0", 3: "3.5", 4: "2.0", 5: "1.5", 6: "0.0"}
    text = trf(["142 5"], blocks_of(range(1, 7), rounds), pts)
    assert withdrawals(text) == {}
    assert points_of(text) == {1: 3, 2: 2, 3: F(7, 2), 4: 2, 5: F(3, 2), 6: 0}
    assert "B011" not in codes(run_check(text))


def test_forfeit_followed_by_games_in_a_finished_round_robin_is_no_withdrawal() -> None:
    """Player 6 forfeits round 2 and plays rounds 3-5: a forfeit, never a withdrawal."""
    # R2 6-4 forfeit (4 wins +), R3 2-6 1-0, R4 6-5 1-0 (6 wins), R5 3-6 1-0.
    rounds = rr6("1-0", "1-0", "1-0")
    rounds[1][0] = (6, 4, "-+")
    # 1: 3.0 + 1 = 4.0, 2: 1.5 + 1 = 2.5, 3: 3.5 + 1 = 4.5, 4: 1.5 + 1 (forfeit) = 2.5,
    # 5: 0.5 + 0 (lost to 6) = 0.5, 6: 0 + 0 + 0 + 1 + 0 = 1.0
    pts = {1: "4.0", 2: "2.5", 3: "4.5", 4: "2.5", 5: "0.5", 6: "1.0"}
    text = trf([], blocks_of(range(1, 7), rounds), pts)
    assert withdrawals(text) == {}
    assert points_of(text) == {1: 4, 2: F(5, 2), 3: F(9, 2), 4: F(5, 2), 5: F(1, 2), 6: 1}
    assert "B011" not in codes(run_check(text))


def test_a_report_in_progress_that_applies_the_withdrawal_rule_is_read_so() -> None:
    """The points column annuls 6's games after his round-3 forfeit: no T001, B011 names 6."""
    # "unless the file says otherwise" (§3.3a): 6 played 2 of 5 games (40 %), so the rule
    # removes his games: 1: 2.0 - 1 (beat 6 in R1) = 1.0, 2: 2.0 - 1 (R3 forfeit) = 1.0,
    # 3: 2.5 (meets 6 in R5), 4: 2.0 - 1 (beat 6 in R2) = 1.0, 5: 0.5 (meets 6 in R4).
    annulled = {1: "1.0", 2: "1.0", 3: "2.5", 4: "1.0", 5: "0.5", 6: "0.0"}
    rounds = rr6("+-", "", "")[:3]
    text = trf(["142 5"], blocks_of(range(1, 7), rounds), annulled)
    found = run_check(text)
    assert [e for e in errors(found) if e.startswith(("T001", "T006"))] == []
    assert [d.line for d in found if d.code == "B011"] == [line_of(text, 6)]


# --- 2. the withdrawal rule counts the games of every cycle ----------------------------------


def double_rr6(played_by_6: int) -> list[list[Game]]:
    """A double round robin of 6 (cycle 2 = cycle 1 with colours reversed, same round order).

    Cycle 1 is the round robin above (6 loses every game he plays), every game of cycle 2
    among players 1-5 is drawn, and player 6 plays his first *played_by_6* rounds and then
    loses the rest by forfeit.
    """
    cycle1 = rr6("1-0", "0-1", "1-0")  # R3 2 beats 6, R4 5 beats 6, R5 3 beats 6
    rounds = cycle1 + [[(b, w, "=") for w, b, _ in games] for games in cycle1]
    for r, games in enumerate(rounds, 1):
        for i, (w, b, _) in enumerate(games):
            if r > played_by_6 and 6 in (w, b):
                games[i] = (w, b, "-+" if w == 6 else "+-")
            elif r > 5 and 6 in (w, b):
                games[i] = (w, b, "0-1" if w == 6 else "1-0")
    return rounds


# Without player 6: cycle 1 gives 3.0, 1.5, 3.5, 1.5, 0.5 (above) and cycle 2 four draws each,
# +2.0: 1: 5.0, 2: 3.5, 3: 5.5, 4: 3.5, 5: 2.5 (20 games, 20 points). Each of 1-5 also beat 6
# twice (over the board or by forfeit): +2.0 each when 6's games count.
DOUBLE_ANNULLED = {1: F(5), 2: F(7, 2), 3: F(11, 2), 4: F(7, 2), 5: F(5, 2)}
DOUBLE_COUNTED = {p: v + 2 for p, v in DOUBLE_ANNULLED.items()}


def unplayed_as(rounds: Sequence[Sequence[Game]], player: int, after: int,
                opponent: str, own: str) -> dict[tuple[int, int], str]:  # fmt: skip
    """Overrides writing *player*'s games after round *after* as *opponent* / *own* blocks."""
    out: dict[tuple[int, int], str] = {}
    for r, games in enumerate(rounds, 1):
        for w, b, _ in games:
            if r > after and player in (w, b):
                out[(b if w == player else w, r)] = opponent
                out[(player, r)] = own
    return out


def double_text(played_by_6: int, annulled: bool, writing: str = "forfeits") -> str:
    """The double round robin as a report that applies the withdrawal rule correctly."""
    expected = DOUBLE_ANNULLED if annulled else DOUBLE_COUNTED
    pts = {p: f"{float(v):.1f}" for p, v in expected.items()} | {6: "0.0"}
    rounds = double_rr6(played_by_6)
    overrides = unplayed_as(rounds, 6, played_by_6, "", "") if writing == "blank" else {}
    return trf(["192 BERGER_DOUBLEROUNDROBIN"], blocks_of(range(1, 7), rounds, overrides), pts)


@pytest.mark.parametrize("writing", ["forfeits", "blank"])
def test_double_round_robin_withdrawal_counts_both_cycles(writing: str) -> None:
    """6 players, double: 10 games each; 3 played then withdrawn is 3 of 10 (30 %): annulled."""
    text = double_text(3, annulled=True, writing=writing)
    found = withdrawals(text)
    assert set(found) == {6}
    # 3 of (6 - 1) x 2 = 10 scheduled games, 30 % < 50 %
    assert (found[6].completed, found[6].scheduled, found[6].annulled) == (3, 10, True)
    assert [row.annulled for row in standings(text).rows if row.start_rank == 6] == [True]
    assert {p: v for p, v in points_of(text).items() if p != 6} == DOUBLE_ANNULLED


@pytest.mark.parametrize("played", [4, 5])
def test_double_round_robin_withdrawal_boundary(played: int) -> None:
    """4 of 10 played (40 %) is annulled; 5 of 10 (50 %) is not (exactly half counts)."""
    annulled = played < 5
    text = double_text(played, annulled=annulled)
    found = withdrawals(text)
    assert (found[6].completed, found[6].scheduled, found[6].annulled) == (played, 10, annulled)
    expected = DOUBLE_ANNULLED if annulled else DOUBLE_COUNTED
    assert {p: v for p, v in points_of(text).items() if p != 6} == expected


# --- 3. a round robin with a withdrawal written as byes, blanks or forfeits --------------------

# Player 6 ("Withdrawn, Walter") of the six-player round robin stops playing. His unplayed
# games are written four ways: forfeits with the scheduled opponent and colour (the rule's
# "-" and "+"), pairing-allocated byes for the opponents, blank blocks, forfeits without an
# opponent. The FIDE rule (C.05; Norway §3; fide-rules.md §3.1): under 50 % completed, every
# game by and against him is removed; from 50 % on, his games count and his opponents win the
# rest by forfeit, however the exporter wrote them.
WRITINGS = {
    "forfeits": None,
    "pairing-byes": ("-U", "-Z"),
    "blank": ("", ""),
    "forfeits-without-opponent": ("-+", "--"),
}
WITHDRAWN = {6: "Withdrawn, Walter"}
# 6 plays rounds 1-2 (2 of 5 = 40 %, annulled): the others as without him (see rr6)
ANNULLED_6 = {1: F(3), 2: F(3, 2), 3: F(7, 2), 4: F(3, 2), 5: F(1, 2)}
# 6 plays rounds 1-3 (3 of 5 = 60 %, counted): each opponent has a point from 6
COUNTED_6 = {1: F(4), 2: F(5, 2), 3: F(9, 2), 4: F(5, 2), 5: F(3, 2), 6: F(0)}


def withdrawal_rr6(played_by_6: int, writing: str) -> str:
    """The six-player round robin, 6 playing (and losing) his first *played_by_6* rounds.

    The report applies the rule correctly: its points column is the expected one.
    """
    lost = ("1-0", "0-1", "1-0")  # 6 is Black in R3 (2-6), White in R4 (6-5), Black in R5 (3-6)
    forfeited = ("+-", "-+", "+-")
    rounds = rr6(*[lost[i] if r <= played_by_6 else forfeited[i] for i, r in enumerate((3, 4, 5))])
    pair = WRITINGS[writing]
    overrides = unplayed_as(rounds, 6, played_by_6, *pair) if pair else {}
    expected = ANNULLED_6 if played_by_6 < 3 else COUNTED_6
    pts = {p: f"{float(expected.get(p, 0)):.1f}" for p in range(1, 7)}
    return trf([], blocks_of(range(1, 7), rounds, overrides), pts, names=WITHDRAWN)


@pytest.mark.parametrize("writing", list(WRITINGS))
@pytest.mark.parametrize("played", [2, 3], ids=["annulled", "counted"])
def test_withdrawal_written_any_way_is_a_round_robin(writing: str, played: int) -> None:
    """However the games against a withdrawn player are written, the event is a round robin."""
    text = withdrawal_rr6(played, writing)
    assert regime(text).round_robin, regime(text).reason
    assert standings(text).regime.round_robin
    found = run_check(text)
    assert "B001" in codes(found)  # read as a round robin by check too
    # the games played fit the Berger table; a withdrawal is no schedule or bye error
    assert errors(found) == []


@pytest.mark.parametrize("writing", list(WRITINGS))
@pytest.mark.parametrize("played", [2, 3], ids=["annulled", "counted"])
def test_withdrawal_written_any_way_is_named_and_scored_as_the_rule_says(
    writing: str, played: int
) -> None:
    """B011 names the player who withdrew; his opponents score as C.05 says."""
    text = withdrawal_rr6(played, writing)
    found = [d for d in run_check(text) if d.code == "B011"]
    assert len(found) == 1, [d.message for d in found]
    assert found[0].line == line_of(text, 6)
    assert "6" in found[0].message or "Withdrawn" in found[0].message
    annulled = played < 3  # 2 of 5 = 40 % < 50 %; 3 of 5 = 60 %
    assert {w: x.annulled for w, x in withdrawals(text).items()} == {6: annulled}
    expected = dict(ANNULLED_6) if annulled else dict(COUNTED_6)
    got = points_of(text)
    assert {p: got[p] for p in expected} == expected
    if annulled:
        assert got[6] is None


# Five players on the table for 6 (number 6 is the bye: R1 1, R2 4, R3 2, R4 5, R5 3 sit
# out). Player 5 plays round 1 (2-5 drawn) and withdraws: his games R2 v 3, R3 v 4 and R5 v 1
# are not played. An exporter that writes every unpaired player as ``0000 - U`` then has two
# byes in rounds 2, 3 and 5: the Berger bye and the opponent of the withdrawn player.
ODD_RESULTS = [["", "=", "1-0"], ["", "", "="], ["", "=", ""], ["", "1-0", "0-1"], ["", "=", ""]]


@pytest.mark.parametrize("opponent", ["-U", "", "+"], ids=["pairing-bye", "blank", "forfeit"])
def test_odd_round_robin_withdrawal_two_byes_in_a_round(opponent: str) -> None:
    """Two unpaired players in a round after a withdrawal are expected, not an S005 error."""
    rounds = berger_6(ODD_RESULTS)
    scheduled = {2: (5, 3), 3: (4, 5), 5: (5, 1)}  # round: (White, Black) of 5's lost games
    overrides: dict[tuple[int, int], str] = {}
    for r, (w, b) in scheduled.items():
        other = b if w == 5 else w
        if opponent == "+":  # the rule's forfeits, with the table's colours
            overrides[(other, r)] = f"5{'b' if w == 5 else 'w'}+"
            overrides[(5, r)] = f"{other}{'w' if w == 5 else 'b'}-"
        else:
            overrides[(other, r)] = opponent
            overrides[(5, r)] = "-Z"
    for r, bye in {1: 1, 2: 4, 3: 2, 5: 3}.items():  # the Berger byes, written as U
        overrides[(bye, r)] = "-U"
    overrides[(5, 4)] = "-Z"  # 5's own Berger bye falls after he left
    text = trf([], blocks_of(range(1, 6), rounds, overrides), {p: "0.0" for p in range(1, 6)})
    assert regime(text).round_robin, regime(text).reason
    found = run_check(text)
    schedule = [e for e in errors(found) if e[:4] in {"S005", "B002", "B006", "B007", "B010"}]
    assert schedule == []
    assert [d.line for d in found if d.code == "B011"] == [line_of(text, 5)]


# --- 4. a report that keeps (or drops) the games of a withdrawn player -----------------------


def with_points(text: str, points: Mapping[int, F]) -> str:
    """*text* with the points column (81-84) of the players in *points* replaced."""
    out = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) in points:
            value = f"{float(points[int(line[4:8])]):.1f}"
            line = line[:80] + f"{value:>4}" + line[84:]
        out.append(line)
    return "\n".join(out) + "\n"


def test_points_that_keep_the_games_of_an_early_withdrawal_are_at_least_a_warning() -> None:
    """6 withdrew after 2 of 5 games; a points column that still counts them is reported."""
    # The report's points include the wins over 6: 4.0, 2.5, 4.5, 2.5, 1.5 (see rr6); C.05
    # removes them: 3.0, 1.5, 3.5, 1.5, 0.5.
    text = with_points(withdrawal_rr6(2, "forfeits"), COUNTED_6)
    found = [d for d in run_check(text) if d.severity >= Severity.WARNING]
    named = [d for d in found if "withdr" in d.message.lower()]
    assert named, [f"{d.code} {d.message}" for d in found]


def test_points_that_keep_the_games_of_an_early_withdrawal_double_round_robin() -> None:
    """Double round robin, 6 withdrew after 3 of 10: keeping his games is at least a warning."""
    text = with_points(double_text(3, annulled=True), DOUBLE_COUNTED)
    found = [d for d in run_check(text) if d.severity >= Severity.WARNING]
    assert [d for d in found if "withdr" in d.message.lower()], [d.message for d in found]


def test_points_that_drop_the_games_of_a_late_withdrawal_are_errors() -> None:
    """6 withdrew after 3 of 5 (60 %): his games count; a column that drops them is T001."""
    # The report's points drop the games against 6: 3.0, 1.5, 3.5, 1.5, 0.5 instead of
    # 4.0, 2.5, 4.5, 2.5, 1.5 (each of 1-5 beat 6 once, over the board or by forfeit).
    text = with_points(withdrawal_rr6(3, "forfeits"), ANNULLED_6)
    found = run_check(text)
    wrong = sorted(d.line for d in found if d.code == "T001" and d.severity is Severity.ERROR)
    assert wrong == [line_of(text, p) for p in range(1, 6)]


def test_points_that_drop_the_games_of_a_late_withdrawal_double_round_robin() -> None:
    """Double round robin, 6 withdrew after 5 of 10 (50 %): dropping his games is T001."""
    text = with_points(double_text(5, annulled=False), DOUBLE_ANNULLED)
    found = run_check(text)
    wrong = sorted(d.line for d in found if d.code == "T001" and d.severity is Severity.ERROR)
    assert wrong == [line_of(text, p) for p in range(1, 6)]


# --- 5. a half-point bye counts, even in a round that only its player has -------------------

# A Swiss of four players (192 FIDE_DUTCH_2025, so no schedule reading makes it a round robin):
#   R1 1-3 1-0, 2-4 1-0   R2 2-1 =, 4-3 =   R3 1-4 1-0, 3-2 0-1
# after three rounds 1: 1 + ½ + 1 = 2.5, 2: 1 + ½ + 1 = 2.5, 3: 0 + ½ + 0 = 0.5,
# 4: 0 + ½ + 0 = 0.5. Player 3 alone has a round-4 block, a half-point bye: 0.5 + 0.5 = 1.0.
SWISS_4 = [
    [(1, 3, "1-0"), (2, 4, "1-0")],
    [(2, 1, "="), (4, 3, "=")],
    [(1, 4, "1-0"), (3, 2, "0-1")],
]


@pytest.mark.parametrize(
    ("header", "bye"),
    [
        (["142 4"], "-H"),  # JaVaFo's partial file: the bye of the round to be paired
        ([], "-H"),
        ([], "-="),  # the ICU's writing of a half-point bye
    ],
    ids=["in-progress-H", "H", "equals"],
)
def test_a_half_point_bye_in_a_round_of_its_own_counts(header: list[str], bye: str) -> None:
    """Points are the sum of every result written: the lone round-4 half-point bye adds ½."""
    blocks = blocks_of(range(1, 5), SWISS_4, {(3, 4): bye})
    pts = {1: "2.5", 2: "2.5", 3: "1.0", 4: "0.5"}
    text = trf(["192 FIDE_DUTCH_2025", *header], blocks, pts)
    assert points_of(text) == {1: F(5, 2), 2: F(5, 2), 3: F(1), 4: F(1, 2)}
    assert "T001" not in codes(run_check(text), Severity.ERROR)


# --- 6. a team pairing-allocated bye scores what record 320 says -----------------------------


def team_event(
    header: Sequence[str],
    rounds: Sequence[Sequence[Game]],
    points: Mapping[int, str],
    teams: Mapping[int, tuple[str, str, str, Sequence[int]]],
    *,
    overrides: Mapping[tuple[int, int], str] | None = None,
    tail: Sequence[str] = (),
) -> str:
    """A team file: players' 001 lines from the board games, one 310 line per team.

    *teams* maps a team number to (match points, game points, rank, members).
    """
    members = sorted(p for *_, ms in teams.values() for p in ms)
    lines = [team_line(n, f"Team {n}", mp, gp, place, ms)
             for n, (mp, gp, place, ms) in sorted(teams.items())]  # fmt: skip
    return trf(header, blocks_of(members, rounds, overrides), points, tail=[*lines, *tail])


# Three teams of four boards, two rounds; team 3 has the PAB in round 1, team 2 in round 2.
#   R1 T1 (1-4) v T2 (5-8): 1-5 1-0, 6-2 =, 3-7 1-0, 8-4 0-1: T1 1+½+1+1 = 3.5, T2 0.5
#   R2 T3 (9-12) v T1: 9-1 =, 2-10 0-1, 11-3 =, 4-12 =: T1 ½+0+½+½ = 1.5, T3 ½+1+½+½ = 2.5
# Record 320 gives the PAB 2.0 match points and 3.0 game points:
#   T1: MP 2 + 0 = 2, GP 3.5 + 1.5 = 5.0
#   T2: MP 0 + 2 = 2, GP 0.5 + 3.0 = 3.5
#   T3: MP 2 + 2 = 4, GP 3.0 + 2.5 = 5.5
# Ranks: T3 (4 MP) 1, T1 (2 MP, 5.0 GP) 2, T2 (2 MP, 3.5 GP) 3.
PAB_ROUNDS = [
    [(1, 5, "1-0"), (6, 2, "="), (3, 7, "1-0"), (8, 4, "0-1")],
    [(9, 1, "="), (2, 10, "0-1"), (11, 3, "="), (4, 12, "=")],
]
PAB_TEAMS = {
    1: ("2.0", "5.0", "2", (1, 2, 3, 4)),
    2: ("2.0", "3.5", "3", (5, 6, 7, 8)),
    3: ("4.0", "5.5", "1", (9, 10, 11, 12)),
}
# "320" + PAB MP (5-8) + PAB GP (10-13) + team of round 1 (15-17) + team of round 2 (19-21)
PAB_320 = "320  2.0  3.0   3   2"


@pytest.mark.parametrize("boards", ["", "-U"], ids=["blank-boards", "pab-boards"])
def test_team_pairing_bye_scores_the_values_of_record_320(boards: str) -> None:
    """Record 320 ``2.0 3.0``: the PAB team gets 2 MP and 3 GP for that round."""
    overrides = {(p, 1): boards for p in (9, 10, 11, 12)} | {(p, 2): boards for p in (5, 6, 7, 8)}
    bye = 1 if boards else 0  # each PAB board as U is a point for the player
    pts = {1: "1.5", 2: "0.5", 3: "1.5", 4: "1.5", 5: f"{0 + bye}.0", 6: f"{0.5 + bye}",
           7: f"{0 + bye}.0", 8: f"{0 + bye}.0", 9: f"{0.5 + bye}", 10: f"{1 + bye}.0",
           11: f"{0.5 + bye}", 12: f"{0.5 + bye}"}  # fmt: skip
    text = team_event([], PAB_ROUNDS, pts, PAB_TEAMS, overrides=overrides, tail=[PAB_320])
    assert regime(text).team
    rows = team_rows(text)
    assert {t: (r.mp, r.gp, r.rank) for t, r in rows.items()} == {
        1: (2, 5, 2),
        2: (2, F(7, 2), 3),
        3: (4, F(11, 2), 1),
    }
    found = run_check(text)
    assert [e for e in errors(found) if e[:4] in {"M001", "M002", "M009"}] == []


# Three teams of two boards, a team round robin on the table for 4 (4 = the bye):
#   R1 T1 PAB; T2 (3, 4) v T3 (5, 6): 3-5 1-0, 6-4 =: T2 1.5, T3 0.5
#   R2 T3 PAB; T1 (1, 2) v T2: 1-3 =, 4-2 0-1: T1 ½+1 = 1.5, T2 0.5
#   R3 T2 PAB; T3 v T1: 5-1 1-0, 2-6 1-0: T1 0+1 = 1, T3 1: drawn
# with 320 "2.0 3.0": T1 MP 2+2+1 = 5, GP 3+1.5+1 = 5.5; T2 MP 2+0+2 = 4, GP 1.5+0.5+3 = 5.0;
# T3 MP 0+2+1 = 3, GP 0.5+3+1 = 4.5.
RR_PAB_ROUNDS = [
    [(3, 5, "1-0"), (6, 4, "=")],
    [(1, 3, "="), (4, 2, "0-1")],
    [(5, 1, "1-0"), (2, 6, "1-0")],
]


def test_team_pairing_bye_of_record_320_in_a_team_round_robin() -> None:
    """A team round robin's byes given by record 320 score its 2.0 MP and 3.0 GP."""
    teams = {1: ("5.0", "5.5", "1", (1, 2)), 2: ("4.0", "5.0", "2", (3, 4)),
             3: ("3.0", "4.5", "3", (5, 6))}  # fmt: skip
    pts = {1: "0.5", 2: "2.0", 3: "1.5", 4: "0.5", 5: "1.0", 6: "0.5"}
    text = team_event([], RR_PAB_ROUNDS, pts, teams, tail=["320  2.0  3.0   1   3   2"])
    rows = team_rows(text)
    assert {t: (r.mp, r.gp) for t, r in rows.items()} == {
        1: (5, F(11, 2)),
        2: (4, F(5)),
        3: (3, F(9, 2)),
    }


# --- 7. a team match forfeited on every board by both sides is a double forfeit --------------

# Four teams of two boards, two rounds:
#   R1 T1 (1, 2) v T2 (3, 4): 1-3 and 4-2 forfeited by both players ("-" on both sides);
#      T3 (5, 6) v T4 (7, 8): 5-7 1-0, 8-6 =: T3 1.5, T4 0.5
#   R2 T1 v T3: 1-5 =, 6-2 =: 1-1; T2 v T4: 3-7 0-1, 8-4 =: T2 0.5, T4 1.5
# The R1 match of T1 and T2 was not played by anybody: 0 MP each (a double forfeit,
# fide-rules.md §2.5), not a 0-0 draw worth 1 MP each.
#   T1: MP 0 + 1 = 1, GP 0 + 1 = 1.0     T2: MP 0 + 0 = 0, GP 0 + 0.5 = 0.5
#   T3: MP 2 + 1 = 3, GP 1.5 + 1 = 2.5   T4: MP 0 + 2 = 2, GP 0.5 + 1.5 = 2.0
DOUBLE_FORFEIT_ROUNDS = [
    [(1, 3, "--"), (4, 2, "--"), (5, 7, "1-0"), (8, 6, "=")],
    [(1, 5, "="), (6, 2, "="), (3, 7, "0-1"), (8, 4, "=")],
]
DOUBLE_FORFEIT_TEAMS = {
    1: ("1.0", "1.0", "3", (1, 2)),
    2: ("0.0", "0.5", "4", (3, 4)),
    3: ("3.0", "2.5", "1", (5, 6)),
    4: ("2.0", "2.0", "2", (7, 8)),
}
DOUBLE_FORFEIT_POINTS = {1: "0.5", 2: "0.5", 3: "0.0", 4: "0.5", 5: "1.5", 6: "1.0", 7: "1.0",
                         8: "1.0"}  # fmt: skip


@pytest.mark.parametrize(
    "colours",
    [{}, {(1, 1): "3--", (3, 1): "1--", (2, 1): "4--", (4, 1): "2--"}],
    ids=["scheduled-colours", "colour-dash"],  # FIDE example1 writes forfeits with colour "-"
)
def test_team_match_forfeited_by_both_sides_is_a_double_forfeit(
    colours: dict[tuple[int, int], str],
) -> None:
    """Every board "-" against "-" and no 330: 0 match points for both teams, not a draw."""
    text = team_event([], DOUBLE_FORFEIT_ROUNDS, DOUBLE_FORFEIT_POINTS, DOUBLE_FORFEIT_TEAMS,
                      overrides=colours)  # fmt: skip
    rows = team_rows(text)
    assert {t: (r.mp, r.gp) for t, r in rows.items()} == {
        1: (1, 1),
        2: (0, F(1, 2)),
        3: (3, F(5, 2)),
        4: (2, 2),
    }
    assert [e for e in errors(run_check(text)) if e.startswith("M001")] == []


# --- 8. a 310 rank column that repeats the team numbers --------------------------------------

# Four teams of two boards, two rounds, every game played:
#   R1 T1 (1, 2) v T2 (3, 4): 1-3 0-1, 4-2 1-0: T1 0, T2 2
#      T3 (5, 6) v T4 (7, 8): 5-7 =, 8-6 0-1: T3 ½+1 = 1.5, T4 0.5
#   R2 T2 v T3: 3-5 =, 6-4 =: 1-1;  T4 v T1: 7-1 0-1, 2-8 =: T1 1+½ = 1.5, T4 0.5
#   T1: MP 0 + 2 = 2, GP 0 + 1.5 = 1.5   T2: MP 2 + 1 = 3, GP 2 + 1 = 3.0
#   T3: MP 2 + 1 = 3, GP 1.5 + 1 = 2.5   T4: MP 0 + 0 = 0, GP 0.5 + 0.5 = 1.0
# Final order (MP, then GP): T2 1, T3 2, T1 3, T4 4.
CLEAN_ROUNDS = [
    [(1, 3, "0-1"), (4, 2, "1-0"), (5, 7, "="), (8, 6, "0-1")],
    [(3, 5, "="), (6, 4, "="), (7, 1, "0-1"), (2, 8, "=")],
]
CLEAN_POINTS = {1: "1.0", 2: "0.5", 3: "1.5", 4: "1.5", 5: "1.0", 6: "1.5", 7: "0.5", 8: "0.5"}
CLEAN_SCORES = {1: ("2.0", "1.5"), 2: ("3.0", "3.0"), 3: ("3.0", "2.5"), 4: ("0.0", "1.0")}
MEMBERS = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8)}


def clean_team_text(ranks: Mapping[int, str]) -> str:
    """The four-team event with the 310 rank column *ranks*."""
    teams = {t: (*CLEAN_SCORES[t], ranks[t], MEMBERS[t]) for t in MEMBERS}
    return team_event([], CLEAN_ROUNDS, CLEAN_POINTS, teams)


def test_team_rank_column_repeating_team_numbers_is_one_warning() -> None:
    """310 ranks 1, 2, 3, 4 = the team numbers: one warning for the column, no M002 per team."""
    right = run_check(clean_team_text({1: "3", 2: "1", 3: "2", 4: "4"}))
    assert [d.code for d in right if d.code == "M002"] == []  # the fixture is right
    placeholder = run_check(clean_team_text({1: "1", 2: "2", 3: "3", 4: "4"}))
    assert [d for d in placeholder if d.code == "M002"] == []
    extra = new_findings(placeholder, right)
    # one new warning: the column repeats the team numbers (the code is the lead's choice)
    assert [severity for _, severity in extra] == [Severity.WARNING], extra


# --- 9. 013 records that group the players of an individual Swiss ---------------------------

# A Swiss of ten players, three rounds; club mates 1 and 6 never meet (the pairing engine's
# "do not pair club mates"):
#   R1 1-7 1-0, 6-2 0-1, 3-8 1-0, 9-4 0-1, 5-10 1-0
#   R2 2-1 =, 4-3 0-1, 6-5 0-1, 7-8 1-0, 10-9 =
#   R3 3-5 =, 1-4 1-0, 7-2 0-1, 9-6 1-0, 8-10 =
#   1: 1+½+1 = 2.5  2: 1+½+1 = 2.5  3: 1+1+½ = 2.5  4: 1+0+0 = 1.0  5: 1+1+½ = 2.5
#   6: 0+0+0 = 0.0  7: 0+1+0 = 1.0  8: 0+0+½ = 0.5  9: 0+½+1 = 1.5  10: 0+½+½ = 1.0
SWISS_10 = [
    [(1, 7, "1-0"), (6, 2, "0-1"), (3, 8, "1-0"), (9, 4, "0-1"), (5, 10, "1-0")],
    [(2, 1, "="), (4, 3, "0-1"), (6, 5, "0-1"), (7, 8, "1-0"), (10, 9, "=")],
    [(3, 5, "="), (1, 4, "1-0"), (7, 2, "0-1"), (9, 6, "1-0"), (8, 10, "=")],
]
SWISS_10_POINTS = {1: "2.5", 2: "2.5", 3: "2.5", 4: "1.0", 5: "2.5", 6: "0.0", 7: "1.0",
                   8: "0.5", 9: "1.5", 10: "1.0"}  # fmt: skip
# Club A = {1, 6}, club B = {2}, club C = {7}: in round 1 club A "meets" clubs C (1-7) and
# B (6-2); players 3, 4, 5, 8, 9, 10 belong to no club; B and C are single-board "teams".
CLUBS = [club_line("Club A", [1, 6]), club_line("Club B", [2]), club_line("Club C", [7])]


@pytest.mark.parametrize(
    "header",
    [[], ["092 Individual: Swiss-System"], ["192 FIDE_DUTCH_2025"]],
    ids=["no-type", "092", "192"],
)
def test_club_records_of_an_individual_swiss_describe_no_team_event(header: list[str]) -> None:
    """013 lines grouping club mates: the event stays individual, with one warning at most."""
    blocks = blocks_of(range(1, 11), SWISS_10)
    plain = trf(header, blocks, SWISS_10_POINTS)
    text = trf(header, blocks, SWISS_10_POINTS, tail=CLUBS)
    decision = regime(text)
    assert not decision.team, decision.reason
    assert not decision.round_robin
    found = run_check(text)
    assert [e for e in errors(found) if e.startswith(("M004", "M007"))] == []
    extra = new_findings(found, run_check(plain))
    assert len(extra) <= 1 and all(s is Severity.WARNING for _, s in extra), extra


# --- 10. rating tie-breaks with unrated players; DE where it does not apply -------------------

RATING_CODES = ("ARO", "TPR", "PTP", "APRO", "APPO")


def column(table: Any, code: str) -> dict[int, Any]:
    """Start rank → the value of *code* in the standings *table*."""
    index = [code_of(tb) for tb in table.tiebreaks].index(code)
    return {row.start_rank: row.values[index] for row in table.rows}


@pytest.mark.parametrize("unrated", ["", "0", "0000"], ids=["blank", "0", "0000"])
def test_rating_tiebreaks_with_unrated_players_have_no_value(
    unrated: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.07 art. 10: unrated players present and no rating given them: ARO … APPO are None."""
    blocks = blocks_of(range(1, 11), SWISS_10)
    rated = trf([], blocks, SWISS_10_POINTS)
    table = standings(rated, tiebreaks=("PTS", *RATING_CODES))
    assert column(table, "ARO")[1] == 2000  # all rated (2000): opponents 7, 2, 4 average 2000
    text = trf([], blocks, SWISS_10_POINTS, ratings={9: unrated, 10: unrated})
    table = standings(text, tiebreaks=("PTS", *RATING_CODES))
    for code in RATING_CODES:
        assert set(column(table, code).values()) == {None}, code
    _, out = cli(capsys, "standings", write(tmp_path, text), "--tiebreaks",
                 ",".join(("PTS", *RATING_CODES)), "--format", "json")  # fmt: skip
    doc = json.loads(out)
    assert {p[code] for p in doc["players"] for code in RATING_CODES} == {None}
    assert "unrated" in json.dumps(doc["rules"]).lower()  # the reason (where: the lead decides)


# The 2.5 group of the Swiss above is {1, 2, 3, 5}: among them only 1-2 and 3-5 were played,
# both drawn, so not all of them met and nobody wins the sub-table whatever the missing games
# (each could still reach ½ + 2 = 2.5): DE does not apply (C.07 art. 6). The 1.0 group
# {4, 7, 10} played no game among itself. Untied players have no DE either.
def test_direct_encounter_that_does_not_apply_is_none_in_a_swiss() -> None:
    """DE in a tie group whose members did not all meet is not applicable: None, not 0.5."""
    text = trf([], blocks_of(range(1, 11), SWISS_10), SWISS_10_POINTS)
    table = standings(text, tiebreaks=("PTS", "DE"))
    assert column(table, "DE") == dict.fromkeys(range(1, 11))


def test_direct_encounter_that_does_not_apply_is_none_in_an_unfinished_round_robin() -> None:
    """Round robin after 3 of 5 rounds: 1, 2, 4 on 2.0, only 1-2 played: DE is None."""
    # rr6 with 2-6 1-0 in R3: 1: 1+½+½ = 2.0, 2: ½+½+1 = 2.0, 3: 1+1+½ = 2.5, 4: 0+1+1 = 2.0,
    # 5: ½+0+0 = 0.5, 6: 0; 1-4 (R4) and 2-4 (R5) are still to be played.
    rounds = rr6("1-0", "", "")[:3]
    text = trf(["142 5"], blocks_of(range(1, 7), rounds), IN_PROGRESS_POINTS)
    table = standings(text, tiebreaks=("PTS", "DE"))
    assert column(table, "DE") == dict.fromkeys(range(1, 7))


def test_koya_of_an_unfinished_round_robin_uses_the_rounds_played() -> None:
    """KS after 3 of 5 rounds: the limit is 50 % of the 3 points possible so far, 1.5."""
    # The round robin above after round 3 (1: 2.0, 2: 2.0, 3: 2.5, 4: 2.0, 5: 0.5, 6: 0):
    # 1, 2, 3 and 4 reach 1.5. Player 1 beat 6 (0: not counted), drew 2 and 3: KS ½ + ½ = 1.
    # Player 3 beat 4 (counted), beat 5 (0.5: not counted), drew 1: KS 1 + ½ = 1.5.
    # (50 % of the 5 points of the whole event, 2.5, would leave only player 3.)
    rounds = rr6("1-0", "", "")[:3]
    text = trf(["142 5"], blocks_of(range(1, 7), rounds), IN_PROGRESS_POINTS)
    ks = column(standings(text, tiebreaks=("PTS", "KS")), "KS")
    assert (ks[1], ks[3]) == (1, F(3, 2))


# --- 11. --tiebreaks against a declared 212/202 ----------------------------------------------

# Four players, the table for 3 or 4 (fide-rules.md §1.2):
#   R1 1-4 1-0, 2-3 =   R2 4-3 =, 1-2 0-1   R3 2-4 =, 3-1 0-1
#   1: 1 + 0 + 1 = 2.0 (2 wins)   2: ½ + 1 + ½ = 2.0 (1 win)
#   3: ½ + ½ + 0 = 1.0 (no win)   4: 0 + ½ + ½ = 1.0 (no win)
# PTS,DE: 2 beat 1, so 2 is first and 1 second; 3-4 was drawn: 3 and 4 share third.
# PTS,WIN: 1 (2 wins) is first, 2 (1 win) second; 3 and 4 (no win) share third.
RR4 = [[(1, 4, "1-0"), (2, 3, "=")], [(4, 3, "="), (1, 2, "0-1")], [(2, 4, "="), (3, 1, "0-1")]]
RR4_POINTS = {1: "2.0", 2: "2.0", 3: "1.0", 4: "1.0"}
BY_DE = {1: "2", 2: "1", 3: "3", 4: "3"}
BY_WIN = {1: "1", 2: "2", 3: "3", 4: "3"}


def rr4(header: Sequence[str], places: Mapping[int, str]) -> str:
    """The four-player round robin with *header* records and the rank column *places*."""
    return trf(header, blocks_of(range(1, 5), RR4), RR4_POINTS, places=places)


def test_standings_tiebreaks_option_wins_over_a_declared_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``standings --tiebreaks PTS,WIN`` on a report declaring ``212 PTS,DE`` computes PTS,WIN."""
    path = write(tmp_path, rr4(["212 PTS,DE"], BY_DE))
    code, out = cli(capsys, "standings", path, "--tiebreaks", "PTS,WIN", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["tiebreaks"] == ["PTS", "WIN"]
    ranks = {p["start_rank"]: (p["rank"], p["WIN"]) for p in doc["players"]}
    assert ranks == {1: (1, 2), 2: (2, 1), 3: (3, 0), 4: (3, 0)}


def test_check_verifies_the_declared_list_whatever_tiebreaks_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check --tiebreaks PTS,WIN`` on a report declaring ``212 PTS,DE``: ranks by DE are right."""
    path = write(tmp_path, rr4(["212 PTS,DE"], BY_DE))
    found = check_json(capsys, path, "--tiebreaks", "PTS,WIN")
    assert [d["message"] for d in found if d["code"] in {"T006", "T007"}] == []
    path = write(tmp_path, rr4(["212 PTS,DE"], BY_WIN), "by-win.trf")
    found = check_json(capsys, path, "--tiebreaks", "PTS,WIN")
    assert sorted(d["line"] for d in found if d["code"] == "T006") == [3, 4]  # players 1 and 2


def test_check_uses_tiebreaks_for_a_report_that_declares_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No 212/202: ``check --tiebreaks PTS,WIN`` judges the rank column by PTS,WIN."""
    path = write(tmp_path, rr4([], BY_WIN))
    found = check_json(capsys, path, "--tiebreaks", "PTS,WIN")
    assert [d["message"] for d in found if d["code"] in {"T006", "T007"}] == []
    path = write(tmp_path, rr4([], BY_DE), "by-de.trf")
    found = check_json(capsys, path, "--tiebreaks", "PTS,WIN")
    assert sorted(d["line"] for d in found if d["code"] == "T006") == [2, 3]  # players 1 and 2


# Four teams of two boards, two rounds:
#   R1 T1 (1, 2) v T2 (3, 4): 1-3 0-1, 4-2 =: T1 0.5, T2 1.5
#      T3 (5, 6) v T4 (7, 8): 5-7 1-0, 8-6 0-1: T3 2, T4 0
#   R2 T1 v T3: 1-5 1-0, 6-2 =: T1 1.5, T3 0.5;  T2 v T4: 3-7 =, 8-4 =: 1-1
#   T1: MP 0 + 2 = 2, GP 0.5 + 1.5 = 2.0   T2: MP 2 + 1 = 3, GP 1.5 + 1 = 2.5
#   T3: MP 2 + 0 = 2, GP 2 + 0.5 = 2.5     T4: MP 0 + 1 = 1, GP 0 + 1 = 1.0
# PTS:MP,DE: T2 1; T1 and T3 on 2 MP, T1 beat T3: T1 2, T3 3; T4 4.
# PTS:MP,GP: T2 1; T3 (2.5 GP) 2, T1 (2.0 GP) 3; T4 4.
TEAM_LIST_ROUNDS = [
    [(1, 3, "0-1"), (4, 2, "="), (5, 7, "1-0"), (8, 6, "0-1")],
    [(1, 5, "1-0"), (6, 2, "="), (3, 7, "="), (8, 4, "=")],
]
TEAM_LIST_POINTS = {1: "1.0", 2: "1.0", 3: "1.5", 4: "1.0", 5: "1.0", 6: "1.5", 7: "0.5",
                    8: "0.5"}  # fmt: skip
TEAM_LIST_SCORES = {1: ("2.0", "2.0"), 2: ("3.0", "2.5"), 3: ("2.0", "2.5"), 4: ("1.0", "1.0")}
TEAMS_BY_DE = {1: "2", 2: "1", 3: "3", 4: "4"}
TEAMS_BY_GP = {1: "3", 2: "1", 3: "2", 4: "4"}


def team_list_text(header: Sequence[str], ranks: Mapping[int, str]) -> str:
    """The four-team event with *header* records and the 310 rank column *ranks*."""
    teams = {t: (*TEAM_LIST_SCORES[t], ranks[t], MEMBERS[t]) for t in MEMBERS}
    return team_event(header, TEAM_LIST_ROUNDS, TEAM_LIST_POINTS, teams)


def test_team_standings_tiebreaks_option_wins_over_a_declared_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``standings --teams --tiebreaks PTS:MP,GP`` on ``212 PTS:MP,DE`` computes PTS:MP,GP."""
    path = write(tmp_path, team_list_text(["212 PTS:MP,DE"], TEAMS_BY_DE))
    code, out = cli(capsys, "standings", path, "--teams", "--tiebreaks", "PTS:MP,GP",
                    "--format", "json")  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    assert {t["team"]: t["rank"] for t in doc["teams"]} == {1: 3, 2: 1, 3: 2, 4: 4}


def test_team_check_verifies_the_declared_list_whatever_tiebreaks_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check --tiebreaks PTS:MP,GP`` on ``212 PTS:MP,DE``: 310 ranks by DE are right."""
    path = write(tmp_path, team_list_text(["212 PTS:MP,DE"], TEAMS_BY_DE))
    found = check_json(capsys, path, "--tiebreaks", "PTS:MP,GP")
    assert [d["message"] for d in found if d["code"] == "M002"] == []
    path = write(tmp_path, team_list_text(["212 PTS:MP,DE"], TEAMS_BY_GP), "by-gp.trf")
    found = check_json(capsys, path, "--tiebreaks", "PTS:MP,GP")
    assert len([d for d in found if d["code"] == "M002"]) == 2  # teams 1 and 3


def test_team_check_uses_tiebreaks_for_a_report_that_declares_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No 212/202: ``check --tiebreaks PTS:MP,GP`` judges the 310 ranks by PTS:MP,GP."""
    path = write(tmp_path, team_list_text([], TEAMS_BY_GP))
    found = check_json(capsys, path, "--tiebreaks", "PTS:MP,GP")
    assert [d["message"] for d in found if d["code"] == "M002"] == []
    path = write(tmp_path, team_list_text([], TEAMS_BY_DE), "by-de.trf")
    found = check_json(capsys, path, "--tiebreaks", "PTS:MP,GP")
    assert len([d for d in found if d["code"] == "M002"]) == 2  # teams 1 and 3


# --- 12. a bye listed in record 240 is the round's, whatever the block leaves out ------------

# TRF-2026 record 240 (trf-format.md §4.4): "byes bringing points", 5: F/H/Z, 7-9: round,
# 11-14, 16-19 …: the ids. SWISS_4 again, with a fourth round: 1-2 drawn (1: 3.0, 2: 3.0),
# player 3 has a half-point bye listed in 240 only (0.5 + 0.5 = 1.0), player 4 nothing (0.5).
SWISS_4_R4 = [*SWISS_4, [(1, 2, "=")]]


def bye_record(kind: str, rnd: int, *ids: int) -> str:
    """A 240 line: the kind in column 5, the round in 7-9, the ids every 5 columns from 11."""
    return f"240 {kind} {rnd:>3} " + " ".join(f"{i:>4}" for i in ids)


@pytest.mark.parametrize("written", ["", "--"], ids=["blank-block", "0000---"])
def test_a_bye_of_record_240_counts_when_the_block_leaves_it_out(written: str) -> None:
    """240 H for player 3 in round 4, his block empty or an absence: the half point counts."""
    blocks = blocks_of(range(1, 5), SWISS_4_R4, {(3, 4): written} if written else {})
    pts = {1: "3.0", 2: "3.0", 3: "1.0", 4: "0.5"}
    text = trf(["192 FIDE_DUTCH_2025", "142 4", bye_record("H", 4, 3)], blocks, pts)
    assert points_of(text) == {1: F(3), 2: F(3), 3: F(1), 4: F(1, 2)}
    # no score finding (T…): the points column is right, and the bye is written (in 240)
    assert [c for c in codes(run_check(text), Severity.WARNING) if c.startswith("T")] == []


def test_a_bye_of_record_240_for_the_round_to_be_paired_counts() -> None:
    """142 5, four rounds played, 240 H for player 4 in round 5: points are 0.5 + 0.5 = 1.0."""
    blocks = blocks_of(range(1, 5), SWISS_4_R4)
    pts = {1: "3.0", 2: "3.0", 3: "0.5", 4: "1.0"}
    text = trf(["192 FIDE_DUTCH_2025", "142 5", bye_record("H", 5, 4)], blocks, pts)
    assert points_of(text) == {1: F(3), 2: F(3), 3: F(1, 2), 4: F(1)}
    assert "T001" not in codes(run_check(text), Severity.ERROR)


def test_a_bye_of_record_240_does_not_replace_a_game() -> None:
    """240 F for player 1 in round 4, whose block shows the draw with 2: the draw stands."""
    blocks = blocks_of(range(1, 5), SWISS_4_R4)
    pts = {1: "3.0", 2: "3.0", 3: "0.5", 4: "0.5"}
    text = trf(["192 FIDE_DUTCH_2025", "142 4", bye_record("F", 4, 1)], blocks, pts)
    assert points_of(text) == {1: F(3), 2: F(3), 3: F(1, 2), 4: F(1, 2)}


# --- 13. a game paired and not played yet is no unplayed round -------------------------------

# A report written during round 3 of SWISS_4 (192 FIDE_DUTCH_2025, 142 3, 2026 rules as no
# 042 dates it): 1-4 1-0 has its result, 3-2 is paired (``2 w``, ``3 b``) without one.
# Points: 1: 1 + ½ + 1 = 2.5, 2: 1 + ½ = 1.5, 3: 0 + ½ = 0.5, 4: 0 + ½ + 0 = 0.5.
# The game 3-2 is no voluntary unplayed round (C.07 16.2: the players did not choose not to
# play): no dummy, and their opponents see 1.5 and 0.5, not draws added (16.3). So
# BH(1) = 3 (0.5) + 2 (1.5) + 4 (0.5) = 2.5; BH(2) = 4 (0.5) + 1 (2.5) = 3.0;
# BH(3) = 1 (2.5) + 4 (0.5) = 3.0; BH(4) = 2 (1.5) + 3 (0.5) + 1 (2.5) = 4.5.
# (Read as absences, 2 and 3 would get a dummy of their own score and be seen with a draw
# more: BH(2) = 4.5, BH(1) = 3.0.)
def test_a_game_paired_without_a_result_is_no_unplayed_round() -> None:
    """A game waiting for its result: no points, no dummy, no draw added for its opponents."""
    paired = {(2, 3): "3w ", (3, 3): "2b "}  # opponent and colour, a blank result
    blocks = blocks_of(range(1, 5), [*SWISS_4[:2], [(1, 4, "1-0")]], paired)
    pts = {1: "2.5", 2: "1.5", 3: "0.5", 4: "0.5"}
    text = trf(["192 FIDE_DUTCH_2025", "142 3", "202 BH"], blocks, pts)
    table = standings(text)
    bh = [code_of(tb) for tb in table.tiebreaks].index("BH")
    assert {row.start_rank: row.values[bh] for row in table.rows} == {
        1: F(5, 2), 2: F(3), 3: F(3), 4: F(9, 2)
    }
    assert points_of(text) == {1: F(5, 2), 2: F(3, 2), 3: F(1, 2), 4: F(1, 2)}
