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

import attrs

from trfkit.diagnostics import REPEATS, Diagnostic, Repeats, parse_rule
from trfkit.errors import DecodeError
from trfkit.model import Encoding

UTF8_BOM = codecs.BOM_UTF8
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_NEWLINE = re.compile(r"(\r\n|\r|\n)")




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
