"""The checks: the judgement of a file against the computations, family by family.

:mod:`trfkit.checks.registry` lists every check; :mod:`trfkit.checks.base` defines what
a check is and what it sees. The names a plugin needs are here.
"""

from __future__ import annotations

from trfkit.checks.base import Check, CheckOptions, Context, make_check
from trfkit.checks.registry import (
    BUILTIN,
    ENTRY_POINT_GROUP,
    INTERNAL,
    PluginProblem,
    all_checks,
    all_rules,
    cause_selected,
    code_selected,
    get,
    matches,
    plugin_entry_points,
    plugin_problems,
    plugins,
    run_checks,
    selected,
    unknown_patterns,
    widened,
    with_causes,
)

__all__ = [
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "INTERNAL",
    "Check",
    "CheckOptions",
    "Context",
    "PluginProblem",
    "all_checks",
    "all_rules",
    "cause_selected",
    "code_selected",
    "get",
    "make_check",
    "matches",
    "plugin_entry_points",
    "plugin_problems",
    "plugins",
    "run_checks",
    "selected",
    "unknown_patterns",
    "widened",
    "with_causes",
]
