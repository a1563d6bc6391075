"""The drawing of lots (compute.lots, trfkit-lots-1) and ``trfkit draw``."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from trfkit.cli import main
from trfkit.compute.lots import DrawOrder, Stream, draw_start_numbers, shuffled

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RR6 = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"

NAMES = ["Carlsen", "Caruana", "Nakamura", "Ding", "Giri", "So", "Aronian", "Firouzja",
         "Nepomniachtchi"]  # fmt: skip


def reference_shuffle(seed: str, items: list[int]) -> list[int]:
    """The algorithm as the module docstring and README state it, written out anew."""
    stream = b"".join(
        hashlib.sha256(seed.encode() + i.to_bytes(8, "big")).digest() for i in range(64)
    )
    offset = 0

    def below(n: int) -> int:
        nonlocal offset
        while True:
            u = int.from_bytes(stream[offset : offset + 4], "big")
            offset += 4
            if u < 2**32 - 2**32 % n:
                return u % n

    a = list(items)
    for i in range(len(a) - 1, 0, -1):
        j = below(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def test_stream_starts_with_the_documented_block() -> None:
    """The first number below 10 is the first 4 bytes of SHA-256(seed || 0 as 8 bytes) mod 10."""
    # SHA-256(b"2026" + 8 zero bytes) starts with 0xcfe1c0fc = 3487696636 -> 6
    first = int.from_bytes(hashlib.sha256(b"2026" + bytes(8)).digest()[:4], "big")
    assert first == 3487696636
    assert Stream("2026").below(10) == 6


def test_rejection_sampling_discards_the_top() -> None:
    """A number below 3 rejects u >= 2**32 - 1 (4294967295 = 3 * 1431655765): never biased."""
    stream = Stream("x")
    stream._buffer = (2**32 - 1).to_bytes(4, "big") + (7).to_bytes(4, "big")
    assert stream.below(3) == 7 % 3


@pytest.mark.parametrize("seed", ["2026", "0", "Grand Prix, Round 1", "ærø"])
def test_shuffle_matches_a_reimplementation(seed: str) -> None:
    """Anyone re-implementing the documented algorithm gets the same shuffle."""
    items = list(range(1, 15))
    assert list(shuffled(items, Stream(seed))) == reference_shuffle(seed, items)


def test_fixed_seed_gives_the_committed_draw() -> None:
    """Seed 2026, 9 names, alphabetical order: the committed start numbers."""
    drawn = draw_start_numbers(NAMES, "2026", DrawOrder.ALPHABETICAL)
    assert drawn.drawing == ("Aronian", "Carlsen", "Caruana", "Ding", "Firouzja", "Giri",
                             "Nakamura", "Nepomniachtchi", "So")  # fmt: skip
    assert drawn.numbers == (7, 3, 4, 9, 6, 1, 2, 8, 5)
    assert list(drawn.numbers) == reference_shuffle("2026", list(range(1, 10)))
    assert drawn.vacant == 10


def test_random_order_shuffles_the_alphabetical_list_first() -> None:
    """--order random: the alphabetical list shuffled, then the numbers, one stream."""
    drawn = draw_start_numbers(NAMES, "2026", DrawOrder.RANDOM)
    alphabetical = sorted(NAMES)
    positions = reference_shuffle("2026", list(range(9)))  # the first 8 draws
    assert drawn.drawing == tuple(alphabetical[i] for i in positions)
    assert sorted(drawn.numbers) == list(range(1, 10))


def test_as_given_keeps_the_order_and_even_field_has_no_vacancy() -> None:
    """--order as-given draws in the list's order; an even field leaves nothing vacant."""
    drawn = draw_start_numbers(NAMES[:6], "s", DrawOrder.AS_GIVEN)
    assert drawn.drawing == tuple(NAMES[:6])
    assert drawn.vacant is None
    assert sorted(drawn.numbers) == [1, 2, 3, 4, 5, 6]


def test_odd_field_leaves_the_highest_number_vacant() -> None:
    """5 players draw 1-5; number 6 stays vacant (its opponent has the bye)."""
    drawn = draw_start_numbers(["A", "B", "C", "D", "E"], "7", DrawOrder.ALPHABETICAL)
    assert sorted(drawn.numbers) == [1, 2, 3, 4, 5]
    assert drawn.vacant == 6


def test_uniform_over_many_seeds() -> None:
    """6 players, seeds 0-5999: position counts pass a chi-square test at p = 0.001."""
    counts: Counter[tuple[str, int]] = Counter()
    names = ["A", "B", "C", "D", "E", "F"]
    for seed in range(6000):
        drawn = draw_start_numbers(names, str(seed), DrawOrder.ALPHABETICAL)
        counts.update(zip(drawn.drawing, drawn.numbers, strict=True))
    expected = 6000 / 6
    chi2 = sum((counts[(n, k)] - expected) ** 2 / expected for n in names for k in range(1, 7))
    # 6 x 6 table with fixed margins: (6-1)(6-1) = 25 degrees of freedom; the 0.999
    # quantile of chi-square(25) is 52.62 (standard tables)
    assert chi2 < 52.62


def test_cli_draw_json_is_reproducible(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``draw FILE --seed 2026 --format json`` gives the same numbers twice, with seed and order."""
    players = tmp_path / "players.txt"
    players.write_text("\n".join(NAMES) + "\n\n", encoding="utf-8")
    outputs = []
    for _ in range(2):
        assert main(["draw", str(players), "--seed", "2026", "--format", "json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    doc = json.loads(outputs[0])
    assert doc["seed"] == "2026" and doc["order"] == "alphabetical"
    assert doc["algorithm"] == "trfkit-lots-1" and doc["vacant"] == 10
    assert [d["number"] for d in doc["drawing"]] == [7, 3, 4, 9, 6, 1, 2, 8, 5]
    assert doc["start_numbers"][0] == {"number": 1, "name": "Giri"}


def test_cli_draw_text_prints_a_fresh_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --seed a seed is made and printed."""
    players = tmp_path / "p.txt"
    players.write_text("A\nB\nC\nD\n", encoding="utf-8")
    assert main(["draw", str(players)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith("Seed: ") and "trfkit-lots-1" in out


def test_cli_draw_trf_reuses_the_berger_skeleton(capsys: pytest.CaptureFixture[str]) -> None:
    """A TRF file's 001 names are drawn; --format trf is berger's skeleton with the names."""
    assert main(["draw", str(RR6), "--seed", "1", "--format", "trf"]) == 0
    out = capsys.readouterr().out
    assert main(["berger", "6", "--format", "trf"]) == 0
    skeleton = capsys.readouterr().out
    ours = [line[:14] + line[47:] for line in out.splitlines()]
    theirs = [line[:14] + line[47:] for line in skeleton.splitlines()]
    assert ours == theirs  # the same schedule; only the names differ
    names = {line[14:47].strip() for line in out.splitlines() if line.startswith("001")}
    assert names == {"Alyx", "Bruno", "Charline", "David", "Franck", "Helene"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("\n\n", "no names given"),
        ("A\nB\nA\n", "A is named twice"),
        ("A\nB\x1b[31m\nC\n", "control characters"),
        ("A\nB\n", "at least 3 players"),
    ],
)
def test_cli_draw_bad_lists(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty list, a duplicate, a control character, too few: one line, exit 2."""
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    assert main(["draw", str(path), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "\x1b" not in err


def test_cli_draw_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that does not exist: one line, exit 2."""
    assert main(["draw", str(tmp_path / "none.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("trfkit draw: ")


def test_cli_standings_lots(capsys: pytest.CaptureFixture[str]) -> None:
    """Players 2 and 3 of the 6-player exercise stay tied: marked, then drawn with --lots."""
    assert main(["standings", str(RR6), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    marked = [(p["start_rank"], p["rank"], p.get("lot")) for p in doc["players"]]
    assert marked[1:3] == [(2, 2, "to be decided"), (3, 2, "to be decided")]
    assert marked[0][2] is None and "lots" not in doc
    assert main(["standings", str(RR6), "--lots", "2026", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # the group [2, 3] shuffled: j = first number below 2 = 3487696636 mod 2 = 0 -> swapped
    assert [(p["start_rank"], p["rank"], p.get("lot")) for p in doc["players"][1:3]] == [
        (3, 2, "drawn"),
        (2, 3, "drawn"),
    ]
    assert doc["lots"] == {"seed": "2026", "algorithm": "trfkit-lots-1"}
    assert main(["standings", str(RR6), "--lots", "2026"]) == 0
    text = capsys.readouterr().out
    assert "Lots:      seed 2026" in text and "* place drawn by lot (seed 2026)" in text
    assert main(["standings", str(RR6)]) == 0
    assert "to be decided by lot" in capsys.readouterr().out


def test_html_report_marks_ties_to_be_decided_by_lot(tmp_path: Path) -> None:
    """The HTML report's recomputed rank of players 2 and 3 reads ``2=``, titled by lot."""
    out = tmp_path / "report.html"
    main(["check", str(RR6), "--report", str(out)])
    page = out.read_text(encoding="utf-8")
    marked = re.findall(r'<td class="num re[^"]*" title="([^"]*)">(\d+=)</td>', page)
    assert marked == [("still tied after the whole tie-break list: to be decided by lot", "2=")] * 2


@pytest.mark.parametrize(
    "argv",
    [
        ["draw", str(RR6), "--seed"],
        ["playoff", "A", "B", "--seed"],
        ["standings", str(RR6), "--lots"],
    ],
)
def test_one_seed_rule_for_every_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed of 200 characters is taken, 201 or an empty one refused, by all three commands."""
    assert main([*argv, "7" * 200]) == 0
    capsys.readouterr()
    for bad in ("7" * 201, "", "a\x07"):
        assert main([*argv, bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "1 to 200 printable characters" in err


@pytest.mark.parametrize(
    ("content", "argv", "numbers"),
    [
        # no 001 line: a name list, though its first line starts with three digits
        ("100 Smith\nJones\nBrown\n", [], {"100 Smith", "Jones", "Brown"}),
        ("001 Smith\nJones\nBrown\n", ["--input", "names"], {"001 Smith", "Jones", "Brown"}),
    ],
)
def test_cli_draw_reads_names_that_start_with_digits(
    content: str, argv: list[str], numbers: set[str], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A name list is read as names unless it holds a 001 player line (or --input says so)."""
    path = tmp_path / "n.txt"
    path.write_text(content, encoding="utf-8")
    assert main(["draw", str(path), "--seed", "1", "--format", "json", *argv]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {p["name"] for p in doc["start_numbers"]} == numbers


def test_cli_draw_input_trf_and_auto(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A TRF file is read as TRF by auto and --input trf; a name list forced to trf is refused."""
    for argv in ([], ["--input", "trf"]):
        assert main(["draw", str(RR6), "--seed", "1", "--format", "json", *argv]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["players"] == 6
    path = tmp_path / "n.txt"
    path.write_text("Smith\nJones\nBrown\n", encoding="utf-8")
    assert main(["draw", str(path), "--seed", "1", "--input", "trf"]) == 2
    assert "not a TRF file" in capsys.readouterr().err
