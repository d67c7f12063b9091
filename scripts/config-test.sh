#!/usr/bin/env bash
# config-test.sh - the configuration generator (sw/gen/gen_config.c) and the
# per-configuration build directories (make config-test, part of sw-test).
#
#   1. the bundled configurations generate; features default to off;
#   2. bad configurations are rejected with file:line: unknown key, bad
#      integer/bool/enum value, duplicate, missing size, out of range, and a
#      feature value whose implementation is missing (taken from the key table);
#   3. the generated C header compiles in C and C++ and its key table lists
#      every key with its value;
#   4. make records the configuration of a BUILD directory and refuses another.
# Only headers are generated (no RTL build).
set -u -o pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
T=$ROOT/$BUILD/config-test
rm -rf "$T" && mkdir -p "$T"
GEN=$T/gen_config
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -f "${2:-}" ] && sed -n '1,10p' "$2" | sed 's/^/          /'; }

gcc -std=gnu11 -O1 -Wall -Wextra -Werror -o "$GEN" sw/gen/gen_config.c || { echo "config-test: cannot build the generator" >&2; exit 2; }

# ---- 1. bundled configurations
for c in rtl/config/*.cfg; do
    n=$(basename "$c" .cfg)
    if "$GEN" "$c" "$T/$n.vh" "$T/$n.h" > "$T/$n.log" 2>&1 && grep -q "^// Generated from $c " "$T/$n.vh"; then
        ok "$c generates"
    else ko "$c generates" "$T/$n.log"; fi
done
# features: every bool/enum key of the table is its first value (0: off,
# for the mechanisms) in small.cfg (which gives none)
"$GEN" --list > "$T/keys.txt"
feats=$(awk -F'\t' '$2 != "size" { print $1 ":" $4 }' "$T/keys.txt")
good=1
[ -n "$feats" ] || good=0
for kd in $feats; do
    k=${kd%%:*} d=${kd#*:}
    grep -q "^\`define SICU_FEAT_$k 0\$" "$T/small.vh" && grep -q "^#define SICU_FEAT_$k 0\$" "$T/small.h" || good=0
    grep -Eq "^    \{\"$k\", \"$d\", \"(bool|enum)\"\}," "$T/small.h" || good=0
done
if [ $good = 1 ]; then ok "features default to their first value ($(echo $feats))"; else ko "features default to their first value" "$T/small.h"; fi
# enum value constants
if grep -q '^`define SICU_DMR_INTRA 1$' "$T/default.vh" && grep -q '^#define SICU_DMR_ENHANCED 3$' "$T/default.h"; then
    ok "enum value constants SICU_DMR_*"
else ko "enum value constants SICU_DMR_*" "$T/default.vh"; fi

# ---- 2. bad configurations: CASE PATTERN LINES...
bad() {
    local name=$1 pat=$2; shift 2
    grep -v '^\(RFV\|DMR\|DMR_CLUSTER\|DMR_MAP\|FAULT_INJECT\) ' rtl/config/small.cfg > "$T/$name.cfg"
    for l in "$@"; do
        case "$l" in
        -*) sed -i "/^${l#-} /d" "$T/$name.cfg" ;;   # -KEY: drop that key
        *) echo "$l" >> "$T/$name.cfg" ;;
        esac
    done
    "$GEN" "$T/$name.cfg" "$T/$name.vh" "$T/$name.h" > "$T/$name.log" 2>&1
    local rc=$?
    if [ $rc = 1 ] && grep -Eq -e "$pat" "$T/$name.log"; then ok "rejects $name: $(head -1 "$T/$name.log" | sed "s|$T/||")"
    else ko "rejects $name (exit $rc)" "$T/$name.log"; fi
}
bad unknown-key "unknown-key\.cfg:[0-9]+: unknown key 'WAVEZ'" "WAVEZ 4"
bad bad-integer "bad-integer\.cfg:[0-9]+: LSU_QDEPTH: expected an integer, got 'four'" -LSU_QDEPTH "LSU_QDEPTH four"
bad out-of-range "out-of-range\.cfg:[0-9]+: SIMDS = 9 is outside \[1, 4\]" -SIMDS "SIMDS 9"
bad bad-bool "bad-bool\.cfg:[0-9]+: RFV: bad value 'yes' \(expected off\|on\)" "RFV yes"
bad bad-enum "bad-enum\.cfg:[0-9]+: DMR: bad value 'both' \(expected off\|intra\|inter\|enhanced\)" "DMR both"
bad duplicate "duplicate\.cfg:[0-9]+: 'DMR' given twice" "DMR off" "DMR off"
bad missing-size "missing-size\.cfg: size 'LDS_BYTES' is missing" -LDS_BYTES
bad not-pow2 "LANES must be a power of two" -LANES "LANES 12"
bad extra-word "extra-word\.cfg:[0-9]+: expected 'NAME VALUE'" "RFV off on"
bad dmr-cluster "dmr-cluster\.cfg: DMR_CLUSTER 16 is larger than LANES 8" -LANES "LANES 8" "DMR intra" "DMR_CLUSTER 16"
bad rfv-dmr "rfv-dmr\.cfg: RFV on together with DMR or FAULT_INJECT is not implemented" -RFV -DMR "RFV on" "DMR intra"
# a value whose implementation is missing: the first one the key table marks so
miss=$(awk -F'\t' '$2 != "size" { n = split($3, v, "|"); for (i = 1; i <= n; i++) if (index("|" $5 "|", "|" v[i] "|") == 0) { print $1, v[i]; exit } }' "$T/keys.txt")
if [ -n "$miss" ]; then
    set -- $miss
    bad not-implemented "not-implemented\.cfg:[0-9]+: feature $1 = $2 is not implemented yet" "$1 $2"
else
    echo "  SKIP  not-implemented: every feature value is implemented"
fi
# an implemented feature value (off) given explicitly is accepted
grep -v '^\(RFV\|DMR\|FAULT_INJECT\) ' rtl/config/small.cfg > "$T/explicit.cfg"
printf 'RFV off\nDMR off   # comment\n' >> "$T/explicit.cfg"
if "$GEN" "$T/explicit.cfg" "$T/explicit.vh" "$T/explicit.h" > "$T/explicit.log" 2>&1; then ok "explicit 'off' values"
else ko "explicit 'off' values" "$T/explicit.log"; fi

# ---- 3. the C header in C and C++: the key table prints the configuration
cat > "$T/print.c" <<'EOF'
#include <stdio.h>
#include "sicu_config.h"
int main(void)
{
    printf("%s\n", SICU_CFG_FILE);
    for (int i = 0; i < SICU_CFG_NKEYS; i++)
        printf("%s %s %s\n", sicu_cfg_table[i][0], sicu_cfg_table[i][1], sicu_cfg_table[i][2]);
    return SICU_FEAT_DMR == SICU_DMR_OFF ? 0 : 1;
}
EOF
cp "$T/default.h" "$T/sicu_config.h"
if gcc -std=gnu11 -Wall -Wextra -Werror -I"$T" -o "$T/print" "$T/print.c" > "$T/print.log" 2>&1 &&
   g++ -x c++ -Wall -Wextra -Werror -I"$T" -fsyntax-only "$T/print.c" >> "$T/print.log" 2>&1 &&
   "$T/print" > "$T/print.out" && [ "$(sed -n 1p "$T/print.out")" = rtl/config/default.cfg ] &&
   [ "$(($(wc -l < "$T/print.out") - 1))" = "$(wc -l < "$T/keys.txt")" ] &&
   grep -q '^WAVES 40 size$' "$T/print.out" && grep -q '^DMR off enum$' "$T/print.out"; then
    ok "sicu_config.h: C and C++, key table of $(($(wc -l < "$T/print.out") - 1)) keys"
else ko "sicu_config.h: C and C++, key table" "$T/print.log"; fi

# ---- 4. make: one configuration per BUILD directory
B=$BUILD/config-test/bdir
mk() { make -s --no-print-directory "$@" "$B/gen/sicu_config.h"; }
if mk BUILD="$B" CONFIG=rtl/config/small.cfg > "$T/mk1.log" 2>&1 && [ "$(cat "$B/config.path")" = rtl/config/small.cfg ] &&
   mk BUILD="$B" >> "$T/mk1.log" 2>&1 && mk BUILD="$B" CONFIG="$ROOT/rtl/config/small.cfg" >> "$T/mk1.log" 2>&1; then
    ok "make records $B/config.path and defaults to it"
else ko "make records $B/config.path and defaults to it" "$T/mk1.log"; fi
if ! mk BUILD="$B" CONFIG=rtl/config/default.cfg > "$T/mk2.log" 2>&1 &&
   grep -q "was built with CONFIG=rtl/config/small.cfg, not rtl/config/default.cfg" "$T/mk2.log" &&
   grep -q "SICU_SIMDS 1\$" "$B/gen/sicu_config.h"; then
    ok "make refuses another CONFIG for $B"
else ko "make refuses another CONFIG for $B" "$T/mk2.log"; fi

echo "config-test: $pass passed, $fail failed"
[ $fail = 0 ]
