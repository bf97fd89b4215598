"""tenpai.Game driven from Python: seeded games, action indices, masks,
observations, features, mjai events, errors; the players."""

import json
import random

import numpy as np
import pytest

import tenpai


def play_random(game, seed):
    """Random legal actions until the game ends; returns the choices made."""
    rng = random.Random(seed)
    choices = []
    while not game.done:
        a = rng.choice(game.legal_actions())
        choices.append(a)
        game.step(a)
    return choices


def test_first_decision_is_the_dealers_turn():
    g = tenpai.Game(seed=1)
    assert (g.seat, g.done, g.result, g.scores) == (0, False, None, [25000] * 4)
    o = g.observation(0)
    assert o["hand"] == ["1m", "1m", "2m", "2m", "5mr", "8m", "6p", "9p", "2s", "7s", "8s", "9s", "E", "F"]
    assert o["drawn"] == "5mr"
    # One discard per distinct tile from the hand, and the drawn red 5m as tsumogiri.
    assert [tenpai.action_name(i) for i in g.legal_actions()] == [
        "discard 1m", "discard 2m", "discard 8m", "discard 6p", "discard 9p", "discard 2s",
        "discard 7s", "discard 8s", "discard 9s", "discard 1z", "discard 6z", "discard 0m (tsumogiri)",
    ]


def test_random_game_ends_with_every_point_accounted_for():
    g = tenpai.Game(seed=5)
    play_random(g, seed=5)
    r = g.result
    assert g.done and g.seat is None and g.legal_actions() == []
    assert sum(r["scores"]) == 100_000
    assert sorted(r["ranking"]) == [0, 1, 2, 3]
    assert [r["ranks"][s] for s in r["ranking"]] == [1, 2, 3, 4]
    assert r["rounds"] == g.rounds >= 8
    events = g.events()
    assert events[0] == {
        "type": "start_game",
        "names": ["", "", "", ""],
        "wall_seed": 5,
        "kyoku_first": 0,
        "aka_flag": True,
        "rules": "tenhou",
    }
    assert events[-1]["type"] == "end_game"
    assert len(events) == g.event_count
    assert [json.loads(line) for line in g.mjai().splitlines()] == events


def test_an_east_only_game_says_so_in_its_log():
    g = tenpai.Game(seed=11, length="east", rules="mahjongsoul")
    start = g.events()[0]
    assert (start["kyoku_first"], start["aka_flag"], start["rules"]) == (4, True, "mahjongsoul")


def test_same_seed_and_choices_give_the_same_game():
    a, b = tenpai.Game(seed=11, length="east"), tenpai.Game(seed=11, length="east")
    choices = play_random(a, seed=3)
    for c in choices:
        b.step(c)
    assert b.done and a.mjai() == b.mjai()


def test_checked_game_holds_its_invariants():
    g = tenpai.Game(seed=2, length="east", check=True)
    play_random(g, seed=2)
    assert g.done


def test_events_from_a_start():
    g = tenpai.Game(seed=1)
    n = g.event_count
    g.step(g.legal_actions()[0])
    new = g.events(n)
    assert new[0] == {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False}
    assert len(new) == g.event_count - n


def test_step_err_illegal_action_leaves_the_game_unchanged():
    g = tenpai.Game(seed=1)
    before = (g.event_count, g.legal_actions())
    with pytest.raises(ValueError) as e:
        g.step(148)
    assert str(e.value) == "tsumo (148) is not a legal action of seat 0 now"
    assert (g.event_count, g.legal_actions()) == before


def test_step_err_after_the_end():
    g = tenpai.Game(seed=3, length="east")
    play_random(g, seed=1)
    with pytest.raises(ValueError, match="the game is over"):
        g.step(0)


def test_legal_actions_only_for_the_seat_asked():
    g = tenpai.Game(seed=1)
    assert g.legal_actions(0) == g.legal_actions()
    assert g.legal_actions(2) == []
    with pytest.raises(ValueError, match="seat 4: expected 0 to 3"):
        g.legal_actions(4)


def test_action_mask_marks_the_legal_actions():
    g = tenpai.Game(seed=4)
    for _ in range(40):
        mask = g.action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (tenpai.ACTION_SPACE,)
        assert np.flatnonzero(mask).tolist() == g.legal_actions()
        g.step(g.legal_actions()[-1])
    assert not g.action_mask(g.seat ^ 1 if g.seat is not None else 0).any() or g.seat is None


def test_observation_shows_nothing_hidden():
    g = tenpai.Game(seed=1)
    o = g.observation(2)
    assert o["seat"] == 2 and len(o["hand"]) == 13 and o["drawn"] is None
    assert o["hand_sizes"] == [14, 13, 13, 13]
    assert set(o) == {
        "seat", "round_wind", "kyoku", "honba", "kyoutaku", "dealer", "scores", "hand", "drawn", "hand_sizes",
        "melds", "rivers", "riichi", "dora_indicators", "live_left", "last_tile",
    }
    assert (o["round_wind"], o["kyoku"], o["dealer"], o["kyoutaku"], o["live_left"]) == (0, 1, 0, 0, 69)


def test_observation_old_keys_read_and_warn():
    o = tenpai.Game(seed=1).observation(2)
    for old, new in [("bakaze", "round_wind"), ("kyotaku", "kyoutaku"), ("oya", "dealer")]:
        with pytest.warns(DeprecationWarning, match=f"observation key '{old}' is deprecated: use '{new}'"):
            assert o[old] == o[new]
        with pytest.warns(DeprecationWarning, match=f"observation key '{old}' is deprecated: use '{new}'"):
            assert old in o
        with pytest.warns(DeprecationWarning, match=f"observation key '{old}' is deprecated: use '{new}'"):
            assert o.get(old, "absent") == o[new]
    assert o.get("sticks", "absent") == "absent" and "sticks" not in o
    with pytest.raises(KeyError):
        o["sticks"]


def test_features_encode_the_observation():
    g = tenpai.Game(seed=1)
    tiles, scalars = g.features(0)
    assert tiles.shape == (tenpai.PLANES, 34) and tiles.dtype == np.uint8
    assert scalars.shape == (tenpai.SCALARS,) and scalars.dtype == np.int32
    hand = g.observation(0)["hand"]
    assert tiles[0].sum() == len(hand) == 14
    assert tiles[1][4] == 1  # the red 5m
    assert tiles[2][4] == 1  # drawn
    assert scalars[5:9].tolist() == [25000] * 4
    assert scalars[0] == 0 and scalars[18] == -1
    # Seat 1 (South) sees the dealer, seat 0 (holding 14 tiles), as relative seat 3.
    assert g.features(1)[1][0] == 1
    assert g.features(1)[1][13:17].tolist() == [13, 13, 13, 14]


def test_action_name():
    assert tenpai.action_name(0) == "discard 1m"
    assert tenpai.action_name(228) == "pass"
    with pytest.raises(ValueError, match="action 229: outside the action space 0-228"):
        tenpai.action_name(229)


def test_length_and_rules_errors():
    with pytest.raises(ValueError, match='length "west"'):
        tenpai.Game(length="west")
    with pytest.raises(ValueError, match="nope"):
        tenpai.Game(rules="nope")


def test_east_game_is_shorter_than_east_south():
    east, south = tenpai.Game(seed=8, length="east"), tenpai.Game(seed=8, length="south")
    play_random(east, 1)
    play_random(south, 1)
    assert 4 <= east.rounds < south.rounds


@pytest.mark.parametrize(
    "make",
    [
        lambda s: tenpai.BaselinePlayer(),
        lambda s: tenpai.RandomPlayer(seed=s),
        lambda s: tenpai.MonteCarloPlayer(samples=16, seed=s),
    ],
    ids=["baseline", "random", "mc"],
)
def test_players_play_a_whole_game(make):
    def play():
        g = tenpai.Game(seed=21, length="east")
        players = [make(s) for s in range(4)]
        while not g.done:
            a = players[g.seat].act(g)
            assert a in g.legal_actions()
            g.step(a)
        return g

    a, b = play(), play()
    assert sum(a.result["scores"]) == 100_000
    assert a.mjai() == b.mjai()  # seeded players replay exactly


def test_player_err_when_the_game_is_over():
    g = tenpai.Game(seed=3, length="east")
    play_random(g, 0)
    with pytest.raises(ValueError, match="the game is over"):
        tenpai.BaselinePlayer().act(g)


MC_BUDGET = "a Monte Carlo player needs at least 1 sample or 1 ms a decision"


@pytest.mark.parametrize("kwargs", [dict(samples=0), dict(think_ms=0)], ids=["samples 0", "think_ms 0"])
def test_monte_carlo_player_budget_errors_are_the_library_check(kwargs):
    with pytest.raises(ValueError) as e:
        tenpai.MonteCarloPlayer(**kwargs)
    assert str(e.value) == MC_BUDGET
