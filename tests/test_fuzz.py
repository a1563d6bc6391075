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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_hostile_json_forms_never_crash(seed: int) -> None:
    """Deep nesting, 5,000-digit integers, surrogate and control escapes: a JsonFormError only."""
    fuzzing.exercise_json(fuzzing.json_mutant(random.Random(seed), SEEDS))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_any_codec_name_never_crashes(seed: int) -> None:
    """Reading and writing with any codec name (rot13, punycode, a NUL …) never raises."""
    data, codec = fuzzing.codec_case(random.Random(seed), SEEDS)
    fuzzing.exercise_codec(data, codec)


@pytest.mark.parametrize("codec", ["rot13", "punycode", "idna", "undefined", "utf-8\x00", ""])
def test_hostile_codec_names_never_crash(codec: str) -> None:
    """The codec names of issue 20 are read and written with as diagnostics and WriteError."""
    fuzzing.exercise_codec(SEEDS[0], codec)


@pytest.mark.parametrize("depth", [999, 1_000, 200_000])
def test_deep_json_never_crashes(depth: int) -> None:
    """Nesting at and far beyond the recursion limit is a JsonFormError."""
    fuzzing.exercise_json(b"[" * depth)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_control_characters_in_names_never_crash(seed: int) -> None:
    """NUL, U+2028, ESC, C1 and bidi controls in names: diagnostics, all printed escaped."""
    rng = random.Random(seed)
    data = rng.choice(SEEDS)
    for _ in range(rng.randint(1, 3)):
        data = fuzzing.control_characters(rng, data)
    fuzzing.exercise(data)


def test_every_input_class_is_generated() -> None:
    """The long run's generator yields TRF, JSON-form and codec cases, reproducibly."""
    cases = (fuzzing.generate_case(random.Random(seed), SEEDS) for seed in range(200))
    kinds = {kind.split(":")[0] for kind, _ in cases}
    assert kinds == {"trf", "json", "codec"}
    assert fuzzing.generate_case(random.Random(3), SEEDS) == fuzzing.generate_case(
        random.Random(3), SEEDS
    )


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
