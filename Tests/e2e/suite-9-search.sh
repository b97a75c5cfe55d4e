# Search from the command line: mapterm search finds codes, names and coordinates and exits 1 on
# nothing; --center takes a name and says which one it took.

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

check "search tolerates a typo: heathorw finds London Heathrow first" search_finds_heathrow_first
check "search --json finds SFO by its code" search_json_has_the_code_match
check "search with no match exits 1" search_nothing_is_exit_1
check "search of latitude 91 says it is out of range" search_out_of_range_is_said
check "search strips escapes from the query" search_escapes_never_reach_the_terminal
check "render --center Zürich opens over the city and says so" render_center_by_name
check "--center with an unknown name is refused" bad_input "nothing is called" render --center 'Qqxqzv Zzqj' --zoom 3 --size 20x5
