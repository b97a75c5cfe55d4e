# Tile sources over the network, from a tile server on 127.0.0.1 serving the Columbus street tiles
# (which the program does not ship): render waits for them and names what fails; the map draws at once,
# streets appear as they arrive, and, the server stopped, the cached ones still show. Stand-ins of the
# public services (tile_server.py): OpenFreeMap's versioned URLs, gzip and empty 200s, OSM US's 204 and
# 404, VersaTiles' extension-less URLs, a Protomaps planet archive read by range requests; the
# User-Agent the server sees; downloads refused for services whose terms forbid them.

tiles_dir=$(mktemp -d)
columbus="$here/../bench/columbus.mbtiles"
start_tile_server() {
  rm -f "$tiles_dir/port"
  # A planet stand-in: any PMTiles archive under a Protomaps build's name.
  cp "$here/../VectorTilesTests/Fixtures/world-z5-leaves.pmtiles" "$tiles_dir/20261201.pmtiles"
  python3 "$here/tile_server.py" "$columbus" "$tiles_dir/port" "$tiles_dir/log" "$tiles_dir" \
    "$here/../VectorTilesTests/Fixtures/monaco.pmtiles" "$tiles_dir/20261201.pmtiles" 2>/dev/null &
  tile_pid=$!
  for _ in $(seq 250); do [ -s "$tiles_dir/port" ] && break; sleep 0.02; done
  tiles_url="http://127.0.0.1:$(cat "$tiles_dir/port")"
}
start_tile_server
trap 'kill $tile_pid 2>/dev/null; tm kill-server 2>/dev/null' EXIT
export no_proxy="127.0.0.1,localhost"
columbus_view=(--center 39.9612,-82.9988 --zoom 15.5)
street_names='High St|Broad St|State St|Front St'
braille_cells() { python3 -c 'import sys; print(sum(0x2800 < ord(c) <= 0x28FF for c in sys.stdin.read()))'; }

render_waits_for_server_tiles() {
  local out; out=$("$MAPTERM" render "${columbus_view[@]}" --size 100x30 --tiles "$tiles_url/tiles/{z}/{x}/{y}.pbf" 2>&1)
  local streets; streets=$(printf '%s' "$out" | braille_cells)
  echo "  $streets braille cells"
  [ "$streets" -gt 300 ] && grep -q 'mapterm/[0-9]' "$tiles_dir/log"
}

render_reads_a_tilejson_and_its_attribution() {
  "$MAPTERM" render "${columbus_view[@]}" --size 100x30 --tiles "$tiles_url/tilejson.json" --attribution 2>&1 |
    tail -1 | grep -q '© Loopback tiles' || return 1
  # --about names it too, from the cache, without the network.
  "$MAPTERM" --about --tiles "$tiles_url/tilejson.json" | grep -q 'tilejson.json: © Loopback tiles'
}

remote_pmtiles_draw_like_the_local_file() {
  local view=(--center 43.7384,7.4246 --zoom 15 --size 100x30)
  local local_frame remote_frame
  local_frame=$("$MAPTERM" render "${view[@]}" --tiles "$here/../VectorTilesTests/Fixtures/monaco.pmtiles")
  remote_frame=$("$MAPTERM" render "${view[@]}" --tiles "$tiles_url/archive.pmtiles")
  [ -n "$local_frame" ] && [ "$local_frame" = "$remote_frame" ]
}

# The schema fixtures (Monaco in OpenMapTiles, Shortbread and Protomaps v4) over a resources folder
# whose Monaco sample is replaced by the Bay Area one, so only the fixture draws Monaco's streets.
schema_view=(--center 43.7384,7.4246 --zoom 16 --size 120x40)
# (`ln -sfn`: a second call must replace the links, not follow a link to a folder and write into the
# source tree.)
schema_resources() {
  local dir="$tiles_dir/resources" f
  mkdir -p "$dir"
  for f in "$here"/../../Resources/*; do ln -sfn "$(realpath "$f")" "$dir/$(basename "$f")"; done
  ln -sfn "$(realpath "$here/../../Resources/bayarea.mbtiles")" "$dir/monaco.mbtiles"
  echo "$dir"
}

every_schema_draws_monaco_without_a_notice() {
  local resources; resources=$(schema_resources)
  local fixture out cells
  for fixture in monaco-omt.mbtiles monaco-shortbread.mbtiles monaco-protomaps.pmtiles; do
    # The fixtures' own cafés, ATMs, … left out: a name gives way whole to a marker it would touch, and
    # this compares the streets and names the schemas draw.
    out=$(MAPTERM_RESOURCES="$resources" "$MAPTERM" render "${schema_view[@]}" \
      --hide cafe,restaurant,pharmacy,drinking_water,station,atm,hospital \
      --tiles "$here/../Fixtures/schemas/$fixture" 2>"$tiles_dir/schema.err") || return 1
    cells=$(printf '%s' "$out" | braille_cells)
    echo "  $fixture: $cells braille cells$(cat "$tiles_dir/schema.err")"
    [ ! -s "$tiles_dir/schema.err" ] && [ "$cells" -gt 800 ] || return 1
    printf '%s' "$out" | grep -q 'Boulevard de Suisse' || return 1
  done
  # Without the fixture, the view has no streets at all.
  cells=$(MAPTERM_RESOURCES="$resources" "$MAPTERM" render "${schema_view[@]}" | braille_cells)
  echo "  no fixture: $cells braille cells"
  [ "$cells" -lt 100 ]
}

remote_protomaps_draw_like_the_local_file() {
  local resources; resources=$(schema_resources)
  local archive="$here/../Fixtures/schemas/monaco-protomaps.pmtiles" dir="$tiles_dir/protomaps-server"
  mkdir -p "$dir"
  python3 "$here/tile_server.py" "$columbus" "$dir/port" "$dir/log" "$dir" "$archive" 2>/dev/null &
  local pid=$!
  for _ in $(seq 250); do [ -s "$dir/port" ] && break; sleep 0.02; done
  local url="http://127.0.0.1:$(cat "$dir/port")/archive.pmtiles" local_frame remote_frame
  local_frame=$(MAPTERM_RESOURCES="$resources" "$MAPTERM" render "${schema_view[@]}" --tiles "$archive")
  remote_frame=$(MAPTERM_RESOURCES="$resources" "$MAPTERM" render "${schema_view[@]}" --tiles "$url" 2>"$dir/err")
  kill $pid 2>/dev/null
  echo "  $(printf '%s' "$remote_frame" | braille_cells) braille cells over HTTP$(cat "$dir/err")"
  [ -n "$local_frame" ] && [ "$local_frame" = "$remote_frame" ] && [ ! -s "$dir/err" ]
}

a_rangeless_server_is_one_clear_error() {
  touch "$tiles_dir/norange"
  local out status
  # Another URL than the earlier check's, whose tiles are cached (and would be drawn from the cache).
  out=$("$MAPTERM" render --center 43.7384,7.4246 --zoom 15 --size 80x20 --tiles "$tiles_url/archive.pmtiles?v=2" 2>&1 >/dev/null)
  status=$?
  rm -f "$tiles_dir/norange"
  echo "  $out"
  [ $status -eq 2 ] && [ "$(printf '%s\n' "$out" | grep -c 'does not answer range requests')" -eq 1 ]
}

wrong_sources_are_one_line_and_exit_2() {
  local port; port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  local source out status
  for source in "http://127.0.0.1:$port/{z}/{x}/{y}.pbf" "$tiles_url/notiles.json" "http://no-such-host.invalid/t.json"; do
    out=$("$MAPTERM" render "${columbus_view[@]}" --size 80x20 --timeout 5 --tiles "$source" 2>&1 >/dev/null)
    status=$?
    echo "  $out"
    [ $status -eq 2 ] && [ "$(printf '%s\n' "$out" | grep -c .)" -eq 1 ] || return 1
  done
}

map_draws_at_once_then_streets_arrive() {
  echo 0.3 > "$tiles_dir/latency"
  # A source of its own (the query makes it another URL), so that nothing of it is cached yet.
  live="$tiles_url/tiles/{z}/{x}/{y}.pbf?map=1"
  start 120 40 "${columbus_view[@]}" --tiles "$live"
  wait_for 'z 15\.5' 5 || return 1
  wait_for 'tiles' 2 || return 1                 # "↓ N tiles" while they load
  wait_for "$street_names" 10 || return 1
  wait_until_not '↓ [0-9]+ tile' 10
}

a_pan_shows_new_streets_and_the_cache_keeps_them() {
  rm -f "$tiles_dir/latency"
  local before; before=$(screen)
  keys l l l
  wait_until_not '↓ [0-9]+ tile' 10 || return 1
  [ "$(screen)" != "$before" ] || return 1
  kill $tile_pid 2>/dev/null; wait $tile_pid 2>/dev/null
  keys h h h
  sleep 0.3
  wait_for "$street_names" 5 || return 1
  # A new map with the server gone: the cached tiles draw at once.
  start 120 40 "${columbus_view[@]}" --tiles "$live"
  wait_for "$street_names" 5
}

download_writes_a_standard_mbtiles() {
  rm -f "$tiles_dir/latency"
  local before; before=$(wc -l < "$tiles_dir/log")
  "$MAPTERM" download --tiles "$tiles_url/tiles/{z}/{x}/{y}.pbf?dl=1" --bbox 39.95,-83.01,39.97,-82.98 --zoom 12-14 \
    --out "$tiles_dir/small.mbtiles" 2>"$tiles_dir/dl.err" || return 1
  tail -1 "$tiles_dir/dl.err"
  grep -q 'tiles of z12-14' "$tiles_dir/dl.err" || return 1
  local made=$(( $(wc -l < "$tiles_dir/log") - before ))
  # Offline now: the file alone draws the streets.
  local cells; cells=$("$MAPTERM" render "${columbus_view[@]}" --size 100x30 --tiles "$tiles_dir/small.mbtiles" | braille_cells)
  echo "  $made requests, $cells braille cells from the file"
  [ "$cells" -gt 300 ] && python3 - "$tiles_dir/small.mbtiles" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
meta = dict(db.execute("select name, value from metadata"))
assert meta["format"] == "pbf" and meta["minzoom"] == "12" and meta["maxzoom"] == "14", meta
assert len(meta["bounds"].split(",")) == 4
assert db.execute("select count(*) from tiles").fetchone()[0] > 0
PY
}

an_interrupted_download_resumes() {
  echo 0.1 > "$tiles_dir/latency"
  local out="$tiles_dir/resume.mbtiles" args
  args=(--tiles "$tiles_url/tiles/{z}/{x}/{y}.pbf?dl=2" --around 39.96,-82.99 --radius 5 --zoom 10-15 --out "$out")
  local before; before=$(wc -l < "$tiles_dir/log")
  # In tmux, so that Ctrl-C is a real one from the terminal.
  start 150 10 download "${args[@]}"
  wait_for 'tiles/s' 10 || return 1
  keys C-c
  wait_for 'exit 130' 5 && wait_for 'interrupted: the tiles so far' 1 || return 1
  rm -f "$tiles_dir/latency"
  "$MAPTERM" download "${args[@]}" 2>"$tiles_dir/resume.err" || return 1
  local total; total=$(grep -oE '^mapterm: [0-9]+ tiles' "$tiles_dir/resume.err" | grep -oE '[0-9]+')
  local made=$(( $(wc -l < "$tiles_dir/log") - before ))
  echo "  $total tiles, $made requests over both runs"
  # Only the tiles under way at the interrupt (4 at most) may be asked for twice.
  [ -n "$total" ] && [ "$made" -ge "$total" ] && [ "$made" -le $((total + 4)) ]
}

a_big_download_is_refused_without_yes() {
  local out status
  out=$("$MAPTERM" download --tiles "$tiles_url/tiles/{z}/{x}/{y}.pbf" --bbox -60,-170,60,170 --zoom 0-10 \
    --out "$tiles_dir/big.mbtiles" 2>&1); status=$?
  [ $status -eq 2 ] && echo "$out" | grep -q 'more than 50000' && [ ! -e "$tiles_dir/big.mbtiles" ]
}

a_source_with_other_layers_gets_a_notice() {
  local out
  out=$("$MAPTERM" render --center 0,0 --zoom 1 --size 60x10 --tiles "$here/../VectorTilesTests/Fixtures/test_fixture_1.pmtiles" 2>&1 >/dev/null) || return 1
  echo "  $out"
  echo "$out" | grep -q 'has layers (test_fixture_1pmtiles) that the map style (OpenMapTiles, Shortbread or Protomaps schema) does not draw'
}

an_unusable_cache_folder_is_a_notice_and_tiles_still_draw() {
  local out cells
  out=$(XDG_CACHE_HOME=/etc/passwd/cache "$MAPTERM" render "${columbus_view[@]}" --size 100x30 \
    --tiles "$tiles_url/tiles/{z}/{x}/{y}.pbf?nocache=1" 2>"$tiles_dir/nocache.err") || return 1
  cells=$(printf '%s' "$out" | braille_cells)
  echo "  $(cat "$tiles_dir/nocache.err"); $cells braille cells"
  grep -q 'tile cache off' "$tiles_dir/nocache.err" && [ "$cells" -gt 300 ]
}

the_config_file_names_tile_sources() {
  mkdir -p "$XDG_CONFIG_HOME/mapterm"
  printf '{"tiles": ["%s"], "tile_cache_mb": 50, "router": "http://127.0.0.1:9"}\n' "$tiles_url/tiles/{z}/{x}/{y}.pbf?config=1" > "$XDG_CONFIG_HOME/mapterm/config.json"
  local cells; cells=$("$MAPTERM" render "${columbus_view[@]}" --size 100x30 | braille_cells)
  echo '{"tiles": 5}' > "$XDG_CONFIG_HOME/mapterm/config.json"
  local out status; out=$("$MAPTERM" render "${columbus_view[@]}" --size 100x30 2>&1 >/dev/null); status=$?
  offline_config
  echo "  $cells braille cells; $out"
  [ "$cells" -gt 300 ] && [ $status -eq 2 ] && echo "$out" | grep -q '"tiles" in .*config.json must be'
}

two_processes_share_one_tile_cache() {
  # Two renders at once, one source, one cache file: both draw the streets, the file stays sound.
  local source="$tiles_url/tiles/{z}/{x}/{y}.pbf?shared=1" a b
  echo 0.05 > "$tiles_dir/latency"
  "$MAPTERM" render "${columbus_view[@]}" --size 100x30 --tiles "$source" > "$tiles_dir/a.txt" 2>&1 & a=$!
  "$MAPTERM" render --center 39.9700,-82.9900 --zoom 15.5 --size 100x30 --tiles "$source" > "$tiles_dir/b.txt" 2>&1 & b=$!
  wait $a || return 1; wait $b || return 1
  rm -f "$tiles_dir/latency"
  echo "  $(braille_cells < "$tiles_dir/a.txt") and $(braille_cells < "$tiles_dir/b.txt") braille cells"
  [ "$(braille_cells < "$tiles_dir/a.txt")" -gt 300 ] && [ "$(braille_cells < "$tiles_dir/b.txt")" -gt 300 ] || return 1
  python3 - "$XDG_CACHE_HOME/mapterm/tiles" <<'PY'
import glob, sqlite3, sys
files = [f for f in glob.glob(sys.argv[1] + "/*.mbtiles")]
shared = [f for f in files if sqlite3.connect(f).execute(
    "select value from metadata where name = 'mapterm_source'").fetchone()[0].endswith("shared=1")]
assert len(shared) == 1, files
db = sqlite3.connect(shared[0])
assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
tiles, states = db.execute("select count(*) from tiles").fetchone()[0], db.execute("select count(*) from tile_state").fetchone()[0]
assert tiles > 0 and states >= tiles, (tiles, states)
PY
}

# tile_answers MARK: "PATH STATUS BYTES" of every answer whose path holds MARK (from the log of answers).
tile_answers() { grep -F -- "$1" "$tiles_dir/log.sent" | awk '{ print $1, $2, $3 }'; }
# asked_twice MARK: the tile paths holding MARK asked for more than once.
asked_twice() { grep -F -- "$1" "$tiles_dir/log" | awk '{ print $2 }' | sort | uniq -d; }
# Columbus at z11 with its east edge: tiles there, and one the server has not got.
columbus_edge=(--center 39.96,-82.85 --zoom 11 --size 160x50)

openfreemap_versioned_gzip_and_empty_tiles_draw_once() {
  local source="$tiles_url/planet?ofm=1" out err cells
  out=$("$MAPTERM" render "${columbus_edge[@]}" --tiles "$source" 2>"$tiles_dir/ofm.err") || return 1
  err=$(cat "$tiles_dir/ofm.err")
  cells=$(printf '%s' "$out" | braille_cells)
  local full empty
  full=$(tile_answers "/planet/20261201_001/" | awk '$2 == 200 && $3 > 0' | wc -l)
  empty=$(tile_answers "/planet/20261201_001/" | awk '$2 == 200 && $3 == 0' | wc -l)
  echo "  $cells braille cells; $full tiles, $empty empty 200s; stderr: ${err:-nothing}"
  [ -z "$err" ] && [ "$cells" -gt 300 ] && [ "$full" -gt 0 ] && [ "$empty" -gt 0 ] || return 1
  [ -z "$(asked_twice /planet/20261201_001/)" ] || return 1
  # Again, and in the map with pans back and forth: every tile, empty ones too, comes from the cache.
  local before; before=$(grep -c /planet/20261201_001/ "$tiles_dir/log")
  "$MAPTERM" render "${columbus_edge[@]}" --tiles "$source" >/dev/null 2>&1 || return 1
  start 160 50 --center 39.96,-82.85 --zoom 11 --tiles "$source"
  wait_for 'z 11' 5 || return 1
  keys l l h h
  sleep 0.5
  wait_until_not '↓ [0-9]+ tile' 10 || return 1
  local after; after=$(grep -c /planet/20261201_001/ "$tiles_dir/log")
  echo "  tile requests: $before, then $after after a second render and a map panned back and forth"
  [ -z "$(asked_twice /planet/20261201_001/)" ]
}

osm_us_204_and_404_are_empty_tiles() {
  local source="$tiles_url/vector/openmaptiles/{z}/{x}/{y}.mvt?us=1" err
  # z9 is outside the service's zooms (11-14): 404s; the east edge at z11 has a tile it has not got: 204.
  "$MAPTERM" render --center 39.96,-82.99 --zoom 9.5 --size 100x30 --tiles "$source" >/dev/null 2>"$tiles_dir/us.err" || return 1
  local cells; cells=$("$MAPTERM" render "${columbus_edge[@]}" --tiles "$source" 2>>"$tiles_dir/us.err" | braille_cells)
  err=$(cat "$tiles_dir/us.err")
  local outside missing
  outside=$(tile_answers "us=1" | awk '$2 == 404' | wc -l)
  missing=$(tile_answers "us=1" | awk '$2 == 204' | wc -l)
  echo "  $outside answers 404, $missing answers 204, $cells braille cells; stderr: ${err:-nothing}"
  [ -z "$err" ] && [ "$outside" -gt 0 ] && [ "$missing" -gt 0 ] && [ "$cells" -gt 300 ] &&
    [ -z "$(asked_twice us=1)" ]
}

versatiles_extensionless_urls_draw() {
  local cells; cells=$("$MAPTERM" render "${columbus_view[@]}" --size 100x30 --tiles "$tiles_url/tiles/osm/tiles.json" | braille_cells)
  local asked; asked=$(grep -cE ' /tiles/osm/[0-9]+/[0-9]+/[0-9]+ ' "$tiles_dir/log")
  echo "  $cells braille cells from $asked extension-less tile URLs"
  [ "$cells" -gt 300 ] && [ "$asked" -gt 0 ]
}

the_server_sees_the_promised_user_agent() {
  local version homepage expected
  version=$("$MAPTERM" --version | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1)
  homepage=$(grep -oE 'homepage = "[^"]+"' "$here/../../Sources/Network/HTTPRequest.swift" | cut -d'"' -f2)
  expected="mapterm/$version (terminal map browser; +$homepage)"
  echo "  expected: $expected"
  local tilejson tile
  tilejson=$(grep -F ' /planet?ofm=1 ' "$tiles_dir/log" | head -1 | cut -d' ' -f3-)
  tile=$(grep -F ' /planet/20261201_001/' "$tiles_dir/log" | head -1 | cut -d' ' -f3-)
  echo "  TileJSON: $tilejson"
  echo "  tile:     $tile"
  [ -n "$version" ] && [ "$tilejson" = "$expected" ] && [ "$tile" = "$expected" ]
}

downloads_from_services_forbidding_copies_are_refused_before_any_request() {
  local source out status before
  before=$(wc -l < "$tiles_dir/log")
  for source in "https://tiles.openfreemap.org/planet" "https://tiles.openfreemap.org/planet/20261201_001/{z}/{x}/{y}.pbf" \
    "https://tiles.openstreetmap.us/vector/openmaptiles.json" "http://a.tiles.openstreetmap.us/vector/openmaptiles/{z}/{x}/{y}.mvt" \
    "https://vector.openstreetmap.org/shortbread_v1/tilejson.json" "https://vector.openstreetmap.org/shortbread_v1/{z}/{x}/{y}.mvt"; do
    # Every request would go through the loopback server as a proxy, and so be logged.
    out=$(http_proxy="$tiles_url" https_proxy="$tiles_url" no_proxy= "$MAPTERM" download --tiles "$source" \
      --bbox 39.95,-83.01,39.97,-82.98 --zoom 12-14 --out "$tiles_dir/refused.mbtiles" 2>&1); status=$?
    echo "  $out"
    [ $status -eq 2 ] && [ "$(printf '%s\n' "$out" | grep -c .)" -eq 1 ] || return 1
    echo "$out" | grep -q 'does not allow bulk downloads' && echo "$out" | grep -q 'build.protomaps.com/YYYYMMDD.pmtiles' || return 1
  done
  [ ! -e "$tiles_dir/refused.mbtiles" ] && [ "$(wc -l < "$tiles_dir/log")" -eq "$before" ]
}

download_from_a_planet_archive_fetches_only_the_area() {
  local area=(--bbox 42.3,-8.7,54.6,11.2 --zoom 0-5) planet="$tiles_dir/20261201.pmtiles"
  "$MAPTERM" download --tiles "$tiles_url/20261201.pmtiles" "${area[@]}" --out "$tiles_dir/area.mbtiles" 2>"$tiles_dir/area.err" || return 1
  "$MAPTERM" download --tiles "$planet" "${area[@]}" --out "$tiles_dir/area-local.mbtiles" 2>/dev/null || return 1
  python3 - "$tiles_dir/area.mbtiles" "$tiles_dir/area-local.mbtiles" "$tiles_dir/log.sent" "$planet" <<'PY'
import math, os, sqlite3, sys
remote, local, sent, planet = sys.argv[1:5]
south, west, north, east = 42.3, -8.7, 54.6, 11.2
def tile(lat, lon, z):
    n = 1 << z
    y = (1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * n
    return int((lon + 180) / 360 * n), int(y)
expected = set()
for z in range(6):
    (x0, y0), (x1, y1) = tile(north, west, z), tile(south, east, z)
    expected |= {(z, x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}
def tiles(path):
    db = sqlite3.connect(path)
    return {(z, x, (1 << z) - 1 - row): bytes(data) for z, x, row, data in
            db.execute("select zoom_level, tile_column, tile_row, tile_data from tiles")}
got, copied = tiles(remote), tiles(local)
ranges = [line.split() for line in open(sent) if line.startswith("/20261201.pmtiles ")]
fetched = sum(int(r[2]) for r in ranges)
size = os.path.getsize(planet)
print(f"  {len(got)} tiles (the area has {len(expected)}); {len(ranges)} range requests, {fetched} bytes of a {size}-byte archive")
assert set(got) == expected, sorted(set(got) ^ expected)
assert got == copied, "the same tiles as a copy from the local file"
assert all(r[1] == "206" and r[3].startswith("bytes=") for r in ranges), "range requests only"
assert fetched < size / 10, (fetched, size)
PY
}

check "two renders at once share one tile cache file, which stays sound" two_processes_share_one_tile_cache
check "tile sources come from config.json; a broken one is one line, exit 2" the_config_file_names_tile_sources
an_empty_street_view_says_so() {
  start 120 30 --center 23.0,10.0 --zoom 12
  wait_for 'no street(s| tiles) here.*--tiles' 5
}

check "above z10 without street tiles the status bar says so, with the hint" an_empty_street_view_says_so
check "a source whose layers the style does not know gets a notice" a_source_with_other_layers_gets_a_notice
check "a cache folder that cannot be made is a notice; tiles still draw" an_unusable_cache_folder_is_a_notice_and_tiles_still_draw
check "render waits for the tiles of a loopback tile server (User-Agent names mapterm)" render_waits_for_server_tiles
check "render reads a TileJSON and shows its attribution" render_reads_a_tilejson_and_its_attribution
check "a PMTiles archive over HTTP draws like the local file" remote_pmtiles_draw_like_the_local_file
check "Monaco in the OpenMapTiles, Shortbread and Protomaps schemas draws, no notice" every_schema_draws_monaco_without_a_notice
check "a Protomaps archive over HTTP draws like the local file" remote_protomaps_draw_like_the_local_file
check "a server without range requests is one clear error, exit 2" a_rangeless_server_is_one_clear_error
check "refused, tile-less TileJSON and unknown host: one line, exit 2" wrong_sources_are_one_line_and_exit_2
check "download writes a standard MBTiles file that draws offline" download_writes_a_standard_mbtiles
check "an interrupted download resumes without asking again" an_interrupted_download_resumes
check "a download above 50 000 tiles is refused without --yes" a_big_download_is_refused_without_yes
check "OpenFreeMap-like: versioned URLs, gzip and empty 200s draw; no tile is asked twice" openfreemap_versioned_gzip_and_empty_tiles_draw_once
check "OSM-US-like: 204 (no such tile) and 404 (outside its zooms) are empty tiles, not errors" osm_us_204_and_404_are_empty_tiles
check "VersaTiles-like: tile URLs without an extension draw" versatiles_extensionless_urls_draw
check "the tile server sees the promised User-Agent on the TileJSON and the tiles" the_server_sees_the_promised_user_agent
check "downloads from services forbidding copies: exit 2, one line, no request" downloads_from_services_forbidding_copies_are_refused_before_any_request
check "a download from a planet archive fetches the area's tiles by range requests only" download_from_a_planet_archive_fetches_only_the_area
check "the map draws at once and streets appear as tiles arrive" map_draws_at_once_then_streets_arrive
check "a pan brings new streets; the server stopped, cached streets still show" a_pan_shows_new_streets_and_the_cache_keeps_them
tm kill-server 2>/dev/null
kill $tile_pid 2>/dev/null
cp "$tiles_dir/log" /tmp/s8-tilelog; rm -rf "$tiles_dir"
