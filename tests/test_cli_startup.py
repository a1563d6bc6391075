"""Start-up: ``--version`` and ``--help`` load no parser, a command loads only its own module.

Each case runs in a new interpreter, since this test process has long imported
everything; the child reports which modules it ended up with.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trfkit.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
SMALL = ROOT / "fixtures" / "schedule" / "valid_6_single.trf"

PROBE = """
import contextlib, io, json, sys
from trfkit.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

BARE = "import json, sys; print(json.dumps({'code': 0, 'modules': sorted(sys.modules)}))"
"""A bare interpreter's modules (with ``json``, which the probes use to report)."""
VERSION = (
    "import json, sys; from trfkit.cli import main; code = main(['--version']); "
    "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))"
)
"""``trfkit --version`` without the output capture of :data:`PROBE` (contextlib, io)."""


def _modules_after(*arguments: str, program: str = PROBE) -> tuple[int, set[str]]:
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run(
        [sys.executable, "-c", program, *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=True,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


@pytest.mark.parametrize("arguments", [["--version"], ["--help"], []])
def test_version_and_help_load_neither_parser_nor_checks(arguments: list[str]) -> None:
    """``trfkit --version``, ``--help`` and a bare ``trfkit`` import no Lark and no check."""
    code, modules = _modules_after(*arguments)
    assert code in (0, 2)
    parsing = {"lark", "trfkit.trf.decode", "trfkit.trf.reader", "trfkit.checks", "trfkit.model"}
    assert not parsing & modules


def test_version_does_not_even_build_an_argument_parser() -> None:
    """``trfkit --version`` answers before argparse is imported."""
    code, modules = _modules_after("--version")
    assert code == 0 and "argparse" not in modules


def test_version_imports_nothing_beyond_trfkit_and_its_cli() -> None:
    """``trfkit --version`` adds only ``trfkit`` and ``trfkit.cli`` to a bare interpreter's modules.

    (Not even :mod:`typing`, whose import with its own imports costs about as much
    as starting the interpreter: the target is 1.5× ``python -c pass``.)
    """
    _, bare = _modules_after(program=BARE)
    code, modules = _modules_after(program=VERSION)
    assert code == 0
    # __future__: the module behind ``from __future__ import annotations`` (0.3 ms)
    assert modules - bare - {"__future__"} == {"trfkit", "trfkit.cli"}


def test_check_loads_only_its_own_command() -> None:
    """``trfkit check FILE`` does not import the other commands (convert, show, standings …)."""
    code, modules = _modules_after("check", str(SMALL))
    assert code in (0, 1)
    assert "trfkit.commands.check" in modules
    others = {"trfkit.commands.convert", "trfkit.commands.show", "trfkit.commands.standings"}
    assert not others & modules


def test_check_of_an_individual_event_loads_nothing_it_does_not_use(tmp_path: Path) -> None:
    """``trfkit check`` of an individual round robin, with no settings file above it.

    No team computation (the regime opens them for a file with team records only), no
    pathlib (with the urllib it loads: a named file and a settings search need none), no
    TOML parser (no settings file was found), no CSV, no JSON report, no other command's
    parser (the check's own parser reads everything after ``check``).
    """
    small = tmp_path / "small.trf"
    small.write_bytes(SMALL.read_bytes())
    code, modules = _modules_after("check", str(small))
    assert code in (0, 1)
    unused = {
        "trfkit.compute.history.teams", "trfkit.compute.team_standings",
        "trfkit.compute.tiebreaks.team", "trfkit.trf.team_rows", "tomllib", "csv",
        "trfkit.report.json", "trfkit.commands.convert",
    }  # fmt: skip
    if "lark" not in modules:  # a source checkout builds its parser with Lark, which loads it
        unused |= {"pathlib", "urllib.parse"}
    assert not unused & modules


def test_the_top_level_help_is_the_same_with_or_without_the_commands_built() -> None:
    """Listing commands without building them changes nothing ``trfkit --help`` prints."""
    assert build_parser(only=()).format_help() == build_parser().format_help()


def test_the_process_ends_at_once_only_when_nothing_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``entry`` skips the interpreter's exit only with no exit work: a database, a thread."""
    import threading

    from trfkit import cli

    for name in cli._EXIT_WORK:
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert cli._nothing_left_at_exit()
    monkeypatch.setitem(sys.modules, "sqlite3", sys)
    assert not cli._nothing_left_at_exit()
    monkeypatch.delitem(sys.modules, "sqlite3")
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert not cli._nothing_left_at_exit()
    finally:
        stop.set()
        worker.join()


@pytest.mark.parametrize(
    "arguments",
    [["berger", "60"], ["check", str(SMALL), "--format", "json"], ["rules"]],
    ids=["berger", "check", "rules"],
)
def test_output_is_whole_when_the_process_ends_at_once(
    arguments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a command prints to a file is all of it (flushed before the process ends)."""
    from trfkit.cli import main

    code = main(arguments)
    expected = capsys.readouterr().out
    target = tmp_path / "out.txt"
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    with target.open("w", encoding="utf-8") as out:
        done = subprocess.run(
            [sys.executable, "-m", "trfkit", *arguments], stdout=out, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": path}, check=False,
        )  # fmt: skip
    assert done.returncode == code
    assert target.read_text(encoding="utf-8") == expected
    assert len(expected) > 1000
