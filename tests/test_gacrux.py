"""trfkit's model of gacrux's reader, against what gacrux itself did.

``fixtures/readers/gacrux`` holds small files, each changing one thing of a file gacrux
(FIDE's tie-break checker, PyPI ``gacrux`` 1.11.65) accepts, and ``gacrux.tsv`` what
``python -m gacrux.tiebreakchecker -i FILE OPTIONS`` answered on each, run the way the
model assumes (:func:`standard_options`: ``-p`` or ``-s`` as trfkit decides the regime,
``-b utf-8-sig`` for a file that decodes as UTF-8, ``-d T``, no ``-t``): its exit status
and its first message. Every file it accepted must give no refusal, and every file it
refused must be refused by the rule its message names (:data:`GACRUX_MESSAGES`, written
from gacrux's messages), at the line the message quotes. Each of the other rules (values
gacrux reads otherwise than the specification) is found in a fixture gacrux was seen to
read so (:data:`READINGS`). The interop tests (``compare/test_interop_gacrux.py``) run
gacrux itself on the corpus, its conversions, these fixtures and generated events.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from locations import FIXTURES

import trfkit
from trfkit.cli import main
from trfkit.compute.regime import decide
from trfkit.readers import Finding, GacruxRule
from trfkit.trf import gacrux as gx
from trfkit.trf.reader import parse

FOLDER = FIXTURES / "readers" / "gacrux"

LINE = r"Error in trf-file, line (?P<line>\d+), "
"""gacrux's message for a line it cannot read; the line number is the file's."""

GACRUX_MESSAGES: dict[GacruxRule, str] = {
    gx.NUMERIC_FIELD: LINE + r"(001|013|240|250|260|299|300|310|320|330|XXZ)",
    gx.TRAILING_TEXT: LINE + r"001",
    gx.HEADER_NUMBER: LINE + r"(142|162|362|XXR)",
    gx.START_NUMBER_1: r"(Program error|Error in trf, no 001 records)$",
    gx.UNKNOWN_NUMBER: r"Record \S+ names (player|team) -?\d+, the tournament has \d+ ",
    gx.COLOUR_LETTERS: r"Player -?\d+ has misaligned data, may be bad character encoding$",
    gx.POINTS: r"(Incorrect score for player -?\d+|Program error)$",
    gx.BYES: r"(Error in bye score, competitor \d+$|" + LINE + r"240|Error reading file: )",
    gx.BONUS_RECORD: r"(Error in 299 Abnormal, |Program error$|" + LINE + r"299)",
    gx.NRS: r"(parse_trf_nationalsupport: .* not matched$|Program error$|" + LINE + ")",
    gx.TEAM_RECORDS: (
        r"(Record (310|320|352) |Team -?\d+ has misaligned data|Error in teams, round \d+, "
        r"|Error in Out-of-order record \(300\), |Error reading file: |" + LINE + "330)"
    ),
    gx.BLACK_RESULT: r"No result for black in round \d+, white=-?\d+, black=-?\d+$",
    gx.TIEBREAK_LIST: r"Program error$",
}
"""gacrux's own words (from the start of its first message) for each refusing rule.

A crash while computing is ``Program error`` whatever caused it, and a refusal raised while
reading the records is followed by ``Error reading file: "FILE"``, which is the first
message when the refusal itself printed none."""

REMARK = "Incorrect score for player "
"""The points check's remark: a refusal of its own, or, when gacrux inferred a score
system (:data:`gx.SCORE_SYSTEM`), a note it prints before the message of what refused the
file."""


def standard_options(data: bytes) -> list[str]:
    """Gacrux's options for *data* as the model assumes it is run (all but ``-i FILE``)."""
    regime = "-p" if decide(trfkit.loads(data)).round_robin else "-s"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return [regime, "-d", "T"]  # gacrux's default codec: Latin-1
    return [regime, "-b", "utf-8-sig", "-d", "T"]


def findings(data: bytes) -> tuple[Finding, ...]:
    """Every finding of the model in *data*: the refusals first, in gacrux's order."""
    return gx.findings(parse(data).tournament)


def disagreement(
    found: Sequence[Finding], status: int, messages: Sequence[str], *, complete: bool = True
) -> str | None:
    """How the model's *found* and gacrux's answer disagree, or ``None`` when they agree.

    They agree when gacrux accepted (exit status 0) a file the model finds no refusal in,
    or refused one in which it does, for the reason its first message gives: that message
    matches the :data:`GACRUX_MESSAGES` pattern of the model's first refusal and, when it
    quotes a line, names that line. When the model finds an inferred score system and its
    first refusal is not the points check's, gacrux's points remarks (:data:`REMARK`) come
    first and are passed over. *messages* are all gacrux printed, or, not *complete*, the
    first only: a remark then leaves the reason unknown, and only the refusal is compared.
    """
    refused = [f for f in found if f.rule in gx.REFUSALS]
    if status == 0:
        if not refused:
            return None
        return f"gacrux accepted it; the model refuses: {refused[0].rule} ({refused[0].message})"
    if not refused:
        return f"gacrux refused it (exit {status}: {list(messages[:2])}); the model does not"
    first = refused[0]
    said = list(messages)
    if first.rule != gx.POINTS and any(f.rule == gx.SCORE_SYSTEM for f in found):
        while said and said[0].startswith(REMARK):
            said.pop(0)
        if not said and not complete:
            return None
    message = said[0] if said else ""
    match = re.match(GACRUX_MESSAGES[first.rule], message)
    if match is None:
        return f"the model refuses {first.rule} ({first.message}); gacrux said {message!r}"
    line = match.groupdict().get("line")
    if line is not None and first.line is not None and int(line) != first.line:
        return f"the model refuses line {first.line} ({first.rule}); gacrux line {line}"
    return None


def _answers() -> list[tuple[str, str, int, str]]:
    with (FOLDER / "gacrux.tsv").open(encoding="utf-8", newline="") as f:
        rows = [row for row in csv.reader(f, delimiter="\t") if not row[0].startswith("#")]
    return [(name, options, int(status), message) for name, options, status, message in rows]


ANSWERS = _answers()
"""(file, options, exit status, first message) as recorded in ``gacrux.tsv``."""
RECORDED = {name: (status, message) for name, _, status, message in ANSWERS}

READINGS: list[tuple[GacruxRule, str, int | None, int | None]] = [
    # UTF-8 'Müller, Jörg' (ü in column 16): accepted with -b utf-8-sig; without it gacrux
    # refused the file ('Error in trf-file, line 11, 001    3 m    MÃ¼ller, …')
    (gx.ENCODING, "utf8_read_as_latin1_shift.trf", 11, 16),
    # player 7's '0000 - =': gacrux scored a draw played against nobody (REP 2, BH/C1 1.5),
    # where a half-point bye 'H' gives REP 1, BH/C1 0.5
    (gx.RESULT_CODES, "bye_code_equal.trf", 15, 99),
    # '   6 w *' and '   3 b *': an absence worth 0 to both (PTS 3 = PTS 6 = 1.0)
    (gx.RESULT_CODES, "result_unknown_char.trf", 11, 99),
    # 162 'A 0.5': gacrux gave every player 0.5 more, player 7 (a blank round 1) 1.0 more
    (gx.ABSENCE_VALUE, "r162_A_value_applies_to_blank_rounds.trf", 16, 6),
    # 3 / 1 / 0 totals without 162: gacrux's PTS 3.0 6.0 4.0 0.0 0.0 4.0, as under 162
    # 'W 3.0 D 1.0 L 0.0'; player 1's column (81) is the first that does not fit 1 / ½ / 0
    (gx.SCORE_SYSTEM, "score_system_inferred.trf", 9, 81),
    # no 142/XXR, round 3 of byes only (players 4 and 5): gacrux's PTS 4 = 0.5, PTS 5 = 0.0,
    # not the 1.5 and 0.5 of the columns (1.5 and 0.5 with XXR 3)
    (gx.ROUNDS, "no_xxr_trailing_bye_round.trf", 11, None),
    # 042 '05/03/2026' read as 2005-03-20: the 2024 rules (BH 7 = 2.5; the 2026 rules: 1.5)
    (gx.RULE_EDITION, "date_ddmmyyyy_slash_2026.trf", 8, 5),
    # no 042: the 2026 rules, whenever the tournament started
    (gx.RULE_EDITION, "date_missing.trf", None, None),
    # '299 W   0.0   3.0    2    4': gacrux's PTS 4 = 1.0 (a win), not 3.0
    (gx.BONUS_READING, "r299_result_change.trf", 15, 14),
    # '299    -5.0   0.0    1    2': the values of ok.trf (columns 14-17 add 0.0)
    (gx.BONUS_READING, "r299_points_from_cols_14_17.trf", 15, 8),
    # '202 BH, SB': gacrux's columns 'PTS BH  SB', the empty name a column of zeros
    (gx.TIEBREAK_NAMES, "r202_used_without_t.trf", 15, 5),
    # '212 PTS,XYZ,BH': XYZ a column of zeros
    (gx.TIEBREAK_NAMES, "r212_unknown_code.trf", 15, 5),
]
"""For each rule that is not a refusal: a fixture gacrux accepted and read so, where the
finding is expected (line, column; ``None``: none to name). The values quoted are what
gacrux 1.11.65 printed for these files (``/tmp/readers/gacrux.md``, §4), against those of
the file the fixture changes."""


def test_every_refusing_rule_has_gacruxs_words() -> None:
    """Each refusing rule is matched to gacrux's messages, and a recorded refusal is its."""
    assert set(GACRUX_MESSAGES) == set(gx.REFUSALS)
    covered = set()
    for name, _, status, message in ANSWERS:
        refused = [f for f in findings((FOLDER / name).read_bytes()) if f.rule in gx.REFUSALS]
        if status and refused and re.match(GACRUX_MESSAGES[refused[0].rule], message):
            covered.add(refused[0].rule)
    assert covered == set(gx.REFUSALS)


def test_the_answers_are_of_the_standard_invocation() -> None:
    """Every answer was recorded with the options the model assumes; some accept, some refuse."""
    wrong = {
        name: options
        for name, options, _, _ in ANSWERS
        if options != " ".join(standard_options((FOLDER / name).read_bytes()))
    }
    assert wrong == {}
    assert {p.name for p in FOLDER.glob("*.trf")} == set(RECORDED)
    assert any(s == 0 for s, _ in RECORDED.values()) and any(s for s, _ in RECORDED.values())


@pytest.mark.parametrize(
    ("name", "options", "status", "message"), ANSWERS, ids=[a[0] for a in ANSWERS]
)
def test_the_model_answers_as_gacrux_did(
    name: str, options: str, status: int, message: str
) -> None:
    """Accepted: no refusal; refused: the first refusal is the rule gacrux's message names."""
    found = findings((FOLDER / name).read_bytes())
    wrong = disagreement(found, status, [message] if message else [], complete=False)
    assert wrong is None, f"{name} [{options}]: {wrong}"


def test_remarks_of_an_inferred_system_are_passed_over() -> None:
    """A 240 refused after a 3/1/0 system was inferred: gacrux's points remarks come first."""
    found = findings((FOLDER / "score_system_inferred_bye_240.trf").read_bytes())
    assert [f.rule for f in found] == [gx.BYES, gx.SCORE_SYSTEM]
    remarks = [f"{REMARK}{n}" for n in (1, 2, 3, 6)]
    assert disagreement(found, 149, [*remarks, "Error in bye score, competitor 4"]) is None
    assert disagreement(found, 149, remarks) is not None
    assert disagreement(found, 149, remarks[:1], complete=False) is None


def test_every_reading_rule_has_a_fixture() -> None:
    """Each rule that is not a refusal has a fixture in :data:`READINGS`, accepted by gacrux."""
    assert {rule for rule, *_ in READINGS} == set(gx.RULES) - set(gx.REFUSALS)
    assert {name: RECORDED[name][0] for _, name, *_ in READINGS} == dict.fromkeys(
        (name for _, name, *_ in READINGS), 0
    )


@pytest.mark.parametrize(
    ("rule", "name", "line", "column"), READINGS, ids=[f"{r[0].value}-{r[1]}" for r in READINGS]
)
def test_a_reading_is_found_where_gacrux_reads_so(
    rule: GacruxRule, name: str, line: int | None, column: int | None
) -> None:
    """The fixture gives the finding of its rule at its line (and column), and no refusal."""
    found = findings((FOLDER / name).read_bytes())
    assert [f for f in found if f.rule in gx.REFUSALS] == []
    places = [(f.line, f.column) for f in found if f.rule == rule]
    assert places, [f.rule for f in found]
    assert places[0][0] == line
    if column is not None:
        assert places[0][1] == column


def test_the_check_reports_gacrux_at_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check --readers gacrux``: a rating ``21x0`` is R201 at line 12, column 49, exit 1."""
    path = tmp_path / "rating.trf"
    path.write_bytes((FOLDER / "rating_nonnumeric.trf").read_bytes())
    assert main(["check", "--readers", "gacrux", str(path)]) == 1
    out = capsys.readouterr().out
    assert ":12:49: R201 gacrux refuses line 12: the rating '21x0'" in out
    main(["check", str(path)])
    assert "R201" not in capsys.readouterr().out
    listed = tmp_path / "listed.trf"
    listed.write_bytes((FOLDER / "r202_used_without_t.trf").read_bytes())
    main(["check", "--readers", "gacrux", str(listed)])
    assert ":15:5: R221 " in capsys.readouterr().out


def test_convert_for_gacrux_refuses_what_it_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``convert --to trf26 --for gacrux``: a 240 of type U is exit 2, nothing written, why."""
    target = tmp_path / "out.trf"
    source = FOLDER / "r240_type_U.trf"
    argv = ["convert", str(source), "--to", "trf26", "--for", "gacrux", "-o", str(target)]
    assert main(argv) == 2
    assert not target.exists()
    err = capsys.readouterr().err
    assert "(converted line 16): gacrux refuses line 16: its bye type (column 5) is 'U'" in err
    assert "not written (--for gacrux): gacrux would refuse the converted file" in err
    argv[1] = str(FOLDER / "ok.trf")
    assert main(argv) == 0
    assert [f for f in findings(target.read_bytes()) if f.rule in gx.REFUSALS] == []
