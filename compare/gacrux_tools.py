"""Running trfkit and gacrux on one TRF text and collecting what each computed.

Both tools are imported lazily (:func:`need`), so that this module loads even
where gacrux is missing; the script then stops with a hint instead of a traceback.
gacrux is driven in-process through the stages of its ``tiebreakchecker`` command
(read the options, read the file, prepare the tournament, compute), without the
output stage, so its values arrive as the Decimals and integers it computed.
"""

from __future__ import annotations

import copy
import importlib
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

VALUE_CODES: tuple[str, ...] = (
    "PTS", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS/C1", "STD", "TPN", "RTNG",
    "KS", "KS/L+1", "KS/L-1", "BH", "BH/C1", "BH/C2", "BH/M1", "BH/C1/P", "FB", "FB/C1",
    "AOB", "SB", "SB/C1", "SB/P", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO",
)  # fmt: skip
"""Every tie-break whose value is compared, player by player."""

RANK_LISTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "round-robin": (
        ("PTS", "DE", "WIN", "SB", "KS"),
        ("PTS", "SB", "KS", "WON", "BWG"),
        ("PTS", "KS", "DE", "BPG"),
    ),
    "swiss": (
        ("PTS", "BH/C1", "BH", "SB"),
        ("PTS", "DE", "WIN", "BH/M1", "PS"),
        ("PTS", "ARO", "TPR", "SB/C1"),
    ),
}
"""The tie-break lists under which the final ranks are compared, by regime."""

Key = tuple[str, str, int]
"""What is compared: ``("value", code, start rank)`` or ``("rank", list, start rank)``."""

Value = Fraction | int | None
"""A compared value: exact numbers, ranks, or ``None`` for "no value"."""


class MissingTool(RuntimeError):
    """gacrux or trfkit cannot be imported."""


def need(name: str) -> ModuleType:
    """Import *name*.

    Raises:
        MissingTool: With an installation hint, when the import fails.
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise MissingTool(
            f"cannot import {name} ({exc}); install gacrux and trfkit in one environment "
            "(pip install gacrux && pip install -e .), or run: tox -e compare"
        ) from exc


@dataclass
class Outcome:
    """What one tool computed for one tournament.

    Attributes:
        values: Every compared value, by key.
        regime: ``"round-robin"`` or ``"swiss"`` (trfkit's detection).
        rounds: The rounds trfkit scored (its ``completed_rounds``).
        annulled: Start ranks of round-robin players whose games trfkit removed (C.05).
        order_dependent: gacrux only: the values that change when every tie-break of
            :data:`VALUE_CODES` is computed in one list instead of one list each.
        error: Why the tool gave no answer, if it did not.
    """

    values: dict[Key, Value] = field(default_factory=dict)
    regime: str = ""
    rounds: int = 0
    annulled: frozenset[int] = frozenset()
    order_dependent: frozenset[Key] = frozenset()
    error: str = ""
    start_date: object = None
    """gacrux only: the start date as gacrux read it (it picks its rule edition by it)."""
    unplayed: frozenset[int] = frozenset()
    """trfkit, team events: the teams with a round not played over the board (a PAB, a
    bye, a forfeited match, an absence)."""
    board_forfeits: frozenset[int] = frozenset()
    """trfkit, team events: the teams with a match (no 330 record) whose every board was
    forfeited, which trfkit reads as a match not played (README, "Team events")."""
    fore_byes: frozenset[int] = frozenset()
    """trfkit, team events: the teams that met a team whose last round is a forfeit loss
    (or double forfeit) after a requested bye or absence (README, "Team events": FB:GP)."""


def trfkit_standings(
    tournament: Any, codes: Sequence[str], options: Mapping[str, Any] | None = None, **kw: Any
) -> Any:
    """The standings by trfkit's ``compute_standings`` under the tie-break list *codes*.

    Args:
        tournament: The report, as ``trfkit.loads`` read it.
        codes: The tie-break list (the generated reports declare none in 212/202).
        options: Further fields of ``TieBreakOptions`` (``withdrawals=False``, …).
        kw: Keyword arguments of ``compute_standings`` (``engine=``).
    """
    standings = need("trfkit.compute.standings")
    tiebreaks = need("trfkit.compute.tiebreaks")
    chosen = tiebreaks.TieBreakOptions(tiebreaks=tuple(codes), **dict(options or {}))
    return standings.compute_standings(tournament, chosen, **kw)


def run_trfkit(text: str, options: Mapping[str, Any] | None = None) -> Outcome:
    """The values of :data:`VALUE_CODES` and the ranks under :data:`RANK_LISTS`, by trfkit.

    Args:
        text: The TRF.
        options: Fields of trfkit's ``TieBreakOptions`` (``withdrawals=False``, …).

    Returns:
        The outcome; ``error`` is set when trfkit raised (which is itself a bug).
    """
    api = need("trfkit.api")
    try:
        tournament = api.loads(text)
        first = trfkit_standings(tournament, ["PTS"], options)
        engine = first.engine
        regime = engine.settings.regime.value
        out = Outcome(regime=regime, rounds=engine.rounds)
        out.annulled = frozenset(engine.players[i].start_rank for i in engine.annulled)
        for code in VALUE_CODES:
            for rank, value in engine.values(code).items():
                out.values[("value", code, rank)] = value
        for codes in RANK_LISTS[regime]:
            table = trfkit_standings(tournament, codes, options, engine=engine)
            name = ",".join(codes)
            for row in table.rows:
                out.values[("rank", name, row.start_rank)] = row.rank
        return out
    except Exception as exc:  # a crash is reported, not raised: the run goes on
        return Outcome(error=f"trfkit: {type(exc).__name__}: {exc}")


_READ = object()
"""The start date as the file gives it."""


class _Gacrux:
    """One TRF read by gacrux's tie-break checker, ready to compute any tie-break list.

    The file is read once, as ``gacrux.tiebreakchecker`` reads it from its command
    line (options, file, tournament preparation); each :meth:`compute` then runs the
    checker's computation stage on a copy of the tournament, because gacrux writes
    ranks and scores into the structures it is given. *current_round* is the
    checker's ``-n`` (``--current-round``, "overrides file value"): the standings
    after that round, the declared rounds (``XXR``/142) still being the tournament's.

    Raises:
        RuntimeError: When gacrux rejects the file (its status and messages).
    """

    def __init__(
        self,
        path: Path,
        regime: str,
        current_round: int | None = None,
        encoding: str | None = None,
        start_date: object = _READ,
    ) -> None:
        module = need("gacrux.tiebreakchecker")
        checker = module.tiebreakchecker()
        argv = ["tiebreakchecker", "-i", str(path), "-t", "PTS"]
        argv.append("-p" if regime == "round-robin" else "-s")
        if current_round is not None:
            argv += ["-n", str(current_round)]
        if encoding is not None:  # gacrux's -b; it reads Latin-1 without it
            argv += ["-b", encoding]
        saved = sys.argv
        sys.argv = argv
        try:
            checker.read_command_line()
        finally:
            sys.argv = saved
        for stage in (checker.read_input_file, checker.prepare_tournament):
            stage()
            self._check(checker)
        self.params: dict[str, Any] = checker.params
        self.tournament = checker.chessfile.get_tournament(checker.tournamentno)
        info = self.tournament.setdefault("tournamentInfo", {})
        if start_date is not _READ:  # the rule edition another reading was computed under
            self.tournament["tournamentInfo"] = {**info, "startDate": start_date}
        self.start_date = self.tournament["tournamentInfo"].get("startDate")
        self.engine = need("gacrux.tiebreak").tiebreak

    @staticmethod
    def _check(checker: Any) -> None:
        status = checker.chessfile.chessjson["status"]
        if checker.exit or status.get("code", 0) >= 400:
            errors = "; ".join(str(e) for e in status.get("error", [])) or "no message"
            raise RuntimeError(f"status {status.get('code')}: {errors}")

    def compute(self, codes: Sequence[str]) -> dict[str, Any]:
        """The result of the tie-break list *codes* (``competitors`` with ranks and values)."""
        params = copy.deepcopy(self.params)
        params["tiebreak"] = list(codes)
        # gacrux writes rank, tiebreakScore and rankOrder into the tournament and its
        # competitors; the games are only read.
        tournament = dict(self.tournament)
        tournament["competitors"] = [dict(c) for c in self.tournament["competitors"]]
        engine = self.engine(tournament, params["current_round"], params)
        result: dict[str, Any] = engine.compute_tiebreaks(tournament, params)
        return result


def exact(value: object) -> Value:
    """A value of gacrux (a Decimal, an int or None) as an exact number.

    Raises:
        TypeError: For anything else.
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, Decimal | int):
        return Fraction(value)
    raise TypeError(f"unexpected value {value!r} from gacrux")


def run_gacrux(
    text: str,
    regime: str,
    workdir: Path,
    *,
    current_round: int | None = None,
    order_check: bool = False,
) -> Outcome:
    """The values of :data:`VALUE_CODES` and the ranks under :data:`RANK_LISTS`, by gacrux.

    Args:
        text: The TRF (written to a file in *workdir*, latin-1 as gacrux reads it).
        regime: ``"round-robin"`` (gacrux's ``-p``) or ``"swiss"`` (``-s``).
        workdir: A scratch folder.
        current_round: gacrux's ``-n``: the round after which the standings are
            computed (by default the declared round count, ``XXR``/142).
        order_check: Also compute every tie-break in one list, and record the values
            that differ from the one-list-each values in ``order_dependent``.

    Returns:
        The outcome; ``error`` is set when gacrux rejected the file or failed.
    """
    path = workdir / "event.trf"
    path.write_text(text, encoding="latin-1")
    return run_gacrux_file(path, regime, current_round=current_round, order_check=order_check)


def run_gacrux_file(
    path: Path,
    regime: str,
    *,
    current_round: int | None = None,
    order_check: bool = False,
    encoding: str | None = None,
    start_date: object = _READ,
) -> Outcome:
    """:func:`run_gacrux` on a file as it is, read by gacrux in *encoding* (its ``-b``).

    Without *encoding* gacrux reads the file as Latin-1. gacrux picks its tie-break rule
    edition by the start date it reads; *start_date* replaces that date (an
    :attr:`Outcome.start_date` of another reading, ``None`` for none), so that two files
    are compared under one edition.
    """
    out = Outcome(regime=regime)
    try:
        gacrux = _Gacrux(path, regime, current_round, encoding, start_date)
        out.start_date = gacrux.start_date
        for code in VALUE_CODES:
            # One list per tie-break: in one list, FB changes the SB values computed
            # after it (gacrux keeps per-player state between tie-breaks; see the README).
            result = gacrux.compute(["PTS", code] if code != "PTS" else ["PTS"])
            for competitor in result["competitors"]:
                value = competitor["tiebreakScore"][-1]
                out.values[("value", code, competitor["cid"])] = exact(value)
        if order_check:
            result = gacrux.compute(VALUE_CODES)
            out.order_dependent = frozenset(
                ("value", code, competitor["cid"])
                for competitor in result["competitors"]
                for code, value in zip(VALUE_CODES, competitor["tiebreakScore"], strict=True)
                if exact(value) != out.values[("value", code, competitor["cid"])]
            )
        for codes in RANK_LISTS[regime]:
            result = gacrux.compute(codes)
            name = ",".join(codes)
            for competitor in result["competitors"]:
                out.values[("rank", name, competitor["cid"])] = competitor["rank"]
    except Exception as exc:  # gacrux's failures are counted, not raised
        out.error = f"gacrux: {type(exc).__name__}: {exc}"
    return out


def versions() -> tuple[str, str]:
    """The versions of trfkit and gacrux."""
    trfkit = str(getattr(need("trfkit"), "__version__", "?"))
    gacrux = str(need("gacrux.version").version()["version"])
    return trfkit, gacrux


# --- team events ----------------------------------------------------------------------------

TEAM_VALUE_CODES: tuple[str, ...] = (
    "PTS", "MPVGP", "BH", "BH:GP", "BH/C1", "BH:GP/C1", "BH/M1", "SB", "SB:GP", "SB/C1",
    "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC", "SSSC", "FB", "FB:GP", "AOB", "AOB:GP",
    "WIN", "WON", "PS", "PS:GP", "KS", "KS:GP", "KS/L+1", "KS/L-1", "KS:GP/L-1", "KS:GP/L+2",
)  # fmt: skip
"""Every team tie-break whose value is compared, team by team (the key's number is the team's)."""

TEAM_RANK_LISTS: tuple[tuple[str, ...], ...] = (
    ("PTS", "DE"), ("PTS", "EDE"), ("PTS", "TBR"), ("PTS", "BBE"), ("PTS", "EDEC"),
    ("PTS", "EDET"), ("PTS", "EDEB"), ("PTS", "EDEBT"), ("PTS", "EDEBB"),
    ("PTS", "MPVGP", "BH:MP/C1", "SB:GP"), ("PTS", "KS", "KS:GP", "DE"),
)  # fmt: skip
"""The team tie-break lists under which the final team ranks are compared."""


def _without_lists(text: str) -> str:
    """*text* without records 202/212: both tools then apply the list they are given."""
    lines = text.splitlines(keepends=True)
    return "".join(line for line in lines if line[:4] not in ("202 ", "212 "))


def _fore_byes(event: Any, kind: Any) -> frozenset[int]:
    """The teams of :attr:`Outcome.fore_byes`.

    They met a team that lost its last-round match by forfeit after a requested bye or an
    absence, whose byes gacrux's FB sees as draws on game points (README, "Team events").
    """
    lost = {kind.FORFEIT_LOSS, kind.DOUBLE_FORFEIT}
    requested = {kind.HALF_BYE, kind.ZERO_BYE, kind.ABSENT}
    odd = set()
    for n, rounds in event.results.items():
        done = [r for r in rounds if r.kind is not kind.NOT_PLAYED]
        if not done or done[-1].round != event.rounds or done[-1].kind not in lost:
            continue
        for r in reversed(done[:-1]):
            if r.kind in requested:
                odd.add(n)
            if r.kind not in requested | lost:
                break
    return frozenset(n for n, rounds in event.results.items()
                     if any(r.opponent in odd for r in rounds))  # fmt: skip


def run_trfkit_teams(text: str, rules: str | None = None) -> Outcome:
    """The team values of :data:`TEAM_VALUE_CODES` and the ranks under :data:`TEAM_RANK_LISTS`.

    *rules* (``"fide-2024"``, …) replaces the edition trfkit picks by the start date.
    """
    api = need("trfkit.api")
    teams = need("trfkit.compute.team_standings")
    tiebreaks = need("trfkit.compute.tiebreaks")
    regime_module = need("trfkit.compute.regime")
    kinds_module = need("trfkit.compute.history")
    try:
        tournament = api.loads(_without_lists(text))
        decision = regime_module.decide(tournament)
        out = Outcome(regime=decision.regime.value)
        edition = {} if rules is None else {"rules": rules}
        options = tiebreaks.TieBreakOptions(tiebreaks=("PTS", *TEAM_VALUE_CODES[1:]), **edition)
        table = teams.compute_team_standings(tournament, options, regime=decision)
        out.unplayed = frozenset(
            n for n, rounds in table.event.results.items()
            if any(r.kind is not kinds_module.RoundKind.GAME for r in rounds)
        )
        kinds = {(r.round, n): r.kind for n, rounds in table.event.results.items()
                 for r in rounds}  # fmt: skip
        out.board_forfeits = frozenset(
            n for m in table.event.matches if not m.forfeit and m.boards
            and kinds.get((m.round, m.first)) not in (None, kinds_module.RoundKind.GAME,
                                                      kinds_module.RoundKind.NOT_PLAYED)
            for n in (m.first, m.second)
        )  # fmt: skip
        out.fore_byes = _fore_byes(table.event, kinds_module.RoundKind)
        for row in table.rows:
            for code, value in zip(table.keys(), row.values, strict=True):
                out.values[("value", code, row.team)] = value
        for codes in TEAM_RANK_LISTS:
            chosen = tiebreaks.TieBreakOptions(tiebreaks=codes, **edition)
            ranked = teams.compute_team_standings(tournament, chosen, regime=decision,
                                                  event=table.event)  # fmt: skip
            for row in ranked.rows:
                out.values[("rank", ",".join(codes), row.team)] = row.rank
        return out
    except Exception as exc:  # a crash is reported, not raised: the run goes on
        return Outcome(error=f"trfkit: {type(exc).__name__}: {exc}")


def run_gacrux_teams(path: Path, regime: str, encoding: str | None = None) -> Outcome:
    """:func:`run_trfkit_teams`'s values and ranks by gacrux, from the file at *path*.

    gacrux reads a team event from its 192 ``FIDE_TEAM_*`` code and its 310 records; the
    list of each computation is given on its command line, which wins over 202/212.
    """
    out = Outcome(regime=regime)
    try:
        gacrux = _Gacrux(path, regime, None, encoding)
        out.start_date = gacrux.start_date
        if not gacrux.tournament.get("teamTournament"):
            raise RuntimeError("gacrux does not read it as a team event")
        for code in TEAM_VALUE_CODES:
            result = gacrux.compute(["PTS", code] if code != "PTS" else ["PTS"])
            for competitor in result["competitors"]:
                value = competitor["tiebreakScore"][-1]
                out.values[("value", code, competitor["cid"])] = exact(value)
        for codes in TEAM_RANK_LISTS:
            result = gacrux.compute(codes)
            for competitor in result["competitors"]:
                out.values[("rank", ",".join(codes), competitor["cid"])] = competitor["rank"]
    except Exception as exc:  # gacrux's failures are counted, not raised
        out.error = f"gacrux: {type(exc).__name__}: {exc}"
    return out
