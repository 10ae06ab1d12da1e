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
      -DPHP_CONFIG="$php_config" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build "$work/consumer" -j2 >/dev/null
# No build type chosen: the extension is optimised all the same (-O2); a
# chosen one (Debug) is left as it is.
if ! grep -q -- '-O2' "$work/consumer/compile_commands.json"; then
  echo "FAIL: with no CMAKE_BUILD_TYPE the extension was not compiled with -O2"; exit 1
fi
cmake -S "$src/tests/install" -B "$work/consumer-debug" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DPHP_CONFIG="$php_config" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
if grep -q -- '-O2' "$work/consumer-debug/compile_commands.json"; then
  echo "FAIL: a Debug build of the extension was given -O2"; exit 1
fi
out=$("$php" -n -d "extension=$work/consumer/consumer.so" -r 'echo consumer_greet("installed"), "|", phpversion("consumer"), "\n";')
expected="hello, installed|2.0.0"
if [ "$out" != "$expected" ]; then
  echo "FAIL: got '$out', expected '$expected'"; exit 1
fi
echo "ok: out-of-tree extension built against the installed package: $out"
