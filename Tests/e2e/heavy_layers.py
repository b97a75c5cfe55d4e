#!/usr/bin/env python3
"""Writes the heavy GeoJSON layer files of the memory checks, seeded so every run writes the same bytes.

  heavy_layers.py polygon PATH HOLES   one Polygon feature: a square outer ring and HOLES octagon holes
                                       on a grid inside it (200 000 holes: about 40 MB)
  heavy_layers.py line PATH POINTS     one LineString feature: a random walk of POINTS positions with an
                                       altitude, near San Francisco (2 000 000 points: about 80 MB)
"""
import math
import random
import sys

SEED = 20261201


def position(lon, lat):
    return "[%.7f,%.7f]" % (lon, lat)


def polygon(out, holes):
    rng = random.Random(SEED)
    side = math.ceil(math.sqrt(holes))
    cell = 20.0 / side
    out.write('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"holes"},')
    out.write('"geometry":{"type":"Polygon","coordinates":[\n')
    out.write("[" + ",".join(position(*p) for p in [(0, 0), (20, 0), (20, 20), (0, 20), (0, 0)]) + "]")
    for index in range(holes):
        cx = (index % side + 0.5) * cell
        cy = (index // side + 0.5) * cell
        radius = cell * rng.uniform(0.2, 0.4)
        ring = [(cx + radius * math.cos(k * math.pi / 4), cy + radius * math.sin(k * math.pi / 4)) for k in range(8)]
        ring.append(ring[0])
        out.write(",\n[" + ",".join(position(*p) for p in ring) + "]")
    out.write("\n]}}]}\n")


def line(out, points):
    rng = random.Random(SEED)
    lon, lat = -122.4, 37.7
    out.write('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"walk"},')
    out.write('"geometry":{"type":"LineString","coordinates":[\n')
    for index in range(points):
        lon += rng.uniform(-1e-4, 1.2e-4)
        lat += rng.uniform(-1e-4, 1e-4)
        out.write("%s[%.9f,%.9f,%.2f]" % ("," if index else "", lon, lat, 100 + index % 5000 / 100))
        if index % 8 == 7:
            out.write("\n")
    out.write("\n]}}]}\n")


def main():
    kind, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(path, "w") as out:
        {"polygon": polygon, "line": line}[kind](out, count)


if __name__ == "__main__":
    main()
