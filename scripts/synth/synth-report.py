#!/usr/bin/env python3
"""synth-report.py - per-module Yosys figures of scripts/rtl-synth.sh -> report.json + table.

usage: synth-report.py OUTDIR CONFIG_NAME MODULE...
       synth-report.py small-mems DUMP MIN_BITS   (Yosys commands: memory_map of the
                                                 memories of DUMP below MIN_BITS)

For each MODULE (a module synthesized as its own top, child modules kept as
black-box cells, so the figures are the module's own logic) and for the whole
CU ("sicu_cu.flat": flattened), reads from OUTDIR:
  M.stat.json  `stat -json -width` after the flow
  M.mem.txt    `dump t:$mem_v2`: the inferred memories (RAMs, and ROMs from
               constant tables), kept as $mem_v2 cells by `memory -nomap`
  M.run        key=value lines written by rtl-synth.sh (status, time, level)
and writes OUTDIR/report.json and prints a table.

Figures per module:
  cells        cells after the flow, excluding $mem_v2 cells and black-box
               (child module) instances; gate-level cells ($_AND_ ...) when
               level = "gate", word-level cells ($add, $mul ...) when "coarse"
  flop_bits    flip-flop bits (gate level: one per $_*DFF*_ cell; coarse:
               the width of each $dff/$sdff/... cell)
  mem_bits     RAM bits ($mem_v2 cells with write ports), per memory listed
               in "memories" with rows x width and port counts
  rom_bits     ROM bits ($mem_v2 cells without write ports: constant tables)
  children     black-box instances by module name (the figures above exclude them)
"""
import json
import os
import re
import sys


def read_kv(path):
    d = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if '=' in line:
                    k, v = line.rstrip('\n').split('=', 1)
                    d[k] = v
    return d


def parse_mems(path):
    """Parse `dump` output: the $mem_v2 cells and their size parameters."""
    mems = []
    if not os.path.exists(path):
        return mems
    cur = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            m = re.match(r'cell \$mem_v2 (\S+)', line)
            if m:
                cur = {'name': m.group(1).lstrip('\\')}
                mems.append(cur)
                continue
            if cur is None:
                continue
            m = re.match(r'parameter \\(SIZE|WIDTH|RD_PORTS|WR_PORTS) (\d+)$', line)
            if m:
                cur[m.group(1).lower()] = int(m.group(2))
            elif line == 'end':
                cur = None
    for mm in mems:
        mm['bits'] = mm.get('size', 0) * mm.get('width', 0)
        mm['kind'] = 'ram' if mm.get('wr_ports', 0) > 0 else 'rom'
    return mems


FLOP_GATE = re.compile(r'^\$_(DFF|DFFE|SDFF|SDFFE|SDFFCE|DFFSR|DFFSRE|ALDFF|ALDFFE)_[PN01]+_$')
FLOP_WORD = re.compile(r'^\$(dff|dffe|sdff|sdffe|sdffce|adff|adffe|aldff|aldffe|dffsr|dffsre)_(\d+)$')


def module_figures(stat_json, top):
    """Figures of the top module's own logic from `stat -json -width`."""
    with open(stat_json) as f:
        st = json.load(f)
    mods = st.get('modules', {})
    key = '\\' + top
    if key not in mods:
        # the top may have been renamed (parameterised) - take the one module
        # that is not a black box (black boxes have no stat entry)
        cand = [k for k in mods if k.lstrip('\\').startswith(('$paramod', top))]
        key = cand[0] if cand else next(iter(mods))
    m = mods[key]
    cells = 0
    flops = 0
    children = {}
    types = {}
    for t, n in m.get('num_cells_by_type', {}).items():
        if t.startswith('$mem_v2'):
            continue
        if not t.startswith('$'):
            children[t.lstrip('\\')] = n
            continue
        cells += n
        types[t] = n
        if FLOP_GATE.match(t):
            flops += n
        else:
            w = FLOP_WORD.match(t)
            if w:
                flops += n * int(w.group(2))
    return cells, flops, children, types


def small_mems(path, min_bits):
    """Yosys commands mapping the memories below min_bits to flops / logic."""
    names = [m['name'] for m in parse_mems(path) if m['bits'] < min_bits]
    print('log rtl-synth: %d memories below %d bits mapped to flops/logic' % (len(names), min_bits))
    for n in names:
        print('memory_map */%s' % n)
    if names:
        print('opt')


def number(text):
    """A .run file's figure, or None (JSON null) when it is missing or not a
    number (a run that died before measuring it writes "nan")."""
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return None if v != v else v


def figure(v, fmt):
    return 'nan' if v is None else fmt % v


def main():
    if len(sys.argv) == 4 and sys.argv[1] == 'small-mems':
        small_mems(sys.argv[2], int(sys.argv[3]))
        return
    out, cfg, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
    report = {'config': cfg, 'tool': '', 'modules': {}}
    rows = []
    for name in modules:
        run = read_kv(os.path.join(out, name + '.run'))
        top = run.get('top', name)
        ent = {
            'top': top,
            'status': run.get('status', 'missing'),
            'level': run.get('level', ''),
            'wall_s': number(run.get('wall_s')),
            'peak_mem_mb': number(run.get('peak_mem_mb')),
        }
        stat = os.path.join(out, name + '.stat.json')
        if os.path.exists(stat):
            with open(stat) as f:
                report['tool'] = json.load(f).get('creator', '')
            cells, flops, children, types = module_figures(stat, top)
            mems = parse_mems(os.path.join(out, name + '.mem.txt'))
            ent.update({
                'cells': cells,
                'flop_bits': flops,
                'mem_bits': sum(x['bits'] for x in mems if x['kind'] == 'ram'),
                'rom_bits': sum(x['bits'] for x in mems if x['kind'] == 'rom'),
                'memories': mems,
                'children': children,
                'cell_types': types,
            })
        report['modules'][name] = ent
        rows.append((name, ent))
    # the whole CU: the flattened run plus its remaining black boxes (modules
    # synthesized once on their own, e.g. simd_lane) times their instance count
    flat = report['modules'].get('sicu_cu.flat')
    if flat and 'cells' in flat:
        tot = {k: flat[k] for k in ('cells', 'flop_bits', 'mem_bits', 'rom_bits')}
        ok = flat['status'] == 'ok'
        for kid, n in flat['children'].items():
            ke = report['modules'].get(kid)
            if not ke or 'cells' not in ke or ke['children']:
                ok = False
                continue
            for k in tot:
                tot[k] += n * ke[k]
            ok = ok and ke['status'] == 'ok'
        # cells of different levels (gate / word-level) are not added up
        by_level = {flat['level']: flat['cells']}
        for kid, n in flat['children'].items():
            ke = report['modules'].get(kid)
            if ke and 'cells' in ke:
                by_level[ke['level']] = by_level.get(ke['level'], 0) + n * ke['cells']
        del tot['cells']
        report['cu_total'] = dict(tot, status='ok' if ok else 'incomplete', cells_by_level=by_level,
                                  composed_of=dict({'sicu_cu.flat': 1}, **flat['children']))
        if len(by_level) == 1:
            report['cu_total']['cells'] = next(iter(by_level.values()))
        rows.append(('CU total', dict(report['cu_total'], level='+'.join(sorted(by_level)),
                                      cells='+'.join(str(by_level[k]) for k in sorted(by_level)),
                                      wall_s=None, peak_mem_mb=None, children={})))
    with open(os.path.join(out, 'report.json'), 'w') as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write('\n')

    print('%-14s %-7s %-11s %14s %10s %10s %10s %8s %8s  %s' % (
        'module', 'status', 'level', 'cells', 'flop bits', 'RAM bits', 'ROM bits', 'time s', 'peak MB', 'black boxes'))
    for name, e in rows:
        kids = ' '.join('%s x%d' % (k, v) for k, v in sorted(e.get('children', {}).items()))
        print('%-14s %-7s %-11s %14s %10s %10s %10s %8s %8s  %s' % (
            name, e['status'], e['level'], e.get('cells', '-'), e.get('flop_bits', '-'),
            e.get('mem_bits', '-'), e.get('rom_bits', '-'), figure(e['wall_s'], '%.1f'),
            figure(e['peak_mem_mb'], '%.0f'), kids))


if __name__ == '__main__':
    main()
