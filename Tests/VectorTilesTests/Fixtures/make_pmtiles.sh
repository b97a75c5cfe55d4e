#!/usr/bin/env bash
# Regenerates the PMTiles test archives in this folder from Resources/*.mbtiles with the PyPI
# `pmtiles` package (pinned), in a private venv. Run from anywhere; needs python3 and PyPI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${PMTILES_VENV:-${TMPDIR:-/tmp}/mapterm-pmtiles-venv}"
test -x "$venv/bin/python" || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet pmtiles==3.8.1
PYTHONHASHSEED=0 "$venv/bin/python" "$here/make_pmtiles.py"
