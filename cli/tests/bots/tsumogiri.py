"""A minimal mjai.app bot: discards every tile it draws, never calls or wins.
Usage: python3 tsumogiri.py SEAT"""
import json
import sys

seat = int(sys.argv[1])
for line in sys.stdin:
    last = json.loads(line)[-1]
    if last["type"] == "tsumo" and last["actor"] == seat:
        answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    else:
        answer = {"type": "none"}
    print(json.dumps(answer), flush=True)
