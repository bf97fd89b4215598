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
from typing import Any, Dict, Optional, Sequence, Tuple, Union

from . import _tenpai

__all__ = ["selfplay", "merge"]

PlayerSpec = Union[str, Dict[str, Any]]


def selfplay(
    games: int,
    seed: int,
    players: Union[PlayerSpec, Sequence[PlayerSpec]],
    duplicate: bool = False,
    *,
    rules: str = "tenhou",
    length: Optional[str] = None,
    shard: Optional[Tuple[int, int]] = None,
) -> Dict[str, Any]:
    """Plays a self-play run (or one shard of it) and returns its statistics.

    Args:
        games: games in the whole run (a multiple of 4 with ``duplicate``).
        seed: the run's seed (game ``i`` gets its wall seed from it, as in
            ``tenpai selfplay --seed``).
        players: four players, one per player number, as names (``random``,
            ``baseline``, ``mc``) or dicts (``{"kind": "mc", "samples": 200,
            "threads": 1}``); one name for all four.
        duplicate: play each wall seed four times with the players rotated.
        rules: ``tenhou``, ``mahjongsoul`` or a TOML rules file.
        length: ``east`` or ``south`` (default: the rules').
        shard: ``(k, n)``: play only shard k of n (1 <= k <= n).

    Returns:
        ``{"games", "duplicate", "seconds", "players": [{"player", "kind",
        "rank", "win_rate", "deal_in_rate", "riichi_rate", "call_rate",
        "points"}, ...], "tally"}``, each statistic ``{"mean", "ci95", "n"}``
        (points in 1s; rates per round, 0-1).

    Raises:
        ValueError: an unknown player or rules, a bad shard, or a run the
            arena refuses.
    """
    if isinstance(players, (str, dict)):
        players = [players] * 4
    text = _tenpai._selfplay_json(
        games, seed, list(players), duplicate, rules, length, tuple(shard) if shard is not None else None
    )
    return json.loads(text)


def merge(results: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """Merges results of ``selfplay`` over parts of one run (shards, machines)
    by adding their tallies; ``seconds`` is the sum of theirs.

    Raises:
        ValueError: no results, results of different runs (naming the setting
            that differs), or a game counted twice.
    """
    results = list(results)
    tallies = [json.dumps(r["tally"]) for r in results]
    seconds = float(sum(r.get("seconds", 0.0) for r in results))
    return json.loads(_tenpai._merge_json(tallies, seconds))
