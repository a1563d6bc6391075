"""The HTML report for everyone: the keyboard, visible focus, screen readers, an axe-core scan.

The page's structure is checked without a browser; the rest drives Debian's Chromium
with Playwright for Python (launched on the installed binary: no browser is downloaded)
and runs axe-core, whose script comes from the PyPI package ``axe-playwright-python``
(read from the package's files, not through its API, which reads it in the locale's
encoding). Install them with the ``browser`` extra: ``pip install -e '.[browser]'``.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from test_html import CHROMIUM, ROUND_ROBIN, SELECT, SWISS, TEAM, elements, player, write

from trfkit.cli import main

ROOT = Path(__file__).resolve().parent.parent

MISSING = [
    name for name in ("playwright", "axe_playwright_python") if not importlib.util.find_spec(name)
]
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SERIOUS = ("serious", "critical")

CLEAN_ROUND_ROBIN = [
    "012 Round robin without a defect",
    *ROUND_ROBIN[1:4],
    player(4, "Four", rank=4, rounds=[(1, "b", "0"), (3, "w", "0"), (2, "b", "0")]),
]
"""test_html's round robin with its planted defect (4 claiming the win of round 1) mended."""

# The active element, as the tests compare it: tag, id, the cell's data and the link's row.
FOCUSED = """() => {
  const a = document.activeElement;
  const row = a.closest("tr.finding");
  return {tag: a.tagName.toLowerCase(), id: a.id, p: a.getAttribute("data-p"),
          r: a.getAttribute("data-r"), text: a.textContent, href: a.getAttribute("href"),
          finding: row ? row.id : null, tabindex: a.getAttribute("tabindex")};
}"""


def _report(tmp_path: Path, kind: str) -> Path:
    """A report to scan: *kind* names the event it is of."""
    out = tmp_path / f"{kind}.html"
    if kind == "findings":
        files = [write(tmp_path / "swiss & co.trf", SWISS), write(tmp_path / "rr.trf", ROUND_ROBIN)]
        assert main(["check", *map(str, files), "--select", SELECT, "--report", str(out)]) == 1
    elif kind == "late-round":
        main(["check", str(ROOT / "fixtures" / "fix" / "late_round.trf"), "--report", str(out)])
    elif kind == "clean":
        rr = write(tmp_path / "clean.trf", CLEAN_ROUND_ROBIN)
        assert main(["check", str(rr), "--select", SELECT, "--report", str(out)]) == 0
    elif kind == "team":
        team = write(tmp_path / "team.trf", TEAM)
        main(["check", str(team), "--select", "S003,E015", "--report", str(out)])
    elif kind == "team-round-robin":
        team = ROOT / "fixtures" / "teams" / "team_rr_4.trf"
        main(["check", str(team), "--report", str(out)])
    elif kind == "folder":
        late = ROOT / "fixtures" / "fix" / "late_round.trf"
        rr = write(tmp_path / "rr.trf", ROUND_ROBIN)
        main(["check", str(late), str(rr), "--report", f"{tmp_path / 'pages'}/"])
        return tmp_path / "pages" / "files" / "1.html"
    else:
        raise AssertionError(kind)
    return out


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """The report of test_html's planted Swiss and round robin (a page with findings)."""
    return _report(tmp_path, "findings")


# --- the page, read without a browser -------------------------------------------------------


def test_the_page_names_its_language_title_landmarks_and_tables(planted: Path) -> None:
    """lang, a title, main, a labelled nav per findings list, captions, scoped headers."""
    page = planted.read_text(encoding="utf-8")
    tags = elements(page)
    assert ("html", {"lang": "en"}) in tags
    assert re.search(r"<title>[^<]+</title>", page)
    assert page.count("<main>") == 1 and "<header>" in page and '<footer id="summary">' in page
    navs = [a.get("aria-label") for t, a in tags if t == "nav" and "aria-label" in a]
    assert navs == ["Findings of " + str(planted.parent / "swiss & co.trf"),
                    "Findings of " + str(planted.parent / "rr.trf")]  # fmt: skip
    assert page.count("<table") == page.count("<caption") + 1  # the index has its heading
    headers = [a for t, a in tags if t == "th"]
    assert headers and all(a.get("scope") in ("col", "row") for a in headers)
    assert ("th", {"scope": "col", "aria-label": "Round 2"}) in tags
    assert ("th", {"scope": "col", "aria-label": "Against 4"}) in tags


def test_every_marked_cell_is_a_tab_stop_described_by_its_findings(planted: Path) -> None:
    """A marked cell has an id, tabindex 0, the words of its mark, and describes itself."""
    page = planted.read_text(encoding="utf-8")
    tags = elements(page)
    ids = [a["id"] for _, a in tags if a.get("id")]
    assert len(ids) == len(set(ids))
    rows = {a["id"] for t, a in tags if t == "tr" and "finding" in (a.get("class") or "")}
    marked = [a for t, a in tags if t in ("td", "th") and "data-hl" in a]
    assert len(marked) == 6  # 4 cells in the Swiss, 2 in the round robin
    for attrs in marked:
        assert attrs["tabindex"] == "0"
        described = (attrs["aria-describedby"] or "").split()
        assert described and set(described) <= rows
        severity = attrs["data-hl"]
        assert re.search(rf'id="{attrs["id"]}"[^>]*>[^<]*<span class="vh"> \(marked: {severity}\)',
                         page)  # fmt: skip


def test_each_finding_with_a_cell_links_to_it(planted: Path) -> None:
    """A finding's code links to its first cell, a marked cell described by that finding."""
    page = planted.read_text(encoding="utf-8")
    cells = {a["id"]: a for t, a in elements(page) if t in ("td", "th") and "data-hl" in a}
    row = r'<tr class="finding[^"]*" data-d="\d+" id="([^"]+)"><td>[^<]*</td><td>(.*?)</td>'
    codes = {finding: code for finding, code in re.findall(row, page)}
    links = {f: re.match(r'<a class="to-cell" href="#([^"]+)"', c) for f, c in codes.items()}
    assert [f for f, link in links.items() if link is None] == ["f1-d0"]  # E001: the city
    for finding, link in links.items():
        if link is not None:
            assert finding in (cells[link.group(1)]["aria-describedby"] or "").split()


# --- in Chromium -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright (no browser download); skipped without them."""
    if CHROMIUM is None:
        pytest.skip("no chromium binary (Debian: chromium)")
    if MISSING:
        pytest.skip(f"no Python package {', '.join(MISSING)} (pip install -e '.[browser]')")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def tabs(browser: Any) -> Iterator[Callable[..., Any]]:
    """Opens a page in a tab of its own, closed after the test."""
    contexts: list[Any] = []

    def open_page(page_file: Path, *, script: bool = True, width: int = 1280) -> Any:
        """*page_file* in a new tab (JavaScript on or off); its script ran without error."""
        context = browser.new_context(
            java_script_enabled=script, viewport={"width": width, "height": 800}
        )
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_file.as_uri())
        assert errors == []
        return page

    yield open_page
    for context in contexts:
        context.close()


def _press(page: Any, *keys: str) -> dict[str, Any]:
    """Press *keys* in turn; what then has the focus."""
    for key in keys:
        page.keyboard.press(key)
    focused: dict[str, Any] = page.evaluate(FOCUSED)
    return focused


def _cell(focused: dict[str, Any]) -> tuple[Any, Any]:
    """The player and round(s) of a focused cell."""
    return focused["p"], focused["r"]


@pytest.mark.chromium
def test_tab_reaches_each_finding_then_the_grid_once(
    tabs: Callable[..., Any], planted: Path
) -> None:
    """Tab: the header link, the list, each finding with a cell, then one stop per crosstable."""
    page = tabs(planted)
    assert _press(page, "Tab")["href"] == "#summary"
    assert _press(page, "Tab")["tag"] == "summary"
    codes = [_press(page, "Tab")["text"] for _ in range(3)]
    assert codes == ["S003", "S006", "E007"]
    stop = _press(page, "Tab")
    assert (stop["tag"], _cell(stop), stop["tabindex"]) == ("td", ("1", "2"), "0")
    # the grid's other marked cells are left to the arrow keys: next is the second file
    assert _press(page, "Tab")["text"].startswith("Findings (1)")
    assert _press(page, "Tab")["finding"] == "f2-d0"
    assert _cell(_press(page, "Tab")) == ("1", "1")  # the round robin's cell of player 1


@pytest.mark.chromium
@pytest.mark.parametrize("key", ["Enter", " "])
def test_a_finding_moves_the_focus_to_its_cell(
    tabs: Callable[..., Any], planted: Path, key: str
) -> None:
    """Enter or Space on a finding's code focuses its cell, which becomes the grid's tab stop."""
    page = tabs(planted)
    page.focus('a[href="#f1-c2"]')  # S006: player 4's row (the FIDE id)
    cell = _press(page, key)
    assert (cell["tag"], cell["id"], cell["p"], cell["tabindex"]) == ("th", "f1-c2", "4", "0")
    stops = page.eval_on_selector_all('table.xt[data-file="1"] [tabindex="0"]', "c => c.length")
    assert stops == 1
    shown = "(() => { const r = document.activeElement.getBoundingClientRect();"
    assert page.evaluate(shown + " return r.top >= 0 && r.bottom <= innerHeight; })()")
    page.focus('a[href="#f1-c3"]')  # E007: player 5's round 3
    assert _cell(_press(page, key)) == ("5", "3")


@pytest.mark.chromium
def test_enter_on_a_cell_focuses_its_finding(tabs: Callable[..., Any], planted: Path) -> None:
    """Enter on a marked cell focuses its first finding's link; that one leads back."""
    page = tabs(planted)
    page.focus("#f1-c1")  # player 3, round 2: the S003 of players 1 and 3
    link = _press(page, "Enter")
    assert (link["tag"], link["text"], link["finding"]) == ("a", "S003", "f1-d1")
    assert page.get_attribute("#f1-c1", "aria-describedby") == "f1-d1"
    back = _press(page, "Enter")
    assert back["id"] == "f1-c0"  # the finding's first cell: player 1's side of the game
    assert _press(page, " ")["finding"] == "f1-d1"


@pytest.mark.chromium
def test_enter_opens_the_findings_when_they_were_closed(
    tabs: Callable[..., Any], planted: Path
) -> None:
    """With the findings list folded away, Enter on a cell opens it to focus the finding."""
    page = tabs(planted)
    page.click("#f1 summary")
    assert page.evaluate("document.querySelector('#f1 details').open") is False
    page.focus("#f1-c3")
    assert _press(page, "Enter")["finding"] == "f1-d3"


@pytest.mark.chromium
def test_arrow_keys_home_and_end_move_in_the_grid(tabs: Callable[..., Any], planted: Path) -> None:
    """Arrows move a cell at a time, Home/End to the row's ends, Ctrl to the table's corners."""
    page = tabs(planted)
    page.focus("#f1-c0")  # player 1, round 2
    assert _cell(_press(page, "ArrowRight")) == ("1", "3")
    assert _cell(_press(page, "ArrowDown")) == ("2", "3")
    assert _cell(_press(page, "ArrowLeft")) == ("2", "2")
    assert _press(page, "Home")["text"] == "2"  # the start number, first in the row
    assert _press(page, "ArrowRight")["p"] == "2"  # the name, a row header
    end = _press(page, "End")
    assert end["text"] == "4"  # player 2's recomputed rank
    assert _press(page, "ArrowUp", "ArrowUp", "ArrowUp")["text"] == "Rank*"  # stops at the top
    assert _press(page, "Control+End")["text"] == "3"  # player 5's recomputed rank
    assert _press(page, "ArrowDown")["text"] == "3"  # stops at the bottom
    assert _press(page, "Control+Home")["text"] == "No."
    stops = page.eval_on_selector_all('table.xt[data-file="1"] [tabindex="0"]', "c => c.length")
    assert stops == 1
    # Tab leaves the grid, Shift+Tab comes back to the cell last visited
    assert _press(page, "Tab")["tag"] == "summary"
    assert _press(page, "Shift+Tab")["text"] == "No."


@pytest.mark.chromium
def test_a_team_event_has_a_grid_for_the_teams_and_one_for_the_players(
    tabs: Callable[..., Any], tmp_path: Path
) -> None:
    """In a team event each crosstable is one tab stop, and the arrows move in the teams'."""
    page = tabs(_report(tmp_path, "team"))
    _press(page, "Tab", "Tab")  # the header link, the list
    assert [_press(page, "Tab")["text"] for _ in range(2)] == ["S003", "E015"]
    teams = _press(page, "Tab")
    assert (teams["id"], teams["tabindex"]) == ("f1-c0", "0")  # team 1, round 2 (S003)
    assert page.evaluate("document.activeElement.getAttribute('data-t')") == "1"
    players = _press(page, "Tab")
    assert _cell(players) == ("1", "2") and players["id"] != teams["id"]
    _press(page, "Shift+Tab", "ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('data-t')") == "2"
    assert page.evaluate("document.activeElement.closest('table').className") == "xt teams"


@pytest.mark.chromium
def test_focus_is_visible(tabs: Callable[..., Any], planted: Path) -> None:
    """Every element the keyboard reaches shows a solid outline at least 2px wide."""
    page = tabs(planted)
    seen = set()
    for _ in range(11):  # the header link, 5 stops in the first file, 3 in the second, the index
        page.keyboard.press("Tab")
        style = page.evaluate(
            """() => { const a = document.activeElement, s = getComputedStyle(a);
              return [a.tagName.toLowerCase(), s.outlineStyle, s.outlineWidth, s.outlineColor]; }"""
        )
        tag, line, width, colour = style
        seen.add(tag)
        assert line == "solid" and float(width.removesuffix("px")) >= 2, style
        assert colour not in ("transparent", "rgba(0, 0, 0, 0)"), style
    page.keyboard.press("ArrowDown")
    moved = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert moved == "solid"
    assert {"a", "summary", "td"} <= seen


@pytest.mark.chromium
def test_without_script_the_links_and_marked_cells_still_work(
    tabs: Callable[..., Any], planted: Path
) -> None:
    """JavaScript off: every marked cell is a tab stop and a finding's link focuses its cell."""
    page = tabs(planted, script=False)
    _press(page, "Tab", "Tab", "Tab", "Tab", "Tab")  # the header link, the list, 3 findings
    cells = [_press(page, "Tab")["id"] for _ in range(4)]
    assert cells == ["f1-c0", "f1-c1", "f1-c2", "f1-c3"]
    page.focus('a[href="#f1-c2"]')
    assert _press(page, "Enter")["id"] == "f1-c2"
    target = page.evaluate("document.querySelector(':target').id")
    assert target == "f1-c2"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"


@pytest.mark.chromium
def test_a_screen_reader_hears_the_marks_in_words(tabs: Callable[..., Any], planted: Path) -> None:
    """The accessible name says a cell is marked and how a recomputed value differs."""
    page = tabs(planted)
    page.click("#f1-c0")  # the panel opens: its button is in the tree
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    names = {(n.get("role", {}).get("value"), n.get("name", {}).get("value")) for n in nodes}
    assert ("gridcell", "3b= (marked: error)") in names  # no "!!": the mark's sign is silent
    assert ("rowheader", "Delta, Dan (marked: warning)") in names
    assert ("gridcell", "2 (differs from the file as the rules allow)") in names
    assert ("grid", "Players × rounds; highlighted cells carry findings") in names
    assert ("button", "Close") in names
    descriptions = {n.get("description", {}).get("value") for n in nodes}
    assert any(d and d.startswith("3:102 S003 asymmetric-pairing error") for d in descriptions)


# --- axe-core -----------------------------------------------------------------------------


def _axe(page: Any) -> dict[str, Any]:
    """axe-core's results on *page*: its script injected, every rule but experimental ones."""
    script = files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
    page.add_script_tag(content=script)
    results: dict[str, Any] = page.evaluate("axe.run(document)")
    return results


@pytest.mark.chromium
@pytest.mark.parametrize(
    "kind", ["findings", "late-round", "clean", "team", "team-round-robin", "folder"]
)
@pytest.mark.parametrize("width", [1280, 480])
def test_axe_finds_no_serious_issue(
    tabs: Callable[..., Any], tmp_path: Path, kind: str, width: int
) -> None:
    """axe-core reports no serious or critical violation (a narrow window scrolls the tables)."""
    page = tabs(_report(tmp_path, kind), width=width)
    results = _axe(page)
    version = results["testEngine"]["version"]
    found = [(v["id"], v["impact"], len(v["nodes"])) for v in results["violations"]]
    print(f"axe-core {version} on the {kind} report, {width}px: {found or 'no violation'}")
    assert version.startswith("4.")
    assert len(results["passes"]) > 20  # it ran: the page has tables, landmarks, links
    assert [v for v in found if v[1] in SERIOUS] == []
