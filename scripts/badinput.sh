#!/usr/bin/env bash
# badinput.sh - bad inputs must give a clear error and a non-zero exit
# status that is not a crash (exit < 128), never a signal or a hang.
#
# Each case runs one sicu command and checks: exit status in 1..127, and the
# expected words (an extended regex) on stderr.  Inputs are tests/badinput/*
# plus objects generated here into $BUILD/badinput (clang, llvm-mc).
# Runs under `make badinput-test`; with BUILD=build-asan it exercises the
# ASan/UBSan build.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
SICU=${SICU:-$ROOT/$BUILD/bin/sicu}
IN=$ROOT/tests/badinput
W=$ROOT/$BUILD/badinput
LLVM_MC=$(command -v llvm-mc-14 || command -v llvm-mc || true)
CLANG=$(command -v clang-14 || command -v clang || true)

if [ ! -x "$SICU" ]; then echo "badinput: $SICU not found (run make first)" >&2; exit 2; fi
rm -rf "$W" && mkdir -p "$W"

pass=0; fail=0; failed=()

# check NAME REGEX CMD...  - run CMD in $W; expect 1 <= exit < 128 and REGEX on stderr
check() {
    local name=$1 re=$2; shift 2
    local err=$W/$name.err rc
    (cd "$W" && timeout 60 "$@") > "$W/$name.out" 2> "$err"
    rc=$?
    if [ $rc -eq 0 ]; then
        fail=$((fail + 1)); failed+=("$name"); echo "  FAIL  $name: exit status 0 (expected an error)"
    elif [ $rc -ge 124 ]; then
        fail=$((fail + 1)); failed+=("$name")
        echo "  FAIL  $name: exit status $rc (crash, signal or timeout)"; sed -n '1,8p' "$err" | sed 's/^/          /'
    elif ! tr '\n' ' ' < "$err" | grep -Eq -- "$re"; then
        fail=$((fail + 1)); failed+=("$name")
        echo "  FAIL  $name: stderr does not match /$re/:"; sed -n '1,8p' "$err" | sed 's/^/          /'
    else
        pass=$((pass + 1)); echo "  PASS  $name (exit $rc): $(head -n 1 "$err" | cut -c1-150)"
    fi
}
# ok NAME CMD... - a control case that must succeed
ok() {
    local name=$1; shift
    if (cd "$W" && timeout 60 "$@") > "$W/$name.out" 2> "$W/$name.err"; then
        pass=$((pass + 1)); echo "  PASS  $name (control)"
    else
        fail=$((fail + 1)); failed+=("$name"); echo "  FAIL  $name: control case failed:"
        sed -n '1,8p' "$W/$name.err" | sed 's/^/          /'
    fi
}
# launch FILE CODE KERNEL ARGS - write a launch file using the ok.json buffers
launch() {
    printf '{"code": "%s", "kernel": "%s", "grid": [64], "workgroup": [64],\n "buffers": [{"name": "out", "size": 1024}, {"name": "in", "size": 1024, "init": "iota32"}],\n "args": %s}\n' \
        "$2" "$3" "$4" > "$W/$1"
}

RTL_LIB=$(dirname "$(dirname "$SICU")")/lib/libsicu-rtl.so   # the RTL engine next to $SICU (make rtl)
# RTL_ONLY=1 (make rtl-test): only the RTL engine cases below
if [ "${RTL_ONLY:-0}" != 1 ]; then
# ------------------------------------------------------------ inputs
have_cc=0
if [ -n "$CLANG" ] && "$SICU" cc "$IN/k.cl" -o "$W/k.o" > "$W/cc.log" 2>&1; then have_cc=1
else echo "badinput: WARNING: cannot compile tests/badinput/k.cl; skipping the cases that need it" >&2; sed 's/^/    /' "$W/cc.log" >&2; fi
cp "$IN/ok.json" "$IN/malformed.json" "$W/"

if [ $have_cc -eq 1 ]; then
    ok control-run "$SICU" run --quiet ok.json
    # truncated: cut the valid object in the middle of its section data
    head -c 700 "$W/k.o" > "$W/truncated.o"
    # garbage: a valid ELF header followed by junk
    { head -c 64 "$W/k.o"; yes 'garbage garbage garbage' | head -c 3000; } > "$W/garbage.o"
    # garbage inside: a valid object with its section headers overwritten
    cp "$W/k.o" "$W/garbled.o"
    shoff=$(od -An -t u8 -j 40 -N 8 "$W/k.o" | tr -d ' ')
    yes 'X' | head -c 256 | dd of="$W/garbled.o" bs=1 seek=$((shoff + 64)) conv=notrunc status=none
    launch truncated.json truncated.o k '[]'
    launch garbage.json garbage.o k '[]'
    launch garbled.json garbled.o k '[]'
    check truncated-elf 'truncated\.o: .*(truncated|past the end)' "$SICU" run truncated.json
    check truncated-elf-disasm 'truncated\.o: .*(truncated|past the end)' "$SICU" disasm truncated.o
    check garbage-elf 'garbage\.o: .*(truncated|past the end|malformed|bad|invalid)' "$SICU" run garbage.json
    check garbled-elf 'garbled\.o: .*(truncated|past the end|malformed|bad|invalid|not)' "$SICU" disasm garbled.o

    # argument validation against the metadata
    launch nokernel.json k.o nope '[]'
    check missing-kernel 'kernel "nope" not found .*available: k' "$SICU" run nokernel.json
    launch argcount.json k.o k '[{"buffer": "out"}, {"i32": 1}]'
    check wrong-arg-count 'takes 5 argument\(s\), the launch file gives 2' "$SICU" run argcount.json
    launch argkind.json k.o k '[{"buffer": "out"}, {"buffer": "in"}, {"f32": 1}, {"buffer": "in"}, {"local": 64}]'
    check wrong-arg-kind 'args\[1\]: buffer given for kernel argument 1 int n' "$SICU" run argkind.json
    launch argfloat.json k.o k '[{"buffer": "out"}, {"i32": 1}, {"i32": 1}, {"buffer": "in"}, {"local": 64}]'
    check wrong-arg-float 'args\[2\]: integer value .* floating-point argument' "$SICU" run argfloat.json
    launch arglocal.json k.o k '[{"buffer": "out"}, {"i32": 1}, {"f32": 1}, {"buffer": "in"}, {"i32": 64}]'
    check wrong-arg-local 'args\[4\]: .*not passed by value' "$SICU" run arglocal.json

    # numbers: range-checked, never wrapped around or turned into infinities
    launch f32range.json k.o k '[{"buffer": "out"}, {"i32": 1}, {"f32": 1e39}, {"buffer": "in"}, {"local": 64}]'
    check f32-out-of-range 'args\[2\]\.f32: .* is out of range for f32' "$SICU" run f32range.json
    launch negu32.json k.o k '[{"buffer": "out"}, {"u32": " -4"}, {"f32": 1}, {"buffer": "in"}, {"local": 64}]'
    check negative-unsigned 'args\[1\]\.u32: expected an integer in \[0, 4294967295\], got " -4"' "$SICU" run negu32.json
    launch negoff.json k.o k '[{"buffer": "out"}, {"i32": 1}, {"f32": 1}, {"buffer": "in", "offset": " -4"}, {"local": 64}]'
    check negative-offset 'args\[3\]\.offset: expected a non-negative byte offset, got " -4"' "$SICU" run negoff.json
    printf '{"code": "k.o", "kernel": "k", "grid": [64], "workgroup": [64], "buffers": [{"name": "out", "size": "-4"}]}\n' \
        > "$W/negsize.json"
    check negative-buffer-size 'buffers\[0\] \("out"\)\.size: expected a byte count .*got "-4"' "$SICU" run negsize.json

    # the work-group size against the kernel's metadata; grids too large to number
    printf '{"code": "k.o", "kernel": "k", "grid": [512], "workgroup": [512], "buffers": [{"name": "out", "size": 2048}],\n "args": [{"buffer": "out"}, {"i32": 1}, {"f32": 1}, {"buffer": "out"}, {"local": 2048}]}\n' > "$W/maxflat.json"
    check workgroup-over-max-flat "workgroup: 512 x 1 x 1 = 512 work-items exceeds kernel \"k\"'s max_flat_workgroup_size of 256" \
        "$SICU" run maxflat.json
    printf '{"code": "k.o", "kernel": "k", "grid": [65536, 65536], "workgroup": [1, 1], "buffers": [{"name": "out", "size": 64}],\n "args": [{"buffer": "out"}, {"i32": 1}, {"f32": 1}, {"buffer": "out"}, {"local": 4}]}\n' > "$W/hugegrid.json"
    check huge-grid 'grid: 65536 x 65536 x 1 work-items in work-groups of 1 x 1 x 1 make 4294967296 work-groups' \
        "$SICU" run hugegrid.json

    # by-value arguments checked by the metadata's kind and size: a typedef'd
    # float takes f32; structs and vectors; a required work-group size
    if "$SICU" cc "$IN/byval.cl" -o "$W/byval.o" > "$W/byval-cc.log" 2>&1; then
        bv() { # FILE WORKGROUP ARGS
            printf '{"code": "byval.o", "kernel": "bv", "grid": [64], "workgroup": [%s], "buffers": [{"name": "out", "size": 256}],\n "args": [{"buffer": "out"}, %s]}\n' "$2" "$3" > "$W/$1"
        }
        bv byval.json 64 '{"f32": 2}, {"struct": [{"f32": 0.5}, {"i32": 3}]}, {"f32x4": [1, 2, 3, 4]}'
        ok byval-typedef-struct-vector "$SICU" run --quiet byval.json
        bv bvsize.json 64 '{"f32": 2}, {"struct": [{"f32": 0.5}]}, {"f32x4": [1, 2, 3, 4]}'
        check by-value-size 'args\[2\] \(struct\): expected 8 bytes for kernel argument 2 pair p \(by_value, 8 bytes\), given 4' \
            "$SICU" run bvsize.json
        bv bvvec.json 64 '{"f32": 2}, {"struct": [{"f32": 0.5}, {"i32": 3}]}, {"i32x4": [1, 2, 3, 4]}'
        check by-value-vector-type 'args\[3\]: integer vector \(i32x4\) given for floating-point argument 3 float4 v .*use f32x4' \
            "$SICU" run bvvec.json
        bv bvreqd.json 32 '{"f32": 2}, {"struct": [{"f32": 0.5}, {"i32": 3}]}, {"f32x4": [1, 2, 3, 4]}'
        check reqd-workgroup-size "workgroup: 32 x 1 x 1 differs from kernel \"bv\"'s reqd_work_group_size\(64, 1, 1\)" \
            "$SICU" run bvreqd.json
    else
        fail=$((fail + 1)); failed+=("byval-cc"); echo "  FAIL  byval-cc: cannot compile tests/badinput/byval.cl"
        sed -n '1,8p' "$W/byval-cc.log" | sed 's/^/          /'
    fi
fi

check non-elf 'notelf\.o: not an ELF file' bash -c "echo 'just text' > notelf.o && '$SICU' disasm notelf.o"
check empty-file 'empty\.o: empty file' bash -c ": > empty.o && '$SICU' disasm empty.o"
if [ -n "$CLANG" ]; then
    "$CLANG" -target amdgcn-amd-amdhsa -mcpu=gfx900 -x cl -cl-std=CL1.2 -nogpulib -O2 -c "$IN/k.cl" \
        -Xclang -finclude-default-header -include "$ROOT/programs/include/sicu.h" -o "$W/gfx900.o" > "$W/gfx900.log" 2>&1 ||
        echo "badinput: note: the gfx900 object did not compile (see $W/gfx900.log)" >&2
    launch gfx900.json gfx900.o k '[]'
    check wrong-arch 'gfx900\.o: wrong architecture: gfx900' "$SICU" run gfx900.json
fi

# launch-file errors
check malformed-json 'malformed\.json:5:[0-9]+: JSON syntax error' "$SICU" run malformed.json
check missing-launch 'nonexistent\.json.*(No such file|cannot open|unable to open)' "$SICU" run nonexistent.json
launch nocode.json missing.o k '[]'
check missing-code 'missing\.o: cannot open: No such file' "$SICU" run nocode.json
printf '{"code": "k.o", "kernel": "k", "grid": [64, 64], "workgroup": [64, 32]}\n' > "$W/bigwg.json"
check workgroup-too-big 'workgroup: .* 2048 work-items, the maximum is 1024' "$SICU" run bigwg.json
printf '{"code": "k.o", "kernel": "k", "grid": [64, 2], "workgroup": [64, 1], "offset": [1, "0xffffffffffffffff"]}\n' > "$W/badoffset.json"
check offset-overflow 'offset\[1\]: 18446744073709551615 \+ grid\[1\] \(2\) - 1 exceeds' "$SICU" run badoffset.json
printf '{"code": "k.o", "kernel": "k", "grid": [64], "workgroup": [64], "buffers": [{"name": "a", "size": 4, "init": "file:nofile.bin"}],\n "args": [{"buffer": "a"}, {"i32": 1}, {"f32": 1}, {"buffer": "a"}, {"local": 64}]}\n' > "$W/noinit.json"
[ $have_cc -eq 1 ] && check missing-init-file 'buffer "a": cannot open init file .*nofile\.bin' "$SICU" run noinit.json

# usage errors
check bad-subcommand "unknown command 'frobnicate'" "$SICU" frobnicate
check bad-option "unknown option '--bogus'" "$SICU" run --bogus x.json
check bad-engine "unknown engine 'bogus'" "$SICU" run --engine bogus ok.json
check rtl-option-emu "--max-cycles needs --engine rtl or cosim" "$SICU" run --max-cycles 10 ok.json
# the RTL engines without the library: a sicu binary alone in a directory tree
mkdir -p "$W/nolib/bin" && cp "$SICU" "$W/nolib/bin/sicu"
check rtl-not-built 'RTL engine not built: run make rtl \[BUILD=\.\.\.\]' "$W/nolib/bin/sicu" run --engine cosim ok.json
(cd "$W" && "$W/nolib/bin/sicu" run --engine rtl ok.json) > /dev/null 2>&1
rc=$?
if [ $rc = 2 ]; then pass=$((pass + 1)); echo "  PASS  rtl-not-built-exit (exit 2)"
else fail=$((fail + 1)); failed+=("rtl-not-built-exit"); echo "  FAIL  rtl-not-built-exit: exit status $rc, not 2"; fi
# emulator options the RTL engines cannot honour: refused (exit 2) before the engine is loaded
for opt in "--repeat 1" "--max-instructions 0"; do
    name=rtl-refuses-${opt%% *}; name=${name//--/}
    check "$name" "${opt%% *} is an emulator option: the rtl engine cannot honour it" "$W/nolib/bin/sicu" run --engine rtl $opt ok.json
    if ! grep -q 'exit 2' <<< "$(cd "$W" && "$W/nolib/bin/sicu" run --engine rtl $opt ok.json > /dev/null 2>&1; echo "exit $?")"; then
        fail=$((fail + 1)); failed+=("$name-exit"); echo "  FAIL  $name-exit: exit status is not 2"
    fi
done
check stdout-twice '--trace - and --stats - cannot both write to standard output' "$SICU" run --trace - --stats - ok.json
check cc-missing-source 'nosuch\.cl: No such file' "$SICU" cc nosuch.cl -o x.o
check cc-no-output 'no output file' "$SICU" cc "$IN/k.cl"
check cc-no-libclc 'libclc bitcode /nonexistent/amdgcn--amdhsa\.bc \(from \$SICU_LIBCLC\) not readable' \
    env SICU_LIBCLC=/nonexistent/amdgcn--amdhsa.bc "$SICU" cc "$IN/k.cl" -o x.o
check trace-diff-missing 'nosuch\.jsonl: cannot open' "$SICU" trace-diff nosuch.jsonl nosuch2.jsonl
# trace-diff: a read error (here: no memory for a 40 MB line) and an output error are errors (2), not EOF / success
echo '{"wg":[0,0,0],"wave":0,"pc":"0x0"}' > "$W/one.jsonl"
check trace-diff-stdout-error 'trace-diff: error: write error on standard output' \
    bash -c "'$SICU' trace-diff one.jsonl one.jsonl > /dev/full"
if ldd "$SICU" 2>/dev/null | grep -q libasan; then
    echo "  SKIP  trace-diff-read-error (ASan build: ulimit -v does not apply)"
else
    head -c 40000000 /dev/zero | tr '\0' 'x' > "$W/longline.jsonl"
    check trace-diff-read-error 'longline\.jsonl: read error after line 0: Cannot allocate memory' \
        bash -c "ulimit -v 60000; '$SICU' trace-diff longline.jsonl one.jsonl"
    rm -f "$W/longline.jsonl"
fi

# kernels that fail at run time (assembled with llvm-mc)
if [ -n "$LLVM_MC" ]; then
    for t in invalid graphics wild loop; do
        "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$IN/$t.s" -o "$W/$t.o" 2> "$W/$t.mc.log" ||
            echo "badinput: llvm-mc failed on $t.s (see $W/$t.mc.log)" >&2
        printf '{"code": "%s.o", "kernel": "%s", "grid": [128], "workgroup": [64]}\n' "$t" "$t" > "$W/$t.json"
    done
    check invalid-instruction 'PC 0x[0-9a-f]+.*0xffffffff' "$SICU" run invalid.json
    check invalid-instruction-disasm 'invalid instruction word 0xffffffff at pc 0x4' "$SICU" disasm invalid.o
    if ! grep -q '^\.long 0xffffffff // invalid' "$W/invalid-instruction-disasm.out"; then
        fail=$((fail + 1)); failed+=("invalid-instruction-disasm-stdout"); echo "  FAIL  disasm stdout lacks '.long 0xffffffff // invalid'"
    fi
    check graphics-instruction 'PC 0x[0-9a-f]+.*exp .*encoding 0x[0-9a-f]+.*graphics' "$SICU" run graphics.json
    check wild-store 'PC 0x[0-9a-f]+.*buffer_store_dword.*0x712345000.*(not mapped|unmapped|out of range)' "$SICU" run wild.json
    check runaway 'instruction limit.*wave 0 .*PC 0x[0-9a-f]+' "$SICU" run --max-instructions 5000 loop.json
    # the default limit stops a runaway kernel (in about 20 s; too slow under ASan) and says how to raise it
    if ldd "$SICU" 2>/dev/null | grep -q libasan; then
        echo "  SKIP  runaway-default (ASan build: the default limit takes minutes)"
    else
        check runaway-default 'instruction limit of 1000000000 wave instructions reached.*PC 0x[0-9a-f]+.*the default; raise it with --max-instructions N' \
            "$SICU" run loop.json
    fi
    "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$IN/sgpr.s" -o "$W/sgpr.o" 2> "$W/sgpr.mc.log" ||
        echo "badinput: llvm-mc failed on sgpr.s (see $W/sgpr.mc.log)" >&2
    printf '{"code": "sgpr.o", "kernel": "sgpr", "grid": [64], "workgroup": [64]}\n' > "$W/sgpr.json"
    check sgpr-beyond-allocation 'wave 0 \(work-group 0,0,0 wave 0\) PC 0x[0-9a-f]+ \(code \+0x4\).*source register s40 is beyond the 16 SGPRs the kernel allocated' \
        "$SICU" run sgpr.json
    # a kernel with two descriptors (NAME.kd defined twice): ambiguous, an error
    # (under ASan: without a leak); the unpatched object is the control case
    "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$IN/dupkd.s" -o "$W/dupkd-ok.o" 2> "$W/dupkd.mc.log" ||
        echo "badinput: llvm-mc failed on dupkd.s (see $W/dupkd.mc.log)" >&2
    LC_ALL=C sed 's/kdupB\.kd/kdupA.kd/g' "$W/dupkd-ok.o" > "$W/dupkd.o"
    printf '{"code": "dupkd.o", "kernel": "kdupA", "grid": [64], "workgroup": [64]}\n' > "$W/dupkd.json"
    sed 's/dupkd\.o/dupkd-ok.o/' "$W/dupkd.json" > "$W/dupkd-ok.json"
    ok dupkd-control "$SICU" run dupkd-ok.json
    check duplicate-kd "dupkd\.o.*kernel 'kdupA' has two kernel descriptors \(symbol 'kdupA\.kd' defined twice, at image offsets 0x[0-9a-f]+ and 0x[0-9a-f]+\)" \
        "$SICU" run dupkd.json
    check duplicate-kd-disasm "kernel 'kdupA' has two kernel descriptors" "$SICU" disasm dupkd.o
    # M0-relative SGPR access: bounded by the same allocation
    "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$IN/movrel.s" -o "$W/movrel.o" 2> "$W/movrel.mc.log" ||
        echo "badinput: llvm-mc failed on movrel.s (see $W/movrel.mc.log)" >&2
    printf '{"code": "movrel.o", "kernel": "movrel", "grid": [64], "workgroup": [64]}\n' > "$W/movrel.json"
    check movrels-beyond-allocation 'wave 0 \(work-group 0,0,0 wave 0\) PC 0x[0-9a-f]+ \(code \+0x4\).*s_movrels_b32.*source register s2 \+ M0 \(18\) = s20 is beyond the 16 SGPRs the kernel allocated' \
        "$SICU" run movrel.json
    # output files appear only when complete: a trace that cannot be written
    # (file size limit) leaves the previous file intact and no temporary file
    printf 'previous\n' > "$W/keep.jsonl"
    check trace-write-error 'write error on trace file keep\.jsonl' \
        bash -c "trap '' XFSZ; ulimit -f 1; '$SICU' run --trace keep.jsonl --max-instructions 200 loop.json"
    if [ "$(cat "$W/keep.jsonl")" != previous ] || ls "$W"/.keep.jsonl.tmp-* > /dev/null 2>&1; then
        fail=$((fail + 1)); failed+=("trace-write-error-atomic")
        echo "  FAIL  trace-write-error-atomic: keep.jsonl was overwritten or a temporary file is left"
    else
        pass=$((pass + 1)); echo "  PASS  trace-write-error-atomic (keep.jsonl intact)"
    fi
fi

# sicu rfv (docs/rfv.md): bad objects, code it cannot follow, bad options,
# outputs written atomically; sicu run's side tables
if [ -n "$LLVM_MC" ]; then
    for t in setpc nokernel; do
        "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$IN/$t.s" -o "$W/$t.o" 2> "$W/$t.mc.log" ||
            echo "badinput: llvm-mc failed on $t.s (see $W/$t.mc.log)" >&2
    done
    check rfv-computed-branch 'setpc\.o: kernel setpc: \+0xc: s_setpc_b64 s\[0:1\]: computed control flow' \
        "$SICU" rfv setpc.o -o setpc.rfv.o
    check rfv-no-kernel 'nokernel\.o: no kernels found' "$SICU" rfv nokernel.o -o nokernel.rfv.o
    if ls "$W"/setpc.rfv.o "$W"/nokernel.rfv.o "$W"/.*.tmp-* > /dev/null 2>&1; then
        fail=$((fail + 1)); failed+=("rfv-no-output-on-error"); echo "  FAIL  rfv-no-output-on-error: an output file was left"
    else pass=$((pass + 1)); echo "  PASS  rfv-no-output-on-error"; fi
fi
if [ $have_cc -eq 1 ]; then
    check rfv-truncated-elf 'truncated\.o: .*(truncated|past the end)' "$SICU" rfv truncated.o -o t.rfv.o
    check rfv-garbage-elf 'garbage\.o: .*(truncated|past the end|malformed|bad|invalid)' "$SICU" rfv garbage.o -o g.rfv.o
    check rfv-no-output 'no output: give -o FILE, --side-table FILE and/or --dump' "$SICU" rfv k.o
    check rfv-bad-number "--table-bytes expects a number from 1 to" "$SICU" rfv k.o -o x.o --table-bytes 0
    ok rfv-control "$SICU" rfv k.o -o k.rfv.o --side-table k.side.json
    check rfv-twice 'k\.rfv\.o: already has a \.sicu\.rfv section' "$SICU" rfv k.rfv.o -o k2.o
    # the ELF header names the code section as the section-name table (a
    # libFuzzer finding: the rewrite replaced that section twice)
    READELF=$(command -v llvm-readelf-14 || command -v llvm-readelf || true)
    tix=$([ -n "$READELF" ] && "$READELF" -S "$W/k.o" | sed -n 's/^ *\[ *\([0-9]*\)\] \.text .*/\1/p')
    if [ -n "$tix" ]; then
        cp "$W/k.o" "$W/shstrtext.o"
        printf "\\$(printf %03o "$tix")\\000" | dd of="$W/shstrtext.o" bs=1 seek=62 conv=notrunc status=none
        check rfv-shstrndx-code 'shstrtext\.o: .*section-name table index [0-9]+ is not a string table' \
            "$SICU" rfv shstrtext.o -o s.rfv.o
    fi
    if command -v ld.lld-14 > /dev/null; then
        ld.lld-14 -shared k.o -o "$W/k.so" 2> /dev/null || ld.lld-14 -shared "$W/k.o" -o "$W/k.so"
        check rfv-linked 'k\.so: not a relocatable object' "$SICU" rfv k.so -o k.so.rfv
    fi
    [ -f "$W/gfx900.o" ] && check rfv-wrong-arch 'gfx900\.o: wrong architecture: gfx900' "$SICU" rfv gfx900.o -o g9.o
    printf 'previous\n' > "$W/keep.o"
    check rfv-write-error 'write error on output object file keep\.o' \
        bash -c "trap '' XFSZ; ulimit -f 1; '$SICU' rfv k.o -o keep.o"
    if [ "$(cat "$W/keep.o")" != previous ] || ls "$W"/.keep.o.tmp-* > /dev/null 2>&1; then
        fail=$((fail + 1)); failed+=("rfv-write-error-atomic"); echo "  FAIL  rfv-write-error-atomic: keep.o changed or a temporary is left"
    else pass=$((pass + 1)); echo "  PASS  rfv-write-error-atomic (keep.o intact)"; fi
    check run-side-needs-poison 'needs --poison-released' "$SICU" run --side-table k.side.json ok.json
    "$SICU" cc -O0 "$IN/k.cl" -o "$W/k0.o" > /dev/null 2>&1
    sed 's/"k\.o"/"k0.o"/' "$W/ok.json" > "$W/ok0.json"
    check run-side-other-code "side table of kernel 'k' was made for other code" \
        "$SICU" run --poison-released --side-table k.side.json ok0.json
    echo '{"format": "sicu-rfv-1", "mode": "side-table", "kernels": [{"name": "k", "code_bytes": 8, "code_hash": 1,' \
         ' "releases": [{"pc": 2, "after": [1]}]}]}' > "$W/bad.side.json"
    check run-side-malformed 'bad\.side\.json: kernel k: releases\[0\] is not' \
        "$SICU" run --poison-released --side-table bad.side.json ok.json
    printf '{"format": "sicu-rfv-1",\n "kernels": [}\n' > "$W/syntax.side.json"
    check run-side-syntax 'syntax\.side\.json:2:[0-9]+:' "$SICU" run --poison-released --side-table syntax.side.json ok.json
    ok rfv-control-inband "$SICU" rfv k.o -o k.ib.o
    check run-side-inband 'k\.ib\.o: an in-band rfv table' "$SICU" run --poison-released --side-table k.ib.o ok.json
    check run-poison-rtl '--poison-released is an emulator option' "$W/nolib/bin/sicu" run --engine rtl --poison-released ok.json
fi
fi # RTL_ONLY

# ------------------------------------------------------------ the RTL engines (when built)
if [ -f "$RTL_LIB" ] && [ -n "$LLVM_MC" ]; then
    for t in invalid graphics wild wildpc loop unsup unsupds hang rfvbad; do
        [ -f "$W/$t.o" ] || "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj "$IN/$t.s" -o "$W/$t.o" \
            2> "$W/$t.mc.log" || echo "badinput: llvm-mc failed on $t.s (see $W/$t.mc.log)" >&2
        printf '{"code": "%s.o", "kernel": "%s", "grid": [128], "workgroup": [64]}\n' "$t" "$t" > "$W/$t.json"
    done
    check rtl-invalid-instruction 'RTL fault .*wave slot [0-9]+, PC 0x[0-9a-f]+.*invalid instruction encoding.*0xffffffff' \
        "$SICU" run invalid.json --engine rtl
    # an rfv_pbr window past v255: invalid for the RTL's decoder as for the emulator's
    check rtl-rfv-invalid 'RTL fault .*PC 0x[0-9a-f]+.*invalid instruction encoding: \.long 0xed0002ff' \
        "$SICU" run rfvbad.json --engine rtl
    check rtl-fetch-outside 'RTL fault .*wave slot [0-9]+, PC 0x70000000 .*instruction fetch outside memory' \
        "$SICU" run wildpc.json --engine rtl
    check rtl-graphics-instruction 'RTL fault .*PC 0x[0-9a-f]+.*graphics-only instruction.*exp ' \
        "$SICU" run graphics.json --engine rtl
    check rtl-unsupported 'RTL fault .*PC 0x[0-9a-f]+.*not supported by the RTL LSU: tbuffer_store_format_x' \
        "$SICU" run unsup.json --engine rtl
    check rtl-unsupported-cosim 'RTL fault .*not supported by the RTL LSU: tbuffer_store_format_x' \
        "$SICU" run unsup.json --engine cosim
    check rtl-unsupported-ds 'RTL fault .*PC 0x[0-9a-f]+.*not supported by the RTL LSU: ds_add_src2_u32' \
        "$SICU" run unsupds.json --engine cosim
    check rtl-wild-store 'memory access out of range .*PC 0x[0-9a-f]+.*buffer_store_dword.*store of 4 bytes at 0x712345000' \
        "$SICU" run wild.json --engine rtl
    check rtl-wild-store-cosim '0x712345000.*(not mapped|unmapped|out of range)' "$SICU" run wild.json --engine cosim
    check rtl-runaway 'cycle limit of 20000 reached .*--max-cycles.*; active waves:.*slot [0-9]+: last retired 0x[0-9a-f]+ \((s_add_u32|s_branch)' \
        "$SICU" run loop.json --engine rtl --max-cycles 20000
    printf '{"code": "hang.o", "kernel": "hang", "grid": [64], "workgroup": [64], "args": [{"i32": 1}, {"i32": 2}]}\n' \
        > "$W/hang.json"
    check rtl-hang 'watchdog: no instruction retired for 3000 cycles.*slot 0: last retired 0x[0-9a-f]+ .*lgkmcnt 1' \
        "$SICU" run hang.json --engine rtl --watchdog 3000 --mem-stall-after 1
    check rtl-bad-number "--max-cycles expects a number" "$SICU" run loop.json --engine rtl --max-cycles 12x
    # a leading space and a sign: strtoull would wrap " -4" to 2^64-4
    check rtl-signed-number "--max-cycles expects a number, got ' -4'" "$SICU" run loop.json --engine rtl --max-cycles " -4"
    check rtl-emu-option "--max-instructions is an emulator option" "$SICU" run loop.json --engine cosim --max-instructions 9
    # a trace write error is the host's: reported, and no failure waveform re-simulated for it
    check rtl-trace-full 'cannot write the trace: No space left on device' \
        "$SICU" run loop.json --engine cosim --max-cycles 20000 --trace /dev/full
    if grep -q 're-simulating' "$W/rtl-trace-full.err"; then
        fail=$((fail + 1)); failed+=("rtl-trace-full-no-rerun"); echo "  FAIL  rtl-trace-full-no-rerun: a waveform re-run"
    else pass=$((pass + 1)); echo "  PASS  rtl-trace-full-no-rerun"; fi
elif [ "${RTL_ONLY:-0}" = 1 ]; then
    echo "badinput: RTL_ONLY=1 but $RTL_LIB is not built (make rtl)" >&2; exit 2
fi

echo "badinput: $pass passed, $fail failed"
if [ $fail -ne 0 ]; then echo "badinput: failing cases: ${failed[*]}" >&2; exit 1; fi
exit 0
