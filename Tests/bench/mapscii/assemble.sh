#!/usr/bin/env bash
# Assembles MapSCII (rastapasta/mapscii at 4fe9a60 of 2023-01-10, version 0.3.1, with the versions
# of its package-lock.json) for the side-by-side benchmark, offline, from local git snapshots of its
# sources; nothing of MapSCII is committed here. Then converts our tiles and style into what it reads
# (omt2mapscii.py).
#
#   MAPSCII_SOURCES  a folder with one bare git dir per repository, OWNER+NAME/repo (default
#                    /work/.mirror, where the session's `fetch` tool puts GitHub snapshots)
#   MAPSCII_DIR      where the result goes (default .build/mapscii): app/ (MapSCII and its
#                    node_modules), style.json and tiles/ (the world map with the Monaco, Columbus
#                    and Helsinki streets, laid out as MapSCII's tile cache)
#
# From Debian: nodejs (any version from 18), node-yargs, node-string-width, node-keypress and
# node-ieee754 (found through NODE_PATH=/usr/share/nodejs). node-fetch 2 is replaced by a few lines over
# node's own fetch (MapSCII calls `fetch(url).then(r => r.buffer())` only), and rbush 3 and quickselect 2
# are their ES module sources turned into CommonJS by two sed lines (their npm files are built ones).
# Exit 0: assembled; exit 3: something is missing (each missing piece is named on stderr).
set -u
repo=$(cd "$(dirname "$0")/../../.." && pwd)
sources=${MAPSCII_SOURCES:-/work/.mirror}
out=${MAPSCII_DIR:-$repo/.build/mapscii}
# name in node_modules | OWNER+NAME | revision (a tag or commit; v1.3.1 and 0.0.4 are untagged there)
deps=(
  "mapscii rastapasta+mapscii 4fe9a60"
  "@mapbox/vector-tile mapbox+vector-tile-js 58df1e9"
  "@mapbox/point-geometry mapbox+point-geometry v0.1.0"
  "pbf mapbox+pbf v3.2.1"
  "rbush mourner+rbush v3.0.1"
  "quickselect mourner+quickselect v2.0.0"
  "earcut mapbox+earcut v2.2.2"
  "simplify-js mourner+simplify-js v1.2.4"
  "bresenham madbence+node-bresenham HEAD"
  "x256 substack+node-x256 0.0.2"
  "term-mouse CoderPuppy+term-mouse v0.2.2"
  "env-paths sindresorhus+env-paths v2.2.0"
)
missing=()
command -v node >/dev/null || missing+=("node (Debian: apt-get install nodejs)")
command -v python3 >/dev/null || missing+=("python3")
for pkg in yargs string-width keypress ieee754; do
  [ -f "/usr/share/nodejs/$pkg/package.json" ] || missing+=("Debian package node-$pkg (apt-get install node-$pkg)")
done
for dep in "${deps[@]}"; do
  read -r name slug rev <<<"$dep"
  git --git-dir="$sources/$slug/repo" rev-parse --verify -q "$rev^{commit}" >/dev/null 2>&1 ||
    missing+=("$name: no git snapshot of github.com/${slug/+//} holding $rev in $sources/$slug/repo")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "MapSCII cannot be assembled; missing:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 3
fi
rm -rf "$out/app.part" && mkdir -p "$out/app.part/node_modules"
for dep in "${deps[@]}"; do
  read -r name slug rev <<<"$dep"
  dest="$out/app.part/node_modules/$name"
  [ "$name" = mapscii ] && dest="$out/app.part"
  mkdir -p "$dest"
  git --git-dir="$sources/$slug/repo" archive "$rev" | tar -x -C "$dest" || exit 1
done
for esm in rbush quickselect; do
  dir="$out/app.part/node_modules/$esm"
  sed -i -e "s/^import \([a-zA-Z]*\) from '\([a-z]*\)';/const \1 = require('\2');/" \
    -e 's/^export default /module.exports = /' "$dir/index.js"
  sed -i -e 's/"main": "[^"]*"/"main": "index.js"/' -e '/"module":/d' -e '/"type": "module"/d' "$dir/package.json"
done
mkdir -p "$out/app.part/node_modules/node-fetch"
cat >"$out/app.part/node_modules/node-fetch/index.js" <<'EOF'
'use strict';
// node-fetch 2's `fetch(url).then((res) => res.buffer())`, the one use MapSCII makes of it, over
// node's own fetch.
module.exports = (url) => fetch(url).then((res) => ({
  buffer: async () => Buffer.from(await res.arrayBuffer()),
}));
EOF
rm -rf "$out/app" && mv "$out/app.part" "$out/app"
NODE_PATH=/usr/share/nodejs node -e "require('$out/app/src/Renderer'); require('$out/app/src/TileSource')" ||
  { echo "MapSCII was assembled but does not load" >&2; exit 1; }
python3 "$repo/Tests/bench/mapscii/omt2mapscii.py" style "$repo/Resources/style-dark.json" "$out/style.json" || exit 1
rm -rf "$out/tiles"
python3 "$repo/Tests/bench/mapscii/omt2mapscii.py" tiles "$out/tiles" "$repo/Resources/world.mbtiles" \
  "$repo/Resources/monaco.mbtiles" "$repo/Tests/bench/columbus.mbtiles" "$repo/Tests/bench/helsinki.mbtiles" || exit 1
echo "MapSCII assembled in $out"
