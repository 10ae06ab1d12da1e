#!/usr/bin/env bash
# bench/observer.sh — what observing a call costs: a user function observed()
# called in a loop, with no observer, with the hand-written C observer
# (observer_c.c) and with the same observer written with phpbind
# (observer.cpp). Instructions per call from callgrind (the whole process with
# the loop minus the same with an empty loop, divided by N); writes
# docs/hooks-performance.md.
#
#   bench/observer.sh <build-dir>        (what `make bench` runs)
set -euo pipefail
die() { echo "observer.sh: $*" >&2; exit 2; }
[[ $# -eq 1 && -d $1 ]] || die "usage: observer.sh <build-dir>"
build_dir=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
doc=${BENCH_HOOKS_DOC:-$root/docs/hooks-performance.md}
php=$(sed -n 's/^PHP_EXECUTABLE:[A-Z]*=//p' "$build_dir/CMakeCache.txt" | head -n1)
php=${php:-php}
n=${BENCH_N_IR:-200000}
out="$build_dir/bench/observer"
mkdir -p "$out"
declare -A ext=([none]="" [c]="$build_dir/bench/bench_observer_c.so" [phpbind]="$build_dir/bench/bench_observer.so")
for k in c phpbind; do [[ -f ${ext[$k]} ]] || die "${ext[$k]} is missing: build the bench targets first"; done

ir() {  # ir CONFIG N: instructions of one process
    local f="$out/$1.$2.out" args=()
    [[ -n ${ext[$1]} ]] && args=(-d "extension=${ext[$1]}")
    valgrind --tool=callgrind --callgrind-out-file="$f" "$php" -n "${args[@]}" -r '
        function observed($x) { return $x; }
        $n = (int) $argv[1];
        for ($i = 0; $i < $n; $i++) observed($i);
        if ($n && function_exists("bench_observed_calls") && bench_observed_calls() !== 2 * $n) exit(3);' "$2" \
        >/dev/null 2>"$f.log" || { cat "$f.log" >&2; die "run failed: $*"; }
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$f" | head -n1
}
declare -A per
for k in none c phpbind; do
    echo "  observer: $k" >&2
    with=$(ir "$k" "$n")
    without=$(ir "$k" 0)
    per[$k]=$(awk "BEGIN { printf \"%.1f\", ($with - $without) / $n }")
done
over_c=$(awk "BEGIN { printf \"%.1f\", ${per[c]} - ${per[none]} }")
over_p=$(awk "BEGIN { printf \"%.1f\", ${per[phpbind]} - ${per[none]} }")
ratio=$(awk "BEGIN { printf \"%.3f\", ${per[phpbind]} / ${per[c]} }")
ratio_added=$(awk "BEGIN { printf \"%.3f\", $over_p / ($over_c > 0 ? $over_c : 1) }")
verdict=$(awk "BEGIN { exit !($ratio <= 1.10) }" && echo met || echo "**missed**")

cat >"$doc" <<DOC
# Observer performance

Written by \`make bench\` (\`bench/observer.sh\`); do not edit by hand. Instructions per call of a
user function \`observed(\$x)\` in a loop, counted by callgrind over a whole php process minus the
same process with an empty loop ($n calls). The observer counts begins and ends of \`observed\` only
(its filter decides once); *C* is written by hand against the engine's API
([bench/observer_c.c](../bench/observer_c.c)), *phpbind* is the same with
\`module::observe_calls\` ([bench/observer.cpp](../bench/observer.cpp)). PHP $("$php" -n -r 'echo PHP_VERSION;'), CLI.

| observer | instructions per call | added by the observer |
|---|---|---|
| none | ${per[none]} | |
| C | ${per[c]} | ${over_c} |
| phpbind | ${per[phpbind]} | ${over_p} |

phpbind / C per observed call: ${ratio}× (target 1.10×: ${verdict}); of what the observer adds
alone: ${ratio_added}×.
DOC
echo "observer.sh: wrote $doc" >&2
cat "$doc"
