#!/usr/bin/env bash
# tests/tools/check-asan-probe.sh — the sanitizer setup must catch a heap
# overflow in extension code: pb_asan_probe(16) writes past an 8-byte buffer.
set -uo pipefail
php_asan=$1 ext=$2
out=$("$php_asan" -n -d "extension=$ext" -r 'pb_asan_probe(4); echo "in-bounds ok\n"; pb_asan_probe(16); echo "not reached\n";' 2>&1)
status=$?
if [ $status -ne 0 ] && grep -q "heap-buffer-overflow" <<<"$out" && grep -q "in-bounds ok" <<<"$out" \
   && ! grep -q "not reached" <<<"$out"; then
  echo "ASan caught the overflow (exit status $status)"
  exit 0
fi
echo "ASan did not report the overflow as expected (exit status $status):"
echo "$out" | head -40
exit 1
