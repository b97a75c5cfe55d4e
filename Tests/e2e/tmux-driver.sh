# Drives the real mapterm binary in tmux, the way a person would: start it, press keys, read the
# screen. Sourced by the end-to-end scripts. Waits poll `capture-pane` every 20 ms; nothing sleeps
# for a fixed time.

E2E_RUN=0
E2E_SOCKET="mapterm-e2e-$$-0"
E2E_FAILS=0
E2E_PASSES=0
E2E_HOME=$(mktemp -d)
export XDG_DATA_HOME="$E2E_HOME/data" XDG_STATE_HOME="$E2E_HOME/state" XDG_CACHE_HOME="$E2E_HOME/cache"
export XDG_CONFIG_HOME="$E2E_HOME/config" SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 LC_ALL=C.UTF-8
unset NO_COLOR MAPTERM_LOCATION

# offline_config: the settings file every run starts from, `"tiles": []`, `"source": "embedded"` and
# `"router": "http://127.0.0.1:9"`: no remote tile source, no live places and a route server that
# refuses at once, so no test reaches the internet (the default tiles are OpenFreeMap's, the default
# places ask the Refuge Restrooms API, the default router is FOSSGIS's public OSRM). Suites that write
# their own settings file put this one back after; a suite that needs a router names its own.
offline_config() {
  mkdir -p "$XDG_CONFIG_HOME/mapterm"
  printf '{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9"}\n' > "$XDG_CONFIG_HOME/mapterm/config.json"
}
offline_config

tm() { tmux -L "$E2E_SOCKET" "$@"; }

# start COLS ROWS ARGS...: runs mapterm in a fresh session; when it ends the pane shows
# "[exit N stty same|changed]" (whether the terminal modes came back as they were).
start() {
  local cols=$1 rows=$2; shift 2
  # A fresh server per run: a new session on a server that is still shutting down can fail.
  tm kill-server 2>/dev/null
  E2E_RUN=$((E2E_RUN + 1)); E2E_SOCKET="mapterm-e2e-$$-$E2E_RUN"
  tm -f /dev/null new-session -d -x "$cols" -y "$rows" -e TERM=tmux-256color \
    sh -c 'trap : INT QUIT; before=$(stty -g); "$@"; s=$?; after=$(stty -g); [ "$before" = "$after" ] && r=same || r=changed; printf "\r\n[exit %d stty %s]\n" $s $r; exec sleep 600' sh "$MAPTERM" "$@"
}

# start_piped COMMAND COLS ROWS ARGS...: runs `COMMAND | mapterm ARGS...`.
start_piped() {
  local feed=$1 cols=$2 rows=$3; shift 3
  tm kill-server 2>/dev/null
  E2E_RUN=$((E2E_RUN + 1)); E2E_SOCKET="mapterm-e2e-$$-$E2E_RUN"
  tm -f /dev/null new-session -d -x "$cols" -y "$rows" -e TERM=tmux-256color \
    sh -c 'trap : INT QUIT; feed=$1; shift; sh -c "$feed" | "$@"; printf "\r\n[exit %d]\n" $?; exec sleep 600' sh "$feed" "$MAPTERM" "$@"
}

screen() { tm capture-pane -p 2>/dev/null; }

# wait_for TEXT [SECONDS]: true once the screen contains TEXT (a grep -E pattern).
wait_for() {
  local pattern=$1 limit=${2:-10} waited=0
  while ! screen | grep -qE -- "$pattern"; do
    sleep 0.02; waited=$((waited + 1))
    [ $waited -ge $((limit * 50)) ] && return 1
  done
  return 0
}

# wait_until_not TEXT [SECONDS]: true once the screen no longer contains TEXT.
wait_until_not() {
  local pattern=$1 limit=${2:-10} waited=0
  while screen | grep -qE -- "$pattern"; do
    sleep 0.02; waited=$((waited + 1))
    [ $waited -ge $((limit * 50)) ] && return 1
  done
  return 0
}

keys() { tm send-keys "$@"; }

# widths_at_most N: every line of standard input is at most N characters wide.
widths_at_most() {
  local line
  while IFS= read -r line; do [ "${#line}" -le "$1" ] || return 1; done
}

# widths_exactly N: every line of standard input is exactly N characters wide.
widths_exactly() {
  local line
  while IFS= read -r line; do [ "${#line}" -eq "$1" ] || return 1; done
}

status_line() { screen | grep -E 'z [0-9]+\.[0-9]' | tail -1; }

check() {
  local name=$1; shift
  if "$@"; then
    E2E_PASSES=$((E2E_PASSES + 1)); echo "ok   $name"
  else
    E2E_FAILS=$((E2E_FAILS + 1)); echo "FAIL $name"; echo "--- screen ---"; screen; echo "--------------"
  fi
}

finish() {
  tm kill-server 2>/dev/null
  rm -rf "$E2E_HOME"
  echo "e2e: $E2E_PASSES passed, $E2E_FAILS failed"
  [ "$E2E_FAILS" -eq 0 ]
}
