"""Bytes to text to lines: decoding, line splitting and the diagnostics of the lines.

The first steps of reading: :func:`decode` (bytes → text, encoding detected),
then :func:`split_lines` (text → lines with their terminators, kept for a
lossless write) and :func:`line_diagnostics` (mixed line endings, stray BOMs).
:mod:`trfkit.trf.reader` parses the lines.
"""

from __future__ import annotations

import codecs
import functools
import re
import sys
from typing import NamedTuple

from trfkit.diagnostics import REPEATS, Diagnostic, Repeats, parse_rule
from trfkit.errors import CodecError, DecodeError
from trfkit.model import Encoding
from trfkit.untrusted import text_codec

UTF8_BOM = codecs.BOM_UTF8
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_NEWLINE = re.compile(r"(\r\n|\r|\n)")
_SURROGATE = "[\ud800-\udfff]"
"""A lone surrogate (a pattern, compiled when a text that is not ASCII is first checked)."""


class Decoded(NamedTuple):
    """Text decoded from bytes, with how it was stored."""

    text: str
    encoding: Encoding


def _normalise_codec(name: str) -> str:
    try:
        return text_codec(name)
    except CodecError as exc:
        raise DecodeError(str(exc)) from None


def check_characters(text: str) -> None:
    """Raise :class:`DecodeError` when *text* holds a lone surrogate, which is no character.

    Text given to the API, or decoded with a codec such as ``utf-7`` or ``unicode-escape``,
    can hold one; no encoding writes it, so it would fail every output. The message says
    where: line and column (the reading stops there, as for undecodable bytes).
    """
    if text.isascii():  # the common case, answered without a scan
        return
    found = re.search(_SURROGATE, text)
    if found is not None:
        line, column = _position(text, found.start())
        raise DecodeError(
            f"line {line}, column {column}: a lone surrogate (U+{ord(found.group()):04X}) "
            "is not a character; the text is not valid Unicode"
        )


def _position(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of *text*[*index*] (only when reporting a problem)."""
    parts = _NEWLINE.split(text[:index])  # the lines and their ends, alternately
    return len(parts) // 2 + 1, len(parts[-1]) + 1


def long_number(text: str, max_line_length: int) -> Diagnostic | None:
    """The P010 error of a number with more digits than :func:`int` converts, or ``None``.

    Python refuses to convert more than :func:`sys.get_int_max_str_digits` digits (4,300),
    a guard of its own against slow conversions. No field is that wide, but a field read
    to the end of its line (``XXS``, ``062``, a ``192`` code) is when ``--max-line-length``
    allows such a line; below that nothing is searched.
    """
    digits = sys.get_int_max_str_digits()
    if digits == 0 or max_line_length <= digits:
        return None
    # the look-behind starts a match at the first digit of a run only: linear in the text
    found = re.search(rf"(?<!\d)\d{{{digits + 1}}}", text)
    if found is None:
        return None
    run = re.match(r"\d+", text[found.start() :])
    count = run.end() if run else digits + 1
    line, column = _position(text, found.start())
    return parse_rule("P010").diagnostic(
        f"line {line} has a number of {count:,} digits, more than the {digits:,} Python "
        "converts (sys.get_int_max_str_digits()); the file was not read",
        line=line,
        column=column,
    )


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
        except UnicodeError as exc:  # a codec's own failure (punycode-like), with no position
            raise DecodeError(f"the file is not valid {codec}: {exc}") from None
        check_characters(text)
        if codec.startswith("utf-16") and text.startswith("\ufeff"):
            text, bom = text[1:], True
        return Decoded(text, layout(text, codec, bom and codec.startswith("utf")))
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
        return Decoded(text, layout(text, codec, bom))
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def layout(text: str, codec: str, bom: bool) -> Encoding:
    """How *text* was stored: *codec*, *bom*, its main line ending, whether it ends with one."""
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


def line_diagnostics(
    lines: list[str], newlines: list[str], repeats: int = REPEATS
) -> list[Diagnostic]:
    """Info diagnostics for mixed line endings and BOM characters inside the text.

    At most *repeats* BOM lines are listed, and one more counts the rest.
    """
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
    marks = Repeats(repeats)  # not one per line of a file of BOMs
    for number, line in enumerate(lines, 1):
        if "\ufeff" in line:
            marks.add(
                parse_rule("P009").diagnostic(
                    "a byte-order mark (U+FEFF) stands inside the file; it is kept",
                    line=number,
                    column=line.index("\ufeff") + 1,
                )
            )
    return found + marks.diagnostics()


def _has_inner_bom(lines: list[str]) -> bool:
    """Whether any line holds U+FEFF (one scan of the joined text, not one per line)."""
    return "\ufeff" in "".join(lines)
