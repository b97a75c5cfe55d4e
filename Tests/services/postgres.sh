#!/usr/bin/env bash
# A private PostgreSQL 15 + PostGIS for the tests and the bench: `start` runs a cluster in a fresh
# temporary folder on a free loopback port, as the unprivileged `postgres` user when run as root, and
# prints its URL; `url` prints it again; `stop` stops the cluster and removes the folder. The state
# (folder, port) lives in $MAPTERM_PG_STATE (default .build/postgres-test). Exit 3 from `start`, with
# the reason on stderr, when the server binaries are not installed (Debian: postgresql-15-postgis-3).
# `run CMD…` starts a server, runs CMD with its URL in MAPTERM_TEST_POSTGRES and stops it afterwards
# (also when CMD fails or is interrupted); without the binaries it says so and runs CMD without it.
set -euo pipefail
BIN=${MAPTERM_PG_BIN:-/usr/lib/postgresql/15/bin}
STATE=${MAPTERM_PG_STATE:-$(cd "$(dirname "$0")/../.." && pwd)/.build/postgres-test}

# Runs a command as the cluster's owner: `postgres` when we are root (the server refuses root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

url() {
  [ -f "$STATE/port" ] || { echo "postgres.sh: no server started (no $STATE/port)" >&2; exit 1; }
  echo "postgresql://mapterm@127.0.0.1:$(cat "$STATE/port")/mapterm"
}

start() {
  if [ ! -x "$BIN/initdb" ] || [ ! -x "$BIN/pg_ctl" ]; then
    echo "postgres.sh: no PostgreSQL server in $BIN (install postgresql-15-postgis-3)" >&2; exit 3
  fi
  if [ ! -f /usr/share/postgresql/15/extension/postgis.control ]; then
    echo "postgres.sh: PostgreSQL has no PostGIS extension (install postgresql-15-postgis-3)" >&2; exit 3
  fi
  [ -f "$STATE/dir" ] && stop
  mkdir -p "$STATE"
  local dir port
  dir=$(mktemp -d /tmp/mapterm-pg.XXXXXX)
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  echo "$dir" > "$STATE/dir"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  as_owner "$BIN/initdb" -D "$dir/data" -U mapterm --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # Speed over durability: a throwaway cluster.
  as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
    "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_wal_size=4GB -c maintenance_work_mem=512MB -c shared_buffers=256MB" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  echo "$port" > "$STATE/port"
  as_owner "$BIN/createdb" -h 127.0.0.1 -p "$port" -U mapterm mapterm
  # A second database without PostGIS installable by its user is made per test as needed.
  url
}

stop() {
  [ -f "$STATE/dir" ] || return 0
  local dir
  dir=$(cat "$STATE/dir")
  as_owner "$BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir" "$STATE/dir" "$STATE/port"
}

run() {
  local url status=0
  if url=$(start); then
    trap stop EXIT INT TERM
    echo "postgres.sh: a private PostgreSQL with PostGIS for the PostGIS tests at $url" >&2
    MAPTERM_TEST_POSTGRES=$url "$@" || status=$?
  else
    [ $? -eq 3 ] || exit 1
    echo "postgres.sh: the PostGIS tests are skipped (the reason is above)" >&2
    "$@" || status=$?
  fi
  exit $status
}

case "${1:-}" in
  start) start ;;
  run) shift; run "$@" ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 start|stop|url|run CMD..." >&2; exit 2 ;;
esac
