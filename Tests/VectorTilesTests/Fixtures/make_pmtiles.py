#!/usr/bin/env python3
"""Regenerate the PMTiles v3 test archives from the shipped MBTiles files.

Writes, next to this script:
  monaco.pmtiles          Resources/monaco.mbtiles through the package's own converter
                          (every tile in the root directory, no leaves).
  world-z5-leaves.pmtiles Resources/world.mbtiles, zooms 0-5, with the directory cut into
                          leaf directories of LEAF_ENTRIES entries each (the converter only
                          makes leaves when the root would pass 16 KiB, which this set never does).

Both are deterministic (gzip mtime 0, tiles in tile-id order). Checks afterwards, with the
package's reader, that the leaf archive really has leaves and that every tile reads back.

Usage: Tests/VectorTilesTests/Fixtures/make_pmtiles.sh (makes a venv with the pinned package).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pmtiles.writer
from pmtiles.convert import mbtiles_to_pmtiles
from pmtiles.reader import MmapSource, Reader, all_tiles
from pmtiles.tile import deserialize_directory

HERE = Path(__file__).resolve().parent
RESOURCES = HERE.parents[2] / "Resources"
LEAF_ENTRIES = 64
WORLD_MAX_ZOOM = 5


def forced_leaves(entries, target_root_len):
    """Stands in for pmtiles.writer.optimize_directories: always LEAF_ENTRIES per leaf."""
    root, leaves, count = pmtiles.writer.build_roots_leaves(entries, LEAF_ENTRIES)
    assert len(root) < target_root_len
    return root, leaves, count


def check(path: Path, mbtiles: Path, max_zoom: int, want_leaves: bool) -> None:
    with open(path, "rb") as f:
        source = MmapSource(f)
        header = Reader(source).header()
        root = deserialize_directory(source(header["root_offset"], header["root_length"]))
        leaves = [e for e in root if e.run_length == 0]
        if want_leaves != bool(leaves) or want_leaves != (header["leaf_directory_length"] > 0):
            sys.exit(f"{path.name}: leaves expected {want_leaves}, root has {len(leaves)} leaf entries")
        tiles = {zxy: data for zxy, data in all_tiles(source)}
    db = sqlite3.connect(mbtiles)
    rows = db.execute(
        "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles WHERE zoom_level <= ?", (max_zoom,)
    ).fetchall()
    if len(rows) != len(tiles):
        sys.exit(f"{path.name}: {len(tiles)} tiles, {mbtiles.name} has {len(rows)}")
    for z, x, tms_row, data in rows:
        if tiles.get((z, x, (1 << z) - 1 - tms_row)) != data:
            sys.exit(f"{path.name}: tile {z}/{x}/{(1 << z) - 1 - tms_row} differs")
    print(f"{path.name}: {len(tiles)} tiles, {len(leaves)} leaf directories, {path.stat().st_size} bytes")


def main() -> None:
    monaco = HERE / "monaco.pmtiles"
    mbtiles_to_pmtiles(str(RESOURCES / "monaco.mbtiles"), str(monaco), None)
    check(monaco, RESOURCES / "monaco.mbtiles", 99, want_leaves=False)

    world = HERE / "world-z5-leaves.pmtiles"
    pmtiles.writer.optimize_directories = forced_leaves
    mbtiles_to_pmtiles(str(RESOURCES / "world.mbtiles"), str(world), WORLD_MAX_ZOOM)
    check(world, RESOURCES / "world.mbtiles", WORLD_MAX_ZOOM, want_leaves=True)


if __name__ == "__main__":
    main()
