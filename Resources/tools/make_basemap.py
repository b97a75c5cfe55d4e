#!/usr/bin/env python3
"""Build Resources/world.mbtiles, mapterm's offline world basemap, from Natural Earth.

Output: MBTiles 1.3 (SQLite), gzip-compressed Mapbox Vector Tiles 2.1, extent 4096,
Web Mercator XYZ tiling stored with TMS rows, zoom 0-6. Layer and attribute names
follow the OpenMapTiles schema (water, landcover, boundary, waterway, place) plus our
own `coastline` line layer, so one style can draw this file and real OpenMapTiles.

Sources per zoom: z0-2 Natural Earth 110m, z3-5 50m, z6 10m (see SCALE_FOR_ZOOM).
The output is deterministic: fixed metadata, sorted iteration, gzip mtime 0, and the
SQLite file is written in one transaction in sorted key order.

Usage (from the repository root):
    python3 -m venv .venv-basemap
    .venv-basemap/bin/pip install -r Resources/tools/requirements-basemap.txt
    .venv-basemap/bin/python Resources/tools/make_basemap.py \
        [--data ../shared/data] [--out Resources/world.mbtiles] [--workers 2]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import sqlite3
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

import mapbox_vector_tile
import numpy as np
import shapely
from shapely.geometry import MultiLineString, MultiPolygon, Point, box, shape
from shapely.ops import polylabel

# ---------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------

EXTENT = 4096          # MVT tile extent
BUFFER = 64            # clip buffer around each tile, in tile units
TOLERANCE = 4.0        # Douglas-Peucker tolerance, in tile units
MIN_AREA = 4.0         # polygon parts smaller than this (tile units^2) are dropped
MIN_ZOOM, MAX_ZOOM = 0, 6
MAX_LAT = 85.0511      # Web Mercator latitude clamp

SCALE_FOR_ZOOM = {0: "110m", 1: "110m", 2: "110m", 3: "50m", 4: "50m", 5: "50m", 6: "10m"}

LAYER_ORDER = ["water", "landcover", "coastline", "boundary", "waterway", "place"]

LAYER_INFO = {
    "water": ({"class": "String", "name": "String"},
              "Ocean (tile minus land) and lakes; class ocean|lake"),
    "landcover": ({"class": "String"}, "Glaciated areas; class ice"),
    "coastline": ({}, "Natural Earth coastline (mapterm extension)"),
    "boundary": ({"admin_level": "Number", "disputed": "Number", "maritime": "Number"},
                 "Country (admin_level 2) and state/province (admin_level 4) borders"),
    "waterway": ({"class": "String", "name": "String"}, "Rivers; class river"),
    "place": ({"class": "String", "name": "String", "rank": "Number",
               "capital": "Number", "population": "Number"},
              "Label points; class country|state|city|town; rank 1 = most important"),
}

METADATA = [
    ("name", "world"),
    ("format", "pbf"),
    ("minzoom", str(MIN_ZOOM)),
    ("maxzoom", str(MAX_ZOOM)),
    ("bounds", "-180,-85.0511,180,85.0511"),
    ("center", "0,20,2"),
    ("type", "baselayer"),
    ("version", "1"),
    ("description", "mapterm world basemap (Natural Earth 4.0.0: 110m z0-2, 50m z3-5, "
                    "10m z6) in the OpenMapTiles layer schema"),
    ("attribution", "Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com."),
]


def metadata_json() -> str:
    layers = []
    for lid in LAYER_ORDER:
        fields, desc = LAYER_INFO[lid]
        layers.append({"id": lid, "fields": fields, "minzoom": MIN_ZOOM,
                       "maxzoom": MAX_ZOOM, "description": desc})
    return json.dumps({"vector_layers": layers}, separators=(",", ":"), sort_keys=False)


# ---------------------------------------------------------------------------
# Data loading (cached per process)
# ---------------------------------------------------------------------------

DATA_DIR: Path = Path(".")
_CACHE: dict = {}


def clean_name(v):
    """NE names sometimes contain '\\r' as a cartographic line break."""
    if v is None:
        return None
    s = " ".join(str(v).split())
    return s or None


def load(scale: str, stem: str):
    """Return (geoms: ndarray of lon/lat geometries, props: list of dicts)."""
    key = (scale, stem)
    if key not in _CACHE:
        path = DATA_DIR / "naturalearth" / scale / f"ne_{scale}_{stem}.geojson"
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
        geoms, props = [], []
        for feat in doc["features"]:
            if not feat.get("geometry"):
                continue
            geoms.append(shape(feat["geometry"]))
            props.append(feat.get("properties") or {})
        _CACHE[key] = (np.array(geoms, dtype=object), props)
    return _CACHE[key]


def mercator_unit(coords: np.ndarray) -> np.ndarray:
    """lon/lat -> Web Mercator in [0,1]x[0,1], y down (XYZ convention)."""
    lon = coords[:, 0]
    lat = np.clip(coords[:, 1], -MAX_LAT, MAX_LAT)
    x = (lon + 180.0) / 360.0
    y = (1.0 - np.log(np.tan(np.pi / 4.0 + np.radians(lat) / 2.0)) / np.pi) / 2.0
    return np.column_stack([np.clip(x, 0.0, 1.0), np.clip(y, 0.0, 1.0)])


def project(geoms: np.ndarray, z: int) -> np.ndarray:
    """Project lon/lat geometries to world tile units at zoom z (0..4096*2^z)."""
    n = float(EXTENT * (1 << z))
    return shapely.transform(geoms, lambda c: mercator_unit(c) * n)


def unit_point(lon: float, lat: float) -> tuple[float, float]:
    p = mercator_unit(np.array([[lon, lat]], dtype=float))[0]
    return float(p[0]), float(p[1])


def polygonal_parts(geoms: np.ndarray, index: np.ndarray):
    """Explode to valid single Polygons, keeping the source index."""
    geoms = shapely.make_valid(geoms)
    parts, pidx = shapely.get_parts(geoms, return_index=True)
    # make_valid can yield GeometryCollections; explode those once more
    out_g, out_i = [], []
    for g, i in zip(parts, pidx):
        t = shapely.get_type_id(g)
        if t == 3:  # Polygon
            out_g.append(g)
            out_i.append(index[i])
        elif t in (6, 7):  # MultiPolygon / GeometryCollection
            for sub in shapely.get_parts(g):
                if shapely.get_type_id(sub) == 3:
                    out_g.append(sub)
                    out_i.append(index[i])
    g = np.array(out_g, dtype=object)
    i = np.array(out_i, dtype=np.int64)
    if len(g):
        keep = shapely.area(g) > 0
        g, i = g[keep], i[keep]
    return g, i


def linear_parts(geoms: np.ndarray, index: np.ndarray):
    parts, pidx = shapely.get_parts(geoms, return_index=True)
    out_g, out_i = [], []
    for g, i in zip(parts, pidx):
        t = shapely.get_type_id(g)
        if t == 1:
            out_g.append(g)
            out_i.append(index[i])
        elif t in (5, 7):
            for sub in shapely.get_parts(g):
                if shapely.get_type_id(sub) == 1:
                    out_g.append(sub)
                    out_i.append(index[i])
    g = np.array(out_g, dtype=object)
    i = np.array(out_i, dtype=np.int64)
    if len(g):
        keep = shapely.length(g) > 0
        g, i = g[keep], i[keep]
    return g, i


# ---------------------------------------------------------------------------
# Feature selection per zoom
# ---------------------------------------------------------------------------
# A "group" is (layer, props) where props is a tuple of (key, value) pairs; layer
# "_land" is internal (ocean = tile minus land). Each source contributes geometries
# and the group each geometry belongs to.

def num(v, default=99.0) -> float:
    try:
        return float(v) if v is not None else default
    except (TypeError, ValueError):
        return default


def select_sources(z: int):
    """Return list of (kind, group, lonlat_geoms) where kind is 'poly' or 'line'."""
    sc = SCALE_FOR_ZOOM[z]
    out = []

    def add(kind, group, geoms):
        if len(geoms):
            out.append((kind, group, np.asarray(geoms, dtype=object)))

    # land (for the ocean) ------------------------------------------------------
    g, _ = load(sc, "land")
    land = list(g)
    if sc == "10m":
        gi, _ = load("10m", "minor_islands")
        land += list(gi)
    add("poly", ("_land", ()), land)

    # lakes -----------------------------------------------------------------------
    g, props = load(sc, "lakes")
    by_name = defaultdict(list)
    for geom, p in zip(g, props):
        if num(p.get("min_zoom"), 0) <= z + 2:
            by_name[clean_name(p.get("name"))].append(geom)
    for name in sorted(by_name, key=lambda s: (s is not None, s or "")):
        pr = (("class", "lake"),) + ((("name", name),) if name else ())
        add("poly", ("water", pr), by_name[name])

    # ice -------------------------------------------------------------------------
    ice_sc = "110m" if z <= 2 else "50m"
    g, props = load(ice_sc, "glaciated_areas")
    add("poly", ("landcover", (("class", "ice"),)),
        [geom for geom, p in zip(g, props) if num(p.get("min_zoom"), 0) <= z + 2])

    # coastline -------------------------------------------------------------------
    g, _ = load(sc, "coastline")
    coast = list(g)
    if sc == "10m":
        # minor islands are not in ne_10m_coastline; outline them so they are visible
        gi, _ = load("10m", "minor_islands")
        coast += list(shapely.boundary(gi))
    add("line", ("coastline", ()), coast)

    # boundaries ------------------------------------------------------------------
    g, props = load(sc, "admin_0_boundary_lines_land")
    b_ok, b_disp = [], []
    for geom, p in zip(g, props):
        if num(p.get("min_zoom"), 0) > z + 2:
            continue
        cla = str(p.get("featurecla") or "")
        (b_disp if cla.startswith("Disputed") else b_ok).append(geom)
    add("line", ("boundary", (("admin_level", 2), ("disputed", 0), ("maritime", 0))), b_ok)
    dsc = "50m" if z <= 5 else "10m"
    g, props = load(dsc, "admin_0_boundary_lines_disputed_areas")
    b_disp += [geom for geom, p in zip(g, props) if num(p.get("min_zoom"), 0) <= z + 2]
    add("line", ("boundary", (("admin_level", 2), ("disputed", 1), ("maritime", 0))), b_disp)
    ssc = "110m" if z <= 2 else "50m"
    g, props = load(ssc, "admin_1_states_provinces_lines")
    add("line", ("boundary", (("admin_level", 4), ("disputed", 0), ("maritime", 0))),
        [geom for geom, p in zip(g, props) if num(p.get("min_zoom"), 0) <= z + 1])

    # rivers ----------------------------------------------------------------------
    g, props = load(sc, "rivers_lake_centerlines")
    rivers = defaultdict(list)
    for geom, p in zip(g, props):
        if p.get("featurecla") == "Lake Centerline":
            continue  # the lake polygons are drawn instead
        if num(p.get("min_zoom"), 0) <= z + 1:
            rivers[clean_name(p.get("name"))].append(geom)
    for name in sorted(rivers, key=lambda s: (s is not None, s or "")):
        pr = (("class", "river"),) + ((("name", name),) if name else ())
        add("line", ("waterway", pr), rivers[name])
    return out


# -------------------------------------------------------------------- places --

def _coast_tree():
    if "coast_tree" not in _CACHE:
        g, _ = load("10m", "coastline")
        gi, _ = load("10m", "minor_islands")
        lines = np.concatenate([g, shapely.boundary(gi)])
        _CACHE["coast_tree"] = (shapely.STRtree(lines), lines)
    return _CACHE["coast_tree"]


def pick_main_point(items):
    """NE label-point files hold one point per polygon part (islands included) and
    no area. Pick the part most likely to be the main one: among the points with the
    group's lowest scalerank, the one farthest from the 10m coastline (ties -> first).
    items: list of (lon, lat, props)."""
    low = min(num(p.get("scalerank")) for _x, _y, p in items)
    cand = [it for it in items if num(it[2].get("scalerank")) == low]
    if len(cand) == 1:
        return cand[0]
    tree, _ = _coast_tree()
    pts = shapely.points(np.array([(x, y) for x, y, _ in cand], dtype=float))
    # all_matches=False: exactly one (input, tree) pair per input point, in input order
    _, dist = tree.query_nearest(pts, return_distance=True, all_matches=False)
    best = max(range(len(cand)), key=lambda i: (float(dist[i]), -i))
    return cand[best]


def country_label_points():
    """Per scale (110m, 50m): list of (NAME, rank, MIN_LABEL, lon, lat, ADM0_A3).
    NE 4.0.0 has no LABEL_X/LABEL_Y, so the label point is the pole of inaccessibility
    (polylabel) of the country's largest part, computed in Mercator."""
    if "countries" in _CACHE:
        return _CACHE["countries"]
    res = {}
    for sc in ("110m", "50m"):
        g, props = load(sc, "admin_0_countries")
        pts = []
        for geom, p in zip(g, props):
            name = clean_name(p.get("NAME"))
            if not name:
                continue
            # largest part by area in Mercator; pole of inaccessibility as label point
            parts = list(shapely.get_parts(geom))
            merc = project(np.array(parts, dtype=object), 0)
            k = int(np.argmax(shapely.area(merc)))
            lp = polylabel(merc[k], tolerance=0.5)
            lon = lp.x / EXTENT * 360.0 - 180.0
            lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * lp.y / EXTENT))))
            rank = max(1, int(num(p.get("LABELRANK"), 6)) - 1)
            pts.append((name, rank, num(p.get("MIN_LABEL"), 6), lon, lat, str(p.get("ADM0_A3"))))
        res[sc] = pts
    _CACHE["countries"] = res
    return res


def place_points(z: int):
    """Return list of (lon, lat, props dict) for the place layer at zoom z."""
    out = []
    # countries
    if z <= 5:
        sc = "110m" if z <= 2 else "50m"
        for name, rank, min_label, lon, lat, _a3 in country_label_points()[sc]:
            if min_label <= max(z + 1, 2):
                out.append((lon, lat, {"class": "country", "name": name, "rank": rank}))
    else:
        # one label per country: the main part's point from ne_10m_admin_0_label_points,
        # named like z0-5 (50m NAME by ADM0_A3; the file's sr_subunit names are regional,
        # e.g. "U.S.A.", "England", "Flemish")
        names = {a3: (name, rank) for name, rank, _m, _x, _y, a3 in country_label_points()["50m"]}
        g, props = load("10m", "admin_0_label_points")
        groups = defaultdict(list)
        for geom, p in zip(g, props):
            if p.get("featurecla") != "Admin-0 scale ranks" or num(p.get("scalerank")) > 8:
                continue
            groups[str(p.get("sr_adm0_a3"))].append((geom.x, geom.y, p))
        for a3 in sorted(groups):
            x, y, p = pick_main_point(groups[a3])
            name, rank = names.get(a3, (clean_name(p.get("sr_subunit")), 6))
            if name:
                out.append((x, y, {"class": "country", "name": name, "rank": rank}))
    # states
    if z >= 4:
        max_sr, max_dr = {4: (2, 3), 5: (3, 3), 6: (5, 6)}[z]
        # ne_10m_admin_1_label_points has one point per polygon part and lacks the
        # mainland point of some states (Alaska, British Columbia). Where the 50m
        # admin-1 polygons exist (US, CA, AU, BR) use their curated longitude/latitude.
        curated = {}
        g50, p50 = load("50m", "admin_1_states_provinces")
        for p in p50:
            if p.get("longitude") is not None and p.get("latitude") is not None:
                curated[str(p.get("adm1_code"))] = (float(p["longitude"]), float(p["latitude"]))
        g, props = load("10m", "admin_1_label_points")
        groups = defaultdict(list)
        for geom, p in zip(g, props):
            groups[str(p.get("adm1_code"))].append((geom.x, geom.y, p))
        for code in sorted(groups):
            items = groups[code]
            items = [it for it in items
                     if num(it[2].get("scalerank")) <= max_sr and num(it[2].get("datarank")) <= max_dr]
            if not items:
                continue
            x, y, p = pick_main_point(items)
            x, y = curated.get(code, (x, y))
            name = clean_name(p.get("name"))
            if name:
                rank = max(1, int(num(p.get("scalerank"))) - 1)
                out.append((x, y, {"class": "state", "name": name, "rank": rank}))
    # cities and towns
    g, props = load(SCALE_FOR_ZOOM[z], "populated_places_simple")
    for geom, p in zip(g, props):
        if num(p.get("min_zoom")) > max(z + 1, 2):
            continue
        name = clean_name(p.get("name"))
        if not name:
            continue
        pop = int(num(p.get("pop_max"), 0))
        capital = num(p.get("adm0cap"), 0) >= 1
        pr = {"class": "city" if (pop >= 100000 or capital) else "town",
              "name": name, "rank": int(num(p.get("scalerank"), 10)) + 1}
        if capital:
            pr["capital"] = 2
        pr["population"] = max(pop, 0)
        out.append((geom.x, geom.y, pr))
    return out


# ---------------------------------------------------------------------------
# Tiling
# ---------------------------------------------------------------------------

def split_to_tiles(geoms: np.ndarray, gidx: np.ndarray, z: int, x_range):
    """Clip geometries (world units at zoom z) into buffered tiles by recursive quadtree.

    Returns {(x, y): (indices, clipped geoms)} for tiles with x in x_range.
    """
    out = {}
    xlo, xhi = x_range

    def rec(level, tx, ty, g, ix):
        if level == z:
            out[(tx, ty)] = (ix, g)
            return
        shift = z - level - 1
        half = EXTENT * (1 << shift)
        b = shapely.bounds(g)
        for cy in (0, 1):
            for cx in (0, 1):
                ntx, nty = tx * 2 + cx, ty * 2 + cy
                # child covers tiles [ntx << shift, (ntx+1) << shift) at zoom z
                if ((ntx + 1) << shift) <= xlo or (ntx << shift) >= xhi:
                    continue
                x0, y0 = ntx * half - BUFFER, nty * half - BUFFER
                x1, y1 = x0 + half + 2 * BUFFER, y0 + half + 2 * BUFFER
                m = (b[:, 0] <= x1) & (b[:, 2] >= x0) & (b[:, 1] <= y1) & (b[:, 3] >= y0)
                if not m.any():
                    continue
                sub = g[m].copy()
                bb = b[m]
                inside = (bb[:, 0] >= x0) & (bb[:, 2] <= x1) & (bb[:, 1] >= y0) & (bb[:, 3] <= y1)
                if (~inside).any():
                    sub[~inside] = shapely.clip_by_rect(sub[~inside], x0, y0, x1, y1)
                keep = ~shapely.is_empty(sub)
                if keep.any():
                    rec(level + 1, ntx, nty, sub[keep], ix[m][keep])

    if len(geoms):
        rec(0, 0, 0, geoms, gidx)
    return out


def clean_polygons(geom):
    """Round to the integer grid, keep valid Polygon parts above MIN_AREA."""
    if geom is None or geom.is_empty:
        return None
    geom = shapely.set_precision(geom, 1.0)
    parts = [p for p in shapely.get_parts(geom)
             if shapely.get_type_id(p) == 3 and p.area >= MIN_AREA]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def clean_lines(pieces):
    lines = []
    for g in pieces:
        for p in shapely.get_parts(g):
            if shapely.get_type_id(p) == 1:
                lines.append(p)
            elif shapely.get_type_id(p) in (5, 7):
                lines.extend(q for q in shapely.get_parts(p) if shapely.get_type_id(q) == 1)
    if not lines:
        return None
    merged = shapely.line_merge(MultiLineString(lines)) if len(lines) > 1 else lines[0]
    merged = shapely.set_precision(merged, 1.0, mode="pointwise")
    merged = shapely.remove_repeated_points(merged)
    parts = [p for p in shapely.get_parts(merged)
             if shapely.get_type_id(p) == 1 and len(p.coords) >= 2 and p.length > 0]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else MultiLineString(parts)


FULL_SQUARE = box(-BUFFER, -BUFFER, EXTENT + BUFFER, EXTENT + BUFFER)


def build_tile(groups, entries):
    """entries: list of (group_index, local geom) in ascending source order."""
    by_group = defaultdict(list)
    for gi, g in entries:
        by_group[gi].append(g)
    layers = defaultdict(list)
    land = by_group.pop(0, None) if groups[0][1][0] == "_land" else None
    # ocean
    if land:
        land_u = shapely.union_all(shapely.make_valid(np.array(land, dtype=object)))
        ocean = clean_polygons(FULL_SQUARE.difference(land_u))
    else:
        ocean = FULL_SQUARE
    if ocean is not None:
        layers["water"].append({"geometry": ocean, "properties": {"class": "ocean"}})
    for gi in sorted(by_group):
        kind, (layer, props) = groups[gi]
        pieces = by_group[gi]
        if kind == "poly":
            u = shapely.union_all(shapely.make_valid(np.array(pieces, dtype=object)))
            geom = clean_polygons(u)
        else:
            geom = clean_lines(pieces)
        if geom is not None:
            layers[layer].append({"geometry": geom, "properties": dict(props)})
    return layers


def encode_tile(layers) -> bytes | None:
    payload = []
    for name in LAYER_ORDER:
        feats = layers.get(name)
        if feats:
            payload.append({"name": name, "features": feats})
    if not payload:
        return None
    pbf = mapbox_vector_tile.encode(
        payload, default_options={"extents": EXTENT, "y_coord_down": True,
                                  "check_winding_order": True})
    return gzip.compress(pbf, compresslevel=9, mtime=0)


def build_zoom(task):
    """Worker: build all tiles of zoom z whose column is in [xlo, xhi)."""
    z, xlo, xhi, data_dir = task
    global DATA_DIR
    DATA_DIR = Path(data_dir)
    t0 = time.time()
    n = EXTENT * (1 << z)
    tol = TOLERANCE

    groups = []  # index -> (kind, group)
    all_g, all_i = [], []
    for kind, group, lonlat in select_sources(z):
        gi = len(groups)
        groups.append((kind, group))
        world = project(lonlat, z)
        world = shapely.simplify(world, tol, preserve_topology=(kind == "poly"))
        idx = np.full(len(world), gi, dtype=np.int64)
        parts, pidx = (polygonal_parts if kind == "poly" else linear_parts)(world, idx)
        all_g.append(parts)
        all_i.append(pidx)
    # group 0 must be the land
    assert groups[0][1][0] == "_land"
    geoms = np.concatenate(all_g) if all_g else np.array([], dtype=object)
    gidx = np.concatenate(all_i) if all_i else np.array([], dtype=np.int64)

    tiles = split_to_tiles(geoms, gidx, z, (xlo, xhi))

    # points
    points = defaultdict(list)
    seen = set()
    side = 1 << z
    for lon, lat, props in place_points(z):
        ux, uy = unit_point(lon, lat)
        wx, wy = ux * n, uy * n
        tx = min(max(int(wx // EXTENT), 0), side - 1)
        ty = min(max(int(wy // EXTENT), 0), side - 1)
        if not (xlo <= tx < xhi):
            continue
        key = (tx, ty, props["class"], props["name"])
        if key in seen:  # one label per name and class per tile
            continue
        seen.add(key)
        lx = min(max(round(wx - tx * EXTENT), 0), EXTENT)
        ly = min(max(round(wy - ty * EXTENT), 0), EXTENT)
        points[(tx, ty)].append({"geometry": Point(lx, ly), "properties": props})

    results = []
    for ty in range(side):
        for tx in range(xlo, xhi):
            entries = []
            if (tx, ty) in tiles:
                ix, g = tiles[(tx, ty)]
                local = shapely.transform(g, lambda c, ox=tx * EXTENT, oy=ty * EXTENT:
                                          c - np.array([ox, oy], dtype=float))
                entries = list(zip(ix.tolist(), local))
            if entries:
                layers = build_tile(groups, entries)
            else:
                # no clipped geometry at all: the tile is open sea (land covers
                # everything it touches otherwise, and would have been clipped in)
                layers = defaultdict(list)
                layers["water"].append({"geometry": FULL_SQUARE, "properties": {"class": "ocean"}})
            if (tx, ty) in points:
                feats = points[(tx, ty)]
                # a state named like a city in the same tile (Berlin, Paris, Hamburg)
                # would only repeat the label: keep the city
                towns = {f["properties"]["name"] for f in feats
                         if f["properties"]["class"] in ("city", "town")}
                feats = [f for f in feats if not (f["properties"]["class"] == "state"
                                                  and f["properties"]["name"] in towns)]
                # sorted by rank so readers drawing in order show important first
                feats = sorted(feats,
                               key=lambda f: (f["properties"]["rank"], f["properties"]["class"],
                                              f["properties"]["name"]))
                layers["place"].extend(feats)
            data = encode_tile(layers)
            if data is not None:
                results.append((z, tx, ty, data))
    return z, xlo, xhi, results, time.time() - t0


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def write_mbtiles(path: Path, tiles):
    tmp = path.with_name(path.name + ".tmp")
    if tmp.exists():
        tmp.unlink()
    db = sqlite3.connect(str(tmp))
    db.execute("PRAGMA page_size = 4096")
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, "
               "tile_row INTEGER, tile_data BLOB)")
    with db:
        db.executemany("INSERT INTO metadata (name, value) VALUES (?, ?)",
                       METADATA + [("json", metadata_json())])
        rows = sorted(((z, x, (1 << z) - 1 - y, data) for z, x, y, data in tiles),
                      key=lambda r: r[:3])
        db.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)", rows)
    db.execute("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)")
    db.execute("CREATE UNIQUE INDEX name ON metadata (name)")
    db.commit()
    db.execute("VACUUM")
    db.close()
    os.replace(tmp, path)


def main(argv=None):
    repo = Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(repo.parent / "shared" / "data"),
                    help="shared data directory (default: ../shared/data from the repo root)")
    ap.add_argument("--out", default=str(repo / "Resources" / "world.mbtiles"))
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)

    data = Path(args.data).resolve()
    if not (data / "naturalearth").is_dir():
        ap.error(f"{data}/naturalearth not found")
    t0 = time.time()

    # work units: big zooms split in column bands so two workers stay busy
    tasks = []
    for z in range(MAX_ZOOM, MIN_ZOOM - 1, -1):
        side = 1 << z
        bands = 4 if z == 6 else (2 if z == 5 else 1)
        step = side // bands
        for b in range(bands):
            tasks.append((z, b * step, (b + 1) * step, str(data)))

    tiles = []
    if args.workers > 1:
        with Pool(args.workers, maxtasksperchild=None) as pool:
            for z, xlo, xhi, res, dt in pool.imap_unordered(build_zoom, tasks):
                print(f"  z{z} x[{xlo},{xhi}): {len(res)} tiles in {dt:.1f}s", flush=True)
                tiles.extend(res)
    else:
        for task in tasks:
            z, xlo, xhi, res, dt = build_zoom(task)
            print(f"  z{z} x[{xlo},{xhi}): {len(res)} tiles in {dt:.1f}s", flush=True)
            tiles.extend(res)

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_mbtiles(out, tiles)

    per_zoom = defaultdict(lambda: [0, 0])
    for z, _x, _y, d in tiles:
        per_zoom[z][0] += 1
        per_zoom[z][1] += len(d)
    print(f"wrote {out}")
    for z in sorted(per_zoom):
        c, b = per_zoom[z]
        print(f"  z{z}: {c:5d} tiles, {b / 1024:8.1f} KiB tile data")
    print(f"  total: {len(tiles)} tiles, file {out.stat().st_size:,} bytes, "
          f"{time.time() - t0:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
