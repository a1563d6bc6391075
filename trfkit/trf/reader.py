"""Bytes to lines to tokens to a Lark tree: decoding, the line lexer and the cached parser.

The pipeline is ``decode`` (bytes → text, encoding detected) → ``split_lines``
(text → lines with their terminators, kept for a lossless write) → the Lark LALR
parser over one token per line (:class:`LineLexer`, driven by the terminal
patterns of ``grammars/trf.lark``) → :mod:`trfkit.trf.transformer` (tree → model).
"""

from __future__ import annotations

import codecs
import functools
import gc
import hashlib
import operator
import os
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import lark
from lark.grammar import Rule
from lark.lexer import Lexer, Token

from trfkit import tablecache
from trfkit.cachedir import cache_dir
from trfkit.diagnostics import Diagnostic, parse_rule
from trfkit.model import Encoding, Record
from trfkit.trf.transformer import TrfTransformer

UTF8_BOM = codecs.BOM_UTF8
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_NEWLINE = re.compile(r"(\r\n|\r|\n)")
KEY_WIDTH = 4
"""The lexer classifies a line by its first four characters (code and column 4)."""


class DecodeError(ValueError):
    """The bytes are not text trfkit can read; the message says why."""


@attrs.frozen
class Decoded:
    """Text decoded from bytes, with how it was stored."""

    text: str
    encoding: Encoding


def _normalise_codec(name: str) -> str:
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise DecodeError(f"unknown encoding {name!r}") from None


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode a TRF file's bytes.

    Without *encoding*: UTF-8 (a leading BOM is remembered and removed) when the
    bytes are valid UTF-8, else Windows-1252 when they are valid there, else
    Latin-1 (which accepts every byte). Raises :class:`DecodeError` for binary
    data and for UTF-16, which TRF readers do not expect.
    """
    bom = data.startswith(UTF8_BOM)
    if encoding is not None:
        codec = _normalise_codec(encoding)
        body = data[len(UTF8_BOM) :] if bom and codec == "utf-8" else data
        try:
            text = body.decode(codec)
        except UnicodeDecodeError as exc:
            raise DecodeError(
                f"the file is not valid {codec}: byte {exc.start} cannot be decoded"
            ) from None
        if codec.startswith("utf-16") and text.startswith("\ufeff"):
            text, bom = text[1:], True
        return Decoded(text, _layout(text, codec, bom and codec.startswith("utf")))
    if data.startswith(_UTF16_BOMS):
        raise DecodeError(
            "the file is UTF-16 (it starts with a UTF-16 byte-order mark); "
            "save it as UTF-8, or read it with --encoding utf-16"
        )
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise DecodeError(f"the file is binary, not text (a NUL byte at offset {offset})")
    body = data[len(UTF8_BOM) :] if bom else data
    for codec in ("utf-8", "cp1252", "latin-1"):
        try:
            text = body.decode(codec)
        except UnicodeDecodeError:
            continue
        return Decoded(text, _layout(text, codec, bom))
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def _layout(text: str, codec: str, bom: bool) -> Encoding:
    """The dominant line ending and whether the text ends with one."""
    final = text.endswith(("\n", "\r"))
    if "\r" not in text:  # the common case: LF only (or no line end at all)
        newline = "\n"
    else:
        counts = {"\r\n": text.count("\r\n")}
        counts["\r"] = text.count("\r") - counts["\r\n"]
        counts["\n"] = text.count("\n") - counts["\r\n"]
        newline = max(("\n", "\r\n", "\r"), key=lambda k: counts[k])
    return _encoding(codec, bom, newline, final)


@functools.lru_cache(maxsize=64)
def _encoding(codec: str, bom: bool, newline: str, final: bool) -> Encoding:
    """One shared :class:`Encoding` per combination (a frozen value, made once)."""
    return Encoding(codec=codec, bom=bom, newline=newline, final_newline=final)


def split_lines(text: str) -> tuple[list[str], list[str]]:
    r"""Split *text* into lines and their terminators.

    A terminator is ``"\n"``, ``"\r\n"``, ``"\r"``, or ``""`` for a last line without one.
    """
    if "\r" not in text:
        lines = text.split("\n")
        newlines = ["\n"] * len(lines)
    else:
        parts = _NEWLINE.split(text)
        lines = parts[0::2]
        newlines = [*parts[1::2], ""]
    if lines[-1] == "":
        lines.pop()
        newlines.pop()
    else:
        newlines[-1] = ""
    return lines, newlines


def line_diagnostics(lines: list[str], newlines: list[str]) -> list[Diagnostic]:
    """Info diagnostics for mixed line endings and BOM characters inside the text."""
    found: list[Diagnostic] = []
    kinds = set(newlines)
    kinds.discard("")
    if len(kinds) > 1:
        names = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}
        listed = ", ".join(sorted(names[k] for k in kinds))
        found.append(
            parse_rule("P009").diagnostic(f"the file mixes line endings ({listed}); kept as is")
        )
    if not _has_inner_bom(lines):
        return found
    for number, line in enumerate(lines, 1):
        if "\ufeff" in line:
            found.append(
                parse_rule("P009").diagnostic(
                    "a byte-order mark (U+FEFF) stands inside the file; it is kept",
                    line=number,
                    column=line.index("\ufeff") + 1,
                )
            )
    return found


def _has_inner_bom(lines: list[str]) -> bool:
    """Whether any line holds U+FEFF (one scan of the joined text, not one per line)."""
    return "\ufeff" in "".join(lines)


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
        """The tokens of *data* (a list of lines), one per line, made column by column.

        The key of every line is looked up in the cache in one ``map``; only keys
        seen for the first time, unknown keys (which may be blank lines) and
        lines that start with a stray BOM take the per-line way.
        """
        lines: list[str] = data
        keys = list(map(_KEY, lines))
        if "\ufeff" in "".join(keys):  # a stray BOM (P009) must not hide the record code
            return self._lex_lines(lines)
        found = list(map(self._cache.get, keys))
        kinds: list[str] = found  # type: ignore[assignment]  # unless None is in found
        if None in found or "UNKNOWN" in found:
            classify = self.classify
            kinds = [
                kind if kind is not None and kind != "UNKNOWN" else classify(line)
                for kind, line in zip(found, lines, strict=True)
            ]
        return iter(_line_tokens(kinds, lines))

    def _lex_lines(self, lines: list[str]) -> Iterator[Token]:
        """One token per line, line by line (for files with a BOM at the start of a line)."""
        classify = self.classify
        token = _line_token
        for number, line in enumerate(lines, 1):
            if line.startswith("\ufeff"):
                line = line.lstrip("\ufeff")
            yield token(classify(line), line, number)


_KEY = operator.itemgetter(slice(0, KEY_WIDTH))
_TOKEN_SLOTS = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")
_new_str = str.__new__


def _line_token(kind: str, line: str, number: int) -> Token:
    """``Token(kind, line, line=number, column=1)``, made without Lark's generic constructor.

    Lark's ``Token(...)`` checks deprecated keywords and goes through two calls;
    this sets the same eight slots directly (a fifth of the cost, once per line).
    """
    token = _new_str(Token, line)
    token.type = kind
    token.value = line
    token.line = number
    token.column = 1
    token.start_pos = token.end_line = token.end_column = token.end_pos = None
    return token


def _line_tokens(kinds: list[str], lines: list[str]) -> list[Token]:
    """``[_line_token(k, l, n) for n, (k, l) in enumerate(zip(kinds, lines), 1)]``, by ``map``.

    (Filling the slots a column at a time through the slot descriptors costs
    twice as much: a plain attribute store in :func:`_line_token` is cheaper
    than a call of the descriptor's ``__set__``.)
    """
    return list(map(_line_token, kinds, lines, range(1, len(lines) + 1)))


if tuple(getattr(Token, "__slots__", ())) != _TOKEN_SLOTS:  # pragma: no cover - another Lark

    def _line_token(kind: str, line: str, number: int) -> Token:
        return Token(kind, line, line=number, column=1)


@functools.cache
def _grammar_text() -> str:
    """The grammar, from the installed package or else the source checkout."""
    here = Path(__file__).resolve().parent
    packaged = here.parent / "grammars" / "trf.lark"  # an installed wheel
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (here.parent.parent / "grammars" / "trf.lark").read_text(encoding="utf-8")  # a checkout


@functools.cache
def parser() -> lark.Lark:
    """Build the tree-building TRF parser once per process."""
    return lark.Lark(_grammar_text(), parser="lalr", lexer=LineLexer)


def parse_tree(lines: list[str]) -> lark.Tree[Token]:
    """The Lark tree of a list of lines: one subtree per record."""
    return parser().parse(lines)  # type: ignore[arg-type,unused-ignore]


_LOCAL = threading.local()


def _cache_file() -> str | bool:
    """Where Lark may keep the analysed grammar between runs (a third of the start-up).

    A file in the user's own cache folder (``$TRFKIT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/trfkit``, else ``~/.cache/trfkit``), named after the grammar's
    hash and Lark's version; never in the installed package and never in the
    shared temporary folder. ``TRFKIT_NO_CACHE=1`` turns it off; so does a folder
    that cannot be created. Lark ignores a cache file it cannot read.
    """
    base = cache_dir()
    if base is None:
        return False
    digest = hashlib.sha256(_grammar_text().encode("utf-8")).hexdigest()[:16]
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
    except OSError:
        return False
    if not os.access(base, os.W_OK):
        return False
    return os.path.join(base, f"trf-grammar-{digest}-lark{lark.__version__}.cache")


def parse_records(lines: list[str], newlines: list[str]) -> tuple[list[Record], list[Diagnostic]]:
    """Parse *lines* straight into records, with the transformer running inside the parser.

    The LALR parser calls the transformer as it reduces each rule, so no tree is
    built. The parser and its transformer are made once per thread, and the
    parse runs through :class:`_Driver` (Lark's parse table and callbacks, each
    step planned once) unless the installed Lark's internals differ.

    The cyclic garbage collector is paused while the records are made (and turned
    back on after, unless it was off already): reading allocates a few objects per
    record and creates no garbage cycles, but every few thousand
    allocations the collector would walk the whole growing model again, which
    costs a large file a third of its reading time.
    """
    state = getattr(_LOCAL, "state", None)
    if state is None:
        transformer = TrfTransformer([], [])
        cache = _cache_file()
        inline = lark.Lark(
            _grammar_text(),
            parser="lalr",
            lexer=LineLexer,
            transformer=transformer,
            cache=cache,
            _plugins=tablecache.plugins(cache),  # the parse table from trfkit's faster copy
        )
        _streamline(inline, transformer)
        state = _LOCAL.state = (inline, transformer, _Driver.of(inline) or inline.parse)
    inline, transformer, run = state
    transformer.begin(lines, newlines)
    pause = gc.isenabled()
    if pause:
        gc.disable()
    try:
        records: list[Record] = run(lines)  # type: ignore[arg-type,assignment,unused-ignore]
        return records, transformer.diagnostics
    finally:
        if pause:
            gc.enable()
        transformer.begin([], [])


class _Reduction:
    """A reduce action of the parse table: the rule's origin and expansion, nothing else.

    Lark's :class:`lark.grammar.Rule` hashes and compares in Python, and its LALR
    loop hashes the rule of every reduction (to find its callback) and compares
    it with the end state; this stand-in does both in C, by identity.
    """

    __slots__ = ("expansion", "origin")

    def __init__(self, origin: Any, expansion: Any) -> None:
        self.origin = origin
        self.expansion = expansion


def _append(values: list[Any]) -> list[Any]:
    """The repetition of ``start``, one more record: ``records.append(record)``."""
    records: list[Any] = values[0]
    records.append(values[1])
    return records


def _streamline(inline: lark.Lark, transformer: TrfTransformer) -> None:
    """Take Lark's generic tree-shaping steps out of the per-line work of *inline*.

    ``start``'s repetition is a helper rule (``__start_star_0``) that Lark reduces
    once per line through four Python calls (a child filter, a default callback,
    ``__default__``, a holder object); here its callback appends the record to
    one list, and ``start`` receives that list. The rule of each reduce action in
    the parse table is swapped for a :class:`_Reduction` stand-in with the same
    origin and expansion. Which action the table takes for which token, the
    grammar's rules, the record callbacks and Lark's LALR loop are unchanged;
    a Lark whose internals differ is left as it is. Only this thread's inline
    parser is changed (its table is its own; :func:`parser` builds another).
    """
    try:
        engine = inline.parser.parser.parser
        states = engine.parse_table.states
        callbacks = engine.callbacks
    except AttributeError:  # pragma: no cover - another Lark
        return
    if not isinstance(callbacks, dict) or not all(isinstance(k, Rule) for k in callbacks):
        return  # pragma: no cover - another Lark
    replaced: dict[Any, Any] = {}
    for rule, callback in callbacks.items():
        name = rule.origin.name
        helper = [s for s in rule.expansion if not s.is_term and s.name.startswith("__start")]
        if name.startswith("__start"):
            callback = _append if len(rule.expansion) == 2 else list
        elif name == "start":
            callback = _start_caller(transformer, bool(helper))
        replaced[rule] = (_Reduction(rule.origin, rule.expansion), callback)
    # The table's rules are the callbacks' own objects (both come from Lark's one list of
    # rules), so they are found by identity first: hashing a Rule is a Python call, and
    # the table holds seven thousand reduce actions. Equal actions are often one tuple
    # (trfkit.tablecache shares them): each is replaced once; the old one is kept alive
    # in `swapped` so that its id is not reused while the loop runs.
    by_identity = {id(rule): reduction for rule, (reduction, _) in replaced.items()}
    swapped: dict[int, tuple[Any, Any]] = {}
    for actions in states.values():
        for symbol, entry in actions.items():
            known = swapped.get(id(entry))
            if known is None:
                action, argument = entry
                reduction = by_identity.get(id(argument))
                if reduction is None and type(argument) is not int and argument in replaced:
                    reduction = replaced[argument][0]
                known = swapped[id(entry)] = (
                    entry,
                    entry if reduction is None else (action, reduction),
                )
            if known[1] is not entry:
                actions[symbol] = known[1]
    callbacks.clear()
    callbacks.update(replaced.values())


def _start_caller(transformer: TrfTransformer, repeated: bool) -> Callable[[list[Any]], Any]:
    """The callback of ``start``: the records gathered by the repetition, or none."""
    start = transformer.start
    if repeated:
        return lambda values: start(values[0])
    return lambda values: start([])


class _Driver:
    """Lark's LALR loop over this grammar's line tokens, each step planned once from its table.

    Lark's ``feed_token`` looks up the action of the token in the parse table,
    and for every reduction slices the value stack, calls the rule's callback
    and looks up the goto state, once per line and rule. Which actions follow
    depends only on the state stack and the token's type, and the stack of this
    grammar stays a few states deep, so here the actions are worked out from
    the same table the first time a (stack, token type) pair occurs and kept as
    a *step*: the callbacks to call, their arities and the next stack's row.
    Each token then costs one dict look-up, and the callbacks are Lark's own
    (as :func:`_streamline` left them), called in the same order on the same
    values; only :func:`_append`, trfkit's own callback of the repetition, is
    done in place, as it would do it, rather than called. :meth:`of` gives
    ``None`` for a Lark whose internals differ, and the caller keeps Lark's own
    loop.
    """

    _DEEPEST = 32
    """Stacks deeper than this are planned again for every token rather than kept."""

    def __init__(self, lexer: LineLexer, engine: Any, shift: Any) -> None:
        table = engine.parse_table
        self._lex = lexer.lex
        self._states: dict[Any, dict[str, tuple[Any, Any]]] = table.states
        self._callbacks: dict[Any, Callable[[list[Any]], Any]] = engine.callbacks
        self._shift = shift
        self._end: Any = table.end_states["start"]
        self._rows: dict[tuple[Any, ...], _Row] = {}
        self._first = self._row((table.start_states["start"],))

    @classmethod
    def of(cls, inline: lark.Lark) -> _Driver | None:
        """The driver of *inline*'s parse table and callbacks, if its Lark is the known one."""
        try:
            from lark.parsers.lalr_analysis import Shift
            from lark.parsers.lalr_parser import _Parser

            frontend = inline.parser
            lexer = frontend.lexer.lexer  # the LineLexer inside Lark's wrapper
            engine = frontend.parser.parser
            table = engine.parse_table
            ok = (
                isinstance(lexer, LineLexer)
                and type(engine) is _Parser
                and isinstance(table.states, dict)
                and list(table.start_states) == ["start"]
                and not frontend.lexer_conf.postlex
                and isinstance(engine.callbacks, dict)
                and all(isinstance(k, _Reduction) for k in engine.callbacks)
            )
        except (AttributeError, ImportError, TypeError):  # pragma: no cover - another Lark
            return None
        return cls(lexer, engine, Shift) if ok else None

    def __call__(self, lines: list[str]) -> Any:
        """Parse *lines*: the value of ``start`` (Lark's ``parse`` with this inline parser)."""
        values: list[Any] = []
        push, pop = values.append, values.pop
        row: Any = self._first  # a _Row (only the step of $END has none)
        token = None
        for token in self._lex(lines):
            step = row.get(token.type)
            if step is None:
                step = self._plan(row, token)
            reductions, row = step
            for size, callback in reductions:
                if size == 1:  # a record's rule: one token
                    values[-1] = callback([values[-1]])
                elif callback is _append:  # start's repetition: the record joins the list
                    record = pop()
                    values[-1].append(record)
                elif size:
                    values[-size:] = [callback(values[-size:])]
                else:
                    push(callback([]))
            push(token)
        end = Token.new_borrow_pos("$END", "", token) if token else Token("$END", "", 0, 1, 1)
        for size, callback in (row.get("$END") or self._plan(row, end))[0]:
            if size:
                values[-size:] = [callback(values[-size:])]
            else:
                values.append(callback([]))
        return values[-1]

    def _row(self, stack: tuple[Any, ...]) -> _Row:
        """The row of *stack*: one made for it before, else a new empty one."""
        row = self._rows.get(stack)
        if row is None:
            row = _Row(stack)
            if len(stack) <= self._DEEPEST:
                self._rows[stack] = row
        return row

    def _plan(self, row: _Row, token: Token) -> _Step:
        """The step of *token* from *row*'s stack, worked out as Lark's ``feed_token`` would.

        A step is the reductions ``(size, callback)`` to make before the token is
        shifted, and the row of the stack after the shift (for ``$END``: the
        reductions until the end state, and no row).
        """
        states = self._states
        stack = list(row.stack)
        kind = token.type
        is_end = kind == "$END"
        reductions: list[tuple[int, Callable[[list[Any]], Any]]] = []
        step: _Step
        while True:
            try:
                action, argument = states[stack[-1]][kind]
            except KeyError:  # pragma: no cover - the grammar takes every token in any order
                expected = {s for s in states[stack[-1]] if s.isupper()}
                raise lark.exceptions.UnexpectedToken(token, expected) from None  # type: ignore[no-untyped-call]
            if action is self._shift:
                stack.append(argument)
                step = (tuple(reductions), self._row(tuple(stack)))
                break
            size = len(argument.expansion)
            if size:
                del stack[-size:]
            reductions.append((size, self._callbacks[argument]))
            stack.append(states[stack[-1]][argument.origin.name][1])
            if is_end and stack[-1] == self._end:
                step = (tuple(reductions), None)
                break
        if row is self._rows.get(row.stack):
            row[kind] = step
        return step


_Step = tuple[tuple[tuple[int, Callable[[list[Any]], Any]], ...], "_Row | None"]
"""What :class:`_Driver` does for one token: the reductions, then the next row (none at the end)."""


class _Row(dict[str, Any]):
    """The steps of :class:`_Driver` from one state stack, by token type (filled as met)."""

    __slots__ = ("stack",)

    def __init__(self, stack: tuple[Any, ...]) -> None:
        super().__init__()
        self.stack = stack
