#!/usr/bin/env python3
"""Escape sequences from outside never reach the terminal: feeds mapterm files and arguments holding
OSC 0 (title), OSC 52 (clipboard), CSI 2J (clear), DCS and C1 controls, and checks the raw bytes it
writes to stderr, and to a pseudo-terminal for the interactive map.

Usage: injection.py PATH/TO/mapterm WORKDIR     (prints "ok   NAME" / "FAIL NAME" lines)
"""
import fcntl
import json
import os
import pty
import select
import sqlite3
import struct
import subprocess
import sys
import termios
import time

PAYLOAD = "\x1b]0;PWNED\x07\x1b]52;c;SGVsbG8=\x07\x1b[2JWIPED\x1bP1$qDCS\x1b\\\u009b2J\u009d0;C1\u009c"
FORBIDDEN = [b"\x1b]0;PWNED", b"\x1b]52;", b"\x1b[2JWIPED", b"\x1bP1$q", b"\xc2\x9b", b"\xc2\x9d", b"\xc2\x9c", b"\x07"]


def clean(data):
    """The forbidden byte strings found in `data` (empty when clean)."""
    return [f for f in FORBIDDEN if f in data]


def run(binary, args, env):
    return subprocess.run([binary] + args, capture_output=True, env=env, timeout=30)


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "  " + detail))
    return ok


def main():
    binary, work = sys.argv[1], sys.argv[2]
    env = dict(os.environ)
    results = []

    places = os.path.join(work, "places.json")
    with open(places, "w") as f:
        json.dump([{"id": "x:1", "kind": PAYLOAD, "name": "n", "lat": 1, "lon": 2}], f)
    r = run(binary, ["render", "--center", "1,2", "--zoom", "5", "--size", "40x10", "--source", places], env)
    results.append(check("a places file's kind is quoted cleanly in the error", r.returncode == 2 and not clean(r.stderr)
                         and b"cannot read places" in r.stderr, repr(r.stderr[:200])))

    fmt = os.path.join(work, "format.mbtiles")
    db = sqlite3.connect(fmt)
    db.executescript("CREATE TABLE metadata (name TEXT, value TEXT); CREATE TABLE tiles (zoom_level INTEGER, "
                     "tile_column INTEGER, tile_row INTEGER, tile_data BLOB);")
    db.execute("INSERT INTO metadata VALUES ('format', ?)", (PAYLOAD,))
    db.commit()
    db.close()
    r = run(binary, ["render", "--center", "1,2", "--zoom", "5", "--size", "40x10", "--tiles", fmt], env)
    results.append(check("an MBTiles format value is quoted cleanly", r.returncode == 2 and not clean(r.stderr),
                         repr(r.stderr[:200])))

    schema = os.path.join(work, "schema.mbtiles")
    db = sqlite3.connect(schema)
    name = "t" + PAYLOAD.replace('"', "")
    db.execute('CREATE TABLE "%s" (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)' % name)
    db.execute('CREATE VIEW tiles AS SELECT * FROM "%s"' % name)
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute('DROP TABLE "%s"' % name)
    db.commit()
    db.close()
    r = run(binary, ["render", "--center", "1,2", "--zoom", "5", "--size", "40x10", "--tiles", schema], env)
    results.append(check("SQLite's error text naming an object of the file is clean", not clean(r.stderr),
                         repr(r.stderr[:300])))

    csv = os.path.join(work, "import.csv")
    with open(csv, "w") as f:
        f.write("id,name,latitude,longitude\n1,ok,37.7,-122.4\n2,bad,%s,-122.4\n" % PAYLOAD.replace(",", ";"))
    r = run(binary, ["import", csv], env)
    results.append(check("an import's rejected value is quoted cleanly", r.returncode == 0 and not clean(r.stderr)
                         and b"line 3" in r.stderr, repr(r.stderr[:200])))

    r = run(binary, ["render", "--center", PAYLOAD, "--zoom", "5", "--size", "40x10"], env)
    results.append(check("a bad argument is quoted cleanly", r.returncode == 2 and not clean(r.stderr),
                         repr(r.stderr[:200])))

    r = run(binary, ["--location", PAYLOAD], env)
    results.append(check("a bad --location is refused in one clean line", r.returncode == 2 and not clean(r.stderr)
                         and r.stderr.count(b"\n") == 1, repr(r.stderr[:200])))
    located = dict(env, MAPTERM_LOCATION=PAYLOAD)
    out = interactive(binary, ["--source", places.replace("places.json", "none.json")], located, work)
    results.append(check("a bad MAPTERM_LOCATION is shown cleanly on the screen",
                         b"is not valid" in out and not clean(out), repr(clean(out))))
    return 0 if all(results) else 1


def interactive(binary, args, env, work):
    """Everything the map writes to an 80x24 pty in its first second, then q."""
    with open(os.path.join(work, "none.json"), "w") as f:
        f.write("[]")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    child = subprocess.Popen([binary] + args, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                             env=dict(env, TERM="xterm-256color"))
    os.close(slave)
    data = b""
    end = time.monotonic() + 1.5
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data += os.read(master, 65536)
            except OSError:
                break
    os.write(master, b"qq")
    try:
        child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
    return data


if __name__ == "__main__":
    sys.exit(main())
