#!/usr/bin/env bash
# tests/tools/check-install.sh — builds an extension the way a user does:
# install phpbind to a prefix, then find_package(phpbind) from a separate
# project, build it, and load the result into php.
#
#   check-install.sh <source-dir> <build-dir> <php> <php-config>
set -euo pipefail
src=$1 build=$2 php=$3 php_config=$4
work="$build/install-test"
rm -rf "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$src/tests/install" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DPHP_CONFIG="$php_config" >/dev/null
cmake --build "$work/consumer" -j2 >/dev/null
out=$("$php" -n -d "extension=$work/consumer/consumer.so" -r 'echo consumer_greet("installed"), "|", phpversion("consumer"), "\n";')
expected="hello, installed|2.0.0"
if [ "$out" != "$expected" ]; then
  echo "FAIL: got '$out', expected '$expected'"; exit 1
fi
echo "ok: out-of-tree extension built against the installed package: $out"
