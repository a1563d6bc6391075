"""Team standings: the primary score, then the team tie-breaks as a hierarchy (C.07 4.2).

Pure computation on :class:`~trfkit.compute.history.teams.TeamEvent` values; exact
fractions throughout. The team checks (later) read the same values.

**Primary score.** Match points unless record 192 names game points first
(``FIDE_TEAM_…_GP_MP``, ``FIDE_TEAM_…_GP``) or the list's ``PTS`` carries ``:GP``.
``PTS`` is the primary score; ``MP`` and ``GP`` name either score directly.

**Where the list comes from.** Record 212 (else 202) when it names a team code
(a team acronym or a ``:MP``/``:GP`` modifier); else ``--tiebreaks``; else the
default (C.07 prescribes none): the secondary score, then ``BH/C1``, ``BH``, ``SB``
in a Swiss event, the secondary score, ``DE``, ``SB`` in a round robin.

**Computed:** ``PTS``, ``MP``, ``GP``, ``MPvGP`` (the score that is not primary: game
points after match points, match points after game points, as gacrux reads it), ``DE``
(between teams, on the primary score; repeated meetings count as their average), ``BH``
(``/Cn``, ``/Mn``), ``SB`` and ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (``/Cn``). The
first letter after ``E`` is the opponent's score, the second the team's own result in
the match (Held's exercises 38-41): ``EMGSB`` = Σ opponent's match points × own game
points. ``SB:MP`` is read as ``EMMSB`` and ``SB:GP`` as ``EGGSB`` (trfkit's reading);
``BH``/``SB`` without ``:MP``/``:GP`` use the primary score. ``BC`` (board count) is Σ
board number × the game points the team scored on that board in the matches it played;
the lower ranks first (gacrux's reading; the regulation's text was not available:
UNCERTAIN). ``TBR`` (top board result) compares the board points of board 1, then of
board 2, …; ``BBE`` (bottom-board elimination) compares the board points without the
last board, then without the last two, …, down to board 1 (the points of all boards
are the game points, not a step of BBE); each shows the value
of the step that separated the team (the first step for a team not tied), as gacrux
applies them (UNCERTAIN as BC). ``SSSC`` (score and schedule strength combination) is
the secondary score plus the Buchholz on the primary score divided by ``floor(rounds ×
MP of a win / (boards × GP of a board win))`` on match points, ``floor(rounds × boards ×
GP of a board win / MP of a win)`` on game points, or by ``n`` of ``/Ln`` (at least 1);
it reproduces Held's exercise 49, whose divisor for 7 rounds of 4 boards is 3.

Unplayed rounds follow the individual rules with the team as the player, written once in
:mod:`~trfkit.compute.tiebreaks.unplayed`: round robins count forfeited matches as matches
(C.07 15.2) and byes as nothing; Swiss events give each unplayed round a dummy (art. 16;
capped in 2026) or, before 2023, a virtual opponent, and opponents see a final run of
requested byes as draws (16.3). The VUR exception to cuts (16.5) applies. Fore Buchholz
draws the final round's matches; in a report written before the final round (142 above
the rounds played) FB equals BH, as for players. The values are
:mod:`~trfkit.compute.tiebreaks.team`'s.

``EDE`` (extended direct encounter) applies direct encounter on the primary score, then
on the secondary, alternately, while either separates tied teams (gacrux's reading; it
reproduces Held's exercises 42-45).

The 2026 EDE family (``EDEC``, ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``) applies EDE, then, to
two teams still tied, the board criteria of their own matches: ``C`` board count (lower
first), ``T`` board 1's points, board 2's, …, ``B`` the boards but the last, but the last
two, … (``EDEBT`` = C then T, ``EDEBB`` = C then B), as gacrux applies them (UNCERTAIN:
the 2026 text was not available).

General tie-breaks applied to teams (the team as the player, the score ``:MP``/``:GP``,
else the primary): ``FB`` (BH with every team's last round counted as a draw, 8.2), ``AOB``
(the average BH of the teams met over the board), ``WIN`` (matches won, played or not;
``:GP`` boards won), ``WON`` (matches won over the board), ``PS`` (Σ running scores; ``/Cn``
drops the first n rounds). They reproduce gacrux on generated events (compare/README.md).

Koya, ``KS`` (``:MP``/``:GP``, ``/L±n``): the points on that score against the teams whose
score reaches the Koya limit, half the maximum possible score moved by n half points
(:meth:`~trfkit.compute.tiebreaks.team.TeamValues.koya_limit`, the players' rule for the
games), forfeited matches counted, byes not.

**Not computed** (the value is ``None`` and the reason is given): ``ESB`` without its
letters; the rating and colour codes (ARO, TPR, PTP, APRO, APPO, RTNG, BPG, BWG) have no
team meaning.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from trfkit.compute.history.teams import TEAM_WORDS, TeamEvent, team_event_of
from trfkit.compute.regime import Regime, RegimeDecision, decide, read_192
from trfkit.compute.tiebreaks import (
    EditionChoice,
    KoyaThreshold,
    ListPrecedence,
    TieBreakOptions,
    choose_edition,
    output_keys,
    parse_declared,
)
from trfkit.compute.tiebreaks.team import (
    EDE_BOARDS,
    ESB,
    TeamTieBreak,
    TeamValues,
    board_steps,
    names_team_code,
    parse_team_tiebreak,
)
from trfkit.compute.tiebreaks.unplayed import TERM_HOW, TERM_POINTS, TERM_ROUND, TERM_SCORE
from trfkit.errors import TieBreakError
from trfkit.model import Tournament
from trfkit.numbers import format_number
from trfkit.values import Value

__all__ = [
    "DEFAULT_TEAM_TIEBREAKS",
    "TeamExplanation",
    "TeamRow",
    "TeamStandings",
    "compute_team_standings",
    "explain_team",
]

DEFAULT_TEAM_TIEBREAKS: dict[Regime, tuple[str, ...]] = {
    Regime.SWISS: ("SECONDARY", "BH/C1", "BH", "SB"),
    Regime.ROUND_ROBIN: ("SECONDARY", "DE", "SB"),
}
"""The list used when neither 212/202 (with team codes) nor ``--tiebreaks`` give one;
``SECONDARY`` stands for the score that is not primary (GP after MP, MP after GP)."""

@attrs.frozen(repr=False)
class TeamRow(Value):
    """One line of the team standings: rank, team, name, MP, GP and each tie-break's value."""

    team: int
    name: str
    rank: int
    last: int
    mp: Fraction
    gp: Fraction
    values: tuple[Fraction | None, ...]


@attrs.frozen(repr=False)
class TeamStandings(Value):
    """The recomputed team table.

    Attributes:
        tiebreaks: The criteria in order (``PTS`` included).
        rows: One row per team, in rank order.
        primary: ``"MP"`` or ``"GP"``; ``primary_reason`` says why.
        edition: The rule edition applied and why.
        regime: Round robin or Swiss (teams as participants), and why.
        source: Where the tie-break list came from.
        problems: Codes of a declared list that could not be read.
        unavailable: Output key → why its values are ``None``.
        event: The team values the table was computed from.
    """

    tiebreaks: tuple[TeamTieBreak, ...]
    rows: tuple[TeamRow, ...]
    primary: str
    primary_reason: str
    edition: EditionChoice
    regime: RegimeDecision
    source: str
    problems: tuple[str, ...]
    unavailable: Mapping[str, str]
    event: TeamEvent = attrs.field(eq=False, repr=False)

    def keys(self) -> tuple[str, ...]:
        """Output keys: the codes as written; a repeated code gets ``#2``, ``#3``."""
        return output_keys(tb.text for tb in self.tiebreaks)

    def row(self, team: int) -> TeamRow | None:
        """The row of team *team*, if any."""
        return self._rows_by_team.get(team)

    @functools.cached_property
    def _rows_by_team(self) -> dict[int, TeamRow]:
        return {r.team: r for r in reversed(self.rows)}  # the first row of a team wins


def _split(
    group: list[int], key: Mapping[int, Fraction | None], higher: bool = True
) -> list[list[int]]:
    """*group* split by *key*, best first; ``None`` keys (no value) stay together last."""
    sign = -1 if higher else 1
    ordered = sorted(group, key=lambda n: (key[n] is None, sign * (key[n] or 0)))
    parts: list[list[int]] = []
    previous: object = object()
    for n in ordered:
        if parts and key[n] == previous:
            parts[-1].append(n)
        else:
            parts.append([n])
            previous = key[n]
    return parts


def _stepwise(group: list[int], steps: Mapping[int, list[Fraction]], level: int = 0,
              shown: dict[int, Fraction] | None = None) -> tuple[list[list[int]],
                                                                 dict[int, Fraction]]:  # fmt: skip
    """*group* split step by step, best first, and the value of the step that separated each."""
    shown = {} if shown is None else shown
    depth = min(len(steps[n]) for n in group)
    if level >= depth:
        for n in group:
            shown.setdefault(n, steps[n][depth - 1] if depth else Fraction(0))
        return [group], shown
    out: list[list[int]] = []
    for part in _split(group, {n: steps[n][level] for n in group}):
        if len(part) == 1:
            shown[part[0]] = steps[part[0]][level]
            out.append(part)
        else:
            out.extend(_stepwise(part, steps, level + 1, shown)[0])
    return out, shown


def _direct_encounter(values: TeamValues, group: list[int], base: str,
                      pre: bool) -> tuple[list[list[int]], dict[int, Fraction]]:  # fmt: skip
    """Art. 6 on a tied group of teams: the sub-groups best first, and each team's DE score.

    When every team met every other, the sub-table orders them and ties inside it are
    settled by applying it again to the tied teams. In a Swiss event a team that comes
    first whatever the missing matches' results (each won by the other team) is placed
    first and the rest considered again (6.3). Otherwise the group stays tied.
    """
    first, met = values.encounter(group, base, pre)
    scores: dict[int, Fraction] | None = first
    out: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:
        if scores is None:
            scores, met = values.encounter(rest, base, pre)
        size = len(rest)
        if all(met[n] == size - 1 for n in rest):
            parts = _split(rest, dict(scores))
            if len(parts) == 1:
                break
            for part in parts:
                out.extend(_direct_encounter(values, part, base, pre)[0] if len(part) > 1
                           else [part])  # fmt: skip
            return out, first
        if not values.swiss:
            break
        win = values.win[base]
        known = scores
        reach = {n: known[n] + win * (size - 1 - met[n]) for n in rest}
        best = next((n for n in sorted(rest, key=lambda n: -known[n])
                     if all(known[n] > reach[m] for m in rest if m != n)), None)  # fmt: skip
        if best is None:
            break
        out.append([best])
        rest.remove(best)
        scores = None
    if rest:
        out.append(rest)
    return out, first


def _extended_encounter(values: TeamValues, group: list[int], primary: str, pre: bool,
                        criteria: str = "") -> tuple[list[list[int]],
                                                     dict[int, Fraction]]:  # fmt: skip
    """EDE: direct encounter on the primary score, then on the secondary, alternately.

    A score is applied to every group still tied while it separates some; when it
    separates none the other score is tried; two passes in a row without a change end
    it (as gacrux applies EDE). The values shown are the primary-score DE of the group.
    *criteria* (``C``, ``T``, ``B``; :data:`EDE_BOARDS`) then go on with two teams
    still tied (:func:`_encounter_boards`).
    """
    secondary = "GP" if primary == "MP" else "MP"
    first = values.encounter(group, primary, pre)[0]
    groups, current, idle = [group], primary, 0
    while idle < 2 and any(len(g) > 1 for g in groups):
        changed = False
        split: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                split.append(g)
                continue
            parts = _direct_encounter(values, g, current, pre)[0]
            changed = changed or len(parts) > 1
            split.extend(parts)
        groups = split
        if changed:
            idle = 0
        else:
            idle += 1
            current = secondary if current == primary else primary
    if criteria:
        groups = [part for g in groups
                  for part in (_encounter_boards(values, g, criteria) if len(g) == 2 else [g])]
    return groups, first


def _encounter_boards(values: TeamValues, pair: list[int], criteria: str) -> list[list[int]]:
    """EDEC/EDET/EDEB/EDEBT/EDEBB on two teams still tied: their matches' boards.

    ``C``: board count of the boards of their matches (the lower first); ``T``: board 1's
    points, then board 2's, …; ``B``: the boards but the last, but the last two, …
    (gacrux's reading: the 2026 text was not available; UNCERTAIN).
    """
    a, b = pair
    points: dict[int, dict[int, Fraction]] = {a: {}, b: {}}
    for match in values.event.matches:
        if match.forfeit or {match.first, match.second} != {a, b}:
            continue
        for board in match.boards:
            for side, got in ((match.first, board.first_points),
                              (match.second, board.second_points)):  # fmt: skip
                points[side][board.board] = points[side].get(board.board, Fraction(0)) + got
    size = max(values.event.boards, 1)
    steps: dict[int, list[Fraction]] = {a: [], b: []}
    for team in pair:
        row = [points[team].get(k, Fraction(0)) for k in range(1, size + 1)]
        for criterion in criteria:
            if criterion == "C":  # lower is better: negated so that the higher ranks first
                steps[team].append(-sum((k * v for k, v in enumerate(row, 1)), Fraction(0)))
            elif criterion == "T":
                steps[team].extend(row)
            else:
                steps[team].extend(sum(row[:k], Fraction(0)) for k in range(size - 1, 0, -1))
    return _stepwise(pair, steps)[0]


def _primary(tournament: Tournament, codes: Sequence[TeamTieBreak]) -> tuple[str, str]:
    """``"MP"`` or ``"GP"``, and why."""
    for tb in codes:
        if tb.name == "PTS" and tb.base:
            return tb.base, f"the list's {tb.text}"
    code = read_192(tournament.header("192"))
    text = code.text.upper() if code is not None else ""
    found = re.search(r"FIDE_TEAM_(?:TYPE[AB]_)?(MP|GP)", text)
    if found:  # the first of the two names the primary score (FIDE_TEAM_MP_GP: MP)
        return found.group(1), f"record 192 is {text}"
    return "MP", "match points, the regulations' usual primary score (no 192 code names one)"


def _resolve(
    tournament: Tournament,
    requested: Sequence[str] | None,
    regime: Regime,
    precedence: ListPrecedence = ListPrecedence.REQUESTED,
) -> tuple[list[TeamTieBreak], str, list[str]]:
    """The list, its source and the problems (see the module docstring).

    The precedence between *requested* and a declared team list is the individual one
    (:class:`~trfkit.compute.tiebreaks.options.ListPrecedence`).
    """
    problems: list[str] = []
    record = tournament.tiebreak_list
    declared = record is not None and names_team_code(record.tiebreaks)
    asked = [parse_team_tiebreak(c) for c in requested if c.strip()] if requested else []
    codes: list[TeamTieBreak] = []
    if asked and (not declared or precedence is ListPrecedence.REQUESTED):
        codes = asked
        source = "--tiebreaks"
        if record is not None:
            named = "declares " + ", ".join(record.tiebreaks) if declared else "names no team code"
            source += f" (record {record.code} {named})"
    elif record is not None and declared:
        codes, problems = parse_declared(record.code, record.tiebreaks, parse_team_tiebreak)
        source = f"record {record.code} (it names team codes)"
        if asked:
            problems.append(
                f"--tiebreaks {','.join(requested or ())} not applied: the report declares "
                f"its own team list in record {record.code}"
            )
    else:
        codes = [TeamTieBreak("SECONDARY", "SECONDARY")]
        codes += [parse_team_tiebreak(c) for c in DEFAULT_TEAM_TIEBREAKS[regime][1:]]
        kind = "round robins" if regime is Regime.ROUND_ROBIN else "Swiss events"
        source = f"trfkit's default for team {kind} (C.07 prescribes none)"
        if record is not None:
            source += f"; record {record.code} names no team code"
    return codes, source, problems


def compute_team_standings(
    tournament: Tournament,
    options: TieBreakOptions | None = None,
    *,
    regime: RegimeDecision | None = None,
    event: TeamEvent | None = None,
) -> TeamStandings:
    """The team standings of a team event (the caller has asked :func:`team_event`).

    Args:
        tournament: The report.
        options: ``tiebreaks`` (used when 212/202 name no team code), ``rules`` (the
            C.07 edition) and ``sb_cut``; the defaults when not given.
        regime: The decision of :func:`~trfkit.compute.regime.decide` (made here if not given).
        event: The team values (:func:`~trfkit.compute.history.team_event_of`), if built
            already.

    Raises:
        TieBreakError: For an unknown code in ``options.tiebreaks``, or an individual event
            (the regime's answer is the one that counts, not the records present).
    """
    options = options or TieBreakOptions()
    regime = regime or decide(tournament)
    if not regime.team:
        raise TieBreakError("team standings need a team event; this one is individual")
    event = event or team_event_of(tournament)
    edition = choose_edition(tournament, options.rules)
    codes, source, problems = _resolve(
        tournament, options.tiebreaks, regime.regime, options.list_precedence
    )
    primary, why = _primary(tournament, codes)
    secondary = "GP" if primary == "MP" else "MP"
    codes = [TeamTieBreak(secondary, secondary) if tb.name == "SECONDARY" else tb for tb in codes]
    if not any(tb.name == "PTS" for tb in codes):
        codes.insert(0, TeamTieBreak("PTS", "PTS"))
    # in a report written before the final round no round played is the final one (FB = BH)
    declared = tournament.declared_rounds
    final = declared is None or declared <= event.rounds
    values = TeamValues(event, edition.edition, regime.regime is Regime.SWISS, options.sb_cut,
                        final, regime.cycles, options.koya_threshold)  # fmt: skip
    numbers = values.numbers
    columns: list[dict[int, Fraction | None]] = []
    unavailable: dict[str, str] = {}
    groups = [sorted(numbers)]
    keys = TeamStandings(tuple(codes), (), primary, why, edition, regime, source, (), {},
                         event).keys()  # fmt: skip
    for key, tb in zip(keys, codes, strict=True):
        column: dict[int, Fraction | None] = dict.fromkeys(numbers)
        if tb.name == "DE" or tb.name in EDE_BOARDS:
            split: list[list[int]] = []
            for group in groups:
                if len(group) == 1:
                    split.append(group)
                    continue
                base = tb.base or primary
                if tb.name == "DE":
                    parts, scores = _direct_encounter(values, group, base, tb.pre_determined)
                else:
                    parts, scores = _extended_encounter(values, group, base, tb.pre_determined,
                                                        EDE_BOARDS[tb.name])  # fmt: skip
                column.update(scores)
                split.extend(parts)
            groups = split
        elif tb.name in ("TBR", "BBE"):
            steps = {n: board_steps(values, n, tb.name) for n in numbers}
            column.update({n: steps[n][0] if steps[n] else Fraction(0) for n in numbers})
            split = []
            for group in groups:
                if len(group) == 1:
                    split.append(group)
                    continue
                parts, shown = _stepwise(group, steps)
                column.update(shown)
                split.extend(parts)
            groups = split
        elif not tb.computed:
            unavailable[key] = tb.reason or ""
        else:
            column = {n: values.value(tb, n, primary) for n in numbers}
            better = tb.higher_is_better
            groups = [part for g in groups
                      for part in (_split(g, column, better) if len(g) > 1 else [g])]  # fmt: skip
        columns.append(column)
    rows: list[TeamRow] = []
    position = 1
    for group in groups:
        last = position + len(group) - 1
        for n in group:
            info = event.team(n)
            name = info.name if info else ""
            mp, gp = values.total["MP"][n], values.total["GP"][n]
            rows.append(TeamRow(n, name, position, last, mp, gp, tuple(c[n] for c in columns)))
        position = last + 1
    return TeamStandings(tuple(codes), tuple(rows), primary, why, edition, regime, source,
                         tuple(problems), unavailable, event)  # fmt: skip


@attrs.frozen(repr=False)
class TeamExplanation(Value):
    """``--explain TEAM``: each round of one team and what it brings to each tie-break.

    Attributes:
        team: The team number.
        rounds: One ``(round, opponent, kind, MP, GP, {key: (opponent score, contribution,
            how)})`` per round.
        cut: Key → the rounds a cut removed (for KS: against an opponent below the limit).
        notes: Key → how the value was made, where a line says more than the rounds (KS:
            the limit and the maximum score).
    """

    team: int
    rounds: tuple[tuple[int, int | None, str, Fraction, Fraction,
                        dict[str, tuple[Fraction, Fraction, str]]], ...]  # fmt: skip
    cut: Mapping[str, tuple[int, ...]]
    notes: Mapping[str, str] = attrs.field(factory=dict)


def explain_team(
    st: TeamStandings, team: int, options: TieBreakOptions | None = None
) -> TeamExplanation:
    """The contributions of *team*'s rounds to the BH/SB-family codes and KS of *st*.

    For KS, a round against an opponent below the Koya limit is listed in ``cut``: it
    counts nothing.
    """
    options = options or TieBreakOptions()
    values = TeamValues(st.event, st.edition.edition, st.regime.regime is Regime.SWISS,
                        options.sb_cut, True, st.regime.cycles, options.koya_threshold)  # fmt: skip
    per_round: dict[int, dict[str, tuple[Fraction, Fraction, str]]] = {}
    cut: dict[str, tuple[int, ...]] = {}
    notes: dict[str, str] = {}
    for key, tb in zip(st.keys(), st.tiebreaks, strict=True):
        if tb.name == "KS":  # each opponent: its score, and the points counted against it
            maximum, limit = values.koya_limit(tb, st.primary)
            base = tb.base or st.primary
            total = values.total[base]
            at = "above" if options.koya_threshold is KoyaThreshold.MORE_THAN else "at or above"
            notes[key] = (f"the points against the teams {at} {format_number(limit)} {base}, "
                          f"the limit of {key} (the maximum {format_number(maximum)} {base})")
            below = []
            for rnd, opponent, points, counted in values.koya(tb, team, st.primary):
                how = "counted" if counted else f"opponent below {format_number(limit)}"
                per_round.setdefault(rnd, {})[key] = (total[opponent], points, how)
                if not counted:
                    below.append(rnd)
            cut[key] = tuple(below)
            continue
        if not (tb.name in ("BH", "SB") or tb.name in ESB):
            continue
        opp, own, sb = values.bases(tb, st.primary)
        terms = values.terms(team, opp, own, tb.pre_determined)
        _, removed = values.cut(terms, tb.cut, tb.median, sb)
        cut[key] = tuple(t[TERM_ROUND] for t in removed)
        for t in terms:
            score = t[TERM_SCORE]
            per_round.setdefault(t[TERM_ROUND], {})[key] = (
                score, score * t[TERM_POINTS] if sb else score, t[TERM_HOW]
            )
    rounds = tuple(
        (r.round, r.opponent, TEAM_WORDS[r.kind], r.mp, r.gp, per_round.get(r.round, {}))
        for r in st.event.results.get(team, ())
    )
    return TeamExplanation(team, rounds, cut, notes)

