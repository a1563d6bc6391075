"""The conversions a file is put through by ``trfkit convert``, for the interoperability tests.

Each conversion is run in-process through the command line (:func:`trfkit.cli.main`), with
the arguments a user would type. The output keeps the input's file name in a folder of its
own per conversion, because some clients print the file's name in their reports.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from trfkit.cli import main

CONVERSIONS = ("trf26", "trf16", "canonical", "json")
"""``--to trf26``, ``--to trf16``, ``--canonical``, and TRF → JSON → TRF of the same version."""

ARGUMENTS = {
    "trf26": ["--to", "trf26"],
    "trf16": ["--to", "trf16"],
    "canonical": ["--canonical"],
}

TRF26_ONLY_CODES = frozenset({
    "142", "162", "172", "182", "192", "202", "212", "222", "240", "250",
    "260", "299", "300", "310", "320", "330", "352", "362", "801", "802",
})  # fmt: skip
"""Record codes TRF-2026 defines and TRF16 does not (the format notes, TRF-2026 §4)."""


def trf_version(data: bytes) -> str:
    """``"trf26"`` when a line starts with a code only TRF-2026 defines, else ``"trf16"``."""
    for line in data.removeprefix(b"\xef\xbb\xbf").splitlines():
        if line[:3].decode("latin-1") in TRF26_ONLY_CODES and line[3:4] in (b" ", b""):
            return "trf26"
    return "trf16"


@dataclass(frozen=True)
class Converted:
    """What one ``trfkit convert`` run gave.

    Attributes:
        path: The output file (the input's name, in the conversion's folder).
        status: The exit status of the last command run (0: written).
        messages: What the commands printed (stdout and stderr).
    """

    path: Path
    status: int
    messages: str


def run_cli(*argv: str) -> tuple[int, str]:
    """``trfkit ARGV...`` in-process: the exit status and everything it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(list(argv))
    return status, out.getvalue()


def convert(
    source: Path, conversion: str, folder: Path, extra: tuple[str, ...] = ()
) -> Converted:
    """Convert *source* by *conversion* (one of :data:`CONVERSIONS`) into ``folder/conversion``.

    The JSON round trip writes ``SOURCE.json`` with ``--to json``, then converts it back
    with ``--to`` the original's version (:func:`trf_version`). *extra* options go to the
    other conversions.
    """
    where = folder / conversion
    where.mkdir(parents=True, exist_ok=True)
    target = where / source.name
    if conversion != "json":
        arguments = (*ARGUMENTS[conversion], *extra)
        status, said = run_cli("convert", str(source), *arguments, "-o", str(target))
        return Converted(target, status, said)
    middle = where / (source.stem + ".json")
    status, said = run_cli("convert", str(source), "--to", "json", "-o", str(middle))
    if status != 0:
        return Converted(target, status, said)
    version = trf_version(source.read_bytes())
    status, more = run_cli("convert", str(middle), "--to", version, "-o", str(target))
    return Converted(target, status, said + more)
