"""One notation across the Python API: every hand function reads mpsz and the
mjai tile names of observations and events (``5mr``, ``E``…``C``), and
``to_mpsz``/``to_mjai`` convert between them."""

import pytest

import tenpai

# 123m456p789s1122z with a red 5p, in mjai names.
MJAI = ["1m", "2m", "3m", "4p", "5pr", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]
MPSZ = "123m406p789s1122z"


@pytest.mark.parametrize("hand", [MJAI, tuple(MJAI), " ".join(MJAI), ", ".join(MJAI), MPSZ])
def test_hand_functions_read_mjai_names(hand):
    assert tenpai.shanten(hand) == 0
    assert tenpai.waits(hand) == ["1z", "2z"]
    assert tenpai.ukeire(hand).count == 4
    assert tenpai.shanten_forms(hand) == tenpai.shanten_forms(MPSZ)
    assert tenpai.counts(hand).tolist() == tenpai.counts(MPSZ).tolist()


def test_complete_hand_functions_read_mjai_names():
    hand = MJAI + ["E"]
    assert tenpai.is_agari(hand)
    assert [str(d) for d in tenpai.decompositions(hand)] == [
        str(d) for d in tenpai.decompositions("123m406p789s11122z")
    ]
    assert [(d.tile, d.shanten) for d in tenpai.analyze(hand)][:2] == [
        (d.tile, d.shanten) for d in tenpai.analyze("123m406p789s11122z")
    ][:2]


def test_visible_tiles_read_mjai_names():
    # The waits 1z and 2z, each held twice: one 1z is left unseen.
    for visible in (["E", "S", "S"], "E S S", "E, S, S", "122z", ["1z", "2z", "2z"]):
        assert tenpai.ukeire(MPSZ, visible=visible).count == 1
        assert tenpai.ukeire(MJAI, visible=visible).left["1z"] == 1


def test_to_mpsz_and_to_mjai():
    assert tenpai.to_mpsz(MJAI) == MPSZ
    assert tenpai.to_mpsz(" ".join(MJAI)) == MPSZ
    assert tenpai.to_mpsz(["5mr", "5m", "E", "C", "1p"]) == "05m1p17z"
    assert tenpai.to_mpsz("2211z987s654p321m") == "123m456p789s1122z"
    assert tenpai.to_mjai(MPSZ) == ["1m", "2m", "3m", "4p", "5pr", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]
    assert tenpai.to_mjai("19m0p4z") == ["1m", "9m", "5pr", "N"]
    assert tenpai.to_mjai("1234567z") == ["E", "S", "W", "N", "P", "F", "C"]
    assert tenpai.to_mjai(["0s", "5sr", "7z", "C"]) == ["5sr", "5sr", "C", "C"]
    # A river is longer than a hand: to_mjai takes any length.
    assert len(tenpai.to_mjai("123456789m123456789p")) == 18
    assert tenpai.to_mjai("") == []


def test_an_observation_hand_is_a_hand():
    g = tenpai.Game(seed=3)
    hand = g.observation(g.seat)["hand"]
    assert tenpai.shanten(hand) == tenpai.shanten(tenpai.to_mpsz(hand))
    assert sorted(tenpai.to_mjai(tenpai.to_mpsz(hand))) == sorted(hand)


def test_score_reads_mjai_names():
    mpsz = tenpai.score("123m406p789s11z555z", "0p", riichi=True, dora="4z")
    names = ["1m", "2m", "3m", "4p", "5pr", "6p", "7s", "8s", "9s", "E", "E", "P", "P", "P"]
    for hand in (names, " ".join(names)):
        s = tenpai.score(hand, "5pr", riichi=True, dora=["N"])
        assert (s.han, s.fu, s.total, s.yaku) == (mpsz.han, mpsz.fu, mpsz.total, mpsz.yaku)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: tenpai.shanten(["1m", "X"]), "hand: tile 2 \"X\" is not a tile name (mjai: 5m, 5mr, E S W N P F C; mpsz: 5m, 0m, 1z-7z)"),
        (lambda: tenpai.to_mpsz(["1m", "?"]), "hand: tile 2 \"?\" is not a tile name (mjai: 5m, 5mr, E S W N P F C; mpsz: 5m, 0m, 1z-7z)"),
        (lambda: tenpai.to_mpsz(["1m"] * 5), "tile 1m appears 5 times (max 4)"),
        (lambda: tenpai.to_mpsz(tenpai.to_mjai("123456789m123456p")), "too many tiles: 15 (max 14, a kan counting as 3)"),
        (lambda: tenpai.to_mjai("1m [234p]"), "tiles: unknown character '[' at position 4"),
        (lambda: tenpai.to_mjai("1m 5mq"), "tiles: unknown character 'q' at position 6"),
        (lambda: tenpai.score(MJAI + ["E"], "5mrr"), "win_tile: unknown character 'r' at position 3"),
        (lambda: tenpai.score(MJAI + ["E"], "1m2m"), "win_tile: expected one tile, got 2"),
        # Text in neither notation: the mpsz parser's message.
        (lambda: tenpai.shanten("1m 5mr Q"), "unknown character 'r' at position 6"),
    ],
)
def test_bad_names_raise_value_error_naming_the_tile(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == message
