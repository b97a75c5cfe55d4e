#!/usr/bin/env bash
# CPU per key in the running map, mapterm (places on: the embedded places) against MapSCII (assembled
# by assemble.sh, on the same tiles converted), each in tmux at 80x24 and 160x48 over Europe z3.5 and
# Monaco z15: 200 pans (right and left in turn, 50 ms apart) on a fresh start, the programs in turn.
# CPU is user + system time from /proc/PID/stat over the keys and one second after them, less the
# process's idle rate (measured for 2 s before) over that time.
# Usage: cpu-per-key.sh path/to/mapterm [runs]   (MAPSCII_DIR as assemble.sh; skips, saying why,
# when MapSCII is not assembled)
set -u
MAPTERM=$(realpath "${1:?usage: cpu-per-key.sh path/to/mapterm [runs]}")
runs=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
mapscii=${MAPSCII_DIR:-$here/../../../.build/mapscii}
if [ ! -f "$mapscii/app/main.js" ]; then
  echo "CPU per key against MapSCII: skipped, MapSCII is not assembled in $mapscii (Tests/bench/mapscii/assemble.sh)"
  exit 0
fi
mapscii=$(cd "$mapscii" && pwd)
ours=$MAPTERM
source "$here/../../e2e/tmux-driver.sh"
"$ours" places --near 43.7384,7.4246 --limit 1 >/dev/null 2>&1 # builds the places database once
cache=$(mktemp -d)
cp -r "$mapscii/tiles" "$cache/mapscii-nodejs"
node_env=(env "XDG_CACHE_HOME=$cache" NODE_PATH=/usr/share/nodejs "MAPSCII_DIR=$mapscii")
"${node_env[@]}" node "$here/driver.js" serve >"$cache/port" &
server=$!
for _ in $(seq 100); do [ -s "$cache/port" ] && break; sleep 0.05; done
port=$(cat "$cache/port")
ticks=$(getconf CLK_TCK)
cpu_ms() { awk -v t="$ticks" '{ print ($14 + $15) * 1000 / t }' "/proc/$1/stat"; }
now() { date +%s.%N; }

# measure PGREP_PATTERN: the CPU per key of the process started last, in ms.
measure() {
  local pid a b c t0 t1 idle
  pid=$(pgrep -n -f "$1") || { echo "no process" >&2; return 1; }
  sleep 1
  a=$(cpu_ms "$pid"); sleep 2; b=$(cpu_ms "$pid")
  idle=$(awk -v a="$a" -v b="$b" 'BEGIN { print (b - a) / 2 }')
  t0=$(now)
  for _ in $(seq 100); do keys Right; sleep 0.05; keys Left; sleep 0.05; done
  sleep 1
  c=$(cpu_ms "$pid"); t1=$(now)
  awk -v b="$b" -v c="$c" -v i="$idle" -v s="$(awk -v x="$t0" -v y="$t1" 'BEGIN { print y - x }')" \
    'BEGIN { printf "%.2f", (c - b - s * i) / 200 }'
  keys q
}

median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
echo "== CPU per key in tmux, 200 pans, mapterm (places on) against MapSCII, load average $(cut -d' ' -f1-3 /proc/loadavg) =="
for size in "80 24" "160 48"; do
  read -r cols rows <<<"$size"
  for view in "Europe z3.5|50|10|3.5" "Monaco z15|43.7384|7.4246|15"; do
    IFS='|' read -r name lat lon zoom <<<"$view"
    a=(); b=()
    for run in $(seq "$runs"); do
      for who in ours theirs; do
        if [ "$who" = ours ]; then
          MAPTERM=$ours start "$cols" "$rows" --center "$lat,$lon" --zoom "$zoom"
          wait_for "z $zoom" 10 >/dev/null || { echo "no map on screen"; exit 1; }
          a+=("$(measure "$ours --center $lat,$lon --zoom $zoom")")
        else
          MAPTERM=env start "$cols" "$rows" "${node_env[@]}" node "$mapscii/app/main.js" --lat "$lat" \
            --lon "$lon" -z "$zoom" --tile_source "http://127.0.0.1:$port/" --style "$mapscii/style.json"
          wait_for "center:" 10 >/dev/null || { echo "no MapSCII on screen"; exit 1; }
          b+=("$(measure "main.js --lat $lat --lon $lon")")
        fi
      done
    done
    ma=$(median "${a[@]}"); mb=$(median "${b[@]}")
    printf '  %-22s mapterm %6s ms  MapSCII %6s ms  %6sx  target 10x: %s  (runs: %s / %s)\n' "$name ${cols}x$rows" \
      "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')" \
      "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print (a > 0 && b / a >= 10) ? "met" : "MISSED" }')" "${a[*]}" "${b[*]}"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
tm kill-server 2>/dev/null
kill "$server" 2>/dev/null
rm -rf "$cache"
for try in 1 2 3 4 5; do rm -rf "$E2E_HOME" 2>/dev/null && break; sleep 0.2; done
