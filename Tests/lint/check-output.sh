#!/usr/bin/env bash
# Nothing from outside reaches a terminal unsanitised: in product code only `Console` (stdout and
# stderr, taking `SafeText` or a `CellGrid`), the terminal adapter's screen (which writes encoded
# grids and its own `StaticString` sequences) and the restorer (a fixed reset sequence) may write to an
# output stream. Prints every other writer and exits 1 if there is one.
# Usage: check-output.sh [ROOT]   (ROOT: the folder holding Sources/, default this repository)
set -u
cd "${1:-$(dirname "$0")/../..}"
allowed='^Sources/(mapterm/Console\.swift|Terminal/TerminalScreen\.swift|Terminal/TerminalRestorer\.swift):'
pattern='\bprint\(|debugPrint\(|dump\(|FileHandle\.standard(Output|Error)|\bf?puts\(|\bfwrite\(|\bputchar\(|\bv?d?printf\(|\bwrite\((STDOUT_FILENO|STDERR_FILENO|1|2)\b|\bstdout\b|\bstderr\b'
hits=$(grep -rnE "$pattern" Sources --include='*.swift' \
  | grep -vE '^Sources/(mapterm-bench|TestSupport)/' \
  | grep -vE "$allowed" \
  | grep -vE '^[^:]+:[0-9]+:\s*///')
if [ -n "$hits" ]; then
  echo "only Console (SafeText or CellGrid) may write to stdout/stderr; these write directly:"
  echo "$hits"
  exit 1
fi
echo "output rule: ok"
