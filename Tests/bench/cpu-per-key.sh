#!/usr/bin/env bash
# CPU time of the map process per key, and while idle, on a 160x48 map in tmux at Market Street z15
# (shipped streets and places): 120 pans (right and left in turn, 50 ms apart), each run on a fresh
# start with the places database already built; CPU is user + system time from /proc/PID/stat.
# Usage: cpu-per-key.sh path/to/mapterm [runs]
set -u
MAPTERM=$(realpath "${1:?usage: cpu-per-key.sh path/to/mapterm [runs]}")
runs=${2:-5}
here=$(dirname "$0")/../e2e
source "$here/tmux-driver.sh"
"$MAPTERM" places --near 37.7793,-122.4193 --limit 1 >/dev/null 2>&1  # builds the database once
ticks=$(getconf CLK_TCK)
cpu_ms() { awk -v t="$ticks" '{ print ($14 + $15) * 1000 / t }' "/proc/$1/stat"; }
per_key=(); idle=()
for run in $(seq "$runs"); do
  start 160 48 --center 37.7793,-122.4193 --zoom 15
  wait_for '⌂' 10 >/dev/null || { echo "no map on screen"; exit 1; }
  pid=$(pgrep -n -f "$MAPTERM --center 37.7793,-122.4193 --zoom 15")
  sleep 1
  a=$(cpu_ms "$pid"); sleep 4; b=$(cpu_ms "$pid")
  idle+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) / 4 }')")
  for i in $(seq 60); do keys Right; sleep 0.05; keys Left; sleep 0.05; done
  sleep 1
  c=$(cpu_ms "$pid")
  # The 7 s or so from b to c (6 s of keys, 1 s after them) hold idle time too: take its share off.
  per_key+=("$(awk -v b="$b" -v c="$c" -v i="${idle[-1]}" 'BEGIN { printf "%.2f", (c - b - 7 * i) / 120 }')")
  keys q
done
tm kill-server 2>/dev/null
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
printf '%-44s%8s ms  (runs: %s)\n' "CPU per key, pan at z15 (tmux, 160x48)" "$(median "${per_key[@]}")" "${per_key[*]}"
printf '%-44s%8s ms/s (runs: %s)\n' "CPU while idle" "$(median "${idle[@]}")" "${idle[*]}"
# A map killed with its tmux server may still be saving its last view there: try again briefly.
for try in 1 2 3 4 5; do rm -rf "$E2E_HOME" 2>/dev/null && break; sleep 0.2; done
