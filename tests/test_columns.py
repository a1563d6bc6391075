"""The one column table: where each field of a record stands."""

from __future__ import annotations

from trfkit import columns as C


def test_round_blocks_stand_every_ten_columns_from_92() -> None:
    """Round 1's block is columns 92-101 (with its separator), round 2's 102-111."""
    line = "001    1".ljust(91) + "   2 w 1    3 b 0  "
    assert line[C.round_block(1)] == "   2 w 1  "
    assert line[C.round_block(2)].strip() == "3 b 0"
    assert (C.round_block_start(1), C.round_block_start(3)) == (92, 112)


def test_a_column_names_its_round() -> None:
    """Columns 92 and 101 are round 1, 102 round 2; 91 and the points are no round."""
    assert [C.round_of_column(c) for c in (91, 92, 101, 102)] == [None, 1, 1, 2]
    assert (C.POINTS.start, C.POINTS.end, C.RANK.start, C.RANK.end) == (81, 84, 86, 89)
