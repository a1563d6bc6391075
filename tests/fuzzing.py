"""Input generators for fuzzing trfkit: random bytes, mutated real files, odd tournaments.

Shared by the bounded hypothesis test (``tests/test_fuzz.py``) and the long run
(``fuzz/run.py``). Everything is driven by a :class:`random.Random`, so a failing
input can be reproduced from its seed.
"""

from __future__ import annotations

import encodings.aliases
import functools
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import trfkit
from trfkit.checks import Context, run_checks
from trfkit.diagnostics import Diagnostic
from trfkit.errors import JsonFormError, WriteError
from trfkit.formats import jsonform
from trfkit.report.github import format_github
from trfkit.report.json import dumps_json
from trfkit.report.text import format_text
from trfkit.untrusted import UNSAFE

ROOT = Path(__file__).resolve().parent.parent
SEEDS_DIRS = (ROOT / "fixtures" / "real", ROOT.parent / "shared" / "corpus" / "real")


def seed_files() -> list[bytes]:
    """The bytes of every fixture and (when present) corpus file, as mutation seeds."""
    found: dict[str, bytes] = {}
    for folder in SEEDS_DIRS:
        if folder.is_dir():
            for path in sorted(folder.glob("*.trf")):
                found.setdefault(path.name, path.read_bytes())
    return list(found.values())


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [data]


def flip_bits(rng: random.Random, data: bytes) -> bytes:
    """Flip a few random bits."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if buf:
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
    return bytes(buf)


def delete_lines(rng: random.Random, data: bytes) -> bytes:
    """Drop some lines."""
    lines = _lines(data)
    for _ in range(rng.randint(1, 3)):
        if lines:
            del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def duplicate_lines(rng: random.Random, data: bytes) -> bytes:
    """Repeat some lines elsewhere."""
    lines = _lines(data)
    for _ in range(rng.randint(1, 3)):
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
    return b"".join(lines)


def shift_columns(rng: random.Random, data: bytes) -> bytes:
    """Insert or remove characters inside a line, shifting its columns."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    line = lines[i]
    pos = rng.randrange(len(line) + 1)
    if rng.random() < 0.5:
        line = line[:pos] + b" " * rng.randint(1, 3) + line[pos:]
    else:
        line = line[:pos] + line[pos + rng.randint(1, 3) :]
    lines[i] = line
    return b"".join(lines)


def swap_encoding(rng: random.Random, data: bytes) -> bytes:
    """Re-encode the text: UTF-8 ↔ Latin-1, UTF-16, or add accented names."""
    text = data.decode("utf-8", "replace")
    choice = rng.randrange(4)
    if choice == 0:
        return text.encode("latin-1", "replace")
    if choice == 1:
        return text.encode("utf-16")
    if choice == 2:
        return text.replace("a", "á").replace("o", "ø").encode("utf-8")
    return b"\xef\xbb\xbf" + data


def mix_newlines(rng: random.Random, data: bytes) -> bytes:
    """Replace line ends with a random mix of LF, CRLF and CR."""
    lines = data.splitlines()
    return b"".join(line + rng.choice([b"\n", b"\r\n", b"\r", b""]) for line in lines)


def truncate(rng: random.Random, data: bytes) -> bytes:
    """Cut the file at a random byte."""
    return data[: rng.randrange(len(data) + 1)]


def splice_garbage(rng: random.Random, data: bytes) -> bytes:
    """Overwrite a stretch with random printable junk or digits."""
    buf = bytearray(data)
    start = rng.randrange(len(buf) + 1)
    junk = bytes(rng.choice(b"0123456789 wbWBD=+-HFUZ.,X*\t") for _ in range(rng.randint(1, 20)))
    buf[start : start + len(junk)] = junk
    return bytes(buf)


_FIELD_EDGES = (5, 8, 10, 11, 13, 15, 47, 49, 52, 54, 56, 58, 68, 70, 79, 81, 84, 86, 89, 92)
"""Columns where a 001 field starts or ends (and round 1's block): where exporters shift."""


def shift_field(rng: random.Random, data: bytes) -> bytes:
    """Move the text at a field's edge by one or two columns, as a buggy exporter does.

    Aimed at the edges of record 001's fields, 132's dates and 299's values, so that
    the reader's placing of shifted fields (columns.Plan.locate) meets every case.
    """
    lines = _lines(data)
    wanted = [i for i, line in enumerate(lines) if line[:3] in (b"001", b"132", b"299", b"310")]
    if not wanted:
        return data
    i = rng.choice(wanted)
    line = lines[i]
    if line[:3] == b"001":
        column = rng.choice(_FIELD_EDGES)
    elif line[:3] == b"132":
        column = 92 + 10 * rng.randrange(max(1, (len(line) - 91) // 10 + 1))
    else:
        column = rng.randrange(5, max(6, len(line)))
    at = min(column - 1, len(line))
    width = rng.randint(1, 2)
    if rng.random() < 0.5:
        line = line[:at] + b" " * width + line[at:]
    elif line[at : at + width].strip() == b"":
        line = line[:at] + line[at + width :]
    else:
        line = line[: at - width] + line[at:]  # pull the field left over its separator
    lines[i] = line
    return b"".join(lines)


_FOREIGN = ("\u0660", "\u06f0", "\u0966", "\uff10", "\U0001d7ce")
"""Zeros of digit sets Python's ``isdigit`` accepts: Arabic-Indic, Persian, Devanagari,
full-width and mathematical bold."""


def foreign_digits(rng: random.Random, data: bytes) -> bytes:
    """Replace the ASCII digits of one line by digits of another script (``int`` reads them)."""
    lines = _lines(data)
    i = rng.randrange(len(lines))
    zero = ord(rng.choice(_FOREIGN))
    text = lines[i].decode("utf-8", "replace")
    text = "".join(chr(zero + int(c)) if c in "0123456789" else c for c in text)
    lines[i] = text.encode("utf-8")
    return b"".join(lines)


CONTROLS = "\x00\x07\t\x0b\x0c\x1b\x7f\x85\x9b\u2028\u2029\u202e\u2066\u200f\ufeff"
"""Characters a name can hold that no output may show raw (and NUL, which makes a file binary)."""


def control_characters(rng: random.Random, data: bytes) -> bytes:
    """Put NUL, U+2028, ESC, C1 or bidi controls into a line, most often into a player's name."""
    lines = _lines(data)
    players = [i for i, line in enumerate(lines) if line.startswith(b"001")]
    i = rng.choice(players) if players and rng.random() < 0.8 else rng.randrange(len(lines))
    line = lines[i]
    start, end = (14, min(len(line), 47)) if i in players else (0, len(line))
    pos = rng.randrange(start, max(start, end) + 1)
    char = rng.choice(CONTROLS).encode("utf-8")
    lines[i] = line[:pos] + char + line[pos + 1 :]  # one character for one: columns stay
    return b"".join(lines)


MUTATORS: Sequence[Callable[[random.Random, bytes], bytes]] = (
    flip_bits,
    delete_lines,
    duplicate_lines,
    shift_columns,
    swap_encoding,
    mix_newlines,
    truncate,
    splice_garbage,
    shift_field,
    foreign_digits,
    control_characters,
)


def random_bytes(rng: random.Random) -> bytes:
    """Short random bytes, sometimes starting like a TRF record."""
    size = rng.randint(0, 300)
    body = bytes(rng.randrange(256) for _ in range(size))
    return rng.choice([b"", b"001 ", b"012 ", b"XXR ", b"310 "]) + body


def inconsistent_tournament(rng: random.Random) -> bytes:
    """A well-formed file whose games disagree: random opponents, colours and results."""
    players = rng.randint(1, 12)
    rounds = rng.randint(0, 9)
    lines = ["012 Fuzz Open", f"XXR {rounds}"]
    if rng.random() < 0.3:
        lines.append("192 FIDE_ROUNDROBIN")
    if rng.random() < 0.3:
        lines.append("202 " + ",".join(rng.sample(["DE", "SB", "KS", "BH", "WIN", "ARO"], 3)))
    for n in range(1, players + 1):
        head = f"001 {n:>4} m    {'Player ' + str(n):<33} {rng.randint(1000, 2800):>4} NOR"
        head = head.ljust(80) + f"{rng.randint(0, 20) / 2:>4.1f} {rng.randint(0, players):>4}  "
        blocks = []
        for _ in range(rounds):
            opponent = rng.randint(0, players)
            colour = rng.choice("wb-")
            result = rng.choice("10=+-WDLHFUZ ")
            blocks.append(f"{opponent:>4} {colour} {result}")
        lines.append(head + "  ".join(blocks))
    return ("\n".join(lines) + "\n").encode()


def generate(rng: random.Random, seeds: Sequence[bytes]) -> bytes:
    """One fuzz input: random bytes, a mutated seed, or an inconsistent tournament."""
    kind = rng.random()
    if kind < 0.15 or not seeds:
        return random_bytes(rng)
    if kind < 0.35:
        return inconsistent_tournament(rng)
    data = rng.choice(seeds)
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(MUTATORS)(rng, data) or data
    return data


_RAW = re.compile(UNSAFE)  # what no line of output may hold raw


def _assert_printable(diagnostics: Sequence[Diagnostic]) -> None:
    """Every finding shows as text, GitHub annotation and JSON without a raw control."""
    for d in diagnostics:
        for line in (format_text(d, "f\n.trf"), format_github(d, "f\n.trf")):
            assert not _RAW.search(line), line
    text = dumps_json([d.message for d in diagnostics])
    assert not _RAW.search(text.replace("\n", "")), text


def exercise(data: bytes) -> list[Diagnostic]:
    """Parse and check *data* the way ``trfkit check`` does; returns every diagnostic.

    Raises AssertionError when a diagnostic is malformed, points outside the file, or
    would print a raw control character.
    """
    result = trfkit.parse(data)
    found = list(result.diagnostics)
    if result.tournament.records:
        found += run_checks(Context(result.tournament))
    widths = {r.source.line: len(r.source.text) for r in result.tournament.records if r.source}
    for d in found:
        assert d.code and d.name and d.message, d
        assert d.code != "S999", f"a check crashed: {d.message}"
        if d.line is not None:
            assert d.line in widths, (d, len(widths))
        if d.column is not None:
            assert d.line is not None and 1 <= d.column <= widths[d.line] + 1, d
    _assert_printable(found)
    return found


# --- hostile JSON forms and codec names (issue 20) ---------------------------------------------


@functools.lru_cache(maxsize=1)
def _json_seeds(seeds: tuple[bytes, ...]) -> tuple[str, ...]:
    """The JSON forms of the seeds that have one (computed once per run)."""
    forms = []
    for data in seeds:
        try:
            forms.append(jsonform.dumps(trfkit.loads(data)))
        except WriteError:
            continue
    return tuple(forms)


_JSON_NUMBER = re.compile(r"(?<=: )-?\d+(?=[,\n])")
_JSON_STRING = re.compile(r'(?<=: ")[^"\\]*(?=")')
_JSON_ESCAPES = ("\\ud800", "\\udfff", "\\u0000", "\\u2028", "\\u202e", "\\u001b", "\\n", "\u2028")


def json_mutant(rng: random.Random, seeds: Sequence[bytes]) -> bytes:
    """A JSON form gone wrong: deep, a long integer, an escape, a wrong type, flipped bytes.

    Deep: nested up to 200,000 levels; long: an integer of thousands of digits; an escape:
    a surrogate, NUL, ESC or line separator in a string.
    """
    forms = _json_seeds(tuple(seeds))
    text = rng.choice(forms) if forms else '{"format": "trfkit", "records": []}'
    choice = rng.randrange(5)
    if choice == 0:  # nesting: bare, or where a record or a round is expected
        depth = rng.choice((999, 1_000, 5_000, 200_000))
        deep = "[" * depth + ("1" + "]" * depth if rng.random() < 0.5 else "")
        if rng.random() < 0.5:
            return deep.encode()
        return text.replace('"records": [', '"records": [' + deep + ",", 1).encode()
    if choice == 1:  # an integer over Python's 4,300-digit conversion limit, or just under
        numbers = list(_JSON_NUMBER.finditer(text))
        digits = "9" * rng.choice((4_299, 4_300, 4_301, 5_000, 20_000))
        if not numbers:
            return ("[" + digits + "]").encode()
        at = rng.choice(numbers)
        return (text[: at.start()] + rng.choice(("", "-")) + digits + text[at.end() :]).encode()
    if choice == 2:  # a surrogate, NUL, ESC, a line separator or a break in a string value
        strings = list(_JSON_STRING.finditer(text))
        if strings:
            at = rng.choice(strings)
            pos = rng.randint(at.start(), at.end())
            text = text[:pos] + rng.choice(_JSON_ESCAPES) + text[pos:]
        return text.encode("utf-8", "surrogatepass")
    if choice == 3:  # a value of another type
        numbers = list(_JSON_NUMBER.finditer(text)) + list(_JSON_STRING.finditer(text))
        if numbers:
            at = rng.choice(numbers)
            other = rng.choice(("[]", "{}", "null", "true", "1e999", "-0.5", '"' + "x" * 10_000))
            text = text[: at.start()] + other + text[at.end() :]
        return text.encode()
    return flip_bits(rng, text.encode())


def exercise_json(data: bytes) -> None:
    """Read *data* as the JSON form: a JsonFormError or a tournament, never another error.

    A tournament read is written back as JSON (printable: no raw control) and as TRF,
    which is then exercised like any TRF input.
    """
    try:
        tournament = jsonform.loads(data)
    except JsonFormError as exc:
        assert str(exc) and len(str(exc)) < 2_000, str(exc)[:200]
        return
    text = jsonform.dumps(tournament)  # what loads accepted, dumps writes
    assert not _RAW.search(text.replace("\n", "")), text
    exercise(trfkit.dump_bytes(tournament))


CODECS = (
    *sorted(set(encodings.aliases.aliases) | set(encodings.aliases.aliases.values())),
    "rot13", "punycode", "idna", "undefined", "unicode_escape", "raw_unicode_escape", "utf-7",
    "", "utf-8\x00", "x" * 500, "../../etc/passwd", "ÿ", " UTF8 ", "mbcs",
)  # fmt: skip
"""Codec names to read and write with: every alias Python knows, and some it does not."""


def codec_case(rng: random.Random, seeds: Sequence[bytes]) -> tuple[bytes, str]:
    """A TRF input (a seed, maybe mutated) and a codec name to read and write it with."""
    data = rng.choice(seeds) if seeds else random_bytes(rng)
    if rng.random() < 0.5:
        data = rng.choice(MUTATORS)(rng, data) or data
    return data, rng.choice(CODECS)


def exercise_codec(data: bytes, codec: str) -> None:
    """Read and write *data* with *codec*: diagnostics and WriteError, never another error."""
    result = trfkit.parse(data, encoding=codec)
    _assert_printable(result.diagnostics)
    try:
        trfkit.dump_bytes(result.tournament, encoding=codec)
    except WriteError as exc:
        assert str(exc)
    found = trfkit.check(data, encoding=codec)
    assert all(d.code != "S999" for d in found), found
    _assert_printable(found)


def generate_case(rng: random.Random, seeds: Sequence[bytes]) -> tuple[str, bytes]:
    """One fuzz input of any class: ``("trf" | "json" | "codec:NAME", bytes)``."""
    kind = rng.random()
    if kind < 0.1:
        return "json", json_mutant(rng, seeds)
    if kind < 0.15:
        data, codec = codec_case(rng, seeds)
        return f"codec:{codec}", data
    return "trf", generate(rng, seeds)


def exercise_case(kind: str, data: bytes) -> None:
    """Exercise an input of :func:`generate_case`."""
    if kind == "json":
        exercise_json(data)
    elif kind.startswith("codec:"):
        exercise_codec(data, kind.removeprefix("codec:"))
    else:
        exercise(data)
