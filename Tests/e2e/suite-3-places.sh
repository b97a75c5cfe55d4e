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
# The fake's three restrooms, and any place of the shipped street tiles in view (a café, a toilet: the
# map's own places, which come as those tiles are read).
three_places='([3-9]|[1-9][0-9]+) places'

glyphs_appear() {
  start 120 40 --source refuge --api-base "$refuge_url" --center 37.7793,-122.4193 --zoom 15 --location 37.7793,-122.4193
  wait_for "$three_places" && [ "$(screen | grep -o '⌂' | wc -l)" -ge 1 ]
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
  # The places drawn before the failure (the selected one's pane may have moved the map: count them).
  local before; before=$(screen | grep -o '⌂' | wc -l)
  [ "$before" -ge 1 ] || return 1
  touch "$refuge_dir/fail"
  keys r
  wait_for 'Unable to retrieve locations at this time' || return 1
  wait_for 'HTTP status 500|status 500|500' || return 1
  rm -f "$refuge_dir/fail"
  keys Enter
  wait_until_not 'Unable to retrieve' || return 1
  [ "$(screen | grep -o '⌂' | wc -l)" -eq "$before" ]
}

# The test settings file names a router that refuses at once: the straight line, labelled, with its
# length and bearing (the route itself is suite 21's).
way_there_shows_distance() {
  keys Tab Tab g
  # The location is at City Hall: selected, it is "you are there"; the next place has a way.
  if wait_for 'you are there' 1; then keys Tab g; fi
  wait_for 'straight line: no route server' && wait_for 'Straight line: [0-9.]+ (m|km \([0-9.]+ mi\)), [0-9]+° [NESW]+'
}

ada_asks_for_accessible_only() {
  "$MAPTERM" places --source refuge --api-base "$refuge_url" --near 37.7793,-122.4193 --radius 1 --ada \
    | grep -q 'City Hall Restroom' && grep -q 'ada=true' "$refuge_dir/log"
}

# The n-th failure in a row waits 2^(n-1) s: requests at 0, 1, 3, 7, 15 … s. Prints how many of
# those times are at most $1 seconds.
scheduled_requests() { awk -v t="$1" 'BEGIN { n = 0; at = 0; while (at <= t) { n++; at += (n < 7 ? 2 ^ (n - 1) : 60) } print n }'; }

a_failing_server_is_asked_on_the_backoff_schedule() {
  touch "$refuge_dir/fail"
  local before; before=$(requests)
  local t0; t0=$(date +%s%N)
  start 120 40 --source refuge --api-base "$refuge_url" --center 37.7793,-122.4193 --zoom 15
  wait_for 'Unable to retrieve locations at this time' || return 1
  local center; center=$(status_line | awk '{print $1, $2}')
  # Pans and zooms for about six seconds: the first key closes the alert and still moves the map.
  for i in $(seq 24); do
    case $((i % 4)) in 0) keys Right ;; 1) keys Down ;; 2) keys + ;; 3) keys - ;; esac
    sleep 0.25
  done
  local elapsed; elapsed=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  local made=$(( $(requests) - before ))
  local allowed; allowed=$(scheduled_requests "$elapsed")
  echo "  $made requests in $elapsed s (the schedule allows $allowed)"
  [ "$made" -ge 2 ] && [ "$made" -le "$allowed" ] || return 1
  ! screen | grep -q 'Unable to retrieve' || return 1
  [ "$(status_line | awk '{print $1, $2}')" != "$center" ] || return 1
  wait_for 'places unavailable \([0-9]+ tries\)' || return 1
  # The server comes back: the next retry (at most 8 s away) brings the places back, unasked.
  rm -f "$refuge_dir/fail"
  wait_until_not 'places unavailable' 12
}

check "places --source refuge --ada asks for accessible restrooms" ada_asks_for_accessible_only
check "restroom glyphs appear over San Francisco" glyphs_appear
check "Tab selects the nearest and Enter opens its pane" tab_and_enter_open_the_nearest
check "Esc closes the pane" escape_closes_the_pane
check "escape sequences in names never reach the screen" names_are_stripped_of_escapes
check "r fetches the visible region again" r_fetches_again
check "a failed fetch shows the alert and keeps the places" failure_shows_the_alert_and_keeps_places
check "g without a reachable router: the labelled straight line, its distance and bearing in the pane" way_there_shows_distance
check "a failing server is asked on the backoff schedule, the alert comes once" a_failing_server_is_asked_on_the_backoff_schedule
tm kill-server 2>/dev/null
kill $refuge_pid 2>/dev/null
rm -rf "$refuge_dir"
