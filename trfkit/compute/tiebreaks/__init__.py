"""FIDE tie-breaks (C.07): codes, rule editions, options, and the engine split by family.

The package is pure computation: it reads a :class:`~trfkit.model.Tournament`
and returns exact values (:class:`fractions.Fraction`), never judging a file.
The standings hierarchy (C.07 art. 4.2, direct encounter) lives in
:mod:`trfkit.compute.standings`; the checks that compare reported values live in
:mod:`trfkit.checks.scores`.

**Codes.** Tie-breaks are named by their FIDE acronyms with the modifiers of
TRF-2026 records 202/212, case-insensitively: ``SB/C1`` (cut the least
significant value), ``BH/M1`` (median), ``KS/L+1`` (Koya limit moved by one
half point), ``/P`` (forfeits count as played), ``/R`` (reverse order), ``/F``
(Fore Buchholz for AOB). The handbook's hyphen form ``BH-C1`` is read too, and
``GE`` is the pre-2024 name of ``REP``.

**Editions.** ``fide-2026`` (C.07 from 1 March 2026), ``fide-2024`` (1 August
2024), ``fide-2023`` (the 2023 text with the dummy opponent, mandatory for
FIDE-rated events from 1 April 2024) and ``fide-pre-2023`` (the 2009 virtual
opponent). :func:`choose_edition` picks the one in force on the start date
(record 042) and records why. ``fide-2023`` and ``fide-2024`` compute the same
values (the 2024 text renamed GE to REP and reworded explanations); 2026 caps the
dummy's score (16.4.1, 16.4.2). The cut exception for voluntary unplayed rounds
(16.5) is applied as the 2026 text words it in both editions, which reproduces
the published 2023 exercises.

**Regimes.** Round robins follow C.07 art. 15.2: forfeits are regular games,
except that rating-based tie-breaks treat every forfeit, and own-record (type B)
tie-breaks every forfeit loss, as unplayed; byes contribute nothing. Swiss
events follow art. 16 (the dummy opponent, capped in 2026) or, before 2023, the
virtual opponent. :func:`trfkit.compute.regime.decide` tells which applies.

**Readings where the texts leave room** (each documented where it is applied):
Koya counts forfeit points against qualifying opponents (art. 16 covers only the
Buchholz and Sonneborn-Berger families); a report written before its last round
is judged on the rounds played so far, not with the remaining rounds as
absences; rating-based tie-breaks leave unrated opponents out; ``0000 - -`` and
a result ``-`` without an opponent are absences (zero-point byes), a ``+``
without an opponent a full-point bye (in team events a board won by forfeit);
the uncertain rules of fide-rules.md §2.7 are options of :class:`TieBreakOptions`.

**Scale.** Every pass is linear in players × rounds: opponents are found by
index, scores are integers in a common unit until the final division, and the
Fore Buchholz view is built once.
"""

from __future__ import annotations

from trfkit.compute.history import CompletedGames, Withdrawal, WithdrawalBoundary
from trfkit.compute.tiebreaks.codes import (
    CODES,
    TEAM_CODES,
    TieBreak,
    output_keys,
    parse_declared,
    parse_tiebreak,
    parse_tiebreaks,
)
from trfkit.compute.tiebreaks.core import Column
from trfkit.compute.tiebreaks.editions import Edition, EditionChoice, choose_edition, parse_date
from trfkit.compute.tiebreaks.engine import TieBreakEngine
from trfkit.compute.tiebreaks.explain import Explanation, RoundLine
from trfkit.compute.tiebreaks.options import (
    KoyaThreshold,
    ListPrecedence,
    PerfectScorePtp,
    SbCut,
    TieBreakOptions,
    TieBreakSettings,
    settings_from,
)
from trfkit.errors import TieBreakError

__all__ = [
    "CODES",
    "TEAM_CODES",
    "Column",
    "CompletedGames",
    "Edition",
    "EditionChoice",
    "Explanation",
    "KoyaThreshold",
    "ListPrecedence",
    "PerfectScorePtp",
    "RoundLine",
    "SbCut",
    "TieBreak",
    "TieBreakEngine",
    "TieBreakError",
    "TieBreakOptions",
    "TieBreakSettings",
    "Withdrawal",
    "WithdrawalBoundary",
    "choose_edition",
    "output_keys",
    "parse_date",
    "parse_declared",
    "parse_tiebreak",
    "parse_tiebreaks",
    "settings_from",
]
