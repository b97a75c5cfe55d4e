# Places over San Francisco from a fake Refuge Restrooms API on 127.0.0.1: glyphs appear, Tab
# selects the nearest, Enter opens its pane, Esc closes it, r asks again, a failure shows the alert.

refuge_dir=$(mktemp -d)
python3 "$here/fake_refuge.py" "$refuge_dir/port" "$refuge_dir/log" "$refuge_dir/fail" &
refuge_pid=$!
trap 'kill $refuge_pid 2>/dev/null; tm kill-server 2>/dev/null' EXIT
for _ in $(seq 250); do [ -s "$refuge_dir/port" ] && break; sleep 0.02; done
refuge_url="http://127.0.0.1:$(cat "$refuge_dir/port")"
export no_proxy="127.0.0.1,localhost"

requests() { wc -l < "$refuge_dir/log" 2>/dev/null || echo 0; }

glyphs_appear() {
  start 120 40 --source refuge --api-base "$refuge_url" --center 37.7793,-122.4193 --zoom 15 --location 37.7793,-122.4193
  wait_for '3 places' && [ "$(screen | grep -o '⌂' | wc -l)" -ge 1 ]
}

tab_and_enter_open_the_nearest() {
  keys Tab Enter
  wait_for 'City Hall Restroom' && wait_for 'Ground floor, north side' && wait_for 'accessible'
}

escape_closes_the_pane() { keys Escape; wait_until_not 'Ground floor, north side'; }

names_are_stripped_of_escapes() {
  # Tab with the pane open shows the next place in it; an Esc right before a key would read as Alt.
  keys Enter
  local n=0
  until screen | grep -q 'Library Red Restroom'; do
    keys Tab; sleep 0.05; n=$((n + 1)); [ $n -gt 5 ] && return 1
  done
  ! screen | grep -q 'pwned'
}

r_fetches_again() {
  local before; before=$(requests)
  keys r
  local waited=0
  while [ "$(requests)" -le "$before" ]; do
    sleep 0.02; waited=$((waited + 1))
    if [ $waited -gt 250 ]; then return 1; fi
  done
}

failure_shows_the_alert_and_keeps_places() {
  touch "$refuge_dir/fail"
  keys r
  wait_for 'Unable to retrieve locations at this time' || return 1
  wait_for 'HTTP status 500|status 500|500' || return 1
  rm -f "$refuge_dir/fail"
  keys Enter
  wait_until_not 'Unable to retrieve' && wait_for '3 places'
}

way_there_shows_distance() {
  keys Tab Tab g
  wait_for 'From you: [0-9.]+ km \([0-9.]+ mi\)' && wait_for 'Bearing: [0-9]+° [NESW]+'
}

ada_asks_for_accessible_only() {
  "$MAPTERM" places --source refuge --api-base "$refuge_url" --near 37.7793,-122.4193 --radius 1 --ada \
    | grep -q 'City Hall Restroom' && grep -q 'ada=true' "$refuge_dir/log"
}

check "places --source refuge --ada asks for accessible restrooms" ada_asks_for_accessible_only
check "restroom glyphs appear over San Francisco" glyphs_appear
check "Tab selects the nearest and Enter opens its pane" tab_and_enter_open_the_nearest
check "Esc closes the pane" escape_closes_the_pane
check "escape sequences in names never reach the screen" names_are_stripped_of_escapes
check "r fetches the visible region again" r_fetches_again
check "a failed fetch shows the alert and keeps the places" failure_shows_the_alert_and_keeps_places
check "g draws the way there and the pane shows distance and bearing" way_there_shows_distance
tm kill-server 2>/dev/null
kill $refuge_pid 2>/dev/null
rm -rf "$refuge_dir"
