#!/usr/bin/env bash
# units-test.sh - the unit manifest (rtl/units.manifest) is complete and agrees
# with everything that lists units.
#
#   1. every module file rtl/X.v is a module of exactly one unit, and every
#      module of the manifest has its file;
#   2. every unit has a waveform view (scripts/waves/units.txt) and every view
#      is a unit;
#   3. docs/rtl.md's module table names every unit's instance and module files;
#   4. every counter the manifest gives a unit is driven once in rtl/sicu_cu.v,
#      at its generated index (SICU_PC_* / SICU_PS_*: the --stats counters
#      and their order come from the manifest, scripts/gen-units.sh);
#   5. the generator (scripts/gen-units.sh) rejects a bad manifest, naming the line.
# Prints one line per check and "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
M=rtl/units.manifest
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  PASS  $1"; }
ko() { fail=$((fail + 1)); echo "  FAIL  $1"; [ -n "${2:-}" ] && sed 's/^/          /' <<<"$2"; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

mods() { awk '$1 == "unit" { n = split($4, m, ","); for (i = 1; i <= n; i++) { x = m[i]; sub(/[@:].*/, "", x); print x } }' "$M"; }
units() { awk '$1 == "unit" { print $2 }' "$M"; }

# 1
files=$(ls rtl/*.v | sed 's|rtl/||; s|\.v$||' | sort)
listed=$(mods | sort)
dup=$(mods | sort | uniq -d)
missing=$(comm -23 <(echo "$files") <(echo "$listed"))
extra=$(comm -13 <(echo "$files") <(echo "$listed"))
if [ -z "$dup$missing$extra" ]; then ok "every rtl/*.v module is in exactly one unit ($(echo "$files" | wc -l) modules)"
else ko "modules and manifest differ" "not in the manifest: $missing
no rtl/X.v: $extra
listed twice: $dup"; fi

# 2
views=$(awk '$1 == "unit" { print $2 }' scripts/waves/units.txt | sort)
if [ "$views" = "$(units | sort)" ]; then ok "a waveform view per unit ($(echo "$views" | wc -l) units)"
else ko "waveform views and units differ" "$(diff <(units | sort) <(echo "$views"))"; fi

# 3
bad=""
while read -r name inst modlist; do
    i=${inst%%[*}; i=${i##*.}
    [ "$inst" = . ] || grep -qF "\`$i\`" docs/rtl.md || grep -qF "\`$inst\`" docs/rtl.md || bad="$bad instance $inst ($name);"
    for m in $(tr ',' '\n' <<<"$modlist" | sed 's/[@:].*//'); do
        grep -qF "\`$m.v\`" docs/rtl.md || bad="$bad module $m.v ($name);"
    done
done < <(awk '$1 == "unit" { print $2, $3, $4 }' "$M")
if [ -z "$bad" ]; then ok "docs/rtl.md names every unit's instance and modules"; else ko "docs/rtl.md misses:$bad"; fi

# 4
bad=""
while read -r inst cs; do
    p=PC; case $inst in *\[*) p=PS ;; esac
    for c in ${cs//,/ }; do
        n=$(grep -c "\`SICU_${p}_${c^^}\b" rtl/sicu_cu.v)
        [ "$n" = 1 ] || bad="$bad $c ($n)"
    done
done < <(awk '$1 == "unit" && $5 != "-" { print $3, $5 }' "$M")
if [ -z "$bad" ]; then ok "rtl/sicu_cu.v drives each of the manifest's counters once (the --stats counters)"
else ko "counters not driven exactly once in rtl/sicu_cu.v:$bad"; fi

# 5
neg() { # name manifest-text expected-message
    printf '%s\n' "$2" > "$T/m"
    if out=$(bash scripts/gen-units.sh "$T/m" "$T/u.h" 2>&1); then ko "rejects $1 (accepted)"
    elif grep -q "$3" <<<"$out" && [ ! -e "$T/u.h" ]; then ok "rejects $1: $out"
    else ko "rejects $1 (message)" "$out"; fi
}
base='cu TOP.x
group a A'
neg "an unknown group" "$base
unit f u_f f:b - -- x" "unknown group b"
neg "a duplicate unit" "$base
unit f u_f f:a - -- x
unit f u_g g:a - -- y" "duplicate unit f"
neg "a module in two units" "$base
unit f u_f f:a - -- x
unit g u_g f:a - -- y" "module f listed twice"
neg "a malformed line" "$base
unit f u_f" "m:3"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
