"""Reported tie-break values from a side file (``trfkit check --standings FILE``).

The file has one row per player and one column per FIDE code, as tournament
programs export their standings:

- **CSV** with a header row; the delimiter (``,`` ``;`` tab or ``|``) is
  detected. A value with a decimal comma must then not use ``,`` as delimiter
  (or must be quoted).
- **JSON**: a list of objects, an object ``{"players": [...]}`` (the shape
  ``trfkit standings --format json`` writes), or an object keyed by start rank.

The start rank column may be called ``start_rank``, ``SNo``, ``No``, ``Nr``,
``ID``, ``#`` and similar. Columns such as ``name``, ``rank``, ``fed`` and
``rating`` are ignored; every other column is a tie-break code (``SB``,
``SB/C1``, ``BH-M1`` …, case-insensitive). Values may be written ``5¼``,
``5.25`` or ``5,25``; empty cells and ``-`` mean "no value".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from trfkit.errors import StandingsFileError
from trfkit.untrusted import LongNumber, load_json, shown

__all__ = ["ReportedValue", "StandingsFileError", "load_reported", "parse_value"]




class ReportedValue(Fraction):
    """A reported value, exactly, with the number of decimals it was written with.

    It is a :class:`~fractions.Fraction`; ``decimals`` lets a comparison accept
    a value rounded to the places it shows (``13.38`` for 13.375).
    """

    decimals: int | None

    def __new__(
        cls, value: Fraction | int, denominator: int = 1, decimals: int | None = None
    ) -> ReportedValue:
        """Wrap *value* / *denominator*; *decimals* is ``None`` for whole numbers and ``½``."""
        exact = Fraction(value) / denominator
        self = super().__new__(cls, exact.numerator, exact.denominator)
        self.decimals = decimals
        return self

    def __reduce__(self) -> tuple[type[ReportedValue], tuple[int, int, int | None]]:
        return (type(self), (self.numerator, self.denominator, self.decimals))

    def __copy__(self) -> ReportedValue:
        return self

    def __deepcopy__(self, memo: object) -> ReportedValue:
        return self


_START_KEYS = {
    "startrank", "start", "sno", "snr", "no", "nr", "id", "pairingnumber", "number",
    "#", "startnumber", "startno", "startnr", "pairno",
}  # fmt: skip
_IGNORED = {
    "name", "player", "rank", "rk", "place", "pos", "position", "fed", "federation", "rating",
    "elo", "rtg", "title", "club", "sex", "birth", "birthdate", "fideid", "team", "country",
}  # fmt: skip
_FRACTIONS = {"¼": Fraction(1, 4), "½": Fraction(1, 2), "¾": Fraction(3, 4)}
_DECIMAL = re.compile(r"^([+-]?)(\d*)(?:[.,](\d+))?$", re.ASCII)
MAX_DIGITS = 30
"""Digits a reported value or start rank may have: far more than any tie-break needs, and
short enough that no arithmetic on it grows past what Python converts to text."""


def _normal(name: str) -> str:
    return re.sub(r"[\s_\-.]", "", name.strip().lower())


def parse_value(text: object) -> ReportedValue | None:
    """A reported value: ``5¼``, ``5.25``, ``5,25``, ``½`` or a JSON number.

    Returns:
        The exact value, or ``None`` for an empty cell, ``-`` or JSON null.

    Raises:
        StandingsFileError: When the text is not a number.
    """
    if text is None or isinstance(text, bool):
        if isinstance(text, bool):
            raise StandingsFileError(f"{text!r} is not a number")
        return None
    if isinstance(text, LongNumber) or (isinstance(text, int) and abs(text) >= 10**MAX_DIGITS):
        raise StandingsFileError(f"{_too_long(text)}, more than the {MAX_DIGITS} read")
    if isinstance(text, int):
        return ReportedValue(Fraction(text))
    if isinstance(text, float):
        return parse_value(repr(text))
    raw = str(text).strip()
    if raw in ("", "-", "–", "—"):
        return None
    extra = Fraction(0)
    if raw and raw[-1] in _FRACTIONS:
        extra = _FRACTIONS[raw[-1]]
        raw = raw[:-1].strip()
        if raw in ("", "+"):
            return ReportedValue(extra)
        if raw == "-":
            return ReportedValue(-extra)
    match = _DECIMAL.match(raw)
    if match is None or not (match.group(2) or match.group(3)):
        raise StandingsFileError(f"{shown(text)} is not a number")
    sign, whole, frac = match.groups()
    if len(whole) + len(frac or "") > MAX_DIGITS:
        raise StandingsFileError(f"{_too_long(raw)}, more than the {MAX_DIGITS} read")
    value = Fraction(int(whole or "0"))
    if frac:
        value += Fraction(int(frac), 10 ** len(frac))
    value += extra
    if sign == "-":
        value = -value
    decimals = len(frac) if frac and not extra else None
    return ReportedValue(value, 1, decimals)


def _too_long(value: object) -> str:
    """``a number of 5,000 digits``: the number itself would drown the message."""
    if isinstance(value, LongNumber):
        return repr(value)
    # an int from JSON has fewer digits than str() refuses (else it is a LongNumber)
    text = str(abs(value)) if isinstance(value, int) else str(value)
    return f"a number of {sum(c.isdigit() for c in text):,} digits"


def _rows_from_json(data: Any) -> list[Mapping[str, Any]]:
    if isinstance(data, dict) and isinstance(data.get("players"), list):
        data = data["players"]
    if isinstance(data, list):
        if not all(isinstance(row, dict) for row in data):
            raise StandingsFileError("every entry of the JSON list must be an object")
        return data
    if isinstance(data, dict):
        rows: list[Mapping[str, Any]] = []
        for key, value in data.items():
            if not isinstance(value, dict):
                raise StandingsFileError(f"entry {shown(key)} is not an object")
            rows.append({"start_rank": key, **value})
        return rows
    raise StandingsFileError("the JSON must be a list of players or an object")


def _rows_from_csv(text: str) -> list[Mapping[str, Any]]:
    import csv  # a side file's format: read only when one is given (not by the checks)
    import io

    first = text.splitlines()[0] if text.strip() else ""
    counts = {d: first.count(d) for d in (";", "\t", "|", ",")}
    delimiter = max(counts, key=lambda d: counts[d]) if any(counts.values()) else ","
    try:
        reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
        if not reader.fieldnames:
            raise StandingsFileError("the CSV file has no header row")
        return [row for row in reader if any((v or "").strip() for v in row.values() if v)]
    except csv.Error as exc:  # a field over csv.field_size_limit(), a NUL byte
        raise StandingsFileError(f"not valid CSV: {exc}") from None


def load_reported(path: str) -> Mapping[int, Mapping[str, Fraction]]:
    """Start rank → FIDE code (upper case, as written) → reported value.

    Args:
        path: A CSV or JSON file (JSON when it ends in ``.json`` or starts with
            ``[`` or ``{``).

    Returns:
        The values; each is a :class:`ReportedValue` (a ``Fraction``).

    Raises:
        StandingsFileError: When the file is missing, malformed, has no start rank
            column, repeats a start rank or holds a value that is not a number.
    """
    import json  # a side file's format: read only when one is given (not by the checks)

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise StandingsFileError(f"cannot be read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    control = next((c for c in text if c < " " and c not in "\t\r\n"), None)
    if control is not None:  # a CSV or JSON of values holds no control characters
        raise StandingsFileError(f"is not text (it holds the control character {control!r})")
    if not text.strip():
        raise StandingsFileError("the file is empty")
    if path.lower().endswith(".json") or text.lstrip()[:1] in ("[", "{"):
        try:
            rows = _rows_from_json(load_json(text))
        except json.JSONDecodeError as exc:
            raise StandingsFileError(f"not valid JSON: {exc}") from None
    else:
        rows = _rows_from_csv(text)
    out: dict[int, dict[str, Fraction]] = {}
    for number, row in enumerate(rows, 1):
        start_key = next((k for k in row if k is not None and _normal(k) in _START_KEYS), None)
        if start_key is None:
            raise StandingsFileError(
                f"row {number} has no start rank column (start_rank, SNo, No, ID …)"
            )
        cell = row[start_key]
        try:
            if isinstance(cell, LongNumber) or len(str(cell).strip()) > MAX_DIGITS:
                raise ValueError(cell)  # int() would refuse 4,300 digits only, and slowly
            start = int(str(cell).strip())
        except ValueError:
            raise StandingsFileError(
                f"row {number}: start rank {shown(cell)} is not a number"
            ) from None
        if start in out:
            raise StandingsFileError(f"start rank {start} appears twice")
        values: dict[str, Fraction] = {}
        for key, cell in row.items():
            if key is None or key == start_key or _normal(key) in _IGNORED or not key.strip():
                continue
            try:
                value = parse_value(cell)
            except StandingsFileError as exc:
                raise StandingsFileError(f"row {number}, column {shown(key)}: {exc}") from None
            if value is not None:
                values[key.strip().upper().replace(" ", "")] = value
        out[start] = values
    return out
