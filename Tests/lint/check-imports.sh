#!/usr/bin/env bash
# The import rule of docs/architecture.md: the pure core imports no ncurses, SQLite or networking,
# and each C library has exactly one Swift adapter module. Prints every violation and exits 1 if
# there is one.
set -u
cd "$(dirname "$0")/../.."
status=0
pure="Blocking GeoCore TextSafety VectorTiles Render Places Layers Positioning MapFeature"
for module in $pure; do
  hits=$(grep -rnE '^\s*(@[a-zA-Z]+\s+)*import\s+(CNcurses|CSQLite|CCurl|FoundationNetworking|Terminal|Storage|Network|Glibc\.ncurses)\b' "Sources/$module" 2>/dev/null)
  if [ -n "$hits" ]; then
    echo "pure module $module imports an adapter or C library:"; echo "$hits"; status=1
  fi
done
check_only() {
  local lib=$1 allowed=$2
  local found
  found=$(grep -rlE "^\s*(@[a-zA-Z]+\s+)*import\s+$lib\b" Sources --include='*.swift' | cut -d/ -f2 | sort -u)
  for module in $found; do
    if [ "$module" != "$allowed" ]; then
      echo "$lib may only be imported by $allowed, but $module imports it"; status=1
    fi
  done
}
check_only CNcurses Terminal
check_only CSQLite Storage
check_only FoundationNetworking Network
check_only CZlib VectorTiles
check_only CCurl Network
[ $status -eq 0 ] && echo "import rule: ok"
exit $status
