#!/bin/sh
# A parameter the module does not name is "arg N" everywhere: in the run file
# `spvsim init` writes, in the findings of a launch through the runtime, and in the run
# file `spvsim exec --capture` writes of that launch (vecadd.spv names none); the files
# named after such a parameter drop the space ("arg2.bin").
# usage: unnamed_parameters.sh SPVSIM RUNFILE_HOST RUNFILE MODULE
set -u
spvsim=$1 host=$2 runfile=$3 module=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "init:"
"$spvsim" init -o - --global 16 "$module" 2>/dev/null | grep -o '"arg [0-9]": {"type"'
echo "launch:"
"$spvsim" exec --capture "$dir/capture" -- "$host" "$runfile" 2>&1 |
  grep -o "of global '[^']*'" | sort -u
echo "capture:"
cat "$dir"/capture/*/run.json | grep -o '"buffer": "[^"]*"' | sort -u
echo "files:"
ls "$dir"/capture/*/ | grep '^arg' | sort
