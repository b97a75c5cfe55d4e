# Being a good citizen of tile servers, with a tile server of its own on 127.0.0.1 that logs every
# request: a tile the disk cache cannot hold is asked for once, not again and again (no cache, a tile
# above the limit, an idle map); downloads never share a file, never write into a file that is not
# theirs, start at once and stay small whatever the area, and give up quickly on a closed port.

cache_dir=$(mktemp -d)
rm -f "$cache_dir/port"
python3 "$here/tile_server.py" "$here/../bench/columbus.mbtiles" "$cache_dir/port" "$cache_dir/log" "$cache_dir" \
  2>/dev/null &
cache_pid=$!
for _ in $(seq 250); do [ -s "$cache_dir/port" ] && break; sleep 0.02; done
cache_url="http://127.0.0.1:$(cat "$cache_dir/port")"
trap 'kill $cache_pid 2>/dev/null; tm kill-server 2>/dev/null' EXIT
export no_proxy="127.0.0.1,localhost"
cache_view=(--source "$here/empty-places.json" --center 39.9612,-82.9988 --zoom 15.5)
cache_render=(--source "$here/empty-places.json" --center 39.9612,-82.9988 --zoom 13 --size 200x60)

# cache_config NAME MB: a config folder whose config.json sets tile_cache_mb to MB (and no default
# tile source); prints its path.
cache_config() {
  mkdir -p "$cache_dir/$1/mapterm"
  printf '{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9", "tile_cache_mb": %s}\n' "$2" > "$cache_dir/$1/mapterm/config.json"
  echo "$cache_dir/$1"
}

# cache_requests MARK: "REQUESTS DISTINCT" of the tile requests whose URL holds MARK.
cache_requests() {
  grep -F -- "$1" "$cache_dir/log" | awk '{ print $2 }' | sort | uniq -c |
    awk '{ made += $1; distinct += 1 } END { print made + 0, distinct + 0 }'
}

cache_braille() { python3 -c 'import sys; print(sum(0x2800 < ord(c) <= 0x28FF for c in sys.stdin.read()))'; }

render_without_a_disk_cache_asks_each_tile_once() {
  local config cells made distinct
  config=$(cache_config nocache 0)
  cells=$(XDG_CONFIG_HOME=$config XDG_CACHE_HOME="$cache_dir/cache-nocache" timeout 30 "$MAPTERM" render \
    "${cache_render[@]}" --tiles "$cache_url/tiles/{z}/{x}/{y}.pbf?c13=nocache" | cache_braille)
  read -r made distinct < <(cache_requests 'c13=nocache')
  echo "  $made requests for $distinct tiles, $cells braille cells"
  [ "$cells" -gt 300 ] && [ "$made" -eq "$distinct" ] && [ "$made" -le 40 ] &&
    [ -z "$(find "$cache_dir/cache-nocache" -name '*.mbtiles' 2>/dev/null)" ]
}

render_with_tiles_above_the_limit_asks_each_tile_once() {
  local config cells made distinct
  config=$(cache_config onemb 1)
  echo 1200000 > "$cache_dir/pad"
  cells=$(XDG_CONFIG_HOME=$config timeout 30 "$MAPTERM" render "${cache_render[@]}" \
    --tiles "$cache_url/tiles/{z}/{x}/{y}.pbf?c13=big" | cache_braille)
  rm -f "$cache_dir/pad"
  read -r made distinct < <(cache_requests 'c13=big')
  echo "  $made requests for $distinct tiles of 1.2 MB, $cells braille cells"
  [ "$cells" -gt 300 ] && [ "$made" -eq "$distinct" ] && [ "$made" -le 40 ]
}

a_fraction_or_negative_cache_size_is_one_line_exit_2() {
  local size config out status
  for size in 0.5 -1 1e9; do
    config=$(cache_config "bad$size" "$size")
    out=$(XDG_CONFIG_HOME=$config "$MAPTERM" render "${cache_render[@]}" 2>&1 >/dev/null); status=$?
    echo "  $size: $out"
    [ $status -eq 2 ] && echo "$out" | grep -q '"tile_cache_mb" in .* must be a whole number of megabytes' || return 1
  done
}

an_idle_map_without_a_disk_cache_asks_nothing_more() {
  local config before distinct after
  config=$(cache_config idle 0)
  XDG_CONFIG_HOME=$config start 120 40 "${cache_view[@]}" --tiles "$cache_url/tiles/{z}/{x}/{y}.pbf?c13=idle"
  wait_for 'High St|Broad St|State St|Front St' 10 || return 1
  wait_until_not '↓ [0-9]+ tile' 10 || return 1
  read -r before distinct < <(cache_requests 'c13=idle')
  sleep 3 # an absence is measured over time
  read -r after _ < <(cache_requests 'c13=idle')
  echo "  $before requests for $distinct tiles, $after after 3 s idle"
  [ "$before" -eq "$distinct" ] && [ "$after" -eq "$before" ]
}

two_downloads_into_one_file_both_end() {
  local args a b status_a status_b made
  echo 0.05 > "$cache_dir/latency"
  args=(--tiles "$cache_url/tiles/{z}/{x}/{y}.pbf?c13=twice" --around 39.96,-82.99 --radius 3 --zoom 10-14
    --out "$cache_dir/twice.mbtiles")
  timeout 30 "$MAPTERM" download "${args[@]}" 2>"$cache_dir/a.err" & a=$!
  timeout 30 "$MAPTERM" download "${args[@]}" 2>"$cache_dir/b.err" & b=$!
  wait $a; status_a=$?
  wait $b; status_b=$?
  rm -f "$cache_dir/latency"
  echo "  exits $status_a and $status_b: $(tail -1 "$cache_dir/a.err" | tr -d '\r'); $(tail -1 "$cache_dir/b.err")"
  [ $((status_a + status_b)) -eq 2 ] && [ $((status_a * status_b)) -eq 0 ] || return 1
  cat "$cache_dir/a.err" "$cache_dir/b.err" | grep -q "another mapterm is downloading into $cache_dir/twice.mbtiles" ||
    return 1
  # The one that ran left every tile in the file: a third run asks for nothing.
  read -r made _ < <(cache_requests 'c13=twice')
  "$MAPTERM" download "${args[@]}" 2>/dev/null || return 1
  [ "$(cache_requests 'c13=twice' | cut -d' ' -f1)" -eq "$made" ]
}

a_download_refuses_a_file_it_did_not_make() {
  local places="$XDG_DATA_HOME/mapterm/places.sqlite" foreign="$cache_dir/foreign.mbtiles" file out status before
  [ -e "$places" ] || "$MAPTERM" places --near 43.7384,7.4246 --radius 1 >/dev/null 2>&1
  python3 - "$foreign" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""CREATE TABLE metadata (name TEXT, value TEXT);
CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
INSERT INTO metadata VALUES ('format', 'pbf');""")
db.close()
PY
  for file in "$places" "$foreign"; do
    [ -s "$file" ] || return 1
    before=$(sha256sum "$file")
    out=$("$MAPTERM" download --tiles "$cache_url/tiles/{z}/{x}/{y}.pbf?c13=refuse" --bbox 39.95,-83.01,39.97,-82.98 \
      --zoom 12 --out "$file" 2>&1); status=$?
    echo "  $out"
    [ $status -eq 2 ] && echo "$out" | grep -q "is not an MBTiles file made by mapterm" || return 1
    [ "$(sha256sum "$file")" = "$before" ] || return 1
  done
  [ "$(cache_requests 'c13=refuse' | cut -d' ' -f1)" -eq 0 ]
}

# Runs a whole-world download for SECONDS, sampling its memory: "PEAK_MB FIRST_REQUEST_SECONDS".
whole_world_download_figures() {
  python3 - "$MAPTERM" "$cache_url/tiles/{z}/{x}/{y}.pbf?c13=world" "$cache_dir/world.mbtiles" "$cache_dir/log" \
    "$1" <<'PY'
import os, signal, subprocess, sys, time
binary, source, out, log, seconds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
start = time.time()
process = subprocess.Popen([binary, "download", "--yes", "--tiles", source, "--bbox", "-85,-180,85,180",
                            "--zoom", "0-16", "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = 0
while time.time() - start < seconds and process.poll() is None:
    with open(f"/proc/{process.pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))
    peak = max(peak, rss // 1024)
    if peak > 500:  # far past the target: stop before it hurts the machine
        break
    time.sleep(0.05)
process.send_signal(signal.SIGINT)
try:
    process.wait(5)
except subprocess.TimeoutExpired:
    process.kill()
first = min((float(line.split()[0]) for line in open(log) if "c13=world" in line), default=float("inf"))
print(peak, round(first - start, 2))
PY
}

a_whole_world_download_starts_at_once_in_little_memory() {
  local peak first
  read -r peak first < <(whole_world_download_figures 5)
  echo "  peak ${peak} MB over 5 s, first request after ${first} s"
  [ "$peak" -lt 100 ] && python3 -c "import sys; sys.exit(0 if float('$first') < 2 else 1)"
}

a_closed_port_stops_a_whole_world_download_quickly() {
  local port started status out seconds
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  started=$(date +%s.%N)
  timeout 30 "$MAPTERM" download --yes --tiles "http://127.0.0.1:$port/{z}/{x}/{y}.pbf" --bbox -85,-180,85,180 \
    --zoom 0-12 --out "$cache_dir/closed.mbtiles" 2>"$cache_dir/closed.err"; status=$?
  out=$(tail -1 "$cache_dir/closed.err")
  seconds=$(python3 -c "import time; print(round(time.time() - $started, 1))")
  echo "  after ${seconds} s: $out"
  [ "$status" -eq 2 ] && echo "$out" | grep -q 'could not connect' &&
    python3 -c "import sys; sys.exit(0 if $seconds < 10 else 1)"
}

check "render without a disk cache (tile_cache_mb 0) asks for each tile once" render_without_a_disk_cache_asks_each_tile_once
check "render with tiles above the cache limit asks for each tile once" render_with_tiles_above_the_limit_asks_each_tile_once
check "tile_cache_mb must be a whole number 0...1000000: else one line, exit 2" a_fraction_or_negative_cache_size_is_one_line_exit_2
check "an idle map without a disk cache asks for nothing more" an_idle_map_without_a_disk_cache_asks_nothing_more
check "two downloads into one file: one downloads, the other is refused, both end" two_downloads_into_one_file_both_end
check "download refuses places.sqlite and a foreign MBTiles file, leaving them unchanged" a_download_refuses_a_file_it_did_not_make
check "a whole-world download starts at once and stays under 100 MB" a_whole_world_download_starts_at_once_in_little_memory
check "a whole-world download against a closed port gives up within 10 s" a_closed_port_stops_a_whole_world_download_quickly
tm kill-server 2>/dev/null
kill $cache_pid 2>/dev/null
rm -rf "$cache_dir"
