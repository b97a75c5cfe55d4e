#!/usr/bin/env python3
"""A hostile stand-in for an OSRM server on 127.0.0.1 for the end-to-end tests of `mapterm route`.

The first path segment picks the behaviour, so that one server plays every part:
http://127.0.0.1:PORT/MODE/route/v1/driving/...
  ok        a short route whose street names, types and modifiers hold terminal escape sequences
  huge      200 OK with an endless JSON body and no Content-Length (64 MiB, then it gives up)
  slow      waits 60 s before answering
  garbage   a body that is not JSON (bytes that are not UTF-8, escape sequences)
  types     JSON of the right shape with the wrong types (strings for numbers, a number for the geometry)
  range     a distance of 1e300 and a location off the Earth
  polyline  a geometry that is not a polyline
  busy      429 with Retry-After: 30
  refuse    400 with an OSRM error whose code and message hold escape sequences
  down      500 with an HTML page
Appends every request path to LOG; writes the port it listens on to PORTFILE.
Usage: fake_osrm.py PORTFILE LOG
"""
import http.server
import os
import json
import sys
import time

PORTFILE, LOG = sys.argv[1:3]

ESC = "\u001b"


def polyline(points):
    """Google's polyline encoding at 6 digits."""
    out, prev_lat, prev_lon = [], 0, 0
    for lat, lon in points:
        ilat, ilon = round(lat * 1e6), round(lon * 1e6)
        for delta in (ilat - prev_lat, ilon - prev_lon):
            value = ~(delta << 1) if delta < 0 else delta << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63))
                value >>= 5
            out.append(chr(value + 63))
        prev_lat, prev_lon = ilat, ilon
    return "".join(out)


PATH = [(37.788983, -122.401022), (37.789400, -122.401500), (37.795446, -122.403989)]


def step(kind, name, lon, lat, modifier="right"):
    return {"distance": 500.2, "duration": 60.4, "name": name, "mode": "driving",
            "maneuver": {"type": kind, "modifier": modifier, "location": [lon, lat], "bearing_after": 315},
            "intersections": []}


def route(steps, distance=1000.4, geometry=None, location=None):
    return {"code": "Ok",
            "routes": [{"geometry": polyline(PATH) if geometry is None else geometry, "distance": distance,
                        "duration": 120.8, "weight": 120.8,
                        "legs": [{"steps": steps, "distance": distance, "duration": 120.8, "summary": ""}]}],
            "waypoints": [{"location": location or [-122.401022, 37.788983], "distance": 2.5, "name": "a"},
                          {"location": [-122.403989, 37.795446], "distance": 3.5, "name": "b"}]}


OK = route([
    step("depart", ESC + "[31mRed" + ESC + "[0m Street", -122.401022, 37.788983),
    step("turn", "Bell\u0007" + ESC + "]0;pwned\u0007 Road", -122.4015, 37.7894, modifier=ESC + "[2Jleft"),
    step("new name", "\u009b2J Clear Avenue\r\nLine", -122.402, 37.79),
    step("continue", "\u202eReversed Way", -122.403, 37.794, modifier="straight"),
    step(ESC + "[5marrive", "End" + ESC + "[0m", -122.403989, 37.795446),
])
TYPES = {"code": "Ok", "routes": [{"geometry": 12, "distance": "far", "duration": [1], "legs": "none"}],
         "waypoints": "x"}
RANGE = route([step("depart", "A Street", -122.4, 37.78)], distance=1e300, location=[-122.4, 97.5])
POLYLINE = route([step("depart", "A Street", -122.4, 37.78)], geometry="\u007f\u007f not a polyline")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def send(self, status, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        with open(LOG, "a") as log:
            log.write(self.path + "\n")
        mode = self.path.split("/")[1] if self.path.count("/") > 1 else ""
        try:
            if mode == "ok":
                self.send(200, json.dumps(OK).encode())
            elif mode == "huge":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(b'{"code":"Ok","routes":[{"geometry":"')
                chunk = b"_" * 65536
                for _ in range(1024):
                    self.wfile.write(chunk)
            elif mode == "slow":
                time.sleep(60)
                self.send(200, json.dumps(OK).encode())
            elif mode == "garbage":
                self.send(200, b"<html>\x1b[31mnot json\x00\xff\xfe" + ESC.encode() + b"]0;pwned\x07")
            elif mode == "types":
                self.send(200, json.dumps(TYPES).encode())
            elif mode == "range":
                self.send(200, json.dumps(RANGE).encode())
            elif mode == "polyline":
                self.send(200, json.dumps(POLYLINE).encode())
            elif mode == "busy":
                self.send(429, b"slow down", headers=[("Retry-After", "30")])
            elif mode == "refuse":
                body = {"code": "No" + ESC + "[31mSegment", "message": "Could not " + ESC + "]0;pwned\u0007find\nit"}
                self.send(400, json.dumps(body).encode())
            elif mode == "down":
                self.send(500, b"<html><body>\x1b[2J down</body></html>")
            else:
                self.send(404, b'{"code":"InvalidUrl","message":"unknown mode"}')
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.replace(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
