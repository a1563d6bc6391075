"""The check registry: the built-in checks, the plugins, and running them on a file.

Every built-in check is listed explicitly below, family by family; third-party
checks come from the entry-point group ``trfkit.checks`` (see :func:`plugins`).
A check's docstring is its documentation (``trfkit explain CODE``).

A plugin is contained (:func:`run_checks`): what it prints goes to stderr, not
to stdout (which may be a JSON document); an exception it raises, ``SystemExit``
and ``KeyboardInterrupt`` included, and every item it yields that is not a
finding inside the file, become one ``S999`` naming the plugin, while its
other findings and every built-in finding stay. Every check's findings are held
to the repeat cap (``Limits.max_repeats``) however the check was built (a plugin's
``Check(rule, run)`` too), and a plugin's message to :data:`PLUGIN_MESSAGE_LIMIT`
characters. (Its writes to file descriptor 1, and a check that hangs, are
:mod:`trfkit.audit`'s to contain: the process decides where fd 1 points.)
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import attrs

from trfkit.checks import causes, lint, readers, schedule, scores, structure, teams
from trfkit.checks.base import Check, CheckOptions, Context, is_capped, make_check
from trfkit.diagnostics import PARSE_RULES, Diagnostic, Repeats, Rule, Severity
from trfkit.errors import RuleError
from trfkit.trf.written import line_widths

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

BUILTIN: tuple[Check, ...] = (
    *structure.CHECKS,
    *schedule.CHECKS,
    *scores.CHECKS,
    *teams.CHECKS,
    *lint.CHECKS,
    *readers.CHECKS,
)
"""Every built-in check, family by family."""

ENTRY_POINT_GROUP = "trfkit.checks"

PLUGIN_MESSAGE_LIMIT = 1000
"""The most characters of a plugin finding's message (and name) kept: a longer one is cut
to this length, its last character an ellipsis (``…``). A built-in message is a sentence
or two; 101 findings of 10 kB each would make a file's report a megabyte."""

__all__ = [
    "BUILTIN",
    "Check",
    "CheckOptions",
    "Context",
    "PluginProblem",
    "all_checks",
    "all_rules",
    "get",
    "make_check",
    "matches",
    "plugin_problems",
    "plugins",
    "run_checks",
    "selected",
    "unknown_patterns",
]

# Used only for plugins: compiled (by re, once) when first used, not at import.
_CODE = r"[A-Z]\d{3}"
_NAME = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"


class PluginProblem(NamedTuple):
    """A plugin entry point (or one of its checks) that was not loaded, and why.

    Attributes:
        entry_point: ``name = module:attribute`` of the entry point.
        message: What went wrong.
    """

    entry_point: str
    message: str


def plugin_entry_points() -> list[EntryPoint]:
    """The ``trfkit.checks`` entry points of the installed distributions, sorted by name.

    None without reading any metadata when no distribution can declare one
    (:func:`plugins_declared`).
    """
    if not plugins_declared():
        return []
    from importlib import metadata

    return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)


_STANDARD_FINDERS = frozenset({"BuiltinImporter", "FrozenImporter", "PathFinder"})


def plugins_declared() -> bool:
    """Whether an installed distribution may declare a ``trfkit.checks`` entry point.

    :mod:`importlib.metadata` reads every distribution's metadata (a tenth of a check's
    start-up), so the folders of :data:`sys.path` are scanned first for an
    ``entry_points.txt`` that names the group. Only where that scan could miss one (an
    entry that is no folder: a zip file or an egg; a finder of distributions other than
    the standard ones) is the answer "maybe", and :func:`plugin_entry_points` decides.
    """
    import os

    for finder in sys.meta_path:
        name = getattr(finder, "__name__", type(finder).__name__)
        if name not in _STANDARD_FINDERS and hasattr(finder, "find_distributions"):
            return True
    marker = f"[{ENTRY_POINT_GROUP}]"
    for folder in sys.path:
        try:
            entries = os.scandir(folder or ".")
        except NotADirectoryError:
            return True  # a zip file or an egg on the path: ask importlib.metadata
        except OSError:
            continue  # a folder that is not there holds no distribution
        with entries:
            for entry in entries:
                if not entry.name.endswith((".dist-info", ".egg-info")):
                    continue
                try:
                    with open(os.path.join(entry.path, "entry_points.txt"), "rb") as f:
                        if marker.encode() in f.read():
                            return True
                except OSError:
                    continue  # no entry points in this distribution
    return False


def _plugin_output() -> contextlib.redirect_stdout[io.TextIOBase]:
    """Where a plugin's ``print`` goes while its code runs: stderr, never stdout."""
    return contextlib.redirect_stdout(sys.stderr or io.StringIO())  # type: ignore[arg-type]


def _describe(thing: object, limit: int = 80) -> str:
    """``repr(thing)``, shortened; a ``repr`` that fails is named by the type."""
    try:
        text = repr(thing)
    except Exception:
        text = f"<a {type(thing).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _failure(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    text = text if len(text) <= 200 else text[:199] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _valid_plugin(item: object, taken_codes: set[str], taken_names: set[str]) -> str | None:
    """Why *item* cannot be registered, or ``None`` when it can."""
    if not isinstance(item, Check):
        return f"{_describe(item)} is not a trfkit.checks.Check"
    code, name = item.code, item.name
    if not isinstance(code, str) or not isinstance(name, str):
        return f"{_describe(item)}: the code and the name must be strings"
    if not re.fullmatch(_CODE, code) or not re.fullmatch(_NAME, name):
        return f"{code} {name}: a code is a capital letter and three digits, a name is kebab-case"
    if code in taken_codes or name in taken_names:
        return f"{code} {name}: the code or the name is already taken"
    return None


_LABELS: dict[str, str] = {}
"""The entry point (``name = module:attribute``) of each plugin check loaded, by code."""


@functools.cache
def _plugin_checks() -> tuple[tuple[Check, ...], tuple[PluginProblem, ...]]:
    taken_codes = {c.code for c in BUILTIN} | set(PARSE_RULES) | {"S999"}
    taken_names = {c.name for c in BUILTIN} | {r.name for r in PARSE_RULES.values()}
    taken_names.add("internal-error")
    found: list[Check] = []
    problems: list[PluginProblem] = []
    try:
        entries = plugin_entry_points()
    except Exception as exc:  # a malformed entry_points.txt of any distribution
        unread = PluginProblem(ENTRY_POINT_GROUP, f"cannot be read: {_failure(exc)}")
        return (), (unread,)
    for entry in entries:
        label = f"{entry.name} = {entry.value}"
        try:
            with _plugin_output():  # a module printing at import must not reach stdout
                loaded = entry.load()
                items = loaded if isinstance(loaded, (list, tuple)) else (loaded,)
                reasons = [(item, _valid_plugin(item, taken_codes, taken_names)) for item in items]
        except BaseException as exc:  # even sys.exit() at import must not stop a check run
            problems.append(PluginProblem(label, f"cannot be loaded: {_failure(exc)}"))
            continue
        for item, problem in reasons:
            if problem is None and isinstance(item, Check):
                taken_codes.add(item.code)
                taken_names.add(item.name)
                _LABELS[item.code] = label
                found.append(item)
            else:
                problems.append(PluginProblem(label, f"{problem}; skipped"))
    return tuple(found), tuple(problems)


def plugins() -> tuple[Check, ...]:
    """Checks registered by installed packages under the ``trfkit.checks`` entry points.

    An entry point names a :class:`Check` or a sequence of them. A plugin that
    fails to load, or whose code or name is malformed or already taken, is
    skipped and listed by :func:`plugin_problems` (``trfkit rules`` shows it).
    Entry points are read once per process (the result is kept).
    """
    return _plugin_checks()[0]


def plugin_problems() -> tuple[PluginProblem, ...]:
    """The plugin entry points or checks that were skipped, and why."""
    return _plugin_checks()[1]


def all_checks() -> tuple[Check, ...]:
    """The built-in checks followed by the plugins'."""
    return BUILTIN + plugins()


def all_rules() -> tuple[Rule, ...]:
    """Every documented code: the reader's, then each check's, sorted by code."""
    rules = [
        *PARSE_RULES.values(),
        INTERNAL.rule,
        *(c.rule for c in all_checks()),
        *(c.rule for c in causes.CAUSES),
    ]
    return tuple(sorted(rules, key=lambda r: r.code))


def get(code_or_name: str) -> Rule:
    """The rule with this code or name; raises :class:`~trfkit.errors.RuleError` if none."""
    for rule in all_rules():
        if code_or_name.upper() == rule.code or code_or_name.lower() == rule.name:
            return rule
    raise RuleError(f"no rule {code_or_name!r}; 'trfkit rules' lists them")


def matches(rule_code: str, rule_name: str, patterns: Iterable[str]) -> bool:
    """True when a code prefix (``B``, ``B0``, ``B001``) or a name in *patterns* fits."""
    for pattern in patterns:
        pattern = pattern.strip()
        if not pattern:
            continue
        if rule_code.startswith(pattern.upper()) or rule_name == pattern.lower():
            return True
    return False


def unknown_patterns(patterns: Iterable[str]) -> list[str]:
    """The entries of *patterns* that fit no known code, code prefix or name."""
    patterns = list(patterns)
    if not any(p.strip() for p in patterns):
        return []
    rules = all_rules()
    return [
        p for p in patterns if p.strip() and not any(matches(r.code, r.name, [p]) for r in rules)
    ]


def selected(
    diagnostic: Diagnostic, select: Sequence[str] | None, ignore: Sequence[str] | None
) -> bool:
    """Whether *diagnostic* passes ``--select`` and ``--ignore``."""
    return code_selected(diagnostic.code, diagnostic.name, select, ignore)


def code_selected(
    code: str, name: str, select: Sequence[str] | None, ignore: Sequence[str] | None
) -> bool:
    """Whether the code *code* (named *name*) passes ``--select`` and ``--ignore``."""
    if select and not matches(code, name, select):
        return False
    return not (ignore and matches(code, name, ignore))


def widened(select: Sequence[str] | None) -> tuple[str, ...] | None:
    """*select* with the codes the selected root causes stand for (the checks to run)."""
    if not select:
        return None if select is None else tuple(select)
    more = [
        code
        for cause in causes.CAUSES
        if matches(cause.code, cause.name, select)
        for code in sorted(cause.groups)
    ]
    return (*select, *more)


def with_causes(
    ctx: Context, found: Sequence[Diagnostic], *, ignore: Sequence[str] | None = None
) -> list[Diagnostic]:
    """*found* (the reader's and the checks' findings) with their root causes grouped.

    ``--ignore`` drops findings before they are grouped, and a cause it names groups
    nothing. Under ``--select`` a root cause's finding stays when :func:`cause_selected`
    says so.
    """
    kept = [d for d in found if not (ignore and matches(d.code, d.name, ignore))]
    active = [c for c in causes.CAUSES if not (ignore and matches(c.code, c.name, ignore))]
    return causes.group(ctx, kept, active)


def cause_selected(diagnostic: Diagnostic, select: Sequence[str] | None) -> bool:
    """Whether a root cause's finding stays under ``--select``: by its code or an instance's.

    ``--select T001`` shows C001 with its T001s underneath.
    """
    return bool(diagnostic.instances) and (
        not select
        or matches(diagnostic.code, diagnostic.name, select)
        or any(matches(i.code, i.name, select) for i in diagnostic.instances)
    )


def run_checks(
    ctx: Context,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
) -> list[Diagnostic]:
    """Run every selected check on *ctx*; a check that crashes becomes a diagnostic.

    A plugin's check is contained (:func:`_run_plugin`).
    """
    found: list[Diagnostic] = []
    ordered = itertools.chain(((c, False) for c in BUILTIN), ((c, True) for c in plugins()))
    for item, plugin in ordered:
        if select and not matches(item.code, item.name, select):
            continue
        if ignore and matches(item.code, item.name, ignore):
            continue
        if plugin:
            found.extend(_run_plugin(item, ctx))
            continue
        try:
            found.extend(_held_to_the_cap(item, ctx))
        except MemoryError:  # the file's, not the check's: audit reports the file (P001)
            raise
        except Exception as exc:
            found.append(
                INTERNAL.rule.diagnostic(
                    f"check {item.code} ({item.name}) could not run: {type(exc).__name__}: {exc}"
                )
            )
    return _inside_lines(ctx, found)


def _held_to_the_cap(item: Check, ctx: Context) -> Iterable[Diagnostic]:
    """*item*'s findings, at most ``max_repeats`` of a code and one that counts the rest.

    A check of :func:`make_check` caps its own (the same output as run alone): any other
    (``Check(rule, run)`` built directly, or its ``run`` replaced) is capped here.
    """
    if is_capped(item.run):
        return item.run(ctx)
    repeats = Repeats(ctx.limits.max_repeats)
    kept = [d for d in item.run(ctx) if not isinstance(d, Diagnostic) or repeats.take(d)]
    return kept + repeats.summaries()


def _run_plugin(item: Check, ctx: Context) -> list[Diagnostic]:
    """A plugin check's findings that lie inside the file, and one S999 for the rest.

    Its ``print`` output goes to stderr; whatever it raises, ``SystemExit`` and
    ``KeyboardInterrupt`` included, ends only its own run (what it yielded
    before is kept).
    """
    good: list[Diagnostic] = []
    dropped = 0
    first = ""
    failure = None
    repeats = None if is_capped(item.run) else Repeats(ctx.limits.max_repeats)
    with _plugin_output():
        try:
            for thing in item.run(ctx):
                checked = _plugin_finding(thing, ctx)
                if isinstance(checked, Diagnostic):
                    if repeats is None or repeats.take(checked):
                        good.append(checked)
                else:
                    dropped += 1
                    first = first or checked
        # BaseException: a plugin's sys.exit() (or a KeyboardInterrupt it raises) would
        # otherwise end the whole batch with no output at all.
        except BaseException as exc:
            failure = _failure(exc)
    if repeats is not None:
        good.extend(repeats.summaries())
    problems = []
    if failure is not None:
        problems.append(f"could not run: {failure}")
    if dropped:
        what = "1 item that is not" if dropped == 1 else f"{dropped} items that are not"
        problems.append(f"yielded {what} a finding inside the file, dropped (first: {first})")
    if problems:
        label = _LABELS.get(item.code)
        where = f" (entry point {label})" if label else ""
        message = (
            f"plugin check {item.code} ({item.name}) {'; it also '.join(problems)}{where}; "
            "its other findings are kept"
        )
        good.append(INTERNAL.rule.diagnostic(message))
    return good


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plugin_finding(thing: object, ctx: Context) -> Diagnostic | str:
    """*thing* as a plain :class:`Diagnostic` inside the file, or why it is not one.

    A line must be one of the file's, a column at least 1 (one past a line's end
    is clamped later, as for every check), a round one of the file's rounds and
    a player one of its start ranks.
    """
    if not isinstance(thing, Diagnostic):
        return f"{_describe(thing)} is not a trfkit Diagnostic"
    try:
        code, name, severity, message = thing.code, thing.name, thing.severity, thing.message
        line, column, round_, players = thing.line, thing.column, thing.round, thing.players
        if not all(isinstance(v, str) for v in (code, name, message)):
            return f"{_describe(thing)}: code, name and message must be strings"
        if not isinstance(severity, Severity):
            return f"{_describe(thing)}: severity must be a trfkit Severity"
        if not all(v is None or _is_int(v) for v in (line, column, round_)):
            return f"{_describe(thing)}: line, column and round must be whole numbers"
        players = tuple(players)
        if not all(_is_int(p) for p in players):
            return f"{_describe(thing)}: players must be start ranks (whole numbers)"
        widths = _line_widths(ctx)
        where = f"{line}:{column}" if column is not None else str(line)
        if line is not None and line not in widths:
            return f"line {where} is not a line of the file"
        if column is not None and (line is None or column < 1):
            return f"column {where} is not a column of the file"
        if round_ is not None and not 1 <= round_ <= ctx.tournament.round_count:
            return f"round {round_} is not a round of the file"
        ranks = ctx.tournament.players_by_start_rank
        outside = [p for p in players if p not in ranks]
        if outside:
            return f"player {outside[0]} is not a start rank of the file"
        # Rebuilt from plain values, so that nothing of the plugin's object travels on.
        return Diagnostic(
            code=str(code),
            name=_bounded(str(name)),
            severity=Severity(severity),
            message=_bounded(str(message)),
            line=None if line is None else int(line),
            column=None if column is None else int(column),
            round=None if round_ is None else int(round_),
            players=tuple(int(p) for p in players),
        )
    except Exception as exc:  # a Diagnostic subclass whose attributes fail
        return f"{_describe(thing)} cannot be read ({_failure(exc)})"


def _bounded(text: str) -> str:
    """*text* cut to :data:`PLUGIN_MESSAGE_LIMIT` characters, the last one ``…``."""
    if len(text) <= PLUGIN_MESSAGE_LIMIT:
        return text
    return text[: PLUGIN_MESSAGE_LIMIT - 1] + "…"


def _line_widths(ctx: Context) -> dict[int, int]:
    """Each record's line number and its length."""
    widths: dict[int, int] = ctx.cached(
        "registry.line-widths", lambda: line_widths(ctx.tournament)
    )
    return widths


def _inside_lines(ctx: Context, found: list[Diagnostic]) -> list[Diagnostic]:
    """Keep every position inside the file.

    A column past a short line's end points just after its last character (the
    field it names is missing altogether).
    """
    widths: dict[int, int] | None = None
    out = []
    for d in found:
        if d.line is not None and d.column is not None:
            if widths is None:
                widths = _line_widths(ctx)
            width = widths.get(d.line)
            if width is not None and d.column > width + 1:
                d = attrs.evolve(d, column=width + 1)
        out.append(d)
    return out


def _internal(ctx: Context) -> Iterable[Diagnostic]:
    """A check failed inside trfkit; the other checks still ran.

    This is trfkit's fault, not the file's: please report it with the file. A plugin's
    check that fails, yields what is no finding inside the file or tries to end trfkit
    is one S999 naming the plugin. The checks of a file that run longer than
    ``--check-timeout`` (60 s by default) are stopped, their worker process killed: one
    S999 for that file, whose findings are lost, and the batch goes on.
    """
    return ()


INTERNAL = make_check("S999", "internal-error", Severity.ERROR, _internal)
