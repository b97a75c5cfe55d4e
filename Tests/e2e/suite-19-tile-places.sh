# The map's own places: the points of interest of a local tile file (the Monaco Shortbread fixture,
# passed with --tiles since the driver's settings name no tile source; the shipped Monaco sample has
# them too) show as glyphs, a tile place's pane opens and says where it comes from, `places --tiles`
# lists them, and `--hide` leaves them out.

tile_places_fixture="$here/../Fixtures/schemas/monaco-shortbread.mbtiles"
# The café of the Palais de la Méditerranée.
palace_cafe=43.7392,7.42475

a_tile_cafe_shows_and_its_pane_opens() {
  start 120 40 --center "$palace_cafe" --zoom 18 --tiles "$tile_places_fixture"
  wait_for 'z 18\.0' 20 && wait_for '⊔' 20 || return 1
  # The view holds the café and an ATM: Tab selects one of them, Enter opens its pane.
  keys Tab; keys Enter
  # The shipped Monaco sample (OpenMapTiles) holds the café too, with the same position: whichever
  # tiles were read first name it.
  wait_for 'from OpenStreetMap' && wait_for "(OpenMapTiles|Shortbread) tiles" || return 1
  wait_for '(amenity|subclass): (cafe|atm)' || return 1
  screen | grep -qE 'Le Palace Caf|Societe|CMB|ATM'
}

places_lists_the_tiles_places() {
  local out; out=$("$MAPTERM" places --near "$palace_cafe" --radius 0.3 --limit 200 --tiles "$tile_places_fixture")
  printf '%s\n' "$out" | grep -q 'Le Palace Café' && printf '%s\n' "$out" | grep -qE '^ +[0-9.]+ +atm ' || return 1
  "$MAPTERM" places --near "$palace_cafe" --radius 0.3 --limit 200 --kind restroom --tiles "$tile_places_fixture" |
    grep -q restroom
}

hide_leaves_the_tiles_places_out() {
  local view=(--center "$palace_cafe" --zoom 18 --size 100x30 --tiles "$tile_places_fixture")
  "$MAPTERM" render "${view[@]}" | grep -q '⊔' || return 1
  ! "$MAPTERM" render "${view[@]}" --hide cafe | grep -q '⊔'
}

check "a tile's café shows as its glyph and a tile place's pane opens" a_tile_cafe_shows_and_its_pane_opens
check "places --tiles lists the tiles' places" places_lists_the_tiles_places
check "--hide leaves the tiles' places out" hide_leaves_the_tiles_places_out
