# The command line: render prints exactly the frame asked for; bad input is one line and exit 2.

render_size_is_exact() {
  local out; out=$("$MAPTERM" render --center 50,10 --zoom 3.5 --size 83x21) || return 1
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 21 ] || return 1
  printf '%s\n' "$out" | widths_exactly 83
}

render_colour_has_escapes() {
  "$MAPTERM" render --center 50,10 --zoom 3.5 --size 40x10 --color | grep -q $'\e\[38;5;[0-9]*;48;5;'
}

bad_input() {  # bad_input EXPECTED_TEXT ARGS...
  local expected=$1; shift
  local err; err=$("$MAPTERM" "$@" 2>&1 >/dev/null); local status=$?
  [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q -- "$expected"
}

not_mbtiles() {
  local f; f=$(mktemp); echo "not a database" > "$f"
  bad_input "not an MBTiles or PMTiles file" render --center 0,0 --zoom 1 --size 20x5 --tiles "$f"; local s=$?
  rm -f "$f"; return $s
}

render_names_a_pin() {  # the one-shot frame waits for the reverse geocode it started
  mkdir -p "$XDG_DATA_HOME/mapterm"
  printf '%s' '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.3522,48.8566]},"properties":{"number":1}},{"type":"Feature","geometry":{"type":"Point","coordinates":[13.405,52.52]},"properties":{"number":2}}]}' \
    > "$XDG_DATA_HOME/mapterm/pins.json"
  local out; out=$("$MAPTERM" render --center 50,8 --zoom 5 --size 100x30 --select pin:1 2>/dev/null)
  rm -f "$XDG_DATA_HOME/mapterm/pins.json"
  echo "$out" | grep -q 'Pin 1' && echo "$out" | grep -q 'Paris, France' && ! echo "$out" | grep -q 'finding where'
}

offline_render_leaves_libcurl_unloaded() {  # libcurl and its libraries cost a start ~7 ms: opened on demand
  ! ldd "$MAPTERM" | grep -q libcurl || return 1
  ! LD_DEBUG=files "$MAPTERM" render --center 43.7384,7.4246 --zoom 15 --size 40x10 2>&1 >/dev/null | grep -q libcurl
}

points_in_every_form() {  # --near and --location read every form --center reads
  local paris="48°51'N 2°21'E"
  "$MAPTERM" places --near "$paris" --radius 5 --limit 1 | grep -q 'DIST KM' || return 1
  "$MAPTERM" search paris --near "$paris" --limit 1 | grep -q 'Paris' || return 1
  local with without
  with=$("$MAPTERM" render --center "$paris" --zoom 12 --size 40x8 --location "$paris") || return 1
  without=$("$MAPTERM" render --center 48.85,2.35 --zoom 12 --size 40x8) || return 1
  [ "$with" != "$without" ]
}

check "render prints exactly ROWS lines of COLS cells" render_size_is_exact
check "an offline render never loads libcurl" offline_render_leaves_libcurl_unloaded
check "render --color uses ANSI colours" render_colour_has_escapes
check "latitude 91 is refused" bad_input "latitude" render --center 91,0 --zoom 1 --size 80x24
check "zoom -3 is refused" bad_input "zoom" render --center 0,0 --zoom -3 --size 80x24
check "size 0x0 is refused" bad_input "size" render --center 0,0 --zoom 1 --size 0x0
check "a missing tiles file is refused" bad_input "no such file" render --center 0,0 --zoom 1 --size 20x5 --tiles /nonexistent.mbtiles
check "a file that is not MBTiles is refused" not_mbtiles
check "an unknown option is refused" bad_input "unknown option" --frobnicate
check "--near and --location take 48°51'N 2°21'E like --center" points_in_every_form
check "render --help lists its options" sh -c '"$0" render --help | grep -q -- "--size COLSxROWS"' "$MAPTERM"
check "render --select pin:1 names where the pin is" render_names_a_pin
check "--about names the data sources" sh -c '"$0" --about | grep -q "Natural Earth" && "$0" --about | grep -q "OpenStreetMap"' "$MAPTERM"
