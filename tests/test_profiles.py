"""Rule profiles (``--profile FILE``) and the result-deciding keys of settings files.

The acceptance test of issue 29 item 2: the Norwegian profile of ``examples/profiles``
applied to a hand-made round robin gives, with no other option, the ranking the Norwegian
rules (../shared/spec/seeds/norwegian-berger-rules.txt §4: Sonneborn-Berger, then the
direct encounter, then lots) give by hand.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from locations import ROOT

from trfkit.cli import main

PROFILES = ROOT / "examples" / "profiles"
NORWAY = PROFILES / "norway.toml"
FIDE = PROFILES / "fide.toml"

# A single round robin of six on the Berger table for 6 (White first; the score is White's):
#   round 1: 1-6 1-0, 2-5 1-0, 3-4 ½-½
#   round 2: 6-4 1-0, 5-3 1-0, 1-2 1-0
#   round 3: 2-6 0-1, 3-1 1-0, 4-5 0-1
#   round 4: 6-5 0-1, 1-4 ½-½, 2-3 1-0
#   round 5: 3-6 0-1, 4-2 ½-½, 5-1 1-0
# Points: 1 Aas 1+1+0+½+0 = 2.5; 2 Berg 1+0+0+1+½ = 2.5; 3 Dahl ½+0+1+0+0 = 1.5;
#         4 Eide ½+0+0+½+½ = 1.5; 5 Fjeld 0+1+1+1+1 = 4; 6 Haug 0+1+1+0+1 = 3 (sum 15).
# Sonneborn-Berger (§4: the points of those beaten, plus half the points of those drawn):
#   Aas:  beat 6 (3) + beat 2 (2.5) + ½ × 4 (1.5) = 3 + 2.5 + 0.75 = 6.25
#   Berg: beat 5 (4) + beat 3 (1.5) + ½ × 4 (1.5) = 4 + 1.5 + 0.75 = 6.25
#   Dahl: ½ × 4 (1.5) + beat 1 (2.5)              = 0.75 + 2.5     = 3.25
#   Eide: ½ × 3 (1.5) + ½ × 1 (2.5) + ½ × 2 (2.5) = 0.75 + 1.25 + 1.25 = 3.25
# So: Fjeld 4, Haug 3; Aas and Berg level on points and SB: Aas beat Berg (round 2),
# the direct encounter puts Aas third, Berg fourth; Dahl and Eide level on points and SB,
# drew their game (round 1): lots decide places 5 and 6.
ROUNDS = (
    ((1, 6, "1"), (2, 5, "1"), (3, 4, "=")),
    ((6, 4, "1"), (5, 3, "1"), (1, 2, "1")),
    ((2, 6, "0"), (3, 1, "1"), (4, 5, "0")),
    ((6, 5, "0"), (1, 4, "="), (2, 3, "1")),
    ((3, 6, "0"), (4, 2, "="), (5, 1, "1")),
)
NAMES = {1: "Aas, Per", 2: "Berg, Ola", 3: "Dahl, Kari", 4: "Eide, Lise", 5: "Fjeld, Nils",
         6: "Haug, Anne"}  # fmt: skip
POINTS = {1: "2.5", 2: "2.5", 3: "1.5", 4: "1.5", 5: "4.0", 6: "3.0"}


def event_text() -> str:
    """The TRF report of the round robin above (001 records in their columns)."""
    other = {"1": "0", "0": "1", "=": "="}
    cells: dict[int, list[str]] = {n: [] for n in NAMES}
    for games in ROUNDS:
        for white, black, score in games:
            cells[white].append(f"  {black:>4} w {score}")
            cells[black].append(f"  {white:>4} b {other[score]}")
    lines = ["012 Hand-made Berger event", "042 2025/01/01", "092 Round robin", "XXR 5"]
    for n, name in NAMES.items():
        head = f"001 {n:>4} m    {name:<33}".ljust(80) + f"{POINTS[n]:>4} {n:>4}"
        lines.append(head + "".join(cells[n]))
    return "\n".join(lines) + "\n"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The hand-made event in a folder of its own (no settings file above it but the test's)."""
    folder = tmp_path / "event"
    folder.mkdir()
    path = folder / "event.trf"
    path.write_text(event_text(), encoding="utf-8")
    return path


def standings(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    """``trfkit standings ARGV --format json``: exit code, document (or None), stderr."""
    code = main(["standings", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 else None, err


def order(doc: Any) -> list[int]:
    """The start ranks in the order of the standings."""
    return [row["start_rank"] for row in doc["players"]]


def first_bytes(seed: str, start: int) -> int:
    """Bytes *start* … *start* + 3 of SHA-256(seed || 0 as 8 bytes), big-endian (trfkit-lots-1)."""
    block = hashlib.sha256(seed.encode("utf-8") + bytes(8)).digest()
    return int.from_bytes(block[start : start + 4], "big")


def test_the_norwegian_profile_reproduces_the_ranking_of_the_rules(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SB, then direct encounter, then lots with the profile's seed: 5, 6, 1, 2, 4, 3."""
    code, doc, _ = standings(capsys, "--profile", str(NORWAY), str(event))
    assert code == 0
    assert doc["tiebreaks"] == ["PTS", "SB", "DE"]
    values = {row["start_rank"]: (row["PTS"], row["SB"]) for row in doc["players"]}
    assert values == {5: (4, 8.5), 6: (3, 5.5), 1: (2.5, 6.25), 2: (2.5, 6.25),
                      3: (1.5, 3.25), 4: (1.5, 3.25)}  # fmt: skip
    # The lot of Dahl (3) and Eide (4): the group listed by start rank, [3, 4], shuffled by
    # Fisher-Yates: i = 1, j = a number below 2 = u mod 2, where u is the first 4 bytes of
    # SHA-256("nsf-example-2" || 00 00 00 00 00 00 00 00) = af 43 fc fc ...: u = 0xaf43fcfc,
    # even, so j = 0: a[1] and a[0] swap, giving [4, 3]: Eide fifth, Dahl sixth.
    assert first_bytes("nsf-example-2", 0) == 0xAF43FCFC
    assert order(doc) == [5, 6, 1, 2, 4, 3]
    assert [row.get("lot") for row in doc["players"]] == [None] * 4 + ["drawn"] * 2
    assert doc["lots"]["seed"] == "nsf-example-2"
    assert doc["rules"]["profile"] == str(NORWAY)


def test_without_the_profile_the_default_list_ranks_otherwise(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The default DE, WIN, SB, KS puts Dahl (one win) before Eide (none): no lots, no profile."""
    code, doc, _ = standings(capsys, str(event))
    assert code == 0
    assert order(doc) == [5, 6, 1, 2, 3, 4]
    assert "lots" not in doc and "profile" not in doc["rules"]


def test_the_text_output_names_the_profile(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The text table starts with ``Profile:`` and the profile's path."""
    assert main(["standings", "--profile", str(NORWAY), str(event)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"Profile:   {NORWAY}"


def test_precedence_command_line_then_profile_then_settings_file(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tie-break list: the settings file's; the profile's over it; --tiebreaks over all."""
    (event.parent / "trfkit.toml").write_text('tiebreaks = ["WIN"]\n', encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('tiebreaks = "SB, DE"\n', encoding="utf-8")
    _, doc, _ = standings(capsys, str(event))
    assert doc["tiebreaks"] == ["PTS", "WIN"]
    assert doc["rules"]["settings"] == str(event.parent / "trfkit.toml")
    _, doc, _ = standings(capsys, "--profile", str(profile), str(event))
    assert doc["tiebreaks"] == ["PTS", "SB", "DE"]
    _, doc, _ = standings(capsys, "--profile", str(profile), "--tiebreaks", "KS", str(event))
    assert doc["tiebreaks"] == ["PTS", "KS"]
    _, doc, _ = standings(capsys, "--isolated", str(event))  # no settings file: the default
    assert doc["tiebreaks"] == ["PTS", "DE", "WIN", "SB", "KS"]
    assert "settings" not in doc["rules"]


def test_a_default_given_on_the_command_line_still_wins(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--koya-threshold at-least`` (the default) given beats a profile's more-than.

    Fjeld's Koya: the maximum is 5, half of it 2.5; Fjeld lost to Berg (2.5), beat Dahl
    (1.5), Eide (1.5), Haug (3) and Aas (2.5). At least 2.5: Berg 0 + Haug 1 + Aas 1 = 2;
    more than 2.5: Haug 1 = 1.
    """
    profile = tmp_path / "p.toml"
    profile.write_text('tiebreaks = ["KS"]\nkoya_threshold = "more-than"\n', encoding="utf-8")
    _, doc, _ = standings(capsys, "--profile", str(profile), str(event))
    assert doc["players"][0]["start_rank"] == 5 and doc["players"][0]["KS"] == 1
    argv = ("--profile", str(profile), "--koya-threshold", "at-least", str(event))
    _, doc, _ = standings(capsys, *argv)
    assert doc["players"][0]["start_rank"] == 5 and doc["players"][0]["KS"] == 2


def test_a_flag_key_false_turns_the_withdrawal_rule_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``withdrawal_rule = false`` is --no-withdrawal-rule: player 4 of 3 games, 1 played, counts.

    fixtures/scores/withdrawal_after_one_of_three_games.trf: player 4 played one game of
    three (fewer than half): under the rule annulled (no rank); without it ranked.
    """
    source = ROOT / "fixtures" / "scores" / "withdrawal_after_one_of_three_games.trf"
    profile = tmp_path / "p.toml"
    profile.write_text("withdrawal_rule = false\n", encoding="utf-8")
    _, doc, _ = standings(capsys, str(source))
    four = next(row for row in doc["players"] if row["start_rank"] == 4)
    assert four["rank"] is None and four.get("withdrawn") is True
    _, doc, _ = standings(capsys, "--profile", str(profile), str(source))
    four = next(row for row in doc["players"] if row["start_rank"] == 4)
    assert four["rank"] is not None and "withdrawn" not in four


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('tiebreaks = ["SB"]\nkoya = "at-least"\n', r"p\.toml:2: unknown key\(s\) koya"),
        ('\nkoya_threshold = "most"\n', r"p\.toml:2: koya_threshold: 'most' is not one of "
                                       r"at-least, more-than"),
        ("sb_cut = 3\n", r"p\.toml:1: sb_cut must be a string, not 3"),
        ('withdrawal_rule = "no"\n', r"p\.toml:1: withdrawal_rule must be true or false"),
        ("unrated_rating = true\n", r"p\.toml:1: unrated_rating must be a whole number"),
        ('unrated_rating = "x"\n', r"p\.toml:1: unrated_rating must be a whole number"),
        ('lots_algorithm = "mine"\n', r"p\.toml:1: lots_algorithm must be 'trfkit-lots-1'"),
        ('rules = "fide-1999"\n', r"p\.toml:1: rules: 'fide-1999' is not one of"),
        ("tiebreaks = [1]\n", r"p\.toml:1: tiebreaks must be a list of strings or a string"),
        ("tiebreaks = [\n", "not valid TOML"),
    ],
)
def test_a_bad_profile_is_a_usage_error_with_its_line(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    """An unknown key or a value its option refuses: exit 2, the file and line named."""
    profile = tmp_path / "p.toml"
    profile.write_text(content, encoding="utf-8")
    code, _, err = standings(capsys, "--profile", str(profile), str(event))
    assert code == 2
    assert re.search(message, err), err
    code = main(["check", "--profile", str(profile), str(event)])
    assert code == 2 and re.search(message, capsys.readouterr().err)


def test_a_bad_seed_is_refused_with_its_line_where_lots_are_drawn(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``lots = ""``: standings refuses it at line 2; check, which draws no lots, passes it over."""
    profile = tmp_path / "p.toml"
    profile.write_text('tiebreaks = ["SB"]\nlots = ""\n', encoding="utf-8")
    code, _, err = standings(capsys, "--profile", str(profile), str(event))
    assert code == 2 and "p.toml:2: lots: a seed must be 1 to 200 printable characters" in err
    assert main(["check", "--profile", str(profile), str(event)]) in (0, 1)


def test_a_missing_profile_is_a_usage_error(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--profile`` naming no file: exit 2 saying the profile cannot be read."""
    code, _, err = standings(capsys, "--profile", str(event.parent / "none.toml"), str(event))
    assert code == 2 and "the profile cannot be read" in err


def test_isolated_check_still_reads_the_profile_but_no_settings_file(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With check --isolated the folder's trfkit.toml is not named; the profile given is."""
    (event.parent / "trfkit.toml").write_text('tiebreaks = ["WIN"]\n', encoding="utf-8")
    profile = tmp_path / "p.toml"
    profile.write_text('tiebreaks = ["SB", "DE"]\n', encoding="utf-8")
    main(["check", "--isolated", "--profile", str(profile), str(event), "--format", "json"])
    out, err = capsys.readouterr()
    summary = json.loads(out)["summary"]
    assert summary["settings"] == [str(profile)] and summary["warnings"] == [] and err == ""


def test_check_names_the_profile_and_the_settings_file(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Text summary, JSON summary and HTML header name both, the profile first."""
    settings = event.parent / "trfkit.toml"
    settings.write_text('tiebreaks = ["WIN"]\n', encoding="utf-8")
    report = tmp_path / "r.html"
    argv = ["check", "--profile", str(NORWAY), str(event), "--report", str(report)]
    main(argv)
    out = capsys.readouterr().out
    assert out.splitlines()[-1].endswith(f"; settings: {NORWAY}, {settings.resolve()}")
    page = report.read_text(encoding="utf-8")
    assert f"<code>{NORWAY}</code>" in page
    main(["check", "--profile", str(NORWAY), str(event), "--format", "json"])
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["settings"] == [str(NORWAY), str(settings.resolve())]


@pytest.mark.parametrize("profile", [NORWAY, FIDE], ids=["norway", "fide"])
def test_the_example_profiles_load_for_every_command(
    profile: Path, event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Check, standings and playoff accept both shipped profiles (each key valid there)."""
    assert main(["check", "--profile", str(profile), str(event)]) in (0, 1)
    assert main(["standings", "--profile", str(profile), str(event)]) == 0
    argv = ["playoff", "--profile", str(profile), "--from", str(event), "--players", "1,2"]
    assert main([*argv, "--seed", "s"]) == 0
    assert main(["playoff", "--profile", str(profile), "A", "B", "C", "--seed", "s"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("profile", [NORWAY, FIDE], ids=["norway", "fide"])
def test_every_key_of_the_example_profiles_is_commented(profile: Path) -> None:
    """Each key line follows a comment line saying which rule it encodes."""
    lines = profile.read_text(encoding="utf-8").splitlines()
    keys = [n for n, line in enumerate(lines) if re.match(r"^[a-z_]+ =", line)]
    assert keys
    for n in keys:
        assert lines[n - 1].startswith("#"), lines[n]


def test_the_fide_profile_gives_the_defaults(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file fide.toml writes out trfkit's FIDE readings: the same standings as no profile."""
    _, plain, _ = standings(capsys, str(event))
    _, fide, _ = standings(capsys, "--profile", str(FIDE), str(event))
    assert fide["players"] == plain["players"] and fide["tiebreaks"] == plain["tiebreaks"]
    assert fide["rules"]["profile"] == str(FIDE)


def _b004(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    main(["check", *argv, "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    return [d["message"] for d in doc["files"][0]["diagnostics"] if d["code"] == "B004"]


def test_a_profiles_round_order_is_expected_by_check(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """round_order = "rotate-4": the event plays table rounds 1-5, Rotate-4 is 4, 5, 1, 2, 3: B004.

    Without the profile check expects any Berger order (no B004); --round-order table given
    on the command line wins over the profile (no B004).
    """
    profile = tmp_path / "p.toml"
    profile.write_text('round_order = "rotate-4"\nteam_colours = "league"\n', encoding="utf-8")
    assert _b004(capsys, str(event)) == []
    (message,) = _b004(capsys, "--profile", str(profile), str(event))
    assert "expected Rotate-4 (table rounds 4, 5, 1, 2, 3)" in message
    assert _b004(capsys, "--profile", str(profile), "--round-order", "table", str(event)) == []


def test_a_bad_round_order_or_team_colours_is_refused_by_the_options_parser(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``round_order = "rotate-x"`` and ``team_colours = "home"``: exit 2 at their lines."""
    profile = tmp_path / "p.toml"
    profile.write_text('round_order = "rotate-x"\n', encoding="utf-8")
    assert main(["check", "--profile", str(profile), str(event)]) == 2
    assert "p.toml:1: round_order: 'rotate-x': rotate-K needs" in capsys.readouterr().err
    profile.write_text('\nteam_colours = "home"\n', encoding="utf-8")
    assert main(["check", "--profile", str(profile), str(event)]) == 2
    assert "p.toml:2: team_colours: 'home' is not one of off, " in capsys.readouterr().err


def test_berger_takes_the_round_order_of_a_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A profile's round_order makes a Rotate-6 table; --round-order on the command line wins."""
    profile = tmp_path / "rotate.toml"
    profile.write_text('round_order = "rotate-6"\n', encoding="utf-8")
    # The FIDE table for 10 players: round 1 is 1-10 2-9 3-8 4-7 5-6, round 6 is
    # 10-8 9-7 1-6 2-5 3-4; Rotate-6 starts with table round 6.
    table_1 = [[1, 10], [2, 9], [3, 8], [4, 7], [5, 6]]
    table_6 = [[10, 8], [9, 7], [1, 6], [2, 5], [3, 4]]
    argv = ["berger", "10", "--double", "--profile", str(profile), "--format", "json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["rounds"][0]["pairings"] == table_6
    assert main([*argv, "--round-order", "table"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"][0]["pairings"] == table_1


def test_draw_takes_the_round_order_of_a_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Draw's round list follows a profile's round_order; the command line wins."""
    profile = tmp_path / "rotate.toml"
    profile.write_text('round_order = "rotate-6"\n', encoding="utf-8")
    names = tmp_path / "names.txt"
    names.write_text("".join(f"Player {c}\n" for c in "ABCDEFGHIJ"), encoding="utf-8")
    argv = ["draw", str(names), "--seed", "1", "--schedule", "--double", "--profile", str(profile)]
    assert main(argv) == 0
    assert "rotate-6" in capsys.readouterr().out.lower()
    assert main([*argv, "--round-order", "table"]) == 0
    assert "rotate" not in capsys.readouterr().out.lower()
