#!/usr/bin/env python3
# Test input for `tenpai shanten` batch throughput (see docs/performance.md): python3 benches/gen_hands.py 1000000 1 > hands.txt
# Generates N hands, one per line, mpsz notation: sizes 1,2,4,5,7,8,10,11,13,14
# dealt from a shuffled 136-tile wall (copy 0 of each five is red, written 0).
import random, sys
n = int(sys.argv[1]); seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
rng = random.Random(seed)
sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14]
wall = list(range(136))
out = []
for _ in range(n):
    size = sizes[rng.randrange(len(sizes))]
    hand = sorted(rng.sample(wall, size))
    groups = {s: [] for s in 'mpsz'}
    for t in hand:
        kind, copy = divmod(t, 4)
        suit = 'mpsz'[kind // 9]; num = kind % 9 + 1
        red = suit != 'z' and num == 5 and copy == 0
        groups[suit].append('0' if red else str(num))
    out.append(''.join(''.join(g) + s for s, g in groups.items() if g))
sys.stdout.write('\n'.join(out) + '\n')
