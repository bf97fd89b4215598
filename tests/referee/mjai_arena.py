"""An independent referee for `tenpai mjai`: whole games under Mortal's
libriichi arena as the PyPI package `mjai` (0.2.1) ships it
(`mjai.mlibriichi.arena.Match`), with `tenpai mjai` processes and the
package's rule-based bot (`mjai.bot.rulebase.RulebaseBot`) at the table.

The arena sends each seat the mjai.app protocol (a JSON array of events a
line, others' tiles as "?") and checks every answer; a wrong answer ends the
game with an error (an exception, or a `ryukyoku` whose reason is "error").

    pip install mjai==0.2.1
    python3 tests/referee/mjai_arena.py --tenpai target/release/tenpai \
        --games 20 --tenpai-seats 4 --ai baseline

Exit status 0 when every game ends without a referee error.
"""

import argparse
import glob
import gzip
import json
import os
import subprocess
import sys
import tempfile

from mjai.bot.rulebase import RulebaseBot
from mjai.mlibriichi.arena import Match


class TenpaiProcess:
    """`tenpai mjai` as a process: one line in, one line out."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def react(self, line: str) -> str:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline()
        if not out:
            raise RuntimeError(
                f"tenpai mjai ended (status {self.proc.poll()}) on {line}"
            )
        return out.strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
        if self.proc.returncode != 0:
            raise RuntimeError(f"tenpai mjai exited {self.proc.returncode}")


class Engine:
    """The arena's side of one seat, as `mjai.engine.DockerMjaiLogEngine`
    speaks to a submission: the events since the seat's last answer, others'
    draws and hands hidden."""

    def __init__(self, name, player):
        self.engine_type = "mjai-log"
        self.name = name
        self.player = player
        self.player_ids = []
        self.last_event_idx = 0
        self.player_id = 0

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def _send(self, events):
        return self.player.react(json.dumps(events, separators=(",", ":")))

    def react_batch(self, game_states):
        events = []
        for game_state in game_states:
            self.player_id = self.player_ids[game_state.game_index]
            events += json.loads(game_state.events_json)
        if self.last_event_idx > len(events):
            self.last_event_idx = 0
        buffer = []
        for ev in events[self.last_event_idx :]:
            if ev["type"] == "tsumo" and ev["actor"] != self.player_id:
                ev["pai"] = "?"
            if ev["type"] == "start_kyoku":
                for p in range(4):
                    if p != self.player_id:
                        ev["tehais"][p] = ["?"] * 13
            buffer.append(ev)
        if not buffer:
            self.last_event_idx = 0
            return ['{"type":"none"}']
        self.last_event_idx = len(events)
        res = self._send(buffer)
        json.loads(res)
        return [res]

    def start_game(self, game_idx):
        self._send([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": self.player_ids[game_idx]}])

    def end_kyoku(self, game_idx):
        self._send([{"type": "end_kyoku"}])
        self.last_event_idx = 0

    def end_game(self, game_idx, scores):
        self._send([{"type": "end_game"}])


def play(args, game, tenpai_seats):
    players = []
    for seat in range(4):
        if seat < tenpai_seats:
            argv = [args.tenpai, "mjai", "--seat", str(seat), "--ai", args.ai]
            if args.ai == "mc":
                argv += ["--samples", str(args.samples)]
            players.append(TenpaiProcess(argv))
        else:
            players.append(RulebaseBot(player_id=seat))
    engines = [Engine(str(i), p) for i, p in enumerate(players)]
    with tempfile.TemporaryDirectory() as d:
        Match(log_dir=d).py_match(*engines, seed_start=(args.seed + game, 2024))
        logs = glob.glob(os.path.join(d, "*.gz"))
        if len(logs) != 1:
            raise RuntimeError(f"game {game}: {len(logs)} logs written")
        with gzip.open(logs[0], "rt") as f:
            events = [json.loads(line) for line in f]
    for p in players:
        if isinstance(p, TenpaiProcess):
            p.close()
    for e in events:
        if e["type"] == "ryukyoku" and e.get("reason") == "error":
            raise RuntimeError(f"game {game}: the referee ended a round with an error: {e}")
    if events[-1]["type"] != "end_game":
        raise RuntimeError(f"game {game}: the log ends with {events[-1]}")
    kyoku = sum(1 for e in events if e["type"] == "start_kyoku")
    horas = sum(1 for e in events if e["type"] == "hora")
    return kyoku, horas, len(events)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tenpai", default="target/release/tenpai")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tenpai-seats", type=int, default=None,
                    help="tenpai bots at seats 0..N-1, the rule-based bot at the others "
                         "(default: half the games 4, half 1)")
    ap.add_argument("--ai", default="baseline", choices=["baseline", "mc"])
    ap.add_argument("--samples", type=int, default=64)
    args = ap.parse_args()
    failures = 0
    for g in range(args.games):
        n = args.tenpai_seats
        if n is None:
            n = 4 if g < args.games // 2 else 1
        try:
            kyoku, horas, events = play(args, g, n)
            print(f"game {g}: {n} tenpai seat(s), {kyoku} rounds, {horas} wins, {events} events: ok")
        except (Exception, BaseException) as e:  # the referee panics with a BaseException
            if isinstance(e, KeyboardInterrupt):
                raise
            failures += 1
            print(f"game {g}: {n} tenpai seat(s): ERROR {e}")
    print(f"{args.games - failures} of {args.games} games without a referee error")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
