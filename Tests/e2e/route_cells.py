"""Compares two captures of the same view (`tmux capture-pane -e -p`): the cells the route colour
drew in the first, and whether each shows a street's braille dots in the second, taken after the
route was cleared. Prints the counts; exits 1 unless there are at least MIN route cells and at least
FRACTION of them lie on street cells.

usage: route_cells.py WITH_ROUTE WITHOUT_ROUTE COLOR MIN FRACTION
"""
import re
import sys

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def cells(text):
    """Each line as a list of (character, foreground colour or None)."""
    rows = []
    for line in text.split("\n"):
        row, fg, pos = [], None, 0
        for match in SGR.finditer(line):
            row += [(ch, fg) for ch in line[pos:match.start()]]
            params = [int(p) if p else 0 for p in match.group(1).split(";")]
            i = 0
            while i < len(params):
                p = params[i]
                if p in (0, 39):
                    fg = None
                elif p == 38 and i + 2 < len(params) and params[i + 1] == 5:
                    fg, i = params[i + 2], i + 2
                elif 30 <= p <= 37 or 90 <= p <= 97:
                    fg = p
                i += 1
            pos = match.end()
        row += [(ch, fg) for ch in line[pos:]]
        rows.append(row)
    return rows


def is_dots(ch):
    return 0x2801 <= ord(ch) <= 0x28FF


def main():
    with_route, without_route = (cells(open(path, encoding="utf-8").read()) for path in sys.argv[1:3])
    color, least, fraction = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    route = [(r, c) for r, row in enumerate(with_route[:-1]) for c, (ch, fg) in enumerate(row)
             if fg == color and is_dots(ch)]
    on_street = [(r, c) for r, c in route
                 if r < len(without_route) and c < len(without_route[r]) and is_dots(without_route[r][c][0])]
    print(f"  {len(route)} route cells, {len(on_street)} on street cells")
    sys.exit(0 if len(route) >= least and len(on_street) >= fraction * len(route) else 1)


main()
