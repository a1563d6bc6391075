"""A user's script, as the README's Python API section writes it: mypy --strict must accept it.

Not a test module: ``tests/typing/check_installed.py`` type-checks it against the installed
wheel (``tox -e typing``).
"""

from __future__ import annotations

from fractions import Fraction

import trfkit
from trfkit.compute.history import RoundKind, history_of
from trfkit.compute.regime import Regime, decide
from trfkit.compute.standings import compute_standings
from trfkit.compute.tiebreaks import KoyaThreshold, TieBreakOptions
from trfkit.model import Player, Tournament


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
        lines.append(f"{row.rank} {row.start_rank} {value} {decision.regime.value}")
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
    return t.players_by_rank.get(1)
