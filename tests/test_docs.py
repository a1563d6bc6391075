"""The documentation's examples run: every console block and every ``>>>`` example.

A fenced block whose info string is ``console`` is a transcript: each ``$ `` line is a
command, the lines after it until the next ``$ `` line are what it prints (stdout and
stderr together, as a terminal shows them). In the expected text ``…`` stands for any
text within a line, and a line holding only ``…`` for any number of lines. The commands of
a block run in one shell, in a fresh folder that holds the repository's ``fixtures`` and
``examples`` (read only) and ``docs/examples`` (copied, so an example may write beside it),
with ``trfkit`` meaning this interpreter's ``python -m trfkit``.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", *DOCS.glob("*.md")])
ELLIPSIS = "…"
FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.MULTILINE | re.DOTALL)  # fmt: skip


class Example:
    """One console block: its page, its first line and its commands with their output."""

    def __init__(self, page: Path, line: int, steps: list[tuple[str, list[str]]]) -> None:
        self.page = page
        self.line = line
        self.steps = steps

    @property
    def name(self) -> str:
        """``README.md:12``: where the block starts."""
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def console_blocks(text: str, page: Path) -> list[Example]:
    """The console blocks of a Markdown text, each split into commands and their output."""
    examples = []
    for match in FENCE.finditer(text):
        if match["info"].strip() != "console":
            continue
        indent = len(match["indent"])
        steps: list[tuple[str, list[str]]] = []
        for raw in match["body"].splitlines():
            line = raw[indent:]
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line.rstrip())
            elif line.strip():
                raise ValueError(f"{page.name}: a console block must start with '$ '")
        examples.append(Example(page, text.count("\n", 0, match.start()) + 1, steps))
    return examples


def _line_matches(expected: str, actual: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.split(ELLIPSIS))
    return re.fullmatch(pattern, actual) is not None


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """Whether *actual* fits *expected*, where a line of only ``…`` stands for any lines."""
    memo: dict[tuple[int, int], bool] = {}

    def fits(i: int, j: int) -> bool:
        if (i, j) not in memo:
            if i == len(expected):
                result = j == len(actual)
            elif expected[i].strip() == ELLIPSIS:
                result = fits(i + 1, j) or (j < len(actual) and fits(i, j + 1))
            else:
                result = j < len(actual) and _line_matches(expected[i], actual[j])
                result = result and fits(i + 1, j + 1)
            memo[i, j] = result
        return memo[i, j]

    return fits(0, 0)


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1]:
        lines = lines[:-1]
    return lines


def run_example(example: Example, folder: Path) -> list[str]:
    """Run the commands of *example* in *folder*; each mismatch as a readable paragraph."""
    for name in ("fixtures", "examples"):
        (folder / name).symlink_to(ROOT / name, target_is_directory=True)
    if (DOCS / "examples").is_dir():
        shutil.copytree(DOCS / "examples", folder / "docs" / "examples")
    outputs = folder / ".outputs"
    outputs.mkdir()
    script = [f'trfkit() {{ "{sys.executable}" -m trfkit "$@"; }}', "__status=0"]
    for number, (command, _) in enumerate(example.steps):
        # The status of each command is kept so that a following `echo $?` sees it.
        script.append(f"( exit $__status ); {{ {command}\n}} > .outputs/{number} 2>&1")
        script.append("__status=$?")
    environment = {
        key: value for key, value in os.environ.items()
        if not key.startswith(("TRFKIT_", "PYTHON", "COLUMNS", "NO_COLOR", "FORCE_COLOR"))
    }  # fmt: skip
    environment.update(PYTHONUNBUFFERED="1", COLUMNS="80", LC_ALL="C.UTF-8", NO_COLOR="1",
                       PYTHONPATH=str(ROOT) if _from_source() else "")  # fmt: skip
    subprocess.run(
        ["bash", "-c", "\n".join(script)], cwd=folder, env=environment, check=False,
        timeout=300, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    problems = []
    for number, (command, expected) in enumerate(example.steps):
        actual = (outputs / str(number)).read_text(encoding="utf-8").splitlines()
        actual = _trimmed([line.rstrip() for line in actual])
        if not output_matches(_trimmed(expected), actual):
            problems.append(
                f"$ {command}\n--- expected\n" + "\n".join(expected)
                + "\n--- printed\n" + "\n".join(actual)
            )  # fmt: skip
    return problems


def _from_source() -> bool:
    """Whether the trfkit this interpreter imports is the checkout's (not an installed wheel)."""
    import trfkit

    return Path(trfkit.__file__).resolve().parent == ROOT / "trfkit"


EXAMPLES = [example for page in PAGES
            for example in console_blocks(page.read_text(encoding="utf-8"), page)]  # fmt: skip


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.name for example in EXAMPLES])
def test_console_example(example: Example, tmp_path: Path) -> None:
    """A console example of the README or docs/ prints what the page shows."""
    problems = run_example(example, tmp_path)
    assert not problems, f"{example.name}:\n" + "\n\n".join(problems)


API_PAGES = [page for page in PAGES if ">>> " in page.read_text(encoding="utf-8")]


@pytest.mark.parametrize("page", API_PAGES, ids=[page.name for page in API_PAGES])
def test_python_examples(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``>>>`` example of a page gives the output the page shows."""
    for name in ("fixtures", "examples"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    # A fence line ends the example before it, as a blank line does.
    text = re.sub(r"(?m)^ *```.*$", "", page.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried > 0
    assert failed == 0, f"{failed} of {tried} examples of {page.name} failed (printed above)"


def test_every_page_has_a_tested_example() -> None:
    """The README and the command guides each show at least one example that is run."""
    pages = {example.page.name for example in EXAMPLES}
    for name in ("README.md", "check.md", "fix.md", "standings.md", "convert.md", "show.md"):
        assert name in pages, name


def test_changed_output_fails(tmp_path: Path) -> None:
    """An example whose shown output no longer matches what the command prints fails."""
    page = tmp_path / "page.md"
    good = "```console\n$ trfkit berger 4 --format json | head -c 1\n{\n```\n"
    page.write_text(good + good.replace("{\n", "[\n"), encoding="utf-8")
    first, second = console_blocks(page.read_text(encoding="utf-8"), page)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert run_example(first, tmp_path / "a") == []
    assert run_example(second, tmp_path / "b") == [
        "$ trfkit berger 4 --format json | head -c 1\n--- expected\n[\n--- printed\n{"
    ]


def test_changed_readme_example_fails(tmp_path: Path) -> None:
    """Altering one line of a real README example makes it fail."""
    example = next(e for e in EXAMPLES if e.page.name == "README.md"
                   and any(lines and lines[0] != ELLIPSIS for _, lines in e.steps))  # fmt: skip
    index, (command, lines) = next(
        (i, step) for i, step in enumerate(example.steps) if step[1] and step[1][0] != ELLIPSIS
    )
    steps = list(example.steps)
    steps[index] = (command, [lines[0] + " (altered)", *lines[1:]])
    assert run_example(Example(example.page, example.line, steps), tmp_path)


def test_ellipsis() -> None:
    """``…`` matches within a line, and a line of ``…`` matches any lines, none included."""
    assert output_matches(["a…c", "…", "z"], ["abbc", "x", "y", "z"])
    assert output_matches(["a", "…", "z"], ["a", "z"])
    assert not output_matches(["a", "z"], ["a", "y", "z"])
    assert not output_matches(["a…c"], ["abd"])


def test_rules_reference_is_the_registry() -> None:
    """docs/reference/rules.md is what ``trfkit rules --format markdown`` prints today."""
    printed = subprocess.run(
        [sys.executable, "-m", "trfkit", "rules", "--format", "markdown"],
        capture_output=True, text=True, encoding="utf-8", check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    page = (DOCS / "reference" / "rules.md").read_text(encoding="utf-8")
    assert page == printed, "regenerate: trfkit rules --format markdown > docs/reference/rules.md"
