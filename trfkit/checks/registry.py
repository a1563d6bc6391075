"""The check registry: the built-in checks, the plugins, and running them on a file.

Every built-in check is listed explicitly below, family by family; third-party
checks come from the entry-point group ``trfkit.checks`` (see :func:`plugins`).
A check's docstring is its documentation (``trfkit explain CODE``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from trfkit.checks import lint, schedule, scores, structure
from trfkit.checks.base import Check, CheckOptions, Context, make_check
from trfkit.diagnostics import PARSE_RULES, Diagnostic, Rule, Severity

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

BUILTIN: tuple[Check, ...] = (
    *structure.CHECKS,
    *schedule.CHECKS,
    *scores.CHECKS,
    *lint.CHECKS,
)
"""Every built-in check, family by family."""

ENTRY_POINT_GROUP = "trfkit.checks"

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


@attrs.frozen
class PluginProblem:
    """A plugin entry point (or one of its checks) that was not loaded, and why.

    Attributes:
        entry_point: ``name = module:attribute`` of the entry point.
        message: What went wrong.
    """

    entry_point: str
    message: str


def _entry_points() -> list[EntryPoint]:
    """The ``trfkit.checks`` entry points of the installed distributions, sorted by name."""
    from importlib import metadata

    return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)


@functools.cache
def _plugin_checks() -> tuple[tuple[Check, ...], tuple[PluginProblem, ...]]:
    taken_codes = {c.code for c in BUILTIN} | set(PARSE_RULES) | {"S999"}
    taken_names = {c.name for c in BUILTIN} | {r.name for r in PARSE_RULES.values()}
    taken_names.add("internal-error")
    found: list[Check] = []
    problems: list[PluginProblem] = []
    for entry in _entry_points():
        label = f"{entry.name} = {entry.value}"
        try:
            loaded = entry.load()
        except Exception as exc:  # a broken plugin must not stop a check run
            problems.append(PluginProblem(label, f"cannot be loaded: {type(exc).__name__}: {exc}"))
            continue
        items = loaded if isinstance(loaded, (list, tuple)) else (loaded,)
        for item in items:
            if not isinstance(item, Check):
                problem = f"{item!r} is not a trfkit.checks.Check"
            elif not re.fullmatch(_CODE, item.code) or not re.fullmatch(_NAME, item.name):
                problem = (
                    f"{item.code} {item.name}: a code is a capital letter and three digits, "
                    "a name is kebab-case"
                )
            elif item.code in taken_codes or item.name in taken_names:
                problem = f"{item.code} {item.name}: the code or the name is already taken"
            else:
                taken_codes.add(item.code)
                taken_names.add(item.name)
                found.append(item)
                continue
            problems.append(PluginProblem(label, problem + "; skipped"))
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
    rules = [*PARSE_RULES.values(), INTERNAL.rule, *(c.rule for c in all_checks())]
    return tuple(sorted(rules, key=lambda r: r.code))


def get(code_or_name: str) -> Rule:
    """The rule with this code or name; raises ``ValueError`` when there is none."""
    for rule in all_rules():
        if code_or_name.upper() == rule.code or code_or_name.lower() == rule.name:
            return rule
    raise ValueError(f"no rule {code_or_name!r}; 'trfkit rules' lists them")


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
    if select and not matches(diagnostic.code, diagnostic.name, select):
        return False
    return not (ignore and matches(diagnostic.code, diagnostic.name, ignore))


def run_checks(
    ctx: Context,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
) -> list[Diagnostic]:
    """Run every selected check on *ctx*; a check that crashes becomes a diagnostic."""
    found: list[Diagnostic] = []
    for item in all_checks():
        if select and not matches(item.code, item.name, select):
            continue
        if ignore and matches(item.code, item.name, ignore):
            continue
        try:
            found.extend(item.run(ctx))
        except MemoryError:  # the file's, not the check's: audit reports the file (P001)
            raise
        except Exception as exc:
            found.append(
                INTERNAL.rule.diagnostic(
                    f"check {item.code} ({item.name}) could not run: {type(exc).__name__}: {exc}"
                )
            )
    return _inside_lines(ctx, found)


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
                widths = {
                    r.source.line: len(r.source.text)
                    for r in ctx.tournament.records
                    if r.source is not None
                }
            width = widths.get(d.line)
            if width is not None and d.column > width + 1:
                d = attrs.evolve(d, column=width + 1)
        out.append(d)
    return out


def _internal(ctx: Context) -> Iterable[Diagnostic]:
    """A check failed inside trfkit; the other checks still ran.

    This is trfkit's fault, not the file's: please report it with the file.
    """
    return ()


INTERNAL = make_check("S999", "internal-error", Severity.ERROR, _internal)
