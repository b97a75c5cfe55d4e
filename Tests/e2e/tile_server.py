#!/usr/bin/env python3
"""A vector tile server on 127.0.0.1 for the end-to-end tests and the benchmarks, with stand-ins for
the public services mapterm may use. Every route serves the tiles of one MBTiles file.

Usage: tile_server.py MBTILES PORTFILE LOG CONTROL [ARCHIVE ...]

Writes the port it listens on to PORTFILE. Every request line goes to LOG as
`TIME PATH USER-AGENT` (the User-Agent is the rest of the line), and every answer to LOG.sent as
`PATH STATUS BODY-BYTES RANGE` (RANGE is `-` when the request had none). A request through it as a
proxy (an absolute URL, or CONNECT) is logged too, and answered 404 / 502: nothing is forwarded.

Routes (PORT is the server's own port):
  /tiles/{z}/{x}/{y}.pbf   plain: the stored (gzip) tile without Content-Encoding, 404 where there is
                           none, Cache-Control: max-age=86400.
  /tilejson.json           a TileJSON for the plain tiles (z0-14, an HTML attribution, two layers).
  /notiles.json            a TileJSON without tiles.
  /planet                  OpenFreeMap-like TileJSON (https://tiles.openfreemap.org/planet): its tiles URL
                           carries a build version, /planet/20261201_001/{z}/{x}/{y}.pbf.
  /planet/20261201_001/{z}/{x}/{y}.pbf
                           OpenFreeMap-like tiles: sent with Content-Encoding: gzip; a tile it has not
                           got is 200 with an empty body; another build is 404.
  /vector/openmaptiles.json
                           OSM-US-like TileJSON (https://tiles.openstreetmap.us/vector/openmaptiles.json),
                           its zooms those of MBTILES' metadata.
  /vector/openmaptiles/{z}/{x}/{y}.mvt
                           OSM-US-like tiles: Content-Encoding: gzip, Expires (a day after Date) instead of
                           Cache-Control; 204 for a tile it has not got, 404 outside its zooms.
  /tiles/osm/tiles.json    VersaTiles-like TileJSON (https://tiles.versatiles.org/tiles/osm/tiles.json).
  /tiles/osm/{z}/{x}/{y}   VersaTiles-like tiles, without a file extension: Content-Encoding: gzip,
                           204 for a tile it has not got.
  /archive.pmtiles         the first ARCHIVE, with HTTP range requests (206, 416 past the end); every
                           ARCHIVE is also at /BASENAME (e.g. a planet stand-in at /20261201.pmtiles).

Switches are files in CONTROL, read at every request:
  latency   seconds added to every tile (all tile routes; e.g. 0.03 for 30 ms a tile)
  mode      how tiles are answered (all tile routes): serve (default), 404, 429 (Retry-After: 2),
            500, stall (2 bytes of a 4096-byte body, then silence), garbage (768 bytes of noise)
  norange   (exists) archives answer range requests with the whole file (200)
  pad       bytes of an unknown field added to every plain tile, which is then sent unzipped: a big
            tile that still draws (plain route only)
"""
import email.utils
import gzip
import http.server
import json
import os
import sqlite3
import sys
import threading
import time

MBTILES, PORTFILE, LOG, CONTROL = sys.argv[1:5]
ARCHIVES = sys.argv[5:]
BUILD = "20261201_001"
OMT_LAYERS = ["water", "waterway", "landcover", "landuse", "park", "boundary", "transportation",
              "transportation_name", "building", "place", "poi"]
lock = threading.Lock()


def control(name, default=None):
    try:
        with open(os.path.join(CONTROL, name)) as f:
            return f.read().strip()
    except OSError:
        return default


def tile(z, x, y):
    with sqlite3.connect(f"file:{MBTILES}?mode=ro", uri=True) as db:
        row = db.execute("SELECT tile_data FROM tiles WHERE zoom_level=? AND tile_column=? AND tile_row=?",
                         (z, x, (1 << z) - 1 - y)).fetchone()
    return row[0] if row else None


def zooms():
    with sqlite3.connect(f"file:{MBTILES}?mode=ro", uri=True) as db:
        meta = dict(db.execute("SELECT name, value FROM metadata"))
    return int(meta.get("minzoom", 0)), int(meta.get("maxzoom", 14))


def gzipped(data):
    return data if data[:2] == b"\x1f\x8b" else gzip.compress(data, mtime=0)


def tilejson(name, template, minzoom=0, maxzoom=14, attribution=""):
    return json.dumps({"tilejson": "3.0.0", "name": name, "tiles": [template], "minzoom": minzoom,
                       "maxzoom": maxzoom, "attribution": attribution,
                       "vector_layers": [{"id": layer, "fields": {}} for layer in OMT_LAYERS]}).encode()


def numbers(parts):
    """z, x, y of three path parts (an extension on y dropped), or None."""
    try:
        return int(parts[0]), int(parts[1]), int(parts[2].split(".")[0])
    except (ValueError, IndexError):
        return None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        with lock, open(LOG + ".sent", "a") as log:
            log.write(f"{self.path} {status} {len(body)} {self.headers.get('Range', '-').replace(' ', '')}\n")
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading (a refused range answer, a cancelled tile)

    def note(self):
        with lock, open(LOG, "a") as log:
            log.write(f"{time.time():.3f} {self.path} {self.headers.get('User-Agent', '')}\n")

    def do_CONNECT(self):
        self.note()
        self.send(502, b"not a proxy")

    def do_GET(self):
        self.note()
        path = self.path.split("?")[0]
        port = self.server.server_address[1]
        base = f"http://127.0.0.1:{port}"
        if path == "/tilejson.json":
            doc = ('{"tilejson": "3.0.0", "tiles": ["%s/tiles/{z}/{x}/{y}.pbf"], '
                   '"minzoom": 0, "maxzoom": 14, "attribution": "<a href=\\"x\\">&copy; Loopback tiles</a>", '
                   '"vector_layers": [{"id": "transportation"}, {"id": "water"}]}' % base)
            return self.send(200, doc.encode(), [("Content-Type", "application/json")])
        if path == "/notiles.json":
            return self.send(200, b'{"tilejson": "3.0.0", "name": "no tiles"}', [("Content-Type", "application/json")])
        if path == "/planet":
            doc = tilejson("OpenFreeMap-like", f"{base}/planet/{BUILD}/{{z}}/{{x}}/{{y}}.pbf",
                           attribution='<a href="https://openfreemap.org">OpenFreeMap</a> '
                                       '<a href="https://www.openmaptiles.org/">&copy; OpenMapTiles</a> '
                                       'Data from <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>')
            return self.send(200, doc, [("Content-Type", "application/json")])
        if path == "/vector/openmaptiles.json":
            low, high = zooms()
            doc = tilejson("OSM-US-like", f"{base}/vector/openmaptiles/{{z}}/{{x}}/{{y}}.mvt", low, high,
                           "&copy; OpenMapTiles &copy; OpenStreetMap contributors")
            return self.send(200, doc, [("Content-Type", "application/json")])
        if path == "/tiles/osm/tiles.json":
            doc = tilejson("VersaTiles-like", f"{base}/tiles/osm/{{z}}/{{x}}/{{y}}",
                           attribution="&copy; OpenStreetMap contributors")
            return self.send(200, doc, [("Content-Type", "application/json")])
        for index, archive in enumerate(ARCHIVES):
            if path == "/" + os.path.basename(archive) or (index == 0 and path == "/archive.pmtiles"):
                return self.archive(archive)
        parts = path.split("/")[1:]
        if len(parts) == 4 and parts[0] == "tiles":
            return self.tile(numbers(parts[1:]), "plain")
        if len(parts) == 5 and parts[:2] == ["planet", BUILD]:
            return self.tile(numbers(parts[2:]), "openfreemap")
        if len(parts) == 5 and parts[:2] == ["vector", "openmaptiles"]:
            return self.tile(numbers(parts[2:]), "osmus")
        if len(parts) == 5 and parts[:2] == ["tiles", "osm"] and "." not in parts[4]:
            return self.tile(numbers(parts[2:]), "versatiles")
        return self.send(404, b"no such path")

    def tile(self, zxy, style):
        if zxy is None:
            return self.send(404, b"no such path")
        time.sleep(float(control("latency", "0")))
        mode = control("mode", "serve")
        if mode == "404":
            return self.send(404, b"not found")
        if mode == "429":
            return self.send(429, b"slow down", [("Retry-After", "2")])
        if mode == "500":
            return self.send(500, b"broken")
        if mode == "garbage":
            return self.send(200, bytes(range(256)) * 3)
        if mode == "stall":
            self.send_response(200)
            self.send_header("Content-Length", "4096")
            self.end_headers()
            self.wfile.write(b"\x1f\x8b")
            self.wfile.flush()
            time.sleep(60)
            return
        z, x, y = zxy
        data = tile(z, x, y)
        mvt = [("Content-Type", "application/vnd.mapbox-vector-tile")]
        if style == "openfreemap":
            if data is None:
                return self.send(200, b"", mvt)
            return self.send(200, gzipped(data), mvt + [("Content-Encoding", "gzip"),
                                                        ("Cache-Control", "max-age=86400")])
        if style == "osmus":
            low, high = zooms()
            if not low <= z <= high:
                return self.send(404, b"zoom out of range")
            if data is None:
                return self.send(204)
            # Date comes from send_response; Expires is a day after it.
            return self.send(200, gzipped(data), mvt + [
                ("Content-Encoding", "gzip"), ("Expires", email.utils.formatdate(time.time() + 86400, usegmt=True))])
        if style == "versatiles":
            if data is None:
                return self.send(204)
            return self.send(200, gzipped(data), mvt + [("Content-Encoding", "gzip"),
                                                        ("Cache-Control", "max-age=86400")])
        if data is None:
            return self.send(404, b"not found")
        pad = int(control("pad", "0"))
        if pad > 0:
            length, size = bytearray(), pad
            while size >= 0x80:
                length.append(size & 0x7F | 0x80)
                size >>= 7
            data = gzip.decompress(data) + b"\x7a" + bytes(length) + bytes([size]) + bytes(pad)
        return self.send(200, data, mvt + [("Cache-Control", "max-age=86400")])

    def archive(self, archive):
        with open(archive, "rb") as f:
            data = f.read()
        wanted = self.headers.get("Range", "")
        if not wanted.startswith("bytes=") or control("norange") is not None:
            return self.send(200, data)
        first, last = wanted[6:].split("-")
        first, last = int(first), min(int(last), len(data) - 1)
        if first >= len(data):
            return self.send(416, b"", [("Content-Range", f"bytes */{len(data)}")])
        return self.send(206, data[first:last + 1], [("Content-Range", f"bytes {first}-{last}/{len(data)}")])


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.replace(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
