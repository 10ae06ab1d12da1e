#!/usr/bin/env bash
# tests/tools/check-stubs.sh — the stub phpbind_add_stubs() wrote for the test
# extension parses, declares exactly what the extension declares (compared
# through Reflection: the extension loaded, then the stub alone), and carries
# the doc comments and precise array types given in C++.
#
#   check-stubs.sh <php> <extension.so> <module> <stub.php>
set -euo pipefail
php=$1 ext=$2 module=$3 stub=$4
dump="$(dirname "$0")/reflect-dump.php"
fail() { echo "FAIL: $*"; exit 1; }
[ -s "$stub" ] || fail "no stub at $stub"
"$php" -n -l "$stub" >/dev/null || fail "the stub does not parse"
a=$("$php" -n -d "extension=$ext" "$dump" --extension="$module")
b=$("$php" -n "$dump" --stub="$stub")
[ -n "$a" ] || fail "the extension's listing is empty"
if [ "$a" != "$b" ]; then
  diff <(echo "$a") <(echo "$b") | head -40
  fail "the stub's declarations differ from the extension's (< extension, > stub)"
fi
# What only phpbind knows, as written in tests/ext.
grep -qF 'Multiplies x by factor.' "$stub" || fail "pb_scale's doc comment is missing"
grep -qF '* @param float $factor the multiplier' "$stub" || fail "pb_scale's @param for factor is missing"
grep -qF '* A counter with a label.' "$stub" || fail "Counter's doc comment is missing"
grep -qF 'Adds `by` to the value' "$stub" || fail "Counter::add's doc comment is missing"
grep -qF '@param array<string,int> $' "$stub" || fail "no array<string,int> phpdoc"
grep -qF '@return array<\PhpBind\Color>' "$stub" || fail "no phpdoc naming a class inside an array type"
echo "ok: $(echo "$a" | wc -l) declarations, identical in the extension and its stub"
