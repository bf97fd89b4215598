#!/usr/bin/env python3
"""Speed of the Python package, side by side with RiichiEnv, in one run.

1. Games per second with random legal actions driven from Python: the same
   harness (one loop; at each decision pick uniformly among the legal actions
   with Python's `random`) over `tenpai.Game` and over RiichiEnv 0.4.11
   (`RiichiEnv(game_mode="4p-red-half")`, east-south with red fives, its
   mjai logging off), both on the calling thread.
2. `tenpai.shanten_batch` hands per second on one core, beside
   `tenpai.shanten` called per hand from Python (the cost of crossing into
   Rust once per hand) in the same run.

Usage (after `pip install ./python riichienv==0.4.11`):

    python benches/python_speed.py [--games 200] [--hands 2000000] [--seed 1]

Without RiichiEnv installed the RiichiEnv row is skipped. Everything here
runs on one thread; rates are given per wall-clock second and per CPU second
of the process (the latter leaves out waiting for a core on a busy machine).
"""

import argparse
import random
import time

import numpy as np

import tenpai


class Clock:
    """Wall-clock and CPU seconds of this process (CPU time leaves out the
    time the process waits for a core on a busy machine)."""

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu


def tenpai_games(games, seed):
    """Plays `games` east-south games; returns (Clock, decisions)."""
    rng = random.Random(seed)
    decisions = 0
    with Clock() as c:
        for g in range(games):
            game = tenpai.Game(seed=seed + g)
            while not game.done:
                game.step(rng.choice(game.legal_actions()))
                decisions += 1
    return c, decisions


def riichienv_games(games, seed):
    """The same harness over RiichiEnv; returns (seconds, decisions) or None."""
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    rng = random.Random(seed)
    decisions = 0
    with Clock() as c:
        for g in range(games):
            env = RiichiEnv(game_mode="4p-red-half", seed=seed + g, skip_mjai_logging=True)
            obs = env.reset()
            while not env.done():
                actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()}
                decisions += len(actions)
                obs = env.step(actions)
    return c, decisions


def dealt_hands(n, seed):
    """`n` hands of 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles dealt from a
    shuffled 136-tile wall, as (n, 34) uint8 counts (built before timing)."""
    rng = np.random.default_rng(seed)
    sizes = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14], size=n)
    counts = np.zeros((n, 34), np.uint8)
    wall = np.repeat(np.arange(34), 4)
    chunk = 100_000
    for lo in range(0, n, chunk):
        hi = min(n, lo + chunk)
        drawn = rng.permuted(np.tile(wall, (hi - lo, 1)), axis=1)[:, :14]
        keep = np.arange(14) < sizes[lo:hi, None]
        rows = np.repeat(np.arange(lo, hi), 14).reshape(hi - lo, 14)
        np.add.at(counts, (rows[keep], drawn[keep]), 1)
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--hands", type=int, default=2_000_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rows = []
    c, d = tenpai_games(args.games, args.seed)
    rows.append(("tenpai.Game, random legal actions", c, d))
    r = riichienv_games(args.games, args.seed)
    if r is not None:
        rows.append(("RiichiEnv 0.4.11, same harness", *r))
    print(f"{'games from Python (one thread)':36} {'games/s':>9} {'games/cpu-s':>12} {'decisions/game':>15} {'us/decision':>12}")
    for name, c, d in rows:
        g = args.games
        print(f"{name:36} {g / c.wall:9.1f} {g / c.cpu:12.1f} {d / g:15.0f} {c.cpu / d * 1e6:12.2f}")
    if r is not None:
        (_, a, _), (_, b, _) = rows
        print(f"ratio tenpai / RiichiEnv: {b.wall / a.wall:.1f}x wall, {b.cpu / a.cpu:.1f}x CPU")

    hands = dealt_hands(args.hands, args.seed)
    with Clock() as batch:
        out = tenpai.shanten_batch(hands)
    few = hands[: min(len(hands), 200_000)]
    with Clock() as single:
        for row in few:
            tenpai.shanten(row)
    assert out.shape == (len(hands),)
    print()
    print(f"{'shanten (one thread)':40} {'hands/s':>14} {'hands/cpu-s':>14}")
    print(f"{'tenpai.shanten_batch, (N, 34) uint8':40} {len(hands) / batch.wall:14,.0f} {len(hands) / batch.cpu:14,.0f}")
    print(f"{'tenpai.shanten per hand (Python loop)':40} {len(few) / single.wall:14,.0f} {len(few) / single.cpu:14,.0f}")
    print(f"ratio batch / per hand: {len(hands) / batch.cpu / (len(few) / single.cpu):.0f}x (CPU)")


if __name__ == "__main__":
    main()
