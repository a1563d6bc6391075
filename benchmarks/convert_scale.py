"""How conversion time grows with the number of team records (a benchmark, not a test).

Usage::

    python benchmarks/convert_scale.py [--teams 1000,2000,4000] [--runs 3]

Each size is a TRF-2026 file of N two-player teams written twice, as 310 and as 013
records (2N team records, the case where every record of one kind is matched against
the other). Every file is converted ``--to trf16`` by a fresh ``trfkit`` process
(TRF-2026 numbers at most 999 teams, so larger files cannot go ``--to trf26``); the
table shows the best wall time of ``--runs`` runs and the ratio to the size before
(about 2 when doubling is linear, 4 when quadratic; start-up makes it less).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def team_file(teams: int) -> str:
    """*teams* two-player teams, each as a 310 and as a 013 record."""
    lines = ["012 Team records", "042 2026/01/01", "142 1"]
    for t in range(1, teams + 1):
        ids = f"{2 * t - 1:>4} {2 * t:>4}"
        lines.append(f"310 {t:>3} {'Team ' + str(t):<32}" + " " * 33 + ids)
    for t in range(1, teams + 1):
        lines.append("013 " + f"Team {t}".ljust(32) + f"{2 * t - 1:>4} {2 * t:>4}")
    return "\n".join(lines) + "\n"


def best_time(command: list[str], runs: int) -> float:
    """The shortest wall time of *runs* runs of *command* (it must succeed)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", default="1000,2000,4000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(n) for n in args.teams.split(",")]
    print("| team records | --to trf16 | ratio |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        previous: dict[str, float] = {}
        for teams in sizes:
            path = Path(folder) / f"teams{teams}.trf"
            path.write_text(team_file(teams), encoding="utf-8")
            row = [f"{2 * teams:,}"]
            for target in ("trf16",):
                out = Path(folder) / f"out-{target}.trf"
                command = [sys.executable, "-m", "trfkit", "convert", str(path), "--to", target]
                seconds = best_time([*command, "-o", str(out)], args.runs)
                ratio = f"{seconds / previous[target]:.2f}" if target in previous else "-"
                previous[target] = seconds
                row += [f"{seconds:.2f} s", ratio]
            print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
