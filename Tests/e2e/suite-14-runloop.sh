# Nothing blocks the run loop. While another process (lock_holder.py) holds every lock mapterm takes
# (pins.json.lock, places.sqlite.lock), the map draws, answers keys and says it is waiting; it saves
# the pin once the lock is let go, keeping the other process's pins; it quits at once on q and on
# SIGTERM. A first run waiting for another build's lock says so and still dies at once on SIGTERM.
# And every signal whose default action would end the map leaves the terminal as it was: main
# screen, no mouse reporting, the same stty modes.

RL_DATA="$E2E_HOME/runloop"
RL_HOLDER=""

# rl_hold NAME...: a lock holder on these files in $RL_DATA/mapterm (instead of any earlier one),
# once it holds them all.
rl_hold() {
  local ready="$RL_DATA/held" paths=() name waited=0
  rl_release
  rm -f "$ready"
  for name in "$@"; do paths+=("$RL_DATA/mapterm/$name"); done
  python3 "$here/lock_holder.py" "$ready" "${paths[@]}" >/dev/null 2>"$RL_DATA/holder.err" &
  RL_HOLDER=$!
  until [ -e "$ready" ]; do
    sleep 0.02; waited=$((waited + 1)); [ $waited -ge 250 ] && return 1
  done
  return 0
}

# rl_release: ends the lock holder, which lets go of its locks.
rl_release() {
  [ -n "$RL_HOLDER" ] || return 0
  kill "$RL_HOLDER" 2>/dev/null; wait "$RL_HOLDER" 2>/dev/null; RL_HOLDER=""
}

# rl_start ARGS...: the map on the data folder $RL_DATA.
rl_start() {
  local saved=$XDG_DATA_HOME
  export XDG_DATA_HOME="$RL_DATA"
  start 120 30 "$@"
  export XDG_DATA_HOME="$saved"
}

# rl_redraws_on KEY: true once the status line changes after KEY (a pan moves the centre).
rl_redraws_on() {
  local before waited=0
  before=$(status_line)
  keys "$1"
  while [ "$(status_line)" = "$before" ]; do
    sleep 0.02; waited=$((waited + 1)); [ $waited -ge 150 ] && return 1
  done
  return 0
}

rl_map_pid() { pgrep -P "$(tm display -p '#{pane_pid}')" | head -1; }
rl_now_ms() { echo $(($(date +%s%N) / 1000000)); }
rl_pins() { jq -c '[.features[].properties.id]' "$RL_DATA/mapterm/pins.json" 2>/dev/null; }

# rl_ends_within MS SIGNAL PATTERN: sends SIGNAL to the map and waits for PATTERN; true when it came
# within MS milliseconds (the time is printed).
rl_ends_within() {
  local limit=$1 signal=$2 pattern=$3 pid began took
  pid=$(rl_map_pid); [ -n "$pid" ] || return 1
  began=$(rl_now_ms)
  kill -s "$signal" "$pid"
  wait_for "$pattern" 3 || return 1
  took=$(($(rl_now_ms) - began))
  echo "     ($signal to exit: $took ms)"
  [ $took -lt "$limit" ]
}

rl_first_run_waits_for_the_build_lock_and_dies_on_sigterm() {
  rm -rf "$RL_DATA"; mkdir -p "$RL_DATA/mapterm"
  rl_hold places.sqlite.lock || return 1
  rl_start --center 48.85,2.35 --zoom 6
  wait_for 'waiting for another mapterm to build the places database' || return 1
  rl_ends_within 1000 TERM '\[exit 143 stty same\]'
}

rl_first_run_goes_on_once_the_build_lock_is_let_go() {
  rl_start --center 48.85,2.35 --zoom 6
  wait_for 'waiting for another mapterm to build the places database' || return 1
  rl_release
  wait_for 'z 6\.0' 30 || return 1
  keys q; wait_for '\[exit 0 stty same\]' && [ -s "$RL_DATA/mapterm/places.sqlite" ]
}

rl_map_answers_keys_while_every_lock_is_held() {
  # Another map saved a pin and holds the locks (the places store exists now, so it is not rebuilt).
  printf '%s\n' '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5]},"properties":{"number":1,"id":"theirs"}}]}' \
    >"$RL_DATA/mapterm/pins.json"
  rl_hold pins.json.lock places.sqlite.lock || return 1
  rl_start --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' || return 1
  keys p; wait_for 'Drop pin [0-9]+ at' || return 1
  keys Enter; wait_for 'waiting for another mapterm to save pins' || return 1
  # The map still redraws: a pan moves the centre in the status line; help opens and closes.
  rl_redraws_on Right || return 1
  keys '?'; wait_for 'Keys and legend' 3 || return 1
  keys Escape; wait_for 'waiting for another mapterm to save pins' 3 || return 1
  [ "$(rl_pins)" = '["theirs"]' ]
}

rl_the_pin_is_saved_once_the_lock_is_let_go() {
  rl_release
  wait_until_not 'waiting for another mapterm' 5 || return 1
  local waited=0
  until [ "$(rl_pins | jq length)" = 2 ]; do
    sleep 0.05; waited=$((waited + 1)); [ $waited -ge 60 ] && return 1
  done
  rl_pins | grep -q '"theirs"' || return 1
  keys q; wait_for '\[exit 0 stty same\]'
}

rl_q_quits_at_once_while_waiting() {
  rl_hold pins.json.lock places.sqlite.lock || return 1
  rl_start --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' || return 1
  keys p; wait_for 'Drop pin [0-9]+ at' || return 1
  keys Enter; wait_for 'waiting for another mapterm to save pins' || return 1
  keys q; wait_for 'pins not saved yet' 3 || return 1
  local began took; began=$(rl_now_ms)
  keys q; wait_for '\[exit 0 stty same\]' 3 || return 1
  took=$(($(rl_now_ms) - began)); echo "     (q to exit: $took ms)"
  [ $took -lt 1000 ]
}

rl_sigterm_ends_it_at_once_while_waiting() {
  rl_start --center 48.85,2.35 --zoom 6
  wait_for 'z 6\.0' || return 1
  keys p; wait_for 'Drop pin [0-9]+ at' || return 1
  keys Enter; wait_for 'waiting for another mapterm to save pins' || return 1
  rl_ends_within 1000 TERM '\[exit 143 stty same\]' || return 1
  rl_release
  [ "$(rl_pins | jq length)" = 2 ]
}

check "a first run waiting for the places build lock says so and dies at once on SIGTERM" \
  rl_first_run_waits_for_the_build_lock_and_dies_on_sigterm
check "a first run goes on once the places build lock is let go" rl_first_run_goes_on_once_the_build_lock_is_let_go
rl_release
check "with every lock held the map draws, answers keys and says it waits" rl_map_answers_keys_while_every_lock_is_held
check "the pin is saved once the lock is let go, keeping the other map's" rl_the_pin_is_saved_once_the_lock_is_let_go
rl_release
check "q says the pins wait for the lock, and q again quits at once" rl_q_quits_at_once_while_waiting
check "SIGTERM ends the map within a second while the pins wait for the lock" rl_sigterm_ends_it_at_once_while_waiting
rl_release

# rl_signal_restores_the_terminal SIGNAL: the signal ends the map with status 128 + its number and
# the terminal as it was before (checked against the modes while the map runs).
rl_signal_restores_the_terminal() {
  local number; number=$(kill -l "$1")
  start 100 30 --source "$here/empty-places.json" --zoom 3
  wait_for 'z 3\.0' || return 1
  [ "$(tm display -p '#{alternate_on}#{mouse_any_flag}')" = 11 ] || return 1
  rl_ends_within 1000 "$1" "\[exit $((128 + number)) stty same\]" || return 1
  [ "$(tm display -p '#{alternate_on}#{mouse_any_flag}')" = 00 ]
}

for rl_signal in USR1 USR2 ALRM VTALRM PROF XCPU XFSZ IO PWR STKFLT RTMIN RTMAX HUP; do
  check "SIG$rl_signal ends the map with the terminal restored" rl_signal_restores_the_terminal $rl_signal
done

rl_sigpipe_is_ignored() {
  start 100 30 --source "$here/empty-places.json" --zoom 3
  wait_for 'z 3\.0' || return 1
  kill -s PIPE "$(rl_map_pid)"
  rl_redraws_on Right || return 1
  keys q; wait_for '\[exit 0 stty same\]'
}
check "SIGPIPE is ignored: the map goes on" rl_sigpipe_is_ignored
