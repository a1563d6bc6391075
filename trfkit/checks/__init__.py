"""The check registry and the in-process checking API.

Every built-in check is listed explicitly below, family by family; third-party
checks come from the entry-point group ``trfkit.checks`` (see :func:`plugins`).
A check's docstring is its documentation (``trfkit explain CODE``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path

from trfkit.checks import lint, schedule, scores, structure
from trfkit.checks.base import Check, CheckOptions, Context, make_check
from trfkit.diagnostics import PARSE_RULES, Diagnostic, Rule, Severity

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
    "all_checks",
    "all_rules",
    "check",
    "get",
    "make_check",
    "matches",
    "run_checks",
]


@functools.cache
def plugins() -> tuple[Check, ...]:
    """Checks registered by installed packages under the ``trfkit.checks`` entry points.

    An entry point names a :class:`Check` or a sequence of them. A plugin that
    fails to load is skipped (``trfkit rules`` reports it).
    """
    found: list[Check] = []
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            loaded = entry.load()
        except Exception:
            continue
        items = loaded if isinstance(loaded, (list, tuple)) else (loaded,)
        found.extend(item for item in items if isinstance(item, Check))
    return tuple(found)


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
        except Exception as exc:
            found.append(
                INTERNAL.rule.diagnostic(
                    f"check {item.code} ({item.name}) could not run: {type(exc).__name__}: {exc}"
                )
            )
    return found


def _internal(ctx: Context) -> Iterable[Diagnostic]:
    """A check failed inside trfkit; the other checks still ran.

    This is trfkit's fault, not the file's: please report it with the file.
    """
    return ()


INTERNAL = make_check("S999", "internal-error", Severity.ERROR, _internal)


def check(
    source: str | bytes | os.PathLike[str],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    options: CheckOptions | None = None,
    encoding: str | None = None,
) -> list[Diagnostic]:
    """Read and check a TRF file in-process.

    Args:
        source: A path, the file's bytes, or its text.
        select: Codes, prefixes or names to keep (all when omitted).
        ignore: Codes, prefixes or names to drop.
        options: Settings for the checks.
        encoding: Force a codec instead of detecting it.

    Returns:
        The reader's and the checks' diagnostics, sorted by position.
    """
    from trfkit.api import parse

    if isinstance(source, os.PathLike):
        source = Path(source).read_bytes()
    result = parse(source, encoding=encoding)
    found = list(result.diagnostics)
    if result.tournament.records:
        found.extend(run_checks(Context(result.tournament, options), select=select, ignore=ignore))
    found = [d for d in found if selected(d, select, ignore)]
    return sorted(found, key=lambda d: d.sort_key)
