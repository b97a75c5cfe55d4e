#!/usr/bin/env bash
# Real OSRM routing servers for the tests, the e2e suites and the bench, on the Bay Area fixture
# (Tests/Fixtures/osm): one osrm-routed with the car graph and one with the foot graph (a server
# answers with the profile its graph was built with, whatever the URL says), each on a free loopback
# port. The OSRM programs come from the PyPI wheel osrm-bindings (Linux x86_64), which pip unpacks
# into a cache kept between runs, $MAPTERM_OSRM_CACHE (default ~/.cache/mapterm-ci/osrm), where the
# graphs are built too, once per fixture (its sha256) and OSRM version.
# `prepare` installs and builds without starting anything; `start` starts both servers and prints
# `car URL` and `foot URL`; `url car|foot` prints a URL again; `stop` ends both and cleans the state.
# The state (process ids, ports, logs) lives in $MAPTERM_OSRM_STATE (default .build/osrm-test): starts
# with different state folders run side by side. With $MAPTERM_OSRM_OWNER set to a process id, a
# watcher in a session of its own ends the servers once that process is gone, even when it was killed
# with SIGKILL. Exit 3 from `prepare` and `start`, with the reason on stderr, when OSRM cannot be had
# (no pip, no PyPI, not x86_64). `run CMD…` starts both servers, runs CMD with their URLs in
# MAPTERM_TEST_OSRM_CAR and MAPTERM_TEST_OSRM_FOOT and stops them afterwards (also when CMD fails or is
# interrupted, and through the watcher when `run` itself is killed); without OSRM it says so and runs
# CMD without them.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
STATE=${MAPTERM_OSRM_STATE:-$ROOT/.build/osrm-test}
CACHE=${MAPTERM_OSRM_CACHE:-$HOME/.cache/mapterm-ci/osrm}
VERSION=26.10.0
WHEEL=$CACHE/osrm-bindings-$VERSION
FIXTURE=$ROOT/Tests/Fixtures/osm/bayarea-osmnx-2017.osm.pbf
# A route both graphs have: 2nd Street at Market Street to Washington Street, San Francisco.
PROBE='-122.4010,37.7890;-122.4040,37.7955'

say() { echo "osrm.sh: $*" >&2; }

# Milliseconds since the epoch, for the timings `prepare` prints.
now_ms() { echo $(($(date +%s%N) / 1000000)); }
since() { local ms=$(($(now_ms) - $1)); printf '%d.%01d s' $((ms / 1000)) $((ms % 1000 / 100)); }

# install: the wheel's programs and profiles in $WHEEL, unpacked by pip the first time. Two starts at
# once both unpack; the first to rename its copy into place wins and the other drops its own.
install() {
  [ -x "$WHEEL/osrm/bin/osrm-routed" ] && return 0
  [ "$(uname -m)" = x86_64 ] || { say "the osrm-bindings wheel has Linux x86_64 programs only, not $(uname -m)"; exit 3; }
  python3 -m pip --version >/dev/null 2>&1 || { say "no pip to install OSRM with (install python3-pip)"; exit 3; }
  mkdir -p "$CACHE" || exit 1
  local tmp started
  started=$(now_ms)
  tmp=$(mktemp -d "$CACHE/.install.XXXXXX") || exit 1
  # --target skips Debian's externally-managed check. The wheel is abi3 for CPython 3.12 and later;
  # only its programs are used, so the local Python's version does not matter.
  if ! python3 -m pip install --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.12 --platform manylinux_2_28_x86_64 --target "$tmp" "osrm-bindings==$VERSION" \
    >"$tmp.log" 2>&1; then
    say "pip could not install osrm-bindings $VERSION: $(tail -n 3 "$tmp.log" | tr -d '\000-\010\013-\037\177')"
    rm -rf "$tmp" "$tmp.log"
    exit 3
  fi
  rm -f "$tmp.log"
  mv -T "$tmp" "$WHEEL" 2>/dev/null || rm -rf "$tmp"
  say "installed osrm-bindings $VERSION into $WHEEL in $(since "$started")"
}

# graphs: sets GRAPHS to the folder of the car and foot graphs, building them the first time:
# extract, partition and customize for the multi-level Dijkstra (about 1 s a graph here, where
# contraction hierarchies take 10 to 25 s). Built in a temporary folder renamed into place.
graphs() {
  install
  local sum tmp profile started
  sum=$(sha256sum "$FIXTURE" | cut -c1-16) || exit 1
  GRAPHS=$CACHE/graphs/bayarea-$sum-osrm-$VERSION
  [ -d "$GRAPHS" ] && return 0
  mkdir -p "$CACHE/graphs" || exit 1
  tmp=$(mktemp -d "$CACHE/graphs/.build.XXXXXX") || exit 1
  for profile in car foot; do
    started=$(now_ms)
    if ! (cd "$tmp" && "$WHEEL/osrm/bin/osrm-extract" -p "$WHEEL/osrm/share/profiles/$profile.lua" -o "$tmp/$profile" "$FIXTURE" \
      && "$WHEEL/osrm/bin/osrm-partition" "$tmp/$profile.osrm" && "$WHEEL/osrm/bin/osrm-customize" "$tmp/$profile.osrm") \
      >"$tmp/$profile.log" 2>&1; then
      tail -n 5 "$tmp/$profile.log" >&2
      rm -rf "$tmp"
      say "could not build the $profile graph (the end of its log is above)"
      exit 1
    fi
    say "built the $profile graph in $(since "$started")"
  done
  mv -T "$tmp" "$GRAPHS" 2>/dev/null || rm -rf "$tmp"
}

# started_at PID: the process's start time in clock ticks since boot, which tells it from a later
# process given the same id; nothing when there is no such process.
started_at() { awk '{ sub(/.*\) /, ""); print $20 }' "/proc/$1/stat" 2>/dev/null || true; }

# alive PID START: the process PID started at START still runs (a zombie does not count).
alive() {
  local stat
  stat=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null) || return 1
  [ "${stat%% *}" != Z ] && [ "$(started_at "$1")" = "$2" ]
}

# end PID START: asks the server to shut down, then kills it if it has not within 5 s.
end() {
  local waited=0
  alive "$1" "$2" || return 0
  kill -TERM "$1" 2>/dev/null || return 0
  while alive "$1" "$2"; do
    sleep 0.05
    waited=$((waited + 1))
    if [ $waited -ge 100 ]; then
      kill -KILL "$1" 2>/dev/null || true
      return 0
    fi
  done
}

# answers PORT PID: 0 once the server on PORT answers the probe route, 1 when its process ended, 2
# after 30 s.
answers() {
  python3 - "$1" "$2" "$PROBE" <<'EOF'
import json, sys, time, urllib.request
port, pid, probe = sys.argv[1], sys.argv[2], sys.argv[3]
url = f"http://127.0.0.1:{port}/route/v1/driving/{probe}?overview=false"
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    try:
        with open(f"/proc/{pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                sys.exit(1)
    except FileNotFoundError:
        sys.exit(1)
    try:
        with opener.open(url, timeout=2) as answer:
            if json.load(answer).get("code") == "Ok":
                sys.exit(0)
    except (OSError, ValueError):
        pass
    time.sleep(0.05)
sys.exit(2)
EOF
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# serve PROFILE: one osrm-routed with PROFILE's graph on a free loopback port, once it answers a
# route. Another program can take the port between the look and the bind: then it tries another.
serve() {
  local profile=$1 try port pid status
  for try in 1 2 3; do
    port=$(free_port) || exit 1
    "$WHEEL/osrm/bin/osrm-routed" --ip 127.0.0.1 --port "$port" --algorithm MLD --threads 2 \
      "$GRAPHS/$profile.osrm" </dev/null >"$STATE/$profile.log" 2>&1 &
    pid=$!
    echo "$pid $(started_at "$pid")" >"$STATE/$profile.pid"
    status=0
    answers "$port" "$pid" || status=$?
    if [ $status -eq 0 ]; then
      echo "$port" >"$STATE/$profile.port"
      return 0
    fi
    [ $status -eq 1 ] || break
  done
  tail -n 5 "$STATE/$profile.log" >&2
  say "the $profile server did not answer a route (the end of its log is above)"
  stop
  exit 1
}

url() {
  local profile=${1:-}
  case "$profile" in car | foot) ;; *) echo "usage: $0 url car|foot" >&2; exit 2 ;; esac
  [ -f "$STATE/$profile.port" ] || { say "no $profile server started (no $STATE/$profile.port)"; exit 1; }
  echo "http://127.0.0.1:$(cat "$STATE/$profile.port")"
}

prepare() {
  local started
  started=$(now_ms)
  graphs
  say "OSRM $VERSION and the car and foot graphs are ready in $CACHE ($(since "$started"))"
}

start() {
  command -v python3 >/dev/null 2>&1 || { say "no python3 to run OSRM's checks with (install python3)"; exit 3; }
  if [ -f "$STATE/car.pid" ] || [ -f "$STATE/foot.pid" ]; then stop; fi
  graphs
  mkdir -p "$STATE" || exit 1
  serve car
  serve foot
  if [ -n "${MAPTERM_OSRM_OWNER:-}" ]; then
    # setsid: the watcher outlives a signal sent to the owner's whole process group.
    setsid bash "$0" watch "$MAPTERM_OSRM_OWNER" "$(started_at "$MAPTERM_OSRM_OWNER")" \
      $(cat "$STATE/car.pid" "$STATE/foot.pid") </dev/null >/dev/null 2>&1 &
  fi
  echo "car $(url car)"
  echo "foot $(url foot)"
}

stop() {
  local profile pid started
  for profile in car foot; do
    if [ -f "$STATE/$profile.pid" ]; then
      read -r pid started <"$STATE/$profile.pid"
      end "$pid" "$started"
    fi
    rm -f "$STATE/$profile.pid" "$STATE/$profile.port" "$STATE/$profile.log"
  done
  rmdir "$STATE" 2>/dev/null || true
}

# watch OWNER OWNER_START PID START PID START: waits while the owner and a server run, then ends the
# servers it was given (never whatever a later start wrote into the state folder).
watch() {
  local owner=$1 owner_start=$2
  shift 2
  while alive "$owner" "$owner_start" && { alive "$1" "$2" || alive "$3" "$4"; }; do sleep 1; done
  end "$1" "$2"
  end "$3" "$4"
}

run() {
  local status=0
  trap stop EXIT INT TERM
  if (MAPTERM_OSRM_OWNER=$$ && start) >/dev/null; then
    say "OSRM servers for the routing tests: car at $(url car), foot at $(url foot)"
    MAPTERM_TEST_OSRM_CAR=$(url car) MAPTERM_TEST_OSRM_FOOT=$(url foot) "$@" || status=$?
  else
    [ $? -eq 3 ] || exit 1
    say "the OSRM tests are skipped (the reason is above)"
    "$@" || status=$?
  fi
  exit $status
}

case "${1:-}" in
  prepare) prepare ;;
  start) start ;;
  url) url "${2:-}" ;;
  stop) stop ;;
  run) shift; run "$@" ;;
  watch) shift; watch "$@" ;;
  *) echo "usage: $0 prepare|start|stop|url car|foot|run CMD..." >&2; exit 2 ;;
esac
