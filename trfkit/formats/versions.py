"""Version conversion TRF16 ↔ TRF-2026 (and the TRF(x) extensions), on the model.

Conversion works on the model and is pure: :func:`to_trf26` and :func:`to_trf16` return
a :class:`Conversion`, the new :class:`~trfkit.model.Tournament` plus a tuple of
:class:`Adjustment` values that say what changed, where (the original line) and why.
What the target version cannot express is listed, never dropped silently.

The record mapping (TRF16 §1-§3 and TRF-2026 §4 of the format notes), TRF16 / TRF(x)
on the left:

- ``013`` team ↔ ``310`` team (team numbers 1, 2, … given in file order);
- ``XXR n`` ↔ ``142 n``;
- ``XXC white1`` / ``black1`` ↔ ``152 W`` / ``152 B`` (``XXC rank`` has no equivalent
  and is kept);
- ``XXS`` ↔ ``162`` where 162 can say it (one value per symbol W D L A P: no
  colour-dependent points);
- ``092`` free text → ``092`` plus a ``192`` code where the text names a system (Swiss
  Dutch, …; a round robin's code comes from its schedule, :func:`schedule_code`); ``192``
  → ``092`` when there is none;
- TRF06 titles ``g m f c wg wm wf wc`` → ``GM IM FM CM WGM WIM WFM WCM`` (both ways);
- ``240`` byes of individual events → the round blocks (``0000 - H``) going to TRF16.

Going to TRF16, the records TRF16 has no place for (172, 182, 202, 212, 222, 250, 260,
299, 300, 320, 330, 352, 362, 801, 802, national rating records and ``###`` comments)
are dropped and listed, or kept with ``keep_unsupported``. Going to TRF-2026, the
TRF(x)/TRF(bx) extension records (``XXA``, ``XXZ``, ``XXP``, ``BB?``, ``DAT``) are kept:
pairing programs read them and TRF-2026 has no exact equivalent.

Writing the result is :mod:`trfkit.formats.render`'s job, which adds the adjustments of
the text itself (a field re-aligned in its columns, trailing blanks removed, a changed
line ending or encoding); :mod:`trfkit.formats.adjustments` is the report of both.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from trfkit import columns as C
from trfkit.compute import recognition
from trfkit.compute.berger import ANY_ORDER, RoundOrderChoice, RoundOrderKind, round_order_of
from trfkit.compute.history import (
    FULL_BYE,
    HALF_BYE,
    ZERO_BYE,
    bye_of_record,
    kind_of_block,
    last_bye_round,
    leaves_out_a_bye,
    written,
)
from trfkit.compute.regime import TypeCode, decide, is_type_code, read_092, read_192, team_event
from trfkit.dates import readings
from trfkit.errors import ArgumentTypeError, UsageError
from trfkit.formats.adjustments import Action, Adjustment, Conversion
from trfkit.model import (
    OLD_TITLES,
    AbnormalPoints,
    Acceleration,
    Acceleration16,
    BbpScore,
    Byes,
    Colour,
    DataLine,
    FileFormat,
    ForfeitedMatch,
    InitialColour,
    NationalRecord,
    Player,
    ProhibitedPairing,
    RawRecord,
    Record,
    Result,
    RoundCount,
    RoundDates,
    RoundResult,
    Scoring,
    Source,
    Team,
    TeamLineup,
    TeamPairingByes,
    TextRecord,
    TieBreakList,
    Tokens,
    Tournament,
)
from trfkit.numbers import format_number
from trfkit.readers import Reader
from trfkit.trf import bbppairings
from trfkit.trf.writer import render_record
from trfkit.trf.written import bye_opponents, code_of_line, title_as_written
from trfkit.values import Value, WordEnum


class TypeCodes(WordEnum):
    """Which 192 code a conversion to TRF-2026 writes for a system named by 092."""

    ACCEPTED = "accepted"
    """Only a code every known reader accepts (:data:`ACCEPTED_192`); for any other the 192
    is left out, and that is listed."""
    ALL = "all"
    """Any code of the 192 table the text names (for readers such as gacrux)."""
    NONE = "none"
    """No 192 is added."""

    @classmethod
    def of(cls, value: object) -> TypeCodes:
        """The member for *value* (a member, its value, ``True`` = default, ``False`` = none)."""
        if value is None or value is True:
            return cls.ACCEPTED
        if value is False:
            return cls.NONE
        if isinstance(value, cls):
            return value
        try:
            return cls(value)
        except ValueError:
            choices = ", ".join(m.value for m in cls)
            raise UsageError(f"type codes {value!r} is none of {choices}") from None


def _type_codes(value: object) -> TypeCodes:
    return TypeCodes.of(value)


ACCEPTED_192 = bbppairings.TYPE_CODES
"""The 192 codes both known readers accept: bbpPairings refuses any other ("unsupported
tournament type"), round robins included (:data:`trfkit.trf.bbppairings.TYPE_CODES`);
FIDE's checker gacrux reads any code of an individual event (it ignores those it does not
know)."""


@attrs.frozen(repr=False)
class ConvertOptions(Value):
    """Choices a conversion makes.

    Attributes:
        keep_unsupported: Going to TRF16, keep records TRF16 does not define (reported as
            kept) instead of dropping them (reported as dropped).
        type_codes: Going to TRF-2026, which 192 code to add after a 092 text that names
            a system (:class:`TypeCodes`; by default only those the known readers accept).
        round_order: The round order of a round robin (``--round-order``,
            :class:`~trfkit.compute.berger.RoundOrderChoice`; a spelling such as
            ``"fide-swap"`` is accepted). The 192 code is the recognised order's
            (:func:`schedule_code`); the choice is tried first and decides what the schedule
            cannot show yet: whether a double round robin swaps the last two rounds of its
            first cycle before they are played, and the code of a 092 text that names a
            double round robin. **UNCERTAIN**: FIDE recommends the swap (C.05 Annex 1), so
            ``any`` (the default) and ``fide-swap`` write ``FIDE_DOUBLEROUNDROBIN``
            (``FIDE_TEAM_DOUBLEROUNDROBIN`` for teams); ``table`` writes
            ``BERGER_DOUBLEROUNDROBIN`` (``BERGER_TEAM_ROUNDROBIN_G2``), the plain Berger
            table played twice; ``rotate-K`` ``CUSTOM_ROUNDROBIN`` (no team code).
        reader: Going to TRF-2026, the program the output is for (``convert --for``): a 192
            bbpPairings does not read becomes the 092 text (or is dropped when a 092 says
            the system), listed either way.
    """

    keep_unsupported: bool = False
    type_codes: TypeCodes = attrs.field(default=TypeCodes.ACCEPTED, converter=_type_codes)
    round_order: RoundOrderChoice = attrs.field(default=ANY_ORDER, converter=round_order_of)
    reader: Reader | None = attrs.field(
        default=None, converter=attrs.converters.optional(Reader)
    )


def _door(function: str, tournament: object, options: object) -> None:
    """The types of a conversion's arguments, checked at the door."""
    if not isinstance(tournament, Tournament):
        expected = "a trfkit.Tournament (trfkit.loads reads one)"
        raise ArgumentTypeError.naming(function, "tournament", expected, tournament)
    _options(function, options)


def _options(function: str, options: object) -> None:
    if options is not None and not isinstance(options, ConvertOptions):
        expected = "a trfkit.formats.ConvertOptions or None"
        raise ArgumentTypeError.naming(function, "options", expected, options)


def _flag(function: str, argument: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ArgumentTypeError.naming(function, argument, "True or False", value)


# --- 092 free text → 192 code ---------------------------------------------------------------


def _swaps(options: ConvertOptions) -> bool:
    """Whether a double round robin swaps cycle 1's last two rounds when nothing shows it.

    FIDE's recommendation, unless ``--round-order`` says ``table``.
    """
    return options.round_order.kind is not RoundOrderKind.TABLE

_SWISS = TypeCode(False)


def schedule_code(
    tournament: Tournament, *, team: bool, options: ConvertOptions | None = None
) -> tuple[str | None, str]:
    """The 192 code of a round robin as its schedule is played, and why (``None``: no code).

    The cycles and the round order come from the Berger table the games fit
    (:func:`trfkit.compute.recognition.explain`): the table order played twice is
    ``BERGER_DOUBLEROUNDROBIN``, with the last two rounds of cycle 1 swapped
    ``FIDE_DOUBLEROUNDROBIN``; another order (Rotate-k, reversed, the organiser's own) is
    ``CUSTOM_ROUNDROBIN`` for players, and no code for teams (192 has none). Before the
    swapped rounds are played the schedule cannot tell: ``round_order``
    decides (UNCERTAIN).
    """
    _door("schedule_code", tournament, options)
    _flag("schedule_code", "team", team)
    options = options or ConvertOptions()
    decision = decide(tournament)
    if not decision.round_robin:
        return None, "its schedule is no round robin, so no 192 is written"
    rr = recognition.recognise(tournament, decision)
    fit = None
    swap = _swaps(options)
    if rr is not None:
        preferred: list[bool | str] = [swap, not swap]
        if options.round_order.kind is RoundOrderKind.ROTATE:
            preferred.insert(0, str(options.round_order))
        fit = recognition.explain(rr.observed, rr.cycles, preferred=preferred)
    if rr is None or fit is None:
        return None, "its games follow no Berger table, so no 192 is written"
    order, cycles = fit.order.name, rr.cycles
    kind = "TEAM_" if team else ""
    if order not in ("table", "fide-swap"):
        if team:
            return None, f"its schedule follows {order}, which no team 192 code names"
        return "CUSTOM_ROUNDROBIN", f"its schedule follows {order}"
    if cycles == 1:
        return f"FIDE_{kind}ROUNDROBIN", "its schedule is one cycle of the Berger table"
    if cycles == 2:
        seen = sum(1 for ms in rr.observed.by_round() if ms) >= rr.rounds_per_cycle
        swap = order == "fide-swap" if seen else swap
        why = (
            "its schedule swaps the last two rounds of cycle 1 (FIDE)" if swap
            else "its schedule plays the table order twice"
        ) if seen else "the rounds played do not show yet whether cycle 1's last two rounds " \
            "are swapped; the round-order option decides"  # fmt: skip
        if team:
            return ("FIDE_TEAM_DOUBLEROUNDROBIN" if swap else "BERGER_TEAM_ROUNDROBIN_G2"), why
        return ("FIDE_DOUBLEROUNDROBIN" if swap else "BERGER_DOUBLEROUNDROBIN"), why
    if order == "table":
        return f"BERGER_{kind}ROUNDROBIN_G{cycles}", f"its schedule plays the table {cycles} times"
    return None, f"no 192 code names {cycles} cycles with the swap"


_YEAR = re.compile(r"\b(2017|2025|2026)\b")
def type_code(text: str, *, team: bool, options: ConvertOptions | None = None) -> str | None:
    """The TRF-2026 192 code a 092 free text names, or ``None`` when it names none.

    Recognised: a 192 code written out (``FIDE-TEAM-BAKU`` too); a round robin as
    :func:`trfkit.compute.regime.read_092` reads it (every language it knows), with
    "double" for a double round robin; and, for individual events, the Swiss systems Dutch (with the
    2017, 2025 or 2026 edition and "Baku" acceleration when the text says so), Burstein,
    Dubov, Double Swiss, Scheveningen and Schiller. "Swiss" alone names no system and
    gives ``None``, as does any team Swiss (192 needs its match/game point order).

    Args:
        text: The 092 value.
        team: Whether the tournament is a team event (:func:`trfkit.compute.regime.team_event`).
        options: The round-order reading (see :class:`ConvertOptions`).
    """
    if not isinstance(text, str):
        raise ArgumentTypeError.naming("type_code", "text", "a str (a 092 text)", text)
    _flag("type_code", "team", team)
    _options("type_code", options)
    options = options or ConvertOptions()
    code = text.strip().upper().replace("-", "_")
    if is_type_code(code):
        return code
    words = re.sub(r"[^a-z0-9]+", " ", text.lower()).split()
    joined = "".join(words)
    named = read_092(text)
    double = "double" in words or "2x" in words or "doubleroundrobin" in joined
    if named is not None and named.round_robin:
        double = double or named.cycles == 2
        if team:
            if not double:
                return "FIDE_TEAM_ROUNDROBIN"
            if options.round_order.kind is RoundOrderKind.ROTATE:
                return None  # no team code names Rotate-k
            swap = _swaps(options)
            return "FIDE_TEAM_DOUBLEROUNDROBIN" if swap else "BERGER_TEAM_ROUNDROBIN_G2"
        if not double:
            return "FIDE_ROUNDROBIN"
        if options.round_order.kind is RoundOrderKind.ROTATE:
            return "CUSTOM_ROUNDROBIN"
        return "FIDE_DOUBLEROUNDROBIN" if _swaps(options) else "BERGER_DOUBLEROUNDROBIN"
    if team:
        return None
    baku = "_BAKU" if "baku" in joined else ""
    if "dutch" in joined or "javafo" in joined:
        year = _YEAR.search(text)
        return f"FIDE_DUTCH{'_' + year.group(1) if year else ''}{baku}"
    if "burstein" in joined:
        return f"FIDE_BURSTEIN{baku}"
    if "dubov" in joined:
        return "FIDE_DUBOV"
    if "doubleswiss" in joined:
        return "FIDE_DOUBLESWISS"
    if "scheveningen" in joined:
        return "FIDE_DOUBLESCHEVENINGEN" if double else "FIDE_SCHEVENINGEN"
    if "schiller" in joined:
        return "FIDE_SCHILLER"
    return None


# --- scoring: XXS ↔ 162 -----------------------------------------------------------------------

_HALF = Fraction(1, 2)
JAVAFO_DEFAULTS: dict[str, Fraction] = {
    "WW": Fraction(1),
    "BW": Fraction(1),
    "FW": Fraction(1),
    "FPB": Fraction(1),
    "WD": _HALF,
    "BD": _HALF,
    "HPB": _HALF,
    "WL": Fraction(0),
    "BL": Fraction(0),
    "ZPB": Fraction(0),
    "FL": Fraction(0),
    "PAB": Fraction(1),
}
"""JaVaFo's ``XXS`` codes and their defaults (JaVaFo AUM, format notes §3.1)."""
_JAVAFO_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
SCORING_GROUPS: dict[str, tuple[str, ...]] = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "A": ("ZPB", "FL"),
    "P": ("PAB",),
}
"""Which JaVaFo codes each 162 symbol stands for (TRF-2026 162: W = win over the board,
by forfeit or FPB; D = draw or HPB; L = loss over the board; A = ZPB or forfeit loss;
P = PAB). 162's ``X`` (unknown result) has no JaVaFo code."""
_XXS_ORDER = (("W", ("W",)), ("D", ("D",)), ("L", ("WL", "BL")), ("A", ("ZPB", "FL")))


def javafo_table(records: Iterable[Scoring]) -> dict[str, Fraction] | None:
    """The effective JaVaFo scoring after every ``XXS`` assignment.

    Later assignments override earlier ones; ``None`` when one uses a code JaVaFo does
    not define.
    """
    table = dict(JAVAFO_DEFAULTS)
    for record in records:
        for symbol, value in record.values:
            key = symbol.upper()
            if key in _JAVAFO_SHORTCUTS:
                for code in _JAVAFO_SHORTCUTS[key]:
                    table[code] = value
            elif key in table:
                table[key] = value
            else:
                return None
    return table


def table_162(record: Scoring) -> tuple[dict[str, Fraction], list[str]]:
    """The effective 162 values (W D L A P X, defaults applied) and the unknown symbols.

    TRF-2026 defaults: W 1.0, D 0.5, L 0.0, A 0.0, P = W, X = D; ``Z`` is read as ``A``
    (bbpPairings writes it so).
    """
    given: dict[str, Fraction] = {}
    unknown: list[str] = []
    for symbol, value in record.values:
        key = {"Z": "A"}.get(symbol.upper(), symbol.upper())
        if key in ("W", "D", "L", "A", "P", "X"):
            given[key] = value
        else:
            unknown.append(symbol)
    table = {
        "W": given.get("W", Fraction(1)),
        "D": given.get("D", _HALF),
        "L": given.get("L", Fraction(0)),
        "A": given.get("A", Fraction(0)),
    }
    table["P"] = given.get("P", table["W"])
    table["X"] = given.get("X", table["D"])
    return table, unknown


def _xxs_to_162(table: dict[str, Fraction]) -> tuple[tuple[str, Fraction], ...] | None:
    """The 162 pairs equal to a JaVaFo table (only values off the 162 defaults).

    ``None`` when one 162 symbol would need two values.
    """
    values: dict[str, Fraction] = {}
    for symbol, codes in SCORING_GROUPS.items():
        found = {table[c] for c in codes}
        if len(found) != 1:
            return None
        values[symbol] = found.pop()
    defaults = {"W": Fraction(1), "D": _HALF, "L": Fraction(0), "A": Fraction(0)}
    defaults["P"] = values["W"]
    return tuple((s, v) for s, v in values.items() if v != defaults[s])


def _162_to_xxs(table: dict[str, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    """The shortest ``XXS`` assignments giving a 162 table (values off JaVaFo's defaults)."""
    pairs: list[tuple[str, Fraction]] = []
    for symbol, codes in _XXS_ORDER:
        default = JAVAFO_DEFAULTS[SCORING_GROUPS[symbol][0]]
        if table[symbol] != default:
            pairs.extend((code, table[symbol]) for code in codes)
    if table["P"] != JAVAFO_DEFAULTS["PAB"]:
        pairs.append(("PAB", table["P"]))
    return tuple(pairs)


# --- shared helpers ---------------------------------------------------------------------------


def record_code(record: Record) -> str:
    """The three-character code a record is written with (``"001"``, ``"XXR"``, ``"###"``)."""
    code = getattr(record, "code", None)
    if isinstance(code, str) and not isinstance(record, RawRecord):
        return code
    fixed = {
        Player: "001",
        RoundDates: "132",
        InitialColour: "152",
        Byes: "240",
        Acceleration: "250",
        ProhibitedPairing: "260",
        AbnormalPoints: "299",
        TeamLineup: "300",
        TeamPairingByes: "320",
        ForfeitedMatch: "330",
        Acceleration16: "XXA",
        DataLine: "DAT",
    }.get(type(record))
    if fixed:
        return fixed
    if isinstance(record, RawRecord):
        return {"comment": "###", "blank": "", "ruler": "ruler"}.get(
            record.kind, code_of_line(record)
        )
    return ""


def _text_of(record: Record) -> str:
    """The line a record came from, else its standard rendering."""
    if record.source is not None:
        return record.source.text
    return render_record(record).rstrip()


def _line_of(record: Record) -> str:
    return render_record(record).rstrip()


def _rerendered(record: Record) -> Source | None:
    """A copy of *record*'s source that makes the writer render the record anew."""
    source = record.source
    if source is None:
        return None
    return Source(source.line, source.text, source.newline, unplaced=source.unplaced)


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()


class _Teams:
    """The teams of one record kind, indexed once: by members, by name, by player.

    A conversion asks it about every team of the other kind, so matching 013 and 310
    records is linear in the number of teams.
    """

    def __init__(self, teams: Iterable[Team]) -> None:
        self.by_members: dict[frozenset[int], Team] = {}
        self.by_name: dict[str, Team] = {}
        self.of_player: dict[int, Team] = {}
        for team in teams:
            members = _members(team)
            if members:
                self.by_members.setdefault(members, team)
            self.by_name.setdefault(_norm(team.name), team)
            for rank in members:
                self.of_player.setdefault(rank, team)

    def twin(self, team: Team) -> Team | None:
        """The team with the same players (in any order), or else with the same name.

        A namesake is a twin only when it holds every player *team* lists (a 013 header
        without members next to its full 310): otherwise leaving *team* out would lose
        players, and both are kept (:meth:`sharing` reports a player in two teams).
        """
        members = _members(team)
        found = self.by_members.get(members) if members else None
        if found is not None:
            return found
        name = _norm(team.name)
        namesake = self.by_name.get(name) if name else None  # blank names say nothing
        if namesake is not None and members <= _members(namesake):
            return namesake
        return None

    def sharing(self, team: Team) -> dict[Team, list[int]]:
        """The teams that already hold some of *team*'s players, with those players."""
        found: dict[Team, list[int]] = {}
        for rank in sorted(_members(team)):
            other = self.of_player.get(rank)
            if other is not None:
                found.setdefault(other, []).append(rank)
        return found


def _members(team: Team) -> frozenset[int]:
    return frozenset(m for m in team.members if m)


def _merge_team(b: _Builder, r: Team, twin: Team, kept: str) -> None:
    """Leave out *r*, which *twin* (a *kept* record) already holds, naming what differs."""
    same_players = _members(twin) == _members(r)
    differences: list[str] = []
    ours, theirs = _ids(r.members), _ids(twin.members)
    if not same_players:
        differences.append(f"its {r.code} members {ours} differ from {theirs}")
    elif [m for m in twin.members if m] != [m for m in r.members if m]:
        differences.append(f"its board order {ours} differs from {theirs}")
    if _norm(twin.name) != _norm(r.name):
        differences.append(f"its name {r.name!r} differs from {twin.name!r}")
    match = "the same players" if same_players else "the same name"
    why = f"team {r.name!r} is the {kept} team on line {twin.line} ({match})"
    if differences:
        why += "; " + ", ".join(differences) + f"; the {kept} record is kept"
    b.drop(r, why, duplicate=not differences)


def _shared_players(b: _Builder, r: Team, index: _Teams, kind: str) -> None:
    """Report the players *r* shares with teams of the other kind it is not the twin of."""
    for other, ranks in index.sharing(r).items():
        b.note(
            Action.KEPT,
            r,
            f"players {_ids(ranks)} of team {r.name!r} are also members of {kind} team "
            f"{other.name!r} (line {other.line}): they stand in two teams",
            field="members",
        )


class _Builder:
    """Collects the output records and the adjustments of one conversion."""

    def __init__(self, tournament: Tournament, options: ConvertOptions) -> None:
        self.tournament = tournament
        self.options = options
        self.team = team_event(tournament)  # the regime's one answer, asked once
        self.out: list[Record] = []
        self.adjustments: list[Adjustment] = []

    def note(
        self,
        action: Action,
        record: Record,
        why: str,
        *,
        field: str = "",
        column: int | None = None,
        before: str | None = None,
        after: str | None = None,
        code: str | None = None,
    ) -> None:
        self.adjustments.append(
            Adjustment(
                action=action,
                line=record.line,
                record=record_code(record) if code is None else code,
                field=field,
                column=column,
                before=before,
                after=after,
                why=why,
            )
        )

    def rewrite(self, old: Record, new: Record, why: str) -> None:
        """Replace *old* by *new* at its place."""
        self.note(Action.REWRITTEN, old, why, before=_text_of(old), after=_line_of(new))
        self.out.append(new)

    def drop(self, record: Record, why: str, *, duplicate: bool = False) -> None:
        """Leave *record* out of the output (a *duplicate* loses no information)."""
        action = Action.MERGED if duplicate else Action.DROPPED
        self.note(action, record, why, before=_text_of(record))

    def keep_note(self, record: Record, why: str) -> None:
        """Keep *record* and note that the target does not define it."""
        self.note(Action.KEPT, record, why)
        self.out.append(record)

    def unsupported(self, record: Record, why: str) -> None:
        """A record TRF16 cannot express: dropped, or kept with ``keep_unsupported``."""
        if self.options.keep_unsupported:
            self.keep_note(record, f"{why}; kept as requested")
        else:
            self.drop(record, why)

    def player(self, record: Player) -> Player:
        """Rewrite a TRF06 or lower-case title as the standard title (both versions)."""
        source = record.source
        if source is None or record.title is None:
            return record
        field = C.PLAYER.field("title")
        written = title_as_written(record) or ""
        if written == record.title.value:
            return record
        old = written.lower() in OLD_TITLES and written.islower()
        why = (
            "TRF06 title code; TRF16 and TRF-2026 write GM IM WGM FM WIM CM WFM WCM"
            if old
            else "titles are written in capitals"
        )
        if source.unplaced:  # rewriting the line would cut the text no field can take
            why = f"{why}; not rewritten, since the line is kept as written"
            self.note(Action.KEPT, record, why, field="title", column=field.start)
            return record
        self.note(
            Action.REWRITTEN,
            record,
            why,
            field="title",
            column=field.start,
            before=written,
            after=record.title.value,
        )
        return attrs.evolve(record, source=_rerendered(record))

    def finish(self, target: FileFormat) -> Conversion:
        return Conversion(
            Tournament(tuple(self.out), encoding=self.tournament.encoding),
            tuple(self.adjustments),
            target,
        )


_EXTENSION_WHY = {
    "XXA": "JaVaFo acceleration (TRF(x)); TRF-2026 250 has another layout",
    "XXZ": "JaVaFo absentees (TRF(x)) have no TRF-2026 record",
    "XXP": "JaVaFo forbidden pairs (TRF(x)); TRF-2026 260 needs a round range",
    "DAT": "Tornelo data line; not a TRF-2026 record",
}
_DATE = re.compile(r"\d{4}/\d{2}/\d{2}", re.ASCII)
_ROUND_DATE = re.compile(r"\d{2}/\d{2}/\d{2}", re.ASCII)
_COLOUR_TOKENS = {"white1": "W", "black1": "B"}


# --- TRF16 → TRF-2026 ------------------------------------------------------------------------


def to_trf26(tournament: Tournament, *, options: ConvertOptions | None = None) -> Conversion:
    """Convert to TRF-2026: 013 → 310, XXR → 142, XXC → 152, XXS → 162, 092 → 192.

    Records already in TRF-2026 stay as they are; a TRF(x) record that duplicates one
    (``XXR 9`` next to ``142 9``) is dropped, and one that contradicts it is dropped with
    the contradiction reported. See the module documentation for the whole mapping.

    Args:
        tournament: The tournament to convert.
        options: Conversion choices (defaults of :class:`ConvertOptions` when omitted).
    """
    _door("to_trf26", tournament, options)
    b = _Builder(tournament, options or ConvertOptions())
    records = tournament.records
    count_142 = next((r for r in records if isinstance(r, RoundCount) and r.code == "142"), None)
    colour_152 = next((r for r in records if isinstance(r, InitialColour)), None)
    scoring_162 = next((r for r in records if isinstance(r, Scoring) and r.code == "162"), None)
    has_192 = any(isinstance(r, TextRecord) and r.code == "192" for r in records)
    xxs = [r for r in records if isinstance(r, Scoring) and r.code == "XXS"]
    teams_310 = _Teams(t for t in tournament.teams if t.code == "310")
    numbers = {t.number for t in tournament.teams if t.code == "310" and t.number is not None}
    next_number = 1
    for r in records:
        if isinstance(r, RoundCount) and r.code == "XXR":
            _round_count_as(b, r, "142", count_142, "TRF-2026 142 replaces XXR")
        elif isinstance(r, Tokens) and r.code == "XXC":
            _xxc_to_152(b, r, colour_152)
        elif isinstance(r, InitialColour) and r.colour.strip() in ("w", "b"):
            # the record's letter in the case its readers take (bbpPairings: W or B only)
            upper = InitialColour(r.colour.strip().upper(), source=_rerendered(r))
            b.rewrite(r, upper, "TRF-2026 writes 152 W or B; bbpPairings refuses a lower case")
        elif isinstance(r, Scoring) and r.code == "XXS":
            _xxs_to_162_record(b, r, xxs, scoring_162)
        elif isinstance(r, Team) and r.code == "013" and not b.team:
            # groups of an individual event (club mates): a 310 would make it a team event
            b.keep_note(
                r,
                "013 groups players of an individual event; a TRF-2026 310 would make it a "
                "team event, so the 013 is kept as it is",
            )
        elif isinstance(r, Team) and r.code == "013":
            twin = teams_310.twin(r)
            if twin is not None:
                _merge_team(b, r, twin, "310")
                continue
            _shared_players(b, r, teams_310, "310")
            while next_number in numbers:
                next_number += 1
            numbers.add(next_number)
            new = attrs.evolve(r, code="310", number=next_number)
            b.rewrite(
                r,
                new,
                f"TRF-2026 310 replaces 013; team number {next_number} given in file order, "
                "match points, game points and rank left blank (013 has none)",
            )
        elif (
            isinstance(r, TextRecord)
            and r.code == "192"
            and b.options.reader is Reader.BBPPAIRINGS
            and r.value not in bbppairings.TYPE_CODES
        ):
            _192_for_bbppairings(b, r, has_092=any(
                isinstance(x, TextRecord) and x.code == "092" for x in records
            ))  # fmt: skip
        elif isinstance(r, TextRecord) and r.code == "092":
            b.out.append(r)
            if has_192 or b.options.type_codes is TypeCodes.NONE:
                continue
            code = type_code(r.value, team=b.team, options=b.options)
            if code is not None and (read_192(code) or _SWISS).round_robin:
                # the round robin a word names: which one is the schedule's to say
                code, why = schedule_code(b.tournament, team=b.team, options=b.options)
                if code is None:
                    b.note(Action.KEPT, r, f"{r.value!r} names a round robin; {why}")
                    continue
            if code is None:
                b.note(
                    Action.KEPT,
                    r,
                    f"{r.value!r} names no system with a 192 code; no 192 written",
                )
                continue
            if code not in ACCEPTED_192 and b.options.type_codes is TypeCodes.ACCEPTED:
                b.note(
                    Action.KEPT,
                    r,
                    f"{r.value!r} names 192 {code}, which bbpPairings refuses (it reads "
                    f"only {', '.join(sorted(ACCEPTED_192))}); no 192 written, 092 says it",
                )
                continue
            new_192 = TextRecord("192", code)
            b.note(
                Action.ADDED,
                r,
                f"TRF-2026 192 code recognised in 092 {r.value!r}",
                code="192",
                after=_line_of(new_192),
            )
            b.out.append(new_192)
        elif isinstance(r, TextRecord) and r.code in ("042", "052"):
            b.out.append(_header_date(b, r))
        elif isinstance(r, RoundDates):
            b.out.append(_round_dates(b, r))
        elif isinstance(r, Player):
            b.out.append(_trf26_player(b, b.player(r)))
        elif isinstance(r, (Acceleration16, DataLine)) or (
            isinstance(r, Tokens) and r.code in ("XXZ", "XXP")
        ):
            b.keep_note(r, _EXTENSION_WHY[record_code(r)])
        elif isinstance(r, BbpScore):
            b.keep_note(r, "bbpPairings scoring (TRF(bx)); not a TRF-2026 record")
        elif isinstance(r, RawRecord) and r.kind == "ruler":
            comment = RawRecord("comment", "### " + r.text.rstrip(), source=_rerendered(r))
            b.rewrite(r, comment, "a column ruler; TRF-2026 writes comment lines after ###")
        elif isinstance(r, RawRecord) and r.kind == "unknown":
            b.keep_note(r, "not a TRF record")
        else:
            b.out.append(r)
    return b.finish(FileFormat.TRF26)


def _certain(text: str) -> datetime.date | None:
    """The one date *text* can stand for, or ``None`` (no date, or several readings)."""
    found = {r.date for r in readings(text)}
    return found.pop() if len(found) == 1 else None


def _header_date(b: _Builder, r: TextRecord) -> TextRecord:
    """042/052 written ``YYYY/MM/DD`` (TRF-2026) when the text reads as one date."""
    text = r.value.strip()
    if not text or _DATE.fullmatch(text):
        return r
    date = _certain(text)
    if date is None:
        b.note(
            Action.KEPT,
            r,
            f"TRF-2026 writes dates as YYYY/MM/DD; {r.value!r} does not read as one date for "
            "certain, so it is kept as written",
        )
        return r
    new = date.strftime("%Y/%m/%d")
    b.note(
        Action.REWRITTEN,
        r,
        f"TRF-2026 writes dates as YYYY/MM/DD; {text!r} reads only as {date.isoformat()}",
        before=text,
        after=new,
        column=5,
    )
    return attrs.evolve(r, value=new, source=_rerendered(r))


def _round_dates(b: _Builder, r: RoundDates) -> RoundDates:
    """132 dates written ``YY/MM/DD`` (TRF-2026) where a date reads as one date."""
    dates = list(r.dates)
    for index, text in enumerate(r.dates):
        if not text or _ROUND_DATE.fullmatch(text):
            continue
        date = _certain(text)
        if date is None:
            continue  # lint's E013 names the readings; the text stays
        dates[index] = date.strftime("%y/%m/%d")
        b.note(
            Action.REWRITTEN,
            r,
            f"TRF-2026 writes round dates as YY/MM/DD; {text!r} reads only as "
            f"{date.isoformat()}",
            field=f"round {index + 1} date",
            column=C.round_block_start(index + 1),
            before=text,
            after=dates[index],
        )
    if dates == list(r.dates):
        return r
    return attrs.evolve(r, dates=tuple(dates), source=_rerendered(r))


def _trf26_player(b: _Builder, p: Player) -> Player:
    """A player as TRF-2026 writes it: a birth date ``YYYY/MM/DD``, ``0000`` for no opponent.

    bbpPairings refuses a round without opponent written other than ``0000`` or blank
    ("player ID of 0"); such a line is written anew.
    """
    source = p.source
    if source is None or source.unplaced:
        return p
    changed = False
    birth = p.birth_date
    if birth and not _DATE.fullmatch(birth):
        date = _certain(birth)
        if date is not None:
            birth = date.strftime("%Y/%m/%d")
            changed = True
            b.note(
                Action.REWRITTEN,
                p,
                f"TRF-2026 writes birth dates as YYYY/MM/DD; {p.birth_date!r} reads only as "
                f"{date.isoformat()}",
                field="birth date",
                column=C.PLAYER.field("birth_date").start,
                before=p.birth_date,
                after=birth,
            )
    if bye_opponents(p):
        changed = True
    if not changed:
        return p
    return attrs.evolve(p, birth_date=birth, source=_rerendered(p))


def _ids(ids: Sequence[int | None]) -> str:
    return " ".join("-" if i is None else str(i) for i in ids) or "none"


def _round_count_as(
    b: _Builder, r: RoundCount, code: str, kept: RoundCount | None, why: str
) -> None:
    """*r* (142 or ``XXR``) rewritten as *code*, or dropped beside the *code* record *kept*.

    Dropped as a repeat when *kept* says the same number of rounds, else as a contradiction
    (*kept* wins).
    """
    if kept is None:
        b.rewrite(r, RoundCount(code, r.rounds, source=r.source), why)
    elif kept.rounds == r.rounds:
        b.drop(r, f"the same number of rounds is in {code} (line {kept.line})", duplicate=True)
    else:
        b.drop(r, f"contradicts {code} {kept.rounds} (line {kept.line}); {code} kept")


def _xxc_to_152(b: _Builder, r: Tokens, colour_152: InitialColour | None) -> None:
    colours = [t for t in r.tokens if t.lower() in _COLOUR_TOKENS]
    rest = tuple(t for t in r.tokens if t.lower() not in _COLOUR_TOKENS)
    if not colours:
        b.keep_note(r, "XXC options other than white1/black1 have no TRF-2026 record")
        return
    colour = _COLOUR_TOKENS[colours[-1].lower()]
    if colour_152 is not None:
        agree = colour_152.colour.upper() == colour
        why = (
            f"the same initial colour is in 152 (line {colour_152.line})"
            if agree
            else f"contradicts 152 {colour_152.colour} (line {colour_152.line}); 152 kept"
        )
        if rest:
            new = attrs.evolve(r, tokens=rest)
            action = Action.MERGED if agree else Action.DROPPED
            b.note(action, r, why, field="colour", before=" ".join(colours))
            b.note(
                Action.KEPT, r, f"XXC {' '.join(rest)} has no TRF-2026 record", after=_line_of(new)
            )
            b.out.append(new)
        else:
            b.drop(r, why, duplicate=agree)
        return
    if not rest:
        initial = InitialColour(colour, source=r.source)
        b.rewrite(r, initial, "TRF-2026 152 replaces XXC white1/black1")
        return
    new_152 = InitialColour(colour)
    kept = attrs.evolve(r, tokens=rest)
    b.note(
        Action.MOVED,
        r,
        "TRF-2026 152 replaces XXC white1/black1",
        field="colour",
        before=" ".join(colours),
        after=_line_of(new_152),
    )
    b.note(
        Action.KEPT,
        r,
        f"XXC {' '.join(rest)} has no TRF-2026 record",
        after=_line_of(kept),
    )
    b.out.extend((new_152, kept))


def _xxs_to_162_record(
    b: _Builder, r: Scoring, xxs: list[Scoring], scoring_162: Scoring | None
) -> None:
    table = javafo_table(xxs)
    pairs = None if table is None else _xxs_to_162(table)
    if pairs is None:
        why = (
            "uses a code JaVaFo does not define"
            if table is None
            else "gives points by colour or splits a 162 symbol (162 has one value per symbol)"
        )
        b.keep_note(r, f"XXS {why}; TRF-2026 162 cannot express it")
        return
    if r is not xxs[0]:
        b.drop(r, f"merged into the 162 record written for line {xxs[0].line}", duplicate=True)
        return
    if scoring_162 is not None:
        same = _xxs_to_162(_162_as_javafo(scoring_162)) == pairs
        b.drop(
            r,
            f"the same scoring is in 162 (line {scoring_162.line})"
            if same
            else f"contradicts 162 (line {scoring_162.line}); 162 kept",
            duplicate=same,
        )
        return
    if not pairs:
        b.drop(r, "every XXS value is the TRF-2026 default; no 162 needed", duplicate=True)
        return
    b.rewrite(
        r,
        Scoring("162", pairs, source=r.source),
        "TRF-2026 162 replaces XXS (only values that differ from the 162 defaults)",
    )


def _162_as_javafo(record: Scoring) -> dict[str, Fraction]:
    table, _ = table_162(record)
    return {code: table[symbol] for symbol, codes in SCORING_GROUPS.items() for code in codes}


# --- TRF-2026 → TRF16 ------------------------------------------------------------------------

_ONLY_26 = {
    "172": "the encoded starting rank method (172) is TRF-2026 only",
    "182": "the pairing controller (182) is TRF-2026 only",
    "222": "the encoded time control (222) is TRF-2026 only; 122 holds the rate of play",
    "352": "board colours of team matches (352) are TRF-2026 only",
}
_UNSUPPORTED_16: dict[type[Record], str] = {
    TieBreakList: "TRF16 declares no tie-breaks",
    NationalRecord: "TRF16 has no national rating records",
    Acceleration: "TRF16 has no 250 acceleration record (JaVaFo's XXA has another layout)",
    ProhibitedPairing: "TRF16 has no 260 prohibited-pairing record",
    AbnormalPoints: "TRF16 has no 299 record; the 001 points keep the total",
    TeamLineup: "TRF16 has no 300 team line-up record",
    TeamPairingByes: "TRF16 has no 320 team bye record",
    ForfeitedMatch: "TRF16 has no 330 forfeited-match record",
}


def _192_for_bbppairings(b: _Builder, r: TextRecord, *, has_092: bool) -> None:
    """A 192 bbpPairings refuses, for ``--for bbppairings``: the 092 text, or dropped."""
    why = f"bbpPairings refuses 192 {r.value!r} (it reads only {', '.join(sorted(ACCEPTED_192))})"
    if has_092:
        b.drop(r, why + "; 092 describes the system")
    else:
        b.rewrite(r, TextRecord("092", r.value, source=r.source), why + "; written as 092 text")


def to_trf16(tournament: Tournament, *, options: ConvertOptions | None = None) -> Conversion:
    """Convert to TRF16: 310 → 013, 142 → XXR, 152 → XXC, 162 → XXS, 192 → 092.

    A 192 code becomes the 092 text when the file has no 092 (else it is dropped, 092
    describing the type). 240 byes of individual events move into the players' round
    blocks (``0000 - H`` in that round, the JaVaFo convention) where the block is empty.
    Everything TRF16 cannot express is dropped and listed (kept with
    ``options.keep_unsupported``). See the module documentation for the whole mapping.

    Args:
        tournament: The tournament to convert.
        options: Conversion choices (defaults of :class:`ConvertOptions` when omitted).
    """
    _door("to_trf16", tournament, options)
    b = _Builder(tournament, options or ConvertOptions())
    records = tournament.records
    has_xxr = next((r for r in records if isinstance(r, RoundCount) and r.code == "XXR"), None)
    xxc = next((r for r in records if isinstance(r, Tokens) and r.code == "XXC"), None)
    xxs = [r for r in records if isinstance(r, Scoring) and r.code == "XXS"]
    has_092 = any(isinstance(r, TextRecord) and r.code == "092" for r in records)
    teams_013 = _Teams(t for t in tournament.teams if t.code == "013")
    colour = next((r for r in records if isinstance(r, InitialColour)), None)
    xxc_colour = _merged_xxc(b, xxc, colour)
    byes = {} if b.team else _bye_blocks(tournament, records)
    for r in records:
        if isinstance(r, RoundCount) and r.code == "142":
            _round_count_as(b, r, "XXR", has_xxr, "TRF16 writes 142 as JaVaFo's XXR")
        elif isinstance(r, InitialColour):
            _152_to_xxc(b, r, xxc, xxc_colour if r is colour else None)
        elif isinstance(r, Tokens) and r.code == "XXC" and r is xxc and xxc_colour is not None:
            b.rewrite(
                r,
                xxc_colour,
                f"the initial colour of 152 (line {colour.line if colour else '?'}) joins XXC",
            )
        elif isinstance(r, Scoring) and r.code == "162":
            _162_to_xxs_record(b, r, xxs)
        elif isinstance(r, Scoring) and r.code == "362":
            b.unsupported(r, "TRF16 has no team match scoring (362)")
        elif isinstance(r, TextRecord) and r.code == "192":
            if has_092:
                b.drop(r, "TRF16 has no coded tournament type; 092 describes it")
            else:
                b.rewrite(
                    r,
                    TextRecord("092", r.value, source=r.source),
                    "TRF16 has no coded tournament type; the code is written as the 092 text",
                )
        elif isinstance(r, TextRecord) and r.code in _ONLY_26:
            b.unsupported(r, _ONLY_26[r.code])
        elif isinstance(r, Team) and r.code == "310":
            _310_to_013(b, r, teams_013)
        elif isinstance(r, Byes):
            _byes_note(b, r, byes)
        elif isinstance(r, RawRecord) and r.kind in ("801", "802"):
            b.unsupported(r, f"the informative team results ({r.kind}) are TRF-2026 only")
        elif isinstance(r, RawRecord) and r.kind == "comment":
            b.unsupported(r, "TRF16 has no comment lines (### is TRF-2026)")
        elif type(r) in _UNSUPPORTED_16:
            b.unsupported(r, _UNSUPPORTED_16[type(r)])
        elif isinstance(r, Player):
            b.out.append(_with_byes(b, b.player(r), byes))
        else:
            b.out.append(r)
    return b.finish(FileFormat.TRF16)


def _merged_xxc(b: _Builder, xxc: Tokens | None, colour: InitialColour | None) -> Tokens | None:
    """The XXC record with 152's colour added, when both exist and XXC has no colour."""
    if xxc is None or colour is None:
        return None
    token = {"W": "white1", "B": "black1"}.get(colour.colour.upper())
    if token is None or any(t.lower() in _COLOUR_TOKENS for t in xxc.tokens):
        return None
    return attrs.evolve(xxc, tokens=(*xxc.tokens, token))


def _152_to_xxc(
    b: _Builder, r: InitialColour, xxc: Tokens | None, merged: Tokens | None
) -> None:
    token = {"W": "white1", "B": "black1"}.get(r.colour.upper())
    if token is None:
        b.drop(r, f"152 {r.colour!r} is neither W nor B; XXC cannot say it")
        return
    if merged is not None:
        b.note(
            Action.MOVED,
            r,
            f"TRF16 writes 152 as JaVaFo's XXC {token}, added to the XXC record (line "
            f"{xxc.line if xxc else '?'})",
            before=_text_of(r),
            after=_line_of(merged),
        )
        return
    if xxc is not None:
        have = [t for t in xxc.tokens if t.lower() in _COLOUR_TOKENS]
        same = bool(have) and have[-1].lower() == token
        b.drop(
            r,
            f"the same colour is in XXC (line {xxc.line})"
            if same
            else f"contradicts XXC {' '.join(have)} (line {xxc.line}); XXC kept",
            duplicate=same,
        )
        return
    b.rewrite(r, Tokens("XXC", (token,), source=r.source), "TRF16 writes 152 as JaVaFo's XXC")


def _162_to_xxs_record(b: _Builder, r: Scoring, xxs: list[Scoring]) -> None:
    table, unknown = table_162(r)
    given_x = any(s.upper() == "X" for s, _ in r.values)
    pairs = _162_to_xxs(table)
    if xxs:
        javafo = javafo_table(xxs)
        same = javafo is not None and _162_to_xxs(
            {s: javafo[codes[0]] for s, codes in SCORING_GROUPS.items()}
        ) == pairs
        b.drop(
            r,
            f"the same scoring is in XXS (line {xxs[0].line})"
            if same
            else f"contradicts XXS (line {xxs[0].line}); XXS kept",
            duplicate=same,
        )
        return
    lost = [f"symbol {s!r} is not a 162 symbol" for s in unknown]
    if given_x and table["X"] != table["D"]:
        lost.append(f"X {format_number(table['X'])} (unknown result): XXS has no code for it")
    for text in lost:
        b.note(Action.DROPPED, r, text, field="scoring", before=_text_of(r))
    if not pairs:
        b.drop(r, "every 162 value is JaVaFo's default; TRF16 needs no XXS", duplicate=True)
        return
    b.rewrite(
        r,
        Scoring("XXS", pairs, source=r.source),
        "TRF16 writes 162 as JaVaFo's XXS (only values that differ from JaVaFo's defaults)",
    )


def _310_to_013(b: _Builder, r: Team, teams_013: _Teams) -> None:
    twin = teams_013.twin(r)
    if twin is not None:
        _merge_team(b, r, twin, "013")
        _team_fields_dropped(b, r)
        return
    _shared_players(b, r, teams_013, "013")
    new = Team("013", r.name, r.members, source=r.source)
    b.rewrite(r, new, "TRF16 writes teams as 013 (name and members only)")
    _team_fields_dropped(b, r)


def _team_fields_dropped(b: _Builder, r: Team) -> None:
    """List the 310 fields that a 013 cannot hold."""
    for name, label in (
        ("number", "team number"),
        ("nickname", "nickname"),
        ("strength", "strength factor"),
        ("match_points", "match points"),
        ("game_points", "game points"),
        ("rank", "team rank"),
    ):
        value = getattr(r, name)
        if value is None or value == "":
            continue
        field = C.TEAM26.field(name)
        text = C.format_value(value, field.kind)
        b.note(
            Action.DROPPED,
            r,
            f"013 has no {label}",
            field=label,
            column=field.start,
            before=text,
        )


_BYE_CODES = {FULL_BYE: Result.FULL_BYE, HALF_BYE: Result.HALF_BYE, ZERO_BYE: Result.ZERO_BYE}
"""The code a 240 bye is written as in a TRF16 round block."""


def _bye_blocks(
    tournament: Tournament, records: Sequence[Record]
) -> dict[int, dict[int, tuple[Byes, Result]]]:
    """Start rank → round → (240 record, bye code) for every 240 entry the history reads.

    A round beyond the event (:func:`~trfkit.compute.history.last_bye_round`) is none of
    its rounds, as the history reads it.
    """
    found: dict[int, dict[int, tuple[Byes, Result]]] = {}
    for r in records:
        if not isinstance(r, Byes) or not r.round or r.round > last_bye_round(tournament):
            continue
        kind = bye_of_record(r)
        if kind is None:
            continue
        for rank in r.ids:
            if rank is not None:
                found.setdefault(rank, {}).setdefault(r.round, (r, _BYE_CODES[kind]))
    return found


def _byes_note(
    b: _Builder, r: Byes, byes: dict[int, dict[int, tuple[Byes, Result]]]
) -> None:
    if b.team:
        b.unsupported(r, "TRF16 has no team bye record (240)")
        return
    kind = bye_of_record(r)
    if kind is None or not r.round:
        b.unsupported(r, "TRF16 has no 240 record and this one names no round or bye kind")
        return
    if r.round > last_bye_round(b.tournament):
        b.unsupported(r, f"TRF16 has no 240 record, and round {r.round} is beyond the event")
        return
    players = b.tournament.players_by_start_rank
    code = _BYE_CODES[kind].value
    for rank in r.ids:
        if rank is None:
            continue
        player = players.get(rank)
        if player is None:
            b.note(
                Action.DROPPED,
                r,
                f"start rank {rank} is no player; TRF16 has no 240 record",
                field=f"id {rank}",
                before=_text_of(r),
            )
            continue
        block = player.round(r.round)
        if leaves_out_a_bye(block):
            why = (
                f"TRF16 shows byes in the round blocks: player {rank} round {r.round} "
                f"(line {player.line})"
            )
            b.note(Action.MOVED, r, why, field=f"id {rank}", before=code, after=f"0000 - {code}")
            continue
        assert block is not None  # a block that leaves out no bye is one
        if block.opponent is None and kind_of_block(block) is kind:
            shown = written(block)
            also = "" if shown == code else f" (written {shown}, read as {code})"
            b.note(
                Action.MERGED,
                r,
                f"player {rank}'s round {r.round} block (line {player.line}) already shows "
                f"{code}{also}",
                field=f"id {rank}",
                before=code,
            )
        else:
            shown = C.format_value(block.opponent, C.Kind.INT) or "0000"
            b.note(
                Action.DROPPED,
                r,
                f"player {rank}'s round {r.round} block (line {player.line}) shows "
                f"{shown} {block.colour.value} {written(block) or ' '}; "
                "it is kept and the 240 entry is lost",
                field=f"id {rank}",
                before=code,
            )


def _with_byes(
    b: _Builder, player: Player, byes: dict[int, dict[int, tuple[Byes, Result]]]
) -> Player:
    """The player with the 240 byes written into empty round blocks."""
    wanted = byes.get(player.start_rank)
    if not wanted:
        return player
    rounds = list(player.rounds)
    changed = False
    for number in sorted(wanted):
        record, result = wanted[number]
        block = player.round(number)
        if not leaves_out_a_bye(block):
            continue
        while len(rounds) < number:
            rounds.append(RoundResult(len(rounds) + 1, None, Colour.NONE, None))
        rounds[number - 1] = RoundResult(number, None, Colour.NONE, result)
        changed = True
        # an absence written in the block (0000 - -, a blank result) gives way to the bye
        before = None if block is None or block.is_blank else (
            f"0000 {block.colour.value} {written(block) or ' '}".rstrip()
        )
        b.note(
            Action.ADDED if before is None else Action.REWRITTEN,
            player,
            f"bye from the 240 record on line {record.line}",
            field=f"round {number}",
            column=C.round_block_start(number),
            before=before,
            after=f"0000 - {result.value}",
        )
    if not changed:
        return player
    return attrs.evolve(player, rounds=tuple(rounds), source=_rerendered(player))


# --- entry point ------------------------------------------------------------------------------


def convert(
    tournament: Tournament,
    target: FileFormat | str | None,
    *,
    options: ConvertOptions | None = None,
) -> Conversion:
    """Convert *tournament* to *target* (``"trf16"``, ``"trf26"``, or ``None`` to keep it).

    Args:
        tournament: The tournament to convert.
        target: The version to convert to; ``None`` returns the tournament unchanged.
        options: Conversion choices.
    """
    _door("convert", tournament, options)
    if target is None:
        return Conversion(tournament)
    if not isinstance(target, (str, FileFormat)):
        expected = "'trf16', 'trf26', a trfkit.model.FileFormat or None"
        raise ArgumentTypeError.naming("convert", "target", expected, target)
    try:
        fmt = FileFormat(target) if isinstance(target, str) else target
    except ValueError:
        raise UsageError(
            f"convert(): target must be 'trf16', 'trf26' or None, not {target!r}"
        ) from None
    if fmt is FileFormat.TRF26:
        return to_trf26(tournament, options=options)
    return to_trf16(tournament, options=options)


__all__ = [
    "ACCEPTED_192",
    "ConvertOptions",
    "TypeCodes",
    "convert",
    "record_code",
    "schedule_code",
    "to_trf16",
    "to_trf26",
    "type_code",
]
