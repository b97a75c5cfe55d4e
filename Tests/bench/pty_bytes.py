#!/usr/bin/env python3
"""Bytes the real mapterm binary sends to its terminal, measured in a pseudo-terminal of 160x48.

Usage: pty_bytes.py PATH/TO/mapterm [ARGS...]

Starts mapterm with TERM=xterm-256color in a pty of the given size, waits until its output has been
quiet for a moment (the first frame with its places), then presses keys one at a time and counts what
each one makes the program write until it is quiet again. Prints one line per step; exits 1 when a
step misses its target. Standard library only.
"""
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import fcntl
import time

COLS, ROWS = 160, 48
QUIET = 0.6  # seconds without output that end a step (longer than the 150 ms settle and a fetch)
STEPS = [  # (name, keys, target bytes or None)
    ("first frame", None, 30_000),
    ("horizontal pan (l)", b"l", 25_000),
    ("horizontal pan (h)", b"h", 25_000),
    ("vertical pan (j)", b"j", 10_000),
    ("vertical pan (k)", b"k", 10_000),
    ("zoom step (+)", b"+", 25_000),
    ("zoom step (-)", b"-", 25_000),
]


def drain(fd, quiet, first_wait=5.0):
    """Waits up to `first_wait` seconds for output, then reads until nothing came for `quiet` seconds;
    returns the byte count."""
    total = 0
    ready, _, _ = select.select([fd], [], [], first_wait)
    if not ready:
        return 0
    last = time.monotonic()
    while True:
        left = quiet - (time.monotonic() - last)
        if left <= 0:
            return total
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            return total
        if not data:
            return total
        total += len(data)
        last = time.monotonic()


def main():
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    child = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=slave, stderr=subprocess.DEVNULL, env=env,
                             start_new_session=True, pass_fds=())
    os.close(slave)
    missed = 0
    try:
        for name, keys, target in STEPS:
            if keys:
                os.write(master, keys)
            count = drain(master, QUIET)
            verdict = "" if target is None else ("target <= %d: %s" % (target, "met" if count <= target else "MISSED"))
            missed += target is not None and count > target
            print("%-44s%8d bytes  %s" % (name, count, verdict))
        os.write(master, b"q")
        drain(master, 0.3)
    finally:
        try:
            child.wait(timeout=3)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGTERM)
            child.wait()
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
