"""tenpai.env.SingleAgentEnv: Gymnasium's own checker, seeding, masks, rewards,
registration on `import tenpai`, the actions it takes."""

import re
import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tenpai
from tenpai.env import SingleAgentEnv, make_player


def run_episode(env, seed, rng_seed=0):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    steps = 0
    while True:
        assert env.observation_space.contains(obs)
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(a)
        steps += 1
        assert not truncated
        if terminated:
            return reward, info, steps
        assert reward == 0.0


@pytest.mark.parametrize("opponents", ["baseline", "random", ["random", "baseline", "random"]])
def test_check_env_passes(opponents):
    check_env(SingleAgentEnv(opponents=opponents, length="east"))


def test_check_env_passes_through_gymnasium_make():
    env = gymnasium.make("tenpai/SingleAgent-v0", opponents="random", length="east")
    check_env(env.unwrapped)
    env.close()


def test_reset_with_a_seed_is_the_game_of_that_seed():
    env = SingleAgentEnv(seat=0, opponents="baseline")
    obs, info = env.reset(seed=7)
    assert info["game_seed"] == 7 and info["seat"] == 0
    # The learner deals first: its first view is the game's first decision.
    tiles, scalars = tenpai.Game(seed=7).features(0)
    assert np.array_equal(obs["tiles"], tiles) and np.array_equal(obs["scalars"], scalars)
    obs2, _ = env.reset(seed=7)
    assert all(np.array_equal(obs[k], obs2[k]) for k in obs)


def test_episode_ends_with_a_rank_reward():
    env = SingleAgentEnv(opponents="baseline", length="east")
    reward, info, steps = run_episode(env, seed=3)
    rank = info["result"]["ranks"][0]
    assert reward == pytest.approx((2.5 - rank) / 1.5)
    assert sum(info["result"]["scores"]) == 100_000
    assert steps > 20


def test_points_reward():
    env = SingleAgentEnv(opponents="random", length="east", reward="points")
    reward, info, _ = run_episode(env, seed=4)
    assert reward == pytest.approx((info["result"]["scores"][0] - 25000) / 1000)


def test_illegal_action_is_penalized_and_changes_nothing():
    env = SingleAgentEnv(opponents="baseline", length="east")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game.event_count
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, False, False, True)
    assert env.game.event_count == before
    assert np.array_equal(obs["tiles"], obs2["tiles"])


@pytest.mark.parametrize(
    "bad, message",
    [
        (-1, "action -1: expected a whole number of 0 or more, got -1"),
        (229, "action 229: outside the action space 0-228"),
        (1000, "action 1000: outside the action space 0-228"),
        (3.7, re.escape("action 3.7: expected a whole number, got 3.7 (float)")),
    ],
)
def test_an_action_outside_the_action_space_raises_even_when_not_strict(bad, message):
    env = SingleAgentEnv(opponents="baseline", length="east")
    env.reset(seed=1)
    before = env.game.event_count
    with pytest.raises(ValueError, match=f"^{message}"):
        env.step(bad)
    assert env.game.event_count == before


def test_illegal_action_raises_when_strict():
    env = SingleAgentEnv(opponents="baseline", strict=True)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="is not a legal action of seat 0 now"):
        env.step(148)


def test_mc_opponents_and_render():
    env = SingleAgentEnv(seat=1, opponents=["mc", "baseline", "random"], mc_samples=8, length="east", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text.startswith("seat 1  scores [")
    assert "hand " in text
    assert env.action_masks().dtype == np.bool_


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"seat": 4}, "seat 4: expected 0 to 3"),
        # The library's seat check (tenpai.seat_index): a float is no seat.
        ({"seat": 2.0}, r"expected a whole number, got 2.0 \(float\)"),
        ({"opponents": "strong"}, 'unknown player "strong" \\(known: random, baseline, '),
        ({"opponents": ["random"]}, "opponents: expected 3, got 1"),
        ({"reward": "win"}, "reward 'win'"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        SingleAgentEnv(**kwargs)


def fresh_python(*lines):
    """What a fresh interpreter prints running `lines`."""
    code = "\n".join(lines)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_import_tenpai_registers_the_environment():
    # Nothing but `import tenpai` before `make`.
    assert fresh_python(
        "import gymnasium, tenpai",
        "env = gymnasium.make('tenpai/SingleAgent-v0', opponents='random', length='east')",
        "obs, info = env.reset(seed=1)",
        "print(type(env.unwrapped).__name__, info['game_seed'])",
    ) == "SingleAgentEnv 1\n"


def test_import_tenpai_works_without_gymnasium():
    assert fresh_python(
        "import sys",
        "sys.modules['gymnasium'] = None  # as if not installed",
        "import tenpai",
        "print(tenpai.shanten('123m456p789s1122z'), 'tenpai/SingleAgent-v0' in str(sys.modules.get('gymnasium')))",
    ) == "0 False\n"


@pytest.mark.parametrize(
    "wrap",
    [np.int64, np.uint8, np.array, lambda a: np.array([a])],
    ids=["int64", "uint8", "0-d array", "1-element array"],
)
def test_step_takes_numpy_integers_and_one_element_arrays(wrap):
    plain, numpy = SingleAgentEnv(opponents="baseline", length="east"), SingleAgentEnv(opponents="baseline", length="east")
    obs, _ = plain.reset(seed=6)
    numpy.reset(seed=6)
    for _ in range(10):
        a = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, terminated, _, info = plain.step(a)
        obs2, reward2, terminated2, _, info2 = numpy.step(wrap(a))
        assert "illegal_action" not in info2
        assert (reward2, terminated2) == (reward, terminated)
        assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
        if terminated:
            break


@pytest.mark.parametrize(
    "action, message",
    [
        (3.7, "expected a whole number, got 3.7 (float)"),
        (-1, "expected a whole number of 0 or more, got -1"),
        (np.array([1, 2]), "expected a whole number, got an array of 2 values"),
        (True, "expected a whole number, got True (bool)"),
    ],
)
def test_step_refuses_what_is_not_an_action(action, message):
    for strict in (False, True):
        env = SingleAgentEnv(opponents="baseline", length="east", strict=strict)
        env.reset(seed=1)
        before = env.game.event_count
        with pytest.raises(ValueError) as e:
            env.step(action)
        assert str(e.value) == f"action {action}: {message}"
        assert env.game.event_count == before


LIBRARY_KINDS = [
    "random", "baseline", "baseline-v1", "baseline-v2", "baseline-v3", "baseline-learned",
    "mc", "mc-v1", "mc-v2", "mc-v3", "mc-learned",
]


@pytest.mark.parametrize("kind", LIBRARY_KINDS)
def test_opponents_of_every_kind_the_library_parses(kind):
    env = SingleAgentEnv(opponents=kind, mc_samples=2, length="east")
    env.reset(seed=1)
    # mc-learned and baseline-v2 are the default versions: the library names them mc and baseline.
    shown = {"mc-learned": "mc", "baseline-v2": "baseline"}.get(kind, kind)
    assert {p.kind for p in env._players.values()} == {shown}
    mask = env.game.action_mask(env.seat)
    _, _, terminated, _, info = env.step(int(np.flatnonzero(mask)[0]))
    assert "illegal_action" not in info


def test_make_player_refuses_with_the_library_list():
    with pytest.raises(ValueError) as e:
        make_player("strong")
    assert str(e.value) == (
        'kind: unknown player "strong" (known: random, baseline, baseline-v1, baseline-v2, baseline-v3, '
        "baseline-learned, mc, mc-v1, mc-v2, mc-v3, mc-learned, cmd:COMMAND)"
    )
    with pytest.raises(ValueError) as e:
        make_player("cmd:false")
    assert str(e.value) == "player cmd:false: an external bot cannot play a Python game (use tenpai.selfplay)"
    with pytest.raises(ValueError) as e:
        make_player("mc-v2", mc_samples=0)
    assert str(e.value) == "player mc-v2: a Monte Carlo player needs at least 1 sample or 1 ms a decision"


def test_make_player_plays_as_the_named_player_class():
    """make_player("baseline") and BaselinePlayer() are one player; "random"
    with a seed is RandomPlayer(seed)."""
    for made, plain in [(make_player("baseline"), tenpai.BaselinePlayer()), (make_player("random", seed=5), tenpai.RandomPlayer(5))]:
        a, b = tenpai.Game(seed=4, length="east"), tenpai.Game(seed=4, length="east")
        while not a.done:
            a.step(made.act(a))
            b.step(plain.act(b))
        assert a.mjai() == b.mjai()


def test_the_last_index_of_the_action_space_is_penalised_and_the_next_raises():
    """228 (pass, not legal on the learner's own turn) is an action: it gets
    illegal_reward; 229 and -1 are not: they raise ValueError, strict or not."""
    env = SingleAgentEnv(opponents="baseline", length="east", illegal_reward=-2.5)
    env.reset(seed=1)
    assert not env.game.is_legal(tenpai.ACTION_SPACE - 1, env.seat)
    _, reward, terminated, _, info = env.step(tenpai.ACTION_SPACE - 1)
    assert (reward, terminated, info["illegal_action"]) == (-2.5, False, True)
    for bad, message in [(229, "action 229: outside the action space 0-228"), (-1, "action -1: expected a whole number of 0 or more, got -1")]:
        with pytest.raises(ValueError) as e:
            env.step(bad)
        assert str(e.value) == message
