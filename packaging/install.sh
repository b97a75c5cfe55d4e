#!/usr/bin/env bash
# `make install`, `make uninstall` and the tree `make deb` packs. Reads PREFIX (absolute, default
# /usr/local; spaces allowed) and DESTDIR (a staging root, default none) from the environment.
#   install.sh install BINARY    copies into $DESTDIR$PREFIX: bin/mapterm (debug information stripped),
#                                share/mapterm (the data the program reads: tile files, style, places,
#                                gazetteer), the man page (share/man/man1/mapterm.1, from `mapterm
#                                manual`) and the bash, zsh and fish completions (from `mapterm
#                                completions SHELL`), and records what it put there, directories it
#                                created included, in share/mapterm/installed-files
#   install.sh uninstall         removes exactly the files of that record, then the directories it
#                                created if they are empty
#   install.sh stage BINARY DIR  writes the same files under DIR (as if PREFIX were DIR), for `make deb`
# Everything is made in a temporary folder first and every destination folder checked, so a refused
# install leaves nothing behind; a copy failing midway takes back what it had copied.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
resources="$here/../Resources"
manifest_name=share/mapterm/installed-files

fail() {
  printf 'mapterm %s: %s\n' "$action" "$*" >&2
  exit 1
}

# The data files the program reads at run time, relative to Resources (no tools, no READMEs).
data_files() {
  (cd "$resources" && ls world.mbtiles monaco.mbtiles bayarea.mbtiles style-dark.json places/*.csv gazetteer/*.bin)
}

# stage BINARY DIR: the installed files under DIR (bin/, share/).
stage() {
  local binary=$1 dir=$2 file
  [ -x "$binary" ] || fail "no built binary at $binary (make release builds it)"
  mkdir -p "$dir/bin" "$dir/share/mapterm" "$dir/share/man/man1" "$dir/share/bash-completion/completions" \
    "$dir/share/zsh/site-functions" "$dir/share/fish/vendor_completions.d"
  strip --strip-debug -o "$dir/bin/mapterm" "$binary" || fail "cannot copy and strip $binary"
  chmod 755 "$dir/bin/mapterm"
  while IFS= read -r file; do
    mkdir -p "$dir/share/mapterm/$(dirname "$file")"
    cp "$resources/$file" "$dir/share/mapterm/$file"
  done < <(data_files)
  "$binary" manual > "$dir/share/man/man1/mapterm.1" || fail "$binary manual failed"
  "$binary" completions bash > "$dir/share/bash-completion/completions/mapterm" || fail "completions bash failed"
  "$binary" completions zsh > "$dir/share/zsh/site-functions/_mapterm" || fail "completions zsh failed"
  "$binary" completions fish > "$dir/share/fish/vendor_completions.d/mapterm.fish" || fail "completions fish failed"
  find "$dir" -type f ! -path "$dir/bin/*" -exec chmod 644 {} +
  find "$dir" -type d -exec chmod 755 {} +
}

# The root the files go to: DESTDIR then PREFIX, after checking PREFIX.
root() {
  local prefix=${PREFIX:-/usr/local}
  case "$prefix" in
    /*) ;;
    *) fail "PREFIX must be an absolute path, not \"$prefix\"" ;;
  esac
  if [[ "$prefix$DESTDIR" == *[[:cntrl:]]* ]]; then fail "PREFIX and DESTDIR must not hold control characters"; fi
  printf '%s' "${DESTDIR%/}$prefix"
}

# writable DIR: the folder DIR can be made and written to (its nearest existing ancestor is a writable
# folder, and no part of it is a file); says which part stops it otherwise.
writable() {
  local dir=$1
  while [ ! -e "$dir" ] && [ ! -L "$dir" ]; do dir=$(dirname "$dir"); done
  [ -d "$dir" ] || fail "cannot install into $1: $dir is not a folder (nothing was written)"
  [ -w "$dir" ] || fail "cannot install into $1: $dir is not writable (nothing was written)"
}

install_tree() {
  local binary=$1 root rel created=() copied=()
  root=$(root)
  staging=$(mktemp -d)
  trap 'rm -rf "${staging:?}"' EXIT
  stage "$binary" "$staging/tree"
  # Every folder written to must be writable before anything is written.
  while IFS= read -r rel; do writable "$root${rel#.}"; done < <(cd "$staging/tree" && find . -type d | sort)
  # A second install replaces the first: its files go, as `make uninstall` would take them.
  if [ -e "$root/$manifest_name" ]; then uninstall_tree quiet; fi
  rollback() {
    local i
    for ((i = ${#copied[@]} - 1; i >= 0; i--)); do rm -f "$root/${copied[i]}"; done
    for ((i = ${#created[@]} - 1; i >= 0; i--)); do rmdir "$root/${created[i]}" 2>/dev/null || true; done
    fail "copying into $root failed; what was copied was taken back"
  }
  while IFS= read -r rel; do
    rel=${rel#./}
    [ "$rel" = . ] && rel=
    if [ ! -d "$root/$rel" ]; then
      mkdir "$root/$rel" 2>/dev/null || mkdir -p "$root/$rel" || rollback
      created+=("${rel:-.}")
    fi
  done < <(cd "$staging/tree" && find . -type d | sort)
  while IFS= read -r rel; do
    rel=${rel#./}
    cp -p -T "$staging/tree/$rel" "$root/$rel" || rollback
    copied+=("$rel")
  done < <(cd "$staging/tree" && find . -type f | sort)
  {
    for rel in "${copied[@]}" "$manifest_name"; do printf 'f %s\n' "$rel"; done
    for rel in "${created[@]}"; do printf 'd %s\n' "$rel"; done
  } > "$root/$manifest_name" || rollback
  chmod 644 "$root/$manifest_name"
  echo "mapterm installed in $root (${#copied[@]} files; make uninstall removes them)"
}

# uninstall_tree [quiet]: removes what the record lists, files first, then its empty folders deepest first.
uninstall_tree() {
  local root kind rel dirs=() removed=0
  root=$(root)
  [ -f "$root/$manifest_name" ] || fail "nothing to uninstall: $root/$manifest_name (the record make install writes) is missing"
  while IFS=' ' read -r kind rel; do
    [ "$kind $rel" = "d ." ] ||
      case "/$rel/" in */../* | */./* | //* | *//*) fail "the record $root/$manifest_name holds a bad path: $rel" ;; esac
    case "$kind" in
      f) rm -f "$root/$rel" && removed=$((removed + 1)) ;;
      d) dirs+=("$rel") ;;
      *) fail "the record $root/$manifest_name holds a bad line: $kind $rel" ;;
    esac
  done < <(cat "$root/$manifest_name")
  mapfile -t dirs < <(printf '%s\n' "${dirs[@]}" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)
  for rel in "${dirs[@]}"; do
    if [ "$rel" = . ]; then rmdir "$root" 2>/dev/null || true; else rmdir "$root/$rel" 2>/dev/null || true; fi
  done
  [ "${1:-}" = quiet ] || echo "mapterm uninstalled from $root ($removed files)"
}

action=${1:-}
DESTDIR=${DESTDIR:-}
case "$action" in
  install) install_tree "$(realpath "${2:?usage: install.sh install BINARY}")" ;;
  uninstall) uninstall_tree ;;
  stage) stage "$(realpath "${2:?usage: install.sh stage BINARY DIR}")" "${3:?usage: install.sh stage BINARY DIR}" ;;
  *) echo "usage: install.sh install BINARY | uninstall | stage BINARY DIR" >&2; exit 2 ;;
esac
