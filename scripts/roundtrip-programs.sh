#!/usr/bin/env bash
# Disassemble every code object built by the programs suite (real clang output at -O0/-O2 and the
# llvm-mc-assembled asm tests) with `sicu disasm`, re-assemble the text with llvm-mc and compare the
# bytes instruction by instruction with the original encoding (printed by disasm as a `// pc` comment).
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
SICU=$BUILD/bin/sicu
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
objs=( "$BUILD"/programs/*-O[0-3]/*.o "$BUILD"/programs/asm-*/*.o )
[ -e "${objs[0]}" ] || { echo "roundtrip-programs: no objects under $BUILD/programs (run make programs-test)" >&2; exit 2; }
nobj=0; ninst=0; bad=0
for o in "${objs[@]}"; do
  [ -f "$o" ] || continue
  nobj=$((nobj+1))
  if ! "$SICU" disasm "$o" > "$TMP/d.s" 2> "$TMP/err"; then
    echo "FAIL $o: sicu disasm: $(head -1 "$TMP/err")"; bad=$((bad+1)); continue
  fi
  # our bytes, from the `// pc 0x...: w0 w1 ...` comments (little-endian words)
  sed -n 's|.*//.*pc 0x[0-9a-f]*: \([0-9a-f ]*\).*|\1|p' "$TMP/d.s" |
    awk '{s=""; for(i=1;i<=NF;i++){w=$i; s=s substr(w,7,2) substr(w,5,2) substr(w,3,2) substr(w,1,2)} print s}' > "$TMP/ours"
  # re-assemble the whole listing (instruction lines and any `.long` fallbacks) and take .text
  if ! sed 's|//.*||' "$TMP/d.s" | llvm-mc -arch=amdgcn -mcpu=tahiti -filetype=obj -o "$TMP/re.o" 2> "$TMP/mcerr"; then
    echo "FAIL $o: llvm-mc rejected the listing:"; head -5 "$TMP/mcerr"; bad=$((bad+1)); continue
  fi
  llvm-objcopy -O binary --only-section=.text "$TMP/re.o" "$TMP/re.bin"
  n=$(wc -l < "$TMP/ours"); ninst=$((ninst+n))
  if [ "$(tr -d '\n' < "$TMP/ours")" != "$(od -An -tx1 -v "$TMP/re.bin" | tr -d ' \n')" ]; then
    bad=$((bad+1)); echo "FAIL $o: re-assembled bytes differ; first differing instructions:"
    sed 's|//.*||' "$TMP/d.s" | llvm-mc -arch=amdgcn -mcpu=tahiti -show-encoding 2>/dev/null |
      sed -n 's/.*encoding: \[\(.*\)\]/\1/p; /^[[:space:]]*\.long/p' | sed 's/0x//g; s/,//g' > "$TMP/mc"
    paste -d'|' "$TMP/ours" "$TMP/mc" | awk -F'|' '$1!=$2{print "  line "NR": ours "$1" llvm-mc "$2; if(++k==5) exit}'
  fi
done
echo "roundtrip-programs: $nobj code objects, $ninst instructions, $bad failing objects"
[ $bad -eq 0 ]
