"""Declared sizes and memory on hostile input (issue 20): every size bounded before it is used.

Each attack is a small file (or a command line) that declares far more than the limits allow;
nothing is allocated for what it declares, so the real 99,999,999 cases end at once. Smaller
files exceed lowered limits where the limit is about what a file holds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import trfkit
from trfkit.cli import main
from trfkit.compute.regime import read_192
from trfkit.formats import jsonform
from trfkit.limits import Limits, named_cycles

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RR6 = (FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf").read_text(
    encoding="utf-8"
)
"""Six players, ``XXR 5`` on line 4, every pair met once."""
HANG_GUARD = 60
"""Seconds a subprocess may take before it counts as a hang (each needs about one)."""


def _with(header: str, replace: str = "XXR 5") -> str:
    """RR6 with its *replace* line (``XXR 5``) replaced by *header*."""
    assert replace in RR6
    return RR6.replace(replace, header)


def _codes(diagnostics: list[trfkit.Diagnostic] | tuple[trfkit.Diagnostic, ...]) -> list[str]:
    return [d.code for d in diagnostics]


# --- declared rounds (142/XXR) and 192 cycles --------------------------------------------


@pytest.mark.parametrize("record", ["XXR 99999999", "142 99999999", "XXR 1000000", "XXR 100"])
def test_declared_rounds_beyond_the_limit_are_p010_at_their_record(record: str) -> None:
    """A 142/XXR beyond --max-rounds is P010 at its line, naming the record and the limit."""
    result = trfkit.parse(_with(record))
    p010 = [d for d in result.diagnostics if d.code == "P010"]
    assert len(p010) == 1 and p010[0].line == 4
    count = int(record[4:])
    assert p010[0].message == (
        f"record {record[:3]} declares {count:,} rounds, more than the limit of 99 (--max-rounds)"
    )
    assert result.fatal is p010[0]


def test_declared_rounds_at_the_limit_are_read() -> None:
    """XXR 99 is within the default limit; XXR 10 is over a lowered one."""
    assert "P010" not in _codes(trfkit.parse(_with("XXR 99")).diagnostics)
    lowered = trfkit.parse(_with("XXR 10"), limits=Limits(max_rounds=9))
    assert "P010" in _codes(lowered.diagnostics)


def test_check_stops_at_a_declared_round_count_beyond_the_limit() -> None:
    """trfkit.check of XXR 99999999: the reader's notes and P010, no check runs after it."""
    found = trfkit.check(_with("XXR 99999999"))
    assert set(_codes(found)) <= {"P002", "P008", "P010", "E013"}
    assert _codes(found).count("P010") == 1
    assert not [d for d in found if d.code[0] in "BST"]


@pytest.mark.parametrize(
    ("code", "cycles"),
    [
        ("BERGER_ROUNDROBIN_G3", 3),
        ("FIDE ROUND ROBIN G4", 4),
        ("BERGER_ROUNDROBIN_G3_X", None),
        ("FIDE_DUTCH_G3", None),
        ("FIDE_ROUNDROBIN_G" + "9" * 40, 10**18),
    ],
)
def test_named_cycles_reads_the_gn_of_a_round_robin_code(code: str, cycles: int | None) -> None:
    """``_Gn`` of a round-robin code; a number of more than 18 digits reads as 10^18."""
    assert named_cycles(code) == cycles


def test_the_regime_reads_the_cycles_the_limit_reads() -> None:
    """read_192 takes its cycles from named_cycles: one reading of the number."""
    code = read_192("BERGER_ROUNDROBIN_G7")
    assert code is not None and code.cycles == 7 == named_cycles("BERGER_ROUNDROBIN_G7")


@pytest.mark.parametrize(
    ("code", "limit", "refused"),
    [
        ("FIDE_ROUNDROBIN_G99999999", 99, True),
        ("BERGER_ROUNDROBIN_G33", 99, False),
        ("BERGER_ROUNDROBIN_G34", 99, True),
        ("BERGER_ROUNDROBIN_G3", 9, False),
        ("BERGER_ROUNDROBIN_G4", 9, True),
        ("FIDE_DUTCH_G99999999", 99, False),
    ],
)
def test_192_cycles_beyond_the_rounds_limit_are_p010(code: str, limit: int, refused: bool) -> None:
    """A 192 ``_Gn`` needing more than --max-rounds rounds (3 a cycle at least) is P010 at it."""
    text = _with(f"192 {code}\nXXR 5")
    result = trfkit.parse(text, limits=Limits(max_rounds=limit))
    p010 = [d for d in result.diagnostics if d.code == "P010"]
    assert bool(p010) == refused
    if refused:
        assert p010[0].line == 4
        assert "cycles of a round robin, at least 3 rounds each" in p010[0].message
        assert f"more than the limit of {limit} rounds (--max-rounds)" in p010[0].message


def test_the_json_form_has_the_same_limit_on_declared_rounds() -> None:
    """A JSON round_count of 99,999,999 is refused at its record like the TRF's."""
    document = json.loads(jsonform.dumps(trfkit.loads(RR6)))
    for record in document["records"]:
        if record.get("type") == "round_count":
            record["rounds"] = 99_999_999
    with pytest.raises(jsonform.JsonFormError, match="declares 99,999,999 rounds"):
        jsonform.from_data(document)


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["check", "--format", "json"],
        ["standings"],
        ["show"],
        ["convert", "--to", "csv", "-o", "{out}"],
        ["convert", "--to", "trf26", "-o", "{out}"],
        ["convert", "--to", "json", "-o", "{out}"],
    ],
    ids=lambda c: " ".join(c[:3]),
)
@pytest.mark.parametrize("record", ["XXR 99999999", "192 FIDE_ROUNDROBIN_G99999999"])
def test_every_command_refuses_a_declared_size_beyond_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], record: str
) -> None:
    """Check reports P010 (exit 1); convert, show and standings refuse the file (exit 2)."""
    source = tmp_path / "hostile.trf"
    source.write_text(_with(record + ("\nXXR 5" if record.startswith("192") else "")), "utf-8")
    out = tmp_path / "out"
    argv = [a.format(out=out) for a in command]
    code = main([argv[0], str(source), *argv[1:]])
    captured = capsys.readouterr()
    assert "P010" in captured.out or "more than the limit of 99" in captured.err
    assert code == 2
    assert not out.exists()


@pytest.mark.parametrize(
    ("record", "command"),
    [
        ("XXR 99999999", ["check"]),
        ("XXR 99999999", ["convert", "--to", "csv", "-o", "{out}"]),
        ("192 FIDE_ROUNDROBIN_G99999999\nXXR 5", ["check", "--format", "json"]),
    ],
)
def test_the_attacks_of_issue_20_end_in_a_process_of_their_own(
    tmp_path: Path, record: str, command: list[str]
) -> None:
    """As a user runs them (a hang guard, not a timing): exit 2 with the P010, no traceback."""
    source = tmp_path / "hostile.trf"
    source.write_text(_with(record), encoding="utf-8")
    argv = [a.format(out=tmp_path / "out.csv") for a in command]
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", argv[0], str(source), *argv[1:]],
        capture_output=True, text=True, encoding="utf-8", timeout=HANG_GUARD, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "more than the limit of 99" in done.stderr
    assert "Traceback" not in done.stderr


# --- lines and players, counted before anything is read ------------------------------------


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("012 A\n" * 11, 11),
        ("012 A\r\n" * 11, 11),
        ("012 A\r" * 11, 11),
        ("012 A\n" * 10 + "012 A", 11),
        ("012 A\n\r\n\r" * 4, 12),
    ],
    ids=["lf", "crlf", "cr", "no-last-terminator", "mixed"],
)
def test_lines_beyond_the_limit_are_p010_before_the_text_is_split(text: str, lines: int) -> None:
    """11 or 12 lines (any line ending) with --max-lines 10: P010 at line 11, nothing read."""
    result = trfkit.parse(text, limits=Limits(max_lines=10))
    assert _codes(result.diagnostics) == ["P010"]
    assert result.diagnostics[0].line == 11
    assert result.diagnostics[0].message == (
        f"the file has {lines:,} lines, more than the limit of 10 (--max-lines); it was not read"
    )
    assert result.tournament.records == ()
    assert "P010" not in _codes(trfkit.parse(text, limits=Limits(max_lines=lines)).diagnostics)


def test_a_flood_of_empty_lines_is_refused_at_the_default_line_limit() -> None:
    """A 012 and 5 million empty lines (5 MB): P010 by the default --max-lines, at once."""
    result = trfkit.parse(b"012 A\n" + b"\n" * 5_000_000)
    assert _codes(result.diagnostics) == ["P002", "P010"]
    assert "5,000,001 lines, more than the limit of 100,000" in result.diagnostics[1].message


def _players(count: int) -> str:
    return "012 Many\n" + "".join(f"001 {n:>4} m    Player {n}\n" for n in range(1, count + 1))


def test_players_beyond_the_limit_are_p010_at_the_first_one_over_and_nothing_is_read() -> None:
    """11 players, --max-players 10: P010 at player 11's line (12); the file is not read."""
    result = trfkit.parse(_players(11), limits=Limits(max_players=10))
    assert _codes(result.diagnostics) == ["P010"]  # a text has no encoding note
    p010 = result.diagnostics[0]
    assert p010.line == 12
    assert p010.message == (
        "11 player records, more than the limit of 10 (--max-players); the file was not read"
    )
    assert result.tournament.records == ()
    within = trfkit.parse(_players(10), limits=Limits(max_players=10))
    assert "P010" not in _codes(within.diagnostics)


def test_only_lines_read_as_player_records_count_against_the_player_limit() -> None:
    """``001x`` and ``0010`` lines are not players; a BOM before ``001`` does not hide one."""
    others = "012 A\n001    1\n" + "001x\n0010 1\n" * 20
    assert "P010" not in _codes(trfkit.parse(others, limits=Limits(max_players=10)).diagnostics)
    marked = "012 A\n" + "\ufeff001    1\n" * 11
    assert "P010" in _codes(trfkit.parse(marked, limits=Limits(max_players=10)).diagnostics)


def test_check_stops_at_the_player_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Over --max-players, check prints the one P010 (and the encoding note); named, exit 2."""
    source = tmp_path / "many.trf"
    source.write_text(_players(500), encoding="utf-8")
    assert main(["check", str(source), "--max-players", "100", "--show-info"]) == 2
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert [line.split()[1] for line in out] == ["P002", "P010"]
    message = "500 player records, more than the limit of 100 (--max-players)"
    assert out[1].startswith(f"{source}:102: P010 {message}")
    assert captured.err.startswith(f"trfkit check: {source}: {message}")  # not the P002 note
    assert main(["check", str(tmp_path), "--max-players", "100"]) == 1  # in a folder: an error


def test_max_lines_is_an_option_of_every_reading_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--max-lines lowers the limit for check, convert, show and standings alike."""
    source = tmp_path / "rr6.trf"
    source.write_text(RR6, encoding="utf-8")
    for command in (["check"], ["convert", "-o", str(tmp_path / "o.trf")], ["show"], ["standings"]):
        code = main([command[0], str(source), *command[1:], "--max-lines", "5"])
        captured = capsys.readouterr()
        assert "10 lines, more than the limit of 5 (--max-lines)" in captured.out + captured.err
        assert code == 2


# --- repeated diagnostics ---------------------------------------------------------------------


def test_a_file_lists_the_first_100_of_a_reader_code_and_one_summary() -> None:
    """5,000 unknown lines: the first 100 P003, then one P003 counting the 4,900 others."""
    text = RR6 + "zzz\n" * 5000
    p003 = [d for d in trfkit.parse(text).diagnostics if d.code == "P003"]
    assert len(p003) == 101
    assert [d.line for d in p003[:100]] == list(range(11, 111))
    summary = p003[100]
    assert (summary.line, summary.severity, summary.name) == (111, p003[0].severity, p003[0].name)
    assert summary.message == (
        "4,900 more P003 (unknown-record) on lines 111 to 5,010, not listed: "
        "a file lists at most 100 of each code (--max-repeats)"
    )


def test_the_cap_is_per_code() -> None:
    """150 unknown lines, then 150 inner BOMs: 101 P003 and 101 P009 (50 left out of each)."""
    text = RR6 + "zzz\n" * 150 + "### \ufeff\n" * 150
    found = trfkit.check(text)
    assert _codes(found).count("P003") == 101
    assert _codes(found).count("P009") == 101
    summaries = [d.message for d in found if "more P00" in d.message]
    assert len(summaries) == 2
    assert summaries[0].startswith("50 more P003 (unknown-record) on lines 111 to 160")
    assert summaries[1].startswith("50 more P009 (line-ending) on lines 261 to 310")


def test_the_cap_reaches_json_and_github_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file of 2,000 unknown lines prints 101 P003 in text, JSON and GitHub output."""
    source = tmp_path / "junk.trf"
    source.write_text(RR6 + "zzz\n" * 2000, encoding="utf-8")
    main(["check", str(source)])
    assert capsys.readouterr().out.count(": P003 ") == 101
    main(["check", str(source), "--format", "json"])
    document = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in document["files"][0]["diagnostics"]].count("P003") == 101
    main(["check", str(source), "--format", "github"])
    assert capsys.readouterr().out.count("title=P003 ") == 101


# --- memory that follows the players, not their square ------------------------------------


def _field(players: int, header: str = "") -> str:
    """*players* players without rounds under a 012 (and *header*)."""
    lines = ["012 Field", *([header] if header else [])]
    lines += [
        f"001 {n:>4} m    {'Player ' + str(n):<33} 2000 NOR {n:>11}" for n in range(1, players + 1)
    ]
    return "\n".join(lines) + "\n"


def test_berger_meet_round_is_the_table_in_closed_form() -> None:
    """meet_round(size, a, b) is the round of the partner tables for every pair, sizes 4-40."""
    from trfkit.compute import berger

    for size in range(4, 41, 2):
        meet = berger.partner_tables(size).meet_round
        for (a, b), number in meet.items():
            assert berger.meet_round(size, a, b) == berger.meet_round(size, b, a) == number
    assert berger.meet_round(6, 3, 3) is None and berger.meet_round(6, 0, 3) is None


def test_a_large_field_is_decided_without_a_berger_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """1,000 players, no 092: the regime makes no table of 1,000² pairs (1.2 GB at 3,000)."""
    from trfkit.compute import berger

    made: list[int] = []
    original = berger.Partners.make.__func__  # type: ignore[attr-defined]

    def make(cls: type[berger.Partners], size: int) -> berger.Partners:
        made.append(size)
        return original(cls, size)  # type: ignore[no-any-return]

    monkeypatch.setattr(berger.Partners, "make", classmethod(make))
    berger.partner_tables.cache_clear()
    found = trfkit.check(_field(1000))
    assert "S999" not in _codes(found)
    assert [size for size in made if size > 100] == []


def test_a_round_robin_of_more_rounds_a_cycle_than_the_limit_is_not_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """192 FIDE_ROUNDROBIN with 150 players: B001 says why, and no table is compared."""
    from trfkit.compute import recognition

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("explain was called")

    monkeypatch.setattr(recognition, "explain", refuse)
    found = trfkit.check(_field(150, "192 FIDE_ROUNDROBIN"))
    assert "S999" not in _codes(found)
    (b001,) = [d for d in found if d.code == "B001"]
    assert b001.line == 2
    assert b001.message == (
        "read as a single round robin from the 192 code FIDE_ROUNDROBIN; 150 players make a "
        "table of 149 rounds a cycle, more than the limit of 99 (--max-rounds): the schedule "
        "is not compared with the Berger table"
    )


def test_the_berger_comparison_follows_max_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 12-player round robin is compared by default, not under --max-rounds 10 (11 a cycle)."""
    from trfkit.checks import schedule
    from trfkit.compute import recognition

    rr = recognition.recognise(trfkit.loads(_field(12, "192 FIDE_ROUNDROBIN")))
    assert rr is not None
    assert schedule.too_large(rr, 99) is None
    assert "11 rounds a cycle, more than the limit of 10" in (schedule.too_large(rr, 10) or "")
    nine = recognition.recognise(trfkit.loads(_field(12, "192 BERGER_ROUNDROBIN_G9")))
    assert nine is not None
    assert schedule.too_large(nine, 99) is None  # 9 cycles of 11 rounds: 99
    assert (schedule.too_large(nine, 98) or "").startswith("9 cycles of 11 rounds make 99 rounds")


def _scrambled(players: int, rounds: int) -> str:
    """*players* players who all claim to have beaten player 1 in every round (S003s)."""
    blocks = "".join(f"  {1:4d} w 1" for _ in range(rounds))
    lines = ["012 Scrambled"] + [
        f"001 {n:>4} m    {'Player ' + str(n):<33} 2000 NOR {n:>11}".ljust(89) + blocks
        for n in range(2, players + 2)
    ]
    lines.append("001    1 m    Player 1".ljust(89) + "".join("  0000 - Z" for _ in range(rounds)))
    return "\n".join(lines) + "\n"


def test_each_check_lists_at_most_max_repeats_of_a_code() -> None:
    """300 players x 2 rounds of one-sided games: 100 S003 and one that counts the 500 others."""
    found = trfkit.check(_scrambled(300, 2))
    s003 = [d for d in found if d.code == "S003"]
    assert len(s003) == 101
    (summary,) = [d for d in s003 if "more S003" in d.message]
    assert summary.message.startswith("500 more S003 (asymmetric-pairing) on lines ")
    assert summary.severity == s003[0].severity


def test_max_repeats_raises_or_lowers_the_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--max-repeats 1000 lists all 600 S003; --max-repeats 5 lists 5 and one summary."""
    source = tmp_path / "scrambled.trf"
    source.write_text(_scrambled(300, 2), encoding="utf-8")
    main(["check", str(source), "--max-repeats", "1000"])
    assert capsys.readouterr().out.count(": S003 ") == 600
    main(["check", str(source), "--max-repeats", "5"])
    out = capsys.readouterr().out
    assert out.count(": S003 ") == 6
    assert "595 more S003 (asymmetric-pairing)" in out
    assert "lists at most 5 of each code (--max-repeats)" in out


def test_a_named_file_over_the_line_length_limit_is_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line of 5,000 characters: exit 2, and stderr gives the P010, not the encoding note."""
    source = tmp_path / "long.trf"
    source.write_text("012 " + "x" * 5000 + "\n", encoding="utf-8")
    assert main(["check", str(source)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"trfkit check: {source}: line 1 has 5,004 characters, more than")
    assert "read as utf-8" not in err
