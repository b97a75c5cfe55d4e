#!/usr/bin/env bash
# Bytes the real binary sends to a 160x48 pseudo-terminal over Europe (50N 10E z3.5) with the embedded
# places: first frame, horizontal and vertical pans, zoom steps. A fresh data folder; the places
# database is built before measuring. Usage: pty-bytes.sh path/to/mapterm
set -u
MAPTERM=$(realpath "${1:?usage: pty-bytes.sh path/to/mapterm}")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache" XDG_CONFIG_HOME="$home/config"
# No default tile source: the figures are the shipped map's, and no request leaves the machine.
mkdir -p "$home/config/mapterm" && printf '{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9"}\n' > "$home/config/mapterm/config.json"
"$MAPTERM" places --near 50,10 --limit 1 >/dev/null 2>&1
echo "== bytes the real binary writes to a 160x48 pty, 50N 10E z3.5, embedded places =="
python3 "$(dirname "$0")/pty_bytes.py" "$MAPTERM" --center 50,10 --zoom 3.5
