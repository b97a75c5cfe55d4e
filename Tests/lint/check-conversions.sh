#!/usr/bin/env bash
# No trapping conversion of outside numbers in parser and adapter code: `Int(x)` of a Double traps on
# NaN, an infinity or a value beyond Int, and a narrowing `Int32(x)`/`UInt8(x)`/... or `Int(aUInt64)`
# traps beyond the target's range. Flags, line by line (comments aside):
#   1. an integer initialiser without a label (exactly:, clamping:, truncatingIfNeeded:, bitPattern:)
#      on a line that handles floating point (Double, Float, .doubleValue, .rounded(, floor( ...);
#   2. a narrowing initialiser (Int8/16/32, UInt, UInt8/16/32) without a label, of a count, length,
#      offset or size;
#   3. `Int(` without a label of a varint or a UInt64 read;
#   4. numericCast(, which traps like the plain initialisers.
# Use `checkedInt(in:)`/`clampedInt(in:)` (GeoCore), `Int(exactly:)` or `Int(clamping:)` instead, or end
# a line proven safe with `// checked: <why>` (or put that comment on the line above). Usage: check-conversions.sh [FILE...] (default: the
# parser and adapter modules). Prints every violation and exits 1 if there is one.
set -u
cd "$(dirname "$0")/../.."
if [ $# -gt 0 ]; then files=("$@"); else
  mapfile -t files < <(find Sources/TileSources Sources/VectorTiles Sources/Network Sources/Places \
    Sources/Layers Sources/Storage Sources/mapterm -name '*.swift' | sort)
fi
unlabelled='(?!exactly:|clamping:|truncatingIfNeeded:|bitPattern:|ascii:)'
float='doubleValue|floatValue|\bDouble\b|\bFloat\b|\.rounded\(|\b(floor|ceil|round|trunc|log|log2|log10|pow|sqrt)\(|squareRoot\('
rules=(
  "float to integer|\\bU?Int(8|16|32|64)?\\($unlabelled(?=.*($float))"
  "float to integer|($float).*\\bU?Int(8|16|32|64)?\\($unlabelled"
  "narrowing a count|\\b(U?Int(8|16|32)|UInt)\\($unlabelled[^()]*(\\.count|[lL]ength|[oO]ffset|[sS]ize)\\b"
  "UInt64 to Int|\\bInt\\($unlabelled[^()]*(readVarint|varint\\(|uint64\\(|UInt64\\()"
  "numericCast|\\bnumericCast\\("
)
status=0
for rule in "${rules[@]}"; do
  name=${rule%%|*} pattern=${rule#*|}
  hits=$(grep -nHP -- "$pattern" "${files[@]}" | grep -vP '^[^:]+:[0-9]+:\s*//' | grep -vP '//\s*checked:\s*\S' |
    while IFS=: read -r file line rest; do
      sed -n "$((line - 1))p" "$file" | grep -qP '^\s*//\s*checked:\s*\S' || printf '%s:%s:%s\n' "$file" "$line" "$rest"
    done)
  if [ -n "$hits" ]; then
    echo "trapping conversion ($name): use checkedInt/clampedInt, Int(exactly:) or Int(clamping:), or mark it '// checked: <why>' (on the line or the one above):"
    echo "$hits"; status=1
  fi
done
[ $status -eq 0 ] && echo "conversion rule: ok"
exit $status
