# shellcheck shell=bash
# scripts/synth/flow.sh: the per-module choices of rtl-synth.sh's flow and the
# key that names a netlist (what it was made from and how), sourced by
# scripts/rtl-synth.sh and scripts/area.sh (AREA_REUSE compares keys).
#
# SYNTH_COARSE (default simd_qr): modules kept at word level (level=coarse).
# SYNTH_NOSAT (default issue): modules whose `memory` pass runs with -nosat,
#   i.e. memory_share merges write ports by address only, not by proving their
#   enables exclusive with SAT.  issue's per-wave arrays (workgroup counters
#   written on launch, barrier and end) have dozens of write ports; under
#   dmr.cfg, whose RAW hold feeds every enable, the pairwise SAT proofs ran
#   for over 6 minutes on the first array (210 pairs, each "not possible") and
#   were stopped; with -nosat the whole run takes 9 minutes.  Under
#   default.cfg issue's netlist is the same with and without -nosat (133,450
#   cells, identical `stat`, 2 1/2 minutes either way, 2026-12-04).
SYNTH_COARSE=${SYNTH_COARSE-simd_qr}
SYNTH_NOSAT=${SYNTH_NOSAT-issue}

synth_level() { case " $SYNTH_COARSE " in *" $1 "*) echo coarse ;; *) echo gate ;; esac; }
synth_nosat() { case " $SYNTH_NOSAT " in *" $1 "*) return 0 ;; esac; return 1; }

# synth_key GEN MODULE ALL_MODULES...: the key of MODULE's netlist: its and its
# submodules' preprocessed sources under GEN's headers (rtl-scan.py ppkey),
# the level and the memory_share mode
synth_key() {
    local gen=$1 m=$2; shift 2
    "${PYTHON:-python3}" scripts/synth/rtl-scan.py ppkey "$gen" "$m" "$@" || return 1
    echo "level=$(synth_level "$m")"
    if synth_nosat "$m"; then echo "memory_share=nosat"; fi
}
