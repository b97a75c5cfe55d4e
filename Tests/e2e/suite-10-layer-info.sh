# mapterm layer FILE --info: what a file holds, its problems by line (exit 0), a file that is not a
# layer at all (exit 2, one line), labels with escape sequences printed sanitised.

layer_dir=$(mktemp -d)

layer_refused() {  # layer_refused EXPECTED_TEXT ARGS...: exit 2 and one line on stderr saying it
  local expected=$1; shift
  local err; err=$("$MAPTERM" "$@" 2>&1 >/dev/null); local status=$?
  [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q -- "$expected"
}

layer_info_counts_a_good_file() {
  printf '%s\n' '{"type":"FeatureCollection","features":[' \
    '{"type":"Feature","properties":{"name":"A","kind":"cafe"},"geometry":{"type":"Point","coordinates":[8.5,47.3]}},' \
    '{"type":"Feature","properties":{"kind":"walk"},"geometry":{"type":"LineString","coordinates":[[179,1],[-179,2]]}}' \
    ']}' > "$layer_dir/good.geojson"
  local out; out=$("$MAPTERM" layer "$layer_dir/good.geojson" --info) || return 1
  printf '%s\n' "$out" | grep -q 'features: 2 (1 point, 1 line)' &&
    printf '%s\n' "$out" | grep -q 'bounds (S,W,N,E): 1.00000,8.50000,47.30000,-179.00000 (crosses the antimeridian)' &&
    printf '%s\n' "$out" | grep -q 'properties: kind (2)' && printf '%s\n' "$out" | grep -q 'problems: 0'
}

layer_info_names_the_broken_lines() {
  printf 'name,lat,lon\r\nok,1,2\r\nbad,1e308,2\r\nworse,"x",3\r\n' > "$layer_dir/broken.csv"
  local out; out=$("$MAPTERM" layer "$layer_dir/broken.csv" --info) || return 1
  printf '%s\n' "$out" | grep -q 'features: 1 (1 point)' && printf '%s\n' "$out" | grep -q 'problems: 2' &&
    printf '%s\n' "$out" | grep -q 'line 3: latitude 1e+308 is out of range' &&
    printf '%s\n' "$out" | grep -q 'line 4: latitude "x" is not a number'
}

layer_info_refuses_what_is_not_a_layer() {
  printf '<html><body>hi</body></html>\n' > "$layer_dir/page.gpx"
  layer_refused "page.gpx: line 1: not GPX: the root element is <html>" layer "$layer_dir/page.gpx" --info
}

layer_info_sanitises_labels() {
  printf 'lat,lon,name,note\n1,2,\e]0;pwned\a\e[31mEvil,\e[2Jwiped\n' > "$layer_dir/escapes.csv"
  printf '\e[31mnorth,east\n' > "$layer_dir/$(printf 'bad\e[2Jname').csv"
  local out; out=$("$MAPTERM" layer "$layer_dir/escapes.csv" --info 2>&1) || return 1
  local err; err=$("$MAPTERM" layer "$layer_dir/$(printf 'bad\e[2Jname').csv" --info 2>&1)
  printf '%s\n' "$out" | grep -q 'properties: note (1)' && ! printf '%s%s' "$out" "$err" | grep -q $'\e' &&
    printf '%s' "$err" | grep -q 'no latitude column'
}

check "layer --info counts a GeoJSON file's features, bounds and properties" layer_info_counts_a_good_file
check "layer --info keeps the good rows of a broken CSV and names the bad lines" layer_info_names_the_broken_lines
check "layer --info of a file that is not the format exits 2 with the reason" layer_info_refuses_what_is_not_a_layer
check "layer --info prints labels and file names without escape sequences" layer_info_sanitises_labels
check "layer --lat-col naming no column exits 2" layer_refused 'no column named "north"' layer "$layer_dir/broken.csv" --info --lat-col north
rm -rf "$layer_dir"
