"""tenpai.distributed.selfplay on a local Ray cluster (2 CPUs): shards as Ray
tasks, merged exactly; a failed task (an exception, or its worker process
dying) is retried by Ray and counted once; progress reported per shard.

Marked ``ray``: ``python -m pytest python/tests -m ray`` runs these alone,
``-m "not ray"`` everything else. Skipped when Ray is not installed."""

import pytest

ray = pytest.importorskip("ray")

import tenpai  # noqa: E402
import tenpai.distributed  # noqa: E402

pytestmark = pytest.mark.ray


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def same_numbers(a, b):
    """Equal statistics and tallies (the time taken may differ)."""
    return a["players"] == b["players"] and a["tally"] == b["tally"] and a["games"] == b["games"]


def test_needs_ray_init():
    if ray.is_initialized():
        pytest.skip("a Ray cluster is running in this process")
    with pytest.raises(RuntimeError, match="ray.init"):
        tenpai.distributed.selfplay(4, 1, "random")


def test_shards_on_ray_equal_one_run(local_ray):
    seen = []
    r = tenpai.distributed.selfplay(
        12, 5, ["baseline", "random", "random", "random"], shards=3, length="east",
        progress=lambda *a: seen.append(a),
    )
    one = tenpai.selfplay(12, 5, ["baseline", "random", "random", "random"], length="east")
    assert same_numbers(r, one)
    # One report per finished shard (four games each), in the order they finished.
    assert seen == [(1, 3, 4, 12), (2, 3, 8, 12), (3, 3, 12, 12)]


def test_progress_printed_to_stderr(local_ray, capsys):
    tenpai.distributed.selfplay(4, 1, "random", shards=2, length="east")
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["tenpai: 1/2 shards, 2/4 games", "tenpai: 2/2 shards, 4/4 games"]


def test_failed_tasks_are_retried_and_counted_once(local_ray, tmp_path):
    r = tenpai.distributed.selfplay(8, 9, "random", shards=2, length="east", progress=False,
                                    _fail_first_attempts=str(tmp_path))
    # Each shard's first attempt failed after playing (shard 1 raised, shard
    # 2's worker process died: its marker is there) and Ray ran it again.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shard-1-of-2", "shard-2-of-2"]
    assert same_numbers(r, tenpai.selfplay(8, 9, "random", length="east"))
    assert r["players"][0]["rank"]["n"] == 8


def test_duplicate_shards_on_ray(local_ray):
    players = ["baseline", "random", "random", "random"]
    r = tenpai.distributed.selfplay(8, 2, players, shards=5, duplicate=True, length="east", progress=False)
    # At most one shard per set of four games.
    assert same_numbers(r, tenpai.selfplay(8, 2, players, duplicate=True, length="east"))


def test_bad_settings_fail_before_any_task(local_ray):
    with pytest.raises(ValueError, match='unknown player "strong"'):
        tenpai.distributed.selfplay(4, 1, "strong", progress=False)


def test_default_shards_follow_the_cluster(local_ray):
    seen = []
    r = tenpai.distributed.selfplay(4, 1, "random", length="east", progress=lambda *a: seen.append(a))
    assert r["games"] == 4 and seen[-1] == (2, 2, 4, 4)
