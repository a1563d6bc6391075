"""The round-robin schedule checks (B001-B012) on fixtures, generated files and the corpus."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfkit
from trfkit.api import check
from trfkit.checks.base import CheckOptions
from trfkit.compute.regime import Regime
from trfkit.compute.tiebreaks import CompletedGames, TieBreakOptions
from trfkit.diagnostics import Diagnostic

TESTS = Path(__file__).resolve().parent.parent
SCHEDULE = TESTS.parent / "fixtures" / "schedule"
CORPUS = TESTS.parent.parent / "shared" / "corpus" / "real"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus/real is absent")
sys.path.insert(0, str(TESTS))
import rr_generator  # noqa: E402
from rr_generator import RoundRobinFile, TeamRoundRobin  # noqa: E402


def with_options(_: None, **changes: object) -> CheckOptions:
    """The default options with some fields changed."""
    return CheckOptions(**changes)  # type: ignore[arg-type]


def run(text: str | bytes, options: CheckOptions | None = None) -> list[Diagnostic]:
    """Every diagnostic of every registered check."""
    return check(text, options=options)


def codes(found: list[Diagnostic], prefix: str = "B") -> Counter[str]:
    """How often each code (of a family) was reported, info excluded."""
    return Counter(
        d.code for d in found if d.code.startswith(prefix) and d.severity.label != "info"
    )


def errors(found: list[Diagnostic]) -> list[Diagnostic]:
    """The error diagnostics."""
    return [d for d in found if d.severity.label == "error"]


def only(found: list[Diagnostic], code: str) -> list[Diagnostic]:
    """The diagnostics with *code*."""
    return [d for d in found if d.code == code]


def fixture(name: str) -> list[Diagnostic]:
    """Check one file of fixtures/schedule."""
    return run((SCHEDULE / name).read_bytes())


# --- fixtures: each check firing, and silent on valid files --------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "valid_6_single.trf",
        "valid_7_odd_forfeit.trf",
        "valid_4_double_fide_swap.trf",
        "valid_8_withdrawal_forfeits.trf",
        "valid_team_4.trf",
        "valid_team_802_rows.trf",
    ],
)
def test_valid_fixtures_are_silent(name: str) -> None:
    """Valid round robins give no B warning or error and no error of any other check."""
    found = fixture(name)
    assert codes(found) == Counter()
    assert errors(found) == []
    assert only(found, "B001"), "read as a round robin"


def test_b001_names_the_source_of_recognition() -> None:
    """B001 says the 092 text made the file a round robin, with 6 players and 5 rounds."""
    (info,) = only(fixture("valid_6_single.trf"), "B001")
    assert "092 text" in info.message and "6 players, 5 rounds" in info.message
    assert info.line == 3


def test_b002_pairing_fixture() -> None:
    """Round 3 of 8 is 2–8, 3–1, 4–7, 5–6; 2 and 4 swapped opponents, so 2–7 and 4–8 appear."""
    found = only(fixture("b002_pairing_round3.trf"), "B002")
    assert {(d.round, d.message.split(": ", 1)[1]) for d in found} == {
        (3, "expected 2–8, found 2–7"),
        (3, "expected 4–7, found 4–8"),
    }
    assert {d.line for d in found} == {6, 8}  # the lines of players 2 and 4
    assert {d.column for d in found} == {112}  # round 3's block: 92 + 2·10


def test_b002_team_fixture() -> None:
    """Team round 2 of 6 is 6–4, 5–3, 1–2; teams 1 and 5 swapped opponents (1–3 and 5–2)."""
    found = only(fixture("b002_team_round2.trf"), "B002")
    assert {d.message for d in found} == {
        "round 2, match 3: expected team 1 (Team 01)–team 2 (Team 02), "
        "found team 1 (Team 01)–team 3 (Team 03)",
        "round 2, match 2: expected team 5 (Team 05)–team 3 (Team 03), "
        "found team 2 (Team 02)–team 5 (Team 05)",
    }


def test_b003_colour_fixture() -> None:
    """Round 4 of 8 has 2–3 with 2 White; the fixture reverses it: one B003 for that board."""
    (d,) = only(fixture("b003_colour_round4.trf"), "B003")
    assert (d.round, d.players, d.column) == (4, (2, 3), 122)
    assert "expected 2–3 (2 White), found 3–2" in d.message
    assert codes(fixture("b003_colour_round4.trf")) == Counter({"B003": 1})


def test_b004_round_order_fixture() -> None:
    """Rotate-4 of the 8-player table: one warning under --round-order table, info under any."""
    text = (SCHEDULE / "b004_rotate4.trf").read_bytes()
    found = run(text, CheckOptions(round_order="table"))
    assert codes(found) == Counter({"B004": 1})
    assert "Rotate-4 (table rounds 4, 5, 6, 7, 1, 2, 3)" in only(found, "B004")[0].message
    by_default = run(text)
    assert codes(by_default) == Counter()
    assert "Rotate-4 (table rounds 4, 5, 6, 7, 1, 2, 3)" in only(by_default, "B001")[0].message


def test_b005_renumbered_fixture() -> None:
    """The 6-player table with 5 and 6 exchanged is reported once, naming 5 → 6 and 6 → 5."""
    found = fixture("b005_renumbered_5_6.trf")
    assert codes(found) == Counter({"B005": 1})
    (d,) = only(found, "B005")
    assert "5 → 6, 6 → 5" in d.message and d.players == (5, 6)


def test_b006_circle_method_fixture() -> None:
    """The textbook circle method is one B006, no per-board errors."""
    found = fixture("b006_circle_method.trf")
    assert codes(found) == Counter({"B006": 1})
    assert "circle-method" in only(found, "B006")[0].message
    assert errors(found) == []


def test_b007_bye_fixture() -> None:
    """Round 3 of 7 gives the bye to 2 (2 meets 8 in the 8-table); the fixture gives it to 5."""
    found = fixture("b007_bye_round3.trf")
    (d,) = only(found, "B007")
    assert (d.round, d.players) == (3, (2, 5))
    assert "the bye belongs to player 2" in d.message and "player 5 sits out" in d.message


def test_b008_pseudo_player_fixture() -> None:
    """A 'spielfrei' player carrying the byes is reported once, and the table still fits."""
    found = fixture("b008_pseudo_bye_player.trf")
    assert codes(found) == Counter({"B008": 1})
    assert only(found, "B008")[0].players == (8,)


def test_b009_second_cycle_keeps_colours_fixture() -> None:
    """A second cycle that repeats the colours is one B009, not a B003 per board."""
    found = fixture("b009_cycle2_colours.trf")
    assert codes(found) == Counter({"B009": 1})
    assert only(found, "B009")[0].round == 4


def test_b009_declared_swap_fixture() -> None:
    """192 FIDE_DOUBLEROUNDROBIN with rounds 2 and 3 unswapped is one B009 at the 192 line."""
    found = fixture("b009_declared_swap.trf")
    assert codes(found) == Counter({"B009": 1})
    (d,) = only(found, "B009")
    assert d.line == 5 and "FIDE_DOUBLEROUNDROBIN" in d.message


def test_b010_pair_meetings_fixture() -> None:
    """In a circle-method file (B006) a pair meeting twice is still found, both ways."""
    found = fixture("b010_pair_meetings.trf")
    b010 = only(found, "B010")
    # Circle round 2 for 6 is 5–1, 6–4, 2–3; 2 and 4 swapped opponents: 2–6 and 4–3.
    # 2–6 meet again in round 3 and 3–4 in round 1, while 2–3 and 4–6 never meet.
    assert {d.players for d in b010 if "2 times" in d.message} == {(2, 6), (3, 4)}
    assert {d.players for d in b010 if "never" in d.message} == {(2, 3), (4, 6)}
    assert codes(found)["B006"] == 1


def test_b011_withdrawal_fixture() -> None:
    """Player 5 of 8 plays 2 games and withdraws: 2 of 7 is under 50 %, annulment."""
    found = fixture("b011_withdrawal_under_half.trf")
    (d,) = only(found, "B011")
    assert d.severity.label == "info"
    assert (d.round, d.players) == (3, (5,))
    assert "2 of 7 scheduled games played, under 50 %" in d.message
    assert errors(found) == []


def test_b012_unscheduled_withdrawal_fixture() -> None:
    """Forfeits written as 0000 - Z / 0000 - + lose the pairing: B012 for 5 and each opponent."""
    found = fixture("b012_withdrawal_without_opponents.trf")
    b012 = only(found, "B012")
    # 8-table rounds 5-7 pair 5 with 1 (5 White), 2 (5 Black), 3 (5 White).
    by_player = {d.players[0]: d for d in b012}
    assert set(by_player) == {1, 2, 3, 5}
    assert "1 (White), 2 (Black), 3 (White)" in by_player[5].message
    assert by_player[2].round == 6


def test_team_schedule_from_802_rows() -> None:
    """Without player rounds, the 802 rows give the team schedule: valid, then Rotate-2."""
    valid = fixture("valid_team_802_rows.trf")
    assert codes(valid) == Counter() and only(valid, "B001")
    assert "4 teams" in only(valid, "B001")[0].message
    rotated = run(
        (SCHEDULE / "b004_team_802_rotate2.trf").read_bytes(), CheckOptions(round_order="table")
    )
    assert codes(rotated) == Counter({"B004": 1})
    assert "Rotate-2 (table rounds 2, 3, 1)" in only(rotated, "B004")[0].message


def test_asymmetric_entries_are_s003_not_b() -> None:
    """A one-sided entry is reported by S003 only; no B code repeats it."""
    found = fixture("s003_one_sided_round2.trf")
    assert codes(found, "S") == Counter({"S003": 2})
    assert codes(found) == Counter()


# --- acceptance: generated round robins -----------------------------------------------------


def _valid_cases() -> list[tuple[int, int, bool]]:
    cases = []
    for n in range(3, 31):
        cases.append((n, 1, False))
        cases.append((n, 2, n % 3 == 0))
    return cases


@pytest.mark.parametrize(("n", "cycles", "swap"), _valid_cases())
def test_generated_valid_round_robins_give_no_error(n: int, cycles: int, swap: bool) -> None:
    """3 … 30 players, single and double, with forfeits and withdrawals: no error at all."""
    f = RoundRobinFile.berger(n, cycles=cycles, swap_last_two=swap, seed=n * 10 + cycles)
    if n >= 5:
        f.forfeit(1, 2)
        f.withdraw(n - 1, f.rounds // 2)  # at least 50 % completed
    if n >= 8:
        f.withdraw(n, 1)  # under 50 %: the opponents' points leave the games out
    found = run(f.text())
    assert errors(found) == []
    assert codes(found) == Counter()


@pytest.mark.parametrize("n", [5, 8, 13, 24])
def test_generated_valid_variants_are_silent(n: int) -> None:
    """The FIDE swap under its 192 code, an odd field with Z byes, a team round robin."""
    fide = RoundRobinFile.berger(n, cycles=2, swap_last_two=True, header192="FIDE_DOUBLEROUNDROBIN")
    z_byes = RoundRobinFile.berger(n | 1, bye="Z")
    team = TeamRoundRobin.berger(n, boards=2, seed=n)
    for text in (fide.text(), z_byes.text(), team.text()):
        found = run(text)
        assert errors(found) == [] and codes(found) == Counter()


@pytest.mark.parametrize("n", [6, 9, 14, 21])
def test_corruption_pairing_is_reported_in_its_round(n: int) -> None:
    """Two players who swap opponents in round 3 give B002 in round 3 naming them."""
    f = RoundRobinFile.berger(n, seed=n)
    round3 = {p: blocks[2].opponent for p, blocks in f.grid.items()}
    a = next(p for p in sorted(round3) if round3[p] is not None)
    c = next(p for p in sorted(round3) if round3[p] not in (None, a) and p not in (a, round3[a]))
    f.swap_opponents(3, a, c)
    found = run(f.text())
    b002 = only(found, "B002")
    assert b002 and all(d.round == 3 for d in b002)
    assert {a, c} <= {p for d in b002 for p in d.players}
    assert codes(found)["B010"] >= 2


@pytest.mark.parametrize("n", [6, 9, 14])
def test_corruption_colour_is_reported_on_its_board(n: int) -> None:
    """Reversing player 2's colours in round 2 gives one B003 in round 2 for 2 and its opponent."""
    f = RoundRobinFile.berger(n, seed=n)
    opponent = f.grid[2][1].opponent
    if opponent is None:  # 2 has the bye in round 2 of an odd field: use round 3
        f.reverse_colours(3, 2)
        rnd, opponent = 3, f.grid[2][2].opponent
    else:
        f.reverse_colours(2, 2)
        rnd = 2
    (d,) = only(run(f.text()), "B003")
    assert d.round == rnd and set(d.players) == {2, opponent}


def _one_reversed_game(
    n: int, cycles: int, swap: bool, bye: str, seed: int, round_number: int, player: int
) -> RoundRobinFile:
    """A valid round robin (file numbering, expected order) with one game's colours reversed."""
    f = RoundRobinFile.berger(n, cycles=cycles, swap_last_two=swap, bye=bye, seed=seed)
    f.reverse_colours(round_number, player)
    return f


def _assert_one_colour_error(f: RoundRobinFile, round_number: int, player: int) -> None:
    """Exactly one B003, at *round_number*, for *player* and its opponent; no B004/B005."""
    opponent = f.grid[player][round_number - 1].opponent
    found = run(f.text())
    b003 = only(found, "B003")
    assert [(d.round, set(d.players)) for d in b003] == [(round_number, {player, opponent})]
    assert codes(found) == Counter({"B003": 1})


def _small_field_cases() -> list[tuple[int, int, bool, str, int, int]]:
    """Every game of every round of the 3- and 4-player tables, single and double."""
    cases = []
    for n in (3, 4):
        for cycles, swap in ((1, False), (2, False), (2, True)):
            for bye in ("blank", "Z") if n % 2 else ("blank",):
                f = RoundRobinFile.berger(n, cycles=cycles, swap_last_two=swap)
                for r in range(1, f.rounds + 1):
                    # one player per game: the lower start rank of each pair
                    for p, blocks in sorted(f.grid.items()):
                        o = blocks[r - 1].opponent
                        if o is not None and p < o:
                            cases.append((n, cycles, swap, bye, r, p))
    return cases


@pytest.mark.parametrize(("n", "cycles", "swap", "bye", "r", "p"), _small_field_cases())
def test_one_reversed_game_in_a_small_field_is_a_colour_error(
    n: int, cycles: int, swap: bool, bye: str, r: int, p: int
) -> None:
    """3-4 players: one reversed game is one B003 there, not a renumbering with other rounds.

    In the 4-player table (rounds 1–4 2–3, 4–3 1–2, 2–4 3–1) reversing 2–3 is also
    what start ranks 1 → 2, 2 → 4, 3 → 1, 4 → 3 with rounds 2 and 3 exchanged give:
    two changes (a renumbering and a round order) against one colour error.
    """
    f = _one_reversed_game(n, cycles, swap, bye, seed=r * 10 + p, round_number=r, player=p)
    _assert_one_colour_error(f, r, p)


def _random_colour_errors(count: int, seed: int) -> list[tuple[RoundRobinFile, int, int]]:
    """*count* seeded round robins of 3-8 players, each with one game's colours reversed."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(3, 8)
        cycles = rng.choice((1, 1, 2))
        swap = cycles == 2 and rng.random() < 0.5
        bye = rng.choice(("blank", "Z"))
        f = RoundRobinFile.berger(n, cycles=cycles, swap_last_two=swap, bye=bye,
                                  seed=rng.randrange(10**6))  # fmt: skip
        r = rng.randint(1, f.rounds)
        p = rng.choice([q for q, blocks in sorted(f.grid.items()) if blocks[r - 1].opponent])
        f.reverse_colours(r, p)
        out.append((f, r, p))
    return out


def test_one_reversed_game_in_generated_round_robins_is_a_colour_error() -> None:
    """100 seeded 3-8 player round robins with one reversed game: one B003 each, there."""
    for f, r, p in _random_colour_errors(100, seed=2026):
        _assert_one_colour_error(f, r, p)


@pytest.mark.slow
def test_one_reversed_game_in_1500_generated_round_robins_is_a_colour_error() -> None:
    """The exhaustive run: 1,500 seeded 3-8 player round robins, one reversed game each."""
    for f, r, p in _random_colour_errors(1500, seed=1500):
        _assert_one_colour_error(f, r, p)


@pytest.mark.parametrize(("n", "k"), [(8, 4), (10, 6), (11, 2)])
def test_corruption_rotation_is_one_warning(n: int, k: int) -> None:
    """Under --round-order table a Rotate-k schedule is one B004 naming Rotate-k, nothing more."""
    text = RoundRobinFile.berger(n, rotate=k, seed=1).text()
    found = run(text, CheckOptions(round_order="table"))
    assert codes(found) == Counter({"B004": 1})
    assert f"Rotate-{k}" in only(found, "B004")[0].message


@pytest.mark.parametrize("n", [6, 7, 12, 19, 30])
def test_corruption_renumbering_is_found_with_its_mapping(n: int) -> None:
    """Shuffled start ranks: one B005 whose mapping is the inverse of the planted numbering."""
    numbering = rr_generator.shuffled_numbering(n, seed=n)
    found = run(RoundRobinFile.berger(n, numbering=numbering, seed=2).text())
    assert codes(found) == Counter({"B005": 1})
    message = only(found, "B005")[0].message
    for number, rank in numbering.items():
        if number != rank:
            assert f"{rank} → {number}" in message


def test_renumbering_plus_colour_error_checks_colours_under_the_mapping() -> None:
    """With 3 and 9 exchanged and one reversed game, B005 and one B003 under the mapping."""
    f = RoundRobinFile.berger(12, seed=3, numbering=rr_generator.swap_numbers(12, [(3, 9)]))
    f.reverse_colours(5, 1)
    found = run(f.text())
    assert codes(found) == Counter({"B005": 1, "B003": 1})
    assert only(found, "B003")[0].round == 5


@pytest.mark.parametrize("n", [6, 10, 16])
def test_circle_method_is_one_not_berger_warning(n: int) -> None:
    """The circle method (spec §1.8: Berger after renumbering, other colours) is one B006."""
    found = run(RoundRobinFile.berger(n, method="circle", seed=n).text())
    assert codes(found) == Counter({"B006": 1})
    assert errors(found) == []


@pytest.mark.parametrize("n", [5, 9, 15])
def test_corruption_bye_is_reported_in_its_round(n: int) -> None:
    """Moving round 2's bye from its holder to player x gives B007 in round 2 naming both."""
    f = RoundRobinFile.berger(n, seed=n)
    holder = next(p for p, blocks in f.grid.items() if blocks[1].opponent is None)
    x = next(p for p in f.grid if p != holder and f.grid[p][1].opponent != holder)
    f.move_bye(2, x)
    (d,) = only(run(f.text()), "B007")
    assert d.round == 2 and set(d.players) == {holder, x}


@pytest.mark.parametrize("n", [4, 7, 10])
def test_corruption_second_cycle_colours_is_one_b009(n: int) -> None:
    """A second cycle that keeps the colours of the first is one B009 at its first round."""
    f = RoundRobinFile.berger(n, cycles=2, seed=n)
    f.keep_cycle_colours(2)
    found = run(f.text())
    assert codes(found) == Counter({"B009": 1})
    m = n - 1 + n % 2
    assert only(found, "B009")[0].round == m + 1


@pytest.mark.parametrize(
    ("code", "swap", "fires"),
    [
        ("FIDE_DOUBLEROUNDROBIN", False, True),
        ("FIDE_DOUBLEROUNDROBIN", True, False),
        ("BERGER_DOUBLEROUNDROBIN", True, True),
        ("BERGER_ROUNDROBIN_G2", False, False),
    ],
)
def test_double_round_robin_variant_against_its_192_code(
    code: str, swap: bool, fires: bool
) -> None:
    """FIDE_DOUBLEROUNDROBIN means the swap, BERGER_DOUBLEROUNDROBIN/_G2 means none (spec §1.5)."""
    f = RoundRobinFile.berger(8, cycles=2, swap_last_two=swap, header192=code)
    found = run(f.text())
    assert codes(found) == (Counter({"B009": 1}) if fires else Counter())


def test_meetings_too_often_and_never() -> None:
    """Swapping opponents of 3 and 4 in round 1 of 6 (3–4 → …): B010 counts both ways."""
    f = RoundRobinFile.berger(6, seed=1)
    # Round 1 of 6: 1–6, 2–5, 3–4. 1 and 2 swap opponents: 1–5 and 2–6, which meet again
    # later (1–5 in round 5, 2–6 in round 3), while 1–6 and 2–5 never meet.
    f.swap_opponents(1, 1, 2)
    b010 = only(run(f.text()), "B010")
    twice = {d.players for d in b010 if "2 times" in d.message}
    never = {d.players for d in b010 if "never" in d.message}
    assert twice == {(1, 5), (2, 6)}
    assert never == {(1, 6), (2, 5)}


@pytest.mark.parametrize(
    ("after", "count_forfeits", "verdict"),
    [
        (3, False, "3 of 7 scheduled games played, under 50 %"),
        (4, False, "4 of 7 scheduled games played, at least 50 %"),
    ],
)
def test_withdrawal_share(after: int, count_forfeits: bool, verdict: str) -> None:
    """Withdrawing from 8 players after 3 games is 3/7 < 50 %; after 4 games 4/7 ≥ 50 %."""
    f = RoundRobinFile.berger(8, seed=5)
    f.withdraw(4, after)
    completed = CompletedGames.SCHEDULED if count_forfeits else CompletedGames.PLAYED
    opts = with_options(None, tiebreak=TieBreakOptions(withdrawal_completed=completed))
    (d,) = only(run(f.text(), opts), "B011")
    assert verdict in d.message and d.round == after + 1


def test_withdrawal_count_forfeits_option_changes_the_share() -> None:
    """An earlier forfeit is not a completed game by default; with the option it is (3 → 4)."""
    f = RoundRobinFile.berger(8, seed=5)
    f.forfeit(1, 4)
    f.withdraw(4, 4)
    default = only(run(f.text()), "B011")[0].message
    counted = only(run(f.text(), with_options(
        None, tiebreak=TieBreakOptions(withdrawal_completed=CompletedGames.SCHEDULED)
    )), "B011")
    assert "3 of 7 scheduled games played, under 50 %" in default
    assert "4 of 7 scheduled games completed, at least 50 %" in counted[0].message


def test_forfeit_without_colour_after_withdrawal() -> None:
    """A forfeit written with colour '-' is B012 for both players, naming the table's colour."""
    f = RoundRobinFile.berger(8, seed=3)
    f.withdraw(5, 4)
    f.drop_forfeit_colours(6, 5)
    b012 = only(run(f.text()), "B012")
    assert {d.players for d in b012} == {(5, 2), (2, 5)}
    assert all("has no colour" in d.message and d.round == 6 for d in b012)


def test_round_order_option_both_readings() -> None:
    """Without 192, --round-order fide-swap or table makes the other variant a B004 warning."""
    swapped = RoundRobinFile.berger(6, cycles=2, swap_last_two=True).text()
    plain = RoundRobinFile.berger(6, cycles=2).text()
    assert codes(run(swapped)) == Counter() and codes(run(plain)) == Counter()
    want_swap = with_options(None, round_order="fide-swap")
    want_plain = with_options(None, round_order="table")
    assert codes(run(swapped, want_swap)) == Counter()
    assert codes(run(plain, want_swap)) == Counter({"B004": 1})
    assert codes(run(plain, want_plain)) == Counter()
    assert codes(run(swapped, want_plain)) == Counter({"B004": 1})


def test_team_colours_option_both_readings() -> None:
    """Team colours are not checked by default; with the option, a reversed match is B003."""
    f = TeamRoundRobin.berger(8, boards=2, seed=1)
    first, *rest = f.matches[1]  # round 2 of 8: 8–5 first; team 5 now has White on board 1
    f.matches[1] = [(first[1], first[0]), *rest]
    text = f.text()
    assert codes(run(text)) == Counter()
    found = run(text, with_options(None, berger_team_colours=True))
    assert codes(found) == Counter({"B003": 1})
    (d,) = only(found, "B003")
    assert d.round == 2 and d.players == (8, 5)
    assert (
        "expected team 8 (Team 08)–team 5 (Team 05) (team 8 White), "
        "found team 5 (Team 05)–team 8 (Team 08)"
    ) in d.message


def test_round_robin_option_forces_or_prevents_the_checks() -> None:
    """--type swiss silences the B checks; --type round-robin checks a file that says nothing."""
    f = RoundRobinFile.berger(6, rotate=3, header092=None)
    f.swap_opponents(2, 1, 2)  # now incomplete: the structure alone is no round robin
    text = f.text()
    assert only(run(text), "B001") == []
    assert only(run(text, with_options(None, event_type=Regime.ROUND_ROBIN)), "B001")
    assert codes(run(RoundRobinFile.berger(6, rotate=3).text(),
                     with_options(None, event_type=Regime.SWISS))) == Counter()


def test_custom_roundrobin_code_silences_order_and_not_berger() -> None:
    """192 CUSTOM_ROUNDROBIN is the honest label for a schedule of one's own."""
    circle = RoundRobinFile.berger(8, method="circle", header192="CUSTOM_ROUNDROBIN")
    rotated = RoundRobinFile.berger(8, rotate=3, header192="CUSTOM_ROUNDROBIN")
    assert codes(run(circle.text())) == Counter()
    assert codes(run(rotated.text())) == Counter()


def test_in_progress_round_robin_is_not_a_withdrawal() -> None:
    """A file with rounds still to play (XXR 7, 4 played) reports no withdrawal nor missing pair."""
    f = RoundRobinFile.berger(8, seed=2)
    for blocks in f.grid.values():
        del blocks[4:]
    found = run(f.text())
    assert codes(found) == Counter()
    assert only(found, "B011") == []


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    n=st.integers(min_value=3, max_value=12),
    edits=st.integers(min_value=1, max_value=6),
)
def test_checks_never_crash_on_damaged_round_robins(seed: int, n: int, edits: int) -> None:
    """Random damage to round blocks never makes a schedule check crash (no S999)."""
    f = RoundRobinFile.berger(n, cycles=1 + seed % 2, seed=seed)
    rng = random.Random(seed)
    players = sorted(f.grid)
    for _ in range(edits):
        block = f.grid[rng.choice(players)][rng.randrange(f.rounds)]
        block.opponent = rng.choice([None, rng.randint(1, n + 2)])
        block.colour = rng.choice("wb-")
        block.result = rng.choice("10=+-Z ")
    found = run(f.text())
    assert [d for d in found if d.code == "S999"] == []


# --- the real corpus --------------------------------------------------------------------------


@needs_corpus
def test_corpus_held_round_robin_names_the_5_6_mapping_once() -> None:
    """The C.07 exercise file is the 6-table with start ranks 5 and 6 swapped: one B005."""
    data = (CORPUS / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf").read_bytes()
    found = run(data)
    assert codes(found) == Counter({"B005": 1})
    assert "5 → 6, 6 → 5" in only(found, "B005")[0].message


@needs_corpus
def test_corpus_team_round_robin_gives_one_warning() -> None:
    """The Armstrong Cup league is a team round robin off the table: one warning."""
    found = run((CORPUS / "icu_leinster_armstrong_cup_2010-11_team_league_rr.trf").read_bytes())
    b = [d for d in found if d.code.startswith("B") and d.severity.label != "info"]
    assert len(b) == 1 and b[0].severity.label == "warning"
    assert only(found, "B001")


@needs_corpus
def test_a_declared_team_swiss_gets_no_schedule_checks() -> None:
    """192 FIDE_TEAM_TYPEA_MP_GP (a team Swiss) decides, though its 4 teams all met in 3 rounds."""
    found = run((CORPUS / "markdechamps_team_tie_breaks_round_robin_4teams.trf").read_bytes())
    assert [d for d in found if d.code.startswith("B")] == []


@needs_corpus
def test_corpus_has_no_undeserved_b_errors() -> None:
    """No real file gets a B error; only the known round robins are read as such."""
    readers = set()
    for path in sorted(CORPUS.glob("*.trf")):
        found = run(path.read_bytes())
        assert [d for d in errors(found) if d.code.startswith("B")] == [], path.name
        if only(found, "B001"):
            readers.add(path.name)
    assert readers == {
        "icu_encoding_sample_latin1.trf",
        "icu_encoding_sample_utf8.trf",
        "icu_leinster_armstrong_cup_2010-11_team_league_rr.trf",
        "icu_spec_las_vegas_all_play_all_3p_synthetic.trf",
        "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf",
    }


def test_parse_of_every_fixture_succeeds() -> None:
    """Every schedule fixture is a readable TRF file."""
    for path in sorted(SCHEDULE.glob("*.trf")):
        assert trfkit.parse(path.read_bytes()).tournament.players, path.name
