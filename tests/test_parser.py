"""The line lexer's classification, and the garbage collector around a reading."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import lark
import pytest

from trfkit.api import parse
from trfkit.trf import reader as parser


@pytest.fixture(scope="module")
def lexer() -> parser.LineLexer:
    """A line lexer built from the grammar's terminals, as the parser builds it."""
    built = lark.Lark(parser._grammar_text(), parser="lalr", lexer=parser.LineLexer)
    return parser.LineLexer(built.lexer_conf)


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("012 Club Open", "TOURNAMENT_NAME"),
        ("012", "TOURNAMENT_NAME"),
        ("001    1 m    Doe", "PLAYER"),
        ("0012", "UNKNOWN"),  # no blank in column 4: not a 001 record
        ("XXR 9", "XX_ROUNDS"),  # priority 2 beats the federation pattern [A-Z]{3}
        ("NOR    1", "NATIONAL_RATING"),
        ("BBW  1.0", "BBP_POINTS"),
        ("BBX  1.0", "NATIONAL_RATING"),  # not a bbpPairings code, but three capitals
        ("### a comment", "COMMENT"),
        ("###", "COMMENT"),
        ("0123456789", "RULER"),
        ("0   ", "RULER"),
        ("abc def", "UNKNOWN"),
        ("   ", "BLANK"),
        ("", "BLANK"),
        ("\t", "BLANK"),
    ],
)
def test_lines_are_classified_by_the_grammar_patterns(
    lexer: parser.LineLexer, line: str, kind: str
) -> None:
    """Each line kind comes from its terminal in grammars/trf.lark, by priority."""
    assert lexer.classify(line) == kind


def test_every_literal_code_is_compared_not_compiled(lexer: parser.LineLexer) -> None:
    """The plain record codes (012, 001, XXR …) need no regular expression."""
    literal = {name for name, codes, _ in lexer._tests if codes is not None}
    assert {"TOURNAMENT_NAME", "PLAYER", "XX_ROUNDS", "TEAM26", "DATA_LINE"} <= literal
    assert {"COMMENT", "NATIONAL_RATING", "BBP_POINTS", "RULER"}.isdisjoint(literal)


@pytest.fixture
def collector() -> Iterator[None]:
    """Restores the collector's state after the test."""
    was = gc.isenabled()
    try:
        yield
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_the_collector_is_on_again_after_reading(collector: None) -> None:
    """Reading pauses the garbage collector and turns it back on."""
    gc.enable()
    parse("012 A\n001    1 m    Doe, Jane\n")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off(collector: None) -> None:
    """A program that turned the collector off finds it off after reading."""
    gc.disable()
    parse("012 A\n001    1 m    Doe, Jane\n")
    assert not gc.isenabled()


def test_the_collector_is_on_again_when_reading_fails(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even a reading that raises turns the collector back on."""
    gc.enable()
    parser.parse_records(["012 A"], ["\n"])  # make this thread's parser

    def broken(*args: object) -> None:
        raise RuntimeError("boom")

    inline, transformer, _ = parser._LOCAL.state
    monkeypatch.setattr(parser._LOCAL, "state", (inline, transformer, broken))
    with pytest.raises(RuntimeError):
        parser.parse_records(["012 A"], ["\n"])
    assert gc.isenabled()


def test_a_byte_order_mark_inside_the_file_is_reported_once_per_line() -> None:
    """P009 names each line that holds U+FEFF (the quick scan finds them)."""
    found = parser.line_diagnostics(["012 A", "022 \ufeffB", "032 C\ufeff"], ["\n"] * 3)
    assert [(d.code, d.line, d.column) for d in found] == [("P009", 2, 5), ("P009", 3, 6)]
    assert parser.line_diagnostics(["012 A", "022 B"], ["\n", "\r\n"])[0].code == "P009"
    assert parser.line_diagnostics(["012 A", "022 B"], ["\n", "\n"]) == []


def _player_line(rank: int, opponent: int) -> str:
    """A clean 001 line with one played round."""
    name = f"Player {rank}"
    fields = f"{name:<33} 1800 NOR     1000007 1987/09/23  1.0 {rank:4}"
    return f"001 {rank:4} m    {fields}  {opponent:4} w 1  "


_MIXED = [
    "012 Club Open",
    "### a comment",
    *(_player_line(rank, rank % 9 + 1) for rank in range(1, 10)),
    "",
    "0123456789",
    "XXR 1",
    "abc def",
    "NOR    1 m    Doe, Jane",
    "001    x",
]


def test_the_lean_loop_gives_what_larks_own_loop_gives() -> None:
    """Records and diagnostics of the planned steps equal those of Lark's ``parse``."""
    newlines = ["\n"] * len(_MIXED)
    records, diagnostics = parser.parse_records(_MIXED, newlines)
    inline, transformer, run = parser._LOCAL.state
    assert isinstance(run, parser._Driver)  # the Lark this project pins is the known one
    transformer.begin(_MIXED, newlines)
    try:
        expected = inline.parse(_MIXED)  # type: ignore[arg-type,unused-ignore]
        assert records == expected
        assert [r.source for r in records] != [] and all(
            r.source.line == e.source.line and r.source.text == e.source.text  # type: ignore[union-attr]
            for r, e in zip(records, expected, strict=True)
        )
        assert diagnostics == transformer.diagnostics
    finally:
        transformer.begin([], [])
    assert parser.parse_records([], [])[0] == []


def test_another_lark_keeps_its_own_loop() -> None:
    """A Lark object without the known internals gets no planned steps."""
    built = lark.Lark(parser._grammar_text(), parser="lalr", lexer=parser.LineLexer)
    assert parser._Driver.of(built) is None  # its callbacks are Lark's own rules
    assert parser._Driver.of(object()) is None  # type: ignore[arg-type]
