"""From findings to a corrected file: the derived and cosmetic values, never a game.

:func:`fix_report` (and :func:`trfkit.fix`) reads what the checks found and writes the
values a report derives from its games, or writes one standard way, where the evidence
leaves one answer:

- ``T001``: the points column, from the round results (the standings' score);
- ``T006``, ``T007``, ``T012``: the rank column, from the recomputed standings (the list
  and edition are said: :attr:`FixReport.standings`); ``E004``: an empty one filled;
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

import datetime
import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction

import attrs

from trfkit import columns as C
from trfkit.checks import CheckOptions, Context, matches, run_checks, with_causes
from trfkit.checks.lint import DateField, date_fields
from trfkit.checks.scores import (
    ScoresState,
    rank_findings,
    rank_groups,
    reported_ranks,
    scores_state,
)
from trfkit.compute.standings import compute_standings, tie_groups
from trfkit.compute.tiebreaks import TieBreak
from trfkit.dates import is_standard_full, is_standard_round
from trfkit.diagnostics import FATAL_CODES, Diagnostic, Severity
from trfkit.errors import FieldOverflow, FixError
from trfkit.model import Encoding, InitialColour, Player, RoundCount, TextRecord, Tournament
from trfkit.numbers import format_number
from trfkit.trf import patch
from trfkit.trf.patch import Edit
from trfkit.trf.reader import parse
from trfkit.trf.writer import dumps
from trfkit.trf.written import bye_opponents, value_as_written
from trfkit.values import Value

FIXABLE = (
    "T001", "T006", "T007", "T012", "T008", "P007", "E019", "E013", "E011", "E008", "E009",
    "E004",
)  # fmt: skip
"""The codes :func:`fix_report` answers (``--select`` and ``--ignore`` choose among them)."""

LOSSY = frozenset({*FATAL_CODES, "P005", "P006"})
"""Reading errors after which a file is refused: a field or a round block was not read."""

DISPUTED = frozenset({"S001", "S002", "S003", "S004", "S007", "P008"})
"""Findings that put a player's results (or his line's columns) in doubt: his derived
values are not fixed while one stands."""


def _ints(values: Iterable[int]) -> tuple[int, ...]:
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
    name = _name(code)
    if select and not matches(code, name, select):
        return False
    return not (ignore and matches(code, name, ignore))


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


_RANK_CODES = frozenset({"T006", "T007", "T012"})
"""Rank findings that make the column wrong; T013 alone (an order trfkit cannot name, an
info) leaves the column as the report wrote it."""


def _ranks(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """T006/T007/T012, E004: the rank column from the recomputed standings."""
    present = _RANK_CODES & run.codes
    if not present and "E004" not in run.codes:
        return
    state = scores_state(run.ctx)
    if state is None or state.team:
        return
    code = min(present) if present else "E004"
    places = list(_new_ranks(run.ctx, state) if present else _all_ranks(run.tournament, state))
    if not present and any(p.line is None or _disputed(run, p) for p, _ in places):
        return  # an empty column is filled whole or not at all: a half-filled one misleads
    for p, place in places:
        if p.line is None or _disputed(run, p):
            continue
        edit = patch.field_edit(p, C.RANK, place)
        yield edit, Fix(
            code, p.line, C.RANK.start, "rank", str(p.rank), str(place),
            f"{_who(p)}: rank {p.rank} → {place}", (p.start_rank,),
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
    players = t.players_by_rank
    for row in state.standings.rows:
        p = players.get(row.start_rank)
        if row.rank is not None and p is not None:
            yield p, row.rank


def _tiebreak_values(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """T008: tie-break values appended to the player lines, recomputed."""
    if "T008" not in run.codes:
        return
    wrong = {(d.line, d.message) for d in run.found if d.code == "T008"}
    state = scores_state(run.ctx)
    if state is None or not state.standings.source.startswith("record"):
        return
    options = attrs.evolve(
        run.ctx.tiebreak_options,
        tiebreaks=tuple(tb.text for tb in state.standings.tiebreaks),
    )
    full = compute_standings(run.tournament, options, regime=run.ctx.regime)
    codes = [tb.text for tb in full.tiebreaks]
    values = {row.start_rank: dict(zip(codes, row.values, strict=True)) for row in full.rows}
    for p in run.tournament.players:
        spans = patch.appended_spans(p)
        if not spans or p.line is None or p.source is None or _disputed(run, p):
            continue
        names = codes if len(spans) == len(codes) else codes[1:]
        if len(names) != len(spans):
            continue
        flagged = [m for line, m in wrong if line == p.line]
        previous_end = C.round_block_start(len(p.rounds) + 1) - 2
        for name, (start, end), text in zip(names, spans, p.appended, strict=True):
            if not any(f": {name} reported" in m for m in flagged):
                previous_end = end
                continue
            value = values.get(p.start_rank, {}).get(name)
            new = None if value is None else _like(text, value)
            # right-aligned where the old value ended, into the blanks before it if longer
            first = end - len(new) + 1 if new is not None else 0
            if new is None or first <= previous_end + 1 or new == text:
                previous_end = end
                continue
            yield Edit(p.line, min(first, start), end, new.rjust(end - min(first, start) + 1)), Fix(
                "T008", p.line, start, name, text, new,
                f"{_who(p)}: {name} {text} → {new}", (p.start_rank,),
            )  # fmt: skip
            previous_end = end


def _like(text: str, value: Fraction) -> str:
    """*value* written with as many decimals as *text* shows (``12.50``: two), half up."""
    from trfkit.numbers import round_half_up

    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    scale = 10**decimals
    units = round_half_up(abs(value) * scale)
    sign = "-" if value < 0 and units else ""
    if not decimals:
        return f"{sign}{units}"
    return f"{sign}{units // scale}.{units % scale:0{decimals}d}"


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


_FAMILY = {"YMD": "ymd", "yMD": "ymd", "DMY": "dmy", "DMy": "dmy", "MDY": "mdy", "MDy": "mdy",
           "yDM": "ydm"}  # fmt: skip
"""Field orders by the order of day and month (a header's four-digit year and a round
date's two-digit one read in the same family)."""


def _dates(run: _Pass) -> Iterator[tuple[Edit, Fix]]:
    """E013: dates in the standard form, where the file's dates leave one reading."""
    if "E013" not in run.codes:
        return
    fields = date_fields(run.ctx)
    for field, day in _date_plan(fields).items():
        header = isinstance(field.record, TextRecord)
        new = day.strftime("%Y/%m/%d" if header else "%y/%m/%d")
        line = field.record.line
        if line is None:
            continue
        if header:
            span = patch.value_span(field.record)
            if span is None:
                continue
            start, end = span
            what = f"{field.record.code} date"  # type: ignore[attr-defined]
            text = new
        else:
            start = field.column
            end, text = start + 7, new
            what = f"132 round {field.round} date"
        yield Edit(line, start, end, text), Fix(
            "E013", line, start, what, field.text, new,
            f"{what} {field.text!r} → {new!r} ({day.isoformat()})",
        )  # fmt: skip


def _standard(field: DateField) -> bool:
    if isinstance(field.record, TextRecord):
        return is_standard_full(field.text)
    return field.column == C.round_block_start(field.round or 0) and is_standard_round(field.text)


def _date_plan(fields: Sequence[DateField]) -> dict[DateField, datetime.date]:
    """The non-standard dates to rewrite, each with the one date it stands for.

    A date with one reading is that date. Dates with two (``08/04/2018``) take the
    order of day and month under which the file's dates are in order (042 no later than
    the first round, the rounds in order, 052 no earlier than the last): when exactly one
    order does, the file says which; when both do, the one that puts 042 and 052 within
    a week of the first and last round dates. Otherwise they are left for the arbiter. A round
    date off its columns, or longer than them, is the reader's (P008) and left alone.
    """
    odd = [
        f for f in fields
        if f.readings and not _standard(f)
        and (isinstance(f.record, TextRecord)
             or (f.column == C.round_block_start(f.round or 0) and len(f.text) <= 8))
    ]  # fmt: skip
    known: dict[DateField, datetime.date] = {}
    for f in fields:
        if f.readings and _standard(f):
            known[f] = next(r.date for r in f.readings if r.order in ("YMD", "yMD"))
    plain = {f: f.readings[0].date for f in odd if len({r.date for r in f.readings}) == 1}
    doubtful = [f for f in odd if f not in plain]
    if not doubtful:
        return plain
    common: set[str] | None = None
    for f in doubtful:
        families = {_FAMILY[r.order] for r in f.readings if r.order in _FAMILY}
        common = families if common is None else common & families
    passing = []
    for family in sorted(common or ()):
        trial = {**known, **plain}
        for f in doubtful:
            trial[f] = next(r.date for r in f.readings if _FAMILY.get(r.order) == family)
        if _in_order(trial):
            passing.append(trial)
    if len(passing) > 1:  # the round dates decide: the start and end within a week of them
        passing = [trial for trial in passing if _close_to_rounds(trial)]
    if len(passing) != 1:
        return plain
    return {f: passing[0][f] for f in odd}


def _close_to_rounds(dates: dict[DateField, datetime.date]) -> bool:
    """Whether 042 and 052 lie within :data:`NEAR` of the first and the last round date."""
    rounds = sorted(d for f, d in dates.items() if not isinstance(f.record, TextRecord))
    if not rounds:
        return False
    for f, day in dates.items():
        if isinstance(f.record, TextRecord):
            near = rounds[0] if f.record.code == "042" else rounds[-1]
            if abs((day - near).days) > NEAR.days:
                return False
    return True


NEAR = datetime.timedelta(days=7)
"""How far a start or end date may lie from the first or last round date, when both
orders of day and month put the dates in order (``02.03.2024`` with round 1 on
2024/03/02: the 2nd of March, not the 3rd of February)."""


def _in_order(dates: dict[DateField, datetime.date]) -> bool:
    start = end = None
    rounds: list[tuple[int, datetime.date]] = []
    for f, day in dates.items():
        if isinstance(f.record, TextRecord):
            if f.record.code == "042":
                start = day
            else:
                end = day
        elif f.round is not None:
            rounds.append((f.round, day))
    days = [d for _, d in sorted(rounds, key=lambda item: item[0])]
    if any(b < a for a, b in itertools.pairwise(days)):
        return False
    first = days[0] if days else end
    last = days[-1] if days else start
    if start is not None and first is not None and start > first:
        return False
    return not (end is not None and last is not None and last > end)


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
    from trfkit.checks.lint import played_rounds

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
    fixes: list[Fix] = []
    failures: list[Diagnostic] = []
    standings = ""
    for stage in (COSMETIC, DERIVED):
        run = _Pass(current, options)
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
    final = _Pass(current, options)
    left = [*with_causes(final.ctx, final.found), *failures]
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
