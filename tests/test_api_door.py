"""The API's door: every public function refuses arguments of the wrong type, by name (issue 28).

Each hostile call below answered with an ``AttributeError`` (or a wrong answer: ``check(123)``
read 123 zero bytes, ``convert(t, 26)`` converted to TRF16) before the door was built. Each
must now raise the exception of its row, whose message names the argument (and what was
given); an :class:`~trfkit.errors.ArgumentTypeError` is a ``TypeError`` and a ``TrfError``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import trfkit
from trfkit import formats as cv
from trfkit.compute.tiebreaks import TieBreakOptions
from trfkit.errors import (
    ArgumentTypeError,
    LimitExceeded,
    ResourceError,
    TrfError,
    UsageError,
    WriteError,
)
from trfkit.formats import csvform, jsonform
from trfkit.limits import Limits

ROOT = Path(__file__).resolve().parent.parent
TEXT = "012 Club Open\n001    1 m    Doe, Jane\n001    2 m    Roe, Rob\n"
T = trfkit.loads(TEXT)
RESULT = trfkit.parse(TEXT)


class _ReadsInt:
    """A file object whose read() gives an int."""

    def read(self, size: int = -1) -> int:
        return 5


class _Writes:
    """A file object with write() but nothing else: accepted by dump."""

    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes) -> int:
        self.data += data
        return len(data)


TYPE = ArgumentTypeError
Call = Callable[[], object]
A: Any = trfkit
C: Any = cv
J: Any = jsonform
V: Any = csvform
"""The modules called with wrong types, as ``Any``: the calls are wrong on purpose."""


def row(
    label: str, call: Call, error: type[Exception], *fragments: str
) -> tuple[str, Call, type[Exception], tuple[str, ...]]:
    """One hostile call: its label, the call, the exception and its message's fragments."""
    return label, call, error, fragments


HOSTILE: list[tuple[str, Call, type[Exception], tuple[str, ...]]] = [
    # parse
    row("parse(None)", lambda: A.parse(None), TYPE, "parse()", "data", "not None"),
    row("parse(123)", lambda: A.parse(123), TYPE, "data", "str or bytes", "not int"),
    row("parse([text])", lambda: A.parse([TEXT]), TYPE, "data", "not list"),
    row("parse(3.5)", lambda: A.parse(3.5), TYPE, "data", "not float"),
    row("parse(encoding=5)", lambda: A.parse(TEXT, encoding=5), TYPE, "encoding", "not int"),
    row("parse(limits={})", lambda: A.parse(TEXT, limits={}), TYPE, "limits", "Limits", "not dict"),
    row(
        "parse(strict='yes')", lambda: A.parse(TEXT, strict="yes"), TYPE, "strict", "not str 'yes'"
    ),
    # loads
    row("loads(None)", lambda: A.loads(None), TYPE, "loads()", "data", "not None"),
    row("loads(Fraction)", lambda: A.loads(Fraction(1, 2)), TYPE, "data", "not Fraction"),
    row("loads(limits=5)", lambda: A.loads(TEXT, limits=5), TYPE, "limits", "not int"),
    row("loads(strict=1)", lambda: A.loads(TEXT, strict=1), TYPE, "strict", "not int"),
    # load
    row("load(None)", lambda: A.load(None), TYPE, "load()", "fp", "read()", "not None"),
    row(
        "load('event.trf')",
        lambda: A.load("event.trf"),
        TYPE,
        "fp",
        "no path",
        "'rb'",
        "str 'event.trf'",
    ),
    row(
        "load(Path)",
        lambda: A.load(Path("event.trf")),
        TYPE,
        "fp",
        "no path",
        "PosixPath" if os.name == "posix" else "Path",
    ),
    row("load(bytes)", lambda: A.load(TEXT.encode()), TYPE, "fp", "not bytes"),
    row("load(read gives int)", lambda: A.load(_ReadsInt()), TYPE, "fp.read()", "int"),
    row(
        "load(limits='big')",
        lambda: A.load(io.BytesIO(b""), limits="big"),
        TYPE,
        "limits",
        "str 'big'",
    ),
    row(
        "load(encoding=b'')",
        lambda: A.load(io.BytesIO(b""), encoding=b"latin-1"),
        TYPE,
        "encoding",
        "bytes",
    ),
    # dumps
    row("dumps('text')", lambda: A.dumps("text"), TYPE, "dumps()", "tournament", "str 'text'"),
    row("dumps(None)", lambda: A.dumps(None), TYPE, "tournament", "not None"),
    row(
        "dumps(ParseResult)",
        lambda: A.dumps(RESULT),
        TYPE,
        "tournament",
        ".tournament",
        "ParseResult",
    ),
    row("dumps(canonical='y')", lambda: A.dumps(T, canonical="y"), TYPE, "canonical", "str 'y'"),
    row(
        "dumps(newline=1)",
        lambda: A.dumps(T, canonical=True, newline=1),
        TYPE,
        "newline",
        "not int",
    ),
    row(
        "dumps(newline='\\t')",
        lambda: A.dumps(T, canonical=True, newline="\t"),
        WriteError,
        "newline",
        "'\\t'",
    ),
    # dump_bytes
    row(
        "dump_bytes(b'raw')",
        lambda: A.dump_bytes(b"raw"),
        TYPE,
        "dump_bytes()",
        "tournament",
        "bytes",
    ),
    row("dump_bytes(encoding=8)", lambda: A.dump_bytes(T, encoding=8), TYPE, "encoding", "not int"),
    row(
        "dump_bytes(canonical=None)",
        lambda: A.dump_bytes(T, canonical=None),
        TYPE,
        "canonical",
        "None",
    ),
    # dump
    row("dump(None, fp)", lambda: A.dump(None, io.BytesIO()), TYPE, "dump()", "tournament", "None"),
    row("dump(t, None)", lambda: A.dump(T, None), TYPE, "fp", "write()", "not None"),
    row("dump(t, 'out.trf')", lambda: A.dump(T, "out.trf"), TYPE, "fp", "no path", "'wb'"),
    row(
        "dump(t, StringIO)", lambda: A.dump(T, io.StringIO()), TYPE, "fp", "text stream", "StringIO"
    ),
    row(
        "dump(t, fp, bogus=1)",
        lambda: A.dump(T, io.BytesIO(), bogus=1),
        TypeError,
        "dump()",
        "bogus",
    ),
    # standings
    row("standings(None)", lambda: A.standings(None), TYPE, "standings()", "tournament"),
    row("standings(text)", lambda: A.standings(TEXT), TYPE, "standings()", "trfkit.loads"),
    row(
        "standings(tiebreaks=5)",
        lambda: A.standings(A.loads(TEXT), 5),
        TYPE,
        "standings()",
        "tiebreaks",
    ),
    row(
        "standings(options={})",
        lambda: A.standings(A.loads(TEXT), options={}),
        TYPE,
        "standings()",
        "options",
        "TieBreakOptions",
    ),
    # fix
    row("fix(None)", lambda: A.fix(None), TYPE, "fix()", "tournament", "not None"),
    row("fix(text)", lambda: A.fix(TEXT), TYPE, "fix()", "tournament", "trfkit.loads"),
    row("fix(select=5)", lambda: A.fix(A.loads(TEXT), select=5), TYPE, "fix()", "select"),
    row(
        "fix(options={})",
        lambda: A.fix(A.loads(TEXT), options={}),
        TYPE,
        "fix()",
        "options",
        "CheckOptions",
    ),
    # convert
    row(
        "convert(None, 'trf26')",
        lambda: A.convert(None, "trf26"),
        TYPE,
        "convert()",
        "tournament",
        "not None",
    ),
    row("convert(text, 'trf26')", lambda: A.convert(TEXT, "trf26"), TYPE, "trfkit.loads"),
    row("convert(t, 26)", lambda: A.convert(T, 26), TYPE, "target", "'trf26'", "not int"),
    row("convert(t, None)", lambda: A.convert(T, None), TYPE, "target", "not None"),
    row("convert(t, 'trf99')", lambda: A.convert(T, "trf99"), UsageError, "target", "'trf99'"),
    row(
        "convert(t, options={})",
        lambda: A.convert(T, "trf26", options={}),
        TYPE,
        "options",
        "ConvertOptions",
        "not dict",
    ),
    # check
    row("check(None)", lambda: A.check(None), TYPE, "check()", "source", "not None"),
    row("check(123)", lambda: A.check(123), TYPE, "source", "not int"),
    row("check([text])", lambda: A.check([TEXT]), TYPE, "source", "not list"),
    row("check(select=5)", lambda: A.check(TEXT, select=5), TYPE, "select", "not int"),
    row("check(select=[1])", lambda: A.check(TEXT, select=[1]), TYPE, "select[0]", "not int"),
    row("check(ignore=3.0)", lambda: A.check(TEXT, ignore=3.0), TYPE, "ignore", "not float"),
    row("check(ignore=b'B')", lambda: A.check(TEXT, ignore=b"B"), TYPE, "ignore", "bytes"),
    row(
        "check(options='strict')",
        lambda: A.check(TEXT, options="strict"),
        TYPE,
        "options",
        "CheckOptions",
        "str 'strict'",
    ),
    row(
        "check(options=TieBreakOptions)",
        lambda: A.check(TEXT, options=TieBreakOptions()),
        TYPE,
        "options",
        "CheckOptions(tiebreak=",
        "TieBreakOptions",
    ),
    row(
        "check(encoding=1)", lambda: A.check(TEXT.encode(), encoding=1), TYPE, "encoding", "not int"
    ),
    # the conversions
    row(
        "formats.convert('x', 'trf26')",
        lambda: C.convert("x", "trf26"),
        TYPE,
        "convert()",
        "tournament",
        "str 'x'",
    ),
    row("formats.convert(t, 26)", lambda: C.convert(T, 26), TYPE, "target", "'trf26'", "not int"),
    row(
        "formats.convert(t, 'trf99')",
        lambda: C.convert(T, "trf99"),
        UsageError,
        "target",
        "'trf99'",
    ),
    row(
        "formats.convert(options={})",
        lambda: C.convert(T, "trf26", options={}),
        TYPE,
        "options",
        "ConvertOptions",
        "dict",
    ),
    row("to_trf26(None)", lambda: C.to_trf26(None), TYPE, "to_trf26()", "tournament", "None"),
    row(
        "to_trf16(options='x')",
        lambda: C.to_trf16(T, options="x"),
        TYPE,
        "to_trf16()",
        "options",
        "str 'x'",
    ),
    row(
        "render_trf('text')",
        lambda: C.render_trf("text"),
        TYPE,
        "render_trf()",
        "conversion",
        "str 'text'",
    ),
    row("render_trf(newline=1)", lambda: C.render_trf(T, newline=1), TYPE, "newline", "not int"),
    row(
        "render_trf(comments='y')",
        lambda: C.render_trf(T, comments="y"),
        TYPE,
        "comments",
        "str 'y'",
    ),
    row(
        "schedule_code(None)",
        lambda: C.schedule_code(None, team=False),
        TYPE,
        "schedule_code()",
        "tournament",
    ),
    row(
        "type_code(None)",
        lambda: C.type_code(None, team=False),
        TYPE,
        "type_code()",
        "text",
        "None",
    ),
    row("type_code(team='no')", lambda: C.type_code("Swiss", team="no"), TYPE, "team", "str 'no'"),
    row("jsonform.dumps('x')", lambda: J.dumps("x"), TYPE, "jsonform.dumps()", "tournament"),
    row("jsonform.loads(None)", lambda: J.loads(None), TYPE, "jsonform.loads()", "text", "None"),
    row("jsonform.loads(limits=1)", lambda: J.loads("{}", limits=1), TYPE, "limits", "not int"),
    row("csvform.dumps('x')", lambda: V.dumps("x"), TYPE, "csvform.dumps()", "tournament"),
    row(
        "csvform.dump_bytes(t, 1)", lambda: V.dump_bytes(T, 1), TYPE, "options", "CsvOptions", "int"
    ),
]
"""The hostile calls: (label, call, the exception, fragments its message must hold)."""


def test_the_table_covers_every_public_function() -> None:
    """At least 42 hostile calls, and every function of trfkit's __all__ is among them."""
    assert len(HOSTILE) >= 42
    labels = " ".join(label for label, *_ in HOSTILE)
    functions = [n for n in trfkit.__all__ if n[0].islower() and not n.startswith("__")]
    assert functions == [
        "check", "convert", "dump", "dump_bytes", "dumps", "fix", "load", "loads", "parse",
        "standings",
    ]  # fmt: skip
    assert all(f"{name}(" in labels for name in functions)


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [pytest.param(call, error, fragments, id=label) for label, call, error, fragments in HOSTILE],
)
def test_a_hostile_call_is_refused_by_name(
    call: Call, error: type[Exception], fragments: tuple[str, ...]
) -> None:
    """The call raises its row's exception, never AttributeError, naming the argument."""
    with pytest.raises(error) as caught:
        call()
    assert not isinstance(caught.value, AttributeError)
    assert isinstance(caught.value, TrfError) or type(caught.value) is TypeError
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_an_argument_type_error_is_a_type_error_and_a_trf_error() -> None:
    """Callers catching TypeError, or every failure of trfkit as TrfError, catch it."""
    with pytest.raises(TypeError):
        trfkit.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TrfError):
        trfkit.parse(None)  # type: ignore[arg-type]


def test_a_long_text_given_is_clipped_in_the_message() -> None:
    """A 1 MB string given for a tournament is shown by its first 40 characters only."""
    with pytest.raises(ArgumentTypeError) as caught:
        trfkit.dumps("x" * 1_000_000)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200
    assert "'" + "x" * 40 + "'…" in str(caught.value)


# --- what the door lets through, as before -------------------------------------------------


def test_correct_calls_answer_as_before() -> None:
    """Bytes-like data, a text stream, a str select and a duck-typed file are accepted."""
    assert trfkit.parse(bytearray(TEXT.encode())).tournament == T
    assert trfkit.parse(memoryview(TEXT.encode())).tournament == T
    assert trfkit.load(io.StringIO(TEXT)) == T
    sink = _Writes()
    trfkit.dump(T, sink)  # type: ignore[arg-type]
    assert sink.data == TEXT.encode()
    assert trfkit.dumps(T, canonical=True, newline="\r\n") == TEXT.replace("\n", "\r\n")
    assert cv.convert(T, None).tournament is T


def test_a_string_select_is_comma_separated_codes() -> None:
    """select='duplicate-start-rank' is one selector (as --select), not its letters (p: P002)."""
    text = "012 A\n001    1\n001    1\n"
    assert [d.code for d in trfkit.check(text, select="duplicate-start-rank")] == ["S001"]
    found = trfkit.check(text, select="duplicate-start-rank, P002")
    assert sorted(d.code for d in found) == ["P002", "S001"]


# --- load is bounded -------------------------------------------------------------------------


class _Zeros(io.RawIOBase):
    """A binary stream of *size* zero bytes (``None``: without end), counting what was read."""

    def __init__(self, size: int | None) -> None:
        self.left = size
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = len(buffer) if self.left is None else min(len(buffer), self.left)
        buffer[:count] = bytes(count)
        if self.left is not None:
            self.left -= count
        self.read_bytes += count
        return count


def test_load_reads_at_most_the_limit_and_one_byte() -> None:
    """A stream without end under max_bytes=1,000,000: 1,000,001 bytes read, then refused."""
    stream = _Zeros(None)
    with pytest.raises(LimitExceeded) as caught:
        trfkit.load(stream, limits=Limits(max_bytes=1_000_000))  # type: ignore[arg-type]
    assert stream.read_bytes == 1_000_001
    assert "1,000,000" in str(caught.value) and "max_bytes" in str(caught.value)
    assert isinstance(caught.value, ResourceError)


def test_load_of_a_stream_longer_than_the_default_limit_is_refused() -> None:
    """74 MiB (64 MiB is the default limit): refused with the limit named, not read whole."""
    stream = _Zeros(74 * 2**20)
    with pytest.raises(LimitExceeded) as caught:
        trfkit.load(stream)  # type: ignore[arg-type]
    assert stream.read_bytes == 64 * 2**20 + 1
    assert "67,108,864" in str(caught.value)


def test_load_at_the_limit_reads_the_file() -> None:
    """A file of exactly max_bytes is read as before."""
    data = TEXT.encode()
    assert trfkit.load(io.BytesIO(data), limits=Limits(max_bytes=len(data))) == T


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_load_of_dev_zero_is_refused_quickly_in_bounded_memory() -> None:
    """The issue's call, in a process of at most 1 GiB: LimitExceeded naming the limit."""
    script = (
        "import resource, trfkit\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "try:\n"
        "    trfkit.load(open('/dev/zero', 'rb'))\n"
        "except trfkit.TrfError as exc:\n"
        "    print(type(exc).__name__, exc)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert done.stdout.startswith("LimitExceeded "), done.stdout + done.stderr
    assert "67,108,864" in done.stdout and "Traceback" not in done.stderr
