"""S003 and S004 on hand-made games: the quick path for agreeing games hides nothing.

The block checks read only what the shared walk (:func:`walk_blocks`) keeps: it
sets aside, without further work, a block whose opponent lists the player back
with the other colour and the complementary result. These cases sit right beside
that path: each must still be reported where it stands.
"""

from __future__ import annotations

import trfkit
from trfkit.api import check
from trfkit.checks import lint
from trfkit.compute.history.claims import walk_blocks


def _line(rank: int, *blocks: str) -> str:
    """A 001 line: start rank in 5-8, name in 15-47, round blocks from column 92."""
    return f"001 {rank:4d} m    {'Player ' + str(rank):<33s}" + " " * 44 + "".join(blocks)


def _found(*lines: str) -> list[tuple[str, int | None, int | None, int | None, tuple[int, ...]]]:
    text = "012 Structure\n" + "\n".join(lines) + "\n"
    return [
        (d.code, d.line, d.column, d.round, d.players)
        for d in check(text, select=["S003", "S004"])
    ]


def test_agreeing_games_are_not_reported() -> None:
    """1 beats 2 with White, 2 loses with Black; a draw and a forfeit agree as well."""
    assert _found(
        _line(1, "   2 w 1  ", "   2 b =  ", "   2 w +  "),
        _line(2, "   1 b 0  ", "   1 w =  ", "   1 b -  "),
    ) == []


def test_both_players_with_white_is_reported_once_at_the_lower_start_rank() -> None:
    """Round 1, both claim White: one S003 on line 2 (player 1), column 92."""
    assert _found(_line(1, "   2 w 1  "), _line(2, "   1 w 0  ")) == [
        ("S003", 2, 92, 1, (1, 2))
    ]


def test_two_winners_are_reported() -> None:
    """Round 2 (column 102), both claim the win: S003 at player 1's block."""
    found = _found(
        _line(1, "   2 w 1  ", "   2 b 1  "),
        _line(2, "   1 b 0  ", "   1 w 1  "),
    )
    assert found == [("S003", 2, 102, 2, (1, 2))]


def test_a_bye_code_against_a_blank_result_is_reported_by_both_checks() -> None:
    """1 writes H against 2 (a bye with an opponent: S004), 2 leaves the result blank (S003)."""
    found = _found(_line(1, "   2 w H  "), _line(2, "   1 b    "))
    assert sorted(found) == [("S003", 2, 92, 1, (1, 2)), ("S004", 2, 92, 1, (1,))]


def test_a_player_whose_opponent_lists_someone_else_is_reported() -> None:
    """1 lists 2, but 2 lists 3 (and 3 lists 2): S003 at player 1, line 2."""
    found = _found(_line(1, "   2 w 1  "), _line(2, "   3 b 0  "), _line(3, "   2 w 1  "))
    assert found == [("S003", 2, 92, 1, (1,))]


def test_a_game_without_colour_is_reported_for_each_player() -> None:
    """``   2 - 1`` and ``   1 - 0``: S004 on both lines, no S003 (results agree)."""
    found = _found(_line(1, "   2 - 1  "), _line(2, "   1 - 0  "))
    assert found == [("S004", 2, 92, 1, (1,)), ("S004", 3, 92, 1, (2,))]


def test_a_win_without_an_opponent_is_reported() -> None:
    """``0000 w 1``: a result of a played game with no opponent (S004)."""
    assert _found(_line(1, "0000 w 1  ")) == [("S004", 2, 92, 1, (1,))]


def _walk(*lines: str) -> tuple[list[tuple[int, int]], int]:
    """The shared block walk of a file: (start rank, round) of each notable block, last round."""
    found = walk_blocks(trfkit.loads("012 Walk\n" + "\n".join(lines) + "\n"))
    return [(p.start_rank, b.round) for p, b in found.notable], found.last_used


def test_the_walk_keeps_every_block_but_agreeing_games_and_blank_ones() -> None:
    """Agreeing games (rounds 1, 2 and 4) and the blank block are left out; the rest stay."""
    notable, last_used = _walk(
        _line(1, "   2 w 1  ", "0000 - H  ", "          ", "   3 b =  "),
        _line(2, "   1 b 0  ", "   3 w 1  ", "   3 w 1  "),
        _line(3, "0000 - U  ", "   2 b 0  ", "   2 b 1  ", "   1 w =  "),
    )
    assert notable == [(1, 2), (2, 3), (3, 1), (3, 3)]
    assert last_used == 4


def test_the_walk_reads_a_repeated_start_rank_as_players_by_start_rank_does() -> None:
    """The second record of rank 1 is checked against player 2, who lists the first one."""
    notable, _ = _walk(
        _line(1, "   2 w 1  "),
        _line(2, "   1 b 0  "),
        _line(1, "   2 w 0  "),
    )
    assert notable == [(1, 1)]


def test_the_walk_counts_absences_as_used_rounds() -> None:
    """A last round of ``0000 - -`` blocks is used (E005 decides whether it is a phantom)."""
    lines = (_line(1, "   2 w 1  ", "0000 - -  "), _line(2, "   1 b 0  ", "0000 - -  "))
    notable, last_used = _walk(*lines)
    assert notable == [(1, 2), (2, 2)]
    assert last_used == 2 == lint.last_used_round(trfkit.loads("\n".join(lines) + "\n"))


def test_a_repeated_start_rank_is_reported_at_its_second_line_only() -> None:
    """Rank 1 on lines 2 and 4 gives one S001 at line 4, naming line 2; unique ranks none."""
    lines = [_line(1), _line(2), _line(1)]
    text = "012 Structure\n" + "\n".join(lines) + "\n"
    found = [(d.code, d.line, d.column, d.message) for d in check(text, select=["S001"])]
    assert found == [("S001", 4, 5, "start rank 1 is used again (first on line 2)")]
    assert check("012 Structure\n" + "\n".join(lines[:2]) + "\n", select=["S001"]) == []


def test_no_player_record_is_s008_once() -> None:
    """Headers alone give one S008 for the whole file; a single 001 line gives none."""
    headers = "012 Structure\n042 2024/05/01\n### a comment\n"
    found = check(headers, select=["S008"])
    assert [(d.code, d.severity.label, d.line) for d in found] == [("S008", "warning", None)]
    assert check(headers + _line(1) + "\n", select=["S008"]) == []
