# Part 15 on screen: the help scrolls to its legend at 80x24 and 40x12 and only its own keys close it.

help_scrolls_to_the_legend() {
  local cols=$1 rows=$2 presses=0
  start "$cols" "$rows" --center 37.7793,-122.4193 --zoom 15
  wait_for 'q quit|\? help' 20 || return 1
  keys '?'; wait_for 'Keys and legend' || return 1
  wait_for 'q close' || return 1
  # Down and PgDn scroll, never close; the legend's last lines come into view.
  keys Down; wait_for 'Keys and legend' || return 1
  while ! screen | grep -q 'fair meeting point'; do
    keys PgDn; presses=$((presses + 1))
    [ $presses -gt 20 ] && return 1
    wait_for 'Keys and legend' || return 1
  done
  screen | grep -q 'restroom' || keys PgUp
  keys q; wait_until_not 'Keys and legend' || return 1
  # The map is still there: q closed the help and did not quit.
  ! screen | grep -q '\[exit'
}

check "? at 80x24 scrolls to the legend with PgDn, q closes it" help_scrolls_to_the_legend 80 24
check "? at 40x12 scrolls to the legend with PgDn, q closes it" help_scrolls_to_the_legend 40 12

# Small screens and terminal edges: "? help" stays at 20x5, the notice at 10x3 is whole words, render
# refuses a size the map cannot draw, TERM=dumb is refused before any escape sequence, LANG=C gets ASCII.

help_hint_at_20x5() {
  start 20 5 --center 37.7793,-122.4193 --zoom 15
  wait_for '\? help' 20 && screen | tail -1 | grep -q '? help *$'
}

whole_notice_at_10x3() {
  start 10 3 --center 37.7793,-122.4193 --zoom 15
  wait_for 'too small' 20 && wait_for 'need 20x5' && ! screen | grep -qE 'terminal t($| )'
}

render_refuses_10x3() {
  local out status
  out=$("$MAPTERM" render --center 0,0 --zoom 1 --size 10x3 2>&1); status=$?
  [ $status -eq 2 ] && [ "$out" = "mapterm: --size 10x3 is too small: the map needs at least 20x5" ]
}

dumb_terminal_is_refused() {
  tm kill-server 2>/dev/null
  E2E_RUN=$((E2E_RUN + 1)); E2E_SOCKET="mapterm-e2e-$$-$E2E_RUN"
  tm -f /dev/null new-session -d -x 100 -y 10 -e TERM=tmux-256color \
    sh -c 'TERM=dumb "$0" --center 37.7793,-122.4193 --zoom 15; printf "[exit %d]\n" $?; exec sleep 600' "$MAPTERM"
  wait_for '\[exit 1\]' 20 && screen | grep -q "terminal 'dumb' cannot move the cursor" \
    && ! screen | grep -q 'q quit'
}

lang_c_gets_ascii() {
  tm kill-server 2>/dev/null
  E2E_RUN=$((E2E_RUN + 1)); E2E_SOCKET="mapterm-e2e-$$-$E2E_RUN"
  tm -f /dev/null new-session -d -x 100 -y 30 -e TERM=tmux-256color \
    sh -c 'LANG=C LC_ALL=C "$0" --center 47.1,3.5 --zoom 7; exec sleep 600' "$MAPTERM"
  wait_for 'Nievre' 20 || return 1
  # Every character on screen is ASCII: no accent, no braille, no box drawing.
  ! screen | LC_ALL=C grep -q '[^ -~]'
}

lang_c_render_is_ascii() {
  LANG=C LC_ALL=C "$MAPTERM" render --center 47.1,3.5 --zoom 7 --size 100x30 > "$E2E_HOME/c.txt" || return 1
  grep -q Nievre "$E2E_HOME/c.txt" && ! LC_ALL=C grep -q '[^ -~]' "$E2E_HOME/c.txt"
}

check "at 20x5 the status line keeps ? help" help_hint_at_20x5
check "at 10x3 the too-small notice is whole words" whole_notice_at_10x3
check "render --size 10x3 is exit 2 with the smallest size" render_refuses_10x3
check "TERM=dumb is refused with a clear line before drawing" dumb_terminal_is_refused
check "LANG=C: the map shows names without accents and only ASCII" lang_c_gets_ascii
check "LANG=C: render prints only ASCII" lang_c_render_is_ascii

# Glyphs and numbers: a lone restroom is its glyph at z10 (it was the count 1, like pin 1), and the
# places in view are counted with a comma ("1,134", not "1 134", which reads as two numbers).
lone_restroom_is_a_glyph() {
  local frame; frame=$("$MAPTERM" render --center 37.7793,-122.4193 --zoom 10 --size 80x24 2>/dev/null) || return 1
  [ "$(printf '%s\n' "$frame" | head -n -1 | grep -o '⌂' | wc -l)" -ge 2 ]
}

thousands_with_a_comma() {
  local frame; frame=$("$MAPTERM" render --center 37.7793,-122.4193 --zoom 3 --size 80x24 2>/dev/null) || return 1
  printf '%s\n' "$frame" | tail -1 | grep -qE ' [0-9],[0-9]{3} places in view' \
    && ! printf '%s\n' "$frame" | tail -1 | grep -qE '[0-9][  ][0-9]{3} places'
}

check "a lone restroom at z10 is ⌂, not the count 1" lone_restroom_is_a_glyph
check "the status line counts thousands with a comma" thousands_with_a_comma
