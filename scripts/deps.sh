#!/usr/bin/env bash
# Install sicu's dependencies from Debian packages.  Idempotent: when all
# packages are already present it only checks and returns.
#   scripts/deps.sh           the build, test and tool dependencies (make deps)
#   scripts/deps.sh cluster   also the campaign runners' servers (make deps-cluster):
#                             sshd for the loopback test, a single-node Slurm with munge
set -euo pipefail
PKGS=(build-essential make verilator yosys gtkwave libcmocka-dev libjansson-dev libelf-dev
      zlib1g-dev clang llvm lld gnuplot-nox pkg-config ccache jq libclang-rt-14-dev
      opencl-c-headers ocl-icd-libopencl1 ocl-icd-opencl-dev libclc-14 parallel)
case "${1:-}" in
"") ;;
cluster) PKGS+=(openssh-server openssh-client slurmctld slurmd slurm-client munge) ;;
*) echo "deps: unknown set '$1' (none, or cluster)" >&2; exit 2 ;;
esac
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#PKGS[@]} packages present"
else
  echo "deps: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"; }; then
    echo "deps: ERROR: could not install: ${missing[*]} (need root or sudo and Debian's package archive)" >&2
    exit 1
  fi
fi
# The gfx600 tools must actually work.
for t in clang llvm-mc ld.lld; do
  command -v "$t" >/dev/null || { echo "deps: ERROR: $t not on PATH after install" >&2; exit 1; }
done
llvm-mc -arch=amdgcn -mcpu=tahiti -show-encoding <<<'s_endpgm' >/dev/null 2>&1 ||
  { echo "deps: ERROR: llvm-mc cannot assemble for amdgcn/tahiti" >&2; exit 1; }
# libclc's OpenCL C built-ins for amdhsa (linked by `sicu cc`, sw/cc.c)
[ -r /usr/lib/clc/amdgcn--amdhsa.bc ] ||
  { echo "deps: ERROR: /usr/lib/clc/amdgcn--amdhsa.bc missing after installing libclc-14" >&2; exit 1; }
echo "deps: ok"
