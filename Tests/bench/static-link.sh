#!/usr/bin/env bash
# Start-up and size of a release mapterm with the Swift runtime and Foundation linked in
# (--static-swift-stdlib, what `make release` builds) against one that loads them from the toolchain's
# shared libraries: `mapterm --version`, a whole `render` at z0 and at z15 (80x24, offline, no places
# file but the shipped ones), each the median of RUNS timed runs (30 by default) after 2 untimed, the
# two binaries taking turns run by run; then the size of each binary, as built and with its debug
# information stripped (as `make install` installs it), and of the Swift libraries the dynamic one loads.
# Usage: static-link.sh path/to/static/mapterm path/to/dynamic/mapterm [runs]
set -u
static=$(realpath "${1:?usage: static-link.sh STATIC DYNAMIC [runs]}")
dynamic=$(realpath "${2:?usage: static-link.sh STATIC DYNAMIC [runs]}")
runs=${3:-30}
here=$(cd "$(dirname "$0")" && pwd)
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" XDG_CONFIG_HOME="$home/config"
export XDG_CACHE_HOME="$home/cache" LANG=C.UTF-8 LC_ALL=C.UTF-8 MAPTERM_RESOURCES="$here/../../Resources"
# One case: a label and the arguments.
cases=(
  "--version|--version"
  "render z0|render --center 0,0 --zoom 0 --size 80x24 --offline"
  "render z15|render --center 37.7793,-122.4193 --zoom 15 --size 80x24 --offline"
)
# run_once BINARY ARGS...: one run, its wall time in microseconds on stdout.
run_once() {
  local binary=$1 start end
  shift
  start=${EPOCHREALTIME/./}
  "$binary" "$@" > "$home/out" 2> "$home/err" ||
    { echo "static-link: $binary $* failed: $(head -c 300 "$home/err")" >&2; exit 1; }
  end=${EPOCHREALTIME/./}
  echo $(( end - start ))
}
median() { sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m / 1000 }'; }
ldd "$static" | grep -iE 'swift|Foundation|dispatch|BlocksRuntime' &&
  { echo "static-link: the static binary loads Swift libraries"; exit 1; }
echo "static-link: ${runs} runs each, taking turns (median ms; static vs dynamic)"
for entry in "${cases[@]}"; do
  label=${entry%%|*}
  read -r -a args <<< "${entry#*|}"
  : > "$home/static.times"
  : > "$home/dynamic.times"
  for warm in 1 2; do run_once "$static" "${args[@]}" >/dev/null || exit 1; run_once "$dynamic" "${args[@]}" >/dev/null || exit 1; done
  for i in $(seq "$runs"); do
    if [ $((i % 2)) -eq 0 ]; then
      run_once "$static" "${args[@]}" >> "$home/static.times" || exit 1
      run_once "$dynamic" "${args[@]}" >> "$home/dynamic.times" || exit 1
    else
      run_once "$dynamic" "${args[@]}" >> "$home/dynamic.times" || exit 1
      run_once "$static" "${args[@]}" >> "$home/static.times" || exit 1
    fi
  done
  printf '  %-10s static %7s ms   dynamic %7s ms\n' "$label" \
    "$(median < "$home/static.times")" "$(median < "$home/dynamic.times")"
done
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
stripped_size() { strip --strip-debug -o "$home/stripped" "$1" && stat -c %s "$home/stripped"; }
swift_libraries=$(ldd "$dynamic" | awk '$3 ~ /swift/ { print $3 }' | sort -u)
# shellcheck disable=SC2086 # one path a word
libraries_size=$(stat -L -c %s $swift_libraries | awk '{ s += $1 } END { print s + 0 }')
echo "static-link: size as built / debug info stripped"
echo "  static   $(mib "$(stat -c %s "$static")") / $(mib "$(stripped_size "$static")")"
echo "  dynamic  $(mib "$(stat -c %s "$dynamic")") / $(mib "$(stripped_size "$dynamic")")" \
  "+ $(mib "$libraries_size") of $(echo "$swift_libraries" | wc -l) Swift libraries from the toolchain"
