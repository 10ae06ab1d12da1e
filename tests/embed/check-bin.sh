#!/usr/bin/env bash
# tests/embed/check-bin.sh — runs the bin-mode program on each script and
# checks its output and exit status against tests/embed/bin.expected.
#   check-bin.sh <program> <scripts-dir> <expected-file>
set -uo pipefail
prog=$1 dir=$2 expected=$3
run() {
  echo "== $1"
  "$prog" "$dir/$1.php" one two 2>&1 | sed -e "s|$dir/||g" -e 's/ exhausted at [^ ]* (tried/ exhausted (tried/' -e 's/(tried to allocate [0-9]* bytes) in .*/(...)/'
  echo "exit status: ${PIPESTATUS[0]}"
}
# The last, oom: memory_limit reached inside a module function: the engine's own fatal error,
# shutdown functions, status 255, and every module's MSHUTDOWN.
out=$(for s in normal exit3 fatal uncaught oom; do run $s; done)
exp=$(cat "$expected")
if [ "$out" != "$exp" ]; then
  diff <(echo "$out") <(echo "$exp")
  exit 1
fi
echo "bin mode: output and exit statuses as expected"
