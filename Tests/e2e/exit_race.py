#!/usr/bin/env python3
"""`render` ends cleanly while remote transfers may still run: 40 renders from a PMTiles archive over
HTTP (the injection matrix's loopback server), none ended by a signal. Before the fix, about one in
40 crashed at exit, in OpenSSL torn down beneath a transfer on another thread.

Usage: exit_race.py PATH/TO/mapterm WORKDIR    (prints "ok   NAME" / "FAIL NAME" lines)
"""
import os
import subprocess
import sys

import injection_matrix as matrix

RUNS = 40


def main():
    binary, work = os.path.realpath(sys.argv[1]), os.path.join(sys.argv[2], "exit-race")
    home = os.path.join(work, "home")
    for folder in ["data", "state", "cache", "config/mapterm"]:
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    # No default tile source: nothing here may reach the internet.
    with open(os.path.join(home, "config", "mapterm", "config.json"), "w") as f:
        f.write('{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9"}\n')
    env = dict(os.environ, XDG_DATA_HOME=home + "/data", XDG_STATE_HOME=home + "/state",
               XDG_CACHE_HOME=home + "/cache", XDG_CONFIG_HOME=home + "/config", LANG="C.UTF-8",
               LC_ALL="C.UTF-8", SWIFT_BACKTRACE="interactive=no", no_proxy="127.0.0.1,localhost")
    tile = matrix.hostile_tile()
    matrix.Hostile.tile = tile
    archive = os.path.join(work, "archive.pmtiles")
    matrix.write_pmtiles(archive, tile)
    with open(archive, "rb") as f:
        matrix.Hostile.archive = f.read()
    server = matrix.serve()
    source = "http://127.0.0.1:%d/archive.pmtiles" % server.server_address[1]
    view = ["--center", "%f,%f" % matrix.CENTER, "--zoom", str(matrix.ZOOM), "--size", "80x24"]
    ends = []
    for run in range(RUNS):
        args = ["render"] + view + ["--tiles", source, "--timeout", "5"] + (["--color"] if run % 2 else [])
        ends.append(subprocess.run([binary] + args, capture_output=True, env=env, timeout=60).returncode)
    server.shutdown()
    crashed = [code for code in ends if code != 0]
    name = "%d renders over a PMTiles archive on HTTP all end with exit 0" % RUNS
    print(("ok   " if not crashed else "FAIL ") + name + ("" if not crashed else "  (ends: %s)" % crashed))


if __name__ == "__main__":
    main()
