# Your own data on the map (issue 11): --layer - fed while the map runs (points appear, a same-id
# point moves and leaves a trail, the writer closes and the map stays), a writer that never stops,
# a line far too long, L toggles; render --layer draws a file with a hostile label sanitised.

LAYER_DIR=$(mktemp -d)

# start_fed FIFO COLS ROWS ARGS...: like start, with stdin from FIFO.
start_fed() {
  local fifo=$1 cols=$2 rows=$3; shift 3
  tm kill-server 2>/dev/null
  E2E_RUN=$((E2E_RUN + 1)); E2E_SOCKET="mapterm-e2e-$$-$E2E_RUN"
  tm -f /dev/null new-session -d -x "$cols" -y "$rows" -e TERM=tmux-256color \
    sh -c 'trap : INT QUIT; f=$1; shift; "$@" < "$f"; printf "\r\n[exit %d]\n" $?; exec sleep 600' sh "$fifo" "$MAPTERM" "$@"
}

# The cells ("row col") holding a layer point glyph, map rows only.
glyph_cells() { screen | head -n -1 | awk '{ s = $0; c = 0; while ((i = index(s, "❖")) > 0) { c += i; print NR, c; s = substr(s, i + 1) } }'; }
glyph_count() { glyph_cells | grep -c .; }
# True when a braille cell (a line, here the trail) is on the map.
has_braille() { screen | head -n -1 | grep -qP '[\x{2801}-\x{28FF}]'; }
# wait_for_glyphs N: until exactly N points are drawn.
wait_for_glyphs() {
  local waited=0
  while [ "$(glyph_count)" -ne "$1" ]; do
    sleep 0.02; waited=$((waited + 1)); [ $waited -ge 500 ] && return 1
  done
  return 0
}

stream_points_appear() {
  rm -f "$LAYER_DIR/fifo"; mkfifo "$LAYER_DIR/fifo"
  start_fed "$LAYER_DIR/fifo" 100 30 --center 0,-30 --zoom 10 --trail 5 --layer -
  exec 7>"$LAYER_DIR/fifo"
  wait_for 'z 10\.0 .*1 layer' || return 1
  echo "0.010,-30.030,bus 12" >&7
  wait_for_glyphs 1 || return 1
  sleep 0.3; echo "-0.010,-29.970,car" >&7
  wait_for_glyphs 2
}

same_id_moves_with_a_trail() {
  local before after waited=0
  before=$(glyph_cells | sort)
  printf '0.005,-30.010,bus 12\n' >&7; sleep 0.2
  printf '{"type":"Feature","id":"bus 12","properties":{},"geometry":{"type":"Point","coordinates":[-29.990,0.0]}}\n' >&7
  while after=$(glyph_cells | sort); [ "$after" = "$before" ] || ! has_braille; do
    sleep 0.02; waited=$((waited + 1)); [ $waited -ge 250 ] && return 1
  done
  [ "$(glyph_count)" -eq 2 ]
}

closed_writer_keeps_the_map() {
  exec 7>&-
  wait_for 'stdin ended' || return 1
  [ "$(glyph_count)" -eq 2 ] || return 1
  keys +; wait_for 'z 11\.0'
}

l_lists_and_toggles() {
  keys L; wait_for 'stdin · 2 features · stream ended' || return 1
  keys 1 Escape; wait_for '1 layer \(0 shown\)' || return 1
  wait_until_not 'Layers' && wait_for_glyphs 0 || return 1
  keys L 1 Escape; wait_for '· 1 layer  ' && wait_for_glyphs 2 || return 1
  keys q; wait_for '\[exit 0\]'
}

never_ending_writer_keeps_keys_answered() {
  start_piped 'while :; do echo "0.001,-30.001,flood"; done' 100 30 --center 0,-30 --zoom 10 --layer -
  wait_for '1 layer' || return 1
  wait_for_glyphs 1 || return 1
  keys +; wait_for 'z 11\.0' 3 || return 1
  keys -; wait_for 'z 10\.0' 3 || return 1
  keys q; wait_for '\[exit 0\]'
}

overlong_line_is_skipped() {
  # The writer stays open a few seconds after the long line, so the map shows it while it runs.
  start_piped 'head -c 1073741824 /dev/zero | tr "\0" x; echo; echo "0.001,-30.001,after"; sleep 3' \
    100 30 --center 0,-30 --zoom 10 --layer -
  wait_for 'line 1: the line is longer than 1 MiB' 60 || return 1
  wait_for_glyphs 1 || return 1
  keys q; wait_for '\[exit 0\]' 15
}

render_layer_sanitises_labels() {
  cat >"$LAYER_DIR/evil.geojson" <<'JSON'
{"type":"FeatureCollection","features":[
{"type":"Feature","properties":{"name":"Ferry \u001b]0;pwned\u0007\u001b[31mBuilding","note":"\u001b[2Jcleared?"},"geometry":{"type":"Point","coordinates":[-122.3937,37.7955]}},
{"type":"Feature","properties":{"name":"bad"},"geometry":{"type":"Point","coordinates":[-122.4,1e308]}}
]}
JSON
  local out err; err=$(mktemp)
  out=$("$MAPTERM" render --center 37.7955,-122.3937 --zoom 14 --size 120x30 --layer "$LAYER_DIR/evil.geojson" \
    --select layer:1:1 2>"$err") || { rm -f "$err"; return 1; }
  printf '%s' "$out" | grep -q 'Ferry Building' && printf '%s' "$out" | grep -q 'note: cleared?' \
    && printf '%s' "$out" | grep -q '❖' && ! printf '%s' "$out" | grep -q $'\e' \
    && grep -q 'evil.geojson: line 3: ' "$err"; local s=$?
  rm -f "$err"; return $s
}

render_layer_not_a_file_is_exit_2() {
  head -c 300 /dev/urandom >"$LAYER_DIR/junk.bin"
  "$MAPTERM" render --center 0,0 --zoom 2 --size 40x10 --layer "$LAYER_DIR/junk.bin" >/dev/null 2>&1; [ $? -eq 2 ] || return 1
  "$MAPTERM" render --center 0,0 --zoom 2 --size 40x10 --layer "$LAYER_DIR/evil.geojson:color=chartreuse" 2>&1 \
    | grep -q "unknown layer colour 'chartreuse'"
}

tab_and_enter_open_a_features_pane() {
  start 120 36 --center 37.7955,-122.3937 --zoom 15 --location 37.77,-122.43 --layer "$LAYER_DIR/evil.geojson" \
    --hide restroom,airport,heliport,seaplane_base,balloonport
  # The file's bad feature is said in the status bar, the good one drawn.
  wait_for 'evil\.geojson: line 3: Point: latitude' && wait_for_glyphs 1 || return 1
  keys Tab Enter
  wait_for 'Ferry Building' && wait_for 'note: cleared\?' && wait_for 'From you: 4\.27 km' || return 1
  keys Escape; wait_until_not 'From you' || return 1
  keys q; wait_for '\[exit 0 stty same\]'
}

config_layers_are_drawn() {
  mkdir -p "$XDG_CONFIG_HOME/mapterm"
  printf '{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9", "layers": ["%s:color=red"]}\n' "$LAYER_DIR/evil.geojson" >"$XDG_CONFIG_HOME/mapterm/config.json"
  local out; out=$("$MAPTERM" render --center 37.7955,-122.3937 --zoom 14 --size 80x20 --color 2>/dev/null)
  offline_config
  # The point in red (196), and "1 layer" in the status bar.
  printf '%s' "$out" | grep -q $'38;5;196m[^\e]*❖' && printf '%s' "$out" | grep -q '1 layer'
}

check "--layer -: points written to stdin appear on the running map" stream_points_appear
check "--layer -: a point with the same id moves, leaving its trail" same_id_moves_with_a_trail
check "--layer -: the writer closes, the points stay, keys still work" closed_writer_keeps_the_map
check "L lists the layers and toggles one off and on" l_lists_and_toggles
check "--layer -: a writer that never stops, keys still answered" never_ending_writer_keeps_keys_answered
check "--layer -: a 1 GiB line is skipped and said, the next line drawn" overlong_line_is_skipped
check "render --layer: a hostile label is drawn sanitised, the bad feature named" render_layer_sanitises_labels
check "render --layer: not a layer file, or an unknown colour, is exit 2" render_layer_not_a_file_is_exit_2
check "the config file's layers are drawn in their colour" config_layers_are_drawn
check "a layer's bad feature is said on the map; Tab and Enter open the good one's pane, sanitised" tab_and_enter_open_a_features_pane
rm -rf "$LAYER_DIR"
