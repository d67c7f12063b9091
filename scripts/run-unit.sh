#!/usr/bin/env bash
# Run every cmocka unit-test binary given on the command line; summarise.
set -u
pass=0; fail=0; failed=()
for t in "$@"; do
  if "$t"; then pass=$((pass+1)); else fail=$((fail+1)); failed+=("$(basename "$t")"); fi
done
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || { echo "unit: failing suites: ${failed[*]}" >&2; exit 1; }
