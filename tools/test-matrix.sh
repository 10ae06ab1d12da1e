#!/usr/bin/env bash
# tools/test-matrix.sh — the suite against other engines and compilers (make test-matrix).
#
#   tools/test-matrix.sh [configuration...]     (default: all, in this order)
#
#   debug-zts    PHP 8.2 built from Debian's source, debug + thread-safe: every test whose
#                outcome depends on the engine but the memcheck runs (helgrind runs)
#   debug-nts    PHP 8.2 built from Debian's source, debug, NTS: the same
#   clang        the system PHP 8.2, phpbind and its tests built by clang-19: every test
#                but the source-only checks and the memcheck runs
#   opcache      the system PHP 8.2 with opcache on (opcache.enable_cli=1): every test that
#                runs php with phpbind (phpt in every mode, php -S, the example, memory model,
#                fuzz) but the memcheck runs
#   opcache-jit  the same with the tracing JIT
#
# Memcheck (the *-valgrind tests) runs in `make test`; the configurations here check
# memory with their ASan+UBSan build and the debug build (and a debug engine's own leak
# report): memcheck is the slowest mode by far, a second run of it on the same phpbind
# code finds little, and CI has 90 minutes for everything.
#
# Each source-built configuration has its own build directory under
# $MATRIX_DIR (default build-matrix/); the opcache ones reuse $BUILD, which
# `make test` built. Engines are built once per machine (tools/php-engine.sh).
# All configurations run; the script fails if any failed, after a summary
# with the wall time of each.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${BUILD:-build}
matrix=${MATRIX_DIR:-build-matrix}
jobs=${JOBS:-2}
: "${PHPBIND_CMAKE_FLAGS:?PHPBIND_CMAKE_FLAGS must hold the developer configure flags (the Makefile sets it)}"
read -r -a dev_flags <<<"$PHPBIND_CMAKE_FLAGS"
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(debug-zts debug-nts clang opcache opcache-jit)

opcache_args="-d zend_extension=opcache -d opcache.enable=1 -d opcache.enable_cli=1 -d opcache.jit=disable"
opcache_jit_args="-d zend_extension=opcache -d opcache.enable=1 -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M"
# The tests that run php; the others (C++, embed, compile checks, docs) do not
# load opcache and are covered by `make test`.
opcache_tests='^(phpt|phpt-valgrind|phpt-debug|phpt-asan|resident-phpt|resident-phpt-valgrind|resident-phpt-debug|resident-phpt-asan|profiler-phpt|profiler-phpt-valgrind|profiler-phpt-debug|profiler-phpt-asan|example-hello|memory-model|fuzz|fuzz-asan)$'
memcheck='-valgrind$'
# Tests that read only the sources, or compile C++ without an engine in play, prove
# nothing new on another engine: checked by `make test` (and by `clang` for the
# compiler-dependent ones).
source_only='^(format|reference|edges)$'
engine_independent='^(format|reference|edges|docs|newcomer|compile-fail-.*)$'

# A build directory configured from scratch for one configuration, built, tested.
suite() {  # name, tests to leave out (ctest -E), extra cmake flags...
  local name=$1 skip=$2
  shift 2
  local dir=$matrix/$name
  cmake -S . -B "$dir" "${dev_flags[@]}" "$@" >"$matrix/$name.configure.log" 2>&1 ||
    { tail -n 30 "$matrix/$name.configure.log"; return 1; }
  cmake --build "$dir" -j "$jobs" >"$matrix/$name.build.log" 2>&1 ||
    { grep -E -B2 -A8 'error|warning' "$matrix/$name.build.log" | head -n 120; return 1; }
  (cd "$dir" && ctest -j "$jobs" --output-on-failure --no-tests=error -E "$skip")
}

# The opcache configurations: the same tests, every php with opcache on.
with_opcache() {  # php args, tests to leave out (ctest -E)
  bash tools/ensure-deps.sh php8.2-opcache || return 1
  local php
  php=$(grep '^PHP_EXECUTABLE:' "$build/CMakeCache.txt" | cut -d= -f2)
  # opcache must really be on (and the JIT, when asked), or this proves nothing.
  # shellcheck disable=SC2086
  "$php" -n $1 -r '$s = opcache_get_status(false);
    if (!$s || !$s["opcache_enabled"]) { fwrite(STDERR, "opcache is not enabled\n"); exit(1); }
    echo "opcache enabled, JIT ", $s["jit"]["on"] ? "on (" . ini_get("opcache.jit") . ")" : "off", "\n";' || return 1
  cmake --build "$build" -j "$jobs" >"$matrix/opcache.build.log" 2>&1 || { tail -n 40 "$matrix/opcache.build.log"; return 1; }
  (cd "$build" && PHPBIND_TEST_PHP_ARGS="$1" ctest -j "$jobs" --output-on-failure --no-tests=error -R "$opcache_tests" ${2:+-E "$2"})
}

run() {  # configuration
  case "$1" in
    debug-zts | debug-nts)
      local prefix
      prefix=$(bash tools/php-engine.sh "$1") || return 1
      # examples/ds is left out: its expected output comes from Debian's ext-ds, which only
      # Debian's engine loads (make test and the clang configuration run it).
      suite "$1" "$engine_independent|$memcheck" -DPHP_CONFIG="$prefix/bin/php-config" -DPHPBIND_BUILD_EXAMPLE_DS=OFF
      ;;
    clang)
      bash tools/ensure-deps.sh clang-19 libclang-rt-19-dev || return 1
      # DWARF 4: Debian 12's valgrind cannot read the DWARF 5 forms clang-19 emits by default.
      # examples/ds is left out here too (its four modes and fuzz passes run in make test): CI's time.
      suite clang "$source_only|$memcheck" -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_FLAGS=-gdwarf-4 \
        -DCMAKE_CXX_FLAGS=-gdwarf-4 -DPHPBIND_BUILD_EXAMPLE_DS=OFF
      ;;
    opcache) with_opcache "$opcache_args" "$memcheck" ;;
    opcache-jit) with_opcache "$opcache_jit_args" "$memcheck" ;;
    *) echo "test-matrix: unknown configuration '$1'" >&2; return 2 ;;
  esac
}

mkdir -p "$matrix"
summary=()
failed=0
for c in "${configs[@]}"; do
  echo "=== test-matrix: $c"
  start=$(date +%s)
  if run "$c"; then result=passed; else result=FAILED; failed=1; fi
  secs=$(( $(date +%s) - start ))
  summary+=("$(printf '%-12s %-7s %4d s' "$c" "$result" "$secs")")
  echo "=== test-matrix: $c $result in $secs s"
done
echo "=== test-matrix summary"
printf '%s\n' "${summary[@]}"
exit "$failed"
