#!/usr/bin/env bash
# waves.sh - GTKWave views of sicu waveforms (docs/waves.md).
#
#   scripts/waves.sh list FILE.fst                 every traced signal: "PATH WIDTH"
#   scripts/waves.sh gtkw FILE.fst UNIT [OUT.gtkw] the save file of a unit's view
#   scripts/waves.sh view FILE.fst UNIT            write it and open GTKWave
#   scripts/waves.sh check FILE.fst FROM TO [SCOPE...]
#        headless check of a window: the file holds exactly cycles FROM..TO
#        (times 2*FROM .. 2*TO+1), only signals below the SCOPE paths (if
#        given), and every group of every unit view inside them has signals.
#
# Views are defined in scripts/waves/units.txt (unit -> scope, groups of
# signals by name).  Save files are generated from the waveform's own signal
# list, so bit ranges always match the configuration that wrote it.
# Environment: FST2VCD (fst2vcd), GTKWAVE (gtkwave), WAVES_OUT (directory of
# the generated save files, default $BUILD/waves; BUILD default build).
set -u -o pipefail
cd "$(dirname "$0")/.."
SPEC=scripts/waves/units.txt
MANIFEST=rtl/units.manifest
FST2VCD=${FST2VCD:-fst2vcd}
GTKWAVE=${GTKWAVE:-gtkwave}
OUTDIR=${WAVES_OUT:-${BUILD:-build}/waves}

die() { echo "waves: $*" >&2; exit 1; }
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

need_fst() {
    [ -f "$1" ] || die "no such waveform file: $1"
    command -v "$FST2VCD" >/dev/null || die "$FST2VCD not found (GTKWave's tools: make deps)"
}

# "PATH WIDTH" for every variable of the FST (its VCD header)
list_signals() {
    local hdr
    hdr=$("$FST2VCD" -f "$1" 2>/dev/null | sed '/\$enddefinitions/q') || true
    [ -n "$hdr" ] && grep -q 'enddefinitions' <<<"$hdr" || die "$1: not a readable FST file"
    awk '
        $1 == "$scope" { st[++n] = $3; next }
        $1 == "$upscope" { n--; next }
        $1 == "$var" {
            p = ""; for (i = 1; i <= n; i++) p = p (i > 1 ? "." : "") st[i]
            name = $5; if ($6 != "$end") name = name $6
            print p "." name, $3
        }' <<<"$hdr"
}

# the unit's scope path: the CU's scope and the unit's instance from the manifest
# (a unit with a view in $SPEC)
unit_scope() {
    awk -v u="$1" '$1 == "unit" && $2 == u { f = 1 } END { exit !f }' "$SPEC" || return 1
    awk -v u="$1" '$1 == "cu" { cu = $2 } $1 == "unit" && $2 == u { inst = $3 }
        END { if (inst == "") exit 1; print (inst == "." ? cu : cu "." inst) }' "$MANIFEST"
}

# gtkw FST UNIT OUT: write the save file; prints group counts on stderr
# with GTKW_CHECK=1 fails when a group is empty
make_gtkw() {
    local fst=$1 unit=$2 out=$3 scope sigs
    scope=$(unit_scope "$unit") ||
        die "unknown unit '$unit' (known: $(awk '$1 == "unit" { printf "%s ", $2 }' "$SPEC"))"
    sigs=$(list_signals "$fst") || exit 1
    mkdir -p "$(dirname "$out")"
    local absfst
    absfst=$(realpath "$fst")
    # the unit's own signals: PATH = SCOPE.LEAF[range]
    awk -v scope="$scope" -v unit="$unit" -v fst="$absfst" -v check="${GTKW_CHECK:-0}" '
        FNR == NR {
            if (index($1, scope ".") != 1) next
            rest = substr($1, length(scope) + 2)
            leaf = rest; sub(/\[.*$/, "", leaf)
            if (index(leaf, ".") || index(rest, ".")) next      # a sub-instance
            ns++; path[ns] = $1; name[ns] = leaf; width[ns] = $2
            next
        }
        $1 == "unit" { inunit = ($2 == unit); next }
        !inunit || /^#/ || NF == 0 { next }
        {
            # group "NAME WITH SPACES" REGEX  |  rest "NAME"
            line = $0; kind = $1; sub(/^[a-z]+ +/, "", line)
            if (line ~ /^"/) { gname = substr(line, 2); gname = substr(gname, 1, index(gname, "\"") - 1)
                               line = substr(line, length(gname) + 3) }
            else { gname = line; sub(/ .*/, "", gname); line = substr(line, length(gname) + 1) }
            sub(/^ +/, "", line)
            ng++; gkind[ng] = kind; gn[ng] = gname; gre[ng] = line
        }
        END {
            if (ns == 0) { print "waves: " fst ": no signals of unit " unit " (scope " scope ")" > "/dev/stderr"; exit 3 }
            print "[*] sicu GTKWave view of unit " unit " (scripts/waves.sh; scripts/waves/units.txt)"
            print "[dumpfile] \"" fst "\""
            print "[timestart] 0"
            print "[size] 1600 900"
            print "[pos] -1 -1"
            print "[treeopen] " scope "."
            print "[sst_width] 260"
            print "[signals_width] 320"
            print "[sst_expanded] 1"
            print "[sst_vpaned_height] 260"
            bad = 0
            for (g = 1; g <= ng; g++) {
                cnt = 0; body = ""
                for (i = 1; i <= ns; i++) {
                    if (used[i]) continue
                    if (gkind[g] == "group" && name[i] !~ gre[g]) continue
                    if (gkind[g] == "rest" && cnt >= 200) break
                    used[i] = 1; cnt++
                    body = body (width[i] == 1 ? "@28\n" : "@22\n") path[i] "\n"
                }
                printf "  %-32s %4d signals\n", gn[g], cnt > "/dev/stderr"
                if (cnt == 0 && gkind[g] == "group") bad++
                if (cnt == 0) continue
                print "@800200"; print "-" gn[g]
                printf "%s", body
                print "@1000200"; print "-" gn[g]
            }
            if (check && bad) { print "waves: unit " unit ": " bad " empty group(s)" > "/dev/stderr"; exit 4 }
        }' <(echo "$sigs") "$SPEC" > "$out" || { rm -f "$out"; return 1; }
}

cmd=${1:-}
[ -n "$cmd" ] || usage
shift
case "$cmd" in
list)
    [ $# = 1 ] || usage
    need_fst "$1"
    list_signals "$1"
    ;;
gtkw)
    [ $# = 2 ] || [ $# = 3 ] || usage
    need_fst "$1"
    out=${3:-$OUTDIR/$(basename "$1" .fst)-$2.gtkw}
    make_gtkw "$1" "$2" "$out" && echo "waves: $out"
    ;;
view)
    [ $# = 2 ] || usage
    need_fst "$1"
    out=$OUTDIR/$(basename "$1" .fst)-$2.gtkw
    make_gtkw "$1" "$2" "$out" || exit 1
    echo "waves: $GTKWAVE $1 $out"
    [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || die "no display (DISPLAY unset): open the save file above on a machine with one"
    command -v "$GTKWAVE" >/dev/null || die "$GTKWAVE not found (make deps)"
    exec "$GTKWAVE" "$1" "$out"
    ;;
check)
    [ $# -ge 3 ] || usage
    fst=$1 from=$2 to=$3
    shift 3
    need_fst "$fst"
    [[ "$from" =~ ^[0-9]+$ && "$to" =~ ^[0-9]+$ ]] || die "check: FROM and TO must be cycle numbers"
    # the time range: first and last timestamp of the value changes
    read -r tmin tmax < <("$FST2VCD" -f "$fst" 2>/dev/null | awk '/^#[0-9]+/ { t = substr($1, 2) + 0; if (n++ == 0) a = t; b = t }
                                                            END { print (n ? a : -1), (n ? b : -1) }')
    want_min=$((2 * from)) want_max=$((2 * to + 1))
    [ "$tmin" = "$want_min" ] && [ "$tmax" = "$want_max" ] ||
        die "check: $fst spans times $tmin..$tmax, expected $want_min..$want_max (cycles $from..$to)"
    echo "waves: $fst: times $tmin..$tmax = cycles $from..$to"
    sigs=$(list_signals "$fst") || exit 1
    n=$(wc -l <<<"$sigs")
    if [ $# -gt 0 ]; then
        outside=$(awk -v sc="$*" 'BEGIN { k = split(sc, s, " ") }
                  { ok = 0; for (i = 1; i <= k; i++) if (index($1, s[i] ".") == 1 || $1 == s[i]) ok = 1
                    if (!ok) print $1 }' <<<"$sigs" | head -5)
        [ -z "$outside" ] || die "check: signals outside the scopes $*: $(tr '\n' ' ' <<<"$outside")"
        echo "waves: $n signals, all below: $*"
    fi
    # every view whose scope is in the file: every group has signals
    checked=0
    for u in $(awk '$1 == "unit" { print $2 }' "$SPEC"); do
        sc=$(unit_scope "$u")
        awk -v sc="$sc" 'index($1, sc ".") == 1 && !index(substr($1, length(sc) + 2), ".") { f = 1 } END { exit !f }' \
            <<<"$sigs" || continue
        echo "waves: view '$u':"
        GTKW_CHECK=1 make_gtkw "$fst" "$u" "$OUTDIR/check-$u.gtkw" || die "check: the view of unit '$u' does not match the waveform"
        checked=$((checked + 1))
    done
    [ $checked -gt 0 ] || die "check: no unit view applies to $fst"
    echo "waves: check ok ($checked views)"
    ;;
*) usage ;;
esac
