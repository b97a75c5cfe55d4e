#!/usr/bin/env python3
"""Build Resources/places/*, the data mapterm's embedded place store is built from on first run.

Python 3 standard library only; the output is deterministic (fixed row order, fixed number
formatting, "\\n" line endings, UTF-8 without BOM).

Outputs (all CSV with a header row, RFC 4180 quoting only where needed):

restrooms_refuge_bayarea.csv
    The Refuge Restrooms Bay Area export in the Refuge CSV column order
    (id,name,street,city,state,country,accessible,unisex,changing_table,directions,comment,
    latitude,longitude,upvote,downvote,created_at,updated_at), in source order, fields as
    given, less two kinds of rows (see docs/data.md, "Cleaning"):
    - a row whose latitude and longitude are exactly a city's geocoder centroid (the point a
      geocoder answers for the bare city name, CITY_CENTROIDS) was never placed at its address;
    - a row whose name (case-folded, spaces collapsed) equals an earlier kept row's within
      DUPLICATE_METRES is a duplicate report; the earlier row (in source order) is kept.
    Nothing is sanitised here: the Swift importer validates coordinates and cleans every string.
restrooms_osm_monaco.csv
    The `amenity=toilets` nodes of the OpenStreetMap Monaco extract as Refuge-style rows in the
    same column order: id "osm:node/N", name from `name` (else "Public toilet"), country "MC",
    accessible from `wheelchair=yes`, unisex from `unisex=yes`, changing_table from
    `changing_table=yes`, directions from `description`, latitude/longitude from the node (7
    decimals), sorted by node id. The extract has 29 such nodes (and 2 ways, which are left out).
    ODbL 1.0: "© OpenStreetMap contributors".
airports.csv
    Every OurAirports airport except type=closed, sorted by ident, with the columns
    ident,type,name,latitude,longitude,elevation_ft,iso_country,iso_region,municipality,
    gps_code,iata_code,icao_code. Coordinates are rounded to 6 decimals (about 0.1 m).
    icao_code is the ident when it is four capital letters (the 2022 airports.csv has no
    icao_code column; OurAirports uses the ICAO code as ident whenever one exists).
runways.csv
    The runways of those airports, joined on airport_ident, sorted by ident then source order,
    with the columns airport_ident,length_ft,width_ft,surface,lighted,closed,le_ident,he_ident,
    le_latitude,le_longitude,he_latitude,he_longitude (lighted/closed are 0/1; the end
    coordinates in degrees, 6 decimals, empty when OurAirports has none). Runways of closed or
    unknown airports are dropped.

Usage (from the repository root):
    python3 Resources/tools/make_places.py [--data ../shared/data] [--out Resources/places]
"""

from __future__ import annotations

import argparse
import csv
import math
import re
import struct
import sys
import zlib
from pathlib import Path

REFUGE_COLUMNS = [
    "id", "name", "street", "city", "state", "country", "accessible", "unisex", "changing_table",
    "directions", "comment", "latitude", "longitude", "upvote", "downvote", "created_at", "updated_at",
]
AIRPORT_COLUMNS = [
    "ident", "type", "name", "latitude", "longitude", "elevation_ft", "iso_country", "iso_region",
    "municipality", "gps_code", "iata_code", "icao_code",
]
RUNWAY_COLUMNS = [
    "airport_ident", "length_ft", "width_ft", "surface", "lighted", "closed", "le_ident", "he_ident",
    "le_latitude", "le_longitude", "he_latitude", "he_longitude",
]
# Geocoder centroids (degrees, exactly as the Refuge export writes them) of the cities of the Bay
# Area export: a row sitting on one was placed at "the city", not at its address.
CITY_CENTROIDS = {
    ("37.7749295", "-122.4194155"),  # San Francisco
}
# Two rows with one name closer than this (metres) are one restroom reported twice.
DUPLICATE_METRES = 10.0
EARTH_RADIUS_M = 6_371_008.8


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

def csv_field(text: str) -> str:
    """RFC 4180 quoting when needed: fields with a comma, a quote, CR or LF are quoted."""
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    # csv.writer with lineterminator "\n" would leave a field holding a lone CR unquoted.
    lines = [",".join(csv_field(field) for field in row) for row in [header, *rows]]
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


def coordinate(text: str) -> str:
    """A coordinate in degrees, rounded to 6 decimals, without trailing zeros."""
    value = round(float(text), 6)
    formatted = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if formatted in ("-0", "") else formatted


# ---------------------------------------------------------------------------
# Refuge Restrooms
# ---------------------------------------------------------------------------

def refuge_rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        if header != REFUGE_COLUMNS:
            sys.exit(f"{path}: unexpected header {header}")
        return [row for row in reader if row]


def metres_apart(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Equirectangular distance in metres between two (lat, lon) points in degrees (fine under 1 km)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    return EARTH_RADIUS_M * math.hypot((lon2 - lon1) * math.cos((lat1 + lat2) / 2), lat2 - lat1)


def cleaned(rows: list[list[str]]) -> tuple[list[list[str]], int, int]:
    """The rows less those on a city centroid and repeated reports (see the module notes), with the
    counts of each kind dropped. Rows whose coordinates are not numbers are kept for the importer
    to reject and report."""
    lat_at, lon_at, name_at = (REFUGE_COLUMNS.index(c) for c in ("latitude", "longitude", "name"))
    kept: list[list[str]] = []
    seen: dict[str, list[tuple[float, float]]] = {}
    on_centroid = repeated = 0
    for row in rows:
        if (row[lat_at], row[lon_at]) in CITY_CENTROIDS:
            on_centroid += 1
            continue
        try:
            point = (float(row[lat_at]), float(row[lon_at]))
        except ValueError:
            kept.append(row)
            continue
        name = " ".join(row[name_at].split()).casefold()
        if any(metres_apart(point, other) < DUPLICATE_METRES for other in seen.get(name, [])):
            repeated += 1
            continue
        seen.setdefault(name, []).append(point)
        kept.append(row)
    return kept, on_centroid, repeated


# ---------------------------------------------------------------------------
# OpenStreetMap PBF (a minimal reader: OSMHeader/OSMData blobs, zlib or raw, nodes and dense nodes)
# ---------------------------------------------------------------------------

def varint(data: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def zigzag(value: int) -> int:
    return (value >> 1) ^ -(value & 1)


def fields(data: bytes):
    """Yields (field number, wire type, value) of a protobuf message; value is an int or bytes."""
    pos = 0
    while pos < len(data):
        key, pos = varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = varint(data, pos)
        elif wire == 1:
            value, pos = data[pos:pos + 8], pos + 8
        elif wire == 2:
            length, pos = varint(data, pos)
            value, pos = data[pos:pos + length], pos + length
        elif wire == 5:
            value, pos = data[pos:pos + 4], pos + 4
        else:
            raise ValueError(f"unsupported wire type {wire}")
        yield number, wire, value


def int64(value: int) -> int:
    """A protobuf int64 (two's complement in a varint, not zigzag)."""
    return value - (1 << 64) if value >= 1 << 63 else value


def packed(data: bytes) -> list[int]:
    values, pos = [], 0
    while pos < len(data):
        value, pos = varint(data, pos)
        values.append(value)
    return values


def pbf_blocks(path: Path):
    """Yields the decompressed PrimitiveBlock bytes of every OSMData blob."""
    data = path.read_bytes()
    pos = 0
    while pos < len(data):
        (header_length,) = struct.unpack(">I", data[pos:pos + 4])
        pos += 4
        blob_type, blob_size = "", 0
        for number, _, value in fields(data[pos:pos + header_length]):
            if number == 1:
                blob_type = value.decode()
            elif number == 3:
                blob_size = value
        pos += header_length
        blob = data[pos:pos + blob_size]
        pos += blob_size
        raw = None
        for number, _, value in fields(blob):
            if number == 1:
                raw = value
            elif number == 3:
                raw = zlib.decompress(value)
        if raw is None:
            raise ValueError(f"{path}: unsupported blob compression")
        if blob_type == "OSMData":
            yield raw


def pbf_nodes(path: Path):
    """Yields (node id, lat, lon, tags) for every node (plain and dense) of an .osm.pbf file."""
    for block in pbf_blocks(path):
        strings: list[str] = []
        groups: list[bytes] = []
        granularity, lat_offset, lon_offset = 100, 0, 0
        for number, _, value in fields(block):
            if number == 1:
                strings = [s.decode("utf-8") for n, _, s in fields(value) if n == 1]
            elif number == 2:
                groups.append(value)
            elif number == 17:
                granularity = value
            elif number == 19:
                lat_offset = int64(value)
            elif number == 20:
                lon_offset = int64(value)

        def degrees(raw: int, offset: int) -> float:
            return (offset + granularity * raw) / 1e9

        for group in groups:
            for number, _, value in fields(group):
                if number == 1:  # Node
                    node_id, keys, vals, lat, lon = 0, [], [], 0, 0
                    for n, _, v in fields(value):
                        if n == 1:
                            node_id = zigzag(v)
                        elif n == 2:
                            keys = packed(v)
                        elif n == 3:
                            vals = packed(v)
                        elif n == 8:
                            lat = zigzag(v)
                        elif n == 9:
                            lon = zigzag(v)
                    tags = {strings[k]: strings[x] for k, x in zip(keys, vals)}
                    yield node_id, degrees(lat, lat_offset), degrees(lon, lon_offset), tags
                elif number == 2:  # DenseNodes
                    ids, lats, lons, keys_vals = [], [], [], []
                    for n, _, v in fields(value):
                        if n == 1:
                            ids = [zigzag(x) for x in packed(v)]
                        elif n == 8:
                            lats = [zigzag(x) for x in packed(v)]
                        elif n == 9:
                            lons = [zigzag(x) for x in packed(v)]
                        elif n == 10:
                            keys_vals = packed(v)
                    node_id = lat = lon = 0
                    kv = 0
                    for i in range(len(ids)):
                        node_id += ids[i]
                        lat += lats[i]
                        lon += lons[i]
                        tags = {}
                        while kv < len(keys_vals) and keys_vals[kv] != 0:
                            tags[strings[keys_vals[kv]]] = strings[keys_vals[kv + 1]]
                            kv += 2
                        kv += 1  # the 0 that ends this node's tags
                        yield node_id, degrees(lat, lat_offset), degrees(lon, lon_offset), tags


def osm_toilet_rows(path: Path) -> list[list[str]]:
    rows = []
    for node_id, lat, lon, tags in pbf_nodes(path):
        if tags.get("amenity") != "toilets":
            continue
        flag = lambda key: "true" if tags.get(key) == "yes" else "false"  # noqa: E731
        row = dict.fromkeys(REFUGE_COLUMNS, "")
        row.update({
            "id": f"osm:node/{node_id}",
            "name": tags.get("name") or "Public toilet",
            "country": "MC",
            "accessible": flag("wheelchair"),
            "unisex": flag("unisex"),
            "changing_table": flag("changing_table"),
            "directions": tags.get("description", ""),
            "latitude": f"{lat:.7f}",
            "longitude": f"{lon:.7f}",
        })
        rows.append((node_id, [row[c] for c in REFUGE_COLUMNS]))
    rows.sort(key=lambda item: item[0])
    return [row for _, row in rows]


# ---------------------------------------------------------------------------
# OurAirports
# ---------------------------------------------------------------------------

ICAO = re.compile(r"[A-Z]{4}")
END_KEYS = ("le_latitude_deg", "le_longitude_deg", "he_latitude_deg", "he_longitude_deg")


def airport_rows(airports_path: Path, runways_path: Path) -> tuple[list[list[str]], list[list[str]]]:
    with airports_path.open(newline="", encoding="utf-8") as handle:
        airports = [a for a in csv.DictReader(handle) if a["type"] != "closed"]
    airports.sort(key=lambda a: a["ident"])
    kept = {a["ident"] for a in airports}
    airport_out = [
        [
            a["ident"], a["type"], a["name"], coordinate(a["latitude_deg"]), coordinate(a["longitude_deg"]),
            a["elevation_ft"], a["iso_country"], a["iso_region"], a["municipality"], a["gps_code"],
            a["iata_code"], a["ident"] if ICAO.fullmatch(a["ident"]) else "",
        ]
        for a in airports
    ]
    with runways_path.open(newline="", encoding="utf-8") as handle:
        runways = [r for r in csv.DictReader(handle) if r["airport_ident"] in kept]
    # Stable sort: runways of one airport keep their source order.
    runways.sort(key=lambda r: r["airport_ident"])
    runway_out = [
        [
            r["airport_ident"], r["length_ft"], r["width_ft"], r["surface"], r["lighted"] or "0",
            r["closed"] or "0", r["le_ident"], r["he_ident"],
            *(coordinate(r[key]) if r[key] else "" for key in END_KEYS),
        ]
        for r in runways
    ]
    return airport_out, runway_out


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main() -> None:
    root = Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=root.parent / "shared" / "data")
    parser.add_argument("--out", type=Path, default=root / "Resources" / "places")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    bayarea, on_centroid, repeated = cleaned(refuge_rows(args.data / "restrooms" / "refuge_bayarea_2026.csv"))
    write_csv(args.out / "restrooms_refuge_bayarea.csv", REFUGE_COLUMNS, bayarea)
    print(f"restrooms: {on_centroid} rows on a city centroid and {repeated} repeated reports dropped")
    toilets = osm_toilet_rows(args.data / "osm" / "monaco-2021-04-21.osm.pbf")
    write_csv(args.out / "restrooms_osm_monaco.csv", REFUGE_COLUMNS, toilets)
    airports, runways = airport_rows(
        args.data / "airports" / "ourairports_airports.csv", args.data / "airports" / "ourairports_runways.csv")
    write_csv(args.out / "airports.csv", AIRPORT_COLUMNS, airports)
    write_csv(args.out / "runways.csv", RUNWAY_COLUMNS, runways)

    total = 0
    for name, count in [
        ("restrooms_refuge_bayarea.csv", len(bayarea)), ("restrooms_osm_monaco.csv", len(toilets)),
        ("airports.csv", len(airports)), ("runways.csv", len(runways)),
    ]:
        size = (args.out / name).stat().st_size
        total += size
        print(f"{name:32} {count:7} rows {size / 1e6:7.2f} MB")
    print(f"{'total':32} {'':12} {total / 1e6:7.2f} MB")


if __name__ == "__main__":
    main()
