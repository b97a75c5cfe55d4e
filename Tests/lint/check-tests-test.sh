#!/usr/bin/env bash
# Proves check-tests.sh catches what it is for: run on temporary files, it must fail on XCTest and on
# tests that leave early without asserting, and pass their Swift Testing rewrites. Exits 1 on the
# first wrong verdict.
set -u
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0

# verdict EXPECTED(0|1) NAME SWIFT_TEXT
verdict() {
  printf '%s\n' "$3" > "$dir/$2.swift"
  bash "$here/check-tests.sh" "$dir/$2.swift" > "$dir/$2.out" 2>&1
  local got=$?
  if [ "$got" -ne "$1" ]; then
    echo "check-tests.sh gave $got, not $1, for $2:"; cat "$dir/$2.swift" "$dir/$2.out"; status=1
  fi
}

verdict 1 xctest-import 'import Layers
import XCTest'
verdict 1 xctest-testable-import '@testable import XCTest'
verdict 1 xctest-case 'final class ReaderTests: XCTestCase {}'
verdict 1 xctest-assert '        XCTAssertEqual(data.features.count, 2)'
verdict 1 xctest-fail '        XCTFail("no polygon")'
# The silent passes this rule was written for: the test ends green when the value is not there.
verdict 1 guard-return '        guard case .polygon(let rings) = data.features[2].geometries[0] else { return }
        #expect(rings.map(\.count) == [5, 4])'
verdict 1 guard-return-spaced '        guard times.count == 3 else {return}'
verdict 1 guard-return-lines '        guard case .cluster(let cluster) = state.selection
        else {
            return
        }'
verdict 1 if-else-return '        if let first = answers.first { #expect(first == 3) } else { return }'
verdict 0 require 'import Testing
        let rings = try #require(data.features[2].geometries.first?.polygonRings)
        try #require(times.count == 3, "429, 500, then the tile: \(times)")'
verdict 0 recorded-return '        guard case .damaged = loader.load(tile) else {
            Issue.record("garbage bytes are a damaged tile")
            return
        }'
verdict 0 helper-value-return '        guard zoom > 0 else { return [(0, 0)] }
        guard let statm = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }'
verdict 0 comment '// Not `guard … else { return }`, and no `import XCTest`.
        // XCTAssertEqual(a, b) became #expect(a == b).'
[ $status -eq 0 ] && echo "test rule catches XCTest and silent returns: ok"
exit $status
