"""Recompute the standings and tie-breaks of a TRF file.

The table lists rank, start number, name, points and every tie-break of the
list (--tiebreaks, else record 212/202, else the default for the tournament
type: DE,WIN,SB,KS for round robins, BH/C1,BH,SB for Swiss events), applied as
a hierarchy (C.07 4.2); players still tied share their rank. The rule
edition is the one in force on the start date (record 042) unless --rules
names another; every output says which edition and regime were applied, and why.

--format json prints {"tiebreaks": [...], "players": [{"start_rank", "name",
"rank", "PTS", ...}], "rules": {...}} with values as JSON numbers.

--explain N shows, for player N, each round's contribution to every tie-break:
opponent, result, the opponent's score, how a forfeit or bye is treated (game,
dummy, virtual opponent) and what a cut removes.

--teams ranks the teams of a team event instead (match and game points, the team
tie-breaks; --explain TEAM then takes a team number). The list comes from
--tiebreaks, else record 212/202 when it names team codes, else trfkit's default (the
secondary score, BH/C1, BH, SB for Swiss events; the secondary score, DE, SB for
round robins). --format json prints {"teams": [{"rank", "team", "name", "MP", "GP",
"<CODE>": value or null}], "rules": {...}}; a code trfkit does not compute for teams
is null, and "rules"."not_computed" says why. --teams on an individual event is a
usage error.

Players still tied after the whole tie-break list are marked: "=" and a note in the
text, "lot": "to be decided" in the JSON (C.07: the list exhausted, the places are
decided by lot). --lots SEED draws those places (trfkit.compute.lots, the algorithm
trfkit-lots-1): the drawn rows are marked "*", "lot": "drawn", and the seed is printed.

Exit codes: 0 success, 2 usage error or unreadable input.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from trfkit.commands import common

if TYPE_CHECKING:
    from trfkit.compute.standings import Standings
    from trfkit.compute.team_standings import TeamExplanation, TeamStandings
    from trfkit.compute.tiebreaks import Explanation


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("file", metavar="FILE", help="the TRF file ('-' for stdin)")
    common.add_tiebreak_options(parser)
    parser.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="output format (default: text)",
    )
    parser.add_argument(
        "--explain",
        type=int,
        metavar="START_RANK",
        help="show each round's contribution to every tie-break for one player "
        "(with --teams: for one team, by its team number)",
    )
    parser.add_argument(
        "--teams",
        action="store_true",
        help="rank the teams of a team event (match points, game points, team tie-breaks)",
    )
    parser.add_argument(
        "--lots", metavar="SEED",
        help="draw the places of players still tied after the tie-break list by lot, "
        "reproducibly from SEED (the algorithm trfkit-lots-1)",
    )
    common.add_reading_options(parser)
    common.add_profile_option(parser)  # last: it reads the options above


def _lot(row: Any) -> str | None:
    """``"drawn"``, ``"to be decided"`` (tied after the whole list) or ``None``."""
    if row.by_lot:
        return "drawn"
    return "to be decided" if row.rank is not None and row.last != row.rank else None


def render_json(st: Standings) -> dict[str, Any]:
    """The ``--format json`` document: ``PTS`` first, then the tie-breaks in their order.

    A record 212 may place tie-breaks before the points; the order applied is then
    given under ``"order"``. Values are the numbers the text shows
    (:func:`~trfkit.numbers.json_number`); one that had to round also stands exactly
    under the row's ``"exact"`` (``{"SB": "79/6"}``).
    """
    from trfkit.report.json import add_number

    keys = st.keys()
    columns = list(zip(keys, st.tiebreaks, range(len(keys)), strict=True))
    columns.sort(key=lambda c: c[1].name != "PTS")
    players = []
    for row in st.rows:
        item: dict[str, Any] = {"start_rank": row.start_rank, "name": row.name, "rank": row.rank}
        for key, tb, position in columns:
            add_number(item, key, row.values[position], tb.is_integer)
        if row.annulled:
            item["withdrawn"] = True
        if _lot(row):
            item["lot"] = _lot(row)
        players.append(item)
    engine = st.engine
    assert engine is not None
    doc: dict[str, Any] = {
        "tiebreaks": [key for key, _, _ in columns],
        "players": players,
        "rules": {
            "edition": engine.settings.edition.value,
            "reason": st.edition.reason,
            "regime": engine.settings.regime.value,
            "regime_reason": st.regime.reason,
            "tiebreaks_from": st.source,
            "scoring": engine.point_system.source,
        },
    }
    if st.unavailable:
        doc["rules"]["not_computed"] = dict(st.unavailable)
    if [key for key, _, _ in columns] != list(keys):
        doc["order"] = list(keys)
    if st.lots is not None:
        from trfkit.compute.lots import ALGORITHM

        doc["lots"] = {"seed": st.lots, "algorithm": ALGORITHM}
    return doc


def render_csv(st: Standings) -> list[list[object]]:
    """The ``--format csv`` table (decimal point, comma separator): its rows, header first.

    The dialect and the column names are ``convert --to csv``'s
    (:func:`~trfkit.formats.csvform.csv_bytes`); names a spreadsheet would run as a
    formula get a leading apostrophe (:func:`~trfkit.formats.csvform.guard_formula`).
    """
    from trfkit.formats.csvform import guard_formula
    from trfkit.numbers import format_number

    keys = st.keys()
    # the codes come from the file's 212/202 too: they pass the same guard as the names
    table: list[list[object]] = [["Rank", "Start rank", "Name", *(guard_formula(k) for k in keys)]]
    for row in st.rows:
        table.append(
            [
                "" if row.rank is None else row.rank,
                row.start_rank,
                guard_formula(row.name),
                *(
                    format_number(v, integer=tb.is_integer)
                    for tb, v in zip(st.tiebreaks, row.values, strict=True)
                ),
            ]
        )
    return table


def _header(st: Standings) -> list[str]:
    engine = st.engine
    assert engine is not None
    lines = [
        f"Rules:     {engine.settings.edition.value} ({st.edition.reason})",
        f"Regime:    {engine.settings.regime.value} ({st.regime.reason})",
        f"Tie-breaks: {', '.join(tb.text for tb in st.tiebreaks)} ({st.source})",
        f"Scoring:   {engine.point_system.source}",
    ]
    for w in st.withdrawals:
        what = "games removed from the standings"
        if not w.annulled:
            what = "games kept; the rest are forfeits"
        lines.append(
            f"Withdrawal: player {w.start_rank} stopped in round {w.from_round} after "
            f"{w.completed} of {w.scheduled} games: {what} (C.05)"
        )
    lines.extend(f"Note:      {p}" for p in st.problems)
    lines.extend(f"Not computed: {k}: {why}" for k, why in st.unavailable.items())
    if st.lots is not None:
        from trfkit.compute.lots import ALGORITHM

        lines.append(f"Lots:      seed {st.lots} ({ALGORITHM}) for the ties the list left")
    return lines


def render_text(st: Standings) -> str:
    """The standings as an aligned table with a header saying which rules applied."""
    from trfkit.numbers import format_number

    keys = st.keys()
    names = [row.name for row in st.rows]
    name_width = max([4, *(len(n) for n in names)])
    name_width = min(name_width, 33)
    cells = [
        [
            format_number(v, integer=tb.is_integer)
            for tb, v in zip(st.tiebreaks, row.values, strict=True)
        ]
        for row in st.rows
    ]
    widths = [max([len(k), *(len(c[n]) for c in cells)]) for n, k in enumerate(keys)]
    head = f"{'Rk':>4} {'No':>4}  {'Name':<{name_width}}" + "".join(
        f"  {k:>{w}}" for k, w in zip(keys, widths, strict=True)
    )
    lines = [*_header(st), "", head, "-" * len(head)]
    for row, values in zip(st.rows, cells, strict=True):
        rank = "" if row.rank is None else str(row.rank)
        tied = {"drawn": "*", "to be decided": "="}.get(_lot(row) or "", " ")
        line = f"{rank:>3}{tied} {row.start_rank:>4}  {row.name[:name_width]:<{name_width}}"
        line += "".join(f"  {c:>{w}}" for c, w in zip(values, widths, strict=True))
        if row.annulled:
            line += "  (withdrawn, games annulled)"
        lines.append(line.rstrip())
    marks = {_lot(row) for row in st.rows}
    if "to be decided" in marks:
        lines += ["", "= still tied after the whole tie-break list: to be decided by lot "
                  "(--lots SEED draws it)"]  # fmt: skip
    if "drawn" in marks:
        lines += ["", f"* place drawn by lot (seed {st.lots})"]
    return "\n".join(lines) + "\n"


def render_explanation(st: Standings, explanation: Explanation) -> str:
    """``--explain``: one line per round with each tie-break's contribution."""
    from trfkit.numbers import format_number

    keys = [tb.text for tb in st.tiebreaks]
    shown = [k for k in keys if any(k in line.contributions for line in explanation.rounds)]
    players = st.engine.tournament.players_by_start_rank if st.engine else {}
    out = [*_header(st), ""]
    row = st.row(explanation.start_rank)
    rank = "withdrawn" if row is None or row.rank is None else f"rank {row.rank}"
    out.append(
        f"Player {explanation.start_rank} {explanation.name}: "
        f"{format_number(explanation.score)} points, {rank}"
    )
    out.append("")
    head = f"{'Rd':>3}  {'Opp':>4}  {'Name':<20} {'Res':>3} {'Pts':>5} {'Opp score':>9}  "
    head += "".join(f"{k:>8}" for k in shown) + "  Treatment"
    out.append(head)
    out.append("-" * len(head))
    for line in explanation.rounds:
        opponent = players.get(line.opponent) if line.opponent is not None else None
        name = opponent.name[:20] if opponent is not None else ""
        text = (
            f"{line.round:>3}  {'' if line.opponent is None else line.opponent:>4}  "
            f"{name:<20} {line.code or '.':>3} {format_number(line.points):>5} "
            f"{format_number(line.opponent_score):>9}  "
        )
        text += "".join(f"{format_number(line.contributions.get(k)):>8}" for k in shown)
        text += f"  {line.treatment or line.kind}"
        out.append(text.rstrip())
    out.append("")
    integer = {tb.text: tb.is_integer for tb in st.tiebreaks}
    totals = ", ".join(
        f"{k} {format_number(v, integer=integer.get(k, False)) or '-'}"
        for k, v in explanation.totals.items()
    )
    out.append(f"Totals: {totals}")
    if row is not None:
        for tb, value in zip(st.tiebreaks, row.values, strict=True):
            if tb.name == "DE":
                out.append(
                    f"{tb.text}: {format_number(value) or 'not tied when applied'} "
                    "(points against the players tied with this one, art. 6)"
                )
    out.extend(explanation.notes)
    return "\n".join(out) + "\n"


# --- team standings (--teams) ----------------------------------------------------------------


def _team_columns(st: TeamStandings) -> list[tuple[str, int]]:
    """The tie-break columns shown besides MP and GP: every code but PTS, MP and GP."""
    from trfkit.compute.team_crosstable import shown_columns

    return shown_columns(st)


def render_team_json(st: TeamStandings) -> dict[str, Any]:
    """The ``--teams --format json`` document (the module docstring gives its shape)."""
    from trfkit.compute.team_crosstable import standing_table
    from trfkit.report.json import team_records

    return {
        "teams": team_records(standing_table(st)),
        "rules": {
            "edition": st.edition.edition.value,
            "reason": st.edition.reason,
            "regime": st.regime.regime.value,
            "regime_reason": st.regime.reason,
            "primary": st.primary,
            "primary_reason": st.primary_reason,
            "tiebreaks": list(st.keys()),
            "tiebreaks_from": st.source,
            "match_points": st.event.match_points.source,
            "game_points": st.event.game_points.source,
            "not_computed": dict(st.unavailable),
            "problems": list(st.problems),
        },
    }


def render_team_csv(st: TeamStandings) -> list[list[object]]:
    """The ``--teams --format csv`` rows: rank, team, name, MP, GP, then each code."""
    from trfkit.formats.csvform import guard_formula
    from trfkit.numbers import format_number

    columns = _team_columns(st)
    table: list[list[object]] = [
        ["Rank", "Team", "Name", "MP", "GP", *(guard_formula(k) for k, _ in columns)]
    ]
    for row in st.rows:
        table.append([row.rank, row.team, guard_formula(row.name), format_number(row.mp),
                      format_number(row.gp),
                      *(format_number(row.values[i]) for _, i in columns)])  # fmt: skip
    return table


def _write_csv(table: list[list[object]]) -> None:
    """*table* on standard output in the one CSV dialect (UTF-8 with BOM, CRLF)."""
    from trfkit.formats.csvform import csv_bytes, csv_text

    binary = getattr(sys.stdout, "buffer", None)
    if binary is None:  # a text stream put in place of stdout (an embedding program)
        sys.stdout.write("\ufeff" + csv_text(table))
        return
    sys.stdout.flush()
    binary.write(csv_bytes(table))
    binary.flush()


def _team_header(st: TeamStandings) -> list[str]:
    event = st.event
    lines = [
        f"Rules:     {st.edition.edition.value} ({st.edition.reason})",
        f"Regime:    team {st.regime.regime.value} ({st.regime.reason})",
        f"Primary:   {st.primary} ({st.primary_reason})",
        f"Tie-breaks: {', '.join(st.keys())} ({st.source})",
        f"Scoring:   match points {format_points(event)}; game points "
        f"{event.game_points.source}; {event.boards} boards",
    ]
    lines.extend(f"Not computed: {reason}" for reason in st.unavailable.values())
    lines.extend(f"Note:      {p}" for p in (*st.problems, *event.notes))
    return lines


def format_points(event: Any) -> str:
    """``2/1/0 (default)``: the match points of a win, a draw and a loss, and their source."""
    from trfkit.numbers import format_number

    mp = event.match_points
    values = "/".join(format_number(v, integer=True) for v in (mp.win, mp.draw, mp.loss))
    return f"{values} ({mp.source})"


def render_team_text(st: TeamStandings) -> str:
    """The team standings as an aligned table; a code not computed shows ``n/a``."""
    from trfkit.numbers import format_number

    columns = _team_columns(st)
    keys = ["MP", "GP", *(k for k, _ in columns)]
    name_width = min(max([4, *(len(r.name) for r in st.rows)]), 33)
    cells = [
        [format_number(row.mp), format_number(row.gp),
         *("n/a" if row.values[i] is None and k in st.unavailable else format_number(row.values[i])
           for k, i in columns)]
        for row in st.rows
    ]  # fmt: skip
    widths = [max([len(k), *(len(c[n]) for c in cells)]) for n, k in enumerate(keys)]
    head = f"{'Rk':>4} {'No':>4}  {'Name':<{name_width}}" + "".join(
        f"  {k:>{w}}" for k, w in zip(keys, widths, strict=True)
    )
    lines = [*_team_header(st), "", head, "-" * len(head)]
    for row, values in zip(st.rows, cells, strict=True):
        tied = "=" if row.last != row.rank else " "
        line = f"{row.rank:>3}{tied} {row.team:>4}  {row.name[:name_width]:<{name_width}}"
        line += "".join(f"  {c:>{w}}" for c, w in zip(values, widths, strict=True))
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def render_team_explanation(st: TeamStandings, explanation: TeamExplanation) -> str:
    """``--teams --explain TEAM``: each round's match, points and tie-break contributions."""
    from trfkit.compute.team_crosstable import SCORES
    from trfkit.numbers import format_number

    shown = list(explanation.cut)
    out = [*_team_header(st), ""]
    row = st.row(explanation.team)
    info = st.event.team(explanation.team)
    name = info.name if info else ""
    rank = f"rank {row.rank}" if row is not None else "unranked"
    mp = format_number(row.mp) if row else ""
    gp = format_number(row.gp) if row else ""
    out.append(f"Team {explanation.team} {name}: {mp} MP, {gp} GP, {rank}")
    out.append("")
    head = f"{'Rd':>3}  {'Opp':>4}  {'Round':<15} {'MP':>4} {'GP':>5}  "
    head += "".join(f"{k:>12}" for k in shown) + "  Treatment"
    out.append(head)
    out.append("-" * len(head))
    for rnd, opponent, kind, rmp, rgp, parts in explanation.rounds:
        text = (f"{rnd:>3}  {'' if opponent is None else opponent:>4}  {kind:<15} "
                f"{format_number(rmp):>4} {format_number(rgp):>5}  ")  # fmt: skip
        how = ""
        for key in shown:
            part = parts.get(key)
            cut = rnd in explanation.cut.get(key, ())
            cell = "" if part is None else format_number(part[1]) + ("*" if cut else "")
            text += f"{cell:>12}"
            how = how or (part[2] if part else "")
        out.append((text + "  " + how).rstrip())
    out.append("")
    if any(explanation.cut.values()):
        out.append("* not counted: removed by a cut, or (KS) against a team below the limit")
    if row is not None:
        for key, tb, value in zip(st.keys(), st.tiebreaks, row.values, strict=True):
            if tb.name == "DE":
                shown_value = format_number(value) or "not tied when applied"
                out.append(f"{key}: {shown_value} (primary score against the tied teams, art. 6)")
            elif key in st.unavailable:
                out.append(f"{key}: n/a ({st.unavailable[key]})")
            elif key in explanation.notes:
                out.append(f"{key}: {format_number(value)} ({explanation.notes[key]})")
            elif tb.name not in SCORES:
                out.append(f"{key}: {format_number(value)}")
    return "\n".join(out) + "\n"


def run_teams(args: argparse.Namespace, tournament: Any) -> int:
    """``--teams``: the team standings of a team event; a usage error for an individual one."""
    from trfkit.compute.regime import decide
    from trfkit.compute.team_standings import compute_team_standings, explain_team
    from trfkit.compute.tiebreaks import TieBreakError
    from trfkit.report import text as report
    from trfkit.report.json import dumps_json
    from trfkit.untrusted import printable_lines

    decision = decide(tournament, common.event_type(args))
    if not decision.team:
        sys.stderr.write(
            f"trfkit standings: {args.file}: --teams needs a team event; this is an individual "
            "one (no team 192 code, no 310 records, no 013 teams whose players meet other "
            "teams')\n"
        )
        return report.EXIT_USAGE
    options = common.tiebreak_options(args)
    try:
        st = compute_team_standings(tournament, options, regime=decision)
    except TieBreakError as exc:
        sys.stderr.write(f"trfkit standings: {exc}\n")
        return report.EXIT_USAGE
    if args.explain is not None:
        if st.event.team(args.explain) is None:
            sys.stderr.write(f"trfkit standings: no team numbered {args.explain}\n")
            return report.EXIT_USAGE
        explanation = explain_team(st, args.explain, options)
        sys.stdout.write(printable_lines(render_team_explanation(st, explanation)))
        return report.EXIT_OK
    if args.format == "json":
        sys.stdout.write(dumps_json(render_team_json(st)) + "\n")
    elif args.format == "csv":
        _write_csv(render_team_csv(st))
    else:
        sys.stdout.write(printable_lines(render_team_text(st)))  # team names may hold controls
    return report.EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Print the recomputed standings (or one player's explanation)."""
    from trfkit.audit import read_bytes, read_stdin
    from trfkit.compute.regime import decide
    from trfkit.compute.standings import compute_standings
    from trfkit.compute.tiebreaks import TieBreakError
    from trfkit.errors import ConfigError
    from trfkit.report import text as report
    from trfkit.report.json import dumps_json
    from trfkit.trf.reader import parse
    from trfkit.untrusted import printable_lines

    try:  # the command line, then --profile, then the settings file, then the defaults
        import os

        start = args.file if args.file != "-" else os.getcwd()
        profile, found, _ = common.load_settings_layers(args, start)
        files = {"profile": profile.path, "settings": found.path}
    except ConfigError as exc:
        common.error("standings", str(exc))
        return report.EXIT_USAGE
    limits = common.limits(args)
    data = read_stdin(limits) if args.file == "-" else read_bytes(args.file, limits)
    if isinstance(data, str):
        common.error("standings", data)
        return report.EXIT_USAGE
    result = parse(data, encoding=args.encoding, limits=common.limits(args))
    fatal = result.fatal
    if fatal is not None:
        common.error("standings", f"{args.file}: {fatal.message}")
        return report.EXIT_USAGE
    tournament = result.tournament
    if not tournament.players:
        common.error("standings", f"{args.file}: no player records")
        return report.EXIT_USAGE
    if getattr(args, "teams", False):
        if args.lots is not None:
            common.error("standings", "--lots draws the ties of individual standings only")
            return report.EXIT_USAGE
        return run_teams(args, tournament)
    options = common.tiebreak_options(args)
    try:
        st = compute_standings(
            tournament, options, regime=decide(tournament, common.event_type(args))
        )
    except TieBreakError as exc:
        common.error("standings", str(exc))
        return report.EXIT_USAGE
    if args.lots is not None:
        from trfkit.compute.lots import check_seed, settle_ties

        try:
            seed = check_seed(args.lots)
        except ValueError as exc:
            common.error("standings", f"--lots: {exc}")
            return report.EXIT_USAGE
        st = settle_ties(st, seed)
    if args.explain is not None:
        if args.explain not in tournament.players_by_start_rank:
            common.error("standings", f"no player with start rank {args.explain}")
            return report.EXIT_USAGE
        assert st.engine is not None
        explanation = st.engine.explain(args.explain, st.tiebreaks)
        sys.stdout.write(printable_lines(_named(files, render_explanation(st, explanation))))
        return report.EXIT_OK
    if args.format == "json":
        doc = render_json(st)
        doc["rules"].update({key: path for key, path in files.items() if path})
        sys.stdout.write(dumps_json(doc) + "\n")
    elif args.format == "csv":
        _write_csv(render_csv(st))
    else:
        sys.stdout.write(printable_lines(_named(files, render_text(st))))  # names: controls
    return report.EXIT_OK


def _named(files: dict[str, str | None], text: str) -> str:
    """*text* headed by the profile and settings file applied (``Profile:   PATH``), if any."""
    heads = (f"{key.title() + ':':<10} {path}\n" for key, path in files.items() if path)
    return "".join(heads) + text
