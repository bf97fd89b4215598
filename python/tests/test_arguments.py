"""Every invalid argument raises ValueError with tenpai's message (never
OverflowError or TypeError, never a silent rounding), and NumPy integers and
arrays of one integer are integers."""

import sys

import numpy as np
import pytest

import tenpai

NEGATIVE = "expected a whole number of 0 or more, got -1"


def raises_value_error(call, message, argument=None):
    """The message names the argument first (``honba: expected ...``)
    unless it already begins with its name (``seat 7: ...``)."""
    with pytest.raises(ValueError) as e:
        call()
    if argument is not None and not message.startswith(argument):
        message = f"{argument}: {message}"
    assert str(e.value) == message
    if argument is not None and sys.version_info >= (3, 11):
        assert f"while processing '{argument}'" in getattr(e.value, "__notes__", [])


def a_legal_action(g):
    return g.legal_actions()[0]


@pytest.mark.parametrize(
    "call, message, argument",
    [
        (lambda: tenpai.Game(seed=-1), NEGATIVE, "seed"),
        (lambda: tenpai.Game(seed=2**64), "expected a whole number, got 18446744073709551616: too large", "seed"),
        (lambda: tenpai.Game(seed=1.5), "expected a whole number, got 1.5 (float)", "seed"),
        (lambda: tenpai.Game(seed=True), "expected a whole number, got True (bool)", "seed"),
        (lambda: tenpai.Game(seed="7"), "expected a whole number, got '7' (str)", "seed"),
        (lambda: tenpai.Game().step(-1), NEGATIVE, "action"),
        (lambda: tenpai.Game().step(3.7), "expected a whole number, got 3.7 (float)", "action"),
        (lambda: tenpai.Game().step(np.float64(3.0)), "expected a whole number, got 3.0 (float64)", "action"),
        (lambda: tenpai.Game().step(np.array([1, 2])), "expected a whole number, got an array of 2 values", "action"),
        (lambda: tenpai.Game().step(np.array([3.0])), "expected a whole number, got [3.] (ndarray)", "action"),
        (lambda: tenpai.Game().is_legal(-1), NEGATIVE, "action"),
        (lambda: tenpai.Game().legal_actions(-1), "seat -1: expected 0 to 3", "seat"),
        (lambda: tenpai.Game().legal_actions(4), "seat 4: expected 0 to 3", None),
        (lambda: tenpai.Game().action_mask(300), "seat 300: expected 0 to 3", "seat"),
        (lambda: tenpai.Game().observation(-1), "seat -1: expected 0 to 3", "seat"),
        (lambda: tenpai.Game().features(-1), "seat -1: expected 0 to 3", "seat"),
        (lambda: tenpai.seat_index(7), "seat 7: expected 0 to 3", "seat"),
        (lambda: tenpai.seat_index(2.0), "expected a whole number, got 2.0 (float)", "seat"),
        (lambda: tenpai.Game().events(-1), NEGATIVE, "start"),
        (lambda: tenpai.Game().events_json(-1), NEGATIVE, "start"),
        (lambda: tenpai.action_name(-1), NEGATIVE, "index"),
        (lambda: tenpai.action_name(229), "action 229: outside the action space 0-228", None),
        (lambda: tenpai.Game().step(229), "action 229: outside the action space 0-228", None),
        (lambda: tenpai.shanten([True] * 3 + [False] * 31), "hand: expected a whole number, got True (bool)", None),
        (lambda: tenpai.shanten(np.ones(34, dtype=bool)), "hand: expected a whole number, got True (bool)", None),
        (lambda: tenpai.shanten([1.0] * 14 + [0] * 20), "hand: expected a whole number, got 1.0 (float)", None),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", seat=4), "seat: a wind (E, S, W, N or 0-3), got 4", "seat"),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", round=1.0), "round: a wind (E, S, W, N or 0-3): expected a whole number, got 1.0 (float)", "round"),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", tsumo=1), "expected True or False, got 1 (int)", "tsumo"),
        (lambda: tenpai.selfplay(4, 0, [{"kind": "mc", "samples": -1}] + ["random"] * 3), "player 0: samples: " + NEGATIVE, None),
        (lambda: tenpai.selfplay(4, 0, [{"kind": "mc", "samples": 0}] + ["random"] * 3), "games 4: a Monte Carlo player needs at least 1 sample or 1 ms a decision", None),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", honba=-1), NEGATIVE, "honba"),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", kyoutaku=-1), NEGATIVE, "kyoutaku"),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", honba=0.5), "expected a whole number, got 0.5 (float)", "honba"),
        (lambda: tenpai.RandomPlayer(seed=-1), NEGATIVE, "seed"),
        (lambda: tenpai.MonteCarloPlayer(samples=-1), NEGATIVE, "samples"),
        (lambda: tenpai.MonteCarloPlayer(think_ms=-1), NEGATIVE, "think_ms"),
        (lambda: tenpai.MonteCarloPlayer(seed=-1), NEGATIVE, "seed"),
        (lambda: tenpai.selfplay(-1, 0, "random"), NEGATIVE, "games"),
        (lambda: tenpai.selfplay(4, -1, "random"), NEGATIVE, "seed"),
        (lambda: tenpai.selfplay(4, 0, "random", threads=-1), NEGATIVE, "threads"),
        (lambda: tenpai.selfplay(4, 0, "random", shard=(1, -1)), NEGATIVE, "shard"),
        (lambda: tenpai.selfplay(4, 0, "random", shard=(1, 2, 3)), "shard: expected (k, n), two whole numbers", "shard"),
    ],
)
def test_invalid_arguments_raise_value_error(call, message, argument):
    raises_value_error(call, message, argument)


def test_a_refused_action_leaves_the_game_unchanged():
    g = tenpai.Game(seed=5)
    before = (g.event_count, g.legal_actions())
    for bad in (-1, 3.7, np.array([1, 2]), True):
        with pytest.raises(ValueError):
            g.step(bad)
    assert (g.event_count, g.legal_actions()) == before


@pytest.mark.parametrize(
    "wrap",
    [int, np.int16, np.int32, np.int64, np.uint16, np.uint64, np.intp, np.array, lambda a: np.array([a]), lambda a: np.array([[a]])],
    ids=["int", "int16", "int32", "int64", "uint16", "uint64", "intp", "0-d array", "1-element array", "1x1 array"],
)
def test_numpy_integers_and_one_element_arrays_are_actions(wrap):
    plain, numpy = tenpai.Game(seed=9), tenpai.Game(seed=9)
    for _ in range(40):
        if plain.done:
            break
        a = a_legal_action(plain)
        assert numpy.is_legal(wrap(a), wrap(numpy.seat))
        plain.step(a)
        numpy.step(wrap(a))
    assert numpy.events_json() == plain.events_json()
    assert numpy.legal_actions(wrap(numpy.seat)) == plain.legal_actions(plain.seat)
    assert tenpai.action_name(wrap(148)) == tenpai.action_name(148)


def test_numpy_integers_as_other_arguments():
    assert tenpai.Game(seed=np.uint64(7)).events_json() == tenpai.Game(seed=7).events_json()
    assert tenpai.Game(seed=np.array([7])).seed == 7
    assert tenpai.Game(seed=3).legal_actions(np.int8(0)) == tenpai.Game(seed=3).legal_actions(0)
    assert tenpai.Game(seed=2**64 - 1).seed == 2**64 - 1
    a = tenpai.score("123m456p789s11z555z", "5z", honba=np.int32(2), kyoutaku=np.array(1))
    b = tenpai.score("123m456p789s11z555z", "5z", honba=2, kyoutaku=1)
    assert (a.total, a.total_with_kyoutaku) == (b.total, b.total_with_kyoutaku)


def test_winds_as_numbers_and_numpy_bools_are_arguments():
    by_letter = tenpai.score("123m456p789s11z555z", "5z", seat="S", round="E", tsumo=True)
    by_number = tenpai.score("123m456p789s11z555z", "5z", seat=1, round=np.int8(0), tsumo=np.bool_(True))
    assert (by_number.han, by_number.fu, by_number.total) == (by_letter.han, by_letter.fu, by_letter.total)
    assert by_letter.total != tenpai.score("123m456p789s11z555z", "5z", seat="E", tsumo=True).total


def test_is_legal():
    g = tenpai.Game(seed=1)
    legal = g.legal_actions()
    assert all(g.is_legal(a) for a in legal)
    assert not any(g.is_legal(a) for a in range(tenpai.ACTION_SPACE) if a not in legal)
    assert not g.is_legal(10**6)
    other = (g.seat + 1) % 4
    assert not g.is_legal(legal[0], other)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: tenpai.Game(seed=1, rules=3), TypeError, "rules: expected a str, got 3 (int)"),
        (lambda: tenpai.Game(length=1), TypeError, "length: expected a str, got 1 (int)"),
        (lambda: tenpai.VecGame(1, rules=None), TypeError, "rules: expected a str, got None (NoneType)"),
        (lambda: tenpai.VecGame(1, reward=1), TypeError, "reward: expected a str, got 1 (int)"),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", rules=1.5), TypeError, "rules: expected a str, got 1.5 (float)"),
        (lambda: tenpai.BaselinePlayer(rules=2), TypeError, "rules: expected a str, got 2 (int)"),
        (lambda: tenpai.selfplay(4, 0, "random", rules=0), TypeError, "rules: expected a str, got 0 (int)"),
        (lambda: tenpai.score("123m456p789s11z555z", "5z", riichi="yes"), ValueError, "riichi: expected True or False, got 'yes' (str)"),
        (lambda: tenpai.VecGame(1, seats=[None, 1, "baseline", "baseline"]), TypeError,
         'seat 1: expected a player name (random, baseline, mc, ...) or a dict such as {"kind": "mc", "samples": 200}, got 1 (int)'),
        (lambda: tenpai.selfplay(4, 0, ["random", "random", 2.5, "random"]), TypeError,
         'player 2: expected a player name (random, baseline, mc, ...) or a dict such as {"kind": "mc", "samples": 200}, got 2.5 (float)'),
    ],
    ids=["Game rules", "Game length", "VecGame rules", "VecGame reward", "score rules", "BaselinePlayer rules",
         "selfplay rules", "score riichi", "VecGame seat", "selfplay player"],
)
def test_an_argument_of_the_wrong_type_is_named_in_the_message(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value) == message
