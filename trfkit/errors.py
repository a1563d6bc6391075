"""Every exception trfkit raises, all under :class:`TrfError`.

An exception means "cannot continue"; a discrepancy in a file is a diagnostic, never one.
"""

from __future__ import annotations

import attrs

from trfkit.diagnostics import Diagnostic


class TrfError(Exception):
    """Base of every trfkit exception."""


class CodecError(TrfError, ValueError):
    """A codec name that cannot read or write a TRF file (unknown, or not a text encoding)."""


class ResourceError(TrfError):
    """The input needs more memory, or deeper recursion, than the process has.

    The API raises it in place of :class:`MemoryError` and :class:`RecursionError`, so a
    caller handles every failure of trfkit as a :class:`TrfError`.
    """


@attrs.define(auto_exc=True, str=False)
class TrfSyntaxError(TrfError, ValueError):
    """Raised in strict mode: carries every diagnostic the reader gathered."""

    diagnostics: tuple[Diagnostic, ...]

    def __str__(self) -> str:
        """Summarise: how many problems, and the first one."""
        if not self.diagnostics:
            return "the file could not be read"
        first = self.diagnostics[0]
        where = f"line {first.line}: " if first.line is not None else ""
        count = len(self.diagnostics)
        noun = "problem" if count == 1 else "problems"
        return f"{count} {noun}, first: {where}{first.code} {first.message}"


@attrs.define(auto_exc=True, str=False)
class WriteError(TrfError, ValueError):
    """A model cannot be written: a value does not fit its columns, or the encoding.

    Attributes:
        message: What cannot be written, and why.
        member: The record's field whose value is too wide, as the model and the JSON
            form name it (``"points"``, ``"members[2]"``); ``None`` for other problems.
    """

    message: str
    member: str | None = attrs.field(default=None, kw_only=True)

    def __str__(self) -> str:
        """The message."""
        return self.message


# --- the model -------------------------------------------------------------------------------


class ModelError(TrfError, ValueError):
    """A model value outside its field's rule (a start rank of -5, a colour that is no colour).

    Raised by the model's constructors, so a tournament built in code holds only values a
    TRF file can say.
    """


class EditError(ModelError):
    """An edit of a tournament that cannot be made as asked; the message says why.

    A start rank no player has, a header code that is no free-text record, a result whose
    other side cannot be kept in step (:meth:`trfkit.model.Tournament.with_result`).
    """


# --- reading ---------------------------------------------------------------------------------


class DecodeError(TrfError, ValueError):
    """The bytes are not text trfkit can read; the message says why."""


class FieldError(TrfError, ValueError):
    """A field's text does not fit its kind (letters in a number field)."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


class StandingsFileError(TrfError, ValueError):
    """A side file of reported standings cannot be read; the message says why."""


class ConfigError(TrfError, ValueError):
    """A settings file that cannot be used; the message names the file and the problem."""


# --- computing -------------------------------------------------------------------------------


class TieBreakError(TrfError, ValueError):
    """An unknown tie-break code or rule set, or a modifier that does not apply."""


class ScheduleError(TrfError, ValueError):
    """A Berger table, a drawing of lots or a play-off that cannot be made as asked."""


class RuleError(TrfError, ValueError):
    """A check code or name that names no rule."""


# --- writing and converting ------------------------------------------------------------------


class FieldOverflow(TrfError, ValueError):
    """A value is wider than the columns of its field."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


class JsonFormError(TrfError, ValueError):
    """A JSON document is not a valid trfkit tournament; the message names the place."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


class ReaderStopped(TrfError):
    """A model of another program's reader stops at a line it refuses (the refusal is kept).

    Raised and caught inside :mod:`trfkit.trf.gacrux`; it never reaches a caller.
    """


class ConversionFailed(TrfError):
    """One input of ``trfkit convert`` cannot be converted (the run exits 2)."""


class ReportError(TrfError, ValueError):
    """An HTML report writer used out of order.

    Added to once finished, or asked for its page after it streamed it to its output.
    """


class FixError(TrfError, ValueError):
    """A file ``trfkit fix`` refuses: reading errors that lose data, or nothing to fix."""


# --- the command line ------------------------------------------------------------------------


class UsageError(TrfError, ValueError):
    """An option value that cannot be used; the message says why."""


class RegisterError(TrfError, ValueError):
    """A register of audits that cannot be used (corrupt, foreign, newer); the message says why.

    Raised before anything is written to it: a file that is not a trfkit register is never
    changed.
    """


# --- the API's door --------------------------------------------------------------------------


class ArgumentTypeError(TrfError, TypeError):
    """A public function given an argument of the wrong type (``trfkit.parse(None)``).

    A :class:`TypeError` as Python's own, and a :class:`TrfError` as every failure of trfkit;
    the message names the function, the argument, what it must be and what was given
    (:meth:`naming`).
    """

    @classmethod
    def naming(
        cls, function: str, argument: str, expected: str, given: object
    ) -> ArgumentTypeError:
        """``parse(): data must be str or bytes, not int``."""
        return cls(f"{function}(): {argument} must be {expected}, not {cls.given(given)}")

    @staticmethod
    def given(value: object) -> str:
        """What was given, for a message: ``None``, ``int``, ``str 'event.trf'`` (clipped)."""
        if value is None or isinstance(value, bool):
            return repr(value)
        name = type(value).__name__
        if isinstance(value, (str, bytes)):
            shown = repr(value[:40])
            return f"{name} {shown}{'…' if len(value) > 40 else ''}"
        return name


class LimitExceeded(ResourceError):
    """An input larger than a limit of :class:`~trfkit.limits.Limits`, refused unread.

    :func:`trfkit.load` reads a stream up to ``max_bytes`` and one byte more: a stream
    without an end (``/dev/zero``) is refused there, not read into memory.
    """
