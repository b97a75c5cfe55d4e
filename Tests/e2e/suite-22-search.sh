# Search ranking (issue 19): from San Francisco (--near, and the map's centre for /), a generic word or
# a chain's name lists the near ones first, a typo beats a rare literal hit, and cities are found by
# their other names (GeoNames' alternate names: native scripts, exonyms, abbreviations).

# The first result of QUERY is named NAME (and, with a third argument, lies within that many km).
search_first_is() {
  local line; line=$("$MAPTERM" search "$1" --near 37.7793,-122.4137 --limit 3 2>/dev/null | sed -n 2p)
  local name; name=$(printf '%s' "$line" | cut -c1-36 | sed 's/ *$//')
  [ "$name" = "$2" ] || { printf '  %s: first is "%s"\n' "$1" "$name" >&2; return 1; }
  [ -z "${3:-}" ] && return 0
  local km; km=$(printf '%s' "$line" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^-?[0-9]+\.[0-9]+,$/) { print $(i-1); exit } }')
  awk -v km="$km" -v max="$3" 'BEGIN { exit !(km != "" && km + 0 < max + 0) }'
}

search_airport_lists_sfo_and_oak_first() {
  local out; out=$("$MAPTERM" search airport --near 37.7793,-122.4137 --limit 2 --json 2>/dev/null) || return 1
  printf '%s' "$out" | grep -q '"id" : "ap:KSFO"' && printf '%s' "$out" | grep -q '"id" : "ap:KOAK"'
}

map_search_airport_lists_the_near_ones() {
  start 120 40 --center 37.7793,-122.4137 --zoom 12
  wait_for '37.77930, -122.41370  z 12.0' || return 1
  keys / ; keys -l airport
  wait_for "results? for 'airport'" && wait_for 'San Francisco International Airport|Metropolitan Oakland International' || return 1
  local first; first=$(screen | grep -A1 -E "results? for 'airport'" | sed -n 2p)
  printf '%s' "$first" | grep -qE 'San Francisco International Airport|Metropolitan Oakland International'
}

check "search airport from San Francisco lists SFO and OAK first" search_airport_lists_sfo_and_oak_first
check "search heliport from San Francisco: the Hall of Justice, 1 km away, first" search_first_is heliport "Hall of Justice Heliport" 1.5
check "search starbucks from San Francisco: the one 0.4 km away first" search_first_is starbucks "Starbucks" 1
check "search san fransisco finds San Francisco" search_first_is 'san fransisco' "San Francisco"
check "search zurch finds Zürich" search_first_is zurch "Zürich"
check "search tokio finds Tokyo" search_first_is tokio "Tokyo"
check "search new yrok finds New York City" search_first_is 'new yrok' "New York City"
check "search münchen finds Munich" search_first_is 'münchen' "Munich"
check "search 東京 finds Tokyo" search_first_is '東京' "Tokyo"
check "search nyc finds New York City" search_first_is nyc "New York City"
check "/ airport in the map over San Francisco lists SFO or OAK first" map_search_airport_lists_the_near_ones
