#!/usr/bin/env bash
# tests/wasm/check-types.sh — compiles a TypeScript host against a library's declaration: every
# error tsc reports must be on a line marked BAD, and every BAD line must have one.
#   check-types.sh <tsc> <consumer.ts> <library.d.ts> <work-dir>
set -uo pipefail
tsc=$1 consumer=$2 dts=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
cp "$consumer" "$work/consumer.ts"
cp "$dts" "$work/"
cd "$work"
out=$("$tsc" --noEmit --strict --target es2017 --module commonjs --esModuleInterop consumer.ts 2>&1)
echo "$out"
errors=$(printf '%s\n' "$out" | sed -n 's/^consumer\.ts(\([0-9]*\),.*error.*/\1/p' | sort -un)
bad=$(grep -n '// BAD' consumer.ts | cut -d: -f1 | sort -un)
if [ "$errors" != "$bad" ]; then
  echo "check-types: tsc's errors are on lines [$(echo $errors)], the BAD lines are [$(echo $bad)]" >&2
  exit 1
fi
other=$(printf '%s\n' "$out" | grep 'error' | grep -v '^consumer\.ts(' || true)
[ -z "$other" ] || { echo "check-types: errors outside the consumer: $other" >&2; exit 1; }
echo "types: the declaration accepts the host and refuses its $(echo "$bad" | wc -l) BAD lines"
