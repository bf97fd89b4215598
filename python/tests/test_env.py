"""tenpai.env.SingleAgentEnv: Gymnasium's own checker, seeding, masks, rewards."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tenpai
from tenpai.env import SingleAgentEnv


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
        ({"seat": 4}, "seat 4: expected 0-3"),
        ({"opponents": "strong"}, "unknown player 'strong'"),
        ({"opponents": ["random"]}, "opponents: expected 3, got 1"),
        ({"reward": "win"}, "reward 'win'"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        SingleAgentEnv(**kwargs)
