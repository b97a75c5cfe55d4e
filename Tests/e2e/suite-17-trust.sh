# Injection is impossible by construction: outside text becomes `SafeText` only through the
# sanitiser (a raw String neither interpolates into one nor passes for a literal), and only Console,
# the screen and the restorer write to the standard streams (the output lint finds any other writer).

trust_dir=$(mktemp -d)
trust_modules="$(dirname "$MAPTERM")/Modules"
# typechecks FILE against the release build's modules: true when it compiles.
trust_compiles() { swiftc -typecheck -I "$trust_modules" "$1" >/dev/null 2>&1; }
cat > "$trust_dir/raw.swift" <<'SWIFT'
import TextSafety
let raw = CommandLine.arguments[0]
let text: SafeText = "name: \(raw)"
SWIFT
cat > "$trust_dir/literal.swift" <<'SWIFT'
import TextSafety
let raw = CommandLine.arguments[0]
let text = SafeText(stringLiteral: raw)
SWIFT
cat > "$trust_dir/sanitised.swift" <<'SWIFT'
import TextSafety
let raw = CommandLine.arguments[0]
let text: SafeText = "name: \(SafeText(sanitizing: raw)), \(3) km"
SWIFT
check "sanitised text and numbers interpolate into SafeText" trust_compiles "$trust_dir/sanitised.swift"
check "a raw String does not interpolate into SafeText" eval '! trust_compiles "$trust_dir/raw.swift"'
check "a raw String does not pass for a SafeText literal" eval '! trust_compiles "$trust_dir/literal.swift"'

mkdir -p "$trust_dir/tree/Sources/mapterm" "$trust_dir/tree/Sources/Storage"
cp "$here/../../Sources/mapterm/Console.swift" "$trust_dir/tree/Sources/mapterm/"
check "the output lint passes Console alone" bash "$here/../lint/check-output.sh" "$trust_dir/tree"
printf 'func show(_ name: String) {\n    print(name)\n}\n' > "$trust_dir/tree/Sources/Storage/Stray.swift"
check "the output lint finds a stray print" eval '! bash "$here/../lint/check-output.sh" "$trust_dir/tree" >/dev/null'
printf 'import Foundation\nfunc show(_ name: String) {\n    FileHandle.standardError.write(Data(name.utf8))\n}\n' \
  > "$trust_dir/tree/Sources/Storage/Stray.swift"
check "the output lint finds a stray stderr write" eval '! bash "$here/../lint/check-output.sh" "$trust_dir/tree" >/dev/null'
rm -rf "$trust_dir"
