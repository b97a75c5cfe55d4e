#!/usr/bin/env python3
"""A stand-in for the Refuge Restrooms API on 127.0.0.1 for the end-to-end tests.

Serves /api/v1/restrooms/by_location with three restrooms around San Francisco City Hall, one of
them named with terminal escape sequences (the app must strip them). Appends every request line to
LOG; answers 500 while the file FAIL exists, and a body that is not JSON while FAIL.garbage exists.
Writes the port it listens on to PORTFILE.
Usage: fake_refuge.py PORTFILE LOG FAIL
"""
import http.server
import json
import os
import sys

PORTFILE, LOG, FAIL = sys.argv[1:4]

RESTROOMS = [
    {"id": 9001, "name": "City Hall Restroom", "street": "1 Dr Carlton B Goodlett Pl", "city": "San Francisco",
     "state": "CA", "country": "US", "accessible": True, "unisex": True, "changing_table": False,
     "directions": "Ground floor, north side", "comment": "Clean and open weekdays", "latitude": 37.7793,
     "longitude": -122.4193, "upvote": 5, "downvote": 1, "created_at": "2020-01-01T00:00:00.000Z",
     "updated_at": "2020-01-02T00:00:00.000Z"},
    {"id": 9002, "name": "Library \u001b[31mRed\u001b[0m \u001b]0;pwned\u0007Restroom", "street": "100 Larkin St",
     "city": "San Francisco", "state": "CA", "country": "US", "accessible": False, "unisex": False,
     "changing_table": True, "directions": None, "comment": None, "latitude": 37.7790, "longitude": -122.4160,
     "upvote": 0, "downvote": 0, "created_at": "2020-01-01T00:00:00.000Z", "updated_at": "2020-01-01T00:00:00.000Z"},
    {"id": 9003, "name": "Civic Center Plaza", "street": "355 McAllister St", "city": "San Francisco", "state": "CA",
     "country": "US", "accessible": True, "unisex": False, "changing_table": False, "directions": "",
     "comment": "", "latitude": 37.7805, "longitude": -122.4215, "upvote": 1, "downvote": 0,
     "created_at": "2020-01-01T00:00:00.000Z", "updated_at": "2020-01-01T00:00:00.000Z"},
]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with open(LOG, "a") as log:
            log.write(self.path + "\n")
        if os.path.exists(FAIL):
            body, status = b'{"error":"down"}', 500
        elif os.path.exists(FAIL + ".garbage"):
            body, status = b'<html>\x1b[31mnot json\x00\xff', 200
        elif self.path.startswith("/api/v1/restrooms/by_location"):
            page = 1
            for part in self.path.split("?", 1)[-1].split("&"):
                if part.startswith("page="):
                    page = int(part[5:] or 1)
            body, status = json.dumps(RESTROOMS if page == 1 else []).encode(), 200
        else:
            body, status = b"not found", 404
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
