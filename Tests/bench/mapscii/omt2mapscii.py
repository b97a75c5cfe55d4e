#!/usr/bin/env python3
"""Turns mapterm's tiles and style into what MapSCII reads, for the side-by-side benchmark.

Usage:
  omt2mapscii.py tiles OUT_DIR WORLD.mbtiles STREETS.mbtiles...
  omt2mapscii.py style OUR_STYLE.json OUT_STYLE.json

MapSCII (rastapasta/mapscii) reads Mapbox Streets v7 tiles: its renderer draws a fixed list of layer
names (`landuse`, `water`, `building`, `road`, `admin`, `country_label`, `place_label`, `poi_label`,
`road_label`, `housenum_label`, ...) and labels a feature with `name_en`, `name` or `house_num`. Our
tiles are in the OpenMapTiles schema, so each tile is rewritten with the layers renamed (and `place`
copied as `country_label`, since MapSCII draws only that layer below zoom 2) and the label keys renamed;
features, geometry and values are copied byte for byte. Layers MapSCII has no name for (landcover,
park, waterway, aeroway, coastline) are kept but it never draws them, so it draws less than mapterm.

`tiles` writes OUT_DIR/Z/X-Y.pbf (gzipped, as the MBTiles hold them): the layout of MapSCII's own
tile cache, which it reads before asking its tile server. WORLD gives the tiles up to its maxzoom,
each STREETS file those above it (the street sets cover different cities, so they never share a tile).

`style` writes a MapSCII style with our style's layers, filters, zoom ranges, widths and colours. Its
filters use MapSCII's `none` for "all of": MapSCII's `all` is true when any part fails.
Standard library only.
"""
import gzip
import json
import os
import sqlite3
import sys

LAYERS = {
    "landuse": "landuse",
    "water": "water",
    "building": "building",
    "transportation": "road",
    "boundary": "admin",
    "place": "place_label",
    "poi": "poi_label",
    "transportation_name": "road_label",
    "housenumber": "housenum_label",
    "water_name": "water_label",
}
KEYS = {"housenumber": "house_num", "rank": "scalerank"}


def varint(data, pos):
    """Reads a protobuf varint at pos; returns (value, next position)."""
    shift = value = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint too long")


def encode_varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def fields(data):
    """Yields (field number, wire type, payload, raw bytes of the whole field) of a message."""
    pos = 0
    while pos < len(data):
        start = pos
        tag, pos = varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, pos = varint(data, pos)
            payload = value
        elif wire == 2:
            size, pos = varint(data, pos)
            payload = data[pos : pos + size]
            if len(payload) != size:
                raise ValueError("truncated field")
            pos += size
        elif wire == 1:
            payload, pos = data[pos : pos + 8], pos + 8
        elif wire == 5:
            payload, pos = data[pos : pos + 4], pos + 4
        else:
            raise ValueError(f"wire type {wire}")
        yield number, wire, payload, data[start:pos]


def length_delimited(number, payload):
    return encode_varint(number << 3 | 2) + encode_varint(len(payload)) + payload


def rewrite_layer(layer, name):
    """The layer with its name set to `name` and its label keys renamed."""
    keys = [p.decode("utf-8", "replace") for n, w, p, _ in fields(layer) if n == 3 and w == 2]
    renames = dict(KEYS)
    if "name" not in keys and "name_en" not in keys:
        renames["name:latin"] = "name"
    out = bytearray()
    for number, wire, payload, raw in fields(layer):
        if number == 1 and wire == 2:
            out += length_delimited(1, name.encode())
        elif number == 3 and wire == 2:
            key = payload.decode("utf-8", "replace")
            out += length_delimited(3, renames.get(key, key).encode())
        else:
            out += raw
    return bytes(out)


def layer_name(layer):
    for number, wire, payload, _ in fields(layer):
        if number == 1 and wire == 2:
            return payload.decode("utf-8", "replace")
    return ""


def rewrite_tile(tile):
    out = bytearray()
    for number, wire, payload, raw in fields(tile):
        if number != 3 or wire != 2:
            out += raw
            continue
        name = layer_name(payload)
        out += length_delimited(3, rewrite_layer(payload, LAYERS.get(name, name)))
        if name == "place":
            out += length_delimited(3, rewrite_layer(payload, "country_label"))
    return bytes(out)


def tiles(out_dir, world, *streets):
    def rows(path):
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        maxzoom = db.execute("SELECT max(zoom_level) FROM tiles").fetchone()[0]
        return maxzoom, db.execute("SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles")

    world_max, world_rows = rows(world)
    sources = [(world_rows, True)] + [(rows(path)[1], False) for path in streets]
    count = 0
    for source, is_world in sources:
        for z, x, tms_y, data in source:
            if (z <= world_max) != is_world:
                continue
            y = (1 << z) - 1 - tms_y
            raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
            folder = os.path.join(out_dir, str(z))
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"{x}-{y}.pbf"), "wb") as f:
                f.write(gzip.compress(rewrite_tile(raw), compresslevel=6, mtime=0))
            count += 1
    print(f"{count} tiles in {out_dir}")


def xterm_hex(index):
    """The sRGB hex of an xterm-256 colour index."""
    base = [0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xC0C0C0,
            0x808080, 0xFF0000, 0x00FF00, 0xFFFF00, 0x0000FF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    if index < 16:
        return f"#{base[index]:06x}"
    if index >= 232:
        grey = 8 + 10 * (index - 232)
        return f"#{grey:02x}{grey:02x}{grey:02x}"
    levels = [0, 95, 135, 175, 215, 255]
    i = index - 16
    return f"#{levels[i // 36]:02x}{levels[i // 6 % 6]:02x}{levels[i % 6]:02x}"


def condition(key, values):
    present = [v for v in values if v is not None]
    test = ["in", key, *present]
    # MapSCII's `!has` is true for a missing key and for 0 or "": our null means missing.
    return ["any", ["!has", key], test] if None in values else test


def style(ours, out):
    with open(ours) as f:
        source = json.load(f)
    layers = [{"id": "background", "type": "background",
               "paint": {"background-color": xterm_hex(source.get("background", 235))}}]
    for layer in source["layers"]:
        target = LAYERS.get(layer["source-layer"])
        if target is None:
            continue
        if layer["source-layer"] == "place" and layer.get("filter", {}).get("class") == ["country"]:
            target = "country_label"
        kind = {"fill": "fill", "line": "line", "label": "symbol"}[layer["type"]]
        color = xterm_hex(layer["color"])
        paint = {"fill": {"fill-color": color}, "line": {"line-color": color, "line-width": layer.get("width", 1)},
                 "symbol": {"text-color": color}}[kind]
        entry = {"id": layer["id"], "source-layer": target, "type": kind, "paint": paint}
        parts = [condition(k, v) for k, v in layer.get("filter", {}).items()]
        if len(parts) == 1:
            entry["filter"] = parts[0]
        elif parts:
            entry["filter"] = ["none", *parts]
        for bound in ("minzoom", "maxzoom"):
            if bound in layer:
                entry[bound] = layer[bound]
        layers.append(entry)
    with open(out, "w") as f:
        json.dump({"version": 8, "name": "mapterm dark for MapSCII", "layers": layers}, f, indent=1)
    print(f"{len(layers)} style layers in {out}")


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "tiles":
        tiles(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "style":
        style(*sys.argv[2:])
    else:
        sys.exit(__doc__)
