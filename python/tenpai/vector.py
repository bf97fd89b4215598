"""Gymnasium's vector API over ``tenpai.VecGame`` (needs ``pip install gymnasium``).

``VectorEnv``: ``num_envs`` games stepped together in Rust, one learning seat
in each against three of tenpai's built-in players (played inside Rust, no
Python call per opponent decision). Observations, action masks and actions
are those of ``tenpai.env.SingleAgentEnv``, batched: a dict of ``tiles``
(num_envs, PLANES, 34) uint8, ``scalars`` (num_envs, SCALARS) int32 and
``action_mask`` (num_envs, ACTION_SPACE) int8; ``infos["action_mask"]``
repeats the mask.

Auto-reset: same-step (``metadata["autoreset_mode"]`` is
``AutoresetMode.SAME_STEP``): a game that ends in a step is followed at once
by the next game of its row (wall seed ``seed + i + k * num_envs`` for the
k-th game of row i), whose first observation the step returns;
``infos["final_obs"]`` holds the learner's view at the end of the game that
ended (``infos["_final_obs"]`` marks the rows), ``infos["final_info"]`` its
``final_scores`` and ``game_seed``. Gymnasium's observation wrappers accept
next-step auto-reset only; the other vector wrappers
(``RecordEpisodeStatistics``, reward and action wrappers) work.

Rewards: ``reward="rank"`` gives 1, 1/3, -1/3 or -1 for finishing first to
fourth when the game ends (as ``SingleAgentEnv``), ``reward="points"`` the
learner's score change at each round end, in thousands of points (a game's
rewards add up to its final score minus the start score).
"""

from __future__ import annotations

from collections.abc import Sequence as AnySequence
from typing import Any, Dict, List, Literal, Optional, Sequence, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from . import ACTION_SPACE, PLANES, SCALARS, VecGame, seat_index

__all__ = ["VectorEnv", "single_observation_space"]


def single_observation_space() -> spaces.Dict:
    """The observation space of one game: that of ``SingleAgentEnv``."""
    big = np.iinfo(np.int32)
    return spaces.Dict(
        {
            "tiles": spaces.Box(0, 4, shape=(PLANES, 34), dtype=np.uint8),
            "scalars": spaces.Box(big.min, big.max, shape=(SCALARS,), dtype=np.int32),
            "action_mask": spaces.MultiBinary(ACTION_SPACE),
        }
    )


class VectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games, one learning seat each against built-in players.

    Args:
        num_envs: the number of games stepped together.
        seat: the learner's seat in every game (0 deals first).
        opponents: ``"baseline"``, ``"random"``, a dict such as
            ``{"kind": "mc", "samples": 200}`` (a Monte Carlo seat takes a
            rollout count: one on the clock would not replay from its seed),
            or a list of three (for the other seats in seat order).
        rules: ``"tenhou"``, ``"mahjongsoul"`` or a TOML rules file.
        length: ``"east"`` or ``"south"`` (default: the rules').
        reward: ``"rank"`` or ``"points"`` (see the module docstring).
        copy: return copies of the observation arrays (default); with
            False, the arrays ``VecGame`` rewrites at every step (read them
            before the next step).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        seat: int = 0,
        opponents: Union[str, Dict[str, Any], Sequence[Union[str, Dict[str, Any]]]] = "baseline",
        rules: str = "tenhou",
        length: Optional[str] = None,
        reward: Literal["rank", "points"] = "rank",
        copy: bool = True,
    ):
        seat = seat_index(seat)
        if isinstance(opponents, (str, dict)):
            others = [opponents] * 3
        else:
            try:
                others = list(opponents)
            except TypeError:
                raise TypeError(
                    f"opponents: expected a player name, a dict or a list of 3, got {type(opponents).__name__}"
                ) from None
        if len(others) != 3:
            raise ValueError(f"opponents: expected 3, got {len(others)}")
        if any(o is None or o == "agent" for o in others):
            raise ValueError("opponents: expected built-in players (the learner plays one seat)")
        seats: List[Optional[Union[str, Dict[str, Any]]]] = list(others)
        seats.insert(seat, None)
        self.seat = seat
        self.copy = copy
        try:
            self.game = VecGame(num_envs, seed=0, seats=seats, rules=rules, length=length, reward=reward)
        except (TypeError, ValueError) as e:
            # VecGame names its first argument `n`; here it is `num_envs`.
            message = str(e)
            if message.startswith(("n:", "n ")):
                raise type(e)("num_envs" + message[1:]) from None
            raise
        self.num_envs = num_envs
        self.single_observation_space = single_observation_space()
        self.single_action_space = spaces.Discrete(ACTION_SPACE)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)

    def _observation(self) -> Dict[str, np.ndarray]:
        g = self.game
        obs: Dict[str, np.ndarray] = {"tiles": g.tiles, "scalars": g.scalars, "action_mask": g.mask.view(np.int8)}
        if self.copy:
            obs = {k: v.copy() for k, v in obs.items()}
        return obs

    def _infos(self, obs: Dict[str, np.ndarray]) -> Dict[str, Any]:
        return {"action_mask": obs["action_mask"], "game_seed": self.game.seeds.copy()}

    def reset(
        self,
        *,
        seed: Optional[Union[int, Sequence[int]]] = None,
        options: Optional[Dict[str, Any]] = None,
    ):
        """Starts every game again: with ``seed``, game ``i`` is the game of
        wall seed ``seed + i`` (as ``tenpai.Game(seed=seed + i)``; a list of
        seeds must be those consecutive seeds); without, each row's next
        game. Returns ``(observations, infos)``."""
        first: Optional[int]
        if isinstance(seed, AnySequence):
            if list(seed) != list(range(seed[0], seed[0] + self.num_envs)):
                raise ValueError(f"seed: expected {self.num_envs} consecutive seeds, got {seed}")
            first = seed[0]
        else:
            first = seed
        super().reset(seed=first)
        self.game.reset(first)
        obs = self._observation()
        return obs, self._infos(obs)

    def step(self, actions):
        """Plays each game's action (an int array of shape ``(num_envs,)``;
        a ValueError names the first game whose action is not legal, and no
        game moves), then the opponents, until the learner must choose again.
        Returns ``(observations, rewards, terminations, truncations, infos)``."""
        g = self.game
        g.step(actions)
        obs = self._observation()
        rewards = g.reward[:, self.seat].astype(np.float64)
        np.copyto(self._terminated, g.done)
        infos = self._infos(obs)
        if self._terminated.any():
            rows = np.flatnonzero(self._terminated)
            final_obs = np.full(self.num_envs, None, dtype=object)
            final_info = {
                "final_scores": g.final_scores.copy(),
                "_final_scores": self._terminated.copy(),
                "game_seed": np.zeros(self.num_envs, dtype=np.uint64),
                "_game_seed": self._terminated.copy(),
            }
            for i in rows:
                tiles, scalars = g.features(int(i), self.seat, finished=True)
                final_obs[i] = {
                    "tiles": tiles,
                    "scalars": scalars,
                    "action_mask": np.zeros(ACTION_SPACE, dtype=np.int8),
                }
                final_info["game_seed"][i] = g.game_seed(int(i), finished=True)
            infos["final_obs"] = final_obs
            infos["_final_obs"] = self._terminated.copy()
            infos["final_info"] = final_info
            infos["_final_info"] = self._terminated.copy()
        return obs, rewards, self._terminated.copy(), self._truncated.copy(), infos

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans, (num_envs, ACTION_SPACE)."""
        return self.game.mask.copy()
