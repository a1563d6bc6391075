"""Round-robin schedule checks against the FIDE Berger tables (C.05 Annex 1).

These checks run only on round robins. A file is one when its TRF-2026 192
code names a round robin, else when its 092 text does (``All-Play-All``,
``Round Robin``, ``Rundenturnier`` …), else when its structure is one (every
participant meets every other equally often); a 192 or 092 that names a Swiss
system keeps the file out. Team events (013/310 records whose players meet
other teams) are checked team by team.

:func:`trfkit.compute.recognition.explain` finds the Berger table that fits the file best
(the file's numbering or a renumbering, the table order or a variant); the
checks below report what differs from it. Mismatched entries between two
players (A lists B, B lists someone else, another colour, or a result that does
not complement A's) are S003's business: the schedule is read from the games
both sides agree on, so one such entry never becomes a B error as well.

UNCERTAIN readings and their defaults (see also :mod:`trfkit.compute.berger`):

- The round order: by default (``--round-order any``) the table order, the FIDE swap of
  the last two rounds of a double round robin's first cycle and every Rotate-k are
  accepted, or the variant a 192 code names (``CheckOptions.round_order`` fixes one).
- Team colours are not checked (``CheckOptions.berger_team_colours``: ``top-board`` or
  ``league``, the visitors White on the odd boards).
- "Completed games" of a withdrawn player are the games played over the board
  (``TieBreakOptions.withdrawal_completed`` ``SCHEDULED`` also counts earlier forfeits);
  exactly 50 % counts as "at least 50 %".
- The bye of an odd field is worth what the file says; only its placement and
  its coding are checked.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, NamedTuple

import attrs

from trfkit import columns as C
from trfkit.checks.base import Check, Context, make_check
from trfkit.checks.scores import withdrawals
from trfkit.compute import berger, recognition
from trfkit.compute.history import CompletedGames, Spelling, spelling_of, written
from trfkit.compute.regime import DecidedBy
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import Colour, Player, Team, TextRecord
from trfkit.trf.written import reaches
from trfkit.values import Value

COLOUR_TOLERANCE = Fraction(1, 4)
"""Above this share of differing colours, a renumbered fit is no Berger table at all."""


@attrs.frozen(repr=False)
class Analysis(Value):
    """The round-robin reading of a file, shared by the schedule checks.

    Attributes:
        rr: The recognised round robin.
        fit: The best-fitting Berger table.
        berger: True when the schedule is taken to be a Berger table (possibly with
            errors); False when it follows no Berger table.
        expected: The names of the round orders that need no warning.
    """

    rr: recognition.RoundRobin
    fit: recognition.TableFit
    berger: bool
    expected: tuple[str, ...]
    last_result: int = 0
    """The last round in which some participant has a result (later rounds are pending)."""
    view: tuple[dict[int, tuple[int, str]], ...] = ()
    """Per round (index ``round - 1``): label → (the table's opponent label, ``w``/``b``)."""
    vacant: recognition.TableFit | None = None
    """An odd field that fits the table with another number than the highest empty (B006)."""
    memo: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)
    """Values several checks derive from the analysis, each computed once."""

    def remember(self, key: str, compute: Callable[[], Any]) -> Any:
        """The value stored under *key*, computing it on first use."""
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]


def _expected(rr: recognition.RoundRobin, choice: berger.RoundOrderChoice) -> tuple[
    tuple[str, ...], tuple[str, ...]
]:
    """The round orders that need no warning, and those the recognition tries first.

    A declared ``--round-order`` decides; under ``any`` a 192 code that names the
    double-round-robin variant does, else every order ``any`` accepts needs no warning
    (the table order and the FIDE swap tried first, as before).
    """
    m = rr.rounds_per_cycle
    if choice.kind is not berger.RoundOrderKind.ANY:
        accepted = choice.accepted(m, rr.cycles)
        return accepted, accepted or ("table",)
    if rr.cycles < 2:
        return choice.accepted(m, rr.cycles), ("table",)
    if rr.swap_last_two is not None:
        named = ("fide-swap" if rr.swap_last_two else "table",)
        return named, named
    return choice.accepted(m, rr.cycles), ("table", "fide-swap")


def _recognised(ctx: Context) -> recognition.RoundRobin | None:
    """The file's round robin as recognised (once per file), or ``None``."""
    opts = ctx.options
    result: recognition.RoundRobin | None = ctx.cached(
        "schedule.recognised",
        lambda: recognition.recognise(
            ctx.tournament, ctx.regime, team_colours=opts.berger_team_colours
        ),
    )
    return result


def too_large(rr: recognition.RoundRobin, limit: int) -> str | None:
    """Why the Berger table of *rr* is not compared with the file, or ``None``.

    Comparing costs the table's rounds times its orders (about ``m²`` for ``m`` rounds a
    cycle): a table of more rounds a cycle than a file may hold (``--max-rounds``), or
    of more cycles than those rounds hold, is never complete in a file within the limits,
    and a field of thousands read as a round robin would take minutes and gigabytes.
    """
    m = rr.rounds_per_cycle
    if m > limit:
        who = "teams" if rr.team else "players"
        return (
            f"{rr.players:,} {who} make a table of {m:,} rounds a cycle, more than the limit "
            f"of {limit} (--max-rounds): the schedule is not compared with the Berger table"
        )
    if rr.cycles * m > limit:
        return (
            f"{rr.cycles:,} cycles of {m} rounds make {rr.cycles * m:,} rounds, more than the "
            f"limit of {limit} (--max-rounds): the schedule is not compared with the Berger table"
        )
    return None


def _analyse(ctx: Context) -> Analysis | None:
    opts = ctx.options
    rr = _recognised(ctx)
    if rr is None or too_large(rr, ctx.limits.max_rounds) is not None:
        return None
    expected, preferred = _expected(rr, opts.round_order)
    fit = recognition.explain(rr.observed, rr.cycles, preferred=preferred)
    if fit is None:
        return None
    played_rounds = sum(1 for ms in rr.observed.by_round() if ms)
    wrong = Fraction(fit.colour_mismatches, max(fit.colours_compared, 1))
    if fit.renumbered and wrong > COLOUR_TOLERANCE:
        is_berger = False  # a circle-method or long-table schedule, not a renumbered table
    elif fit.order.name == "custom" and fit.colour_mismatches:
        is_berger = False  # Berger rounds in no table order and with other colours
    elif fit.all_pairs:
        is_berger = True
    else:
        is_berger = 2 * fit.rounds_matched >= played_rounds and fit.rounds_matched > 0
    vacant = None
    if rr.observed.odd and not (fit.all_pairs and is_berger and fit.order.name != "custom"):
        vacant = recognition.vacant_number(rr.observed, rr.cycles, preferred=preferred)
        if vacant is not None:
            is_berger = False  # B006 names the empty number; no error per round
    last_result = max(
        (
            b.round
            for p in ctx.tournament.players
            for b in p.rounds
            if written(b) and b.round <= rr.observed.rounds
        ),
        default=0,
    )
    view = []
    label = fit.label_of()
    for number in range(1, min(rr.observed.rounds, len(fit.order.plan)) + 1):
        scheduled: dict[int, tuple[int, str]] = {}
        for w, b in fit.expected(number):
            white, black = label.get(w, -1), label.get(b, -1)
            scheduled[white] = (black, "w")
            scheduled[black] = (white, "b")
        view.append(scheduled)
    return Analysis(rr, fit, is_berger, expected, last_result, tuple(view), vacant)


def analysis(ctx: Context) -> Analysis | None:
    """The file's round-robin analysis (computed once per file), or ``None``."""
    result: Analysis | None = ctx.cached("schedule.analysis", lambda: _analyse(ctx))
    return result


# --- helpers for messages and positions ---------------------------------------------------


def _who(a: Analysis, label: int) -> str:
    if label == berger.BYE:
        return "the bye"
    if a.rr.team:
        name = a.rr.team_names.get(label, "")
        return f"team {label} ({name})" if name else f"team {label}"
    return f"player {label}"


def _short(a: Analysis, label: int) -> str:
    return f"team {label}" if a.rr.team else str(label)


def _pair(a: Analysis, first: int, second: int) -> str:
    if a.rr.team:
        return f"{_who(a, first)}–{_who(a, second)}"
    return f"{first}–{second}"


def _where(ctx: Context, a: Analysis, label: int, round_number: int | None) -> dict[str, object]:
    """Line and column of *label*'s block in *round_number*.

    A team's pairing of a round is written in its players' blocks: the block of its
    top board in that round, else its team record (310: the team number).
    """
    if a.rr.team:
        player = _top_board(ctx, label, round_number)
        if player is not None:
            return {"line": player.line, "column": _column(player, round_number)}
        for team in ctx.tournament.of_type(Team):
            number = team.number if team.code == "310" and team.number else None
            if number == label or (number is None and a.rr.team_names.get(label) == team.name):
                column = C.TEAM26.field("number").start if team.code == "310" else None
                return {"line": team.line, "column": column}
        return {}
    player = ctx.tournament.players_by_start_rank.get(label)
    if player is None:
        return {}
    return {"line": player.line, "column": _column(player, round_number)}


def _top_board(ctx: Context, team: int, round_number: int | None) -> Player | None:
    """The player of *team* on the top board of its match of *round_number*, if any."""
    event = ctx.team_event
    match = event.match_of(round_number, team) if event is not None and round_number else None
    if match is None:
        return None
    for board in match.boards:
        rank = board.first if team == match.first else board.second
        if rank is not None:
            return ctx.tournament.players_by_start_rank.get(rank)
    return None


def _column(player: Player, round_number: int | None) -> int | None:
    """The start of *round_number*'s block, when the player's line reaches it."""
    if not round_number:
        return None
    start = C.round_block_start(round_number)
    if not reaches(player, start):
        return None
    return start


def _header_line(ctx: Context, source: DecidedBy) -> int | None:
    """The line of the 192 or 092 record that named the round robin, if one did."""
    if source not in (DecidedBy.CODE_192, DecidedBy.TEXT_092):
        return None
    for record in ctx.tournament.of_type(TextRecord):
        if record.code == source.value:
            return record.line
    return None


def _kind(a: Analysis) -> str:
    return "team" if a.rr.team else "player"


def _rounds_text(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


class _Board(NamedTuple):
    """One board of the table in one round, in file labels."""

    number: int
    white: int
    black: int


def _boards(a: Analysis, round_number: int) -> list[_Board]:
    label: dict[int, int] = a.remember("label_of", a.fit.label_of)
    return [
        _Board(index, label.get(w, -1), label.get(b, -1))
        for index, (w, b) in enumerate(a.fit.expected(round_number), start=1)
    ]


def _meetings(a: Analysis, round_number: int) -> dict[int, recognition.Meeting]:
    found: dict[int, recognition.Meeting] = {}
    for m in a.rr.observed.by_round()[round_number - 1]:
        found[m.first] = m
        found[m.second] = m
    return found


def _in_plan(a: Analysis, round_number: int) -> bool:
    return round_number <= len(a.fit.order.plan)


def _cycle(a: Analysis, round_number: int) -> int:
    return (round_number - 1) // a.fit.rounds_per_cycle + 1


def _board_word(a: Analysis) -> str:
    return "match" if a.rr.team else "board"


# --- B001 ---------------------------------------------------------------------------------


def _round_robin(ctx: Context) -> Iterator[Diagnostic]:
    """The file is read as a round robin; the schedule checks apply.

    Whether it is one is the one answer of :func:`trfkit.compute.regime.decide`, in
    this order: ``--type``; a TRF-2026 192 type code (``FIDE_ROUNDROBIN``,
    ``BERGER_DOUBLEROUNDROBIN``, ``CUSTOM_ROUNDROBIN`` … are round robins, any other
    code is not); a schedule where every participant met every other equally often,
    unless 092 names a Swiss system; a 092 text that names one (``All-Play-All``,
    ``Round Robin``, ``Rundenturnier``, ``Rundeturnering``, ``Turniej kołowy`` …) or a
    Swiss system; a pairing-allocated bye (``U``) keeps the file out; a schedule
    complete but for withdrawn players; an unfinished schedule whose games stand in the
    Berger table's rounds. The message gives the reason and, for a Berger table, the
    round order it follows (``--round-order any`` accepts several). Information only.

    PASS (not a round robin): ``092 Individual: Swiss-System``.
    FAIL (info): ``192 FIDE_ROUNDROBIN`` with six players who all meet.
    """
    a = analysis(ctx)
    rr = a.rr if a is not None else _recognised(ctx)
    if rr is None:
        return
    how = {
        DecidedBy.CODE_192: f"the 192 code {rr.detail}",
        DecidedBy.TEXT_092: f"the 092 text {rr.detail!r}",
        DecidedBy.STRUCTURE: f"its structure ({ctx.regime.reason})",
        DecidedBy.OPTION: "the option --type round-robin",
    }[rr.source]
    cycles = "single" if rr.cycles == 1 else ("double" if rr.cycles == 2 else f"{rr.cycles}-cycle")
    kind = "team round robin" if rr.team else "round robin"
    line = _header_line(ctx, rr.source)
    if a is None:  # recognised, but its table is too large to compare
        why = too_large(rr, ctx.limits.max_rounds)
        if why is not None:
            yield ROUND_ROBIN.rule.diagnostic(
                f"read as a {cycles} {kind} from {how}; {why}",
                line=line,
                column=5 if line else None,
            )
        return
    found = ""
    if a.berger and a.fit.all_pairs and a.fit.order.name != "custom":
        found = f", in {a.fit.order.describe(a.fit.rounds_per_cycle)}"
    yield ROUND_ROBIN.rule.diagnostic(
        f"read as a {cycles} {kind} from {how}: {rr.players} {_kind(a)}s, "
        f"{rr.rounds} rounds ({a.fit.rounds_per_cycle} per cycle){found}",
        line=line,
        column=5 if line else None,
    )


ROUND_ROBIN = make_check("B001", "round-robin", Severity.INFO, _round_robin)


# --- B002 ---------------------------------------------------------------------------------


def _berger_pairing(ctx: Context) -> Iterator[Diagnostic]:
    """A round's pairing differs from the Berger table.

    FIDE C.05 Annex 1 fixes who meets whom in every round of a round robin. When
    most rounds follow the table (under the file's numbering or the renumbering
    that B005 reports), every board of the other rounds whose game is not the
    table's is reported: expected versus found, in start ranks, White first.

    PASS (6 players, round 1 of the table: 1–6, 2–5, 3–4)::

        001    2 …    5 w 1
        001    5 …    2 b 0

    FAIL (round 1 pairs 2 with 4 and 3 with 5)::

        001    2 …    4 w 1
        001    4 …    2 b 0
    """
    a = analysis(ctx)
    if a is None or not a.berger or a.fit.all_pairs:
        return
    for number in range(1, a.rr.observed.rounds + 1):
        if not _in_plan(a, number):
            break
        found = _meetings(a, number)
        reported: set[recognition.Meeting] = set()
        for board in _boards(a, number):
            if berger.BYE in (board.white, board.black):
                continue  # the bye is B007's
            meeting = found.get(board.white)
            if meeting is not None and meeting.other(board.white) == board.black:
                continue
            candidates = [found.get(board.white), found.get(board.black)]
            fresh = [
                m for m in candidates
                if m is not None and m not in reported and berger.BYE not in (m.first, m.second)
            ]
            if not fresh:
                continue
            shown = fresh[0]
            reported.add(shown)
            anchor = board.white if board.white in (shown.first, shown.second) else board.black
            cycle = f" (cycle {_cycle(a, number)})" if a.rr.cycles > 1 else ""
            yield BERGER_PAIRING.rule.diagnostic(
                f"round {number}{cycle}, {_board_word(a)} {board.number}: expected "
                f"{_pair(a, board.white, board.black)}, found "
                f"{_pair(a, *_ordered(shown))}",
                round=number,
                players=tuple(sorted({board.white, board.black, shown.first, shown.second})),
                **_where(ctx, a, anchor, number),  # type: ignore[arg-type]
            )


def _ordered(m: recognition.Meeting) -> tuple[int, int]:
    if m.white is None:
        return m.first, m.second
    return m.white, m.other(m.white)


BERGER_PAIRING = make_check("B002", "berger-pairing", Severity.ERROR, _berger_pairing)


# --- B003 ---------------------------------------------------------------------------------


def _colour_differences(a: Analysis) -> dict[int, list[tuple[_Board, recognition.Meeting]]]:
    """Per round, the boards whose game is the table's but with the other colours."""
    found: dict[int, list[tuple[_Board, recognition.Meeting]]]
    found = a.remember("colour_differences", lambda: _find_colour_differences(a))
    return found


def _find_colour_differences(a: Analysis) -> dict[int, list[tuple[_Board, recognition.Meeting]]]:
    out: dict[int, list[tuple[_Board, recognition.Meeting]]] = {}
    label: dict[int, int] = a.remember("label_of", a.fit.label_of)
    for number in range(1, a.rr.observed.rounds + 1):
        if not _in_plan(a, number):
            break
        found = _meetings(a, number)
        # The boards of _boards(a, number), made into _Board values only when they differ.
        for index, (w, b) in enumerate(a.fit.expected(number), start=1):
            white, black = label.get(w, -1), label.get(b, -1)
            m = found.get(white)
            if m is None or m.white is None or m.other(white) != black:
                continue
            if m.white != white:
                out.setdefault(number, []).append((_Board(index, white, black), m))
    return out


def _reversed_cycles(a: Analysis) -> set[int]:
    """Later cycles (≥ 2) in which every compared colour is the other one (B009's)."""
    found: set[int] = a.remember("reversed_cycles", lambda: _find_reversed_cycles(a))
    return found


def _find_reversed_cycles(a: Analysis) -> set[int]:
    diffs = _colour_differences(a)
    compared: Counter[int] = Counter()
    by_round = a.rr.observed.by_round()
    for number in range(1, a.rr.observed.rounds + 1):
        if not _in_plan(a, number):
            break
        count = sum(
            1
            for m in by_round[number - 1]
            if m.white is not None and m.first != berger.BYE and m.second != berger.BYE
        )
        if count:
            compared[_cycle(a, number)] += count
    wrong: Counter[int] = Counter()
    for number, items in diffs.items():
        wrong[_cycle(a, number)] += len(items)
    return {c for c in compared if c >= 2 and compared[c] >= 2 and wrong[c] == compared[c]}


def _berger_colour(ctx: Context) -> Iterator[Diagnostic]:
    """A game of the table is played with the colours reversed.

    In the Berger table the first-named player of each pair has White; later
    cycles of a multi-cycle event reverse the colours of the first. A round whose
    every board is reversed is reported once; otherwise each board is. (A whole
    later cycle that repeats the colours of the first is B009.)

    PASS (round 1: 1–6, player 1 White)::

        001    1 …    6 w 1
        001    6 …    1 b 0

    FAIL::

        001    1 …    6 b 1
        001    6 …    1 w 0
    """
    a = analysis(ctx)
    if a is None or not a.berger:
        return
    skip = _reversed_cycles(a)
    for number, items in sorted(_colour_differences(a).items()):
        if _cycle(a, number) in skip:
            continue
        cycle = f" (cycle {_cycle(a, number)})" if a.rr.cycles > 1 else ""
        boards_in_round = [
            m for m in a.rr.observed.by_round()[number - 1]
            if m.white is not None and berger.BYE not in (m.first, m.second)
        ]
        if len(items) >= 2 and len(items) == len(boards_in_round):
            expected = ", ".join(_pair(a, b.white, b.black) for b, _ in items)
            yield BERGER_COLOUR.rule.diagnostic(
                f"round {number}{cycle}: the colours are reversed on all {len(items)} "
                f"{_board_word(a)}s (expected {expected}, White first)",
                round=number,
                players=tuple(sorted({x for b, _ in items for x in (b.white, b.black)})),
                **_where(ctx, a, items[0][0].white, number),  # type: ignore[arg-type]
            )
            continue
        for board, m in items:
            yield BERGER_COLOUR.rule.diagnostic(
                f"round {number}{cycle}, {_board_word(a)} {board.number}: expected "
                f"{_pair(a, board.white, board.black)} ({_short(a, board.white)} White), "
                f"found {_pair(a, *_ordered(m))}",
                round=number,
                players=(board.white, board.black),
                **_where(ctx, a, board.white, number),  # type: ignore[arg-type]
            )


BERGER_COLOUR = make_check("B003", "berger-colour", Severity.ERROR, _berger_colour)


# --- B004 ---------------------------------------------------------------------------------


def _declared_variant(a: Analysis) -> bool:
    """True when B009 speaks about the order instead (it contradicts the variant 192 names)."""
    if a.rr.cycles < 2 or a.rr.swap_last_two is None:
        return False
    name = a.fit.order.name
    return name in ("table", "fide-swap") and name != (
        "fide-swap" if a.rr.swap_last_two else "table"
    )


def _declared(ctx: Context) -> bool:
    """True when ``--round-order`` names an order (anything but ``any``)."""
    return ctx.options.round_order.kind is not berger.RoundOrderKind.ANY


def _round_order(ctx: Context) -> Iterator[Diagnostic]:
    """Every round is a Berger round, but the rounds are played in another order.

    Some programs rotate the table (Vega's Rotate-k starts at round k and wraps
    around), reverse it, or swap rounds; the pairings and colours of each round
    are still the table's. FIDE C.05 Annex 1 plays the table in its order (a
    double round robin may swap the last two rounds of the first cycle).
    ``--round-order`` says which order is expected: ``any`` (the default) accepts the
    table order, the FIDE swap of a double round robin and every Rotate-k (or the
    variant a 192 code names), and B001 says which it found; ``table``, ``fide-swap``
    or ``rotate-K`` expects that one order, whatever 192 says. One warning names the
    variant found; ``192 CUSTOM_ROUNDROBIN`` silences it unless an order is declared.

    PASS: round 1 plays table round 1 (1–6, 2–5, 3–4); under ``any`` also Rotate-2.
    FAIL (``--round-order table``): round 1 plays table round 2 (6–4, 5–3, 1–2), round 2
    table round 3, …
    """
    a = analysis(ctx)
    if a is None or not a.berger or (a.rr.custom and not _declared(ctx)):
        return
    order = a.fit.order
    if order.name in a.expected or _declared_variant(a):
        return
    m = a.fit.rounds_per_cycle
    expected = " or ".join(
        berger.order_named(name, m, 1).describe(m) for name in a.expected[:3]
    )
    if len(a.expected) > 3:  # any: the table order, (the FIDE swap,) every Rotate-k
        swap = ", the FIDE swap" if "fide-swap" in a.expected else ""
        expected = f"the table order{swap} or a Rotate-k"
    if not expected:
        expected = f"{ctx.options.round_order}, which a table of {m} rounds a cycle has not"
    tail = "; every round is a Berger round" if a.fit.all_pairs else ""
    yield ROUND_ORDER.rule.diagnostic(
        f"the rounds follow {order.describe(m)}, expected {expected}{tail}",
        line=_header_line(ctx, a.rr.source),
    )


ROUND_ORDER = make_check("B004", "berger-round-order", Severity.WARNING, _round_order)


# --- B005 ---------------------------------------------------------------------------------


def _renumbered(ctx: Context) -> Iterator[Diagnostic]:
    """The schedule is a Berger table, but under other numbers than the start ranks.

    In a round robin the start numbers are drawn by lot (C.05) and the TRF start
    rank (columns 5-8) is the only number a player has, so it must be the Berger
    number. When the games follow the table after renumbering, the renumbering is
    reported once, as start rank → Berger number, and the colours are checked
    under it (B003).

    PASS: round 1 is 1–6, 2–5, 3–4.
    FAIL: round 1 is 1–5, 2–6, 3–4 and every later round fits once 5 and 6 are
    swapped (the FIDE C.07 tie-break exercise file).
    """
    a = analysis(ctx)
    if a is None or not a.berger or not a.fit.renumbered:
        return
    ordered = sorted(label for label in a.fit.numbering if label != berger.BYE)
    moved = [
        (label, a.fit.numbering[label])
        for index, label in enumerate(ordered, start=1)
        if a.fit.numbering[label] != index
    ]
    mapping = ", ".join(f"{_short(a, label)} → {number}" for label, number in moved)
    unit = "team numbers" if a.rr.team else "start ranks"
    yield RENUMBERED.rule.diagnostic(
        f"the games follow the Berger table with {unit} renumbered ({unit[:-1]} → Berger "
        f"number): {mapping}; expected the drawn numbers as {unit}",
        players=tuple(label for label, _ in moved),
    )


RENUMBERED = make_check("B005", "berger-renumbered", Severity.WARNING, _renumbered)


# --- B006 ---------------------------------------------------------------------------------


def _not_berger(ctx: Context) -> Iterator[Diagnostic]:
    """The round robin follows no Berger table.

    C.05 requires the Berger tables for FIDE round robins. A circle-method or
    long-table ("Langbord") schedule has Berger's pairings after renumbering but
    other colours; other schedules are no Berger table at all. Reported once; the
    other checks (symmetry, meetings, points) still run. National leagues may
    legitimately use such schedules: ``192 CUSTOM_ROUNDROBIN`` silences this.

    PASS: the FIDE table for 6 (1–6, 2–5, 3–4 / 6–4, 5–3, 1–2 / …).
    FAIL: the circle method (1–6, 2–5, 3–4 / 1–5, 6–4, 2–3 / …).
    FAIL: 5 players on the table for 6 with number 3 empty instead of 6 (the message says
    so: only the highest number may stay empty).
    """
    a = analysis(ctx)
    if a is None or a.berger or a.rr.custom:
        return
    fit = a.fit
    complete = not _pair_counts(a)[0] and not _pair_counts(a)[1]
    if a.vacant is not None:
        size = a.vacant.size
        empty = a.vacant.numbering[berger.BYE]
        unit = "team numbers" if a.rr.team else "start ranks"
        moved = sorted(
            label for label, number in a.vacant.numbering.items()
            if label != berger.BYE and number != label
        )
        shift = ""
        if len(moved) == 1:
            shift = f" ({unit[:-1]} {moved[0]} holds Berger number {moved[0] + 1})"
        elif moved:
            shift = f" ({unit} {_rounds_text(moved)} hold the Berger numbers one higher)"
        yield NOT_BERGER.rule.diagnostic(
            f"the games follow the Berger table for {size} with number {empty} left empty, "
            f"not the highest number {size}{shift}: the bye falls on whoever meets {empty}; "
            f"only the highest number can stay empty without upsetting the others' colours "
            f"(C.05 Annex 1), so an odd field leaves {size} empty",
            line=_header_line(ctx, a.rr.source),
        )
        return
    if fit.all_pairs and not fit.renumbered:
        detail = (
            f"its rounds are Berger rounds in an order of their own, and {fit.colour_mismatches}"
            f" of {fit.colours_compared} colours differ from the table's"
        )
    elif fit.renumbered and fit.colour_mismatches:
        share = (
            "its pairings are"
            if fit.all_pairs
            else f"{fit.pairs_matched} of its {fit.pairs_total} pairings are"
        )
        detail = (
            f"{share} the table's after renumbering, but {fit.colour_mismatches} of "
            f"{fit.colours_compared} colours differ (a circle-method or long-table schedule?)"
        )
    elif complete:
        detail = (
            f"every pair meets as often as the cycles allow, but at best "
            f"{fit.rounds_matched} of {a.rr.observed.rounds} rounds are Berger rounds"
        )
    else:
        detail = f"at best {fit.rounds_matched} of {a.rr.observed.rounds} rounds fit the table"
    yield NOT_BERGER.rule.diagnostic(
        f"the schedule is not a Berger table (C.05 Annex 1): {detail}",
        line=_header_line(ctx, a.rr.source),
    )


NOT_BERGER = make_check("B006", "not-berger-schedule", Severity.WARNING, _not_berger)


# --- B007 ---------------------------------------------------------------------------------


def _bye_misplaced(ctx: Context) -> Iterator[Diagnostic]:
    """In an odd field the bye falls on another player than the table's.

    With an odd number of players the table of the next even number is used and
    whoever is drawn against the missing top number has no game that round
    (C.05 Annex 1). Reported when that player has a game and another one sits out.

    PASS (5 players, round 1: 1 has the bye)::

        001    1 …            (blank block)
        001    2 …    5 w 1

    FAIL (round 1: 1 plays, 2 sits out)::

        001    1 …    5 w 1
        001    2 …            (blank block)
    """
    a = analysis(ctx)
    if a is None or not a.berger or not a.rr.observed.odd:
        return
    for number in range(1, a.rr.observed.rounds + 1):
        if not _in_plan(a, number):
            break
        boards = _boards(a, number)
        bye_board = next(b for b in boards if berger.BYE in (b.white, b.black))
        holder = bye_board.black if bye_board.white == berger.BYE else bye_board.white
        found = _meetings(a, number)
        own = found.get(holder)
        if own is None or berger.BYE in (own.first, own.second):
            continue
        idle = sorted(a.rr.observed.idle[number - 1])
        sits = f"; {_who(a, idle[0])} sits out instead" if len(idle) == 1 else ""
        yield BYE_MISPLACED.rule.diagnostic(
            f"round {number}: the bye belongs to {_who(a, holder)} (drawn against the missing "
            f"number {a.fit.size}), found {_pair(a, *_ordered(own))}{sits}",
            round=number,
            players=tuple(sorted({holder, *idle[:1]})),
            **_where(ctx, a, holder, number),  # type: ignore[arg-type]
        )


BYE_MISPLACED = make_check("B007", "bye-misplaced", Severity.ERROR, _bye_misplaced)


# --- B008 ---------------------------------------------------------------------------------


def _bye_player(ctx: Context) -> Iterator[Diagnostic]:
    """The byes of an odd round robin are written as games against a pseudo-player.

    A round-robin bye is no game: the player drawn against the missing number
    sits out, written as an empty block or ``0000 - Z`` (the points it brings are
    the file's business). Some programs instead add a pseudo-player ("spielfrei",
    "BYE") and give everybody a forfeit game against it; trfkit reads those games
    as byes and reports the pseudo-player once.

    PASS: ``001    1 …          `` (an empty block in the bye round).
    FAIL: ``001    7      spielfrei`` with ``   1 b -`` and player 1's ``   7 w +``.
    """
    a = analysis(ctx)
    if a is None:
        return
    for player in a.rr.bye_players:
        games = sum(1 for b in player.rounds if b.is_game)
        yield BYE_PLAYER.rule.diagnostic(
            f"player {player.start_rank} ({player.name.strip()}) is a pseudo-player carrying "
            f"{games} byes as games; write each bye as an empty block or 0000 - Z",
            line=player.line,
            column=C.PLAYER.field("name").start,
            players=(player.start_rank,),
        )


BYE_PLAYER = make_check("B008", "bye-pseudo-player", Severity.WARNING, _bye_player)


# --- B009 ---------------------------------------------------------------------------------


def _double_round_robin(ctx: Context) -> Iterator[Diagnostic]:
    """A double round robin does not repeat the first cycle as the table says.

    The second cycle repeats the first with the colours reversed (C.05 Annex 1).
    FIDE recommends playing the last two rounds of the first cycle in reverse
    order; the TRF-2026 192 code ``FIDE_DOUBLEROUNDROBIN`` says they were, and
    ``BERGER_DOUBLEROUNDROBIN`` / ``BERGER_ROUNDROBIN_G2`` that they were not
    (UNCERTAIN: read from an implementation's summary of the TEC code table).
    Reported: a whole later cycle that keeps the colours of the first, and a
    round order that contradicts the 192 code.

    PASS: ``192 FIDE_DOUBLEROUNDROBIN`` and cycle 1 plays table rounds
    …, m, m−1; cycle 2 reverses every colour.
    FAIL: ``192 FIDE_DOUBLEROUNDROBIN`` and cycle 1 ends with table rounds m−1, m.
    """
    a = analysis(ctx)
    if a is None or not a.berger or a.rr.cycles < 2:
        return
    m = a.fit.rounds_per_cycle
    line = _header_line(ctx, DecidedBy.CODE_192)
    if _declared_variant(a):
        if a.rr.swap_last_two:
            message = (
                f"192 {a.rr.detail} means the last two rounds of cycle 1 are played in reverse "
                f"order (table rounds {m}, {m - 1}), found them in table order"
            )
        else:
            message = (
                f"192 {a.rr.detail} means the table order, found the last two rounds of cycle 1 "
                f"swapped (table rounds {m}, {m - 1})"
            )
        if a.rr.observed.rounds >= m:
            yield DOUBLE_ROUND_ROBIN.rule.diagnostic(
                message, line=line, column=5 if line else None, round=m - 1
            )
    for cycle in sorted(_reversed_cycles(a)):
        first = (cycle - 1) * m + 1
        yield DOUBLE_ROUND_ROBIN.rule.diagnostic(
            f"cycle {cycle} (rounds {first}–{min(cycle * m, a.rr.observed.rounds)}) keeps the "
            f"colours of cycle {cycle - 1}; every further cycle reverses them",
            round=first,
        )


DOUBLE_ROUND_ROBIN = make_check(
    "B009", "double-round-robin", Severity.ERROR, _double_round_robin
)


# --- B010 ---------------------------------------------------------------------------------


def _pair_counts(a: Analysis) -> tuple[list[tuple[int, int, list[int]]], list[tuple[int, int]]]:
    """Pairs that meet too often (with their rounds) and pairs that never meet."""
    obs = a.rr.observed
    rounds_of: dict[tuple[int, int], list[int]] = defaultdict(list)
    for m in obs.meetings:
        if berger.BYE not in (m.first, m.second):
            rounds_of[(m.first, m.second)].append(m.round)
    claimed = {(x, y) for _, x, y in obs.claims}
    too_often = [
        (x, y, rs) for (x, y), rs in sorted(rounds_of.items()) if len(rs) > a.rr.cycles
    ]
    never: list[tuple[int, int]] = []
    expected_rounds = a.rr.cycles * a.fit.rounds_per_cycle
    if a.last_result >= expected_rounds:
        # A participant without a game in some round (other than an odd field's one bye
        # per cycle) explains a missing meeting; withdrawals are B011/B012's.
        byes = a.rr.cycles if obs.odd else 0
        idle_rounds: Counter[int] = Counter()
        for r in range(min(obs.rounds, expected_rounds)):
            for label in obs.idle[r]:
                idle_rounds[label] += 1
        labels = obs.labels
        for i, x in enumerate(labels):
            for y in labels[i + 1 :]:
                if (x, y) in claimed:
                    continue
                if idle_rounds[x] > byes or idle_rounds[y] > byes:
                    continue
                never.append((x, y))
    return too_often, never


def _pair_meetings(ctx: Context) -> Iterator[Diagnostic]:
    """A pair meets more often than the cycles allow, or never.

    In a round robin every pair meets exactly once per cycle. Counted from the
    games both sides list (forfeits included); a pair "meets" for the never-met
    test when either side lists the other. A pair whose player sits out some
    round (a withdrawal written without opponents) is left to B012.

    PASS: a single round robin where 3 and 6 meet once.
    FAIL: 3 and 5 meet in rounds 1 and 4, while 3 and 6 never meet.
    """
    a = analysis(ctx)
    if a is None:
        return
    too_often, never = _pair_counts(a)
    allowed = "once" if a.rr.cycles == 1 else f"{a.rr.cycles} times"
    for x, y, rounds in too_often:
        yield PAIR_MEETINGS.rule.diagnostic(
            f"{_who(a, x)} and {_short(a, y)} meet {len(rounds)} times (rounds "
            f"{_rounds_text(rounds)}); expected {allowed}",
            round=rounds[a.rr.cycles],
            players=(x, y),
            **_where(ctx, a, x, rounds[a.rr.cycles]),  # type: ignore[arg-type]
        )
    for x, y in never:
        yield PAIR_MEETINGS.rule.diagnostic(
            f"{_who(a, x)} and {_short(a, y)} never meet; expected {allowed}",
            players=(x, y),
            **_where(ctx, a, x, None),  # type: ignore[arg-type]
        )


PAIR_MEETINGS = make_check("B010", "pair-meetings", Severity.ERROR, _pair_meetings)


# --- B011 ---------------------------------------------------------------------------------


def _withdrawal(ctx: Context) -> Iterator[Diagnostic]:
    """A player withdrew: the share of scheduled games completed decides annulment.

    FIDE (C.05; old C.06 V.4): a player who withdraws from a round robin having
    completed fewer than 50 % of their games keeps the results for rating, but
    none of their games count in the standings; from 50 % on the results count
    and the remaining games are forfeits ("-" for the player, "+" for the
    opponents). "Completed" means played over the board (UNCERTAIN; the option
    ``withdrawal_count_forfeits`` also counts earlier forfeits); exactly 50 %
    counts as at least 50 %; the games scheduled are those of every cycle.
    Only a finished event shows a withdrawal: in one still in progress a trailing
    forfeit is a forfeit. The table's byes and the games against a player who had
    already withdrawn are no sign of one. Information for the tie-break checks and
    the arbiter.

    PASS: nobody stops playing before the last round.
    FAIL (info): player 4 loses rounds 5-7 by forfeit after 4 played games of 7.
    """
    a = analysis(ctx)
    if a is None or a.rr.team:
        return
    options = ctx.options.tiebreak
    what = (
        "games completed"
        if options.withdrawal_completed is CompletedGames.SCHEDULED
        else "games played"
    )
    for w in withdrawals(ctx):
        player = ctx.tournament.players_by_start_rank.get(w.start_rank)
        if player is None or not w.missed:
            continue
        after = w.from_round - 1
        when = "before round 1" if after == 0 else f"after round {after}"
        if not w.under_half:
            verdict = "at least 50 %: the results count and the remaining games are forfeits"
        else:
            verdict = (
                "under 50 %: the results stay for rating but none of the player's games "
                "count in the standings"
            )
        yield WITHDRAWAL.rule.diagnostic(
            f"player {w.start_rank} withdrew {when} (no game in rounds "
            f"{_rounds_text(list(w.missed))}): {w.completed} of {w.scheduled} scheduled "
            f"{what}, {verdict}",
            round=w.missed[0],
            players=(w.start_rank,),
            line=player.line,
            column=_column(player, w.missed[0]),
        )


WITHDRAWAL = make_check("B011", "withdrawal", Severity.INFO, _withdrawal)


# --- B012 ---------------------------------------------------------------------------------


def _forfeit_schedule(ctx: Context) -> Iterator[Diagnostic]:
    """An unplayed game of the table is written without its scheduled opponent or colour.

    In a round robin a forfeit keeps the scheduled opponent and colour: the
    withdrawn or absent player shows ``oooo c -`` and the opponent ``wwww c +``
    (TRF16 round block; spec §3.3). Writing ``0000 - Z``, an empty block or a bye
    code instead loses the pairing; a forfeit with colour ``-`` loses the colour.
    Reported once per player, with the table's opponents and colours.

    PASS (table round 5 pairs 5 White with 2)::

        001    5 …    2 w -
        001    2 …    5 b +

    FAIL::

        001    5 …  0000 - Z
        001    2 …  0000 - +
    """
    a = analysis(ctx)
    if a is None or not a.berger or a.rr.team:
        return
    byes = {(m.round, m.first, m.second) for m in a.rr.observed.meetings if m.first == berger.BYE}
    last = min(a.last_result, len(a.fit.order.plan))  # rounds played and in the plan
    for label in a.rr.observed.labels:
        player = ctx.tournament.players_by_start_rank.get(label)
        if player is None:
            continue
        no_opponent: list[tuple[int, int, str]] = []
        no_colour: list[tuple[int, int, str]] = []
        blocks = player.rounds
        for number in range(1, last + 1):
            if number <= len(blocks):
                shown = blocks[number - 1]
                if shown.opponent and shown.colour is not Colour.NONE:
                    continue  # the usual block: a game with a colour is reported neither way
            planned = a.view[number - 1].get(label)
            if planned is None or planned[0] == berger.BYE:
                continue
            opponent, colour = planned
            if (number, berger.BYE, label) in byes:
                continue  # sits out as the round's only idle player: a misplaced bye, B007
            block = player.round(number)
            spelling = spelling_of(block) if block is not None else Spelling.EMPTY
            if block is None or block.opponent is None:
                if spelling is not Spelling.RESULT_WITHOUT_OPPONENT:  # S004's
                    no_opponent.append((number, opponent, colour))
            elif block.opponent == opponent and spelling is Spelling.FORFEIT_WITHOUT_COLOUR:
                no_colour.append((number, opponent, colour))
        for items, what in ((no_opponent, "no opponent"), (no_colour, "no colour")):
            if not items:
                continue
            rounds = _rounds_text([n for n, _, _ in items])
            pairs = ", ".join(f"{o} ({'White' if c == 'w' else 'Black'})" for _, o, c in items)
            sample_round, sample_opp, sample_colour = items[0]
            yield FORFEIT_SCHEDULE.rule.diagnostic(
                f"player {label}: round{'s' if len(items) > 1 else ''} {rounds} "
                f"{'have' if len(items) > 1 else 'has'} {what}; the table pairs "
                f"{label} with {pairs}; a forfeit keeps the scheduled "
                f"opponent and colour, e.g. '{sample_opp:>4} {sample_colour} -'",
                round=sample_round,
                players=(label, *sorted({o for _, o, _ in items})),
                line=player.line,
                column=_column(player, sample_round),
            )


FORFEIT_SCHEDULE = make_check(
    "B012", "forfeit-off-schedule", Severity.WARNING, _forfeit_schedule
)


CHECKS: tuple[Check, ...] = (
    ROUND_ROBIN,
    BERGER_PAIRING,
    BERGER_COLOUR,
    ROUND_ORDER,
    RENUMBERED,
    NOT_BERGER,
    BYE_MISPLACED,
    BYE_PLAYER,
    DOUBLE_ROUND_ROBIN,
    PAIR_MEETINGS,
    WITHDRAWAL,
    FORFEIT_SCHEDULE,
)
"""The schedule checks, in code order."""
