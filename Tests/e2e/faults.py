#!/usr/bin/env python3
"""Files built to exhaust mapterm: tiles that inflate to 31 MiB each, many tiles just under the 4 MiB
limit, a FIFO where a file is expected. Each check runs the real binary and looks at its exit status,
its stderr and its peak memory (RUSAGE_CHILDREN).

Usage: faults.py PATH/TO/mapterm WORKDIR     (prints "ok   NAME" / "FAIL NAME" lines)
"""
import gzip
import http.server
import os
import sqlite3
import subprocess
import sys
import threading
import time
import zlib


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "  " + detail), flush=True)
    return ok


def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def field(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def mbtiles(path, zoom, tile):
    """An MBTiles file with every tile of `zoom` holding the gzipped `tile`."""
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, "
                     "tile_column INTEGER, tile_row INTEGER, tile_data BLOB);")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [("format", "pbf"), ("minzoom", str(zoom)),
                                                          ("maxzoom", str(zoom)), ("name", "bomb")])
    data = gzip.compress(tile, compresslevel=9)
    n = 1 << zoom
    db.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)", [(zoom, x, y, data) for x in range(n) for y in range(n)])
    db.commit()
    db.close()


def peak_rss_mb(args, env):
    """Runs a command; returns (exit status, stderr, its own peak RSS in MB, from wait4)."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(args, stdout=null, stderr=subprocess.PIPE, env=env)
        err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    return child.returncode, err, usage.ru_maxrss / 1024


class EndlessBody(http.server.BaseHTTPRequestHandler):
    """200 with a body that never ends; under /huge/ it first announces 2 GiB in Content-Length."""

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if self.path.startswith("/huge/"):
            self.send_header("Content-Length", str(2 << 30))
        self.end_headers()
        chunk = b"[" + b" " * (1 << 20)
        try:
            while True:
                self.wfile.write(chunk)
        except OSError:
            pass

    def log_message(self, *args):
        pass


def endless_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EndlessBody)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    binary, work = sys.argv[1], sys.argv[2]
    env = dict(os.environ)
    results = []

    server = endless_server()
    base = "http://127.0.0.1:%d" % server.server_address[1]
    for name, url in [("an endless body", base), ("a 2 GiB Content-Length", base + "/huge")]:
        start = time.monotonic()
        status, err, rss = peak_rss_mb([binary, "places", "--source", "refuge", "--api-base", url, "--near", "37.7,-122.4"],
                                       dict(env, no_proxy="127.0.0.1"))
        results.append(check("%s is cut at the 10 MB cap, memory under 100 MB" % name,
                             status == 1 and b"limit" in err and rss < 100 and time.monotonic() - start < 10,
                             "status %d rss %.0f MB %r" % (status, rss, err[:120])))
    server.shutdown()

    # A layer named water whose last field is 31 MiB of zeros: inflated, over the 4 MiB limit.
    bomb = os.path.join(work, "bomb.mbtiles")
    mbtiles(bomb, 3, field(3, field(1, b"water") + field(15, bytes(31 << 20))))
    status, err, rss = peak_rss_mb([binary, "render", "--center", "0,0", "--zoom", "3", "--size", "1000x400",
                                    "--tiles", bomb, "--source", os.path.join(work, "none.json")], env)
    results.append(check("tiles inflating to 31 MiB are skipped and counted, memory stays small",
                         status == 0 and b"skipped" in err and rss < 150, "status %d rss %.0f MB %r" % (status, rss, err[:120])))

    # 256 tiles of 3.9 MiB each, under the per-tile limit: the caches' byte budget keeps memory bounded.
    heavy = os.path.join(work, "heavy.mbtiles")
    mbtiles(heavy, 4, field(3, field(1, b"water") + field(15, bytes(3_900_000))))
    status, err, rss = peak_rss_mb([binary, "render", "--center", "0,0", "--zoom", "4", "--size", "1000x1000",
                                    "--tiles", heavy, "--source", os.path.join(work, "none.json")], env)
    results.append(check("256 tiles of 3.9 MiB: the tile caches stay within their byte budget",
                         status == 0 and rss < 250, "status %d rss %.0f MB %r" % (status, rss, err[:120])))

    fifo = os.path.join(work, "tiles.fifo")
    os.mkfifo(fifo)
    start = time.monotonic()
    try:
        r = subprocess.run([binary, "render", "--center", "0,0", "--zoom", "3", "--size", "40x10", "--tiles", fifo],
                           capture_output=True, env=env, timeout=10)
        results.append(check("a FIFO as --tiles is refused at once with a clear line",
                             r.returncode == 2 and b"not a regular file" in r.stderr and time.monotonic() - start < 5,
                             repr(r.stderr[:200])))
    except subprocess.TimeoutExpired:
        results.append(check("a FIFO as --tiles is refused at once with a clear line", False, "it hung"))

    data = os.path.join(work, "data")
    os.makedirs(os.path.join(data, "mapterm"), exist_ok=True)
    pins = os.path.join(data, "mapterm", "pins.json")
    os.mkfifo(pins)
    try:
        r = subprocess.run([binary, "pins"], capture_output=True, env=dict(env, XDG_DATA_HOME=data), timeout=10)
        results.append(check("a FIFO as pins.json is refused at once with a clear line",
                             r.returncode != 0 and b"not a regular file" in r.stderr, repr(r.stderr[:200])))
    except subprocess.TimeoutExpired:
        results.append(check("a FIFO as pins.json is refused at once with a clear line", False, "it hung"))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
