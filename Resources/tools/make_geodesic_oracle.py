#!/usr/bin/env python3
"""Writes the oracle of the WGS84 geodesic tests: seeded pairs of points and what GeographicLib
(Karney's own implementation, from PyPI: pip install geographiclib) says of them.

Usage: make_geodesic_oracle.py OUT.json   (Tests/GeoCoreTests/Fixtures/geodesics.json)

Each case is [lat1, lon1, lat2, lon2, s12 (metres), azi1, azi2 (degrees)] with the kind of pair it
is: random, short (up to 1 km), long (over 15 000 km), nearly antipodal, polar, across the
antimeridian, equatorial, meridional, identical.
"""
import json
import math
import random
import sys

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
rng = random.Random(20261202)


def uniform_point():
    return math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)


def near(lat, lon, metres):
    """A point about `metres` from (lat, lon) in a random direction."""
    line = WGS84.Direct(lat, lon, rng.uniform(-180, 180), metres)
    return line["lat2"], line["lon2"]


def pairs():
    for _ in range(600):
        yield "random", (*uniform_point(), *uniform_point())
    for _ in range(300):
        lat, lon = uniform_point()
        yield "short", (lat, lon, *near(lat, lon, rng.uniform(0.001, 1000)))
    for _ in range(200):
        lat, lon = uniform_point()
        yield "long", (lat, lon, *near(lat, lon, rng.uniform(15e6, 19.9e6)))
    for _ in range(400):
        lat = rng.uniform(-89, 89)
        lon = rng.uniform(-180, 180)
        dlat = rng.choice([0, 1e-9, 1e-6, 1e-3, 0.1, 0.5]) * rng.choice([-1, 1])
        dlon = rng.choice([0, 1e-9, 1e-6, 1e-3, 0.1, 0.5, 1]) * rng.choice([-1, 1])
        yield "antipodal", (lat, lon, -lat + dlat, (lon + 180 + dlon + 180) % 360 - 180)
    for _ in range(200):
        lat1 = rng.choice([-1, 1]) * rng.uniform(89, 90)
        lat2 = rng.choice([-1, 1]) * rng.uniform(89, 90) if rng.random() < 0.5 else uniform_point()[0]
        yield "polar", (lat1, rng.uniform(-180, 180), lat2, rng.uniform(-180, 180))
    for _ in range(150):
        lat1, lat2 = rng.uniform(-80, 80), rng.uniform(-80, 80)
        yield "antimeridian", (lat1, rng.uniform(170, 180), lat2, rng.uniform(-180, -170))
    for _ in range(100):
        yield "equatorial", (0.0, rng.uniform(-180, 180), rng.choice([0.0, 1e-10]), rng.uniform(-180, 180))
    for _ in range(100):
        lon = rng.uniform(-180, 180)
        other = lon if rng.random() < 0.5 else (lon + 360) % 360 - 180
        yield "meridional", (rng.uniform(-90, 90), lon, rng.uniform(-90, 90), other)
    for _ in range(20):
        lat, lon = uniform_point()
        yield "identical", (lat, lon, lat, lon)
    for lat1, lon1, lat2, lon2 in [(0, 0, 0, 180), (0, 0, 0, 179.5), (0, 0, 0.5, 179.5), (90, 0, -90, 0),
                                   (45, 0, -45, 180), (0, 0, 0, 0), (89.9999999, 10, -89.9999999, -170)]:
        yield "special", (lat1, lon1, lat2, lon2)


def main():
    cases = []
    for kind, (lat1, lon1, lat2, lon2) in pairs():
        g = WGS84.Inverse(lat1, lon1, lat2, lon2)
        cases.append({"kind": kind, "case": [lat1, lon1, lat2, lon2, g["s12"], g["azi1"], g["azi2"]]})
    with open(sys.argv[1], "w") as out:
        out.write('{"source": "GeographicLib %s, Geodesic.WGS84.Inverse", "cases": [\n' % __import__("geographiclib").__version__)
        out.write(",\n".join(json.dumps(c) for c in cases))
        out.write("\n]}\n")


main()
