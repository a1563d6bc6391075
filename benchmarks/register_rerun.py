"""The register of audits (issue 28, item 6): a rerun over an unchanged folder, timed.

Makes a folder of N small files (default 2,000: the TRF fixtures of fixtures/real,
fixtures/teams and fixtures/scores, each written again with its own 012 line so that no two
files are alike), then times, each a fresh ``python -m trfkit check DIR --register R
--format json`` (wall clock):

1. the first run (every file checked and recorded);
2. the rerun (every file taken from the register), whose ``files`` must equal the first's;
3. a rerun after one file changed (exactly one checked).

    python benchmarks/register_rerun.py [--files N] [--jobs J] [--keep DIR]

Acceptance: the rerun takes under a fifth of the first run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_folder(where: Path, count: int) -> None:
    sources = sorted(
        p for sub in ("real", "teams", "scores") for p in (ROOT / "fixtures" / sub).glob("*.trf")
    )
    texts = [p.read_bytes() for p in sources]
    where.mkdir(parents=True)
    for i in range(count):
        data = texts[i % len(texts)]
        lines = [line for line in data.split(b"\n") if not line.startswith(b"012")]
        body = b"012 Benchmark event %d\n" % i + b"\n".join(lines)
        (where / f"event{i:05}.trf").write_bytes(body)


def timed_check(folder: Path, register: Path, jobs: int) -> tuple[float, dict[str, object]]:
    command = [
        sys.executable, "-m", "trfkit", "check", str(folder), "--register", str(register),
        "--format", "json", "--jobs", str(jobs), "--no-progress",
    ]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"check failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    return elapsed, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=0, help="check --jobs (0: all cores)")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep it")
    args = parser.parse_args()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="trfkit-register-"))
    try:
        folder, register = work / "files", work / "audit.sqlite"
        make_folder(folder, args.files)
        first, first_out = timed_check(folder, register, args.jobs)
        rerun, rerun_out = timed_check(folder, register, args.jobs)
        victim = folder / "event00007.trf"
        victim.write_bytes(victim.read_bytes() + b"### changed\n")
        changed, changed_out = timed_check(folder, register, args.jobs)
        same = first_out["files"] == rerun_out["files"]
        summary = {
            "files": args.files,
            "first run (s)": round(first, 2),
            "rerun (s)": round(rerun, 2),
            "rerun / first": round(rerun / first, 3),
            "identical findings": same,
            "first run register": first_out["summary"]["register"],  # type: ignore[index]
            "rerun register": rerun_out["summary"]["register"],  # type: ignore[index]
            "one changed (s)": round(changed, 2),
            "one changed register": changed_out["summary"]["register"],  # type: ignore[index]
            "register bytes": register.stat().st_size,
        }
        print(json.dumps(summary, indent=2))
        if not same or rerun >= first / 5:
            sys.exit("acceptance not met: the rerun must print the same and take < 1/5")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
