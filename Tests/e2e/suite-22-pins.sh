# Named pins and the selection (part 15): pins named when dropped and from the shell, `1`…`9`, the
# selection named in the status bar, "(Y/n)" taking Enter, the pane that keeps its place in view, fits
# with a margin and a zoom limit, keys that say why they cannot act, a readable attribution, a listing
# that leaves a bad pins file alone and an alert that names the kept file whole. Each check uses its
# own XDG_DATA_HOME (the places come from a file), put back after.

P22_DATA=$XDG_DATA_HOME
p22_fresh() { XDG_DATA_HOME=$(mktemp -d); export XDG_DATA_HOME; mkdir -p "$XDG_DATA_HOME/mapterm"; }
p22_done() { rm -rf "$XDG_DATA_HOME"; XDG_DATA_HOME=$P22_DATA; export XDG_DATA_HOME; }
p22_pins() { "$MAPTERM" pins "$@"; }
p22_map() { start "$1" "$2" --source "$here/empty-places.json" "${@:3}"; }

# p22_cells PYTHON_TEST: runs the Python expression on `rows` (the screen's lines, padded to the pane's
# width, the status line left out) and `text` (the whole screen); true when it holds (else it shows
# the screen it looked at).
p22_cells() {
  local seen; seen=$(screen)
  printf '%s\n' "$seen" | python3 -c '
import sys
lines = sys.stdin.read().rstrip("\n").split("\n")
width = max(len(l) for l in lines)
rows = [l.ljust(width) for l in lines][:-1]
text = "\n".join(lines)
sys.exit(0 if eval(sys.argv[1]) else 1)' "$1" && return 0
  echo "--- screen checked ---"; printf '%s\n' "$seen"
  return 1
}

p22_shell_commands_name_add_rename_and_remove() {
  p22_fresh
  local ok=0
  p22_pins add 37.7749,-122.4194 "Mum's house" | grep -qx "added pin 1 (Mum's house) at 37.77490, -122.41940" || ok=1
  p22_pins add 37.8044,-122.2712 > /dev/null || ok=1
  p22_pins rename 2 Office | grep -qx 'pin 2 is now called Office' || ok=1
  p22_pins | grep -qx "1  37.77490, -122.41940  Mum's house" || ok=1
  p22_pins --geojson | jq -e '[.features[].properties | .role // .name] == ["Mum'"'"'s house", "Office", "midpoint", "meeting-point"]' > /dev/null || ok=1
  p22_pins --json | jq -e '.pins[1].name == "Office"' > /dev/null || ok=1
  p22_pins rm 1 | grep -qx "removed pin 1 (Mum's house)" || ok=1
  p22_pins rm 5 2> /dev/null; [ $? -eq 1 ] || ok=1
  p22_pins frobnicate 2> /dev/null; [ $? -eq 2 ] || ok=1
  [ "$(p22_pins --json | jq -c '[.pins[].name]')" = '["Office"]' ] || ok=1
  p22_done
  return $ok
}

p22_a_listing_leaves_a_bad_file_and_the_map_names_the_kept_file_whole() {
  p22_fresh
  printf '{ not json' > "$XDG_DATA_HOME/mapterm/pins.json"
  p22_pins 2> /dev/null; local listed=$?
  [ $listed -eq 1 ] && [ "$(ls "$XDG_DATA_HOME/mapterm")" = pins.json ] || { p22_done; return 1; }
  p22_map 80 24 --center 0.5,-30 --zoom 10
  wait_for 'pins could not be loaded' || { p22_done; return 1; }
  local kept; kept="$XDG_DATA_HOME/mapterm/$(ls "$XDG_DATA_HOME/mapterm" | grep 'pins\.json\.corrupt-')"
  # The box's lines joined: the kept file's whole path is in them.
  p22_cells "'$kept' in ''.join(l.split('│')[1].strip() for l in text.split('\n') if l.count('│') >= 2)"
  local ok=$?
  keys Escape q; wait_for '\[exit 0'
  p22_done
  return $ok
}

p22_a_pin_named_when_dropped_is_named_in_the_status_bar() {
  p22_fresh
  p22_map 100 30 --center 0.5,-30 --zoom 10
  wait_for 'z 10\.0' || { p22_done; return 1; }
  keys p; wait_for 'Drop pin 1 at 0\.50000, -30\.00000\? Name \(optional\):' || { p22_done; return 1; }
  keys -l Mum; wait_for 'Name \(optional\): Mum' || { p22_done; return 1; }
  keys Enter; wait_until_not 'Drop pin' || { p22_done; return 1; }
  keys Right 1; wait_for '1 Mum · pin 1 · 0 m from the centre' || { p22_done; return 1; }
  jq -e '.features[0].properties.name == "Mum"' "$XDG_DATA_HOME/mapterm/pins.json" > /dev/null || { p22_done; return 1; }
  keys x; wait_for 'Remove pin 1 \(Mum\) at 0\.50000, -30\.00000\? \(Y/n\)' || { p22_done; return 1; }
  keys Enter; wait_until_not 'Remove pin' || { p22_done; return 1; }
  local n=0
  until [ "$(jq '.features | length' "$XDG_DATA_HOME/mapterm/pins.json")" = 0 ]; do
    sleep 0.05; n=$((n + 1)); [ $n -ge 60 ] && { p22_done; return 1; }
  done
  keys q; wait_for '\[exit 0'
  p22_done
}

p22_a_running_map_takes_a_pin_added_from_the_shell() {
  p22_fresh
  p22_map 100 30 --center 0.5,-30 --zoom 10
  wait_for 'z 10\.0' || { p22_done; return 1; }
  p22_pins add 0.52,-29.98 Office > /dev/null || { p22_done; return 1; }
  local n=0
  until status_line | grep -q 'Office · pin 1'; do
    keys 1; sleep 0.1; n=$((n + 1)); [ $n -ge 30 ] && { p22_done; return 1; }
  done
  keys e; wait_for 'Name pin 1: Office' || { p22_done; return 1; }
  keys BSpace BSpace BSpace BSpace BSpace BSpace; keys -l Home; keys Enter
  wait_for '1 Home · pin 1' || { p22_done; return 1; }
  n=0
  until p22_pins | grep -q 'Home$'; do sleep 0.05; n=$((n + 1)); [ $n -ge 60 ] && { p22_done; return 1; }; done
  keys q; wait_for '\[exit 0'
  p22_done
}

p22_the_pane_keeps_its_place_in_view() {
  p22_fresh
  p22_pins add 0.5,-30 Home > /dev/null
  p22_map 120 40 --center 0.5,-30 --zoom 10
  wait_for 'z 10\.0' || { p22_done; return 1; }
  # A quarter screen left: the pin is now at column 90, where the side pane (44 wide) opens.
  keys h Tab; wait_for 'Home · pin 1' || { p22_done; return 1; }
  keys Enter; wait_for 'Pin 1 · Home' || { p22_done; return 1; }
  p22_cells "any('1' in r[:76 - 3] for r in rows)"
  local ok=$?
  keys Escape q; wait_for '\[exit 0'
  p22_done
  return $ok
}

p22_f_keeps_a_margin_and_stops_at_z16() {
  p22_fresh
  p22_pins add 0.5,-30 > /dev/null; p22_pins add 1.5,-28 > /dev/null
  p22_map 80 24 --center 20,0 --zoom 3
  wait_for 'z 3\.0' || { p22_done; return 1; }
  keys f; wait_until_not 'z 3\.0' || { p22_done; return 1; }
  wait_for '◈' || { p22_done; return 1; }
  # Both pins drawn, none in the 4 columns or 2 rows at the edges of the map.
  p22_cells "sum(r.count('1') + r.count('2') for r in rows) == 2 and not any(c in r[:4] + r[-4:] for r in rows for c in '12') and not any(c in r for r in rows[:2] + rows[-2:] for c in '12')"
  local ok=$?
  keys q; wait_for '\[exit 0'
  rm -f "$XDG_DATA_HOME/mapterm/pins.json"
  p22_pins add 0.5,-30 > /dev/null; p22_pins add 0.5,-29.99993 > /dev/null
  p22_map 80 24 --center 20,0 --zoom 3
  wait_for 'z 3\.0' || { p22_done; return 1; }
  keys f; wait_for 'z 16\.0' || ok=1
  keys q; wait_for '\[exit 0'
  p22_done
  return $ok
}

p22_keys_that_cannot_act_say_why() {
  p22_fresh
  p22_map 120 30 --center 0.5,-30 --zoom 10
  wait_for 'z 10\.0' || { p22_done; return 1; }
  keys f; wait_for 'no pins to fit: p drops one at the crosshair' || { p22_done; return 1; }
  keys x; wait_for 'x removes a pin: select one first' || { p22_done; return 1; }
  keys r; wait_for 'nothing to refresh: the places are read from the file empty-places.json' || { p22_done; return 1; }
  keys q; wait_for '\[exit 0'
  p22_done
}

p22_i_credits_what_is_drawn_at_80_columns() {
  p22_fresh
  p22_map 80 24 --center 37.7793,-122.4137 --zoom 15
  # The credit in the corner says the streets are drawn: `i` now has them to name.
  wait_for 'z 15\.0' && wait_for 'OpenStreetMap' || { p22_done; return 1; }
  keys i; wait_for 'Where this map comes from' || { p22_done; return 1; }
  # The streets' credit and the places' are there whole; Monaco's sample, not drawn here, is not.
  p22_cells "'Map: ' in text and 'OpenStreetMap contributors' in text and 'empty-places.json' in text and 'Monaco' not in text and '…' not in text"
  local ok=$?
  keys Escape q; wait_for '\[exit 0'
  p22_done
  return $ok
}

p22_a_layer_without_center_starts_in_view() {
  p22_fresh
  local layer="$XDG_DATA_HOME/tokyo.geojson"
  printf '%s' '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[139.70,35.66],[139.78,35.70]]},"properties":{"name":"walk"}}]}' > "$layer"
  p22_map 100 30 --layer "$layer"
  # The view opens on the layer (centre 35.68, 139.74), not where the map was left or on Market Street.
  wait_for ' 35\.68[0-9]*, 139\.74[0-9]*  z 1[1-6]\.' || { p22_done; return 1; }
  keys q; wait_for '\[exit 0'
  p22_done
}

check "pins add/rename/rm from the shell; names in the listings; the centres in --geojson" \
  p22_shell_commands_name_add_rename_and_remove
check "a listing leaves a bad pins file; the map's alert names the kept file whole at 80 columns" \
  p22_a_listing_leaves_a_bad_file_and_the_map_names_the_kept_file_whole
check "p says where and asks a name; 1 selects it, named in the status bar; Enter at (Y/n) removes it" \
  p22_a_pin_named_when_dropped_is_named_in_the_status_bar
check "a running map shows a pin added from the shell; e renames it and saves the name" \
  p22_a_running_map_takes_a_pin_added_from_the_shell
check "the pane opening over its place shifts the map so the place stays in view" \
  p22_the_pane_keeps_its_place_in_view
check "f keeps pins 4 columns and 2 rows from the edges and stops at z16" p22_f_keeps_a_margin_and_stops_at_z16
check "f without pins, x without a pin and r on stored places say why" p22_keys_that_cannot_act_say_why
check "--layer FILE without --center opens on the layer" p22_a_layer_without_center_starts_in_view
check "i shows the whole credits of what is drawn, and no others, at 80 columns" \
  p22_i_credits_what_is_drawn_at_80_columns
