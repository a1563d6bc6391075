"""Type-check a user's script against the installed trfkit, as a user's mypy sees it.

Run by ``tox -e typing`` (which builds the wheel and installs it in a fresh environment):
the script must pass ``mypy --strict``, and a script with a type error must fail, from a
folder outside the source tree, so that mypy reads the installed package and its
``py.typed`` marker. Exit 0 when both hold.
"""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

WRONG = """
import trfkit
count: int = trfkit.loads("012 X\\n").name  # a str | None is no int
"""


def mypy(folder: Path, script: str) -> subprocess.CompletedProcess[str]:
    """``mypy --strict SCRIPT`` run in *folder*, against this interpreter's packages."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", script],
        cwd=folder, capture_output=True, text=True, encoding="utf-8", check=False,
    )  # fmt: skip


def main() -> int:
    files = importlib.metadata.files("trfkit") or []
    if not any(str(f).endswith("trfkit/py.typed") for f in files):
        print("the installed trfkit has no py.typed marker", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="trfkit-typing-") as tmp:
        folder = Path(tmp)
        shutil.copy(HERE / "user_script.py", folder / "user_script.py")
        (folder / "wrong.py").write_text(WRONG, encoding="utf-8")
        good = mypy(folder, "user_script.py")
        if good.returncode != 0:
            print("mypy --strict refuses the user script:\n" + good.stdout, file=sys.stderr)
            return 1
        bad = mypy(folder, "wrong.py")
        if bad.returncode == 0 or "Incompatible types in assignment" not in bad.stdout:
            print("mypy --strict accepts a type error:\n" + bad.stdout, file=sys.stderr)
            return 1
    print("mypy --strict: the user script passes, a type error is found")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
