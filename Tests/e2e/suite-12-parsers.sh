# Numbers and sizes from outside are checked before they are used: a TileJSON whose zoom is 1e300 or
# 2^63 - 1 is one clear line (it used to stop the program with "Double value cannot be converted to
# Int", exit 132), in render and in the map; a PMTiles archive whose 32 KiB root directory inflates to
# 32 MiB is refused with the reason while memory stays small (it used to cost over 300 MB).

parsers_dir=$(mktemp -d)
# A static file server on 127.0.0.1 for the TileJSON documents; it writes its port to a file.
python3 - "$parsers_dir" <<'PY' 2>/dev/null &
import functools, http.server, os, sys
root = sys.argv[1]
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
with open(os.path.join(root, "port.tmp"), "w") as f: f.write(str(server.server_address[1]))
os.replace(os.path.join(root, "port.tmp"), os.path.join(root, "port"))
server.serve_forever()
PY
parsers_pid=$!
trap 'kill $parsers_pid 2>/dev/null; tm kill-server 2>/dev/null' EXIT
for _ in $(seq 250); do [ -s "$parsers_dir/port" ] && break; sleep 0.02; done
parsers_url="http://127.0.0.1:$(cat "$parsers_dir/port")"
export no_proxy="127.0.0.1,localhost"

# tilejson NAME KEY VALUE: a TileJSON at $parsers_url/NAME.json whose KEY (minzoom or maxzoom) is VALUE.
tilejson() {
  local other=maxzoom; [ "$2" = maxzoom ] && other=minzoom
  printf '{"tilejson": "3.0.0", "tiles": ["%s/tiles/{z}/{x}/{y}.pbf"], "%s": %s, "%s": 5}\n' \
    "$parsers_url" "$2" "$3" "$other" > "$parsers_dir/$1.json"
}

huge_tilejson_zooms_are_one_line_not_a_crash() {
  local key value n=0 out status
  for key in minzoom maxzoom; do
    for value in 1e300 -1e300 9223372036854775807; do
      n=$((n + 1)); tilejson "zoom$n" "$key" "$value"
      out=$("$MAPTERM" render --center 39.96,-83 --zoom 12 --size 60x20 --timeout 5 \
        --tiles "$parsers_url/zoom$n.json" 2>&1 >/dev/null)
      status=$?
      out=$(printf '%s\n' "$out" | grep -v 'places database (first run)')
      echo "  $key $value: exit $status, $out"
      [ $status -eq 2 ] && [ "$(printf '%s\n' "$out" | grep -c .)" -eq 1 ] &&
        printf '%s' "$out" | grep -q "TileJSON $key .* is not a zoom from 0 to 30" || return 1
    done
  done
}

the_map_survives_a_huge_tilejson_zoom() {
  tilejson live maxzoom 1e300
  start 100 30 --center 39.96,-83 --zoom 12 --tiles "$parsers_url/live.json"
  wait_for 'z 12\.0' 5 || return 1
  # The crash came 0.7 s in, once the document arrived; "tiles failing" shows it was read and refused.
  wait_for 'tiles failing' 10 || return 1
  keys +
  wait_for 'z 13\.0' 5 || return 1
  keys q
  wait_for '\[exit 0 stty same\]' 5
}

# pmtiles_bomb FILE: a 127-byte header and a gzip root directory of 8 388 600 one-byte tiles: about
# 32 KiB stored, 32 MiB inflated, 8 million entries.
pmtiles_bomb() {
  python3 - "$1" <<'PY'
import gzip, struct, sys
n = 8_388_600
def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80); v >>= 7
    return bytes(out + bytes([v]))
root = gzip.compress(varint(n) + b"\x00" + b"\x01" * (n - 1) + b"\x01" * (2 * n) + b"\x01" + b"\x00" * (n - 1), 9)
tiles = b"\x00" * 16
sections = [(127, len(root)), (127 + len(root), 0), (127 + len(root), 0), (127 + len(root), len(tiles))]
header = b"PMTiles\x03" + b"".join(struct.pack("<QQ", o, l) for o, l in sections) + struct.pack("<QQQ", 0, 0, 0)
header += bytes([1, 2, 1, 1, 0, 14]) + struct.pack("<iiii", -1800000000, -850000000, 1800000000, 850000000)
header += bytes([0]) + struct.pack("<ii", 0, 0)
assert len(header) == 127
open(sys.argv[1], "wb").write(header + root + tiles)
PY
}

# peak_rss_kib ARGS...: runs ARGS, prints "STATUS PEAK_RSS_KiB" and the standard error after it.
peak_rss_kib() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys
run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.stdout.write(run.stderr)
PY
}

a_pmtiles_directory_bomb_is_refused_in_little_memory() {
  pmtiles_bomb "$parsers_dir/bomb.pmtiles"
  local size; size=$(stat -c %s "$parsers_dir/bomb.pmtiles")
  local report; report=$(peak_rss_kib "$MAPTERM" render --center 0,0 --zoom 2 --size 60x20 --tiles "$parsers_dir/bomb.pmtiles")
  local status rss; read -r status rss <<< "$(printf '%s\n' "$report" | head -1)"
  local err; err=$(printf '%s\n' "$report" | tail -n +2)
  echo "  $size-byte archive: exit $status, peak RSS $((rss / 1024)) MiB, $err"
  [ "$status" -eq 2 ] && [ "$rss" -lt $((80 * 1024)) ] &&
    printf '%s' "$err" | grep -q 'root directory is larger than 1048576 bytes uncompressed'
}

check "TileJSON zooms of 1e300, -1e300, 2^63-1: one line and exit 2, never a crash" huge_tilejson_zooms_are_one_line_not_a_crash
check "the map says tiles are failing on a TileJSON's huge zoom and keeps running" the_map_survives_a_huge_tilejson_zoom
check "a PMTiles root directory bomb is refused with the reason, in little memory" a_pmtiles_directory_bomb_is_refused_in_little_memory
tm kill-server 2>/dev/null
kill $parsers_pid 2>/dev/null
trap 'tm kill-server 2>/dev/null' EXIT
rm -rf "$parsers_dir"
