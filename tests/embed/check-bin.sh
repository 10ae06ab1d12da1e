#!/usr/bin/env bash
# tests/embed/check-bin.sh — runs the bin-mode program on each script and
# checks its output and exit status against tests/embed/bin.expected.
#   check-bin.sh <program> <scripts-dir> <expected-file>
set -uo pipefail
prog=$1 dir=$2 expected=$3
out=$(for s in normal exit3 fatal uncaught; do
  echo "== $s"
  "$prog" "$dir/$s.php" one two 2>&1 | sed "s|$dir/||g"
  echo "exit status: ${PIPESTATUS[0]}"
done)
if [ "$out" != "$(cat "$expected")" ]; then
  diff <(echo "$out") "$expected"
  exit 1
fi
echo "bin mode: output and exit statuses as expected"
