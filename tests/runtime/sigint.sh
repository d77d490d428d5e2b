#!/bin/sh
# Ctrl-C under `spvsim exec` (runtime/README.md, Limits): a program waiting for an
# endless launch gets an error from clFinish at the first SIGINT, which stopped the
# launch, and ends; spvsim exec exits 130; one that ignores SIGINT is
# killed at the second. SIGINT sent to spvsim alone is passed on to the program.
# Usage: sigint.sh SPVSIM LIMITS_PROGRAM
spvsim=$1
program=$2
fail() {
  echo "FAIL: $*"
  cat sigint-out.txt
  exit 1
}

# Starts `spvsim exec -- PROGRAM MODE` and waits until the program waits for its launch.
start() {
  rm -f sigint-out.txt sigint-report.json
  "$spvsim" exec --report sigint-report.json -- "$program" "$1" >sigint-out.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    grep -q waiting sigint-out.txt 2>/dev/null && return
    sleep 0.1
  done
  fail "the program did not start its launch"
}

start hang
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 130 ] || fail "status $status after one SIGINT, expected 130"
grep -q "was interrupted" sigint-out.txt || fail "no word of the interruption"
# The first SIGINT stops the launch: its finding says where the work-items were, the
# program's clFinish and its next enqueue fail (CL_OUT_OF_RESOURCES, -5), and it ends.
grep -q "hang.interrupted" sigint-out.txt || fail "no finding of where the work-items were"
grep -q "kernel 'spin' was interrupted (Ctrl-C): 0 of 1 work-items had finished" \
  sigint-out.txt || fail "no word of the stopped launch"
grep -q "the launch was stopped: clEnqueueTask returned 0, clFinish -5" sigint-out.txt ||
  fail "the program's clFinish did not fail"
grep -q "killed at the second" sigint-out.txt && fail "one SIGINT needed a second"
grep -q "limits.c:.*returned" sigint-out.txt && fail "the enqueue after it did not fail"

# A Ctrl-C while no launch runs (none enqueued yet, or one waiting for an event) is not
# the program's end: the runtime says what it does, the next launch stops at its start
# with a hang.interrupted finding, its clFinish and the enqueue after it fail.
for mode in idle-sigint queued-sigint; do
  start $mode
  kill -INT "$pid"
  wait "$pid"
  status=$?
  [ "$status" -eq 130 ] || fail "$mode: status $status after one SIGINT, expected 130"
  grep -q "the program's next launch stops at its start" sigint-out.txt ||
    fail "$mode: no word of what the Ctrl-C does"
  grep -q "error\[hang.interrupted\]: the run was interrupted before the launch started; 0 of 1 work-items had finished" \
    sigint-out.txt || fail "$mode: no hang.interrupted finding for the launch"
  grep -q "kernel 'spin' was interrupted (Ctrl-C) at its start" sigint-out.txt ||
    fail "$mode: no word of the stopped launch"
  grep -q "after the signal: clEnqueueTask returned 0, clFinish -5" sigint-out.txt ||
    fail "$mode: the launch was not stopped at its start"
  grep -q "limits.c:.*returned" sigint-out.txt && fail "$mode: the enqueue after it did not fail"
  grep -q "killed at the second" sigint-out.txt && fail "$mode: one SIGINT needed a second"
  # The stopped launch is one of the report's launches, as a running one stopped is.
  grep -q '"stopped": "hang.interrupted"' sigint-report.json ||
    fail "$mode: the launch is not listed as stopped in the report"
done

start hang-ignoring-sigint
kill -INT "$pid"
sleep 1
kill -0 "$pid" 2>/dev/null || fail "the program ignoring SIGINT ended at the first one"
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 130 ] || fail "status $status after two SIGINTs, expected 130"
grep -q "killed at the second Ctrl-C" sigint-out.txt || fail "no word of the kill"
cat sigint-out.txt
echo "sigint: all checks passed"
