"""What the readers a file is written for will refuse: ``check --readers`` (``R`` codes).

Each check reports one rule of one program's reader, modelled from that program's source
in ``trf/bbppairings`` and ``trf/gacrux`` and held to the programs by the interop tests:
a file none of a reader's error checks flags is read by it, and one they flag is refused
for the reason given. A check runs only for the readers named in
:attr:`CheckOptions.readers <trfkit.checks.base.CheckOptions.readers>` (``--readers``);
``R1..`` are bbpPairings' (its ``-c`` check, which pairing a next round shares),
``R2..`` gacrux's.
"""

from __future__ import annotations

from collections.abc import Iterator

from trfkit.checks.base import Check, Context, make_check
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.readers import Finding, Reader
from trfkit.trf import bbppairings as bbp
from trfkit.trf import foreign


def _findings(ctx: Context, reader: Reader) -> tuple[Finding, ...]:
    """The reader's findings in the file, found once per file; none unless it is named."""
    if reader not in ctx.options.readers:
        return ()
    found: tuple[Finding, ...] = ctx.cached(
        f"readers.{reader.value}", lambda: foreign.findings(ctx.tournament, reader)
    )
    return found


def _report(ctx: Context, check: Check, reader: Reader, rule: str) -> Iterator[Diagnostic]:
    for finding in _findings(ctx, reader):
        if finding.rule == rule:
            yield check.rule.diagnostic(
                finding.message, line=finding.line, column=finding.column, players=finding.players
            )


# --- bbpPairings ----------------------------------------------------------------------------


def _bbp_encoding(ctx: Context) -> Iterator[Diagnostic]:
    """A file bbpPairings cannot decode: it reads UTF-8 only, and keeps a byte-order mark.

    A Latin-1 or Windows-1252 file with an accented name is refused ("The file is not
    legal UTF-8.", or an "Unexpected error" from its decoder), at the first line that is
    not UTF-8. A byte-order mark is read as a character of the first line, so a 001 line
    right after it is not read (the player is missing).

    PASS: the file stored as UTF-8 (``trfkit convert --to trf26`` writes UTF-8).

    FAIL: ``001    3 m    Ó Briain, Seán …`` stored as Latin-1.
    """
    yield from _report(ctx, BBP_ENCODING, Reader.BBPPAIRINGS, bbp.ENCODING)


def _bbp_team_record(ctx: Context) -> Iterator[Diagnostic]:
    """A team record: bbpPairings pairs individual events only, and refuses 013 and 310.

    Its message is "Invalid line (team tournaments are not supported)". The other team
    records (300, 320, 330, 352, 362, 801, 802) it skips unread.

    FAIL::

        013 Coaching Team                      1    2    3
    """
    yield from _report(ctx, BBP_TEAM_RECORD, Reader.BBPPAIRINGS, bbp.TEAM_RECORD)


def _bbp_type_code(ctx: Context) -> Iterator[Diagnostic]:
    """A 192 code bbpPairings does not read: it reads six, written exactly.

    ``FIDE_DUTCH``, ``FIDE_DUTCH_2025``, their ``_BAKU`` forms, ``FIDE_BURSTEIN`` and
    ``FIDE_BURSTEIN_BAKU``, in upper case with nothing after them ("Invalid line
    (unsupported tournament type)"): round robins, team codes, ``FIDE_DUTCH_2017`` and
    ``FIDE_DUTCH_2026_BAKU`` are refused. (It also refuses a Burstein code when run with
    ``--dutch`` and the reverse.)

    PASS: ``192 FIDE_DUTCH_2025``. FAIL: ``192 FIDE_DUTCH_2017``, ``192 fide_dutch``.
    """
    yield from _report(ctx, BBP_TYPE_CODE, Reader.BBPPAIRINGS, bbp.TYPE_CODE)


def _bbp_initial_colour(ctx: Context) -> Iterator[Diagnostic]:
    """A 152 bbpPairings refuses: it reads only ``152 W`` or ``152 B``.

    Upper case, in column 5, with nothing after it: ``152 w``, ``152 W `` (a trailing
    blank) and ``152  W`` are refused ("Invalid line").

    PASS: ``152 W``. FAIL: ``152 w``.
    """
    yield from _report(ctx, BBP_INITIAL_COLOUR, Reader.BBPPAIRINGS, bbp.INITIAL_COLOUR)


def _bbp_scoring(ctx: Context) -> Iterator[Diagnostic]:
    """A 162 or ``BB?`` line bbpPairings refuses: it reads W, D, L, Z and P on a 9-column grid.

    A symbol in column 6, 15, 24, … and its value in the 4 columns after it; ``X``
    ("symbol X not supported"), TRF-2026's ``A`` and any other symbol, a lower-case one,
    a value with two decimals or off the grid are refused. ``BBW``…``BBU`` lines must hold
    one number in columns 5-12.

    PASS: ``162  W 1.0    D 0.5    L 0.0``. FAIL: ``162  W 1.0    A 0.0``.
    """
    yield from _report(ctx, BBP_SCORING, Reader.BBPPAIRINGS, bbp.SCORING)


def _bbp_bonus(ctx: Context) -> Iterator[Diagnostic]:
    """A 299 line (bonus and penalty points), which bbpPairings refuses.

    "Invalid line (abnormal assignment points are not yet supported)". TRF16 has no 299
    either: a conversion to TRF16 drops it, and says which points it changes.

    FAIL: ``299           2.0         2``.
    """
    yield from _report(ctx, BBP_BONUS, Reader.BBPPAIRINGS, bbp.BONUS)


def _bbp_round_count(ctx: Context) -> Iterator[Diagnostic]:
    """A 142 or XXR bbpPairings refuses: it reads one whole number of rounds, at least 1.

    Blanks around it are fine; a TAB, a second word or ``0`` is refused. When both are
    given, the later line counts.

    PASS: ``142 9``. FAIL: ``XXR 9 rounds``.
    """
    yield from _report(ctx, BBP_ROUND_COUNT, Reader.BBPPAIRINGS, bbp.ROUND_COUNT)


def _bbp_player_line(ctx: Context) -> Iterator[Diagnostic]:
    """A 001 line whose start rank, rating or points bbpPairings cannot read.

    The line must reach column 84; the start rank (5-8) is one number other than 0, the
    rating (49-52) blank or one number, the points (81-84) a number with at most one
    decimal (``1.0``, ``.5``, ``1``; not ``1,0``, ``1.00`` or blank).

    FAIL: a 001 line whose points are ``1,5``.
    """
    yield from _report(ctx, BBP_PLAYER_LINE, Reader.BBPPAIRINGS, bbp.PLAYER_LINE)


def _bbp_opponent_zero(ctx: Context) -> Iterator[Diagnostic]:
    """An opponent ``   0``, which bbpPairings reads as a player numbered 0 and refuses.

    Only ``0000`` or four blanks mean "no opponent"; some exporters write a bye as
    ``   0 - H`` (FIDE's own tie-break exercise files). ``trfkit convert --to trf26``
    writes ``0000``.

    PASS: ``0000 - H``. FAIL: ``   0 - H``.
    """
    yield from _report(ctx, BBP_OPPONENT_ZERO, Reader.BBPPAIRINGS, bbp.OPPONENT_ZERO)


def _bbp_round_block(ctx: Context) -> Iterator[Diagnostic]:
    """A round block bbpPairings cannot read as one of its entries.

    The colour is ``w``, ``b``, ``-`` or blank (``W`` is refused); ``w``/``b`` needs an
    opponent; the result is one of ``1 0 = + - W D L H F U Z`` or blank (any case); a bye
    result (``H F U Z``, blank) takes no opponent; a game result needs ``w`` or ``b``
    (``0000 - =`` is the one half-point bye it takes); nothing may follow the last whole
    block.

    PASS: ``   4 w 1``, ``0000 - H``. FAIL: ``   4 W 1``, ``   4 w Z``, ``   4 - 1``.
    """
    yield from _report(ctx, BBP_ROUND_BLOCK, Reader.BBPPAIRINGS, bbp.ROUND_BLOCK)


def _bbp_other_record(ctx: Context) -> Iterator[Diagnostic]:
    """A 240, 250, 260, XXA or XXP line bbpPairings refuses, or crashes on.

    Each has fixed columns of start ranks and rounds (no 0, no TAB, nothing after the
    last field); more acceleration entries than rounds are refused; a forbidden pair
    (260, XXP) naming a start rank without a 001 line makes it crash.

    FAIL: ``XXP 1 7`` in a file of six players.
    """
    yield from _report(ctx, BBP_OTHER_RECORD, Reader.BBPPAIRINGS, bbp.OTHER_RECORD)


def _bbp_start_ranks(ctx: Context) -> Iterator[Diagnostic]:
    """Start ranks that are not 1 to N, each once, as bbpPairings needs them.

    "A pairing number is missing." (a gap; an XXA or 250 naming a rank counts) or "A
    pairing number is repeated.". ``XXC rank`` allows gaps.
    """
    yield from _report(ctx, BBP_START_RANKS, Reader.BBPPAIRINGS, bbp.START_RANKS)


def _bbp_too_many_rounds(ctx: Context) -> Iterator[Diagnostic]:
    """More rounds played than 142 (or XXR) says, which bbpPairings refuses.

    It counts the rounds up to the last non-blank block of any line, so a bye written for
    the round after the last one played counts as a round.
    """
    yield from _report(ctx, BBP_TOO_MANY_ROUNDS, Reader.BBPPAIRINGS, bbp.TOO_MANY_ROUNDS)


def _bbp_pairing(ctx: Context) -> Iterator[Diagnostic]:
    """A game over the board the opponent's line does not mirror, which bbpPairings refuses.

    A played game (opponent, ``w``/``b``, a game result) must be on the opponent's line in
    that round, as a played game, with the other colour ("Match R for player N
    contradicts the entry for the opponent."). Forfeits and results are not compared.
    """
    yield from _report(ctx, BBP_PAIRING, Reader.BBPPAIRINGS, bbp.PAIRING)


def _bbp_points(ctx: Context) -> Iterator[Diagnostic]:
    """Points that are not bbpPairings' own sum of the results, which it refuses.

    It scores each round under its point system (162 and ``BB?``; it does not read
    JaVaFo's XXS): a blank block or a round missing at the end of a line is a zero-point
    bye, ``0000 - +`` a pairing-allocated bye, ``-`` without opponent a zero-point bye;
    the only slack is the next round's acceleration. A file whose byes are written
    without a result but counted (``     -    `` worth ½) is refused here.
    """
    yield from _report(ctx, BBP_POINTS, Reader.BBPPAIRINGS, bbp.POINTS)


def _bbp_baku(ctx: Context) -> Iterator[Diagnostic]:
    """A ``_BAKU`` 192 with a point system bbpPairings cannot accelerate, which it refuses.

    A ``_BAKU`` 192 without XXA or 250 lines and another point system is refused ("Point
    system is inconsistent with Baku acceleration method.").
    """
    yield from _report(ctx, BBP_BAKU, Reader.BBPPAIRINGS, bbp.BAKU)


def _bbp_next_round(ctx: Context) -> Iterator[Diagnostic]:
    """No 142 (or XXR): bbpPairings checks the file, but cannot pair a next round.

    Pairing (``-p``) needs the number of rounds: "The total number of rounds in the
    tournament must be specified." (An info: a finished event needs no next round.)
    """
    yield from _report(ctx, BBP_NEXT_ROUND, Reader.BBPPAIRINGS, bbp.NEXT_ROUND)


BBP_ENCODING = make_check("R101", bbp.ENCODING, Severity.ERROR, _bbp_encoding)
BBP_TEAM_RECORD = make_check("R102", bbp.TEAM_RECORD, Severity.ERROR, _bbp_team_record)
BBP_TYPE_CODE = make_check("R103", bbp.TYPE_CODE, Severity.ERROR, _bbp_type_code)
BBP_INITIAL_COLOUR = make_check("R104", bbp.INITIAL_COLOUR, Severity.ERROR, _bbp_initial_colour)
BBP_SCORING = make_check("R105", bbp.SCORING, Severity.ERROR, _bbp_scoring)
BBP_BONUS = make_check("R106", bbp.BONUS, Severity.ERROR, _bbp_bonus)
BBP_ROUND_COUNT = make_check("R107", bbp.ROUND_COUNT, Severity.ERROR, _bbp_round_count)
BBP_PLAYER_LINE = make_check("R108", bbp.PLAYER_LINE, Severity.ERROR, _bbp_player_line)
BBP_OPPONENT_ZERO = make_check("R109", bbp.OPPONENT_ZERO, Severity.ERROR, _bbp_opponent_zero)
BBP_ROUND_BLOCK = make_check("R110", bbp.ROUND_BLOCK, Severity.ERROR, _bbp_round_block)
BBP_OTHER_RECORD = make_check("R111", bbp.OTHER_RECORD, Severity.ERROR, _bbp_other_record)
BBP_START_RANKS = make_check("R112", bbp.START_RANKS, Severity.ERROR, _bbp_start_ranks)
BBP_TOO_MANY_ROUNDS = make_check("R113", bbp.TOO_MANY_ROUNDS, Severity.ERROR, _bbp_too_many_rounds)
BBP_PAIRING = make_check("R114", bbp.PAIRING, Severity.ERROR, _bbp_pairing)
BBP_POINTS = make_check("R115", bbp.POINTS, Severity.ERROR, _bbp_points)
BBP_BAKU = make_check("R116", bbp.BAKU, Severity.ERROR, _bbp_baku)
BBP_NEXT_ROUND = make_check("R117", bbp.NEXT_ROUND, Severity.INFO, _bbp_next_round)

CHECKS: tuple[Check, ...] = (
    BBP_ENCODING,
    BBP_TEAM_RECORD,
    BBP_TYPE_CODE,
    BBP_INITIAL_COLOUR,
    BBP_SCORING,
    BBP_BONUS,
    BBP_ROUND_COUNT,
    BBP_PLAYER_LINE,
    BBP_OPPONENT_ZERO,
    BBP_ROUND_BLOCK,
    BBP_OTHER_RECORD,
    BBP_START_RANKS,
    BBP_TOO_MANY_ROUNDS,
    BBP_PAIRING,
    BBP_POINTS,
    BBP_BAKU,
    BBP_NEXT_ROUND,
)
"""The reader checks, in code order."""
