#!/usr/bin/env bash
# phpbind-run-phpt.sh — runs a directory of .phpt tests through PHP's own
# run-tests.php with one extension loaded (phpbind_add_phpt_tests() and
# phpbind's own suite call it).
#
#   phpbind-run-phpt.sh <plain|valgrind|asan> <php> <extension.so> <module> <phpt-dir> <work-dir>
#
# <extension.so> is `builtin` for a php with the module compiled in (a wasm command).
# RUN_TESTS names run-tests.php. The tests run from a copy in <work-dir>, so
# nothing is written into the source tree. In valgrind mode every test runs
# under memcheck with USE_ZEND_ALLOC=0 and the suppressions PHPBIND_VALGRIND_SUPP
# names; any definite or indirect leak, or invalid access, fails the test
# (run-tests marks it LEAK). Tests see PHPBIND_TEST_EXT (the extension's path)
# and PHPBIND_TEST_MODE (the mode), to start a child php of their own.
# PHPBIND_TEST_PHP_ARGS, if set, holds more php options for every test and
# child (-d settings: opcache and its JIT in the test matrix).
set -euo pipefail
mode=$1 php=$2 ext=$3 module=$4 dir=$5 work=$6
: "${RUN_TESTS:?RUN_TESTS must name run-tests.php}"

# run-tests.php writes its temporary files next to each test, and several
# modes may run at once: each runs from its own copy.
rm -rf "$work"
mkdir -p "$work"
cp -r "$dir/." "$work/"
export NO_INTERACTION=1
export REPORT_EXIT_STATUS=1
export TEST_PHP_EXECUTABLE="$php"
export PHPBIND_TEST_EXT="$ext"
export PHPBIND_TEST_MODE="$mode"

read -r -a extra <<<"${PHPBIND_TEST_PHP_ARGS:-}"
load=(-d "extension=$ext")
[ "$ext" != builtin ] || load=()
args=(-n -q --no-color --show-diff -j2 "${extra[@]}" "${load[@]}")
case "$mode" in
  plain|asan) ;;
  valgrind)
    # run-tests runs valgrind -q; these make leaks errors it records.
    VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --num-callers=30"
    if [ -n "${PHPBIND_VALGRIND_SUPP:-}" ]; then VALGRIND_OPTS+=" --suppressions=$PHPBIND_VALGRIND_SUPP"; fi
    export VALGRIND_OPTS
    # PCRE's JIT writes machine code valgrind cannot follow; it reports false errors.
    args+=(-m -d pcre.jit=0)
    ;;
  *) echo "unknown mode: $mode" >&2; exit 2 ;;
esac

# A test with --EXTENSIONS-- naming the module is skipped when the extension
# does not load: refuse to run then, rather than report a suite of skips as a pass.
probe=$("$php" -n "${extra[@]}" "${load[@]}" -r "echo extension_loaded('$module') ? 'loaded' : 'missing';" 2>&1 || true)
if [[ $probe != *loaded ]]; then
  echo "phpbind-run-phpt.sh: $ext does not load into $php as '$module':" >&2
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
