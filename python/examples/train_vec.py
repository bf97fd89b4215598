#!/usr/bin/env python3
"""Trains a small policy against three baseline AIs with PPO, on CPU, for a
few minutes, and plots its reward curve.

The environment is ``tenpai.env.VectorEnv``: ``--envs`` east-only games
stepped together in Rust, the learner at seat 0, the other seats played by
tenpai's rule-based baseline inside Rust; the reward is the learner's score
change at each round end, in thousands of points. The policy is a two-layer
network over the features (19 planes of 34 tile values and 19 scalars) whose
illegal actions are masked out; it starts uniform over the legal actions and
learns from PPO's clipped objective with a value baseline (generalized
advantage estimation).

Needs ``pip install ./python torch matplotlib gymnasium``. Example::

    python python/examples/train_vec.py --minutes 5 --plot reward_curve.png

prints a line per update (games finished, the learner's mean points per
game and mean rank over the last 200 games) and writes the curve of both,
update by update, to ``--plot``.
"""

import argparse
import collections
import time

import numpy as np
import torch
from torch import nn

import tenpai
from tenpai.env import VectorEnv

# Features scaled to about [0, 1]: tile planes are counts up to 4; scalars
# are seat wind, round wind, dealer number, honba, sticks, four scores,
# four riichi flags, four hand sizes, the live wall and the calling seat.
SCALAR_SCALE = np.array(
    [3, 3, 4, 5, 5] + [50_000] * 4 + [1] * 4 + [14] * 4 + [70, 4], dtype=np.float32
)
INPUTS = tenpai.PLANES * 34 + tenpai.SCALARS


def encode(obs):
    """The observations as one float32 tensor (batch, INPUTS)."""
    tiles = obs["tiles"].reshape(len(obs["tiles"]), -1).astype(np.float32) / 4.0
    scalars = obs["scalars"].astype(np.float32) / SCALAR_SCALE
    return torch.from_numpy(np.concatenate([tiles, scalars], axis=1))


class Policy(nn.Module):
    """Shared trunk, masked action logits and a value head."""

    def __init__(self, hidden):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(INPUTS, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, tenpai.ACTION_SPACE)
        self.value = nn.Linear(hidden, 1)
        # Start uniform over the legal actions, and value 0.
        nn.init.zeros_(self.logits.weight)
        nn.init.zeros_(self.logits.bias)
        nn.init.zeros_(self.value.weight)
        nn.init.zeros_(self.value.bias)

    def forward(self, x, mask):
        h = self.trunk(x)
        logits = self.logits(h).masked_fill(~mask, -1e9)
        return torch.distributions.Categorical(logits=logits), self.value(h).squeeze(-1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0, help="training time")
    ap.add_argument("--updates", type=int, default=0, help="stop after this many updates (0: the time only)")
    ap.add_argument("--envs", type=int, default=256, help="games stepped together")
    ap.add_argument("--steps", type=int, default=32, help="steps per game between updates")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", default="reward_curve.png", help="where to write the curve (PNG)")
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # the games use the other cores (rayon)
    env = VectorEnv(args.envs, opponents="baseline", length="east", reward="points", copy=False)
    policy = Policy(args.hidden)
    opt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    obs, _ = env.reset(seed=args.seed)
    n, T = args.envs, args.steps
    recent_points = collections.deque(maxlen=200)
    recent_ranks = collections.deque(maxlen=200)
    curve = []  # (seconds, games, mean points, mean rank)
    games = 0
    start = time.perf_counter()
    update = 0
    while time.perf_counter() - start < args.minutes * 60 and (not args.updates or update < args.updates):
        xs, masks, acts, logps, vals, rews, dones = [], [], [], [], [], [], []
        with torch.no_grad():
            for _ in range(T):
                x, mask = encode(obs), torch.from_numpy(obs["action_mask"].astype(np.bool_))
                dist, v = policy(x, mask)
                a = dist.sample()
                xs.append(x), masks.append(mask), acts.append(a), logps.append(dist.log_prob(a)), vals.append(v)
                obs, r, term, trunc, info = env.step(a.numpy())
                rews.append(torch.from_numpy(r.astype(np.float32)) / 10.0)
                dones.append(torch.from_numpy(term.astype(np.float32)))
                for i in np.flatnonzero(term):
                    scores = info["final_info"]["final_scores"][i]
                    recent_points.append((scores[0] - 25_000) / 1000)
                    recent_ranks.append(1 + int((scores[1:] > scores[0]).sum()))
                    games += 1
            _, last_v = policy(encode(obs), torch.from_numpy(obs["action_mask"].astype(np.bool_)))
        # Generalized advantage estimation (gamma 1 within a game, lambda 0.95).
        adv = torch.zeros(T, n)
        running = torch.zeros(n)
        for t in reversed(range(T)):
            next_v = last_v if t == T - 1 else vals[t + 1]
            alive = 1.0 - dones[t]
            delta = rews[t] + next_v * alive - vals[t]
            running = delta + 0.95 * alive * running
            adv[t] = running
        ret = adv + torch.stack(vals)
        X, M, A = torch.cat(xs), torch.cat(masks), torch.cat(acts)
        old_logp, ADV, RET = torch.cat(logps), adv.reshape(-1), ret.reshape(-1)
        ADV = (ADV - ADV.mean()) / (ADV.std() + 1e-8)
        for _ in range(2):  # PPO epochs over shuffled minibatches
            for idx in torch.randperm(len(A)).split(2048):
                dist, v = policy(X[idx], M[idx])
                ratio = (dist.log_prob(A[idx]) - old_logp[idx]).exp()
                clipped = ratio.clamp(0.8, 1.2) * ADV[idx]
                loss = -torch.min(ratio * ADV[idx], clipped).mean()
                loss = loss + 0.5 * (RET[idx] - v).pow(2).mean() - 0.01 * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                opt.step()
        update += 1
        if recent_points:
            elapsed = time.perf_counter() - start
            pts, rank = float(np.mean(recent_points)), float(np.mean(recent_ranks))
            curve.append((elapsed, games, pts, rank))
            print(f"update {update:4d}  {elapsed:6.0f} s  games {games:6d}  points/game {pts:+7.2f}k  rank {rank:.2f}", flush=True)

    if curve:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        t, g, pts, rank = map(np.array, zip(*curve))
        fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
        ax1.plot(g, pts, color="tab:blue")
        ax1.axhline(0, color="grey", lw=0.5)
        ax1.set_ylabel("learner's points per game\n(thousands, last 200 games)")
        ax1.set_title(f"PPO vs three baseline AIs, east games, {n} at once ({t[-1] / 60:.1f} min on CPU)")
        ax2.plot(g, rank, color="tab:red")
        ax2.set_ylabel("mean rank (1-4)")
        ax2.set_xlabel("games finished")
        ax2.invert_yaxis()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
