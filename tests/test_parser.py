"""The line lexer's classification, the line diagnostics, and one parser for every thread."""

from __future__ import annotations

import sys
import threading

import lark
import pytest

from trfkit.api import parse
from trfkit.trf import decode, reader


@pytest.fixture(scope="module")
def lexer() -> reader.LineLexer:
    """A line lexer built from the grammar's terminals, as the parser builds it."""
    built = lark.Lark(reader.grammar_text(), parser="lalr", lexer="basic")
    return reader.LineLexer(built.terminals)


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
    lexer: reader.LineLexer, line: str, kind: str
) -> None:
    """Each line kind comes from its terminal in grammars/trf.lark, by priority."""
    assert lexer.classify(line) == kind


def test_every_literal_code_is_compared_not_compiled(lexer: reader.LineLexer) -> None:
    """The plain record codes (012, 001, XXR …) need no regular expression."""
    literal = {name for name, codes, _ in lexer._tests if codes is not None}
    assert {"TOURNAMENT_NAME", "PLAYER", "XX_ROUNDS", "TEAM26", "DATA_LINE"} <= literal
    assert {"COMMENT", "NATIONAL_RATING", "BBP_POINTS", "RULER"}.isdisjoint(literal)


def test_a_byte_order_mark_inside_the_file_is_reported_once_per_line() -> None:
    """P009 names each line that holds U+FEFF (the quick scan finds them)."""
    found = decode.line_diagnostics(["012 A", "022 \ufeffB", "032 C\ufeff"], ["\n"] * 3)
    assert [(d.code, d.line, d.column) for d in found] == [("P009", 2, 5), ("P009", 3, 6)]
    assert decode.line_diagnostics(["012 A", "022 B"], ["\n", "\r\n"])[0].code == "P009"
    assert decode.line_diagnostics(["012 A", "022 B"], ["\n", "\n"]) == []


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


def test_threads_share_one_parser_and_read_their_own_files() -> None:
    """Eight threads reading different files at once each get their own records and findings."""
    texts = {n: f"012 T{n}\n" + "\n".join(_MIXED[2 : 2 + n]) + "\n001    x\n" for n in range(1, 9)}
    alone = {n: parse(text) for n, text in texts.items()}
    found: dict[int, object] = {}

    def read(n: int) -> None:
        for _ in range(20):
            found[n] = parse(texts[n])

    threads = [threading.Thread(target=read, args=(n,)) for n in texts]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often: inside every reading
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert found == alone


def _hook() -> object:
    """``hatch_build.py`` from the repository (the wheel's build hook), loaded by path."""
    import importlib.util
    from pathlib import Path

    pytest.importorskip("hatchling")
    path = Path(__file__).resolve().parent.parent / "hatch_build.py"
    spec = importlib.util.spec_from_file_location("hatch_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_parser_tables_read_every_file_as_lark_builds_it(tmp_path: object) -> None:
    """The build hook's standalone parser reads files as the parser Lark builds does.

    Made from grammars/trf.lark by ``hatch_build.write_tables``; the fixtures and the corpus
    read to the same records, line for line.
    """
    import importlib.util
    from pathlib import Path

    from locations import CORPUS

    hook = _hook()
    grammar = Path(__file__).resolve().parent.parent / "grammars" / "trf.lark"
    made = hook.write_tables(grammar, Path(str(tmp_path)) / "parser_tables.py")  # type: ignore[attr-defined]
    spec = importlib.util.spec_from_file_location("parser_tables_test", made)
    assert spec is not None and spec.loader is not None
    tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tables)
    assert reader.grammar_text() == tables.GRAMMAR
    here = Path(__file__).resolve().parent.parent
    files = sorted((here / "fixtures").rglob("*.trf"))[:60] + sorted(CORPUS.glob("*.trf"))
    built = reader._parser()
    callbacks = reader._Appending(built[1], set(reader._ALIAS.findall(reader.grammar_text())))
    standalone = tables.Lark_StandAlone(transformer=callbacks)
    lexer = reader.LineLexer(standalone.terminals)

    def records(parser: object, lex: reader.LineLexer, lines: list[str], ends: list[str]) -> list:
        with built[1].reading(lines, ends):
            parsing = parser.parse_interactive()  # type: ignore[attr-defined]
            for token in lex.lex(lines):
                parsing.feed_token(token)
            return list(parsing.feed_token(reader._END))

    for path in files:
        lines, ends = decode.split_lines(decode.decode(path.read_bytes()).text)
        ours = records(standalone, lexer, lines, ends)
        assert ours == records(built[0], built[2], lines, ends), path.name
        assert len(ours) == len(lines)
    assert [t.name for t in standalone.terminals] == [t.name for t in built[0].terminals]


def test_the_installed_parser_tables_are_this_grammars() -> None:
    """In an installed wheel the parser comes from its tables, made from this grammar."""
    try:
        from trfkit.trf import parser_tables  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        pytest.skip("a source checkout: the tables are made when the wheel is built")
    assert reader.grammar_text() == parser_tables.GRAMMAR
    assert type(reader._parser()[0]).__module__ == "trfkit.trf.parser_tables"
