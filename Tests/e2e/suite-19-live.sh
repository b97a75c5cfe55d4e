# Live restrooms by default (part 11): with no --source, the places database plus the Refuge
# Restrooms API for the region in view (a stand-in on 127.0.0.1, --api-base), its answers kept in the
# database for the next start, offline too. A failing, garbled or stopped API never hides the stored
# places and is a note in the status bar, never an alert; --offline and --source embedded ask nothing.

live_dir=$(mktemp -d)
python3 "$here/fake_refuge.py" "$live_dir/port" "$live_dir/log" "$live_dir/fail" &
live_pid=$!
trap 'kill $live_pid 2>/dev/null; tm kill-server 2>/dev/null' EXIT
for _ in $(seq 250); do [ -s "$live_dir/port" ] && break; sleep 0.02; done
live_url="http://127.0.0.1:$(cat "$live_dir/port")"
export no_proxy="127.0.0.1,localhost"
# This suite's settings: no tile source, and no "source", so the places are the default ones.
printf '{"tiles": [], "router": "http://127.0.0.1:9"}\n' > "$XDG_CONFIG_HOME/mapterm/config.json"
touch "$live_dir/log"

live_requests() { wc -l < "$live_dir/log"; }
# The ids listed by `places` around San Francisco City Hall with ARGS, one per line.
live_ids() {
  "$MAPTERM" places --near 37.7793,-122.4193 --radius 1 --limit 200 --json "$@" 2>"$live_dir/stderr" \
    | python3 -c 'import json,sys; [print(p["id"]) for p in json.load(sys.stdin)]'
}

places_lists_live_and_embedded_together() {
  local ids; ids=$(live_ids --api-base "$live_url") || return 1
  grep -q 'by_location' "$live_dir/log" || return 1
  # The stand-in's three restrooms beside the shipped Bay Area ones.
  for id in rr:9001 rr:9002 rr:9003; do grep -qx "$id" <<<"$ids" || return 1; done
  local shipped; shipped=$(grep -c '^rr:' <<<"$ids")
  echo "  $shipped Refuge restrooms listed, 3 of them live"
  [ "$shipped" -gt 10 ]
}

kept_after_the_server_stops() {
  kill $live_pid; wait $live_pid 2>/dev/null
  local ids; ids=$(live_ids --api-base "$live_url") || return 1
  grep -qx rr:9001 <<<"$ids" && grep -q 'Refuge Restrooms not reached' "$live_dir/stderr" || return 1
  # The pane says where the place came from and how old it is.
  "$MAPTERM" render --center 37.7793,-122.4193 --zoom 17 --size 120x40 --api-base "$live_url" \
    --select rr:9001 > "$live_dir/frame" 2>/dev/null || return 1
  grep -q 'City Hall Restroom' "$live_dir/frame" && grep -qE 'From Refuge Restrooms, fetched (just now|[0-9]+ minutes? ago)' "$live_dir/frame"
}

restart_live_server() {
  python3 "$here/fake_refuge.py" "$live_dir/port2" "$live_dir/log" "$live_dir/fail" &
  live_pid=$!
  for _ in $(seq 250); do [ -s "$live_dir/port2" ] && break; sleep 0.02; done
  live_url="http://127.0.0.1:$(cat "$live_dir/port2")"
}

a_500_and_garbage_drop_nothing() {
  restart_live_server
  touch "$live_dir/fail"
  local before; before=$(live_ids --api-base "$live_url" | wc -l)
  rm -f "$live_dir/fail"; touch "$live_dir/fail.garbage"
  local garbled; garbled=$(live_ids --api-base "$live_url" | wc -l)
  grep -q 'not reached' "$live_dir/stderr" || return 1
  ! grep -q $'\e' "$live_dir/stderr" || return 1
  rm -f "$live_dir/fail.garbage"
  echo "  listed with a 500: $before, with garbage: $garbled"
  [ "$before" -gt 10 ] && [ "$garbled" -eq "$before" ]
}

offline_and_embedded_ask_nothing() {
  local before; before=$(live_requests)
  live_ids --api-base "$live_url" --offline > /dev/null || return 1
  live_ids --api-base "$live_url" --source embedded > /dev/null || return 1
  "$MAPTERM" render --center 37.7793,-122.4193 --zoom 15 --size 80x24 --api-base "$live_url" --offline \
    > /dev/null 2>&1 || return 1
  [ "$(live_requests)" -eq "$before" ]
}

two_processes_keep_at_once() {
  # Two first runs at once on a new data folder: one builds the database, both keep what they fetched.
  local data="$live_dir/two"
  XDG_DATA_HOME="$data" live_ids --api-base "$live_url" > "$live_dir/one.ids" &
  local first=$!
  XDG_DATA_HOME="$data" live_ids --api-base "$live_url" > "$live_dir/two.ids" || return 1
  wait $first || return 1
  grep -qx rr:9002 "$live_dir/one.ids" && grep -qx rr:9002 "$live_dir/two.ids" || return 1
  XDG_DATA_HOME="$data" live_ids --offline > "$live_dir/after.ids" || return 1
  grep -qx rr:9002 "$live_dir/after.ids" && [ "$(grep -c rr:9002 "$live_dir/after.ids")" -eq 1 ]
}

map_shows_live_restrooms_with_escapes_stripped() {
  # A restroom the stand-in serves and no other source has, in the map: its name whole, stripped.
  start 120 40 --api-base "$live_url" --center 37.7790,-122.4160 --zoom 18
  wait_for '⌂' || return 1
  keys Tab Enter
  local n=0
  until screen | grep -q 'Library Red Restroom'; do
    keys Tab; sleep 0.05; n=$((n + 1)); [ $n -gt 8 ] && return 1
  done
  ! screen | grep -q 'pwned' && wait_for 'From Refuge Restrooms, fetched'
}

a_failing_live_part_is_a_note_and_keys_work() {
  touch "$live_dir/fail"
  start 120 40 --api-base "$live_url" --center 37.7793,-122.4193 --zoom 16
  wait_for 'stored only' || return 1
  ! screen | grep -q 'Unable to retrieve' || return 1
  screen | grep -q '⌂' || return 1
  local center; center=$(status_line | awk '{print $1, $2}')
  keys Right Right
  wait_until_not "^ ?${center//./\\.}" 5 || return 1
  rm -f "$live_dir/fail"
  # The wait after the failure ends and the next question succeeds: the note goes.
  wait_until_not 'stored only' 12
}

check "places (default source) lists the live restrooms beside the shipped ones" places_lists_live_and_embedded_together
check "live restrooms are kept: listed and aged in the pane after the server stops" kept_after_the_server_stops
check "a 500 or a garbled answer drops no place and reaches stderr sanitised" a_500_and_garbage_drop_nothing
check "--offline and --source embedded ask the live API nothing" offline_and_embedded_ask_nothing
check "two processes at once keep what they fetched, once" two_processes_keep_at_once
check "the map shows a live restroom, its name stripped of escapes, its pane aged" map_shows_live_restrooms_with_escapes_stripped
check "a failing live API is a status-bar note, never an alert, and keys work" a_failing_live_part_is_a_note_and_keys_work
kill $live_pid 2>/dev/null
offline_config
