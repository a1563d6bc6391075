"""A unified diff of a report and its fixed text, that ``patch`` applies (``fix --diff``).

Lines are split at line feeds and keep their endings (a CRLF file's diff carries CRLF
lines, as ``diff`` prints them), and a last line without one is followed by the marker
``No newline at end of file``, so that ``patch`` gives back the fixed file byte for byte.
"""

from __future__ import annotations

import difflib

from trfkit.untrusted import printable

NO_NEWLINE = "\\ No newline at end of file\n"


def unified(before: str, after: str, path: str, context: int = 3) -> str:
    """The diff of *before* and *after* (texts, endings kept), both named *path*.

    As ``diff -u FILE FIXED`` names them: ``patch -p0`` or ``patch FILE`` applies it.
    """
    old = _lines(before)
    new = _lines(after)
    shown = printable(path)
    out = []
    for line in difflib.unified_diff(old, new, shown, shown, n=context):
        if line.endswith("\n"):
            out.append(line)
        else:  # the last line of a file without a final line ending
            out.append(line + "\n" + NO_NEWLINE)
    return "".join(out)


def _lines(text: str) -> list[str]:
    """The lines of *text* as ``diff`` and ``patch`` count them, each with its ending.

    A line ends at a line feed (a CRLF line keeps its CR); :meth:`str.splitlines` would
    also break at a form feed or a separator.
    """
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
