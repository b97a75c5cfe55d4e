# Pins: drop two at different places, both centre markers appear, and they survive a restart.

drop_two_pins() {
  start 120 40 --source "$here/empty-places.json" --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' || return 1
  keys p; wait_for 'Drop a pin here\? \(y/n\)' || return 1
  keys y; wait_until_not 'Drop a pin here' || return 1
  keys Right Right Down
  keys p; wait_for 'Drop a pin here' || return 1
  keys y
  wait_for '⊗' && wait_for '⌖' && screen | grep -q '1' && screen | grep -q '2'
}

pins_survive_a_restart() {
  keys q; wait_for '\[exit 0 stty same\]' || return 1
  [ -s "$XDG_DATA_HOME/mapterm/pins.json" ] || return 1
  start 120 40 --source "$here/empty-places.json" --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' && keys f && wait_for '⊗' && wait_for '⌖'
}

pin_pane_names_the_place() {
  keys Tab
  local n=0
  while ! screen | grep -q 'Pin [12]'; do
    keys Enter; sleep 0.05; screen | grep -q 'Pin [12]' && break
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
  start 100 30 --source "$here/empty-places.json" --location 123,456
  wait_for 'is not valid' && wait_for 'LAT,LON'
}

check "two pins show the midpoint and the meeting point" drop_two_pins
check "pins come back after a restart" pins_survive_a_restart
check "a pin's pane names the country around it" pin_pane_names_the_place
check "a corrupt pins file is kept aside with an alert" corrupt_pins_are_kept_aside
check "an invalid --location is explained" bad_location_is_explained
