#!/bin/sh
# `spvsim exec --debug --checks LIST` (docs/debugging.md): the checks named run in the
# program's launch as under `spvsim debug --checks`, each finding stopping the launch
# in its work-item. The program's kernel reads its neighbour's element of a __local
# tile without a barrier: the race check stops at the read, last-write names the
# work-item that wrote the element, and a reverse command replays the launch with
# the check on. The kernel is built by the program at -g -O0 and at -g -O2; without
# --checks only the bounds check runs, and the launch runs to its end.
# Usage: exec_debug_checks.sh SPVSIM RACE_APP
spvsim=$1
program=$2
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}

for options in "-g -cl-opt-disable" "-g"; do
  out=$(printf 'continue\nprint l\nprint tile[(l + 1) %% 64]\nlast-write tile[(l + 1) %% 64]\nreverse-step\ncontinue\ncontinue\n' |
    "$spvsim" exec --debug --checks races -- "$program" --options "$options" 2>"$errors")
  status=$?
  expected="[spvsim: kernel 'neighbours' launched; the debugger stops at its first line (\`continue\` runs it to its end, \`quit\` stops it)]

Temporary breakpoint 1, work-item (0) at input.cl:3
3	  int l = get_local_id(0);
(spvsim) continue

Finding race.local.read-write: read of 4 bytes at offset 4 of local 'neighbours.tile' races with a write by another work-item: no work-group barrier with the local fence between them
work-item (0) at input.cl:7
7	  out[get_global_id(0)] = tile[(l + 1) % 64] - tile[l];
(spvsim) print l
\$1 = 0
(spvsim) print tile[(l + 1) % 64]
\$2 = 1
(spvsim) last-write tile[(l + 1) % 64]
tile[(l + 1) % 64] was last written by work-item (1) at input.cl:6
6	  tile[l] = in[get_global_id(0)];
Value written = 1
(spvsim) reverse-step
7	  out[get_global_id(0)] = tile[(l + 1) % 64] - tile[l];
(spvsim) continue

Finding race.local.read-write: read of 4 bytes at offset 4 of local 'neighbours.tile' races with a write by another work-item: no work-group barrier with the local fence between them
work-item (0) at input.cl:7
7	  out[get_global_id(0)] = tile[(l + 1) % 64] - tile[l];
(spvsim) continue
out[63] = -3969"
  [ "$out" = "$expected" ] || fail "the session with $options printed:
$out
--- expected:
$expected"
  [ $status -eq 1 ] || fail "exit status $status with the race ($options): $out"
  # The finding is reported once, with the work-item that wrote.
  grep -q "^spvsim exec: 1 error finding" "$errors" || fail "not one finding: $(cat "$errors")"
  grep -q "other access: write by work-item global (1)" "$errors" ||
    fail "the finding's other access: $(cat "$errors")"
done

# The bounds check alone without --checks: no stop at the race, and no finding.
out=$(printf 'continue\n' | "$spvsim" exec --debug -- "$program" --options -g 2>&1)
status=$?
echo "$out" | grep -q "race" && fail "a race finding without --checks: $out"
echo "$out" | grep -q "^out\[63\] = -3969" || fail "the program's output without --checks: $out"
[ $status -eq 0 ] || fail "exit status $status without --checks: $out"

# A check name spvsim does not know is bad input, before the program starts.
out=$("$spvsim" exec --debug --checks nosuch -- "$program" 2>&1 </dev/null)
status=$?
[ $status -eq 2 ] || fail "exit status $status for an unknown check: $out"
echo ok
