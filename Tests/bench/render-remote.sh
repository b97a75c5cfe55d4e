#!/usr/bin/env bash
# Whole-process `mapterm render` at street level (Columbus z14, 160x48) over a loopback OpenFreeMap
# stand-in (Tests/e2e/tile_server.py's /planet: versioned tile URLs, gzip) adding 30 ms to every tile,
# against the same view from the local file Tests/bench/columbus.mbtiles. Every remote run starts from
# an empty cache folder, so the TileJSON and the tiles are really fetched. The two take turns (21 timed
# runs each after 2 untimed); both draw no places (--source Tests/e2e/empty-places.json), as the
# street suite does: the figure is the tiles'. Usage: render-remote.sh path/to/mapterm [runs]
set -u
MAPTERM=$(realpath "${1:?usage: render-remote.sh path/to/mapterm [runs]}")
runs=${2:-21}
here=$(cd "$(dirname "$0")" && pwd)
home=$(mktemp -d)
python3 "$here/../e2e/tile_server.py" "$here/columbus.mbtiles" "$home/port" "$home/log" "$home" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$home"' EXIT
for _ in $(seq 250); do [ -s "$home/port" ] && break; sleep 0.02; done
[ -s "$home/port" ] || { echo "render-remote: the tile server did not start"; exit 1; }
echo 0.03 > "$home/latency"
export no_proxy="127.0.0.1,localhost" XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state"
export XDG_CONFIG_HOME="$home/config" LANG=C.UTF-8 LC_ALL=C.UTF-8
mkdir -p "$XDG_CONFIG_HOME"
view=(render --center 39.9612,-82.9988 --zoom 14 --size 160x48 --source "$here/../e2e/empty-places.json")
remote=(--tiles "http://127.0.0.1:$(cat "$home/port")/planet")
local=(--tiles "$here/columbus.mbtiles")
braille() { python3 -c 'import sys; print(sum(0x2800 < ord(c) <= 0x28FF for c in sys.stdin.read()))'; }
tile_requests() { grep -c ' /planet/' "$home/log" 2>/dev/null || echo 0; }
# run_once KIND: one render into $home/frame, its time in ms on stdout.
run_once() {
  local sources start
  if [ "$1" = remote ]; then sources=("${remote[@]}"); else sources=("${local[@]}"); fi
  rm -rf "$home/cache"
  start=$(date +%s%N)
  XDG_CACHE_HOME="$home/cache" "$MAPTERM" "${view[@]}" "${sources[@]}" > "$home/frame" 2>"$home/stderr" ||
    { echo "render-remote: $1 render failed: $(head -c 300 "$home/stderr")" >&2; exit 1; }
  echo $(( ($(date +%s%N) - start) / 100000 ))
}
# One remote render alone first: its tile requests and its frame's streets.
before=$(tile_requests)
run_once remote >/dev/null || exit 1
requests=$(( $(tile_requests) - before ))
remote_cells=$(braille < "$home/frame")
run_once local >/dev/null || exit 1
local_cells=$(braille < "$home/frame")
remote_times=(); local_times=()
for run in $(seq $((runs + 2))); do
  r=$(run_once remote) || exit 1
  l=$(run_once local) || exit 1
  [ "$run" -gt 2 ] && remote_times+=("$r") && local_times+=("$l")
done
# stats TENTHS...: "median ms (p90 x, n N)" of times in tenths of a millisecond.
stats() {
  printf '%s\n' "$@" | sort -n | awk '{ t[NR] = $1 } END {
    m = t[int((NR - 1) * 0.5) + 1]; p = t[int((NR - 1) * 0.9) + 1]
    printf "%8.1f ms  (p90 %.1f, n %d)", m / 10, p / 10, NR }'
}
median_ms() { printf '%s\n' "$@" | sort -n | awk '{ t[NR] = $1 } END { print t[int((NR - 1) * 0.5) + 1] / 10 }'; }
echo "== whole-process render, Columbus z14 160x48, no places (--source empty-places.json) =="
remote_median=$(median_ms "${remote_times[@]}")
printf '%-44s%s  target ≤ 120 ms: %s\n' "render, OpenFreeMap stand-in 30 ms/tile" "$(stats "${remote_times[@]}")" \
  "$(awk -v m="$remote_median" 'BEGIN { print (m <= 120 ? "met" : "MISSED") }')"
printf '%-44s%s\n' "render, local columbus.mbtiles" "$(stats "${local_times[@]}")"
printf '  one remote render: %d tile requests (and its TileJSON); braille cells: %d remote, %d local (streets: > 300: %s)\n' \
  "$requests" "$remote_cells" "$local_cells" "$([ "$remote_cells" -gt 300 ] && echo yes || echo NO)"
