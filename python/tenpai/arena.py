"""Self-play statistics, exact and mergeable (the library's arena).

``selfplay`` plays a run of games between tenpai's players on all cores and
returns what ``tenpai selfplay --json`` prints: per player the mean rank, win,
deal-in, riichi and call rates and final points, each with its 95 % interval,
and the ``tally``: integer counts, sums and sums of squares per player and
measure, plus which games were counted. ``merge`` adds tallies of shards of
one run (never averages of averages): N shards merged give exactly the numbers
of one run over the same games, and a game counted twice is refused.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Optional, Sequence, Tuple, Union

from . import _tenpai

__all__ = ["selfplay", "merge", "run_config", "play_config"]

PlayerSpec = Union[str, Dict[str, Any]]
"""A player: a name the library knows (``"random"``, ``"baseline"``,
``"baseline-v1"`` ... ``"baseline-learned"``, ``"mc"``, ``"mc-v2"`` (50 ms a
decision), ``"cmd:COMMAND"`` (an external mjai bot), ...), or a
dict as the tally writes it: ``{"kind": "mc", "samples": 200, "threads": 1}``
(rollouts a decision) or ``{"kind": "mc", "think_ms": 50}`` (time a decision,
in milliseconds, as ``tenpai.MonteCarloPlayer(think_ms=50)``; the tally writes
it as ``"think_ns": 50_000_000``, which is read too). ``"mc"`` and
``"baseline"`` are this build's default versions; a tally and the results
write every player by its explicit name (``"mc-learned"``,
``"baseline-v2"``), and ``merge`` refuses a tally of an older build that
names one ``"mc"`` or ``"baseline"``, whose meaning changed between builds."""


def run_config(
    games: int,
    seed: int,
    players: Union[PlayerSpec, Sequence[PlayerSpec]],
    duplicate: bool = False,
    *,
    rules: str = "tenhou",
    length: Optional[str] = None,
) -> str:
    """The settings of a run, checked, as JSON (``Tally``'s ``config``): what
    every shard of the run plays. A rules file is read here, once.

    Raises:
        ValueError: an unknown player or rules, no games, or a duplicate run
            whose games are not a multiple of 4 (the library's message).
    """
    if isinstance(players, (str, dict)):
        players = [players] * 4
    return _tenpai._run_config(games, seed, list(players), duplicate, rules, length)


def play_config(
    config: str, shard: Optional[Tuple[int, int]] = None, *, threads: Optional[int] = None
) -> Dict[str, Any]:
    """Plays the run of ``config`` (from ``run_config``), or its shard ``(k, n)``
    (1 <= k <= n), without the GIL on ``threads`` threads (None: one per
    core); returns the statistics as ``selfplay`` does.

    Raises:
        ValueError: a bad configuration, shard or thread count.
    """
    part = tuple(shard) if shard is not None else None
    return json.loads(_tenpai._play_json(config, part, threads))


def selfplay(
    games: int,
    seed: int,
    players: Union[PlayerSpec, Sequence[PlayerSpec]],
    duplicate: bool = False,
    *,
    rules: str = "tenhou",
    length: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """Plays a self-play run (or one shard of it) and returns its statistics.

    Args:
        games: games in the whole run (a multiple of 4 with ``duplicate``).
        seed: the run's seed: game ``g`` is played on wall seed ``seed + g``
            (``seed + g // 4`` in duplicate mode), as in ``tenpai selfplay --seed``.
        players: four players, one per player number (``PlayerSpec``); one
            for all four.
        duplicate: play each wall seed four times with the players rotated.
        rules: ``tenhou``, ``mahjongsoul`` or a TOML rules file.
        length: ``east`` or ``south`` (default: the rules').
        shard: ``(k, n)``: play only shard k of n (1 <= k <= n, n no more
            than the games, or sets of four in duplicate mode), a contiguous
            range of the games (whole sets of four in duplicate mode).
        threads: threads the run uses, 1 to 256 (None: one per core); the
            numbers do not depend on it.

    Returns:
        ``{"games", "duplicate", "seconds", "players": [{"player", "kind",
        "rank", "win_rate", "deal_in_rate", "riichi_rate", "call_rate",
        "points"}, x4], "tally"}``: ``games`` counted, ``seconds`` of wall
        clock, each statistic ``{"mean", "ci95", "n"}`` (rank 1-4 per game;
        rates 0-1 per round; points in 1s per game; ``ci95`` the half-width
        of the 95 % interval; ``n`` samples). An external bot's entry
        (``"cmd:..."``) also holds ``"faults": {"count", "first"}``, as
        ``tenpai selfplay --json`` writes it: the decisions the baseline
        played for it (a bad action, a crash, silence past the timeout) and
        the first three messages, each after its game (``"game 0: ..."``);
        its statistics count the baseline's play of those decisions too. A
        merge (``merge``) keeps no faults.

    Raises:
        ValueError: an unknown player or rules, a bad shard, or a run the
            arena refuses (the library's message).
    """
    config = run_config(games, seed, players, duplicate, rules=rules, length=length)
    return play_config(config, shard, threads=threads)


def merge(results: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """Merges results of ``selfplay`` over parts of one run (shards, machines)
    by adding their tallies; ``seconds`` is the sum of theirs.

    Raises:
        TypeError: ``results`` is not a list (or other sequence) of dicts,
            naming the first entry that is not one.
        ValueError: no results, a result without its ``"tally"`` (naming
            it), a tally of an older build that names a player ``"mc"`` or
            ``"baseline"`` (naming the player and what the name meant in
            which builds), results of different runs (naming the setting
            that differs), or a game counted twice.
    """
    if isinstance(results, (str, bytes, dict)) or not isinstance(results, Iterable):
        raise TypeError(f"results: expected a list of selfplay results (dicts), got {type(results).__name__}")
    results = list(results)
    for i, r in enumerate(results):
        if not isinstance(r, dict):
            raise TypeError(f"results[{i}]: expected a selfplay result (a dict), got {type(r).__name__}")
        if "tally" not in r:
            raise ValueError(f"results[{i}]: no \"tally\": expected a result of tenpai.selfplay (or tenpai selfplay --json)")
    tallies = [json.dumps(r["tally"]) for r in results]
    seconds = float(sum(r.get("seconds", 0.0) for r in results))
    return json.loads(_tenpai._merge_json(tallies, seconds))
