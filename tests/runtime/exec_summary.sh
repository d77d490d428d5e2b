#!/bin/sh
# spvsim exec on a terminal (script(1)) ends with run's summary line, the instructions
# the launches executed included: the count is the sum of the report's launches'. The
# report names the spvsim that wrote it, as run's does.
# Usage: exec_summary.sh SPVSIM PROGRAM
spvsim=$1
program=$2
rm -f exec-summary.json exec-summary.txt
script -qec "SPVSIM_THREADS=2 '$spvsim' exec --report exec-summary.json -- '$program' >/dev/null; echo exit status \$?" /dev/null >exec-summary.txt
cat exec-summary.txt
line=$(grep '^spvsim: ' exec-summary.txt | tr -d '\r')
counted=$(echo "$line" | sed -n 's/.*, \([0-9]*\) instructions, .*/\1/p')
reported=$(python3 -c 'import json, sys
print(sum(l["instructions"] for l in json.load(open(sys.argv[1]))["launches"]))' exec-summary.json)
if [ -n "$counted" ] && [ "$counted" = "$reported" ] && [ "$counted" -gt 0 ]; then
  echo "the summary counts the report's $reported instructions"
else
  echo "FAIL: the summary says '$counted' instructions, the report $reported"
fi
version=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1])).get("version", "none"))' exec-summary.json)
if "$spvsim" --version | head -1 | grep -qx "spvsim $version"; then
  echo "the report is of spvsim $version"
else
  echo "FAIL: the report's version is '$version'"
fi
