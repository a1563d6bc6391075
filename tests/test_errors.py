"""Every exception trfkit raises is defined in trfkit.errors, under TrfError."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from trfkit import errors

PACKAGE = Path(__file__).resolve().parent.parent / "trfkit"
EXCEPTION_BASES = {"Exception", "ValueError", "TypeError", "RuntimeError", "OSError"}


def test_no_module_but_errors_defines_an_exception() -> None:
    """A class deriving from a built-in exception stands in trfkit/errors.py only."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "errors.py" and path.parent == PACKAGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                if bases & (EXCEPTION_BASES | {"TrfError"}) or any(
                    n.endswith("Error") for n in bases
                ):
                    found.append(f"{path.relative_to(PACKAGE)}: {node.name}")
    assert found == []


def test_every_exception_is_a_trf_error() -> None:
    """Catching TrfError catches every exception trfkit raises."""
    members = inspect.getmembers(errors, inspect.isclass)
    classes = [c for _, c in members if issubclass(c, Exception)]
    assert len(classes) >= 10
    assert all(issubclass(c, errors.TrfError) for c in classes), classes
