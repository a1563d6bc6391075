"""The Berger tables: published tables, construction, cycles, the command, recognition."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import rr_generator
from hypothesis import given, settings
from hypothesis import strategies as st

import trfkit
from trfkit.cli import main
from trfkit.compute import berger, recognition, regime
from trfkit.model import Colour

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
CORPUS = HERE.parent.parent / "shared" / "corpus" / "real"

FIDE_TABLES: list[dict[str, Any]] = json.loads(
    (FIXTURES / "berger" / "fide_tables.json").read_text("utf-8")
)["tables"]


def milvang_table(n: int) -> list[list[tuple[int, int]]]:
    """Spec §1.3 (B): Otto Milvang's step-by-step procedure, written out independently.

    Round 1 pairs board b (White) with n + 1 − b. For the next round, list 1 … n − 1 in the
    previous round's board order, White before Black, without n; the last of that list
    meets n (n alternates, White in round 2); the rest pair from the end of the list, the
    penultimate White against the last.
    """
    rounds = [[(b, n + 1 - b) for b in range(1, n // 2 + 1)]]
    n_white = True
    for _ in range(n - 2):
        order = [x for pair in rounds[-1] for x in pair if x != n]
        last = order.pop()
        board1 = (n, last) if n_white else (last, n)
        n_white = not n_white
        boards = [board1]
        while order:
            black = order.pop()
            white = order.pop()
            boards.append((white, black))
        rounds.append(boards)
    return rounds


def spec_schedule(players: int, cycles: int, swap: bool) -> list[dict[str, Any]]:
    """The spec's construction (closed form of §1.3, cycles and swap of §1.5), as JSON rounds."""
    size = players + players % 2
    m = size - 1
    out: list[dict[str, Any]] = []
    for cycle in range(1, cycles + 1):
        order = list(range(1, m + 1))
        if cycle == 1 and swap:
            order[-2], order[-1] = order[-1], order[-2]
        for r in order:
            boards = rr_generator.fide_round(size, r)
            if cycle % 2 == 0:
                boards = [(b, w) for w, b in boards]
            bye = None
            if players % 2:
                w, b = boards[0]
                bye = b if w == size else w
                boards = boards[1:]
            out.append(
                {"round": len(out) + 1, "pairings": [list(p) for p in boards], "bye": bye}
            )
    return out


# --- the published tables -----------------------------------------------------------------


@pytest.mark.parametrize("published", FIDE_TABLES, ids=lambda t: "/".join(map(str, t["players"])))
def test_published_fide_tables_match_exactly(published: dict[str, Any]) -> None:
    """The seven FIDE tables (3/4 … 15/16), typed in from the spec, match board for board."""
    even = published["players"][1]
    expected = [[tuple(p) for p in r] for r in published["rounds"]]
    assert [list(r) for r in berger.table(even)] == expected


@pytest.mark.parametrize("published", FIDE_TABLES, ids=lambda t: "/".join(map(str, t["players"])))
def test_odd_field_drops_the_top_number(published: dict[str, Any]) -> None:
    """An odd field plays the next even table; whoever meets the top number has the bye."""
    odd, even = published["players"]
    table = berger.schedule(odd)
    for rnd, boards in zip(table.rounds, published["rounds"], strict=True):
        (first, *rest) = [tuple(p) for p in boards]
        assert even in first
        assert rnd.bye == (first[1] if first[0] == even else first[0])
        assert list(rnd.pairings) == rest


def test_five_and_seven_player_bye_orders() -> None:
    """Spec §1.4: the bye order is 1, 4, 2, 5, 3 for 5 players and 1, 5, 2, 6, 3, 7, 4 for 7."""
    assert [r.bye for r in berger.schedule(5).rounds] == [1, 4, 2, 5, 3]
    assert [r.bye for r in berger.schedule(7).rounds] == [1, 5, 2, 6, 3, 7, 4]


def test_ten_player_colour_sequences_from_the_spec() -> None:
    """Spec §1.3 lists the colour sequences of players 1, 2, 5, 6, 7 and 10 for n = 10."""
    table = berger.schedule(10)
    shown = {
        p: "".join(c.value.upper() for _, c in table.player_schedule(p))
        for p in (1, 2, 5, 6, 7, 10)
    }
    assert shown == {
        1: "WWBWBWBWB",
        2: "WBWWBWBWB",
        5: "WBWBWBWBW",
        6: "BBWBWBWBW",
        7: "BWBBWBWBW",
        10: "BWBWBWBWB",
    }


@pytest.mark.parametrize("n", range(4, 41, 2))
def test_closed_form_equals_milvang_procedure(n: int) -> None:
    """The closed form agrees with the step-by-step procedure (spec §1.3 B) for n = 4 … 40."""
    assert [list(r) for r in berger.table(n)] == milvang_table(n)


def test_table_rejects_fewer_than_three_players() -> None:
    """A round robin needs at least three players."""
    with pytest.raises(ValueError, match="at least 3"):
        berger.schedule(2)


def test_rotate_rejects_rounds_outside_the_table() -> None:
    """Rotate-k starts at a round of the table, 1 … m."""
    with pytest.raises(ValueError, match="rotate"):
        berger.schedule(6, rotate=6)


# --- cycles, swap and rotation --------------------------------------------------------------


def test_double_round_robin_reverses_colours_in_cycle_two() -> None:
    """For 4 players, rounds 4-6 repeat 1-4 2-3 / 4-3 1-2 / 2-4 3-1 with White and Black swapped."""
    table = berger.schedule(4, cycles=2)
    assert [list(r.pairings) for r in table.rounds[3:]] == [
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


def test_fide_swap_exchanges_the_last_two_rounds_of_cycle_one_only() -> None:
    """With the swap, 6 players play table rounds 1 2 3 5 4, then 1 … 5 reversed in colour."""
    table = berger.schedule(6, cycles=2, swap_last_two=True)
    assert [r.table_round for r in table.rounds] == [1, 2, 3, 5, 4, 1, 2, 3, 4, 5]
    assert table.rounds[3].pairings == ((3, 6), (4, 2), (5, 1))  # table round 5, colours kept


def test_rotate_k_starts_at_round_k_and_wraps() -> None:
    """Spec §1.8: Rotate-6 for 10 players plays 6, 7, 8, 9, 1, 2, 3, 4, 5."""
    table = berger.schedule(10, rotate=6)
    assert [r.table_round for r in table.rounds] == [6, 7, 8, 9, 1, 2, 3, 4, 5]
    assert table.rounds[0].pairings == ((10, 8), (9, 7), (1, 6), (2, 5), (3, 4))


def test_opponent_view_matches_round_view() -> None:
    """Player 3's schedule for 5 players: 4w, 5b, 1w, 2b, bye (spec §1.2 table 5/6)."""
    table = berger.schedule(5)
    assert table.player_schedule(3) == (
        (4, Colour.WHITE),
        (5, Colour.BLACK),
        (1, Colour.WHITE),
        (2, Colour.BLACK),
        (None, Colour.NONE),
    )


# --- properties for larger n ----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(players=st.integers(min_value=3, max_value=80))
def test_every_pair_meets_once_and_every_player_plays_once_per_round(players: int) -> None:
    """Every pair meets exactly once per cycle, and each round covers every player once."""
    table = berger.schedule(players)
    met: list[frozenset[int]] = []
    for rnd in table.rounds:
        seen = [x for pair in rnd.pairings for x in pair]
        if rnd.bye is not None:
            seen.append(rnd.bye)
        assert sorted(seen) == list(range(1, players + 1))
        met.extend(frozenset(p) for p in rnd.pairings)
    assert len(met) == len(set(met)) == players * (players - 1) // 2


@settings(max_examples=40, deadline=None)
@given(half=st.integers(min_value=2, max_value=40))
def test_top_half_gets_one_more_white_in_a_single_cycle(half: int) -> None:
    """Players 1 … n/2 get one White more than Black, players n/2+1 … n one Black more."""
    n = 2 * half
    table = berger.schedule(n)
    for player in range(1, n + 1):
        colours = [c for _, c in table.player_schedule(player)]
        balance = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
        assert balance == (1 if player <= half else -1)


def _longest_run(colours: list[Colour]) -> int:
    longest = run = 1
    for a, b in pairwise(colours):
        run = run + 1 if a is b and a is not Colour.NONE else 1
        longest = max(longest, run)
    return longest


@settings(max_examples=40, deadline=None)
@given(half=st.integers(min_value=2, max_value=30))
def test_double_round_robin_with_swap_never_gives_three_equal_colours(half: int) -> None:
    """With the FIDE swap nobody gets three equal colours in a row; without it player 1 does."""
    n = 2 * half
    swapped = berger.schedule(n, cycles=2, swap_last_two=True)
    for player in range(1, n + 1):
        assert _longest_run([c for _, c in swapped.player_schedule(player)]) <= 2
    plain = berger.schedule(n, cycles=2)
    assert _longest_run([c for _, c in plain.player_schedule(1)]) == 3


# --- the command ------------------------------------------------------------------------------


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["berger", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_berger_json_matches_the_spec_construction_for_3_to_60(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``trfkit berger N --format json`` is the spec's construction for N = 3 … 60, all variants.

    A double round robin of 51 players or more has more than the default 99 rounds.
    """
    for n in range(3, 61):
        for extra, cycles, swap in (
            ((), 1, False),
            (("--double",), 2, False),
            (("--double", "--round-order", "fide-swap"), 2, True),
        ):
            doc = _json(capsys, str(n), *extra, "--max-rounds", "120")
            assert doc == {
                "players": n,
                "cycles": cycles,
                "rounds": spec_schedule(n, cycles, swap),
            }, (n, extra)


def test_berger_json_shape_for_six_players(capsys: pytest.CaptureFixture[str]) -> None:
    """The documented JSON shape: round 1 of 6 is [[1, 6], [2, 5], [3, 4]] with no bye."""
    doc = _json(capsys, "6")
    assert doc["players"] == 6 and doc["cycles"] == 1
    assert doc["rounds"][0] == {"round": 1, "pairings": [[1, 6], [2, 5], [3, 4]], "bye": None}  # type: ignore[index]


def test_berger_cycles_three_alternates_colours(capsys: pytest.CaptureFixture[str]) -> None:
    """With --cycles 3 the third cycle has the colours of the first again."""
    doc = _json(capsys, "4", "--cycles", "3")
    rounds = doc["rounds"]
    assert len(rounds) == 9  # type: ignore[arg-type]
    assert rounds[6]["pairings"] == [[1, 4], [2, 3]]  # type: ignore[index]
    assert rounds[3]["pairings"] == [[4, 1], [3, 2]]  # type: ignore[index]


def test_berger_text_shows_rounds_byes_and_player_schedules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The text view lists round 1 of 5 players (2–5, 3–4, bye 1) and player 1's schedule."""
    assert main(["berger", "5"]) == 0
    out = capsys.readouterr().out
    round1 = next(line for line in out.splitlines() if line.startswith("Round 1 "))
    assert round1.split() == ["Round", "1", "2–5", "3–4", "bye:", "1"]
    player1 = next(line for line in out.splitlines() if line.startswith("Player 1 "))
    assert player1.split()[2:] == ["-", "2w", "3b", "4w", "5b"]


@pytest.mark.parametrize("n", [3, 4, 7, 10, 21])
def test_berger_trf_skeleton_reads_back_without_errors(
    capsys: pytest.CaptureFixture[str], n: int
) -> None:
    """``--format trf`` is a TRF that trfkit reads without warnings, with the table's pairings."""
    assert main(["berger", str(n), "--double", "--format", "trf"]) == 0
    result = trfkit.parse(capsys.readouterr().out)
    assert all(d.severity.label == "info" for d in result.diagnostics), result.diagnostics
    players = result.tournament.players
    assert [p.start_rank for p in players] == list(range(1, n + 1))
    expected = spec_schedule(n, 2, False)
    for rnd in expected:
        for white, black in rnd["pairings"]:
            block = players[white - 1].round(rnd["round"])
            assert block is not None
            assert (block.opponent, block.colour, block.result) == (black, Colour.WHITE, None)


def test_berger_trf_skeleton_has_no_schedule_findings(capsys: pytest.CaptureFixture[str]) -> None:
    """Checking the skeleton gives no error or warning from the schedule checks."""
    assert main(["berger", "9", "--double", "--round-order", "fide-swap", "--format", "trf"]) == 0
    found = trfkit.check(capsys.readouterr().out)
    assert [d.code for d in found if d.code.startswith("B") and d.severity.label != "info"] == []


def test_berger_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    """Two players or a rotation outside the table is a usage error (exit 2)."""
    assert main(["berger", "2"]) == 2
    assert "at least 3" in capsys.readouterr().err
    assert main(["berger", "6", "--round-order", "rotate-9"]) == 2


# --- recognition ------------------------------------------------------------------------------


def _observed(text: str) -> recognition.RoundRobin:
    rr = recognition.recognise(trfkit.parse(text).tournament)
    assert rr is not None
    return rr


def test_192_codes_are_read_as_the_spec_table_says() -> None:
    """FIDE_DOUBLEROUNDROBIN means the swap; BERGER_ROUNDROBIN_G2 two cycles without it."""
    fide = regime.read_192("FIDE_DOUBLEROUNDROBIN")
    assert fide is not None and (fide.round_robin, fide.cycles, fide.swap_last_two) == (
        True, 2, True,
    )
    g2 = regime.read_192("BERGER_ROUNDROBIN_G2")
    assert g2 is not None and (g2.cycles, g2.swap_last_two) == (2, False)
    team = regime.read_192("BERGER_TEAM_ROUNDROBIN_G1")
    assert team is not None and team.team and team.cycles == 1
    custom = regime.read_192("CUSTOM_ROUNDROBIN")
    assert custom is not None and custom.custom
    swiss = regime.read_192("FIDE_DUTCH_2026_BAKU")
    assert swiss is not None and not swiss.round_robin


def test_092_text_recognition() -> None:
    """092 'All-Play-All' and 'Doppelrundenturnier' name round robins; a Swiss does not."""
    assert regime.read_092("All-Play-All").round_robin  # type: ignore[union-attr]
    double = regime.read_092("Doppelrundenturnier")
    assert double is not None and double.round_robin and double.cycles == 2
    assert not regime.read_092("Individual: Swiss-System").round_robin  # type: ignore[union-attr]


def test_structure_recognises_a_round_robin_without_headers() -> None:
    """Without 092 or 192, a file where everybody meets everybody once is a round robin."""
    f = rr_generator.RoundRobinFile.berger(6, header092=None)
    rr = _observed(f.text())
    assert (rr.source.value, rr.players, rr.cycles) == ("structure", 6, 1)


def test_a_swiss_that_happens_to_be_complete_is_not_a_round_robin() -> None:
    """A 092 that says Swiss keeps a complete all-play-all out (the 9-player lichess case)."""
    f = rr_generator.RoundRobinFile.berger(5, header092="Individual: Swiss-System")
    assert recognition.recognise(trfkit.parse(f.text()).tournament) is None


def test_explain_finds_a_shuffled_numbering_by_anchoring() -> None:
    """A 20-player table under shuffled start ranks is recovered with its numbering."""
    numbering = rr_generator.shuffled_numbering(20, seed=4)
    f = rr_generator.RoundRobinFile.berger(20, numbering=numbering)
    rr = _observed(f.text())
    fit = recognition.explain(rr.observed, rr.cycles)
    assert fit is not None and fit.all_pairs and fit.colour_mismatches == 0
    assert fit.numbering == {rank: number for number, rank in numbering.items()}
    assert fit.order.name == "table"


def test_explain_prefers_one_colour_error_to_a_renumbering_with_other_rounds() -> None:
    """4 players, 2–3 of round 1 played 3–2: one change, not a renumbering plus a swap.

    The table (spec §1.3) is round 1: 1–4, 2–3; round 2: 4–3, 1–2; round 3: 2–4, 3–1.
    With 3–2 in round 1, start ranks 1 → 2, 2 → 4, 3 → 1, 4 → 3 and the table rounds
    played in the order 1, 3, 2 fit every game's colours (round 1's 1–4 and 3–2 become
    2–3 and 1–4; round 2's 4–3 and 1–2 become 3–1 and 2–4, table round 3), but that is
    two changes against one reversed game.
    """
    f = rr_generator.RoundRobinFile.berger(4)
    f.reverse_colours(1, 2)
    rr = _observed(f.text())
    fit = recognition.explain(rr.observed, rr.cycles, preferred=(False,))  # a single cycle: no swap
    assert fit is not None and fit.all_pairs
    assert not fit.renumbered and fit.order.name == "table"
    assert fit.colour_mismatches == 1


def test_explain_finds_rotation_and_reversal() -> None:
    """Rotate-4 and the reversed order are named as such."""
    for kwargs, name in (({"rotate": 4}, "rotate-4"),):
        rr = _observed(rr_generator.RoundRobinFile.berger(9, **kwargs).text())  # type: ignore[arg-type]
        fit = recognition.explain(rr.observed, rr.cycles)
        assert fit is not None and fit.order.name == name and not fit.renumbered
    order = berger.round_order(7, reverse=True)
    assert [r for r, _ in order.plan] == [7, 6, 5, 4, 3, 2, 1]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus/real is absent")
def test_corpus_held_round_robin_is_berger_with_5_and_6_swapped() -> None:
    """The FIDE C.07 exercise file is the 6-player table once start ranks 5 and 6 are swapped."""
    data = (CORPUS / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf").read_bytes()
    rr = recognition.recognise(trfkit.parse(data).tournament)
    assert rr is not None
    fit = recognition.explain(rr.observed, rr.cycles)
    assert fit is not None and fit.all_pairs
    assert fit.colour_mismatches == 0 and fit.colours_compared == 15
    assert {k: v for k, v in fit.numbering.items() if k != v} == {5: 6, 6: 5}


def test_named_orders_are_made_once_but_handed_out_as_a_new_list() -> None:
    """The orders are kept per size; the list a caller gets is its own to change."""
    first = recognition.named_orders(5, 2, (True,))
    again = recognition.named_orders(5, 2, (True,))
    assert first == again and first is not again
    assert all(a is b for a, b in zip(first, again, strict=True))  # shared frozen values
    first.clear()
    assert recognition.named_orders(5, 2, (True,)) == again
    assert [o.name for o in again[:2]] == ["fide-swap", "table"]


def test_a_kept_table_round_is_the_one_made_afresh() -> None:
    """The cache of table rounds answers exactly what the closed form gives."""
    made = berger.table_round.__wrapped__(10, 4)
    assert berger.table_round(10, 4) == made
    with pytest.raises(ValueError):
        berger.table_round(9, 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["6", "--cycles", "99999999"],
         "6 players and 99,999,999 cycles make 499,999,995 rounds, more than the limit of 99 "
         "(--max-rounds)"),
        (["200"], "200 players and 1 cycle make 199 rounds, more than the limit of 99"),
        (["99999999"], "at most 9999 players"),
        (["6", "--cycles", "0"], "--cycles must be at least 1, not 0"),
        (["6", "--cycles", "20"], "6 players and 20 cycles make 100 rounds"),
    ],
)  # fmt: skip
def test_berger_refuses_a_table_beyond_the_limits_before_making_it(
    args: list[str], message: str
) -> None:
    """More rounds than --max-rounds, or players than TRF numbers: exit 2 at once, naming why."""
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", "berger", *args],
        capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,  # a hang guard
    )  # fmt: skip
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stdout == ""


def test_berger_max_rounds_raises_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """19 cycles of 6 players (95 rounds) are within the default; 20 need --max-rounds 100."""
    assert len(_json(capsys, "6", "--cycles", "19")["rounds"]) == 95  # type: ignore[arg-type]
    assert len(_json(capsys, "6", "--cycles", "20", "--max-rounds", "100")["rounds"]) == 100  # type: ignore[arg-type]


# --- printed tables: the same bytes, in memory that follows the output (issue 28) ----------


@pytest.mark.parametrize("n", range(4, 31, 2))
def test_a_table_game_is_a_board_of_the_milvang_procedure(n: int) -> None:
    """table_game (no round made) gives every player's opponent and colour of Milvang's rounds."""
    for number, boards in enumerate(milvang_table(n), start=1):
        for white, black in boards:
            assert berger.table_game(n, number, white) == (black, True)
            assert berger.table_game(n, number, black) == (white, False)


@pytest.mark.parametrize("n", range(3, 31))
def test_a_plan_gives_every_player_the_games_of_the_spec_construction(n: int) -> None:
    """Plan.player_schedule, read from the closed form, is the spec's rounds seen by each player."""
    for cycles, swap in ((1, False), (2, False), (2, True), (3, False)):
        described = berger.plan(n, cycles, swap_last_two=swap)
        rounds = spec_schedule(n, cycles, swap)
        for player in range(1, n + 1):
            expected: list[tuple[int | None, Colour]] = []
            for r in rounds:
                game = next((g for g in r["pairings"] if player in g), None)
                if game is None:
                    expected.append((None, Colour.NONE))
                elif game[0] == player:
                    expected.append((game[1], Colour.WHITE))
                else:
                    expected.append((game[0], Colour.BLACK))
            assert list(described.player_schedule(player)) == expected, (n, cycles, swap, player)
        assert [
            {"round": r.number, "pairings": [list(p) for p in r.pairings], "bye": r.bye}
            for r in described.iter_rounds()
        ] == rounds


PRINTED_BEFORE = {
    "berger text plain": "0166e55c86b8e3e7424eab3e9366add20705521d649d2c40ccea821c043b6bb6",
    "berger text double": "2598aacc691c2ebe8e33ca6f05d8c59ebae65c2f79b8334dac12ab32742aa120",
    "berger text swap": "83d1d265eaa89895be759d96c980915cb4e5b30dc04baed9f5d39fff2331856a",
    "berger text rotate": "e89f4af2103af39f822592e8200ba639ccb9b4f7f45339da2de2b764e83a4653",
    "berger text cycles3": "ba4478f3707990d298c11ccaa3e59aa3e41d4b45cb784ce14e0389ce255fc140",
    "berger json plain": "44c0fc2b32cbe6be4d8ec358eefd77e95d9c4f550fecbab670ff0b0bd804bb99",
    "berger json double": "ce719ac673259f0d9562212dba223555366b790e1000c411d1d0b827ab3dc986",
    "berger json swap": "33f418db453e24acd9f275cfa10c0d1ae3b898ad0f4c9839f8b5f5e84019614c",
    "berger json rotate": "fc8618cd0cddf171f18f1861c47c9e981aa005f6ca392460234d6fd32fd890e2",
    "berger json cycles3": "9ad8d1a4a8b28d7dbc807e3b62cf5a4972993fd6f388bdd5541548ef6ed714c0",
    "berger trf plain": "1309fb1e41b7322e20c1bfc469136f8f3570830f59ba0752fd82c2980feae2cc",
    "berger trf double": "2850a4e8303a2cb79fba943419d95ece55cc39b2fb6050f00d2426de4f3bacf5",
    "berger trf swap": "c858c5c40230b66aaad845b18da6bffcc8336bcb77484faf83121188044742f9",
    "berger trf rotate": "8dd10ba83e8a275d2b16734e1d4c2a04b8634e9ccdf349b5e75bf95ffcaf5bcc",
    "berger trf cycles3": "e9c187e0d1ae2f1f4463759c33122b794d3f4a546a2db112304ec0f60dfa628c",
    "draw text plain": "393f5d862ef475eb6d6a0469568024850968dd8b4b1d61020e5097dacf348450",
    "draw json plain": "0ea5595030807f90eec1c57a49e0fdfd88ee5ef8ea495c4536984369e12a0489",
    "draw trf plain": "0bca14ee7562842b018c9b7089d02c9464d00e51486644831aa44b0773201dc7",
    "draw trf swap": "21027edf9e5db20d468b7be4fee0bf6e901b089c6bfa142b097cdfab4210d7b5",
}
"""SHA-256 of the outputs for N = 3 … 30 (each followed by a NUL byte) as trfkit printed them
before the tables were streamed (commit 8345510, which made every table whole): a streamed
table prints the same bytes. Draws are of the names ``Player A0``, ``Player B1``, … with
``--seed 2026``."""

VARIANTS = {"plain": [], "double": ["--double"],
            "swap": ["--double", "--round-order", "fide-swap"],
            "rotate": ["--round-order", "rotate-3"], "cycles3": ["--cycles", "3"]}  # fmt: skip


@pytest.mark.parametrize("case", sorted(PRINTED_BEFORE))
def test_a_streamed_table_prints_the_bytes_printed_before(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    case: str,
) -> None:
    """The output of berger N, and of draw of N names, N = 3 … 30: byte for byte as before."""
    import hashlib

    command, form, variant = case.split()

    digest = hashlib.sha256()
    for n in range(3, 31):
        if command == "berger":
            argv = ["berger", str(n)]
        else:
            names = tmp_path / f"names{n}.txt"
            names.write_text(
                "".join(f"Player {chr(65 + i % 26)}{i}\n" for i in range(n)), encoding="utf-8"
            )
            argv = ["draw", str(names), "--seed", "2026"]
        assert main([*argv, "--format", form, *VARIANTS[variant]]) == 0
        out = capsys.readouterr().out.replace(str(tmp_path / f"names{n}.txt"), "NAMES")
        if command == "draw" and form != "trf":
            out = _without_the_record(out)
        digest.update(out.encode("utf-8") + b"\0")
    assert digest.hexdigest() == PRINTED_BEFORE[case]


_RECORD_LINES = re.compile(
    r'^(Commitment: |Names digest |  "(record|version|commitment|commitment_checked|collation|'
    r'names_sha256|fixed)": ).*\n|^  "names": \[\n(    .*\n)*  \],\n',
    re.MULTILINE,
)


def _without_the_record(out: str) -> str:
    """A draw's output less what the verifiable record added (issue 29), which is as before.

    The commitment, the names and their digest and the collation are new; the drawing is not.
    """
    return re.sub(r"; collation: .*$", "", _RECORD_LINES.sub("", out), flags=re.MULTILINE)


_PEAK = """
import resource, subprocess, sys
subprocess.run([sys.executable, "-m", "trfkit", *sys.argv[1:]], check=True,
               stdout=subprocess.DEVNULL, timeout=240)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""
"""A fresh process that runs ``trfkit ARGS`` (output discarded) and prints its peak RSS in KiB."""


def _peak_mib(*args: str) -> float:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE.parent), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, *args],
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=300,
        check=True,
    )  # fmt: skip
    return int(done.stdout.strip()) / 1024


@pytest.mark.heavy
@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss in KiB is Linux's")
def test_berger_of_2000_players_prints_64_mb_in_small_memory() -> None:
    """The whole table of 2,000 players (about 64 MB of text) in under 80 MiB: one round at a time.

    Made whole, the table's 2 million pairs and the text took about 500 MiB.
    """
    assert _peak_mib("berger", "2000", "--max-rounds", "2000") < 80


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss in KiB is Linux's")
def test_draw_of_3000_names_does_not_make_the_table(tmp_path: Path) -> None:
    """Drawing 3,000 numbers prints 140 kB: under 80 MiB (the table it used to make: 600 MiB)."""
    names = tmp_path / "names.txt"
    names.write_text("".join(f"Player {i}\n" for i in range(1, 3001)), encoding="utf-8")
    assert _peak_mib("draw", str(names), "--seed", "1", "--max-rounds", "3000") < 80
