#!/usr/bin/env python3
"""A vector tile server on 127.0.0.1 for the end-to-end tests and the benchmarks.

Serves the tiles of an MBTiles file at /tiles/{z}/{x}/{y}.pbf (404 where it has none), a TileJSON at
/tilejson.json (and one without tiles at /notiles.json), and, when ARCHIVE is given, that file at /archive.pmtiles with HTTP range requests.
Every request line goes to LOG with the time it came. Switches are files in CONTROL: `latency`
(seconds added to every tile), `mode` (serve, 404, 429, 500, stall, garbage), `norange` (answer
range requests with the whole file) and `pad` (bytes of an unknown field added to every tile, which is
then sent unzipped: a big tile that still draws). Writes the port it listens on to PORTFILE.
Usage: tile_server.py MBTILES PORTFILE LOG CONTROL [ARCHIVE]
"""
import gzip
import http.server
import os
import sqlite3
import sys
import threading
import time

MBTILES, PORTFILE, LOG, CONTROL = sys.argv[1:5]
ARCHIVE = sys.argv[5] if len(sys.argv) > 5 else None
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


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
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

    def do_GET(self):
        with lock, open(LOG, "a") as log:
            log.write(f"{time.time():.3f} {self.path} {self.headers.get('User-Agent', '')}\n")
        path = self.path.split("?")[0]
        if path == "/tilejson.json":
            port = self.server.server_address[1]
            doc = ('{"tilejson": "3.0.0", "tiles": ["http://127.0.0.1:%d/tiles/{z}/{x}/{y}.pbf"], '
                   '"minzoom": 0, "maxzoom": 14, "attribution": "<a href=\\"x\\">&copy; Loopback tiles</a>", '
                   '"vector_layers": [{"id": "transportation"}, {"id": "water"}]}' % port)
            return self.send(200, doc.encode(), [("Content-Type", "application/json")])
        if path == "/notiles.json":
            return self.send(200, b'{"tilejson": "3.0.0", "name": "no tiles"}', [("Content-Type", "application/json")])
        if path == "/archive.pmtiles" and ARCHIVE:
            return self.archive()
        parts = path.split("/")
        if len(parts) != 5 or parts[1] != "tiles":
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
        data = tile(int(parts[2]), int(parts[3]), int(parts[4].split(".")[0]))
        if data is None:
            return self.send(404, b"not found")
        pad = int(control("pad", "0"))
        if pad > 0:
            length, size = bytearray(), pad
            while size >= 0x80:
                length.append(size & 0x7F | 0x80)
                size >>= 7
            data = gzip.decompress(data) + b"\x7a" + bytes(length) + bytes([size]) + bytes(pad)
        return self.send(200, data, [("Content-Type", "application/vnd.mapbox-vector-tile"),
                                     ("Cache-Control", "max-age=86400")])

    def archive(self):
        with open(ARCHIVE, "rb") as f:
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
