#!/usr/bin/env bash
# area-test.sh - checks of the area report (make area-test; docs/area.md).
#
#   scripts/area-test.sh [BUILD_DIR [CONFIG_FILE]]   (default build-small rtl/config/small.cfg)
#
# 1. scripts/area.sh on BUILD/CONFIG (reusing rtl-synth's netlists when fresh);
# 2. BUILD/area/area.json: every module of rtl/*.v is present and instantiated,
#    each group equals the sum of its modules' parts x instances, the CU total
#    equals the sum of the groups and the sum of the modules, the NAND2-eq and
#    transistor totals equal the sum of their components, memory bits equal
#    the sum of the listed memories; the lane is measured at gate level;
# 3. a larger configuration (CONFIG with VGPR_ROWS and SGPR_ROWS x4) in
#    BUILD-area-large: only sgpr_file and vgpr_bank are re-synthesized
#    (SYNTH_MODULES, SYNTH_CU=0), the other modules' netlists are copied from
#    BUILD; its register files must have more RAM bits and a larger NAND2-eq
#    and transistor count, and the other groups must be unchanged;
# 4. AREA_REUSE: BUILD's configuration again in BUILD-area-reuse reuses every
#    module from BUILD, with the same total; rtl-scan.py's keys differ for the
#    register files under the larger configuration, not for decode.
# Environment: AREA_TOOL, PYTHON (python3), and those of area.sh; AREA_COARSE_GATES
# defaults to 0 here (the quarter-rate datapath estimated from its word-level
# cells: its gate mapping would add 7 minutes to the test run).
set -u -o pipefail
export AREA_COARSE_GATES=${AREA_COARSE_GATES:-0}
cd "$(dirname "$0")/.."
BUILD=${1:-build-small}
CONFIG=${2:-rtl/config/small.cfg}
PY=${PYTHON:-python3}
LARGE=$BUILD-area-large
t0=$(date +%s)
fail() { echo "area-test: FAILED: $*" >&2; exit 1; }

# ---- 1.
bash scripts/area.sh "$BUILD" "$CONFIG" > "$BUILD/area-test.log" 2>&1 ||
    { tail -20 "$BUILD/area-test.log"; fail "area.sh $BUILD $CONFIG"; }

# ---- 2.
# modules that only a mechanism's configuration instantiates: MODULE:FEATURE
# (0 instances are right when the configuration leaves FEATURE off)
# (FEATURE: SICU_FEAT_<FEATURE>_ON or SICU_FEAT_<FEATURE> defined in sicu_config.vh)
OPTION_MODULES="simd_dmr:DMR dmr_rfu:DMR simd_rq:DMR_REPLAY dmr_need:DMR_REPLAY rfv_map:RFV rfv_rfc:RFV rfv_shrink:RFV_SHRINK"
check_json() {   # check_json AREA_JSON  (all modules of rtl/*.v)
    local vh off=""
    vh="$(dirname "$(dirname "$1")")/gen/sicu_config.vh"
    for om in $OPTION_MODULES; do
        grep -Eq "^\`define SICU_FEAT_${om#*:}(_ON)?\$" "$vh" 2>/dev/null || off="$off,${om%%:*}"
    done
    OFF_MODULES=$off "$PY" - "$1" $(ls rtl/*.v | sed 's|rtl/||; s|\.v$||') <<'EOF'
import json, os, sys
path, mods = sys.argv[1], sys.argv[2:]
off = set(os.environ.get('OFF_MODULES', '').split(',')) - {''}
a = json.load(open(path))
err = []
keys = ['logic_cells', 'flop_bits', 'ram_bits', 'rom_bits', 'nand2_logic', 'nand2_flops', 'nand2_ram',
        'nand2_rom', 'nand2_total', 'transistors', 'cells_without_transistor_estimate']
def close(x, y):
    return abs(x - y) <= 1e-6 * max(1.0, abs(x), abs(y))
for m in mods:
    e = a['modules'].get(m)
    if e is None:
        err.append('module %s missing' % m); continue
    if e['instances'] < 1 and m not in off:
        err.append('module %s has no instance in the CU' % m)
    if e['instances'] < 1 and m in off:
        continue   # a mechanism's module, not in this configuration
    if e['status'] != 'ok':
        err.append('module %s: synthesis status %s' % (m, e['status']))
    own = e['own']
    if not close(own['nand2_total'], own['nand2_logic'] + own['nand2_flops'] + own['nand2_ram'] + own['nand2_rom']):
        err.append('%s: nand2_total is not the sum of its components' % m)
    ram = sum(x['bits'] for x in e['memories'] if x['kind'] == 'ram')
    rom = sum(x['bits'] for x in e['memories'] if x['kind'] == 'rom')
    if (ram, rom) != (own['ram_bits'], own['rom_bits']):
        err.append('%s: RAM/ROM bits %d/%d but its memories add up to %d/%d' % (m, own['ram_bits'], own['rom_bits'], ram, rom))
    for k in keys:
        if not close(e['all_instances'][k], own[k] * e['instances']):
            err.append('%s: all_instances.%s != own x instances' % (m, k))
        parts = sum(p[k] for p in e['own_by_group'].values())
        if not close(parts, own[k]):
            err.append('%s: own.%s != sum of own_by_group' % (m, k))
extra = set(a['modules']) - set(mods)
if extra:
    err.append('modules not in rtl/: %s' % sorted(extra))
tot = a['total']
for k in keys:
    s_groups = sum(g[k] for g in a['groups'].values())
    s_mods = sum(e['all_instances'][k] for e in a['modules'].values())
    if not close(s_groups, tot[k]):
        err.append('total.%s = %s but the groups add up to %s' % (k, tot[k], s_groups))
    if not close(s_mods, tot[k]):
        err.append('total.%s = %s but the modules add up to %s' % (k, tot[k], s_mods))
    for gname, g in a['groups'].items():
        s = sum(a['modules'][m]['own_by_group'].get(gname, {}).get(k, 0) * a['modules'][m]['instances']
                for m in a['modules'])
        if not close(s, g[k]):
            err.append('group %s: %s = %s but its modules add up to %s' % (gname, k, g[k], s))
if not close(sum(g['share_pct'] for g in a['groups'].values()), 100.0):
    err.append('group shares do not add up to 100%')
if tot['nand2_total'] <= 0:
    err.append('total area is zero')
# the lane synthesizes whole at gate level (no estimate, no pieces)
if a['modules'].get('simd_lane', {}).get('level') != 'gate' or a['modules']['simd_lane'].get('T->estimated'):
    err.append('simd_lane is not measured at gate level')
for e in err:
    print('  ' + e)
sys.exit(1 if err else 0)
EOF
}
check_json "$BUILD/area/area.json" || fail "$BUILD/area/area.json (above)"
echo "  $BUILD/area/area.json: all modules present, totals = sum of the parts"

# ---- 3. the larger configuration
mkdir -p "$LARGE/synth" "$LARGE/area"
awk '$1 == "VGPR_ROWS" || $1 == "SGPR_ROWS" { $2 = $2 * 4 } { print }' "$CONFIG" > "$LARGE/large.cfg"
grep -q '^VGPR_ROWS' "$LARGE/large.cfg" && grep -q '^SGPR_ROWS' "$LARGE/large.cfg" || fail "no VGPR_ROWS/SGPR_ROWS in $CONFIG"
make -s --no-print-directory CONFIG="$LARGE/large.cfg" BUILD="$LARGE" "$LARGE/gen/sicu_config.vh" "$LARGE/gen/si_isa.vh" "$LARGE/gen/sicu_bundle.vh" "$LARGE/gen/sicu_units.vh" ||
    fail "headers of $LARGE/large.cfg"
rf_mods="sgpr_file vgpr_bank"
SYNTH_MODULES="$rf_mods" SYNTH_CU=0 SYNTH_SELFTEST=0 bash scripts/rtl-synth.sh "$LARGE" "$LARGE/large.cfg" \
    > "$LARGE/synth.log" 2>&1 || { tail -20 "$LARGE/synth.log"; fail "rtl-synth of $rf_mods in $LARGE"; }
for m in $(ls rtl/*.v | sed 's|rtl/||; s|\.v$||'); do
    case " $rf_mods " in *" $m "*) continue ;; esac
    for f in il stat.json mem.txt run ys; do cp "$BUILD/synth/$m.$f" "$LARGE/synth/"; done
    # their gate figures too (the lane's takes minutes); newer than the copied netlist
    for f in gates.json abc.json gates.failed; do
        [ -f "$BUILD/area/$m.$f" ] && cp "$BUILD/area/$m.$f" "$LARGE/area/" && touch "$LARGE/area/$m.$f"
    done
done
AREA_RESYNTH=never bash scripts/area.sh "$LARGE" "$LARGE/large.cfg" > "$LARGE/area.log" 2>&1 ||
    { tail -20 "$LARGE/area.log"; fail "area.sh on $LARGE"; }
check_json "$LARGE/area/area.json" || fail "$LARGE/area/area.json (above)"
"$PY" - "$BUILD/area/area.json" "$LARGE/area/area.json" <<'EOF' || fail "larger register files did not give a larger area"
import json, sys
s, l = (json.load(open(p)) for p in sys.argv[1:3])
rs, rl = s['groups']['register files'], l['groups']['register files']
err = []
for k in ('ram_bits', 'nand2_total', 'transistors'):
    if not rl[k] > rs[k]:
        err.append('register files %s: %s (x4 rows) vs %s' % (k, rl[k], rs[k]))
for g in ('fetch/queue/decode/schedule', 'functional units', 'LSU', 'LDS', 'other'):
    if l['groups'][g]['nand2_total'] != s['groups'][g]['nand2_total']:
        err.append('group %s changed although only the register files were re-synthesized' % g)
if not l['total']['nand2_total'] > s['total']['nand2_total']:
    err.append('CU total did not grow')
for e in err:
    print('  ' + e)
print('  register files: %.0f -> %.0f NAND2-eq, %d -> %d RAM bits (VGPR_ROWS, SGPR_ROWS x4)' % (
    rs['nand2_total'], rl['nand2_total'], rs['ram_bits'], rl['ram_bits']))
sys.exit(1 if err else 0)
EOF
# ---- 4. AREA_REUSE: the same configuration in another directory reuses every
# module (and gives the same figures); the keys tell the larger configuration's
# register files from BUILD's, and leave a module that does not read their sizes alone
all_mods=$(ls rtl/*.v | sed 's|rtl/||; s|\.v$||')
REUSE=$BUILD-area-reuse
rm -rf "$REUSE"
make -s --no-print-directory CONFIG="$CONFIG" BUILD="$REUSE" "$REUSE/gen/sicu_config.vh" "$REUSE/gen/si_isa.vh" \
    "$REUSE/gen/sicu_bundle.vh" "$REUSE/gen/sicu_units.vh" || fail "headers of $REUSE"
AREA_REUSE=$BUILD SYNTH_CU=0 SYNTH_SELFTEST=0 bash scripts/area.sh "$REUSE" "$CONFIG" > "$REUSE/area.log" 2>&1 ||
    { tail -20 "$REUSE/area.log"; fail "area.sh on $REUSE with AREA_REUSE=$BUILD"; }
n_mods=$(echo $all_mods | wc -w)
grep -q "AREA_REUSE=$BUILD: $n_mods modules unchanged" "$REUSE/area.log" ||
    fail "AREA_REUSE=$BUILD under the same configuration did not reuse all $n_mods modules ($REUSE/area.log: $(grep AREA_REUSE "$REUSE/area.log"))"
for m in $all_mods; do
    grep -qx 'status=ok' "$REUSE/synth/$m.run" && grep -q "^reused_from=$BUILD\$" "$REUSE/synth/$m.run" ||
        fail "$REUSE/synth/$m.run: not marked reused_from=$BUILD"
done
[ "$(jq .total "$REUSE/area/area.json")" = "$(jq .total "$BUILD/area/area.json")" ] ||
    fail "the reused area report's total differs from $BUILD's"
key() { "$PY" scripts/synth/rtl-scan.py ppkey "$1" "$2" $all_mods; }
for m in $rf_mods; do
    [ "$(key "$BUILD/gen" $m)" != "$(key "$LARGE/gen" $m)" ] || fail "ppkey: $m has the same key with x4 register file rows"
done
[ "$(key "$BUILD/gen" decode)" = "$(key "$LARGE/gen" decode)" ] || fail "ppkey: decode's key changed with the register file sizes"
changed=$(for m in $all_mods; do [ "$(key "$BUILD/gen" $m)" = "$(key "$LARGE/gen" $m)" ] || echo $m; done | tr '\n' ' ')
echo "  AREA_REUSE: $n_mods of $n_mods modules reused under the same configuration, same total; x4 register file rows change the keys of: $changed"

echo "area-test: ok ($(($(date +%s) - t0)) s)"
