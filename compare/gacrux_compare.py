"""Compare trfkit's tie-breaks and ranks with FIDE's reference checker, gacrux.

Usage::

    python compare/gacrux_compare.py [--count N] [--seed S] [--players 6-24] [--rounds 5-11]
                                     [--details] [--save DIR]

Both tools must be importable from one environment (``pip install gacrux`` and
``pip install -e .``; ``tox -e compare`` does that). gacrux is never a dependency
of trfkit itself.

For every generated tournament (:mod:`gacrux_events`) the script computes each
tie-break of :data:`gacrux_tools.VALUE_CODES` for every player with both tools, under the
same rule edition (both choose it from the start date in record 042) and the same
regime (gacrux is told ``-p`` for a round robin and ``-s`` for a Swiss event, as
trfkit detected it), and the final ranks under the lists of :data:`gacrux_tools.RANK_LISTS`.
Every difference is then put down to a known cause when one explains it
(:mod:`gacrux_explanations`); what is left is "unexplained" and makes the script exit
with status 1: a bug in one of the tools, or a new difference to document.

Exit status: 0 when every difference is explained, 1 otherwise (or when a tool
failed on a tournament), 2 when gacrux or trfkit cannot be imported.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import gacrux_events as generate  # noqa: E402  (sibling modules, found through HERE)
from gacrux_explanations import EXPLANATIONS, KINDS, Case  # noqa: E402
from gacrux_tools import (  # noqa: E402
    Key,
    MissingTool,
    Outcome,
    Value,
    need,
    run_gacrux,
    run_trfkit,
    versions,
)

UNEXPLAINED = "unexplained"


# --- comparing ----------------------------------------------------------------------------


def decimals(value: Fraction) -> int | None:
    """How many decimals a terminating decimal fraction has (``None`` if it does not end)."""
    for places in range(0, 12):
        if (value * 10**places).denominator == 1:
            return places
    return None


ROUNDED = frozenset({"AOB", "SSSC"})
"""The codes gacrux rounds: AOB to 2-5 decimals, a team's SSSC to 2."""


def same(key: Key, ours: Value, theirs: Value) -> tuple[bool, bool]:
    """Whether trfkit's and gacrux's values agree, and whether only after rounding.

    gacrux rounds AOB to 2-5 decimals (by the number of rounds) and a team's SSSC to 2;
    trfkit keeps the exact fraction. Such a value agrees when trfkit's, rounded half up
    to gacrux's decimals (at least 2), equals gacrux's.

    Returns:
        (agree, agree only after rounding).
    """
    if ours == theirs:
        return True, False
    if key[1].split(":")[0] in ROUNDED and ours is not None and theirs is not None:
        places = decimals(Fraction(theirs))
        if places is not None:
            scale = 10 ** max(places, 2)
            rounded = Fraction(int(Fraction(ours) * scale + Fraction(1, 2)), scale)
            if rounded == theirs:
                return True, True
    return False, False


def differences(ours: Outcome, theirs: Outcome) -> tuple[set[Key], int, int]:
    """The keys on which the two outcomes differ, the number compared, and the rounded ones.

    A key that only one side has (a player the other did not list) is a difference.
    """
    keys = set(ours.values) | set(theirs.values)
    differ = set()
    rounded = 0
    for key in keys:
        agree, by_rounding = same(key, ours.values.get(key), theirs.values.get(key))
        if not agree or key not in ours.values or key not in theirs.values:
            differ.add(key)
        rounded += by_rounding
    return differ, len(keys), rounded


@dataclass
class Verdict:
    """The comparison of one tournament.

    Attributes:
        event: The tournament.
        compared: Keys compared.
        agreed: Keys that agree (AOB rounding included).
        rounded: Keys that agree only after rounding gacrux's way (AOB).
        causes: Explanation name → the keys it explains; ``"unexplained"`` for the rest.
        error: A tool's failure, if any.
        notes: Explanations that could not be tried, and why.
        ours: trfkit's first outcome.
        theirs: gacrux's first outcome.
        last: The values of both tools after the last explanation tried.
    """

    event: generate.Event
    compared: int = 0
    agreed: int = 0
    rounded: int = 0
    causes: dict[str, set[Key]] = field(default_factory=dict)
    error: str = ""
    notes: list[str] = field(default_factory=list)
    ours: Outcome = field(default_factory=Outcome)
    theirs: Outcome = field(default_factory=Outcome)
    last: tuple[dict[Key, Value], dict[Key, Value]] = field(default_factory=lambda: ({}, {}))


def _rerun_trfkit(
    text: str, options: dict[str, Any], patches: Sequence[Callable[[], Any]]
) -> Outcome:
    """Run trfkit on *text* with *options*, every patch of *patches* active."""
    try:
        with contextlib.ExitStack() as stack:
            for patch in patches:
                stack.enter_context(patch())
            return run_trfkit(text, options)
    except Exception as exc:  # a patch that no longer fits trfkit's internals
        return Outcome(error=f"patch: {type(exc).__name__}: {exc}")


def compare_event(event: generate.Event, workdir: Path) -> Verdict:
    """Run both tools on *event*, compare, and put every difference down to a cause."""
    verdict = Verdict(event)
    text = event.text()
    ours = run_trfkit(text)
    verdict.ours = ours
    if ours.error:
        verdict.error = ours.error
        return verdict
    theirs = run_gacrux(text, ours.regime, workdir, order_check=True)
    verdict.theirs = theirs
    if theirs.error:
        verdict.error = theirs.error
        return verdict
    differ, compared, rounded = differences(ours, theirs)
    verdict.compared, verdict.rounded = compared, rounded
    verdict.agreed = compared - len(differ)
    case = Case(event, ours)
    left = set(differ)
    gacrux_text, trfkit_text = text, text
    gacrux_round: int | None = None  # gacrux's -n; None: its default, the declared rounds
    options: dict[str, Any] = {}
    patches: list[Callable[[], Any]] = []
    now_ours, now_theirs = ours, theirs
    for explanation in EXPLANATIONS:
        if not left or not explanation.applies(case):
            continue
        if explanation.accepts is not None:
            test = explanation.accepts
            explained = {
                key
                for key in left
                if test(key, now_ours.values.get(key), now_theirs.values.get(key), case)
            }
        else:
            new_gacrux, new_trfkit = gacrux_text, trfkit_text
            new_round = gacrux_round
            if explanation.current_round is not None:
                new_round = explanation.current_round(case)
            if explanation.for_gacrux is not None:
                new_gacrux = explanation.for_gacrux(new_gacrux, case)
            if explanation.for_both is not None:
                new_gacrux = explanation.for_both(new_gacrux)
                new_trfkit = explanation.for_both(new_trfkit)
            new_options = {**options, **explanation.options}
            new_patches = [*patches, *([explanation.patch] if explanation.patch else [])]
            again_ours = _rerun_trfkit(new_trfkit, new_options, new_patches)
            again_theirs = now_theirs
            if new_gacrux != gacrux_text or new_round != gacrux_round:
                again_theirs = run_gacrux(new_gacrux, ours.regime, workdir, current_round=new_round)
            if again_ours.error or again_theirs.error:
                verdict.notes.append(
                    f"{explanation.name} not tried: {again_ours.error or again_theirs.error}"
                )
                continue
            gacrux_text, trfkit_text, gacrux_round = new_gacrux, new_trfkit, new_round
            options, patches = new_options, new_patches
            now_ours, now_theirs = again_ours, again_theirs
            explained = {
                key
                for key in left
                if key in now_ours.values
                and key in now_theirs.values
                and same(key, now_ours.values[key], now_theirs.values[key])[0]
            }
        if explained:
            verdict.causes[explanation.name] = explained
            left -= explained
    if left:
        verdict.causes[UNEXPLAINED] = left
    verdict.last = (now_ours.values, now_theirs.values)
    return verdict


# --- the report ---------------------------------------------------------------------------


def show(value: Value) -> str:
    """A value as people read it (``5.25``, ``22/3`` when not a finite decimal, ``-``)."""
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    places = decimals(value)
    if places is None:
        return f"{value.numerator}/{value.denominator}"
    if places == 0:
        return str(value.numerator)
    digits = str((abs(value) * 10**places).numerator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def describe(event: generate.Event) -> str:
    """One line naming the tournament: seed, kind, size, rounds, features."""
    features = ", ".join(sorted(event.tags)) or "none"
    return (
        f"seed {event.seed}: {event.kind}, {len(event.grid)} players, {event.rounds} rounds "
        f"written (XXR {event.header.get('XXR', '?')}); {features}"
    )


def _pair(ours: Value, theirs: Value) -> str:
    """``trfkit 5.5 gacrux 5`` with aligned columns."""
    return f"trfkit {show(ours):>7} gacrux {show(theirs):>7}"


def _name(key: Key) -> str:
    """The tie-break (or ``rank <list>``) a key belongs to."""
    return key[1] if key[0] == "value" else f"rank {key[1]}"


def report(verdicts: Sequence[Verdict], elapsed: float, details: bool) -> str:
    """The table printed at the end of a run."""
    trfkit_version, gacrux_version = versions()
    done = [v for v in verdicts if not v.error]
    failed = [v for v in verdicts if v.error]
    kinds = Counter(v.event.kind for v in done)
    editions = Counter(t for v in done for t in v.event.tags if t.startswith("fide-"))
    compared = sum(v.compared for v in done)
    agreed = sum(v.agreed for v in done)
    rounded = sum(v.rounded for v in done)
    lines = [
        f"trfkit {trfkit_version} vs gacrux {gacrux_version}: {len(verdicts)} tournaments "
        f"in {elapsed:.0f} s",
        "",
        f"tournaments compared  {len(done):>8}   "
        f"({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}; "
        f"{', '.join(f'{n} {k}' for k, n in sorted(editions.items()))})",
        f"tool failures         {len(failed):>8}",
        f"values compared       {compared:>8}   (tie-break values and ranks, player by player)",
        f"agreements            {agreed:>8}   ({rounded} of them AOB equal at gacrux's decimals)",
        f"differences           {compared - agreed:>8}   by cause:",
    ]
    by_cause: dict[str, list[tuple[Verdict, Key]]] = defaultdict(list)
    for v in done:
        for cause, keys in v.causes.items():
            by_cause[cause].extend((v, k) for k in keys)
    for kind in KINDS:
        lines.append(f"  {kind}:")
        for explanation in (e for e in EXPLANATIONS if e.kind == kind):
            items = by_cause.get(explanation.name, [])
            events = len({id(v) for v, _ in items})
            lines.append(f"    {explanation.name:<22}{len(items):>8}   in {events:>5} tournaments")
    items = by_cause.get(UNEXPLAINED, [])
    events = len({id(v) for v, _ in items})
    lines.append(f"  {UNEXPLAINED:<24}{len(items):>8}   in {events:>5} tournaments")
    leaky = [v for v in done if v.theirs.order_dependent]
    lines += [
        "",
        f"gacrux bug, not counted above: {sum(len(v.theirs.order_dependent) for v in leaky)} "
        f"values in {len(leaky)} tournaments change when every tie-break is computed in one",
        "list (FB alters state that later Buchholz-family tie-breaks read); each tie-break is",
        "therefore computed in a list of its own.",
        "",
        "causes:",
    ]
    lines += [f"  {e.name}: {e.title}" for kind in KINDS for e in EXPLANATIONS if e.kind == kind]
    lines += ["", _per_code(done)]
    for v in failed:
        lines += ["", f"FAILED {describe(v.event)}", f"  {v.error}"]
    notes = [(v, note) for v in done for note in v.notes]
    for v, note in notes:
        lines.append(f"note: seed {v.event.seed}: {note}")
    shown = [item for cause, items in by_cause.items() for item in items
             if details or cause == UNEXPLAINED]  # fmt: skip
    if shown:
        lines += ["", "differences (first values, then after the explanations tried):"]
        grouped: dict[int, list[Key]] = defaultdict(list)
        owner: dict[int, Verdict] = {}
        for v, key in shown:
            grouped[id(v)].append(key)
            owner[id(v)] = v
        for ident, listed in grouped.items():
            v = owner[ident]
            lines.append(describe(v.event))
            cause_of = {k: c for c, ks in v.causes.items() for k in ks}
            for key in sorted(listed):
                first = _pair(v.ours.values.get(key), v.theirs.values.get(key))
                last = _pair(v.last[0].get(key), v.last[1].get(key))
                lines.append(
                    f"  {_name(key):<26} player {key[2]:>3}: {first} | {last}  [{cause_of[key]}]"
                )
    return "\n".join(lines)


def _per_code(verdicts: Iterable[Verdict]) -> str:
    """Values compared, agreeing, explained and unexplained, by tie-break and rank list."""
    compared: Counter[str] = Counter()
    explained: Counter[str] = Counter()
    unexplained: Counter[str] = Counter()
    for v in verdicts:
        for key in set(v.ours.values) | set(v.theirs.values):
            compared[_name(key)] += 1
        for cause, keys in v.causes.items():
            for key in keys:
                (unexplained if cause == UNEXPLAINED else explained)[_name(key)] += 1
    width = max((len(n) for n in compared), default=10)
    rows = [f"{'':<{width}}  compared     agree  explained  unexplained"]
    for name in sorted(compared, key=lambda n: (n.startswith("rank"), n)):
        agree = compared[name] - explained[name] - unexplained[name]
        rows.append(
            f"{name:<{width}}  {compared[name]:>8}  {agree:>8}  {explained[name]:>9}  "
            f"{unexplained[name]:>11}"
        )
    return "\n".join(rows)


def _range(text: str) -> tuple[int, int]:
    """``"6-24"`` → (6, 24); ``"10"`` → (10, 10)."""
    low, _, high = text.partition("-")
    try:
        first = int(low)
        second = int(high) if high else first
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not N or N-M") from None
    if first < 1 or second < first:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range of positive numbers")
    return first, second


# --- team events -----------------------------------------------------------------------------

BOARD_CODES = frozenset({"BC", "PTS,TBR", "PTS,BBE"})
"""Where gacrux counts the board points of unplayed rounds (README, "Team events")."""


BOARD_FORFEITS = ("every board forfeited (AOB): trfkit counts the match as not played, "
                  "gacrux as played")
"""A match without 330 whose every board was forfeited (README, "Team events")."""


FORE_BYES = ("gacrux bug, FB:GP: requested byes before a last-round forfeit loss seen as "
             "draws on game points, not on match points")
"""gacrux moves FB's 'last round not absent' on the match-point score only (README)."""


@dataclass
class TeamVerdict:
    """The comparison of one team event (generated, or a corpus file)."""

    name: str
    compared: int = 0
    agreed: int = 0
    rounded: int = 0
    causes: dict[str, set[Key]] = field(default_factory=dict)
    error: str = ""


def compare_teams(name: str, ours: Outcome, theirs: Outcome) -> TeamVerdict:
    """Compare the team values and ranks of one event and put each difference down to a cause."""
    verdict = TeamVerdict(name)
    if ours.error or theirs.error:
        verdict.error = ours.error or theirs.error
        return verdict
    differ, verdict.compared, verdict.rounded = differences(ours, theirs)
    verdict.agreed = verdict.compared - len(differ)
    board = {
        key for key in differ
        if key[1] in BOARD_CODES and (key[0] == "rank" or key[2] in ours.unplayed)
        and ours.unplayed
    }  # fmt: skip
    if board:
        verdict.causes["board points of unplayed rounds (BC, TBR, BBE)"] = board
    forfeited = {
        key for key in differ - board
        if key[0] == "value" and key[1].split("/")[0] in ("AOB", "AOB:GP")
        and key[2] in ours.board_forfeits
    }  # fmt: skip
    if forfeited:
        verdict.causes[BOARD_FORFEITS] = forfeited
    fore = {key for key in differ - board - forfeited
            if key[0] == "value" and key[1].startswith("FB:GP") and key[2] in ours.fore_byes}
    if fore:
        verdict.causes[FORE_BYES] = fore
    if differ - board - forfeited - fore:
        verdict.causes[UNEXPLAINED] = differ - board - forfeited - fore
    return verdict


def compare_team_event(event: generate.TeamEvent, workdir: Path) -> TeamVerdict:
    """Run both tools on a generated team event and compare."""
    text = event.text()
    ours = need("gacrux_tools").run_trfkit_teams(text)
    path = workdir / "team.trf"
    path.write_text(text, encoding="latin-1")
    theirs = need("gacrux_tools").run_gacrux_teams(path, ours.regime or "swiss")
    return compare_teams(f"team seed {event.seed} ({', '.join(sorted(event.tags))})", ours,
                         theirs)  # fmt: skip


def team_report(verdicts: Sequence[TeamVerdict], details: bool) -> str:
    """The summary of the team comparison: events, values compared, differences by cause."""
    failed = [v for v in verdicts if v.error]
    causes: Counter[str] = Counter()
    for v in verdicts:
        for cause, keys in v.causes.items():
            causes[cause] += len(keys)
    lines = [
        f"team events: {len(verdicts)} ({len(failed)} a tool failed on), "
        f"{sum(v.compared for v in verdicts)} values and ranks compared, "
        f"{sum(v.agreed for v in verdicts)} agree "
        f"({sum(v.rounded for v in verdicts)} after rounding gacrux's way)"
    ]
    lines += [f"  {count:6d}  {cause}" for cause, count in causes.most_common()]
    for v in verdicts:
        if v.error:
            lines.append(f"  failed: {v.name}: {v.error[:200]}")
        for cause, keys in v.causes.items():
            if cause == UNEXPLAINED or details:
                shown = ", ".join(f"{k[1]} #{k[2]}" for k in sorted(keys, key=str)[:8])
                lines.append(f"  {cause}: {v.name}: {shown}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Generate, compare, print the table; the exit status says if anything is unexplained."""
    parser = argparse.ArgumentParser(
        description="Compare trfkit's tie-breaks and ranks with gacrux on generated events."
    )
    parser.add_argument("--count", type=int, default=200, help="tournaments (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first tournament")
    parser.add_argument(
        "--players", type=_range, default=(6, 24), help="players, N or N-M (default 6-24)"
    )
    parser.add_argument(
        "--rounds", type=_range, default=(5, 11), help="Swiss rounds, N or N-M (default 5-11)"
    )
    parser.add_argument(
        "--details", action="store_true", help="list every difference, explained or not"
    )
    parser.add_argument(
        "--save", type=Path, metavar="DIR", help="write the TRF of each unexplained case there"
    )
    parser.add_argument(
        "--teams", type=int, default=0, metavar="N", help="also compare N team events"
    )
    args = parser.parse_args(argv)
    try:
        need("gacrux.tiebreakchecker")
        need("trfkit.compute.standings")
    except MissingTool as exc:
        print(exc, file=sys.stderr)
        return 2
    started = time.monotonic()
    verdicts = []
    with tempfile.TemporaryDirectory(prefix="gacrux-compare-") as scratch:
        for seed in range(args.seed, args.seed + args.count):
            event = generate.generate(seed, args.players, args.rounds)
            verdicts.append(compare_event(event, Path(scratch)))
        team_verdicts = [compare_team_event(generate.team_event(seed), Path(scratch))
                         for seed in range(args.seed, args.seed + args.teams)]  # fmt: skip
    print(report(verdicts, time.monotonic() - started, args.details))
    if team_verdicts:
        print(team_report(team_verdicts, args.details))
    bad = [v for v in verdicts if UNEXPLAINED in v.causes or v.error]
    bad_teams = [v for v in team_verdicts if UNEXPLAINED in v.causes or v.error]
    if args.save and bad:
        args.save.mkdir(parents=True, exist_ok=True)
        for v in bad:
            (args.save / f"seed-{v.event.seed}.trf").write_text(v.event.text(), encoding="utf-8")
        print(f"\n{len(bad)} TRF files written to {args.save}")
    return 1 if bad or bad_teams else 0


if __name__ == "__main__":
    raise SystemExit(main())
