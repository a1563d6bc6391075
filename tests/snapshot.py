"""Write a behaviour snapshot of trfkit's command line, or compare two snapshots.

A restructuring that only moves code must leave every output the same. This
script runs ``trfkit check`` and ``trfkit standings`` in-process, through
:func:`trfkit.cli.main` (the interface that stays put while modules move), over
a fixed set of inputs, and writes one JSON line per input::

    PYTHONPATH=. python tests/snapshot.py --out snap.jsonl
    python tests/snapshot.py --compare before.jsonl after.jsonl   # exit 1 if they differ

An old tree with this script's inputs::

    cd OLD && PYTHONPATH=OLD python NEW/tests/snapshot.py --root NEW --out before.jsonl

The inputs are every ``*.trf``/``*.trfx``/``*.txt`` under ``fixtures/``, every file
of ``../shared/corpus/real`` (when present), and seeded round robins
(``tests/rr_generator.py``) and Swiss events and typical files
(``benchmarks/generate.py``) written to a temporary folder. Fixtures and
generators come from ``--root`` (default: this script's repository); trfkit
itself is whatever ``PYTHONPATH`` imports, so a new script can snapshot an old
tree. Not a pytest module: its name does not start with ``test_``.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import hashlib
import importlib.util
import io
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "real"
FIXTURE_SUFFIXES = (".trf", ".trfx", ".txt")

EXPLAIN_ALL_UP_TO = 16
"""Fields this small have every player explained; larger ones a fixed sample."""

DETAIL_LINES = 20
"""Differences shown per file by ``--compare`` before the rest are only counted."""


# --- inputs ---------------------------------------------------------------------------


def _load(path: Path, name: str) -> ModuleType:
    """Import a generator from *path* (not sys.path: it must come from --root)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"snapshot: cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def _round_robins(rr: ModuleType, rng: random.Random, count: int) -> Iterator[tuple[str, str]]:
    """*count* individual round robins of 3-12 players: valid, unfinished, withdrawn, defective."""
    for index in range(count):
        players = rng.randint(3, 12)
        double = rng.random() < 0.3
        odd = players % 2 == 1
        rounds_per_cycle = players + players % 2 - 1
        options: dict[str, Any] = {"cycles": 2 if double else 1, "seed": rng.randrange(10**6)}
        tags = [f"p{players:02d}", "double" if double else "single"]
        if double and rng.random() < 0.5:
            options["swap_last_two"] = True
            tags.append("swap")
        if rng.random() < 0.1:
            options["rotate"] = rng.randint(1, rounds_per_cycle)
            tags.append(f"rot{options['rotate']}")
        if rng.random() < 0.15:
            options["numbering"] = rr.shuffled_numbering(players, rng.randrange(10**6))
            tags.append("shuffled")
        if rng.random() < 0.1:
            options["method"] = "circle"
            tags.append("circle")
        header = rng.random()
        if header < 0.2:
            options["header192"] = "FIDE_DOUBLEROUNDROBIN" if double else "FIDE_ROUNDROBIN"
            tags.append("h192")
        elif header < 0.3:
            options["header092"] = None
            tags.append("no092")
        elif header < 0.35:
            options["header092"] = "Individual: Swiss-System"
            tags.append("swiss092")
        if odd and rng.random() < 0.3:
            options["bye"] = "Z"
            tags.append("byeZ")
        event = rr.RoundRobinFile.berger(players, **options)
        kind = rng.choice(
            ["valid"] * 4 + ["forfeit", "withdraw", "withdraw_lossy", "unfinished", "defect"]
        )
        tags.append(kind)
        if kind == "forfeit":
            for _ in range(rng.randint(1, 3)):
                r, p = rng.randint(1, event.rounds), rng.randint(1, players)
                if event.grid[p][r - 1].opponent is not None:
                    event.forfeit(r, p)
                    if rng.random() < 0.3:
                        event.drop_forfeit_colours(r, p)
        elif kind in ("withdraw", "withdraw_lossy"):
            player = rng.randint(1, players)
            after = rng.randint(0, event.rounds - 1)
            if kind == "withdraw":
                event.withdraw(player, after)
            else:
                event.withdraw_unscheduled(player, after)
        elif kind == "defect":
            tags.append(_plant(event, rng, players, odd, double))
        if kind == "unfinished" or (kind != "valid" and rng.random() < 0.15):
            played = rng.randint(1, event.rounds - 1)
            for start_rank in event.grid:
                event.grid[start_rank] = event.grid[start_rank][:played]
            tags.append(f"after{played}")
        ranks = rng.random() < 0.3
        yield f"rr/rr{index:03d}_{'_'.join(tags)}.trf", event.text(ranks=ranks)


def _plant(event: Any, rng: random.Random, players: int, odd: bool, double: bool) -> str:
    """Plant one schedule defect; returns its tag."""
    choices = ["swap_opponents", "reverse_colours", "one_sided"]
    if odd:
        choices += ["move_bye", "bye_player"]
    if double:
        choices.append("keep_cycle_colours")
    defect = rng.choice(choices)
    r = rng.randint(1, event.rounds)
    playing = [p for p, blocks in event.grid.items() if blocks[r - 1].opponent is not None]
    try:
        if defect == "swap_opponents" and len(playing) >= 4:
            a, c = rng.sample(playing, 2)
            event.swap_opponents(r, a, c)
        elif defect == "reverse_colours":
            event.reverse_colours(r, rng.choice(playing))
        elif defect == "one_sided":
            event.one_sided(r, rng.choice(playing), rng.randint(1, players))
        elif defect == "move_bye":
            event.move_bye(r, rng.choice(playing))
        elif defect == "bye_player":
            event.bye_player()
        elif defect == "keep_cycle_colours":
            event.keep_cycle_colours(2)
        else:
            return "none"
    except ValueError:  # the two drawn players meet each other: the file stays valid
        return f"{defect}_skipped"
    return defect


def _team_round_robins(rr: ModuleType, rng: random.Random, count: int) -> Iterator[tuple[str, str]]:
    """*count* team round robins (013 or 310 team records), some with two teams swapped."""
    for index in range(count):
        teams, boards = rng.randint(3, 8), rng.randint(2, 4)
        record = rng.choice(("013", "310"))
        rotate = rng.randint(1, teams + teams % 2 - 1) if rng.random() < 0.2 else 1
        event = rr.TeamRoundRobin.berger(
            teams, boards, rotate=rotate, seed=rng.randrange(10**6), record=record
        )
        tags = [f"t{teams}", f"b{boards}", record, f"rot{rotate}"]
        if rng.random() < 0.3 and teams >= 4:
            r = rng.randint(1, event.rounds)
            a, c = rng.sample(range(1, teams + 1), 2)
            try:
                event.swap_teams(r, a, c)
                tags.append("swapped")
            except (ValueError, KeyError):  # they meet, or one of them has the bye
                tags.append("swap_skipped")
        yield f"team/team{index:02d}_{'_'.join(tags)}.trf", event.text()


def _benchmarks(gen: ModuleType, typical: int) -> Iterator[tuple[str, str]]:
    """Swiss events of several sizes, Berger round robins, and a batch of typical files."""
    for players, rounds in ((9, 5), (30, 7), (55, 9), (100, 9), (250, 11), (1000, 11)):
        yield f"swiss/swiss_{players}x{rounds}.trf", gen.swiss(players, rounds, seed=3)
    for players in range(3, 13):
        for double in (False, True):
            name = f"bench_rr/rr_{players:02d}_{'double' if double else 'single'}.trf"
            yield name, gen.round_robin(players, double=double, seed=players)
    for index in range(typical):
        yield f"typical/event{index:05d}.trf", gen.typical(index)


def collect(root: Path, corpus: Path, folder: Path, scale: float) -> list[tuple[str, Path]]:
    """(stable name, path) of every input, the generated ones written into *folder*."""
    inputs: list[tuple[str, Path]] = []
    fixtures = root / "fixtures"
    for path in sorted(fixtures.rglob("*")):
        if path.is_file() and path.suffix.lower() in FIXTURE_SUFFIXES:
            inputs.append((path.relative_to(root).as_posix(), path))
    if corpus.is_dir():
        for path in sorted(corpus.iterdir()):
            if path.is_file() and path.suffix.lower() in FIXTURE_SUFFIXES:
                inputs.append((f"corpus/{path.name}", path))
    rr = _load(root / "tests" / "rr_generator.py", "_snapshot_rr_generator")
    gen = _load(root / "benchmarks" / "generate.py", "_snapshot_generate")
    rng = random.Random(20250601)  # one seed for every drawn choice: same files every run
    generated = [
        *_round_robins(rr, rng, round(360 * scale)),
        *_team_round_robins(rr, rng, round(30 * scale)),
        *_benchmarks(gen, round(150 * scale)),
    ]
    for name, text in generated:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))  # bytes: no platform newline translation
        inputs.append((f"gen/{name}", path))
    return inputs


# --- running --------------------------------------------------------------------------


class Runner:
    """Runs trfkit's command line in-process and normalises what it prints.

    Args:
        replacements: (text, stable text) pairs applied to stdout and stderr, in order.
    """

    def __init__(self, replacements: Sequence[tuple[str, str]]) -> None:
        from trfkit import __version__, cli

        self.main = cli.main
        self.replacements = [*replacements, (f"trfkit {__version__}", "trfkit <version>")]

    def normalise(self, text: str) -> str:
        """Temporary folders, repository paths and the version replaced by stable names."""
        for old, new in self.replacements:
            text = text.replace(old, new)
        return text

    def run(self, argv: Sequence[str]) -> dict[str, Any]:
        """``{"exit", "stdout", "stderr"}`` of one command line; a crash is recorded, not raised."""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: Any = self.main(list(argv))
            except Exception as exc:  # a crash is behaviour to record
                # no traceback: its file names and line numbers move with the code
                code = f"exception {type(exc).__name__}: {exc}"
        return {
            "exit": code,
            "stdout": self.normalise(out.getvalue()),
            "stderr": self.normalise(err.getvalue()).splitlines(),
        }

    def run_json(self, argv: Sequence[str]) -> dict[str, Any]:
        """Like :meth:`run`, the output parsed; a digest of the text catches layout changes."""
        result = self.run(argv)
        stdout = result.pop("stdout")
        result["stdout_sha256"] = hashlib.sha256(stdout.encode("utf-8")).hexdigest()
        try:
            result["json"] = json.loads(stdout)
        except ValueError:
            result["json"] = None
            result["stdout"] = stdout.splitlines()
        return result

    def run_text(self, argv: Sequence[str]) -> dict[str, Any]:
        """Like :meth:`run`, the output as a list of lines (readable diffs)."""
        result = self.run(argv)
        result["stdout"] = result["stdout"].splitlines()
        return result


def explained(players: Sequence[dict[str, Any]]) -> list[int]:
    """Start ranks to run ``--explain`` for: all in a small field, else a fixed sample.

    The sample is both ends, the quartiles, and every withdrawn player (the
    annulment paths are the ones a move is likeliest to break).
    """
    ranks = sorted(p["start_rank"] for p in players if isinstance(p.get("start_rank"), int))
    if len(ranks) <= EXPLAIN_ALL_UP_TO:
        return ranks
    n = len(ranks)
    picked = {ranks[i] for i in (0, 1, 2, n // 4, n // 2, 3 * n // 4, n - 2, n - 1)}
    picked.update(p["start_rank"] for p in players if p.get("withdrawn"))
    return sorted(picked)


def snapshot_file(runner: Runner, name: str, path: Path) -> dict[str, Any]:
    """The record of one input: its digest, the check report, the standings in every form."""
    file = str(path)
    check = runner.run_json(
        ["check", "--format", "json", "--show-info", "--jobs", "1", "--no-progress", file]
    )
    standings: dict[str, Any] = {"json": runner.run_json(["standings", "--format", "json", file])}
    # text adds the withdrawal and note lines; csv and text show the formatted numbers
    standings["text"] = runner.run_text(["standings", file])
    standings["csv"] = runner.run_text(["standings", "--format", "csv", file])
    document = standings["json"]["json"]
    players = document.get("players", []) if isinstance(document, dict) else []
    standings["explain"] = [
        {"start_rank": rank, **runner.run_text(["standings", "--explain", str(rank), file])}
        for rank in explained(players)
    ]
    return {
        "file": name,
        "input_sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "check": check,
        "standings": standings,
    }


def _replacements(folder: Path, corpus: Path, root: Path) -> list[tuple[str, str]]:
    """Each path the outputs may name, mapped to the stable name of :func:`collect`.

    Longest first, so a folder inside another is replaced before its parent; a
    file under the root becomes its relative path (``fixtures/...``).
    """
    folders = sorted(
        [(str(folder), "gen"), (str(corpus), "corpus"), (str(root), "<root>")],
        key=lambda pair: -len(pair[0]),
    )
    files = [(old + os.sep, "" if new == "<root>" else new + "/") for old, new in folders]
    return files + folders


def write_snapshot(args: argparse.Namespace) -> int:
    """Collect the inputs, run every command on each, write the JSON Lines file."""
    # a grammar or plugin cache left by another tree must not stand in for this one's code
    os.environ.setdefault("TRFKIT_NO_CACHE", "1")
    import trfkit

    sys.stderr.write(f"snapshot: trfkit from {trfkit.__file__}\n")
    root = Path(args.root).resolve()
    corpus = Path(args.corpus).resolve()
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        if args.inputs:
            folder = Path(args.inputs).resolve()
            folder.mkdir(parents=True, exist_ok=True)
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="trfsnap-")))
        inputs = collect(root, corpus, folder, args.scale)
        runner = Runner(_replacements(folder, corpus, root))
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8", newline="\n") as stream:
            for done, (name, path) in enumerate(inputs, 1):
                record = snapshot_file(runner, name, path)
                stream.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
                if done % 100 == 0:
                    sys.stderr.write(f"snapshot: {done}/{len(inputs)}\n")
    seconds = time.perf_counter() - started
    sys.stderr.write(f"snapshot: {len(inputs)} files -> {out} in {seconds:.1f} s\n")
    return 0


# --- comparing ------------------------------------------------------------------------


def _short(value: Any, width: int = 100) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def _diagnostic(d: dict[str, Any]) -> str:
    where = f"{d.get('line')}:{d.get('column')}"
    extra = f" round {d['round']}" if d.get("round") is not None else ""
    extra += f" players {d['players']}" if d.get("players") else ""
    return f"{d.get('code')} {d.get('severity')} at {where}{extra}: {d.get('message')}"


def diff(a: Any, b: Any, where: str = "") -> Iterator[str]:
    """Readable differences between two JSON values, one line each.

    Diagnostics are compared as multisets (what was lost, what is new); players by
    start rank; lists of text lines as a line diff; anything else key by key.
    """
    if a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            path = f"{where}.{key}" if where else str(key)
            if key == "stdout_sha256" and a.get("json") != b.get("json"):
                continue  # the parsed output already shows the difference
            if key not in b:
                yield f"{path}: removed (was {_short(a[key])})"
            elif key not in a:
                yield f"{path}: added {_short(b[key])}"
            else:
                yield from diff(a[key], b[key], path)
    elif isinstance(a, list) and isinstance(b, list):
        yield from _diff_list(a, b, where)
    else:
        yield f"{where}: {_short(a)} -> {_short(b)}"


def _diff_list(a: list[Any], b: list[Any], where: str) -> Iterator[str]:
    items = a + b
    if items and all(isinstance(x, dict) and "code" in x and "message" in x for x in items):
        old = Counter(json.dumps(x, sort_keys=True) for x in a)
        new = Counter(json.dumps(x, sort_keys=True) for x in b)
        for text in sorted((old - new).elements()):
            yield f"{where}: - {_diagnostic(json.loads(text))}"
        for text in sorted((new - old).elements()):
            yield f"{where}: + {_diagnostic(json.loads(text))}"
        if old == new:
            yield f"{where}: same diagnostics, another order"
    elif items and all(isinstance(x, dict) and "start_rank" in x for x in items):
        by_a = {x["start_rank"]: x for x in a}
        by_b = {x["start_rank"]: x for x in b}
        if len(by_a) != len(a) or len(by_b) != len(b):  # start ranks repeat: no keying
            yield from _diff_positions(a, b, where)
            return
        yield from diff(
            {f"player {k}": v for k, v in by_a.items()},
            {f"player {k}": v for k, v in by_b.items()},
            where,
        )
        if list(by_a) != list(by_b) and by_a.keys() == by_b.keys():
            yield f"{where}: players in another order"
    elif all(isinstance(x, str) for x in items):
        for line in difflib.unified_diff(a, b, lineterm="", n=0):
            if not line.startswith(("---", "+++", "@@")):
                yield f"{where}: {line}"
    else:
        yield from _diff_positions(a, b, where)


def _diff_positions(a: list[Any], b: list[Any], where: str) -> Iterator[str]:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        yield from diff(x, y, f"{where}[{i}]")
    if len(a) != len(b):
        yield f"{where}: {len(a)} items -> {len(b)}"


def _sections(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The parts of two records that differ: ``check``, ``standings.json``, ``standings.text``..."""
    out = []
    for key in sorted(set(a) | set(b)):
        x, y = a.get(key), b.get(key)
        if isinstance(x, dict) and isinstance(y, dict) and key == "standings":
            out += [f"{key}.{k}" for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]
        elif x != y:
            out.append(key)
    return out


def _read(path: str) -> dict[str, dict[str, Any]]:
    records: dict[str, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            if line.strip():
                record = json.loads(line)
                records[record["file"]] = record
    return records


def compare(a_path: str, b_path: str, details: int) -> int:
    """Print which files differ and how; 1 when anything differs, else 0."""
    a, b = _read(a_path), _read(b_path)
    only_a = [name for name in a if name not in b]
    only_b = [name for name in b if name not in a]
    differing = [name for name in a if name in b and a[name] != b[name]]
    for name in only_a:
        print(f"only in {a_path}: {name}")
    for name in only_b:
        print(f"only in {b_path}: {name}")
    for shown, name in enumerate(differing):
        if shown >= details:
            print(f"differs: {name}")
            continue
        print(f"== {name}")
        if a[name].get("input_sha256") != b[name].get("input_sha256"):
            print("   the input itself differs (another generator or fixture?)")
        lines = list(diff(a[name], b[name]))
        for line in lines[:DETAIL_LINES]:
            print(f"   {line}")
        if len(lines) > DETAIL_LINES:
            print(f"   ... and {len(lines) - DETAIL_LINES} more differences")
    sections: Counter[str] = Counter()
    for name in differing:
        sections.update(_sections(a[name], b[name]))
    for section, count in sorted(sections.items()):
        print(f"{section}: differs in {count} files")
    same = len(a) - len(only_a) - len(differing)
    print(
        f"{len(differing)} differ, {same} identical, "
        f"{len(only_a)} only in {a_path}, {len(only_b)} only in {b_path}"
    )
    return 1 if differing or only_a or only_b else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``--out PATH`` writes a snapshot, ``--compare A B`` compares two."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", metavar="PATH", help="write the snapshot (JSON Lines) here")
    mode.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two snapshots")
    parser.add_argument(
        "--root",
        default=str(ROOT),
        help="the tree whose fixtures and generators make the inputs (default: %(default)s)",
    )
    parser.add_argument(
        "--corpus", default=str(CORPUS), help="the real-world corpus (default: %(default)s)"
    )
    parser.add_argument(
        "--inputs", metavar="DIR", help="write the generated inputs here and keep them"
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiply the number of generated files (a quick run: 0.1)",
    )
    parser.add_argument(
        "--details",
        type=int,
        default=30,
        metavar="N",
        help="--compare: show the differences of the first N differing files (default: 30)",
    )
    args = parser.parse_args(argv)
    if args.compare:
        try:
            return compare(*args.compare, args.details)
        except (OSError, ValueError, KeyError) as exc:
            sys.stderr.write(f"snapshot: cannot compare: {exc}\n")
            return 2
    return write_snapshot(args)


if __name__ == "__main__":
    sys.exit(main())
