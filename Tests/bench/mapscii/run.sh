#!/usr/bin/env bash
# `make bench`'s side by side with MapSCII: assembles it (assemble.sh), then runs the frame and
# whole-process comparison (sidebyside.py) and the CPU per key in tmux (cpu-per-key.sh). When its
# sources or Debian's node packages are missing, says what is missing and skips (exit 0).
# Usage: run.sh path/to/mapterm path/to/mapterm-bench
set -u
here=$(cd "$(dirname "$0")" && pwd)
mapterm=${1:?usage: run.sh path/to/mapterm path/to/mapterm-bench}
bench=${2:?usage: run.sh path/to/mapterm path/to/mapterm-bench}
dir=${MAPSCII_DIR:-$here/../../../.build/mapscii}
missing=$(mktemp)
trap 'rm -f "$missing"' EXIT
bash "$here/assemble.sh" >/dev/null 2>"$missing"
case $? in
  0) ;;
  3) if [ -f "$dir/app/main.js" ]; then
       echo "Side by side with MapSCII: its sources are gone; using the copy assembled earlier in $dir"
     else
       cat "$missing"
       echo "Side by side with MapSCII: skipped, it cannot be assembled (see docs/performance.md, How to measure)"
       exit 0
     fi ;;
  *) cat "$missing" >&2; echo "Side by side with MapSCII: assembling it failed" >&2; exit 1 ;;
esac
python3 "$here/sidebyside.py" "$mapterm" "$bench" || exit 1
bash "$here/cpu-per-key.sh" "$mapterm"
