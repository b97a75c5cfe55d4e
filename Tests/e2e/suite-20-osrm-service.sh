# The OSRM routing service of the tests (Tests/services/osrm.sh) is real: started on a state folder of
# its own, its car server routes from 2nd Street at Market Street to Washington Street in San Francisco
# along Market Street and Washington Street, in polyline6 from the start to the end; its foot server
# routes the same pair more slowly; two starts with their own state folders run side by side; stop ends
# the servers. Skipped, saying why, when OSRM cannot be had (no pip, no PyPI, not x86_64).

osrm_state=$(mktemp -d)
osrm_service="$here/../services/osrm.sh"
osrm_status=0
osrm_urls=$(MAPTERM_OSRM_STATE=$osrm_state MAPTERM_OSRM_OWNER=$$ bash "$osrm_service" start 2>"$osrm_state.why") \
  || osrm_status=$?

# osrm_route URL: the route from 2nd Street at Market Street (37.7890,-122.4010) to Washington Street
# (37.7955,-122.4040) as one line: code, metres, seconds, then the steps' street names joined by "|".
# Fails unless the geometry is polyline6 running from within 50 m of the start to within 50 m of the end.
osrm_route() {
  python3 - "$1" <<'EOF'
import json, math, sys, urllib.request
url = sys.argv[1] + "/route/v1/driving/-122.4010,37.7890;-122.4040,37.7955?overview=full&geometries=polyline6&steps=true"
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
with opener.open(url, timeout=10) as answer:
    body = json.load(answer)
route = body["routes"][0]

def decode(text):
    points, index, lat, lon = [], 0, 0, 0
    while index < len(text):
        deltas = []
        for _ in range(2):
            shift, value = 0, 0
            while True:
                byte = ord(text[index]) - 63
                index += 1
                value |= (byte & 0x1F) << shift
                shift += 5
                if byte < 0x20:
                    break
            deltas.append(~(value >> 1) if value & 1 else value >> 1)
        lat += deltas[0]
        lon += deltas[1]
        points.append((lat / 1e6, lon / 1e6))
    return points

def metres(a, b):
    dlat = math.radians(b[0] - a[0])
    dlon = math.radians(b[1] - a[1]) * math.cos(math.radians(a[0]))
    return 6371000 * math.hypot(dlat, dlon)

points = decode(route["geometry"])
if len(points) < 2 or metres(points[0], (37.7890, -122.4010)) > 50 or metres(points[-1], (37.7955, -122.4040)) > 50:
    sys.exit(f"geometry from {points[0]} to {points[-1]}")
names = "|".join(step["name"] for leg in route["legs"] for step in leg["steps"])
print(body["code"], round(route["distance"]), round(route["duration"]), names)
EOF
}

# The route in a car is Ok and 0.8 to 2 km long (the straight line is about 0.77 km; OSRM 26.10
# answers 1 072 m), along Market Street and Washington Street.
a_car_route_runs_along_market_and_washington_street() {
  local answer code metres names
  answer=$(osrm_route "$(MAPTERM_OSRM_STATE=$osrm_state bash "$osrm_service" url car)") || return 1
  echo "  car: $answer"
  read -r code metres _ names <<<"$answer"
  [ "$code" = Ok ] && [ "$metres" -ge 800 ] && [ "$metres" -le 2000 ] || return 1
  grep -q '|Market Street|' <<<"|$names|" && grep -q '|Washington Street|' <<<"|$names|"
}

# On foot the same pair is Ok and takes longer than by car (the profile is the graph's, whatever the
# URL says).
the_same_pair_on_foot_takes_longer() {
  local car foot car_seconds foot_seconds code
  car=$(osrm_route "$(MAPTERM_OSRM_STATE=$osrm_state bash "$osrm_service" url car)") || return 1
  foot=$(osrm_route "$(MAPTERM_OSRM_STATE=$osrm_state bash "$osrm_service" url foot)") || return 1
  echo "  foot: $foot"
  read -r _ _ car_seconds _ <<<"$car"
  read -r code _ foot_seconds _ <<<"$foot"
  [ "$code" = Ok ] && [ "$foot_seconds" -gt "$car_seconds" ]
}

# A second start on another state folder, at the same time as a third: three pairs of servers at once,
# each answering on its own ports.
two_more_osrm_starts_run_side_by_side() {
  local second third second_pid third_pid status=0
  second=$(mktemp -d) third=$(mktemp -d)
  MAPTERM_OSRM_STATE=$second MAPTERM_OSRM_OWNER=$$ bash "$osrm_service" start >"$second.urls" &
  second_pid=$!
  MAPTERM_OSRM_STATE=$third MAPTERM_OSRM_OWNER=$$ bash "$osrm_service" start >"$third.urls" &
  third_pid=$!
  wait $second_pid || status=1
  wait $third_pid || status=1
  if [ $status -eq 0 ]; then
    osrm_route "$(awk '$1 == "foot" { print $2 }' "$second.urls")" >/dev/null \
      && osrm_route "$(awk '$1 == "car" { print $2 }' "$third.urls")" >/dev/null || status=1
    [ "$(printf '%s\n' "$osrm_urls" | sort -u - "$second.urls" "$third.urls" | wc -l)" -eq 6 ] || status=1
  fi
  MAPTERM_OSRM_STATE=$second bash "$osrm_service" stop
  MAPTERM_OSRM_STATE=$third bash "$osrm_service" stop
  rm -rf "$second" "$second.urls" "$third" "$third.urls"
  return $status
}

# stop ends both servers (no such process, or only a zombie left for its parent) and cleans the state.
stop_ends_both_osrm_servers() {
  local pids pid
  pids=$(cut -d' ' -f1 "$osrm_state/car.pid" "$osrm_state/foot.pid") || return 1
  MAPTERM_OSRM_STATE=$osrm_state bash "$osrm_service" stop || return 1
  for pid in $pids; do
    [ ! -e "/proc/$pid/stat" ] || [ "$(sed 's/.*) //' "/proc/$pid/stat" | cut -d' ' -f1)" = Z ] || return 1
  done
  [ ! -e "$osrm_state" ]
}

if [ $osrm_status -eq 0 ]; then
  check "OSRM car: 2nd St at Market to Washington St is Ok, 0.8-2 km, along Market and Washington Street, polyline6 end to end" \
    a_car_route_runs_along_market_and_washington_street
  check "OSRM foot: the same pair is Ok and takes longer than by car" the_same_pair_on_foot_takes_longer
  check "OSRM service: two more starts on their own state folders run at once, on ports of their own" \
    two_more_osrm_starts_run_side_by_side
  check "OSRM service: stop ends both servers and removes the state" stop_ends_both_osrm_servers
elif [ $osrm_status -eq 3 ]; then
  echo "skip OSRM service suite: $(cat "$osrm_state.why")"
else
  osrm_start_failed() { cat "$osrm_state.why"; return 1; }
  check "OSRM service: start brings up the car and foot servers" osrm_start_failed
fi
MAPTERM_OSRM_STATE=$osrm_state bash "$osrm_service" stop
rm -rf "$osrm_state" "$osrm_state.why"
