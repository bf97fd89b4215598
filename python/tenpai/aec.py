"""PettingZoo's AEC API for the four seats of one game (needs ``pip install
pettingzoo``); made by ``tenpai.env.aec_env()``.

Agents ``seat_0`` .. ``seat_3`` (``seat_0`` deals first); ``agent_selection``
is the seat the game asks (after a discard, the seats that may call are asked
one after the other in turn order). An agent's observation is a dict:
``observation``, itself a dict of ``tiles`` (PLANES, 34) uint8 and
``scalars`` (SCALARS,) int32 (the rows of ``tenpai.env``), and
``action_mask`` (ACTION_SPACE,) int8, all zeros for an agent not asked now.
Actions are ``tenpai.ACTION_SPACE`` indices; one outside the mask raises
ValueError naming the seat and the action, and changes nothing.

Rewards come from the same Rust code as ``tenpai.VecGame``'s: with
``reward="points"`` each seat's score change at each round end, in
thousands of points; with ``reward="rank"`` 1, 1/3, -1/3, -1 at the game
end. Every agent terminates when the game ends.
"""

from __future__ import annotations

from typing import Any, Dict, Literal, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import ACTION_SPACE, PLANES, SCALARS, VecGame, action_name
from .env import action_index

__all__ = ["TenpaiAEC"]

AGENTS = [f"seat_{s}" for s in range(4)]


class TenpaiAEC(AECEnv):
    """One game, four agents (see the module docstring).

    Args:
        rules: ``"tenhou"``, ``"mahjongsoul"`` or a TOML rules file.
        length: ``"east"`` or ``"south"`` (default: the rules').
        reward: ``"points"`` or ``"rank"``.
        render_mode: None or ``"ansi"`` (``render()`` returns the agent
            asked and the game's last event, in mjai).
    """

    metadata = {"name": "tenpai_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: str = "tenhou",
        length: Optional[str] = None,
        reward: Literal["points", "rank"] = "points",
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        self.render_mode = render_mode
        # One row, every seat played by the agents; its rewards are the Rust side's.
        self.game = VecGame(1, seed=0, rules=rules, length=length, reward=reward)
        self.possible_agents = list(AGENTS)
        big = np.iinfo(np.int32)
        space = spaces.Dict(
            {
                "observation": spaces.Dict(
                    {
                        "tiles": spaces.Box(0, 4, shape=(PLANES, 34), dtype=np.uint8),
                        "scalars": spaces.Box(big.min, big.max, shape=(SCALARS,), dtype=np.int32),
                    }
                ),
                "action_mask": spaces.Box(0, 1, shape=(ACTION_SPACE,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in AGENTS}
        self.action_spaces: Dict[str, spaces.Space] = {a: spaces.Discrete(ACTION_SPACE) for a in AGENTS}
        self._over = True

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object at every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same object at every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a game: with ``seed``, the game of that wall seed (as
        ``tenpai.Game(seed=seed)``); without, the next seed."""
        self.game.reset(seed)
        self._over = False
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[int(self.game.seat[0])]

    def observe(self, agent: str) -> Dict[str, Any]:
        """``agent``'s view now (at the end of the game once it is over)."""
        seat = AGENTS.index(agent)
        tiles, scalars = self.game.features(0, seat, finished=self._over)
        mask = np.zeros(ACTION_SPACE, dtype=np.int8)
        if not self._over and seat == int(self.game.seat[0]):
            mask[:] = self.game.mask[0]
        return {"observation": {"tiles": tiles, "scalars": scalars}, "action_mask": mask}

    def step(self, action) -> None:
        """The selected agent takes ``action`` (an action index; None for an
        agent whose game is over).

        Raises:
            TypeError: ``action`` is None while the agent's game goes on.
            ValueError: not an index of the action space (``-1``, ``229``,
                ``3.7``; ``env.action_index``'s message), or one that is not
                legal now; both name the agent.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            a = action_index(action)
        except (TypeError, ValueError) as e:
            raise type(e)(f"{agent}: {e}") from None
        if not self.game.mask[0, a]:
            raise ValueError(f"{agent}: {action_name(a)} ({a}) is not a legal action now")
        self._cumulative_rewards[agent] = 0.0
        self.game.step(np.array([a], dtype=np.int64))
        reward = self.game.reward[0]
        self.rewards = {x: float(reward[s]) for s, x in enumerate(AGENTS)}
        self._accumulate_rewards()
        if self.game.done[0]:
            # The row has dealt its next game already; this one is over.
            self._over = True
            self.terminations = {x: True for x in AGENTS}
            scores = [int(v) for v in self.game.final_scores[0]]
            self.infos = {x: {"final_scores": scores} for x in AGENTS}
        else:
            self.agent_selection = AGENTS[int(self.game.seat[0])]

    def render(self) -> Optional[str]:
        """With ``render_mode="ansi"``: the agent asked and the last event (mjai)."""
        if self.render_mode != "ansi":
            return None
        last = self.game.mjai(0, finished=self._over).splitlines()[-1]
        return f"{self.agent_selection} to act; last event {last}"

    def close(self) -> None:
        """Nothing to release."""
