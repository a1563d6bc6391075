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
from trfkit.readers import BbpRule as Bbp
from trfkit.readers import Finding, Reader
from trfkit.readers import GacruxRule as Gx


def _findings(ctx: Context, reader: Reader) -> tuple[Finding, ...]:
    """The reader's findings in the file, found once per file; none unless it is named."""
    if reader not in ctx.options.readers:
        return ()
    # the models are large and most runs name no reader: read them only when one is named
    from trfkit.trf import foreign

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
    yield from _report(ctx, BBP_ENCODING, Reader.BBPPAIRINGS, Bbp.ENCODING)


def _bbp_team_record(ctx: Context) -> Iterator[Diagnostic]:
    """A team record: bbpPairings pairs individual events only, and refuses 013 and 310.

    Its message is "Invalid line (team tournaments are not supported)". The other team
    records (300, 320, 330, 352, 362, 801, 802) it skips unread.

    FAIL::

        013 Coaching Team                      1    2    3
    """
    yield from _report(ctx, BBP_TEAM_RECORD, Reader.BBPPAIRINGS, Bbp.TEAM_RECORD)


def _bbp_type_code(ctx: Context) -> Iterator[Diagnostic]:
    """A 192 code bbpPairings does not read: it reads six, written exactly.

    ``FIDE_DUTCH``, ``FIDE_DUTCH_2025``, their ``_BAKU`` forms, ``FIDE_BURSTEIN`` and
    ``FIDE_BURSTEIN_BAKU``, in upper case with nothing after them ("Invalid line
    (unsupported tournament type)"): round robins, team codes, ``FIDE_DUTCH_2017`` and
    ``FIDE_DUTCH_2026_BAKU`` are refused. (It also refuses a Burstein code when run with
    ``--dutch`` and the reverse.)

    PASS: ``192 FIDE_DUTCH_2025``. FAIL: ``192 FIDE_DUTCH_2017``, ``192 fide_dutch``.
    """
    yield from _report(ctx, BBP_TYPE_CODE, Reader.BBPPAIRINGS, Bbp.TYPE_CODE)


def _bbp_initial_colour(ctx: Context) -> Iterator[Diagnostic]:
    """A 152 bbpPairings refuses: it reads only ``152 W`` or ``152 B``.

    Upper case, in column 5, with nothing after it: ``152 w``, ``152 W `` (a trailing
    blank) and ``152  W`` are refused ("Invalid line").

    PASS: ``152 W``. FAIL: ``152 w``.
    """
    yield from _report(ctx, BBP_INITIAL_COLOUR, Reader.BBPPAIRINGS, Bbp.INITIAL_COLOUR)


def _bbp_scoring(ctx: Context) -> Iterator[Diagnostic]:
    """A 162 or ``BB?`` line bbpPairings refuses: it reads W, D, L, Z and P on a 9-column grid.

    A symbol in column 6, 15, 24, … and its value in the 4 columns after it; ``X``
    ("symbol X not supported"), TRF-2026's ``A`` and any other symbol, a lower-case one,
    a value with two decimals or off the grid are refused. ``BBW``…``BBU`` lines must hold
    one number in columns 5-12.

    PASS: ``162  W 1.0    D 0.5    L 0.0``. FAIL: ``162  W 1.0    A 0.0``.
    """
    yield from _report(ctx, BBP_SCORING, Reader.BBPPAIRINGS, Bbp.SCORING)


def _bbp_bonus(ctx: Context) -> Iterator[Diagnostic]:
    """A 299 line (bonus and penalty points), which bbpPairings refuses.

    "Invalid line (abnormal assignment points are not yet supported)". TRF16 has no 299
    either: a conversion to TRF16 drops it, and says which points it changes.

    FAIL: ``299           2.0         2``.
    """
    yield from _report(ctx, BBP_BONUS, Reader.BBPPAIRINGS, Bbp.BONUS)


def _bbp_round_count(ctx: Context) -> Iterator[Diagnostic]:
    """A 142 or XXR bbpPairings refuses: it reads one whole number of rounds, at least 1.

    Blanks around it are fine; a TAB, a second word or ``0`` is refused. When both are
    given, the later line counts.

    PASS: ``142 9``. FAIL: ``XXR 9 rounds``.
    """
    yield from _report(ctx, BBP_ROUND_COUNT, Reader.BBPPAIRINGS, Bbp.ROUND_COUNT)


def _bbp_player_line(ctx: Context) -> Iterator[Diagnostic]:
    """A 001 line whose start rank, rating or points bbpPairings cannot read.

    The line must reach column 84; the start rank (5-8) is one number other than 0, the
    rating (49-52) blank or one number, the points (81-84) a number with at most one
    decimal (``1.0``, ``.5``, ``1``; not ``1,0``, ``1.00`` or blank).

    FAIL: a 001 line whose points are ``1,5``.
    """
    yield from _report(ctx, BBP_PLAYER_LINE, Reader.BBPPAIRINGS, Bbp.PLAYER_LINE)


def _bbp_opponent_zero(ctx: Context) -> Iterator[Diagnostic]:
    """An opponent ``   0``, which bbpPairings reads as a player numbered 0 and refuses.

    Only ``0000`` or four blanks mean "no opponent"; some exporters write a bye as
    ``   0 - H`` (FIDE's own tie-break exercise files). ``trfkit convert --to trf26``
    writes ``0000``.

    PASS: ``0000 - H``. FAIL: ``   0 - H``.
    """
    yield from _report(ctx, BBP_OPPONENT_ZERO, Reader.BBPPAIRINGS, Bbp.OPPONENT_ZERO)


def _bbp_round_block(ctx: Context) -> Iterator[Diagnostic]:
    """A round block bbpPairings cannot read as one of its entries.

    The colour is ``w``, ``b``, ``-`` or blank (``W`` is refused); ``w``/``b`` needs an
    opponent; the result is one of ``1 0 = + - W D L H F U Z`` or blank (any case); a bye
    result (``H F U Z``, blank) takes no opponent; a game result needs ``w`` or ``b``
    (``0000 - =`` is the one half-point bye it takes); nothing may follow the last whole
    block.

    PASS: ``   4 w 1``, ``0000 - H``. FAIL: ``   4 W 1``, ``   4 w Z``, ``   4 - 1``.
    """
    yield from _report(ctx, BBP_ROUND_BLOCK, Reader.BBPPAIRINGS, Bbp.ROUND_BLOCK)


def _bbp_other_record(ctx: Context) -> Iterator[Diagnostic]:
    """A 240, 250, 260, XXA or XXP line bbpPairings refuses, or crashes on.

    Each has fixed columns of start ranks and rounds (no 0, no TAB, nothing after the
    last field); more acceleration entries than rounds are refused; a forbidden pair
    (260, XXP) naming a start rank without a 001 line makes it crash.

    FAIL: ``XXP 1 7`` in a file of six players.
    """
    yield from _report(ctx, BBP_OTHER_RECORD, Reader.BBPPAIRINGS, Bbp.OTHER_RECORD)


def _bbp_start_ranks(ctx: Context) -> Iterator[Diagnostic]:
    """Start ranks that are not 1 to N, each once, as bbpPairings needs them.

    "A pairing number is missing." (a gap; an XXA or 250 naming a rank counts) or "A
    pairing number is repeated.". ``XXC rank`` allows gaps.
    """
    yield from _report(ctx, BBP_START_RANKS, Reader.BBPPAIRINGS, Bbp.START_RANKS)


def _bbp_too_many_rounds(ctx: Context) -> Iterator[Diagnostic]:
    """More rounds played than 142 (or XXR) says, which bbpPairings refuses.

    It counts the rounds up to the last non-blank block of any line, so a bye written for
    the round after the last one played counts as a round.
    """
    yield from _report(ctx, BBP_TOO_MANY_ROUNDS, Reader.BBPPAIRINGS, Bbp.TOO_MANY_ROUNDS)


def _bbp_pairing(ctx: Context) -> Iterator[Diagnostic]:
    """A game over the board the opponent's line does not mirror, which bbpPairings refuses.

    A played game (opponent, ``w``/``b``, a game result) must be on the opponent's line in
    that round, as a played game, with the other colour ("Match R for player N
    contradicts the entry for the opponent."). Forfeits and results are not compared.
    """
    yield from _report(ctx, BBP_PAIRING, Reader.BBPPAIRINGS, Bbp.PAIRING)


def _bbp_points(ctx: Context) -> Iterator[Diagnostic]:
    """Points that are not bbpPairings' own sum of the results, which it refuses.

    It scores each round under its point system (162 and ``BB?``; it does not read
    JaVaFo's XXS): a blank block or a round missing at the end of a line is a zero-point
    bye, ``0000 - +`` a pairing-allocated bye, ``-`` without opponent a zero-point bye;
    the only slack is the next round's acceleration. A file whose byes are written
    without a result but counted (``     -    `` worth ½) is refused here.
    """
    yield from _report(ctx, BBP_POINTS, Reader.BBPPAIRINGS, Bbp.POINTS)


def _bbp_baku(ctx: Context) -> Iterator[Diagnostic]:
    """A ``_BAKU`` 192 with a point system bbpPairings cannot accelerate, which it refuses.

    A ``_BAKU`` 192 without XXA or 250 lines and another point system is refused ("Point
    system is inconsistent with Baku acceleration method.").
    """
    yield from _report(ctx, BBP_BAKU, Reader.BBPPAIRINGS, Bbp.BAKU)


def _bbp_next_round(ctx: Context) -> Iterator[Diagnostic]:
    """No 142 (or XXR): bbpPairings checks the file, but cannot pair a next round.

    Pairing (``-p``) needs the number of rounds: "The total number of rounds in the
    tournament must be specified." (An info: a finished event needs no next round.)
    """
    yield from _report(ctx, BBP_NEXT_ROUND, Reader.BBPPAIRINGS, Bbp.NEXT_ROUND)


# --- gacrux ---------------------------------------------------------------------------------
# The model assumes gacrux is run as trfkit's comparisons run it: -p or -s as trfkit decides
# the regime, -b utf-8-sig for a UTF-8 file, the tie-break list of the file (no -t).


def _gx_numeric_field(ctx: Context) -> Iterator[Diagnostic]:
    """A field gacrux reads as a number holds something else: it refuses the line.

    gacrux cuts every field at its columns and converts it with Python's ``int()`` or
    ``Decimal()``: a blank field is 0 and ``,`` a decimal point, anything else stops it
    ("Error in trf-file, line N, …"). It reads so the start number, rating, FIDE id,
    points, rank and opponents of 001, and the numbers of 013, 240, 250, 260, 299, 300,
    310, 320, 330 and XXZ.

    PASS: a rating ``2100``. FAIL: a rating ``21x0``, or a 001 field shifted into the next.
    """
    yield from _report(ctx, GX_NUMERIC_FIELD, Reader.GACRUX, Gx.NUMERIC_FIELD)


def _gx_trailing_text(ctx: Context) -> Iterator[Diagnostic]:
    """Text after the last round block of a 001 line, which gacrux reads as a block and refuses.

    Text reaching the result column of a further block (a comment, a second points
    column) makes it read an opponent that is not a number.
    """
    yield from _report(ctx, GX_TRAILING_TEXT, Reader.GACRUX, Gx.TRAILING_TEXT)


def _gx_header_number(ctx: Context) -> Iterator[Diagnostic]:
    """A 142 or XXR that is not one whole number, or a 162/362 period without a number.

    gacrux reads 162 and 362 in periods of 9 columns (a symbol in column 6, 15, …, its
    value in the 4 columns after it); a value off its columns reads as text and stops it.

    PASS: ``XXR 9``. FAIL: ``XXR 9 rounds``.
    """
    yield from _report(ctx, GX_HEADER_NUMBER, Reader.GACRUX, Gx.HEADER_NUMBER)


def _gx_start_number_1(ctx: Context) -> Iterator[Diagnostic]:
    """No competitor numbered 1 (or no 001 line at all): gacrux fails ("Program error").

    It computes the tie-breaks from player (or team) 1 on; a file numbered from 2, or an
    excerpt without player 1, is refused.
    """
    yield from _report(ctx, GX_START_NUMBER_1, Reader.GACRUX, Gx.START_NUMBER_1)


def _gx_unknown_number(ctx: Context) -> Iterator[Diagnostic]:
    """A record names a player (in a team event, a team) the file does not have.

    "Record 001 names player 9, the tournament has 6 players (1 - 6)". A blank field
    between numbers of a 240, 299, 300 or 320 reads as 0, which no competitor has.
    """
    yield from _report(ctx, GX_UNKNOWN_NUMBER, Reader.GACRUX, Gx.UNKNOWN_NUMBER)


def _gx_colour_letters(ctx: Context) -> Iterator[Diagnostic]:
    """A lower-case ``w`` or ``b`` off a colour column of a 001 line, which gacrux refuses.

    To catch files whose columns moved, it finds the first ``w`` and the first ``b`` after
    column 86 and refuses the player unless each stands in a colour column ("Player N has
    misaligned data, may be bad character encoding"): a shifted line, or a result written
    ``w``.
    """
    yield from _report(ctx, GX_COLOUR_LETTERS, Reader.GACRUX, Gx.COLOUR_LETTERS)


def _gx_points(ctx: Context) -> Iterator[Diagnostic]:
    """A points column gacrux finds wrong: not the sum of the results under its score system.

    It checks every non-zero column (unless the file has a 299) against the results of
    every block of the line, valued by 162 (else 1 / ½ / 0); without 162 it first tries to
    infer another system from the columns, and refuses ("Incorrect score for player N")
    when none fits, or when the system it infers has no value for a result it needs.
    """
    yield from _report(ctx, GX_POINTS, Reader.GACRUX, Gx.POINTS)


def _gx_byes(ctx: Context) -> Iterator[Diagnostic]:
    """A 240 gacrux refuses: a type other than F, H, Z or blank, or a round already played.

    A 240 for a round whose block holds a game or another result is refused ("Error in
    bye score, competitor N"), as is a blank-type team bye in a team event.

    PASS: ``240 H   3    7``. FAIL: ``240 U   1    7``.
    """
    yield from _report(ctx, GX_BYES, Reader.GACRUX, Gx.BYES)


def _gx_bonus_record(ctx: Context) -> Iterator[Diagnostic]:
    """A 299 gacrux cannot apply (bonus and penalty points).

    A 299 with a round must name a player (team) with exactly one game or bye in that
    round; a result letter it gives must be one gacrux values ("Error in 299 Abnormal,
    Round = R, player/team N").
    """
    yield from _report(ctx, GX_BONUS_RECORD, Reader.GACRUX, Gx.BONUS_RECORD)


def _gx_nrs(ctx: Context) -> Iterator[Diagnostic]:
    """A 172 gacrux does not know, or a national rating line naming no player.

    It knows the methods ``FIDE NRO FIDON NIDOF HBFN LBFN``; ``OTHER`` with national
    rating lines makes it fail.
    """
    yield from _report(ctx, GX_NRS, Reader.GACRUX, Gx.NRS)


def _gx_team_records(ctx: Context) -> Iterator[Diagnostic]:
    """Team records gacrux refuses.

    320 or 352 in an individual event; a team 192 code without 013/310; 310 columns 72-73
    not blank; 310 team numbers other than 1 to N under a FIDE team system; a player with
    games who is on no team; a match in which fewer boards have a game than the other
    team; a 300 for teams with no game; a second 320 or 352; a 330 type it does not know.
    """
    yield from _report(ctx, GX_TEAM_RECORDS, Reader.GACRUX, Gx.TEAM_RECORDS)


def _gx_black_result(ctx: Context) -> Iterator[Diagnostic]:
    """A game whose black player has no block with colour ``b`` naming the white one.

    gacrux keeps one record per round and white player and takes black's result from a
    ``b`` block naming him; a game written ``-`` on both lines, or one side missing, is
    refused ("No result for black in round R, white=W, black=B").
    """
    yield from _report(ctx, GX_BLACK_RESULT, Reader.GACRUX, Gx.BLACK_RESULT)


def _gx_tiebreak_list(ctx: Context) -> Iterator[Diagnostic]:
    """A tie-break of 212 or 202 that gacrux cannot parse ("Program error").

    A modifier ``/U`` or ``/V`` without a whole number, ``/L`` without a limit, a point
    type after ``:`` other than MP, GP, MM, MG, GM, GG, a year after ``@`` that is not a
    number.
    """
    yield from _report(ctx, GX_TIEBREAK_LIST, Reader.GACRUX, Gx.TIEBREAK_LIST)


def _gx_encoding(ctx: Context) -> Iterator[Diagnostic]:
    """A UTF-8 file with non-ASCII text, which gacrux reads as Latin-1 unless told otherwise.

    Run without ``-b utf-8-sig``, every extra byte of an accented name moves the columns
    after it: the warning says whether that run refuses the file or reads it shifted.
    """
    yield from _report(ctx, GX_ENCODING, Reader.GACRUX, Gx.ENCODING)


def _gx_result_codes(ctx: Context) -> Iterator[Diagnostic]:
    """A result gacrux scores otherwise than the specification.

    A game result without an opponent is a game played against nobody (``0000 - =`` a
    played draw, not a half-point bye); a code it does not know (``*``) is an absence
    worth 0.
    """
    yield from _report(ctx, GX_RESULT_CODES, Reader.GACRUX, Gx.RESULT_CODES)


def _gx_absence_value(ctx: Context) -> Iterator[Diagnostic]:
    """A 162 value of ``A`` other than 0, which gacrux adds to every round without a game.

    It gives that value to each absence and once more to every player's total.
    """
    yield from _report(ctx, GX_ABSENCE_VALUE, Reader.GACRUX, Gx.ABSENCE_VALUE)


def _gx_score_system(ctx: Context) -> Iterator[Diagnostic]:
    """Points that add up under another system than 1 / ½ / 0, without a 162 that says so.

    gacrux then scores every game by the system it infers from the points columns (3-1-0,
    say); write the system in 162.
    """
    yield from _report(ctx, GX_SCORE_SYSTEM, Reader.GACRUX, Gx.SCORE_SYSTEM)


def _gx_rounds(ctx: Context) -> Iterator[Diagnostic]:
    """Rounds gacrux drops: those after 142/XXR, or else after the last game over the board.

    Without 142 or XXR, a last round of byes or forfeits only is not scored.
    """
    yield from _report(ctx, GX_ROUNDS, Reader.GACRUX, Gx.ROUNDS)


def _gx_rule_edition(ctx: Context) -> Iterator[Diagnostic]:
    """A 042 start date from which gacrux chooses the other edition of the tie-break rules.

    It scores under the 2026 rules from 1 March 2026 on and when it reads no date; it
    reads ``DD/MM/YYYY`` as ``20DD-MM-YYYY`` (``05/03/2026`` is 2005).
    """
    yield from _report(ctx, GX_RULE_EDITION, Reader.GACRUX, Gx.RULE_EDITION)


def _gx_bonus_reading(ctx: Context) -> Iterator[Diagnostic]:
    """A 299 of an individual event that gacrux reads otherwise.

    It keeps the result letter the record gives, not its points; it reads the points of
    columns 14-17, not 8-11; it keeps nothing of a 299 without a round.
    """
    yield from _report(ctx, GX_BONUS_READING, Reader.GACRUX, Gx.BONUS_READING)


def _gx_tiebreak_names(ctx: Context) -> Iterator[Diagnostic]:
    """A 212 or 202 naming a tie-break gacrux does not know: it computes a column of zeros.

    It splits the list at commas and at every blank, so two blanks make an empty name.
    """
    yield from _report(ctx, GX_TIEBREAK_NAMES, Reader.GACRUX, Gx.TIEBREAK_NAMES)


BBP_ENCODING = make_check("R101", Bbp.ENCODING.value, Severity.ERROR, _bbp_encoding)
BBP_TEAM_RECORD = make_check("R102", Bbp.TEAM_RECORD.value, Severity.ERROR, _bbp_team_record)
BBP_TYPE_CODE = make_check("R103", Bbp.TYPE_CODE.value, Severity.ERROR, _bbp_type_code)
BBP_INITIAL_COLOUR = make_check(
    "R104", Bbp.INITIAL_COLOUR.value, Severity.ERROR, _bbp_initial_colour
)
BBP_SCORING = make_check("R105", Bbp.SCORING.value, Severity.ERROR, _bbp_scoring)
BBP_BONUS = make_check("R106", Bbp.BONUS.value, Severity.ERROR, _bbp_bonus)
BBP_ROUND_COUNT = make_check("R107", Bbp.ROUND_COUNT.value, Severity.ERROR, _bbp_round_count)
BBP_PLAYER_LINE = make_check("R108", Bbp.PLAYER_LINE.value, Severity.ERROR, _bbp_player_line)
BBP_OPPONENT_ZERO = make_check("R109", Bbp.OPPONENT_ZERO.value, Severity.ERROR, _bbp_opponent_zero)
BBP_ROUND_BLOCK = make_check("R110", Bbp.ROUND_BLOCK.value, Severity.ERROR, _bbp_round_block)
BBP_OTHER_RECORD = make_check("R111", Bbp.OTHER_RECORD.value, Severity.ERROR, _bbp_other_record)
BBP_START_RANKS = make_check("R112", Bbp.START_RANKS.value, Severity.ERROR, _bbp_start_ranks)
BBP_TOO_MANY_ROUNDS = make_check(
    "R113", Bbp.TOO_MANY_ROUNDS.value, Severity.ERROR, _bbp_too_many_rounds
)
BBP_PAIRING = make_check("R114", Bbp.PAIRING.value, Severity.ERROR, _bbp_pairing)
BBP_POINTS = make_check("R115", Bbp.POINTS.value, Severity.ERROR, _bbp_points)
BBP_BAKU = make_check("R116", Bbp.BAKU.value, Severity.ERROR, _bbp_baku)
BBP_NEXT_ROUND = make_check("R117", Bbp.NEXT_ROUND.value, Severity.INFO, _bbp_next_round)

GX_NUMERIC_FIELD = make_check("R201", Gx.NUMERIC_FIELD.value, Severity.ERROR, _gx_numeric_field)
GX_TRAILING_TEXT = make_check("R202", Gx.TRAILING_TEXT.value, Severity.ERROR, _gx_trailing_text)
GX_HEADER_NUMBER = make_check("R203", Gx.HEADER_NUMBER.value, Severity.ERROR, _gx_header_number)
GX_START_NUMBER_1 = make_check("R204", Gx.START_NUMBER_1.value, Severity.ERROR, _gx_start_number_1)
GX_UNKNOWN_NUMBER = make_check("R205", Gx.UNKNOWN_NUMBER.value, Severity.ERROR, _gx_unknown_number)
GX_COLOUR_LETTERS = make_check("R206", Gx.COLOUR_LETTERS.value, Severity.ERROR, _gx_colour_letters)
GX_POINTS = make_check("R207", Gx.POINTS.value, Severity.ERROR, _gx_points)
GX_BYES = make_check("R208", Gx.BYES.value, Severity.ERROR, _gx_byes)
GX_BONUS_RECORD = make_check("R209", Gx.BONUS_RECORD.value, Severity.ERROR, _gx_bonus_record)
GX_NRS = make_check("R210", Gx.NRS.value, Severity.ERROR, _gx_nrs)
GX_TEAM_RECORDS = make_check("R211", Gx.TEAM_RECORDS.value, Severity.ERROR, _gx_team_records)
GX_BLACK_RESULT = make_check("R212", Gx.BLACK_RESULT.value, Severity.ERROR, _gx_black_result)
GX_TIEBREAK_LIST = make_check("R213", Gx.TIEBREAK_LIST.value, Severity.ERROR, _gx_tiebreak_list)
GX_ENCODING = make_check("R214", Gx.ENCODING.value, Severity.WARNING, _gx_encoding)
GX_RESULT_CODES = make_check("R215", Gx.RESULT_CODES.value, Severity.WARNING, _gx_result_codes)
GX_ABSENCE_VALUE = make_check("R216", Gx.ABSENCE_VALUE.value, Severity.WARNING, _gx_absence_value)
GX_SCORE_SYSTEM = make_check("R217", Gx.SCORE_SYSTEM.value, Severity.WARNING, _gx_score_system)
GX_ROUNDS = make_check("R218", Gx.ROUNDS.value, Severity.WARNING, _gx_rounds)
GX_RULE_EDITION = make_check("R219", Gx.RULE_EDITION.value, Severity.WARNING, _gx_rule_edition)
GX_BONUS_READING = make_check("R220", Gx.BONUS_READING.value, Severity.WARNING, _gx_bonus_reading)
GX_TIEBREAK_NAMES = make_check(
    "R221", Gx.TIEBREAK_NAMES.value, Severity.WARNING, _gx_tiebreak_names
)

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
    GX_NUMERIC_FIELD,
    GX_TRAILING_TEXT,
    GX_HEADER_NUMBER,
    GX_START_NUMBER_1,
    GX_UNKNOWN_NUMBER,
    GX_COLOUR_LETTERS,
    GX_POINTS,
    GX_BYES,
    GX_BONUS_RECORD,
    GX_NRS,
    GX_TEAM_RECORDS,
    GX_BLACK_RESULT,
    GX_TIEBREAK_LIST,
    GX_ENCODING,
    GX_RESULT_CODES,
    GX_ABSENCE_VALUE,
    GX_SCORE_SYSTEM,
    GX_ROUNDS,
    GX_RULE_EDITION,
    GX_BONUS_READING,
    GX_TIEBREAK_NAMES,
)
"""The reader checks, in code order."""
