"""No cache to poison: trfkit reads and writes no cache file, so planted ones do nothing.

Earlier versions kept Lark's analysed grammar (a pickle) and the plugin entry
points (``plugins-<hash>.json``) in ``$TRFKIT_CACHE_DIR``, ``$XDG_CACHE_HOME/trfkit``
or ``~/.cache/trfkit``. Here every such form is planted (a pickle that would
create a marker file when unpickled, in Lark's file format and raw; symbolic
links at the cache names and in place of the cache folder; a ``plugins-*.json``
naming a module that would create a marker when imported) in temporary
``HOME``, ``XDG_CACHE_HOME``, ``TRFKIT_CACHE_DIR`` and ``TMPDIR`` folders, and
``trfkit check`` and ``trfkit rules`` run in subprocesses with and without them.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import lark
import pytest

import trfkit
from trfkit.trf.reader import grammar_text

PACKAGE_ROOT = Path(trfkit.__file__).resolve().parent.parent

TRF = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                        2210                             0.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                         1880                             0.0    2"
    "     1 b 0\n"
)

# Run inside the subprocess: every file opened or listed under a cache root, every
# class a pickle looks up and every import of the planted module is recorded.
AUDITED = """
import json, os, sys
roots = [os.path.abspath(p) + os.sep for p in sys.argv[1].split(os.pathsep)]
seen = []
EVENTS = {"open", "os.listdir", "os.scandir", "os.mkdir", "os.rename", "os.replace",
          "os.remove", "os.symlink", "os.chmod", "os.truncate"}
def hook(event, args):
    if event == "pickle.find_class" or (event == "import" and "evil" in str(args[0])):
        seen.append([event, str(args[0])])
    elif event in EVENTS and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if any((path + os.sep).startswith(root) for root in roots):
            seen.append([event, path])
sys.addaudithook(hook)
from trfkit.cli import main
code = main(sys.argv[2:])
sys.stdout.flush()
sys.stderr.write("AUDIT " + json.dumps(seen) + "\\n")
sys.exit(code)
"""


class _Boom:
    """Unpickled, it creates the marker file (as a planted grammar cache would)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({str(self.marker)!r}, 'w').close()",))


def _environment(tmp_path: Path, poisoned: bool) -> tuple[dict[str, str], list[Path]]:
    """The environment of a run and its cache roots (folders made, planted when *poisoned*)."""
    base = tmp_path / ("poisoned" if poisoned else "clean")
    home, xdg, own, temp = (base / name for name in ("home", "xdg", "own", "tmp"))
    for folder in (home, xdg, own, temp):
        folder.mkdir(parents=True)
    evil = tmp_path / "evilpath"  # on PYTHONPATH in both runs: only a cache would import it
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CACHE_HOME": str(xdg),
        "TRFKIT_CACHE_DIR": str(own),
        "TMPDIR": str(temp),
        "PYTHONPATH": os.pathsep.join([str(PACKAGE_ROOT), str(evil)]),
    }
    env.pop("TRFKIT_NO_CACHE", None)
    return env, [home / ".cache", xdg, own, temp]


def _plant(tmp_path: Path, roots: list[Path]) -> None:
    """Every poisoned form, in every cache folder trfkit ever used."""
    marker = tmp_path / "marker-pickle"
    payload = pickle.dumps(_Boom(marker))
    digest = hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()[:16]
    grammar = f"trf-grammar-{digest}-lark{lark.__version__}.cache"
    victim = tmp_path / "victim.txt"
    victim.write_text("not to be overwritten\n", encoding="utf-8")
    victims = tmp_path / "victims"
    victims.mkdir()
    evil = tmp_path / "evilpath"
    evil.mkdir(exist_ok=True)
    (evil / "trfkit_evil_cached.py").write_text(
        f"open({str(tmp_path / 'marker-import')!r}, 'w').close()\n"
        "from trfkit.checks import make_check\n"
        "from trfkit.diagnostics import Severity\n"
        "CHECKS = (make_check('X666', 'evil', Severity.ERROR, lambda ctx: ()),)\n",
        encoding="utf-8",
    )
    entries = {"group": "trfkit.checks", "entries": [["evil", "trfkit_evil_cached:CHECKS"]]}
    # $TRFKIT_CACHE_DIR was the cache folder itself; the others held a trfkit folder.
    for folder in (roots[0] / "trfkit", roots[1] / "trfkit", roots[2], roots[2] / "trfkit"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / grammar).write_bytes(digest.encode() + b"\n" + payload)  # Lark's layout
        (folder / (grammar + ".table")).write_bytes(payload)
        (folder / "trf-grammar.pickle").write_bytes(payload)
        for name in ("plugins-0000000000000000.json", "plugins.json"):
            (folder / name).write_text(json.dumps(entries), encoding="utf-8")
        for name in (f"{grammar}.tmp", "plugins-link.json", "trf-grammar-link.cache"):
            (folder / name).symlink_to(victim)
    (roots[3] / "trfkit").symlink_to(victims, target_is_directory=True)
    (roots[3] / grammar).write_bytes(payload)


def _run(
    env: dict[str, str], roots: list[Path], work: Path, *arguments: str
) -> tuple[int, str, str, list[object]]:
    """``trfkit ARGUMENTS`` under the audit hook: exit code, stdout, stderr, what it touched."""
    done = subprocess.run(
        [sys.executable, "-c", AUDITED, os.pathsep.join(map(str, roots)), *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=work,
        timeout=120,
        check=False,
    )
    *rest, audit = done.stderr.splitlines(keepends=True)
    assert audit.startswith("AUDIT "), done.stderr
    return done.returncode, done.stdout, "".join(rest), json.loads(audit[6:])


def _snapshot(folder: Path) -> dict[str, object]:
    """Every entry under *folder*: a link's target, a file's bytes."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            found[key] = ("link", os.readlink(path))
        elif path.is_file():
            found[key] = path.read_bytes()
    return found


@pytest.mark.parametrize(
    "arguments",
    [("check", "t.trf"), ("check", "t.trf", "--format", "json"), ("rules",)],
    ids=["check", "check-json", "rules"],
)
def test_planted_cache_files_run_no_code_and_change_nothing(
    tmp_path: Path, arguments: tuple[str, ...]
) -> None:
    """Poisoned caches: no marker, every planted file unchanged, none opened, same output."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "t.trf").write_text(TRF, encoding="utf-8")
    clean_env, clean_roots = _environment(tmp_path, poisoned=False)
    env, roots = _environment(tmp_path, poisoned=True)
    _plant(tmp_path, roots)
    before = _snapshot(tmp_path / "poisoned")
    victims = _snapshot(tmp_path / "victims"), (tmp_path / "victim.txt").read_bytes()

    code, out, err, touched = _run(env, roots, work, *arguments)

    assert not (tmp_path / "marker-pickle").exists() and not (tmp_path / "marker-import").exists()
    assert touched == []  # nothing under a cache root was opened, listed or written
    assert _snapshot(tmp_path / "poisoned") == before
    assert (_snapshot(tmp_path / "victims"), (tmp_path / "victim.txt").read_bytes()) == victims
    clean = _run(clean_env, clean_roots, work, *arguments)
    assert (code, out, err, touched) == clean
    assert not list((tmp_path / "clean").rglob("*trfkit*"))  # and a clean run creates none


def test_the_package_names_no_cache_location() -> None:
    """No module names a cache folder, the home folder, Lark's cache=, pickle or tempdir."""
    words = re.compile(
        r"XDG_CACHE|TRFKIT_CACHE|['\"/]\.cache\b|expanduser|Path\.home|\bcache\s*="
        r"|\bpickle\.|import pickle|gettempdir|mkdtemp|TemporaryFile|TemporaryDirectory"
    )
    hits = [
        f"{path.relative_to(PACKAGE_ROOT)}:{number}: {line.strip()}"
        for path in sorted((PACKAGE_ROOT / "trfkit").rglob("*.py"))
        if not _generated_tables(path)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if words.search(line)
    ]
    assert hits == []


def _generated_tables(path: Path) -> bool:
    """Whether *path* is the parser tables an installed wheel carries (hatch_build.py).

    Lark's own code, whose cache and pickle paths trfkit never takes (it passes no
    ``cache=`` and loads no pickle: the tables are Python literals): left out of the scan.
    """
    if path.name != "parser_tables.py" or path.parent.name != "trf":
        return False
    with path.open(encoding="utf-8") as f:
        return f.readline().startswith("# trfkit's parser of grammars/trf.lark, made by")
