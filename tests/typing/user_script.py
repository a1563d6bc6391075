"""A user's script, as the README's Python API section writes it: mypy --strict must accept it.

Not a test module: ``tests/typing/check_installed.py`` type-checks it against the installed
wheel (``tox -e typing``). Run, it corrects a result of a real report through the public API
(``import trfkit`` only): it parses the file, edits a result and two players' points, writes
the report, checks it, computes the standings and converts it to TRF-2026, and says so:

    python tests/typing/user_script.py [REPORT.trf]
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import trfkit
from trfkit.compute.history import RoundKind, history_of
from trfkit.compute.regime import Regime, decide
from trfkit.compute.standings import compute_standings
from trfkit.compute.tiebreaks import KoyaThreshold, TieBreakOptions
from trfkit.model import Player, Tournament

REPORT = (
    Path(__file__).resolve().parents[2]
    / "fixtures"
    / "real"
    / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf"
)
"""FIDE's C.07 Swiss exercise: Alyx (1) and Opal (13) drew in round 2."""


def summary(data: bytes) -> list[str]:
    """Every player's start rank, name and points, then the recomputed ranks."""
    result = trfkit.parse(data)
    t: Tournament = result.tournament
    lines = [f"{p.start_rank} {p.name} {p.points}" for p in t.players]
    text: str = trfkit.dumps(t)
    again = trfkit.loads(text, strict=True)
    assert again == t
    for d in trfkit.check(data, select=["B", "T"]):
        lines.append(f"{d.line}:{d.column} {d.code} {d.message}")
    decision = decide(t)
    options = TieBreakOptions(tiebreaks=("SB", "KS"), koya_threshold=KoyaThreshold.MORE_THAN)
    st = compute_standings(t, options, regime=decide(t, Regime.ROUND_ROBIN))
    for row in st.rows:
        value: Fraction | None = row.values[0] if row.values else None
        lines.append(f"{row.rank} {row.start_rank} {value} {decision.regime}")
    return lines


def forfeits(t: Tournament) -> dict[int, int]:
    """Start rank → the rounds the player lost by forfeit, as the history reads them."""
    history = history_of(t)
    found: dict[int, int] = {}
    for player in t.players:
        rounds = history.sequence(player.start_rank)
        found[player.start_rank] = sum(1 for r in rounds if r.kind is RoundKind.FORFEIT_LOSS)
    return found


def first(t: Tournament) -> Player | None:
    """The player of start rank 1, if any."""
    return t.players_by_start_rank.get(1)


# --- an edit, through the top-level API only -------------------------------------------------


def won_not_drawn(text: str, winner: int, loser: int, round: int) -> trfkit.Tournament:
    """The report with the game of *round* a win for *winner*, and both players' points.

    ``with_result`` writes the result on both lines (the loser's ``0``, the opposite
    colour); the points columns are the report's own, so each is moved by half a point.
    """
    t = trfkit.loads(text)
    t = t.with_result(winner, round, "1")
    for start_rank, change in ((winner, Fraction(1, 2)), (loser, Fraction(-1, 2))):
        player = t.player(start_rank)
        t = t.with_player(player.with_points((player.points or Fraction(0)) + change))
    return t


def correct(path: Path) -> list[str]:
    """Correct round 2 of Alyx and Opal in *path*, and report what each stage gives."""
    text = path.read_text(encoding="utf-8")
    edited = won_not_drawn(text, winner=1, loser=13, round=2)
    written = trfkit.dumps(edited)
    pairs = zip(text.splitlines(), written.splitlines(), strict=True)
    changed = [number for number, (old, new) in enumerate(pairs, 1) if old != new]
    lines = [f"written: {len(written.splitlines())} lines, changed: {changed}"]

    again = trfkit.loads(written)
    opal = again.player(13).round(2)
    assert opal is not None and opal.opponent == 1 and str(opal.result) == "loss", opal
    assert again.player(1).points == Fraction(4) and again.player(13).points == Fraction(1)

    found = trfkit.check(written)
    before = {d.code for d in trfkit.check(text)}
    new = [d for d in found if d.code not in before]
    assert not new, [f"{d.code} {d.message}" for d in new]
    for d in found:
        if str(d.severity) != "info":
            where = f"line {d.line}, column {d.column}" if d.line is not None else "the file"
            lines.append(f"check: {d.code} ({d.severity}, {where}): {d.message[:50]}…")

    st = trfkit.standings(edited)
    codes = ", ".join(tb.text for tb in st.tiebreaks)
    top = [f"{row.rank}. {row.name} {float(row.values[0] or 0):.1f}" for row in st.rows[:3]]
    lines.append(f"standings ({codes}): " + "; ".join(top))

    converted, adjustments = trfkit.convert(edited, "trf26")
    dropped = [a for a in adjustments if str(a.action) == "dropped"]
    lines.append(
        f"converted to {converted.file_format}: {len(adjustments)} adjustments, "
        f"{len(dropped)} dropped"
    )
    return lines


def main(argv: list[str]) -> int:
    """Correct the report named on the command line (FIDE's Swiss exercise by default)."""
    path = Path(argv[1]) if len(argv) > 1 else REPORT
    try:
        for line in correct(path):
            print(line)
    except trfkit.TrfError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
