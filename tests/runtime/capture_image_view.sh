#!/bin/sh
# An image made from a buffer, a sub-buffer or another image is captured as a view of
# the captured bytes (the run-file image's "buffer" and "buffer_offset", or "image"), so
# that the replay shares them as the program did: runs PROGRAM ARGS under `spvsim exec
# --capture`, prints the captured images' "buffer", "buffer_offset" and "image" keys, then
# replays the captured launch, prints its findings, whether each buffer and image the
# launch wrote replayed to the bytes the program left, and the replay's exit status.
# usage: capture_image_view.sh SPVSIM PROGRAM [ARGS...]
set -u
spvsim=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$spvsim" exec --capture "$dir/capture" -- "$@" >/dev/null 2>&1
sed -n '/^  "images": {/,/^  }/p' "$dir"/capture/*/run.json |
  grep '"buffer\(_offset\)\?": \|"image": '
"$spvsim" run "$dir"/capture/*/run.json 2>&1
status=$?
for expected in "$dir"/capture/*/*.expected.bin; do
  [ -f "$expected" ] || continue
  name=$(basename "$expected" .expected.bin)
  if cmp -s "$expected" "${expected%.expected.bin}.out.bin"; then
    echo "$name: replayed to the same bytes"
  else
    echo "$name: replayed to other bytes"
  fi
done
echo "replay exit status $status"
