# The way there in the map, against real OSRM servers (Tests/services/osrm.sh; car and foot, no bike):
# g draws the route along the streets the map draws, with the server's distance and time in the
# status bar and its streets in the pane's steps; m asks again by bike (no server: the labelled straight
# line) and on foot; the servers stopped mid-session give the labelled straight line while the keys
# still move the map. Skipped, saying why, when OSRM cannot be had. Against the hostile stand-in
# (fake_osrm.py, always run): escape sequences in its street names never reach the terminal, and a
# server that does not answer leaves the map moving while it waits.

route_state=$(mktemp -d)
route_from=37.7890,-122.4010
route_to=37.7955,-122.4040
route_status=0
route_urls=$(MAPTERM_OSRM_STATE=$route_state MAPTERM_OSRM_OWNER=$$ bash "$here/../services/osrm.sh" start \
  2>"$route_state.why") || route_status=$?
route_car=$(awk '$1 == "car" { print $2 }' <<<"$route_urls")
route_foot=$(awk '$1 == "foot" { print $2 }' <<<"$route_urls")

# route_literal TEXT: TEXT as an extended regular expression that matches only itself.
route_literal() { sed 's/[][().*+?^$|\\{}]/\\&/g' <<<"$1"; }

# route_pane: the side pane's text (the last 44 columns of a 160-column screen), its lines joined.
route_pane() {
  screen | python3 -c '
import sys
lines = [line.ljust(160)[118:158].strip() for line in sys.stdin.read().split("\n")]
print(" ".join(" ".join(l for l in lines if l).split()))'
}

# route_session ROUTER_JSON: the map over downtown San Francisco with the settings file's "router" set to
# ROUTER_JSON, from 2nd Street at Market Street (the location) to the search result at Washington
# Street, its route asked with g.
route_session() {
  printf '{"tiles": [], "source": "embedded", "router": %s}\n' "$1" >"$XDG_CONFIG_HOME/mapterm/config.json"
  start 160 50 --center 37.7922,-122.4025 --zoom 16 --location "$route_from"
  wait_for 'z 16\.0' || return 1
  keys / && keys -l "$route_to" && keys Enter
  wait_for '37\.79550, -122\.40400' || return 1
  keys g
}

a_route_follows_the_drawn_streets() {
  local expected names with without
  expected=$(python3 "$here/route_text.py" "$route_car" "$route_from" "$route_to") || return 1
  route_session "{\"car\": \"$route_car\", \"foot\": \"$route_foot\"}" || return 1
  wait_for "by car $(route_literal "$(head -1 <<<"$expected")")" 15 || { echo "  expected: by car $(head -1 <<<"$expected")"; return 1; }
  names=$(tail -n +2 <<<"$expected")
  local pane street; pane=$(route_pane)
  while IFS= read -r street; do
    grep -qF "$street" <<<"$pane" || { echo "  the pane lacks the step street '$street'"; return 1; }
  done <<<"$names"
  grep -qF "By car: $(head -1 <<<"$expected" | sed 's/ · /, /')" <<<"$pane" || return 1
  # The same view with and without the route: the pane closed, then the route cleared.
  keys Escape
  wait_until_not 'Esc closes' || return 1
  with=$(mktemp) without=$(mktemp)
  tm capture-pane -e -p >"$with"
  keys Escape
  wait_until_not 'by car' || return 1
  tm capture-pane -e -p >"$without"
  python3 "$here/route_cells.py" "$with" "$without" 129 20 0.9
  local status=$?
  rm -f "$with" "$without"
  return $status
}

m_asks_by_bike_then_on_foot() {
  local foot
  foot=$(python3 "$here/route_text.py" "$route_foot" "$route_from" "$route_to" | head -1) || return 1
  keys g
  wait_for 'by car [0-9]' 15 || return 1
  keys m
  # No bike server is set up: the straight line, labelled, never an alert.
  wait_for 'straight line: no route server' 15 || return 1
  route_pane | grep -qF 'no router for bike' || return 1
  ! screen | grep -qF 'Enter or Esc to close' || return 1
  keys m
  wait_for "on foot $(route_literal "$foot")" 15 || { echo "  expected: on foot $foot"; return 1; }
}

stopped_servers_give_the_straight_line_and_keys_still_work() {
  MAPTERM_OSRM_STATE=$route_state bash "$here/../services/osrm.sh" stop
  keys m
  wait_for 'straight line: no route server' 15 || return 1
  # No alert box (its last line says how to close it).
  ! screen | grep -qF 'Enter or Esc to close' || return 1
  local before; before=$(status_line | awk '{print $1, $2}')
  keys Escape Escape Left
  wait_until_not "^ ${before//./\\.} " || return 1
  keys q
  wait_for '\[exit 0 stty same\]'
}

hostile_street_names_never_reach_the_terminal() {
  # The car router is the stand-in's `ok` (escapes in every name), the foot router its `slow` (no
  # answer for a minute).
  local url; url=$(cat "$1/url")
  route_session "{\"car\": \"$url/ok\", \"foot\": \"$url/slow\"}" || return 1
  wait_for 'by car [0-9]' 15 || return 1
  # The names arrive stripped of their sequences; none set the title, cleared or coloured the screen.
  route_pane | grep -qF 'Red Street' || { echo "  no Red Street"; return 1; }
  route_pane | grep -qF 'Bell Road' || { echo "  no Bell Road"; return 1; }
  [ "$(tm display -p '#{pane_title}')" != pwned ] || { echo "  title set"; return 1; }
  ! tm capture-pane -p -e | grep -q $'\e\[5m\|\e\[2J\|\e\]0' || { echo "  escape on screen"; return 1; }
  ! screen | grep -q 'pwned\|\[31m' || { echo "  pwned or [31m on screen"; return 1; }
}

a_router_that_never_answers_leaves_the_map_moving() {
  keys m m
  wait_for 'finding the way on foot' 10 || return 1
  local before; before=$(status_line | awk '{print $1, $2}')
  keys Left
  wait_until_not "^ ${before//./\\.} " 5 || return 1
  screen | grep -q 'finding the way on foot' || return 1
  keys Escape Escape q
  wait_for '\[exit 0 stty same\]'
}

hostile_dir=$(mktemp -d)
python3 "$here/fake_osrm.py" "$hostile_dir/port" "$hostile_dir/log" &
hostile_pid=$!
for _ in $(seq 250); do [ -s "$hostile_dir/port" ] && break; sleep 0.02; done
echo "http://127.0.0.1:$(cat "$hostile_dir/port")" >"$hostile_dir/url"
check "route map: a hostile router's escape sequences in street names never reach the terminal" \
  hostile_street_names_never_reach_the_terminal "$hostile_dir"
check "route map: while a router does not answer, the map still moves and says it is finding the way" \
  a_router_that_never_answers_leaves_the_map_moving
kill $hostile_pid 2>/dev/null
wait $hostile_pid 2>/dev/null
rm -rf "$hostile_dir"

if [ $route_status -eq 0 ]; then
  check "route map: g draws the way along the drawn streets, the server's distance, time and streets" \
    a_route_follows_the_drawn_streets
  check "route map: m asks again by bike (no server: labelled straight line) and on foot" \
    m_asks_by_bike_then_on_foot
  check "route map: the servers stopped, the straight line is labelled and the keys still work" \
    stopped_servers_give_the_straight_line_and_keys_still_work
elif [ $route_status -eq 3 ]; then
  echo "skip route map suite: $(tr '\n' ' ' <"$route_state.why")"
else
  E2E_FAILS=$((E2E_FAILS + 1)); echo "FAIL route map suite: the OSRM service did not start: $(tr '\n' ' ' <"$route_state.why")"
fi
MAPTERM_OSRM_STATE=$route_state bash "$here/../services/osrm.sh" stop
rm -rf "$route_state" "$route_state.why"
offline_config
