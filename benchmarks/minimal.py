"""A minimal fixed-column TRF reader: the practical speed limit of a pure-Python reader.

It builds the same fields as trfkit's reader for the records the benchmark
inputs contain (header values by code; for each 001 line the start rank, sex,
title, name, rating, federation, FIDE id, birth date, points as an exact
fraction, rank, and every round block as opponent, colour and result) and
nothing else: no grammar, no diagnostics, no source text kept for a lossless
write, no validation. Numbers that repeat (points, ratings) are cached, as any
careful reader would do. It exists only to be measured against.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

COLOURS = {"w": "white", "W": "white", "b": "black", "B": "black", "-": None, " ": None}
RESULTS = {c: c.upper() for c in "10=+-WDLHFUZXwdlhfuzx"} | {" ": None}


def decode(data: bytes) -> str:
    """UTF-8 (without its BOM), else Latin-1: the decoding every peer reader is given."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read(data: bytes) -> tuple[dict[str, list[str]], list[tuple[Any, ...]]]:
    """Header values by record code, and one tuple of fields per player line."""
    header: dict[str, list[str]] = {}
    players: list[tuple[Any, ...]] = []
    points_cache: dict[str, Fraction | None] = {}
    colours = COLOURS
    results = RESULTS
    for line in decode(data).splitlines():
        if line.startswith("001"):
            rounds = []
            for start in range(91, len(line), 10):
                block = line[start : start + 10].ljust(8)
                opponent = block[:4].strip()
                rounds.append(
                    (
                        int(opponent) or None if opponent else None,
                        colours.get(block[5]),
                        results.get(block[7]),
                    )
                )
            text = line[80:84]
            points = points_cache.get(text)
            if points is None and text not in points_cache:
                points = points_cache[text] = Fraction(text.strip()) if text.strip() else None
            rating = line[48:52].strip()
            rank = line[85:89].strip()
            players.append(
                (
                    int(line[4:8]),
                    line[9:10].strip(),
                    line[10:13].strip(),
                    line[14:47].strip(),
                    int(rating) if rating else None,
                    line[53:56].strip(),
                    line[57:68].strip(),
                    line[69:79].strip(),
                    points,
                    int(rank) if rank else None,
                    tuple(rounds),
                )
            )
        elif line.strip():
            header.setdefault(line[:3], []).append(line[4:].rstrip())
    return header, players
