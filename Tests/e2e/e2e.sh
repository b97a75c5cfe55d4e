#!/usr/bin/env bash
# End-to-end tests: the release binary in tmux and on the command line.
# Usage: Tests/e2e/e2e.sh PATH/TO/mapterm
set -u
MAPTERM=$(realpath "${1:?usage: e2e.sh path/to/mapterm}")
here=$(dirname "$0")
source "$here/tmux-driver.sh"
trap 'tm kill-server 2>/dev/null' EXIT
for suite in "$here"/suite-*.sh; do source "$suite"; done
finish
