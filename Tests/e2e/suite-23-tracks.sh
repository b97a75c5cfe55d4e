# mapterm track list and track show over tracks written here as mapterm writes them (the GPX of
# GPXTrackText) in a data folder of their own: one line per track with its start, points, length and
# duration; show's length, duration, moving time, average speed and bounds; file and track names with
# escape sequences printed clean; a file cut mid-write still read; bad FILEs and verbs exit 2.

tracks_home=$(mktemp -d)
tracks_dir="$tracks_home/mapterm/tracks"

# tracks_write FILE NAME: 5 points going north along 7.42°E from 43.7°N, 0.001° (111.1 m) a minute for
# two minutes, standing still for two minutes, then one more step: 333 m in 4 min, moving 3 min.
tracks_write() {
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<gpx version="1.1" creator="mapterm" xmlns="http://www.topografix.com/GPX/1/1">\n'
    printf '<metadata><time>2026-12-02T17:30:05.000Z</time></metadata>\n'
    printf '<trk><name>%s</name><trkseg>\n' "$2"
    printf '<trkpt lat="43.7000000" lon="7.4200000"><ele>10.00</ele><time>2026-12-02T17:30:05.000Z</time></trkpt>\n'
    printf '<trkpt lat="43.7010000" lon="7.4200000"><time>2026-12-02T17:31:05.000Z</time></trkpt>\n'
    printf '<trkpt lat="43.7020000" lon="7.4200000"><time>2026-12-02T17:32:05.000Z</time></trkpt>\n'
    printf '<trkpt lat="43.7020000" lon="7.4200000"><time>2026-12-02T17:33:05.000Z</time></trkpt>\n'
    printf '<trkpt lat="43.7030000" lon="7.4200000"><time>2026-12-02T17:34:05.000Z</time></trkpt>\n'
    printf '</trkseg></trk></gpx>\n'
  } > "$1"
}

tracks_run() { XDG_DATA_HOME="$tracks_home" "$MAPTERM" track "$@"; }

tracks_refused() {  # tracks_refused EXPECTED_TEXT ARGS...: exit 2 and one line on stderr saying it
  local expected=$1; shift
  local err; err=$(tracks_run "$@" 2>&1 >/dev/null); local status=$?
  [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q -- "$expected" \
    || { echo "track $*: exit $status, $err"; return 1; }
}

tracks_none_yet() {  # no folder: nothing on stdout, a note on stderr, exit 0
  local out err status; err=$(mktemp)
  out=$(tracks_run list 2>"$err"); status=$?
  [ $status -eq 0 ] && [ -z "$out" ] && grep -q 'no tracks in .*mapterm/tracks' "$err"; status=$?
  rm -f "$err"; return $status
}

tracks_list_one_line_each() {
  mkdir -p "$tracks_dir"
  tracks_write "$tracks_dir/2026-12-02T17-30-05Z.gpx" "2026-12-02T17-30-05Z"
  tracks_write "$tracks_dir/2026-12-01T08-00-00Z.gpx" "morning"
  local out; out=$(tracks_run list) || return 1
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ] \
    && [ "$(printf '%s\n' "$out" | head -1)" = "2026-12-01T08-00-00Z.gpx  2026-12-02T17:30:05Z  5 points  333 m  4 min 0 s" ] \
    && printf '%s\n' "$out" | sed -n 2p | grep -q '^2026-12-02T17-30-05Z.gpx  2026-12-02T17:30:05Z  5 points  333 m' \
    || { echo "$out"; return 1; }
}

tracks_show_by_name_and_path() {
  local by_name by_path
  by_name=$(tracks_run show 2026-12-02T17-30-05Z) || return 1
  by_path=$(tracks_run show "$tracks_dir/2026-12-02T17-30-05Z.gpx") || return 1
  [ "$by_name" = "$by_path" ] || { echo "$by_name"; echo "$by_path"; return 1; }
  # 3 steps of 0.001° latitude at 43.7°N: 111.1 m each on WGS84 (a meridian degree is 111 120 m there).
  printf '%s\n' "$by_name" | grep -qx 'points: 5' && printf '%s\n' "$by_name" | grep -qx 'length: 333 m' \
    && printf '%s\n' "$by_name" | grep -qx 'duration: 4 min 0 s' \
    && printf '%s\n' "$by_name" | grep -qx 'moving time: 3 min 0 s' \
    && printf '%s\n' "$by_name" | grep -qx 'average moving speed: 6.7 km/h (4.1 mph)' \
    && printf '%s\n' "$by_name" | grep -qx 'bounds (S,W,N,E): 43.70000,7.42000,43.70300,7.42000' \
    && printf '%s\n' "$by_name" | grep -qx 'start: 2026-12-02T17:30:05Z' \
    || { echo "$by_name"; return 1; }
}

tracks_hostile_names_come_out_clean() {
  local hostile; hostile="$tracks_dir/$(printf 'evil\e]0;pwned\a\e[2J').gpx"
  tracks_write "$hostile" "$(printf 'x\e[31my')"
  local list show; list=$(tracks_run list 2>&1) || return 1
  show=$(tracks_run show "$hostile" 2>&1) || return 1
  ! printf '%s%s' "$list" "$show" | grep -q $'[\e\a]' && printf '%s\n' "$list" | grep -q '^evil.*5 points' \
    && printf '%s\n' "$show" | grep -q '^track: .*evil.*(x.*y)$' || { printf '%s\n%s\n' "$list" "$show" | cat -v; return 1; }
  rm -f "$hostile"
}

tracks_cut_file_still_read() {  # a file cut inside its fourth point: the three before it
  head -c "$(grep -b '17:33:05' "$tracks_dir/2026-12-01T08-00-00Z.gpx" | cut -d: -f1)" \
    "$tracks_dir/2026-12-01T08-00-00Z.gpx" > "$tracks_dir/2026-12-03T00-00-00Z.gpx"
  local out; out=$(tracks_run show 2026-12-03T00-00-00Z.gpx) || return 1
  printf '%s\n' "$out" | grep -qx 'points: 3' && printf '%s\n' "$out" | grep -qx 'length: 222 m' \
    && printf '%s\n' "$out" | grep -q '^left out: line [0-9]*: the file ends inside' || { echo "$out"; return 1; }
  tracks_run list | grep -q '^2026-12-03T00-00-00Z.gpx  2026-12-02T17:30:05Z  3 points  222 m  2 min 0 s  (line'
}

tracks_not_gpx_is_listed_as_such() {
  printf '{"type": "FeatureCollection"}' > "$tracks_dir/2026-12-04T00-00-00Z.gpx"
  tracks_run list | grep -q '^2026-12-04T00-00-00Z.gpx  cannot be read: not GPX'
}

check "track list without tracks prints nothing and says so on stderr, exit 0" tracks_none_yet
check "track list prints one line per track: name, start, points, length, duration" tracks_list_one_line_each
check "track show (a name or a path) gives length, duration, moving time, speed, bounds" tracks_show_by_name_and_path
check "track list and show print escape sequences of file and track names clean" tracks_hostile_names_come_out_clean
check "a track file cut mid-write is read up to the cut" tracks_cut_file_still_read
check "track list says which file is not GPX" tracks_not_gpx_is_listed_as_such
check "track show of a missing track exits 2 in one line" tracks_refused 'no such file' show nope
check "track show of a file that is not GPX exits 2 in one line" tracks_refused 'not GPX' show "$tracks_dir/2026-12-04T00-00-00Z.gpx"
check "track with an unknown verb exits 2 in one line" tracks_refused "track takes list or show (got 'frob')" frob
check "track without a verb exits 2 in one line" tracks_refused 'track needs list or show FILE'
check "track show without FILE exits 2 in one line" tracks_refused 'track show needs a FILE' show
rm -rf "$tracks_home"
