"""``draw --schedule``: the round list with names, in every format, and ``draw --fix``."""

from __future__ import annotations

import json
import re
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_draw_verify import _shuffle
from test_html import CHROMIUM, _browser

from trfkit.cli import main

# The FIDE Berger table for 9 or 10 players (shared/spec/fide-rules.md §1), White first.
TABLE_10 = [
    [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    [(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
    [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
    [(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)],
    [(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)],
    [(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
    [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
]
NAMES = ["Ødegård, Ola", "Åsheim, Kari", "Berg, Per", "Dahl <b>Eva</b>", "Eide & Co",
         "Fjeld, Jon", "Haugen, Ida", "Lie, Tor", "Moe, Siri", "Nilsen, Ane"]  # fmt: skip
SEED = "2026"


def _expected_rounds(names_by_number: dict[int, str]) -> list[list[tuple[str, str]]]:
    """The double round robin: cycle 1 the table, cycle 2 the table with colours reversed."""
    cycle1 = [[(names_by_number[w], names_by_number[b]) for w, b in rnd] for rnd in TABLE_10]
    cycle2 = [[(b, w) for w, b in rnd] for rnd in cycle1]
    return cycle1 + cycle2


def _drawn(names: list[str], seed: str) -> dict[int, str]:
    """The start numbers by the README's algorithm: root order (here: letters), numbers shuffled."""
    # root order: Å is A, Ø is O: Åsheim, Berg, Dahl, Eide, Fjeld, Haugen, Lie, Moe, Nilsen, Ødegård
    alphabetical = [NAMES[1], *NAMES[2:], NAMES[0]]
    numbers = _shuffle(seed, list(range(1, len(names) + 1)))
    return {n: name for name, n in zip(alphabetical, numbers, strict=True)}


@pytest.fixture
def names_file(tmp_path: Path) -> Path:
    """The ten names, one a line."""
    path = tmp_path / "names.txt"
    path.write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["draw", *argv]) == 0
    return capsys.readouterr().out


def test_json_round_list_is_the_berger_table_with_the_drawn_names(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--format json: 18 rounds, board by board, equal the FIDE table with the drawn numbers."""
    out = _run(capsys, str(names_file), "--seed", SEED, "--schedule", "--double",
               "--format", "json")  # fmt: skip
    doc = json.loads(out)
    by_number = _drawn(NAMES, SEED)
    assert {s["number"]: s["name"] for s in doc["start_numbers"]} == by_number
    rounds = doc["schedule"]["rounds"]
    got = [[(g["white"]["name"], g["black"]["name"]) for g in r["games"]] for r in rounds]
    assert got == _expected_rounds(by_number)
    assert [g["board"] for g in rounds[0]["games"]] == [1, 2, 3, 4, 5]
    assert rounds[0]["games"][0]["white"]["number"] == 1
    assert rounds[9]["games"][0]["white"]["number"] == 10  # round 10: 10-1, reversed
    assert all(r["bye"] is None for r in rounds)


def test_text_round_list_is_the_berger_table_with_the_drawn_names(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The text round list: every board line reads 'N name – N name' as the table says."""
    out = _run(capsys, str(names_file), "--seed", SEED, "--schedule", "--double")
    by_number = _drawn(NAMES, SEED)
    rounds = re.split(r"\n\nRound (?=\d)", out)[1:]
    assert len(rounds) == 18
    for number, (text, games) in enumerate(zip(rounds, _expected_rounds(by_number), strict=True)):
        assert text.startswith(f"{number + 1}\n")
        boards = re.findall(r"^ +(\d+) +(\d+) (.+?) +– +(\d+) (.+)$", text, re.M)
        assert [(int(b), w, bl.rstrip()) for b, _, w, _, bl in boards] == [
            (board, w, b) for board, (w, b) in enumerate(games, 1)
        ]


def test_trf_skeleton_is_the_berger_table_with_the_drawn_names(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--format trf: each 001 line's opponents and colours are the table's for its number."""
    out = _run(capsys, str(names_file), "--seed", SEED, "--schedule", "--double",
               "--format", "trf")  # fmt: skip
    by_number = _drawn(NAMES, SEED)
    expected = _expected_rounds(by_number)
    players = [line for line in out.splitlines() if line.startswith("001")]
    assert len(players) == 10
    for line in players:
        number, name = int(line[4:8]), line[14:47].rstrip()
        assert name == by_number[number]
        blocks = re.findall(r"(\d+) ([wb])", line[91:])
        assert len(blocks) == 18
        for (opponent, colour), games in zip(blocks, expected, strict=True):
            (white, black,) = next((w, b) for w, b in games if name in (w, b))  # fmt: skip
            assert (by_number[int(opponent)], colour) == (
                (black, "w") if white == name else (white, "b")
            )


class _Rows(HTMLParser):
    """The rounds of the HTML page: each h2's text and its table rows' cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.rounds: list[tuple[str, list[list[str]]]] = []
        self._in: str | None = None
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "h2":
            self.rounds.append(("", []))
            self._in = "h2"
        elif tag == "tr" and self.rounds:
            self._row = []
        elif tag == "td" and self._row is not None:
            self._row.append("")
            self._in = "td"

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr" and self._row:
            self.rounds[-1][1].append(self._row)
        if tag == "tr":
            self._row = None
        if tag in ("h2", "td"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "h2":
            title, rows = self.rounds[-1]
            self.rounds[-1] = (title + data, rows)
        elif self._in == "td" and self._row is not None:
            self._row[-1] += data


def test_html_round_list_is_the_berger_table_with_the_drawn_names(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--format html: one section a round, names escaped, rows board/numbers/names as the table."""
    out = _run(capsys, str(names_file), "--seed", SEED, "--schedule", "--double",
               "--format", "html")  # fmt: skip
    assert "<b>Eva</b>" not in out and "Dahl &lt;b&gt;Eva&lt;/b&gt;" in out
    assert "<script" not in out and "http" not in out  # self-contained
    assert out.count('<section class="round"') == 18 and "page-break-after: always" in out
    by_number = _drawn(NAMES, SEED)
    numbers = {name: n for n, name in by_number.items()}
    parser = _Rows()
    parser.feed(out)
    assert [title for title, _ in parser.rounds] == [f"Round {r}" for r in range(1, 19)]
    for (_, rows), games in zip(parser.rounds, _expected_rounds(by_number), strict=True):
        assert rows == [
            [str(board), str(numbers[w]), w, str(numbers[b]), b, ""]
            for board, (w, b) in enumerate(games, 1)
        ]


def test_odd_field_has_a_bye_and_no_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """9 players: number 10 is vacant; round 1's 1-10 is player 1's bye, boards 1-4 follow."""
    path = tmp_path / "nine.txt"
    path.write_text("\n".join(NAMES[1:]) + "\n", encoding="utf-8")
    out = _run(capsys, str(path), "--seed", SEED, "--schedule", "--format", "json")
    doc = json.loads(out)
    by_number = {s["number"]: s["name"] for s in doc["start_numbers"]}
    first = doc["schedule"]["rounds"][0]
    assert first["bye"] == {"number": 1, "name": by_number[1]}
    assert [(g["board"], g["white"]["number"], g["black"]["number"]) for g in first["games"]] == [
        (1, 2, 9), (2, 3, 8), (3, 4, 7), (4, 5, 6)
    ]  # fmt: skip


def test_fix_pins_a_number_and_draws_the_rest(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--fix pins Lie to 1; the other nine draw numbers 2-10 (shuffled by the README's rule)."""
    out = _run(capsys, str(names_file), "--seed", SEED, "--fix", "Lie, Tor=1",
               "--format", "json")  # fmt: skip
    doc = json.loads(out)
    assert doc["fixed"] == [{"name": "Lie, Tor", "number": 1}]
    free = [NAMES[1], NAMES[2], NAMES[3], NAMES[4], NAMES[5], NAMES[6], NAMES[8], NAMES[9],
            NAMES[0]]  # fmt: skip
    numbers = _shuffle(SEED, list(range(2, 11)))
    assert [(d["name"], d["number"]) for d in doc["drawing"]] == list(
        zip(free, numbers, strict=True)
    )
    assert doc["start_numbers"][0] == {"number": 1, "name": "Lie, Tor"}


@pytest.mark.parametrize(
    ("fixes", "message"),
    [
        (["Nobody=1"], "no such name"),
        (["Lie, Tor=11"], "are 1 to 10"),
        (["Lie, Tor=0"], "are 1 to 10"),
        (["Lie, Tor=1", "Moe, Siri=1"], "is pinned to 1"),
        (["Lie, Tor=1", "Lie, Tor=2"], "pinned twice"),
        (["Lie, Tor"], "write NAME=N"),
        (["Lie, Tor=x"], "write NAME=N"),
    ],
)
def test_fix_refuses_conflicts(
    fixes: list[str], message: str, names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown name, a number out of range, a conflict or no number: one line, exit 2."""
    argv = ["draw", str(names_file), "--seed", SEED]
    for fix in fixes:
        argv += ["--fix", fix]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_html_needs_schedule(names_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--format html without --schedule: exit 2, saying to add it."""
    assert main(["draw", str(names_file), "--seed", SEED, "--format", "html"]) == 2
    assert "add --schedule" in capsys.readouterr().err


def _png_pixels_vary(png: bytes) -> bool:
    """Whether a PNG's decompressed image data holds more than one distinct byte value."""
    data, pos = b"", 8
    while pos < len(png):
        length = int.from_bytes(png[pos : pos + 4], "big")
        kind = png[pos + 4 : pos + 8]
        if kind == b"IDAT":
            data += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(data))) > 2


@pytest.mark.chromium
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (Debian: chromium)")
def test_round_list_page_renders_in_chromium(names_file: Path, tmp_path: Path) -> None:
    """Chromium renders the page: round headings in the DOM and a screenshot that is not blank."""
    page = tmp_path / "rounds.html"
    assert main(["draw", str(names_file), "--seed", SEED, "--schedule", "--double",
                 "--format", "html", "-o", str(page)]) == 0  # fmt: skip
    dom = _browser(tmp_path, "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<h2>Round 1</h2>" in dom.stdout and "<h2>Round 18</h2>" in dom.stdout
    shot = tmp_path / "rounds.png"
    done = _browser(tmp_path, f"--screenshot={shot}", "--window-size=900,700", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert _png_pixels_vary(png)


@pytest.mark.parametrize(
    ("argv", "cycle1", "warning"),
    [
        (["--round-order", "fide-swap"], [1, 2, 3, 4, 5, 6, 7, 9, 8], ""),
        (["--swap-last-two"], [1, 2, 3, 4, 5, 6, 7, 9, 8], "--round-order fide-swap"),
        (["--round-order", "rotate-6"], [6, 7, 8, 9, 1, 2, 3, 4, 5], ""),
    ],
)
def test_round_order_chooses_the_table_rounds(
    argv: list[str], cycle1: list[int], warning: str, names_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--round-order: fide-swap plays table rounds 9 then 8; rotate-6 starts each cycle at 6."""
    assert main(["draw", str(names_file), "--seed", SEED, "--schedule", "--double",
                 "--format", "json", *argv]) == 0  # fmt: skip
    captured = capsys.readouterr()
    assert (warning in captured.err) and (bool(warning) == bool(captured.err))
    rounds = json.loads(captured.out)["schedule"]["rounds"]
    by_number = _drawn(NAMES, SEED)
    # cycle 2 repeats the table order (rotated for rotate-6) with colours reversed
    cycle2 = sorted(cycle1) if "fide" in warning + " ".join(argv) else cycle1
    for played, table_round in zip(rounds, cycle1 + cycle2, strict=True):
        reverse = played["round"] > 9
        expected = [
            ((by_number[b], by_number[w]) if reverse else (by_number[w], by_number[b]))
            for w, b in TABLE_10[table_round - 1]
        ]
        assert [(g["white"]["name"], g["black"]["name"]) for g in played["games"]] == expected


def test_fide_swap_is_refused_for_a_single_round_robin(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A single round robin has no cycle to swap in: --round-order fide-swap exits 2."""
    argv = ["draw", str(names_file), "--seed", SEED, "--schedule", "--round-order", "fide-swap"]
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("trfkit draw: ")


def test_verify_checks_the_round_list_of_a_record(
    names_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record with a round list verifies; one with two boards' colours swapped does not."""
    record = tmp_path / "record.json"
    argv = ["--schedule", "--double", "--round-order", "rotate-6", "--format", "json"]
    assert main(["draw", str(names_file), "--seed", SEED, *argv, "-o", str(record)]) == 0
    assert main(["draw", "--verify", str(record)]) == 0
    assert "round list" in capsys.readouterr().out
    doc = json.loads(record.read_text(encoding="utf-8"))
    game = doc["schedule"]["rounds"][4]["games"][2]
    game["white"], game["black"] = game["black"], game["white"]
    record.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["draw", "--verify", str(record)]) == 1
    assert "schedule: the record's rounds differ" in capsys.readouterr().out
