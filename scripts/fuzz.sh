#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (build-fuzz/: clang-15, ASan+UBSan, coverage)
# and runs them (or those of FUZZ_BUILD, below).
#   scripts/fuzz.sh TARGET SECONDS [LIBFUZZER OPTION...]
#       runs one target (module, spvasm, runfile, printf, executor) for SECONDS
#   scripts/fuzz.sh all SECONDS
#       runs every target for SECONDS, two at a time (the CI phase)
# New inputs go to build-fuzz/corpus/TARGET (kept between runs; fuzz/corpus/TARGET is
# the committed seed corpus, never written); crashes, leaks and slow inputs go to
# build-fuzz/artifacts/TARGET/ and make the script fail.
#
# With `all` (CI) the targets run in libFuzzer's fork mode and go on after a crash;
# each crash of the run is then run again, listed with its first spvsim frame, and
# fails the script. Exceptions that `spvsim` would report as internal errors (exit 3)
# are crashes too (fuzz/fuzz_support.h).
# Environment: JOBS (build jobs, default nproc), FUZZ_RSS_MB (memory limit per
# target, default 2048), FUZZ_BUILD (a build directory configured already, whose fuzz
# targets are used instead of build-fuzz/'s: the sanitized build of scripts/run-tests.sh,
# configured with -DSPVSIM_FUZZ_TARGETS=ON).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(realpath -m "${FUZZ_BUILD:-$root/build-fuzz}")"
cd "$root"
targets=(module spvasm runfile printf executor)

usage() {
  echo "usage: $0 TARGET|all SECONDS [LIBFUZZER OPTION...]" >&2
  echo "targets: ${targets[*]}" >&2
  exit 2
}
(($# >= 2)) || usage
target="$1"
seconds="$2"
shift 2
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

# The seed corpus and dictionary of each target.
seeds_of() {
  case "$1" in
    module | executor) echo spirv ;;
    *) echo "$1" ;;
  esac
}
dict_of() {
  case "$1" in
    module | executor) echo spirv ;;
    runfile) echo json ;;
    *) echo "$1" ;;
  esac
}

# Symbolized stack traces when a symbolizer is installed.
if [[ -z "${ASAN_SYMBOLIZER_PATH:-}" ]]; then
  for s in llvm-symbolizer-15 llvm-symbolizer; do
    if command -v "$s" >/dev/null; then
      export ASAN_SYMBOLIZER_PATH="$(command -v "$s")"
      break
    fi
  done
fi

build_fuzzers() {
  if [[ -n "${FUZZ_BUILD:-}" && ! -f "$build/build.ninja" ]]; then
    echo "$0: FUZZ_BUILD=$FUZZ_BUILD is not a configured build directory" >&2
    exit 2
  fi
  if [[ ! -f "$build/build.ninja" ]]; then
    cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-15 \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
      -DSPVSIM_FUZZ=ON -DSPVSIM_BUILD_TESTS=OFF -DSPVSIM_WERROR=ON >/dev/null
  fi
  cmake --build "$build" -j "${JOBS:-$(nproc)}" --target "${@/#/fuzz_}"
}

# run_one TARGET SECONDS [OPTION...]: fuzzes one target; its log is build-fuzz/TARGET.log.
run_one() {
  local name="$1" time="$2"
  shift 2
  local corpus="$build/corpus/$name" artifacts="$build/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  touch "$build/$name.started"
  echo "fuzz_$name: $time s (log: $build/$name.log)"
  local status=0
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 \
    "$build/fuzz/fuzz_$name" -max_total_time="$time" -timeout=30 \
    -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -print_final_stats=1 \
    -dict="$root/fuzz/dict/$(dict_of "$name").dict" -artifact_prefix="$artifacts/" "$@" \
    "$corpus" "$root/fuzz/corpus/$(seeds_of "$name")" >"$build/$name.log" 2>&1 || status=$?
  # The last progress line and the final statistics (fork mode prints none: not an error).
  { grep -E "^#[0-9]+.*cov: " "$build/$name.log" | tail -1
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" \
      "$build/$name.log" || true; } | sed "s/^/  fuzz_$name: /"
  if [[ " $* " == *" -fork="* ]]; then
    list_artifacts "$name" || status=1
  fi
  grep "^spvsim fuzz: internal error" "$build/$name.log" | sed "s/^/  fuzz_$name: /" || true
  if ((status != 0)); then
    echo "fuzz_$name FAILED (status $status):" >&2
    grep -E "ERROR|SUMMARY|Test unit written|deadly|==[0-9]+==" "$build/$name.log" | head -20 >&2
  fi
  return "$status"
}

# list_artifacts TARGET: runs each crash of this run again and names it with its first
# spvsim frame; fails when there is any.
list_artifacts() {
  local name="$1" artifact frame failed=0
  for artifact in "$build/artifacts/$name"/*; do
    [[ -f "$artifact" && "$artifact" -nt "$build/$name.started" ]] || continue
    frame="$("$build/fuzz/fuzz_$name" -timeout=60 "$artifact" 2>&1 |
      grep -m1 -E "^ +#[0-9]+ .* in spvsim::" || true)"
    echo "fuzz_$name: $(basename "$artifact"):${frame:+${frame#*in }}" >&2
    failed=1
  done
  return "$failed"
}

if [[ "$target" == all ]]; then
  build_fuzzers "${targets[@]}"
  failed=0
  # Two at a time: CI machines have two cores.
  for ((i = 0; i < ${#targets[@]}; i += 2)); do
    pids=()
    for t in "${targets[@]:i:2}"; do
      run_one "$t" "$seconds" -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  done
  exit "$failed"
fi
[[ " ${targets[*]} " == *" $target "* ]] || usage
build_fuzzers "$target"
run_one "$target" "$seconds" "$@"
