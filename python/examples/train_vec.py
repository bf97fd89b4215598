#!/usr/bin/env python3
"""Trains a small policy against three baseline AIs with PPO, on CPU, for a
few minutes, and plots its reward curve.

The environment is ``tenpai.env.VectorEnv``: ``--envs`` east-only games
stepped together in Rust, the learner at seat 0, the other seats played by
tenpai's rule-based baseline inside Rust; the reward is the learner's score
change at each round end, in thousands of points. The policy is a small
convolution over the 34 tile kinds (the 19 feature planes as channels, the
19 scalars added in), scoring each discard tile by tile, with a head for the
other actions and a value head; illegal actions are masked out. It starts
uniform over the legal actions and learns from PPO's clipped objective with
a value baseline (generalized advantage estimation).

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

# Scalars scaled to about [0, 1]: seat wind, round wind, dealer number,
# honba, sticks, four scores, four riichi flags, four hand sizes, the live
# wall and the calling seat.
SCALAR_SCALE = np.array(
    [3, 3, 4, 5, 5] + [50_000] * 4 + [1] * 4 + [14] * 4 + [70, 4], dtype=np.float32
)
# PPO's settings: discount and GAE lambda (a round's reward comes some 20
# decisions after the choices that made it), epochs and minibatch size.
GAMMA, LAMBDA, EPOCHS, MINIBATCH = 0.97, 0.9, 2, 1024
# The red fives' places among the 34 kinds (5m, 5p, 5s): actions 34-36 of
# each discard block.
RED = [4, 13, 22]
# Action blocks scored tile by tile: discard, tsumogiri, riichi, riichi
# tsumogiri, each 34 kinds then the three red fives (tenpai.action_name).
TILE_BLOCKS = 4
OTHER = tenpai.ACTION_SPACE - TILE_BLOCKS * 37  # tsumo, ron, calls, kans, pass...


def encode(obs):
    """The observations as float32 tensors: planes (batch, PLANES, 34) and
    scalars (batch, SCALARS)."""
    tiles = torch.from_numpy(obs["tiles"].astype(np.float32) / 4.0)
    scalars = torch.from_numpy(obs["scalars"].astype(np.float32) / SCALAR_SCALE)
    return tiles, scalars


class Policy(nn.Module):
    """A small convolution over the 34 tile kinds (the planes are channels,
    so a tile is judged with its neighbours the same way wherever it
    stands), one logit per tile and discard kind, a head for the other
    actions, and a value head; illegal actions are masked out."""

    def __init__(self, hidden):
        super().__init__()
        self.scalars = nn.Linear(tenpai.SCALARS, hidden)
        self.conv1 = nn.Conv1d(tenpai.PLANES, hidden, 3, padding=1)
        self.conv2 = nn.Conv1d(hidden, hidden, 3, padding=1)
        self.tile_logits = nn.Conv1d(hidden, TILE_BLOCKS, 1)
        self.other_logits = nn.Linear(2 * hidden, OTHER)
        self.value = nn.Linear(2 * hidden, 1)
        # Start uniform over the legal actions, and value 0.
        for head in (self.tile_logits, self.other_logits, self.value):
            nn.init.zeros_(head.weight)
            nn.init.zeros_(head.bias)

    def forward(self, x, mask):
        tiles, scalars = x
        h = torch.relu(self.conv1(tiles) + self.scalars(scalars).unsqueeze(-1))
        h = torch.relu(self.conv2(h))  # (batch, hidden, 34)
        per_tile = self.tile_logits(h)  # (batch, 4, 34)
        per_tile = torch.cat([per_tile, per_tile[:, :, RED]], dim=2).flatten(1)  # (batch, 148)
        pooled = torch.cat([h.mean(-1), h.amax(-1)], dim=1)
        logits = torch.cat([per_tile, self.other_logits(pooled)], dim=1).masked_fill(~mask, -1e9)
        return torch.distributions.Categorical(logits=logits), self.value(pooled).squeeze(-1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0, help="training time")
    ap.add_argument("--updates", type=int, default=0, help="stop after this many updates (0: the time only)")
    ap.add_argument("--envs", type=int, default=128, help="games stepped together")
    ap.add_argument("--steps", type=int, default=32, help="steps per game between updates")
    ap.add_argument("--hidden", type=int, default=32, help="channels")
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
        # Generalized advantage estimation (discount GAMMA, lambda LAMBDA; a
        # game's end cuts the returns).
        adv = torch.zeros(T, n)
        running = torch.zeros(n)
        for t in reversed(range(T)):
            next_v = last_v if t == T - 1 else vals[t + 1]
            alive = 1.0 - dones[t]
            delta = rews[t] + GAMMA * next_v * alive - vals[t]
            running = delta + GAMMA * LAMBDA * alive * running
            adv[t] = running
        ret = adv + torch.stack(vals)
        X = (torch.cat([x[0] for x in xs]), torch.cat([x[1] for x in xs]))
        M, A = torch.cat(masks), torch.cat(acts)
        old_logp, ADV, RET = torch.cat(logps), adv.reshape(-1), ret.reshape(-1)
        ADV = (ADV - ADV.mean()) / (ADV.std() + 1e-8)
        for _ in range(EPOCHS):  # PPO epochs over shuffled minibatches
            for idx in torch.randperm(len(A)).split(MINIBATCH):
                dist, v = policy((X[0][idx], X[1][idx]), M[idx])
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
