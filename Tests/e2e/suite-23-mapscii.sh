# The side by side with MapSCII (issue 20, How to measure): without MapSCII's sources assemble.sh names
# every missing piece (exit 3) and `make bench`'s run.sh skips saying why; our tiles are rewritten
# into the layer names and label keys MapSCII draws, and our style into its filters.

mapscii_tools="$here/../bench/mapscii"
mapscii_tmp=$(mktemp -d)

assemble_names_what_is_missing() {
  local err status
  mkdir -p "$mapscii_tmp/no-sources"
  err=$(MAPSCII_SOURCES="$mapscii_tmp/no-sources" MAPSCII_DIR="$mapscii_tmp/out" bash "$mapscii_tools/assemble.sh" 2>&1 >/dev/null)
  status=$?
  echo "  exit $status, $(printf '%s\n' "$err" | grep -c 'no git snapshot') sources named"
  [ $status -eq 3 ] && printf '%s\n' "$err" | grep -q 'github.com/rastapasta/mapscii holding' &&
    [ "$(printf '%s\n' "$err" | grep -c 'no git snapshot')" -eq 12 ] && [ ! -e "$mapscii_tmp/out/app" ]
}

bench_skips_saying_why() {
  local out status
  out=$(MAPSCII_SOURCES="$mapscii_tmp/no-sources" MAPSCII_DIR="$mapscii_tmp/out" \
    bash "$mapscii_tools/run.sh" "$MAPTERM" /nonexistent/mapterm-bench 2>&1)
  status=$?
  echo "  exit $status: $(printf '%s\n' "$out" | tail -1)"
  [ $status -eq 0 ] && printf '%s\n' "$out" | grep -q 'Side by side with MapSCII: skipped' &&
    printf '%s\n' "$out" | grep -q 'MapSCII cannot be assembled; missing:'
}

tiles_get_mapscii_layer_names() {
  python3 "$mapscii_tools/omt2mapscii.py" tiles "$mapscii_tmp/tiles" "$here/../../Resources/world.mbtiles" \
    "$here/../../Resources/monaco.mbtiles" >/dev/null || return 1
  python3 - "$mapscii_tools" "$mapscii_tmp/tiles" <<'PY'
import gzip, os, sys
sys.path.insert(0, sys.argv[1])
import omt2mapscii as m
folder = os.path.join(sys.argv[2], "14")
names, keys = set(), set()
for tile in os.listdir(folder):
    with open(os.path.join(folder, tile), "rb") as f:
        data = gzip.decompress(f.read())
    for number, wire, layer, _ in m.fields(data):
        name = m.layer_name(layer)
        names.add(name)
        if name == "road_label":
            keys |= {p.decode() for n, w, p, _ in m.fields(layer) if n == 3}
print("  z14 layers:", " ".join(sorted(names)), "| road_label keys:", " ".join(sorted(keys)))
assert {"road", "admin", "building", "place_label", "country_label", "poi_label", "road_label"} <= names
assert not names & {"transportation", "boundary", "place", "poi", "transportation_name"}
assert "name" in keys and "name:latin" not in keys
with open(os.path.join(sys.argv[2], "0", "0-0.pbf"), "rb") as f:
    world = {m.layer_name(l) for n, w, l, _ in m.fields(gzip.decompress(f.read()))}
assert "water" in world and "country_label" in world, world
PY
}

style_filters_use_mapscii_none() {
  python3 "$mapscii_tools/omt2mapscii.py" style "$here/../../Resources/style-dark.json" "$mapscii_tmp/style.json" >/dev/null || return 1
  python3 - "$mapscii_tmp/style.json" <<'PY'
import json, sys
layers = {l["id"]: l for l in json.load(open(sys.argv[1]))["layers"]}
print("  ", len(layers), "layers; road-minor:", json.dumps(layers["road-minor"]["filter"]))
assert layers["background"]["type"] == "background"
assert layers["road-minor"]["source-layer"] == "road" and layers["road-minor"]["filter"][0] == "none"
assert ["!has", "brunnel"] in layers["road-minor"]["filter"][2]
assert layers["label-country"]["source-layer"] == "country_label"
assert layers["building"]["type"] == "fill" and layers["building"]["minzoom"] == 15
assert "river" not in layers  # waterway: a layer MapSCII never draws
PY
}

check "MapSCII's assemble.sh names each missing source (exit 3)" assemble_names_what_is_missing
check "make bench's side by side skips, saying why, without MapSCII" bench_skips_saying_why
check "our tiles get the layer names and label keys MapSCII draws" tiles_get_mapscii_layer_names
check "our style becomes MapSCII filters (its 'none' for all of)" style_filters_use_mapscii_none
rm -rf "$mapscii_tmp"
