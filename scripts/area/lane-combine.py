#!/usr/bin/env python3
"""lane-combine.py - one gate-level figure for the lane from per-group runs.

    lane-combine.py MODULE RTL_FILE DIR > MODULE.gates.json

DIR (scripts/area.sh, AREA_LANE_GATES=1) holds `runs` (lines "index first
last": run i elaborated the FP units first..last of RTL_FILE; run 0 none) and
gI.json, Yosys' `stat -json -tech cmos` of run I: MODULE synthesized to gates
with only those units (rtl/simd_lane.v, SIMD_LANE_FU_SET).  Every run holds
the base logic (decode, integer ops, result and output modifiers) once, so

    lane = base + sum over groups of (group - base)

per cell type and for the transistor estimate.  The output has the shape of a
`stat -json -tech cmos` of the whole lane, so sicu-area reads it like any
other module's gate figures; "sicu_lane_groups" records how it was made.  It
also writes DIR/lane-groups.txt, a table of what each group adds (cells,
transistors; sicu-area turns each group's cell types into NAND2-eq).  Logic that
two groups share (e.g. the same operand unpacking) is counted once per group:
the sum is an upper bound of a whole-lane mapping.
"""
import json
import os
import re
import sys

def die(msg):
    sys.exit(f"lane-combine: {msg}")


def load(path, module):
    try:
        with open(path) as f:
            root = json.load(f)
    except (OSError, ValueError) as e:
        die(f"{path}: {e} (did the run fail? see its .log)")
    mods = root.get("modules", {})
    key = module if module in mods else "\\" + module
    if key not in mods:
        die(f"{path}: no module {module}")
    m = mods[key]
    est = m.get("estimated_num_transistors", "")
    if not isinstance(est, str) or not est.rstrip("+").isdigit():
        die(f"{path}: no transistor estimate")
    return m.get("num_cells_by_type", {}), int(est.rstrip("+")), est.endswith("+")


def main():
    if len(sys.argv) != 4:
        die(__doc__)
    module, rtl, d = sys.argv[1:]
    names = {}
    with open(rtl) as f:
        for name, num in re.findall(r"\b(FU_[A-Z0-9_]+)\s*=\s*7'd(\d+)", f.read()):
            names[int(num)] = name
    runs = []
    with open(os.path.join(d, "runs")) as f:
        for line in f:
            i, lo, hi = (int(x) for x in line.split())
            runs.append((i, lo, hi))
    if not runs or runs[0][0] != 0:
        die(f"{d}/runs: run 0 (the base) missing")
    base_cells, base_t, plus = load(os.path.join(d, "g0.json"), module)
    cells = dict(base_cells)
    trans = base_t
    groups = []
    for i, lo, hi in runs[1:]:
        gc, gt, gp = load(os.path.join(d, f"g{i}.json"), module)
        plus = plus or gp
        delta = {}
        for k in set(gc) | set(base_cells):
            dk = gc.get(k, 0) - base_cells.get(k, 0)
            cells[k] = cells.get(k, 0) + dk
            delta[k] = dk
        trans += gt - base_t
        groups.append({"run": i, "first": lo, "last": hi, "units": [names.get(u, str(u)) for u in range(lo, hi + 1)],
                       "cells": sum(delta.values()), "cells_by_type": {k: v for k, v in sorted(delta.items()) if v},
                       "transistors": gt - base_t})
    neg = {k: v for k, v in cells.items() if v < 0}
    if neg:
        die(f"negative cell counts {neg}: a group run has less than the base")
    cells = {k: v for k, v in sorted(cells.items()) if v}
    out = {
        "modules": {
            "\\" + module: {
                "num_cells": sum(cells.values()),
                "num_cells_by_type": cells,
                "estimated_num_transistors": f"{trans}{'+' if plus else ''}",
            }
        },
        "sicu_lane_groups": {
            "method": "base + sum(group - base); one Yosys run per group of FP units",
            "base": {"cells": sum(base_cells.values()), "cells_by_type": dict(sorted(base_cells.items())),
                     "transistors": base_t},
            "groups": groups,
        },
    }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")
    total_t = trans
    with open(os.path.join(d, "lane-groups.txt"), "w") as f:
        f.write(f"{module} at gate level, per group of FP units (cells and transistors the group adds to the base;\n"
                "NAND2-eq per group: area.json modules.simd_lane.lane_groups, from sicu-area's weight table)\n")
        f.write(f"{'group':<6} {'cells':>10} {'transistors':>12} {'share':>6}  units\n")
        f.write(f"{'base':<6} {sum(base_cells.values()):>10} {base_t:>12} {100 * base_t / total_t:>5.1f}%  "
                "decode, integer ops, result select, output modifiers\n")
        for g in groups:
            f.write(f"{g['run']:<6} {g['cells']:>10} {g['transistors']:>12} "
                    f"{100 * g['transistors'] / total_t:>5.1f}%  {' '.join(u[3:] for u in g['units'])}\n")
        f.write(f"{'total':<6} {sum(cells.values()):>10} {total_t:>12} 100.0%\n")


main()
