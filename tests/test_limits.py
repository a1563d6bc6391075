"""Declared sizes and memory on hostile input (issue 20): every size bounded before it is used.

Each attack is a small file (or a command line) that declares far more than the limits allow;
nothing is allocated for what it declares, so the real 99,999,999 cases end at once. Smaller
files exceed lowered limits where the limit is about what a file holds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trfkit
from trfkit.cli import main
from trfkit.compute.regime import read_192
from trfkit.convert import jsonform
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
    source.write_text(_with(record + ("\nXXR 5" if record.startswith("192") else "")))
    out = tmp_path / "out"
    argv = [a.format(out=out) for a in command]
    code = main([argv[0], str(source), *argv[1:]])
    captured = capsys.readouterr()
    assert "P010" in captured.out or "more than the limit of 99" in captured.err
    assert code == (1 if argv[0] == "check" else 2)
    assert not out.exists()
