# Pins on the command line: `mapterm pins --geojson` prints valid GeoJSON, a pins file killed mid-save
# still loads, and a listing leaves a corrupt one as it is. Each check uses its own XDG_DATA_HOME so that the
# pins of later suites start from nothing.

pins_sample() {  # pins_sample DIR: writes two pins, out of order, in DIR/mapterm/pins.json
  mkdir -p "$1/mapterm"
  cat > "$1/mapterm/pins.json" <<'EOF'
{"type": "FeatureCollection", "features": [
  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}, "properties": {"number": 2}},
  {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-121.8911, 37.3315]}, "properties": {"number": 1}}
]}
EOF
}

pins_geojson_is_valid() {
  local data out status; data=$(mktemp -d); pins_sample "$data"
  out=$(XDG_DATA_HOME="$data" "$MAPTERM" pins --geojson); status=$?
  rm -rf "$data"
  [ $status -eq 0 ] && printf '%s' "$out" | jq -e '
    .type == "FeatureCollection" and (.features | length) == 4
    and .features[0].geometry == {"type": "Point", "coordinates": [-121.8911, 37.3315]}
    and .features[0].properties.number == 1 and .features[1].properties.number == 2
    and (.features[:2] | all(.properties["marker-color"] | test("^#[0-9a-f]{6}$")))
    and ([.features[2:][].properties.role] == ["midpoint", "meeting-point"])' > /dev/null
}

pins_json_has_meeting_point() {
  local data out status; data=$(mktemp -d); pins_sample "$data"
  out=$(XDG_DATA_HOME="$data" "$MAPTERM" pins --json); status=$?
  rm -rf "$data"
  [ $status -eq 0 ] && printf '%s' "$out" | jq -e '
    (.pins | length) == 2 and .midpoint.lat != null and .meetingPoint.totalDistanceKm > 8000' > /dev/null
}

pins_survive_kill_9() {
  local data file round pid waited status=0; data=$(mktemp -d); file="$data/mapterm/pins.json"
  for round in 1 2 3 4 5 6 7 8; do
    "$MAPTERM" pins --stress-save "$file" & pid=$!
    waited=0
    while [ ! -s "$file" ] && [ $waited -lt 500 ]; do sleep 0.02; waited=$((waited + 1)); done
    sleep "0.0$((RANDOM % 10))"
    kill -9 "$pid"; { wait "$pid"; } 2> /dev/null
    XDG_DATA_HOME="$data" "$MAPTERM" pins --geojson | jq -e '(.features | length) >= 1' > /dev/null || status=1
    [ -z "$(ls "$data/mapterm" | grep -v '^pins\.json$')" ] || status=1  # no corrupt or temp files left
  done
  rm -rf "$data"
  return $status
}

pins_corrupt_is_left() {
  local data err status; data=$(mktemp -d); mkdir -p "$data/mapterm"
  printf '{ not json' > "$data/mapterm/pins.json"
  err=$(XDG_DATA_HOME="$data" "$MAPTERM" pins --geojson 2>&1 > /dev/null); status=$?
  # A listing only reads: the file stays where it was, as it was, and nothing is set aside.
  [ "$(ls "$data/mapterm")" = "pins.json" ] && [ "$(cat "$data/mapterm/pins.json")" = '{ not json' ]; local left=$?
  rm -rf "$data"
  [ $status -eq 1 ] && [ $left -eq 0 ] && printf '%s' "$err" | grep -q 'not valid JSON.*left as it is'
}

check "pins --geojson prints the pins as GeoJSON (lon, lat)" pins_geojson_is_valid
check "pins --json has the midpoint and meeting point" pins_json_has_meeting_point
check "a pins file killed mid-save still loads" pins_survive_kill_9
check "a listing leaves a corrupt pins file as it is and explains (exit 1)" pins_corrupt_is_left
