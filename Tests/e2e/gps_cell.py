#!/usr/bin/env python3
"""The map cell where a position is drawn, computed here from Web Mercator (independent of mapterm).

    gps_cell.py CENTER_LAT CENTER_LON ZOOM COLS ROWS LAT LON   prints "COL ROW" (0-based)
    gps_cell.py --find SYMBOL < SCREEN                           prints "COL ROW" of SYMBOL's only cell

The map area is COLS x (ROWS - 1) cells (the status bar takes the last row), each cell 2 x 4 braille dots;
at zoom Z the world is 256 * 2^Z dots wide.
"""
import math
import sys


def world(lat, lon):
    x = (lon + 180.0) / 360.0
    s = math.sin(math.radians(lat))
    y = 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)
    return x, y


def cell(center_lat, center_lon, zoom, cols, rows, lat, lon):
    dots = 256.0 * 2 ** zoom
    cx, cy = world(center_lat, center_lon)
    px, py = world(lat, lon)
    x = (px - cx) * dots + cols * 2 / 2
    y = (py - cy) * dots + (rows - 1) * 4 / 2
    return int(math.floor(x / 2)), int(math.floor(y / 4))


def find(symbol):
    found = [(line.index(symbol), row) for row, line in enumerate(sys.stdin.read().split("\n")) if symbol in line]
    if len(found) != 1:
        sys.exit("found %d cells with %s" % (len(found), symbol))
    return found[0]


if __name__ == "__main__":
    if sys.argv[1] == "--find":
        print("%d %d" % find(sys.argv[2]))
    else:
        a = sys.argv[1:]
        print("%d %d" % cell(float(a[0]), float(a[1]), float(a[2]), int(a[3]), int(a[4]), float(a[5]), float(a[6])))
