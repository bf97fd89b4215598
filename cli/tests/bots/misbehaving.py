"""A bot that misbehaves on purpose (for the fault tests). Usage:
python3 misbehaving.py SEAT MODE, MODE one of
  garbage  - answers every line with text that is not JSON;
  illegal  - discards a tile it does not hold (or calls what it cannot);
  sleep    - answers its first draw after 2 seconds (past a short timeout),
             then at once;
  exit     - plays tsumogiri, then exits on its 30th line;
  flood    - answers its first draw with a line of 100,000 bytes, then plays
             tsumogiri;
  binary   - answers its first draw with bytes that are not UTF-8, then plays
             tsumogiri;
  silent   - reads everything and never answers;
  linger   - (python3 misbehaving.py SEAT linger FILE) starts a child process
             that sleeps for a minute, appends its own and the child's
             process ids to FILE, plays tsumogiri, and at the end of its
             input sleeps for a minute instead of exiting."""
import json
import os
import subprocess
import sys
import time

seat, mode = int(sys.argv[1]), sys.argv[2]
if mode == "linger":
    child = subprocess.Popen(["sleep", "60"])
    with open(sys.argv[3], "a") as f:
        f.write(f"{os.getpid()}\n{child.pid}\n")
slept = False
first_draw = True
for n, line in enumerate(sys.stdin, 1):
    last = json.loads(line)[-1]
    own_draw = last["type"] == "tsumo" and last["actor"] == seat
    if mode == "silent":
        continue
    if mode == "garbage":
        print("garbage", flush=True)
        continue
    if mode == "exit" and n == 30:
        sys.exit(3)
    if own_draw and first_draw and mode in ("flood", "binary"):
        first_draw = False
        sys.stdout.buffer.write(b"x" * 99999 + b"\n" if mode == "flood" else b"\xff\xfe{}\n")
        sys.stdout.flush()
        continue
    if own_draw and mode == "illegal":
        answer = {"type": "dahai", "actor": seat, "pai": "C" if last["pai"] != "C" else "N", "tsumogiri": False}
    elif own_draw:
        if mode == "sleep" and not slept:
            time.sleep(2)
            slept = True
        answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    elif mode == "illegal" and last["type"] == "dahai":
        answer = {"type": "pon", "actor": seat, "target": last["actor"], "pai": last["pai"], "consumed": ["1m", "1m"]}
    else:
        answer = {"type": "none"}
    print(json.dumps(answer), flush=True)
if mode == "linger":
    time.sleep(60)
