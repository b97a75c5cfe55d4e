# The interactive map at 120x40: pan, zoom, resize, help, quit and interrupt restore the terminal.

lon_of_status() { status_line | sed -E 's/^ *-?[0-9.]+, (-?[0-9.]+) .*/\1/'; }

map_opens() { start 120 40 --center 40,-100 --zoom 4; wait_for '40\.00000, -100\.00000 +z 4\.0'; }

right_moves_east() {
  keys Right
  wait_until_not '40\.00000, -100\.00000' || return 1
  awk -v lon="$(lon_of_status)" 'BEGIN { exit !(lon > -100) }'
}

plus_zooms_in() { keys +; wait_for 'z 5\.0'; }

resize_redraws() {
  tm resize-window -x 60 -y 20
  wait_for '^ 40\.[0-9]+, -[0-9.]+ +z 5\.0' || return 1
  [ "$(screen | wc -l)" -le 20 ] && screen | widths_at_most 60
}

help_lists_keys() { keys '?'; wait_for 'zoom at the pointer' && keys Escape && wait_until_not 'zoom at the pointer'; }

q_quits_and_restores() { keys q; wait_for '\[exit 0 stty same\]'; }

interrupt_restores() {
  start 80 24 --center 0,0 --zoom 2
  wait_for 'z 2\.0' || return 1
  keys C-c
  wait_for '\[exit [0-9]+ stty same\]'
}

burst_of_keys_is_coalesced() {
  start 120 40 --center 10,10 --zoom 3
  wait_for 'z 3\.0' || return 1
  keys + + + + + + - - - - - -
  wait_for '10\.00000, 10\.00000 +z 3\.0' && ! screen | grep -q 'z 9'
}

# A first run (no saved view, no --center, no location) opens on Market Street in San Francisco at
# z15, with the shipped streets named and restroom glyphs on them.
first_run_opens_on_market_street() {
  local saved=$XDG_STATE_HOME
  export XDG_STATE_HOME="$E2E_HOME/first-run-state"
  start 120 40
  export XDG_STATE_HOME=$saved
  wait_for '37\.77930, -122\.41370 +z 15\.0' || return 1
  wait_for 'Market St' && screen | grep -q '⌂' && screen | grep -qE 'Larkin St|Mission St|7th St' || return 1
  keys q; wait_for '\[exit 0 stty same\]'
}

check "the first run opens on Market Street, San Francisco, with streets and restrooms" first_run_opens_on_market_street
check "the map opens at --center/--zoom" map_opens
check "Right moves the centre east" right_moves_east
check "+ raises the zoom" plus_zooms_in
check "a resize to 60x20 redraws at the new size" resize_redraws
check "? opens the help and Esc closes it" help_lists_keys
check "q exits with status 0 and restores the terminal" q_quits_and_restores
check "Ctrl-C exits and restores the terminal" interrupt_restores
check "a burst of keys ends at the right view" burst_of_keys_is_coalesced

flow_control_is_off_and_ctrl_s_does_not_freeze() {
  start 100 30 --source "$here/empty-places.json" --center 10,20 --zoom 4
  wait_for 'z 4\.0' || return 1
  local tty; tty=$(tm display -p '#{pane_tty}')
  stty -a -F "$tty" | grep -q -- '-ixon' || return 1
  keys C-s l
  wait_for '10\.00000, 2[4-9]\.' || return 1
  keys q; wait_for '\[exit 0 stty same\]'
}

ctrl_backslash_quits_cleanly() {
  start 100 30 --source "$here/empty-places.json" --center 10,20 --zoom 4
  wait_for 'z 4\.0' || return 1
  keys 'C-\'
  wait_for '\[exit 131 stty same\]' && ! screen | grep -qi 'backtrace\|crashed'
}

check "flow control is off: ^S does not freeze the map" flow_control_is_off_and_ctrl_s_does_not_freeze
check "^\\ quits cleanly (no backtrace) and restores the terminal" ctrl_backslash_quits_cleanly
