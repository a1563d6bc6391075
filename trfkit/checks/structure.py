"""Structure checks: does the report agree with itself?

These hold for every tournament type, Swiss or round robin: start ranks are
unique, opponents exist, and both players of a game tell the same story.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from trfkit import columns as C
from trfkit.checks.base import Context, make_check
from trfkit.checks.scores import withdrawal_games, withdrawals
from trfkit.compute.history import (
    FULL_BYE,
    HALF_BYE,
    PAIRING_BYE,
    RoundKind,
    Spelling,
    complementary,
    kind_of_block,
    spelling_of,
    written,
)
from trfkit.compute.history.claims import Blocks, walk_blocks
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import Colour, Player, RoundResult


def _cell(player: Player, block: RoundResult) -> dict[str, object]:
    """Where a round block stands: line, column, round, player."""
    return {
        "line": player.line,
        "column": C.round_block_start(block.round),
        "round": block.round,
        "players": (player.start_rank,),
    }


_OTHER_COLOUR = {id(Colour.WHITE): Colour.BLACK, id(Colour.BLACK): Colour.WHITE}
"""By ``id`` of the colour: enum members hash in Python, ``id`` is a C call."""


def blocks(ctx: Context) -> Blocks:
    """The file's :class:`Blocks`, from one walk over its round blocks (once per file)."""
    found: Blocks = ctx.cached("structure.blocks", lambda: walk_blocks(ctx.tournament))
    return found


def _duplicate_start_rank(ctx: Context) -> Iterator[Diagnostic]:
    """Two player records share a start rank.

    TRF16 record 001, columns 5-8: the start rank identifies a player; every
    round block refers to opponents by it, so it must be unique.

    PASS::

        001    1 m    Alpha …
        001    2 m    Beta …

    FAIL::

        001    1 m    Alpha …
        001    1 m    Beta …
    """
    if len(ctx.tournament.players_by_start_rank) == len(ctx.tournament.players):
        return  # every rank once (the usual case)
    seen: dict[int, Player] = {}
    for p in ctx.tournament.players:
        first = seen.setdefault(p.start_rank, p)
        if first is not p:
            yield DUPLICATE_START_RANK.rule.diagnostic(
                f"start rank {p.start_rank} is used again (first on line {first.line})",
                line=p.line,
                column=C.PLAYER.field("start_rank").start,
                players=(p.start_rank,),
            )


DUPLICATE_START_RANK = make_check(
    "S001", "duplicate-start-rank", Severity.ERROR, _duplicate_start_rank
)


def _unknown_opponent(ctx: Context) -> Iterator[Diagnostic]:
    """A round block names an opponent that has no player record, or the player itself.

    TRF16 round block, columns 92-95 for round 1: the opponent's start rank.

    PASS: ``001    1 … 2 w 1`` with a record for player 2.
    FAIL: ``001    1 … 7 w 1`` in a file without player 7, or player 1 meeting 1.
    """
    known = ctx.tournament.players_by_start_rank
    for p, b in blocks(ctx).notable:  # an agreeing game's opponent is known and another player
        if b.opponent is None:
            continue
        if b.opponent == p.start_rank:
            yield UNKNOWN_OPPONENT.rule.diagnostic(
                f"round {b.round}: player {p.start_rank} is paired with itself",
                **_cell(p, b),  # type: ignore[arg-type]
            )
        elif b.opponent not in known:
            yield UNKNOWN_OPPONENT.rule.diagnostic(
                f"round {b.round}: opponent {b.opponent} of player {p.start_rank} "
                "has no player record",
                **_cell(p, b),  # type: ignore[arg-type]
            )


UNKNOWN_OPPONENT = make_check("S002", "unknown-opponent", Severity.ERROR, _unknown_opponent)


def _asymmetric_pairing(ctx: Context) -> Iterator[Diagnostic]:
    """The two players of a game disagree about it.

    If A lists B in round r, B must list A in round r, with the other colour and
    the complementary result (``1``/``0``, ``=``/``=``, ``+``/``-``, ``W``/``L``,
    ``D``/``D``). Reported once per pair, at the lower start rank's block.

    PASS::

        001    1 …   2 w 1
        001    2 …   1 b 0

    FAIL (both claim White, and both claim the win)::

        001    1 …   2 w 1
        001    2 …   1 w 1
    """
    players = ctx.tournament.players_by_start_rank
    for p, b in blocks(ctx).notable:  # agreeing games have nothing to report
        rank = p.start_rank
        opponent = b.opponent
        if opponent is None or opponent == rank:
            continue
        other = players.get(opponent)
        if other is None:
            continue
        number = b.round
        ob = other.rounds[number - 1] if 0 < number <= len(other.rounds) else None
        if ob is not None and ob.opponent == rank:
            if rank > opponent:
                continue  # the pair is looked at from the lower start rank
            if ob.colour is _OTHER_COLOUR.get(id(b.colour)) and complementary(b, ob):
                continue  # the usual case: opposite colours, complementary results
        if ob is None or ob.opponent != p.start_rank:
            if (ob is None or ob.opponent is None) and _withdrawn_by(ctx, opponent, number):
                continue  # the withdrawn player's side written as an absence: B012's warning
            found = (
                "no game" if ob is None or ob.opponent is None else f"opponent {ob.opponent}"
            )
            yield ASYMMETRIC_PAIRING.rule.diagnostic(
                f"round {b.round}: player {p.start_rank} lists opponent {opponent}, "
                f"but player {opponent} lists {found}",
                **_cell(p, b),  # type: ignore[arg-type]
            )
            continue
        if p.start_rank > opponent:
            continue
        problems = []
        colours = (b.colour, ob.colour)
        if colours != (Colour.NONE, Colour.NONE) and (
            b.colour is ob.colour or Colour.NONE in colours
        ):
            problems.append(f"colours {b.colour.value} and {ob.colour.value}")
        res, ores = written(b), written(ob)
        if res and ores and not complementary(b, ob):
            problems.append(f"results {res} and {ores}")
        elif bool(res) != bool(ores):
            problems.append(f"results {res or 'blank'} and {ores or 'blank'}")
        if problems:
            yield ASYMMETRIC_PAIRING.rule.diagnostic(
                f"round {b.round}: players {p.start_rank} and {opponent} disagree: "
                + ", ".join(problems),
                line=p.line,
                column=C.round_block_start(b.round),
                round=b.round,
                players=(p.start_rank, opponent),
            )


def _withdrawn_by(ctx: Context, start_rank: int, round_number: int) -> bool:
    """Whether *start_rank* had withdrawn from the round robin by *round_number*."""
    if not ctx.regime.round_robin:
        return False
    return any(
        w.start_rank == start_rank and w.from_round <= round_number for w in withdrawals(ctx)
    )


ASYMMETRIC_PAIRING = make_check("S003", "asymmetric-pairing", Severity.ERROR, _asymmetric_pairing)


def _inconsistent_block(ctx: Context) -> Iterator[Diagnostic]:
    """A round block mixes a bye with an opponent, or a game without a colour.

    Byes (``H F U Z``) have opponent ``0000`` and colour ``-``; a played game
    (``1 = 0 W D L``) has an opponent and ``w`` or ``b``; a forfeit keeps the
    scheduled opponent and colour (TRF16 round-block rules).

    PASS: ``0000 - H``, ``  12 w 1``, ``  12 b -``.
    FAIL: ``  12 - 1`` (a game without colour), ``  12 w H`` (a bye with an opponent),
    ``0000 w 1`` (a win without an opponent).
    """
    for p, b in blocks(ctx).notable:  # neither blank blocks nor agreeing games are reported
        spelling = spelling_of(b)
        message = None
        if spelling is Spelling.BYE_WITH_OPPONENT:
            message = f"a bye ({written(b)}) with opponent {b.opponent}"
        elif spelling is Spelling.WITHOUT_COLOUR:
            message = f"a game against {b.opponent} without a colour"
        elif spelling is Spelling.RESULT_WITHOUT_OPPONENT:
            message = f"result {written(b)} without an opponent"
        if message:
            yield INCONSISTENT_BLOCK.rule.diagnostic(
                f"round {b.round}: {message}",
                **_cell(p, b),  # type: ignore[arg-type]
            )


INCONSISTENT_BLOCK = make_check(
    "S004", "inconsistent-round-block", Severity.ERROR, _inconsistent_block
)


def _pairing_bye_count(ctx: Context) -> Iterator[Diagnostic]:
    """More than one pairing-allocated bye (``U``) in a round.

    TRF16 result table: ``U`` is the pairing-allocated bye, "at most once per round".

    In a round robin the unplayed games of a player who withdrew are not byes, however
    they are written (fide-rules.md §3.3a).

    PASS: one ``0000 - U`` in round 3. FAIL: two players with ``0000 - U`` in round 3.
    """
    if ctx.regime.team:
        return  # in team events every board of the team gets the team's bye
    byes: dict[int, list[Player]] = {}
    for p, b in blocks(ctx).notable:  # a U block is never an agreeing game
        if kind_of_block(b) is PAIRING_BYE:
            byes.setdefault(b.round, []).append(p)
    if ctx.regime.round_robin and any(len(v) > 1 for v in byes.values()):
        # a withdrawn player's scheduled opponents are left unpaired, often written as U
        gone = withdrawal_games(ctx)
        byes = {r: [p for p in v if (p.start_rank, r) not in gone] for r, v in byes.items()}
    for number, players in sorted(byes.items()):
        if len(players) > 1:
            ranks = tuple(p.start_rank for p in players)
            yield PAIRING_BYE_COUNT.rule.diagnostic(
                f"round {number}: {len(players)} pairing-allocated byes (players "
                f"{', '.join(map(str, ranks))}); at most one is allowed",
                line=players[1].line,
                column=C.round_block_start(number),
                round=number,
                players=ranks,
            )


PAIRING_BYE_COUNT = make_check("S005", "pairing-bye-count", Severity.ERROR, _pairing_bye_count)


def _duplicate_fide_id(ctx: Context) -> Iterator[Diagnostic]:
    """Two players carry the same FIDE id.

    Record 001 columns 58-68. A FIDE id belongs to one person; a repeated id
    usually means a player was entered twice. Blank and zero ids are ignored.

    PASS: ids 1503014 and 4100018. FAIL: both players with id 1503014.
    """
    every = [p.fide_id for p in ctx.tournament.players]
    if len(set(every)) == len(every):
        return  # every id once, blank and zero ones included: the usual case
    ids = [fide_id for fide_id in every if fide_id.strip("0")]
    counts = Counter(ids)
    seen: set[str] = set()
    for p in ctx.tournament.players:
        if counts.get(p.fide_id, 0) > 1:
            if p.fide_id in seen:
                yield DUPLICATE_FIDE_ID.rule.diagnostic(
                    f"FIDE id {p.fide_id} of player {p.start_rank} is used by another player",
                    line=p.line,
                    column=C.PLAYER.field("fide_id").start,
                    players=(p.start_rank,),
                )
            seen.add(p.fide_id)


DUPLICATE_FIDE_ID = make_check("S006", "duplicate-fide-id", Severity.WARNING, _duplicate_fide_id)

_BYE_CODE: dict[RoundKind, str] = {HALF_BYE: "H", FULL_BYE: "F"}
"""The code of the bye a game result without an opponent is read as (``=``: H, ``+``: F)."""


def _bye_as_game(ctx: Context) -> Iterator[Diagnostic]:
    """A bye written with a game result: ``0000 - =`` or ``0000 - +``.

    Some programs (the ICU serialiser among them) write a half-point bye as a
    draw and a full-point bye as a forfeit win, without an opponent. trfkit
    reads them as ``H`` and ``F``; the TRF16 codes are ``0000 - H`` and ``0000 - F``.

    In team events ``0000 - +`` is a board won by forfeit when the other team
    fielded nobody, and is not reported.

    PASS: ``0000 - H``. FAIL: ``0000 - =``.
    """
    team_event = ctx.regime.team
    for p, b in blocks(ctx).notable:  # a block without opponent is never an agreeing game
        if spelling_of(b) is Spelling.BYE_AS_GAME:
            bye = _BYE_CODE.get(kind_of_block(b, team_event))
            if bye is None:
                continue  # a team's board won because the other team fielded nobody
            yield BYE_AS_GAME_CHECK.rule.diagnostic(
                f"round {b.round}: '{written(b)}' without an opponent is read as a "
                f"bye; write it as '{bye}'",
                **_cell(p, b),  # type: ignore[arg-type]
            )


BYE_AS_GAME_CHECK = make_check("S007", "bye-coded-as-game", Severity.WARNING, _bye_as_game)



def _no_players(ctx: Context) -> Iterator[Diagnostic]:
    """The file has TRF records but no player record (001).

    A tournament report lists its players in records 001 (TRF16 §"Player section");
    header records alone (012, 042, ...) report no game, so nothing else can be
    checked. A file in which no line is a TRF record at all is P012 instead.

    PASS: ``012 Club Open`` and the 001 lines. FAIL: ``012 Club Open`` and
    ``042 2024/05/01`` alone.
    """
    if not ctx.tournament.players:
        yield NO_PLAYERS.rule.diagnostic(
            "no player record (001): the file has TRF records but no players or games to check"
        )


NO_PLAYERS = make_check("S008", "no-players", Severity.WARNING, _no_players)

CHECKS = (
    DUPLICATE_START_RANK,
    UNKNOWN_OPPONENT,
    ASYMMETRIC_PAIRING,
    INCONSISTENT_BLOCK,
    PAIRING_BYE_COUNT,
    DUPLICATE_FIDE_ID,
    BYE_AS_GAME_CHECK,
    NO_PLAYERS,
)
"""The structure checks, in code order."""
