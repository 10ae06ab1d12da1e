#!/usr/bin/env bash
# tests/wasm/run-phpt.sh — the phpt topics that run in wasm, through run-tests.php with the wasm
# php_cli (the test extension compiled in) as the php under test.
#
#   run-phpt.sh <php-wasm> <tests/phpt> <work-dir>
#
# A child php is started on the host (pb_host_shell, php_cli.cpp) by child.inc's pb_run_child(),
# which the crossing matrix uses; a test that starts one by other means (proc_open,
# PHP_BINARY, FastCGI) is left out: a wasm program starts no process of its own. The count left
# out is printed; the rest must pass.
set -euo pipefail
php=$1 src=$2 work=$3
: "${RUN_PHPT:?RUN_PHPT must name phpbind-run-phpt.sh}"
# Not yet: heap and persistent (deep graphs overflow node's stack; the embed SAPI defines no
# STDIN).
topics=(functions classes enums values calls exceptions edges ini native hooks observers memory module)
sel=$work-selected
rm -rf "$sel"
mkdir -p "$sel"
cp "$src"/*.inc "$sel/"
mkdir -p "$sel/memory"
cp "$src"/memory/*.inc "$sel/memory/"  # (the crossing matrix's memory_limit columns use them)
kept=0 left=0
for t in "${topics[@]}"; do
  mkdir -p "$sel/$t"
  cp -r "$src/$t/." "$sel/$t/"
  for f in "$sel/$t"/*.phpt; do
    if grep -qE 'proc_open|PHP_BINARY|fcgi\.inc|pb_php\(' "$f"; then
      rm "$f"
      left=$((left + 1))
    else
      kept=$((kept + 1))
    fi
  done
done
echo "wasm phpt: $kept tests in ${topics[*]}; $left left out (they start a child php themselves)"
export PHPBIND_TEST_PHP=$php
bash "$RUN_PHPT" plain "$php" builtin phpbind_test "$sel" "$work"
