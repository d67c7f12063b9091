#!/usr/bin/env bash
# example.sh - the quick start (`make example`): compile the bundled vector
# add (programs/vadd), generate its inputs, run it on the sicu emulator and
# check the result against the host.  Work files go to build/example/.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
SICU=$BUILD/bin/sicu
DIR=$BUILD/example
[ -x "$SICU" ] || { echo "example: $SICU not found (run make first)" >&2; exit 2; }

rm -rf "$DIR" && mkdir -p "$DIR"
cp programs/vadd/launch.json "$DIR/"
echo "== compile: sicu cc -O2 programs/vadd/vadd.cl -o $DIR/vadd.o"
"$SICU" cc -O2 programs/vadd/vadd.cl -o "$DIR/vadd.o"
gcc -O2 -ffp-contract=off -fwrapv -std=gnu11 -Wall -Wextra -I programs/include \
    -o "$DIR/vadd-host" programs/vadd/host.c -lm
"$DIR/vadd-host" gen "$DIR"
echo "== run: sicu run $DIR/launch.json   (c[i] = a[i] + b[i] * 2.0 for 1000 elements)"
"$SICU" run "$DIR/launch.json" 2>&1
echo "== check against the host"
"$DIR/vadd-host" check "$DIR"
