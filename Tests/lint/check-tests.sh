#!/usr/bin/env bash
# The test rule: one framework (Swift Testing, no XCTest) and no test that can pass without asserting
# by leaving early. Fails on `import XCTest` or any XCT assertion (in Tests/ and Sources/TestSupport),
# and in Tests/ on an `else` whose whole block is a bare `return` (`guard … else { return }`, on one
# line or three): use `try #require(…)`, or `Issue.record(…)` before the return. Checks the files
# given (all rules), else Tests/ and Sources/TestSupport.
# Prints every violation and exits 1 if there is one.
set -u
cd "$(dirname "$0")/../.."
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(find Tests Sources/TestSupport -name '*.swift' | sort)
fi
status=0
for file in "${files[@]}"; do
  skip_returns=0
  case "$file" in Sources/TestSupport/*) skip_returns=1 ;; esac
  hits=$(awk -v skip="$skip_returns" '
    { code = $0; sub(/^[ \t]*\/\/.*/, "", code) }
    code ~ /^[ \t]*(@[A-Za-z]+[ \t]+)*import[ \t]+XCTest([^A-Za-z0-9_]|$)/ {
      print FILENAME ":" FNR ": imports XCTest (use Swift Testing: import Testing, @Test, #expect)"; next
    }
    code ~ /(^|[^A-Za-z0-9_])XCT(Assert[A-Za-z]*|Fail|Unwrap|estCase|estExpectation|Skip[A-Za-z]*)([^A-Za-z0-9_]|$)/ {
      print FILENAME ":" FNR ": uses XCTest (use #expect, try #require, Issue.record)"; next
    }
    skip == 1 { next }
    code ~ /else[ \t]*\{[ \t]*return[ \t]*\}/ {
      print FILENAME ":" FNR ": a bare return in else can pass without asserting (use try #require)"; next
    }
    state == 2 && code ~ /^[ \t]*\}/ {
      print FILENAME ":" start ": a bare return in else can pass without asserting (use try #require)"
    }
    state == 1 && code ~ /^[ \t]*return[ \t]*$/ { state = 2; next }
    { state = 0 }
    code ~ /else[ \t]*\{[ \t]*$/ { state = 1; start = FNR }
  ' "$file")
  if [ -n "$hits" ]; then echo "$hits"; status=1; fi
done
[ $status -eq 0 ] && echo "test rule: ok"
exit $status
