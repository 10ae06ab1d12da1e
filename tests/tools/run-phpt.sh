#!/usr/bin/env bash
# tests/tools/run-phpt.sh — runs tests/phpt through PHP's own run-tests.php.
#
#   run-phpt.sh <plain|valgrind|asan> <php> <extension.so> <phpt-dir> <work-dir>
#
# RUN_TESTS names run-tests.php. Tests run from a copy in <work-dir>, so no
# temporary file lands in the source tree. In valgrind mode every test runs under memcheck with
# USE_ZEND_ALLOC=0; any definite or indirect leak, or invalid access, is
# reported and fails the test (run-tests marks it LEAK).
set -euo pipefail
mode=$1 php=$2 ext=$3 dir=$4 work=$5
: "${RUN_TESTS:?RUN_TESTS must name run-tests.php}"

# Run from a copy: run-tests.php writes its temporary files next to each test,
# and several modes may run at once.
rm -rf "$work"
mkdir -p "$work"
cp -r "$dir/." "$work/"
export NO_INTERACTION=1
export REPORT_EXIT_STATUS=1
export TEST_PHP_EXECUTABLE="$php"
export PHPBIND_TEST_EXT="$ext"
export PHPBIND_TEST_MODE="$mode"
# PHPBIND_SECOND_EXT (from ctest) names a second extension for tests that load two.

args=(-n -q --no-color --show-diff -j2 -d "extension=$ext")
case "$mode" in
  plain) ;;
  valgrind)
    # run-tests runs valgrind -q; these make leaks errors it records.
    export VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --num-callers=30"
    # PCRE's JIT writes machine code valgrind cannot follow; it reports false errors.
    args+=(-m -d pcre.jit=0)
    ;;
  asan) ;;
  *) echo "unknown mode: $mode" >&2; exit 2 ;;
esac

# Every test declares --EXTENSIONS-- phpbind_test, which run-tests turns into
# a skip when the extension does not load: refuse to run then, rather than
# report a suite of skips as a pass.
probe=$("$php" -n -d "extension=$ext" -r 'echo extension_loaded("phpbind_test") ? "loaded" : "missing";' 2>&1 || true)
if [[ $probe != *loaded ]]; then
  echo "run-phpt.sh: $ext does not load into $php:" >&2
  echo "$probe" >&2
  exit 1
fi

# run-tests.php itself runs on the plain php; the tests use $php.
status=0
"${PHP_FOR_RUNNER:-$(command -v php)}" -n "$RUN_TESTS" "${args[@]}" -p "$php" "$work" || status=$?
if [ "$status" -ne 0 ]; then
  # Show what failed: diffs and valgrind logs.
  find "$work" \( -name '*.diff' -o -name '*.mem' \) -size +0 -print -exec cat {} \; 2>/dev/null | head -400
fi
exit "$status"
