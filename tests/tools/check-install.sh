#!/usr/bin/env bash
# tests/tools/check-install.sh — builds an extension the way a user does:
# install phpbind to a prefix, then find_package(phpbind) from a separate
# project, build it, and load the result into php. Then the refusals: a
# target defining PHPBIND_DEBUG while linking the release library, a consumer
# asking for a variant the install lacks, a consumer
# finding another PHP than phpbind was built for, and a build bypassing CMake
# with mismatched settings.
#
#   check-install.sh <source-dir> <build-dir> <php> <php-config>
set -euo pipefail
src=$1 build=$2 php=$3 php_config=$4
work="$build/install-test"
prefix="$work/prefix"
rm -rf "$work"
fail() { echo "FAIL: $*"; exit 1; }
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in lib/libphpbind.a lib/libphpbind_debug.a lib/libphpbind_asan.a lib/pkgconfig/phpbind.pc \
         lib/cmake/phpbind/valgrind.supp lib/cmake/phpbind/phpbind-run-phpt.sh; do
  [ -e "$prefix/$f" ] || fail "the install has no $f"
done
cmake -S "$src/tests/install" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
      -DPHP_CONFIG="$php_config" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build "$work/consumer" -j2 >/dev/null
# No build type chosen: the extension is optimised all the same (-O2) and
# carries no debug information; a chosen one (Debug) is left as it is.
grep -q -- '-O2' "$work/consumer/compile_commands.json" || fail "with no CMAKE_BUILD_TYPE the extension was not compiled with -O2"
if readelf -S "$work/consumer/consumer.so" | grep -q '\.debug_info'; then
  fail "the optimised extension carries debug information"
fi
cmake -S "$src/tests/install" -B "$work/consumer-debug" -DCMAKE_PREFIX_PATH="$prefix" \
      -DPHP_CONFIG="$php_config" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
if grep -q -- '-O2' "$work/consumer-debug/compile_commands.json"; then
  fail "a Debug build of the extension was given -O2"
fi
for so in consumer consumer_checked; do
  out=$("$php" -n -d "extension=$work/consumer/$so.so" -r 'echo consumer_greet("installed"), "|", phpversion("consumer"), "\n";')
  [ "$out" = "hello, installed|2.0.0" ] || fail "$so.so: got '$out', expected 'hello, installed|2.0.0'"
done
# The extension's own .phpt tests, in each mode phpbind_add_phpt_tests() offers.
out=$(cd "$work/consumer" && ctest --output-on-failure 2>&1) || fail "the consumer's phpt tests failed: $out"
for t in consumer-phpt consumer-phpt-valgrind consumer-phpt-debug consumer-phpt-asan; do
  grep -q "Test *#[0-9]*: $t \.* *Passed" <<<"$out" || fail "$t did not pass: $out"
done
# The install rule puts the extension where php looks for extensions.
DESTDIR="$work/stage" cmake --install "$work/consumer" >/dev/null
extdir=$("$php_config" --extension-dir)
[ -f "$work/stage$extdir/consumer.so" ] || fail "cmake --install did not put consumer.so in $extdir"

# Refused: PHPBIND_DEBUG defined by hand on a target linking phpbind::phpbind.
cmake -S "$src/tests/install" -B "$work/consumer-odr" -DCMAKE_PREFIX_PATH="$prefix" \
      -DPHP_CONFIG="$php_config" -DCONSUMER_DEFINE_DEBUG=ON >/dev/null
if out=$(cmake --build "$work/consumer-odr" --target consumer 2>&1); then
  fail "a target defining PHPBIND_DEBUG built against the release library"
fi
grep -q 'link phpbind::debug instead' <<<"$out" || fail "no diagnostic for PHPBIND_DEBUG on the release library: $out"

# Refused: a variant the installed phpbind was configured without (PHPBIND_VARIANTS), named with
# the option that brings it; the install holds the release build alone.
cmake -S "$src" -B "$work/release-only" -DCMAKE_BUILD_TYPE=Release -DPHPBIND_VARIANTS=release \
      -DPHP_CONFIG="$php_config" >/dev/null
cmake --build "$work/release-only" -j2 >/dev/null
cmake --install "$work/release-only" --prefix "$work/prefix-release" >/dev/null
for f in lib/libphpbind_debug.a lib/libphpbind_asan.a lib/pkgconfig/phpbind-debug.pc; do
  [ ! -e "$work/prefix-release/$f" ] || fail "a release-only install has $f"
done
if out=$(cmake -S "$src/tests/install" -B "$work/consumer-release" -DCMAKE_PREFIX_PATH="$work/prefix-release" \
               -DPHP_CONFIG="$php_config" 2>&1); then
  fail "a consumer using phpbind::debug was configured against a release-only phpbind"
fi
tr -s ' \n' ' ' <<<"$out" | grep -q "phpbind::debug is not part of this phpbind: it was configured with PHPBIND_VARIANTS='release'" \
  || fail "the missing variant was not named: $out"

# Refused: another PHP than phpbind was compiled against, both named: another
# version with the same headers, and the same version with other headers.
vernum=$("$php_config" --vernum)
fake_php() {  # <dir> <vernum> <includes>
  mkdir -p "$1"
  printf '#!/bin/sh\ncase "$1" in\n  --vernum) echo %s ;;\n  --includes) echo "%s" ;;\n  *) exec "%s" "$@" ;;\nesac\n' \
    "$2" "$3" "$php_config" >"$1/php-config"
  chmod +x "$1/php-config"
}
fake_php "$work/php-8.3" 80315 "$("$php_config" --includes)"
mkdir -p "$work/php-elsewhere/include/php"
fake_php "$work/php-elsewhere" "$vernum" "-I$work/php-elsewhere/include/php"
for fake in "$work/php-8.3" "$work/php-elsewhere"; do
  if out=$(cmake -S "$src/tests/install" -B "$fake/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
                -DPHP_CONFIG="$fake/php-config" 2>&1); then
    fail "a consumer finding another PHP ($fake) was configured"
  fi
  tr -s ' \n' ' ' <<<"$out" | grep -q "compiled against PHP $vernum ($php_config.*found PHP [0-9]* ($fake/php-config" \
    || fail "the PHP mismatch message does not name both: $out"
done

# Bypassing CMake: the compile-time checks need the flags phpbind.pc gives;
# without them, the link refuses the mismatch by the settings' name.
cat >"$work/raw.cpp" <<'CPP'
#include <phpbind/phpbind.hpp>
static int twice(int a) { return 2 * a; }
PHPBIND_EXTENSION(raw, m) { m.def<&twice>("raw_twice", php::arg("a")); }
CPP
cflags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags phpbind)
libs=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --libs phpbind)
# shellcheck disable=SC2086
g++ -shared -fPIC -O2 $cflags $("$php_config" --includes) "$work/raw.cpp" $libs -o "$work/raw.so"
out=$("$php" -n -d "extension=$work/raw.so" -r 'echo raw_twice(21), "\n";')
[ "$out" = 42 ] || fail "the extension built with phpbind.pc's flags: got '$out'"
# shellcheck disable=SC2086
if out=$(g++ -shared -fPIC -O2 $cflags -DPHPBIND_DEBUG $("$php_config" --includes) "$work/raw.cpp" $libs -o "$work/raw.so" 2>&1); then
  fail "PHPBIND_DEBUG with phpbind.pc's release flags compiled"
fi
grep -q 'link phpbind::debug instead' <<<"$out" || fail "no diagnostic for PHPBIND_DEBUG under phpbind.pc: $out"
# The library's definitions name another PHP version than these headers.
# shellcheck disable=SC2086
if out=$(g++ -fsyntax-only -std=c++20 -DPHPBIND_LIBRARY_PHP_VERSION_ID=80100 -DPHPBIND_LIBRARY_DEBUG=0 \
             -I"$prefix/include" $("$php_config" --includes) "$work/raw.cpp" 2>&1); then
  fail "headers of PHP $vernum compiled against a library built for 8.1"
fi
grep -q "php_headers_match<80100, $vernum>" <<<"$out" || fail "the version mismatch did not name both versions: $out"
# (With unused sections collected: the reference survives --gc-sections.)
# shellcheck disable=SC2086
if out=$(g++ -shared -fPIC -O2 -std=c++20 -fvisibility=hidden -ffunction-sections -fdata-sections -Wl,--gc-sections \
             -DPHPBIND_DEBUG -I"$prefix/include" $("$php_config" --includes) \
             "$work/raw.cpp" "$prefix/lib/libphpbind.a" -o "$work/raw.so" 2>&1); then
  fail "a PHPBIND_DEBUG source linked against the release library"
fi
abi=$("$php" -n -r 'echo (PHP_ZTS ? "zts" : "nts"), "_engine_", (PHP_DEBUG ? "debug" : "release");')
grep -q "phpbind_for_php_api_[0-9]*_${abi}_with_PHPBIND_DEBUG" <<<"$out" \
  || fail "the link did not name the mismatched settings: $out"
echo "ok: installed package builds, loads, installs and refuses mismatches"
