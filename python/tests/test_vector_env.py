"""tenpai.env.VectorEnv (Gymnasium's vector API) checked against Gymnasium's
own SyncVectorEnv over SingleAgentEnv, with Gymnasium's checks and wrappers;
tenpai.env.aec_env() through PettingZoo's api_test."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.passive_env_checker import check_obs
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import tenpai
from tenpai.env import SingleAgentEnv, VectorEnv, aec_env


def masked_random(obs, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])


@pytest.mark.parametrize("seat, opponents", [(0, "baseline"), (2, ["random", "baseline", "random"])])
def test_the_same_as_gymnasiums_sync_vector_env_over_the_single_env(seat, opponents):
    n, seed = 3, 20
    ours = VectorEnv(n, seat=seat, opponents=opponents, length="east", reward="rank")
    theirs = SyncVectorEnv(
        [lambda: SingleAgentEnv(seat=seat, opponents=opponents, length="east") for _ in range(n)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.observation_space == theirs.observation_space
    assert ours.action_space == theirs.action_space
    o1, i1 = ours.reset(seed=seed)
    o2, i2 = theirs.reset(seed=[seed + i for i in range(n)])
    assert data_equivalence(o1, o2, exact=True)
    assert (i1["game_seed"] == i2["game_seed"]).all()
    rng = np.random.default_rng(0)
    live = np.ones(n, bool)  # rows still in their first game (the next seeds differ)
    steps = 0
    while live.any():
        a = masked_random(o1, rng)
        o1, r1, t1, u1, i1 = ours.step(a)
        o2, r2, t2, u2, i2 = theirs.step(a)
        steps += 1
        for i in np.flatnonzero(live):
            assert t1[i] == t2[i] and not u1[i] and not u2[i]
            assert r1[i] == pytest.approx(r2[i], abs=1e-6)
            if t1[i]:
                assert data_equivalence(i1["final_obs"][i]["tiles"], i2["final_obs"][i]["tiles"])
                live[i] = False
            else:
                for k in o1:
                    assert np.array_equal(o1[k][i], o2[k][i]), k
                assert np.array_equal(i1["action_mask"][i], i2["action_mask"][i])
    assert steps > 30


def test_observations_lie_in_the_spaces_and_steps_are_deterministic():
    a, b = VectorEnv(4, length="east"), VectorEnv(4, length="east")
    oa, _ = a.reset(seed=5)
    ob, _ = b.reset(seed=5)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(400):
        assert a.observation_space.contains(oa)
        for i in range(a.num_envs):
            check_obs({k: v[i] for k, v in oa.items()}, a.single_observation_space, "step")
        act = masked_random(oa, rng)
        ra, rb = a.step(act), b.step(act)
        assert data_equivalence(ra, rb, exact=True)
        oa, rew, term, trunc, info = ra
        ends += int(term.sum())
        for i in np.flatnonzero(term):
            assert info["_final_obs"][i] and info["final_info"]["_final_scores"][i]
            assert a.single_observation_space["scalars"].contains(info["final_obs"][i]["scalars"])
            assert sum(info["final_info"]["final_scores"][i]) == 100_000
        assert (rew[~term] == 0).all()
    assert ends > 0


def test_record_episode_statistics_counts_each_game():
    env = RecordEpisodeStatistics(VectorEnv(4, opponents="random", length="east", reward="points"))
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(2)
    seen = 0
    while seen < 4:
        obs, rew, term, trunc, info = env.step(masked_random(obs, rng))
        if "episode" in info:
            done = info["_episode"]
            seen += int(done.sum())
            # Points rewards add up to the game's final score change, in thousands.
            finals = info["final_info"]["final_scores"][done][:, 0]
            assert np.allclose(info["episode"]["r"][done], (finals - 25000) / 1000, atol=1e-3)


def test_without_copies_the_observations_are_the_vec_games_arrays():
    env = VectorEnv(2, copy=False)
    obs, _ = env.reset(seed=3)
    assert obs["tiles"] is env.game.tiles and obs["action_mask"].base is env.game.mask


def test_bad_settings_and_actions_are_refused():
    with pytest.raises(ValueError, match="opponents: expected 3, got 2"):
        VectorEnv(2, opponents=["random", "random"])
    with pytest.raises(ValueError, match="expected built-in players"):
        VectorEnv(2, opponents=["random", None, "random"])
    with pytest.raises(ValueError, match="seat 4: expected 0 to 3"):
        VectorEnv(2, seat=4)
    with pytest.raises(ValueError, match=r"expected a whole number, got 2.0 \(float\)"):
        VectorEnv(2, seat=2.0)
    assert VectorEnv(2, seat=np.int8(3)).seat == 3
    env = VectorEnv(2)
    obs, _ = env.reset(seed=1)
    with pytest.raises(ValueError, match="consecutive seeds"):
        env.reset(seed=[1, 5])
    bad = masked_random(obs, np.random.default_rng(3))
    bad[1] = -5
    with pytest.raises(ValueError, match="game 1: action -5"):
        env.step(bad)


def test_pettingzoos_api_test_passes():
    from pettingzoo.test import api_test

    api_test(aec_env(length="east"), num_cycles=3000)
    api_test(aec_env(length="east", reward="rank", render_mode="ansi"), num_cycles=200)


def test_the_aec_game_is_the_game_of_its_seed():
    env = aec_env(length="east")
    env.reset(seed=8)
    game = tenpai.Game(seed=8, length="east")
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term:
            env.step(None)
            continue
        assert agent == f"seat_{game.seat}"
        assert np.array_equal(obs["observation"]["tiles"], game.features(game.seat)[0])
        assert np.array_equal(obs["action_mask"].astype(bool), game.action_mask())
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        game.step(action)
    assert game.done
    for s, agent in enumerate(env.possible_agents):
        assert totals[agent] == pytest.approx((game.result["scores"][s] - 25000) / 1000, abs=1e-3)


def test_an_illegal_aec_action_names_the_seat():
    env = aec_env()
    env.reset(seed=1)
    agent = env.agent_selection
    with pytest.raises(ValueError, match=f"{agent}: pass \\(228\\) is not a legal action now"):
        env.step(228)
    assert env.agent_selection == agent


@pytest.mark.parametrize(
    "action, error, message",
    [
        (None, TypeError, "action None: expected an action index (0-228)"),
        (3.7, ValueError, "action 3.7: expected a whole number, got 3.7 (float)"),
        (229, ValueError, "action 229: outside the action space 0-228"),
        (-1, ValueError, "action -1: expected a whole number of 0 or more, got -1"),
    ],
)
def test_what_is_no_aec_action_is_refused_naming_the_agent(action, error, message):
    """None only steps an agent whose game is over; 3.7 is not rounded to 3."""
    env = aec_env()
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.game.mjai(0)
    with pytest.raises(error) as e:
        env.step(action)
    assert str(e.value) == f"{agent}: {message}"
    assert (env.agent_selection, env.game.mjai(0)) == (agent, before)


def test_a_vector_env_of_more_than_max_games_is_refused():
    with pytest.raises(ValueError) as e:
        VectorEnv(10**12)
    assert str(e.value) == "num_envs 1000000000000: expected at most 16384 games"


def test_vector_env_names_its_own_arguments():
    with pytest.raises(ValueError) as e:
        VectorEnv(0)
    assert str(e.value) == "num_envs: expected at least one game"
    with pytest.raises(TypeError) as e:
        VectorEnv(4, opponents=None)
    assert str(e.value) == "opponents: expected a player name, a dict or a list of 3, got NoneType"
