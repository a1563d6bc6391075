"""Lines to records: the line lexer and the Lark parser with the transformer inside.

:mod:`trfkit.trf.decode` turns bytes into lines; here the Lark LALR parser reads
them, one token per line (:class:`LineLexer`, driven by the terminal patterns of
``grammars/trf.lark``), and calls :mod:`trfkit.trf.transformer` as it reduces
each record's rule, so no tree is built.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lark
from lark.lexer import Lexer, Token

from trfkit.diagnostics import Diagnostic
from trfkit.model import Record
from trfkit.trf.transformer import TrfTransformer

KEY_WIDTH = 4
"""The lexer classifies a line by its first four characters (code and column 4)."""

_LITERAL_CODE = re.compile(r"([0-9A-Z#]{3})\(\ \.\*\)\?")
"""A terminal pattern that is a plain record code, ``012( .*)?``: compared, never compiled."""


@functools.cache
def _compiled(regexp: str) -> re.Pattern[str]:
    return re.compile(regexp)


class LineLexer(Lexer):
    """One token per line, typed by the grammar's terminal patterns.

    Each pattern of ``grammars/trf.lark`` is matched (``fullmatch``) against a
    line's first four characters; the highest priority wins. A pattern that is
    a plain record code (``012( .*)?``) is compared as text, the others are
    compiled when first needed (start-up pays for a few small patterns). The
    answer is cached per four-character key, so a file costs one dict look-up
    per line.
    """

    def __init__(self, lexer_conf: Any) -> None:
        terminals = sorted(lexer_conf.terminals, key=lambda t: -t.priority)
        self._tests: list[tuple[str, tuple[str, str] | None, str]] = []
        for t in terminals:
            if t.name in ("BLANK", "UNKNOWN"):
                continue
            regexp = t.pattern.to_regexp()
            literal = _LITERAL_CODE.fullmatch(regexp)
            codes = (literal.group(1), literal.group(1) + " ") if literal else None
            self._tests.append((t.name, codes, regexp))
        self._cache: dict[str, str] = {}

    def classify(self, line: str) -> str:
        """The terminal name of *line*."""
        key = line[:KEY_WIDTH]
        kind = self._cache.get(key)
        if kind is None:
            kind = "UNKNOWN"
            for name, codes, regexp in self._tests:
                if (key in codes) if codes is not None else _compiled(regexp).fullmatch(key):
                    kind = name
                    break
            if len(self._cache) < 100_000:
                self._cache[key] = kind
        if kind == "UNKNOWN" and not line.strip():
            return "BLANK"
        return kind

    def lex(self, data: Any) -> Iterator[Token]:  # type: ignore[override]
        """The tokens of *data* (a list of lines), one per line.

        A byte-order mark at the start of a line (P009) is left out of the
        token, so that it does not hide the record code.
        """
        classify = self.classify
        for number, line in enumerate(data, 1):
            if line.startswith("\ufeff"):
                line = line.lstrip("\ufeff")
            yield Token(classify(line), line, line=number, column=1)


@functools.cache
def grammar_text() -> str:
    """The grammar, from the installed package or else the source checkout."""
    here = Path(__file__).resolve().parent
    packaged = here.parent / "grammars" / "trf.lark"  # an installed wheel
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (here.parent.parent / "grammars" / "trf.lark").read_text(encoding="utf-8")  # a checkout


@functools.cache
def _parser() -> tuple[lark.Lark, TrfTransformer]:
    """The LALR parser with the transformer inline, built once per process.

    The transformer keeps the file being read per thread, so threads share
    this one parser (Lark keeps a parse's state in the call).
    """
    transformer = TrfTransformer()
    inline = lark.Lark(grammar_text(), parser="lalr", lexer=LineLexer, transformer=transformer)
    return inline, transformer


def parse_records(lines: list[str], newlines: list[str]) -> tuple[list[Record], list[Diagnostic]]:
    """The records of *lines* (terminators in *newlines*) and the diagnostics of reading them."""
    inline, transformer = _parser()
    with transformer.reading(lines, newlines) as diagnostics:
        records: list[Record] = inline.parse(lines)  # type: ignore[assignment]
    return records, diagnostics
