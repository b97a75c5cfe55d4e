# Pins: drop two at different places, both centre markers appear, and they survive a restart.

drop_two_pins() {
  start 120 40 --source "$here/empty-places.json" --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' || return 1
  keys p; wait_for 'Drop pin 1 at 48\.85000, 2\.35000\?' || return 1
  keys Enter; wait_until_not 'Drop pin' || return 1
  keys Right Right Down
  keys p; wait_for 'Drop pin 2 at' || return 1
  keys Enter
  wait_for '⊗' && wait_for '◈' && screen | grep -q '1' && screen | grep -q '2'
}

pins_survive_a_restart() {
  keys q; wait_for '\[exit 0 stty same\]' || return 1
  [ -s "$XDG_DATA_HOME/mapterm/pins.json" ] || return 1
  start 120 40 --source "$here/empty-places.json" --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' && keys f && wait_for '⊗' && wait_for '◈'
}

pin_pane_names_the_place() {
  keys Tab
  local n=0
  # The pane's title (the status bar names the selected pin too).
  while ! screen | grep -q '╭ Pin [12]'; do
    keys Enter; sleep 0.05; screen | grep -q '╭ Pin [12]' && break
    keys Escape Tab; n=$((n + 1)); [ $n -gt 6 ] && return 1
  done
  wait_for 'France|Germany|Belgium|Switzerland|Luxembourg'
}

corrupt_pins_are_kept_aside() {
  # The pane is open: Esc closes it (q would close it too, and quit only after).
  keys Escape q; wait_for '\[exit 0' || return 1
  echo '{ not json' > "$XDG_DATA_HOME/mapterm/pins.json"
  start 120 40 --source "$here/empty-places.json" --center 48.85,2.35 --zoom 6
  wait_for 'pins could not be loaded' || return 1
  ls "$XDG_DATA_HOME/mapterm/" | grep -q 'pins.json.corrupt-'
}

bad_location_is_explained() {
  # From the environment (a bad --location is a usage error, suite 22).
  MAPTERM_LOCATION=123,456 start 100 30 --source "$here/empty-places.json"
  wait_for 'is not valid' && wait_for 'LAT,LON'
}

check "two pins show the midpoint and the meeting point" drop_two_pins
check "pins come back after a restart" pins_survive_a_restart
check "a pin's pane names the country around it" pin_pane_names_the_place
check "a corrupt pins file is kept aside with an alert" corrupt_pins_are_kept_aside
check "an invalid MAPTERM_LOCATION is explained" bad_location_is_explained

# Two maps on one data folder (two terminals): each one's pins survive the other's saves, each sees
# the other's within a second or two, and a pin removed in one does not come back from the other.
second_map() { tmux -L "$E2E_SOCKET-b" "$@"; }
screen_b() { second_map capture-pane -p 2>/dev/null; }
# wait_b TEXT [SECONDS]: wait_for on the second map.
wait_b() {
  local waited=0 limit=${2:-10}
  until screen_b | grep -qE -- "$1"; do
    sleep 0.02; waited=$((waited + 1)); [ $waited -ge $((limit * 50)) ] && return 1
  done
  return 0  # (an until loop's status is its body's last one: the failed test above)
}
saved_pins() { jq -c '[.features[].geometry.coordinates | map(. * 100 | round / 100)]' "$XDG_DATA_HOME/mapterm/pins.json"; }

# pins_saved N: waits up to 5 s for pins.json to hold N pins.
pins_saved() {
  local waited=0
  until [ "$(jq '.features | length' "$XDG_DATA_HOME/mapterm/pins.json" 2>/dev/null)" = "$1" ]; do
    sleep 0.05; waited=$((waited + 1)); [ $waited -ge 100 ] && return 1
  done
  return 0
}

# step TEXT: says which step of a check failed (with the second map's screen and the saved pins).
step() {
  echo "  failed at: $1"; echo "--- first map ---"; screen | tail -2; echo "--- second map ---"; second_map capture-pane -p 2>/dev/null | tail -3
  echo "--- pins.json ---"; cat "$XDG_DATA_HOME/mapterm/pins.json" 2>/dev/null; return 1
}

two_maps_keep_each_others_pins() {
  rm -f "$XDG_DATA_HOME/mapterm/pins.json"
  start 120 40 --source "$here/empty-places.json" --center 48.85,2.35 --zoom 6
  second_map kill-server 2>/dev/null
  second_map -f /dev/null new-session -d -x 120 -y 40 -e TERM=tmux-256color \
    "$MAPTERM" --source "$here/empty-places.json" --center 48.95,2.60 --zoom 6
  wait_for 'z 6\.0' 20 || step "A opens" || return 1
  wait_b 'z 6\.0' 20 || step "B opens" || return 1
  keys p; wait_for 'Drop pin' || step "A asks to drop" || return 1; keys Enter
  second_map send-keys p; wait_b 'Drop pin' || step "B asks to drop" || return 1; second_map send-keys Enter
  pins_saved 2 || step "two pins saved" || return 1
  # Each map now shows both pins and their centres (B learns of A's pin by watching the file).
  wait_for '⊗' 5 || step "A shows the midpoint" || return 1
  wait_b '⊗' 5 || step "B shows the midpoint" || return 1
  # A removes the pin at its centre; B then drops another one: A's stays gone.
  keys Tab x; wait_for 'Remove pin' || step "A asks to remove" || return 1; keys y
  wait_until_not '⊗' 5 || step "A's midpoint goes" || return 1
  pins_saved 1 || step "one pin left" || return 1
  second_map send-keys Right p; wait_b 'Drop pin' || step "B asks to drop again" || return 1
  second_map send-keys Enter
  pins_saved 2 || step "B's second pin saved" || return 1
  local saved; saved=$(saved_pins)
  second_map kill-server 2>/dev/null
  ! echo "$saved" | grep -q '\[2.35,48.85\]' && echo "$saved" | grep -q '\[2.6,48.95\]' || step "A's pin gone, B's kept: $saved"
}

check "two maps on one data folder keep and see each other's pins" two_maps_keep_each_others_pins
# The second map is ended here too, whichever step the check stopped at.
second_map kill-server 2>/dev/null
