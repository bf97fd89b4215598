"""Self-play beyond one machine, on Ray (needs ``pip install ray``).

``selfplay`` cuts a run into seed-range shards (``tenpai selfplay --shard
K/N``), runs each shard as a Ray task, and merges their exact tallies with
``tenpai.merge``: the numbers equal one run over the same games. Ray is the
engine: it schedules the tasks on the cluster's CPUs and retries a task whose
worker fails; each shard's result is taken once (the merge refuses a game
counted twice).

On a laptop::

    import ray, tenpai.distributed
    ray.init()
    result = tenpai.distributed.selfplay(2000, 1, ["mc", "baseline", "baseline", "baseline"], shards=8)

On a cluster (``ray start --head`` on one machine, ``ray start
--address=HEAD:6379`` on the others, the ``tenpai`` package installed on
every one)::

    ray.init(address="auto")
    result = tenpai.distributed.selfplay(100_000, 1, "baseline", shards=200)
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

import ray

from .arena import PlayerSpec, merge
from .arena import selfplay as _selfplay

__all__ = ["selfplay"]


def _play_shard(kwargs: Dict[str, Any], failure_dir: Optional[str]) -> Dict[str, Any]:
    """One shard, in a Ray worker. With ``failure_dir`` the first attempt of
    each shard fails after playing (to test Ray's retries)."""
    result = _selfplay(**kwargs)
    if failure_dir is not None:
        k, n = kwargs["shard"]
        marker = os.path.join(failure_dir, f"shard-{k}-of-{n}")
        if not os.path.exists(marker):
            open(marker, "w").close()
            raise RuntimeError(f"injected failure of shard {k}/{n}")
    return result


def _print_progress(done: int, total: int, games: int, all_games: int) -> None:
    print(f"tenpai: {done}/{total} shards, {games}/{all_games} games", file=sys.stderr, flush=True)


def selfplay(
    games: int,
    seed: int,
    players: Union[PlayerSpec, Sequence[PlayerSpec]],
    shards: Optional[int] = None,
    duplicate: bool = False,
    *,
    rules: str = "tenhou",
    length: Optional[str] = None,
    cpus_per_shard: int = 1,
    max_retries: int = 3,
    progress: Union[bool, Callable[[int, int, int, int], None]] = True,
    failure_dir: Optional[str] = None,
) -> Dict[str, Any]:
    """Plays a self-play run as Ray tasks, one per shard, and merges them.

    Args:
        games, seed, players, duplicate, rules, length: as ``tenpai.selfplay``.
        shards: number of shards (default: the cluster's CPUs / ``cpus_per_shard``,
            at most one per game, or per four games with ``duplicate``).
        cpus_per_shard: CPUs each task asks Ray for (and the threads it plays on).
        max_retries: how often Ray retries a failed task (worker crash or error).
        progress: True prints a line per finished shard to standard error;
            a callable gets ``(shards_done, shards, games_done, games)``.
        failure_dir: for tests only: each shard's first attempt fails after
            playing (a marker file per shard is written there).

    Returns:
        The merged result, as ``tenpai.selfplay`` returns it.
    """
    if not ray.is_initialized():
        raise RuntimeError("call ray.init() first (ray.init(address='auto') on a cluster)")
    unit = 4 if duplicate else 1
    if shards is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        shards = max(1, cpus // max(1, cpus_per_shard))
    shards = max(1, min(shards, max(1, games // unit)))
    task = ray.remote(_play_shard).options(
        num_cpus=cpus_per_shard,
        max_retries=max_retries,
        retry_exceptions=True,
        runtime_env={"env_vars": {"RAYON_NUM_THREADS": str(cpus_per_shard)}},
    )
    common = dict(games=games, seed=seed, players=players, duplicate=duplicate, rules=rules, length=length)
    pending = {task.remote(dict(common, shard=(k, shards)), failure_dir): k for k in range(1, shards + 1)}
    report = _print_progress if progress is True else (progress or None)
    results: List[Dict[str, Any]] = []
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            pending.pop(ref)
            results.append(ray.get(ref))
        if report is not None:
            report(len(results), shards, sum(r["games"] for r in results), games)
    return merge(results)
