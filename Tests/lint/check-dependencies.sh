#!/usr/bin/env bash
# Each target's dependencies in Package.swift are exactly the package's modules its files import: no
# dependency the target does not use, no module used only through another's dependencies. Prints every
# difference and exits 1 if there is one.
set -u
cd "$(dirname "$0")/../.."
# A scratch folder of its own, so that the manifest is read while a build holds .build.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
package=$(swift package --scratch-path "$scratch" dump-package) || { echo "swift package dump-package failed"; exit 1; }
modules=$(jq -r '.targets[].name' <<<"$package")
status=0
while IFS='|' read -r name type path declared; do
  [ "$type" = system ] && continue
  if [ -z "$path" ]; then
    case "$type" in
      test) path="Tests/$name" ;;
      plugin) path="Plugins/$name" ;;
      *) path="Sources/$name" ;;
    esac
  fi
  imported=$(grep -rhoE '^\s*(@[a-zA-Z_]+\s+)*import\s+((struct|class|enum|protocol|func|var|let|typealias)\s+)?[A-Za-z_][A-Za-z0-9_.]*' \
      "$path" --include='*.swift' \
    | awk '{print $NF}' | sed 's/\..*//' | grep -vxF "$name" | sort -u | grep -xF -f <(echo "$modules") | tr '\n' ' ')
  declared=$(tr ' ' '\n' <<<"$declared" | grep -v '^$' | sort -u | tr '\n' ' ')
  if [ "$imported" != "$declared" ]; then
    echo "$name: Package.swift lists [${declared% }] but its files import [${imported% }]"; status=1
  fi
done < <(jq -r '.targets[] | [.name, .type, (.path // ""),
    ([.dependencies[] | (.byName // .target // .product)[0]] | join(" "))] | join("|")' <<<"$package")
[ $status -eq 0 ] && echo "dependency rule: ok"
exit $status
