"""The wheel's build hook: the parser's tables, made once here instead of in every process.

:func:`write_tables` builds the LALR parser of ``grammars/trf.lark`` with Lark and writes
Lark's standalone module of it (``lark.tools.standalone``: its tables as Python data, and
the part of Lark that runs them), recording the grammar's text; the wheel carries it as
``trfkit/trf/parser_tables.py``. trfkit uses it only when that text is its grammar's
(``trfkit.trf.reader.TABLES``); a source checkout builds the parser with Lark as before.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

TABLES = "trfkit/trf/parser_tables.py"
"""Where the module goes in the wheel."""


def write_tables(grammar: Path, target: Path) -> Path:
    """Write the standalone parser module of *grammar* to *target* (and return it)."""
    import lark
    from lark.tools.standalone import gen_standalone

    text = grammar.read_text(encoding="utf-8")
    parser = lark.Lark(text, parser="lalr", lexer="basic")
    out = io.StringIO()
    with warnings.catch_warnings():  # Lark reads its own sources without naming a codec
        warnings.simplefilter("ignore", EncodingWarning)
        gen_standalone(parser, out=out)
    header = (
        "# trfkit's parser of grammars/trf.lark, made by hatch_build.py when the wheel was\n"
        "# built (Lark's standalone generator; Lark is MIT-licensed). Do not edit.\n"
        "# ruff: noqa\n"
        "# mypy: ignore-errors\n"
        f"GRAMMAR = {text!r}\n"
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(header + out.getvalue(), encoding="utf-8")
    return target


class ParserTables(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the parser module to the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Make the module and name it in the wheel's ``force_include``."""
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        made = write_tables(root / "grammars" / "trf.lark", root / "build" / "parser" /
                            "parser_tables.py")  # fmt: skip
        build_data["force_include"][str(made)] = TABLES
