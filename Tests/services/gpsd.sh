#!/usr/bin/env bash
# A private gpsd for the tests, fed by a loopback NMEA source the tests steer (Tests/services/nmea-feed.py).
# `start` starts the feeder on a free 127.0.0.1 port and gpsd (Debian's /usr/sbin/gpsd, or $MAPTERM_GPSD_BIN)
# on another, reading the feeder as tcp://127.0.0.1:NMEAPORT (gpsd listens on loopback only without -G),
# waits until gpsd sends a TPV with a fix, and prints its location `gpsd://127.0.0.1:PORT`.
# The state lives in $MAPTERM_GPSD_STATE (default .build/gpsd-test):
#   port         gpsd's port              nmea-port   the feeder's port
#   control      what the feeder sends, re-read every cycle (nmea-feed.py's header lists the words):
#                `LAT LON [SPEED_KNOTS [TRACK]]`, `nofix`, `silent`, `garbage …`, `backwards …`, `jump …`;
#                replace it whole (`set` does: a temporary file renamed)
#   gpsd.pid, feed.pid, gpsd.log, feed.log
# `start` begins at `37.7749 -122.4194 0 0` (San Francisco) unless $MAPTERM_GPSD_START says otherwise,
# at one cycle a second ($MAPTERM_GPSD_RATE cycles a second otherwise).
# `url` prints the location again; `state` prints the state folder; `set WORDS…` writes the control file;
# `stop-gpsd` ends gpsd only (the feeder and the port stay: a lost daemon); `start-gpsd` starts it again
# on the same port; `stop` ends both and removes the state. Starts on different state folders run side by
# side. Exit 3 from `start`, with the reason on stderr, when gpsd is not installed (Debian: gpsd).
# `run CMD…` starts both, runs CMD with MAPTERM_TEST_GPSD (the location) and MAPTERM_TEST_GPSD_STATE (the
# state folder) set, and stops both afterwards, also when CMD fails or is interrupted; without gpsd it
# says so and runs CMD without them (the gpsd tests then skip, saying why).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
STATE=${MAPTERM_GPSD_STATE:-$ROOT/.build/gpsd-test}
GPSD=${MAPTERM_GPSD_BIN:-/usr/sbin/gpsd}

say() { echo "gpsd.sh: $*" >&2; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# started_at PID: the process's start time in clock ticks since boot (tells it from a later process
# given the same id); nothing when there is no such process.
started_at() { awk '{ sub(/.*\) /, ""); print $20 }' "/proc/$1/stat" 2>/dev/null || true; }

# alive FILE: the process recorded in FILE ("PID START") still runs (a zombie does not count).
alive() {
  local pid started stat
  [ -f "$1" ] || return 1
  read -r pid started <"$1"
  stat=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "${stat%% *}" != Z ] && [ "$(started_at "$pid")" = "$started" ]
}

# end FILE: ends the process recorded in FILE (SIGTERM, SIGKILL after 3 s) and removes FILE.
end() {
  local pid started waited=0
  if alive "$1"; then
    read -r pid started <"$1"
    kill -TERM "$pid" 2>/dev/null || true
    while alive "$1"; do
      sleep 0.05
      waited=$((waited + 1))
      if [ $waited -ge 60 ]; then kill -KILL "$pid" 2>/dev/null || true; fi
      [ $waited -ge 100 ] && break
    done
  fi
  rm -f "$1"
}

set_control() {
  printf '%s\n' "$*" >"$STATE/control.tmp"
  mv -f "$STATE/control.tmp" "$STATE/control"
}

# answers PORT SECONDS: 0 once gpsd on PORT sends a TPV with mode 2 or 3, 1 after SECONDS.
answers() {
  python3 - "$1" "$2" <<'EOF'
import json, socket, sys, time
port, limit = int(sys.argv[1]), float(sys.argv[2])
deadline = time.monotonic() + limit
while time.monotonic() < deadline:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b'?WATCH={"enable":true,"json":true}\n')
            s.settimeout(max(0.1, deadline - time.monotonic()))
            data = b""
            while time.monotonic() < deadline:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
                *lines, data = data.split(b"\n")
                for line in lines:
                    try:
                        report = json.loads(line)
                    except ValueError:
                        continue
                    if report.get("class") == "TPV" and report.get("mode", 0) >= 2:
                        sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
EOF
}

start_gpsd() {
  [ -f "$STATE/port" ] || { say "no feeder started (no $STATE/port)"; exit 1; }
  local port nmea
  port=$(cat "$STATE/port")
  nmea=$(cat "$STATE/nmea-port")
  alive "$STATE/gpsd.pid" && return 0
  # -N foreground, -n read the feeder before any client asks, -b never write to it; no -G: loopback only.
  setsid "$GPSD" -N -n -b -S "$port" -F "$STATE/gpsd.sock" "tcp://127.0.0.1:$nmea" \
    </dev/null >>"$STATE/gpsd.log" 2>&1 &
  local pid=$!
  echo "$pid $(started_at "$pid")" >"$STATE/gpsd.pid"
  if ! answers "$port" 15; then
    tail -n 5 "$STATE/gpsd.log" >&2
    say "gpsd on port $port sent no fix within 15 s (the end of its log is above)"
    exit 1
  fi
}

start() {
  [ -x "$GPSD" ] || { say "no gpsd at $GPSD (install Debian's gpsd)"; exit 3; }
  command -v python3 >/dev/null 2>&1 || { say "no python3 to run the NMEA feeder with (install python3)"; exit 3; }
  [ -d "$STATE" ] && stop
  mkdir -p "$STATE"
  set_control "${MAPTERM_GPSD_START:-37.7749 -122.4194 0 0}"
  setsid python3 "$HERE/nmea-feed.py" --port-file "$STATE/nmea-port" --control "$STATE/control" \
    --rate "${MAPTERM_GPSD_RATE:-1}" </dev/null >"$STATE/feed.log" 2>&1 &
  local pid=$! waited=0
  echo "$pid $(started_at "$pid")" >"$STATE/feed.pid"
  while [ ! -s "$STATE/nmea-port" ]; do
    alive "$STATE/feed.pid" || { cat "$STATE/feed.log" >&2; say "the NMEA feeder did not start"; stop; exit 1; }
    sleep 0.02
    waited=$((waited + 1))
    [ $waited -lt 500 ] || { say "the NMEA feeder wrote no port within 10 s"; stop; exit 1; }
  done
  free_port >"$STATE/port"
  start_gpsd || { stop; exit 1; }
  url
}

url() {
  [ -f "$STATE/port" ] || { say "no gpsd started (no $STATE/port)"; exit 1; }
  echo "gpsd://127.0.0.1:$(cat "$STATE/port")"
}

stop_gpsd() { end "$STATE/gpsd.pid"; }

stop() {
  [ -d "$STATE" ] || return 0
  end "$STATE/gpsd.pid"
  end "$STATE/feed.pid"
  rm -f "$STATE/port" "$STATE/nmea-port" "$STATE/control" "$STATE/control.tmp" "$STATE/gpsd.sock" \
    "$STATE/gpsd.log" "$STATE/feed.log"
  rmdir "$STATE" 2>/dev/null || true
}

run() {
  local location status=0
  if location=$(start); then
    trap stop EXIT INT TERM
    say "a private gpsd for the gpsd tests at $location (state $STATE)"
    MAPTERM_TEST_GPSD=$location MAPTERM_TEST_GPSD_STATE=$STATE "$@" || status=$?
  else
    [ $? -eq 3 ] || exit 1
    say "the gpsd tests are skipped (the reason is above)"
    "$@" || status=$?
  fi
  exit $status
}

case "${1:-}" in
  start) start ;;
  url) url ;;
  state) echo "$STATE" ;;
  set) shift; set_control "$@" ;;
  stop-gpsd) stop_gpsd ;;
  start-gpsd) start_gpsd ;;
  stop) stop ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 start|stop|url|state|set WORDS…|stop-gpsd|start-gpsd|run CMD…" >&2; exit 2 ;;
esac
