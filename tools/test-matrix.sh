#!/usr/bin/env bash
# tools/test-matrix.sh — the suite against other engines and compilers (make test-matrix).
#
#   tools/test-matrix.sh [configuration...]     (default: all, in this order)
#
# `make test` runs the suite on Debian's PHP 8.2 with GCC, all but memcheck and the packaging
# checks. Each configuration here runs what it alone proves, so CI stays within its time:
#
#   memcheck         make test's build: every test under valgrind memcheck (each phpt suite, the C++
#                    and embedding programs), once for PHP 8.2
#   packaging        make test's build: the README's newcomer path and the installed package
#   php84            PHP 8.4 release NTS built from Debian's source: the whole suite but memcheck,
#                    examples/ds against the output ext-ds gave on 8.2 (the make test build's)
#   php84-memcheck   memcheck over php84's build, once for PHP 8.4
#   php84-debug-zts  PHP 8.4 debug + thread-safe: the engine's assertions and leak report, TSRM,
#                    engine threads under helgrind; no memcheck, no ASan (php84 has both)
#   debug-zts        PHP 8.2 debug + thread-safe: the same on 8.2
#   debug-nts        PHP 8.2 debug NTS: the phpt suites (hooks, observers and handlers run only on
#                    NTS engines: here under the engine's assertions)
#   clang            Debian's PHP 8.2, phpbind and its tests built by clang-19 (warnings are errors):
#                    what depends on the compiler — C++ tests, compile-fail checks, embed programs,
#                    phpt plain and under clang's ASan+UBSan (examples/ds is left out: GCC's build
#                    of it runs everywhere else)
#   opcache          Debian's PHP 8.2 with opcache on (opcache.enable_cli=1): the tests that run PHP
#                    code through the VM with phpbind (phpt plain and debug, the examples' phpt,
#                    fuzz)
#   opcache-jit      the same with the tracing JIT
#   wasm             PHP 8.2 built for WebAssembly by Debian's Emscripten: phpbind and its wasm tests
#                    (command and library modes, the phpt topics and the crossing matrix through
#                    run-tests.php, the browser example under headless Chromium), run under node
#   wasi             PHP 8.2 built for wasm32-wasip1 by clang-19 with trixie's wasi-libc
#                    (tools/wasi-toolchain.sh): the command mode's tests (the bin-mode program, the
#                    phpt topics and the crossing matrix, the fuzzer, the example) under node:wasi
#
# Run by name only (CI's time): debug-zts (PHP 8.2 debug + thread-safe: what php84-debug-zts
# runs, on 8.2), debug-nts.
#
# Tests that read only the sources (format, reference, edges, docs) run once, in `make test`;
# the packaging checks (newcomer, install) once, in packaging.
#
# Each source-built configuration has its own build directory under $MATRIX_DIR (default
# build-matrix/); memcheck, packaging and the opcache ones reuse $BUILD, which `make test`
# built. Engines are built once per machine (tools/php-engine.sh). All configurations run; the script fails if any failed,
# after a table of each one's tests and wall time.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${BUILD:-build}
matrix=${MATRIX_DIR:-build-matrix}
jobs=${JOBS:-2}
: "${PHPBIND_CMAKE_FLAGS:?PHPBIND_CMAKE_FLAGS must hold the developer configure flags (the Makefile sets it)}"
read -r -a dev_flags <<<"$PHPBIND_CMAKE_FLAGS"
all=(memcheck packaging php84 php84-memcheck php84-debug-zts clang opcache opcache-jit wasm wasi debug-zts debug-nts)
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(memcheck packaging php84 php84-memcheck php84-debug-zts clang opcache opcache-jit wasm wasi)

opcache_args="-d zend_extension=opcache -d opcache.enable=1 -d opcache.enable_cli=1 -d opcache.jit=disable"
opcache_jit_args="-d zend_extension=opcache -d opcache.enable=1 -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M"

# Test selections (ctest regular expressions over the names `ctest -N` lists).
once='^(format|reference|edges|docs|newcomer|install)$'           # make test's and packaging's alone
packaging='^(newcomer|install)$'
memcheck='-valgrind$'
asan='(-asan|^asan-probe)$'
compile_checks='^(compile-fail-.*|exports|stubs|embed-exports)$'  # the compiler's, not the engine's
bench_free='-DPHPBIND_BUILD_BENCH=OFF'
phpt_suites='^(phpt|phpt-debug|resident-phpt|resident-phpt-debug|profiler-phpt|profiler-phpt-debug|resident-fpm|resident-fpm-debug)$'
opcache_tests='^(phpt|phpt-debug|resident-phpt|resident-phpt-debug|profiler-phpt|profiler-phpt-debug|ds_phpbind-phpt|example-hello|memory-model|fuzz|ds_phpbind-fuzz)$'

# The expected output of examples/ds's differential cases, made under ext-ds on Debian's 8.2 by
# `make test`: other engines compare the port with it.
ds_expected() { echo "$root/$build/examples/ds/tests"; }

# What a configuration builds when it runs only some of the tests (the build is most of a
# configuration's time): the extensions and programs those tests load, and the libraries they
# link (phpbind, phpbind_debug, phpbind_asan come with them).
phpt_targets=(phpbind_test phpbind_test_debug phpbind_second phpbind_ini_bad resident resident_debug profiler profiler_debug)
engine_targets=("${phpt_targets[@]}" hello lean report cpp_values cpp_runtime cpp_exception_classes pb_embed_bin pb_embed_host
                pb_serve_host phpbind-server pbalpha pbbeta)
clang_targets=(phpbind_test phpbind_test_asan phpbind_second phpbind_ini_bad phpbind_dlopen_shim hello lean resident
               resident_asan profiler profiler_asan report cpp_values cpp_runtime cpp_exception_classes pb_embed_bin
               pb_embed_host pb_serve_host pb_serve_host_asan phpbind-server phpbind-server-asan pbalpha pbbeta)

# A build directory configured from scratch for one configuration, built, tested.
#   TARGETS (an array, optional): build these instead of everything.
suite() {  # name, ctest selection (-R regex or ""), tests to leave out (-E regex), extra cmake flags...
  local name=$1 select=$2 skip=$3
  shift 3
  local dir=$matrix/$name
  cmake -S . -B "$dir" "${dev_flags[@]}" "$@" >"$matrix/$name.configure.log" 2>&1 ||
    { tail -n 30 "$matrix/$name.configure.log"; return 1; }
  local targets=()
  [ ${#TARGETS[@]} -eq 0 ] || targets=(--target "${TARGETS[@]}")
  cmake --build "$dir" -j "$jobs" "${targets[@]}" >"$matrix/$name.build.log" 2>&1 ||
    { grep -E -B2 -A8 'error|warning' "$matrix/$name.build.log" | head -n 120; return 1; }
  (cd "$dir" && ctest -j "$jobs" --output-on-failure --no-tests=error ${select:+-R "$select"} ${skip:+-E "$skip"})
}

# The opcache configurations: the same build, every php with opcache on.
with_opcache() {  # php args
  bash tools/ensure-deps.sh php8.2-opcache || return 1
  local php
  php=$(grep '^PHP_EXECUTABLE:' "$build/CMakeCache.txt" | cut -d= -f2)
  # opcache must really be on (and the JIT, when asked), or this proves nothing.
  # shellcheck disable=SC2086
  "$php" -n $1 -r '$s = opcache_get_status(false);
    if (!$s || !$s["opcache_enabled"]) { fwrite(STDERR, "opcache is not enabled\n"); exit(1); }
    echo "opcache enabled, JIT ", $s["jit"]["on"] ? "on (" . ini_get("opcache.jit") . ")" : "off", "\n";' || return 1
  cmake --build "$build" -j "$jobs" >"$matrix/opcache.build.log" 2>&1 || { tail -n 40 "$matrix/opcache.build.log"; return 1; }
  (cd "$build" && PHPBIND_TEST_PHP_ARGS="$1" ctest -j "$jobs" --output-on-failure --no-tests=error -R "$opcache_tests")
}

engine() {  # series flavour
  bash tools/php-engine.sh "$1" "$2"
}

run() {  # configuration
  local prefix
  TARGETS=()
  case "$1" in
    php84)
      prefix=$(engine 8.4 release-nts) || return 1
      suite "$1" "" "$once|$memcheck" -DPHP_CONFIG="$prefix/bin/php-config" "$bench_free" \
        -DPHPBIND_DS_EXPECTED_FROM="$(ds_expected)"
      ;;
    memcheck | packaging)
      # make test's build, brought up to date.
      local select=$memcheck
      [ "$1" = memcheck ] || select=$packaging
      cmake --build "$build" -j "$jobs" >"$matrix/$1.build.log" 2>&1 || { tail -n 40 "$matrix/$1.build.log"; return 1; }
      (cd "$build" && ctest -j "$jobs" --output-on-failure --no-tests=error -R "$select")
      ;;
    php84-memcheck)
      [ -f "$matrix/php84/CTestTestfile.cmake" ] || { echo "test-matrix: run php84 first" >&2; return 1; }
      (cd "$matrix/php84" && ctest -j "$jobs" --output-on-failure --no-tests=error -R "$memcheck")
      ;;
    php84-debug-zts | debug-zts)
      local series=8.2
      [ "$1" = debug-zts ] || series=8.4
      prefix=$(engine "$series" debug-zts) || return 1
      TARGETS=("${engine_targets[@]}" pb_embed_threads pb_serve_threads)
      suite "$1" "" "$once|$memcheck|$asan|$compile_checks|^fuzz$|^ds_" -DPHP_CONFIG="$prefix/bin/php-config" \
        "$bench_free" -DPHPBIND_BUILD_EXAMPLE_DS=OFF
      ;;
    debug-nts)
      prefix=$(engine 8.2 debug-nts) || return 1
      TARGETS=("${phpt_targets[@]}")
      suite "$1" "$phpt_suites" "" -DPHP_CONFIG="$prefix/bin/php-config" "$bench_free" -DPHPBIND_BUILD_EXAMPLE_DS=OFF
      ;;
    clang)
      bash tools/ensure-deps.sh clang-19 libclang-rt-19-dev || return 1
      # DWARF 4: Debian 12's valgrind cannot read the DWARF 5 forms clang-19 emits by default.
      TARGETS=("${clang_targets[@]}")
      suite clang "" "$once|$memcheck|^fuzz$|-debug$|^exports$" -DCMAKE_C_COMPILER=clang-19 \
        -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_FLAGS=-gdwarf-4 -DCMAKE_CXX_FLAGS=-gdwarf-4 "$bench_free" \
        -DPHPBIND_BUILD_EXAMPLE_DS=OFF
      ;;
    wasm)
      # Debian's Emscripten finds its node modules only through NODE_PATH (docs/wasm.md).
      bash tools/ensure-deps.sh emscripten nodejs node-typescript chromium || return 1
      export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
      prefix=$(engine 8.2 wasm) || return 1
      emcmake cmake -S . -B "$matrix/wasm" -DPHP_CONFIG="$prefix/bin/php-config" -DCMAKE_BUILD_TYPE=Release \
        -DPHPBIND_DEVELOPER=ON -DPHPBIND_BUILD_BENCH=OFF >"$matrix/wasm.configure.log" 2>&1 ||
        { tail -n 30 "$matrix/wasm.configure.log"; return 1; }
      cmake --build "$matrix/wasm" -j "$jobs" >"$matrix/wasm.build.log" 2>&1 ||
        { grep -E -B2 -A8 'error|warning' "$matrix/wasm.build.log" | head -n 120; return 1; }
      (cd "$matrix/wasm" && ctest -j "$jobs" --output-on-failure --no-tests=error)
      ;;
    wasi)
      bash tools/ensure-deps.sh nodejs || return 1
      prefix=$(engine 8.2 wasi) || return 1
      local toolchain
      toolchain=$(bash tools/wasi-toolchain.sh) || return 1
      cmake -S . -B "$matrix/wasi" -DCMAKE_TOOLCHAIN_FILE="$toolchain/wasi.cmake" -DPHP_CONFIG="$prefix/bin/php-config" \
        -DCMAKE_BUILD_TYPE=Release -DPHPBIND_DEVELOPER=ON -DPHPBIND_BUILD_BENCH=OFF >"$matrix/wasi.configure.log" 2>&1 ||
        { tail -n 30 "$matrix/wasi.configure.log"; return 1; }
      cmake --build "$matrix/wasi" -j "$jobs" >"$matrix/wasi.build.log" 2>&1 ||
        { grep -E -B2 -A8 'error|warning' "$matrix/wasi.build.log" | head -n 120; return 1; }
      (cd "$matrix/wasi" && ctest -j "$jobs" --output-on-failure --no-tests=error)
      ;;
    opcache) with_opcache "$opcache_args" ;;
    opcache-jit) with_opcache "$opcache_jit_args" ;;
    *) echo "test-matrix: unknown configuration '$1' (known: ${all[*]})" >&2; return 2 ;;
  esac
}

mkdir -p "$matrix"
summary=()
failed=0
total_start=$(date +%s)
for c in "${configs[@]}"; do
  echo "=== test-matrix: $c"
  start=$(date +%s)
  log=$matrix/$c.test.log
  if run "$c" 2>&1 | tee "$log"; then result=passed; else result=FAILED; failed=1; fi
  secs=$(( $(date +%s) - start ))
  # ctest's closing count: "100% tests passed, 0 tests failed out of 41".
  tests=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$log" | tail -n 1)
  summary+=("$(printf '| %-16s | %-6s | %5s | %5d |' "$c" "$result" "${tests:--}" "$secs")")
  echo "=== test-matrix: $c $result in $secs s"
done
echo "=== test-matrix summary"
printf '| %-16s | %-6s | %5s | %5s |\n' configuration result tests wall_s
printf '|%s|%s|%s|%s|\n' ------------------ -------- ------- -------
printf '%s\n' "${summary[@]}"
printf '| %-16s | %-6s | %5s | %5d |\n' total "" "" $(( $(date +%s) - total_start ))
exit "$failed"
