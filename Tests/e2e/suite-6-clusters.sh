# Clusters over the Bay Area with the embedded places: at z2 the restrooms are one count; zooming in
# step by step splits the counts until single ⌂ glyphs show at street zoom; Enter on a selected count
# zooms to where it splits; the help shows the legend.

count_markers() { screen | head -n -1 | grep -oE '[0-9]+(\.[0-9])?k?' | wc -l; }

counts_at_z2() {
  start 120 40 --center 37.7793,-122.4193 --zoom 2
  wait_for 'z 2\.0' 20 && wait_for 'places in view' 20 || return 1
  # Nothing but counts: no single restroom glyph this far out.
  wait_for '1\.[0-9]k' && ! screen | head -n -1 | grep -q '⌂'
}

zooming_in_splits_counts_into_glyphs() {
  local zoom=2 seen_more=0 before after
  before=$(count_markers)
  while [ $zoom -lt 14 ]; do
    keys +; zoom=$((zoom + 1))
    wait_for "z $zoom\\.0" || return 1
    wait_until_not 'loading' || return 1
    after=$(count_markers)
    [ "$after" -gt "$before" ] && seen_more=1
    before=$after
  done
  [ $seen_more -eq 1 ] && wait_for '⌂' && [ "$(screen | grep -o '⌂' | wc -l)" -ge 3 ]
}

enter_on_a_count_zooms_in() {
  keys 0; wait_for 'z 0\.' || return 1
  start 120 40 --center 37.77,-122.42 --zoom 10
  wait_for 'markers' 20 || return 1
  keys Tab; wait_for 'places here|markers' || return 1
  keys Enter
  wait_for 'z 1[1-8]\.0'
}

help_shows_the_legend() {
  keys '?'; wait_for 'Legend' && wait_for 'restroom' && wait_for 'heliport' && keys Escape
}

the_show_panel_filters_what_is_drawn() {
  start 120 40 --center 37.77,-122.42 --zoom 10
  wait_for 'markers' 20 || return 1
  keys v; wait_for 'Show' || return 1
  keys r w; wait_for 'no restrooms' || return 1
  keys Escape; wait_until_not 'a key toggles' || return 1
  wait_until_not 'loading' && status_line | grep -q 'accessible' && ! screen | head -n -1 | grep -q '⌂'
}

flags_filter_the_embedded_places() {
  local all ada
  all=$("$MAPTERM" places --near 37.7793,-122.4193 --radius 2 --limit 300 --json | grep -c '"id"')
  ada=$("$MAPTERM" places --near 37.7793,-122.4193 --radius 2 --limit 300 --ada --json | grep -c '"id"')
  [ "$ada" -gt 0 ] && [ "$ada" -lt "$all" ] || return 1
  ! "$MAPTERM" places --near 37.7793,-122.4193 --radius 2 --limit 300 --ada --json | grep -q '"accessible" : false'
}

check "at z2 the Bay Area's restrooms are a count" counts_at_z2
check "zooming from z2 to z14 splits counts into glyphs" zooming_in_splits_counts_into_glyphs
check "Enter on a selected count zooms to where it splits" enter_on_a_count_zooms_in
check "? shows a legend of every glyph" help_shows_the_legend
check "v chooses what is shown and the status bar says so" the_show_panel_filters_what_is_drawn
check "--ada filters the embedded places" flags_filter_the_embedded_places
