# Every surface of the option table, from the real binary: each command's --help and -h, --version,
# the man page (checked by groff and man) and the completion scripts (bash run for real; zsh and fish
# parsed, fish asked too).

surfaces_commands="render pins places search route layer import download track --about manual completions"

every_command_has_help() {  # --help and -h: exit 0, the command's usage on stdout, nothing on stderr
  local command flag out err status
  for command in $surfaces_commands; do
    for flag in --help -h; do
      err=$(mktemp)
      out=$("$MAPTERM" "$command" "$flag" 2>"$err"); status=$?
      if [ $status -ne 0 ] || [ -s "$err" ] || ! printf '%s\n' "$out" | grep -q -- "^  mapterm $command"; then
        echo "mapterm $command $flag: exit $status, stderr: $(head -c 200 "$err")"; rm -f "$err"; return 1
      fi
      rm -f "$err"
    done
  done
  for flag in --help -h help; do "$MAPTERM" $flag | grep -q '^usage:' || return 1; done
}

help_names_every_command() {  # the list above is every command --help shows
  local listed
  listed=$("$MAPTERM" --help | sed -n 's/^  mapterm \([a-z-][a-z-]*\).*/\1/p' | sort -u)
  for command in $listed; do
    [ "$command" = --help ] && continue
    case " $surfaces_commands " in *" $command "*) ;; *) echo "not checked: $command"; return 1 ;; esac
  done
}

two_dashes_end_the_options() {  # search -- -h looks for "-h" (exit 0, or 1: no match), no help, no refusal
  local out status; out=$("$MAPTERM" search -- -h 2>&1); status=$?
  [ $status -le 1 ] && ! printf '%s\n' "$out" | grep -qE '^usage:|unknown option|unexpected argument' \
    || { echo "search -- -h: exit $status, $out" | head -3; return 1; }
}

version_says_commit_and_linking() {
  local line expected commit
  line=$("$MAPTERM" -V) || return 1
  [ "$line" = "$("$MAPTERM" --version)" ] || return 1
  printf '%s\n' "$line" | grep -Eq '^mapterm [0-9]+\.[0-9]+\.[0-9]+ \([0-9A-Za-z.-]+(, dirty)?\) (static|dynamic) build$' \
    || { echo "bad version line: $line"; return 1; }
  if ldd "$MAPTERM" | grep -q libswiftCore; then expected=dynamic; else expected=static; fi
  printf '%s\n' "$line" | grep -q " $expected build\$" || { echo "$line, but ldd says $expected"; return 1; }
  commit=$(printf '%s\n' "$line" | sed -n 's/^mapterm [^ ]* (\([^,)]*\).*/\1/p')
  if git -C "$here" rev-parse HEAD >/dev/null 2>&1; then  # built from this checkout: git describe of it
    [ "$commit" != unknown ] && git -C "$here" cat-file -e "$commit^{commit}" 2>/dev/null \
      || { echo "$line names no commit of this checkout"; return 1; }
  fi
}

manual_has_no_groff_warnings() {
  local page err; page=$(mktemp); err=$(mktemp)
  "$MAPTERM" manual > "$page" || return 1
  groff -ww -man -Tutf8 -z "$page" 2> "$err"; local status=$?
  if [ $status -ne 0 ] || [ -s "$err" ]; then echo "groff says:"; head -20 "$err"; rm -f "$page" "$err"; return 1; fi
  if command -v man >/dev/null; then
    MANWIDTH=100 man -P cat -l "$page" > "$err.out" 2> "$err" || { rm -f "$page" "$err" "$err.out"; return 1; }
    [ ! -s "$err" ] && grep -q 'mapterm - a map of the world in your terminal' "$err.out" && grep -q '^EXIT STATUS' "$err.out" \
      && grep -q 'MAPTERM_RESOURCES' "$err.out"; status=$?
    rm -f "$err.out"
  fi
  rm -f "$page" "$err"; return $status
}

help_options_are_everywhere() {  # every option --help lists is in the man page and each completion script
  local options option page shell script
  options=$("$MAPTERM" --help | grep -oE '^  --[a-z][a-z-]*' | sed 's/^  //' | sort -u)
  [ "$(printf '%s\n' "$options" | wc -l)" -ge 30 ] || { echo "too few options: $options"; return 1; }
  page=$("$MAPTERM" manual)
  for option in $options; do
    printf '%s\n' "$page" | grep -qF -- "\\fB$(printf '%s' "$option" | sed 's/-/\\-/g')\\fR" \
      || { echo "man page lacks $option"; return 1; }
  done
  for shell in bash zsh fish; do
    script=$("$MAPTERM" completions "$shell") || return 1
    for option in $options; do
      if [ "$shell" = fish ]; then
        printf '%s\n' "$script" | grep -qF -- "-l ${option#--} " || { echo "fish lacks $option"; return 1; }
      else
        printf '%s\n' "$script" | grep -qF -- "$option" || { echo "$shell lacks $option"; return 1; }
      fi
    done
  done
}

bash_completes() {  # bash_completes EXPECTED WORDS...: COMPREPLY for the last word
  local expected=$1; shift
  local script; script=$(mktemp)
  "$MAPTERM" completions bash > "$script" || return 1
  local got
  got=$(bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _mapterm; echo "${COMPREPLY[*]}"' \
    bash "$script" "$@")
  rm -f "$script"
  [ "$got" = "$expected" ] || { echo "mapterm ${*:2}<TAB>: got '$got', expected '$expected'"; return 1; }
}

shell_parses() {  # shell_parses SHELL: the script parses (zsh -n, fish -n); skipped when SHELL is missing
  command -v "$1" >/dev/null || { echo "skipped: $1 is not installed (.ci/run installs it)"; return 0; }
  local script; script=$(mktemp)
  "$MAPTERM" completions "$1" > "$script" && [ -s "$script" ] && "$1" -n "$script"; local status=$?
  rm -f "$script"; return $status
}

fish_completes_kinds() {
  command -v fish >/dev/null || { echo "skipped: fish is not installed (.ci/run installs it)"; return 0; }
  local script; script=$(mktemp)
  "$MAPTERM" completions fish > "$script"
  local got; got=$(fish -c 'source $argv[1]; complete -C "mapterm places --kind "' "$script" | cut -f1 | sort | tr '\n' ' ')
  rm -f "$script"
  [ "$got" = "airport atm balloonport cafe drinking_water heliport hospital pharmacy restaurant restroom seaplane_base station " ] \
    || { echo "fish: $got"; return 1; }
}

check "every command's --help and -h print its usage, exit 0" every_command_has_help
check "--help names no command left unchecked" help_names_every_command
check "search -- -h searches for -h" two_dashes_end_the_options
check "-V / --version: version, commit, static or dynamic as ldd says" version_says_commit_and_linking
if command -v groff >/dev/null; then
  check "mapterm manual: groff -ww and man -l, no warnings" manual_has_no_groff_warnings
else
  echo "skip mapterm manual under groff: groff is not installed (.ci/run installs groff-base)"
fi
check "every option of --help is in the man page and the completions" help_options_are_everywhere
check "bash completes a command: mapterm re<TAB>" bash_completes "render" mapterm re
check "bash completes an option: mapterm render --ce<TAB>" bash_completes "--center" mapterm render --ce
check "bash completes a value: mapterm places --kind <TAB>" bash_completes \
  "restroom airport heliport seaplane_base balloonport cafe restaurant pharmacy drinking_water station atm hospital" \
  mapterm places --kind ''
check "bash completes a list's next value: --kind cafe,a<TAB>" bash_completes "cafe,airport cafe,atm" mapterm places --kind cafe,a
check "bash completes a colour: --layer run.gpx:color=re<TAB>" bash_completes "red" mapterm --layer run.gpx : color = re
check "bash completes a profile: route A B --profile <TAB>" bash_completes "car bike foot" mapterm route a b --profile ''
check "zsh -n parses the zsh completion" shell_parses zsh
check "fish -n parses the fish completion" shell_parses fish
check "fish completes places --kind" fish_completes_kinds
