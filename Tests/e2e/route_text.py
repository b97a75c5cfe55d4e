"""The route the OSRM server at URL answers from FROM to TO, as the map and `mapterm route` must print
it, computed here from the server's JSON independently of the program: the status-bar figures
("1.1 km (0.7 mi) · 2 min 8 s") on the first line, then each step's street name (non-empty ones).

usage: route_text.py URL FROM_LAT,FROM_LON TO_LAT,TO_LON
"""
import json
import math
import sys
import urllib.request


def whole(x):
    return math.floor(x + 0.5)


def distance(metres):
    if metres < 999.5:
        return f"{whole(metres)} m"
    km = metres / 1000
    return f"{km:.1f} km ({km / 1.609344:.1f} mi)"


def duration(seconds):
    s = whole(seconds)
    if s < 60:
        return f"{s} s"
    if s < 600:
        return f"{s // 60} min {s % 60} s"
    minutes = whole(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    if minutes < 24 * 60:
        return f"{minutes // 60} h {minutes % 60:02d} min"
    return f"{minutes // 1440} d {minutes % 1440 // 60} h"


def main():
    url, start, end = sys.argv[1:4]
    (a_lat, a_lon), (b_lat, b_lon) = (map(float, p.split(",")) for p in (start, end))
    query = f"{url}/route/v1/driving/{a_lon},{a_lat};{b_lon},{b_lat}?overview=full&geometries=polyline6&steps=true"
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(query, timeout=10) as answer:
        route = json.load(answer)["routes"][0]
    print(f"{distance(route['distance'])} · {duration(route['duration'])}")
    for leg in route["legs"]:
        for step in leg["steps"]:
            if step["name"]:
                print(step["name"])


main()
