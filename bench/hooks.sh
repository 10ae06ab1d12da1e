#!/usr/bin/env bash
# bench/hooks.sh — what an engine hook and a replaced function handler cost:
# abs($i) in a loop with no hook, with a counting zend_execute_internal hook
# written in C (hooks_c.c) and with phpbind (hooks.cpp, around and before
# forms); strlen($s) called from a namespace (a real call, not the STRLEN
# opcode) with its original handler, replaced in C and replaced with phpbind.
# Instructions per call from callgrind (the process with the loop minus the same
# with an empty loop, divided by N); writes docs/engine-hooks-performance.md.
#
#   bench/hooks.sh <build-dir>        (what `make bench` runs)
set -euo pipefail
die() { echo "hooks.sh: $*" >&2; exit 2; }
[[ $# -eq 1 && -d $1 ]] || die "usage: hooks.sh <build-dir>"
build_dir=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
doc=${BENCH_ENGINE_HOOKS_DOC:-$root/docs/engine-hooks-performance.md}
php=$(sed -n 's/^PHP_EXECUTABLE:[A-Z]*=//p' "$build_dir/CMakeCache.txt" | head -n1)
php=${php:-php}
n=${BENCH_N_IR:-200000}
out="$build_dir/bench/hooks"
mkdir -p "$out"
c_ext="$build_dir/bench/bench_hooks_c.so"
p_ext="$build_dir/bench/bench_hooks.so"
for f in "$c_ext" "$p_ext"; do [[ -f $f ]] || die "$f is missing: build the bench targets first"; done

# ir NAME EXT HOOK CODE N: instructions of one php process running CODE N times
ir() {
    local f="$out/$1.$5.out" args=()
    [[ -n $2 ]] && args=(-d "extension=$2")
    BENCH_HOOK=$3 valgrind --tool=callgrind --callgrind-out-file="$f" "$php" -n "${args[@]}" -r "
        namespace B;
        ${BENCH_SETUP:-}
        \$n = (int) \$argv[1]; \$s = 'hello';
        for (\$i = 0; \$i < \$n; \$i++) { $4; }
        if (\$n && getenv('BENCH_HOOK') && function_exists('bench_hook_calls') && bench_hook_calls() < \$n) exit(3);" "$5" \
        >/dev/null 2>"$f.log" || { cat "$f.log" >&2; die "run failed: $*"; }
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$f" | head -n1
}
per() {  # per NAME EXT HOOK CODE
    echo "  hooks: $1" >&2
    local with without
    with=$(ir "$1" "$2" "$3" "$4" "$n")
    without=$(ir "$1" "$2" "$3" "$4" 0)
    awk "BEGIN { printf \"%.1f\", ($with - $without) / $n }"
}
call='abs($i)'
strlen='strlen($s)'
i_none=$(per internal-none "" "" "$call")
i_c=$(per internal-c "$c_ext" internal "$call")
i_p=$(per internal-phpbind "$p_ext" internal "$call")
i_b=$(per internal-phpbind-before "$p_ext" before "$call")
i_sc=$(per internal-c-state "$c_ext" state "$call")
i_sp=$(per internal-phpbind-state "$p_ext" state "$call")
s_none=$(per strlen-none "" "" "$strlen")
s_c=$(per strlen-c "$c_ext" strlen "$strlen")
s_p=$(per strlen-phpbind "$p_ext" strlen "$strlen")
s_own=$(per strlen-phpbind-own "$p_ext" strlen-own "$strlen")
s_b=$(per strlen-phpbind-before "$p_ext" strlen-before "$strlen")
# A declared PHP function against the same code published from a Closure.
body='function (int $x): int { return $x + 1; }'
g_decl=$(BENCH_SETUP="function g(int \$x): int { return \$x + 1; }" per declared "$p_ext" "" 'g($i)')
g_pub=$(BENCH_SETUP="\\bench_publish('B\\\\g', $body);" per published "$p_ext" "" 'g($i)')

ratio() { awk "BEGIN { printf \"%.3f\", $1 / $2 }"; }
verdict() { awk "BEGIN { exit !($1 <= 1.10) }" && echo met || echo "**missed**"; }
r_i=$(ratio "$i_p" "$i_c"); r_b=$(ratio "$i_b" "$i_c"); r_s=$(ratio "$s_p" "$s_c"); r_sb=$(ratio "$s_b" "$s_c"); r_own=$(ratio "$s_own" "$s_none"); r_g=$(ratio "$g_pub" "$g_decl"); r_st=$(ratio "$i_sp" "$i_sc")

cat >"$doc" <<DOC
# Engine hook performance

Written by \`make bench\` (\`bench/hooks.sh\`); do not edit by hand. Instructions per iteration of a
loop, counted by callgrind over a whole php process minus the same process with an empty loop ($n
iterations), PHP $("$php" -n -r 'echo PHP_VERSION;'), CLI. Each hook counts the calls it sees and
runs the previous holder; *C* is written by hand against the engine's API
([bench/hooks_c.c](../bench/hooks_c.c)), *phpbind* is the same with phpbind
([bench/hooks.cpp](../bench/hooks.cpp)), linked at startup.

## A zend_execute_internal hook: \`abs(\$i)\`

| hook | instructions per call | / C |
|---|---|---|
| none | ${i_none} | |
| C | ${i_c} | 1.000 |
| phpbind, around (\`module::hook<execute_internal, &F>\`, \`next(ex, rv)\`) | ${i_p} | ${r_i} ($(verdict "$r_i")) |
| phpbind, before (\`module::hook<execute_internal, &Before, nullptr>\`) | ${i_b} | ${r_b} ($(verdict "$r_b")) |

A hook that keeps a value across the call (here the call's number, from before it to after it: a
timer's shape), in C and in phpbind's before/after form with a state (\`S Before(...)\`,
\`After(S, ...)\`):

| hook | instructions per call | / C |
|---|---|---|
| C, keeping a value across the call | ${i_sc} | 1.000 |
| phpbind, before/after with a state (\`module::hook<execute_internal, &Before, &After>\`) | ${i_sp} | ${r_st} ($(verdict "$r_st")) |

The around form runs the previous holder under \`zend_try\` (a fatal error inside it must unwind the
hook's C++ frames before the engine's bailout resumes); the before/after form runs it from a frame
with no C++ object, as C does.

## A replaced handler: \`strlen(\$s)\` from a namespace

| handler | instructions per call | / C |
|---|---|---|
| the original | ${s_none} | |
| replaced in C (counts, runs the original) | ${s_c} | 1.000 |
| replaced with phpbind, around (\`module::replace_function<&F>\`, \`original(ex, rv)\`) | ${s_p} | ${r_s} ($(verdict "$r_s")) |
| replaced with phpbind, before (\`module::replace_function<&Before, nullptr>\`) | ${s_b} | ${r_sb} ($(verdict "$r_sb")) |

A C++ handler that computes the length itself (a string argument; anything else goes to the
original for its checks and errors) against the original handler:

| handler | instructions per call | / original |
|---|---|---|
| the original | ${s_none} | 1.000 |
| replaced with phpbind, computing the length | ${s_own} | ${r_own} ($(verdict "$r_own")) |

## A generated function: \`g(\$i)\`

\`g\` declared in PHP against the same code as a Closure published as \`g\` with
\`php::publish_function()\` (both compiled before the loop; the call site looks the function up once
and caches it):

| function | instructions per call | / declared |
|---|---|---|
| declared: \`function g(int \$x): int { return \$x + 1; }\` | ${g_decl} | 1.000 |
| published: \`php::publish_function("B\\\\g", function (int \$x): int { ... })\` | ${g_pub} | ${r_g} ($(verdict "$r_g")) |

Target: each phpbind row within 1.10× of its C or engine twin. Calling the previous holder from
an around hook or a replacement costs a \`zend_try\` (about 80 instructions here): the price of
C++ frames that a fatal error must unwind; the before/after form and a replacement that does the
work itself pay none.
DOC
echo "hooks.sh: wrote $doc" >&2
cat "$doc"
