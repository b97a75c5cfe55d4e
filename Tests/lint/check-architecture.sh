#!/usr/bin/env bash
# Keeps the documentation true: the module list, the dependency diagram and the "Inside each module"
# table of docs/architecture.md must match Package.swift, and every relative link in README.md and
# docs/*.md must point to a file (and, for a markdown file, a heading) that exists. First proves
# itself on pages made wrong on purpose, then checks the real ones. Prints every mismatch and exits 1
# if there is one.
#   check-architecture.sh                 self-test, then the repository
#   check-architecture.sh ROOT            only ROOT (a folder with Package.swift, README.md, docs/)
set -u
here=$(cd "$(dirname "$0")" && pwd)

# check ROOT: prints the problems of ROOT and exits 1 when there is one.
check() {
  python3 - "$1" <<'PY'
import os, re, sys

root = sys.argv[1]
problems = []

def read(path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()

# Package.swift: every target but the test targets, with its direct dependencies.
package = read("Package.swift")
targets = {}
for kind, body in re.findall(r"\.(target|executableTarget|testTarget|systemLibrary)\((.*?)\)", package, re.S):
    name = re.search(r'name:\s*"([^"]+)"', body)
    if not name or kind == "testTarget":
        continue
    deps = re.search(r"dependencies:\s*\[(.*?)\]", body, re.S)
    targets[name.group(1)] = set(re.findall(r'"([^"]+)"', deps.group(1))) if deps else set()
if not targets:
    problems.append("Package.swift: no targets found")

def section(text, title):
    """The lines under '## title' up to the next '## ' heading."""
    match = re.search(r"^## " + re.escape(title) + r"\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return match.group(1) if match else None

page_path = "docs/architecture.md"
page = read(page_path)
modules = section(page, "Modules")
if modules is None:
    problems.append(f"{page_path}: no '## Modules' section")
    modules = ""
listed = re.findall(r"^\|\s*`([^`]+)`\s*\|", modules, re.M)
for name in sorted(set(targets) - set(listed)):
    problems.append(f"{page_path}: module {name} of Package.swift is not in the Modules list")
for name in sorted(set(listed) - set(targets)):
    problems.append(f"{page_path}: module {name} of the Modules list is not a target of Package.swift")
for name in sorted({n for n in listed if listed.count(n) > 1}):
    problems.append(f"{page_path}: module {name} is listed twice")

inside = re.findall(r"^\|\s*`([^`]+)`\s*\|", section(page, "Inside each module") or "", re.M)
for name in sorted(set(inside) - set(targets)):
    problems.append(f"{page_path}: Inside each module names {name}, which is not a target of Package.swift")

diagram_text = section(page, "Module dependencies") or ""
block = re.search(r"```mermaid\n(.*?)```", diagram_text, re.S)
if block is None:
    problems.append(f"{page_path}: no mermaid diagram under '## Module dependencies'")
edges = {}
for line in (block.group(1) if block else "").splitlines():
    edge = re.fullmatch(r"\s*([\w-]+)\s*-->\s*([\w-]+)\s*", line)
    if edge:
        edges.setdefault(edge.group(1), set()).add(edge.group(2))
    elif line.strip() and not line.strip().startswith("graph"):
        problems.append(f"{page_path}: diagram line not understood: {line.strip()}")

def closure(graph, start):
    seen, todo = set(), list(graph.get(start, ()))
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return seen

for node in sorted(set(edges) | {d for ds in edges.values() for d in ds}):
    if node not in targets:
        problems.append(f"{page_path}: diagram node {node} is not a target of Package.swift")
for name in sorted(targets):
    want, drawn = closure(targets, name), closure(edges, name)
    for dep in sorted(want - drawn):
        problems.append(f"{page_path}: diagram lacks {name} -> {dep} (Package.swift has it)")
    for dep in sorted(drawn - want):
        problems.append(f"{page_path}: diagram has {name} -> {dep}, which Package.swift does not")

# Links: every relative link of README.md and docs/*.md, outside code, to an existing file and heading.
def slugs(text):
    """The anchors GitHub gives the headings of a markdown text."""
    found, counts = set(), {}
    for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", strip_fences(text), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower().replace("`", "")).replace(" ", "-")
        n = counts.get(slug, 0)
        counts[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found

def strip_fences(text):
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)

def strip_code(text):
    return re.sub(r"`[^`\n]*`", "", strip_fences(text))

pages = ["README.md"] + sorted(
    os.path.join("docs", f) for f in os.listdir(os.path.join(root, "docs")) if f.endswith(".md"))
for source in pages:
    text = read(source)
    for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", strip_code(text)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue
        path, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(source), path)) if path else source
        full = os.path.join(root, resolved)
        if not os.path.exists(full):
            problems.append(f"{source}: link to {target}: no file {resolved}")
        elif anchor and resolved.endswith(".md") and anchor not in slugs(read(resolved)):
            problems.append(f"{source}: link to {target}: no heading #{anchor} in {resolved}")

for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
PY
}

if [ $# -ge 1 ]; then
  check "$1"
  exit $?
fi

# Self-test: each page made wrong on purpose must be caught, with the expected line.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
repo=$(cd "$here/../.." && pwd)
status=0

# copy NAME: a copy of the repository's docs and Package.swift in $dir/NAME, the rest linked.
copy() {
  local copy="$dir/$1" entry
  mkdir -p "$copy"
  for entry in "$repo"/*; do
    case $(basename "$entry") in
      Package.swift | README.md | docs) cp -r "$entry" "$copy/" ;;
      *) ln -s "$entry" "$copy/" ;;
    esac
  done
}

# The copy as it is passes.
copy unchanged
if ! check "$dir/unchanged" > "$dir/unchanged.out" 2>&1; then
  echo "check-architecture.sh fails on an unchanged copy:"; cat "$dir/unchanged.out"; exit 1
fi

# expect_caught NAME EXPECTED_TEXT SED_FILE SED_SCRIPT: a copy with one file edited must fail with
# a line containing EXPECTED_TEXT.
expect_caught() {
  local copy="$dir/$1"
  copy "$1"
  sed -i -e "$4" "$copy/$3"
  check "$copy" > "$dir/$1.out" 2>&1
  local got=$?
  if [ "$got" -ne 1 ] || ! grep -qF -- "$2" "$dir/$1.out"; then
    echo "check-architecture.sh missed $1 (exit $got, expected a line with: $2):"; cat "$dir/$1.out"; status=1
  fi
}
expect_caught missing-module 'module Layers of Package.swift is not in the Modules list' \
  docs/architecture.md '/^| `Layers` | pure core/d'
expect_caught extra-module 'module Tiles of the Modules list is not a target' \
  docs/architecture.md 's/^| `Render` | pure core |/| `Tiles` | pure core | x |\n&/'
expect_caught new-target 'module Extra of Package.swift is not in the Modules list' \
  Package.swift 's/^    targets: \[/&\n        .target(name: "Extra", dependencies: ["GeoCore"]),/'
expect_caught stale-inside 'Inside each module names Tiles, which is not a target' \
  docs/architecture.md 's/^| `Render` | `CellGrid`/| `Tiles` | x |\n&/'
expect_caught missing-edge 'diagram lacks TileSources -> Network' \
  docs/architecture.md '/^  TileSources --> Network$/d'
expect_caught wrong-edge 'diagram has Places -> Render, which Package.swift does not' \
  docs/architecture.md 's/^  Places --> GeoCore$/&\n  Places --> Render/'
expect_caught broken-link 'no file docs/nowhere.md' README.md '$a [gone](docs/nowhere.md)'
expect_caught broken-anchor 'no heading #no-such-heading' README.md '$a [gone](docs/architecture.md#no-such-heading)'
[ $status -eq 0 ] || exit 1

check "$repo" || exit 1
echo "architecture page matches Package.swift; links: ok"
