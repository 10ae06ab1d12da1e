#!/usr/bin/env bash
# bench/wasm.sh — phpbind in WebAssembly, measured (make bench runs it): writes
# docs/wasm-performance.md.
#
#   bench/wasm.sh [build-dir] [wasi-build-dir]   (default build-matrix/wasm-bench, build-matrix/wasi-bench)
#
#   - size: the .wasm of examples/wasm's command (hello_cmd) and library (hellowasm) at -O3 (the
#     Release build) and the command at -Oz; none carries debug information;
#   - cold start: `node hello_cmd.js` on a one-line script, to its first output and exit (node's own
#     start included), the median of BENCH_WASM_STARTS runs;
#   - the call-path rows of docs/performance.md: bench/bench.php's cases run by two wasm php
#     programs compiled the same way, one with the hand-written C baseline (bench/baseline.c) and
#     one with its phpbind twin; ns per call (the call loop minus the empty loop, timed inside PHP
#     with hrtime()), the fastest of BENCH_RUNS runs, the programs interleaved. Ratios are
#     phpbind / C. (No callgrind under node: wall clock only.)
#   - the same for the WASI build (docs/wasm.md#wasi): the command's size, its cold start under
#     node:wasi, the call path.
#
# Environment: BENCH_N_TIME iterations at weight 1 (default 2000000), BENCH_RUNS (default 5),
# BENCH_WASM_STARTS (default 7), BENCH_DOC (default docs/wasm-performance.md; "none": print only).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cd "$root"
build=${1:-build-matrix/wasm-bench}
wasi_build=${2:-build-matrix/wasi-bench}
n_time=${BENCH_N_TIME:-2000000}
runs=${BENCH_RUNS:-5}
starts=${BENCH_WASM_STARTS:-7}
doc=${BENCH_DOC:-$root/docs/wasm-performance.md}

bash tools/ensure-deps.sh emscripten nodejs php8.2-cli llvm-19 >&2
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
prefix=$(bash tools/php-engine.sh 8.2 wasm)
emcmake cmake -S . -B "$build" -DPHP_CONFIG="$prefix/bin/php-config" -DCMAKE_BUILD_TYPE=Release \
  -DPHPBIND_BUILD_EXAMPLES=ON -DPHPBIND_BUILD_BENCH=ON -DPHPBIND_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target hello_cmd hellowasm hello_cmd_oz bench_wasm_c bench_wasm_phpbind >&2
wasi_prefix=$(bash tools/php-engine.sh 8.2 wasi)
toolchain=$(bash tools/wasi-toolchain.sh)
cmake -S . -B "$wasi_build" -DCMAKE_TOOLCHAIN_FILE="$toolchain/wasi.cmake" -DPHP_CONFIG="$wasi_prefix/bin/php-config" \
  -DCMAKE_BUILD_TYPE=Release -DPHPBIND_BUILD_EXAMPLES=ON -DPHPBIND_BUILD_BENCH=ON -DPHPBIND_BUILD_TESTS=OFF >/dev/null
cmake --build "$wasi_build" -j "${JOBS:-2}" --target hello_cmd hello_cmd_oz bench_wasm_c bench_wasm_phpbind >&2

node=(node --no-experimental-fetch)
host_php=$(command -v php8.2 || command -v php)
size() { stat -c %s "$1"; }
ms_now() { date +%s%N; }

# Cold start: the median, in ms, of `node <command.js>` on a one-line script.
script=$(mktemp --suffix=.php)
trap 'rm -f "$script"' EXIT
echo '<?php echo "ready\n";' >"$script"
cold_start() {  # command.js
  local times=() t0 t1 out
  for _ in $(seq "$starts"); do
    t0=$(ms_now)
    out=$("${node[@]}" "$1" "$script")
    t1=$(ms_now)
    [ "$out" = ready ] || { echo "wasm.sh: $1 printed '$out'" >&2; exit 1; }
    times+=($(( (t1 - t0) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (starts + 1) / 2 ))p"
}
start_ms=$(cold_start "$build/examples/wasm/hello_cmd.js")
wasi_start_ms=$(cold_start "$wasi_build/examples/wasm/hello_cmd.js")
t0=$(ms_now); node -e 0; node_ms=$(( ($(ms_now) - t0) / 1000000 ))

# The call path: the table's rows for one build's pair of programs.
call_path() {  # build-dir
  local progs=("$1/bench/wasm/bench_wasm_c.js" "$1/bench/wasm/bench_wasm_phpbind.js")
  local name weight input n ok p c s_c s_p ratio
  while IFS=$'\t' read -r name _target weight _fn input; do
    n=$(( n_time / weight > 0 ? n_time / weight : 1 ))
    ok=1
    for p in "${progs[@]}"; do "${node[@]}" "$p" -n "$here/bench.php" has "$name" >/dev/null 2>&1 || ok=0; done
    if [ $ok = 0 ]; then
      echo "| $name | $input | — | — | not in both |"
      continue
    fi
    s_c=() s_p=()
    for _ in $(seq "$runs"); do
      s_c+=("$("${node[@]}" "${progs[0]}" -n "$here/bench.php" time "$name" "$n")")
      s_p+=("$("${node[@]}" "${progs[1]}" -n "$here/bench.php" time "$name" "$n")")
    done
    # The fastest run: when V8 moves the engine's functions to its optimizing tier differs from run
    # to run, and the fastest is the one whose loops ran optimized throughout.
    c=$(printf '%s\n' "${s_c[@]}" | sort -g | head -n1)
    p=$(printf '%s\n' "${s_p[@]}" | sort -g | head -n1)
    # (A row of about a nanosecond can come out at zero or below: the loop's time minus the empty
    # loop's, within the timer's noise. No ratio then.)
    ratio=$("$host_php" -n -r 'echo $argv[2] > 0.5 ? sprintf("%.2fx", $argv[1] / $argv[2]) : "— (C within the noise)";' "$p" "$c")
    echo "| $name | $input | $c | $p | $ratio |"
    echo "wasm.sh: $1: $name: C $c ns, phpbind $p ns ($ratio)" >&2
  done < <("$host_php" -n "$here/bench.php" list)
}
rows=$(call_path "$build")
wasi_rows=$(call_path "$wasi_build")
stripped=$(mktemp --suffix=.wasm)
llvm-strip-19 -o "$stripped" "$wasi_build/examples/wasm/hello_cmd.wasm"
wasi_stripped=$(size "$stripped")
rm -f "$stripped"

report=$(cat <<EOT
# phpbind in WebAssembly: size and speed

Generated by \`bench/wasm.sh\` (\`make bench\`) on $(date -u +%Y-%m-%d), PHP $(sed -n 's/.*PHP_VERSION "\(.*\)".*/\1/p' "$prefix/include/php/main/php_version.h") for wasm32 built by
Debian's Emscripten $(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\) .*/\1/p'), node $(node --version). See [wasm.md](wasm.md).

## Size

| artifact | bytes |
|---|---|
| \`hello_cmd.wasm\` — command: the engine, examples/hello's module, phpbind (-O3) | $(size "$build/examples/wasm/hello_cmd.wasm") |
| \`hello_cmd.wasm\` at -Oz (phpbind and the module; the engine stays -O2) | $(size "$build/bench/wasm/hello_cmd_oz.wasm") |
| \`hellowasm.wasm\` — library (-O3) | $(size "$build/examples/wasm/hellowasm.wasm") |
| their JavaScript loaders (command, library) | $(size "$build/examples/wasm/hello_cmd.js"), $(size "$build/examples/wasm/hellowasm.js") |

## Cold start

\`node hello_cmd.js\` on a script printing one line, to its output and exit: **$start_ms ms**, the
median of $starts runs (node alone, \`node -e 0\`: $node_ms ms).

## The call path

bench/bench.php's cases (the rows of [performance.md](performance.md)), each run by a wasm php with
the C baseline and one with the phpbind twin, compiled and linked the same way: ns per call, the
fastest of $runs runs of $n_time iterations at weight 1 (V8 tiers the engine's functions up at a
moment that varies from run to run; a row of a few nanoseconds moves by 2× between runs, and the
fastest run is the one whose loops ran optimized throughout). Native targets: ≤ 1.05×.

| case | input | C (ns) | phpbind (ns) | phpbind / C |
|---|---|---|---|---|
$rows

## WASI

The same measures for the WASI build ([wasm.md](wasm.md#wasi)): PHP $(sed -n 's/.*PHP_VERSION "\(.*\)".*/\1/p' "$wasi_prefix/include/php/main/php_version.h") for wasm32-wasip1 built by
$(clang-19 --version | head -n1 | sed 's/ (.*//') with trixie's wasi-libc, run by node's \`node:wasi\`.

| artifact | bytes |
|---|---|
| \`hello_cmd.wasm\` — command (-O3) | $(size "$wasi_build/examples/wasm/hello_cmd.wasm") |
| the same, stripped (\`llvm-strip\`: its names section) | $wasi_stripped |
| \`hello_cmd.wasm\` at -Oz (phpbind and the module; the engine stays -O2) | $(size "$wasi_build/bench/wasm/hello_cmd_oz.wasm") |
| its JavaScript runner (\`hello_cmd.js\`) | $(size "$wasi_build/examples/wasm/hello_cmd.js") |

Cold start, as above: **$wasi_start_ms ms**.

| case | input | C (ns) | phpbind (ns) | phpbind / C |
|---|---|---|---|---|
$wasi_rows
EOT
)
echo "$report"
[ "$doc" = none ] || printf '%s\n' "$report" >"$doc"
