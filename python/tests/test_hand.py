"""Hand queries: exact values from the library's documented examples and the
shared test vectors (tests/data/shanten, computed by independent libraries)."""

import numpy as np
import pytest

import tenpai


def test_shanten_ok_tenpai_hand():
    assert tenpai.shanten("123m456p789s1122z") == 0


def test_shanten_ok_complete_hand_is_minus_one():
    assert tenpai.shanten("123m456p789s11222z") == -1


def test_shanten_ok_counts_equal_text():
    assert tenpai.shanten(list(tenpai.counts("1111m111122233z"))) == 1


def test_shanten_with_melds_counts_used_up_tiles():
    # Seen alone, 11567z is 1-shanten; but 5z, 6z and 7z are all in the pons.
    assert tenpai.shanten("11567z") == 1
    assert tenpai.shanten("11567z [777z] [666z] [555z]") == 2


def test_shanten_forms_ok_kokushi():
    s = tenpai.shanten_forms("19m19p19s1234567z")
    assert (s.standard, s.chiitoitsu, s.kokushi, s.min) == (8, 6, 0, 0)


def test_shanten_forms_ok_seven_pairs_with_a_quad():
    s = tenpai.shanten_forms("1111m22p33s44s55z66z")
    assert s.chiitoitsu == 1  # a quad is not two pairs
    assert s.min == 1


def test_shanten_forms_ok_no_seven_pairs_below_13_tiles():
    s = tenpai.shanten_forms("1122m")
    assert (s.chiitoitsu, s.kokushi) == (None, None)


def test_shanten_forms_with_melds():
    s = tenpai.shanten_forms("9m9p569s [999m] [999p] [999s]")
    assert s.min == 2
    assert s == tenpai.shanten_forms("9m9p569s [999m] [999p] [999s]")


@pytest.mark.parametrize(
    "hand, message",
    [
        ("55p5p5p5p", "tile 5p appears 5 times (max 4)"),
        ("000m1234p", "red five 0m appears 3 times (the rules' set holds 1)"),
        ("0p123m [406p]", "red five 0p appears 2 times (the rules' set holds 1)"),
        ("5sr 5sr 1m 2m", "red five 0s appears 2 times (the rules' set holds 1)"),
        ("123x", "unknown character 'x' at position 4"),
        ("8z", "no tile 8z (at position 1)"),
        ("123m45", "digit '4' at position 5 has no suit (add m, p, s or z)"),
        ("123m456p", "expected 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 6"),
    ],
)
def test_shanten_err_bad_hand_names_the_problem(hand, message):
    with pytest.raises(ValueError) as e:
        tenpai.shanten(hand)
    assert str(e.value) == message


def test_shanten_err_counts_of_wrong_length():
    with pytest.raises(ValueError, match="expected 34 tile counts"):
        tenpai.shanten([1] * 13)


def test_shanten_err_negative_count_names_the_tile():
    counts = [0] * 34
    counts[3] = -1
    with pytest.raises(ValueError, match="hand: tile 4m has count -1"):
        tenpai.shanten(counts)


def test_shanten_err_neither_text_nor_counts():
    with pytest.raises(ValueError, match="expected mpsz text, mjai tile names or a sequence of 34 tile counts"):
        tenpai.shanten(3.5)


def test_shanten_batch_equals_the_vectors(shanten_vectors):
    hands = np.stack([tenpai.counts(v["hand"]) for v in shanten_vectors])
    expected = np.array([v["shanten"] for v in shanten_vectors], dtype=np.int8)
    got = tenpai.shanten_batch(hands)
    assert got.dtype == np.int8 and got.shape == (len(shanten_vectors),)
    assert np.array_equal(got, expected)


def test_shanten_batch_ok_strided_rows():
    hands = np.stack([tenpai.counts("123m456p789s1122z"), tenpai.counts("19m19p19s1234567z")] * 3)
    every_other = hands[::2]
    assert not every_other.flags["C_CONTIGUOUS"]
    assert tenpai.shanten_batch(every_other).tolist() == [0, 0, 0]


def test_shanten_batch_ok_empty():
    assert tenpai.shanten_batch(np.zeros((0, 34), np.uint8)).shape == (0,)


def test_shanten_batch_err_names_the_row():
    hands = np.stack([tenpai.counts("123m456p789s1122z")] * 3)
    hands[2, 4] = 5
    with pytest.raises(ValueError) as e:
        tenpai.shanten_batch(hands)
    assert str(e.value) == "row 2: tile 5m appears 5 times (max 4)"


def test_shanten_batch_err_wrong_shape():
    with pytest.raises(ValueError, match=r"expected shape \(N, 34\), got \(2, 33\)"):
        tenpai.shanten_batch(np.zeros((2, 33), np.uint8))
    with pytest.raises(ValueError, match=r"expected shape \(N, 34\), got \(34,\)"):
        tenpai.shanten_batch(np.zeros(34, np.uint8))


def test_shanten_batch_err_not_integers():
    with pytest.raises(ValueError, match="counts: expected integer tile counts, got dtype float64"):
        tenpai.shanten_batch(np.zeros((2, 34), np.float64))


def tile_list(mpsz):
    """`"23456789m14p"` -> ["2m", ..., "9m", "1p", "4p"] (each tile once, as written)."""
    out, digits = [], ""
    for ch in mpsz:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def test_ukeire_equals_the_vectors(shanten_vectors):
    with_ukeire = [v for v in shanten_vectors if "ukeire" in v]
    assert len(with_ukeire) > 10_000
    for v in with_ukeire:
        u = tenpai.ukeire(v["hand"])
        assert u.shanten == v["shanten"], v
        assert u.tiles == sorted(tile_list(v["ukeire"]), key=tenpai.TILES.index), v


def test_ukeire_ok_open_wait():
    u = tenpai.ukeire("23m456p789s11122z")
    assert (u.shanten, u.tiles, u.count, u.left) == (0, ["1m", "4m"], 8, {"1m": 4, "4m": 4})


def test_ukeire_visible_tiles_lower_the_copies_left():
    u = tenpai.ukeire("23m456p789s11122z", visible="1m1m4m")
    assert (u.tiles, u.count, u.left) == (["1m", "4m"], 5, {"1m": 2, "4m": 3})
    counts = [0] * 34
    counts[0] = 2
    assert tenpai.ukeire("23m456p789s11122z", visible=counts).left == {"1m": 2, "4m": 4}


def test_ukeire_err_visible_fifth_copy():
    with pytest.raises(ValueError) as e:
        tenpai.ukeire("23m456p789s11122z", visible="11111z")
    assert str(e.value) == "visible: tile 1z appears 5 times (max 4)"


def test_ukeire_with_melds_sees_the_used_up_tile():
    # 1m tanki, but every 1m is in the hand or the pon: no wait at all.
    assert tenpai.ukeire("1m [111m] [234p] [567s] [777z]").shanten > 0


def test_waits_ok_shanpon():
    assert tenpai.waits("123m456p789s1122z") == ["1z", "2z"]


def test_waits_ok_nine_gates():
    assert tenpai.waits("1112345678999m") == [f"{n}m" for n in range(1, 10)]


def test_waits_empty_when_not_tenpai():
    assert tenpai.waits("1239m456p789s123z") == []


def test_waits_ok_none_when_every_copy_is_held():
    # 1m tanki beside a pon of 1m: the library's waits, melds counted.
    assert tenpai.waits("1m [111m] [234p] [567s] [777z]") == []


def test_waits_err_needs_3n_plus_1_tiles():
    with pytest.raises(ValueError, match="got 14"):
        tenpai.waits("123m456p789s11222z")


def test_analyze_best_discard_first():
    a = tenpai.analyze("1123m456p789s1122z")
    best = a[0]
    assert (best.tile, best.shanten, best.ukeire.tiles, best.ukeire.count) == ("1m", 0, ["1z", "2z"], 4)
    # Lower shanten first, then more copies accepted, then index order.
    assert [(d.tile, d.shanten, d.ukeire.count) for d in a] == [
        ("1m", 0, 4), ("1z", 1, 16), ("2z", 1, 16), ("4p", 1, 11), ("6p", 1, 11), ("9s", 1, 11),
        ("2m", 1, 9), ("3m", 1, 9), ("5p", 1, 7), ("7s", 1, 7), ("8s", 1, 7),
    ]


def test_analyze_with_melds():
    best = tenpai.analyze("9m9p569s [999m] [999p] [999s]")[0]
    assert (best.tile, best.shanten) == ("9m", 2)


def test_is_agari():
    assert tenpai.is_agari("11122345678999m")
    assert tenpai.is_agari("19m19p19s12345677z")
    assert not tenpai.is_agari("123m456p789s11234z")


def test_decompositions_ok_two_readings():
    d = tenpai.decompositions("111222333m11p")
    assert [(x.kind, x.pair, x.groups) for x in d] == [
        ("standard", "1p", ["111m", "222m", "333m"]),
        ("standard", "1p", ["123m", "123m", "123m"]),
    ]
    assert str(d[0]) == "11p 111m 222m 333m"


def test_decompositions_ok_seven_pairs_last():
    d = tenpai.decompositions("112233m445566p77s")
    assert d[-1].kind == "chiitoitsu"
    assert d[-1].groups == ["11m", "22m", "33m", "44p", "55p", "66p", "77s"]
    assert d[-1].pair is None


def test_decompositions_ok_kokushi():
    d = tenpai.decompositions("19m19p19s12345677z")
    assert [(x.kind, x.pair, x.groups) for x in d] == [("kokushi", "7z", [])]


def test_decompositions_empty_when_not_complete():
    assert tenpai.decompositions("123m456p789s11234z") == []


def test_counts_and_tiles():
    c = tenpai.counts("406m11z")
    assert c.dtype == np.uint8 and c.shape == (34,)
    assert [tenpai.TILES[i] for i in np.flatnonzero(c)] == ["4m", "5m", "6m", "1z"]
    assert c[27] == 2
    assert len(tenpai.TILES) == 34 and tenpai.TILES[0] == "1m" and tenpai.TILES[33] == "7z"
