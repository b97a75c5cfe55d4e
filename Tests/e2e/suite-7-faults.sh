# Faults and hostile input: escape sequences inside files and arguments never reach the terminal;
# tile bombs, oversized tiles and FIFOs are refused without using much memory or hanging; several
# processes share one data folder, and folders that cannot be written still give a working map.

fault_dir=$(mktemp -d)
echo '[]' > "$fault_dir/none.json"
# A script that ends badly (a crash before its checks, not only a failed check) fails too.
injection_checks() {
  local script
  for script in injection.py injection_matrix.py exit_race.py faults.py concurrency.py; do
    python3 "$here/$script" "$MAPTERM" "$fault_dir" || echo "FAIL $script ended with status $?"
  done
}
while IFS= read -r line; do
  case "$line" in
    ok*) E2E_PASSES=$((E2E_PASSES + 1)); echo "$line" ;;
    FAIL*) E2E_FAILS=$((E2E_FAILS + 1)); echo "$line" ;;
  esac
done < <(injection_checks)
rm -rf "$fault_dir"
