"""Every NumPy entry point reads every memory layout and integer dtype: C and
Fortran order, strided, reversed, transposed, 0 rows (issue 23: a Fortran
array gave wrong shanten without an error)."""

import numpy as np
import pytest

import tenpai

BASE = "123m456p789s1122z"

# The shanten of the 34 hands: the counts of BASE rolled by 0..33
# places (row i = np.roll(counts(BASE), i)).
ROLLED_SHANTEN = [0, 1, 2, 2, 3, 3, 2, 3, 2, 1, 0, 0, 0, 1, 2, 2, 3, 3, 3, 2, 2, 1, 0, 0, 0, 1, 2, 3, 2, 3, 3, 2, 2, 1]


def rolled():
    """The issue's (34, 34) uint8 array, C order."""
    return np.stack([np.roll(tenpai.counts(BASE), i) for i in range(34)])


def layouts(a):
    """`a` in memory layouts that hold the same logical rows."""
    return {
        "C": np.ascontiguousarray(a),
        "Fortran": np.asfortranarray(a),
        "transpose of (34, N)": np.ascontiguousarray(a.T).T,
        "strided rows": np.repeat(a, 2, axis=0)[::2],
        "strided columns": np.repeat(a, 3, axis=1)[:, ::3],
        "reversed twice": a[::-1][::-1],
        "reversed rows, reversed back": np.ascontiguousarray(a[::-1])[::-1],
        "read-only": np.frombuffer(np.ascontiguousarray(a).tobytes(), a.dtype).reshape(a.shape),
    }


DTYPES = [np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, ">i4", "<u2"]


def test_the_rolled_hands_have_the_listed_shanten_one_by_one():
    a = rolled()
    assert [tenpai.shanten(row.tolist()) for row in a] == ROLLED_SHANTEN


@pytest.mark.parametrize("layout", list(layouts(rolled())))
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_shanten_batch_every_layout_and_dtype(layout, dtype):
    a = layouts(rolled().astype(dtype))[layout]
    assert a.shape == (34, 34)
    got = tenpai.shanten_batch(a)
    assert got.dtype == np.int8 and got.shape == (34,)
    assert got.tolist() == ROLLED_SHANTEN


def test_shanten_batch_fortran_is_not_contiguous_in_row_order():
    # The case of the issue: Fortran memory is one contiguous block, but not
    # in the order of the rows.
    f = np.asfortranarray(rolled())
    assert f.flags["F_CONTIGUOUS"] and not f.flags["C_CONTIGUOUS"]
    assert tenpai.shanten_batch(f).tolist() == ROLLED_SHANTEN
    assert tenpai.shanten_batch(rolled().T.copy().T).tolist() == ROLLED_SHANTEN


def test_shanten_batch_reversed_rows_answer_in_their_order():
    assert tenpai.shanten_batch(rolled()[::-1]).tolist() == ROLLED_SHANTEN[::-1]
    assert tenpai.shanten_batch(rolled()[::-3]).tolist() == ROLLED_SHANTEN[::-3]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_shanten_batch_zero_rows(dtype):
    for a in layouts(np.zeros((0, 34), dtype)).values():
        got = tenpai.shanten_batch(a)
        assert got.dtype == np.int8 and got.shape == (0,)


def test_shanten_batch_nested_list():
    assert tenpai.shanten_batch(rolled().tolist()).tolist() == ROLLED_SHANTEN


@pytest.mark.parametrize(
    "value, message",
    [
        (-1, "row 3: tile 6m has count -1 (max 4)"),
        (300, "row 3: tile 6m has count 300 (max 4)"),
        (5, "row 3: tile 6m appears 5 times (max 4)"),
    ],
)
def test_shanten_batch_bad_count_names_row_and_tile(value, message):
    a = rolled().astype(np.int64)
    a[3, 5] = value
    for b in (a, np.asfortranarray(a)):
        with pytest.raises(ValueError) as e:
            tenpai.shanten_batch(b)
        assert str(e.value) == message


@pytest.mark.parametrize(
    "value, message",
    [
        (np.zeros((2, 34), np.float32), "counts: expected integer tile counts, got dtype float32"),
        (np.zeros((2, 34), np.bool_), "counts: expected integer tile counts, got dtype bool"),
        (np.zeros((2, 2, 34), np.uint8), r"counts: expected shape (N, 34), got (2, 2, 34)"),
        (np.zeros((34, 2), np.uint8), r"counts: expected shape (N, 34), got (34, 2)"),
    ],
)
def test_shanten_batch_refuses_what_is_not_rows_of_counts(value, message):
    with pytest.raises(ValueError) as e:
        tenpai.shanten_batch(value)
    assert str(e.value) == message


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_hand_functions_read_one_row_in_any_layout(dtype):
    # Row 5 of each layout is a 1-D view: contiguous, strided or reversed.
    a = rolled().astype(dtype)
    want = ROLLED_SHANTEN[5]
    rows = [a[5], np.asfortranarray(a)[5], a[5, ::-1][::-1], np.repeat(a, 2, axis=1)[5, ::2]]
    for row in rows:
        assert tenpai.shanten(row) == want
        assert tenpai.shanten_forms(row).min == want
        assert tenpai.counts(row).tolist() == a[5].astype(np.int64).tolist()
    visible = np.zeros(34, dtype)[::-1]
    assert tenpai.ukeire(BASE, visible=visible).count == tenpai.ukeire(BASE).count
