"""Self-play beyond one machine, on Ray (needs ``pip install ray``).

``selfplay`` checks the run's settings once (on the calling machine; a rules
file is read there), cuts the run into seed-range shards (``tenpai selfplay
--shard K/N``), runs each shard as a Ray task, and merges their exact tallies
with ``tenpai.merge``: the numbers equal one run over the same games. Ray is
the engine: it schedules the tasks on the cluster's CPUs and retries a task
whose worker dies or raises; each shard's result is taken once, from the
attempt that finished (and the merge refuses a game counted twice).

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

import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import ray

from .arena import PlayerSpec, merge, play_config, run_config

__all__ = ["selfplay"]

Progress = Callable[[int, int, int, int], None]
"""Called after each finished shard with ``(shards_done, shards, games_done, games)``."""


def _play_shard(config: str, shard: Tuple[int, int], threads: int, fail_dir: Optional[str]) -> Dict[str, Any]:
    """One shard, in a Ray worker, on ``threads`` threads. With ``fail_dir``
    (tests only) the first attempt of each shard fails after playing: odd
    shards raise, even shards end their worker process (as when a machine is
    lost)."""
    result = play_config(config, shard, threads=threads)
    if fail_dir is not None:
        k, n = shard
        marker = os.path.join(fail_dir, f"shard-{k}-of-{n}")
        if not os.path.exists(marker):
            open(marker, "w").close()
            if k % 2 == 1:
                raise RuntimeError(f"injected failure of shard {k}/{n}")
            os._exit(1)
    return result


def _print_progress(done: int, shards: int, games_done: int, games: int) -> None:
    print(f"tenpai: {done}/{shards} shards, {games_done}/{games} games", file=sys.stderr, flush=True)


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
    progress: Union[bool, Progress] = True,
    _fail_first_attempts: Optional[str] = None,
) -> Dict[str, Any]:
    """Plays a self-play run as Ray tasks, one per shard, and merges them.

    Args:
        games, seed, players, duplicate, rules, length: as ``tenpai.selfplay``.
        shards: number of shards (default: the cluster's CPUs divided by
            ``cpus_per_shard``); at most one per game (per four games with
            ``duplicate``).
        cpus_per_shard: CPUs each task asks Ray for, and the threads it plays on.
        max_retries: how often Ray retries a shard whose worker died or raised.
        progress: True prints ``tenpai: K/N shards, G/T games`` to standard
            error as each shard finishes; a callable (``Progress``) gets the
            numbers instead; False says nothing.
        _fail_first_attempts: tests only: a directory for marker files; the
            first attempt of every shard fails after playing.

    Returns:
        The merged statistics, as ``tenpai.selfplay`` returns them
        (``seconds``: the shards' wall-clock seconds added up).

    Raises:
        ValueError: bad settings (before any task is started).
        RuntimeError: Ray is not initialized (call ``ray.init()`` first).
        ray.exceptions.RayTaskError: a shard failed ``max_retries + 1`` times;
            the shards still running are cancelled.
    """
    if not ray.is_initialized():
        raise RuntimeError("call ray.init() first (ray.init(address='auto') on a cluster)")
    config = run_config(games, seed, players, duplicate, rules=rules, length=length)
    unit = 4 if json.loads(config)["duplicate"] else 1
    if shards is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        shards = cpus // max(1, cpus_per_shard)
    shards = max(1, min(shards, games // unit))
    task = ray.remote(_play_shard).options(
        num_cpus=cpus_per_shard,
        max_retries=max_retries,
        retry_exceptions=True,
    )
    pending = {task.remote(config, (k, shards), cpus_per_shard, _fail_first_attempts): k for k in range(1, shards + 1)}
    report = _print_progress if progress is True else (progress or None)
    results: List[Dict[str, Any]] = []
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                del pending[ref]
                results.append(ray.get(ref))
            if report is not None:
                report(len(results), shards, sum(r["games"] for r in results), games)
    finally:
        for ref in pending:
            ray.cancel(ref)
    return merge(results)
