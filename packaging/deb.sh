#!/usr/bin/env bash
# `make deb`: OUT/mapterm_<version>_<arch>.deb with dpkg-deb, installing in /usr what `make install`
# does (packaging/install.sh stage; the man page gzipped, as Debian keeps them) plus
# /usr/share/doc/mapterm/copyright (packaging/copyright, DEP-5: every data source and its licence).
# Depends is computed by dpkg-shlibdeps from the libraries the binary links, with the minimum versions of
# their symbols files, plus libcurl (opened with dlopen at the first download); libpq, opened only for a
# PostGIS places source, is Recommends. The result is checked: every library `ldd` lists must belong
# to a package named in Depends, and no Swift library may be among them.
# Usage: deb.sh path/to/mapterm OUT
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=$(realpath "${1:?usage: deb.sh path/to/mapterm OUT}")
out=${2:?usage: deb.sh path/to/mapterm OUT}
fail() {
  echo "mapterm deb: $*" >&2
  exit 1
}
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture; do
  command -v "$tool" >/dev/null || fail "$tool is missing (Debian package dpkg-dev)"
done
version=$("$binary" --version | awk '{ print $2 }')
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || fail "cannot read the version from $binary --version"
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree="$work/mapterm_${version}_$arch"
bash "$here/install.sh" stage "$binary" "$tree/usr"
gzip -9n "$tree/usr/share/man/man1/mapterm.1"
install -D -m 644 "$here/copyright" "$tree/usr/share/doc/mapterm/copyright"
ldd "$tree/usr/bin/mapterm" | grep -iE 'swift|libFoundation|libdispatch|BlocksRuntime' &&
  fail "the binary loads Swift libraries: build it with --static-swift-stdlib (make release)"

# dpkg-shlibdeps reads debian/control for the package's name; a minimal one in a scratch folder.
mkdir -p "$work/src/debian"
printf 'Source: mapterm\n\nPackage: mapterm\nArchitecture: any\n' > "$work/src/debian/control"
shlibs=$(cd "$work/src" && dpkg-shlibdeps -O "$tree/usr/bin/mapterm" 2>"$work/shlibdeps.err") ||
  fail "dpkg-shlibdeps failed: $(head -c 400 "$work/shlibdeps.err")"
linked=${shlibs#shlibs:Depends=}
depends="$linked, libcurl4 | libcurl3-gnutls"
# owner LIBRARY: the package holding LIBRARY, as dpkg recorded the path (with a merged /usr, /lib and
# /usr/lib are one folder and dpkg knows each file under one of the two names).
owner() {
  local real candidate
  real=$(realpath "$1")
  for candidate in "$1" "$real" "${real#/usr}" "/usr$1"; do
    dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1 | grep . && return 0
  done
  return 1
}
# The check: the package of every library ldd resolves is in Depends.
while read -r library; do
  package=$(owner "$library") || fail "no package owns $library"
  [[ ", $depends," == *", $package "* || ", $depends," == *", $package,"* ]] ||
    fail "Depends ($depends) lacks $package, which holds $library"
done < <(ldd "$tree/usr/bin/mapterm" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')

mkdir -p "$tree/DEBIAN"
cat > "$tree/DEBIAN/control" <<EOF
Package: mapterm
Version: $version
Architecture: $arch
Maintainer: mapterm developers <mapterm@invalid>
Installed-Size: $(du -sk "$tree/usr" | cut -f1)
Depends: $depends
Recommends: libpq5
Section: utils
Priority: optional
Description: map of the world in the terminal
 mapterm draws vector tiles in braille and colour in a terminal: an
 interactive map, one-shot renders, place search, routes, layers (GeoJSON,
 CSV, GPX) and pins. It ships a world basemap, street samples, airports,
 restrooms and an offline gazetteer; remote tiles and routes need a network.
EOF
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$tree" "$out/mapterm_${version}_$arch.deb" >/dev/null
echo "$out/mapterm_${version}_$arch.deb"
