#!/bin/sh
# The layers of interpreter/ (interpreter/DESIGN.md, "Layers"), checked on the
# #include lines of its sources, and the size limit of its files:
#   lower/, memory/, report/  <-  exec/  <-  exec/execution_events.h (the seam)
#     <-  checks/<family>/ (access, misaligned, races, uninit)  <-  launch/, src/
# An arrow means "is included by": nothing below includes anything above it, exec/
# includes no check family, a check family includes from exec/ only the seam and
# nothing of another family.
#   layering.sh INTERPRETER_DIR
set -u
dir=${1:?usage: layering.sh INTERPRETER_DIR}
cd "$dir" || exit 2
status=0

# Prints the #include "..." lines of the given files that match the pattern $1.
includes_matching() {
  pattern=$1
  shift
  [ $# -gt 0 ] || return 0
  grep -Hn '^#include "' "$@" | grep -E "$pattern"
}

report() {
  if [ -n "$2" ]; then
    echo "$1:"
    echo "$2" | sed 's/^/  /'
    status=1
  fi
}

sources() { find "$@" -type f \( -name '*.h' -o -name '*.cpp' \) 2>/dev/null | sort; }

# 1. The bottom layers include nothing of the executor, the checks or the launch layer.
# shellcheck disable=SC2046
report "lower/, memory/ or report/ include a header of a layer above them" \
  "$(includes_matching '"(exec|checks|launch|src)/' $(sources lower memory report))"

# 2. The executor includes no check family and nothing of the launch layer.
# shellcheck disable=SC2046
report "exec/ includes a header of a check family or of the launch layer" \
  "$(includes_matching '"(checks|launch|src|check|shadow)/' $(sources exec))"

# 3. A check family includes from exec/ only the seam, and nothing of another family or
#    of the launch layer.
for family in $(find checks -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort); do
  # shellcheck disable=SC2046
  report "$family includes an exec/ header other than the seam, another family or launch/" \
    "$(includes_matching '"(exec|checks|launch|src)/' $(sources "$family") |
      grep -v '"exec/execution_events.h"' | grep -v "\"$family/")"
done

# 4. The old homes of the checks are gone.
report "check/ or shadow/ still hold sources (the checks live in checks/<family>/)" \
  "$(sources check shadow)"

# 5. The findings of faulting accesses are the access-fault family's (checks/access/):
#    the executor stops the access and tells the seam, it builds no such finding.
report "exec/ builds an access-fault finding (oob.*, null.deref, access.*: checks/access/)" \
  "$(sources exec | xargs grep -Hn -E '"(oob\.|null\.deref|access\.)' 2>/dev/null)"
report "checks/access/ is missing (the access-fault family)" \
  "$( [ -f checks/access/access_faults.cpp ] || echo checks/access/access_faults.cpp)"

# 6. No file over 800 lines.
long=""
for f in $(sources .); do
  n=$(wc -l <"$f")
  [ "$n" -le 800 ] || long="$long$f: $n lines
"
done
report "files over 800 lines" "$(printf '%s' "$long")"

[ $status -eq 0 ] && echo "interpreter/ layering: ok"
exit $status
