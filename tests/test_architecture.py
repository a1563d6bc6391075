"""The import rules of ARCHITECTURE.md: every import goes down a layer, and no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "trfkit"

LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "errors", "diagnostics", "model", "values", "columns", "numbers", "dates", "limits",
        "fileio", "config", "untrusted", "readers",
    ),
    ("trf", "compute"),
    ("checks", "formats"),
    ("audit", "fixes", "meaning", "register"),
    ("report",),
    ("api",),
    ("commands", "cli"),
)
"""The layers from the bottom up; a module may import its own layer's and lower ones."""

APART: tuple[tuple[str, str], ...] = (
    ("trf", "compute"),
    ("compute", "trf"),
    ("checks", "formats"),
    ("formats", "checks"),
    ("report", "checks"),
)
"""Pairs (importer, imported) that never meet, although their layers would allow it."""

STANDARD_ONLY = ("errors", "diagnostics", "model", "values")
"""Stages that import only attrs, the standard library and one another."""


def _stage(module: str) -> str:
    """``trfkit.compute.regime`` → ``compute``."""
    return module.split(".")[1]


def _layer(stage: str) -> int:
    for index, names in enumerate(LAYERS):
        if stage in names:
            return index
    raise AssertionError(f"trfkit.{stage} is in no layer of ARCHITECTURE.md")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Module → the trfkit modules it imports (at the top or inside a function)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _module_name(path)
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("trfkit."))
            elif isinstance(node, ast.ImportFrom):
                module = _absolute(name, path, node)
                if module is None or (module != "trfkit" and not module.startswith("trfkit.")):
                    continue
                node.module = module
                for alias in node.names:  # "from trfkit.compute import berger" names a module
                    inner = f"{node.module}.{alias.name}"
                    found.add(inner if _stage_of_known(inner) else node.module)
        # "from trfkit import __version__" reads the front door's constants, not a stage
        graph[name] = {m for m in found if m != "trfkit" and _stage_of_known(m)}
    return graph


def _absolute(name: str, path: Path, node: ast.ImportFrom) -> str | None:
    """The absolute module of ``from X import …`` (a relative one resolved against *name*)."""
    if node.level == 0:
        return node.module
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _stage_of_known(module: str) -> bool:
    """Whether *module* names a module or package of trfkit (not a name inside one)."""
    path = PACKAGE.parent / module.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _checked(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph without the package's front door and ``__main__`` (they import the API)."""
    return {m: deps for m, deps in graph.items() if m not in ("trfkit", "trfkit.__main__")}


def violations(graph: dict[str, set[str]]) -> list[str]:
    """``"A imports B"`` for every import of *graph* that breaks a rule."""
    wrong = []
    for module, deps in sorted(graph.items()):
        here = _stage(module)
        for dep in sorted(deps):
            there = _stage(dep)
            if _layer(there) > _layer(here) or (here, there) in APART:
                wrong.append(f"{module} imports {dep}")
    return wrong


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of *graph* as the modules along it (``[]`` when there is none)."""
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> list[str]:
        state[module] = 1
        for dep in sorted(graph.get(module, ())):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep in graph and state.get(dep) is None:
                found = visit(dep, [*path, dep])
                if found:
                    return found
        state[module] = 2
        return []

    for module in sorted(graph):
        if state.get(module) is None:
            found = visit(module, [module])
            if found:
                return found
    return []


def test_every_import_goes_down() -> None:
    """No module imports a higher layer, or a stage it must stay apart from."""
    assert violations(_checked(imports())) == []


def test_the_model_needs_only_attrs_and_the_standard_library() -> None:
    """model, diagnostics and errors import no other stage of trfkit."""
    graph = imports()
    for stage in STANDARD_ONLY:
        assert {_stage(d) for d in graph[f"trfkit.{stage}"]} <= set(STANDARD_ONLY), stage


def test_no_import_cycle() -> None:
    """The module graph has no cycle (a module may not import one that imports it back)."""
    assert find_cycle(_checked(imports())) == []


def test_the_rules_find_forbidden_imports_and_cycles() -> None:
    """Compute importing trf, report importing checks, an upward import and a cycle are found."""
    graph = {
        "trfkit.compute.regime": {"trfkit.trf.reader"},
        "trfkit.report.text": {"trfkit.checks.base"},
        "trfkit.model": {"trfkit.audit"},
    }
    assert violations(graph) == [
        "trfkit.compute.regime imports trfkit.trf.reader",
        "trfkit.model imports trfkit.audit",
        "trfkit.report.text imports trfkit.checks.base",
    ]
    cyclic = {"trfkit.audit": {"trfkit.checks"}, "trfkit.checks": {"trfkit.audit"}}
    assert find_cycle(cyclic) == ["trfkit.audit", "trfkit.checks", "trfkit.audit"]


def test_relative_and_dynamic_imports_are_seen() -> None:
    """``from ..trf import reader`` resolves to trfkit.trf; only the CLI imports by name."""
    node = ast.ImportFrom(module="trf", names=[ast.alias("reader")], level=2)
    assert _absolute("trfkit.compute.berger", Path("berger.py"), node) == "trfkit.trf"
    dynamic = [
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*.py"))
        if "import_module(" in path.read_text(encoding="utf-8")
    ]
    assert dynamic == ["cli.py"]  # it imports its own sub-commands, trfkit.commands.*


# --- the one reading of a round ---------------------------------------------------------------

ROUND_READERS = ("trfkit.model", "trfkit.trf", "trfkit.compute.history")
"""Where a round block's result is read: the model and the reader that make it, and the
history, the only stage that gives it a meaning (ARCHITECTURE.md, "Rules of the code")."""

SPELLERS = ("trfkit.formats",)
"""Stages that may copy and translate a result code as written (between editions), never
read its meaning."""

MEANINGS = frozenset(
    {"effective_result", "is_bye", "is_played", "is_forfeit", "is_rated", "complement",
     "default_points"}
)  # fmt: skip
"""What :class:`trfkit.model.Result` and a round block say about a result's meaning."""


def _inside(module: str, stages: tuple[str, ...]) -> bool:
    return any(module == s or module.startswith(s + ".") for s in stages)


def round_readings(sources: dict[str, str]) -> list[str]:
    """``"module:line reads …"`` for every reading of a round's result outside the history.

    Outside :data:`ROUND_READERS`, no module imports ``Result`` or reads a block's
    ``result`` (the :data:`SPELLERS` may, to translate a code) or any of :data:`MEANINGS`.
    """
    found = []
    for module, text in sorted(sources.items()):
        if _inside(module, ROUND_READERS):
            continue
        speller = _inside(module, SPELLERS)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module == "trfkit.model":
                if not speller and any(a.name == "Result" for a in node.names):
                    found.append(f"{module}:{node.lineno} imports Result")
            elif isinstance(node, ast.Attribute) and (
                node.attr in MEANINGS or (node.attr == "result" and not speller)
            ):
                found.append(f"{module}:{node.lineno} reads .{node.attr}")
    return found


def _sources() -> dict[str, str]:
    return {_module_name(p): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}


def test_only_the_history_reads_what_a_round_was() -> None:
    """No stage but compute/history reads a round's result (the converter only copies codes)."""
    assert round_readings(_sources()) == []


def test_the_round_rule_finds_a_reading() -> None:
    """A check comparing a block's result, a converter asking is_bye, are found."""
    sources = {
        "trfkit.checks.lint": "from trfkit.model import Result\nok = b.result is Result.WIN\n",
        "trfkit.formats.versions": "from trfkit.model import Result\ncode = b.result.value\n"
        "bye = b.result.is_bye\n",
        "trfkit.compute.history.kinds": "from trfkit.model import Result\nb.result.is_bye\n",
    }
    assert round_readings(sources) == [
        "trfkit.checks.lint:1 imports Result",
        "trfkit.checks.lint:2 reads .result",
        "trfkit.formats.versions:3 reads .is_bye",
    ]


READ_THROUGH_THE_HISTORY = (
    "trfkit.checks.structure", "trfkit.checks.lint", "trfkit.checks.schedule",
    "trfkit.checks.scores", "trfkit.checks.teams", "trfkit.formats.versions",
    "trfkit.formats.csvform", "trfkit.compute.tiebreaks.core", "trfkit.compute.tiebreaks.own",
    "trfkit.compute.tiebreaks.opponents", "trfkit.compute.tiebreaks.ratings",
    "trfkit.compute.tiebreaks.explain", "trfkit.compute.team_standings",
    "trfkit.compute.regime", "trfkit.compute.crosstable",
)  # fmt: skip
"""The checks, conversions and tie-break families that learn what a round was."""


def test_the_checks_conversions_and_tiebreaks_read_the_history() -> None:
    """Each stage that needs what a round was imports it from compute/history."""
    graph = imports()
    missing = [
        m for m in READ_THROUGH_THE_HISTORY
        if not any(_inside(d, ("trfkit.compute.history",)) for d in graph[m])
    ]  # fmt: skip
    assert missing == []


# --- the columns are read by the reader -------------------------------------------------------

COLUMN_READERS = ("trfkit.trf", "trfkit.columns", "trfkit.formats.render")
"""Where a record's line is cut into fields: the reader (and the column table it reads by),
and the converter's report, which compares the line read with the line written column by
column to say what changed (ARCHITECTURE.md, ``columns``)."""

SLICERS = frozenset({"read_text", "value_text", "read_value", "reaches", "locate"})
"""The column table's functions that read a field out of a line's text."""


def text_slicing(sources: dict[str, str]) -> list[str]:
    """``"module:line …"`` for every cut of a record's line outside :data:`COLUMN_READERS`.

    A call of a column function that reads text (:data:`SLICERS`) or an index, a slice
    or a search (``find``, ``index``, ``split``) on a ``….source.text``.
    """
    found = []
    for module, text in sorted(sources.items()):
        if _inside(module, COLUMN_READERS):
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                table = isinstance(node.func.value, ast.Name) and node.func.value.id in (
                    "C", "columns", "plan",
                )  # fmt: skip
                if node.func.attr in SLICERS and table:
                    found.append(f"{module}:{node.lineno} calls {node.func.attr}")
                elif node.func.attr in ("find", "index", "split") and _is_line(node.func.value):
                    found.append(f"{module}:{node.lineno} searches a line")
            elif isinstance(node, ast.Subscript) and _is_line(node.value):
                found.append(f"{module}:{node.lineno} cuts a line")
    return found


def _is_line(node: ast.expr) -> bool:
    """``x.source.text``: a record's line as read."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "text"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "source"
    )


def test_no_stage_but_the_reader_cuts_a_line() -> None:
    """Outside trf/ no module reads a field out of a line's text (trf/written answers)."""
    assert text_slicing(_sources()) == []


def test_the_slicing_rule_finds_a_cut() -> None:
    """A check slicing a line, one searching it, one calling read_text are found."""
    sources = {
        "trfkit.checks.lint": "v = r.source.text[4:]\nc = r.source.text.index(p)\n"
        "t = C.read_text(r.source.text, f)\nw = len(r.source.text)\n",
        "trfkit.trf.written": "v = r.source.text[4:]\n",
    }
    assert text_slicing(sources) == [
        "trfkit.checks.lint:1 cuts a line",
        "trfkit.checks.lint:2 searches a line",
        "trfkit.checks.lint:3 calls read_text",
    ]
