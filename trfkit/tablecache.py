"""A faster copy of the LALR parse table that Lark keeps in its cache file.

When Lark loads a parser from its cache file, nearly all of its time goes into
rebuilding the parse table (a hundred and fifty states, seven thousand actions)
through its generic deserializer. Lark lets a parser class be swapped in
(``_plugins={"LALR_Parser": ...}``): :class:`TableCachedParser` is Lark's own
class, except that when Lark deserializes the table it takes it from a pickle
beside Lark's cache file, made from the table Lark itself loaded the time
before. Everything else (the grammar's rules, the terminals, the callbacks, the
parsing loop) still comes from Lark and its cache. The copy:

* is named after Lark's cache file (the grammar's hash, Lark's version) and
  holds Python's version; the table's rules are not pickled but named (origin,
  expansion, order, alias) and found again among the rules Lark loaded;
* is written once, after a load without it, and only when reading it back gives
  a table equal to Lark's; a missing, stale, corrupt or foreign copy (on POSIX:
  not the user's own, or writable by others) is ignored and Lark's table used;
* is never used when Lark builds the parser from the grammar (no cache file).
"""

from __future__ import annotations

import contextlib
import io
import operator
import os
import pickle
import sys
from typing import Any

from lark.grammar import Rule
from lark.parsers.lalr_analysis import Reduce, Shift
from lark.parsers.lalr_parser import LALR_Parser

from trfkit.cachedir import private

_FORMAT = "trfkit-lalr-table-1"
_ACTIONS = {id(Shift): "Shift", id(Reduce): "Reduce"}

_RuleKey = tuple[str, tuple[str, ...], int, str | None]


def _rule_key(rule: Rule) -> _RuleKey:
    """A rule named by what makes it itself: origin, expansion, order and alias."""
    return (rule.origin.name, tuple(s.name for s in rule.expansion), rule.order, rule.alias)


def _stamp() -> tuple[str, str, str]:
    """What a copy must have been written under: this format, Python and Lark."""
    import lark

    return (_FORMAT, sys.version, lark.__version__)


class _Writer(pickle.Pickler):
    """Pickles a table: rules as places in a list given at reading, Lark's actions by name.

    A rule is written as ``getitem(RULES, n)``: read once, then taken from the
    pickle's memo like any object seen before.
    """

    def __init__(self, file: io.BytesIO, rules: list[Rule]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._rules = rules
        self._places = {id(r): n for n, r in enumerate(rules)}

    def persistent_id(self, obj: Any) -> Any:
        """The list of rules is the reader's own."""
        return "rules" if obj is self._rules else None

    def reducer_override(self, obj: Any) -> Any:
        """A rule is its place in the list; ``Shift`` and ``Reduce`` are Lark's singletons."""
        if type(obj) is Rule:
            return operator.getitem, (self._rules, self._places[id(obj)])
        return _ACTIONS.get(id(obj), NotImplemented)


class _Reader(pickle.Unpickler):
    """Reads a table back, with the rules Lark loaded in the list."""

    def __init__(self, file: io.BytesIO, rules: list[Rule]) -> None:
        super().__init__(file)
        self._rules = rules

    def persistent_load(self, pid: Any) -> list[Rule]:
        """The list of rules the table's places refer to."""
        if pid != "rules":
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self._rules

    def find_class(self, module: str, name: str) -> Any:
        """Only Lark's ``Shift`` and ``Reduce``, and ``getitem``, may be named."""
        if module == Shift.__module__ and name in ("Shift", "Reduce"):
            return Shift if name == "Shift" else Reduce
        if module in ("operator", "_operator") and name == "getitem":
            return operator.getitem
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a parse table")


def _rules(memo: Any) -> dict[_RuleKey, Rule] | None:
    """The rules Lark loaded, by key; ``None`` when two share one."""
    rules = [v for v in memo.values() if type(v) is Rule] if isinstance(memo, dict) else []
    found = {_rule_key(r): r for r in rules}
    return found if len(found) == len(rules) else None


def _read(path: str, rules: dict[_RuleKey, Rule]) -> tuple[Any, Any, Any] | None:
    """The states, start states and end states of the copy at *path*, or ``None``."""
    try:
        with open(path, "rb") as handle:
            if not private(os.fstat(handle.fileno())):
                return None
            data = handle.read()
    except OSError:
        return None
    return _read_bytes(data, rules)


def _read_bytes(data: bytes, rules: dict[_RuleKey, Rule]) -> tuple[Any, Any, Any] | None:
    """The table in *data*, or ``None`` when it is damaged or was written for another Lark.

    *data* holds two pickles: the stamp with the keys of the rules, then the
    table, whose rules are places in that list of keys.
    """
    try:
        stream = io.BytesIO(data)
        stamp, keys = _Reader(stream, []).load()
        if stamp != _stamp():
            return None
        states, starts, ends = _Reader(stream, [rules[tuple(k)] for k in keys]).load()
    except Exception:  # a damaged copy of any kind: Lark's own table is used
        return None
    if not all(type(x) is dict for x in (states, starts, ends)):
        return None
    return states, starts, ends


def _write(path: str, table: Any, rules: dict[_RuleKey, Rule]) -> None:
    """Keep *table* at *path*, if reading it back gives the same table."""
    buffer = io.BytesIO()
    listed = list(rules.values())
    try:
        shared: dict[Any, Any] = {}  # equal actions as one object: read once, then memo
        states = {
            state: {symbol: shared.setdefault(action, action) for symbol, action in actions.items()}
            for state, actions in table.states.items()
        }
        content = (states, table.start_states, table.end_states)
        pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump((_stamp(), list(rules)))
        _Writer(buffer, listed).dump(content)
        data = buffer.getvalue()
        if _read_bytes(data, rules) != content:
            return
    except Exception:  # a table this module cannot copy: nothing is kept
        return
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(descriptor, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


class TableCachedParser(LALR_Parser):
    """Lark's LALR parser, its table loaded from trfkit's copy when there is one.

    Set :attr:`path` (a subclass per cache file, see :func:`parser_class`).
    """

    path: str = ""

    @classmethod
    def deserialize(cls, data: Any, memo: Any, *arguments: Any, **options: Any) -> Any:
        """Lark's deserializer, with the states of the table taken from the copy.

        Lark makes the parser from the table's start and end states only (its
        states left empty, so nothing is rebuilt), and the states, start and end
        states of the copy are put in. Without a usable copy, Lark's own way,
        and the copy is written for the next time.
        """
        lark_way: Any = super().deserialize
        rules = _rules(memo)
        found = _read(cls.path, rules) if rules is not None else None
        if found is not None and isinstance(data, dict):
            inst = lark_way({**data, "states": {}}, memo, *arguments, **options)
            table = getattr(getattr(inst, "parser", None), "parse_table", None)
            if table is not None and getattr(inst, "_parse_table", None) is table:
                for name, value in zip(
                    ("states", "start_states", "end_states"), found, strict=True
                ):
                    setattr(table, name, value)
                return inst
        inst = lark_way(data, memo, *arguments, **options)
        table = getattr(inst, "_parse_table", None)
        if rules is not None and table is not None:
            _write(cls.path, table, rules)
        return inst


def plugins(lark_cache: str | bool) -> dict[str, type[TableCachedParser]]:
    """The ``_plugins`` option of a Lark loading from the cache file *lark_cache*.

    The copy is kept beside that file; no plugin without a cache file.
    """
    if not isinstance(lark_cache, str):
        return {}
    path = f"{lark_cache}.table"
    return {"LALR_Parser": type("TableCachedParser", (TableCachedParser,), {"path": path})}
