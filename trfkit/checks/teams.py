"""Team checks (``M`` codes, for team *matches*): what a team event declares against its boards.

They run on team events only (:attr:`Context.team_event`, the one answer of
:func:`trfkit.compute.regime.decide`) and read the values of
:mod:`trfkit.compute.history.teams` (each round's matches rebuilt from the boards, 330, 320,
240 and 299) and :mod:`trfkit.compute.team_standings` (the recomputed match and
game points and the ranking); they compute nothing of their own. Every message
names the round and the teams (number and name).

The Berger schedule of a team round robin is the schedule checks' business (B002,
B003 with ``--team-colours``, B004 …), teams taking the place of players; M008 adds
the home/away balance. UNCERTAIN readings and their defaults:

- Board order is fixed "when fixed" (TRF-2026 310): by default only boards that
  cross are judged (``CheckOptions.team_board_order``, :class:`~trfkit.checks.base.BoardOrder`).
- The 801/802 rows are read by tokens (their widths differ between programs).
- "Home" is the first-named team: the one whose top board has 352's first colour.

The team computations are imported by the checks that use them, after ``ctx.team_event``
said the event is one of teams: the check of an individual event loads none of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from trfkit import columns as C
from trfkit.checks.base import BoardOrder, Check, Context, make_check
from trfkit.checks.schedule import analysis
from trfkit.checks.scores import rank_groups, rank_mismatches
from trfkit.compute.history import RoundKind, kind_of_block
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.errors import TieBreakError
from trfkit.model import (
    AbnormalPoints,
    Byes,
    Colour,
    ForfeitedMatch,
    Player,
    TeamLineup,
    TeamPairingByes,
    TextRecord,
)
from trfkit.numbers import format_number
from trfkit.trf.written import reaches
from trfkit.untrusted import printable

if TYPE_CHECKING:
    from trfkit.compute.history.teams import TeamEvent, TeamInfo, TeamMatch
    from trfkit.compute.team_standings import TeamStandings

# --- shared values --------------------------------------------------------------------------


def _team(event: TeamEvent, number: int | None) -> str:
    """``team 3 (Vitré)``: the number and the printable name."""
    info = event.team(number) if number is not None else None
    if info is None or not info.name.strip():
        return f"team {number}"
    return f"team {number} ({printable(info.name.strip())})"


def _match(event: TeamEvent, first: int, second: int) -> str:
    return f"{_team(event, first)} – {_team(event, second)}"


def _block_column(player: Player, round_number: int) -> int | None:
    start = C.round_block_start(round_number)
    return start if reaches(player, start) else None


def _at_block(player: Player, round_number: int) -> dict[str, Any]:
    return {"line": player.line, "column": _block_column(player, round_number),
            "round": round_number, "players": (player.start_rank,)}  # fmt: skip


def _team_field(info: TeamInfo, name: str) -> dict[str, Any]:
    """Line and column of a field of the team's 310 record (013: its name)."""
    record = info.record
    if record.code != "310":
        return {"line": record.line, "column": C.TEAM16.field("name").start}
    return {"line": record.line, "column": C.TEAM26.field(name).start}


def _member_column(info: TeamInfo, rank: int) -> int | None:
    layout = C.TEAM26 if info.record.code == "310" else C.TEAM16
    assert layout.repeat is not None
    if rank not in info.record.members:
        return None
    return layout.repeat.item(info.record.members.index(rank)).start


def _match_where(ctx: Context, match: TeamMatch) -> dict[str, Any]:
    """Where a match is written: its 330 record, else the first-named team's top board."""
    if match.line is not None:
        return {"line": match.line, "column": C.FORFEITED_MATCH.field("white").start,
                "round": match.round}  # fmt: skip
    players = ctx.tournament.players_by_start_rank
    for board in match.boards:
        player = players.get(board.first or board.second or 0)
        if player is not None:
            return _at_block(player, match.round)
    return {"round": match.round}


def _score(value: Fraction | None) -> str:
    return "blank" if value is None else format_number(value)


class _Declared(NamedTuple):
    """A declared total (310, 801 or 802) that differs from the recomputed one."""

    source: str
    team: int
    what: str
    """``MP`` or ``GP``."""
    message: str
    line: int | None
    column: int | None
    explained: bool
    """The declared value is the matches' total without record 299's adjustment."""


def _declared_points(ctx: Context) -> list[_Declared]:
    """Every declared MP or GP total that differs from the recomputation (once per file).

    An 801/802 total that repeats the team's wrong 310 total is one cause, not two: it is
    named in the 310's message (M001) and not listed on its own (M003).
    """

    def compute() -> list[_Declared]:
        standings = ctx.team_standings
        if standings is None:
            return []
        event = standings.event
        items: list[tuple[str, int, str, Fraction | None, int | None, int | None]] = []
        for info in event.teams:
            if info.record.code == "310":
                for field, what in (("match_points", "MP"), ("game_points", "GP")):
                    declared = getattr(info.record, field)
                    where = _team_field(info, field)
                    items.append(("310", info.number, what, declared, where["line"],
                                  where["column"]))  # fmt: skip
        for row in event.rows:
            items.append((row.kind, row.team, "MP", row.match_points, row.line, row.mp_column))
            items.append((row.kind, row.team, "GP", row.game_points, row.line, row.gp_column))
        wrong = [
            item for item in items
            if item[3] is not None and standings.row(item[1]) is not None
            # a match in progress may change the total: M012 says so
            and item[1] not in event.pending_teams
            and item[3] != _recomputed(standings, item[1], item[2])
        ]  # fmt: skip
        in_310 = {(n, what, value) for source, n, what, value, _, _ in wrong if source == "310"}
        out = []
        for source, number, what, declared, line, column in wrong:
            assert declared is not None
            recomputed = _recomputed(standings, number, what)
            bonus = event.adjustment(number)[0 if what == "MP" else 1]
            explained = bool(bonus) and declared == recomputed - bonus
            if source != "310" and not explained and (number, what, declared) in in_310:
                continue  # the 310's wrong total repeated: one cause, named in M001's message
            place = "in the file" if source == "310" else f"in the {source} row"
            if source == "310" and not explained:
                repeated = [s for s, n, w, v, _, _ in wrong
                            if s != "310" and (n, w, v) == (number, what, declared)]  # fmt: skip
                if repeated:
                    place += f" (and its {' and '.join(repeated)} row{'s' * (len(repeated) > 1)})"
            role = "primary" if what == standings.primary else "secondary"
            if explained:
                message = (
                    f"{_team(event, number)}: {what} {format_number(declared)} {place} is the "
                    f"total of its matches; record 299 adds {format_number(bonus)} "
                    f"({format_number(recomputed)} in the standings)"
                )
            else:
                message = (
                    f"{_team(event, number)}: {what} {format_number(declared)} {place}, "
                    f"{format_number(recomputed)} recomputed from the matches of rounds "
                    f"1-{event.rounds} (the {role} score)"
                )
            out.append(_Declared(source, number, what, message, line, column, explained))
        return out

    return ctx.cached("teams.declared", compute)  # type: ignore[no-any-return]


def _recomputed(standings: TeamStandings, number: int, what: str) -> Fraction:
    row = standings.row(number)
    assert row is not None
    return row.mp if what == "MP" else row.gp


# --- M001 -----------------------------------------------------------------------------------


def _points_mismatch(ctx: Context) -> Iterator[Diagnostic]:
    """A team's match or game points (310 columns 55-60, 62-67) differ from the boards.

    The points are recomputed from the board games (:mod:`trfkit.compute.history.teams`):
    match points by record 362 (default 2/1/0), game points by record 162, with 330
    forfeited matches, 320 team PABs, 240 byes and 299 adjustments (a total without
    299's is M010's). The primary score (match points unless 192 or 212 names game
    points first) is named in the message. A blank column is not judged, nor a file
    whose boards hold no result at all (its 310 and 801/802 values are its only record).

    PASS: ``310   1 Team 1 …    3.0    6.0`` for a team with a win, a draw and a loss
    (2 + 1 + 0 match points) and 6 game points on its boards.
    FAIL: the same team with ``4.0`` match points.
    """
    for found in _declared_points(ctx):
        if found.source == "310" and not found.explained:
            yield POINTS_MISMATCH.rule.diagnostic(found.message, line=found.line,
                                                  column=found.column)  # fmt: skip


POINTS_MISMATCH = make_check("M001", "team-points-mismatch", Severity.ERROR, _points_mismatch)


# --- M002 -----------------------------------------------------------------------------------


def _rank_mismatch(ctx: Context) -> Iterator[Diagnostic]:
    """A team's rank (310 columns 69-71) differs from the recomputed team standings.

    As for players (T006): a rank is right when it falls inside the places its tie
    group shares, and teams the report leaves unranked (blank or 0) take no place.
    A rank outside the places of its primary score is always an error; inside them it
    is judged only when the ranking is unambiguous: the report declares its team
    tie-break list (212/202 with team codes), or ``--tiebreaks`` gives one for a report
    that declares none, and trfkit computes every code of it.
    Ranks are not judged while a declared total differs (M001, M003, M010) or a
    round is in progress (M012): they follow those totals; nor when the column only
    repeats the team numbers (M014).

    PASS: two teams on 3 match points, tied on every tie-break, ranked 2 and 3.
    FAIL: the team on 1 match point ranked above a team on 3.
    """
    standings = ctx.team_standings
    if standings is None:
        return
    event = standings.event
    ranked = {
        i.number: i for i in event.teams if i.record.code == "310" and i.record.rank
    }
    if not ranked or _declared_points(ctx) or event.pending_rounds:
        return  # ranks by other points than the recomputed ones: M001/M003/M010/M012 say which
    if _rank_placeholder(standings, ranked):
        return  # the column repeats the team numbers: M014, once
    primary = {r.team: (r.mp if standings.primary == "MP" else r.gp) for r in standings.rows}
    exact = _declares_list(ctx, standings) and not standings.unavailable
    # standings rows are in rank order, so equal scores (and equal ranks) are adjacent
    if exact:
        groups = rank_groups((r.team, r.rank) for r in standings.rows)
    else:
        groups = rank_groups((r.team, primary[r.team]) for r in standings.rows)
    names = ", ".join(tb.text for tb in standings.tiebreaks) if exact else standings.primary
    for found in rank_mismatches(groups, {n: i.record for n, i in ranked.items()}):
        number = found.key
        yield RANK_MISMATCH.rule.diagnostic(
            f"{_team(event, number)}: rank {found.entry.rank} in the file, {found.places} "
            f"recomputed ({standings.primary} {format_number(primary[number])}; "
            f"ordered by {names})",
            **_team_field(ranked[number], "rank"),
        )


def _declares_list(ctx: Context, standings: TeamStandings) -> bool:
    """The standings apply a list the user gave: the report's 212/202 or ``--tiebreaks``.

    Every code of it must be read as a team's; the report's own list comes first (the
    checks' precedence), ``--tiebreaks`` for a report that declares none.
    """
    from trfkit.compute.tiebreaks.team import parse_team_tiebreak

    for given in (ctx.tournament.tiebreak_codes, ctx.options.tiebreak.tiebreaks):
        if not given:
            continue
        try:
            listed = tuple(parse_team_tiebreak(text) for text in given if text.strip())
        except TieBreakError:
            return False  # a code left out: the ranking is not the one asked for
        # 202 lists no PTS, 212 does; the standings always rank by it first
        if [tb for tb in listed if tb.name != "PTS"] == [
            tb for tb in standings.tiebreaks if tb.name != "PTS"
        ]:
            return True
    return False


RANK_MISMATCH = make_check("M002", "team-rank-mismatch", Severity.ERROR, _rank_mismatch)


# --- M003 -----------------------------------------------------------------------------------


def _row_mismatch(ctx: Context) -> Iterator[Diagnostic]:
    """An 801/802 team row disagrees with the boards: totals, an opponent, a match result.

    The informative rows repeat each team's match and game points and, round by
    round, its opponent and its game points (802) or its board results (801, one
    character per board: ``1 = 0 + -``, summed with record 162's values). Each is
    compared with the match rebuilt from the boards (330 for a forfeited match); a
    round the row gives as a bye (``FFFF``, ``HPB`` …) must be that bye (240, 320 or
    the boards' ``F``/``H``/``U`` blocks; ``Z`` and an absence are alike). Totals that
    leave out record 299 are M010's. An 801 row's board-order string after a
    round's results (``1534``: the team's 1st, 5th, 3rd and 4th listed players on
    boards 1-4, ``0`` an empty board) must be the boards' (a team listing more than
    nine players is not judged). The rows are read by tokens (their widths differ
    between programs).

    PASS: ``801  1 IND 15 28.0  14 b =0=1 1234 …`` for team 1, whose four boards in
    round 1 against team 14 drew, lost, drew and won.
    FAIL: the same row with ``=0==``: the boards add up to 2, the row to 1.5; or with
    ``1534`` while its first four listed players sat on boards 1-4.
    """
    standings = ctx.team_standings
    if standings is None:
        return
    from trfkit.compute.history.teams import TEAM_WORDS, RowKind, row_bye

    for total in _declared_points(ctx):
        if total.source != "310" and not total.explained:
            yield ROW_MISMATCH.rule.diagnostic(total.message, line=total.line,
                                               column=total.column)  # fmt: skip
    event = standings.event
    for row in event.rows:
        info = event.team(row.team)
        mine = standings.row(row.team)
        if info is None or mine is None:
            continue
        who = _team(event, row.team)
        rounds = event.results.get(row.team, ())
        for entry in row.rounds:
            if entry.round > len(rounds):
                break
            found = rounds[entry.round - 1]
            where: dict[str, Any] = {"line": row.line, "column": entry.column,
                                     "round": entry.round}  # fmt: skip
            if entry.opponent != found.opponent and not (
                entry.opponent is None and found.kind is RoundKind.NOT_PLAYED
            ):
                shown = "a bye" if entry.opponent is None else _team(event, entry.opponent)
                met = (
                    _team(event, found.opponent)
                    if found.opponent is not None
                    else f"no team ({TEAM_WORDS[found.kind]})"
                )
                yield ROW_MISMATCH.rule.diagnostic(
                    f"round {entry.round}, {who}: the {row.kind} row gives {shown}, "
                    f"the boards {met}",
                    **where,
                )
                continue
            if entry.opponent is None:
                kind = row_bye(entry) or found.kind
                if found.kind is not kind and {found.kind, kind} != _ZERO_ROUNDS:
                    yield ROW_MISMATCH.rule.diagnostic(
                        f"round {entry.round}, {who}: the {row.kind} row gives a bye "
                        f"({printable(entry.text)}), the boards and records "
                        f"{TEAM_WORDS[found.kind]}",
                        **where,
                    )
                continue
            order = _board_order_of(event, row.team, entry.round)
            if entry.order and order is not None and entry.order != order:
                yield ROW_MISMATCH.rule.diagnostic(
                    f"round {entry.round}, {_match(event, row.team, entry.opponent)}: the "
                    f"{row.kind} row gives {who} the board order {printable(entry.order)}, "
                    f"its boards {order}",
                    line=row.line, column=entry.order_column, round=entry.round,
                )
            if entry.points is None:
                continue
            # the row shows the boards; a typed 299 assigns the round other points
            boards = found.usual[1] if found.usual is not None else found.gp
            if found.kind is RoundKind.NOT_PLAYED or entry.points == boards:
                continue
            text = f" ({printable(entry.text)})" if row.kind is RowKind.LONG else ""
            yield ROW_MISMATCH.rule.diagnostic(
                f"round {entry.round}, {_match(event, row.team, entry.opponent)}: the "
                f"{row.kind} row gives {who} {format_number(entry.points)} game points"
                f"{text}, its boards add up to {format_number(boards)}",
                **where,
            )


def _board_order_of(event: TeamEvent, team: int, rnd: int) -> str | None:
    """The team's board order in its match of *rnd*, as 801 writes it (``None``: not known).

    One digit a board: the player's place in the team's list (``0`` an empty board);
    ``None`` for a match without boards or a team listing more than nine players.
    """
    info = event.team(team)
    if info is None or len(info.members) > 9:
        return None
    match = event.match_of(rnd, team)
    if match is None or not match.boards:
        return None
    ranks = [b.first if team == match.first else b.second for b in match.boards]
    if any(r is not None and r not in info.members for r in ranks):
        return None  # a player of another team: M004's
    return "".join("0" if r is None else str(info.members.index(r) + 1) for r in ranks)


_ZERO_ROUNDS = {RoundKind.ZERO_BYE, RoundKind.ABSENT}
"""A zero-point bye and an absence bring the same nothing."""

ROW_MISMATCH = make_check("M003", "team-row-mismatch", Severity.ERROR, _row_mismatch)


# --- M004 -----------------------------------------------------------------------------------


def _foreign_player(ctx: Context) -> Iterator[Diagnostic]:
    """A player sits on a board of a team he does not belong to, or belongs to two teams.

    A team fields its own players only (the members of its 310, else 013 record): a
    line-up (300) naming another team's player or a player of no team, a player
    listed in two teams (the first team keeps him), and a player of no team who
    plays a team's player are reported.

    PASS: ``300   1   1   2    1    2`` for team 1 with members 1 and 2.
    FAIL: ``300   1   1   2    1    5`` where player 5 is a member of team 2.
    """
    event = ctx.team_event
    if event is None:
        return
    member = event.member_of
    for info in event.teams:
        for rank in info.members:
            owner = member.get(rank)
            if owner is not None and owner != info.number:
                yield FOREIGN_PLAYER.rule.diagnostic(
                    f"player {rank} is listed in {_team(event, owner)} and in "
                    f"{_team(event, info.number)}; the first team keeps him",
                    line=info.record.line, column=_member_column(info, rank), players=(rank,),
                )  # fmt: skip
    assert C.LINEUP.repeat is not None
    for lineup in ctx.tournament.of_type(TeamLineup):
        if not lineup.team or event.team(lineup.team) is None:
            continue
        for index, listed in enumerate(lineup.boards):
            owner = member.get(listed or 0)
            if not listed or owner == lineup.team:
                continue
            whose = f"a player of {_team(event, owner)}" if owner else "a player of no team"
            yield FOREIGN_PLAYER.rule.diagnostic(
                f"round {lineup.round}, {_team(event, lineup.team)}: the line-up puts "
                f"player {listed}, {whose}, on board {index + 1}",
                line=lineup.line, column=C.LINEUP.repeat.item(index).start,
                round=lineup.round, players=(listed,),
            )  # fmt: skip
    for player in ctx.tournament.players:
        if player.start_rank in member:
            continue
        for block in player.rounds:
            other = member.get(block.opponent or 0)
            if other is not None:
                yield FOREIGN_PLAYER.rule.diagnostic(
                    f"round {block.round}: player {player.start_rank}, of no team, plays "
                    f"player {block.opponent} of {_team(event, other)}",
                    **_at_block(player, block.round),
                )


FOREIGN_PLAYER = make_check("M004", "team-foreign-player", Severity.ERROR, _foreign_player)


# --- M005 -----------------------------------------------------------------------------------


def _teammates(ctx: Context) -> Iterator[Diagnostic]:
    """Two players of one team meet, or a line-up puts one player on two boards.

    In a team match every board pairs a player of one team with a player of the
    other: a game between teammates, or a line-up (300) naming a player twice, is
    no board of a team match.

    PASS: player 1 of team 1 plays player 5 of team 2.
    FAIL: player 1 of team 1 plays player 2 of team 1.
    """
    event = ctx.team_event
    if event is None:
        return
    member = event.member_of
    for player in ctx.tournament.players:
        team = member.get(player.start_rank)
        if team is None:
            continue
        for block in player.rounds:
            other = block.opponent or 0
            # once per pair: from the lower start rank (or the only side that lists it)
            if member.get(other) != team or other == player.start_rank:
                continue
            back = ctx.tournament.players_by_start_rank.get(other)
            listed = back is not None and (back.round(block.round) or block).opponent == (
                player.start_rank
            )
            if listed and other < player.start_rank:
                continue
            yield TEAMMATES.rule.diagnostic(
                f"round {block.round}: players {player.start_rank} and {other}, both of "
                f"{_team(event, team)}, meet",
                **{**_at_block(player, block.round), "players": (player.start_rank, other)},
            )
    assert C.LINEUP.repeat is not None
    for lineup in ctx.tournament.of_type(TeamLineup):
        seen: set[int] = set()
        for index, rank in enumerate(lineup.boards):
            if rank and rank in seen:
                yield TEAMMATES.rule.diagnostic(
                    f"round {lineup.round}, {_team(event, lineup.team)}: the line-up puts "
                    f"player {rank} on two boards",
                    line=lineup.line, column=C.LINEUP.repeat.item(index).start,
                    round=lineup.round, players=(rank,),
                )  # fmt: skip
            if rank:
                seen.add(rank)


TEAMMATES = make_check("M005", "team-mates-meet", Severity.ERROR, _teammates)


# --- M006 -----------------------------------------------------------------------------------


def _lineups(ctx: Context) -> dict[tuple[int, int], TeamLineup]:
    found: dict[tuple[int, int], TeamLineup] = {}
    for lineup in ctx.tournament.of_type(TeamLineup):
        if lineup.round and lineup.team:
            found.setdefault((lineup.round, lineup.team), lineup)
    return found


def _board_order(ctx: Context) -> Iterator[Diagnostic]:
    """The boards of a match pair the teams' players out of their board order.

    A team fields its players in board order: its line-up for the match (300), else
    the order of its team record (310, else 013). A file without any line-up (300)
    is judged only with ``--team-board-order fixed``: its team lists may be rosters.
    Board by board, each team's player must stand lower in that order than on the
    board above, for both teams at once: a match whose boards cross (team A's first
    player against team B's second, A's second against B's first) has a
    lower-listed player above a higher one.
    With ``--team-board-order fixed`` a line-up must also keep the team record's
    order (players may be left out, not swapped): TRF-2026 fixes the order "when
    fixed", which the file does not say (UNCERTAIN; ``off`` checks nothing).

    PASS: boards 1-2 are 1–5 and 2–6 (teams 1: 1, 2, …; 2: 5, 6, …).
    FAIL: boards 1-2 are 1–6 and 2–5.
    """
    event = ctx.team_event
    mode = ctx.options.team_board_order
    if event is None or mode is BoardOrder.OFF:
        return
    lineups = _lineups(ctx)
    if not lineups and mode is not BoardOrder.FIXED:
        return  # without 300 records the team lists may be rosters, not board order
    position = {
        (info.number, rank): index
        for info in event.teams
        for index, rank in enumerate(info.members)
    }

    def key(team: int, rnd: int, rank: int | None) -> int | None:
        if rank is None:
            return None
        lineup = lineups.get((rnd, team))
        if lineup is not None and rank in lineup.boards:
            return lineup.boards.index(rank)
        return position.get((team, rank))

    players = ctx.tournament.players_by_start_rank
    for match in event.matches:
        if match.forfeit:
            continue
        for side, team in (("first", match.first), ("second", match.second)):
            previous: tuple[int, int] | None = None
            for board in match.boards:
                rank = board.first if side == "first" else board.second
                value = key(team, match.round, rank)
                if value is None or rank is None:
                    continue
                if previous is not None and value < previous[0]:
                    where = lineups.get((match.round, team))
                    at: dict[str, Any] = (
                        {"line": where.line, "round": match.round, "players": (rank,)}
                        if where is not None
                        else _at_block(players[rank], match.round)
                    )
                    yield BOARD_ORDER.rule.diagnostic(
                        f"round {match.round}, {_match(event, match.first, match.second)}: "
                        f"{_team(event, team)} has player {rank} on board {board.board}, "
                        f"below player {previous[1]}, whom it lists after him",
                        **at,
                    )
                    break
                previous = (value, rank)
    if mode is not BoardOrder.FIXED:
        return
    assert C.LINEUP.repeat is not None
    for (rnd, team), lineup in sorted(lineups.items()):
        shown = [(i, r, position.get((team, r))) for i, r in enumerate(lineup.boards) if r]
        for (_, upper, a), (index, lower, b) in itertools.pairwise(shown):
            if a is not None and b is not None and b < a:
                yield BOARD_ORDER.rule.diagnostic(
                    f"round {rnd}, {_team(event, team)}: the line-up puts player {lower} on "
                    f"board {index + 1}, below player {upper}, whom the team record lists "
                    f"after him (the board order is fixed)",
                    line=lineup.line, column=C.LINEUP.repeat.item(index).start,
                    round=rnd, players=(lower, upper),
                )  # fmt: skip
                break


BOARD_ORDER = make_check("M006", "team-board-order", Severity.WARNING, _board_order)


# --- M007 -----------------------------------------------------------------------------------


def _pairing(ctx: Context) -> Iterator[Diagnostic]:
    """A team is paired with itself, or plays two matches in one round.

    A team plays at most one match a round, never against itself: a 330 or 300
    record naming the same team twice, and a team whose players meet the players of
    two other teams in one round (or are given a 330 match against a team other
    than the one their boards meet), are reported.

    PASS: round 1, team 1's players all meet team 2's.
    FAIL: round 1, team 1's board 1 meets team 2 and its board 2 meets team 3.
    """
    event = ctx.team_event
    if event is None:
        return
    players = ctx.tournament.players_by_start_rank
    member = event.member_of
    for record in ctx.tournament.of_type(ForfeitedMatch):
        if record.white and record.white == record.black:
            yield PAIRING.rule.diagnostic(
                f"round {record.round}: the forfeited match (330) pairs "
                f"{_team(event, record.white)} with itself",
                line=record.line, column=C.FORFEITED_MATCH.field("black").start,
                round=record.round,
            )  # fmt: skip
    for lineup in ctx.tournament.of_type(TeamLineup):
        if lineup.team and lineup.team == lineup.opponent:
            yield PAIRING.rule.diagnostic(
                f"round {lineup.round}: the line-up (300) pairs {_team(event, lineup.team)} "
                "with itself",
                line=lineup.line, column=C.LINEUP.field("opponent").start, round=lineup.round,
            )  # fmt: skip
    votes = event.opponents
    for (rnd, team), met in sorted(votes.items()):
        if len(met) < 2:
            continue
        (main, boards), *rest = met
        others = [n for n, _ in rest]
        first = None
        for p in players.values():
            block = p.round(rnd) if member.get(p.start_rank) == team else None
            if block is not None and member.get(block.opponent or 0) in others:
                first = p
                break
        at = _at_block(first, rnd) if first is not None else {"round": rnd}
        listed = ", ".join(_team(event, n) for n in others)
        yield PAIRING.rule.diagnostic(
            f"round {rnd}: {_team(event, team)} meets {_team(event, main)} on "
            f"{boards} board(s) and also {listed}: two matches in one round",
            **at,
        )
    for match in event.matches:
        if not match.forfeit:
            continue
        for team, opponent in ((match.first, match.second), (match.second, match.first)):
            others = sorted(n for n, _ in votes.get((match.round, team), ()) if n != opponent)
            if others:
                yield PAIRING.rule.diagnostic(
                    f"round {match.round}: the forfeited match (330) pairs "
                    f"{_match(event, match.first, match.second)}, but the boards of "
                    f"{_team(event, team)} meet {_team(event, others[0])}",
                    **_match_where(ctx, match),
                )


PAIRING = make_check("M007", "team-pairing", Severity.ERROR, _pairing)


# --- M008 -----------------------------------------------------------------------------------


def _home_away(ctx: Context) -> Iterator[Diagnostic]:
    """The home and away matches of a team round robin are not balanced.

    "Home" is the first-named team of a match: the one whose top board has record
    352's first colour (White without 352). The Berger tables apply to teams (C.05
    Annex 1, "players (or teams)"): in a complete single round robin of an even
    number of teams no team has more than one home match more than away matches, or
    the other way round; in a double round robin home and away are reversed between
    the cycles, so each pair's home team of cycle 1 is the away team of cycle 2.
    Judged only when the schedule is a Berger table (else B006 says it is not), and,
    team colours being UNCERTAIN (a league's "home" need not be board 1's White),
    only when 192 names a team round robin (``FIDE_TEAM_ROUNDROBIN`` …, not
    ``CUSTOM_…``) or with ``--team-colours``.

    PASS: 4 teams, 3 rounds, every team 2 home and 1 away or 1 home and 2 away.
    FAIL: a team with 3 home matches and no away match.
    """
    event = ctx.team_event
    a = analysis(ctx) if event is not None and ctx.regime.round_robin else None
    code = ctx.regime.code
    declared = code is not None and code.round_robin and code.team and not code.custom
    if event is None or a is None or not a.berger:
        return  # a schedule off the table is B006's; its balance is its own
    if not (declared or ctx.options.berger_team_colours):
        return  # team colours are UNCERTAIN: judged for a 192 team round robin or on request
    m = a.fit.rounds_per_cycle
    teams = len(event.teams)
    from trfkit.compute.history.teams import home_away

    if a.rr.cycles == 1 and teams % 2 == 0 and event.rounds >= m:
        for number, (home, away) in sorted(home_away(event, range(1, m + 1)).items()):
            if abs(home - away) <= 1:
                continue
            info = event.team(number)
            more = "home" if home > away else "away"
            listed = ", ".join(
                f"round {x.round} v {_team(event, x.second if more == 'home' else x.first)}"
                for x in event.matches
                if x.round <= m and number == (x.first if more == "home" else x.second)
            )
            yield HOME_AWAY.rule.diagnostic(
                f"{_team(event, number)}: {home} home and {away} away matches in rounds "
                f"1-{m} ({more}: {listed}); a single round robin of {teams} teams gives no "
                f"team more than one {more} match more",
                **(_team_field(info, "name") if info is not None else {}),
            )
        return
    if a.rr.cycles < 2:
        return
    home_of: dict[tuple[int, int, int], TeamMatch] = {}
    for match in event.matches:
        cycle = (match.round - 1) // m + 1
        pair = (min(match.first, match.second), max(match.first, match.second))
        earlier = home_of.get((cycle - 1, *pair))
        home_of.setdefault((cycle, *pair), match)
        if earlier is None or earlier.first != match.first:
            continue
        yield HOME_AWAY.rule.diagnostic(
            f"round {match.round} (cycle {cycle}), {_match(event, match.first, match.second)}: "
            f"{_team(event, match.first)} is the home team again (as in round {earlier.round}); "
            "home and away are reversed between the cycles",
            **_match_where(ctx, match),
        )


HOME_AWAY = make_check("M008", "team-home-away", Severity.WARNING, _home_away)


# --- M009 -----------------------------------------------------------------------------------


def _played_boards(ctx: Context, event: TeamEvent, rnd: int, team: int) -> list[Player]:
    """The team's players with a game played over the board in round *rnd*."""
    member = event.member_of
    out = []
    for rank, owner in member.items():
        player = ctx.tournament.players_by_start_rank.get(rank) if owner == team else None
        block = player.round(rnd) if player is not None else None
        if (
            player is not None
            and block is not None
            and block.is_game
            and kind_of_block(block, team_event=True) is RoundKind.GAME
        ):
            out.append(player)
    return out


def _bye_conflict(ctx: Context) -> Iterator[Diagnostic]:
    """A 330 forfeit, 320 PAB or 240 bye contradicts the boards of its round.

    A forfeited match (330) was not played: its teams' boards show no game played
    over the board that round. A team given the pairing-allocated bye (320) or a
    bye (240, ids read as team numbers) had no match: its players meet no other
    team's players that round, and no 330 match names it.

    PASS: ``330 +-   1   1   2`` and every board of teams 1 and 2 in round 1 is
    ``0000 - +`` / ``0000 - -`` or blank.
    FAIL: the same 330 while player 1 of team 1 beat player 5 of team 2 over the board.
    """
    event = ctx.team_event
    if event is None:
        return
    numbers = {t.number for t in event.teams}
    votes = event.opponents
    forfeited = {
        (r.round, side): r
        for r in ctx.tournament.of_type(ForfeitedMatch)
        for side in (r.white, r.black)
        if r.round and side in numbers
    }
    for record in ctx.tournament.of_type(ForfeitedMatch):
        if not record.round or record.white not in numbers or record.black not in numbers:
            continue
        for team in (record.white, record.black):
            played = _played_boards(ctx, event, record.round, team or 0)
            if played:
                yield BYE_CONFLICT.rule.diagnostic(
                    f"round {record.round}: record 330 forfeits "
                    f"{_match(event, record.white or 0, record.black or 0)} ({record.kind}), "
                    f"but {_team(event, team)} played {len(played)} game(s) over the board "
                    f"(player {played[0].start_rank} first)",
                    line=record.line, column=C.FORFEITED_MATCH.field("kind").start,
                    round=record.round, players=tuple(p.start_rank for p in played),
                )  # fmt: skip
                break
    assert C.TEAM_PAB.repeat is not None
    for pab in ctx.tournament.of_type(TeamPairingByes):
        for index, given in enumerate(pab.teams):
            rnd = index + 1
            if not given or given not in numbers:
                continue
            why = _had_match(event, votes, forfeited, rnd, given)
            if why:
                yield BYE_CONFLICT.rule.diagnostic(
                    f"round {rnd}: record 320 gives {_team(event, given)} the pairing-allocated "
                    f"bye, but {why}",
                    line=pab.line, column=C.TEAM_PAB.repeat.item(index).start, round=rnd,
                )  # fmt: skip
    assert C.BYES.repeat is not None
    for bye in ctx.tournament.of_type(Byes):
        if not bye.round:
            continue
        for index, named in enumerate(bye.ids):
            if not named or named not in numbers:
                continue
            why = _had_match(event, votes, forfeited, bye.round, named)
            if why:
                yield BYE_CONFLICT.rule.diagnostic(
                    f"round {bye.round}: record 240 gives {_team(event, named)} a bye "
                    f"({printable(bye.kind.strip())}), but {why}",
                    line=bye.line, column=C.BYES.repeat.item(index).start, round=bye.round,
                )  # fmt: skip


def _had_match(
    event: TeamEvent,
    votes: Mapping[tuple[int, int], tuple[tuple[int, int], ...]],
    forfeited: Mapping[tuple[int, int], ForfeitedMatch],
    rnd: int,
    team: int,
) -> str:
    """Why *team* had a match in round *rnd* (``""`` when it had none)."""
    met = votes.get((rnd, team))
    if met:
        other, boards = met[0]
        return f"its players meet {_team(event, other)} on {boards} board(s)"
    record = forfeited.get((rnd, team))
    if record is not None:
        paired = record.black if record.white == team else record.white
        return f"record 330 (line {record.line}) pairs it with {_team(event, paired)}"
    return ""


BYE_CONFLICT = make_check("M009", "team-bye-conflict", Severity.ERROR, _bye_conflict)


# --- M010 -----------------------------------------------------------------------------------


def _points_abnormal(ctx: Context) -> Iterator[Diagnostic]:
    """A declared team total leaves out record 299's abnormal points.

    Record 299 changes match and game points outside the boards: without a type it is
    a penalty or bonus added to the totals; with one (``W D L F H Z + -``, the "type of
    abnormal assignment") it gives the rounds of that kind its points in place of the
    usual ones (no ids: every team; no round: every round of that kind). A 310 total or
    an 801/802 row that equals the team's matches without it is not an M001/M003 error:
    the report kept 299 apart. Information only, once per 299 record, naming the teams
    and the records whose totals leave it out.

    PASS: no 299, or totals that include it.
    INFO: ``299    2.0  0.0   1    1`` and team 1's 310 match points without the 2.0;
    ``299 W  3.0  2.0   1    1`` and team 1's 310 totals with round 1's usual points.
    """
    found = [d for d in _declared_points(ctx) if d.explained]
    event = ctx.team_event
    if not found or event is None:
        return
    for index, record in enumerate(event.adjustments):
        ids = {i for i in record.ids if i}
        kind = record.kind.strip()
        adds = {"MP": record.match_points or Fraction(0), "GP": record.points or Fraction(0)}
        if kind:
            # a typed 299 assigns its points to rounds: the teams whose totals it changed
            touched = event.assigned_by[index] if index < len(event.assigned_by) else frozenset()
            mine = [d for d in found if d.team in touched]
        else:
            mine = [d for d in found if (not ids or d.team in ids) and adds[d.what]]
        if not mine:
            continue
        teams = sorted({d.team for d in mine})
        sources = sorted({d.source for d in mine})
        if kind:  # an assignment: every value it sets, 0 included
            values = {"MP": record.match_points, "GP": record.points}
            amount = " and ".join(
                f"{format_number(v)} {w}" for w, v in values.items() if v is not None
            )
        else:
            amount = " and ".join(f"{format_number(v)} {w}" for w, v in adds.items() if v)
        whom = "every team" if not ids else ", ".join(_team(event, n) for n in sorted(ids))
        listed = ", ".join(_team(event, n) for n in teams[:10]) + (", …" * (len(teams) > 10))
        if kind:
            when = f"round {record.round}" if record.round else "every round"
            what = (f"record 299 assigns {amount} to the {printable(kind)} "
                    f"results of {whom} ({when}) in place of the usual points")  # fmt: skip
        else:
            what = f"record 299 adds {amount} to {whom}"
        yield POINTS_ABNORMAL.rule.diagnostic(
            f"{what}; the totals of {len(teams)} team(s) in records {', '.join(sources)} "
            f"leave it out ({listed}); the standings count it",
            line=record.line, column=C.ABNORMAL.field("match_points").start,
        )  # fmt: skip


POINTS_ABNORMAL = make_check(
    "M010", "team-points-abnormal-record", Severity.INFO, _points_abnormal
)


# --- M011 -----------------------------------------------------------------------------------


def _unknown_reference(ctx: Context) -> Iterator[Diagnostic]:
    """A team record names a team the event does not have, or a round beyond the event.

    Records 330 (forfeited match), 300 (line-up), 320 (team PABs, one team per round),
    299 (abnormal points) and 240 (byes; ids read as team numbers) refer to the teams
    by their number (310, else the 013 record's position) and to a round of the event
    (142, else the player blocks). A number no team has, or a later round, makes the record apply to
    nothing: every other team check passes it by, and the team values leave it out.

    PASS: ``330 +-   1   1   2`` in a 3-round event of teams 1-4.
    FAIL: ``330 +-   1   5   6`` (no team 5 or 6), ``330 --  99   1   2`` (round 99).
    """
    event = ctx.team_event
    if event is None:
        return
    numbers = {t.number for t in event.teams}
    rounds = ctx.tournament.round_count
    declared = ctx.tournament.declared_rounds
    known = (
        f"{len(numbers)} teams, numbered {min(numbers)}-{max(numbers)}" if numbers else "no team"
    )
    why = f"142 declares {declared}" if declared else f"the blocks have {rounds}"

    def team(record: str, number: int, line: int | None, column: int | None,
             rnd: int | None) -> Diagnostic:  # fmt: skip
        return UNKNOWN_REFERENCE.rule.diagnostic(
            f"record {record} names team {number}, which the event does not have ({known})",
            line=line, column=column, round=rnd,
        )  # fmt: skip

    def beyond(record: str, rnd: int, line: int | None, column: int | None) -> Diagnostic:
        return UNKNOWN_REFERENCE.rule.diagnostic(
            f"record {record} is for round {rnd}, beyond the event's {rounds} rounds ({why})",
            line=line, column=column, round=rnd,
        )  # fmt: skip

    for forfeit in ctx.tournament.of_type(ForfeitedMatch):
        if forfeit.round and forfeit.round > rounds:
            yield beyond("330", forfeit.round, forfeit.line,
                         C.FORFEITED_MATCH.field("round").start)  # fmt: skip
        for name in ("white", "black"):
            number = getattr(forfeit, name)
            if number and number not in numbers:
                yield team("330", number, forfeit.line, C.FORFEITED_MATCH.field(name).start,
                           forfeit.round)  # fmt: skip
    for lineup in ctx.tournament.of_type(TeamLineup):
        if lineup.round and lineup.round > rounds:
            yield beyond("300", lineup.round, lineup.line, C.LINEUP.field("round").start)
        for name in ("team", "opponent"):
            number = getattr(lineup, name)
            if number and number not in numbers:
                yield team("300", number, lineup.line, C.LINEUP.field(name).start,
                           lineup.round)  # fmt: skip
    assert C.TEAM_PAB.repeat is not None
    for pab in ctx.tournament.of_type(TeamPairingByes):
        for index, number in enumerate(pab.teams):
            column = C.TEAM_PAB.repeat.item(index).start
            if number and index + 1 > rounds:
                yield beyond("320", index + 1, pab.line, column)
            elif number and number not in numbers:
                yield team("320", number, pab.line, column, index + 1)
    # 299 and 240 name a round and teams alike
    listed: tuple[tuple[str, str, type[AbnormalPoints] | type[Byes], C.Layout], ...] = (
        ("299", "299", AbnormalPoints, C.ABNORMAL),
        ("240", "240 (ids read as team numbers)", Byes, C.BYES),
    )
    for code, named, kind, layout in listed:
        assert layout.repeat is not None
        for record in ctx.tournament.of_type(kind):
            if record.round and record.round > rounds:
                yield beyond(code, record.round, record.line, layout.field("round").start)
            for index, number in enumerate(record.ids):
                if number and number not in numbers:
                    yield team(named, number, record.line, layout.repeat.item(index).start,
                               record.round)  # fmt: skip


UNKNOWN_REFERENCE = make_check(
    "M011", "team-record-unknown", Severity.ERROR, _unknown_reference
)


# --- M012 -----------------------------------------------------------------------------------


def _round_in_progress(ctx: Context) -> Iterator[Diagnostic]:
    """A round is in progress: the totals of the teams still playing it are not judged.

    A report written during a round pairs its matches before their results (no board
    of the match has one). Programs then count the score so far (Sharly counts 0-0 as a
    draw, an empty board as lost), trfkit counts nothing: the 310 and 801/802 totals of
    the teams of those matches, and every rank (M002), are not judged, once per file,
    naming the round(s). Information only.

    PASS: every paired match has a result on some board.
    INFO: round 3 paired (``5 b``) and no result yet, the 310 totals counting it.
    """
    standings = ctx.team_standings
    event = standings.event if standings is not None else None
    if event is None or not event.pending_rounds:
        return
    rounds = event.pending_rounds
    pending = [m for m in event.matches if m.pending]
    teams = ", ".join(_team(event, n) for n in sorted(event.pending_teams))
    named = ", ".join(str(r) for r in rounds)
    word, verb = ("round", "is") if len(rounds) == 1 else ("rounds", "are")
    matches = "; ".join(
        ("" if len(rounds) == 1 else f"round {m.round} ") + _match(event, m.first, m.second)
        for m in pending
    )
    yield ROUND_IN_PROGRESS.rule.diagnostic(
        f"{word} {named} {verb} in progress ({matches} without a result): the totals of "
        f"{teams} and the ranks are not judged while {word} {named} {verb} in progress",
        **_match_where(ctx, pending[0]),
    )


ROUND_IN_PROGRESS = make_check(
    "M012", "team-round-in-progress", Severity.INFO, _round_in_progress
)


# --- M013 -----------------------------------------------------------------------------------


def _board_colours(ctx: Context) -> Iterator[Diagnostic]:
    """The colours of a match's boards do not follow record 352.

    Record 352 (``WBWB``) gives the colour of each board to the first-named team of
    a match; the other team has the reverse. The first-named team is the one whose
    top game holds 352's colour of its board, so a match is judged by its other
    boards: each game (a forfeit written with its colours too) must have 352's colour
    for that team; a board without an opponent or a colour is passed by. One finding
    per match, at the colour of its first wrong board, naming every board that breaks
    it; and one at 352 when matches field more boards than it gives colours for.
    Without 352 nothing is judged.

    PASS: ``352 WB``, boards 1 and 2 with team 1 White, then Black.
    FAIL: ``352 WB``, team 1 White on both boards; ``352 W`` for matches of two boards.
    """
    event = ctx.team_event
    if event is None:
        return
    from trfkit.compute.history.teams import board_colour, board_colours

    pattern = board_colours(ctx.tournament)
    if not pattern:
        return
    fielded = max((len(m.boards) for m in event.matches), default=0)
    if fielded > len(pattern):
        line = next((h.line for h in ctx.tournament.of_type(TextRecord) if h.code == "352"), None)
        yield BOARD_COLOURS.rule.diagnostic(
            f"record 352 gives the colours of {len(pattern)} board(s) ({pattern}); matches "
            f"field up to {fielded} boards, whose colours it leaves open",
            line=line, column=5,
        )
    players = ctx.tournament.players_by_start_rank
    for match in event.matches:
        if match.forfeit or match.pending:
            continue
        wrong = []
        for board in match.boards:
            if board.first is None or board.second is None or board.colour is Colour.NONE:
                continue
            want = board_colour(pattern, board.board)
            if want is not None and board.colour is not want:
                wrong.append(board)
        if not wrong:
            continue
        first = wrong[0]
        assert first.first is not None
        player = players[first.first]
        column = _block_column(player, match.round)
        listed = ", ".join(
            f"board {b.board} ({'White' if b.colour is Colour.WHITE else 'Black'})" for b in wrong
        )
        yield BOARD_COLOURS.rule.diagnostic(
            f"round {match.round}, {_match(event, match.first, match.second)}: record 352 "
            f"gives the first-named {_team(event, match.first)} {pattern} on its boards; "
            f"it has {listed}",
            line=player.line, column=None if column is None else column + 5,
            round=match.round, players=tuple(b.first for b in wrong if b.first is not None),
        )  # fmt: skip


BOARD_COLOURS = make_check("M013", "team-board-colours", Severity.WARNING, _board_colours)


# --- M014 -----------------------------------------------------------------------------------


def _rank_placeholder(standings: TeamStandings, ranked: Mapping[int, TeamInfo]) -> bool:
    """Whether the 310 ranks are the team numbers (three teams at least) but not the order."""
    if len(ranked) <= 2 or any(i.record.rank != n for n, i in ranked.items()):
        return False
    order = [r.team for r in standings.rows if r.team in ranked]
    return order != sorted(order)


def _team_rank_placeholder(ctx: Context) -> Iterator[Diagnostic]:
    """The 310 rank column repeats the team numbers, and they are not the final order.

    As for players (T012): an exporter that does not compute the team standings writes
    the team number as its rank. The ranks are then not judged team by team (M002).

    PASS: 310 ranks with the final order. WARNING: ranks 1, 2, 3, 4 equal to the team
    numbers while team 2 finished first.
    """
    standings = ctx.team_standings
    if standings is None:
        return
    ranked = {
        i.number: i for i in standings.event.teams if i.record.code == "310" and i.record.rank
    }
    if ranked and _rank_placeholder(standings, ranked):
        first = min(ranked.values(), key=lambda i: i.number)
        yield TEAM_RANK_PLACEHOLDER.rule.diagnostic(
            "the 310 rank column repeats the team numbers, which are not the final order "
            f"(team {standings.rows[0].team} is first); the team ranks were not checked one "
            "by one",
            **_team_field(first, "rank"),
        )


TEAM_RANK_PLACEHOLDER = make_check(
    "M014", "team-rank-column-team-numbers", Severity.WARNING, _team_rank_placeholder
)


CHECKS: tuple[Check, ...] = (
    POINTS_MISMATCH,
    RANK_MISMATCH,
    ROW_MISMATCH,
    FOREIGN_PLAYER,
    TEAMMATES,
    BOARD_ORDER,
    PAIRING,
    HOME_AWAY,
    BYE_CONFLICT,
    POINTS_ABNORMAL,
    UNKNOWN_REFERENCE,
    ROUND_IN_PROGRESS,
    BOARD_COLOURS,
    TEAM_RANK_PLACEHOLDER,
)
"""The team checks, in code order."""
