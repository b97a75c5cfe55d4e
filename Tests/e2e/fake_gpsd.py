#!/usr/bin/env python3
"""A hostile stand-in for gpsd on a loopback port (for suite-24-gps.sh).

    fake_gpsd.py PORT_FILE

Answers every connection with a VERSION line, then, once a second, one round of bad lines: a TPV whose
device and a class name carry escape sequences (a title change to "pwned", red text), a line that is
not JSON, a line of 100 KiB, a position beyond the poles, and then a good fix at 48.8584, 2.2945.
"""
import json
import socket
import sys
import threading
import time

ESC = "\x1b"
ROUND = [
    json.dumps({"class": "TPV", "device": ESC + "]2;pwned\x07" + ESC + "[31mRED", "mode": 1}),
    "\x1b[2J not json at all \x07",
    "{" + "x" * (100 * 1024) + "}",
    json.dumps({"class": "TPV", "mode": 3, "lat": 91.5, "lon": 2.29}),
    json.dumps({"class": ESC + "]2;pwned\x07", "lat": 1}),
    json.dumps({"class": "TPV", "mode": 3, "lat": 48.8584, "lon": 2.2945, "eph": 6.0,
                "time": "2026-12-02T12:00:00.000Z"}),
]


def serve(conn):
    try:
        conn.sendall(b'{"class":"VERSION","release":"3.22","rev":"fake","proto_major":3,"proto_minor":14}\n')
        while True:
            for line in ROUND:
                conn.sendall(line.encode("utf-8", "surrogateescape") + b"\n")
            time.sleep(1)
    except OSError:
        pass
    finally:
        conn.close()


def main():
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    with open(sys.argv[1] + ".tmp", "w") as f:
        f.write(str(listener.getsockname()[1]))
    import os
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    main()
