# The map's own places: the points of interest of a local tile file (the Monaco Shortbread fixture,
# passed with --tiles since the driver's settings name no tile source) show as glyphs, a café's pane
# opens and says where it comes from, `places --tiles` lists them, and `--hide` leaves them out.

tile_places_fixture="$here/../Fixtures/schemas/monaco-shortbread.mbtiles"
# The café of the Palais de la Méditerranée.
palace_cafe=43.7392,7.42475

a_tile_cafe_shows_and_its_pane_opens() {
  start 120 40 --center "$palace_cafe" --zoom 18 --tiles "$tile_places_fixture"
  wait_for 'z 18\.0' 20 && wait_for '⊔' 20 || return 1
  local tries=0
  keys Tab
  while ! wait_for 'Le Palace Caf' 1; do
    tries=$((tries + 1)); [ $tries -ge 12 ] && return 1
    keys Tab
  done
  keys Enter
  wait_for 'from OpenStreetMap' && wait_for "Shortbread tiles" && wait_for 'amenity: cafe'
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

check "a tile's café shows as its glyph and its pane opens" a_tile_cafe_shows_and_its_pane_opens
check "places --tiles lists the tiles' places" places_lists_the_tiles_places
check "--hide leaves the tiles' places out" hide_leaves_the_tiles_places_out
