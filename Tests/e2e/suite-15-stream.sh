# Streams that never end or never move (issue 17): `render --layer -` past the stream's queue limit
# and past the layer's million-feature cap ends, and the running map fed `yes 37.78,-122.41` (every
# point at one place, far past the cap) answers keys and quits promptly. Times are measured here with
# timestamps and printed.

STREAM_DIR=$(mktemp -d)

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# render_stdin LINES LIMIT_S: renders LINES distinct points from stdin (the repro of issue 17); true
# when it exits 0 within LIMIT_S seconds with the layer in the status bar and its clusters (counts of
# two digits or more in the first layer colour, sky blue 74) on the map.
render_stdin() {
  local lines=$1 limit=$2 start status
  start=$(now_ms)
  seq 1 "$lines" | awk -v n="$lines" '{printf "%f,%f,p%d\n", 37+($1%1000)/1000, -122+($1/n), $1}' \
    | timeout "$limit" "$MAPTERM" render --layer - --center 37.5,-121.5 --zoom 8 --size 120x30 --color >"$STREAM_DIR/out" 2>"$STREAM_DIR/err"
  status=$?
  echo "     render --layer - of $lines lines: exit $status in $(($(now_ms) - start)) ms"
  [ $status -eq 0 ] && grep -q '1 layer' "$STREAM_DIR/out" && grep -q $'38;5;74m[1-9][0-9]' "$STREAM_DIR/out"
}

# The stream layer's feature count in the L panel reaches a million (the cap), then the stream runs
# on for a while more: every arrival now drops the oldest point, all at one place.
stationary_stream_at_the_cap() {
  start_piped 'yes 37.78,-122.41' 100 30 --center 37.78,-122.41 --zoom 10 --layer -
  wait_for 'z 10\.0 .*1 layer' || return 1
  keys L
  wait_for "1.000.000 features" 30 || return 1
  # At least another 300 000 arrivals past the cap.
  sleep 1
  keys L; wait_until_not 'features' 5
}

# key_latency KEY PATTERN LIMIT_MS: presses KEY and measures until PATTERN (not on screen before)
# is; true when that took at most LIMIT_MS.
key_latency() {
  local start elapsed
  screen | grep -qE -- "$2" && { echo "     $2 is on screen before $1"; return 1; }
  start=$(now_ms)
  keys "$1"
  wait_for "$2" 15 || { echo "     $1: no answer in 15 s"; return 1; }
  elapsed=$(($(now_ms) - start))
  echo "     key $1 answered in $elapsed ms"
  [ $elapsed -le "$3" ]
}

check "render --layer -: 60 000 lines from stdin (past the queue limit) end and are drawn" render_stdin 60000 60
check "render --layer -: 1 200 000 lines from stdin (past the layer cap) end and are drawn" render_stdin 1200000 90
check "--layer -: 'yes 37.78,-122.41' fills the layer to its cap and goes on" stationary_stream_at_the_cap
check "--layer -: at the cap, + answers within 1 s" key_latency + 'z 11\.0' 1000
check "--layer -: at the cap, - answers within 1 s" key_latency - 'z 10\.0' 1000
check "--layer -: at the cap, q quits within 1 s" key_latency q '\[exit 0\]' 1000
tm kill-server 2>/dev/null
rm -rf "$STREAM_DIR"
