"""Fresh variants of a benchmark input: the same event, written as text no reader has seen.

trfkit keeps cross-file caches keyed by text (the line lexer's per-key answers,
and the transformer's start ranks, ratings, points, ranks and round blocks), so
reading the same bytes a second time in one process is cheaper than reading
them the first time, while the peers keep none. The benchmark therefore times
each reading on bytes the process has not read before (issue 31).

:func:`variant` makes variant number ``index`` (0, 1, 2, …) of an input. It
changes exactly two fields of every 001 (player) line and nothing else:

- the name (columns 15-47): the old name, cut to leave room if it must, then a
  blank and the tag ``v<index>`` (``"Bauer, Anna 17"`` becomes ``"Bauer, Anna 17 v3"``
  in variant 3), so that every player line of every variant is text that no
  other variant and not the input itself contains;
- the rating (columns 49-52), when it is a number: raised by ``1 + index % 50``
  points. A uniform rise keeps every comparison of ratings (ARO, TPR and the
  like move by the same amount for every player), so the ranks in columns
  86-89 stay right and a full check finds what it finds in the input.

Start ranks, sex, titles, federations, FIDE ids, birth dates, points, ranks,
round blocks and every other record stay as they are: the variant is the same
event (same players, rounds, games and results), which :func:`shape` lets a
test and the benchmark confirm for each reader (the same number of players and
rounds). A variant therefore still shares with the input (and with every other
variant) the texts of start ranks, points, ranks and round blocks; those are
new to a process only because the benchmark gives every timed first reading a
process of its own (see ``run.py``), warmed up on an unrelated 6-player file.
"""

from __future__ import annotations

from typing import Any

NAME = slice(14, 47)
"""Columns 15-47 of a 001 line: the name."""
RATING = slice(48, 52)
"""Columns 49-52 of a 001 line: the rating."""


def _decode(data: bytes) -> tuple[str, str, bytes]:
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    body = data[len(bom) :]
    try:
        return body.decode("utf-8"), "utf-8", bom
    except UnicodeDecodeError:
        return body.decode("latin-1"), "latin-1", bom


def variant_text(text: str, index: int) -> str:
    """Variant *index* of a TRF text (see the module's documentation)."""
    tag = f" v{index}"
    rise = 1 + index % 50
    width = NAME.stop - NAME.start
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if not line.startswith("001"):
            continue
        body = line.rstrip("\r\n")
        end = line[len(body) :]
        padded = body.ljust(RATING.stop)
        name = padded[NAME].rstrip()
        name = (name[: width - len(tag)].rstrip() + tag).lstrip()
        rating = padded[RATING]
        if rating.strip().isdigit() and rating.strip().isascii():
            rating = f"{min(int(rating) + rise, 9999):4d}"
        body = (
            padded[: NAME.start]
            + f"{name:<{width}s}"
            + padded[NAME.stop : RATING.start]
            + rating
            + padded[RATING.stop :]
        )
        lines[i] = (body.rstrip() if len(padded) > len(line) - len(end) else body) + end
    return "".join(lines)


def variant(data: bytes, index: int) -> bytes:
    """Variant *index* of a TRF file's bytes, in the file's own encoding (UTF-8 or Latin-1)."""
    text, codec, bom = _decode(data)
    return bom + variant_text(text, index).encode(codec)


def shape(key: str, result: Any) -> tuple[int, int]:
    """(players, rounds) as reader *key* read them: the rounds are the last round with a block.

    For trfkit, a :class:`trfkit.ParseResult` (or a tournament); for the minimal reader,
    its ``(header, players)``; for caissify-pairings, its dictionary; for gacrux, its
    ``trf2json`` reader; for trf, its tournament.
    """
    if key == "trfkit":
        players = getattr(result, "tournament", result).players
        return len(players), max((len(p.rounds) for p in players), default=0)
    if key.startswith("minimal"):
        rows = result[1]
        last = 0
        for row in rows:
            filled = [n for n, block in enumerate(row[10], 1) if block != (None, None, None)]
            last = max(last, filled[-1] if filled else 0)
        return len(rows), last
    if key == "caissify":
        rows = result["players"]
        return len(rows), max((max(p["results"], default=0) for p in rows), default=0)
    if key == "gacrux":
        tournament = result.chessjson["event"]["tournaments"][0]
        games = tournament.get("gameList", [])
        last = max((g["round"] for g in games), default=0)
        return len(tournament["competitors"]), last
    if key == "trf":
        players = result.players
        return len(players), max((len(p.games) for p in players), default=0)
    raise KeyError(key)
