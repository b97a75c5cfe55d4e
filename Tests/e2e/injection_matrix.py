#!/usr/bin/env python3
"""Every output path against hostile text from every kind of source: no escape byte gets through.

Hostile text (OSC 0 title, OSC 8 link, OSC 52 clipboard, CSI, DCS, C1 controls, bidi overrides and
isolates, and invalid UTF-8 where the carrier allows bytes) is put into each source mapterm reads:
files (places JSON, an import CSV, layer GeoJSON/CSV/GPX, MBTiles and PMTiles metadata and tile
names, the pins file), a loopback server (TileJSON, tiles, a PMTiles archive over ranges, the Refuge
API, error bodies), the places database (after an import), stdin (`--layer -`), the config file,
the environment and the arguments. Each command that can show that text runs, and everything it
writes (stdout and stderr, or a pseudo-terminal for the interactive map) is scanned:
- plain output holds no ESC, BEL, other C0 control but newline, DEL, C1 control, bidi formatting
  or invalid UTF-8;
- `render --color` output holds ESC only as SGR colour sequences (ESC [ digits ; m);
- the interactive map's bytes hold ESC only in CSI and two-character sequences (never OSC, DCS,
  APC, PM or SOS), and no BEL or C1;
- and nowhere does the hostile payload's inside ("PWNED", the clipboard data) appear, which would
  mean raw text reached a grid unsanitised.

Usage: injection_matrix.py PATH/TO/mapterm WORKDIR    (prints "ok   NAME" / "FAIL NAME" lines)
"""
import fcntl
import gzip
import http.server
import json
import os
import pty
import re
import select
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time

PAYLOAD = ("A\x1b]0;PWNED\x07B\x1b]8;;http://evil.example/\x1b\\LINK\x1b]8;;\x1b\\C\x1b]52;c;SGVsbG8=\x07"
           "D\x1b[2J\x1b[31mE\x1bP1$qDCS\x1b\\F\u009b2J\u009d0;C1TITLE\u009cG\u202eREV\u202c\u2066ISO\u2069H")
BAD_UTF8 = b"\xff\xfe\xc0\xaf\xed\xa0\x80"
INSIDE = [b"PWNED", b"SGVsbG8", b"C1TITLE", b"evil.example"]
C1 = re.compile(rb"\xc2[\x80-\x9f]")
BIDI = re.compile(rb"\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]|\xd8\x9c")
C0 = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]")
SGR = re.compile(rb"\x1b\[[0-9;]*m")
TERMINAL_ESCAPES = re.compile(rb"\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b[\x20-\x2f]*[\x30-\x5a\x5c\x60-\x7e]")
results = []


def problems(data, mode):
    """What is wrong with `data` written in `mode` (plain, color or terminal): a list, empty when clean."""
    found = [repr(marker) for marker in INSIDE if marker in data]
    if mode == "color":
        data = SGR.sub(b"", data)
    elif mode == "terminal":
        if re.search(rb"\x1b[\]P_^X]", data):
            found.append("a string sequence (OSC, DCS, APC, PM or SOS)")
        data = TERMINAL_ESCAPES.sub(b"", data).replace(b"\r", b"")
    if C0.search(data):
        found.append("control byte %r" % C0.search(data).group())
    if C1.search(data):
        found.append("C1 control")
    if BIDI.search(data):
        found.append("bidi formatting")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        found.append("invalid UTF-8 (%s)" % error.reason)
    return found


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "  " + detail))
    results.append(ok)


SHOWN = b"ABLINK"  # the payload's text as the sanitiser leaves it ("ABLINKCDEFGREVISOH")


def run_case(name, args, env, stdin=None, mode="plain", expect=None, must=SHOWN):
    """Runs mapterm with `args`; checks both outputs, that they show the sanitised payload (`must`,
    so the hostile text did reach this path) and, when given, the exit status."""
    try:
        r = subprocess.run([BINARY] + args, input=stdin, capture_output=True, env=env, timeout=60)
    except subprocess.TimeoutExpired:
        return check(name, False, "timed out")
    bad = problems(r.stdout, mode) + problems(r.stderr, "plain")
    if must is not None and must not in SGR.sub(b"", r.stdout + r.stderr):
        bad.append("the output never showed %r" % must)
    status_ok = expect is None or r.returncode in expect
    check(name, not bad and status_ok,
          "%s exit %d stderr %r" % (bad, r.returncode, r.stderr[-300:]))
    return r


# MARK: Hostile files


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number, wire, payload):
    key = varint(number << 3 | wire)
    return key + (varint(len(payload)) + payload if wire == 2 else payload)


def zigzag(n):
    return (n << 1) ^ (n >> 31)


def mvt_layer(name, features, keys, values):
    body = field(15, 0, varint(2)) + field(1, 2, name.encode())
    for tags, kind, geometry in features:
        feature = field(2, 2, b"".join(varint(t) for t in tags)) + field(3, 0, varint(kind))
        feature += field(4, 2, b"".join(varint(g) for g in geometry))
        body += field(2, 2, feature)
    for key in keys:
        body += field(3, 2, key.encode())
    for value in values:
        body += field(4, 2, field(1, 2, value))
    return field(3, 2, body + field(5, 0, varint(4096)))


def hostile_tile():
    """A tile with a city and a street named with the payload (and invalid UTF-8 after it)."""
    name = PAYLOAD.encode() + BAD_UTF8
    point = [9, zigzag(2048), zigzag(2048)]
    line = [9, zigzag(1000), zigzag(2100), 10, zigzag(2000), zigzag(0)]
    return (mvt_layer("place", [([0, 0, 1, 1], 1, point)], ["name", "class"], [name, b"city"])
            + mvt_layer("transportation_name", [([0, 0, 1, 1], 2, line)], ["name", "class"], [name, b"primary"]))


def tile_at(lat, lon, z):
    import math
    n = 1 << z
    x = int((lon + 180) / 360 * n)
    y = int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * n)
    return x, y


# The middle of tile 6/27/30 in the Atlantic, where no shipped label competes; z6, the lowest zoom
# remote sources are asked for.
CENTER = (8.407168, -25.3125)
ZOOM = 6


def write_mbtiles(path, tile):
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, "
                     "tile_column INTEGER, tile_row INTEGER, tile_data BLOB);")
    for key, value in [("name", PAYLOAD), ("format", "pbf"), ("minzoom", "0"), ("maxzoom", "14"),
                       ("attribution", PAYLOAD), ("description", PAYLOAD)]:
        db.execute("INSERT INTO metadata VALUES (?, ?)", (key, value))
    x, y = tile_at(*CENTER, ZOOM)
    db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (ZOOM, x, (1 << ZOOM) - 1 - y, gzip.compress(tile)))
    db.commit()
    db.close()


def pmtiles_id(z, x, y):
    """The PMTiles v3 tile id: tiles of lower zooms first, then the Hilbert order."""
    acc = sum(4 ** i for i in range(z))
    n, d, rx, ry, s = 1 << z, 0, 0, 0, (1 << z) >> 1
    tx, ty = x, y
    while s > 0:
        rx = 1 if tx & s else 0
        ry = 1 if ty & s else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                tx, ty = n - 1 - tx, n - 1 - ty
            tx, ty = ty, tx
        s >>= 1
    return acc + d


def write_pmtiles(path, tile):
    """A PMTiles v3 archive (no compression) with one tile and the payload in its metadata."""
    metadata = json.dumps({"name": PAYLOAD, "attribution": PAYLOAD, "description": PAYLOAD,
                           "vector_layers": [{"id": "place"}, {"id": "transportation_name"}]}).encode()
    tile_id = pmtiles_id(ZOOM, *tile_at(*CENTER, ZOOM))
    directory = varint(1) + varint(tile_id) + varint(1) + varint(len(tile)) + varint(1)
    root_offset = 127
    meta_offset = root_offset + len(directory)
    data_offset = meta_offset + len(metadata)
    header = b"PMTiles" + bytes([3])
    header += struct.pack("<QQQQQQQQQQQ", root_offset, len(directory), meta_offset, len(metadata), 0, 0,
                          data_offset, len(tile), 1, 1, 1)
    header += bytes([1, 1, 1, 1, 0, 14])  # clustered, no compression, none for tiles, MVT, z0-14
    header += struct.pack("<iiii", -1800000000, -850000000, 1800000000, 850000000)
    header += bytes([ZOOM]) + struct.pack("<ii", int(CENTER[1] * 1e7), int(CENTER[0] * 1e7))
    assert len(header) == 127
    with open(path, "wb") as f:
        f.write(header + directory + metadata + tile)


# MARK: A hostile server


class Hostile(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    tile = b""
    archive = b""

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        port = self.server.server_address[1]
        path = self.path.split("?")[0]
        if path == "/tilejson.json":
            doc = {"tilejson": "3.0.0", "name": PAYLOAD, "attribution": PAYLOAD, "description": PAYLOAD,
                   "tiles": ["http://127.0.0.1:%d/tiles/{z}/{x}/{y}.pbf" % port], "minzoom": 0, "maxzoom": 14,
                   "vector_layers": [{"id": "place"}, {"id": "transportation_name"}]}
            return self.send(200, json.dumps(doc).encode(), [("Content-Type", "application/json")])
        if path == "/broken.json":
            return self.send(500, PAYLOAD.encode() + BAD_UTF8, [("Content-Type", "text/plain")])
        if path == "/notjson.json":
            return self.send(200, PAYLOAD.encode() + BAD_UTF8, [("Content-Type", "application/json")])
        if path.startswith("/tiles/"):
            return self.send(200, Hostile.tile, [("Content-Type", "application/vnd.mapbox-vector-tile")])
        if path == "/archive.pmtiles":
            first, last = self.headers.get("Range", "bytes=0-").split("=")[1].split("-")
            first = int(first)
            last = min(int(last) if last else len(Hostile.archive) - 1, len(Hostile.archive) - 1)
            return self.send(206, Hostile.archive[first:last + 1],
                             [("Content-Range", "bytes %d-%d/%d" % (first, last, len(Hostile.archive)))])
        if path.startswith("/api/v1/restrooms"):
            rooms = [{"id": 7000 + i, "name": PAYLOAD, "street": PAYLOAD, "city": PAYLOAD, "state": "CA",
                      "country": PAYLOAD, "accessible": True, "unisex": True, "changing_table": False,
                      "directions": PAYLOAD, "comment": PAYLOAD, "latitude": 37.7793 + i / 1000,
                      "longitude": -122.4193, "upvote": 1, "downvote": 0,
                      "created_at": "2020-01-01T00:00:00.000Z", "updated_at": "2020-01-01T00:00:00.000Z"}
                     for i in range(3)]
            return self.send(200, json.dumps(rooms).encode(), [("Content-Type", "application/json")])
        return self.send(404, PAYLOAD.encode())


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hostile)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# MARK: The interactive map


def own_terminal():
    """In the child: a new session whose controlling terminal is the pty on stdout, so /dev/tty
    (where the map reads keys when stdin is a stream) is that pty."""
    os.setsid()
    fcntl.ioctl(1, termios.TIOCSCTTY, 0)


def interactive(args, env, keys, must, stdin_data=None, limit=10.0):
    """Everything the map writes to an 80x24 pty while `keys` are typed (from 1 s after the start, one
    every 0.3 s), until `must` has been shown after the last key or `limit` seconds; then Esc q q."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    stdin = subprocess.PIPE if stdin_data is not None else slave
    child = subprocess.Popen([BINARY] + args, stdin=stdin, stdout=slave, stderr=slave, preexec_fn=own_terminal,
                             env=dict(env, TERM="xterm-256color"))
    if stdin_data is not None:
        child.stdin.write(stdin_data)
        child.stdin.close()
    os.close(slave)
    data = b""
    pending = list(keys)
    start = time.monotonic()
    next_key = start + 1.0
    after_keys = 0
    while time.monotonic() < start + limit:
        now = time.monotonic()
        if pending and now >= next_key:
            os.write(master, pending.pop(0))
            next_key = now + 0.3
            after_keys = len(data)
        elif not pending and now >= next_key and (must is None or must in TERMINAL_ESCAPES.sub(b"", data[after_keys:])):
            break
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data += os.read(master, 65536)
            except OSError:
                break
    try:
        os.write(master, b"\x1bqq")
    except OSError:
        pass
    try:
        child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
    while True:
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    os.close(master)
    return data


def map_case(name, args, env, keys=(), stdin_data=None, must=SHOWN):
    data = interactive(args, env, keys, must, stdin_data=stdin_data)
    bad = problems(data, "terminal")
    if must is not None and must not in TERMINAL_ESCAPES.sub(b"", data):
        bad.append("the screen never showed %r" % must)
    check(name, not bad, "%s" % bad)


# MARK: The cases


def main():
    global BINARY
    BINARY, work = sys.argv[1], sys.argv[2]
    home = os.path.join(work, "matrix-home")
    for folder in ["data", "state", "cache", "config/mapterm"]:
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    # No default tile source: nothing here may reach the internet.
    with open(os.path.join(home, "config", "mapterm", "config.json"), "w") as f:
        f.write('{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9"}\n')
    env = dict(os.environ, XDG_DATA_HOME=home + "/data", XDG_STATE_HOME=home + "/state",
               XDG_CACHE_HOME=home + "/cache", XDG_CONFIG_HOME=home + "/config", LANG="C.UTF-8",
               LC_ALL="C.UTF-8", SWIFT_BACKTRACE="interactive=no", no_proxy="127.0.0.1,localhost")
    env.pop("MAPTERM_LOCATION", None)
    tile = hostile_tile()
    Hostile.tile = tile
    mbtiles = os.path.join(work, "hostile.mbtiles")
    write_mbtiles(mbtiles, tile)
    pmtiles = os.path.join(work, "hostile.pmtiles")
    write_pmtiles(pmtiles, tile)
    with open(pmtiles, "rb") as f:
        Hostile.archive = f.read()
    server = serve()
    base = "http://127.0.0.1:%d" % server.server_address[1]
    view = ["--center", "%f,%f" % CENTER, "--zoom", str(ZOOM), "--size", "80x24"]

    # Tile sources: files, a server, an archive over ranges, and each one's metadata.
    for label, source in [("MBTiles", mbtiles), ("PMTiles", pmtiles), ("TileJSON", base + "/tilejson.json"),
                          ("PMTiles over HTTP", base + "/archive.pmtiles")]:
        args = ["render"] + view + ["--tiles", source, "--timeout", "5"]
        run_case("render draws %s tile names cleanly" % label, args, env, expect=[0])
        run_case("render --color draws %s tile names cleanly" % label, args + ["--color"], env, mode="color",
                 expect=[0])
        run_case("render --attribution prints the %s attribution cleanly" % label, args + ["--attribution"], env,
                 expect=[0])
        run_case("--about prints the %s attribution cleanly" % label, ["--about", "--tiles", source], env, expect=[0])
        map_case("the map shows %s names and attribution (i) cleanly" % label,
                 ["--tiles", source, "--center", "%f,%f" % CENTER, "--zoom", str(ZOOM)], env, keys=[b"i"])
    # The next outputs do not quote the hostile text: they are checked for escapes only.
    run_case("a server's error body is kept out of the message",
             ["render"] + view + ["--tiles", base + "/broken.json", "--timeout", "3"], env, must=None)
    run_case("a TileJSON that is not JSON is kept out of the message",
             ["render"] + view + ["--tiles", base + "/notjson.json", "--timeout", "3"], env, must=None)
    run_case("download prints progress and the source cleanly",
             ["download", "--tiles", base + "/tilejson.json", "--bbox", "9,-31,11,-29", "--zoom", "4-5", "--out",
              os.path.join(work, "downloaded.mbtiles")], env, must=None)
    run_case("a downloaded file's attribution is printed cleanly",
             ["--about", "--tiles", os.path.join(work, "downloaded.mbtiles")], env)

    # Places: a JSON file, the Refuge API, an import into the database.
    places = os.path.join(work, "hostile-places.json")
    with open(places, "w") as f:
        json.dump([{"id": "h:1", "kind": "restroom", "name": PAYLOAD, "lat": 37.7793, "lon": -122.4193,
                    "restroom": {"street": PAYLOAD, "city": PAYLOAD, "state": PAYLOAD, "country": PAYLOAD,
                                 "directions": PAYLOAD, "comment": PAYLOAD}},
                   {"id": "h:2", "kind": "airport", "name": PAYLOAD, "lat": 37.78, "lon": -122.42,
                    "airport": {"municipality": PAYLOAD, "country": PAYLOAD, "ident": PAYLOAD,
                                                "type": "small_airport"}}], f)
    sf = ["--center", "37.7793,-122.4193", "--zoom", "17", "--size", "100x30"]
    run_case("render --select opens a file place's pane cleanly",
             ["render"] + sf + ["--source", places, "--select", "h:1"], env)
    run_case("places lists file places cleanly", ["places", "--near", "37.7793,-122.4193", "--source", places], env)
    run_case("places --json lists file places cleanly",
             ["places", "--near", "37.7793,-122.4193", "--source", places, "--json"], env)
    run_case("places lists Refuge answers cleanly",
             ["places", "--near", "37.7793,-122.4193", "--source", "refuge", "--api-base", base], env)
    run_case("render shows Refuge answers cleanly",
             ["render", "--center", "37.7793,-122.4193", "--zoom", "17", "--size", "100x30", "--source", "refuge",
              "--api-base", base, "--select", "rr:7000"], env)
    map_case("the map shows a file place's pane cleanly",
             ["--source", places, "--center", "37.7793,-122.4193", "--zoom", "17"], env, keys=[b"\t", b"\r"])
    csv = os.path.join(work, "hostile-import.csv")
    with open(csv, "wb") as f:
        f.write(b"id,name,latitude,longitude,kind\n")
        f.write(b'9000001,"' + PAYLOAD.replace('"', "").encode() + BAD_UTF8 + b'",37.7801,-122.4101,restroom\n')
        f.write(b"9000002,Zzyzx Hostile " + PAYLOAD.replace(",", ";").encode() + b",37.7802,-122.4102,restroom\n")
        f.write(b"9000003,bad," + PAYLOAD.replace(",", ";").encode() + b",-122.41,restroom\n")
    run_case("import quotes rejected rows cleanly", ["import", csv], env)
    run_case("search lists imported names cleanly", ["search", "Zzyzx"], env)
    run_case("search --json lists imported names cleanly", ["search", "Zzyzx", "--json"], env)
    run_case("places lists database places cleanly", ["places", "--near", "37.7801,-122.4101", "--radius", "1"], env)
    run_case("render draws database places cleanly",
             ["render", "--center", "37.7801,-122.4101", "--zoom", "18", "--size", "100x30", "--select",
              "rr:9000002"], env)
    map_case("the map's search lists database places cleanly",
             ["--center", "37.7801,-122.4101", "--zoom", "17"], env,
             keys=[b"/", b"Zzyzx", b"\r"])

    # Layers: GeoJSON, CSV, GPX files, and stdin.
    geojson = os.path.join(work, "hostile.geojson")
    with open(geojson, "w") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": PAYLOAD, PAYLOAD: PAYLOAD},
             "geometry": {"type": "Point", "coordinates": [CENTER[1], CENTER[0]]}},
            {"type": "Feature", "properties": {"name": PAYLOAD},
             "geometry": {"type": "Nope", "coordinates": PAYLOAD}}]}, f)
    layer_csv = os.path.join(work, "hostile-layer.csv")
    with open(layer_csv, "wb") as f:
        f.write(b"lat,lon,name," + PAYLOAD.replace(",", ";").encode() + b"\n")
        f.write(("%f,%f," % CENTER).encode() + PAYLOAD.replace(",", ";").encode() + BAD_UTF8 + b",x\n")
        f.write(b"oops," + PAYLOAD.replace(",", ";").encode() + b",y,z\n")
    gpx = os.path.join(work, "hostile.gpx")
    escaped = PAYLOAD.replace("&", "&amp;").replace("<", "&lt;")
    xml_safe = "".join(ch if ch >= " " or ch in "\t\n" else "&#%d;" % ord(ch) for ch in escaped)
    with open(gpx, "w") as f:
        f.write('<?xml version="1.0"?><gpx version="1.1" creator="%s"><wpt lat="%f" lon="%f"><name>%s</name>'
                '<desc>%s</desc></wpt><trk><name>%s</name><trkseg><trkpt lat="1" lon="2"/>'
                '<trkpt lat="x%s" lon="3"/></trkseg></trk></gpx>'
                % (xml_safe, CENTER[0], CENTER[1], xml_safe, xml_safe, xml_safe, xml_safe))
    for label, path in [("GeoJSON", geojson), ("CSV", layer_csv), ("GPX", gpx)]:
        run_case("layer --info describes a %s file cleanly" % label, ["layer", path, "--info"], env,
                 must=b'"xAB' if label == "GPX" else SHOWN)
        run_case("render --layer opens a %s feature's pane cleanly" % label,
                 ["render"] + view + ["--layer", path, "--select", "layer:1:1"], env)
        map_case("the map shows a %s layer and its pane cleanly" % label,
                 ["--layer", path, "--center", "%f,%f" % CENTER, "--zoom", str(ZOOM)], env,
                 keys=[b"L", b"\x1b", b"\t", b"\r"])
    stream = ("%f,%f," % CENTER).encode() + PAYLOAD.replace(",", ";").encode() + BAD_UTF8 + b"\n" + PAYLOAD.encode()
    run_case("render --layer - draws stdin labels cleanly", ["render"] + view + ["--layer", "-", "--select",
                                                                                 "layer:1:1"], env, stdin=stream)
    map_case("the map shows a stdin stream cleanly", ["--layer", "-", "--center",
                                                      "%f,%f" % CENTER, "--zoom", str(ZOOM)], env,
             keys=[b"\t", b"\r"], stdin_data=stream)

    # The pins file, the config file, the environment and the arguments.
    pins = os.path.join(home, "data", "mapterm", "pins.json")
    os.makedirs(os.path.dirname(pins), exist_ok=True)
    with open(pins, "wb") as f:
        f.write(PAYLOAD.encode() + BAD_UTF8)
    run_case("pins quotes a broken pins file cleanly", ["pins"], env, must=None)
    with open(pins, "w") as f:
        json.dump({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"number": 1, "name": PAYLOAD, PAYLOAD: PAYLOAD},
             "geometry": {"type": "Point", "coordinates": [2.0, 1.0]}}]}, f)
    for flag in [[], ["--json"], ["--geojson"]]:
        run_case("pins %s prints cleanly" % (flag[0] if flag else "(text)"), ["pins"] + flag, env, must=None)
    config = os.path.join(home, "config", "mapterm", "config.json")
    with open(config, "w") as f:
        json.dump({"tiles": [PAYLOAD, base + "/tilejson.json"], "layers": [PAYLOAD]}, f)
    run_case("--about lists config sources cleanly", ["--about"], env)
    run_case("render quotes a config layer cleanly", ["render"] + view, env)
    with open(config, "w") as f:
        json.dump({"tiles": 7, PAYLOAD: PAYLOAD}, f)
    run_case("a broken config file is quoted cleanly", ["render"] + view, env, must=None)
    with open(config, "wb") as f:
        f.write(PAYLOAD.encode() + BAD_UTF8)
    run_case("a config file that is not JSON is quoted cleanly", ["render"] + view, env, must=None)
    with open(config, "w") as f:
        f.write('{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9"}\n')
    map_case("the map quotes a hostile MAPTERM_LOCATION cleanly", [], dict(env, MAPTERM_LOCATION=PAYLOAD))
    hostile_home = os.path.join(work, PAYLOAD.replace("/", ""))
    os.makedirs(os.path.join(hostile_home, "mapterm"), exist_ok=True)
    with open(os.path.join(hostile_home, "mapterm", "pins.json"), "w") as f:
        f.write("not json")
    run_case("a hostile XDG folder is quoted cleanly", ["pins"], dict(env, XDG_DATA_HOME=hostile_home))
    for option in ["--center", "--tiles", "--layer", "--source", "--select", "--size", "--zoom", "--location"]:
        args = ["render", "--center", "1,2", "--zoom", "5", "--size", "40x10", option, PAYLOAD]
        run_case("a hostile %s argument is quoted cleanly" % option, args, env)
    run_case("a hostile search query is quoted cleanly", ["search", PAYLOAD], env)
    run_case("a hostile subcommand argument is quoted cleanly", ["layer", PAYLOAD, "--info"], env)
    map_case("the map quotes a hostile --location cleanly", ["--location", PAYLOAD], env)
    server.shutdown()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
