"""Bounded fuzzing: no input makes parse or check raise, hang, or point outside the file."""

from __future__ import annotations

import random

import fuzzing
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfkit.errors import TrfSyntaxError

SEEDS = fuzzing.seed_files()
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_never_crash(data: bytes) -> None:
    """Arbitrary bytes give diagnostics, never an exception."""
    fuzzing.exercise(data)


@FUZZ
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_real_files_never_crash(seed: int) -> None:
    """Bit flips, deleted and duplicated lines, shifted columns and re-encodings never crash."""
    fuzzing.exercise(fuzzing.generate(random.Random(seed), SEEDS))


@FUZZ
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_inconsistent_tournaments_never_crash(seed: int) -> None:
    """Well-formed files whose games contradict each other are checked without a crash."""
    fuzzing.exercise(fuzzing.inconsistent_tournament(random.Random(seed)))


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=500))
def test_strict_mode_raises_only_the_documented_exception(data: bytes) -> None:
    """In strict mode the only exception is TrfSyntaxError."""
    import trfkit

    try:
        trfkit.parse(data, strict=True)
    except TrfSyntaxError as exc:
        assert exc.diagnostics


def test_random_bytes_with_seed_corpus_is_reproducible() -> None:
    """The generator is deterministic for a seed, so a failure can be replayed."""
    a = fuzzing.generate(random.Random(7), SEEDS)
    b = fuzzing.generate(random.Random(7), SEEDS)
    assert a == b


@pytest.mark.parametrize("mutator", fuzzing.MUTATORS, ids=lambda m: m.__name__)
def test_each_mutator_changes_or_keeps_bytes(mutator: object) -> None:
    """Every mutator returns bytes that the checker survives."""
    rng = random.Random(1)
    for data in SEEDS[:5]:
        out = mutator(rng, data)  # type: ignore[operator]
        assert isinstance(out, bytes)
        fuzzing.exercise(out)
