"""What a report means, and what a conversion changed of it.

A conversion keeps every value (:mod:`trfkit.formats` lists what it cannot carry); this
module says whether the converted report still *means* the same: read back, does it give
the same regime, points, ranks, tie-breaks and error findings as the original? Each
difference is a :class:`Change`, which the ``convert`` command prints (and with
``--strict`` refuses to write). An error the original had and the converted report does
not (a line the converter repaired) is no change of meaning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction

import attrs

from trfkit.checks import CheckOptions, Context, run_checks
from trfkit.compute.regime import decide
from trfkit.compute.standings import compute_standings
from trfkit.compute.team_standings import compute_team_standings
from trfkit.compute.tiebreaks import ListPrecedence, TieBreakOptions
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.errors import TrfError
from trfkit.model import Tournament
from trfkit.numbers import format_number
from trfkit.values import Value

__all__ = ["Change", "Meaning", "changes", "meaning_of"]

Key = tuple[str, int, str]
"""(``"player"`` or ``"team"``, start rank or team number, the value's name)."""


@attrs.frozen(repr=False)
class Meaning(Value):
    """What check and standings say of a report.

    Attributes:
        regime: Round robin or Swiss, individual or team (``"round-robin, team"``).
        values: (who, number, name) → value: each player's (a team event: each team's)
            recomputed points, rank and tie-breaks under the list the report applies.
        names: Player start rank or team number → name, for messages.
        errors: Error code → how many the checks find.
        lists: ``"player"``/``"team"`` → the tie-break list applied (its codes as written).
        declared: The list the report declares (212, else 202), ``None`` for none.
    """

    regime: str
    values: Mapping[Key, Fraction | int | None]
    names: Mapping[tuple[str, int], str]
    errors: Mapping[str, int]
    lists: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    declared: tuple[str, ...] | None = None


@attrs.frozen(repr=False)
class Change(Value):
    """One thing the converted report reads differently.

    Attributes:
        what: ``"regime"``, ``"value"`` or ``"error"``.
        message: What differs, before and after.
    """

    what: str
    message: str


def meaning_of(
    tournament: Tournament, read: Iterable[Diagnostic] = (), *, like: Meaning | None = None
) -> Meaning:
    """The regime, the recomputed values and the error counts of *tournament*.

    *read* are the diagnostics of reading it (its P errors count too). *like*: the
    meaning of the report *tournament* was converted from, whose tie-break lists are
    applied (a target without 212/202 loses the list, not the values: :func:`changes`
    says so once).
    """
    decision = decide(tournament)
    regime = decision.regime.value + (", team" if decision.team else "")
    values: dict[Key, Fraction | int | None] = {}
    names: dict[tuple[str, int], str] = {}
    lists: dict[str, tuple[str, ...]] = {}

    def options(who: str) -> TieBreakOptions:
        codes = like.lists.get(who) if like is not None else None
        return TieBreakOptions(tiebreaks=codes, list_precedence=ListPrecedence.REQUESTED)

    def keep(who: str, number: int, name: str, rank: int | None,
             keys: tuple[str, ...], row: tuple[Fraction | None, ...]) -> None:  # fmt: skip
        names[(who, number)] = name
        values[(who, number, "rank")] = rank
        values.update(((who, number, key), value) for key, value in zip(keys, row, strict=True))

    try:
        if decision.team:
            table = compute_team_standings(tournament, options("team"), regime=decision)
            lists["team"] = tuple(tb.text for tb in table.tiebreaks)
            for team in table.rows:
                keep("team", team.team, team.name, team.rank, table.keys(), team.values)
        if tournament.players:
            st = compute_standings(tournament, options("player"), regime=decision)
            lists["player"] = tuple(tb.text for tb in st.tiebreaks)
            for row in st.rows:
                keep("player", row.start_rank, row.name, row.rank, st.keys(), row.values)
    except TrfError:
        pass  # a list no reading can compute: the values are compared as absent
    found = [*read, *run_checks(Context(tournament, CheckOptions()))]
    errors = Counter(d.code for d in found if d.severity >= Severity.ERROR)
    declared = tournament.tiebreak_codes
    return Meaning(regime, values, names, dict(errors), lists, declared)


def changes(before: Meaning, after: Meaning) -> Iterator[Change]:
    """What *after* (the converted report, read back) says differently from *before*.

    Teams are matched by name where both reports name each team once: TRF16 numbers its
    013 teams by their place in the file, and the 310 numbers it cannot hold are listed by
    the conversion, not here.
    """
    after = _numbered_like(before, after)
    if before.regime != after.regime:
        yield Change("regime", f"the event reads as {after.regime}, not {before.regime}")
    if before.declared != after.declared:
        was = ", ".join(before.declared) if before.declared else "none"
        now = ", ".join(after.declared) if after.declared else "none (a reader applies its default)"
        yield Change("list", f"the declared tie-break list is {now}, not {was}")
    for key in sorted(before.values.keys() | after.values.keys()):
        old, new = before.values.get(key), after.values.get(key)
        if old != new:
            who, number, name = key
            label = before.names.get((who, number)) or after.names.get((who, number)) or ""
            shown = f"{who} {number}" + (f" ({label})" if label else "")
            yield Change(
                "value", f"{shown}: {name} {_shown(old)} in the original, {_shown(new)} converted"
            )
    for code in sorted(after.errors):
        more = after.errors[code] - before.errors.get(code, 0)
        if more > 0:
            yield Change("error", f"{code}: {more} more error{'s' if more > 1 else ''}")


def _shown(value: Fraction | int | None) -> str:
    return "none" if value is None else format_number(value, integer=isinstance(value, int))


def _numbered_like(before: Meaning, after: Meaning) -> Meaning:
    """*after* with each team given *before*'s number for the team of the same name."""
    def numbers(meaning: Meaning) -> dict[str, int]:
        named = Counter(name for (who, _), name in meaning.names.items() if who == "team")
        return {
            name: number
            for (who, number), name in meaning.names.items()
            if who == "team" and named[name] == 1
        }

    old, new = numbers(before), numbers(after)
    moved = {new[name]: old[name] for name in old.keys() & new.keys() if new[name] != old[name]}
    if not moved or len(old) != len(new) or old.keys() != new.keys():
        return after
    values = {
        (who, moved.get(number, number) if who == "team" else number, name): value
        for (who, number, name), value in after.values.items()
    }
    names = {
        (who, moved.get(number, number) if who == "team" else number): name
        for (who, number), name in after.names.items()
    }
    return attrs.evolve(after, values=values, names=names)
