#!/usr/bin/env python3
"""A loopback NMEA 0183 source for the gpsd of the tests (Tests/services/gpsd.sh starts it).

Listens on 127.0.0.1 (port PORT, 0: one the system picks, written to --port-file once listening) and
sends every connected client (gpsd, reading it as tcp://127.0.0.1:PORT) one cycle of sentences RATE
times a second: GGA then RMC, with correct checksums, at the current UTC time.

What a cycle says is read from the control file at every cycle (a missing or empty file: `nofix`):
  LAT LON [SPEED_KNOTS [TRACK]]   a 3D fix there (degrees; speed in knots, track in degrees, both 0
                                  when left out); `backwards`, `jump` and `garbage` take the same
                                  position words after them
  nofix                           sentences without a fix (GGA quality 0, RMC status V)
  silent                          nothing at all (the connection stays open)
  garbage [LAT LON ...]           a line of junk (bad checksum, escape sequences, binary) before the fix
  backwards LAT LON [...]         the fix with the time going back two seconds a cycle
  jump LAT LON [...]              the fix alternating each cycle between LAT LON and 1 000 km north
Write the file whole (write a temporary file and rename it) so a cycle never reads half of it.
"""
import argparse
import os
import select
import socket
import sys
import time


def checksum(body):
    value = 0
    for char in body.encode("ascii"):
        value ^= char
    return "%02X" % value


def sentence(body):
    return ("$%s*%s\r\n" % (body, checksum(body))).encode("ascii")


def angle(value, positive, negative, degree_digits):
    hemisphere = positive if value >= 0 else negative
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60
    text = "%0*d%010.7f" % (degree_digits, degrees, minutes)
    return text, hemisphere


def cycle(command, stamp, jump_north):
    """The bytes of one cycle for `command` (the control file's words) at `stamp` (seconds since 1970)."""
    words = command.split()
    kind = words[0] if words and not is_number(words[0]) else "fix"
    if kind != "fix":
        words = words[1:]
    if kind == "silent":
        return b""
    moment = time.gmtime(stamp)
    clock = time.strftime("%H%M%S", moment) + ".%02d" % int((stamp % 1) * 100)
    date = time.strftime("%d%m%y", moment)
    if kind == "nofix" or len(words) < 2:
        return sentence("GPGGA,%s,,,,,0,00,99.9,,M,,M,," % clock) + sentence(
            "GPRMC,%s,V,,,,,,,%s,,,N" % (clock, date))
    lat, lon = float(words[0]), float(words[1])
    speed = float(words[2]) if len(words) > 2 else 0.0
    track = float(words[3]) if len(words) > 3 else 0.0
    if kind == "jump" and jump_north:
        lat = lat + 9.0 if lat <= 80 else lat - 9.0
    lat_text, ns = angle(lat, "N", "S", 2)
    lon_text, ew = angle(lon, "E", "W", 3)
    out = b""
    if kind == "garbage":
        out += b"$GPGGA,garbage*00\r\n\x1b]0;owned\x07\x1b[31mred\x00\xff\xfe not nmea\r\n"
    out += sentence("GPGGA,%s,%s,%s,%s,%s,1,08,0.9,12.5,M,0.0,M,," % (clock, lat_text, ns, lon_text, ew))
    out += sentence("GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,%s,,,A" % (clock, lat_text, ns, lon_text, ew, speed, track, date))
    return out


def is_number(word):
    try:
        float(word)
        return True
    except ValueError:
        return False


def read_control(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().strip()
    except OSError:
        return "nofix"


def main():
    parser = argparse.ArgumentParser(description="a loopback NMEA source for gpsd")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--control", required=True)
    parser.add_argument("--rate", type=float, default=1.0, help="cycles a second (default 1)")
    args = parser.parse_args()
    if not 0 < args.rate <= 100:
        sys.exit("nmea-feed.py: --rate must be in (0, 100]")
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", args.port))
    server.listen(8)
    with open(args.port_file + ".tmp", "w") as f:
        f.write("%d\n" % server.getsockname()[1])
    os.replace(args.port_file + ".tmp", args.port_file)
    clients = []
    period = 1.0 / args.rate
    next_cycle = time.monotonic()
    backwards_offset = 0.0
    count = 0
    while True:
        wait = max(0.0, next_cycle - time.monotonic())
        readable, _, _ = select.select([server] + clients, [], [], wait)
        for ready in readable:
            if ready is server:
                client, _ = server.accept()
                clients.append(client)
            else:
                try:
                    data = ready.recv(4096)
                except OSError:
                    data = b""
                if not data:
                    clients.remove(ready)
                    ready.close()
        if time.monotonic() < next_cycle:
            continue
        next_cycle += period
        if next_cycle < time.monotonic():
            next_cycle = time.monotonic() + period
        command = read_control(args.control)
        if command.split()[:1] == ["backwards"]:
            backwards_offset -= 2.0 + period
        payload = cycle(command, time.time() + backwards_offset, count % 2 == 1)
        count += 1
        for client in list(clients):
            try:
                client.sendall(payload)
            except OSError:
                clients.remove(client)
                client.close()


if __name__ == "__main__":
    main()
