#!/usr/bin/env python3
"""mapterm side by side with MapSCII on the same tiles and views (issue 20's targets).

Usage: sidebyside.py PATH/TO/mapterm PATH/TO/mapterm-bench [ROUNDS]

Needs MapSCII assembled by assemble.sh (MAPSCII_DIR, default .build/mapscii). Runs the two programs in
turn, ROUNDS times (default 3; the one that starts alternates), and prints for each view the median of
the rounds' medians, their ratio and the issue's target for it:
  (a) frame + ANSI text (`mapterm-bench sidebyside`) against MapSCII's Renderer.draw, which returns
      the frame's ANSI text (driver.js), warm and cold (first sight of every tile), at 80x24, 160x48
      and 300x90: world, Europe z3.5, New York z5.5 (target 50x), and z13-z18 over the Monaco sample
      and the Columbus and Helsinki street fixtures (targets 20x warm, 10x cold);
  (b) the whole process: `mapterm render --color` against MapSCII's headless one-frame run (`main.js
      -H`, which draws once to stdout and exits), spawn to exit (target 20x).
The load average is printed before and after: compare ratios of one run, not times across runs.
Standard library only.
"""
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
MAPSCII = os.environ.get("MAPSCII_DIR", os.path.join(REPO, ".build", "mapscii"))
MONACO, COLUMBUS, HELSINKI = "Resources/monaco.mbtiles", "Tests/bench/columbus.mbtiles", "Tests/bench/helsinki.mbtiles"
LOW = [("world", "52.52,13.405,fill"), ("Europe z3.5", "50,10,3.5"), ("New York z5.5", "40.7,-74,5.5")]
STREETS = [
    ("Monaco", "43.7384,7.4246", MONACO, range(13, 19)),
    ("Columbus", "39.9612,-82.9988", COLUMBUS, range(13, 19)),
    ("Helsinki", "60.1716,24.9443", HELSINKI, (15, 17)),
]
SIZES = os.environ.get("SIDEBYSIDE_SIZES", "80x24 160x48 300x90").split()
RUNS = 20  # warm draws a view and round; a fifth of them (at least 3) cold


def views():
    """(label, spec, low zoom?) for every view of part (a)."""
    out = []
    for size in SIZES:
        out += [(f"{name} {size}", f"{size}@{where}~{MONACO}", True) for name, where in LOW]
        for name, center, streets, zooms in STREETS:
            out += [(f"{name} z{z} {size}", f"{size}@{center},{z}~{streets}", False) for z in zooms]
    return out


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def node_env(cache):
    return dict(os.environ, MAPSCII_DIR=MAPSCII, XDG_CACHE_HOME=cache, NODE_PATH="/usr/share/nodejs")


def lines(command, env=None):
    result = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed: {result.stderr.strip()[-500:]}")
    return {row.split("\t")[0]: [float(v) for v in row.split("\t")[1:]] for row in result.stdout.splitlines()}


def ratio_line(label, ours, theirs, target):
    ratio = theirs / ours if ours > 0 else math.inf
    verdict = f"target {target}x: " + ("met" if ratio >= target else "MISSED")
    return f"  {label:<28}{ours:9.3f} ms {theirs:9.2f} ms {ratio:8.1f}x   {verdict}"


def frames(bench, cache, rounds):
    table = views()
    specs = [spec for _, spec, _ in table]
    ours, theirs = {s: [] for s in specs}, {s: [] for s in specs}
    programs = [
        (ours, [bench, "sidebyside", str(RUNS), *specs], None),
        (theirs, ["node", os.path.join(HERE, "driver.js"), "draw", str(RUNS), *specs], node_env(cache)),
    ]
    for round_ in range(rounds):
        for results, command, env in programs if round_ % 2 == 0 else reversed(programs):
            for spec, values in lines(command, env).items():
                results[spec].append(values)
    print("(a) frame + ANSI text against MapSCII's draw: mapterm, MapSCII, MapSCII/mapterm")
    for kind, column in (("warm", 1), ("cold", 2)):
        print(f" {kind}:")
        for label, spec, low in table:
            a = statistics.median(v[column] for v in ours[spec])
            b = statistics.median(v[column] for v in theirs[spec])
            print(ratio_line(label, a, b, 50 if low else (20 if kind == "warm" else 10)))


def spawn_ms(command, env):
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        status = subprocess.run(command, env=env, cwd=REPO, stdout=sink, stderr=subprocess.DEVNULL).returncode
    if status != 0:
        sys.exit(f"{command[0]} exited {status}")
    return (time.perf_counter() - start) * 1000


def processes(mapterm, cache, rounds):
    home = tempfile.mkdtemp(prefix="mapterm-sidebyside-")
    os.makedirs(os.path.join(home, "config", "mapterm"))
    with open(os.path.join(home, "config", "mapterm", "config.json"), "w") as f:
        f.write('{"tiles": [], "source": "embedded"}')
    no_places = os.path.join(home, "none.json")
    with open(no_places, "w") as f:
        f.write("[]")
    ours_env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_CACHE_HOME=os.path.join(home, "cache"))
    server = subprocess.Popen(["node", os.path.join(HERE, "driver.js"), "serve"], env=node_env(cache),
                              stdout=subprocess.PIPE, text=True)
    port = server.stdout.readline().strip()
    cases = [("world", "52.52,13.405", None, MONACO), ("Europe z3.5", "50,10", 3.5, MONACO),
             ("New York z5.5", "40.7,-74", 5.5, MONACO), ("Monaco z15", "43.7384,7.4246", 15, MONACO),
             ("Columbus z15", "39.9612,-82.9988", 15, COLUMBUS), ("Columbus z17", "39.9612,-82.9988", 17, COLUMBUS)]
    print(f"(b) whole process, one frame 160x48 to a file, spawn to exit, {rounds * 3} rounds: mapterm, MapSCII")
    try:
        for name, center, zoom, streets in cases:
            zoom = zoom if zoom is not None else max(0.0, math.log2(160 * 2 / 256))
            lat, lon = center.split(",")
            ours_cmd = [mapterm, "render", "--center", center, "--zoom", str(zoom), "--size", "160x48", "--color",
                        "--source", no_places] + (["--tiles", streets] if streets != MONACO else [])
            theirs_cmd = ["node", os.path.join(MAPSCII, "app", "main.js"), "-H", "-w", "160", "-h", "48",
                          "--lat", lat, "--lon", lon, "-z", str(zoom), "--tile_source", f"http://127.0.0.1:{port}/",
                          "--style", os.path.join(MAPSCII, "style.json")]
            a, b = [], []
            for round_ in range(rounds * 3):
                pair = [lambda: a.append(spawn_ms(ours_cmd, ours_env)),
                        lambda: b.append(spawn_ms(theirs_cmd, node_env(cache)))]
                for run in pair if round_ % 2 == 0 else reversed(pair):
                    run()
            print(ratio_line(name, statistics.median(a), statistics.median(b), 20))
        base = [spawn_ms(["node", "-e", "0"], node_env(cache)) for _ in range(rounds * 3)]
        version = [spawn_ms([mapterm, "--version"], ours_env) for _ in range(rounds * 3)]
        print(f"  (start-up alone: `node -e 0` {statistics.median(base):.1f} ms, "
              f"`mapterm --version` {statistics.median(version):.1f} ms)")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(home, ignore_errors=True)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    mapterm, bench = (os.path.abspath(p) for p in sys.argv[1:3])
    rounds = int(sys.argv[3]) if len(sys.argv) == 4 else 3
    if not os.path.exists(os.path.join(MAPSCII, "app", "src", "Renderer.js")):
        sys.exit(f"MapSCII is not assembled in {MAPSCII}: run Tests/bench/mapscii/assemble.sh")
    # MapSCII writes what its server sends into its cache: it gets a copy of the converted tiles.
    cache = tempfile.mkdtemp(prefix="mapscii-cache-")
    shutil.copytree(os.path.join(MAPSCII, "tiles"), os.path.join(cache, "mapscii-nodejs"))
    try:
        print(f"== mapterm against MapSCII, {rounds} interleaved rounds, load average {load()} ==")
        frames(bench, cache, rounds)
        processes(mapterm, cache, rounds)
        print(f"load average after: {load()}")
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
