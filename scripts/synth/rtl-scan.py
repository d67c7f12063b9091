#!/usr/bin/env python3
"""rtl-scan.py - source checks for the synthesizable RTL (used by scripts/rtl-synth.sh).

  rtl-scan.py forbidden FILE...   list simulation-only constructs outside comments:
                                  system tasks/functions other than $clog2, $signed,
                                  $unsigned, $bits (so $display, $finish, $random, ...),
                                  `initial`, `real`/`realtime`/`shortreal`, DPI
                                  import/export, `force`/`release`, `fork`, `wait`.
                                  Code Yosys does not read (inside `ifndef SYNTHESIS,
                                  or the `else of `ifdef SYNTHESIS: assertions) is
                                  skipped.  Exit 1 if any is found.
  rtl-scan.py children FILE MOD...  print the modules among MOD... that FILE instantiates.
  rtl-scan.py ppkey GEN MODULE MOD...  print a key of rtl/MODULE.v as Yosys reads it under the
                                  headers of GEN (sicu_config.vh ...): the sha256 of its
                                  text preprocessed by `verilator -E -P` (-DSYNTHESIS, after
                                  GEN/sicu_config.vh and rtl/cu_defs.vh, as rtl-synth.sh reads it) and of
                                  the modules among MOD... it instantiates (their ports and
                                  parameters shape its netlist).  Equal keys: the same netlist.
                                  Exit 1 if the preprocessor fails.
  rtl-scan.py paraminst FILE MOD... print the modules among MOD... that FILE instantiates
                                  with a parameter override (NAME #(...) inst (...)).
"""
import hashlib
import re
import subprocess
import sys

ALLOWED_SYS = {'$clog2', '$signed', '$unsigned', '$bits'}
KEYWORDS = re.compile(r'\b(initial|real|realtime|shortreal|force|release|fork|join|wait)\b')
DPI = re.compile(r'\b(import|export)\s*"DPI')
SYS = re.compile(r'\$[A-Za-z_][A-Za-z0-9_$]*')


def strip_comments(text):
    """Blank out // and /* */ comments and string contents, keeping line numbers.

    Strings are kept as "" (empty) except for a leading DPI marker, so that
    `import "DPI-C"` is still recognised while text inside other strings is not
    scanned."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            s = text[i:j + 1]
            out.append('"DPI"' if s.startswith('"DPI') else '""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


COND = re.compile(r'^\s*`(ifdef|ifndef|elsif|else|endif)\b\s*(\w*)')


def synthesized_lines(lines):
    """Blank the lines Yosys does not read (it defines SYNTHESIS): the body of
    `ifndef SYNTHESIS and the `else branch of `ifdef SYNTHESIS."""
    stack = []    # per open conditional: (tests SYNTHESIS, branch is simulation-only)
    out = []
    for line in lines:
        m = COND.match(line)
        if m:
            kind, name = m.group(1), m.group(2)
            outer = bool(stack) and stack[-1][1]
            if kind in ('ifdef', 'ifndef'):
                synth = name == 'SYNTHESIS'
                stack.append((synth, outer or (synth and kind == 'ifndef')))
            elif kind == 'else' and stack:
                synth, sim = stack[-1]
                enclosing = len(stack) > 1 and stack[-2][1]
                stack[-1] = (synth, enclosing or (synth and not sim))
            elif kind == 'endif' and stack:
                stack.pop()
            out.append('')
            continue
        out.append('' if stack and stack[-1][1] else line)
    return out


def forbidden(files):
    bad = 0
    for path in files:
        with open(path) as f:
            lines = synthesized_lines(strip_comments(f.read()).split('\n'))
        for ln, line in enumerate(lines, 1):
            hits = [m.group(0) for m in SYS.finditer(line) if m.group(0) not in ALLOWED_SYS]
            hits += [m.group(1) for m in KEYWORDS.finditer(line)]
            hits += ['%s "DPI' % m.group(1) for m in DPI.finditer(line)]
            for h in hits:
                print('%s:%d: not synthesizable here: %s' % (path, ln, h))
                bad += 1
    return 1 if bad else 0


def children(path, mods, params_only=False):
    print(' '.join(child_list(path, mods, params_only)))
    return 0


def child_list(path, mods, params_only=False):
    with open(path) as f:
        text = strip_comments(f.read())
    text = re.sub(r'\b(module|endmodule)\s+[A-Za-z_]\w*', ' ', text)   # the module's own header
    inst = r'#\s*\(' if params_only else r'(#\s*\(|[A-Za-z_]\w*\s*\()'
    # "name u_x (" or "name #(...) u_x (" at the start of a statement
    return [m for m in mods if re.search(r'(^|[;\s])' + re.escape(m) + r'\s+' + inst, text, re.M)]


def ppkey(gen, module, mods):
    h = hashlib.sha256()
    for m in [module] + child_list('rtl/%s.v' % module, mods):
        cmd = ['verilator', '-E', '-P', '-DSYNTHESIS', '-Irtl', '-Irtl/fp', '-I' + gen,
               gen + '/sicu_config.vh', 'rtl/cu_defs.vh', 'rtl/%s.v' % m]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode != 0:
            sys.stderr.write('rtl-scan: %s failed:\n%s' % (' '.join(cmd), r.stderr.decode(errors='replace')))
            return 1
        h.update(m.encode() + b'\0' + r.stdout + b'\0')
    print(h.hexdigest())
    return 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == 'forbidden':
        return forbidden(sys.argv[2:])
    if len(sys.argv) >= 3 and sys.argv[1] == 'children':
        return children(sys.argv[2], sys.argv[3:])
    if len(sys.argv) >= 4 and sys.argv[1] == 'ppkey':
        return ppkey(sys.argv[2], sys.argv[3], sys.argv[4:])
    if len(sys.argv) >= 3 and sys.argv[1] == 'paraminst':
        return children(sys.argv[2], sys.argv[3:], params_only=True)
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
