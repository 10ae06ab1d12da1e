#!/usr/bin/env bash
# tests/tools/check-exports.sh — each extension exports get_module and nothing else.
set -euo pipefail
fail=0
for so in "$@"; do
  syms=$(nm -D --defined-only "$so" | awk '{print $3}' | sort -u)
  if [ "$syms" != "get_module" ]; then
    echo "FAIL $so exports:"; echo "$syms"; fail=1
  else
    echo "ok   $so exports only get_module"
  fi
done
exit $fail
