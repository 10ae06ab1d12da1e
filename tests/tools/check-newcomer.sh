#!/usr/bin/env bash
# tests/tools/check-newcomer.sh — the path README.md gives a new user, step by
# step, from phpbind's source tree: build and install the library alone, create
# an extension from the template, build it with its stub, run its .phpt tests
# plain and under valgrind, install it; then the same extension the PECL way
# (phpize, as PIE runs it) against the installed phpbind and against a copy
# vendored into the project. Prints how long each step took.
#
#   check-newcomer.sh <source-dir> <work-dir> <php> <php-config>
set -euo pipefail
src=$1 work=$2 php=$3 php_config=$4
rm -rf "$work"
mkdir -p "$work"
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $1: $(( $(date +%s) - t0 )) s"; t0=$(date +%s); }
start=$(date +%s) t0=$start

# 1. The library alone, installed (README: "Building your own extension").
cmake -S "$src" -B phpbind-build -DCMAKE_BUILD_TYPE=Release -DPHP_CONFIG="$php_config" >/dev/null
cmake --build phpbind-build -j2 >/dev/null
cmake --install phpbind-build --prefix "$work/opt/phpbind" >/dev/null
step "phpbind built and installed"
prefix="$work/opt/phpbind"

# 2. A new extension from the template; it builds, writes its stub, passes its tests.
cmake -DNAME=wordcount -P "$prefix/lib/cmake/phpbind/phpbind-new.cmake" >/dev/null
cd wordcount
cmake -S . -B build -DCMAKE_PREFIX_PATH="$prefix" -DPHP_CONFIG="$php_config" >/dev/null
cmake --build build >/dev/null
out=$(cd build && ctest --output-on-failure 2>&1) || fail "the template's tests failed: $out"
grep -q '100% tests passed, 0 tests failed out of 2' <<<"$out" || fail "expected 2 tests (plain, valgrind): $out"
"$php" -n -l build/wordcount.stub.php >/dev/null || fail "the stub does not parse"
grep -qF 'function greet(string $name): string {}' build/wordcount.stub.php || fail "the stub lacks greet()"
grep -qF '@return array<int>' build/wordcount.stub.php || fail "the stub lacks Tally::history()'s array type"
readelf -S build/wordcount.so | grep -q '\.debug_info' && fail "the extension carries debug information"
out=$("$php" -n -d extension="$PWD/build/wordcount.so" -r 'echo Wordcount\greet("newcomer"), "\n";')
[ "$out" = "Hello, newcomer!" ] || fail "greet() said '$out'"
DESTDIR="$work/stage" cmake --install build >/dev/null
[ -f "$work/stage$("$php_config" --extension-dir)/wordcount.so" ] || fail "cmake --install did not install wordcount.so"
step "extension created, built, tested (plain and valgrind) and installed"

# 3. The PECL way against the installed phpbind.
phpize_build() {  # <dir> [configure options]
  (cd "$1" && shift && phpize >/dev/null 2>&1 && ./configure "$@" >configure.out 2>&1 && make -j2 >make.out 2>&1) \
    || fail "phpize build in $1: $(tail -20 "$1"/configure.out "$1"/make.out 2>/dev/null)"
  exports=$(nm -D --defined-only "$1/modules/"*.so | awk '{print $3}')
  [ "$exports" = get_module ] || fail "$1: the extension exports more than get_module: $exports"
  (cd "$1" && NO_INTERACTION=1 make test >test.out 2>&1) || fail "$1: make test: $(tail -30 "$1/test.out")"
  grep -q 'Tests passed    :    1' "$1/test.out" || fail "$1: make test ran no test"
}
cd "$work"
cp -r wordcount wordcount-pecl
rm -rf wordcount-pecl/build
phpize_build wordcount-pecl --with-phpbind="$prefix"
step "phpize build against the installed phpbind"

# 4. The PECL way with phpbind vendored into the project (what a PIE package carries).
cmake -DNAME=vendored -DVENDOR=ON -P "$src/cmake/phpbind-new.cmake" >/dev/null
"$php" -n -r '$j = json_decode(file_get_contents("vendored/composer.json"), true, 512, JSON_THROW_ON_ERROR);
        exit($j["type"] === "php-ext" && $j["php-ext"]["extension-name"] === "vendored" ? 0 : 1);' \
  || fail "composer.json is not a PIE package of the extension"
phpize_build vendored
step "phpize build with phpbind vendored"
echo "ok: the newcomer path, in $(( $(date +%s) - start )) s"
