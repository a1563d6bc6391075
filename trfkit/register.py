"""A register of audits in SQLite: what was checked, with what, and what was found.

``trfkit check DIR --register audit.sqlite`` records every file it checks; a rerun with
the same register checks again only the files whose content, trfkit version or settings
changed, and takes the others' findings from the register (:func:`checked`).
``trfkit register audit.sqlite`` reads it back (:class:`Register`'s queries).

The register is one SQLite file (the standard library's :mod:`sqlite3`, no server),
in WAL mode with a busy timeout, so that several runs can use it at once: each run
writes its files in short transactions. Schema version 2 (``PRAGMA user_version``, and
``schema`` in the ``meta`` table; ``PRAGMA application_id`` is :data:`APPLICATION_ID`):

``meta(key, value)``
    ``application`` (``trfkit-register``), ``schema`` (``2``), ``created`` (UTC, ISO
    8601) and ``created_by`` (the trfkit version that made the file).
``runs(id, started, finished, trfkit_version, options_key, options, strict, paths, files,``
``checked, replayed, with_errors, with_warnings)``
    One row per ``check --register``: ``options`` is the canonical JSON of the settings
    that decide findings and ``options_key`` its SHA-256 (:func:`settings_key`);
    ``paths`` the JSON list of the paths given; ``finished`` stays NULL for a run that
    was interrupted (its files recorded so far are kept).
``audits(id, run_id, path, sha256, size, trfkit_version, options_key, checked_at,``
``recorded_at, source_id, status, readable, encoding, exporter, errors, warnings, infos,``
``tables, teams, table_json, teams_json, reusable)``
    One row per file and run (``UNIQUE(run_id, path)``). ``sha256`` and ``size`` are
    the content's (NULL for a file that could not be read); ``status`` is ``error``,
    ``warn`` or ``ok`` (:class:`Status`); ``exporter`` the program the file names
    (:func:`exporter_of`). ``source_id`` is NULL for a file checked in this run, and
    otherwise the audit whose findings were taken (``checked_at`` is then that audit's
    time). ``errors``, ``warnings`` and ``infos`` count the top-level findings (what
    ``check`` shows: a root cause once, not the findings it stands for), as ``status``
    judges them. ``tables``/``teams`` say whether the check built the crosstables that
    ``--report`` and a team event's JSON entry show; they are stored as tagged JSON.
    ``reusable`` is 0 for an audit no later run takes: one with an S999 (trfkit failed,
    a check ran out of time, a worker died) or a P001 (the file could not be read).
``findings(audit_id, seq, code, name, severity, line, column, round, players, message,``
``parent)``
    Every finding of a checked file in output order, with what ``--format json``
    carries (``players`` as a JSON list; ``severity`` ``error``, ``warning`` or
    ``info``). ``parent`` is NULL for a top-level finding; a root cause's instances (the
    findings a ``C`` code stands for, ``"instances"`` in JSON) follow their cause, each
    a row of its own whose ``parent`` is the cause's ``seq`` (``seq`` counts on through
    them). A query by code therefore sees every finding, the instances too: ``trfkit
    register``'s ``codes``, ``errors`` and ``history`` count a C001 and each T001 it
    stands for; top-level findings alone are ``WHERE parent IS NULL``. A taken audit has
    no rows of its own: its findings are its source's.

Schema 1 (before ``findings.parent``; every finding top-level) is still read: a register
of schema 1 opened for writing (``check --register``) is migrated to schema 2 in place,
in one transaction (the column added, ``user_version`` and ``meta.schema`` set to 2);
read-only use (``trfkit register``) reads it as it is, without writing to it, its
findings all top-level.

A file that is not such a register (a truncated or corrupt database, a text file,
another program's SQLite database, one of a newer schema) is refused with a
:class:`~trfkit.errors.RegisterError` before anything is written to it; it is checked
with a read-only connection first (``PRAGMA quick_check``). A new register is made
beside its name, readable by its owner only (0600: findings quote players' names), and
moved into place only if the name is still free.
"""

from __future__ import annotations

import collections
import contextlib
import datetime
import enum
import hashlib
import json
import os
import re
import sqlite3
import time
import urllib.parse
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from trfkit import __version__
from trfkit.audit import CheckRequest, FileReport, check_many, read_bytes
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.errors import RegisterError
from trfkit.values import Value, WordEnum

if TYPE_CHECKING:
    from collections.abc import Callable

SCHEMA_VERSION = 2
"""The schema this trfkit writes and reads (``PRAGMA user_version``)."""

OLDEST_SCHEMA = 1
"""The oldest schema this trfkit reads: a register of an older schema than
:data:`SCHEMA_VERSION` is migrated when it is opened for writing (:data:`_MIGRATIONS`)."""

APPLICATION_ID = 0x54524652
"""``PRAGMA application_id`` of a register (``TRFR``): tells it from other SQLite files."""

APPLICATION = "trfkit-register"
"""``meta.application`` of a register."""

BUSY_TIMEOUT = 60.0
"""Seconds a run waits for another run's transaction before giving up."""

FLUSH_FILES = 200
"""Files recorded per transaction (at most), so that concurrent runs interleave."""

FLUSH_SECONDS = 2.0
"""The longest a checked file waits before it is written to the register."""

_SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    finished TEXT,
    trfkit_version TEXT NOT NULL,
    options_key TEXT NOT NULL,
    options TEXT NOT NULL,
    strict INTEGER NOT NULL,
    paths TEXT NOT NULL,
    files INTEGER NOT NULL DEFAULT 0,
    checked INTEGER NOT NULL DEFAULT 0,
    replayed INTEGER NOT NULL DEFAULT 0,
    with_errors INTEGER NOT NULL DEFAULT 0,
    with_warnings INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE audits (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    path TEXT NOT NULL,
    sha256 TEXT,
    size INTEGER,
    trfkit_version TEXT NOT NULL,
    options_key TEXT NOT NULL,
    checked_at TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    source_id INTEGER REFERENCES audits(id),
    status TEXT NOT NULL CHECK (status IN ('error', 'warn', 'ok')),
    readable INTEGER NOT NULL,
    encoding TEXT,
    exporter TEXT,
    errors INTEGER NOT NULL,
    warnings INTEGER NOT NULL,
    infos INTEGER NOT NULL,
    tables INTEGER NOT NULL,
    teams INTEGER NOT NULL,
    table_json TEXT,
    teams_json TEXT,
    reusable INTEGER NOT NULL,
    UNIQUE (run_id, path)
);
CREATE INDEX audits_content ON audits (sha256, options_key, trfkit_version)
    WHERE source_id IS NULL;
CREATE INDEX audits_path ON audits (path, id);
CREATE TABLE findings (
    audit_id INTEGER NOT NULL REFERENCES audits(id),
    seq INTEGER NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    severity TEXT NOT NULL,
    line INTEGER,
    "column" INTEGER,
    round INTEGER,
    players TEXT NOT NULL,
    message TEXT NOT NULL,
    parent INTEGER,
    PRIMARY KEY (audit_id, seq)
) WITHOUT ROWID;
CREATE INDEX findings_code ON findings (code);
"""

_MIGRATIONS: dict[int, str] = {
    1: "ALTER TABLE findings ADD COLUMN parent INTEGER;",
}
"""The statements that take a register of schema *n* to schema *n* + 1."""

TABLES = ("meta", "runs", "audits", "findings")
"""The tables of every schema (1 and 2)."""

NOT_REUSED = frozenset({"P001", "S999"})
"""Codes that say trfkit could not read or check the file, not what the file is: an audit
with one is never taken by a later run."""


class Status(WordEnum):
    """A file's outcome as ``check`` judges it (without ``--strict``: warnings are ``warn``)."""

    ERROR = "error"
    WARN = "warn"
    OK = "ok"


class Event(WordEnum):
    """What one audit of a path was, in the path's history."""

    FIRST = "first submission"
    RESUBMITTED = "resubmission"
    """The content changed since the path's previous audit."""
    RECHECKED = "re-checked"
    """The same content, checked again (another trfkit version or other settings)."""
    UNCHANGED = "unchanged"
    """The same content, findings taken from the register."""


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


def status_of(diagnostics: Iterable[Diagnostic]) -> Status:
    """``error`` when a finding is an error, ``warn`` when one is a warning, else ``ok``."""
    worst = max((d.severity for d in diagnostics), default=Severity.INFO)
    if worst is Severity.ERROR:
        return Status.ERROR
    return Status.WARN if worst is Severity.WARNING else Status.OK


# --- the settings that decide findings ---------------------------------------------------------


def _canonical(value: object) -> Any:
    """*value* as plain JSON values, the same for equal settings (sets sorted, enums by value)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, Fraction):
        return str(value)
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))  # type: ignore[arg-type]
        return {f.name: _canonical(getattr(value, f.name)) for f in fields}
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        items = [_canonical(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    return repr(value)  # a plugin's option of its own kind: a new repr is a new key (re-check)


def _plugins() -> list[list[str]]:
    """The installed check plugins (entry point, target, distribution and version)."""
    from trfkit.checks import plugin_entry_points

    try:
        entries = plugin_entry_points()
    except Exception:  # a malformed entry_points.txt: check reports it
        return [["?", "unreadable entry points", "", ""]]
    if not entries:
        return []
    from importlib import metadata

    # through the documented functions: the distributions that ship the plugin's package
    shipping = metadata.packages_distributions()
    found = []
    for e in entries:
        names = shipping.get(e.value.split(":")[0].split(".")[0].strip(), [])
        name = names[0] if names else ""
        try:
            version = metadata.version(name) if name else ""
        except metadata.PackageNotFoundError:
            version = ""
        found.append([e.name, e.value, name, version])
    return found


NOT_DECIDING = frozenset({"tables", "teams", "timeout"})
"""The fields of a :class:`~trfkit.audit.CheckRequest` that decide no finding: the pictures
a report adds, and the time limit (a check it stopped is never reused)."""


def settings_of(request: CheckRequest) -> dict[str, Any]:
    """What decides a check's findings: every field of the request but :data:`NOT_DECIDING`.

    The options (tie-break options within), select and ignore, encoding, limits and any
    field a later trfkit adds, then the installed check plugins. ``--strict`` is recorded
    with the run: it decides the exit code, not the findings.
    """
    settings = {
        f.name: _canonical(getattr(request, f.name))
        for f in attrs.fields(CheckRequest)
        if f.name not in NOT_DECIDING
    }
    settings["plugins"] = _plugins()
    return settings


def _canonical_json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def settings_key(request: CheckRequest) -> str:
    """The SHA-256 of :func:`settings_of`'s canonical JSON: equal for equal settings."""
    return hashlib.sha256(_canonical_json(settings_of(request)).encode("utf-8")).hexdigest()


# --- the exporting program ---------------------------------------------------------------------

PROGRAMS: tuple[tuple[str, str, bool], ...] = (
    ("Swiss-Manager", r"swiss[\s_-]?manager", False),
    ("Chess-Results", r"chess[\s_-]?results", False),
    ("Vega", r"\bvega\b", True),
    ("Sevilla", r"\bsevilla\b", True),
    ("Orion", r"\borion\b", True),
    ("Swiss Perfect", r"swiss[\s_-]?perfect", False),
    ("SwissSys", r"\bswisssys\b", False),
    ("Tornelo", r"\btornelo\b", False),
    ("JaVaFo", r"\bjavafo\b", False),
    ("bbpPairings", r"\bbbp[\s_-]?pairings\b", False),
    ("Sharly", r"\bsharly\b", False),
    ("Chess Arbiter Pro", r"chess[\s_-]?arbiter[\s_-]?pro", False),
    ("Turnier-Manager", r"turnier[\s_-]?manager", False),
)
"""Programs a file may name: (name, pattern, also a place or a word); the last are not
looked for in 012, the tournament's name (``Open Sevilla``)."""

_PATTERNS = [(name, re.compile(pattern, re.IGNORECASE), vague) for name, pattern, vague in PROGRAMS]
_VERSION_TAIL = re.compile(r"[\s,;:/(-]*v?\d[\w.()]*\s*$", re.IGNORECASE)
_HEADER_LINES = 400
_HEADER_BYTES = 64 * 1024


def exporter_of(data: bytes) -> str | None:
    """The program that wrote *data*, from what the file says about it (``None``: it says nothing).

    A program of :data:`PROGRAMS` named in a ``###`` comment or in 012, 092, 102 or 192;
    else a 192 that is no tournament type code (:func:`trfkit.compute.regime.read_192`: a
    program's name, which some exporters write there), without its version; else
    ``Tornelo`` for a file with ``DAT`` lines (Tornelo's records). Only the lines before
    the first player record are read (at most 400, in the first 64 KiB).
    """
    from trfkit.compute.regime import read_192

    named_192: str | None = None
    tornelo = False
    for count, raw in enumerate(data[:_HEADER_BYTES].splitlines()):
        line = raw.decode("latin-1").lstrip("\ufeff\xef\xbb\xbf").rstrip()
        code = line[:3]
        if code == "001" or count >= _HEADER_LINES:
            break
        if code == "DAT":
            tornelo = True
            continue
        if code not in ("###", "012", "092", "102", "192"):
            continue
        value = line[3:].strip()
        for name, pattern, vague in _PATTERNS:
            if (code != "012" or not vague) and pattern.search(value):
                return name
        if code == "192" and value and named_192 is None and read_192(value) is None:
            named_192 = _VERSION_TAIL.sub("", value)[:40].strip() or None
    if named_192:
        return named_192
    return "Tornelo" if tornelo else None


# --- crosstables stored as tagged JSON --------------------------------------------------------


def _storable() -> dict[str, type]:
    from trfkit.compute import crosstable, team_crosstable, team_standings
    from trfkit.compute.history import RoundKind

    classes: list[type] = [
        crosstable.Cell, crosstable.CrossTableRow, crosstable.Standing, crosstable.CrossTable,
        team_crosstable.TeamCell, team_crosstable.TeamLine, team_crosstable.TeamStandingTable,
        team_crosstable.TeamCrossTable, team_standings.TeamRow, RoundKind,
    ]  # fmt: skip
    return {c.__qualname__: c for c in classes}


def _encode(value: object, kinds: Mapping[str, type]) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return [_encode(v, kinds) for v in value]
    if isinstance(value, Fraction):
        return {"Q": str(value)}
    if isinstance(value, list):
        return {"L": [_encode(v, kinds) for v in value]}
    if isinstance(value, Mapping):
        return {"M": [[_encode(k, kinds), _encode(v, kinds)] for k, v in value.items()]}
    kind = type(value)
    if kinds.get(kind.__qualname__) is not kind:
        # a kind the register does not store: the file is checked again when it is needed
        raise TypeError(f"the register does not store {kind.__qualname__}")
    if isinstance(value, enum.Enum):
        return {"E": kind.__qualname__, "v": _encode(value.value, kinds)}
    fields = {
        f.alias: _encode(getattr(value, f.name), kinds)
        for f in attrs.fields(kind)  # type: ignore[arg-type]
        if f.init
    }
    return {"A": kind.__qualname__, "f": fields}


def _decode(value: Any, kinds: Mapping[str, type]) -> Any:
    if isinstance(value, list):
        return tuple(_decode(v, kinds) for v in value)
    if not isinstance(value, dict):
        return value
    if "Q" in value:
        return Fraction(value["Q"])
    if "L" in value:
        return [_decode(v, kinds) for v in value["L"]]
    if "M" in value:
        return {_decode(k, kinds): _decode(v, kinds) for k, v in value["M"]}
    kind = kinds[value["E"] if "E" in value else value["A"]]
    if "E" in value:
        return kind(_decode(value["v"], kinds))
    return kind(**{k: _decode(v, kinds) for k, v in value["f"].items()})  # validators run


def _dump_table(value: object) -> str | None:
    return None if value is None else json.dumps(_encode(value, _storable()), ensure_ascii=False)


def _load_table(text: str | None) -> Any:
    return None if text is None else _decode(json.loads(text), _storable())


# --- opening ----------------------------------------------------------------------------------


def _uri(path: str, mode: str) -> str:
    return f"file:{urllib.parse.quote(os.path.abspath(path))}?mode={mode}"


def _refuse(path: str, why: str) -> RegisterError:
    return RegisterError(f"{path}: {why}; it was not changed")


def _inspect(path: str) -> None:
    """Raise :class:`RegisterError` unless *path* is a trfkit register of this schema.

    Read-only throughout: the file's first bytes, then a read-only connection.
    """
    from trfkit.fileio import open_regular

    try:
        with open_regular(path) as handle:
            head = handle.read(100)
            size = os.fstat(handle.fileno()).st_size
    except OSError as exc:
        raise RegisterError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if not head:
        raise _refuse(path, "the file is empty, not a trfkit register (name a new file)")
    if not head.startswith(_SQLITE_MAGIC):
        raise _refuse(path, "not an SQLite database, so not a trfkit register")
    if len(head) < 100:
        raise _refuse(path, "the SQLite database is truncated (shorter than its header)")
    # a run in progress (a WAL with frames) may be growing the file: SQLite's check alone
    wal = path + "-wal"
    short = None if os.path.exists(wal) and os.path.getsize(wal) else _short_by(head, size)
    if short:
        raise _refuse(path, f"the SQLite database is truncated ({short})")
    sides = [path + tail for tail in ("-wal", "-shm") if not os.path.lexists(path + tail)]
    try:
        conn = sqlite3.connect(_uri(path, "ro"), uri=True, timeout=BUSY_TIMEOUT)
        try:
            _inspect_schema(path, conn)
        finally:
            conn.close()
    except (sqlite3.Error, RegisterError) as exc:
        _remove_new_sides(sides)
        if isinstance(exc, RegisterError):
            raise
        raise _refuse(path, f"the SQLite database is damaged or unreadable ({exc})") from None


def _remove_new_sides(sides: Sequence[str]) -> None:
    """Remove the empty ``-wal`` and the ``-shm`` a read-only look at a refused file made."""
    for side in sides:
        with contextlib.suppress(OSError):
            if side.endswith("-shm") or os.path.getsize(side) == 0:
                os.unlink(side)


def _short_by(head: bytes, size: int) -> str | None:
    """Why a database of *size* bytes with this 100-byte header was cut short (``None``: not).

    SQLite writes whole pages, and its header counts them (valid when bytes 92-95 equal
    the change counter, bytes 24-27); SQLite itself reads a missing last page as zeros.
    """
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        return f"its header names a page size of {page} bytes"
    if size % page:
        return f"{size:,} bytes are no whole number of its {page}-byte pages"
    pages = int.from_bytes(head[28:32], "big")
    if head[92:96] == head[24:28] and pages * page > size:
        return f"its header counts {pages:,} pages of {page} bytes, the file holds {size // page:,}"
    return None


def _inspect_schema(path: str, conn: sqlite3.Connection) -> None:
    tables = {
        row[0]
        for row in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        if not row[0].startswith("sqlite_")
    }
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    if app != APPLICATION_ID or "meta" not in tables:
        listed = ", ".join(sorted(tables)[:8]) or "none"
        raise _refuse(path, f"an SQLite database but not a trfkit register (its tables: {listed})")
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if meta.get("application") != APPLICATION:
        raise _refuse(path, "an SQLite database but not a trfkit register (no trfkit meta)")
    readable = OLDEST_SCHEMA <= version <= SCHEMA_VERSION
    if not readable or meta.get("schema") != str(version):
        newer = version > SCHEMA_VERSION
        raise _refuse(
            path,
            f"a trfkit register of schema {version}, "
            + (
                f"newer than this trfkit reads ({SCHEMA_VERSION}); upgrade trfkit"
                if newer
                else "which this trfkit does not read (it reads schemas "
                f"{OLDEST_SCHEMA} to {SCHEMA_VERSION})"
                if not readable
                else f"but its meta table names schema {meta.get('schema')!r}"
            ),
        )
    missing = [t for t in TABLES if t not in tables]
    if missing:
        raise _refuse(path, f"a trfkit register without its tables {', '.join(missing)}")
    problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
    if problems != ["ok"]:
        raise _refuse(path, f"the SQLite database is damaged ({'; '.join(problems)})")


def _create(path: str) -> None:
    """Make a new register at *path*: built beside it, linked into place only if still free."""
    folder = os.path.dirname(os.path.abspath(path))
    temp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.{time.time_ns()}.new")
    try:
        # 0600, as SQLite's -wal and -shm then are: findings quote players' names
        os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        conn = sqlite3.connect(temp, isolation_level=None)
        try:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN")
            for statement in _statements(_SCHEMA):
                conn.execute(statement)
            conn.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                [
                    ("application", APPLICATION),
                    ("schema", str(SCHEMA_VERSION)),
                    ("created", _now()),
                    ("created_by", __version__),
                ],
            )
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        finally:
            conn.close()
        try:
            os.link(temp, path)  # never replaces: another run may have made it meanwhile
        except FileExistsError:
            pass
        except OSError:  # no hard links here: a rename, after looking again
            if not os.path.lexists(path):
                os.replace(temp, path)
    except (OSError, sqlite3.Error) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise RegisterError(f"{path}: the register cannot be created: {why}") from None
    finally:
        for leftover in (temp, temp + "-wal", temp + "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(leftover)


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]


def _migrate(path: str, conn: sqlite3.Connection) -> None:
    """Take the register open on *conn* (read-write) to :data:`SCHEMA_VERSION`, in place.

    One transaction: the steps of :data:`_MIGRATIONS`, then ``user_version`` and
    ``meta.schema``. The version is read again once the write lock is held, so that two
    runs opening the same old register migrate it once. A register that cannot be
    migrated is refused, unchanged (the transaction rolled back).
    """
    if conn.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:  # another run may have migrated it meanwhile
                for step in range(version, SCHEMA_VERSION):
                    for statement in _statements(_MIGRATIONS[step]):
                        conn.execute(statement)
                conn.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),)
                )
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
    except (sqlite3.Error, KeyError) as exc:
        raise _refuse(
            path, f"the register cannot be migrated to schema {SCHEMA_VERSION} ({exc})"
        ) from None


def _has_parent(conn: sqlite3.Connection) -> bool:
    """Whether ``findings`` has the ``parent`` column (schema 2).

    A schema-1 register read as it is has not: its findings are all top-level.
    """
    return any(row[1] == "parent" for row in conn.execute("PRAGMA table_info(findings)"))


class Register:
    """An open register of audits; use :meth:`open` (a context manager, closed at the end).

    The queries return rows as dicts of JSON values, in a stable order.

    Attributes:
        path: The register's file.
        conn: The connection (autocommit: transactions are explicit).
        nested: Whether its findings can hold a root cause's instances (the ``parent``
            column of schema 2); false for a schema-1 register opened read-only.
    """

    def __init__(self, path: str, conn: sqlite3.Connection, *, nested: bool = True) -> None:
        self.path = path
        self.conn = conn
        self.nested = nested

    @classmethod
    def open(cls, path: str, *, create: bool = True) -> Register:
        """Open *path*; make a new register when it does not exist and *create* is true.

        Raises :class:`RegisterError` for a file that is not a trfkit register (nothing
        written to it), a missing one when *create* is false, or one that cannot be made.
        Without *create* the connection is read-only and an older register's schema
        (:data:`OLDEST_SCHEMA` on) is read as it is; with it, such a register is migrated
        to :data:`SCHEMA_VERSION` in place (:func:`_migrate`).
        """
        if os.path.isdir(path):
            raise RegisterError(f"{path}: is a folder, not a register file")
        if not os.path.lexists(path):
            if not create:
                raise RegisterError(f"{path}: no such register")
            _create(path)
        _inspect(path)
        try:
            conn = sqlite3.connect(
                _uri(path, "rw" if create else "ro"),
                uri=True,
                timeout=BUSY_TIMEOUT,
                isolation_level=None,
                check_same_thread=False,
            )
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            if create:
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as exc:
            raise _refuse(path, f"the register cannot be opened ({exc})") from None
        try:
            if create:
                _migrate(path, conn)
            nested = _has_parent(conn)
        except sqlite3.Error as exc:
            conn.close()
            raise _refuse(path, f"the register cannot be opened ({exc})") from None
        except BaseException:
            conn.close()
            raise
        return cls(path, conn, nested=nested)

    def __enter__(self) -> Register:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[dict[str, Any]]:
        try:
            cursor = self.conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        except sqlite3.Error as exc:
            raise _refuse(self.path, f"the register cannot be read ({exc})") from None

    # --- queries ---------------------------------------------------------------------------

    def runs(self) -> list[dict[str, Any]]:
        """Every run, oldest first: when, which trfkit, the paths, and what it counted."""
        rows = self._rows(
            "SELECT id AS run, started, finished, trfkit_version, options_key, strict, paths, "
            "files, checked, replayed, with_errors, with_warnings FROM runs ORDER BY id"
        )
        for row in rows:
            row["strict"] = bool(row["strict"])
            row["paths"] = json.loads(row["paths"])
        return rows

    def _scope(self, run: int | None) -> tuple[str, list[object]]:
        """The audits a query counts: a run's, or the latest audit of every path."""
        if run is not None:
            return "a.run_id = ?", [run]
        return "a.id IN (SELECT max(id) FROM audits GROUP BY path)", []

    def errors(self, run: int | None = None) -> list[dict[str, Any]]:
        """Files with errors: in *run*, or as last audited (by path).

        ``errors`` and ``warnings`` are the top-level counts (what ``check`` shows);
        ``codes`` the codes of every error finding, a root cause's instances too.
        """
        where, params = self._scope(run)
        rows = self._rows(
            "SELECT a.path, a.run_id AS run, a.sha256, a.errors, a.warnings, a.exporter, "
            "(SELECT group_concat(DISTINCT f.code) FROM findings f "
            " WHERE f.audit_id = coalesce(a.source_id, a.id) AND f.severity = 'error') AS codes "
            f"FROM audits a WHERE {where} AND a.status = 'error' ORDER BY a.path, a.id",
            params,
        )
        for row in rows:
            row["codes"] = sorted(c for c in (row["codes"] or "").split(",") if c)
        return rows

    def codes(self, run: int | None = None) -> list[dict[str, Any]]:
        """Findings and files by code (in *run*, or as last audited), most frequent first.

        Every finding counts, a root cause's instances too: a C001 that stands for 32
        T001 is one C001 and 32 T001 (as before causes were grouped).
        """
        where, params = self._scope(run)
        return self._rows(
            "SELECT f.code, f.name, f.severity, count(*) AS findings, "
            "count(DISTINCT a.id) AS files FROM audits a "
            "JOIN findings f ON f.audit_id = coalesce(a.source_id, a.id) "
            f"WHERE {where} GROUP BY f.code, f.name, f.severity "
            "ORDER BY findings DESC, f.code",
            params,
        )

    def programs(self, run: int | None = None) -> list[dict[str, Any]]:
        """Files by exporting program (in *run*, or as last audited): how many, how they fared."""
        where, params = self._scope(run)
        return self._rows(
            "SELECT coalesce(a.exporter, 'unknown') AS program, count(*) AS files, "
            "sum(a.status = 'error') AS with_errors, sum(a.status = 'warn') AS with_warnings, "
            "sum(a.errors) AS errors, sum(a.warnings) AS warnings FROM audits a "
            f"WHERE {where} GROUP BY program ORDER BY files DESC, program",
            params,
        )

    def history(self, path: str) -> list[dict[str, Any]]:
        """Every audit of *path*, oldest first: what it was (:class:`Event`) and what changed.

        *path* is matched as check recorded it (as given, or found in a folder), or
        normalised (``./d/a.trf`` is ``d/a.trf``).

        ``added`` and ``removed`` map codes to how many more or fewer findings of that code
        the audit has than the one before it (``codes`` counts every finding, a root
        cause's instances too, as :meth:`codes` does).
        """
        rows = self._rows(
            "SELECT a.id, a.run_id AS run, a.recorded_at, a.checked_at, a.sha256, a.size, "
            "a.trfkit_version, a.options_key, a.source_id, a.status, a.errors, a.warnings, "
            "a.infos, a.exporter FROM audits a WHERE a.path IN (?, ?) ORDER BY a.id",
            [path, os.path.normpath(path)],
        )
        previous: dict[str, Any] | None = None
        before: collections.Counter[str] = collections.Counter()
        for row in rows:
            source = row.pop("source_id")
            counts = collections.Counter(
                {
                    code: n
                    for code, n in self.conn.execute(
                        "SELECT code, count(*) FROM findings WHERE audit_id = ? GROUP BY code",
                        [source if source is not None else row["id"]],
                    )
                }
            )
            if previous is None:
                event = Event.FIRST
            elif row["sha256"] != previous["sha256"] or row["sha256"] is None:
                event = Event.RESUBMITTED
            else:
                event = Event.UNCHANGED if source is not None else Event.RECHECKED
            row["event"] = event.value
            row["codes"] = dict(sorted(counts.items()))
            row["added"] = dict(sorted((counts - before).items()))
            row["removed"] = dict(sorted((before - counts).items()))
            del row["id"]
            previous, before = row, counts
        return rows


# --- findings as rows -------------------------------------------------------------------------


def _numbered(found: Sequence[Diagnostic]) -> Iterator[tuple[int, int | None, Diagnostic]]:
    """``(seq, parent, finding)`` for *found* and the instances within, in the order stored.

    Each finding is followed by its instances (a root cause's), whose ``parent`` is its
    ``seq``; a top-level finding's ``parent`` is ``None``.
    """
    stack: list[tuple[int | None, Diagnostic]] = [(None, d) for d in reversed(found)]
    seq = 0
    while stack:
        parent, d = stack.pop()
        yield seq, parent, d
        stack.extend((seq, i) for i in reversed(d.instances))
        seq += 1


def _rebuilt(rows: Sequence[Sequence[Any]]) -> tuple[Diagnostic, ...]:
    """The findings stored as *rows*: the top-level ones, each root cause with its instances.

    A row is ``(seq, code, name, severity, line, column, round, players, message,
    parent)``, the rows in ``seq`` order. Raises :class:`RegisterError` for a row whose
    ``parent`` is no earlier row's ``seq`` (and whatever a value that is no finding's does).
    """
    children: dict[int | None, list[int]] = {None: []}  # a seq: the indexes of its instances
    for index, row in enumerate(rows):
        seq, parent = row[0], row[-1]
        if parent not in children:
            raise RegisterError(f"finding {seq} belongs to {parent}, which is no earlier finding")
        children[parent].append(index)
        children[seq] = []
    built: dict[int, Diagnostic] = {}
    for index in range(len(rows) - 1, -1, -1):  # instances come after their cause
        seq, code, name, severity, line, column, round_, players, message, _ = rows[index]
        fields: dict[str, Any] = {  # Any: Diagnostic's converters take what they convert
            "code": code, "name": name, "severity": Severity[severity.upper()],
            "message": message, "line": line, "column": column, "round": round_,
            "players": json.loads(players),
            "instances": tuple(built.pop(i) for i in children[seq]),
        }  # fmt: skip
        built[index] = Diagnostic(**fields)
    return tuple(built[i] for i in children[None])


# --- a batch through the register -------------------------------------------------------------


@attrs.frozen(repr=False)
class _Hit(Value):
    """A stored audit whose findings a file takes."""

    id: int
    checked_at: str
    readable: bool
    encoding: str | None
    exporter: str | None
    table_json: str | None
    teams_json: str | None


@attrs.define(repr=False)
class _Planned(Value):
    """One file of the batch, in order: its content's hash, and a stored audit if one fits."""

    path: str
    sha256: str | None
    size: int | None
    exporter: str | None
    hit: _Hit | None


class RegisteredBatch(Iterator[FileReport]):
    """The reports of a batch checked through a register, in the order of the paths.

    Attributes:
        register: The open register (closed when the batch ends).
        run: The run's id in the register (0 until the batch starts: nothing is written
            before the first report is asked for).
        checked: Files checked so far.
        replayed: Files taken from the register so far.
    """

    def __init__(
        self,
        files: Iterable[str],
        request: CheckRequest,
        jobs: int,
        register: Register,
        *,
        strict: bool = False,
        paths: Sequence[str] = (),
        check: Callable[..., Iterator[FileReport]] = check_many,
    ) -> None:
        self.register = register
        self.request = request
        self.checked = 0
        self.replayed = 0
        self.with_errors = 0
        self.with_warnings = 0
        self._key = settings_key(request)
        self._pending: list[tuple[_Planned, FileReport]] = []
        self._flushed = time.monotonic()
        self._own = _own_files(register.path)
        self.run = 0  # recorded when the batch starts: nothing is written before
        self._iter = self._reports(files, jobs, check, strict, paths)

    def __next__(self) -> FileReport:
        return next(self._iter)

    def close(self) -> None:
        """End the batch early: what was checked is recorded, the run stays unfinished."""
        self._iter.close()  # a started batch closes the register as it ends
        if not self.run:
            self.register.close()

    @property
    def summary(self) -> str:
        """One line: how many files came from the register, how many were checked."""
        from trfkit.untrusted import printable

        return (
            f"register {printable(self.register.path)} (run {self.run}): {self.replayed} of "
            f"{self.replayed + self.checked} files taken from the register, "
            f"{self.checked} checked"
        )

    def summary_json(self) -> dict[str, Any]:
        """The same, as the ``register`` object of ``--format json``'s summary."""
        return {
            "path": self.register.path,
            "run": self.run,
            "checked": self.checked,
            "replayed": self.replayed,
        }

    def _write(self, sql: str, params: Sequence[object]) -> sqlite3.Cursor:
        try:
            return self.register.conn.execute(sql, params)
        except sqlite3.Error as exc:
            raise RegisterError(f"{self.register.path}: cannot be written: {exc}") from None

    def _start(self, strict: bool, paths: Sequence[str]) -> int:
        options = _canonical_json(settings_of(self.request))
        cursor = self._write(
            "INSERT INTO runs (started, trfkit_version, options_key, options, strict, paths) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (_now(), __version__, self._key, options, int(strict), json.dumps(list(paths))),
        )
        return int(cursor.lastrowid or 0)

    def _plan(self, path: str) -> _Planned:
        data = read_bytes(path, self.request.limits)
        if isinstance(data, str):  # it cannot be read: the check says why
            return _Planned(path, None, None, None, None)
        return self._lookup(path, hashlib.sha256(data).hexdigest(), exporter_of(data), len(data))

    def _lookup(self, path: str, digest: str, exporter: str | None, size: int) -> _Planned:
        request = self.request
        try:
            row = self.register.conn.execute(
                "SELECT id, checked_at, readable, encoding, exporter, table_json, teams_json "
                "FROM audits WHERE sha256 = ? AND size = ? AND options_key = ? "
                "AND trfkit_version = ? AND source_id IS NULL AND reusable = 1 "
                "AND tables >= ? AND teams >= ? "
                "ORDER BY id DESC LIMIT 1",
                (digest, size, self._key, __version__, int(request.tables),
                 int(request.tables or request.teams)),
            ).fetchone()  # fmt: skip
        except sqlite3.Error as exc:
            raise RegisterError(f"{self.register.path}: cannot be read: {exc}") from None
        hit = None if row is None else _Hit(row[0], row[1], bool(row[2]), *row[3:])
        return _Planned(path, digest, size, exporter, hit)

    def _replay(self, planned: _Planned) -> FileReport | None:
        hit = planned.hit
        assert hit is not None
        parent = "parent" if self.register.nested else "NULL"  # schema 1: all top-level
        try:
            rows = self.register.conn.execute(
                'SELECT seq, code, name, severity, line, "column", round, players, message, '
                f"{parent} FROM findings WHERE audit_id = ? ORDER BY seq",
                (hit.id,),
            ).fetchall()
        except sqlite3.Error as exc:
            raise RegisterError(f"{self.register.path}: cannot be read: {exc}") from None
        try:
            found = _rebuilt(rows)
            table = _load_table(hit.table_json) if self.request.tables else None
            teams = (
                _load_table(hit.teams_json) if self.request.tables or self.request.teams else None
            )
        except Exception:  # a row this trfkit cannot rebuild: the file is checked again
            return None
        return FileReport(planned.path, hit.encoding, found, hit.readable, table, teams)

    def _reports(
        self,
        files: Iterable[str],
        jobs: int,
        check: Callable[..., Iterator[FileReport]],
        strict: bool,
        paths: Sequence[str],
    ) -> Generator[FileReport, None, None]:
        self.run = self._start(strict, paths)
        order: collections.deque[_Planned] = collections.deque()
        handout: collections.deque[str] = collections.deque()
        source = iter(files)

        def advance() -> bool:
            """Plan the next file; False when there is none."""
            for path in source:
                if self._own(path):
                    continue  # the register itself, inside a checked folder
                planned = self._plan(path)
                order.append(planned)
                if planned.hit is None:
                    handout.append(path)
                return True
            return False

        def to_check() -> Iterator[str]:
            while True:
                while handout:
                    yield handout.popleft()
                if not advance() and not handout:
                    return

        reports = check(to_check(), self.request, jobs)  # the paths stream in, in order
        finished = False
        try:
            while order or advance():
                planned = order[0]
                report = self._replay(planned) if planned.hit is not None else None
                if planned.hit is not None and report is None:
                    planned.hit = None  # unreadable stored row: check it, out of the stream
                    report = next(iter(check([planned.path], self.request, 1)))
                    self._count(planned, report, fresh=True)
                elif report is not None:
                    self._count(planned, report, fresh=False)
                else:
                    report = next(reports)
                    self._count(planned, report, fresh=True)
                order.popleft()
                yield report
            finished = True
        finally:
            closing = getattr(reports, "close", None)
            if closing is not None:
                with contextlib.suppress(Exception):
                    closing()
            self._flush(force=True)
            self._finish(finished)
            self.register.close()

    def _count(self, planned: _Planned, report: FileReport, *, fresh: bool) -> None:
        if fresh:
            self.checked += 1
        else:
            self.replayed += 1
        status = status_of(report.diagnostics)
        self.with_errors += status is Status.ERROR
        self.with_warnings += status is Status.WARN
        self._pending.append((planned, report))
        if len(self._pending) >= FLUSH_FILES or time.monotonic() - self._flushed >= FLUSH_SECONDS:
            self._flush()

    def _flush(self, force: bool = False) -> None:
        if not self._pending:
            return
        pending, self._pending = self._pending, []
        self._flushed = time.monotonic()
        conn = self.register.conn
        now = _now()
        try:
            conn.execute("BEGIN IMMEDIATE")
            for planned, report in pending:
                self._record(conn, planned, report, now)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise RegisterError(f"{self.register.path}: cannot be written: {exc}") from None

    def _record(
        self, conn: sqlite3.Connection, planned: _Planned, report: FileReport, now: str
    ) -> None:
        request = self.request
        found = report.diagnostics
        hit = planned.hit
        counts = collections.Counter(d.severity for d in found)  # top-level, as check shows
        rows = list(_numbered(found))
        tables = int(request.tables)
        teams = int(request.tables or request.teams)
        table_json = teams_json = None
        if hit is None:
            try:
                table_json = _dump_table(report.table)
                teams_json = _dump_table(report.teams)
            except TypeError:
                tables = teams = 0
        cursor = conn.execute(
            "INSERT OR IGNORE INTO audits (run_id, path, sha256, size, trfkit_version, "
            "options_key, checked_at, recorded_at, source_id, status, readable, encoding, "
            "exporter, errors, warnings, infos, tables, teams, table_json, teams_json, reusable) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                self.run, planned.path, planned.sha256, planned.size, __version__, self._key,
                hit.checked_at if hit else now, now, hit.id if hit else None,
                status_of(found).value, int(report.readable), report.encoding,
                planned.exporter if hit is None else hit.exporter,
                counts[Severity.ERROR], counts[Severity.WARNING], counts[Severity.INFO],
                tables if hit is None else 0, teams if hit is None else 0,
                table_json, teams_json,
                int(hit is None and not any(d.code in NOT_REUSED for _, _, d in rows)),
            ),
        )  # fmt: skip
        if cursor.rowcount != 1 or hit is not None:
            return  # a path named twice in one run is recorded once; a taken audit has no rows
        audit = cursor.lastrowid
        conn.executemany(
            'INSERT INTO findings (audit_id, seq, code, name, severity, line, "column", round, '
            "players, message, parent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (audit, seq, d.code, d.name, d.severity.label, d.line, d.column, d.round,
                 json.dumps(list(d.players)), d.message, parent)
                for seq, parent, d in rows
            ],
        )  # fmt: skip

    def _finish(self, finished: bool) -> None:
        self._write(
            "UPDATE runs SET finished = ?, files = ?, checked = ?, replayed = ?, "
            "with_errors = ?, with_warnings = ? WHERE id = ?",
            (
                _now() if finished else None,
                self.checked + self.replayed, self.checked, self.replayed,
                self.with_errors, self.with_warnings, self.run,
            ),
        )  # fmt: skip


def _own_files(register: str) -> Callable[[str], bool]:
    """Whether a path is the register or one of its side files (``-wal``, ``-shm``)."""
    from trfkit.fileio import same_file

    name = os.path.basename(register)

    def own(path: str) -> bool:
        base = os.path.basename(path)
        if not base.startswith(name):
            return False
        return any(same_file(path, register + tail) for tail in ("", "-wal", "-shm", "-journal"))

    return own


def checked(
    files: Iterable[str],
    request: CheckRequest,
    jobs: int,
    register: str | Register,
    *,
    strict: bool = False,
    paths: Sequence[str] = (),
) -> RegisteredBatch:
    """Check *files* through *register*: like :func:`trfkit.audit.check_many`, in order.

    A file whose content (SHA-256 and size), trfkit version and settings
    (:func:`settings_key`) match an audit in the register is not checked: its report is
    rebuilt from the stored findings (the same as a fresh check's). Every file is
    recorded with the run. The register is opened (or made) at once, so a file that is no
    register raises :class:`RegisterError` here, before anything is checked or written.
    *strict* and *paths* are recorded with the run.
    """
    opened = register if isinstance(register, Register) else Register.open(register)
    try:
        return RegisteredBatch(files, request, jobs, opened, strict=strict, paths=paths)
    except BaseException:
        opened.close()
        raise
