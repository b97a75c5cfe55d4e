"""Holds exclusive flocks on files until killed, as another mapterm would.

Usage: lock_holder.py READY_FILE LOCK_FILE...
Takes every lock without waiting (exits 1 if one is taken already), then creates READY_FILE and
sleeps until a signal ends it; the locks go with the process.
"""

import fcntl
import signal
import sys


def main() -> int:
    ready, paths = sys.argv[1], sys.argv[2:]
    held = []
    for path in paths:
        lock = open(path, "a")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"lock_holder: {path} is locked already", file=sys.stderr)
            return 1
        held.append(lock)
    open(ready, "w").close()
    while True:
        signal.pause()


if __name__ == "__main__":
    sys.exit(main())
