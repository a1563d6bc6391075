r"""Text that comes from a file or the command line, made safe to show, to parse and to use.

A TRF file, its name and the options of a run may all come from someone else (a federation's
batch auditor checks files anyone can submit). This module is the one place that decides:

- :func:`printable`: what a person sees. Control characters (C0, DEL, C1), the line and
  paragraph separators U+2028/U+2029, the bidirectional controls (U+061C, U+200E/F,
  U+202A-U+202E, U+2066-U+2069) and lone surrogates are written as ``\n``, ``\x1b`` or
  ``\u202e``, so a file name or a player's name can neither start a new output line (a
  forged finding, a forged ``::error`` workflow command) nor steer a terminal or reorder
  the text around it. Every text, GitHub and HTML output and every message on stderr
  passes through it. A backslash is kept as it is (Windows paths stay readable), so the
  escapes are unambiguous only for names without one.
- :func:`escape_json`: JSON text with those characters as ``\uXXXX`` escapes (JSON itself
  escapes only C0): the same values when read back, nothing raw on a terminal.
- :func:`load_json`: :func:`json.loads` whose two failures on hostile input that are no
  :class:`json.JSONDecodeError` (nesting deeper than the recursion limit, an integer of
  more digits than Python converts) become one, with the limit named.
- :func:`shown`: a value quoted in a message, cut short (a hostile document can hold a
  list of a million items, or one nested a thousand deep).
- :func:`text_codec`: a codec name that can read and write a text file line by line
  (``rot13``, ``base64``, ``undefined``, ``idna`` and ``punycode`` cannot).
"""

from __future__ import annotations

import codecs
import functools
import re
import reprlib
import sys
from typing import Any

from trfkit.errors import CodecError

__all__ = [
    "UNSAFE",
    "LongNumber",
    "escape_json",
    "load_json",
    "printable",
    "printable_lines",
    "shown",
    "text_codec",
]

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
UNSAFE = f"[\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI}\ud800-\udfff]"
"""What :func:`printable` escapes (a pattern): no output shows one of these characters raw.

Compiled when first needed (:func:`_compiled`): its ranges beyond Latin-1 cost a fifth
of a check's own start-up to compile, and ASCII text without a control character, most of
what is printed, is answered without it.
"""
_JSON_UNSAFE = f"[\x7f-\x9f\u2028\u2029{_BIDI}\ud800-\udfff]"
"""What :func:`escape_json` escapes: the same, less C0, which :mod:`json` escapes itself."""
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """*pattern* compiled once (``re.sub`` with a text pattern looks it up on every call)."""
    return re.compile(pattern)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    short = _SHORT.get(char)
    if short is not None:
        return short
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    r"""*text* with every control, separator, bidi control and lone surrogate escaped.

    >>> printable("a\n::error file=x::b\u202e")
    'a\\n::error file=x::b\\u202e'
    """
    if text.isascii() and text.isprintable():  # no ASCII control character: nothing to escape
        return text
    return _compiled(UNSAFE).sub(_escape, text)


def printable_lines(text: str) -> str:
    r"""*text* made of lines (``\n`` between them), each passed through :func:`printable`."""
    return "\n".join(map(printable, text.split("\n")))


def _escape_json(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def escape_json(text: str) -> str:
    r"""JSON text from :func:`json.dumps`, what :func:`printable` escapes written as ``\u`` escapes.

    Those characters only ever stand inside a JSON string, where an escape means the same.
    """
    return _compiled(_JSON_UNSAFE).sub(_escape_json, text)


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 60
_SHORT_REPR.maxlevel = 3


def shown(value: object) -> str:
    """``repr(value)`` for a message, at most about 60 characters per item and 3 levels deep."""
    return _SHORT_REPR.repr(value)


class LongNumber:
    """What :func:`load_json` puts in place of an integer too long to convert.

    It is no number, so whatever reads the document refuses it at its place, with
    ``repr`` saying what stood there.
    """

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def _int_or_long(text: str) -> int | LongNumber:
    try:
        return int(text)
    except ValueError:  # over sys.get_int_max_str_digits()
        return LongNumber(text)


def load_json(text: str) -> Any:
    """:func:`json.loads` that fails only with :class:`json.JSONDecodeError` on any text.

    Nesting deeper than the interpreter's recursion limit is refused; an integer of more
    digits than :func:`sys.get_int_max_str_digits` allows is read as a :class:`LongNumber`
    (the document is read again only then, so valid input costs nothing more).
    """
    import json  # not at the top: a check of a TRF file reads no JSON

    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        limit = sys.getrecursionlimit()
        raise json.JSONDecodeError(
            f"the JSON nests deeper than the {limit:,} levels it may have "
            "(the recursion limit)",
            text,
            0,
        ) from None
    except ValueError:  # an integer over the digit limit: read again, to say where
        return json.loads(text, parse_int=_int_or_long)


_PROBE = (
    "012 Club Open, 2024. Doe; Jane=1/2 (x)\r\n",
    "001    1 m    " + "Doe, Jane " * 8 + "\n",
    "XXR 9\n",
)
"""Lines a TRF codec must write and read back, one at a time as well as all at once."""


@functools.lru_cache(maxsize=32)
def text_codec(name: str) -> str:
    """The standard name of codec *name*, when it can read and write a TRF file.

    Checked through the public :mod:`codecs` API: the codec exists, encodes text to bytes
    and back (a bytes-to-bytes codec such as ``rot13`` or ``base64`` cannot), and encodes a
    file line by line as it encodes it whole (``punycode`` and ``idna`` do not).

    Raises:
        CodecError: When it cannot, saying why.
    """
    quoted = shown(name)
    try:
        standard = codecs.lookup(name).name
    except (LookupError, ValueError):  # ValueError: a NUL in the name
        raise CodecError(f"unknown encoding {quoted}") from None
    whole = "".join(_PROBE)
    try:
        data = whole.encode(standard)
        back = data.decode(standard)
        encoder = codecs.getincrementalencoder(standard)()
        pieces = b"".join(encoder.encode(line) for line in _PROBE) + encoder.encode("", True)
    except LookupError:  # str.encode refuses a codec that is not a text encoding
        raise CodecError(f"{quoted} is not a text encoding (it converts bytes to bytes)") from None
    except (UnicodeError, TypeError, ValueError):
        raise CodecError(f"{quoted} cannot write plain text such as a TRF file") from None
    if back != whole or pieces != data:
        raise CodecError(f"{quoted} cannot write a text file line by line, as TRF is written")
    return standard
