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
# The README's commands find php and php-config on PATH: the PHP under test's.
PATH="$(dirname "$php_config"):$PATH"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $1: $(( $(date +%s) - t0 )) s"; t0=$(date +%s); }
start=$(date +%s) t0=$start

# 1-2. The README's own steps, as written there (the blocks annotated
# docs-check: newcomer), with two substitutions: the source tree for
# `phpbind` and a prefix in the work directory for /opt/phpbind, and DESTDIR
# on the extension's `cmake --install`, which keeps it out of the system.
prefix="$work/opt/phpbind"
"$php" -n -r '
    $lines = file($argv[1], FILE_IGNORE_NEW_LINES);
    for ($i = 0; $i < count($lines); $i++) {
        if ($lines[$i] !== "<!-- docs-check: newcomer -->") continue;
        for ($i += 2; $i < count($lines) && $lines[$i] !== "```"; $i++) echo $lines[$i], "\n";
    }' "$src/README.md" > readme-steps.sh
[ "$(grep -c . readme-steps.sh)" -ge 8 ] || fail "the README's newcomer steps were not found"
sed -i -e "s|cmake -S phpbind |cmake -S $src |" -e "s|/opt/phpbind|$prefix|g" \
       -e "s|^cmake --install build |DESTDIR=$work/stage cmake --install build |" readme-steps.sh
grep -q "^DESTDIR=" readme-steps.sh || fail "the README no longer installs the extension with cmake --install build"
out=$(bash -e readme-steps.sh 2>&1) || fail "a README step failed:
$(tail -40 <<<"$out")"
grep -q 'Hello, you!' <<<"$out" || fail "the README's php command did not greet: $out"
grep -q '100% tests passed, 0 tests failed out of 2' <<<"$out" || fail "expected the template's 2 tests (plain, valgrind): $out"
step "the README's steps: phpbind built and installed, an extension created, built, tested and installed"
cd wordcount
# The CMake lines the README shows are the template's.
"$php" -n -r '
    $lines = file($argv[1], FILE_IGNORE_NEW_LINES);
    $i = array_search("<!-- docs-check: template-cmake -->", $lines, true);
    if ($i === false) exit(1);
    for ($i += 2; $i < count($lines) && $lines[$i] !== "```"; $i++) echo trim(preg_replace("/#.*$/", "", $lines[$i])), "\n";
    ' "$src/README.md" > readme-cmake.txt || fail "the README's template CMake block was not found"
while read -r line; do
  [ -z "$line" ] || grep -qF -- "$line" CMakeLists.txt || fail "the README shows '$line', the template's CMakeLists.txt does not have it"
done < readme-cmake.txt
"$php" -n -l build/wordcount.stub.php >/dev/null || fail "the stub does not parse"
grep -qF 'function greet(string $name): string {}' build/wordcount.stub.php || fail "the stub lacks greet()"
grep -qF '@return array<int>' build/wordcount.stub.php || fail "the stub lacks Tally::history()'s array type"
readelf -S build/wordcount.so | grep -q '\.debug_info' && fail "the extension carries debug information"
[ -f "$work/stage$("$php_config" --extension-dir)/wordcount.so" ] || fail "cmake --install did not install wordcount.so"

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

# 4. The PECL way with phpbind vendored into the project (what a PIE package carries), with a
# namespace of its own (its test calls Acme\Vendored\greet()), and a library the template's
# config.m4 shows how to add (libcrypto, which PHP's development files bring), uncommented.
cmake -DNAME=vendored '-DNAMESPACE=Acme\Vendored' -DVENDOR=ON -P "$src/cmake/phpbind-new.cmake" >/dev/null
grep -qF 'Acme\Vendored\greet(' vendored/tests/001-basic.phpt || fail "NAMESPACE did not reach the template's test"
sed -i -e 's/^  dnl   \(PKG_CHECK_MODULES\|VENDORED_\)/  \1/' -e 's/\[ZLIB\], \[zlib\]/[ZLIB], [libcrypto]/' vendored/config.m4
grep -q '^  PKG_CHECK_MODULES(\[ZLIB\], \[libcrypto\])' vendored/config.m4 || fail "config.m4's library lines were not found"
"$php" -n -r '$j = json_decode(file_get_contents("vendored/composer.json"), true, 512, JSON_THROW_ON_ERROR);
        exit($j["type"] === "php-ext" && $j["php-ext"]["extension-name"] === "vendored" ? 0 : 1);' \
  || fail "composer.json is not a PIE package of the extension"
phpize_build vendored
grep -q '^VENDORED_SHARED_LIBADD = .*-lcrypto' vendored/Makefile || fail "config.m4's library is not on the link line"
step "phpize build with phpbind vendored"
echo "ok: the newcomer path, in $(( $(date +%s) - start )) s"
