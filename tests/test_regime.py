"""The one regime answer: round robin or Swiss, individual or team, read once for every stage."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import trfkit
from trfkit.cli import main
from trfkit.compute.regime import DecidedBy, Regime, decide, read_092, read_192, team_event

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "benchmarks"))
import generate  # noqa: E402
import rr_generator  # noqa: E402
from rr_generator import RoundRobinFile  # noqa: E402

NATIONAL_TEXTS = (
    "Rundeturnering",
    "Vollrundig",
    "Rundenturnier",
    "Turniej kołowy",
    "Круговой турнир",
    "Todos contra todos",
    "Girone all'italiana",
    "Tous contre tous",
    "Každý s každým",
    "Alle mot alle",
    "Closed",
)


@pytest.mark.parametrize("text", NATIONAL_TEXTS)
def test_national_092_texts_name_a_round_robin(text: str) -> None:
    """Every language the exporters use for "round robin" is read as one."""
    named = read_092(text)
    assert named is not None and named.round_robin and not named.swiss


@pytest.mark.parametrize(
    "text", ["Individual: Swiss-System", "Schweizer System", "Turniej szwajcarski", "Monrad",
             "Swiss, tie-breaks Buchholz and Sonneborn-Berger"],
)  # fmt: skip
def test_swiss_092_texts_are_never_round_robins(text: str) -> None:
    """A Swiss word wins; "Sonneborn-Berger" (a tie-break) is no "Berger" round robin."""
    named = read_092(text)
    assert named is not None and not named.round_robin and named.swiss


def test_192_codes() -> None:
    """A …ROUNDROBIN code is a round robin; a team Swiss code is a team event but no RR."""
    rr = read_192("FIDE_TEAM_DOUBLEROUNDROBIN")
    assert rr is not None and rr.round_robin and rr.team and rr.cycles == 2
    swiss = read_192("FIDE_TEAM_TYPEA_MP_GP")
    assert swiss is not None and not swiss.round_robin and swiss.team


def _unfinished(event: RoundRobinFile, played: int) -> RoundRobinFile:
    for start_rank in event.grid:
        event.grid[start_rank] = event.grid[start_rank][:played]
    return event


def _exporter_variants(players: int) -> list[tuple[str, str]]:
    """A round robin of *players* as real exporters write it, one text per variant."""
    rounds = players + players % 2 - 1
    out = []
    out.append(("no 092", RoundRobinFile.berger(players, header092=None).text()))
    for text in ("Rundeturnering", "Vollrundig", "Круговой турнир"):
        out.append((text, RoundRobinFile.berger(players, header092=text).text()))
    out.append((
        "unfinished, no 092",
        _unfinished(RoundRobinFile.berger(players, header092=None), rounds - 1).text(),
    ))  # fmt: skip
    bare = _unfinished(RoundRobinFile.berger(players, header092=None), 2)
    del bare.header["XXR"]
    out.append(("two rounds, no 092, no XXR", bare.text()))
    late = RoundRobinFile.berger(players, header092="Vollrundig")
    out.append(("Vollrundig, round 3 unplayed", _unfinished(late, 2).text()))
    lossy = RoundRobinFile.berger(players, header092=None)
    lossy.withdraw_unscheduled(players, after_round=1)
    out.append(("withdrawal after round 1 written as byes", lossy.text()))
    forfeits = RoundRobinFile.berger(players, header092=None)
    forfeits.withdraw(players, after_round=1)
    out.append(("withdrawal after round 1 written as forfeits", forfeits.text()))
    return out


def _standings_regime(text: str, tmp_path: Path) -> str:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["standings", "--format", "json", str(path)]) == 0
    return str(json.loads(out.getvalue())["rules"]["regime"])


@pytest.mark.parametrize("players", range(4, 13))
def test_round_robins_as_exporters_write_them_are_read_alike(
    players: int, tmp_path: Path
) -> None:
    """Check (B001) and standings (regime) both read each variant as a round robin."""
    for variant, text in _exporter_variants(players):
        found = trfkit.check(text)
        assert any(d.code == "B001" for d in found), (players, variant)
        assert _standings_regime(text, tmp_path) == "round-robin", (players, variant)


@pytest.mark.parametrize("players", [9, 30, 55])
def test_swiss_events_stay_swiss(players: int, tmp_path: Path) -> None:
    """Generated Swiss events get no schedule check and Swiss tie-breaks."""
    text = generate.swiss(players, 7 if players > 9 else 5, seed=players)
    assert not any(d.code == "B001" for d in trfkit.check(text))
    assert _standings_regime(text, tmp_path) == "swiss"


def test_an_option_overrides_everything() -> None:
    """--type decides whatever 192 says, and says so."""
    t = trfkit.loads("012 T\n192 FIDE_DUTCH_2025\n")
    decision = decide(t, Regime.ROUND_ROBIN)
    assert decision.regime is Regime.ROUND_ROBIN and decision.source is DecidedBy.OPTION


def test_a_swiss_that_met_completely_is_still_a_swiss_when_092_says_so() -> None:
    """Six players, five rounds, everybody met: 092 "Swiss-System" decides."""
    event = RoundRobinFile.berger(6, header092="Individual: Swiss-System")
    assert decide(trfkit.loads(event.text())).regime is Regime.SWISS


def test_team_events() -> None:
    """310 records, a team 192 code, or 013 teams meeting each other: a team event."""
    team = rr_generator.TeamRoundRobin.berger(4, 2, record="013")
    assert team_event(trfkit.loads(team.text()))
    decision = decide(trfkit.loads(team.text()))
    assert decision.team and decision.regime is Regime.ROUND_ROBIN
    individual = RoundRobinFile.berger(6)
    assert not team_event(trfkit.loads(individual.text()))


def test_one_013_record_in_an_open_is_no_team_event() -> None:
    """A single 013 line (a coaching team in an open) does not make a team event."""
    text = RoundRobinFile.berger(6).text() + "013 Coaches                              1    2\n"
    assert not team_event(trfkit.loads(text))


def test_a_192_that_is_no_type_code_says_nothing() -> None:
    """192 "Vega 6.0.1" (a program's name) leaves the decision to the schedule."""
    event = RoundRobinFile.berger(6, header092=None, header192="Vega 6.0.1")
    decision = decide(trfkit.loads(event.text()))
    assert decision.regime is Regime.ROUND_ROBIN and decision.source is DecidedBy.STRUCTURE


def test_one_round_on_the_table_with_other_declared_rounds_is_a_swiss() -> None:
    """8 players paired 1-8 2-7 3-6 4-5 with XXR 9 (no cycle of 7 rounds): no round robin."""
    event = _unfinished(RoundRobinFile.berger(8, header092=None), 1)
    event.header["XXR"] = "9"
    assert decide(trfkit.loads(event.text())).regime is Regime.SWISS


def _three(header: list[str]) -> str:
    """Three players after two rounds of the table for 3 or 4: R1 2-3 (1 out), R2 1-2 (3 out)."""
    lines = ["012 Three", *header]
    blocks = {1: ("0000 - Z", "   2 w 0"), 2: ("   3 w 1", "   1 b 1"), 3: ("   2 b 0", "0000 - Z")}
    for rank, rounds in blocks.items():
        # start rank 5-8, name 15-47, points 81-84, rank 86-89, blocks from 92, 10 each
        head = f"001 {rank:>4}      {'P' + str(rank):<33}" + " " * 33 + f"{'0.0':>4} {rank:>4}"
        lines.append(head + "  " + "  ".join(rounds))
    return "\n".join(lines) + "\n"


def test_three_players_on_the_table_with_a_declared_cycle_are_a_round_robin() -> None:
    """142 3 (one cycle of three) and every game in its table round: a round robin."""
    assert decide(trfkit.loads(_three(["142 3"]))).regime is Regime.ROUND_ROBIN
    # without the declared cycle, three players meet in any order: nothing to tell
    assert decide(trfkit.loads(_three([]))).regime is Regime.SWISS
