"""What a check is: a documented rule plus a generator of diagnostics.

A check is a plain function ``(ctx: Context) -> Iterable[Diagnostic]`` whose
docstring is its user documentation (what it means, the FIDE rule, a passing and
a failing example). :func:`make_check` pairs it with its code, name and default
severity; the explicit registry in :mod:`trfkit.checks` lists them all.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from trfkit.compute.regime import Regime, RegimeDecision, decide
from trfkit.diagnostics import Diagnostic, Rule, Severity
from trfkit.model import Tournament


@attrs.frozen
class CheckOptions:
    """Settings that checks read; every field has the documented default.

    Attributes:
        rules: Tie-break rule set (``fide-2026``, ``fide-2024``, ``fide-2023``,
            ``fide-pre-2023``); ``None`` picks the edition in force on the start date.
        tiebreaks: Tie-break codes for reports that declare none in records 212/202
            (instead of the default list for the tournament type).
        standings: Reported tie-break values from a side file:
            start rank → FIDE code → value (and the file's name in ``standings_source``).
        standings_source: Where ``standings`` came from, for messages.
        withdrawals: Apply the round-robin withdrawal rule (under 50 % of games played:
            all of the player's games are removed from the standings).
        extra: Options of third-party plugins, by name.
    """

    rules: str | None = None
    tiebreaks: tuple[str, ...] | None = None
    standings: Mapping[int, Mapping[str, Fraction]] | None = None
    standings_source: str | None = None
    withdrawals: bool = True
    extra: Mapping[str, Any] = attrs.field(factory=dict)
    # --- schedule options (berger) ---
    event_type: Regime | None = None
    """Treat the file as a round robin or a Swiss (``--type``), or decide from 192/092/structure."""
    berger_swap: bool | None = None
    """Expected double-round-robin variant when 192 does not say: with the FIDE swap of the
    last two rounds of cycle 1 (True), without (False), either (None, the default)."""
    berger_team_colours: bool = False
    """Also check team colours, read from each match's top board (UNCERTAIN; off by default)."""
    withdrawal_count_forfeits: bool = False
    """Count forfeits before a withdrawal as completed games (UNCERTAIN; default: played only)."""
    # --- tie-break options ---
    koya_threshold: str = "at-least"
    """Koya counts opponents with ``"at-least"`` 50 % (FIDE) or ``"more-than"`` 50 %."""
    sb_cut: str = "opponent-score"
    """SB/C1 cuts the product of the lowest-scored opponent, or the lowest ``"contribution"``."""
    rr_forfeit_wins_played: bool = False
    """Round-robin forfeit wins count as games for WON, BPG and BWG (the letter of 15.2)."""
    withdrawal_boundary: str = "below-half"
    """Annul a withdrawn player below 50 % completed, or ``"at-most-half"`` (also at 50 %)."""


class Context:
    """What a check sees: the tournament, the options, and shared computed values.

    Computations that several checks need (the games, the round-robin analysis,
    the standings) are cached here, so each is done once per file.
    """

    def __init__(self, tournament: Tournament, options: CheckOptions | None = None) -> None:
        self.tournament = tournament
        self.options = options or CheckOptions()
        self._cache: dict[str, Any] = {}

    def cached(self, key: str, compute: Callable[[], Any]) -> Any:
        """The value stored under *key*, computing it on first use."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    @property
    def regime(self) -> RegimeDecision:
        """Round robin or Swiss, individual or team: decided once per file."""
        decision: RegimeDecision = self.cached(
            "regime", lambda: decide(self.tournament, self.options.event_type)
        )
        return decision


CheckFunction = Callable[[Context], Iterable[Diagnostic]]


@attrs.frozen
class Check:
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
    """A check whose documentation is *run*'s docstring (its first line is the summary)."""
    doc = inspect.cleandoc(run.__doc__ or "")
    summary = doc.splitlines()[0] if doc else name
    return Check(Rule(code, name, severity, summary, doc), run)
