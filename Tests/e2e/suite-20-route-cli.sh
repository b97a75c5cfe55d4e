# mapterm route FROM TO (part 12): against a real OSRM (Tests/services/osrm.sh, or the servers named
# by MAPTERM_TEST_OSRM_CAR and MAPTERM_TEST_OSRM_FOOT) the figures, steps and path are the server's
# own; against a hostile stand-in (fake_osrm.py: huge, slow, garbage, wrong types, escape sequences,
# 429, refusals) every run ends within its bound with one sanitised line; bad input, --offline and an
# unreachable router are one line and exit 2 with the straight-line distance, no way is exit 1.

route_dir=$(mktemp -d)
export no_proxy="127.0.0.1,localhost"
route_car=${MAPTERM_TEST_OSRM_CAR:-}
route_foot=${MAPTERM_TEST_OSRM_FOOT:-}
route_started=""
if [ -z "$route_car" ] && [ -f "$here/../services/osrm.sh" ]; then
  if MAPTERM_OSRM_STATE="$route_dir/osrm" MAPTERM_OSRM_OWNER=$$ bash "$here/../services/osrm.sh" start \
    >"$route_dir/urls" 2>"$route_dir/why"; then
    route_car=$(awk '$1 == "car" {print $2}' "$route_dir/urls")
    route_foot=$(awk '$1 == "foot" {print $2}' "$route_dir/urls")
    route_started=1
  fi
fi

python3 "$here/fake_osrm.py" "$route_dir/port" "$route_dir/log" &
route_fake_pid=$!
for _ in $(seq 250); do [ -s "$route_dir/port" ] && break; sleep 0.02; done
route_fake="http://127.0.0.1:$(cat "$route_dir/port")"
touch "$route_dir/log"

# The drive the issue describes: 2nd Street at Market Street to Washington Street.
route_from=37.7890,-122.4010
route_to=37.7955,-122.4040

# route_run ARGS...: runs `mapterm route ARGS`, stdout to $route_dir/out, stderr to $route_dir/err,
# the status in $route_status and the milliseconds it took in $route_ms (killed after 30 s).
route_run() {
  local started; started=$(date +%s%N)
  timeout 30 "$MAPTERM" route "$@" >"$route_dir/out" 2>"$route_dir/err"; route_status=$?
  route_ms=$((($(date +%s%N) - started) / 1000000))
}

# Nothing but printable text and line breaks in stdout and stderr: no ESC, C0 or C1 control, no bidi override.
route_clean() {
  python3 - "$route_dir/out" "$route_dir/err" <<'PY'
import sys
for path in sys.argv[1:]:
    text = open(path, "rb").read().decode("utf-8")
    bad = [c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F or 0x202A <= ord(c) <= 0x202E]
    if bad:
        sys.exit("%s holds %r" % (path, bad[:5]))
PY
}

# route_one_line STATUS PATTERN: the run exited STATUS with one line on stderr matching PATTERN,
# nothing on stdout, nothing unprintable.
route_one_line() {
  [ "$route_status" -eq "$1" ] || { echo "  exit $route_status, wanted $1: $(cat "$route_dir/err")"; return 1; }
  [ "$(wc -l <"$route_dir/err")" -eq 1 ] || { echo "  stderr: $(cat "$route_dir/err")"; return 1; }
  [ ! -s "$route_dir/out" ] || { echo "  stdout: $(head -3 "$route_dir/out")"; return 1; }
  grep -qE -- "$2" "$route_dir/err" || { echo "  stderr: $(cat "$route_dir/err")"; return 1; }
  route_clean
}

# The server's own answer for FROM TO at BASE, saved as $route_dir/server.json.
route_server_answer() {
  local base=$1 from=$2 to=$3
  python3 - "$base" "$from" "$to" >"$route_dir/server.json" <<'PY'
import sys, urllib.request
base, a, b = sys.argv[1:4]
(alat, alon), (blat, blon) = (map(float, p.split(",")) for p in (a, b))
url = f"{base}/route/v1/driving/{alon:.6f},{alat:.6f};{blon:.6f},{blat:.6f}?overview=full&geometries=polyline6&steps=true"
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
print(opener.open(url, timeout=10).read().decode())
PY
}

text_is_the_servers_route() {
  route_server_answer "$route_car" $route_from $route_to || return 1
  route_run $route_from $route_to --router "$route_car" || true
  [ "$route_status" -eq 0 ] || { cat "$route_dir/err"; return 1; }
  route_clean || return 1
  python3 - "$route_dir/server.json" "$route_dir/out" "${route_car#http://}" <<'PY'
import json, math, sys
answer, out, host = json.load(open(sys.argv[1])), open(sys.argv[2]).read().splitlines(), sys.argv[3]
route = answer["routes"][0]
whole = lambda x: math.floor(x + 0.5)
def distance(m):
    return f"{whole(m)} m" if m < 999.5 else f"{m / 1000:.1f} km ({m / 1000 / 1.609344:.1f} mi)"
def duration(s):
    w = whole(s)
    if w < 60: return f"{w} s"
    if w < 600: return f"{w // 60} min {w % 60} s"
    return f"{whole(s / 60)} min"
first = f"By car: {distance(route['distance'])}, {duration(route['duration'])} (routes: OSRM at {host}, © OpenStreetMap contributors)"
assert out[0] == first, (out[0], first)
steps = [s for leg in route["legs"] for s in leg["steps"]]
numbered = [line for line in out if line.lstrip()[:1].isdigit()]
assert len(numbered) == len(steps), (len(numbered), len(steps))
for line, step in zip(numbered, steps):
    if step["name"] and step["maneuver"]["type"] != "arrive":
        assert step["name"] in line, (line, step["name"])
names = {s["name"] for s in steps}
assert {"Market Street", "Washington Street"} <= names, names
print("  " + out[0])
PY
}

json_is_the_servers_route() {
  route_server_answer "$route_car" $route_from $route_to || return 1
  route_run $route_from $route_to --router "$route_car" --json
  [ "$route_status" -eq 0 ] || { cat "$route_dir/err"; return 1; }
  route_clean || return 1
  python3 - "$route_dir/server.json" "$route_dir/out" <<'PY'
import json, sys
answer, mine = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
route = answer["routes"][0]
def decode(text):
    points, lat, lon, i = [], 0, 0, 0
    while i < len(text):
        pair = []
        for _ in range(2):
            result = shift = 0
            while True:
                b = ord(text[i]) - 63; i += 1
                result |= (b & 0x1F) << shift; shift += 5
                if b < 0x20: break
            pair.append(~(result >> 1) if result & 1 else result >> 1)
        lat += pair[0]; lon += pair[1]
        points.append([lon / 1e6, lat / 1e6])
    return points
assert mine["profile"] == "car"
assert mine["distance_m"] == route["distance"] and mine["duration_s"] == route["duration"], mine
steps = [s for leg in route["legs"] for s in leg["steps"]]
assert [s["street"] for s in mine["steps"]] == [s["name"] or s.get("ref", "") for s in steps]
assert [s["distance_m"] for s in mine["steps"]] == [s["distance"] for s in steps]
assert [s["type"] for s in mine["steps"]] == [s["maneuver"]["type"] for s in steps]
path = decode(route["geometry"])
assert len(mine["path"]) == len(path) and all(abs(a - b) < 1e-9 for p, q in zip(mine["path"], path) for a, b in zip(p, q))
assert abs(mine["snap"]["start_m"] - answer["waypoints"][0]["distance"]) < 1e-6
print("  %.1f m, %.1f s, %d steps, %d points, as the server said" % (mine["distance_m"], mine["duration_s"], len(steps), len(path)))
PY
}

gpx_and_geojson_parse() {
  route_run $route_from $route_to --router "$route_car" --gpx
  [ "$route_status" -eq 0 ] && route_clean || return 1
  cp "$route_dir/out" "$route_dir/route.gpx"
  route_run $route_from $route_to --router "$route_car" --geojson
  [ "$route_status" -eq 0 ] && route_clean || return 1
  python3 - "$route_dir/route.gpx" "$route_dir/out" <<'PY'
import json, sys, xml.etree.ElementTree as ET
ns = {"g": "http://www.topografix.com/GPX/1/1"}
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.topografix.com/GPX/1/1}gpx" and root.get("version") == "1.1"
rtepts, trkpts = root.findall("g:rte/g:rtept", ns), root.findall("g:trk/g:trkseg/g:trkpt", ns)
collection = json.load(open(sys.argv[2]))
features = collection["features"]
assert collection["type"] == "FeatureCollection" and features[0]["geometry"]["type"] == "LineString"
assert len(trkpts) == len(features[0]["geometry"]["coordinates"]) >= 2
assert len(rtepts) == len(features) - 1 >= 2
assert all(f["geometry"]["type"] == "Point" for f in features[1:])
print("  GPX: %d route points, %d track points" % (len(rtepts), len(trkpts)))
PY
}

a_name_is_the_searchs_best_result() {
  route_run "City Hall" $route_to --router "$route_car"
  [ "$route_status" -eq 0 ] || { cat "$route_dir/err"; return 1; }
  # The best match depends on the places the data folder holds (earlier suites import some).
  grep -q '^mapterm: FROM City Hall: .*City Hall.* (.*) at 37\.779[0-9]*,-122\.41[0-9]*, the best of' "$route_dir/err" || { cat "$route_dir/err"; return 1; }
  head -1 "$route_dir/out" | grep -q '^By car: ' && route_clean
}

on_foot_is_another_way() {
  [ -n "$route_foot" ] || { echo "  no foot router"; return 1; }
  route_run $route_from $route_to --router "$route_foot" --profile foot --json
  [ "$route_status" -eq 0 ] || return 1
  cp "$route_dir/out" "$route_dir/foot.json"
  route_run $route_from $route_to --router "$route_car" --json
  python3 - "$route_dir/foot.json" "$route_dir/out" <<'PY'
import json, sys
foot, car = (json.load(open(p)) for p in sys.argv[1:3])
assert foot["profile"] == "foot" and foot["duration_s"] > car["duration_s"] and foot["path"] != car["path"]
print("  on foot %.0f m in %.0f s, by car %.0f m in %.0f s" % (foot["distance_m"], foot["duration_s"], car["distance_m"], car["duration_s"]))
PY
}

no_way_is_exit_1() {
  # Oakland to San Francisco: the extract holds no bridge across the bay.
  route_run 37.80437,-122.27080 37.77493,-122.41942 --router "$route_car"
  route_one_line 1 '^mapterm: no way along roads: '
}

if [ -n "$route_car" ]; then
  check "route: the text's figures and streets are the server's, rounded as printed" text_is_the_servers_route
  check "route --json: distance, duration, steps and path equal the server's answer" json_is_the_servers_route
  check "route --gpx parses as GPX 1.1 XML, --geojson as a FeatureCollection" gpx_and_geojson_parse
  check "route: a name as FROM is the search's best result, said on stderr" a_name_is_the_searchs_best_result
  check "route --profile foot asks the foot router and walks another way" on_foot_is_another_way
  check "route: no way along roads (across the bay) is one line, exit 1" no_way_is_exit_1
else
  echo "skip route suite's real-server checks: no OSRM ($(cat "$route_dir/why" 2>/dev/null || echo 'Tests/services/osrm.sh missing and MAPTERM_TEST_OSRM_CAR unset'))"
fi

unreachable_and_offline_give_the_straight_line() {
  route_run $route_from $route_to --router http://127.0.0.1:9
  route_one_line 2 '^mapterm: route server unreachable: could not connect to 127\.0\.0\.1:9; straight line 7[0-9]{2} m$' || return 1
  route_run $route_from $route_to --offline
  route_one_line 2 '^mapterm: no route server \(--offline\); straight line 7[0-9]{2} m$' || return 1
  # The e2e settings file names a router that refuses at once: the public one is never asked.
  route_run $route_from $route_to
  route_one_line 2 'could not connect to 127\.0\.0\.1:9; straight line'
}

bad_points_are_one_line() {
  route_run 95,0 $route_to --router "$route_fake/ok"
  route_one_line 2 '^mapterm: FROM: latitude 95 is out of range' || return 1
  route_run $route_from 'Nowhere Such Placename' --router "$route_fake/ok"
  route_one_line 2 "^mapterm: TO: nothing is called 'Nowhere Such Placename'" || return 1
  route_run $route_from $'\e[31mEvil\e]0;x\a' --router "$route_fake/ok"
  route_one_line 2 '^mapterm: TO must be' || return 1
  route_run $route_from --router "$route_fake/ok"
  route_one_line 2 '^mapterm: route needs FROM and TO' || return 1
  route_run $route_from $route_to --router ftp://x --profile car
  route_one_line 2 '^mapterm: --router must be' || return 1
  route_run $route_from $route_to --profile plane
  route_one_line 2 '^mapterm: --profile must be car, bike or foot' || return 1
  route_run $route_from $route_to --json --gpx
  route_one_line 2 'one of --json, --geojson and --gpx' || return 1
  [ ! -s "$route_dir/log" ]
}

the_same_point_asks_nothing() {
  route_run $route_from 37.789,-122.401 --router "$route_fake/ok"
  [ "$route_status" -eq 0 ] && [ "$(cat "$route_dir/out")" = "FROM and TO are the same point: 0 m" ] || return 1
  [ ! -s "$route_dir/log" ]
}

escapes_in_street_names_never_reach_the_terminal() {
  route_run $route_from $route_to --router "$route_fake/ok"
  [ "$route_status" -eq 0 ] || { cat "$route_dir/err"; return 1; }
  route_clean || return 1
  grep -q 'Red Street' "$route_dir/out" && grep -q 'Bell Road' "$route_dir/out" && grep -q 'Reversed Way' "$route_dir/out" || return 1
  for format in --json --geojson --gpx; do
    route_run $route_from $route_to --router "$route_fake/ok" $format
    [ "$route_status" -eq 0 ] && route_clean || { echo "  $format"; return 1; }
    ! grep -q 'pwned' "$route_dir/out" || return 1
  done
}

# hostile MODE STATUS PATTERN BOUND_MS [ARGS...]: the stand-in's MODE ends the run with STATUS and one
# clean line matching PATTERN within BOUND_MS.
hostile() {
  local mode=$1 status=$2 pattern=$3 bound=$4; shift 4
  route_run $route_from $route_to --router "$route_fake/$mode" "$@"
  route_one_line "$status" "$pattern" || { echo "  ($mode)"; return 1; }
  [ "$route_ms" -le "$bound" ] || { echo "  $mode took $route_ms ms, over $bound"; return 1; }
  echo "  $mode: exit $route_status in $route_ms ms: $(cut -c1-100 "$route_dir/err")"
}

a_hostile_server_is_bounded_and_sanitised() {
  hostile huge 2 'answered badly: the answer is larger than 4 MiB; straight line' 10000 || return 1
  hostile slow 2 'unreachable: no answer from 127\.0\.0\.1:[0-9]+ within 2 s; straight line' 5000 --timeout 2 || return 1
  # Without --timeout the default 10 s bounds it.
  hostile slow 2 'unreachable: no answer from 127\.0\.0\.1:[0-9]+ within 10 s; straight line' 13000 || return 1
  hostile garbage 2 'answered badly: not JSON; straight line' 5000 || return 1
  hostile types 2 'answered badly: .*wrong type; straight line' 5000 || return 1
  hostile range 2 'answered badly: .*(out of range|not 0\.\.\.).*; straight line' 5000 || return 1
  hostile polyline 2 'answered badly: the route.s geometry is not a polyline6' 5000 || return 1
  hostile busy 2 'unreachable: busy, 127\.0\.0\.1:[0-9]+ asks to wait 30 s \(HTTP 429\); straight line' 5000 || return 1
  hostile refuse 2 '^mapterm: route server refused: NoSegment: Could not find it$' 5000 || return 1
  hostile down 2 'unreachable: 127\.0\.0\.1:[0-9]+ answered HTTP 500; straight line' 5000
}

check "route: an unreachable router and --offline are one line, exit 2, with the straight line" unreachable_and_offline_give_the_straight_line
check "route: bad points, unknown names and bad options are one line, exit 2, nothing asked" bad_points_are_one_line
check "route: the same point twice is 0 m, exit 0, nothing asked" the_same_point_asks_nothing
check "route: escape sequences in a server's street names never reach stdout or stderr" escapes_in_street_names_never_reach_the_terminal
check "route: a huge, slow, garbled, mistyped, busy or refusing server is bounded, one clean line" a_hostile_server_is_bounded_and_sanitised

kill "$route_fake_pid" 2>/dev/null
wait "$route_fake_pid" 2>/dev/null
if [ -n "$route_started" ]; then MAPTERM_OSRM_STATE="$route_dir/osrm" bash "$here/../services/osrm.sh" stop 2>/dev/null; fi
rm -rf "$route_dir"
