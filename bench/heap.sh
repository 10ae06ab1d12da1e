#!/usr/bin/env bash
# bench/heap.sh — the persistent heap's fetch cost against APCu and against
# building the value again in PHP, in one run; writes docs/heap-performance.md.
#
#   bench/heap.sh <build-dir>        (`make bench` runs it after bench/run.sh)
#
# Instructions per fetch: callgrind's total for the whole php process with the
# fetch loop, minus the same process with the empty loop (bench/heap.php),
# divided by the loop count. APCu (Debian's php8.2-apcu) runs with its default
# serializer. Missed targets are reported, never an error.
set -euo pipefail
die() { echo "heap.sh: $*" >&2; exit 2; }
[[ $# -eq 1 && -d $1 ]] || die "usage: heap.sh <build-dir>"
build_dir=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
doc=${BENCH_HEAP_DOC:-$root/docs/heap-performance.md}
php=$(sed -n 's/^PHP_EXECUTABLE:[A-Z]*=//p' "$build_dir/CMakeCache.txt" | head -n1)
php=${php:-php}
resident="$build_dir/examples/resident.so"
[[ -f $resident ]] || die "$resident is missing: build the resident target first"
apcu=$("$php" -n -r 'echo ini_get("extension_dir");')/apcu.so
[[ -f $apcu ]] || die "APCu is not installed ($apcu; Debian: apt-get install php8.2-apcu)"
out="$build_dir/bench/heap"
mkdir -p "$out"
tunables="glibc.cpu.x86_rep_stosb_threshold=4294967295:glibc.cpu.x86_rep_movsb_threshold=4294967295"

ir() {  # ir STORE CASE MODE N: instructions of one process
    local f="$out/$1.$2.$3.out"
    GLIBC_TUNABLES=$tunables valgrind --tool=callgrind --callgrind-out-file="$f" \
        "$php" -n -d "extension=$resident" -d "extension=$apcu" -d apc.enable_cli=1 -d apc.shm_size=256M \
        -d memory_limit=1G "$here/heap.php" "$1" "$2" "$3" "$4" >/dev/null 2>"$f.log" ||
        { cat "$f.log" >&2; die "run failed: $*"; }
    sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$f" | head -n1
}
per_fetch() {  # per_fetch STORE CASE N
    local with without
    with=$(ir "$1" "$2" loop "$3")
    without=$(ir "$1" "$2" empty "$3")
    awk "BEGIN { printf \"%.0f\", ($with - $without) / $3 }"
}
loops() {  # loops STORE CASE: how many fetches to measure
    case "$1/$2" in
    resident/objects1000) echo 40 ;;
    resident/*) echo 20000 ;;
    */ints10) echo 20000 ;;
    */ints10000) echo 200 ;;
    *) echo 20 ;;
    esac
}
declare -A cost
cases=(ints10 ints10000 ints100000 objects1000 objects1000-again)
for c in "${cases[@]}"; do
    for s in resident apcu rebuild; do
        echo "  $s $c" >&2
        cost[$s/$c]=$(per_fetch "$s" "$c" "$(loops "$s" "$c")")
    done
done

label() {
    case $1 in
    ints10) echo "10-int array" ;; ints10000) echo "10,000-int array" ;; ints100000) echo "100,000-int array" ;;
    objects1000) echo "1,000-object graph, first fetch in a request" ;;
    objects1000-again) echo "1,000-object graph, later fetches in the request" ;;
    esac
}
fmt() { printf '%s' "$1" | rev | sed -E 's/([0-9]{3})/\1,/g; s/,$//' | rev; }
ratio() { awk "BEGIN { r = $1 / ($2 > 0 ? $2 : 1); printf (r >= 100 ? \"%.0f\" : \"%.1f\"), r }"; }
rows=""
for c in "${cases[@]}"; do
    r=${cost[resident/$c]} a=${cost[apcu/$c]} b=${cost[rebuild/$c]}
    rows+="| $(label "$c") | $(fmt "$r") | $(fmt "$a") | $(fmt "$b") | $(ratio "$a" "$r")× | $(ratio "$b" "$r")× |"$'\n'
done
verdict() { if awk "BEGIN { exit !($1) }"; then echo "met"; else echo "**missed**"; fi; }
small=${cost[resident/ints10]} big=${cost[resident/ints100000]}
flat=$(awk "BEGIN { printf \"%.1f\", ($big > $small ? $big / $small - 1 : $small / $big - 1) * 100 }")
speedup=$(ratio "${cost[apcu/ints100000]}" "$big")
per_object=$(awk "BEGIN { printf \"%.0f\", ${cost[resident/objects1000]} / 1000 }")
again=${cost[resident/objects1000-again]}
t1=$(verdict "$flat <= 5")
t2=$(verdict "$speedup >= 1000")
t3=$(verdict "$again <= $small * 1.10")

cat >"$doc" <<DOC
# The persistent heap: fetch cost

Written by \`make bench\` (\`bench/heap.sh\`); do not edit by hand. Instructions per fetch, counted by
callgrind over a whole php process and its fetch loop minus the same process with an empty loop
(\`bench/heap.php\`). *phpbind heap* is \`Resident\\Heap::get()\` ([examples/resident](../examples/resident)),
*APCu* is \`apcu_fetch()\` of Debian's php8.2-apcu (default serializer), *rebuild* builds the value
again in PHP (\`range()\`, or \`new\` for each object). PHP $("$php" -n -r 'echo PHP_VERSION;'), one CLI process.

| value | phpbind heap | APCu | rebuild in PHP | APCu / heap | rebuild / heap |
|---|---|---|---|---|---|
${rows}
| target | measured | |
|---|---|---|
| fetch cost independent of size: 10 vs 100,000 elements within 5% | ${flat}% apart | $t1 |
| at least 1,000× fewer instructions than APCu at 100,000 elements | ${speedup}× | $t2 |
| an object graph costs O(objects) on its first fetch in a request, O(1) after (within 10% of a data fetch) | ${per_object} instructions per object, then $(fmt "$again") | $t3 |

A first fetch in a request verifies every class of the graph and builds its objects; each later
fetch of the key in the request returns them. Data is never copied: every fetch of an array
returns the stored immutable array itself.
DOC
echo "heap benchmark written to $doc" >&2
grep -E "^\| (fetch|at least|an object)" "$doc" >&2
