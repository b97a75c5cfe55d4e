# Search from the command line: mapterm search finds codes, names and coordinates and exits 1 on
# nothing; --center takes a name and says which one it took. In the map: / opens the search line,
# results come as you type, Enter flies there with the pane open, Esc puts the view back, n steps on.

search_finds_heathrow_first() {
  local out; out=$("$MAPTERM" search heathorw --limit 3 2>/dev/null) || return 1
  printf '%s\n' "$out" | sed -n 2p | grep -q 'London Heathrow Airport'
}

search_json_has_the_code_match() {
  "$MAPTERM" search SFO --json --limit 1 2>/dev/null | grep -q '"id" : "ap:KSFO"'
}

search_nothing_is_exit_1() {
  "$MAPTERM" search 'qqxqzv zzqj' >/dev/null 2>&1; [ $? -eq 1 ]
}

search_out_of_range_is_said() {
  local err; err=$("$MAPTERM" search '91,0' 2>&1 >/dev/null); local status=$?
  [ $status -eq 1 ] && printf '%s' "$err" | grep -q 'out of range'
}

search_escapes_never_reach_the_terminal() {
  local out; out=$("$MAPTERM" search $'\e]0;pwned\a\e[31mparis' --limit 2 2>&1)
  printf '%s' "$out" | grep -q 'Paris' && ! printf '%s' "$out" | grep -q $'\e'
}

render_center_by_name() {
  local err out; err=$(mktemp)
  out=$("$MAPTERM" render --center 'Zürich' --size 80x10 2>"$err") || { rm -f "$err"; return 1; }
  grep -q 'Zürich (city' "$err" && printf '%s\n' "$out" | tail -1 | grep -q '47.36667, 8.55000  z 11.0'; local s=$?
  rm -f "$err"; return $s
}

map_search_esc_restores_the_view() {
  start 120 40 --center 37.7793,-122.4193 --zoom 15
  wait_for '37.77930, -122.41930  z 15.0' || return 1
  keys /; wait_for 'a place, city, region, country' || return 1
  keys -l heathrow; wait_for "results? for 'heathrow'" && wait_for 'London Heathrow Airport +airport' || return 1
  keys Down; wait_until_not 'z 15.0' || return 1
  keys Escape; wait_until_not "for 'heathrow'" && wait_for '37.77930, -122.41930  z 15.0'
}

map_search_enter_flies_and_opens_the_pane() {
  start 120 40 --center 37.7793,-122.4193 --zoom 15
  wait_for 'z 15.0' || return 1
  # Typed at once: Enter before the answer goes to the best result when it comes.
  keys / ; keys -l heathrow; keys Enter
  wait_for 'IATA LHR' && wait_for '51.47060, -0.46194  z 13.0' && wait_for '╭ London Heathrow Airport' || return 1
  keys Escape Escape; wait_until_not 'IATA LHR' || return 1
  keys / ; keys -l 'zürich'; wait_for 'Zürich +city' || return 1
  keys C-w; wait_for 'a place, city, region, country' || return 1
  keys -l '東京'; wait_for 'Tokyo|東京' || return 1
  keys Escape; wait_until_not 'Esc back' && wait_for '51.47060, -0.46194  z 13.0'
}

map_search_n_steps_through_the_results() {
  start 120 40 --center 37.7793,-122.4193 --zoom 15
  wait_for 'z 15.0' || return 1
  keys / ; keys -l springfield; wait_for "results for 'springfield'" || return 1
  keys Enter; wait_for '╭ Springfield' || return 1
  keys n; wait_for "'springfield': 2 of" || return 1
  keys N; wait_for "'springfield': 1 of"
}

check "/ heathrow lists London Heathrow; Esc puts the view back" map_search_esc_restores_the_view
check "/ heathrow Enter flies over Heathrow with its pane; zürich and 東京 are typed" map_search_enter_flies_and_opens_the_pane
check "n and N step through the results of a search" map_search_n_steps_through_the_results
check "search tolerates a typo: heathorw finds London Heathrow first" search_finds_heathrow_first
check "search --json finds SFO by its code" search_json_has_the_code_match
check "search with no match exits 1" search_nothing_is_exit_1
check "search of latitude 91 says it is out of range" search_out_of_range_is_said
check "search strips escapes from the query" search_escapes_never_reach_the_terminal
check "render --center Zürich opens over the city and says so" render_center_by_name
check "--center with an unknown name is refused" bad_input "nothing is called" render --center 'Qqxqzv Zzqj' --zoom 3 --size 20x5
