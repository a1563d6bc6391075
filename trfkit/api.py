r"""The public API: reading and writing in the style of :mod:`json`, and checking.

>>> import trfkit
>>> result = trfkit.parse("012 Club Open\\n001    1 m    Doe, Jane\\n")
>>> result.tournament.players[0].name
'Doe, Jane'
>>> trfkit.dumps(result.tournament)
'012 Club Open\\n001    1 m    Doe, Jane\\n'
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from trfkit import TYPE_CHECKING
from trfkit.diagnostics import Diagnostic
from trfkit.trf.reader import ParseResult, load, loads, parse
from trfkit.trf.writer import dump, dump_bytes, dumps

if TYPE_CHECKING:
    from trfkit.checks import CheckOptions

__all__ = ["ParseResult", "check", "dump", "dump_bytes", "dumps", "load", "loads", "parse"]


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
    from trfkit.checks import INTERNAL, CheckOptions

    request = CheckRequest(
        options=options or CheckOptions(),
        select=tuple(select or ()),
        ignore=tuple(ignore or ()),
        encoding=encoding,
    )
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _names_a_file(source)):
        return list(check_file(os.fspath(source), request).diagnostics)
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
