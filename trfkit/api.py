r"""The public API: reading and writing in the style of :mod:`json`, and checking.

>>> import trfkit
>>> result = trfkit.parse("012 Club Open\\n001    1 m    Doe, Jane\\n")
>>> result.tournament.players[0].name
'Doe, Jane'
>>> trfkit.dumps(result.tournament)
'012 Club Open\\n001    1 m    Doe, Jane\\n'
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ParamSpec, TypeVar

from trfkit import TYPE_CHECKING
from trfkit.diagnostics import Diagnostic, parse_rule
from trfkit.errors import CodecError, DecodeError, ResourceError
from trfkit.trf import reader, writer
from trfkit.trf.decode import check_characters
from trfkit.trf.reader import ParseResult

if TYPE_CHECKING:
    from trfkit.checks import CheckOptions

__all__ = ["ParseResult", "check", "dump", "dump_bytes", "dumps", "load", "loads", "parse"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _guarded(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """*function*, raising a :class:`~trfkit.errors.TrfError` where Python's own errors would.

    The API's promise: a caller that catches ``TrfError`` catches every failure of trfkit.
    Memory and recursion running out become :class:`~trfkit.errors.ResourceError`; a codec
    failing in a way the readers and writers did not foresee, :class:`CodecError`.
    """

    @functools.wraps(function)
    def guarded(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return function(*args, **kwargs)
        except MemoryError:
            # "from None": the traceback of the failed allocation holds what filled memory
            raise ResourceError("the input needs more memory than the process may use") from None
        except RecursionError:
            raise ResourceError(
                "the input nests deeper than the interpreter's recursion limit"
            ) from None
        except UnicodeError as exc:
            raise CodecError(f"a codec failed: {exc}") from None
        except LookupError as exc:
            if type(exc) is not LookupError:  # KeyError and IndexError are bugs, not input
                raise
            raise CodecError(str(exc)) from None

    return guarded


parse = _guarded(reader.parse)
loads = _guarded(reader.loads)
load = _guarded(reader.load)
dumps = _guarded(writer.dumps)
dump_bytes = _guarded(writer.dump_bytes)
dump = _guarded(writer.dump)


@_guarded
def check(
    source: str | bytes | os.PathLike[str],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    options: CheckOptions | None = None,
    encoding: str | None = None,
) -> list[Diagnostic]:
    r"""Read and check a TRF file in-process, as ``trfkit check`` does.

    >>> import trfkit
    >>> [d.code for d in trfkit.check("012 A\n001    1\n001    1\n", select=["S001"])]
    ['S001']

    Args:
        source: A path (:class:`os.PathLike`, or a one-line string naming an
            existing file or ending in ``.trf``, ``.trfx`` or ``.txt``), the
            file's bytes, or its text.
        select: Codes, prefixes or names to keep (all when omitted).
        ignore: Codes, prefixes or names to drop.
        options: Settings for the checks.
        encoding: Force a codec instead of detecting it.

    Returns:
        The reader's and the checks' diagnostics, sorted by position. A file
        that cannot be read is a ``P001`` diagnostic, never an exception, and
        a check that fails is an ``S999`` diagnostic.
    """
    # the checks are imported when first asked for: reading and writing do not need them
    from trfkit.audit import CheckRequest, check_bytes, check_file
    from trfkit.checks import INTERNAL, CheckOptions, selected

    request = CheckRequest(
        options=options or CheckOptions(),
        select=tuple(select or ()),
        ignore=tuple(ignore or ()),
        encoding=encoding,
    )
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _names_a_file(source)):
        return list(check_file(os.fspath(source), request).diagnostics)
    if isinstance(source, str):
        try:  # before encoding: a lone surrogate cannot be encoded, and is no character
            check_characters(source)
        except DecodeError as exc:
            unreadable = parse_rule("P001").diagnostic(str(exc))
            ignored = request.ignore and not selected(unreadable, None, request.ignore)
            return [] if ignored else [unreadable]
    data = source.encode("utf-8") if isinstance(source, str) else bytes(source)
    try:
        return list(check_bytes("<text>", data, request).diagnostics)
    except Exception as exc:  # the API reports, it does not raise
        message = f"trfkit failed on this input: {type(exc).__name__}: {exc}"
        return [INTERNAL.rule.diagnostic(message)]


TRF_SUFFIXES = (".trf", ".trfx", ".txt")


def _names_a_file(text: str) -> bool:
    """A one-line string naming an existing file, or a missing one with a TRF suffix.

    TRF text always has a line break, so a one-line string is a path when such a
    file exists, or when it ends like a TRF file name (then its absence is a
    ``P001`` diagnostic rather than a parse of the name as TRF).
    """
    if "\n" in text or "\r" in text or len(text) > 4096:
        return False
    if text.strip().lower().endswith(TRF_SUFFIXES):
        return True
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False
