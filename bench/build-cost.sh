#!/usr/bin/env bash
# bench/build-cost.sh <build-dir> [output.md] — what phpbind costs a user at build time, against
# hand-written C twins of the same extensions built in the same run:
#   - preprocessed lines of <phpbind/phpbind.hpp> against <phpbind/engine.hpp> (the engine's own
#     headers) alone, and of each optional header on top of the core;
#   - compile time at -O2 of examples/hello (bench/hello_c.c is its C twin) and of the call
#     benchmark's extension (bench/phpbind_bench.cpp, twin bench/baseline.c): best of three;
#   - hello's stripped .so and its .text, linked with the release library as phpbind_add_extension
#     links it, against the twin's.
# Writes the table to docs/build-cost.md (or the file given). Targets are reported, not enforced.
set -euo pipefail

build=$(cd "${1:?usage: build-cost.sh <build-dir> [output.md]}" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$src/docs/build-cost.md}
cxx=${CXX:-g++}
cc=${CC:-gcc}
php_config=${PHP_CONFIG:-php-config}
lib=$build/libphpbind.a
[ -f "$lib" ] || { echo "build-cost: $lib is missing (build the phpbind target first)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

php_inc=$($php_config --includes)
php_id=$($php_config --vernum)
defs="-DPHPBIND_LIBRARY_PHP_VERSION_ID=$php_id -DPHPBIND_LIBRARY_DEBUG=0"
# The flags phpbind_add_extension gives an extension (cmake/phpbindFunctions.cmake).
cxxflags="-std=c++20 -O2 -fPIC -fvisibility=hidden -fvisibility-inlines-hidden -I$src/include $php_inc $defs"
cflags="-std=gnu17 -O2 -fPIC -fvisibility=hidden $php_inc -DZEND_COMPILE_DL_EXT=1"
printf '{\n  global: get_module;\n  local: *;\n};\n' >"$work/exports.map"
ldflags="-shared -Wl,--version-script=$work/exports.map -Wl,--gc-sections -Wl,--strip-all"

lines() {  # lines the preprocessor emits for a translation unit of the given includes
    printf '%s\n' "$@" | $cxx $cxxflags -x c++ -E - | wc -l
}

seconds() {  # best of three wall-clock compiles: seconds <command...>
    local best="" t0 t1 t
    for _ in 1 2 3; do
        t0=$(date +%s.%N)
        "$@"
        t1=$(date +%s.%N)
        t=$(echo "$t1 - $t0" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    done
    printf '%.2f' "$best"
}

ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
status() { if [ "$(echo "$1 <= $2" | bc -l)" = 1 ]; then echo met; else echo "not met"; fi; }
text_size() { size -A "$1" | awk '$1 == ".text" { print $2 }'; }

engine_lines=$(lines '#include <phpbind/engine.hpp>')
core_lines=$(lines '#include <phpbind/phpbind.hpp>')
added=$((core_lines - engine_lines))

# The standard library's share: the engine's headers with every standard header the core's headers
# include, and no phpbind code.
optional="heap hooks function_hooks object_hooks observer native runtime server embed"
std_headers=()
for f in "$src"/include/phpbind/*.hpp "$src"/include/phpbind/detail/*.hpp; do
    case " $optional " in *" $(basename "$f" .hpp) "*) continue ;; esac
    while read -r h; do std_headers+=("#include <$h>"); done < <(sed -n 's|^#include <\([a-z_]*\)>.*|\1|p' "$f")
done
mapfile -t std_headers < <(printf '%s\n' "${std_headers[@]}" | sort -u)
std_lines=$(lines '#include <phpbind/engine.hpp>' "${std_headers[@]}")
std_count=${#std_headers[@]}

optional_rows=""
for h in $optional; do
    case $h in runtime | server) continue ;; esac
    [ -f "$src/include/phpbind/$h.hpp" ] || continue
    n=$(lines '#include <phpbind/phpbind.hpp>' "#include <phpbind/$h.hpp>")
    optional_rows+="| \`<phpbind/$h.hpp>\` on top of the core | $((n - core_lines)) |"$'\n'
done

hello_cpp=$(seconds $cxx $cxxflags -c "$src/examples/hello/hello.cpp" -o "$work/hello.o")
hello_c=$(seconds $cc $cflags -c "$src/bench/hello_c.c" -o "$work/hello_c.o")
bench_cpp=$(seconds $cxx $cxxflags -c "$src/bench/phpbind_bench.cpp" -o "$work/bench.o")
bench_c=$(seconds $cc $cflags -c "$src/bench/baseline.c" -o "$work/bench_c.o")

$cxx $ldflags -o "$work/hello.so" "$work/hello.o" "$lib"
$cc $ldflags -o "$work/hello_c.so" "$work/hello_c.o"
so_cpp=$(stat -c %s "$work/hello.so")
so_c=$(stat -c %s "$work/hello_c.so")
text_cpp=$(text_size "$work/hello.so")
text_c=$(text_size "$work/hello_c.so")

hello_ratio=$(ratio "$hello_cpp" "$hello_c")
bench_ratio=$(ratio "$bench_cpp" "$bench_c")
so_ratio=$(ratio "$so_cpp" "$so_c")
text_ratio=$(ratio "$text_cpp" "$text_c")

cxx_version=$($cxx --version | head -n 1)
php_version=$($php_config --version)

cat >"$out" <<EOF
# Build cost

What phpbind costs at build time, against a hand-written C twin of the same extension built in the
same run: \`examples/hello\` and its twin \`bench/hello_c.c\` (the same five functions, arg info,
constant, phpinfo() section and exceptions; ctest \`hello-c-twin\` checks they behave alike), and the
call benchmark's extension \`bench/phpbind_bench.cpp\` and its twin \`bench/baseline.c\`. Compile
times are the best of three wall-clock runs at -O2 with the flags \`phpbind_add_extension\` gives an
extension; sizes are of the \`.so\` linked with the release library and stripped, as
\`phpbind_add_extension\` links it. Generated by \`bench/build-cost.sh\` (\`make bench\`) with
$cxx_version, PHP $php_version. Targets are reported, not enforced.

| measure | phpbind | C twin | ratio | target | status |
| --- | ---: | ---: | ---: | --- | --- |
| lines \`#include <phpbind/phpbind.hpp>\` preprocesses to, against \`<phpbind/engine.hpp>\` alone | $core_lines | $engine_lines | +$added | ≤ +25000 | $(status "$added" 25000) |
| compile time of examples/hello (s) | $hello_cpp | $hello_c | ${hello_ratio}× | ≤ 3× | $(status "$hello_ratio" 3) |
| compile time of the benchmark extension (s) | $bench_cpp | $bench_c | ${bench_ratio}× | — | — |
| stripped .so of examples/hello (bytes) | $so_cpp | $so_c | ${so_ratio}× | ≤ 6× | $(status "$so_ratio" 6) |
| .text of examples/hello (bytes) | $text_cpp | $text_c | ${text_ratio}× | — | — |

Of the $added lines the core adds, $((std_lines - engine_lines)) are the $std_count standard headers its headers include
(\`<string>\`, \`<vector>\`, \`<functional>\`, \`<memory>\`, ...: the engine's headers with those alone
preprocess to $std_lines lines); phpbind's own code is the other $((core_lines - std_lines)).

The optional parts are separate headers: an extension that does not include one does not parse it,
and does not link its compiled part (ctest \`lean-link\` checks that with \`nm\`). What each adds:

| header | preprocessed lines added |
| --- | ---: |
$optional_rows
EOF
echo "build-cost: wrote $out"
cat "$out"
