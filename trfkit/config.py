"""Settings from ``[tool.trfkit]`` in a ``pyproject.toml``, a ``trfkit.toml``, or a profile.

The first such file found in the checked path's folder or any folder above it
wins (``trfkit.toml`` before ``pyproject.toml`` in the same folder; a
``pyproject.toml`` without a ``[tool.trfkit]`` table is passed over). A **profile**
(``--profile FILE``, :func:`load_profile`) is a TOML file with the same keys, named on
the command line: a federation's rules written once (``examples/profiles/``).

Keys (:data:`KEYS`):

- ``select``, ``ignore``: lists of codes, code prefixes or names (a
  comma-separated string is accepted too); ``strict``: true makes warnings fail;
- every choice that decides a result (:data:`CHOICES`, each the command-line option
  of the same name with ``-`` written ``_``): the tie-break list and edition, the
  event type, the withdrawal rule and the other uncertain readings, the round order and
  team colours, the drawing of lots, the play-off rules. A command takes the keys it has
  options for and passes over the others (a profile serves ``check``, ``standings`` and
  ``playoff`` alike).

Precedence: the command line, then ``--profile``, then the settings file found, then
trfkit's defaults. This module reads the files and checks the kinds of the values
(:data:`CHOICES`); the commands check each value with the parser of its option
(``trfkit.commands.common.apply_settings``), so a profile accepts exactly what the command
line does. A file that cannot be read, an unknown key or a bad value raises
:class:`ConfigError` naming the file and the key's line (a usage error, exit 2); so does a
``trfkit.toml`` larger than :data:`MAX_BYTES` or nested too deeply for the TOML
reader. A ``pyproject.toml`` that cannot be read as TOML (broken, too large, too
deep) is passed over, since it belongs to another tool.

``--isolated`` reads no settings file at all (a profile named on the command line is
still read: it is the command line's choice); every other run names the files it
applied in its output, and :func:`inside` tells the check command when the settings
file lies inside a checked folder (where whoever submits files could have put it).

Example ``trfkit.toml``::

    select = ["S", "E"]
    ignore = ["E013"]
    strict = true
    tiebreaks = ["SB", "DE"]
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from trfkit.errors import ConfigError
from trfkit.values import Value

if TYPE_CHECKING:
    from pathlib import Path

CHOICES: dict[str, tuple[type, ...]] = {
    # the tie-breaks (trfkit.commands.common.add_tiebreak_options)
    "tiebreaks": (list, str),
    "rules": (str,),
    "type": (str,),
    "withdrawal_rule": (bool,),
    "withdrawal_boundary": (str,),
    "withdrawal_counts_forfeits": (bool,),
    "koya_threshold": (str,),
    "sb_cut": (str,),
    "rr_forfeit_wins_played": (bool,),
    "ptp_perfect_score": (str,),
    "unrated_rating": (int,),
    # the schedule
    "round_order": (str,),
    "team_colours": (str,),
    "team_board_order": (str,),
    # the drawing of lots: the seed of the ties left after the list, its algorithm
    "lots": (str,),
    "lots_algorithm": (str,),
    # play-offs (trfkit playoff)
    "playoff_games": (int,),
    "playoff_single": (bool,),
    "playoff_sudden_death": (str,),
    "playoff_if_level": (str,),
}
"""The keys of the choices that decide a result, with the TOML kinds each may take."""

KEYS = ("select", "ignore", "strict", *CHOICES)
"""The keys a settings file or a profile may hold."""

MAX_BYTES = 1024 * 1024
"""The largest settings file read: a real one has a few lines; a hostile one stays small."""


class Choice(NamedTuple):
    """One result-deciding key of a settings file or profile, as written.

    Attributes:
        key: The key (one of :data:`CHOICES`).
        value: The TOML value: a string, a boolean, an integer or a tuple of strings.
        line: The line of the file that sets it (1-based), when it can be found.
    """

    key: str
    value: str | bool | int | tuple[str, ...]
    line: int | None = None


@attrs.frozen(repr=False)
class Settings(Value):
    """What a configuration file or a profile may set.

    Attributes:
        select: Codes, prefixes or names to keep.
        ignore: Codes, prefixes or names to drop.
        strict: Warnings fail too.
        path: The file the settings came from, if any.
        choices: The result-deciding keys the file sets, in the file's order.
    """

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    path: str | None = None
    choices: tuple[Choice, ...] = ()

    def where(self, key: str) -> str:
        """``PATH:LINE`` (or ``PATH``) of *key*, for a message about its value."""
        line = next((c.line for c in self.choices if c.key == key), None)
        return f"{self.path}:{line}" if line is not None else str(self.path)


def _read(path: Path) -> str:
    """The text of *path*, read only when it is a regular file of at most :data:`MAX_BYTES`.

    Raises:
        OSError, UnicodeDecodeError, ValueError: It cannot be read, or is too large.
    """
    # O_NONBLOCK: a FIFO put in place of the file after it was found must not block the open.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES:,} bytes")
    return data.decode("utf-8")


def _table(path: Path) -> dict[str, Any] | None:
    """The trfkit table of *path*, or ``None`` when the file has none."""
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        if path.name == "pyproject.toml":
            return None
        raise ConfigError(f"{path}: cannot be read ({exc})") from None
    if path.name == "pyproject.toml" and "trfkit" not in text:
        # Every way of writing a [tool.trfkit] table spells out the name (short of
        # escapes in a quoted key), so another tool's pyproject.toml is passed over
        # without importing and running a TOML parser.
        return None
    import tomllib  # only when a file is found: a third of this module's import cost

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if path.name == "pyproject.toml":
            return None
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        # tomllib reads nested arrays and inline tables recursively: a few hundred
        # levels exhaust the stack, which is the file's fault, not a crash.
        if path.name == "pyproject.toml":
            return None
        raise ConfigError(f"{path}: nested too deeply to be read as TOML") from None
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        table = tool.get("trfkit") if isinstance(tool, dict) else None
        if table is not None and not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.trfkit] must be a table")
        return table
    return data


def _strings(value: object, key: str, path: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v.strip() for v in value if v.strip())
    raise ConfigError(f"{path}: {key} must be a list of codes, prefixes or names")


def _find(start: str | Path) -> tuple[Path, dict[str, Any]] | None:
    # os.path, not pathlib: every check looks, and most find nothing (pathlib, with the
    # urllib it imports, costs a check's start-up more than this whole module)
    folder = os.path.realpath(start)  # what Path.resolve() is made of
    if not os.path.isdir(folder):
        folder = os.path.dirname(folder)
    while True:
        for name in ("trfkit.toml", "pyproject.toml"):
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                from pathlib import Path

                table = _table(Path(candidate))
                if table is not None:
                    return Path(candidate), table
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def find_settings_file(start: str | Path) -> Path | None:
    """The nearest ``trfkit.toml``, or ``pyproject.toml`` with ``[tool.trfkit]``, upward."""
    found = _find(start)
    return found[0] if found is not None else None


def load_settings(start: str | Path) -> Settings:
    """The settings that apply to *start* (defaults when no file is found).

    Raises:
        ConfigError: The file found cannot be read or holds something unknown.
    """
    found = _find(start)
    if found is None:
        return Settings()
    path, table = found
    return _settings(path, table)


def load_settings_file(path: str | Path) -> Settings:
    """The settings of the file *path* (``--config``), named instead of searched for.

    A ``trfkit.toml``, or a ``pyproject.toml`` with a ``[tool.trfkit]`` table.

    Raises:
        ConfigError: It cannot be read, is not TOML, has no trfkit settings, or holds an
            unknown key or a value of the wrong kind.
    """
    from pathlib import Path

    given = Path(path)
    if given.name == "pyproject.toml":
        try:
            _read(given)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ConfigError(f"{path}: cannot be read ({exc})") from None
    table = _table(given)
    if table is None:
        raise ConfigError(f"{path}: no [tool.trfkit] table in it")
    return _settings(given, table)


def load_profile(path: str | Path) -> Settings:
    """The settings of the profile *path* (``--profile``): a TOML file of settings keys.

    Raises:
        ConfigError: It cannot be read, is not TOML, or holds an unknown key or a value of
            the wrong kind.
    """
    from pathlib import Path

    given = Path(path)
    try:
        text = _read(given)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f"{path}: the profile cannot be read ({exc})") from None
    import tomllib

    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply to be read as TOML") from None
    return _settings(given, table, text)


def _line_of(text: str | None, key: str) -> int | None:
    """The first line of *text* that sets *key* (``key =``), 1-based; ``None`` if none does."""
    if text is None:
        return None
    import re

    pattern = re.compile(rf"^\s*(?:tool\.trfkit\.)?[\"']?{re.escape(key)}[\"']?\s*=")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return None


def _settings(path: Path, table: dict[str, Any], text: str | None = None) -> Settings:
    """The :class:`Settings` of *table*, read from *path* (whose *text* locates the keys)."""
    if text is None:
        try:
            text = _read(path)
        except (OSError, UnicodeDecodeError, ValueError):
            text = None

    def at(key: str) -> str:
        line = _line_of(text, key)
        return f"{path}:{line}" if line is not None else str(path)

    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(
            f"{at(unknown[0])}: unknown key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}"
        )
    strict = table.get("strict", False)
    if not isinstance(strict, bool):
        raise ConfigError(f"{at('strict')}: strict must be true or false")
    choices = []
    for key, value in table.items():
        kinds = CHOICES.get(key)
        if kinds is None:
            continue
        # bool is an int in Python: a boolean is accepted only where one is meant
        right = isinstance(value, kinds) and (bool in kinds or not isinstance(value, bool))
        if isinstance(value, list):
            right = list in kinds and all(isinstance(v, str) for v in value)
        if not right:
            names = {list: "a list of strings", str: "a string", bool: "true or false",
                     int: "a whole number"}  # fmt: skip
            wanted = " or ".join(names[k] for k in kinds)
            raise ConfigError(f"{at(key)}: {key} must be {wanted}, not {value!r}")
        if isinstance(value, list):
            value = tuple(v.strip() for v in value if v.strip())
        choices.append(Choice(key, value, _line_of(text, key)))
    return Settings(
        select=_strings(table.get("select", []), "select", path),
        ignore=_strings(table.get("ignore", []), "ignore", path),
        strict=strict,
        path=str(path),
        choices=tuple(choices),
    )


def inside(settings_path: str | Path, checked: Iterable[str | Path]) -> str | None:
    """The first of the *checked* folders that holds *settings_path* (at any depth), if any.

    A file in a checked folder may have come with the files submitted for checking;
    one in a folder above every checked path was put there by whoever runs the check.
    Checked paths that are not folders are passed over (the folder of a checked file
    is above it). Paths are compared resolved, so a symbolic link does not hide it.
    """
    from pathlib import Path

    folder = Path(settings_path).resolve().parent
    for given in checked:
        root = Path(given)
        if root.is_dir() and folder.is_relative_to(root.resolve()):
            return str(given)
    return None
