"""What a check is: a documented rule plus a generator of diagnostics.

A check is a plain function ``(ctx: Context) -> Iterable[Diagnostic]`` whose
docstring is its user documentation (what it means, the FIDE rule, a passing and
a failing example). :func:`make_check` pairs it with its code, name and default
severity; the explicit registry in :mod:`trfkit.checks` lists them all.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from trfkit.compute.berger import ANY_ORDER, RoundOrderChoice, round_order_of
from trfkit.compute.recognition import TeamColours, team_colours_of
from trfkit.compute.regime import Regime, RegimeDecision, decide
from trfkit.compute.standings import Standings, compute_standings
from trfkit.compute.tiebreaks import TieBreakError
from trfkit.compute.tiebreaks.options import ListPrecedence, TieBreakOptions
from trfkit.diagnostics import Diagnostic, Repeats, Rule, Severity, documented_rule
from trfkit.limits import Limits
from trfkit.model import Tournament
from trfkit.readers import Reader, readers_of
from trfkit.values import Value, WordEnum

if TYPE_CHECKING:
    from trfkit.compute.history.teams import TeamEvent
    from trfkit.compute.team_standings import TeamStandings


class BoardOrder(WordEnum):
    """How strictly the team checks judge board order (M006).

    TRF-2026 lists a team's players in board order "when fixed" and writes a line-up
    out of that order as record 300; whether an event fixes its order the file does
    not say (UNCERTAIN), so by default only boards that cross are judged.
    """

    PAIRING = "pairing"
    """The boards pair the two teams' players in the order each fields them (300, else 310)."""
    FIXED = "fixed"
    """Also: a line-up (300) keeps the team record's order; players may only be left out."""
    OFF = "off"
    """Board order is not checked."""


@attrs.frozen(repr=False)
class CheckOptions(Value):
    """What the checks read; every field has the documented default.

    Attributes:
        tiebreak: The tie-break options, passed unchanged to the engine.
        event_type: Treat the file as a round robin or a Swiss (``--type``); ``None``
            decides from 192, 092 and the schedule (:func:`trfkit.compute.regime.decide`).
        standings: Reported tie-break values from a side file:
            start rank → FIDE code → value (and the file's name in ``standings_source``).
        standings_source: Where ``standings`` came from, for messages.
        round_order: The round order a round robin is expected to follow
            (``--round-order``, :class:`~trfkit.compute.berger.RoundOrderChoice`; a
            spelling such as ``"rotate-6"`` is accepted): ``any`` (the default) accepts
            the table order, the FIDE swap of a double round robin and every Rotate-k,
            or the variant a 192 code names; any other choice is expected whatever the
            192 code says.
        berger_team_colours: Whether and how team colours are checked, read from each
            match's top board (:class:`~trfkit.compute.recognition.TeamColours`;
            UNCERTAIN; off by default; ``True`` is ``top-board``).
        team_board_order: How strictly board order is judged in team events (UNCERTAIN).
        readers: The programs whose reading the ``R`` checks model (``--readers``); none by
            default. A comma-separated string or an iterable of names or
            :class:`~trfkit.readers.Reader` is accepted.
        extra: Options of third-party plugins, by name.
    """

    tiebreak: TieBreakOptions = attrs.field(factory=TieBreakOptions)
    event_type: Regime | None = attrs.field(
        default=None, converter=attrs.converters.optional(Regime)
    )
    standings: Mapping[int, Mapping[str, Fraction]] | None = None
    standings_source: str | None = None
    round_order: RoundOrderChoice = attrs.field(
        default=ANY_ORDER, converter=round_order_of
    )
    berger_team_colours: TeamColours = attrs.field(
        default=TeamColours.OFF, converter=team_colours_of
    )
    team_board_order: BoardOrder = attrs.field(default=BoardOrder.PAIRING, converter=BoardOrder)
    readers: frozenset[Reader] = attrs.field(factory=frozenset, converter=readers_of)
    extra: Mapping[str, Any] = attrs.field(factory=dict)


class Context:
    """What a check sees: the tournament, the options, and shared computed values.

    Computations that several checks need (the games, the round-robin analysis,
    the standings) are cached here, so each is done once per file.
    """

    def __init__(
        self,
        tournament: Tournament,
        options: CheckOptions | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.tournament = tournament
        self.options = options or CheckOptions()
        self.limits = limits or Limits()
        """The reading's limits: what a check may size by the file (a Berger table)."""
        self._cache: dict[Hashable, Any] = {}

    def cached(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value stored under *key*, computing it on first use."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def standings(self, options: TieBreakOptions) -> Standings:
        """The standings recomputed under *options*, ranks only (no values): once per file.

        The scores checks and the report's crosstable ask for the same ones when no list is
        requested (the precedence then decides nothing), and share them.
        """
        if options.tiebreaks is None:
            options = attrs.evolve(options, list_precedence=ListPrecedence.DECLARED)
        found: Standings = self.cached(
            ("standings", options),
            lambda: compute_standings(self.tournament, options, regime=self.regime, values=False),
        )
        return found

    @property
    def tiebreak_options(self) -> TieBreakOptions:
        """The tie-break options as the checks apply them.

        A check verifies a report against the list it declares (212/202); ``tiebreaks``
        is the list for reports that declare none (``standings`` computes it regardless).
        """
        return attrs.evolve(self.options.tiebreak, list_precedence=ListPrecedence.DECLARED)

    @property
    def regime(self) -> RegimeDecision:
        """Round robin or Swiss, individual or team: decided once per file."""
        decision: RegimeDecision = self.cached(
            "regime", lambda: decide(self.tournament, self.options.event_type)
        )
        return decision

    @property
    def team_event(self) -> TeamEvent | None:
        """The team values of a team event (``None`` for an individual one): built once per file.

        The team computations are imported here, for a team event only: an individual
        event's check loads none of them.
        """

        def compute() -> TeamEvent | None:
            if not self.regime.team:
                return None
            from trfkit.compute.history.teams import team_event_of

            return team_event_of(self.tournament)

        event: TeamEvent | None = self.cached("team_event", compute)
        return event

    @property
    def team_standings(self) -> TeamStandings | None:
        """The recomputed team standings (once per file), for the team checks and reports.

        ``None`` outside team events and while no board holds a result (the declared
        values are then the only record). An unknown ``--tiebreaks`` code falls back to
        the report's own list or the default.
        """

        def compute() -> TeamStandings | None:
            event = self.team_event
            if event is None or not event.teams or not event.rounds:
                return None
            from trfkit.compute.team_standings import compute_team_standings

            options = self.tiebreak_options
            try:
                return compute_team_standings(
                    self.tournament, options, regime=self.regime, event=event
                )
            except TieBreakError:
                options = attrs.evolve(options, tiebreaks=None)
                return compute_team_standings(
                    self.tournament, options, regime=self.regime, event=event
                )

        standings: TeamStandings | None = self.cached("team_standings", compute)
        return standings


CheckFunction = Callable[[Context], Iterable[Diagnostic]]


@attrs.frozen(repr=False)
class Check(Value):
    """A registered check.

    Attributes:
        rule: Its code, name, default severity and documentation.
        run: The generator of diagnostics.
    """

    rule: Rule
    run: CheckFunction = attrs.field(eq=False)

    @property
    def code(self) -> str:
        """The rule's code."""
        return self.rule.code

    @property
    def name(self) -> str:
        """The rule's kebab-case name."""
        return self.rule.name


def make_check(code: str, name: str, severity: Severity, run: CheckFunction) -> Check:
    """A check whose documentation is *run*'s docstring (its first line is the summary).

    It lists at most ``ctx.limits.max_repeats`` diagnostics of a code and one more that
    counts the rest (:class:`~trfkit.diagnostics.Repeats`), as they are found.
    """
    return Check(documented_rule(code, name, severity, run), _capped(run))


_CAPPED: weakref.WeakSet[CheckFunction] = weakref.WeakSet()
"""The functions :func:`_capped` made: the registry caps every other check's findings itself."""


def is_capped(run: object) -> bool:
    """Whether *run* is a check function :func:`make_check` capped (by identity, not a mark)."""
    try:
        return run in _CAPPED
    except Exception:  # a callable that cannot be weakly referenced or hashed
        return False


def _capped(run: CheckFunction) -> CheckFunction:
    """*run*, listing at most ``max_repeats`` diagnostics of a code.

    A scrambled crosstable of 9,999 players made a million S003: 60 times the file's size.
    """

    @functools.wraps(run)
    def capped(ctx: Context) -> Iterator[Diagnostic]:
        repeats = Repeats(ctx.limits.max_repeats)
        for item in run(ctx):
            # anything else a plugin yields goes on to the registry, which judges it
            if not isinstance(item, Diagnostic) or repeats.take(item):
                yield item
        yield from repeats.summaries()

    _CAPPED.add(capped)
    return capped
