"""Check results as the ``--format json`` document, written one file at a time."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic
from trfkit.numbers import json_exact, json_number
from trfkit.untrusted import escape_json

if TYPE_CHECKING:
    from trfkit.compute.team_crosstable import TeamStandingTable


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    """One diagnostic as the JSON object of the ``--format json`` schema.

    A root cause (a ``C`` code) also carries ``"instances"``: the findings it stands for,
    each an object of this form.
    """
    found: dict[str, Any] = {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.label,
        "line": d.line,
        "column": d.column,
        "message": d.message,
        "round": d.round,
        "players": list(d.players),
    }
    if d.instances:
        found["instances"] = [diagnostic_json(i) for i in d.instances]
    return found


def file_json(report: FileReport, shown: Iterable[Diagnostic] | None = None) -> dict[str, Any]:
    """One file's entry of the ``files`` list (*shown*: its diagnostics, else all of them).

    A team event's entry also carries ``teams``, the recomputed team standings, as
    ``standings --teams --format json`` lists them (:func:`team_records`); it is absent for
    an individual event, and for a team event whose standings could not be computed.
    """
    entry: dict[str, Any] = {
        "path": report.path,
        "encoding": report.encoding,
        "diagnostics": [
            diagnostic_json(d) for d in (report.diagnostics if shown is None else shown)
        ],
    }
    if report.teams is not None and report.teams.standings is not None:
        entry["teams"] = team_records(report.teams.standings)
    return entry


def team_records(table: TeamStandingTable) -> list[dict[str, Any]]:
    """The team standings in rank order: ``{"rank", "team", "name", "MP", "GP", "<CODE>"}``.

    ``team`` is the team's number (310's, else the 013's position); a code not computed
    yet has ``null`` values. Values are :func:`~trfkit.numbers.json_number`'s; one that
    had to round also stands exactly under ``"exact"`` (``{"BH": "79/6"}``).
    ``standings --teams --format json`` and ``check --format json`` both write these.
    """
    records = []
    for row in table.rows:
        item: dict[str, Any] = {"rank": row.rank, "team": row.team, "name": row.name}
        add_number(item, "MP", row.mp)
        add_number(item, "GP", row.gp)
        for key, value in zip(table.keys, row.values, strict=True):
            add_number(item, key, value)
        records.append(item)
    return records


def add_number(
    item: dict[str, Any], key: str, value: Fraction | None, integer: bool = False
) -> None:
    """``item[key]`` as a JSON number, and its exact value under ``item["exact"]`` when rounded."""
    item[key] = json_number(value, integer)
    exact = json_exact(value)
    if exact is not None:
        item.setdefault("exact", {})[key] = exact


def dumps_json(payload: Any) -> str:
    """JSON with stable key order and non-ASCII kept readable.

    Non-ASCII stays as it is but for the characters :func:`~trfkit.untrusted.escape_json`
    escapes (DEL, C1, U+2028/U+2029, bidi controls, lone surrogates; :mod:`json` escapes
    C0): nothing raw reaches a terminal, and the values read back the same.
    """
    return escape_json(json.dumps(payload, ensure_ascii=False, indent=2))


class JsonWriter:
    """Writes the ``--format json`` document one file at a time.

    The output is exactly ``dumps_json({"files": [...], "summary": {...}})``, but
    no file entry is kept after it is written, so memory does not grow with
    the number of files.

    Args:
        write: Where the text goes (e.g. ``sys.stdout.write``).
    """

    def __init__(self, write: Callable[[str], object]) -> None:
        self._write = write
        self._count = 0

    def add(self, entry: dict[str, Any]) -> None:
        """Write one entry of the ``files`` list."""
        text = textwrap.indent(dumps_json(entry), "    ")
        self._write(('{\n  "files": [\n' if self._count == 0 else ",\n") + text)
        self._count += 1

    def add_report(self, report: FileReport, shown: Iterable[Diagnostic]) -> None:
        """Write the entry of *report*, listing the diagnostics *shown*."""
        self.add(file_json(report, shown))

    def close(self, summary: dict[str, Any]) -> None:
        """Write the ``summary`` object and end the document."""
        text = textwrap.indent(dumps_json(summary), "  ").lstrip()
        if self._count == 0:
            self._write('{\n  "files": [],\n  "summary": ' + text + "\n}\n")
        else:
            self._write('\n  ],\n  "summary": ' + text + "\n}\n")
