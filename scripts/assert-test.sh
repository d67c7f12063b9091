#!/usr/bin/env bash
# assert-test.sh - the RTL's simulation-only assertions fail a cosim run with
# the assertion's name, instance and cycle.
#
# Builds the small configuration into build-assert with the test-only define
# SICU_TEST_BREAK_GRANT (rtl/sicu_cu.v: the dispatcher's initial writes are
# granted the scalar write port even when a unit writes, breaking the
# arbiter's one-hot grant), runs vadd in cosim and checks that the run fails
# with "RTL assertion scalar_wb_grant_onehot failed in TOP.sicu_tb.u_cu at
# cycle N" and a non-zero exit.  Then the same program on the normal build
# must pass (the assertion does not fire on a correct CU).
set -u
cd "$(dirname "$0")/.."
B=${ASSERT_BUILD:-build-assert}
CFG=${ASSERT_CONFIG:-rtl/config/small.cfg}
echo "assert-test: building $CFG into $B with SICU_TEST_BREAK_GRANT"
mkdir -p "$B"
make -s --no-print-directory CONFIG="$CFG" BUILD="$B" VL_DEFINES=+define+SICU_TEST_BREAK_GRANT all rtl \
    >"$B/assert-build.log" 2>&1 || { tail -30 "$B/assert-build.log"; echo "assert-test: build failed"; exit 1; }
out=$(BUILD="$B" ENGINE=cosim OPTS=2 bash scripts/run-programs.sh vadd 2>&1)
rc=$?
pass=0 fail=0
if [ $rc -ne 0 ] && grep -Eq 'RTL assertion scalar_wb_grant_onehot failed in TOP\.sicu_tb\.u_cu at cycle [0-9]+' <<<"$out"; then
    pass=$((pass + 1)); echo "  PASS  broken grant: $(grep -Eo 'RTL assertion [^;]*' <<<"$out" | head -1)"
else
    fail=$((fail + 1)); echo "  FAIL  broken grant: no assertion failure reported (rc $rc)"; sed 's/^/    /' <<<"$out" | head -20
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
