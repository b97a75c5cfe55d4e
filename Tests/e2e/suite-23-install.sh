# `make install`, `make uninstall` and `make deb` with the binary under test (RELEASE_BIN=$MAPTERM, so
# nothing is rebuilt): the installed program run from an unrelated folder, its man page, what uninstall
# leaves, the refusals (a relative PREFIX, a DESTDIR that cannot be written), a data folder half
# removed, and the Debian package unpacked into a scratch root.

install_repo=$(cd "$here/../.." && pwd)
install_home=$(mktemp -d)
chmod 755 "$install_home"
install_view=(render --center 37.78,-122.41 --zoom 12 --size 80x24 --offline)

# make_in DESTDIR PREFIX TARGET...: make in the repository with the binary under test; output in $install_home/make.out.
make_in() {
  local destdir=$1 prefix=$2; shift 2
  make --no-print-directory -C "$install_repo" "$@" RELEASE_BIN="$MAPTERM" DESTDIR="$destdir" PREFIX="$prefix" \
    > "$install_home/make.out" 2>&1
}

# runs_from_elsewhere BINARY: a render, a search and --help from / (no Resources anywhere above it).
runs_from_elsewhere() {
  local binary=$1 out
  out=$(cd / && "$binary" "${install_view[@]}" 2>&1) || { echo "render: $out" | head -3; return 1; }
  [ "$(printf '%s' "$out" | python3 -c 'import sys; print(sum(0x2800 < ord(c) <= 0x28FF for c in sys.stdin.read()))')" -ge 500 ] \
    || { echo "render drew no map: $out" | head -3; return 1; }
  out=$(cd / && "$binary" search Paris --limit 3 2>&1) || { echo "search: $out" | head -3; return 1; }
  printf '%s\n' "$out" | grep -q 'Paris' || { echo "search found no Paris: $out"; return 1; }
  (cd / && "$binary" --help) | grep -q '^usage:' || { echo "--help printed no usage"; return 1; }
}

installed_runs_from_elsewhere() {
  local dest="$install_home/dest" file
  make_in "$dest" /usr install || { cat "$install_home/make.out"; return 1; }
  for file in bin/mapterm share/mapterm/world.mbtiles share/mapterm/places/airports.csv \
    share/mapterm/gazetteer/search.bin share/man/man1/mapterm.1 share/bash-completion/completions/mapterm \
    share/zsh/site-functions/_mapterm share/fish/vendor_completions.d/mapterm.fish; do
    [ -s "$dest/usr/$file" ] || { echo "not installed: $file"; return 1; }
  done
  # The data only: no tools, no READMEs.
  [ -z "$(find "$dest/usr/share/mapterm" -name '*.py' -o -name '*.md' -o -name tools)" ] || return 1
  ! ldd "$dest/usr/bin/mapterm" | grep -qi swift || { echo "the installed binary loads Swift libraries"; return 1; }
  runs_from_elsewhere "$dest/usr/bin/mapterm" || return 1
  # A symbolic link elsewhere (as on a PATH) finds the data of the program it points to.
  mkdir -p "$install_home/links" && ln -sf "$dest/usr/bin/mapterm" "$install_home/links/mapterm"
  runs_from_elsewhere "$install_home/links/mapterm"
}

installed_manual_reads_without_warnings() {
  local page="$install_home/dest/usr/share/man/man1/mapterm.1"
  [ -s "$page" ] || { echo "no installed man page"; return 1; }
  groff -ww -man -Tutf8 -z "$page" 2> "$install_home/groff.err" && [ ! -s "$install_home/groff.err" ] \
    || { head -5 "$install_home/groff.err"; return 1; }
  MANWIDTH=100 man -P cat -l "$page" > "$install_home/man.out" 2> "$install_home/man.err" \
    && [ ! -s "$install_home/man.err" ] && grep -q '^NAME' "$install_home/man.out" \
    || { head -5 "$install_home/man.err"; return 1; }
}

uninstall_leaves_the_tree_empty() {
  local dest="$install_home/dest"
  make_in "$dest" /usr uninstall || { cat "$install_home/make.out"; return 1; }
  [ -z "$(find "$dest" -mindepth 1)" ] || { echo "left behind:"; find "$dest" -mindepth 1 | head; return 1; }
}

uninstall_keeps_what_was_there_before() {  # an existing folder and a file of someone else's stay
  local dest="$install_home/shared"
  mkdir -p "$dest/usr/share/man/man1" && echo other > "$dest/usr/share/man/man1/other.1"
  make_in "$dest" /usr install && make_in "$dest" /usr uninstall || { cat "$install_home/make.out"; return 1; }
  [ "$(cd "$dest" && find . -mindepth 1 | sort | tr '\n' ' ')" = \
    "./usr ./usr/share ./usr/share/man ./usr/share/man/man1 ./usr/share/man/man1/other.1 " ] \
    || { find "$dest" -mindepth 1; return 1; }
}

reinstall_then_uninstall_is_clean() {  # a second install replaces the first; one uninstall takes all
  local dest="$install_home/twice"
  make_in "$dest" /usr install && make_in "$dest" /usr install && make_in "$dest" /usr uninstall \
    || { cat "$install_home/make.out"; return 1; }
  [ -z "$(find "$dest" -mindepth 1)" ] || { find "$dest" -mindepth 1 | head; return 1; }
}

prefix_with_spaces_works() {
  local dest="$install_home/spaces"
  make_in "$dest" "/opt/my maps" install || { cat "$install_home/make.out"; return 1; }
  runs_from_elsewhere "$dest/opt/my maps/bin/mapterm" || return 1
  make_in "$dest" "/opt/my maps" uninstall || { cat "$install_home/make.out"; return 1; }
  [ -z "$(find "$dest" -mindepth 1 ! -path "$dest/opt")" ] || { find "$dest" -mindepth 1; return 1; }
}

relative_prefix_is_refused() {
  local dest="$install_home/relative"
  make_in "$dest" "usr/local" install && return 1
  grep -qx 'mapterm install: PREFIX must be an absolute path, not "usr/local"' "$install_home/make.out" \
    || { cat "$install_home/make.out"; return 1; }
  [ ! -e "$dest" ]
}

# refused_cleanly DESTDIR LINE: install into DESTDIR fails with LINE and leaves no staging folder in
# its TMPDIR (a private one: other programs write to /tmp meanwhile).
refused_cleanly() {
  local dest=$1 line=$2 scratch="$install_home/tmp-$RANDOM"
  mkdir -m 1777 "$scratch"
  "${as_user[@]}" env TMPDIR="$scratch" make --no-print-directory -C "${repo:-$install_repo}" install \
    RELEASE_BIN="${binary:-$MAPTERM}" \
    DESTDIR="$dest" PREFIX=/usr > "$install_home/make.out" 2>&1 && { echo "install succeeded"; return 1; }
  grep -qxF "$line" "$install_home/make.out" || { cat "$install_home/make.out"; return 1; }
  [ -z "$(find "$scratch" -mindepth 1)" ] || { echo "a staging folder was left"; return 1; }
}

destdir_under_a_file_is_refused() {
  local as_user=()
  echo file > "$install_home/file"
  refused_cleanly "$install_home/file/dest" \
    "mapterm install: cannot install into $install_home/file/dest/usr: $install_home/file is not a folder (nothing was written)"
}

# As nobody when run as root (root may write anywhere), from a copy of what make install reads that
# nobody may read: the checkout may sit in a folder only root can enter (mktemp -d makes them so).
unwritable_destdir_is_refused() {
  local as_user=() dest="$install_home/readonly" repo=$install_repo binary=$MAPTERM
  mkdir -p "$dest" && chmod 555 "$dest"
  if [ "$(id -u)" -eq 0 ]; then
    as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=/nonexistent)
    repo="$install_home/repo" binary="$install_home/repo/mapterm"
    mkdir -p "$repo" && cp -r "$install_repo/Makefile" "$install_repo/packaging" "$install_repo/Resources" "$repo/" \
      && cp "$MAPTERM" "$binary" && chmod -R a+rX "$repo" || return 1
  fi
  refused_cleanly "$dest" "mapterm install: cannot install into $dest/usr: $dest is not writable (nothing was written)" \
    || return 1
  [ -z "$(find "$dest" -mindepth 1)" ]
}

a_failed_copy_takes_back_what_it_copied() {  # a folder where the world file goes: cp fails midway
  local dest="$install_home/midway"
  mkdir -p "$dest/usr/share/mapterm/world.mbtiles"
  make_in "$dest" /usr install && { echo "install succeeded"; return 1; }
  grep -qx "mapterm install: copying into $dest/usr failed; what was copied was taken back" "$install_home/make.out" \
    || { cat "$install_home/make.out"; return 1; }
  [ "$(cd "$dest" && find . -mindepth 1 | sort | tr '\n' ' ')" = \
    "./usr ./usr/share ./usr/share/mapterm ./usr/share/mapterm/world.mbtiles " ] || { find "$dest" -mindepth 1; return 1; }
}

missing_data_is_named() {  # after a partial uninstall, the program says what is missing
  local dest="$install_home/partial" out status
  make_in "$dest" /usr install || { cat "$install_home/make.out"; return 1; }
  rm -r "$dest/usr/share/mapterm/places"
  out=$(cd / && "$dest/usr/bin/mapterm" "${install_view[@]}" 2>&1); status=$?
  [ $status -eq 1 ] && [ "$out" = "mapterm: mapterm's data folder $dest/usr/share/mapterm is incomplete, missing: places/ (reinstall: make install)" ] \
    || { echo "exit $status: $out"; return 1; }
  rm -r "$dest/usr/share/mapterm"
  out=$(cd / && "$dest/usr/bin/mapterm" search Paris 2>&1); status=$?
  [ $status -eq 1 ] && printf '%s\n' "$out" | grep -qF "looked in: a Resources folder in $dest/usr/bin or up to 8 folders above it; $dest/usr/share/mapterm. Install them (make install) or set MAPTERM_RESOURCES" \
    || { echo "exit $status: $out"; return 1; }
}

deb_installs_into_a_scratch_root() {
  local debs="$install_home/debs" root="$install_home/root" deb info
  make --no-print-directory -C "$install_repo" deb RELEASE_BIN="$MAPTERM" DEB_DIR="$debs" > "$install_home/make.out" 2>&1 \
    || { cat "$install_home/make.out"; return 1; }
  deb=$(ls "$debs"/mapterm_*_"$(dpkg --print-architecture)".deb) || return 1
  [ "$(basename "$deb")" = "mapterm_$("$MAPTERM" --version | awk '{ print $2 }')_$(dpkg --print-architecture).deb" ] || return 1
  info=$(dpkg-deb --field "$deb" Depends)
  for package in libc6 libncursesw6 libtinfo6 libsqlite3-0 zlib1g 'libcurl4 | libcurl3-gnutls'; do
    printf '%s\n' "$info" | grep -qF "$package" || { echo "Depends lacks $package: $info"; return 1; }
  done
  dpkg-deb --contents "$deb" > "$install_home/contents" || return 1
  for file in usr/share/doc/mapterm/copyright usr/share/man/man1/mapterm.1.gz \
    usr/share/bash-completion/completions/mapterm usr/share/zsh/site-functions/_mapterm \
    usr/share/fish/vendor_completions.d/mapterm.fish; do
    grep -q " \./$file\$" "$install_home/contents" || { echo "the package lacks $file"; return 1; }
  done
  dpkg -x "$deb" "$root" || return 1
  ! ldd "$root/usr/bin/mapterm" | grep -qi swift || return 1
  runs_from_elsewhere "$root/usr/bin/mapterm" || return 1
  # The copyright file covers every data file the package ships.
  for file in $(cd "$root" && find usr/share/mapterm -type f); do
    grep -qE "^(Files:)? +$file\$" "$root/usr/share/doc/mapterm/copyright" || { echo "copyright lacks $file"; return 1; }
  done
}

check "make install DESTDIR PREFIX=/usr: the installed binary runs from / and through a link" installed_runs_from_elsewhere
if command -v groff >/dev/null && command -v man >/dev/null; then
  check "the installed man page: groff -ww and man -l without warnings" installed_manual_reads_without_warnings
else
  echo "skip the installed man page: groff or man is missing (.ci/run installs groff-base and man-db)"
fi
check "make uninstall leaves the tree empty" uninstall_leaves_the_tree_empty
check "make uninstall keeps a folder and a file that were there before" uninstall_keeps_what_was_there_before
check "install twice, uninstall once: nothing left" reinstall_then_uninstall_is_clean
check "PREFIX with spaces installs, runs and uninstalls" prefix_with_spaces_works
check "a relative PREFIX is refused in one line, nothing written" relative_prefix_is_refused
check "a DESTDIR under a file is refused in one line, nothing written" destdir_under_a_file_is_refused
check "an unwritable DESTDIR is refused in one line, nothing written" unwritable_destdir_is_refused
check "a copy failing midway takes back what it had copied" a_failed_copy_takes_back_what_it_copied
check "a data folder half removed: the program names what is missing" missing_data_is_named
if command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null; then
  check "make deb: Depends, copyright, man page, completions; unpacked, it runs from /" deb_installs_into_a_scratch_root
else
  echo "skip make deb: dpkg-dev is not installed (.ci/run installs it)"
fi
rm -rf "$install_home"
