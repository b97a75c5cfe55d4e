#!/usr/bin/env python3
"""Several real mapterm processes on one fresh data folder, and data folders that cannot be written.

- six `render`s started together all succeed (the first-run build is done once, under a lock);
- `import` started together with a first-run `render` keeps its places (it waits for the build);
- with a folder that may not be written (as another user), the map opens the store read-only and
  `import` refuses clearly; with one that cannot even be created, the store is built in memory.

Usage: concurrency.py PATH/TO/mapterm WORKDIR     (prints "ok   NAME" / "FAIL NAME" lines)
"""
import os
import shutil
import subprocess
import sys

RENDER = ["render", "--center", "37.7793,-122.4193", "--zoom", "10", "--size", "80x24"]


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "  " + detail), flush=True)
    return ok


def env_for(data, config=None):
    """The environment of a run on `data`, with a settings file of its own (beside it, or in `config`):
    no remote tiles and no live places, so no test reaches the internet; another user can read it too."""
    config = config or data + "-config"
    os.makedirs(os.path.join(config, "mapterm"), exist_ok=True)
    path = os.path.join(config, "mapterm", "config.json")
    with open(path + ".tmp", "w") as f:  # renamed into place: a run already started never reads half a file
        f.write('{"tiles": [], "source": "embedded", "router": "http://127.0.0.1:9"}\n')
    os.replace(path + ".tmp", path)
    return dict(os.environ, XDG_DATA_HOME=data, XDG_STATE_HOME=data + "-state", XDG_CONFIG_HOME=config)


def main():
    binary, work = sys.argv[1], sys.argv[2]
    results = []

    data = os.path.join(work, "six")
    env = env_for(data)
    procs = [subprocess.Popen([binary] + RENDER, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
             for _ in range(6)]
    outs = [p.communicate(timeout=120) for p in procs]
    codes = [p.returncode for p in procs]
    errors = b"".join(e for _, e in outs)
    results.append(check("six renders started together on a fresh data folder all succeed",
                         codes == [0] * 6 and b"error" not in errors and all(b"places in view" in o for o, _ in outs),
                         "codes %s %r" % (codes, errors[:300])))

    csv = os.path.join(work, "fifty.csv")
    with open(csv, "w") as f:
        f.write("id,name,latitude,longitude\n")
        for i in range(50):
            f.write("%d,Fifty %d,-45.%04d,170.5\n" % (990000 + i, i, i))
    lost = []
    for run in range(3):
        data = os.path.join(work, "race-%d" % run)
        render = subprocess.Popen([binary] + RENDER, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env_for(data))
        imported = subprocess.run([binary, "import", csv], capture_output=True, env=env_for(data), timeout=120)
        render.communicate(timeout=120)
        found = subprocess.run([binary, "places", "--near", "-45.0,170.5", "--radius", "50", "--limit", "100", "--json"],
                               capture_output=True, env=env_for(data), timeout=60)
        count = found.stdout.count(b'"rr:9900')
        if imported.returncode != 0 or b"imported 50 places" not in imported.stdout or count != 50:
            lost.append((run, imported.returncode, imported.stdout[-60:], count))
    results.append(check("an import racing a first-run build keeps its places", not lost, repr(lost)))

    memory = "/proc/self/no-such-folder"
    r = subprocess.run([binary] + RENDER, capture_output=True, env=env_for(memory, os.path.join(work, "memory-config")),
                       timeout=120)
    results.append(check("a data folder that cannot be created: places from a copy in memory",
                         r.returncode == 0 and b"in memory" in r.stderr and b"places in view" in r.stdout,
                         "%d %r" % (r.returncode, r.stderr[:300])))

    results.append(read_only(binary, work))
    return 0 if all(results) else 1


def find_resources(binary):
    """The Resources folder the binary uses: the first one above it, as mapterm looks for it."""
    folder = os.path.dirname(os.path.realpath(binary))
    while True:
        candidate = os.path.join(folder, "Resources")
        if os.path.isfile(os.path.join(candidate, "world.mbtiles")):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            raise SystemExit("no Resources folder above %s" % binary)
        folder = parent


def reachable_copy(binary, work, prefix):
    """The binary itself when the other user can run it and read its Resources; else (a clone inside a
    private folder, as `mktemp -d` makes) a copy of both under `work`, laid out as installed."""
    resources = find_resources(binary)
    probe = subprocess.run(prefix + ["sh", "-c", 'test -x "$1" && test -r "$2/world.mbtiles"', "sh", binary,
                                     resources], capture_output=True)
    if probe.returncode == 0:
        return binary
    copy = os.path.join(work, "installed")
    os.makedirs(os.path.join(copy, "bin"), exist_ok=True)
    shutil.copy2(binary, os.path.join(copy, "bin", "mapterm"))
    shutil.copytree(resources, os.path.join(copy, "share", "mapterm"), dirs_exist_ok=True)
    print("     (the other user cannot reach %s: running a copy under %s)" % (binary, copy))
    return os.path.join(copy, "bin", "mapterm")


def read_only(binary, work):
    """The store and its folder belong to someone else: mapterm runs as another user, or as us after chmod."""
    name = "a read-only data folder: the store is read, imports are refused"
    data = os.path.join(work, "ro")
    built = subprocess.run([binary] + RENDER, capture_output=True, env=env_for(data), timeout=120)
    if built.returncode != 0:
        return check(name, False, "could not build: %r" % built.stderr[:200])
    prefix = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if not setpriv:
            print("ok   %s (skipped: root without setpriv)" % name)
            return True
        prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        binary = reachable_copy(binary, work, prefix)
        for root, dirs, files in os.walk(work):
            os.chmod(root, 0o755)
            for f in files:
                os.chmod(os.path.join(root, f), 0o755 if os.access(os.path.join(root, f), os.X_OK) else 0o644)
    else:
        os.chmod(os.path.join(data, "mapterm"), 0o555)
    env = env_for(data)
    env["HOME"] = work
    r = subprocess.run(prefix + [binary] + RENDER, capture_output=True, env=env, timeout=120)
    i = subprocess.run(prefix + [binary, "import", os.path.join(work, "fifty.csv")], capture_output=True, env=env,
                       timeout=120)
    if os.geteuid() != 0:
        os.chmod(os.path.join(data, "mapterm"), 0o755)
    return check(name, r.returncode == 0 and b"read-only" in r.stderr and b"places in view" in r.stdout
                 and i.returncode == 2 and b"cannot import" in i.stderr,
                 "render %d %r / import %d %r" % (r.returncode, r.stderr[:200], i.returncode, i.stderr[:200]))


if __name__ == "__main__":
    sys.exit(main())
