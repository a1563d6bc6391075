"""Diagnostics: located, immutable findings with a stable code.

Codes are a family letter and three digits, never reused or renumbered:

- ``P`` reading (decoding, unknown lines, fields that are not what their columns hold);
- ``S`` structure and consistency of the report (symmetry, counts, points, ranks);
- ``B`` round-robin schedules against the FIDE Berger tables (C.05 Annex 1);
- ``T`` tie-breaks and standings (C.07);
- ``M`` team events: declared team points, ranks and rows, boards, byes (team *matches*);
- ``E`` defects that exporters are known for;
- ``R`` what a named reader (bbpPairings, gacrux) will refuse (``check --readers``);
- ``C`` root causes: one finding for many with one cause, the others kept as its
  instances (:mod:`trfkit.checks.causes`);
- ``X`` reserved for third-party plugins.

Each code has a kebab-case name (``--select`` and ``--ignore`` take either).
Lines and columns are 1-based; a column points at the start of the field concerned.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable, Collection, Iterable

import attrs

from trfkit.values import Value


def _int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _diagnostics(values: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    return tuple(values)


def line_ranges(lines: Iterable[int], most: int = 8) -> str:
    """``3-5, 9, 12`` of *lines* in file order (the first *most* runs, then ``…``).

    How a finding repeated on many lines names them all in one message.
    """
    runs: list[list[int]] = []
    for line in lines:
        if runs and line == runs[-1][1] + 1:
            runs[-1][1] = line
        elif not runs or line != runs[-1][1]:
            runs.append([line, line])
    shown = [f"{a}-{b}" if b > a else str(a) for a, b in runs[:most]]
    return ", ".join(shown) + (", …" if len(runs) > most else "")


class Severity(enum.IntEnum):
    """How serious a diagnostic is; higher is worse."""

    INFO = 0
    WARNING = 1
    ERROR = 2

    @property
    def label(self) -> str:
        """The lower-case name used in every output."""
        return self.name.lower()

    def __str__(self) -> str:
        """The label (``"error"``), not the number an ``IntEnum`` prints."""
        return self.label


@attrs.frozen(kw_only=True, order=False, repr=False)
class Diagnostic(Value):
    """One finding about a file.

    Attributes:
        code: The stable code, e.g. ``"B001"``.
        name: The code's kebab-case name, e.g. ``"berger-pairing"``.
        severity: Its severity.
        message: A sentence for people, with expected and found values where they apply.
        line: The 1-based line, or ``None`` for the file as a whole.
        column: The 1-based column of the field concerned, or ``None``.
        round: The round the finding is about, if any.
        players: The start ranks it is about, if any.
        instances: For a root cause (a ``C`` code), the findings it stands for, each as
            its own check reported it (``--show-all``; ``"instances"`` in JSON).
    """

    code: str = attrs.field(validator=attrs.validators.matches_re(r"[A-Z]\d{3}"))
    name: str
    severity: Severity
    message: str
    line: int | None = None
    column: int | None = None
    round: int | None = None
    players: tuple[int, ...] = attrs.field(default=(), converter=_int_tuple)
    instances: tuple[Diagnostic, ...] = attrs.field(default=(), converter=_diagnostics)

    @property
    def sort_key(self) -> tuple[int, int, str, str]:
        """Order of output: by line, column, code, then message."""
        return (
            self.line if self.line is not None else 0,
            self.column if self.column is not None else 0,
            self.code,
            self.message,
        )


@attrs.frozen(repr=False)
class Rule(Value):
    """A documented diagnostic code.

    Attributes:
        code: The stable code.
        name: The kebab-case name.
        severity: The default severity.
        summary: One line for ``trfkit rules``.
        doc: The full documentation (what it means, the rule, examples).
    """

    code: str
    name: str
    severity: Severity
    summary: str
    doc: str = ""

    def diagnostic(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        round: int | None = None,
        players: Iterable[int] = (),
    ) -> Diagnostic:
        """A diagnostic of this rule."""
        return Diagnostic(
            code=self.code,
            name=self.name,
            severity=self.severity,
            message=message,
            line=line,
            column=column,
            round=round,
            players=tuple(players),
        )


def documented_rule(
    code: str, name: str, severity: Severity, documented: Callable[..., object]
) -> Rule:
    """The rule whose documentation is *documented*'s docstring (its first line the summary)."""
    doc = inspect.cleandoc(documented.__doc__ or "")
    return Rule(code, name, severity, doc.splitlines()[0] if doc else name, doc)


def _rule(code: str, name: str, severity: Severity, summary: str, doc: str) -> Rule:
    # cleandoc, not strip: the text is indented in this file, not in `trfkit explain`
    return Rule(code, name, severity, summary, inspect.cleandoc(doc))


E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

PARSE_RULES: dict[str, Rule] = {
    r.code: r
    for r in (
        _rule(
            "P001",
            "unreadable-file",
            E,
            "The file cannot be read or decoded.",
            """
            The path is not a readable file, or its bytes are not text (NUL bytes,
            UTF-16 without the option to read it). Nothing else is checked.
            """,
        ),
        _rule(
            "P002",
            "encoding-detected",
            INFO,
            "Which character encoding the file was read with.",
            """
            TRF declares no encoding. trfkit reads UTF-8 (with or without a BOM) when the
            bytes are valid UTF-8 and Windows-1252 / Latin-1 otherwise; ``--encoding``
            forces one.

            PASS: a UTF-8 file (info only). FAIL: never an error.
            """,
        ),
        _rule(
            "P003",
            "unknown-record",
            W,
            "A line that is no known TRF record; it is kept as it is.",
            """
            The first three characters of a line are the record code (TRF16 remark 1).
            A line whose code is none of the FIDE, TRF(x), TRF(bx), DAT, national rating
            or ``###`` comment records is kept verbatim and reported. A file with no
            TRF record at all is one P012 instead of a P003 per line. As for every reader
            code, a file lists the first 100; one more P003 counts the rest and their lines.

            PASS: ``012 Club Open``   FAIL: ``Q12 Club Open``
            """,
        ),
        _rule(
            "P004",
            "ruler-line",
            INFO,
            "A column ruler or field mask without the ``###`` comment mark.",
            """
            Exporters often leave column rulers (``0123456789…``) or masks
            (``DDD SSSS sTTT…``) in the file. They are kept and ignored; TRF-2026
            wants them behind ``###``.
            """,
        ),
        _rule(
            "P005",
            "bad-number",
            E,
            "A numeric field holds something that is not a number.",
            """
            Fields such as the start rank (001 cols 5-8), the rating (49-52), the points
            (81-84) and the rank (86-89) must be numbers or blank.

            PASS: ``001    1 …  2200`` FAIL: ``001    x …  22O0``
            """,
        ),
        _rule(
            "P006",
            "bad-round-block",
            E,
            "A 10-column round block cannot be read.",
            """
            Each block is opponent (4 columns, right-aligned), blank, colour (``w``,
            ``b``, ``-`` or blank), blank, result code (TRF16 result table), two blanks.
            A block whose opponent is not a number, whose colour or result is not a
            known code, or whose separators hold text is reported at its column.
            """,
        ),
        _rule(
            "P007",
            "bad-code",
            W,
            "A coded field holds a value the format does not define.",
            """
            Sex must be ``m`` or ``w``; titles are GM IM WGM FM WIM CM WFM WCM (the old
            letters g m f c wg wm wf wc are read as those); 152 is ``W`` or ``B``;
            the 162/362/XXS scoring entries are symbol and points.
            """,
        ),
        _rule(
            "P008",
            "misaligned-field",
            W,
            "A field stands off its columns, or text stands where the layout has a blank.",
            """
            Every record has fixed columns (001: the separating columns 4, 9, 14, 48, 53,
            57, 69, 80, 85 and 90-91 are blank). A field shifted by a column or two, often
            by an exporter or an encoding problem, is read where its text stands when that
            is unambiguous (a date, a number, a code between blanks) and reported with the
            value read; text that no single field can take (across two fields) is reported,
            the fields keep what their own columns hold, and a conversion keeps the line as
            written.

            PASS: ``299 +   2.0   2.5    1    1``   FAIL: ``299 +  2.0  2.5   1    1``
            (the game points start in column 13, the round stands in column 19)
            """,
        ),
        _rule(
            "P009",
            "line-ending",
            INFO,
            "The file mixes line endings or has a byte-order mark inside it.",
            """
            Line endings are kept as they are; this notes files whose lines end
            differently from each other, and BOM characters that are not at the start.
            """,
        ),
        _rule(
            "P010",
            "limit-exceeded",
            E,
            "The file is larger than a configured limit and was not parsed.",
            """
            Size, lines, line length, players, rounds and team members have limits that
            keep a batch fast and its memory bounded (see the README's reliability
            section); options raise them. The rounds a 142 or ``XXR`` declares, and those
            a 192 ``_Gn`` code implies (at least 3 a cycle), are held to ``--max-rounds``
            before anything is sized by them. A file over a limit is not checked or
            converted.
            """,
        ),
        _rule(
            "P011",
            "short-record",
            W,
            "A record is shorter than its mandatory fields.",
            """
            A 001 line must reach at least column 8 (start rank); header records need a
            value after column 4.
            """,
        ),
        _rule(
            "P012",
            "not-trf",
            E,
            "No line of the file is a TRF record: it is not a TRF file.",
            """
            A TRF file is made of records: lines that start with a record code such as
            ``012`` (the tournament's name) or ``001`` (a player). When no line of a file
            is one (every line is unknown, a column ruler, blank or a ``###`` comment,
            or there is no line at all), the file is reported once with this error
            instead of a P003 for every line, and nothing else is checked; ``convert``,
            ``show`` and ``standings`` refuse it (exit 2). A file that has records but no
            player record is S008.

            PASS: ``012 Club Open`` followed by the 001 lines.
            FAIL: a README, a JSON file, random bytes, a file of ``###`` comments alone.
            """,
        ),
        _rule(
            "P013",
            "link-outside-folder",
            E,
            "A symbolic link in a checked folder points outside it: it was not followed.",
            """
            Walking a folder, ``check`` follows a symbolic link (to a file or a folder) only
            when its target, resolved, lies inside the folder it checks: a folder that others
            filled (a submission, an unpacked archive) could otherwise make the audit read,
            and print, a file it was never given (``innocent.trf -> ../private/other.trf``),
            or walk the whole machine (a link to ``/``). A link out is reported once, at its
            own path, with where it points; nothing of its target is read. A link whose name
            fits the globs or whose target is a folder is reported; others are skipped as
            any file that does not fit. Like a file that cannot be read (P001) it is an
            error, so a batch holding one is never reported clean. A dangling link is judged
            by where it points: inside the folder it is P001 (it does not exist).

            ``--follow-links`` follows links out of the folder (a tree you trust); a path
            named on the command line is always followed.

            PASS: ``a.trf -> sub/a.trf`` inside the folder. FAIL: ``a.trf -> /etc/passwd``.
            """,
        ),
        _rule(
            "P014",
            "too-many-files",
            E,
            "A folder walk looked at more files than ``--max-files``: discovery stopped there.",
            """
            Discovery counts every file and folder it looks at, of any name, in all the
            folders given (default 1,000,000): a tree that holds more, or a link that leads
            into a huge one, stops the walk there. The files found before were checked; this
            is reported once, at the folder being walked, and ``check`` exits with status 2
            (a usage error: the run did not cover what it was asked to). Raise
            ``--max-files`` to check more.
            """,
        ),
    )
}
"""The reader's codes; the check families add theirs in :mod:`trfkit.checks`."""

FATAL_CODES = frozenset({"P001", "P010", "P012"})
"""The reader's codes after which there is no tournament to work on: the input could not
be read, is over a limit, or is not TRF. ``convert``, ``show`` and ``standings`` refuse it."""


def parse_rule(code: str) -> Rule:
    """The parse rule *code*; raises ``KeyError`` when there is none."""
    return PARSE_RULES[code]


REPEATS = 100
"""The most diagnostics of one code a file lists (``Limits.max_repeats``); the others are
counted in one summary diagnostic of that code.

A line of junk is a P003, a block of a scrambled crosstable an S003 …: without a cap a
file of 1.5 million unknown lines made 1.5 million diagnostics, and 9,999 players of 99
scrambled rounds a million, with memory and output many times the file's size in every
format. The reader and each check keep the first ones and count the rest.
"""


class Repeats:
    """The first *limit* diagnostics of each code, and a count of the rest.

    :meth:`take` says whether a diagnostic is kept (and counts it); :meth:`full` lets a
    caller skip making one at all. :meth:`summaries` gives, for each code that went over,
    one diagnostic of that code at the first line left out. :meth:`add` and
    :meth:`diagnostics` keep the taken ones too (the reader's use).
    """

    def __init__(self, limit: int = REPEATS) -> None:
        self.limit = limit
        self._kept: list[Diagnostic] = []
        self._count: dict[str, int] = {}
        self._first: dict[str, Diagnostic] = {}
        self._left: dict[str, list[int]] = {}  # code -> [count, first line, last line]

    def full(self, code: str, line: int | None = None) -> bool:
        """Whether *code* has its *limit*; then one more of it (at *line*) is counted."""
        if self._count.get(code, 0) < self.limit:
            return False
        at = line or 0
        left = self._left.get(code)
        if left is None:
            self._left[code] = [1, at, at]
        else:
            left[0] += 1
            left[2] = max(left[2], at)
            left[1] = min(left[1], at) if left[1] else at
        return True

    def take(self, diagnostic: Diagnostic) -> bool:
        """True when *diagnostic* is kept: its code is under the limit (it is counted)."""
        code = diagnostic.code
        if self.full(code, diagnostic.line):
            return False
        self._count[code] = self._count.get(code, 0) + 1
        self._first.setdefault(code, diagnostic)
        return True

    def add(self, diagnostic: Diagnostic) -> None:
        """Keep *diagnostic* when :meth:`take` does."""
        if self.take(diagnostic):
            self._kept.append(diagnostic)

    def forget(self, code: str, lines: Collection[int]) -> None:
        """Forget the count of *code* left out when every line of its range is in *lines*.

        The reader takes back what it made of text that turned out to be no round blocks
        (values appended after the last round): the ones it kept it drops itself, and the
        ones it only counted are forgotten here, so no count of them outlives them.
        """
        left = self._left.get(code)
        if left is not None and left[1] in lines and left[2] in lines:
            del self._left[code]

    def summaries(self) -> list[Diagnostic]:
        """One diagnostic per code that went over the limit: how many more, and where."""
        found = []
        for code, (count, first, last) in self._left.items():
            like = self._first[code]
            where = f" on line {first:,}" if first else ""
            if last > first:
                where = f" on lines {first:,} to {last:,}"
            found.append(
                Diagnostic(
                    code=code,
                    name=like.name,
                    severity=like.severity,
                    message=(
                        f"{count:,} more {code} ({like.name}){where}, not listed: a file "
                        f"lists at most {self.limit:,} of each code (--max-repeats)"
                    ),
                    line=first or None,
                )
            )
        return found

    def diagnostics(self) -> list[Diagnostic]:
        """The kept diagnostics, then the :meth:`summaries`."""
        return [*self._kept, *self.summaries()]
