"""tenpai.selfplay and tenpai.merge: the statistics of `tenpai selfplay --json`,
exact merges of shards, and the errors."""

import json
import pathlib
import subprocess

import pytest

import tenpai

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = ROOT / "target" / "release" / "tenpai"


def same_numbers(a, b):
    """Equal statistics and tallies (the time taken may differ)."""
    return a["players"] == b["players"] and a["tally"] == b["tally"] and a["games"] == b["games"]


def test_selfplay_statistics_shape():
    r = tenpai.selfplay(8, 1, "random", length="east")
    assert (r["games"], r["duplicate"]) == (8, False)
    assert [p["player"] for p in r["players"]] == [0, 1, 2, 3]
    assert {p["kind"] for p in r["players"]} == {"random"}
    ranks = [p["rank"] for p in r["players"]]
    assert all(x["n"] == 8 for x in ranks)
    # Every game ranks the four players 1 to 4.
    assert sum(x["mean"] for x in ranks) == pytest.approx(10.0)
    assert sum(p["points"]["mean"] for p in r["players"]) == pytest.approx(100_000)
    for p in r["players"]:
        assert 0 <= p["win_rate"]["mean"] <= 1 and p["win_rate"]["ci95"] >= 0


@pytest.mark.skipif(not CLI.exists(), reason="build the CLI first (cargo build --release)")
def test_selfplay_equals_the_command_line():
    args = ["selfplay", "--games", "8", "--seed", "3", "--players", "random,baseline,random,baseline",
            "--length", "east", "--json"]
    cli = json.loads(subprocess.run([str(CLI), *args], check=True, capture_output=True, text=True).stdout)
    py = tenpai.selfplay(8, 3, ["random", "baseline", "random", "baseline"], length="east")
    assert same_numbers(py, cli)


def test_shards_merge_to_exactly_one_run():
    one = tenpai.selfplay(10, 7, ["baseline", "random", "random", "random"], length="east")
    parts = [tenpai.selfplay(10, 7, ["baseline", "random", "random", "random"], length="east", shard=(k, 3))
             for k in (1, 2, 3)]
    assert [p["games"] for p in parts] == [3, 3, 4]
    merged = tenpai.merge(parts)
    assert same_numbers(merged, one)
    assert merged["seconds"] == pytest.approx(sum(p["seconds"] for p in parts))
    # In any order.
    assert same_numbers(tenpai.merge(parts[::-1]), one)


def test_duplicate_shards_cut_at_whole_seeds():
    one = tenpai.selfplay(8, 2, ["baseline", "random", "random", "random"], duplicate=True, length="east")
    parts = [tenpai.selfplay(8, 2, ["baseline", "random", "random", "random"], duplicate=True, length="east",
                             shard=(k, 2)) for k in (1, 2)]
    assert [p["games"] for p in parts] == [4, 4]
    assert same_numbers(tenpai.merge(parts), one)


def test_numbers_do_not_depend_on_the_threads():
    players = ["baseline", "random", "baseline", "random"]
    assert same_numbers(tenpai.selfplay(6, 4, players, length="east", threads=1),
                        tenpai.selfplay(6, 4, players, length="east", threads=2))


def test_run_config_is_checked_once_and_played_by_shards():
    config = tenpai.arena.run_config(6, 3, "random", length="east")
    assert json.loads(config)["games"] == 6 and json.loads(config)["rules"]["game"]["length"] == "east"
    parts = [tenpai.arena.play_config(config, (k, 2)) for k in (1, 2)]
    assert same_numbers(tenpai.merge(parts), tenpai.selfplay(6, 3, "random", length="east"))


def test_monte_carlo_players_as_dicts():
    mc = {"kind": "mc", "samples": 8, "threads": 1}
    r = tenpai.selfplay(4, 1, [mc, "baseline", "baseline", "baseline"], length="east")
    # Results name the player explicitly: "mc" follows the default version.
    assert r["players"][0]["kind"] == "mc-learned" and r["players"][1]["kind"] == "baseline-v2" and r["games"] == 4


def test_merge_refuses_a_tally_that_names_a_player_by_an_alias():
    """A result of an older build named the default baseline "baseline" (the
    first version before 2026-12-02, the second after): merged with today's it
    would average two players, so it is refused."""
    parts = [tenpai.selfplay(4, 1, ["baseline", "random", "random", "random"], length="east", shard=(k, 2)) for k in (1, 2)]
    assert parts[0]["tally"]["config"]["players"][0] == {"kind": "baseline-v2"}
    assert tenpai.merge(parts)["games"] == 4
    parts[0]["tally"]["config"]["players"][0] = {"kind": "baseline"}
    with pytest.raises(ValueError, match=r'^player 0 is "baseline", a name whose meaning changed \(baseline-v1 in builds before 2026-12-02'):
        tenpai.merge(parts)


def test_a_monte_carlo_dict_takes_think_ms_as_monte_carlo_player_does():
    """``think_ms`` as ``tenpai.MonteCarloPlayer(think_ms=...)`` names it; the
    library reads it into the same time budget as ``think_ns`` (one reader), and
    the run's settings write it in nanoseconds."""
    players = lambda mc: [mc, "random", "random", "random"]
    ms = json.loads(tenpai.arena.run_config(4, 1, players({"kind": "mc", "think_ms": 7})))
    ns = json.loads(tenpai.arena.run_config(4, 1, players({"kind": "mc", "think_ns": 7_000_000})))
    assert ms == ns
    assert ms["players"][0] == {"kind": "mc-learned", "think_ns": 7_000_000, "threads": 1}
    for both in ({"kind": "mc", "think_ms": 7, "think_ns": 7_000_000}, {"kind": "mc", "think_ms": 7, "samples": 3}):
        with pytest.raises(ValueError, match="mc takes one of samples, think_ms or think_ns"):
            tenpai.arena.run_config(4, 1, players(both))
    with pytest.raises(ValueError, match="think_ms: "):
        tenpai.arena.run_config(4, 1, players({"kind": "mc", "think_ms": -1}))


def test_merge_err_a_game_counted_twice():
    part = tenpai.selfplay(6, 1, "random", length="east", shard=(1, 2))
    with pytest.raises(ValueError, match="twice"):
        tenpai.merge([part, part])


def test_merge_err_different_runs():
    a = tenpai.selfplay(4, 1, "random", length="east", shard=(1, 2))
    b = tenpai.selfplay(4, 2, "random", length="east", shard=(2, 2))
    with pytest.raises(ValueError, match="seed"):
        tenpai.merge([a, b])


def test_merge_err_nothing():
    with pytest.raises(ValueError, match="no results"):
        tenpai.merge([])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": "strong"}, 'unknown player "strong"'),
        ({"players": ["random"] * 3}, "players: expected 4, got 3"),
        ({"shard": (3, 2)}, "shard"),
        ({"length": "west"}, 'length "west"'),
        ({"games": 0}, "games 0: nothing to play"),
        ({"games": 6, "duplicate": True}, "games 6: duplicate play needs a multiple of 4"),
        ({"threads": 0}, "threads: expected 1 to 256, got 0"),
        ({"threads": 257}, "threads: expected 1 to 256, got 257"),
        ({"shard": (5, 5)}, "shard 5/5: 4 games cannot be cut into 5 shards"),
        ({"players": {"kind": "random", "samples": 3}}, "settings do not fit"),
    ],
)
def test_selfplay_errors(kwargs, message):
    args = {"games": 4, "seed": 1, "players": "random", **kwargs}
    with pytest.raises(ValueError, match=message):
        tenpai.selfplay(**args)


def test_an_external_bot_that_never_runs_has_its_faults_reported():
    """cmd:false exits at once: the baseline plays its decisions, and the
    result says so as `tenpai selfplay --json` does."""
    r = tenpai.selfplay(1, 1, ["cmd:false", "baseline", "baseline", "baseline"], length="east")
    bot = r["players"][0]
    assert bot["kind"] == "cmd:false"
    assert bot["faults"]["count"] >= 1
    assert 1 <= len(bot["faults"]["first"]) <= 3
    # "the process ended" or "... is gone": when the exit is seen depends on the system.
    assert all(m.startswith("game 0: seat 0: the process ") for m in bot["faults"]["first"])
    assert all("faults" not in p for p in r["players"][1:])
    if CLI.exists():
        args = ["selfplay", "--games", "1", "--seed", "1", "--players", "cmd:false,baseline,baseline,baseline",
                "--length", "east", "--json"]
        cli = json.loads(subprocess.run([str(CLI), *args], check=True, capture_output=True, text=True).stdout)
        assert r["players"][0]["faults"]["count"] == cli["players"][0]["faults"]["count"]
        assert len(r["players"][0]["faults"]["first"]) == len(cli["players"][0]["faults"]["first"])
        drop = lambda result: [{k: v for k, v in p.items() if k != "faults"} for p in result["players"]]
        assert drop(r) == drop(cli) and r["tally"] == cli["tally"]


def test_a_run_without_external_bots_has_no_faults_field():
    r = tenpai.selfplay(1, 1, "random", length="east")
    assert all("faults" not in p for p in r["players"])


@pytest.mark.parametrize(
    "results, error, message",
    [
        ([{"a": 1}], ValueError, 'results[0]: no "tally": expected a result of tenpai.selfplay (or tenpai selfplay --json)'),
        ("x", TypeError, "results: expected a list of selfplay results (dicts), got str"),
        ({"tally": {}}, TypeError, "results: expected a list of selfplay results (dicts), got dict"),
        (3, TypeError, "results: expected a list of selfplay results (dicts), got int"),
        ([1], TypeError, "results[0]: expected a selfplay result (a dict), got int"),
    ],
)
def test_merge_names_what_is_not_a_result(results, error, message):
    with pytest.raises(error) as e:
        tenpai.merge(results)
    assert str(e.value) == message
