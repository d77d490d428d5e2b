#!/bin/sh
# `spvsim exec --debug` (docs/debugging.md): the debugger's prompt opens in the launch
# the host program enqueues, stopped at the kernel's first line, while the program
# waits; `continue` lets it finish with its normal output and exit status. Commands
# come on standard input (no terminal: each is echoed after the prompt). Without
# --fixed the program's out-of-bounds write stops the launch in work-item 63 first.
# The reverse commands replay the launch from the bytes its buffers started with. The
# prompt shows the lines of the program's source, which is no file ("input.cl").
# Usage: exec_debug.sh SPVSIM OOB_APP
spvsim=$1
program=$2
fail() {
  echo "FAIL: $*"
  exit 1
}

out=$(printf 'next\nbt\nlist\ninfo workitems\ncontinue\n' |
  "$spvsim" exec --debug -- "$program" --fixed 2>&1)
status=$?
expected="platforms: 1
[spvsim: kernel 'shift' launched; the debugger stops at its first line (\`continue\` runs it to its end, \`quit\` stops it)]

Temporary breakpoint 1, work-item (0) at input.cl:2
2	  int i = get_global_id(0);
(spvsim) next
3	  if (i < n) out[i + SHIFT] = i;
(spvsim) bt
#0  shift () at input.cl:3
(spvsim) list
1	__kernel void shift(__global int *out, int n) {
2	  int i = get_global_id(0);
3	  if (i < n) out[i + SHIFT] = i;
4	}
(spvsim) info workitems
Work-group (0), 64 work-items:
  32 work-items (0)-(31) at input.cl:3
  32 work-items (32)-(63) not started
Focus: work-item (0)
(spvsim) continue
out[63] = 63"
[ "$out" = "$expected" ] || fail "the session with --fixed printed:
$out
--- expected:
$expected"
[ $status -eq 0 ] || fail "exit status $status with --fixed"

out=$(printf 'continue\nbt\nprint &out[2]\ncontinue\n' | "$spvsim" exec --debug -- "$program" 2>&1)
status=$?
# The program's buffer is named by the kernel parameter given it, as in the report.
echo "$out" | grep -q "^Finding oob.global.write: write of 4 bytes at offset 256 of global 'out'" ||
  fail "no stop at the finding: $out"
echo "$out" | grep -q "^\$1 = buffer 'out' + 8" || fail "the buffer's name: $out"
echo "$out" | grep -q "^work-item (63) at input.cl:3" || fail "not in work-item 63: $out"
echo "$out" | grep -q "^out\[63\] = 62" || fail "the program's output: $out"
[ $status -eq 1 ] || fail "exit status $status with the finding: $out"

# Reverse execution in the program's launch: it runs again from the bytes its buffers
# had when it was enqueued (out[40] is 0 again), stops at the same watchpoint, and the
# program still gets the launch's results; its finding is counted once.
out=$(printf 'watch out[40]\ncontinue\nreverse-continue\nprint out[40]\ncontinue\nreverse-stepi\nprint out[40]\nstepi\nprint out[40]\ncontinue\n' |
  "$spvsim" exec --debug -- "$program" --fixed 2>&1)
status=$?
expected="platforms: 1
[spvsim: kernel 'shift' launched; the debugger stops at its first line (\`continue\` runs it to its end, \`quit\` stops it)]

Temporary breakpoint 1, work-item (0) at input.cl:2
2	  int i = get_global_id(0);
(spvsim) watch out[40]
Watchpoint 2: out[40]
(spvsim) continue

Watchpoint 2: out[40]

Old value = 0
New value = 40
work-item (40) at input.cl:3
3	  if (i < n) out[i + SHIFT] = i;
(spvsim) reverse-continue

No more reverse-execution history.
work-item (40) at the start of kernel shift
(spvsim) print out[40]
\$1 = 0
(spvsim) continue

Watchpoint 2: out[40]

Old value = 0
New value = 40
work-item (40) at input.cl:3
3	  if (i < n) out[i + SHIFT] = i;
(spvsim) reverse-stepi
3	  if (i < n) out[i + SHIFT] = i;
(spvsim) print out[40]
\$2 = 0
(spvsim) stepi

Watchpoint 2: out[40]

Old value = 0
New value = 40
work-item (40) at input.cl:3
3	  if (i < n) out[i + SHIFT] = i;
(spvsim) print out[40]
\$3 = 40
(spvsim) continue
out[63] = 63"
[ "$out" = "$expected" ] || fail "the reverse session printed:
$out
--- expected:
$expected"
[ $status -eq 0 ] || fail "exit status $status after the reverse session"

out=$(printf 'continue\nreverse-stepi\ncontinue\ncontinue\n' | "$spvsim" exec --debug -- "$program" 2>&1)
status=$?
[ "$(echo "$out" | grep -c '^Finding oob.global.write')" -eq 2 ] ||
  fail "not stopped at the finding again after reverse-stepi: $out"
echo "$out" | grep -q "^spvsim exec: 1 error finding" || fail "the finding not counted once: $out"
echo "$out" | grep -q "^out\[63\] = 62" || fail "the program's output after going back: $out"
[ $status -eq 1 ] || fail "exit status $status after going back to the finding: $out"
echo ok
