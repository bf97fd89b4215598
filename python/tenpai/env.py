"""Gymnasium and PettingZoo environments (need ``pip install gymnasium``, and
``pettingzoo`` for ``aec_env``).

``SingleAgentEnv``: one learning seat against three of tenpai's players
(baseline, Monte Carlo or random), over ``tenpai.Game``. Each ``step`` plays
the learner's action, then the opponents' decisions, until the learner must
choose again or the game ends.

``VectorEnv`` (``tenpai.vector``): the same, ``num_envs`` games a call,
stepped in Rust (``tenpai.VecGame``), with Gymnasium's vector API.

``aec_env()`` (``tenpai.aec``): the four seats of one game as PettingZoo
AEC agents.

Observation (a dict):

- ``tiles``: uint8 array (PLANES, 34), one value per tile kind in index order
  1m..9m, 1p..9p, 1s..9s, 1z..7z; relative seats 0 = the learner, 1 = its
  right (next in turn order), 2 = across, 3 = its left:

  ====  ==================================================================
  row   meaning
  ====  ==================================================================
  0     own concealed tiles, drawn tile included (count 0-4)
  1     own red fives (1 on 5m/5p/5s)
  2     own drawn tile (1)
  3-6   tiles in the melds of relative seat 0-3 (count)
  7-10  discards of relative seat 0-3, called ones included (count)
  11-14 the riichi declaration tile of relative seat 0-3 (1)
  15    dora indicators (count)
  16    dora, the tiles the indicators point to (count)
  17    the discard or kan tile that may be called or robbed now (1)
  18    copies the learner has not seen (4 - own hand - rivers - melds - indicators)
  ====  ==================================================================

- ``scalars``: int32 array (SCALARS,): 0 own seat wind (0 East .. 3 North),
  1 round wind, 2 dealer number (1-4), 3 honba, 4 riichi sticks, 5-8 scores of
  relative seats 0-3 (points), 9-12 riichi of relative seats 0-3 (0/1), 13-16
  concealed tiles of relative seats 0-3, 17 tiles left in the live wall, 18 the
  relative seat whose tile may be called now (-1 when none).
- ``action_mask``: int8 array (ACTION_SPACE,), 1 where the action is legal.

Actions are ``tenpai.ACTION_SPACE`` indices (``tenpai.action_name(i)`` names
one); ``info["action_mask"]`` repeats the mask. An index of the action
space (0 to ACTION_SPACE - 1) that is not legal now leaves the game as it
was, gives ``illegal_reward`` and sets ``info["illegal_action"]`` (or raises
ValueError with ``strict=True``); anything else (``-1``, ``ACTION_SPACE``,
``3.7``) is no action and raises ValueError, strict or not.

Reward: 0 until the game ends; then, with ``reward="rank"``, 1, 1/3, -1/3 or -1
for finishing first to fourth, with ``reward="points"`` the learner's final
score minus its start, in thousands of points.
"""

from __future__ import annotations

from typing import Any, Dict, Literal, Optional, Sequence, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import ACTION_SPACE, PLANES, SCALARS, Game, Player, action_name, seat_index

from .vector import VectorEnv

__all__ = ["SingleAgentEnv", "VectorEnv", "action_index", "aec_env", "make_player"]


def aec_env(
    rules: str = "tenhou",
    length: Optional[str] = None,
    reward: Literal["points", "rank"] = "points",
    render_mode: Optional[str] = None,
):
    """The four seats of one game as a PettingZoo AEC environment
    (``tenpai.aec.TenpaiAEC``; needs ``pip install pettingzoo``)."""
    from .aec import TenpaiAEC

    return TenpaiAEC(rules=rules, length=length, reward=reward, render_mode=render_mode)

OpponentSpec = Union[str, Any]


def action_index(action: Any) -> int:
    """``action`` checked as an index of the action space (0 to
    ACTION_SPACE - 1: an int, a NumPy integer or an array of one), as the
    environments' ``step`` checks it.

    Raises:
        ValueError: ``action -1: expected a whole number of 0 or more, got
            -1``, ``action 229: outside the action space 0-228``, ``action
            3.7: expected a whole number, got 3.7 (float)``.
        TypeError: ``action None: expected an action index``.
    """
    if action is None:
        raise TypeError(f"action None: expected an action index (0-{ACTION_SPACE - 1})")
    try:
        action_name(action)
    except ValueError as e:
        # The library's message without its own name of the argument.
        reason = str(e).split(": ", 1)[-1]
        raise ValueError(f"action {action}: {reason}") from None
    return int(np.asarray(action).reshape(-1)[0])


def make_player(kind: str, *, seed: int = 0, rules: str = "tenhou", mc_samples: Optional[int] = 200):
    """One of tenpai's players by name, any the library knows (as
    ``tenpai selfplay --players`` and ``VecGame`` seats): ``baseline``,
    ``baseline-v1``, ``baseline-v2``, ``baseline-v3``, ``baseline-learned``,
    ``mc`` (the default search, also named ``mc-learned``), ``mc-v1``,
    ``mc-v2``, ``mc-v3`` (Monte Carlo: ``mc_samples`` rollouts a
    decision, or 50 ms when None) or ``random``; a ``tenpai.Player`` made
    by the library. Raises ValueError with the library's message (and its
    list of names) for an unknown name, and for ``cmd:...`` (an external
    bot plays only in ``tenpai.selfplay``)."""
    return Player(kind, seed=seed, rules=rules, mc_samples=mc_samples)


class SingleAgentEnv(gym.Env):
    """One learning seat against three of tenpai's players.

    Args:
        seat: the learner's seat (0 deals first).
        opponents: a player name (``make_player``'s: ``"baseline"``,
            ``"baseline-learned"``, ``"mc"``, ``"mc-v2"``, ``"random"``, ...),
            or a list of three (for the other seats in seat order); a custom
            opponent is any object with ``act(game) -> int``.
        rules: ``"tenhou"``, ``"mahjongsoul"`` or a TOML rules file.
        length: ``"east"`` or ``"south"`` (default: the rules').
        reward: ``"rank"`` or ``"points"`` (see the module docstring).
        mc_samples: rollouts per decision of Monte Carlo opponents.
        illegal_reward: the reward of an action index (0 to ACTION_SPACE - 1)
            that is not legal now.
        strict: raise ValueError on such an action instead. An action
            outside 0 to ACTION_SPACE - 1 always raises ValueError.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        seat: int = 0,
        opponents: Union[str, Sequence[OpponentSpec]] = "baseline",
        rules: str = "tenhou",
        length: Optional[str] = None,
        reward: Literal["rank", "points"] = "rank",
        mc_samples: Optional[int] = 200,
        illegal_reward: float = -1.0,
        strict: bool = False,
        render_mode: Optional[str] = None,
    ):
        seat = seat_index(seat)
        if reward not in ("rank", "points"):
            raise ValueError(f"reward {reward!r}: expected 'rank' or 'points'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        kinds = [opponents] * 3 if isinstance(opponents, str) else list(opponents)
        if len(kinds) != 3:
            raise ValueError(f"opponents: expected 3, got {len(kinds)}")
        self.seat = seat
        self.rules = rules
        self.length = length
        self.reward_kind = reward
        self.mc_samples = mc_samples
        self.illegal_reward = float(illegal_reward)
        self.strict = strict
        self.render_mode = render_mode
        self._kinds = kinds
        # Check the names and the rules now rather than at the first reset.
        Game(seed=0, rules=rules, length=length)
        for k in kinds:
            if isinstance(k, str):
                make_player(k, rules=rules, mc_samples=mc_samples)
        big = np.iinfo(np.int32)
        self.observation_space = spaces.Dict(
            {
                "tiles": spaces.Box(0, 4, shape=(PLANES, 34), dtype=np.uint8),
                "scalars": spaces.Box(big.min, big.max, shape=(SCALARS,), dtype=np.int32),
                "action_mask": spaces.MultiBinary(ACTION_SPACE),
            }
        )
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self.game: Optional[Game] = None
        self._players: Dict[int, Any] = {}
        self._start_points = 0

    def _game(self) -> Game:
        """The game being played; RuntimeError before the first ``reset``."""
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _observe(self) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        game = self._game()
        tiles, scalars = game.features(self.seat)
        mask = game.action_mask(self.seat).astype(np.int8)
        obs: Dict[str, np.ndarray] = {"tiles": tiles, "scalars": scalars, "action_mask": mask}
        info: Dict[str, Any] = {"action_mask": mask.copy(), "seat": self.seat, "scores": list(game.scores)}
        return obs, info

    def _play_opponents(self) -> None:
        game = self._game()
        # The seat to choose; None once the game is over.
        while (seat := game.seat) is not None and seat != self.seat:
            game.step(self._players[seat].act(game))

    def _final_reward(self) -> float:
        result = self._game().result
        if result is None:
            raise RuntimeError("the game is not over: no final reward yet")
        if self.reward_kind == "rank":
            return (2.5 - result["ranks"][self.seat]) / 1.5
        return (result["scores"][self.seat] - self._start_points) / 1000.0

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        """Starts a new game: with ``seed``, the game of that wall seed (as
        ``tenpai.Game(seed=seed)``); without, one drawn from the
        environment's generator. Returns ``(observation, info)``."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        self.game = Game(seed=game_seed, rules=self.rules, length=self.length)
        self._start_points = self.game.scores[self.seat]
        others = [s for s in range(4) if s != self.seat]
        self._players = {}
        for s, kind in zip(others, self._kinds):
            if isinstance(kind, str):
                player_seed = (game_seed * 4 + s) % 2**64  # as tenpai selfplay seeds its players
                kind = make_player(kind, seed=player_seed, rules=self.rules, mc_samples=self.mc_samples)
            self._players[s] = kind
        self._play_opponents()
        obs, info = self._observe()
        info["game_seed"] = game_seed
        return obs, info

    def step(self, action):
        """Plays the learner's action (an int, a NumPy integer or a NumPy
        array of one integer), then the opponents until the learner must
        choose again or the game ends. Returns ``(observation, reward,
        terminated, truncated, info)``; ``truncated`` is always False.
        Raises ValueError for an action outside the action space (not a
        whole number from 0 to ACTION_SPACE - 1: ``-1``, ``229`` and ``3.7``
        are refused, not rounded); an index of the action space that is not
        legal now is penalised (or raises when ``strict``)."""
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.game.done:
            raise RuntimeError("the game is over: call reset()")
        # An index of the action space, as an int, a NumPy integer or an
        # array of one; anything else (3.7, -1, 229) raises ValueError here
        # with the library's message, legal or not.
        action_index(action)
        if not self.game.is_legal(action, self.seat):
            if self.strict:
                self.game.step(action)  # raises ValueError with the engine's message
            obs, info = self._observe()
            info["illegal_action"] = True
            return obs, self.illegal_reward, False, False, info
        self.game.step(action)
        self._play_opponents()
        obs, info = self._observe()
        terminated = self.game.done
        reward = self._final_reward() if terminated else 0.0
        if terminated:
            info["result"] = self.game.result
        return obs, reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the ``MaskablePPO`` convention)."""
        return self._game().action_mask(self.seat)

    # Gymnasium declares `render` as returning its free type variable
    # `RenderFrame` (no subclass can name it); "ansi" renders text.
    def render(self) -> Optional[str]:  # type: ignore[override]
        """With ``render_mode="ansi"``: the learner's view as text."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        o = self.game.observation(self.seat)
        lines = [
            f"seat {self.seat}  scores {o['scores']}  wall {o['live_left']}  dora {' '.join(o['dora_indicators'])}",
            "hand " + " ".join(o["hand"]) + (f"  (drew {o['drawn']})" if o["drawn"] else ""),
        ]
        for s in range(4):
            river = " ".join(t["pai"] for t in o["rivers"][s])
            lines.append(f"river {s}: {river}")
        return "\n".join(lines)


# `gymnasium.make("tenpai/SingleAgent-v0", opponents="mc", ...)` builds one:
# registered by `import tenpai` (tenpai/__init__.py).
