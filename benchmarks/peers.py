"""Readers measured side by side: trfkit, the in-benchmark minimal reader, and the PyPI peers.

Each reader is a function ``bytes -> object`` that reads a whole file. The peers
are optional benchmark dependencies (``tox -e bench`` installs them); one that
is not installed, or that raises or reports an error on an input, is listed as
failing with the reason, never left out.

- ``trf`` (sklangen/TRF 1.1.1): ``trf.loads(text)``; its player regex expects a
  two-letter title, so files with WGM/WIM/WFM/WCM fail (peers.md §3.6).
- ``caissify-pairings``: ``caissify_pairings.trf.parse_trf(text)``.
- ``gacrux`` (FIDE's TieBreakServer): ``trf2json().parse_file(text, 0)``, the
  reader its tie-break checker uses; a status code above 400 is a failure.

The peers are handed text: the time to decode the bytes (UTF-8, else Latin-1,
as trfkit detects) is counted for them as it is for trfkit.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from minimal import decode

Reader = Callable[[bytes], Any]


def trfkit_reader() -> Reader:
    from trfkit.api import parse

    def read(data: bytes) -> Any:
        return parse(data)

    return read


def minimal_reader() -> Reader:
    from minimal import read

    return read


def minimal_paused_reader() -> Reader:
    """The minimal reader with the cyclic garbage collector paused (the collector's share)."""
    from minimal import read

    def paused(data: bytes) -> Any:
        gc.disable()
        try:
            return read(data)
        finally:
            gc.enable()

    return paused


def trf_reader() -> Reader:
    import trf  # type: ignore[import-not-found]

    def read(data: bytes) -> Any:
        return trf.loads(decode(data))

    return read


def caissify_reader() -> Reader:
    from caissify_pairings.trf import parse_trf  # type: ignore[import-not-found]

    def read(data: bytes) -> Any:
        return parse_trf(decode(data))

    return read


def gacrux_reader() -> Reader:
    from gacrux.trf2json import trf2json  # type: ignore[import-not-found]

    def read(data: bytes) -> Any:
        reader = trf2json()
        reader.parse_file(decode(data), 0)
        status = reader.chessjson.get("status", {})
        if status.get("code", 0) > 400:
            raise RuntimeError(f"status {status.get('code')}: {status.get('error')}")
        return reader

    return read


READERS: dict[str, tuple[str, Callable[[], Reader]]] = {
    "trfkit": ("trfkit", trfkit_reader),
    "minimal": ("fixed-column reader (in the benchmark)", minimal_reader),
    "minimal-nogc": ("fixed-column reader, GC paused", minimal_paused_reader),
    "trf": ("trf 1.1.1 (PyPI)", trf_reader),
    "caissify": ("caissify-pairings (PyPI)", caissify_reader),
    "gacrux": ("gacrux trf2json (PyPI)", gacrux_reader),
}
"""Reader key → (label, factory). A factory raises ImportError when the peer is missing."""

PEERS = ("trf", "caissify", "gacrux")


def version(key: str) -> str:
    """The installed version of a peer's distribution, or ``"not installed"``."""
    from importlib import metadata

    names = {"trf": "trf", "caissify": "caissify-pairings", "gacrux": "gacrux"}
    try:
        return metadata.version(names[key])
    except metadata.PackageNotFoundError:
        return "not installed"
