"""Every attrs class of trfkit shares the one repr of trfkit.values, and it prints as attrs does."""

from __future__ import annotations

import enum
import importlib
import pkgutil
from fractions import Fraction

import attrs

import trfkit
from trfkit.model import Colour, Result, RoundResult, Source, TextRecord
from trfkit.values import Value


def _classes() -> list[type]:
    """Every class defined in a module of trfkit."""
    found = []
    for info in pkgutil.walk_packages(trfkit.__path__, "trfkit."):
        if info.name.endswith("__main__"):
            continue  # running it runs the command line
        module = importlib.import_module(info.name)
        for item in vars(module).values():
            if isinstance(item, type) and item.__module__ == info.name:
                found.append(item)
    return found


def _attrs_classes() -> list[type]:
    """Every attrs class defined in a module of trfkit."""
    return [c for c in _classes() if attrs.has(c)]


def test_every_attrs_class_derives_from_value_and_writes_no_repr_of_its_own() -> None:
    """Attrs compiles no __repr__ for any class (exceptions keep theirs): Value's is used."""
    classes = [c for c in _attrs_classes() if not issubclass(c, BaseException)]
    assert len(classes) > 100  # the model, the computations, the checks, the reports
    wrong = [
        f"{c.__module__}.{c.__qualname__}"
        for c in classes
        if not issubclass(c, Value) or c.__repr__ is not Value.__repr__
    ]
    assert wrong == []


def test_the_shared_repr_prints_what_attrs_prints() -> None:
    """A round block, a text record (its source left out, repr=False) as attrs would show them."""

    @attrs.frozen
    class Reference:
        round: int
        opponent: int | None
        colour: Colour
        result: Result | None

    block = RoundResult(3, 12, Colour.WHITE, Result.WIN)
    expected = repr(Reference(3, 12, Colour.WHITE, Result.WIN)).replace("Reference", "RoundResult")
    assert repr(block) == expected
    assert repr(block) == (
        "RoundResult(round=3, opponent=12, colour=<Colour.WHITE: 'w'>, result=<Result.WIN: '1'>)"
    )
    record = TextRecord("012", "Open", source=Source(1, "012 Open"))
    assert repr(record) == "TextRecord(code='012', value='Open')"


def test_the_shared_repr_shows_nested_values_and_fractions() -> None:
    """A record inside a tuple and a Fraction field print through their own reprs."""
    from trfkit.model import Scoring

    scoring = Scoring("162", (("W", Fraction(1)),))
    assert repr(scoring) == "Scoring(code='162', values=(('W', Fraction(1, 1)),))"


def _enums() -> list[type[enum.Enum]]:
    """Every enum class defined in a module of trfkit, but the string enums.

    A ``StrEnum`` member is a string (``RowKind.LONG`` is ``"801"``, the record code the
    messages quote), so it prints as its text by design.
    """
    return [c for c in _classes() if isinstance(c, enum.EnumType) and not issubclass(c, str)]


def test_every_enum_of_trfkit_prints_as_a_word() -> None:
    """No member prints as Class.NAME or as a bare number (WordEnum), f-strings as str()."""
    enums = _enums()
    assert len(enums) > 25
    wrong = [
        f"{kind.__name__}.{member.name}: {member}"
        for kind in enums
        for member in kind
        if f"{kind.__name__}." in str(member) or str(member).isdigit() or f"{member}" != str(member)
    ]
    assert wrong == []


def test_internal_carriers_are_named_tuples_and_no_value_a_user_builds_is_one() -> None:
    """Records passed between stages inside trfkit may be ``typing.NamedTuple``s.

    A frozen attrs class costs a fresh process about four times what a NamedTuple does to
    make (its ``__init__``, ``__eq__`` and ``__hash__`` are written and compiled), and a
    check makes every class it imports. A carrier that is never evolved, validated,
    converted or stored is a NamedTuple (``ARCHITECTURE.md``, "Start-up"); the model, the
    options objects, the diagnostics and rules, the exceptions and what the register
    stores stay attrs values.
    """
    from trfkit.checks.base import CheckOptions
    from trfkit.compute.berger import RoundOrderChoice
    from trfkit.compute.tiebreaks.options import TieBreakOptions, TieBreakSettings
    from trfkit.config import Settings
    from trfkit.diagnostics import Diagnostic, Rule
    from trfkit.formats.versions import ConvertOptions
    from trfkit.limits import Limits
    from trfkit.register import _storable

    carriers = [c for c in _classes() if issubclass(c, tuple) and hasattr(c, "_fields")]
    assert len(carriers) > 30
    kept = ("trfkit.model", "trfkit.diagnostics", "trfkit.errors", "trfkit.api", "trfkit.limits")
    assert [c.__qualname__ for c in carriers if c.__module__ in kept] == []
    values = [CheckOptions, TieBreakOptions, TieBreakSettings, RoundOrderChoice, Limits,
              ConvertOptions, Settings, Diagnostic, Rule, *_storable().values()]  # fmt: skip
    assert [c.__qualname__ for c in values if issubclass(c, tuple)] == []
    assert all(attrs.has(c) for c in values if not issubclass(c, enum.Enum))
