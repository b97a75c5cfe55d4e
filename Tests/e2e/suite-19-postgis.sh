# PostGIS as a places source: `import --to` and `places --source` against a private PostgreSQL with
# PostGIS (Tests/services/postgres.sh), a bad URL is one line without the password, and in the map a
# session the server ends is a note while the map stays usable, its places back on the next request.
# Skipped, saying why, when the server binaries are not installed.

pg_state=$(mktemp -d)
austin_json=$(realpath "$here/../PlacesTests/Fixtures/refuge_austin_2017_api.json")
if pg_url=$(MAPTERM_PG_STATE=$pg_state bash "$here/../services/postgres.sh" start 2>"$pg_state/why"); then
  pg_secret_url=${pg_url/mapterm@/mapterm:Sekrit-e2e@}

  import_and_list() {
    local out
    out=$("$MAPTERM" import "$austin_json" --to "$pg_secret_url" 2>/dev/null) || return 1
    printf '%s\n' "$out" | grep -qE '^imported [0-9]+ places' || { printf '%s\n' "$out"; return 1; }
    out=$("$MAPTERM" places --near 30.2649,-97.7472 --radius 1 --source "$pg_secret_url") || return 1
    printf '%s\n' "$out" | grep -q 'Austin City Hall' && ! printf '%s\n' "$out" | grep -q Sekrit
  }

  a_bad_url_is_one_line_without_the_password() {
    bad_input 'cannot connect to postgresql://mapterm:\*\*\*@127.0.0.1:1/x' \
      places --near 30.26,-97.74 --source 'postgresql://mapterm:Sekrit-e2e@127.0.0.1:1/x' || return 1
    bad_input 'names no database' import "$austin_json" --to 'postgres://mapterm:Sekrit-e2e@127.0.0.1:1' || return 1
    ! "$MAPTERM" places --near 30.26,-97.74 --source 'postgresql://mapterm:Sekrit-e2e@127.0.0.1:1/x' 2>&1 | grep -q Sekrit
  }

  a_broken_session_keeps_the_map_usable() {
    start 120 40 --source "$pg_secret_url" --center 30.2649,-97.7472 --zoom 13
    wait_for '[0-9]+ places' || return 1
    psql -q "$pg_url" -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mapterm'" \
      >/dev/null || return 1
    keys r
    # A status-bar line, never an alert that would take the next key.
    wait_for 'places unavailable' || return 1
    ! screen | grep -q 'Unable to retrieve' || return 1
    ! screen | grep -q Sekrit || return 1
    # The next key still moves the map; the next request reconnects and the places come back.
    local center; center=$(status_line | awk '{print $1, $2}')
    keys Right
    wait_until_not 'places unavailable' 12 || return 1
    wait_for '[0-9]+ places' || return 1
    [ "$(status_line | awk '{print $1, $2}')" != "$center" ] || return 1
    keys q
    wait_for '\[exit 0 stty same\]' 5
  }

  check "import --to postgresql:// loads a file, places --source lists it, no password printed" import_and_list
  check "a refused or wrong postgresql:// URL is one line, exit 2, without the password" a_bad_url_is_one_line_without_the_password
  check "PostGIS: a session the server ends is a note, the map keeps moving and reconnects" a_broken_session_keeps_the_map_usable
  MAPTERM_PG_STATE=$pg_state bash "$here/../services/postgres.sh" stop
else
  echo "skip PostGIS suite: $(cat "$pg_state/why")"
fi
rm -rf "$pg_state"
