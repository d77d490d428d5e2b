#!/usr/bin/env bash
# Installs the Debian 12 packages spvsim needs to build, run its examples and
# run its tests. Only what is missing is installed; running it again does
# nothing. With --bench it also installs the OpenCL implementations spvsim is
# compared against (Oclgrind, PoCL), their tools, piglit (whose OpenCL tests
# scripts/run-piglit.sh runs) and Chromium (in which a test loads the HTML
# report). With --real-programs it installs what
# scripts/run-real-programs.sh runs: CLBlast's tests and pytest for PyOpenCL's
# own tests (and PoCL to compare with).
set -euo pipefail
trap 'echo "setup: failed at line $LINENO" >&2' ERR

usage() {
  echo "usage: $0 [--bench] [--real-programs]" >&2
  exit 2
}

packages=(
  g++ cmake ninja-build make
  spirv-tools spirv-headers
  libcli11-dev nlohmann-json3-dev libgtest-dev
  clang-15 llvm-spirv-15 # the test kernels (the runtime compiles in the process)
  # frontend/: clang, LLVM and the SPIR-V translator as libraries (clang's headers are
  # libclang-15-dev's, which libclang-cpp15-dev does not pull in).
  libclang-cpp15-dev libclang-15-dev llvm-15-dev libllvmspirvlib-15-dev
  # The runtime (an OpenCL ICD) and its tests: headers, the ICD loader, and real clients.
  opencl-c-headers ocl-icd-opencl-dev clinfo python3-pyopencl
  libedit-dev # the debugger's prompt (spvsim debug): line editing and history
  libfuzzer-15-dev llvm # the fuzz phase of run-tests.sh (libFuzzer, llvm-symbolizer)
)
# chromium: the test that loads `run --report FILE.html` in a browser (skipped without it).
bench_packages=(oclgrind pocl-opencl-icd opencl-headers python3 piglit chromium)
real_program_packages=(clblast-tests python3-pytest pocl-opencl-icd git)

for arg in "$@"; do
  case "$arg" in
    --bench) packages+=("${bench_packages[@]}") ;;
    --real-programs) packages+=("${real_program_packages[@]}") ;;
    -h | --help) usage ;;
    *) echo "$0: unknown argument '$arg'" >&2; usage ;;
  esac
done

is_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

missing=()
for pkg in "${packages[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages are installed"
  exit 0
fi

if ((EUID != 0)); then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: run as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"

for pkg in "${missing[@]}"; do
  if ! is_installed "$pkg"; then
    echo "setup: $pkg is still not installed" >&2
    exit 1
  fi
done
echo "setup: done"
