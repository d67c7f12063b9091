#!/usr/bin/env python3
"""paraminst.py - the parameter overrides the RTL instantiates modules with.

usage: paraminst.py FILE... -- MODULE...

Prints one line "MODULE NAME=VALUE[,NAME=VALUE...]" per module of MODULE...
that some FILE instantiates with a #(...) override list.  Exit 1 (with a
message) when a module is instantiated with different overrides, or both
with and without, or when an override is not `.NAME(integer)`: scripts/area.sh
synthesizes one variant per module and cannot represent those cases.
"""
import re
import sys


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def balanced(text, i):
    """text[i] == '(': index just after the matching ')'."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == '(':
            depth += 1
        elif text[j] == ')':
            depth -= 1
            if depth == 0:
                return j + 1
    return -1


def main():
    args = sys.argv[1:]
    if '--' not in args:
        sys.exit(__doc__)
    k = args.index('--')
    files, mods = args[:k], args[k + 1:]
    seen = {}   # module -> set of override strings ('' = none)
    for path in files:
        with open(path) as f:
            text = strip_comments(f.read())
        for m in mods:
            for hit in re.finditer(r'(?<![\w$])' + re.escape(m) + r'\s*(#\s*\()?', text):
                before = text[max(0, hit.start() - 40):hit.start()]
                if re.search(r'\bmodule\s*$', before):
                    continue
                pos = hit.end()
                over = ''
                if hit.group(1):
                    end = balanced(text, pos - 1)
                    if end < 0:
                        continue
                    over = text[pos:end - 1]
                    pos = end
                inst = re.match(r'\s*[A-Za-z_]\w*\s*(\[[^\]]*\]\s*)?\(', text[pos:])
                if not inst:
                    continue   # not an instantiation (a mention in an expression, ...)
                seen.setdefault(m, set()).add(re.sub(r'\s+', '', over))
    rc = 0
    for m in mods:
        sets = seen.get(m, set())
        if not sets or sets == {''}:
            continue
        if len(sets) != 1:
            print('paraminst: %s is instantiated with different parameters: %s' % (m, sorted(sets)),
                  file=sys.stderr)
            rc = 1
            continue
        pairs = []
        for item in next(iter(sets)).split(','):
            mm = re.fullmatch(r'\.([A-Za-z_]\w*)\((\d+)\)', item)
            if not mm:
                print('paraminst: %s: override "%s" is not .NAME(integer)' % (m, item), file=sys.stderr)
                rc = 1
                break
            pairs.append('%s=%s' % mm.groups())
        else:
            print(m, ','.join(pairs))
    sys.exit(rc)


if __name__ == '__main__':
    main()
