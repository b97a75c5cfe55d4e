# Faults and hostile input: escape sequences inside files and arguments never reach the terminal;
# tile bombs, oversized tiles and FIFOs are refused without using much memory or hanging; several
# processes share one data folder, and folders that cannot be written still give a working map.

fault_dir=$(mktemp -d)
echo '[]' > "$fault_dir/none.json"
injection_checks() {
  python3 "$here/injection.py" "$MAPTERM" "$fault_dir"
  python3 "$here/faults.py" "$MAPTERM" "$fault_dir"
  python3 "$here/concurrency.py" "$MAPTERM" "$fault_dir"
}
while IFS= read -r line; do
  case "$line" in
    ok*) E2E_PASSES=$((E2E_PASSES + 1)); echo "$line" ;;
    FAIL*) E2E_FAILS=$((E2E_FAILS + 1)); echo "$line" ;;
  esac
done < <(injection_checks)
rm -rf "$fault_dir"
