"""tenpai.VecGame: the same games as tenpai.Game, reused arrays, built-in
seats, the GIL let go while Rust steps, events, and every bad argument
refused with a ValueError that changes no game."""

import json
import os
import sys
import time
import warnings

import numpy as np
import pytest

import tenpai


def random_actions(vg, rng):
    """A uniformly random legal action of each game, from the `legal` list."""
    pick = (rng.random(vg.n) * vg.legal_count).astype(np.int64)
    return vg.legal[np.arange(vg.n), pick].astype(np.int64)


def lone_view(game):
    """(seat, tiles, scalars, mask) of a lone tenpai.Game's decision."""
    seat = game.seat
    tiles, scalars = game.features(seat)
    return seat, tiles, scalars, game.action_mask()


def test_every_game_is_the_lone_game_of_its_seed():
    n, seed = 4, 100
    vg = tenpai.VecGame(n, seed=seed, length="east")
    lone = [tenpai.Game(seed=seed + i, length="east") for i in range(n)]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(1500):
        for i, g in enumerate(lone):
            seat, tiles, scalars, mask = lone_view(g)
            assert vg.seat[i] == seat and vg.seeds[i] == g.seed
            assert np.array_equal(vg.tiles[i], tiles) and np.array_equal(vg.scalars[i], scalars)
            assert np.array_equal(vg.mask[i], mask)
            legal = vg.legal[i][vg.legal[i] >= 0].tolist()
            assert legal == g.legal_actions() and vg.legal_count[i] == len(legal)
        actions = random_actions(vg, rng)
        vg.step(actions)
        for i, g in enumerate(lone):
            g.step(int(actions[i]))
            if vg.done[i]:
                assert g.done and vg.mjai(i, finished=True) == g.mjai()
                assert vg.final_scores[i].tolist() == g.result["scores"]
                assert vg.game_seed(i, finished=True) == g.seed
                assert vg.seeds[i] == g.seed + n  # the row's next game
                lone[i] = tenpai.Game(seed=int(vg.seeds[i]), length="east")
                ended += 1
            else:
                assert vg.mjai(i) == g.mjai()
    assert ended >= 4


def test_arrays_are_allocated_once_and_shaped():
    vg = tenpai.VecGame(3, seed=1)
    arrays = (vg.seat, vg.tiles, vg.scalars, vg.mask, vg.legal, vg.reward, vg.done, vg.round_over, vg.seeds, vg.final_scores, vg.legal_count)
    shapes = [(3,), (3, tenpai.PLANES, 34), (3, tenpai.SCALARS), (3, tenpai.ACTION_SPACE), (3, tenpai.MAX_LEGAL), (3, 4), (3,), (3,), (3,), (3, 4), (3,)]
    dtypes = [np.int8, np.uint8, np.int32, np.bool_, np.int16, np.float32, np.bool_, np.bool_, np.uint64, np.int32, np.int16]
    for a, shape, dtype in zip(arrays, shapes, dtypes):
        assert a.shape == shape and a.dtype == dtype and a.flags.c_contiguous
    returned = vg.step(random_actions(vg, np.random.default_rng(1)))
    assert all(r is a for r, a in zip(returned, (vg.seat, vg.tiles, vg.scalars, vg.mask, vg.reward, vg.done)))
    assert vg.tiles is arrays[1] and vg.mask is arrays[3]


def test_built_in_seats_ask_only_the_callers_seat_and_play_the_librarys_players():
    vg = tenpai.VecGame(2, seed=5, seats=[None, "baseline", "baseline", "baseline"], length="east")
    assert vg.seats == [None, "baseline", "baseline", "baseline"]
    rng = np.random.default_rng(2)
    taken = [[], []]
    seeds = vg.seeds.copy()
    while not vg.done[0]:
        assert (vg.seat == 0).all()
        actions = random_actions(vg, rng)
        taken[0].append(int(actions[0]))
        vg.step(actions)
    # The same game from Python: seat 0 replays, seats 1-3 are BaselinePlayers.
    game, bot = tenpai.Game(seed=int(seeds[0]), length="east"), tenpai.BaselinePlayer()
    mine = iter(taken[0])
    while not game.done:
        game.step(next(mine) if game.seat == 0 else bot.act(game))
    assert vg.mjai(0, finished=True) == game.mjai()


def test_baseline_versions_from_python_play_as_the_built_in_seats_of_their_name():
    for name, version, other in (("baseline-v1", 1, 2), ("baseline", 2, 1), ("baseline-v3", 3, 2)):
        vg = tenpai.VecGame(1, seed=8, seats=[None, name, name, name], length="east")
        rng, taken, seed = np.random.default_rng(8), [], int(vg.seeds[0])
        while not vg.done[0]:
            actions = random_actions(vg, rng)
            taken.append(int(actions[0]))
            vg.step(actions)

        def replay(v):
            game, bot, mine = tenpai.Game(seed=seed, length="east"), tenpai.BaselinePlayer(version=v), iter(taken)
            while not game.done:
                game.step(next(mine) if game.seat == 0 else bot.act(game))
            return game.mjai()

        assert vg.mjai(0, finished=True) == replay(version)
        # The other version plays this game otherwise, so the check above can fail.
        with pytest.raises((StopIteration, ValueError, AssertionError)):
            assert replay(other) == replay(version)


def test_baseline_version_out_of_range_is_refused():
    with pytest.raises(ValueError, match="baseline version 4: expected 1, 2 or 3"):
        tenpai.BaselinePlayer(version=4)


def test_monte_carlo_seats_with_a_sample_budget():
    mc = {"kind": "mc", "samples": 8}
    vg = tenpai.VecGame(2, seed=3, seats=["agent", mc, "random", mc], length="east")
    assert vg.seats == [None, "mc", "random", "mc"]
    rng = np.random.default_rng(3)
    for _ in range(20):
        assert (vg.seat == 0).all()
        vg.step(random_actions(vg, rng))


def runs_another_thread_during(call):
    """Whether a waiting Python thread runs while `call()` runs: with the
    switch interval out of reach, it can only get the GIL if `call` lets go
    of it."""
    import sys
    import threading

    go, seen, running = threading.Event(), [], [False]

    def waiter():
        go.wait()
        seen.append(running[0])

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        t = threading.Thread(target=waiter)
        t.start()
        running[0] = True
        go.set()
        call()
        running[0] = False
        t.join()
    finally:
        sys.setswitchinterval(old)
    return seen == [True]


def test_the_gil_is_released_while_rust_steps():
    mc = {"kind": "mc", "samples": 3000}  # a step of some tenths of a second
    vg = tenpai.VecGame(1, seed=2, seats=[None, mc, mc, mc], length="east")
    action = random_actions(vg, np.random.default_rng(5))
    assert runs_another_thread_during(lambda: vg.step(action))
    # The check itself: pure Python holds the GIL throughout.
    assert not runs_another_thread_during(lambda: sum(range(3_000_000)))


def test_a_forked_child_steps_resets_and_drops_a_batch_with_helper_threads():
    # 256 rows are shared with helper threads (on two cores or more); a
    # child forked from this process (multiprocessing's default on Linux)
    # has a copy of the batch but none of the threads.
    vg = tenpai.VecGame(256, seed=7, length="east")
    rng = np.random.default_rng(1)
    for _ in range(20):
        vg.step(random_actions(vg, rng))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads
        pid = os.fork()
    if pid == 0:
        code = 1
        try:
            for _ in range(20):
                vg.step(random_actions(vg, rng))
            vg.reset()  # dealt on rayon's threads in the parent
            vg.step(random_actions(vg, rng))
            unraisable = []  # a panic in a drop is reported here
            sys.unraisablehook = unraisable.append
            del vg
            code = 2 if unraisable else 0
        finally:
            os._exit(code)
    deadline = time.monotonic() + 60  # a guard against a hang
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    pytest.fail("the forked child hangs")


def test_rewards_add_up_to_the_final_score_change():
    vg = tenpai.VecGame(2, seed=9, length="east", reward="points")
    rng = np.random.default_rng(4)
    total = np.zeros((2, 4))
    seen = 0
    while seen < 3:
        vg.step(random_actions(vg, rng))
        assert (vg.reward[~vg.round_over] == 0).all()
        total += vg.reward
        for i in np.flatnonzero(vg.done):
            assert np.allclose(total[i], (vg.final_scores[i] - 25000) / 1000, atol=1e-3)
            total[i] = 0
            seen += 1


def test_events_and_features_of_any_game_and_seat():
    vg = tenpai.VecGame(2, seed=1)
    events = vg.events(1)
    # The log records what a reader needs: length, red fives, rule set.
    assert events[0] == {
        "type": "start_game",
        "names": ["", "", "", ""],
        "wall_seed": 2,
        "kyoku_first": 0,
        "aka_flag": True,
        "rules": "tenhou",
    }
    assert [json.loads(line) for line in vg.mjai(1).splitlines()] == events
    tiles, scalars = vg.features(1, 2)
    assert (tiles, scalars)[0].shape == (tenpai.PLANES, 34)
    assert np.array_equal(tiles, tenpai.Game(seed=2).features(2)[0])
    with pytest.raises(ValueError, match="game 2: expected 0-1"):
        vg.events(2)
    with pytest.raises(ValueError, match="game 0: no game has ended in this row yet"):
        vg.mjai(0, finished=True)
    with pytest.raises(ValueError, match="seat 4: expected 0 to 3"):
        vg.features(0, 4)


def test_reset_with_a_seed_deals_the_same_games_again():
    vg = tenpai.VecGame(3, seed=4)
    first = vg.tiles.copy()
    rng = np.random.default_rng(5)
    for _ in range(30):
        vg.step(random_actions(vg, rng))
    vg.reset(4)
    assert np.array_equal(vg.tiles, first) and vg.seeds.tolist() == [4, 5, 6]
    vg.reset()
    assert vg.seeds.tolist() == [7, 8, 9]


def snapshot(vg):
    return [a.copy() for a in (vg.seat, vg.tiles, vg.mask, vg.legal)] + [vg.mjai(i) for i in range(vg.n)]


def same(a, b):
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(a, b))


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda a: a.astype(np.float64), "expected an integer array, got dtype float64"),
        (lambda a: a.astype(np.bool_), "expected an integer array, got dtype bool"),
        (lambda a: a.reshape(-1, 1), r"expected shape \(4,\), one action per game, got \[4, 1\]"),
        (lambda a: a[:3], r"got \[3\]"),
        (lambda a: a[:0], r"got \[0\]"),
        (lambda a: np.zeros((0, 4), np.int64), r"got \[0, 4\]"),
        (lambda a: np.int64(a[0]), r"got \[\]"),
        (lambda a: ["x"] * 4, "expected an integer array, got dtype <U1"),
    ],
)
def test_bad_actions_arrays_are_refused(make, message):
    vg = tenpai.VecGame(4, seed=1)
    good = random_actions(vg, np.random.default_rng(6))
    before = snapshot(vg)
    with pytest.raises(ValueError, match=message):
        vg.step(make(good))
    assert same(snapshot(vg), before)


def test_illegal_negative_and_out_of_range_actions_name_the_game():
    vg = tenpai.VecGame(4, seed=1)
    good = random_actions(vg, np.random.default_rng(7))
    before = snapshot(vg)
    illegal = next(a for a in range(tenpai.ACTION_SPACE) if not vg.mask[2, a])
    for bad, message in [
        (-1, "game 2: action -1: outside the action space 0-228"),
        (tenpai.ACTION_SPACE, "game 2: action 229: outside the action space 0-228"),
        (illegal, f"game 2: action {illegal}: .* is not a legal action of seat {vg.seat[2]} \\(legal: "),
    ]:
        actions = good.copy()
        actions[2] = bad
        with pytest.raises(ValueError, match=message):
            vg.step(actions)
        assert same(snapshot(vg), before)
    big = good.astype(np.uint64)
    big[3] = 2**64 - 1
    with pytest.raises(ValueError, match="game 3: action 18446744073709551615: outside"):
        vg.step(big)
    assert same(snapshot(vg), before)


@pytest.mark.parametrize(
    "layout",
    [
        lambda a: a.astype(np.uint8),
        lambda a: a.astype(np.uint16),
        lambda a: a.astype(np.int32),
        lambda a: np.asfortranarray(a),
        lambda a: np.repeat(a, 3)[::3],  # strided
        lambda a: a[::-1].copy()[::-1],  # reversed view
        lambda a: a.tolist(),
    ],
)
def test_any_integer_dtype_and_layout_plays_the_same(layout):
    a, b = tenpai.VecGame(4, seed=2), tenpai.VecGame(4, seed=2)
    rng = np.random.default_rng(8)
    for _ in range(20):
        actions = random_actions(a, rng)
        a.step(actions)
        b.step(layout(actions))
        assert same(snapshot(a), snapshot(b))


def test_read_only_arrays_are_refused_without_moving():
    vg = tenpai.VecGame(2, seed=3)
    good = random_actions(vg, np.random.default_rng(9))
    vg.tiles.flags.writeable = False
    before = snapshot(vg)
    with pytest.raises(ValueError):
        vg.step(good)
    assert same(snapshot(vg), before)
    vg.tiles.flags.writeable = True
    vg.step(good)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(n=0), "n: expected at least one game"),
        (dict(n=1, seats=["random"] * 4), "every seat has a built-in player"),
        (dict(n=1, seats=[None, "cmd:bot"]), "seats: expected 4, got 2"),
        (dict(n=1, seats=[None, "cmd:bot", None, None]), "seat 1: an external bot"),
        (dict(n=1, seats=[None, "strong", None, None]), "unknown player"),
        (dict(n=1, reward="score"), 'reward "score"'),
        (dict(n=1, length="west"), "length"),
        (dict(n=1, rules="nowhere.toml"), "nowhere"),
        (dict(n=-1), "expected a whole number of 0 or more, got -1"),
        (dict(n=1, seed=-3), "expected a whole number of 0 or more, got -3"),
        (dict(n=1.5), "whole number"),
    ],
)
def test_bad_settings_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tenpai.VecGame(**kwargs)


def test_memory_does_not_grow_with_the_steps():
    """Allocated NumPy memory stays at the arrays made at the start."""
    import tracemalloc

    vg = tenpai.VecGame(8, seed=1, length="east")
    rng = np.random.default_rng(10)
    for _ in range(200):
        vg.step(random_actions(vg, rng))
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(2000):
        vg.step(random_actions(vg, rng))
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert grown < 64 * 1024, grown


def test_numpy_integers_are_whole_numbers_everywhere():
    vg = tenpai.VecGame(np.int64(2), seed=np.uint64(7), length="east")
    assert vg.n == 2 and vg.seeds.tolist() == [7, 8]
    assert vg.game_seed(np.int32(1)) == 8
    assert vg.mjai(np.int8(0)) == vg.mjai(0)
    tiles, _ = vg.features(np.uint8(1), np.int16(3))
    assert np.array_equal(tiles, vg.features(1, 3)[0])
    vg.reset(seed=np.int64(20))
    assert vg.seeds.tolist() == [20, 21]
    with pytest.raises(ValueError, match="got -1"):
        vg.reset(seed=-1)
    with pytest.raises(ValueError, match="got -2"):
        vg.events(-2)


def test_more_games_than_max_games_are_refused_before_any_allocation():
    """10**12 games once aborted the interpreter allocating 8 TB."""
    assert tenpai.MAX_GAMES == 16_384
    for n in (10**12, tenpai.MAX_GAMES + 1):
        with pytest.raises(ValueError) as e:
            tenpai.VecGame(n, seed=1)
        assert str(e.value) == f"n {n}: expected at most 16384 games"


MC_BUDGET = "a Monte Carlo player needs at least 1 sample or 1 ms a decision"


MC_THREADS = "a Monte Carlo player takes at most 256 threads (MAX_THREADS)"


@pytest.mark.parametrize(
    "mc, message",
    [
        ({"kind": "mc", "samples": 0}, MC_BUDGET),
        ({"kind": "mc", "think_ns": 0}, MC_BUDGET),
        ({"kind": "mc", "think_ms": 0}, MC_BUDGET),
        ({"kind": "mc-v2", "think_ns": 999_999}, MC_BUDGET),
        ({"kind": "mc", "samples": 10, "threads": 257}, MC_THREADS),
    ],
    ids=["samples 0", "think_ns 0", "think_ms 0", "under 1 ms", "257 threads"],
)
def test_a_monte_carlo_seat_that_cannot_play_is_refused_as_selfplay_refuses_it(mc, message):
    with pytest.raises(ValueError) as e:
        tenpai.VecGame(2, seed=1, seats=[None, mc, "baseline", "baseline"])
    assert str(e.value) == f"seat 1: {message}"
    with pytest.raises(ValueError) as e:
        tenpai.selfplay(4, 1, [mc, "random", "random", "random"])
    assert str(e.value) == f"games 4: {message}"


def test_monte_carlo_threads_0_is_the_calling_thread_everywhere():
    """The library reads threads 0 as the calling thread only (ai::mc::Settings):
    self-play and the vector game both accept it."""
    mc = {"kind": "mc", "samples": 2, "threads": 0}
    vg = tenpai.VecGame(2, seed=1, seats=[None, mc, "random", "random"], length="east")
    assert vg.seats == [None, "mc", "random", "random"]
    assert tenpai.selfplay(1, 1, [mc, "random", "random", "random"], length="east")["games"] == 1


def test_vec_game_refuses_a_monte_carlo_seat_on_the_clock():
    # "mc" alone thinks 50 ms a decision: its choices would depend on the
    # machine's speed, and a row's games would not replay from their seeds.
    for seat in ("mc", {"kind": "mc", "think_ns": 5_000_000}, {"kind": "mc", "think_ms": 5}):
        with pytest.raises(ValueError) as e:
            tenpai.VecGame(2, seats=[None, seat, "random", "random"])
        assert str(e.value).startswith("seat 1: a Monte Carlo player on the clock (")
        assert str(e.value).endswith("give it a rollout count (samples)")


def test_vec_game_repr_reads_as_python():
    vg = tenpai.VecGame(2, seats=[None, "random", {"kind": "mc", "samples": 3}, "baseline"])
    assert repr(vg) == "VecGame(n=2, seats=[None, 'random', 'mc', 'baseline'])"


def test_vec_game_seats_that_are_not_a_list_are_named():
    for seats, kind in (("baseline", "str"), (5, "int"), ({"kind": "random"}, "dict")):
        with pytest.raises(TypeError) as e:
            tenpai.VecGame(2, seats=seats)
        assert str(e.value) == (
            'seats: expected a list of 4 seats (None or "agent" for yours, a player name or dict), got ' + kind
        )
    # a tuple or a generator is a sequence of seats
    assert tenpai.VecGame(2, seats=(None, "random", "random", "random")).seats == [None, "random", "random", "random"]
    assert tenpai.VecGame(2, seats=(s for s in [None, "random", None, None])).seats == [None, "random", None, None]


def test_vec_game_big_endian_actions_step_as_native_ones():
    def run(conv):
        vg = tenpai.VecGame(4, seed=5, seats=[None, "random", "baseline", None])
        rows = []
        for _ in range(40):
            rows.append([x.copy() for x in vg.step(conv(vg.legal[np.arange(4), 0].copy()))])
        return rows

    native = run(lambda a: a.astype(np.int64))
    for dtype in (">i4", ">i8", ">u2"):
        other = run(lambda a, d=dtype: a.astype(d))
        assert all((x == y).all() for p, q in zip(native, other) for x, y in zip(p, q)), dtype


def test_vec_game_a_huge_uint64_action_is_named_with_its_own_value():
    vg, fresh = tenpai.VecGame(2), tenpai.VecGame(2)
    with pytest.raises(ValueError) as e:
        vg.step(np.array([vg.legal[0, 0], 2**64 - 1], dtype=np.uint64))
    assert str(e.value) == "game 1: action 18446744073709551615: outside the action space 0-228"
    # nothing moved: the same legal actions give the same outputs as a fresh batch
    a = vg.legal[:, 0].copy()
    assert all((x == y).all() for x, y in zip(vg.step(a), fresh.step(a)))
