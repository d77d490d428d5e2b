#!/bin/sh
# A captured launch replays with `spvsim run` to the same output buffers:
# runs PROGRAM under `spvsim exec --capture`, then each captured run file, and
# compares every <buffer>.out.bin the replay wrote with the <buffer>.expected.bin
# the original launch left.
# usage: capture_replay.sh SPVSIM PROGRAM [ARGS...]
set -eu
spvsim=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$spvsim" exec --capture "$dir/capture" -- "$@"
count=0
for run in "$dir"/capture/*/run.json; do
  [ -f "$run" ] || continue
  "$spvsim" run --quiet "$run"
  folder=$(dirname "$run")
  compared=0
  for expected in "$folder"/*.expected.bin; do
    out=${expected%.expected.bin}.out.bin
    cmp "$expected" "$out"
    compared=$((compared + 1))
  done
  [ "$compared" -gt 0 ] || { echo "$folder: no output buffer to compare"; exit 1; }
  count=$((count + 1))
done
# capture_app makes six launches, two with image arguments.
[ "$count" -eq 6 ] || { echo "$count launches captured, expected 6"; exit 1; }
echo "$count captured launches replayed to the same output buffers"
