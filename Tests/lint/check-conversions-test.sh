#!/usr/bin/env bash
# Proves check-conversions.sh catches what it is for: run on temporary files, it must fail on the
# TileJSON zoom code that trapped on 1e300 and on the other trapping forms, and pass their checked
# rewrites and a justified marker. Exits 1 on the first wrong verdict.
set -u
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0

# verdict EXPECTED(0|1) NAME SWIFT_TEXT
verdict() {
  printf '%s\n' "$3" > "$dir/$2.swift"
  bash "$here/check-conversions.sh" "$dir/$2.swift" > "$dir/$2.out" 2>&1
  local got=$?
  if [ "$got" -ne "$1" ]; then
    echo "check-conversions.sh gave $got, not $1, for $2:"; cat "$dir/$2.swift" "$dir/$2.out"; status=1
  fi
}

# The code of the crash, as it was in Sources/TileSources/TileJSON.swift.
verdict 1 old-tilejson-zoom '    static func zoom(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, number.doubleValue.isFinite else { return nil }
        return Int(number.doubleValue)
    }'
verdict 1 rounded-double 'let milliseconds = max(1, Int((timeout * 1000).rounded(.up)))'
verdict 1 narrowed-count 'sqlite3_bind_blob(handle, index, base, Int32(bytes.count), destructor)'
verdict 1 varint-to-int 'let length = Int(try reader.readVarint())'
verdict 1 numeric-cast 'let size: Int = numericCast(header.size)'
verdict 0 checked-zoom 'guard let zoom = number.doubleValue.checkedInt(.down, in: zoomRange) else { throw .bad }'
verdict 0 labelled 'let count = Int(exactly: stated); let small = Int32(clamping: bytes.count)'
verdict 0 marked 'let s = Int(km.rounded())  // checked: km is finite and below 1e6 (guarded above)'
verdict 0 marked-above '// checked: km is finite and below 1e6 (guarded above)
let s = Int(km.rounded())'
verdict 1 empty-marker 'let s = Int(km.rounded())  // checked:'
[ $status -eq 0 ] && echo "conversion rule catches the trapping forms: ok"
exit $status
