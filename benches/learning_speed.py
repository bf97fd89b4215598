#!/usr/bin/env python3
"""Decisions per second for learning agents, side by side, in one run.

Every contender plays east-south games with red fives, choosing uniformly at
random among the legal actions, each in a process of its own (so that its
memory and CPU time are its own), for about `--seconds` seconds after a
warm-up:

- `tenpai.VecGame(n)` for each n of `--sizes`: all four seats played by the
  caller; each step writes every game's features (PLANES x 34 planes and
  SCALARS scalars of the seat asked), legal-action mask, legal list and
  count into the reused NumPy arrays; the random actions are drawn with
  NumPy, a uniform position below each row's `legal_count` in its row of
  `legal`. Decisions = n x steps.
- `tenpai.Game`: one game at a time from Python, `random.choice` over
  `legal_actions()` (no features asked).
- RiichiEnv 0.4.11 (`RiichiEnv(game_mode="4p-red-half")`, mjai logging off):
  the same loop as `tenpai.Game`; each action given to a player counts.
- mahjax 0.1.6 on JAX's CPU backend (`red_mahjong`, `round_mode="half"`,
  auto-reset wrapper), for each batch size of `--mahjax-sizes`: one jitted
  function draws a random legal action per game (`jax.random.categorical`
  over the mask), steps and builds the observations; compile time is
  reported apart.

Rates are per wall-clock second and per CPU second of the process (all its
threads: rayon's for tenpai, XLA's for JAX); on a machine shared with other
work, the CPU-second rate is the one that compares engines. Memory: the
process's resident set (VmRSS) after the warm-up, its largest value at five
points of the run, and at the end, so that a leak shows as growth with the
number of steps (a VecGame holds each row's game in progress and its last
finished one: its memory grows during the first games, then stays).

Usage (RiichiEnv and mahjax optional: `pip install riichienv==0.4.11
mahjax==0.1.6 jax`; a contender that cannot be imported or run is listed
with the reason):

    python benches/learning_speed.py [--seconds 10] [--sizes 1,64,256,1024]
                                     [--mahjax-sizes 1,64,1024] [--skip mahjax]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time


def rss_mb():
    """The resident set of this process, in MiB (Linux; None elsewhere)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Run:
    """Counts decisions and times a run after its warm-up."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.decisions = 0
        self.rss = []

    def start(self):
        self.rss.append(rss_mb())
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def going(self):
        """True until the time is up; samples the resident set on the way."""
        elapsed = time.perf_counter() - self.wall
        if elapsed >= self.seconds * len(self.rss) / 5:
            self.rss.append(rss_mb())
        return elapsed < self.seconds

    def stop(self, **extra):
        wall = time.perf_counter() - self.wall
        cpu = time.process_time() - self.cpu
        self.rss.append(rss_mb())
        return dict(decisions=self.decisions, wall=wall, cpu=cpu, rss=self.rss, **extra)


def run_vecgame(n, seconds):
    import numpy as np

    import tenpai

    vg = tenpai.VecGame(n, seed=1)
    rng = np.random.default_rng(1)
    # The arrays are rewritten in place: the flat view of `legal` and the
    # counts stay valid from step to step.
    legal, count = vg.legal.reshape(-1), vg.legal_count
    row_start = np.arange(n) * tenpai.MAX_LEGAL

    def step():
        # A uniform position among each row's legal_count actions.
        pick = (rng.random(n) * count).astype(np.intp)
        vg.step(legal[row_start + pick])

    for _ in range(max(1, 2000 // n)):  # warm-up: caches, the allocator, rayon's threads
        step()
    run = Run(seconds)
    run.start()
    steps = 0
    while run.going():
        for _ in range(max(1, 256 // n)):
            step()
            steps += 1
    run.decisions = steps * n
    games = int(vg.seeds.sum() - np.arange(1, n + 1).sum()) // n  # games finished, all rows
    return run.stop(steps=steps, games=games)


def run_game(seconds):
    import tenpai

    rng = random.Random(1)
    run = Run(seconds)
    run.start()
    games = 0
    while run.going():
        game = tenpai.Game(seed=games)
        while not game.done:
            game.step(rng.choice(game.legal_actions()))
            run.decisions += 1
        games += 1
    return run.stop(games=games)


def run_riichienv(seconds):
    from riichienv import RiichiEnv

    rng = random.Random(1)
    run = Run(seconds)
    run.start()
    games = 0
    while run.going():
        env = RiichiEnv(game_mode="4p-red-half", seed=games, skip_mjai_logging=True)
        obs = env.reset()
        while not env.done():
            actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()}
            run.decisions += len(actions)
            obs = env.step(actions)
        games += 1
    return run.stop(games=games)


def run_mahjax(n, seconds):
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import jax.numpy as jnp
    import mahjax
    from mahjax.wrappers import auto_reset

    env = mahjax.make("red_mahjong", round_mode="half", observe_type="dict")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))
    observe = jax.vmap(env.observe)

    @jax.jit
    def one(state, key):
        k1, k2 = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k1, logits, axis=-1)
        state = step(state, action, jax.random.split(k2, n))
        return state, observe(state)

    key = jax.random.PRNGKey(1)
    t = time.perf_counter()
    state = init(jax.random.split(key, n))
    for _ in range(2):  # the second call too: a state out of `one` may trace anew
        key, k = jax.random.split(key)
        state, obs = one(state, k)
        jax.block_until_ready(obs)
    compile_s = time.perf_counter() - t
    run = Run(seconds)
    run.start()
    steps = games = 0
    while run.going():
        key, k = jax.random.split(key)
        state, obs = one(state, k)
        jax.block_until_ready(obs)
        games += int(state.terminated.sum())
        steps += 1
    run.decisions = steps * n
    return run.stop(steps=steps, games=games, compile_s=compile_s)


def child(name, n, seconds):
    """Runs one contender; prints its result as one JSON line."""
    try:
        if name == "vecgame":
            r = run_vecgame(n, seconds)
        elif name == "game":
            r = run_game(seconds)
        elif name == "riichienv":
            r = run_riichienv(seconds)
        elif name == "mahjax":
            r = run_mahjax(n, seconds)
        else:
            raise ValueError(name)
    except ImportError as e:
        r = {"error": f"not installed ({e})"}
    except Exception as e:  # a contender that fails is reported, not fatal
        r = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(r))


def label(name, n):
    return {
        "vecgame": f"tenpai.VecGame, n = {n}",
        "game": "tenpai.Game (one game from Python)",
        "riichienv": "RiichiEnv 0.4.11",
        "mahjax": f"mahjax 0.1.6, JAX CPU, batch {n}",
    }[name]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="timed seconds per contender")
    ap.add_argument("--sizes", default="1,64,256,1024", help="VecGame sizes")
    ap.add_argument("--mahjax-sizes", default="1,64,1024", help="mahjax batch sizes")
    ap.add_argument("--skip", default="", help="contenders to leave out: game,riichienv,mahjax")
    ap.add_argument("--child", nargs=3, metavar=("NAME", "N", "SECONDS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), float(args.child[2]))
        return

    skip = set(filter(None, args.skip.split(",")))
    plan = [("vecgame", int(n)) for n in args.sizes.split(",") if n]
    if not plan and args.sizes:
        sys.exit("--sizes: expected sizes such as 1,64,1024")
    plan += [(c, 1) for c in ("game", "riichienv") if c not in skip]
    if "mahjax" not in skip:
        plan += [("mahjax", int(n)) for n in args.mahjax_sizes.split(",") if n]
    results = []
    for name, n in plan:
        cmd = [sys.executable, __file__, "--child", name, str(n), str(args.seconds)]
        out = subprocess.run(cmd, capture_output=True, text=True)
        lines = out.stdout.strip().splitlines()
        try:
            r = json.loads(lines[-1])
        except (IndexError, json.JSONDecodeError):
            tail = (out.stderr.strip().splitlines() or ["no output"])[-1]
            r = {"error": f"exit {out.returncode}: {tail}"}
        results.append((label(name, n), r))
        print(f"  {label(name, n)}: done", file=sys.stderr, flush=True)

    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    head = f"{'contender':40} {'decisions':>11} {'per s':>11} {'per CPU-s':>11} {'RSS MiB start/max/end':>22}  note"
    print(head)
    for name, r in results:
        if "error" in r:
            print(f"{name:40} {'-':>11} {'-':>11} {'-':>11} {'-':>22}  {r['error']}")
            continue
        start, peak, end = r["rss"][0], max(r["rss"]), r["rss"][-1]
        rss = f"{start:.0f} -> {peak:.0f} -> {end:.0f}" if start is not None else "-"
        note = f"{r.get('games', 0)} games"
        if "compile_s" in r:
            note += f", compile {r['compile_s']:.0f} s"
        print(
            f"{name:40} {r['decisions']:11,} {r['decisions'] / r['wall']:11,.0f} "
            f"{r['decisions'] / r['cpu']:11,.0f} {rss:>22}  {note}"
        )
    broken = [name for name, r in results if "error" in r and name.startswith("tenpai")]
    if broken:  # the others may be missing here; tenpai's own contenders must run
        sys.exit(f"failed: {', '.join(broken)}")
    rates = {name: r["decisions"] / r["cpu"] for name, r in results if "error" not in r}
    ours = [(v, k) for k, v in rates.items() if k.startswith("tenpai.VecGame")]
    if not ours:
        return
    best = max(ours)
    for other in [k for k in rates if not k.startswith("tenpai.VecGame")]:
        print(f"ratio {best[1]} / {other}: {best[0] / rates[other]:.1f}x per CPU-s")


if __name__ == "__main__":
    main()
