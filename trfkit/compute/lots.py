"""Drawing of lots that anyone can check: start numbers, colours, ties left by the tie-breaks.

Pure computation: a seed and a list in, the drawing out. The same seed and the same list
give the same drawing on every machine and in every language; Python's ``random`` is not
used (its algorithm is not part of any standard). The algorithm, ``trfkit-lots-1``:

1. **The byte stream.** The seed is a text; ``S`` is its UTF-8 bytes. Block ``i``
   (``i = 0, 1, 2, …``) is ``SHA-256(S || i)``, where ``i`` is written as 8 bytes,
   big-endian. The stream is block 0, block 1, … (32 bytes each), read from the start.
2. **A number below n** (``1 <= n <= 2**32``): take the next 4 bytes of the stream as
   an unsigned big-endian integer ``u``. With ``limit = 2**32 - (2**32 mod n)``: when
   ``u < limit`` the number is ``u mod n``; else ``u`` is thrown away and the next 4
   bytes are taken (rejection sampling: every number below n is equally likely). ``n = 1``
   still reads 4 bytes (and gives 0).
3. **A shuffle** of a list ``a[0 … k-1]`` (Fisher–Yates, Durstenfeld's form): for
   ``i = k-1`` down to ``1``: ``j`` = a number below ``i + 1``; swap ``a[i]`` and ``a[j]``.

Uses, each from a fresh stream of its seed:

- **Start numbers** (:func:`draw_start_numbers`, C.05 §7.2 and the Norwegian rules §2):
  the players draw in the drawing order, which is never the organiser's choice:
  ``AS_GIVEN`` (the list's order, fixed beforehand), ``ALPHABETICAL`` (sorted in a
  named collation, :mod:`trfkit.compute.collation`; ``codepoint``, the order before
  collations, is Python's ``str.casefold()`` of the name, then the name, both by code
  point) or ``RANDOM`` (the alphabetical list shuffled, step 3). Then the numbers
  ``1 … k`` for ``k`` players are shuffled (step 3, continuing the same stream) and the
  ``i``-th player in drawing order gets the ``i``-th number. With an odd ``k`` the number
  ``k + 1`` of the table stays vacant: whoever meets it has the bye. Players pinned to a
  number beforehand (``draw --fix``) keep it: they are left out of the drawing order, and
  only the numbers left, in increasing order, are shuffled (without pins: all of them).
- **Colours of a play-off match** (:mod:`trfkit.compute.playoff`): a number below 2;
  0 gives the first-named player White in game 1.
- **Ties left after the tie-break list** (:func:`settle_ties`): each tied group, in rank
  order, is listed by start rank and shuffled (step 3, one stream for every group); the
  shuffled order is the order of the places.

**Commit, then reveal** (:func:`commitment`, :func:`names_digest`). The commitment of a
seed is the SHA-256 of the UTF-8 bytes of ``"trfkit-lots-1 commitment:"`` followed by the
seed, written as 64 lower-case hex digits. The names' digest is the SHA-256 of the UTF-8
bytes of the names in NFC, in the order of the list given, each followed by a line feed
(U+000A), in hex. A record (``draw --format json``) holds the seed, its commitment,
the algorithm, order, collation, pins, the names and their digest, and the drawing.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

import attrs

from trfkit.compute.collation import Collation, sorted_names
from trfkit.errors import ScheduleError
from trfkit.values import Value, WordEnum

if TYPE_CHECKING:
    from trfkit.compute.standings import Standings

__all__ = [
    "ALGORITHM",
    "COMMITMENT_PREFIX",
    "Draw",
    "DrawOrder",
    "Stream",
    "alphabetical",
    "check_seed",
    "commitment",
    "draw_start_numbers",
    "names_digest",
    "new_commit_seed",
    "new_seed",
    "settle_ties",
    "shuffled",
]

ALGORITHM = "trfkit-lots-1"
"""The name of the algorithm above, printed with every drawing."""

_T = TypeVar("_T")
_SPAN = 2**32


class Stream:
    """The byte stream of a seed (step 1) and the numbers drawn from it (step 2)."""

    def __init__(self, seed: str) -> None:
        self._seed = seed.encode("utf-8")
        self._counter = 0
        self._buffer = b""

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._buffer += block
            self._counter += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def below(self, n: int) -> int:
        """A number in ``0 … n-1``, every one equally likely.

        Raises:
            ScheduleError: When *n* is not in ``1 … 2**32``.
        """
        if not 1 <= n <= _SPAN:
            raise ScheduleError(f"cannot draw a number below {n}")
        limit = _SPAN - _SPAN % n
        while True:
            u = int.from_bytes(self._take(4), "big")
            if u < limit:
                return u % n


def shuffled(items: Sequence[_T], stream: Stream) -> tuple[_T, ...]:
    """*items* shuffled (step 3)."""
    a = list(items)
    for i in range(len(a) - 1, 0, -1):
        j = stream.below(i + 1)
        a[i], a[j] = a[j], a[i]
    return tuple(a)


SEED_LENGTH = 200
"""The longest seed: a seed is printed in every output and kept in reports."""


def check_seed(seed: str) -> str:
    """*seed*, when it can be a seed: 1 to :data:`SEED_LENGTH` printable characters.

    The one check of a seed, for ``draw --seed``, ``playoff --seed`` and ``standings --lots``.

    Raises:
        ScheduleError: For an empty seed, a longer one or one with control characters.
    """
    from trfkit.untrusted import printable

    if not seed or printable(seed) != seed or len(seed) > SEED_LENGTH:
        raise ScheduleError(f"a seed must be 1 to {SEED_LENGTH} printable characters")
    return seed


def new_seed() -> str:
    """A fresh seed from the operating system's secure source (16 hex digits)."""
    return secrets.token_hex(8)


def new_commit_seed() -> str:
    """A fresh seed to commit to (32 hex digits, 128 bits: its commitment cannot be searched)."""
    return secrets.token_hex(16)


COMMITMENT_PREFIX = "trfkit-lots-1 commitment:"
"""What the commitment hashes before the seed (the module docstring)."""


def commitment(seed: str) -> str:
    """The SHA-256 commitment of *seed*, in hex (the module docstring)."""
    return hashlib.sha256((COMMITMENT_PREFIX + seed).encode("utf-8")).hexdigest()


def names_digest(names: Sequence[str]) -> str:
    """The SHA-256 of *names* in NFC, each followed by a line feed, in hex."""
    import unicodedata

    text = "".join(unicodedata.normalize("NFC", name) + "\n" for name in names)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class DrawOrder(WordEnum):
    """The order in which the players draw."""

    ALPHABETICAL = "alphabetical"
    RANDOM = "random"
    AS_GIVEN = "as-given"


def alphabetical(names: Sequence[str], collation: Collation = Collation.ROOT) -> tuple[str, ...]:
    """*names* in *collation*'s alphabetical order (:mod:`trfkit.compute.collation`)."""
    return sorted_names(names, collation)


@attrs.frozen(repr=False)
class Draw(Value):
    """A drawing of start numbers.

    Attributes:
        seed: The seed.
        order: The drawing order's rule.
        drawing: The names in the order they drew.
        numbers: The number each of them drew (same positions as *drawing*).
        vacant: The number left vacant (odd fields), else ``None``.
        collation: The alphabetical order of ``ALPHABETICAL`` and ``RANDOM``.
        fixed: The players pinned to a number beforehand, as (name, number), not drawn.
    """

    seed: str
    order: DrawOrder
    drawing: tuple[str, ...]
    numbers: tuple[int, ...]
    vacant: int | None
    collation: Collation = Collation.ROOT
    fixed: tuple[tuple[str, int], ...] = ()

    @property
    def by_number(self) -> tuple[str, ...]:
        """The names by start number (index 0 is number 1)."""
        names = dict(zip(self.numbers, self.drawing, strict=True))
        names.update((number, name) for name, number in self.fixed)
        return tuple(names[n] for n in range(1, len(names) + 1))


def draw_start_numbers(
    names: Sequence[str],
    seed: str,
    order: DrawOrder,
    *,
    collation: Collation = Collation.ROOT,
    fixed: Sequence[tuple[str, int]] = (),
) -> Draw:
    """Draw start numbers ``1 … len(names)`` for *names* (see the module docstring).

    *fixed* pins players of *names* to numbers before the others draw.

    Raises:
        ScheduleError: For a pin of a name not in *names*, a number out of ``1 …
            len(names)``, or a name or number pinned twice.
    """
    pinned: dict[str, int] = {}
    taken: dict[int, str] = {}
    known = set(names)
    for name, number in fixed:
        if name not in known:
            raise ScheduleError(f"--fix {name}: no such name in the list")
        if not 1 <= number <= len(names):
            raise ScheduleError(
                f"--fix {name}={number}: the numbers of {len(names)} players are 1 to {len(names)}"
            )
        if name in pinned:
            raise ScheduleError(f"--fix {name}: pinned twice ({pinned[name]} and {number})")
        if number in taken:
            raise ScheduleError(f"--fix {name}={number}: {taken[number]} is pinned to {number}")
        pinned[name], taken[number] = number, name
    free = [name for name in names if name not in pinned]
    stream = Stream(seed)
    if order is DrawOrder.AS_GIVEN:
        drawing = tuple(free)
    elif order is DrawOrder.ALPHABETICAL:
        drawing = alphabetical(free, collation)
    else:
        drawing = shuffled(alphabetical(free, collation), stream)
    numbers = shuffled([n for n in range(1, len(names) + 1) if n not in taken], stream)
    vacant = len(names) + 1 if len(names) % 2 else None
    return Draw(seed, order, drawing, numbers, vacant, collation, tuple(pinned.items()))


def settle_ties(standings: Standings, seed: str) -> Standings:
    """*standings* with every group still tied after the tie-break list ordered by lot.

    The rows of a group get the places of the group in the drawn order, ``by_lot`` set;
    the standings keep the seed (``lots``).
    """
    stream = Stream(seed)
    rows = list(standings.rows)
    start = 0
    while start < len(rows):
        row = rows[start]
        end = start + 1
        while end < len(rows) and row.rank is not None and rows[end].rank == row.rank:
            end += 1
        if end - start > 1:
            group = shuffled(sorted(rows[start:end], key=lambda r: r.start_rank), stream)
            first = row.rank
            assert first is not None
            for offset, member in enumerate(group):
                place = first + offset
                rows[start + offset] = attrs.evolve(member, rank=place, last=place, by_lot=True)
        start = end
    return attrs.evolve(standings, rows=tuple(rows), lots=seed)
