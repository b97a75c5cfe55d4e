# A live position from a real gpsd (Tests/services/gpsd.sh: Debian's gpsd fed NMEA by a loopback source
# the suite steers): the ◉ marker at the fed position's cell (computed by gps_cell.py) and moving with the
# feed, F following until a pan, the daemon killed and restarted shown lost and found again, a feed whose
# time goes backwards or that jumps 1 000 km a cycle leaving the map working, a recorded track holding
# the fed points and readable by Python's XML parser and as a layer, also after kill -9. Against a hostile
# stand-in (fake_gpsd.py, always run): escape sequences, junk, a 100 KiB line and a position beyond the
# poles are each one status-bar line and never reach the terminal. The gpsd part is skipped, saying why,
# when gpsd is not installed.

gps_state=$(mktemp -d)
gps_service="$here/../services/gpsd.sh"
gps_status=0
gps_url=$(MAPTERM_GPSD_STATE=$gps_state bash "$gps_service" start 2>"$gps_state.why") || gps_status=$?
gps_cols=140
gps_rows=30

# gps_feed WORDS…: what the NMEA source sends from its next cycle on.
gps_feed() { MAPTERM_GPSD_STATE=$gps_state bash "$gps_service" set "$@"; }

# gps_marker_at LAT LON CENTER_LAT CENTER_LON ZOOM [SECONDS]: true once ◉ is drawn at the cell where
# LAT,LON lies in a view of ZOOM centred at CENTER.
gps_marker_at() {
  local want waited=0
  want=$(python3 "$here/gps_cell.py" "$3" "$4" "$5" $gps_cols $gps_rows "$1" "$2")
  while [ "$(screen | python3 "$here/gps_cell.py" --find ◉ 2>/dev/null)" != "$want" ]; do
    sleep 0.05; waited=$((waited + 1))
    if [ $waited -ge $((${6:-10} * 20)) ]; then echo "  ◉ not at $want"; return 1; fi
  done
  return 0
}

the_marker_is_at_the_fed_position_and_moves_with_it() {
  gps_feed 37.7749 -122.4194 0 0
  start $gps_cols $gps_rows --location "$gps_url" --zoom 16
  # The first fix centres the map nobody has moved.
  wait_for '37\.77490, -122\.41940  z 16\.0' 10 || return 1
  gps_marker_at 37.7749 -122.4194 37.7749 -122.4194 16 || return 1
  status_line | grep -qE 'GPS 3D' || return 1
  gps_feed 37.7758 -122.4181 10 90
  gps_marker_at 37.7758 -122.4181 37.7749 -122.4194 16 || return 1
  # Moving east at 10 knots: the arrow beside the marker.
  wait_for '◉→' 5 || return 1
}

f_follows_until_a_pan() {
  keys F
  wait_for 'following' 5 || return 1
  wait_for '37\.77580, -122\.41810  z 16\.0' 5 || return 1
  gps_feed 37.7770 -122.4170 0 0
  wait_for '37\.77700, -122\.41700  z 16\.0' 5 || return 1
  gps_marker_at 37.7770 -122.4170 37.7770 -122.4170 16 || return 1
  keys l
  wait_for 'stopped following you' 5 || return 1
  local centre; centre=$(status_line | awk '{ print $1, $2 }')
  gps_feed 37.7775 -122.4175 0 0
  gps_marker_at 37.7775 -122.4175 "${centre%,*}" "${centre#* }" 16 || return 1
  [ "$(status_line | awk '{ print $1, $2 }')" = "$centre" ]
}

a_killed_daemon_is_lost_then_found() {
  MAPTERM_GPSD_STATE=$gps_state bash "$gps_service" stop-gpsd || return 1
  wait_for 'GPS lost' 10 || return 1
  ! screen | grep -qF 'Enter or Esc to close' || return 1
  MAPTERM_GPSD_STATE=$gps_state bash "$gps_service" start-gpsd >/dev/null || return 1
  wait_until_not 'GPS lost' 15 || return 1
  wait_for 'GPS 3D' 10
}

time_going_backwards_or_a_jump_leaves_the_map_working() {
  gps_feed backwards 37.7749 -122.4194 0 0
  sleep 3
  keys +
  wait_for 'z 17\.0' 5 || return 1
  gps_feed jump 37.7749 -122.4194 0 0
  sleep 3
  keys -
  wait_for 'z 16\.0' 5 || return 1
  ! screen | grep -qF '[exit' || return 1
  gps_feed 37.7749 -122.4194 0 0
}

# gps_track: the one track file recorded so far.
gps_track() { ls "$XDG_DATA_HOME"/mapterm/tracks/*.gpx 2>/dev/null | head -1; }

# gps_track_holds FILE LAT,LON…: FILE parses as XML (Python) and has a trkpt within 1 m of each point.
gps_track_holds() {
  python3 - "$@" <<'PY'
import math, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = {"g": "http://www.topografix.com/GPX/1/1"}
points = [(float(p.get("lat")), float(p.get("lon"))) for p in root.iterfind(".//g:trkpt", ns)]
for text in sys.argv[2:]:
    lat, lon = map(float, text.split(","))
    near = min((math.hypot((lat - a) * 111320, (lon - b) * 111320 * math.cos(math.radians(lat))) for a, b in points),
               default=1e9)
    if near > 1:
        sys.exit("no point within 1 m of %s (nearest %.1f m; %d points)" % (text, near, len(points)))
PY
}

t_records_the_fed_points() {
  rm -rf "$XDG_DATA_HOME/mapterm/tracks"
  keys T
  wait_for '● rec' 5 || return 1
  local point
  for point in "37.7800 -122.4100" "37.7805 -122.4095" "37.7810 -122.4090"; do
    gps_feed $point 0 0
    sleep 1.5
  done
  keys T
  wait_for 'track saved: .*\.gpx, [0-9]+ points' 5 || return 1
  local file; file=$(gps_track)
  [ -n "$file" ] || { echo "  no track file"; return 1; }
  gps_track_holds "$file" 37.7800,-122.4100 37.7805,-122.4095 37.7810,-122.4090 || return 1
  # The saved track opens as a layer.
  "$MAPTERM" render --center 37.7805,-122.4095 --zoom 16 --size 80x24 --layer "$file" >/dev/null
}

a_kill_9_while_recording_leaves_a_readable_track() {
  rm -rf "$XDG_DATA_HOME/mapterm/tracks"
  gps_feed 37.7749 -122.4194 0 0
  sleep 1.5
  keys T
  wait_for '● rec [2-9]' 10 || return 1
  pkill -KILL -f "^$MAPTERM .*--location $gps_url" || return 1
  wait_for '\[exit 137' 5 || return 1
  local file; file=$(gps_track)
  [ -n "$file" ] || { echo "  no track file"; return 1; }
  gps_track_holds "$file" 37.7749,-122.4194
}

if [ $gps_status -eq 0 ]; then
  check "the marker is at the fed position's cell and moves with the feed" the_marker_is_at_the_fed_position_and_moves_with_it
  check "F follows the position until a pan" f_follows_until_a_pan
  check "a killed gpsd is shown lost, then found again when it is back" a_killed_daemon_is_lost_then_found
  check "time going backwards or a 1 000 km jump leaves the map working" time_going_backwards_or_a_jump_leaves_the_map_working
  check "T records the fed points to a GPX file Python and --layer read" t_records_the_fed_points
  check "kill -9 while recording leaves a readable track" a_kill_9_while_recording_leaves_a_readable_track
  tm kill-server 2>/dev/null
  MAPTERM_GPSD_STATE=$gps_state bash "$gps_service" stop
else
  echo "skip the gpsd checks: $(tail -1 "$gps_state.why")"
fi
rm -rf "$gps_state" "$gps_state.why"

a_hostile_gpsd_is_one_line_and_never_reaches_the_terminal() {
  local portfile; portfile=$(mktemp -u)
  python3 "$here/fake_gpsd.py" "$portfile" &
  local fake=$!
  local waited=0
  while [ ! -s "$portfile" ] && [ $waited -lt 100 ]; do sleep 0.05; waited=$((waited + 1)); done
  start $gps_cols $gps_rows --location "gpsd://127.0.0.1:$(cat "$portfile")" --zoom 14
  local ok=0
  wait_for '48\.85840, 2\.29450' 10 || ok=1
  wait_for 'GPS: (a line|position out of range|a report)' 10 || ok=1
  [ "$(tm display -p '#{pane_title}')" != pwned ] || { echo "  title set"; ok=1; }
  ! screen | grep -qE 'RED|Enter or Esc to close' || ok=1
  keys +
  wait_for 'z 15\.0' 5 || ok=1
  kill "$fake" 2>/dev/null
  wait "$fake" 2>/dev/null
  rm -f "$portfile"
  return $ok
}
check "a hostile gpsd is one status line and never reaches the terminal" a_hostile_gpsd_is_one_line_and_never_reaches_the_terminal
