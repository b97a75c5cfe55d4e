#!/usr/bin/env bash
# The pure core does no file I/O and starts no threads (DESIGN.md): files are read and written by the
# adapters (Storage above all), threads belong to the runtime. Prints every use of a file or thread API
# in a pure module and exits 1 if there is one.
# Usage: check-pure-io.sh [ROOT]   (ROOT: the folder holding Sources/, default this repository)
set -u
cd "${1:-$(dirname "$0")/../..}"
pure="GeoCore TextSafety VectorTiles Render Places Layers Positioning MapFeature"
pattern='\bFileManager\b|\bfopen\(|\bFileHandle\b|Data\(contentsOf:|contentsOfFile|\bThread\b|\bDispatch(Queue|Semaphore|Group)\b|\bO_(RDONLY|WRONLY|RDWR|CREAT)\b|\b[fl]?stat\('
# Exempt while they move out (named one by one, so a new use anywhere else still fails):
# - MapFeature/Runtime/SearchWorker.swift runs searches on a DispatchQueue until it becomes a task.
exempt='^Sources/MapFeature/Runtime/SearchWorker\.swift:'
status=0
for module in $pure; do
  hits=$(grep -rnE "$pattern" "Sources/$module" --include='*.swift' \
    | grep -vE '^[^:]+:[0-9]+:\s*//' \
    | grep -vE "$exempt")
  if [ -n "$hits" ]; then
    echo "pure module $module uses a file or thread API (these belong in an adapter):"; echo "$hits"; status=1
  fi
done
[ $status -eq 0 ] && echo "pure I/O rule: ok"
exit $status
