"""tenpai.distributed.selfplay on a local Ray cluster (2 CPUs): shards as Ray
tasks, merged exactly; a failing task is retried by Ray and counted once."""

import pytest

ray = pytest.importorskip("ray")

import tenpai  # noqa: E402
import tenpai.distributed  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_needs_ray_init():
    if ray.is_initialized():
        pytest.skip("a Ray cluster is running in this process")
    with pytest.raises(RuntimeError, match="ray.init"):
        tenpai.distributed.selfplay(4, 1, "random")


def same_numbers(a, b):
    return a["players"] == b["players"] and a["tally"] == b["tally"] and a["games"] == b["games"]


def test_shards_on_ray_equal_one_run(local_ray):
    seen = []
    r = tenpai.distributed.selfplay(
        12, 5, ["baseline", "random", "random", "random"], shards=3, length="east",
        progress=lambda *a: seen.append(a),
    )
    one = tenpai.selfplay(12, 5, ["baseline", "random", "random", "random"], length="east")
    assert same_numbers(r, one)
    assert [s[0] for s in seen] == [1, 2, 3] and seen[-1] == (3, 3, 12, 12)


def test_failed_tasks_are_retried_and_counted_once(local_ray, tmp_path):
    r = tenpai.distributed.selfplay(8, 9, "random", shards=2, length="east", progress=False,
                                    failure_dir=str(tmp_path))
    # Each shard's first attempt failed (its marker is there) and Ray ran it again.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shard-1-of-2", "shard-2-of-2"]
    assert same_numbers(r, tenpai.selfplay(8, 9, "random", length="east"))
    assert r["players"][0]["rank"]["n"] == 8


def test_default_shards_follow_the_cluster(local_ray):
    r = tenpai.distributed.selfplay(4, 1, "random", length="east", progress=False)
    assert r["games"] == 4


