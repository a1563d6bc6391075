"""The HTML report: self-contained, escaped, sorted, and checked in a real headless Chromium.

The browser test opens the report, lets the page's own script list the cells
whose computed background is a highlight colour, and compares them with the
cells the planted defects are about; it also clicks a cell (through the page's
``#trfkit-selftest`` hook) and saves a screenshot to ``out/report-screenshot.png``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Sequence
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from trfkit.audit import CheckRequest, check_file
from trfkit.cli import main
from trfkit.report.html import CLEAN_TABLE_LIMIT, HtmlReport, format_points, write_report

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT = ROOT / "out" / "report-screenshot.png"

Block = tuple[int, str, str]


def player(start: int, name: str, *, fide_id: str = "", rank: int, rounds: Sequence[Block]) -> str:
    """A 001 line: start rank 5-8, name 15-47, FIDE id 58-68, rank 86-89, blocks from 92."""
    line = (
        f"001 {start:>4} m    {name:<33} {'':>4} {'':<3} {fide_id:>11} {'':<10} {'':>4} {rank:>4}  "
    )
    for opponent, colour, result in rounds:
        line += f"{opponent:>4} {colour} {result}  "
    return line.rstrip()


SWISS = [
    "012 Swiss with planted defects",
    "022 https://example.org/swiss",
    # Round 1: 1-2 1:0, 3-4 1:0, 5 PAB.  Round 2: 3-1 drawn, 5-2 0:1, 4 PAB.
    # Round 3: 1-4 1:0, 2-3 drawn, 5 PAB again (E007).
    # Planted: player 3 writes a win over 1 in round 2 where 1 wrote a draw (S003),
    # and players 2 and 4 share a FIDE id (S006, reported at player 4).
    player(1, "Alpha, Ann", rank=1, rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")]),
    player(
        2,
        "<b>Beta</b> & Co",
        fide_id="4100018",
        rank=2,
        rounds=[(1, "b", "0"), (5, "b", "1"), (3, "w", "=")],
    ),
    player(3, "Gamma, Gus", rank=3, rounds=[(4, "w", "1"), (1, "w", "1"), (2, "b", "=")]),
    player(
        4,
        "Delta, Dan",
        fide_id="4100018",
        rank=4,
        rounds=[(3, "b", "0"), (0, "-", "U"), (1, "b", "0")],
    ),
    player(5, "Epsilon, Eve", rank=5, rounds=[(0, "-", "U"), (2, "w", "0"), (0, "-", "U")]),
]
SWISS_HIGHLIGHTS = {
    (1, 1, "2", None, None, "error"),  # S003: players 1 and 3, round 2
    (1, 3, "2", None, None, "error"),
    (1, 5, "3", None, None, "warning"),  # E007: player 5's second PAB, round 3
    (1, 4, None, None, None, "warning"),  # S006: player 4's row (FIDE id, column 58)
}

ROUND_ROBIN = [
    "012 Round robin with one planted defect",
    # FIDE Berger table for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.
    # Planted: both 1 and 4 claim the win of round 1 (S003).
    player(1, "One", rank=1, rounds=[(4, "w", "1"), (2, "w", "1"), (3, "b", "1")]),
    player(2, "Two", rank=2, rounds=[(3, "w", "1"), (1, "b", "0"), (4, "w", "1")]),
    player(3, "Three", rank=3, rounds=[(2, "b", "0"), (4, "b", "1"), (1, "w", "0")]),
    player(4, "Four", rank=4, rounds=[(1, "b", "1"), (3, "w", "0"), (2, "b", "0")]),
]
ROUND_ROBIN_HIGHLIGHTS = {
    (2, 1, "1", "4", None, "error"),  # S003, round 1: row 1 column 4, and row 4 column 1
    (2, 4, "1", "1", None, "error"),
}
SELECT = "S003,S006,E001,E007"

# A team event: teams 1 (players 1, 2) and 2 (players 3, 4), two boards, two rounds.
# R1: 1-3 1:0, 2-4 drawn: team 1 (board 1 White) wins 1½-½. R2: 3-1 where both write a
# win (S003, on player 1's line, round 2's block), 4-2 0:1: team 2 first-named (board 1
# White), team 1 wins 2-1 as player 1's win counts for 1 and player 3's for 3. Both 310s
# name the team "Same <b>" (E015 on team 2's line).
TEAM = [
    "012 Two teams",
    "142 2",
    "192 FIDE_TEAM_TYPEA_MP_GP",
    player(1, "P1", rank=1, rounds=[(3, "w", "1"), (3, "b", "1")]),
    player(2, "P2", rank=2, rounds=[(4, "b", "="), (4, "w", "1")]),
    player(3, "P3", rank=3, rounds=[(1, "b", "0"), (1, "w", "1")]),
    player(4, "P4", rank=4, rounds=[(2, "w", "="), (2, "b", "0")]),
    f"310   1 {'Same <b>':<32} {'':<5} {'':>6} {'4.0':>6} {'3.5':>6} {1:>3}     1    2",
    f"310   2 {'Same <b>':<32} {'':<5} {'':>6} {'0.0':>6} {'1.5':>6} {2:>3}     3    4",
]
TEAM_HIGHLIGHTS = {
    (1, 1, "2", None, None, "error"),  # S003: team 1's round 2 (player 1's line and block)
    (1, 2, None, None, None, "warning"),  # E015: team 2's row (its 310 line)
}


def write(path: Path, lines: Sequence[str]) -> Path:
    """Write *lines* as a UTF-8 TRF file."""
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def report(tmp_path: Path) -> Path:
    """The HTML report of the two planted files (checked with ``--select`` and ``--report``)."""
    swiss = write(tmp_path / "swiss & co.trf", SWISS)
    rr = write(tmp_path / "rr.trf", ROUND_ROBIN)
    out = tmp_path / "report.html"
    assert main(["check", str(swiss), str(rr), "--select", SELECT, "--report", str(out)]) == 1
    return out


@pytest.fixture
def team_report(tmp_path: Path) -> Path:
    """The HTML report of the planted team event."""
    team = write(tmp_path / "team.trf", TEAM)
    out = tmp_path / "teams.html"
    assert main(["check", str(team), "--select", "S003,E015", "--report", str(out)]) == 1
    return out


class Elements(HTMLParser):
    """Collects every start tag with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Keep the tag."""
        self.tags.append((tag, dict(attrs)))


def elements(page: str) -> list[tuple[str, dict[str, str | None]]]:
    """The start tags of *page*."""
    parser = Elements()
    parser.feed(page)
    return parser.tags


# --- without a browser ----------------------------------------------------------------------


def test_points_print_exactly() -> None:
    """5.25, 3.5, 4.0, -0.5; a third has no decimal form and is rounded half up: 0.33."""
    assert format_points(Fraction(21, 4)) == "5.25"
    assert format_points(Fraction(7, 2)) == "3.5"
    assert format_points(Fraction(4)) == "4.0"
    assert format_points(Fraction(-1, 2)) == "-0.5"
    assert format_points(Fraction(1, 3)) == "0.33"
    assert format_points(Fraction(2, 3)) == "0.67"
    assert format_points(None) == "-"


def test_page_is_self_contained(report: Path) -> None:
    """No external scripts, styles, images or links: only in-page anchors."""
    page = report.read_text(encoding="utf-8")
    for tag, attrs in elements(page):
        assert "src" not in attrs, tag
        href = attrs.get("href")
        assert href is None or href.startswith("#"), href
        assert tag not in ("link", "iframe", "img", "object", "embed")
    assert "@import" not in page and "url(" not in page
    assert "default-src 'none'" in page


def test_names_and_paths_are_escaped(report: Path) -> None:
    """A name with markup and a path with '&' appear as text, never as tags."""
    page = report.read_text(encoding="utf-8")
    assert "&lt;b&gt;Beta&lt;/b&gt; &amp; Co" in page
    assert "swiss &amp; co.trf" in page
    assert "<b>Beta</b>" not in page


def test_highlighted_cells_carry_their_messages(report: Path) -> None:
    """Every highlighted element has a title (hover text) naming its findings."""
    tags = elements(report.read_text(encoding="utf-8"))
    marked = [a for _, a in tags if "data-hl" in a and "data-p" in a]
    assert len(marked) == len(SWISS_HIGHLIGHTS) + len(ROUND_ROBIN_HIGHLIGHTS)
    for attrs in marked:
        title = attrs["title"] or ""
        assert re.match(r"[SE]\d{3} [a-z-]+: ", title), title


def test_index_is_sorted_by_severity(tmp_path: Path) -> None:
    """The index lists errors first, then warnings, then clean files."""
    clean = write(tmp_path / "a_clean.trf", ["012 Clean", *ROUND_ROBIN[2:3]])
    warn = write(tmp_path / "b_warn.trf", ["012 W", "022 https://x.org", *ROUND_ROBIN[2:3]])
    error = write(tmp_path / "c_error.trf", ROUND_ROBIN)
    out = tmp_path / "r.html"
    main(["check", str(clean), str(warn), str(error), "--select", SELECT, "--report", str(out)])
    index = out.read_text(encoding="utf-8").split('<nav id="index">')[1].split("</nav>")[0]
    order = re.findall(r"(\w_\w+)\.trf</a>", index)
    assert order == ["c_error", "b_warn", "a_clean"]


def test_clean_files_of_a_big_batch_are_listed_only(tmp_path: Path) -> None:
    """Beyond CLEAN_TABLE_LIMIT files a clean file has an index row but no section."""
    page = HtmlReport(total=CLEAN_TABLE_LIMIT + 1)
    for name in ("one.trf", "two.trf"):
        path = write(tmp_path / name, ["012 Clean", *ROUND_ROBIN[2:3]])
        page.add(check_file(str(path), CheckRequest(select=("S003",), tables=True)))
    html = page.render()
    assert "one.trf" in html and "two.trf" in html
    assert 'id="f1"' not in html and 'id="f2"' not in html


def test_report_is_written_atomically(tmp_path: Path) -> None:
    """write_report replaces the file and leaves no temporary file behind."""
    path = write(tmp_path / "rr.trf", ROUND_ROBIN)
    out = tmp_path / "r.html"
    out.write_text("old", encoding="utf-8")
    write_report(out, [check_file(str(path), CheckRequest(tables=True))])
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html", "rr.trf"]


def test_team_crosstable_stands_above_the_players(team_report: Path) -> None:
    """A team event shows the team crosstable, then the players'; names escaped."""
    page = team_report.read_text(encoding="utf-8")
    assert page.index('class="xt teams"') < page.index("<h3>Players</h3>")
    assert page.count('<table class="xt') == 2
    assert "Same &lt;b&gt;" in page and "Same <b>" not in page
    # R1 from the boards worked out above: 1½-½ to team 1 (first-named), ½-1½ to team 2
    assert '<td class="c" data-t="1" data-r="1">2w 1½-½</td>' in page
    assert '<td class="c" data-t="2" data-r="1">1b ½-1½</td>' in page


def test_team_cells_carry_their_findings(team_report: Path) -> None:
    """The team cells marked are the planted ones, each titled with its finding."""
    tags = elements(team_report.read_text(encoding="utf-8"))
    marked = {
        (a["data-t"], a.get("data-r"), a["data-hl"], (a["title"] or "")[:4])
        for _, a in tags
        if "data-hl" in a and "data-t" in a
    }
    assert marked == {("1", "2", "error", "S003"), ("2", None, "warning", "E015")}


def test_individual_events_have_no_team_table(report: Path) -> None:
    """An individual event's section is as before: no team crosstable, no headings."""
    page = report.read_text(encoding="utf-8")
    assert "xt teams" not in page and "<h3>" not in page


CORPUS = ROOT.parent / "shared" / "corpus" / "real"
LEINSTER = CORPUS / "icu_leinster_armstrong_cup_2010-11_team_league_rr.trf"


@pytest.mark.skipif(not LEINSTER.exists(), reason="corpus not available")
def test_a_team_round_robin_is_drawn_teams_by_teams(tmp_path: Path) -> None:
    """A 12-team round robin gets one column per opponent team, then the byes."""
    page = HtmlReport()
    page.add(check_file(str(LEINSTER), CheckRequest(tables=True)))
    html = page.render()
    table = html.split('class="xt teams"')[1].split("</table>")[0]
    assert table.count('<td class="self">') == 12
    # round 1: Bray / Greystones (1) lost 2-6 to team 9 as first-named
    assert 'data-t="1" data-q="9" data-r="1">w2-6</td>' in table


# --- in Chromium ----------------------------------------------------------------------------


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = _chromium()


def _browser(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    command = [
        CHROMIUM or "chromium",
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'chromium-profile'}",
        *arguments,
    ]
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=120,
        check=False,
    )


def _pre(dom: str, ident: str) -> object:
    match = re.search(rf'<pre id="{ident}"[^>]*>(.*?)</pre>', dom, re.S)
    assert match, f"no <pre id={ident}> in the dumped page"
    return json.loads(match.group(1).replace("&quot;", '"').replace("&amp;", "&"))


@pytest.mark.chromium
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (Debian: chromium)")
def test_highlighted_cells_are_the_diagnosed_ones(report: Path, tmp_path: Path) -> None:
    """The cells whose computed background is a highlight colour are exactly the planted ones."""
    assert _highlighted(tmp_path, report, "player") == SWISS_HIGHLIGHTS | ROUND_ROBIN_HIGHLIGHTS


def _highlighted(tmp_path: Path, page: Path, key: str) -> set[tuple[object, ...]]:
    """The cells the page's script lists as highlighted: players' (*key* "player") or teams'."""
    done = _browser(tmp_path, "--dump-dom", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    found = _pre(done.stdout, "highlighted")
    assert isinstance(found, list)
    return {
        (c["file"], c[key], c["round"], c["opponent"] or None, c["field"], c["severity"])
        for c in found
        if (c.get("team") is None) == (key == "player")
    }


@pytest.mark.chromium
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (Debian: chromium)")
def test_highlighted_team_cells_are_the_diagnosed_ones(team_report: Path, tmp_path: Path) -> None:
    """In the browser, the team cells with a highlight background are exactly the planted ones."""
    assert _highlighted(tmp_path, team_report, "team") == TEAM_HIGHLIGHTS


@pytest.mark.chromium
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (Debian: chromium)")
def test_clicking_a_cell_opens_its_findings(report: Path, tmp_path: Path) -> None:
    """Clicking the first highlighted cell (player 1, round 2) shows its S003 in the panel."""
    done = _browser(tmp_path, "--dump-dom", report.as_uri() + "#trfkit-selftest")
    assert done.returncode == 0, done.stderr[-2000:]
    result = _pre(done.stdout, "selftest")
    assert isinstance(result, dict)
    assert result["clicked"] == "1:2"
    assert result["panelVisible"] is True
    assert "S003" in result["panel"] and "players 1 and 3 disagree" in result["panel"]
    assert result["focused"] >= 3  # the two cells of the game and the finding's row


@pytest.mark.chromium
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (Debian: chromium)")
def test_screenshot(report: Path, tmp_path: Path) -> None:
    """A screenshot of the report is saved to out/report-screenshot.png (a PNG image)."""
    SCREENSHOT.parent.mkdir(exist_ok=True)
    SCREENSHOT.unlink(missing_ok=True)
    done = _browser(
        tmp_path, f"--screenshot={SCREENSHOT}", "--window-size=1400,1000", report.as_uri()
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert SCREENSHOT.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    print(f"report screenshot: {SCREENSHOT}")


def test_red_only_where_a_finding_stands(tmp_path: Path) -> None:
    """A recomputed value is red only where a finding stands behind it, else set apart.

    By hand: Cid (1.0) is first, Ann and Bob (½ each, a draw) share places 2-3, Dan (0) is
    last. The file ranks Ann 1, Cid 4 and Dan 3: T006 for the three, red; Bob's 2 is right.
    A value apart from the file's with no finding (a rank another accepted list gives) is
    only set apart, in italics.
    """
    from trfkit.report.html import _apart

    lines = [
        "012 Two games",
        "001    1      Ann" + " " * 64 + "0.5    1     2 w =",
        "001    2      Bob" + " " * 64 + "0.5    2     1 b =",
        "001    3      Cid" + " " * 64 + "1.0    4     4 w 1",
        "001    4      Dan" + " " * 64 + "0.0    3     3 b 0",
    ]
    trf = tmp_path / "t.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "r.html"
    assert main(["check", str(trf), "--select", "T006", "--report", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    row = r'<tr[^>]*>(?:(?!</tr>).)*?data-p="(\d)"(?:(?!</tr>).)*</tr>'
    rows = {m.group(1): m.group(0) for m in re.finditer(row, page)}
    assert "differs" not in rows["2"] and "apart" not in rows["2"]
    assert all('class="num re differs"' in rows[p] for p in "134")
    assert (_apart(True, [0]), _apart(True, []), _apart(True, None), _apart(False, [0])) == (
        " differs", " apart", " apart", "")
