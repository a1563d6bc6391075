"""The one ``repr`` of trfkit's attrs values.

attrs writes and compiles a ``__repr__`` for each class it makes, a third of the cost
of making one; a file is checked in a fresh process, which makes some fifty of them
(the records passed between stages inside trfkit are ``typing.NamedTuple``s, cheaper
still: ``ARCHITECTURE.md``, "Start-up"). Every attrs class of trfkit says ``repr=False``
and derives from :class:`Value`, whose one ``__repr__`` reads the fields through attrs'
public API and prints what attrs would: ``Name(field=value, …)``, leaving out the fields
declared ``repr=False``.
``tests/test_values.py`` holds every class to it.

:class:`WordEnum` is the base of trfkit's enums: a member prints as a word.
"""

from __future__ import annotations

import enum
import reprlib

import attrs

__all__ = ["Value", "WordEnum"]


class Value:
    """Base of every attrs class of trfkit: the shared ``repr`` (see the module docstring)."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        cls = type(self)
        shown = []
        for field in attrs.fields(cls):  # type: ignore[arg-type]  # subclasses are attrs classes
            if field.repr is False:
                continue
            value = getattr(self, field.name)
            text = field.repr(value) if callable(field.repr) else repr(value)
            shown.append(f"{field.name}={text}")
        return f"{cls.__qualname__}({', '.join(shown)})"


class WordEnum(enum.Enum):
    """Base of trfkit's enums: ``str()`` and f-strings give a word, not ``Regime.SWISS``.

    The word is the member's value; an enum whose values are codes (``Colour.WHITE`` is
    ``"w"``, the letter a file holds) says its words in its own ``__str__``. The value is
    what files, the JSON form and the command line use, and stays as it is.
    """

    def __str__(self) -> str:
        """The value, which is a word."""
        return str(self.value)
