#!/usr/bin/env bash
# Peak resident size and wall time of `tenpai selfplay` as the number of games
# grows: random players at 10,000, 100,000 and 1,000,000 games and baseline
# players at 10,000, each with --json and with --log-dir. Prints a Markdown
# table (the one in docs/selfplay-memory.md and docs/guide/selfplay.md).
#
#   cargo build --release -p tenpai-cli
#   benches/selfplay_memory.sh                    # everything (about an hour on 2 busy cores)
#   benches/selfplay_memory.sh 10000 100000       # only these random-player counts
#   TENPAI=/path/to/other/tenpai benches/selfplay_memory.sh 10000   # another build
#
# Peak resident size comes from GNU time (`/usr/bin/time -f %M`, KiB). With
# --log-dir every game's log is written (about 92 KB for a random east-south
# game: a million games would fill 92 GB); a cleaner deletes the written logs
# every two seconds and counts them, so that the disk holds a few seconds'
# worth, and the script checks that every game's log was written.
set -euo pipefail

bin=${TENPAI:-target/release/tenpai}
[ -x "$bin" ] || { echo "no $bin: cargo build --release -p tenpai-cli" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(10000 100000 1000000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure PLAYERS GAMES MODE: one run; prints a table row.
measure() {
    local players=$1 games=$2 mode=$3 logs="$work/logs" kept=0 cleaner=
    local args=(selfplay --games "$games" --seed 1 --players "$players" --json)
    if [ "$mode" = "--log-dir" ]; then
        rm -rf "$logs" && mkdir -p "$logs"
        args+=(--log-dir "$logs")
        # Delete written logs as they pile up, counting them.
        (
            # No `set -e` here: a find that races the writer (a log renamed or
            # deleted under it) must not end the cleaner and fill the disk.
            set +e +o pipefail
            n=0
            while [ ! -e "$work/done" ]; do
                n=$((n + $(find "$logs" -name 'game-*.mjson' -delete -print 2>/dev/null | wc -l)))
                sleep 2
            done
            n=$((n + $(find "$logs" -name 'game-*.mjson' -delete -print 2>/dev/null | wc -l)))
            echo "$n" > "$work/deleted"
        ) &
        cleaner=$!
    fi
    rm -f "$work/done"
    /usr/bin/time -f "%M %e" -o "$work/time" "$bin" "${args[@]}" > "$work/out.json"
    if [ -n "$cleaner" ]; then
        touch "$work/done"
        wait "$cleaner"
        kept=$(cat "$work/deleted")
        [ "$kept" -eq "$games" ] || { echo "only $kept of $games logs written" >&2; exit 1; }
    fi
    read -r kib secs < "$work/time"
    local counted
    counted=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["games"])' "$work/out.json")
    [ "$counted" -eq "$games" ] || { echo "counted $counted of $games games" >&2; exit 1; }
    local output="--json"
    [ "$mode" = "--log-dir" ] && output="--json --log-dir"
    awk -v p="${players%%,*}" -v g="$games" -v o="$output" -v k="$kib" -v s="$secs" \
        'BEGIN { printf "| %s | %d | `%s` | %.1f MiB | %.1f s | %.0f |\n", p, g, o, k / 1024, s, g / s }'
}

echo "tenpai selfplay, $(nproc) cores, $(date -u +%Y-%m-%d), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| players | games | output | peak resident | wall time | games/s |"
echo "|---|---|---|---|---|---|"
for n in "${counts[@]}"; do
    for mode in --json --log-dir; do
        measure random,random,random,random "$n" "$mode"
    done
done
if [ $# -eq 0 ]; then
    for mode in --json --log-dir; do
        measure baseline,baseline,baseline,baseline 10000 "$mode"
    done
fi
