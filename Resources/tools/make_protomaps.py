#!/usr/bin/env python3
"""Converts OpenMapTiles-schema MBTiles into a Protomaps basemap v4 PMTiles v3 archive.

Made for the schema test fixture (Tests/Fixtures/schemas/monaco-protomaps.pmtiles, from
monaco-omt.mbtiles), following the published v4 layer document (docs.protomaps.com/basemaps/layers)
and the reference tile builder (github.com/protomaps/basemaps, tiles/src/.../layers/*.java):

  transportation + transportation_name  -> roads   kind highway|major_road|minor_road|path|rail|ferry|
                                                   aeroway|other, kind_detail the OSM highway value,
                                                   is_tunnel, is_bridge, is_link, name on the road
  water (polygons)                      -> water   kind ocean|lake|water|dock|swimming_pool (detail)
  waterway                              -> water   kind river|stream|canal|drain|ditch (lines)
  water_name                            -> water   label points (and the names of waterway lines)
  landcover, landuse, park              -> landuse kind = the OSM value (park, garden, wood, forest,
                                                   grass, residential, hospital, school, pitch, ...)
  aeroway polygons, transportation piers -> landuse kind helipad|heliport|aerodrome|apron|pier
  building                              -> buildings kind building
  boundary                              -> boundaries kind country|region|county|locality,
                                                   kind_detail admin_level, disputed true
  place                                 -> places  kind country|region|locality|neighbourhood,
                                                   kind_detail the OSM place value, capital yes
  poi                                   -> pois    kind the OSM value (toilets, cafe, ...)
  housenumber                           -> buildings kind address

OpenMapTiles' `name:latin` becomes `name`. A road's name comes from the transportation_name feature
of the same geometry; where the two were generalised apart (zooms below 14) the named line is added
to roads as it is. No `earth` layer: the map draws land as its background. Output is the same at
every run (tiles in tile-id order, gzip mtime 0).

Usage: make_protomaps.py INPUT.mbtiles OUTPUT.pmtiles   (see `make schema-fixtures`)
"""

from __future__ import annotations

import gzip
import json
import sqlite3
import sys
from pathlib import Path

import mapbox_vector_tile
from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer

OPTIONS = {"y_coord_down": True}

ROAD_KIND = {
    "motorway": ("highway", "motorway"),
    "trunk": ("major_road", "trunk"),
    "primary": ("major_road", "primary"),
    "secondary": ("major_road", "secondary"),
    "tertiary": ("major_road", "tertiary"),
    "minor": ("minor_road", "residential"),
    "service": ("minor_road", "service"),
    "busway": ("other", "busway"),
    "track": ("path", "track"),
    "path": ("path", "path"),
    "rail": ("rail", "rail"),
    "transit": ("rail", "subway"),
    "ferry": ("ferry", None),
}
# OMT subclasses of minor roads and paths that Protomaps keeps as kind_detail.
DETAIL_SUBCLASSES = {
    "minor": {"residential", "unclassified", "road", "living_street"},
    "path": {"footway", "path", "cycleway", "bridleway", "steps", "pedestrian", "corridor"},
}
LINK_DETAIL = {"motorway": "motorway_link", "trunk": "trunk_link", "primary": "primary_link",
               "secondary": "secondary_link", "tertiary": "tertiary_link"}
ADMIN_KIND = {2: "country", 3: "region", 4: "region", 5: "county", 6: "county"}
PLACE_KIND = {"country": "country", "state": "region", "province": "region", "city": "locality",
              "town": "locality", "village": "locality", "hamlet": "locality",
              "suburb": "neighbourhood", "quarter": "neighbourhood", "neighbourhood": "neighbourhood"}
WATER_KIND = {"ocean": ("ocean", None), "lake": ("lake", None), "river": ("water", "river"),
              "pond": ("water", "pond"), "dock": ("dock", None), "swimming_pool": ("swimming_pool", None)}


def name_of(props: dict) -> str | None:
    return props.get("name") or props.get("name:latin") or props.get("name_en")


def geometry_key(feature: dict) -> str:
    return json.dumps(feature["geometry"]["coordinates"])


def feature(geometry: dict, props: dict) -> dict:
    return {"geometry": geometry, "properties": {k: v for k, v in props.items() if v is not None}}


def roads(tile: dict) -> list[dict]:
    names: dict[str, dict] = {}
    for f in tile.get("transportation_name", {}).get("features", []):
        names.setdefault(geometry_key(f), f["properties"])
    out, used = [], set()
    for f in tile.get("transportation", {}).get("features", []):
        p = f["properties"]
        key = geometry_key(f)
        named = names.get(key, {})
        road = road_properties(p, named)
        if road is None:
            continue
        used.add(key)
        out.append(feature(f["geometry"], road))
    # Named lines generalised apart from their road (zooms below 14): added as they are.
    for f in tile.get("transportation_name", {}).get("features", []):
        key = geometry_key(f)
        if key in used or not name_of(f["properties"]):
            continue
        road = road_properties(f["properties"], f["properties"])
        if road is not None:
            out.append(feature(f["geometry"], road))
    return out


def road_properties(p: dict, named: dict) -> dict | None:
    cls = p.get("class")
    if cls not in ROAD_KIND:
        return None
    kind, detail = ROAD_KIND[cls]
    subclass = named.get("subclass")
    if subclass in DETAIL_SUBCLASSES.get(cls, ()):
        detail = subclass
    if subclass == "pedestrian":
        kind = "path"
    if subclass == "living_street":
        kind = "other"
    link = p.get("ramp") == 1 and cls in LINK_DETAIL
    if link:
        detail = LINK_DETAIL[cls]
    brunnel = p.get("brunnel")
    return {"kind": kind, "kind_detail": detail, "name": name_of(named), "ref": named.get("ref"),
            "is_link": True if link else None, "is_tunnel": True if brunnel == "tunnel" else None,
            "is_bridge": True if brunnel == "bridge" else None, "oneway": "yes" if p.get("oneway") == 1 else None}


def water(tile: dict) -> list[dict]:
    out = []
    for f in tile.get("water", {}).get("features", []):
        kind, detail = WATER_KIND.get(f["properties"].get("class"), ("water", None))
        out.append(feature(f["geometry"], {"kind": kind, "kind_detail": detail}))
    line_names: dict[str, str] = {}
    for f in tile.get("water_name", {}).get("features", []):
        name = name_of(f["properties"])
        if f["geometry"]["type"] == "Point":
            out.append(feature(f["geometry"], {"kind": f["properties"].get("class"), "name": name}))
        elif name:
            line_names[geometry_key(f)] = name
    for f in tile.get("waterway", {}).get("features", []):
        p = f["properties"]
        name = name_of(p) or line_names.get(geometry_key(f))
        out.append(feature(f["geometry"], {"kind": p.get("class"), "name": name,
                                           "tunnel": "yes" if p.get("brunnel") == "tunnel" else None}))
    return out


def landuse(tile: dict) -> list[dict]:
    out = []
    for f in tile.get("landcover", {}).get("features", []):
        p = f["properties"]
        out.append(feature(f["geometry"], {"kind": p.get("subclass") or p.get("class")}))
    for f in tile.get("landuse", {}).get("features", []):
        out.append(feature(f["geometry"], {"kind": f["properties"].get("class")}))
    for f in tile.get("park", {}).get("features", []):
        out.append(feature(f["geometry"], {"kind": f["properties"].get("class") or "park",
                                           "name": name_of(f["properties"])}))
    for f in tile.get("aeroway", {}).get("features", []):
        if f["geometry"]["type"] in ("Polygon", "MultiPolygon"):
            out.append(feature(f["geometry"], {"kind": f["properties"].get("class")}))
    for f in tile.get("transportation", {}).get("features", []):
        if f["properties"].get("class") == "pier" and f["geometry"]["type"] in ("Polygon", "MultiPolygon"):
            out.append(feature(f["geometry"], {"kind": "pier"}))
    return out


def aeroway_lines(tile: dict) -> list[dict]:
    return [feature(f["geometry"], {"kind": "aeroway", "kind_detail": f["properties"].get("class")})
            for f in tile.get("aeroway", {}).get("features", [])
            if f["geometry"]["type"] in ("LineString", "MultiLineString")]


def boundaries(tile: dict) -> list[dict]:
    out = []
    for f in tile.get("boundary", {}).get("features", []):
        p = f["properties"]
        if p.get("maritime") == 1:
            continue
        level = int(p.get("admin_level", 8))
        out.append(feature(f["geometry"], {"kind": ADMIN_KIND.get(level, "locality"), "kind_detail": level,
                                           "disputed": True if p.get("disputed") == 1 else None}))
    return out


def places(tile: dict) -> list[dict]:
    out = []
    for f in tile.get("place", {}).get("features", []):
        p = f["properties"]
        cls = p.get("class")
        if cls not in PLACE_KIND:
            continue
        out.append(feature(f["geometry"], {
            "kind": PLACE_KIND[cls], "kind_detail": cls, "name": name_of(p),
            "capital": "yes" if p.get("capital") in (2, "2") else None, "population": p.get("population")}))
    return out


def pois(tile: dict) -> list[dict]:
    return [feature(f["geometry"], {"kind": f["properties"].get("subclass") or f["properties"].get("class"),
                                    "name": name_of(f["properties"])})
            for f in tile.get("poi", {}).get("features", [])]


def buildings(tile: dict) -> list[dict]:
    out = [feature(f["geometry"], {"kind": "building", "height": f["properties"].get("render_height")})
           for f in tile.get("building", {}).get("features", [])]
    out += [feature(f["geometry"], {"kind": "address", "addr_housenumber": f["properties"].get("housenumber")})
            for f in tile.get("housenumber", {}).get("features", [])]
    return out


def convert(data: bytes) -> bytes:
    tile = mapbox_vector_tile.decode(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data,
                                     default_options=OPTIONS)
    layers = {
        "boundaries": boundaries(tile),
        "buildings": buildings(tile),
        "landuse": landuse(tile),
        "water": water(tile),
        "roads": roads(tile) + aeroway_lines(tile),
        "places": places(tile),
        "pois": pois(tile),
    }
    encoded = mapbox_vector_tile.encode(
        [{"name": name, "features": features, "extent": 4096} for name, features in layers.items() if features],
        default_options=OPTIONS)
    return gzip.compress(encoded, mtime=0)


LAYER_FIELDS = {
    "boundaries": ["kind", "kind_detail", "disputed"],
    "buildings": ["kind", "height", "addr_housenumber"],
    "landuse": ["kind", "name"],
    "water": ["kind", "kind_detail", "name", "tunnel"],
    "roads": ["kind", "kind_detail", "name", "ref", "is_link", "is_tunnel", "is_bridge", "oneway"],
    "places": ["kind", "kind_detail", "name", "capital", "population"],
    "pois": ["kind", "name"],
}


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: make_protomaps.py INPUT.mbtiles OUTPUT.pmtiles")
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    db = sqlite3.connect(source)
    meta = dict(db.execute("SELECT name, value FROM metadata"))
    tiles = []
    for z, x, tms_row, data in db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles"):
        y = (1 << z) - 1 - tms_row
        tiles.append((zxy_to_tileid(z, x, y), convert(data)))
    tiles.sort()
    west, south, east, north = (float(v) for v in meta["bounds"].split(","))
    zooms = [z for (z,) in db.execute("SELECT DISTINCT zoom_level FROM tiles")]
    header = {
        "tile_type": TileType.MVT, "tile_compression": Compression.GZIP,
        "min_zoom": min(zooms), "max_zoom": max(zooms),
        "min_lon_e7": int(west * 1e7), "min_lat_e7": int(south * 1e7),
        "max_lon_e7": int(east * 1e7), "max_lat_e7": int(north * 1e7),
        "center_zoom": 14, "center_lon_e7": int((west + east) / 2 * 1e7),
        "center_lat_e7": int((south + north) / 2 * 1e7),
    }
    metadata = {
        "name": meta["name"].replace("OpenMapTiles schema", "Protomaps basemap v4 schema"),
        "description": "Converted from " + source.name + " by Resources/tools/make_protomaps.py",
        "attribution": "© OpenStreetMap contributors, ODbL · Protomaps basemap v4 schema",
        "type": "baselayer", "version": "4.0.0",
        "vector_layers": [{"id": name, "fields": {f: "String" for f in fields}} for name, fields in LAYER_FIELDS.items()],
    }
    with open(target, "wb") as f:
        writer = Writer(f)
        for tile_id, data in tiles:
            writer.write_tile(tile_id, data)
        writer.finalize(header, metadata)
    print(f"{target}: {target.stat().st_size} bytes, {len(tiles)} tiles, z{min(zooms)}-{max(zooms)}")


if __name__ == "__main__":
    main()
