"""Root causes (the C codes): one finding for a flood with one cause, the flood kept underneath.

The files are built by ``planting`` (the TRF layout alone, no trfkit code); what a cause
must stand for is counted from the planted facts, by hand or from the builder's events.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import planting
import pytest

import trfkit
from trfkit.checks import CheckOptions, all_rules, get
from trfkit.diagnostics import Diagnostic, Severity

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "real"


def _shown(text: str, options: CheckOptions | None = None) -> list[Diagnostic]:
    """The findings ``check`` shows of *text* (infos left out)."""
    return [d for d in trfkit.check(text, options=options) if d.severity > Severity.INFO]


def test_round_added_without_points_is_one_finding() -> None:
    """A 51-player report whose round 8 was added without the points is one C001."""
    event = planting.round_added_without_points(players=51, rounds=8)
    differ = {
        s for s, p in event.players.items() if event.points_after(8)[s] != event.points_after(7)[s]
    }
    assert len(differ) >= 20  # the pattern: most players scored in round 8
    found = _shown(event.text)
    causes = [d for d in found if d.code == "C001"]
    assert len(causes) == 1
    cause = causes[0]
    assert {d.code for d in cause.instances} == {"T001"}
    assert {s for d in cause.instances for s in d.players} == differ
    assert cause.severity is Severity.ERROR
    assert "round 7, not after round 8" in cause.message
    assert not [d for d in found if d.code == "T001"]


def test_round_added_with_the_ranks_of_round_7_is_one_finding() -> None:
    """Points and ranks both of round 7 are one C001 that holds the T001 and the rank findings."""
    event = planting.round_added_without_points(players=51, rounds=8)
    after7 = event.points_after(7)
    order = sorted(event.players, key=lambda s: (-after7[s], s))
    ranked = planting.with_ranks(event, {s: i for i, s in enumerate(order, 1)})
    found = _shown(ranked.text)
    assert [d.code for d in found if d.code not in ("E004",)] == ["C001"]
    codes = {d.code for d in found[0].instances}
    assert "T001" in codes and codes & {"T006", "T007", "T013"}
    assert "points and ranks" in found[0].message


def test_generator_rank_column_is_one_finding_naming_the_rating_order() -> None:
    """A rank column in rating order (FIDE's generator) is one C004 that names the order."""
    event = planting.generator_rank_column(players=20, rounds=5)
    found = _shown(event.text)
    assert [d.code for d in found] == ["C004"]
    assert "rating order" in found[0].message
    assert len(found[0].instances) >= 2


def test_ranks_shifted_by_one() -> None:
    """Every rank one too high is one C005 (6 players, distinct scores: the order is plain)."""
    # player i beats every player numbered above him: scores 5, 4, 3, 2, 1, 0 (by hand)
    rounds: dict[int, list[planting.Block]] = {s: [] for s in range(1, 7)}
    for r in range(1, 6):
        for a, b in planting.rr_generator.fide_round(6, r):
            low = min(a, b)
            rounds[a].append((b, "w", "1" if a == low else "0"))
            rounds[b].append((a, "b", "1" if b == low else "0"))
    event = planting.event_from_rounds(
        rounds, kind="Individual: Round-Robin", ranks={s: s + 1 for s in range(1, 7)}
    )
    assert [event.players[s]["points"] for s in range(1, 7)] == [5, 4, 3, 2, 1, 0]
    found = _shown(event.text)
    causes = [d for d in found if d.code == "C005"]
    assert len(causes) == 1 and "one more" in causes[0].message
    assert {s for d in causes[0].instances for s in d.players} == set(range(1, 7))


@pytest.mark.parametrize(
    ("kind", "named"),
    [
        ("3-1-0", "3-1-0"),
        ("2-1-0", "2-1-0"),
        ("bye-half", "pairing-allocated bye at ½"),
    ],
)
def test_points_of_another_scoring_are_one_finding(kind: str, named: str) -> None:
    """A points column totalled under another scoring is one C002 that names the scoring."""
    event = planting.other_scoring(kind)
    wrong = {s for s, p in event.players.items() if p["written"] != p["points"]}
    assert len(wrong) >= 2
    found = [d for d in _shown(event.text) if d.code != "E004"]
    assert [d.code for d in found] == ["C002"]
    assert named in found[0].message
    assert {s for d in found[0].instances for s in d.players} == wrong


def test_absences_counted_are_one_finding() -> None:
    """Absences counted at ½ for several players (T003 each) are one C003 with the count."""
    event = planting.other_scoring("absent-half", players=15, rounds=6, seed=9)
    counted = {s for s, p in event.players.items() if p["written"] != p["points"]}
    if len(counted) < 2:
        pytest.skip("the seed gave fewer than two players an absence")
    found = [d for d in _shown(event.text) if d.code != "E004"]
    assert [d.code for d in found] == ["C003"]
    assert {s for d in found[0].instances for s in d.players} == counted
    assert found[0].severity is Severity.WARNING


def test_dates_in_one_form_are_one_finding() -> None:
    """042, 052 and the round dates written DD.MM.YYYY / DD.MM.YY are one C006 (info)."""
    event = planting.same_date_form()
    found = [d for d in trfkit.check(event.text) if d.code in ("C006", "E013")]
    assert [d.code for d in found] == ["C006"]
    assert len(found[0].instances) == 3  # 042, 052 and the one 132 record (one note each)


def test_unknown_sex_letter_is_one_finding() -> None:
    """The same unknown sex letter on every player is one P007 with the count."""
    event = planting.swiss(8, 3, seed=4)
    lines = [
        line[:9] + "u" + line[10:] if line.startswith("001") else line
        for line in event.text.split("\n")
    ]
    found = [d for d in trfkit.check("\n".join(lines)) if d.code == "P007"]
    assert len(found) == 1
    assert "8 players" in found[0].message


def test_points_wrong_in_no_single_way_stay_individual() -> None:
    """Points wrong at random follow no cause: each stays its own T001."""
    import random

    event = planting.swiss(16, 5, seed=12)
    text, planted = planting.plant_points(event.text, random.Random(3), count=4)
    found = [d for d in _shown(text) if d.code != "E004"]
    assert sorted(d.code for d in found) == ["T001"] * len(planted)
    assert not any(d.instances for d in found)


def test_ignore_and_select() -> None:
    """--ignore C leaves the flood as it was; --select T001 shows the cause, with its T001s."""
    event = planting.round_added_without_points(players=20, rounds=6, seed=5)
    plain = trfkit.check(event.text, ignore=["C"])
    assert not any(d.code.startswith("C") for d in plain)
    flood = [d for d in plain if d.code == "T001"]
    selected = trfkit.check(event.text, select=["T001"])
    assert [d.code for d in selected] == ["C001"]
    assert [d.message for d in selected[0].instances] == [d.message for d in flood]
    assert [d.code for d in trfkit.check(event.text, select=["C001"])] == ["C001"]


def test_cli_show_all_and_json_instances(tmp_path: Path) -> None:
    """``--show-all`` prints the instances under the cause; JSON lists them as "instances"."""
    event = planting.round_added_without_points(players=12, rounds=5, seed=8)
    path = tmp_path / "late.trf"
    path.write_text(event.text, encoding="utf-8")
    run = [sys.executable, "-m", "trfkit", "check", str(path), "--ignore", "E004"]
    short = subprocess.run(run, capture_output=True, text=True, encoding="utf-8", check=False)
    full = subprocess.run(
        [*run, "--show-all"], capture_output=True, text=True, encoding="utf-8", check=False
    )
    assert short.returncode == full.returncode == 1
    assert short.stdout.count("\n") == 1 and " C001 " in short.stdout
    indented = [line for line in full.stdout.splitlines() if line.startswith("    ")]
    assert indented and all(" T001 " in line for line in indented)
    out = subprocess.run(
        [*run, "--format", "json"], capture_output=True, text=True, encoding="utf-8", check=False
    )
    listed = json.loads(out.stdout)["files"][0]["diagnostics"]
    (entry,) = [d for d in listed if d["severity"] != "info"]
    assert entry["code"] == "C001"
    assert [i["code"] for i in entry["instances"]] == ["T001"] * len(indented)


def test_every_cause_is_documented() -> None:
    """Every C code has a summary, a FOUND example and ``explain`` text."""
    causes = [r for r in all_rules() if r.code.startswith("C")]
    assert [r.code for r in causes] == ["C001", "C002", "C003", "C004", "C005", "C006"]
    for rule in causes:
        assert rule.summary and "FOUND" in rule.doc
        assert get(rule.name) is rule or get(rule.name).code == rule.code


def test_a_cause_never_changes_the_verdict() -> None:
    """A cause takes the worst severity of what it stands for: the exit code is the same."""
    event = planting.round_added_without_points(players=20, rounds=6, seed=5)
    grouped = max(d.severity for d in trfkit.check(event.text))
    flat = max(d.severity for d in trfkit.check(event.text, ignore=["C"]))
    assert grouped is flat is Severity.ERROR


def test_points_of_a_declared_point_system_are_no_other_scoring() -> None:
    """A 3-1-0 event that declares its points (162) has no finding at all."""
    event = planting.other_scoring("3-1-0")
    # record 162 (TRF-2026): a symbol in column 6, its points in 7-10, every 9 columns
    values = [("W", "3.0"), ("D", "1.0"), ("L", "0.0"), ("P", "3.0")]
    line = "162  " + "".join(f"{s}{p:>4}    " for s, p in values).rstrip()
    text = event.text.replace("142 ", line + "\n142 ", 1)
    found = [
        d for d in _shown(text, options=CheckOptions()) if d.code not in ("E004",)
    ]
    assert [d.code for d in found if d.code in ("C002", "T001")] == []
    # the file is a 3-1-0 one: some total is more than a point a round
    assert max(p["written"] for p in event.players.values()) > Fraction(event.rounds)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/real")
@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("heltour_crete_friendship_cup_2024_team_swiss.trf", 12),
        ("icu_bunratty_major_2011_swiss_crlf.trf", 11),
    ],
)
def test_corpus_absences_counted(name: str, players: int) -> None:
    """The corpus files that count absences in their totals show one C003, not a T003 each."""
    found = trfkit.check(CORPUS / name)
    causes = [d for d in found if d.code == "C003"]
    assert len(causes) == 1 and len(causes[0].instances) == players
    assert not [d for d in found if d.code == "T003"]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="needs ../shared/corpus/real")
def test_a_few_misplaced_ranks_in_an_unrated_field_are_no_other_order() -> None:
    """Two players' points changed in the ICU file misplace two ranks: no C004.

    No flood, and a field of mostly unrated players has no rating order to follow.
    """
    import random

    text = (CORPUS / "icu_bunratty_major_2011_swiss_crlf.trf").read_bytes().decode("utf-8")
    planted, _ = planting.plant_points(text, random.Random(7), count=2)
    found = trfkit.check(planted)
    assert "C004" not in {d.code for d in found}
    assert {d.code for d in found if d.code == "T006"} == {"T006"}


def test_dates_partly_standard_are_no_one_form() -> None:
    """With 042 written the TRF way, the other dates are no "every date in one form"."""
    event = planting.same_date_form()
    text = event.text.replace("042 16.03.2024", "042 2024/03/16")
    found = [d for d in trfkit.check(text) if d.code in ("C006", "E013")]
    assert found and {d.code for d in found} == {"E013"}
