# Refused or misread input, shipped data and runways (issue 19, items 11–14): a plain CSV imports, a
# file that is no place file is one line, --source says what is wrong in our words, plurals, a bad
# --location is exit 2 with the range, unknown settings keys are a warning and a broken settings file
# does not stop --about; the downloaded centre is rounded; the shipped restrooms are cleaned; SFO's
# runways are drawn at z13 along the lines their thresholds give.

input_dir=$(mktemp -d)

# one_error_line EXPECTED ARGS...: exit 2 and exactly one line on stderr containing EXPECTED.
one_error_line() {
  local expected=$1; shift
  local err; err=$("$MAPTERM" "$@" 2>&1 >/dev/null); local status=$?
  err=$(printf '%s\n' "$err" | grep -v 'places database (first run)')
  echo "  exit $status: $err"
  [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | grep -c .)" -eq 1 ] && printf '%s' "$err" | grep -qF -- "$expected"
}

a_plain_csv_without_ids_imports() {
  local out
  printf 'name,lat,lng\nCafe A,37.7701,-122.4101\nCafe B,37.7802,-122.4202\n' > "$input_dir/plain.csv"
  out=$("$MAPTERM" import "$input_dir/plain.csv" 2>/dev/null) || return 1
  echo "  $out"
  [ "$out" = "imported 2 places" ] || return 1
  # Again: the same rows get the same ids, so nothing is added twice.
  out=$("$MAPTERM" places --near 37.7701,-122.4101 --radius 0.05 --source embedded 2>/dev/null)
  printf '%s\n' "$out" | grep -q 'Cafe A' || return 1
  "$MAPTERM" import "$input_dir/plain.csv" >/dev/null 2>&1 || return 1
  [ "$("$MAPTERM" places --near 37.7701,-122.4101 --radius 0.05 --source embedded 2>/dev/null | grep -c 'Cafe A')" -eq 1 ]
}

one_place_is_singular() {
  printf 'name,latitude,longitude\nOne,37.7703,-122.4103\n' > "$input_dir/one.csv"
  [ "$("$MAPTERM" import "$input_dir/one.csv" 2>/dev/null)" = "imported 1 place" ]
}

a_password_file_is_one_line() {
  one_error_line "is neither a header naming latitude and longitude columns" import /etc/passwd
}

a_binary_file_is_one_line() {
  one_error_line "it is a binary file" import "$(type -P true)"
}

a_file_of_bad_rows_is_one_line_with_examples() {
  printf 'id,name,latitude,longitude\n1,a,95,0\n2,b,x,0\n3,c,,0\n4,d,1,500\n' > "$input_dir/bad.csv"
  one_error_line "holds no valid places (4 rows rejected: line 2: latitude 95 out of range;" import "$input_dir/bad.csv"
}

a_refuge_file_as_source_is_explained() {
  printf '[{"id":16273,"name":"Austin City Hall","latitude":30.2648963,"longitude":-97.747196}]\n' > "$input_dir/refuge.json"
  one_error_line "it holds Refuge Restrooms records, not mapterm places; add them with \`mapterm import FILE\`" \
    render --source "$input_dir/refuge.json" --center 30.26,-97.74 --zoom 12 --size 20x5 || return 1
  printf '[{"id":"a","kind":"restroom","lat":"x","lon":2}]\n' > "$input_dir/shape.json"
  one_error_line "place 1, lat is not a number" render --source "$input_dir/shape.json" --center 0,1 --zoom 12 --size 20x5
}

a_bad_location_is_exit_2_with_the_range() {
  one_error_line "--location: latitude 999 is out of range: it must lie in -90...90" \
    render --center 37.77,-122.41 --zoom 12 --size 20x5 --location 999,0 || return 1
  one_error_line "--center: latitude 91 is out of range: it must lie in -90...90" \
    render --center 91,0 --zoom 12 --size 20x5 || return 1
  start 80 24 --location 999,0
  wait_for '\[exit 2 stty same\]' 5 && screen | grep -q 'latitude 999 is out of range'
}

unknown_settings_keys_are_a_warning() {
  local config="$XDG_CONFIG_HOME/mapterm/config.json" err
  printf '{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9", "colour": "red"}\n' > "$config"
  err=$("$MAPTERM" render --center 37.77,-122.41 --zoom 12 --size 20x5 2>&1 >/dev/null); local status=$?
  echo "  exit $status: $err"
  [ $status -eq 0 ] && printf '%s' "$err" | grep -qF "the settings file $config has an unknown key \"colour\" (ignored)" ||
    { offline_config; return 1; }
  start 200 30 --center 37.77,-122.41 --zoom 12
  wait_for 'unknown key "colour"' 5; local shown=$?
  keys q
  offline_config
  [ $shown -eq 0 ]
}

a_broken_settings_file_does_not_stop_about() {
  local config="$XDG_CONFIG_HOME/mapterm/config.json" out err status
  printf '{"tiles": ' > "$config"
  out=$("$MAPTERM" --about 2>"$input_dir/about.err"); status=$?
  err=$(cat "$input_dir/about.err")
  echo "  exit $status: $err"
  offline_config
  [ $status -eq 0 ] && printf '%s' "$out" | grep -q 'OpenStreetMap' &&
    printf '%s' "$err" | grep -q 'is not a JSON object; going on without it'
}

download_centre_is_rounded() {
  local file="$input_dir/area.mbtiles" center
  "$MAPTERM" download --tiles "$here/../../Resources/bayarea.mbtiles" --bbox 39.96,-83.1,40.0,-82.9 \
    --zoom 3-3 --out "$file" >/dev/null 2>&1
  center=$(sqlite3 "$file" "SELECT value FROM metadata WHERE name = 'center'")
  echo "  center $center"
  [ "$center" = "-83,39.98,3" ]
}

shipped_restrooms_are_cleaned() {
  local out
  out=$("$MAPTERM" places --near 37.7749295,-122.4194155 --radius 0.01 --source embedded --json 2>/dev/null)
  ! printf '%s' "$out" | grep -q 'makefrancegreatagain\|Son Verdera' || return 1
  out=$("$MAPTERM" places --near 37.7234943,-122.4554531 --radius 0.01 --source embedded 2>/dev/null)
  [ "$(printf '%s\n' "$out" | grep -ci "mcdonald")" -eq 1 ]
}

# Cells of SFO's runways in an 80x30 render at z13 (29 map rows), worked out here from the thresholds
# in Resources/places/runways.csv with Web Mercator: every runway-coloured braille cell of the render
# must lie within two cells of one of those lines, and most line cells must be drawn.
runways_lie_along_their_thresholds() {
  "$MAPTERM" render --center 37.6189,-122.3750 --zoom 13 --size 80x30 --color >"$input_dir/sfo.ansi" 2>/dev/null || return 1
  python3 - "$input_dir/sfo.ansi" "$here/../../Resources/places/runways.csv" <<'PY'
import csv, math, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
runways = [r for r in csv.DictReader(open(sys.argv[2], encoding="utf-8")) if r["airport_ident"] == "KSFO"]
zoom, cols, rows, lat0, lon0 = 13, 80, 29, 37.6189, -122.3750
world = 256 * 2 ** zoom
def dot(lat, lon):
    x = (lon + 180) / 360 * world
    phi = math.radians(lat)
    y = (1 - math.log(math.tan(phi) + 1 / math.cos(phi)) / math.pi) / 2 * world
    x0 = (lon0 + 180) / 360 * world
    p0 = math.radians(lat0)
    y0 = (1 - math.log(math.tan(p0) + 1 / math.cos(p0)) / math.pi) / 2 * world
    return x - x0 + cols, y - y0 + rows * 2
line_cells = set()
for r in runways:
    a = dot(float(r["le_latitude"]), float(r["le_longitude"]))
    b = dot(float(r["he_latitude"]), float(r["he_longitude"]))
    for i in range(201):
        t = i / 200
        c, w = int((a[0] + (b[0] - a[0]) * t) // 2), int((a[1] + (b[1] - a[1]) * t) // 4)
        if 0 <= c < cols and 0 <= w < rows:
            line_cells.add((c, w))
drawn = set()
for row, line in enumerate(text.split("\n")[:rows]):
    col, fg = 0, None
    for token in re.findall(r"\x1b\[[0-9;]*m|.", line):
        if token.startswith("\x1b["):
            codes = token[2:-1].split(";")
            if "38" in codes:
                fg = codes[codes.index("38") + 2]
            elif codes in (["0"], [""]):
                fg = None
            continue
        if fg == "213" and 0x2801 <= ord(token) <= 0x28FF:
            drawn.add((col, row))
        col += 1
stray = [c for c in drawn if not any(abs(c[0] - l[0]) <= 2 and abs(c[1] - l[1]) <= 2 for l in line_cells)]
covered = [l for l in line_cells if any(abs(c[0] - l[0]) <= 1 and abs(c[1] - l[1]) <= 1 for c in drawn)]
print(f"  {len(drawn)} runway cells drawn, {len(stray)} stray; {len(covered)} of {len(line_cells)} line cells covered")
sys.exit(0 if drawn and not stray and len(covered) >= 0.9 * len(line_cells) else 1)
PY
}

runways_show_in_the_map() {
  start 80 30 --center 37.6189,-122.3750 --zoom 13
  wait_for 'z 13\.0' 5 || return 1
  # Braille in the airport colour (213) is on screen.
  tm capture-pane -p -e | grep -qP '38;5;213(;48;5;\d+)?m[\x{2801}-\x{28ff}]' || { keys q; return 1; }
  keys q
  wait_for '\[exit 0 stty same\]' 5
}

check "a CSV of name, lat, lng without ids imports (same ids again)" a_plain_csv_without_ids_imports
check "one place imported is 'imported 1 place'" one_place_is_singular
check "import /etc/passwd is one line, exit 2" a_password_file_is_one_line
check "import of a binary is one line, exit 2" a_binary_file_is_one_line
check "a file of bad rows is one line with the first reasons" a_file_of_bad_rows_is_one_line_with_examples
check "--source with a Refuge file or a wrong shape says so in our words" a_refuge_file_as_source_is_explained
check "--location 999,0 is exit 2 with the range, like --center 91,0" a_bad_location_is_exit_2_with_the_range
check "an unknown settings key is a warning (stderr, status bar)" unknown_settings_keys_are_a_warning
check "a broken settings file does not stop --about" a_broken_settings_file_does_not_stop_about
check "download writes a centre rounded to 6 decimals" download_centre_is_rounded
check "the shipped restrooms have no junk and no repeats" shipped_restrooms_are_cleaned
check "render draws SFO's runways along their thresholds at z13" runways_lie_along_their_thresholds
check "the map draws SFO's runways at z13" runways_show_in_the_map
rm -rf "$input_dir"
