#!/usr/bin/env bash
# tests/embed/check-host.sh — runs the C host over the two lib-mode libraries
# and compares its output with tests/embed/host.expected.
#   check-host.sh <host> <libpbalpha.so> <libpbbeta.so> <expected-file>
set -uo pipefail
out=$("$1" "$2" "$3" 2>&1)
status=$?
if [ $status -ne 0 ] || [ "$out" != "$(cat "$4")" ]; then
  echo "exit status $status"
  diff <(echo "$out") "$4"
  exit 1
fi
echo "lib mode: host output as expected"
