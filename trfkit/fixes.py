"""From findings to a corrected file: the derived and cosmetic values, never a game.

:func:`fix_report` (and :func:`trfkit.fix`) reads what the checks found and writes the
values a report derives from its games, or writes one standard way, where the evidence
leaves one answer:

- ``T001``: the points column, from the round results (the standings' score);
- ``T006``, ``T012``: the rank column, from the recomputed standings (the list and edition
  are said: :attr:`FixReport.standings`); ``E004``: an empty one filled (T007, an order
  inside a points group when the report declares no list, is left: it may be the
  exporter's list);
- ``T008``: tie-break values an exporter appended to the player lines;
- ``P007``: ``152 w`` / ``152 b`` written ``W`` / ``B``;
- ``E019``: a bye's opponent ``   0`` / ``  00`` written ``0000``;
- ``E013``: dates in the standard form (042/052 ``YYYY/MM/DD``, 132 ``YY/MM/DD``), when
  the file's dates read one way only;
- ``E011``: 142 / ``XXR`` raised to the rounds the file holds;
- ``E008``, ``E009``: the 062 and 072 counts.

A result, an opponent or a colour of a game is never changed, and nothing that needs a
judgement is fixed: which side of a game is wrong (S003), a schedule off its table (B),
a player's points when a result they add up is disputed, dates that read two ways. Those
stay, listed as needing the arbiter (:attr:`FixReport.not_fixed`). Each change is an edit
of one field's columns (:mod:`trfkit.trf.patch`) of the lossless text: the fixed report
is the original byte for byte outside the changed fields.

Points are fixed first and the report read again, so that the ranks and tie-break values
are those of the fixed points.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction

import attrs

from trfkit import columns as C
from trfkit.checks import (
    CheckOptions,
    Context,
    code_selected,
    run_checks,
    widened,
    with_causes,
)
from trfkit.checks.lint import date_fields, date_plan, played_rounds
from trfkit.checks.scores import (
    ScoresState,
    appended_values,
    close_enough,
    rank_findings,
    rank_groups,
    recomputed,
    reported_ranks,
    scores_state,
    unranked,
)
from trfkit.compute.standings import tie_groups
from trfkit.compute.tiebreaks import TieBreak, parse_tiebreak
from trfkit.diagnostics import FATAL_CODES, Diagnostic, Severity
from trfkit.errors import FieldOverflow, FixError, TieBreakError
from trfkit.model import Encoding, InitialColour, Player, RoundCount, TextRecord, Tournament
from trfkit.numbers import format_number
from trfkit.trf import patch
from trfkit.trf.patch import Edit
from trfkit.trf.reader import parse
from trfkit.trf.writer import dumps
from trfkit.trf.written import bye_opponents, value_as_written
from trfkit.values import Value

FIXABLE = (
    "T001", "T006", "T012", "T008", "P007", "E019", "E013", "E011", "E008", "E009", "E004",
)  # fmt: skip
"""The codes :func:`fix_report` answers (``--select`` and ``--ignore`` choose among them)."""

LOSSY = frozenset({*FATAL_CODES, "P005", "P006"})
"""Reading errors after which a file is refused: a field or a round block was not read."""

DISPUTED = frozenset({"S001", "S002", "S003", "S004", "S007", "P008"})
"""Findings that put a player's results (or his line's columns) in doubt: his derived
values are not fixed while one stands."""


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    """A typed converter (``tuple`` itself does not type-check as an attrs converter)."""
    return tuple(values)


@attrs.frozen(repr=False)
class Fix(Value):
    """One value changed.

    Attributes:
        code: The code of the finding it answers (``T001``).
        line: The 1-based line.
        column: The first column of the field.
        field: What was changed (``points``, ``rank``, ``152``, ``round 3 opponent`` …).
        old: The value as written (blanks stripped).
        new: The value written instead.
        message: A sentence for people.
        players: The start ranks concerned.
    """

    code: str
    line: int
    column: int
    field: str
    old: str
    new: str
    message: str
    players: tuple[int, ...] = attrs.field(default=(), converter=_ints)


@attrs.frozen(repr=False)
class FixReport(Value):
    """What :func:`fix_report` did.

    Attributes:
        tournament: The fixed report (the input when nothing changed).
        text: Its text (lossless: the input's outside the changed fields).
        fixes: Every change, in line order.
        not_fixed: The findings left that need the arbiter (errors and warnings), each as
            :func:`trfkit.check` reports it.
        standings: How the ranks were recomputed (list, edition, regime), or ``""``.
    """

    tournament: Tournament
    text: str
    fixes: tuple[Fix, ...]
    not_fixed: tuple[Diagnostic, ...]
    standings: str = ""


@functools.cache
def _name(code: str) -> str:
    """The kebab-case name of a code of :data:`FIXABLE`, as its check names it."""
    from trfkit.checks import get

    return get(code).name


def _chosen(code: str, select: Sequence[str] | None, ignore: Sequence[str] | None) -> bool:
    """Whether *code* is fixed under *select* (widened: :func:`fix_report`) and *ignore*."""
    return code_selected(code, _name(code), select, ignore)


class _Pass:
    """One reading of the text: the tournament, its context and findings."""

    def __init__(
        self, read: tuple[Tournament, Sequence[Diagnostic]], options: CheckOptions
    ) -> None:
        self.tournament, reader = read
        self.ctx = Context(self.tournament, options)
        self.found = [*reader, *run_checks(self.ctx)]
        self.codes = {d.code for d in self.found}
        doubts = [d for d in self.found if d.code in DISPUTED]
        self.disputed_lines = {d.line for d in doubts if d.line is not None}
        self.disputed_players = {s for d in doubts for s in d.players}


Fixer = Callable[[_Pass], Iterator[tuple[Edit, Fix]]]


def _who(p: Player) -> str:
    return f"player {p.start_rank} ({p.name})" if p.name else f"player {p.start_rank}"


def _disputed(run: _Pass, p: Player) -> bool:
    """Whether *p*'s results, or his line's columns, are in doubt."""
    return p.line in run.disputed_lines or p.start_rank in run.disputed_players


def _points(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """T001: the points column from the round results."""
    if "T001" not in run.codes:
        return
    state = scores_state(run.ctx)
    if state is None:
        return
    for f in state.points:
        p = f.player
        if f.kind != "mismatch" or p.line is None or _disputed(run, p):
            continue
        if len(f.readings) > 1:
            continue  # the total depends on a convention the file does not settle
        try:
            edit = patch.field_edit(p, C.POINTS, f.expected)
        except FieldOverflow:
            continue  # wider than columns 81-84: left for the arbiter (T001 stays)
        old = format_number(f.reported)
        yield edit, Fix(
            "T001", p.line, C.POINTS.start, "points", old, edit.text.strip(),
            f"{_who(p)}: points {old} → {edit.text.strip()}, the total of the round results",
            (p.start_rank,),
        )  # fmt: skip


_RANK_CODES = frozenset({"T006", "T012"})
"""Rank findings that make the column wrong. T007 alone (an order inside a points group
that no common list gives, the report declaring none) and T013 are no error: the order may
be the exporter's list, so the column stays as the report wrote it."""

_COLUMN_CAUSES = frozenset({"C001", "C004", "C005"})
"""Root causes that say the rank column holds another order altogether (an earlier round's,
the ratings', another list's, shifted): it is rewritten whole, not player by player."""


def _ranks(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """T006/T012, E004: the rank column from the recomputed standings.

    Under a declared list every rank T006 finds wrong is rewritten; without one, only the
    ranks outside their points group (the T006 errors), unless the whole column is another
    order (T012, or a cause of :data:`_COLUMN_CAUSES`): then every rank out of its place.
    """
    present = _RANK_CODES & run.codes
    if not present and "E004" not in run.codes:
        return
    state = scores_state(run.ctx)
    if state is None or state.team:
        return
    if present and unranked(run.ctx, state):
        return  # ranks beside a counted player left unranked: which places is a judgement
    code = min(present) if present else "E004"
    if present:
        places = list(_new_ranks(run.ctx, state))
        if not _whole_column(run, state):
            wrong = {s for d in run.found if d.code == "T006" for s in d.players}
            places = [(p, place) for p, place in places if p.start_rank in wrong]
    else:
        places = list(_all_ranks(run.tournament, state))
        if any(p.line is None or _disputed(run, p) for p, _ in places):
            return  # an empty column is filled whole or not at all: a half-filled one misleads
    for p, place in places:
        if p.line is None or _disputed(run, p):
            continue
        edit = patch.field_edit(p, C.RANK, place)
        yield edit, Fix(
            code, p.line, C.RANK.start, "rank", str(p.rank or ""), str(place),
            f"{_who(p)}: rank {p.rank or 'blank'} → {place}", (p.start_rank,),
        )  # fmt: skip


def _whole_column(run: _Pass, state: ScoresState) -> bool:
    """Whether the rank column is rewritten whole: a declared list, T012, or a column cause."""
    if state.standings.declared:
        return True
    if "T012" in run.codes:
        return True
    causes = with_causes(run.ctx, run.found)
    return any(
        d.code in _COLUMN_CAUSES and any(i.code.startswith("T0") and i.code != "T001"
                                         for i in d.instances)
        for d in causes
    )  # fmt: skip


def _new_ranks(ctx: Context, state: ScoresState) -> Iterator[tuple[Player, int]]:
    """(player, place) for each ranked player outside the places his tie group shares.

    The groups are those the rank checks judged by (:func:`rank_list`). A rank inside its
    group's places stays (TRF allows either order of a tie, and equal ranks); the others
    take the group's first place, shared as TRF-2026 allows. Places count the ranked
    players only, as T006 judges them.
    """
    ranked = reported_ranks(ctx, state)
    position = 1
    seen: set[int] = set()
    for group in _groups(ctx, state):
        members = [s for s in group if s in ranked and s not in seen]
        seen.update(members)
        if not members:
            continue
        first, last = position, position + len(members) - 1
        position = last + 1
        for s in members:
            rank = ranked[s].rank
            if rank is None or not first <= rank <= last:
                yield ranked[s], first


def rank_list(ctx: Context, state: ScoresState) -> tuple[TieBreak, ...]:
    """The list the rank column is judged (and fixed) by.

    The declared one, else the common list closest to the column (the one T006 and T007
    name).
    """
    judged = rank_findings(ctx).tiebreaks
    return judged or state.standings.tiebreaks


def _groups(ctx: Context, state: ScoresState) -> list[list[int]]:
    listed = rank_list(ctx, state)
    engine = state.standings.engine
    if [tb.key for tb in listed] == [tb.key for tb in state.standings.tiebreaks] or engine is None:
        return rank_groups((r.start_rank, r.rank) for r in state.standings.rows)
    return tie_groups(engine, listed)


def _all_ranks(t: Tournament, state: ScoresState) -> Iterator[tuple[Player, int]]:
    """(player, rank) of every ranked row: an empty rank column filled (tied players share)."""
    players = t.players_by_start_rank
    for row in state.standings.rows:
        p = players.get(row.start_rank)
        if row.rank is not None and p is not None:
            yield p, row.rank


def _tiebreak_values(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """T008: tie-break values appended to the player lines, recomputed.

    The values and the codes they stand for are the T008 check's (:func:`appended_values`),
    judged as it judges them (:func:`close_enough`): a value T008 accepts stays. The new
    value is written by :func:`~trfkit.numbers.format_number` with at least the decimals the
    old one showed, right-aligned where it ended (into the blanks before it when longer).
    """
    if "T008" not in run.codes:
        return
    state = scores_state(run.ctx)
    if state is None or state.team:
        return
    exact: dict[str, dict[int, Fraction | None]] = {}
    for found in appended_values(run.ctx, state):
        p = found.player
        spans = patch.appended_spans(p)
        if p.line is None or _disputed(run, p) or found.index >= len(spans):
            continue
        start, end = spans[found.index]
        before = spans[found.index - 1][1] if found.index else 0
        if found.code not in exact:
            try:
                exact[found.code] = recomputed(state, parse_tiebreak(found.code))
            except TieBreakError:
                exact[found.code] = {}
        value = exact[found.code].get(p.start_rank)
        if value is None or close_enough(found.value, value):
            continue
        decimals = len(found.text.split(".", 1)[1]) if "." in found.text else 0
        new = format_number(value, decimals=max(decimals, 1), integer=decimals == 0)
        first = min(start, end - len(new) + 1)
        floor = before or C.round_block_start(len(p.rounds) + 1) - 1
        if first <= floor + 1:
            continue  # no blank left before it: a wider value would run into the one before
        yield Edit(p.line, first, end, new.rjust(end - first + 1)), Fix(
            "T008", p.line, start, found.code, found.text, new,
            f"{_who(p)}: {found.code} {found.text} → {new}", (p.start_rank,),
        )  # fmt: skip


def _initial_colour(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """P007: ``152 w`` written ``152 W``."""
    if "P007" not in run.codes:
        return
    for record in run.tournament.of_type(InitialColour):
        written = value_as_written(record).strip()
        if written not in ("w", "b") or record.line is None:
            continue
        span = patch.value_span(record)
        if span is None:
            continue
        new = written.upper()
        yield Edit(record.line, span[0], span[1], new), Fix(
            "P007", record.line, span[0], "152", written, new,
            f"152 (initial colour) {written!r} → {new!r}",
        )  # fmt: skip


def _bye_opponents(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """E019: a bye's opponent ``   0`` written ``0000``."""
    if "E019" not in run.codes:
        return
    for p in run.tournament.players:
        if p.line is None:
            continue
        for rnd, written in bye_opponents(p).items():
            field = C.round_field(rnd, C.ROUND_OPPONENT)
            yield Edit(p.line, field.start, field.end, "0000"), Fix(
                "E019", p.line, field.start, f"round {rnd} opponent", written.strip(), "0000",
                f"{_who(p)}: round {rnd}'s opponent {written!r} → '0000' (no opponent)",
                (p.start_rank,),
            )  # fmt: skip


def _dates(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """E013: dates in the standard form, where the file's dates leave one reading.

    Which reading is :func:`~trfkit.checks.lint.date_plan`'s.
    """
    if "E013" not in run.codes:
        return
    for field, day in date_plan(date_fields(run.ctx)).items():
        record = field.record
        if record.line is None:
            continue
        if isinstance(record, TextRecord):  # 042 or 052: the value as written
            span = patch.value_span(record)
            if span is None:
                continue
            (start, end), new = span, day.strftime("%Y/%m/%d")
            what = f"{record.code} date"
        else:  # a round date in its columns
            start = field.column
            end, new = start + 7, day.strftime("%y/%m/%d")
            what = f"132 round {field.round} date"
        yield Edit(record.line, start, end, new), Fix(
            "E013", record.line, start, what, field.text, new,
            f"{what} {field.text!r} → {new!r} ({day.isoformat()})",
        )  # fmt: skip


def _counts(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """E008, E009, E011: the counts of 062 and 072, the rounds of 142/XXR."""
    t = run.tournament
    wanted = {
        "E008": ("062", len(t.players)),
        "E009": ("072", len([p for p in t.players if p.rating])),
    }
    for code, (record_code, count) in wanted.items():
        if code not in run.codes:
            continue
        for record in t.of_type(TextRecord):
            if record.code != record_code or record.line is None:
                continue
            span = patch.leading_number_span(record)
            if span is None:
                continue
            old = patch.text_at(record, span)
            if old == str(count):
                continue
            yield Edit(record.line, span[0], span[1], str(count)), Fix(
                code, record.line, span[0], record_code, old, str(count),
                f"{record_code} {old} → {count}",
            )  # fmt: skip
    if "E011" in run.codes:
        yield from _rounds(run)


def _rounds(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """E011: a 142/XXR below the rounds played raised to them.

    Never lowered: an unfinished event declares more rounds than it holds.
    """
    played = played_rounds(run.ctx)
    declared = [r for r in run.tournament.of_type(RoundCount) if r.rounds is not None]
    if not played or len({r.rounds for r in declared}) > 1:
        return  # 142 and XXR that disagree with each other: which is meant is a judgement
    for record in declared:
        if record.line is None or record.rounds is None or record.rounds >= played:
            continue
        span = patch.leading_number_span(record)
        if span is None:
            continue
        old = patch.text_at(record, span)
        yield Edit(record.line, span[0], span[1], str(played)), Fix(
            "E011", record.line, span[0], record.code, old, str(played),
            f"{record.code} {old} → {played}, the rounds the file holds",
        )  # fmt: skip


COSMETIC: tuple[Fixer, ...] = (_initial_colour, _bye_opponents, _dates, _counts, _points)
"""The first pass: what needs no recomputed standings (the points need only the results)."""

DERIVED: tuple[Fixer, ...] = (_ranks, _tiebreak_values)
"""The second pass, on the report read again with its points fixed."""


def fix_report(
    tournament: Tournament,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    options: CheckOptions | None = None,
    diagnostics: Sequence[Diagnostic] = (),
) -> FixReport:
    """Fix *tournament*'s derived and cosmetic values; see the module's documentation.

    *diagnostics* are the reader's findings of the file (a ``parse`` result's): a file
    with a reading error that loses data (:data:`LOSSY`) is refused.

    Raises:
        FixError: The file has reading errors, or nothing to read.
    """
    options = options or CheckOptions()
    encoding = tournament.encoding
    text = dumps(attrs.evolve(tournament, encoding=attrs.evolve(encoding, bom=False)))
    current = _read(text, encoding)
    # the text read again says what the model holds (a model built in code has no reading)
    lossy = sorted({d.code for d in (*diagnostics, *current[1]) if d.code in LOSSY})
    if lossy:
        raise FixError(
            f"the file has reading errors ({', '.join(lossy)}) that lose data: fix them by "
            "hand first (trfkit check lists them)"
        )
    if not tournament.players:
        raise FixError("the file has no player records (001): there is nothing to fix")
    # a root cause selects the codes it stands for: --select C001 fixes an earlier round's
    select = widened(select)
    fixes: list[Fix] = []
    failures: list[Diagnostic] = []
    standings = ""
    run = _Pass(current, options)  # made again only after an edit: every check runs in a pass
    for stage in (COSMETIC, DERIVED):
        if stage is DERIVED:
            standings = _describe(run)
        edits: list[Edit] = []
        for fixer in stage:
            made, failure = _made(fixer, run, select, ignore)
            if failure is not None:
                failures.append(failure)
                continue
            for edit, found in made:
                edits.append(edit)
                fixes.append(found)
        if edits:
            text = patch.apply(text, edits)
            current = _read(text, encoding)
            run = _Pass(current, options)
    left = [*with_causes(run.ctx, run.found), *failures]
    # errors and warnings left, and a note of a code fix answers that it could not fix
    not_fixed = tuple(
        sorted(
            (d for d in left if d.severity > Severity.INFO or _answers(d)),
            key=lambda d: d.sort_key,
        )
    )
    fixes.sort(key=lambda f: (f.line, f.column))
    return FixReport(
        current[0], dumps(current[0]), tuple(fixes), not_fixed, standings if _ranked(fixes) else ""
    )


def _made(
    fixer: Fixer, run: _Pass, select: Sequence[str] | None, ignore: Sequence[str] | None
) -> tuple[list[tuple[Edit, Fix]], Diagnostic | None]:
    """*fixer*'s chosen edits, all or none: one that fails fixes nothing, and says so (S999).

    A value that does not fit its columns (points of 100.5 in four) is not fixed either.
    """
    from trfkit.checks import INTERNAL

    try:
        made = [(e, f) for e, f in fixer(run) if _chosen(f.code, select, ignore)]
    except Exception as exc:  # a fixer's failure costs its own fixes, never the file
        name = (fixer.__doc__ or fixer.__name__).split(":")[0]
        return [], INTERNAL.rule.diagnostic(
            f"fix {name} could not run: {type(exc).__name__}: {exc}; nothing of it was fixed"
        )
    return made, None


def _answers(d: Diagnostic) -> bool:
    return any(x.code in FIXABLE for x in (d, *d.instances))


def _ranked(fixes: Sequence[Fix]) -> bool:
    return any(f.field == "rank" for f in fixes)


def _describe(run: _Pass) -> str:
    state = scores_state(run.ctx)
    if state is None:
        return ""
    st = state.standings
    listed = rank_list(run.ctx, state)
    if [tb.key for tb in listed] == [tb.key for tb in st.tiebreaks]:
        source = st.source
    else:
        source = "no list declared: the common list closest to the rank column"
    return (
        f"the standings under {', '.join(tb.text for tb in listed)} ({source}); "
        f"rules {st.edition.edition.value}: {st.edition.reason}"
    )


def _read(text: str, encoding: Encoding) -> tuple[Tournament, list[Diagnostic]]:
    """*text* read again, in the input's encoding (``text`` has no byte-order mark)."""
    result = parse(text)
    return attrs.evolve(result.tournament, encoding=encoding), list(result.diagnostics)


def fixed_codes(fixes: Iterable[Fix]) -> dict[str, int]:
    """How many fixes answer each code, by code."""
    counts: dict[str, int] = {}
    for f in fixes:
        counts[f.code] = counts.get(f.code, 0) + 1
    return dict(sorted(counts.items()))
