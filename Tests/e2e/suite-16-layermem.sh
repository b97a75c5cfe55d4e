# Layer files cost at most three times their size: peak RSS of `layer FILE --info` and of
# `render --layer FILE` on a polygon with 50 000 holes (about 10 MB) and a line of 500 000 positions
# (about 20 MB), written by heavy_layers.py, is at most 3 × the file's size + the same command's peak
# without it (`layer` of a one-point file, `render` without --layer). A file over the size limit is
# refused at once, before it is read: exit 2 and a peak no more than 16 MB over the baseline.

mem_dir=$(mktemp -d)
python3 "$here/heavy_layers.py" polygon "$mem_dir/holes.geojson" 50000
python3 "$here/heavy_layers.py" line "$mem_dir/walk.geojson" 500000
printf '%s\n' '{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}' > "$mem_dir/one.geojson"

# peak_kb COMMAND...: the command's peak resident set size in KB (its output dropped).
peak_kb() {
  /usr/bin/time -f '%M' -o "$mem_dir/peak" "$@" >/dev/null 2>&1
  local status=$?
  cat "$mem_dir/peak" | tail -1
  return $status
}

# within_three_sizes FILE PEAK_KB BASELINE_KB: PEAK ≤ 3 × FILE's size + BASELINE (said on stderr).
within_three_sizes() {
  local size_kb=$(( $(stat -c %s "$1") / 1024 ))
  echo "     $(basename "$1"): $size_kb KB file, peak $2 KB, baseline $3 KB, limit $((3 * size_kb + $3)) KB" >&2
  [ "$2" -le $((3 * size_kb + $3)) ]
}

layer_info_peak_is_at_most_three_sizes() {
  local file=$mem_dir/$1 base peak
  base=$(peak_kb "$MAPTERM" layer "$mem_dir/one.geojson" --info) || return 1
  peak=$(peak_kb "$MAPTERM" layer "$file" --info) || return 1
  "$MAPTERM" layer "$file" --info | grep -q 'features: 1 (1 ' || return 1
  within_three_sizes "$file" "$peak" "$base"
}

render_layer_peak_is_at_most_three_sizes() {
  local file=$mem_dir/$1 center=$2 zoom=$3 base peak
  base=$(peak_kb "$MAPTERM" render --center "$center" --zoom "$zoom" --size 100x30) || return 1
  peak=$(peak_kb "$MAPTERM" render --center "$center" --zoom "$zoom" --size 100x30 --layer "$file") || return 1
  # The layer is drawn: the frame differs from the one without it.
  [ "$("$MAPTERM" render --center "$center" --zoom "$zoom" --size 100x30 --layer "$file" 2>/dev/null)" != \
    "$("$MAPTERM" render --center "$center" --zoom "$zoom" --size 100x30)" ] || return 1
  within_three_sizes "$file" "$peak" "$base"
}

oversize_layer_is_refused_at_once() {
  truncate -s 1G "$mem_dir/huge.geojson"
  local base peak err render_base render_peak
  base=$(peak_kb "$MAPTERM" layer "$mem_dir/one.geojson" --info) || return 1
  peak=$(peak_kb "$MAPTERM" layer "$mem_dir/huge.geojson" --info); [ $? -eq 2 ] || return 1
  err=$("$MAPTERM" layer "$mem_dir/huge.geojson" --info 2>&1 >/dev/null)
  render_base=$(peak_kb "$MAPTERM" render --center 0,0 --zoom 2 --size 40x10) || return 1
  render_peak=$(peak_kb "$MAPTERM" render --center 0,0 --zoom 2 --size 40x10 --layer "$mem_dir/huge.geojson")
  [ $? -eq 2 ] || return 1
  echo "     huge.geojson: 1 GB sparse file; layer --info peak $peak KB (baseline $base KB)," \
    "render --layer peak $render_peak KB (baseline $render_base KB): $err" >&2
  printf '%s' "$err" | grep -q 'huge.geojson: is 1024 MB, larger than the 512 MB a layer file may be' &&
    [ "$peak" -le $((base + 16384)) ] && [ "$render_peak" -le $((render_base + 16384)) ]
}

check "layer --info of a 50 000-hole polygon peaks at most 3 × its size over the baseline" \
  layer_info_peak_is_at_most_three_sizes holes.geojson
check "layer --info of a 500 000-point line peaks at most 3 × its size over the baseline" \
  layer_info_peak_is_at_most_three_sizes walk.geojson
check "render --layer of a 50 000-hole polygon peaks at most 3 × its size over the baseline" \
  render_layer_peak_is_at_most_three_sizes holes.geojson 10,10 5
check "render --layer of a 500 000-point line peaks at most 3 × its size over the baseline" \
  render_layer_peak_is_at_most_three_sizes walk.geojson 37.75,-122.35 11
check "a 1 GB layer file is refused from its size, without reading it" oversize_layer_is_refused_at_once
rm -rf "$mem_dir"
