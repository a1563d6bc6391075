"""Alphabetical order by a named collation: root, Norwegian, Swedish, Danish, German.

Pure computation: a name in, a sort key out. The order is a small version of the Unicode
Collation Algorithm's three levels, with the letters the Nordic alphabets add after Z:

1. **Base letters** (primary). The name is case-folded (``str.casefold``: ``ß`` reads
   ``ss``) and decomposed (NFKD); each base character with the combining marks after it
   is one letter. A letter weighs its base character's code point (space, punctuation and
   digits, whose code points are below the letters', sort first, as in the CLDR root's
   non-ignorable order), so ``é`` and ``e`` are one letter here; ``ø``, ``ł``, ``đ``,
   ``ð`` weigh as ``o``, ``l``, ``d``, ``d`` and ``æ``, ``œ`` as ``ae``, ``oe``.
   A tailoring puts its own letters after ``z``, in its alphabet's order:

   - ``nb`` (Norwegian Bokmål) and ``da`` (Danish): ``… x y z æ ø å``; ``ä`` sorts as
     ``æ``, ``ö`` and ``ő`` as ``ø``, ``ü`` as ``y``, and a double ``aa`` as ``å`` (the
     spelling of ``å`` in older names: Aasen sorts with Åsen), as CLDR's tailorings do;
   - ``sv`` (Swedish): ``… x y z å ä ö``; ``æ`` sorts as ``ä``, ``ø``, ``ő`` and ``œ``
     as ``ö``, ``ü`` as ``y``;
   - ``de`` (German, DIN 5007-1, dictionaries): ``ä ö ü`` sort as ``a o u``, ``ß`` as
     ``ss``: the root order.
2. **Accents** (secondary): among names with the same letters, a letter without marks
   comes before one with marks (``Eklund`` < ``Éklund``), marks compared by code point; a
   tailoring's variant letter (Norwegian ``ä``) comes after its letter (``æ``).
3. **Case** (tertiary): lower case first (upper case first in Danish, as CLDR ``da``).
4. Last, the name as written, by code point: two different names never tie.

``root`` is this order untailored; ``codepoint`` is the order of trfkit before collations
(``casefold()`` then the name, by code point: ``Åsheim`` before ``Ødegård``, both after
Z), kept so that a drawing published then repeats.

**Why a table of our own.** No kept Python library serves the Nordic tailorings in pure
Python: ``pyuca`` implements the untailored DUCET only, and PyICU (or ``icu4py``) needs the
ICU C library and a compiler at install time, a heavy runtime dependency for sorting a list
of names. The tailorings differ from the root order in a handful of letters, listed
above; the table below holds them and the tests check them against the alphabets.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from trfkit.values import WordEnum

__all__ = ["Collation", "sort_key", "sorted_names"]


class Collation(WordEnum):
    """A named alphabetical order."""

    ROOT = "root"
    NB = "nb"
    SV = "sv"
    DA = "da"
    DE = "de"
    CODEPOINT = "codepoint"


_Z = ord("z")
_ROOT_LETTERS: dict[str, str] = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe"}
"""Letters NFKD does not decompose, as the root order weighs them."""

# A tailoring: (base character, marks) -> (primary weights, variant rank); a marks entry of
# None matches the base with any marks (and keeps them as accents).
_Tailoring = dict[tuple[str, str | None], tuple[tuple[tuple[int, int], ...], int]]

_DIAERESIS, _RING, _DOUBLE_ACUTE = "\u0308", "\u030a", "\u030b"


def _after_z(k: int) -> tuple[tuple[int, int], ...]:
    return ((_Z, k),)


_Y = ((ord("y"), 0),)
_NORDIC_WEST: _Tailoring = {
    ("æ", None): (_after_z(1), 0),
    ("a", _DIAERESIS): (_after_z(1), 1),
    ("ø", None): (_after_z(2), 0),
    ("o", _DIAERESIS): (_after_z(2), 1),
    ("o", _DOUBLE_ACUTE): (_after_z(2), 2),
    ("a", _RING): (_after_z(3), 0),
    ("u", _DIAERESIS): (_Y, 1),
}
_SWEDISH: _Tailoring = {
    ("a", _RING): (_after_z(1), 0),
    ("a", _DIAERESIS): (_after_z(2), 0),
    ("æ", None): (_after_z(2), 1),
    ("o", _DIAERESIS): (_after_z(3), 0),
    ("ø", None): (_after_z(3), 1),
    ("o", _DOUBLE_ACUTE): (_after_z(3), 2),
    ("œ", None): (_after_z(3), 3),
    ("u", _DIAERESIS): (_Y, 1),
}
_TAILORINGS: dict[Collation, _Tailoring] = {
    Collation.NB: _NORDIC_WEST,
    Collation.DA: _NORDIC_WEST,
    Collation.SV: _SWEDISH,
}

Key = tuple[object, ...]


def _clusters(folded: str) -> list[tuple[str, str]]:
    """*folded* (NFKD) as (base character, its combining marks) pairs."""
    out: list[tuple[str, str]] = []
    for char in folded:
        if unicodedata.combining(char) and out:
            base, marks = out[-1]
            out[-1] = (base, marks + char)
        else:
            out.append((char, ""))
    return out


def sort_key(name: str, collation: Collation = Collation.ROOT) -> Key:
    """The key that sorts *name* in *collation*'s order (the module docstring)."""
    if collation is Collation.CODEPOINT:
        return (name.casefold(), name)
    tailoring = _TAILORINGS.get(collation, {})
    clusters = _clusters(unicodedata.normalize("NFKD", name.casefold()))
    primary: list[tuple[int, int]] = []
    secondary: list[tuple[int, ...]] = []
    index = 0
    while index < len(clusters):
        base, marks = clusters[index]
        if (
            collation in (Collation.NB, Collation.DA)
            and base == "a" == (clusters[index + 1][0] if index + 1 < len(clusters) else "")
            and not marks
            and not clusters[index + 1][1]
        ):  # "aa" is å (CLDR nb, da), after the letter written as å
            primary.extend(_after_z(3))
            secondary.append((1,))
            index += 2
            continue
        hit = tailoring.get((base, marks[:1] or None)) if marks else None
        if hit is not None:
            weights, variant = hit
            rest = marks[1:]
        elif (base, None) in tailoring:
            weights, variant = tailoring[(base, None)]
            rest = marks
        else:
            letters = _ROOT_LETTERS.get(base, base)
            weights, variant = tuple((ord(c), 0) for c in letters), int(letters != base)
            rest = marks
        primary.extend(weights)
        secondary.append((variant, *(ord(c) for c in rest)))
        index += 1
    # the case of every letter as written (combining marks left out)
    written = [c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)]
    upper_first = collation is Collation.DA
    tertiary = tuple(c.isupper() != upper_first for c in written)
    return (tuple(primary), tuple(secondary), tertiary, name)


def sorted_names(names: Iterable[str], collation: Collation = Collation.ROOT) -> tuple[str, ...]:
    """*names* in *collation*'s alphabetical order."""
    return tuple(sorted(names, key=lambda n: sort_key(n, collation)))


def describe(collation: Collation) -> str:
    """A phrase for outputs, e.g. ``Norwegian (nb: … X Y Z Æ Ø Å)``."""
    return {
        Collation.ROOT: "root (Unicode base letters, accents, then case)",
        Collation.NB: "Norwegian (nb: … X Y Z Æ Ø Å)",
        Collation.SV: "Swedish (sv: … X Y Z Å Ä Ö)",
        Collation.DA: "Danish (da: … X Y Z Æ Ø Å)",
        Collation.DE: "German (de: DIN 5007-1, Ä with A)",
        Collation.CODEPOINT: "code point order of casefold() (trfkit before collations)",
    }[collation]

