# Streets everywhere (part 10), without the internet: an OpenFreeMap stand-in on 127.0.0.1 (its
# versioned URLs, gzip, empty 200s) serving the Columbus street tiles. --offline asks it nothing, and
# then draws what an earlier run cached; a world view asks it nothing; the short credit of what is
# drawn stays on the map; --about names the default source, OpenFreeMap's planet, when none is set.

streets_dir=$(mktemp -d)
python3 "$here/tile_server.py" "$here/../bench/columbus.mbtiles" "$streets_dir/port" "$streets_dir/log" \
  "$streets_dir" 2>/dev/null &
streets_pid=$!
for _ in $(seq 250); do [ -s "$streets_dir/port" ] && break; sleep 0.02; done
streets_url="http://127.0.0.1:$(cat "$streets_dir/port")"
trap 'kill $streets_pid 2>/dev/null; tm kill-server 2>/dev/null' EXIT
export no_proxy="127.0.0.1,localhost"
streets_view=(--center 39.9612,-82.9988 --zoom 15 --size 100x30 --source "$here/empty-places.json")
streets_braille() { python3 -c 'import sys; print(sum(0x2800 < ord(c) <= 0x28FF for c in sys.stdin.read()))'; }
# streets_requests: tile requests the stand-in has had so far.
streets_requests() { [ -f "$streets_dir/log" ] && grep -c "/planet/" "$streets_dir/log" || echo 0; }

offline_asks_nothing_and_draws_what_was_cached() {
  local cache="$streets_dir/cache-offline" cells before after
  cells=$(XDG_CACHE_HOME=$cache "$MAPTERM" render "${streets_view[@]}" --offline --tiles "$streets_url/planet" |
    streets_braille)
  echo "  offline before any fetch: $(streets_requests) requests (TileJSON included), $cells braille cells"
  [ ! -s "$streets_dir/log" ] || return 1
  XDG_CACHE_HOME=$cache "$MAPTERM" render "${streets_view[@]}" --tiles "$streets_url/planet" >/dev/null || return 1
  before=$(streets_requests)
  cells=$(XDG_CACHE_HOME=$cache "$MAPTERM" render "${streets_view[@]}" --offline --tiles "$streets_url/planet" |
    streets_braille)
  after=$(streets_requests)
  echo "  online: $before tile requests; offline after: $after, $cells braille cells from the cache"
  [ "$before" -gt 0 ] && [ "$after" -eq "$before" ] && [ "$cells" -gt 300 ]
}

a_world_view_asks_no_remote_tile() {
  local out status before
  before=$(streets_requests)
  out=$(XDG_CACHE_HOME="$streets_dir/cache-world" "$MAPTERM" render --center 40,-83 --zoom 3 --size 100x30 \
    --source "$here/empty-places.json" --tiles "$streets_url/planet" 2>&1); status=$?
  echo "  z3: exit $status, $(($(streets_requests) - before)) tile requests"
  [ $status -eq 0 ] && [ "$(streets_requests)" -eq "$before" ] &&
    [ "$(printf '%s' "$out" | streets_braille)" -gt 100 ] || return 1
  # From z6 the source is asked.
  XDG_CACHE_HOME="$streets_dir/cache-world" "$MAPTERM" render --center 40,-83 --zoom 6 --size 100x30 \
    --source "$here/empty-places.json" --tiles "$streets_url/planet" >/dev/null 2>&1
  echo "  z6: $(($(streets_requests) - before)) tile requests"
  [ "$(streets_requests)" -gt "$before" ]
}

the_credit_of_what_is_drawn_stays_on_the_map() {
  local frame narrow
  frame=$(XDG_CACHE_HOME="$streets_dir/cache-credit" "$MAPTERM" render "${streets_view[@]}" --tiles "$streets_url/planet")
  # The stand-in's TileJSON states OpenFreeMap's credit.
  printf '%s\n' "$frame" | sed -n '29p' | grep -q ' OpenFreeMap © OpenMapTiles © OpenStreetMap$' ||
    { printf '%s\n' "$frame" | tail -3; return 1; }
  narrow=$(XDG_CACHE_HOME="$streets_dir/cache-credit" "$MAPTERM" render --center 39.9612,-82.9988 --zoom 15 \
    --size 40x12 --source "$here/empty-places.json" --tiles "$streets_url/planet")
  printf '%s\n' "$narrow" | sed -n '11p' | grep -q '© OpenStreetMap$' || { printf '%s\n' "$narrow"; return 1; }
  # At the world view only the world map is drawn: its credit alone.
  XDG_CACHE_HOME="$streets_dir/cache-credit" "$MAPTERM" render --center 20,0 --zoom 1 --size 100x30 \
    --tiles "$streets_url/planet" | sed -n '29p' | grep -q ' Natural Earth$' || return 1
  # In the map: the credit is on screen and no name is cut by it.
  XDG_CACHE_HOME="$streets_dir/cache-credit" start 100 30 "${streets_view[@]:0:4}" --source "$here/empty-places.json" \
    --tiles "$streets_url/planet"
  wait_for 'OpenFreeMap © OpenMapTiles' 10 || return 1
  keys q
  wait_for '\[exit 0 stty same\]' 5
}

about_names_the_default_source() {
  local config="$streets_dir/no-config" out
  mkdir -p "$config"
  out=$(XDG_CONFIG_HOME=$config "$MAPTERM" --about)
  printf '%s\n' "$out" | grep -q 'Tile sources (the default' &&
    printf '%s\n' "$out" | grep -q 'https://tiles.openfreemap.org/planet: not known until its tiles are first fetched' ||
    { printf '%s\n' "$out" | tail -3; return 1; }
  # "tiles": [] (this suite's settings file) names none.
  "$MAPTERM" --about | grep -q 'none but the shipped maps'
}

check "--offline asks the server nothing, and draws what an earlier run cached" offline_asks_nothing_and_draws_what_was_cached
check "a world view (z3) asks the remote source nothing; z6 does" a_world_view_asks_no_remote_tile
check "the short credit of the sources drawn stays in the map's corner" the_credit_of_what_is_drawn_stays_on_the_map
check "--about names OpenFreeMap's planet as the default source" about_names_the_default_source
kill $streets_pid 2>/dev/null
