"""Why trfkit and gacrux may disagree: every known cause, and how to test for it.

Each :class:`Explanation` is a counterfactual. It changes the input (gacrux's
copy of the TRF, or both copies), the round gacrux is told is the current one
(its ``-n``), trfkit's options, or, for a reading that
trfkit has no option for, the one trfkit function concerned (a patch active only
while the comparison re-runs trfkit; trfkit's files are never changed). Both tools
run again, and a difference that disappears is attributed to that explanation.
Explanations are applied one after the other and cumulatively, in the order of
:data:`EXPLANATIONS`. A few causes cannot be undone by a re-run; those have an
``accepts`` test that looks at the two values instead.

Every explanation has a kind:

- ``deliberate``: a documented reading of trfkit's (``compare/README.md`` quotes
  the FIDE text it comes from);
- ``to decide``: the two tools read the rule differently and the project has not
  yet chosen (reported, listed in the README);
- ``trfkit bug``: reported to the owner of the code; the explanation stops matching
  anything once the bug is fixed.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import gacrux_events as generate
from gacrux_tools import Key, MissingTool, Outcome, Value, need

DELIBERATE, TO_DECIDE, TRFKIT_BUG = "deliberate", "to decide", "trfkit bug"


@dataclass(frozen=True)
class Case:
    """What an explanation may look at: the tournament and trfkit's first outcome."""

    event: generate.Event
    ours: Outcome


@dataclass(frozen=True)
class Explanation:
    """A known cause of differences, and how to make the two readings coincide.

    Attributes:
        name: Short name, shown in the table.
        kind: :data:`DELIBERATE`, :data:`TO_DECIDE` or :data:`TRFKIT_BUG`.
        title: One line for people.
        applies: Whether the tournament can show this difference at all.
        current_round: The round gacrux is told is the current one (``-n``); the
            file, its declared round count (``XXR``/142) included, is unchanged.
        for_gacrux: Changes gacrux's copy of the TRF.
        for_both: Changes both tools' copies of the TRF.
        options: trfkit options for the re-run (added to the earlier ones).
        patch: A context manager that changes one trfkit function during re-runs.
        accepts: Instead of a re-run: whether a remaining difference is this one.
    """

    name: str
    kind: str
    title: str
    applies: Callable[[Case], bool]
    current_round: Callable[[Case], int] | None = None
    for_gacrux: Callable[[str, Case], str] | None = None
    for_both: Callable[[str], str] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    patch: Callable[[], contextlib.AbstractContextManager[None]] | None = None
    accepts: Callable[[Key, Value, Value, Case], bool] | None = None


# --- input changes ------------------------------------------------------------------------


def rounds_scored(case: Case) -> int:
    """The round gacrux is told is the current one: the last round trfkit scored.

    Given with ``-n``, gacrux computes the standings after that round while the
    file keeps its declared round count (``XXR``/142), so both tools see the same
    unfinished event: the rounds not yet played are no absences, and the final
    round that Fore Buchholz treats as drawn is the tournament's last one, not yet
    played (FB = BH in both).
    """
    return case.ours.rounds


def icu_as_half_bye(text: str, case: Case) -> str:
    """``0000 - =`` written as the TRF16 half-point bye ``0000 - H``."""
    return text.replace("0000 - =", "0000 - H")


_UNRATED = re.compile(r"^(001 .{44}) {4}", re.MULTILINE)


def rate_everybody(text: str) -> str:
    """Every unrated player gets the rating 1000 (columns 49-52)."""
    return _UNRATED.sub(r"\g<1>1000", text)


# --- patches of one trfkit function (re-runs only) -----------------------------------------

_TIEBREAKS = "trfkit.compute.tiebreaks"
_CORE = (_TIEBREAKS, f"{_TIEBREAKS}.core", "trfkit.compute.history.kinds")
"""Where the engine's constants live: the single module before the package split, its core,
and the kinds of round of the history (issue 26)."""
_RATINGS = (_TIEBREAKS, f"{_TIEBREAKS}.ratings")
"""Where the PTP helpers live: the single module before the package split, ``ratings``."""


def home(name: str, modules: tuple[str, ...]) -> Any:
    """The first of *modules* that defines *name* (the module whose global the code reads).

    trfkit's private names move between modules (``compute/tiebreaks.py`` became a
    package); a patch must replace the name where the functions using it look it up.

    Raises:
        AttributeError: When none of them does.
    """
    for module_name in modules:
        try:
            module = need(module_name)
        except MissingTool:
            continue
        if name in vars(module):
            return module
    raise AttributeError(f"{name} is defined in none of {', '.join(modules)}")


def _regime() -> Any:
    """The regime enum of trfkit (round robin or Swiss)."""
    return need("trfkit.compute.regime").Regime


@contextlib.contextmanager
def _patched(target: Any, **replacements: Any) -> Iterator[None]:
    """Set the attributes of *target* named in *replacements*; put the originals back after.

    An attribute that *target* only inherited (a method of a base class) is removed
    again rather than set, so the class is left exactly as it was.
    """
    originals = {name: getattr(target, name) for name in replacements}
    inherited = {name for name in replacements if name not in vars(target)}
    for name, value in replacements.items():
        setattr(target, name, value)
    try:
        yield
    finally:
        for name, value in originals.items():
            if name in inherited:
                delattr(target, name)
            else:
                setattr(target, name, value)


@contextlib.contextmanager
def koya_maximum_as_gacrux() -> Iterator[None]:
    """Round robins: the Koya maximum as gacrux counts it (``compute_koya``).

    gacrux takes the rounds, less one per cycle for the bye of an odd field, less
    one for each participant who was never paired; trfkit takes (players in the
    standings − 1) × cycles. The limit modifiers are applied as trfkit applies them.
    """
    engine_class = need(_TIEBREAKS).TieBreakEngine
    original = engine_class.koya_threshold
    round_robin = _regime().ROUND_ROBIN
    pab = home("PAIRING_BYE", _CORE).PAIRING_BYE

    def koya_threshold(self: Any, tb: Any) -> tuple[int, int]:
        if self.settings.regime is not round_robin:
            return original(self, tb)  # type: ignore[no-any-return]
        games = self.rounds
        players = len(self.players)
        if players and games % players == 0:
            games -= games // players
        games -= sum(
            1
            for kinds, opponents in zip(self.kinds, self.opps, strict=True)
            if all(o < 0 for o in opponents) and pab not in kinds
        )
        maximum = max(games, 0) * self.win_u
        if tb.limit_percent is not None:
            return maximum, maximum * tb.limit_percent
        return maximum, maximum * 50 + (tb.limit or 0) * self.draw_u * 100

    with _patched(engine_class, koya_threshold=koya_threshold):
        yield


@contextlib.contextmanager
def koya_limit_in_points() -> Iterator[None]:
    """``KS/L±n`` moves the Koya limit by n × 0.5 points (gacrux), not n draws' points.

    The two agree under 1 / ½ / 0 scoring; under 3 / 1 / 0 trfkit moves the limit by
    n points, gacrux by n half points.
    """
    engine_class = need(_TIEBREAKS).TieBreakEngine
    original = engine_class.koya_threshold

    def koya_threshold(self: Any, tb: Any) -> tuple[int, int]:
        maximum, limit = original(self, tb)
        if tb.limit is None or tb.limit_percent is not None:
            return maximum, limit
        half = int(Fraction(1, 2) * self.unit)
        return maximum, limit + tb.limit * (half - self.draw_u) * 100

    with _patched(engine_class, koya_threshold=koya_threshold):
        yield


@contextlib.contextmanager
def direct_encounter_as_gacrux() -> Iterator[None]:
    """Round robins: direct encounter splits tied players who have not all met.

    gacrux's ``compute_basic_direct_encounter`` only checks that the tied players all
    met in Swiss events; trfkit keeps such a group tied (C.07 6.2).
    """
    standings = need("trfkit.compute.standings")
    original = standings._de_split
    round_robin = _regime().ROUND_ROBIN

    def de_split(engine: Any, group: list[int], tb: Any, first: Any = None) -> list[list[int]]:
        if engine.settings.regime is not round_robin:
            return original(engine, group, tb, first)  # type: ignore[no-any-return]
        scores, _, _ = standings._de_scores(engine, group, tb)
        parts: list[list[int]] = standings._split(group, {i: -scores[i] for i in group})
        if len(parts) == 1:
            return parts
        out: list[list[int]] = []
        for part in parts:
            out.extend(de_split(engine, part, tb) if len(part) > 1 else [part])
        return out

    with _patched(standings, _de_split=de_split):
        yield


@contextlib.contextmanager
def expected_score_table_fixed() -> Iterator[None]:
    """FIDE B.02 table 8.1(b) with 457-484 → 0.95 and 485-517 → 0.96.

    trfkit's ``_PD_BOUNDS`` has 481 where the table has 484, so rating differences
    482-484 expect 0.96 instead of 0.95; only PTP (and APPO through it) use the
    table. When trfkit's table is right, this patch changes nothing.
    """
    core = home("_PD_BOUNDS", _CORE)
    ratings = home("_expected_wide", _RATINGS)
    bounds = list(core._PD_BOUNDS)
    if 481 in bounds:
        bounds[bounds.index(481)] = 484
    expected = getattr(core, "expected_score", None) or core._expected
    # Each table is built from the one before: a later item of a `with` is made after
    # the earlier ones are entered, so it reads the patched table.
    wide = ratings._WIDE
    with (
        _patched(core, _PD_BOUNDS=tuple(bounds)),
        _patched(core, _EXPECTED=core._expected_table()),
        _patched(
            ratings,
            _expected_wide=functools.cache(lambda: [expected(d) for d in range(-wide, wide + 1)]),
        ),
    ):
        yield


@contextlib.contextmanager
def withdrawal_games_as_written() -> Iterator[None]:
    """A withdrawn round-robin player's unplayed games stay as the file writes them.

    trfkit gives each of them the Berger table's opponent as a forfeit (C.05: the
    remaining games are forfeits, which C.07 15.2 counts as games); gacrux reads the
    blocks as written (absences, byes).
    """
    module = need("trfkit.compute.history.withdrawals")

    def as_written(*args: Any, **kwargs: Any) -> None:
        return None

    with _patched(module, _table_forfeits=as_written):
        yield


@contextlib.contextmanager
def played_forfeits_as_gacrux() -> Iterator[None]:
    """Swiss events, ``/P``: forfeits count as games, byes keep their art. 16 dummy.

    A forfeit counts as a game against the scheduled opponent, at the opponent's
    art. 16 score, as gacrux reads ``/P``. trfkit reads ``/P`` as "no art. 16 at all":
    byes then contribute nothing and opponents count with their raw scores, which
    changes SB/P and BH/P even in an event without any forfeit.
    """
    engine_class = need(_TIEBREAKS).TieBreakEngine
    swiss_regime = _regime().SWISS
    forfeits = home("FORFEITS", _CORE).FORFEITS
    original_terms = engine_class.all_terms

    def is_swiss(self: Any, tb: Any) -> bool:
        return bool(self.settings.regime is swiss_regime)

    def all_terms(self: Any, fore: bool, swiss: bool, pre_determined: bool) -> Any:
        terms = original_terms(self, fore, swiss, False)
        if not (swiss and pre_determined):
            return terms
        view = self.fore_view() if fore else self.base
        seen = self.seen_scores(view, swiss)
        out = []
        for i, row in enumerate(terms):
            new = []
            for term in row:
                r = term[0] - 1
                o = self.opps[i][r]
                if view.kinds[i][r] in forfeits and o >= 0:
                    term = (term[0], o, seen[o], view.pts[i][r], False, "forfeit as a game")
                new.append(term)
            out.append(new)
        return out

    with _patched(engine_class, _swiss=is_swiss, all_terms=all_terms):
        yield


# --- tests on the values ------------------------------------------------------------------


def double_forfeits(event: generate.Event, player: int, rounds: int) -> int:
    """Rounds up to *rounds* in which *player* and the scheduled opponent both forfeited."""
    count = 0
    for r, block in enumerate(event.grid.get(player, [])[:rounds]):
        if block.result != "-" or block.opponent is None:
            continue
        other = event.grid.get(block.opponent, [])
        if r < len(other) and other[r].opponent == player and other[r].result == "-":
            count += 1
    return count


def std_double_forfeit(key: Key, ours: Value, theirs: Value, case: Case) -> bool:
    """STD: trfkit is ½ above gacrux for each double forfeit of the player.

    trfkit compares the player's points with the scheduled opponent's (0 = 0: ½);
    gacrux compares them with a draw's points (0 < ½: 0), so that STD equals PTS
    under 1 / ½ / 0 scoring, as the tie-break intends.
    """
    if key[:2] != ("value", "STD") or ours is None or theirs is None:
        return False
    count = double_forfeits(case.event, key[2], case.ours.rounds)
    return count > 0 and Fraction(ours) - Fraction(theirs) == Fraction(count, 2)


def _has_double_forfeit(case: Case) -> bool:
    rounds = case.ours.rounds
    return any(double_forfeits(case.event, p, rounds) for p in case.event.grid)


def _declared_beyond_written(case: Case) -> bool:
    declared = case.event.header.get("XXR", "")
    return declared.isdigit() and int(declared) > case.event.rounds


def _written_not_scored(case: Case) -> bool:
    return case.ours.rounds < case.event.rounds


EXPLANATIONS: tuple[Explanation, ...] = (
    Explanation(
        "in-progress",
        DELIBERATE,
        "report written before the last round: trfkit scores the rounds played, gacrux "
        "counts the remaining declared (XXR) rounds as absences unless told the current "
        "round (-n)",
        _declared_beyond_written,
        current_round=rounds_scored,
    ),
    Explanation(
        "last-round-no-game",
        TO_DECIDE,
        "a written last round without any game (only byes, absences, lossy forfeits): "
        "trfkit leaves it out as pre-entered byes even when XXR counts it, gacrux scores it",
        _written_not_scored,
        current_round=rounds_scored,
    ),
    Explanation(
        "icu-draw-bye",
        DELIBERATE,
        "'0000 - =' (no opponent): trfkit reads a half-point bye, gacrux a draw "
        "against nobody, which counts like a pairing-allocated bye",
        lambda case: "icu-draw-bye" in case.event.tags,
        for_gacrux=icu_as_half_bye,
    ),
    Explanation(
        "withdrawal-annulment",
        DELIBERATE,
        "round-robin player withdrew under 50 % completed: trfkit removes their games "
        "from the standings (C.05), gacrux keeps them",
        lambda case: bool(case.ours.annulled),
        options={"withdrawals": False},
    ),
    Explanation(
        "withdrawal-table-forfeits",
        DELIBERATE,
        "round-robin player withdrew: trfkit scores the unplayed games as forfeits against "
        "the Berger table's opponents (C.05, C.07 15.2), gacrux reads the blocks as written",
        lambda case: case.ours.regime == "round-robin" and "withdrawal" in case.event.tags,
        patch=withdrawal_games_as_written,
    ),
    Explanation(
        "koya-maximum",
        DELIBERATE,
        "round-robin Koya maximum: trfkit counts the players in the standings, gacrux "
        "the rounds less byes less participants never paired",
        lambda case: case.ours.regime == "round-robin" and "withdrawal" in case.event.tags,
        patch=koya_maximum_as_gacrux,
    ),
    Explanation(
        "de-not-all-met",
        DELIBERATE,
        "round robin, tied players who have not all met (a pairing lost by a lossy "
        "withdrawal): trfkit keeps them tied on DE (C.07 6.2), gacrux ranks the partial table",
        lambda case: case.ours.regime == "round-robin",
        patch=direct_encounter_as_gacrux,
    ),
    Explanation(
        "unrated",
        DELIBERATE,
        "unrated players: trfkit leaves unrated opponents out of rating-based "
        "tie-breaks, gacrux drops those tie-breaks for everybody",
        lambda case: "unrated" in case.event.tags,
        for_both=rate_everybody,
    ),
    Explanation(
        "koya-limit-unit",
        TRFKIT_BUG,
        "KS/L±n under a scoring other than 1/½/0: trfkit moves the limit by n draws' "
        "points, gacrux (and trfkit's own docstring) by n half points",
        lambda case: case.event.scoring.get("=") != Fraction(1, 2),
        patch=koya_limit_in_points,
    ),
    Explanation(
        "pd-table-482-484",
        TRFKIT_BUG,
        "trfkit's table 8.1(b) expects 0.96 at rating differences 482-484 (FIDE: "
        "457-484 is 0.95); PTP and APPO are off by a point or more",
        lambda case: True,
        patch=expected_score_table_fixed,
    ),
    Explanation(
        "p-modifier-byes",
        TRFKIT_BUG,
        "Swiss /P (forfeits count as played): trfkit also drops the art. 16 treatment of "
        "byes, so SB/P and BH/P differ from SB and BH even without a forfeit",
        lambda case: case.ours.regime == "swiss",
        patch=played_forfeits_as_gacrux,
    ),
    Explanation(
        "std-double-forfeit",
        TO_DECIDE,
        "STD for a double forfeit: trfkit ½ (0 equals the opponent's 0), gacrux 0 (less "
        "than a draw), which keeps STD = PTS under 1/½/0 scoring",
        _has_double_forfeit,
        accepts=std_double_forfeit,
    ),
)
"""Every known cause, in the order they are tried (cumulatively)."""

KINDS = (DELIBERATE, TO_DECIDE, TRFKIT_BUG)
"""The kinds of explanation, in the order the table lists them."""
