#!/usr/bin/env bash
# Runs the Khronos OpenCL conformance suite (built by the user beside the project,
# docs/conformance.md) on spvsim's OpenCL ICD: each suite with the options it needs,
# under its own time limit, several at once; then prints each suite's passed /
# failed / skipped tests and wall time and a summary table (scripts/cts_summary.py).
# A suite whose tests the harness can take in parts (basic, conversions, math_brute_force)
# runs, when the machine has two or more cores, first and alone, on all of them, as
# pieces: one process on one thread each, as many at once as there are cores, their logs
# and results joined; the other suites then run several at once.
# Exits 1 when a test fails that scripts/cts-known-failures.txt does not list, or a
# listed test now passes, or a suite did not finish in its limit (unless listed),
# so that the list stays true; 2 on bad usage. Nothing is installed: the ICD
# loader finds spvsim through OCL_ICD_VENDORS.
set -euo pipefail

all_suites=(spirv_new basic api compiler atomics c11_atomics integer_ops relationals commonfns
  geometrics vectors half printf select profiling events buffers math_brute_force conversions
  subgroups workgroups non_uniform_work_group)
# The image families as the suite's own conformance lists run them
# (test_conformance/opencl_conformance_tests_full.csv, its "Images" and "Mipmaps" lines):
# a binary of test_conformance/images with the words of its line (image_words_of); the
# word "images" names them all. Not run by default.
image_suites=(cl_get_info kernel_image_methods image_streams image_streams_pitch
  image_streams_max image_streams_linear image_streams_linear_pitch image_streams_linear_max
  image_streams_mipmaps cl_copy_images cl_copy_images_small cl_copy_images_max
  cl_copy_images_mipmaps cl_read_write_images cl_read_write_images_pitch
  cl_read_write_images_max cl_read_write_images_mipmaps cl_fill_images cl_fill_images_pitch
  cl_fill_images_max samplerless_reads samplerless_reads_pitch samplerless_reads_max)
# The suites the harness can take in parts (piece_arguments); the image suites too.
in_pieces=(basic conversions math_brute_force)
# The slow ones first, so that they are not what the run waits for at its end.
slow_first=(basic integer_ops relationals vectors half select c11_atomics conversions
  math_brute_force)

usage() {
  cat >&2 <<EOF
usage: $0 [OPTIONS] CTS_BUILD_DIR [SUITE...]
  SUITE            a folder of test_conformance (default: ${all_suites[*]}),
                   an image suite (${image_suites[*]}),
                   or "images" for every image suite
  --build DIR      spvsim's build folder (default: build); its runtime/vendors names the ICD
  --out DIR        logs and results (default: DIR/cts of the build folder)
  --jobs N         suites at once (default: the number of cores); basic, conversions and
                   math_brute_force run first, one at a time on every core, in pieces
  --time-limit S   seconds per suite (default: 1200)
  --offline        compile every kernel ahead with scripts/cts-offline-compiler.sh
                   (the suite's --compilation-mode spir-v): spvsim gets only SPIR-V
  --known FILE     the known-failure list (default: scripts/cts-known-failures.txt)
  --full           no wimpy mode for math_brute_force, conversions, select, half (-w),
                   integer_ops (CL_WIMPY_MODE, which skips its long_* tests) and
                   c11_atomics (-internalIterations 100 instead of its 10000)
  --checks LIST    spvsim's checks for every suite (SPVSIM_CHECKS; default: all, as the
                   runtime's default): "bounds" leaves out the others, which take most
                   of the time of the slow suites (docs/conformance.md)
  --pieces N       basic, conversions and math_brute_force in N parts (default: three
                   for each core a suite has; 1: whole), run as separate processes on one
                   thread each, as many at once as the suite has cores; an image suite
                   runs a piece per image type, test_image_streams five (its float
                   formats' reads with normalized coordinates, without, their writes
                   and read_write tests, its int formats, its uint ones) (1: whole)
  --image-options O  words for the image suites in place of their conformance-list
                   words, e.g. "small_images 2D" (the image types named run in pieces)
EOF
  exit 2
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
out=""
jobs="$(nproc)"
limit=1200
offline=0
wimpy=1
image_options=""
checks=""
pieces=""
known="$root/scripts/cts-known-failures.txt"
cts=""
suites=()
while (($#)); do
  case "$1" in
    --build) build="$(cd "${2:?--build needs a folder}" && pwd)"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    --jobs) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --time-limit) limit="${2:?--time-limit needs seconds}"; shift 2 ;;
    --offline) offline=1; shift ;;
    --known) known="${2:?--known needs a file}"; shift 2 ;;
    --full) wimpy=0; shift ;;
    --checks) checks="${2:?--checks needs a list}"; shift 2 ;;
    --pieces) pieces="${2:?--pieces needs a number}"; shift 2 ;;
    --image-options) image_options="${2?--image-options needs words}"; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "$0: unknown option '$1'" >&2; usage ;;
    *) if [[ -z "$cts" ]]; then cts="$(cd "$1" && pwd)"; else suites+=("$1"); fi; shift ;;
  esac
done
[[ -n "$cts" ]] || usage
if [[ -n "$pieces" && ! "$pieces" =~ ^[1-9][0-9]*$ ]]; then
  echo "$0: --pieces needs a number of at least 1" >&2
  usage
fi
((${#suites[@]})) || suites=("${all_suites[@]}")
expanded=()
for s in "${suites[@]}"; do
  if [[ "$s" == images ]]; then expanded+=("${image_suites[@]}"); else expanded+=("$s"); fi
done
suites=("${expanded[@]}")
out="$(mkdir -p "${out:-$build/cts}" && cd "${out:-$build/cts}" && pwd)"

vendors="$build/runtime/vendors"
if [[ ! -f "$vendors/spvsim.icd" ]]; then
  echo "$0: no $vendors/spvsim.icd: build spvsim first (cmake --build $build)" >&2
  exit 2
fi
cts_source="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cts/CMakeCache.txt" 2>/dev/null || true)"

is_image_suite() { [[ " ${image_suites[*]} " == *" $1 "* ]]; }

# The binary an image suite runs: its name without the variant (_pitch, _max, …).
image_family_of() {
  local family="${1%_small}"
  family="${family%_pitch}"
  family="${family%_max}"
  family="${family%_mipmaps}"
  echo "${family%_linear}"
}

# The words of an image suite's line in the conformance list.
image_words_of() {
  local words=""
  case "$1" in
    *_small) words="small_images" ;;
    *_pitch) words="use_pitches" ;;
    *_max) words="max_images" ;;
    *_mipmaps) words="test_mipmaps" ;;
  esac
  case "$1" in
    image_streams_linear*) words+=" CL_FILTER_LINEAR" ;;
    image_streams*) words+=" CL_FILTER_NEAREST" ;;
  esac
  echo "$words"
}

# The image families live in folders of test_conformance/images named otherwise.
binary_of() {
  local suite="$1"
  is_image_suite "$suite" && suite="$(image_family_of "$suite")"
  case "$suite" in
    math_brute_force) echo "$cts/test_conformance/math_brute_force/test_bruteforce" ;;
    cl_get_info) echo "$cts/test_conformance/images/clGetInfo/test_cl_get_info" ;;
    cl_read_write_images) echo "$cts/test_conformance/images/clReadWriteImage/test_$suite" ;;
    cl_copy_images) echo "$cts/test_conformance/images/clCopyImage/test_$suite" ;;
    cl_fill_images) echo "$cts/test_conformance/images/clFillImage/test_$suite" ;;
    kernel_image_methods) echo "$cts/test_conformance/images/kernel_image_methods/test_$suite" ;;
    image_streams) echo "$cts/test_conformance/images/kernel_read_write/test_$suite" ;;
    samplerless_reads) echo "$cts/test_conformance/images/samplerlessReads/test_$suite" ;;
    *) echo "$cts/test_conformance/$suite/test_$suite" ;;
  esac
}

# The environment a suite needs: integer_ops has no -w; its wimpy mode is
# CL_WIMPY_MODE, which leaves out its long_* tests (2^26 values for each operator and
# vector size) and keeps their quick_* forms (2^16).
environment_of() {
  case "$1" in
    integer_ops) ((wimpy)) && echo "CL_WIMPY_MODE=1" ;;
  esac
  return 0
}

# The options a suite needs.
options_of() {
  local suite="$1"
  case "$suite" in
    spirv_new) echo "--spirv-binaries-path $out/spirv_bin" ;;
    math_brute_force | conversions | select | half) ((wimpy)) && echo "-w" ;;
    # c11_atomics has no -w: each of its variants (some 2000 per test: type, order,
    # scope, memory) runs 1024 work-items of 10000 atomics on one location; its own
    # option takes 100 (an even count, which its exchange test's check needs). It is
    # read from the end of the command line, where these options go.
    c11_atomics) ((wimpy)) && echo "-internalIterations 100" ;;
  esac
  # The image suites' words, but for the tests named (a piece or run_suite names them).
  if is_image_suite "$suite"; then
    if [[ -n "$image_options" ]]; then
      local word names
      names="$(image_test_names "$suite" | tr '\n' ' ')"
      for word in $image_options; do
        [[ " $names " == *" $word "* ]] || echo "$word"
      done
    else
      image_words_of "$suite"
    fi
  fi
  if ((offline)); then
    echo "--compilation-mode spir-v --compilation-cache-path $out/offline-cache"
    echo "--compilation-program $root/scripts/cts-offline-compiler.sh"
  fi
  return 0
}

# The suites in the order they start: the slow ones first.
ordered=()
for s in "${slow_first[@]}"; do
  for t in "${suites[@]}"; do [[ "$t" == "$s" ]] && ordered+=("$s"); done
done
for t in "${suites[@]}"; do
  [[ " ${slow_first[*]} " == *" $t "* ]] || ordered+=("$t")
done

for s in "${ordered[@]}"; do
  binary="$(binary_of "$s")"
  if [[ ! -x "$binary" ]]; then
    echo "$0: $binary is not built (ninja -C $cts ${binary#"$cts"/})" >&2
    exit 2
  fi
done
if [[ " ${ordered[*]} " == *" spirv_new "* && ! -d "$out/spirv_bin" ]]; then
  # The suite's SPIR-V modules ship as assembly; its own script assembles them.
  python3 "$cts_source/test_conformance/spirv_new/assemble_spirv.py" \
    -s "$cts_source/test_conformance/spirv_new/spirv_asm" -o "$out/spirv_bin" >"$out/assemble.log"
fi

# The harness writes the sources and modules of offline compilation there itself.
((offline)) && mkdir -p "$out/offline-cache"

# spvsim's warps: one thread each when suites share the cores.
threads=$(($(nproc) / jobs))
((threads >= 1)) || threads=1

# basic's slowest tests, slowest first (each alone with every check, one thread:
# docs/conformance.md): each is a piece of its own, started first, so that the other
# pieces fill the other cores meanwhile.
basic_slow=(imagedim_non_pow2 async_strided_copy_global_to_local
  async_strided_copy_local_to_global)

# The names a suite's binary lists, one a line, each after a tab, from the line
# `header` on, when run with the arguments that follow (its tests, its functions).
listed_names() {
  local header="$1"
  shift
  "$@" 2>&1 | sed -n "/^$header/,\$s/^\t\([A-Za-z_0-9]*\)\$/\1/p"
}

# The tests an image suite's binary lists: its image types (1D … 2Darray, 1Dbuffer), the
# copies between types, the extensions' tests.
image_test_names() {
  listed_names "Test names:" "$(binary_of "$1")" --help
}

# The tests of an image suite that --image-options names, one a line.
image_named_tests() {
  [[ -n "$image_options" ]] || return 0
  local name
  while IFS= read -r name; do
    if [[ " $image_options " == *" $name "* ]]; then echo "$name"; fi
  done < <(image_test_names "$1")
}

# The names after `count` dealt out in turn into `count` lines (fewer when there are
# fewer names), each a piece's arguments.
deal_out() {
  local count="$1" k lines=()
  shift
  local names=("$@")
  for ((k = 0; k < ${#names[@]}; k++)); do
    lines[k % count]+="${names[k]} "
  done
  printf '%s\n' "${lines[@]}"
}

# The arguments of each of `count` pieces of a suite, a line each: conversions by their
# numbers (the tag has 900: START COUNT, the last piece to the end), math_brute_force's
# functions (its -p lists them) dealt out in turn, basic's tests (its --help lists them)
# its slowest alone, the others dealt out in turn. Nothing for a suite that is not split.
piece_arguments() {
  local suite="$1" count="$2" k
  case "$suite" in
    basic)
      local names=() rest=() alone=() name slow
      mapfile -t names < <(listed_names "Test names:" "$(binary_of "$suite")" --help)
      ((${#names[@]})) || return 0
      for slow in "${basic_slow[@]}"; do
        for name in "${names[@]}"; do
          if [[ "$name" == "$slow" ]] && ((${#alone[@]} < count - 1)); then
            alone+=("$name")
          fi
        done
      done
      for name in "${names[@]}"; do
        [[ " ${alone[*]} " == *" $name "* ]] || rest+=("$name")
      done
      if ((${#alone[@]})); then printf '%s\n' "${alone[@]}"; fi
      if ((${#rest[@]})); then deal_out $((count - ${#alone[@]})) "${rest[@]}"; fi
      ;;
    conversions)
      local total=900
      for ((k = 0; k < count; k++)); do
        local start=$((k * total / count)) end=$(((k + 1) * total / count))
        # An empty piece is left out: a count of 0 from 0 would run every conversion.
        if ((k == count - 1)); then
          echo "$start"
        elif ((end > start)); then
          echo "$start $((end - start))"
        fi
      done
      ;;
    math_brute_force)
      local names=()
      mapfile -t names < <(listed_names "Math function names:" "$(binary_of "$suite")" -p)
      ((${#names[@]})) || return 0
      deal_out "$count" "${names[@]}"
      ;;
    *)
      is_image_suite "$suite" || return 0
      # Each image type a piece (those --image-options names, else every one: 3D and
      # 2D arrays, the slowest, first), the copies between types too; the extensions'
      # tests together in one.
      # test_image_streams' types each in five pieces: its float formats' reads with
      # normalized coordinates, their reads without, their writes and read_write tests,
      # its int formats, its uint formats (its words float, int, uint choose the formats,
      # read, write and read_write the tests, NORMALIZED and UNNORMALIZED the sampler's
      # coordinates; together every sub-test once). Two, the float formats and the
      # integer ones, when the words choose tests or coordinates (or mipmaps, which take
      # normalized ones); none when they name formats. Its 2D arrays' float tests alone
      # took most of a max_images run's time.
      local names=() named=() first=() rest=() others="" name halves=("")
      mapfile -t names < <(image_test_names "$suite")
      mapfile -t named < <(image_named_tests "$suite")
      if ((${#named[@]})); then
        printf '%s\n' "${named[@]}"
        return 0
      fi
      if [[ "$(image_family_of "$suite")" == image_streams ]]; then
        local words
        words=" $(options_of "$suite" | tr '\n' ' ') "
        if [[ "$words" =~ \ (float|int|uint)\  ]]; then
          :
        elif [[ "$words" =~ \ (read|write|read_write|NORMALIZED|UNNORMALIZED|test_mipmaps)\  ]]; then
          halves=(" float" " int uint")
        else
          halves=(" float read NORMALIZED" " float read UNNORMALIZED" " float write read_write"
            " int" " uint")
        fi
      fi
      for name in "${names[@]}"; do
        case "$name" in
          *3D* | *2Darray*) first+=("$name") ;;
          [0-9]*) rest+=("$name") ;;
          *) others+="$name " ;;
        esac
      done
      local half
      for half in "${halves[@]}"; do
        for name in "${first[@]}"; do echo "$name$half"; done
      done
      for name in "${rest[@]}"; do
        for half in "${halves[@]}"; do echo "$name$half"; done
      done
      if [[ -n "$others" ]]; then echo "$others"; fi
      ;;
  esac
}

# Runs `binary` of `suite` on `threads` with the arguments that follow, its output in
# `log` and its results in `results`, stopped after `seconds` (at least 1).
run_binary() {
  local suite="$1" binary="$2" threads="$3" seconds="$4" log="$5" results="$6"
  shift 6
  # shellcheck disable=SC2046 # the environment's assignments are words
  (cd "$(dirname "$binary")" &&
    env $(environment_of "$suite") \
      OCL_ICD_VENDORS="$vendors" SPVSIM_THREADS="$threads" \
      SPVSIM_CHECKS="${checks:-${SPVSIM_CHECKS:-}}" \
      CL_CONFORMANCE_RESULTS_FILENAME="$results" \
      timeout --kill-after=10 "$((seconds > 0 ? seconds : 1))" "$binary" "$@") \
    >"$log" 2>&1
}

# Runs a suite in pieces ("$@": the arguments of each), `threads` at once, within the
# suite's time limit (`deadline`, in seconds since the epoch); joins their logs and
# results under the suite's name. Its exit status: 124 when a piece was stopped or could
# not start in time, else that of the first piece that failed.
run_pieces() {
  local suite="$1" binary="$2" deadline="$3"
  shift 3
  local dir="$out/$suite.pieces" k=0 running=0 status=0 line left
  rm -rf "$dir" && mkdir -p "$dir"
  for line in "$@"; do
    if ((running >= threads)); then
      wait -n || true
      running=$((running - 1))
    fi
    left=$((deadline - $(date +%s)))
    if ((left <= 0)); then
      echo 124 >"$dir/$k.status"
    else
      # shellcheck disable=SC2046,SC2086 # options and the piece's arguments are words
      (piece=0
        run_binary "$suite" "$binary" 1 "$left" "$dir/$k.log" "$dir/$k.json" \
          $(options_of "$suite") $line || piece=$?
        echo "$piece" >"$dir/$k.status") &
      running=$((running + 1))
    fi
    k=$((k + 1))
  done
  wait || true
  local i piece
  for ((i = 0; i < k; i++)); do
    echo "== piece $((i + 1)) of $k: ${*:i+1:1}"
    cat "$dir/$i.log" 2>/dev/null || true
    piece="$(cat "$dir/$i.status" 2>/dev/null || echo 124)"
    if [[ "$piece" == 124 || "$piece" == 137 ]]; then
      status=124
    elif ((status == 0 && piece != 0)); then
      status=$piece
    fi
  done >"$out/$suite.log"
  python3 - "$out/$suite.json" "$dir"/*.json <<'EOF'
import json, sys
merged, command = {}, None
rank = {"fail": 2, "pass": 1}
for path in sys.argv[2:]:
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        continue
    command = command or data.get("cmd")
    for test, result in data.get("results", {}).items():
        # A test that several pieces run (conversions' one "conversions") failed if
        # one of them failed.
        if test not in merged or rank.get(result, 0) > rank.get(merged[test], 0):
            merged[test] = result
if merged:
    with open(sys.argv[1], "w") as f:
        json.dump({"cmd": command, "results": merged}, f)
EOF
  return "$status"
}

run_suite() {
  local suite="$1" start end status
  local binary
  binary="$(binary_of "$suite")"
  rm -f "$out/$suite.json" "$out/$suite.status"
  start=$(date +%s%N)
  status=0
  local parts=() count="${pieces:-$((threads >= 2 ? 3 * threads : 1))}"
  ((count >= 2)) && mapfile -t parts < <(piece_arguments "$suite" "$count")
  if ((${#parts[@]})); then
    run_pieces "$suite" "$binary" "$(($(date +%s) + limit))" "${parts[@]}" || status=$?
  else
    # shellcheck disable=SC2046 # options and the tests named are words
    run_binary "$suite" "$binary" "${SPVSIM_THREADS:-$threads}" "$limit" "$out/$suite.log" \
      "$out/$suite.json" $(options_of "$suite") \
      $(is_image_suite "$suite" && image_named_tests "$suite") || status=$?
  fi
  end=$(date +%s%N)
  local seconds=$(((end - start) / 1000000000))
  echo "$status $seconds" >"$out/$suite.status"
  printf '%-24s finished in %5d s (exit status %d)\n' "$suite" "$seconds" "$status"
}

echo "spvsim: running ${#ordered[@]} suite(s), $jobs at once, $limit s each; logs in $out"
# The suites in pieces first, one at a time on every core: shared with another suite, one
# core each, basic and conversions with every check take longer than their limit.
together=()
for s in "${ordered[@]}"; do
  if { [[ " ${in_pieces[*]} " == *" $s "* ]] || is_image_suite "$s"; } &&
    (($(nproc) >= 2)) && [[ "$pieces" != 1 ]]; then
    (threads=$(nproc) && run_suite "$s")
  else
    together+=("$s")
  fi
done
running=0
for s in "${together[@]}"; do
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
  run_suite "$s" &
  running=$((running + 1))
done
wait || true

python3 "$root/scripts/cts_summary.py" --out "$out" --known "$known" --time-limit "$limit" \
  "${ordered[@]}"
