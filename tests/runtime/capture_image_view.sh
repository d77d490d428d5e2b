#!/bin/sh
# An image made from a buffer is captured as a view of the captured buffer (the
# run-file image's "buffer"), so that the replay shares their bytes as the program did:
# runs PROGRAM ARGS under `spvsim exec --capture`, prints the captured images' "buffer"
# keys, then replays the captured launch and prints its findings and exit status.
# usage: capture_image_view.sh SPVSIM PROGRAM [ARGS...]
set -u
spvsim=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$spvsim" exec --capture "$dir/capture" -- "$@" >/dev/null 2>&1
grep -h '"buffer": "' "$dir"/capture/*/run.json
"$spvsim" run "$dir"/capture/*/run.json 2>&1
echo "replay exit status $?"
