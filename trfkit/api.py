r"""The public reading and writing functions, in the style of :mod:`json`.

>>> import trfkit
>>> result = trfkit.parse("012 Club Open\\n001    1 m    Doe, Jane\\n")
>>> result.tournament.players[0].name
'Doe, Jane'
>>> trfkit.dumps(result.tournament)
'012 Club Open\\n001    1 m    Doe, Jane\\n'
"""

from __future__ import annotations

import functools
from typing import IO

import attrs

from trfkit.diagnostics import Diagnostic, Severity, parse_rule
from trfkit.errors import TrfSyntaxError
from trfkit.limits import Limits, check_size
from trfkit.model import Encoding, Tournament
from trfkit.trf import decode as _decode
from trfkit.trf import reader as _reader
from trfkit.trf.writer import encode, render, render_canonical


@attrs.frozen
class ParseResult:
    """What :func:`parse` returns: the model and everything the reader noticed.

    Attributes:
        tournament: The model (empty when the input could not be decoded).
        diagnostics: Located findings, sorted by line and column.
        encoding: How the input was stored (codec, BOM, line ending).
    """

    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...]
    encoding: Encoding

    @property
    def ok(self) -> bool:
        """True when no diagnostic is an error."""
        return all(d.severity < Severity.ERROR for d in self.diagnostics)


def parse(
    data: str | bytes,
    *,
    encoding: str | None = None,
    strict: bool = False,
    limits: Limits | None = None,
) -> ParseResult:
    """Read a TRF file's text or bytes leniently.

    Every problem becomes a diagnostic and reading goes on; nothing raises
    except in *strict* mode, where one :class:`~trfkit.errors.TrfSyntaxError`
    carries every warning and error.

    Args:
        data: The file's bytes (the encoding is detected) or text.
        encoding: Force this codec for bytes instead of detecting it.
        strict: Raise when any diagnostic is a warning or an error.
        limits: Size limits (the defaults of :class:`~trfkit.limits.Limits` when omitted).
    """
    limits = limits or _DEFAULT_LIMITS
    found: list[Diagnostic] = []
    if isinstance(data, bytes):
        problem = check_size(data, limits)
        if problem is not None:
            return _finish(Tournament(), [problem], Encoding(), strict)
        try:
            decoded = _decode.decode(data, encoding)
        except _decode.DecodeError as exc:
            return _finish(
                Tournament(), [parse_rule("P001").diagnostic(str(exc))], Encoding(), strict
            )
        text, enc = decoded.text, decoded.encoding
        found.append(_read_as(enc.codec, enc.bom, enc.newline))
    else:
        text = data
        bom = text.startswith("\ufeff")
        if bom:
            text = text[1:]
        enc = _decode.layout(text, "utf-8", bom)
        problem = check_size(text, limits)
        if problem is not None:
            return _finish(Tournament(), [problem], enc, strict)
    if not text:
        return _finish(Tournament(encoding=enc), found, enc, strict)
    lines, newlines = _decode.split_lines(text)
    problem = limits.check_lines(lines)
    if problem is not None:
        return _finish(Tournament(encoding=enc), [*found, problem], enc, strict)
    found.extend(_decode.line_diagnostics(lines, newlines))
    records, diagnostics = _reader.parse_records(lines, newlines)
    found.extend(diagnostics)
    tournament = Tournament(tuple(records), encoding=enc)
    problem = limits.check_tournament(tournament)
    if problem is not None:
        found.append(problem)
    return _finish(tournament, found, enc, strict)


_DEFAULT_LIMITS = Limits()
"""The limits of a reading that names none (frozen, so one value serves every reading)."""


@functools.lru_cache(maxsize=64)
def _read_as(codec: str, bom: bool, newline: str) -> Diagnostic:
    """The P002 note for an encoding: made once per encoding, as diagnostics are frozen values.

    Keyed by the three fields, which hash in C (an :class:`Encoding` hashes in Python).
    """
    names = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}
    marked = " with BOM" if bom else ""
    return parse_rule("P002").diagnostic(f"read as {codec}{marked}, {names[newline]} line endings")


def _finish(
    tournament: Tournament, found: list[Diagnostic], enc: Encoding, strict: bool
) -> ParseResult:
    diagnostics = tuple(sorted(found, key=lambda d: d.sort_key))
    if strict:
        serious = tuple(d for d in diagnostics if d.severity >= Severity.WARNING)
        if serious:
            raise TrfSyntaxError(serious)
    return ParseResult(tournament, diagnostics, enc)


def loads(data: str | bytes, *, encoding: str | None = None, strict: bool = False) -> Tournament:
    """The tournament in *data*; see :func:`parse` for the options."""
    return parse(data, encoding=encoding, strict=strict).tournament


def load(fp: IO[bytes], *, encoding: str | None = None, strict: bool = False) -> Tournament:
    """The tournament read from a binary file object."""
    return loads(fp.read(), encoding=encoding, strict=strict)


def dumps(tournament: Tournament, *, canonical: bool = False, newline: str = "\n") -> str:
    """The tournament as text: lossless by default, standard columns with *canonical*."""
    if canonical:
        return render_canonical(tournament, newline=newline)
    return render(tournament)


def dump_bytes(
    tournament: Tournament,
    *,
    canonical: bool = False,
    encoding: str | None = None,
    newline: str = "\n",
) -> bytes:
    """The tournament as bytes, in its own encoding unless *encoding* is given."""
    text = dumps(tournament, canonical=canonical, newline=newline)
    codec = encoding or tournament.encoding.codec
    if text.startswith("\ufeff") and not codec.replace("_", "-").lower().startswith("utf"):
        text = text[1:]
    return encode(text, codec)


def dump(tournament: Tournament, fp: IO[bytes], **options: object) -> None:
    """Write the tournament to a binary file object; options as :func:`dump_bytes`."""
    fp.write(dump_bytes(tournament, **options))  # type: ignore[arg-type]
