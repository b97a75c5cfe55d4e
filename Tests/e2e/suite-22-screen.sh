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
