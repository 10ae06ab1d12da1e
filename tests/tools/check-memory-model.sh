#!/usr/bin/env bash
# tests/tools/check-memory-model.sh — the registration memory model, checked
# with valgrind (docs/memory-model.md).
#
#   check-memory-model.sh <php> <extension.so> <second-extension.so>
#
# Runs `php -n -d extension=... -r '<script>'` under memcheck with every leak
# kind shown, with both extensions loaded and used, twice: as php normally
# runs (extensions unloaded at shutdown) and with ZEND_DONT_UNLOAD_MODULES=1
# (kept mapped until exit). Each run must report zero bytes definitely,
# indirectly and possibly lost and no memory error, and no still-reachable
# block may have been allocated by phpbind or the extensions: every one must
# also appear, with the same allocation stack, in a run of bare php, or come
# from the dynamic loader keeping the extension mapped (or libc's table of
# exit handlers).
set -euo pipefail
php=$1 ext=$2 second=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Uses both modules: functions, classes, constants, a by-name call; and the
# persistent heap, left holding data, a cyclic object graph and a bound C++
# object at shutdown (freed with the heap when the extension goes).
script='
$c = new PhpBind\Counter(1); $c->inc();
$p = new PhpBind\Point(3, 4); $p->x = 1.5; var_dump($p->length > 0);
var_dump(pb_shape_area(new PhpBind\Square(2)), count(get_extension_funcs("phpbind_test")) > 10);
var_dump(second_hello("the memory model"));
class MmNode { public array $kids = []; public ?MmNode $up = null; }
$n = new MmNode; $n->kids[] = new MmNode; $n->kids[0]->up = $n;
pb_heap_put("data", ["list" => range(1, 50), "text" => "kept"]);
pb_heap_put("graph", [$n, new PhpBind\Heap\Sample("kept", [1.5])]);
pb_heap_put("gone", [1, 2]);
pb_heap_remove("gone");
var_dump(pb_heap_get("graph")[0]->kids[0]->up instanceof MmNode, pb_heap_stats()["keys"]);
unset($n); gc_collect_cycles();
'

# records FILE: one line per still-reachable record: its allocation stack
# (function names only, addresses dropped).
records() {
    awk '
        /are still reachable in loss record/ { inrec = 1; stack = ""; next }
        inrec && /(at|by) 0x[0-9A-Fa-f]+:/ {
            line = $0; sub(/.*(at|by) 0x[0-9A-Fa-f]+: /, "", line); sub(/ \(.*/, "", line)
            stack = stack (stack == "" ? "" : " <- ") line; next
        }
        inrec { if (stack != "") print stack; inrec = 0 }
    ' "$1" | sort
}

run() {  # run NAME ARGS...: memcheck output in $work/NAME.log
    local name=$1
    shift
    USE_ZEND_ALLOC=0 valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=definite,indirect,possible \
        --num-callers=30 --log-file="$work/$name.log" "$php" -n "${extra[@]}" "$@" >"$work/$name.out" 2>&1 || true
}

# More php options for both runs (PHPBIND_TEST_PHP_ARGS: opcache in the test matrix).
read -r -a extra <<<"${PHPBIND_TEST_PHP_ARGS:-}"
status=0
for mode in unload keep; do
    if [[ $mode == keep ]]; then export ZEND_DONT_UNLOAD_MODULES=1; else unset ZEND_DONT_UNLOAD_MODULES; fi
    run "bare-$mode" -r ''
    run "ext-$mode" -d "extension=$ext" -d "extension=$second" -r "$script"
    log=$work/ext-$mode.log
    for kind in "definitely lost" "indirectly lost" "possibly lost"; do
        line=$(grep -E "$kind: " "$log" || echo "$kind: 0 bytes in 0 blocks")
        if ! grep -qE "$kind: 0 bytes in 0 blocks" <<<"$line"; then
            echo "[$mode] $(sed 's/^==[0-9]*== *//' <<<"$line")"
            status=1
        fi
    done
    if ! grep -q "ERROR SUMMARY: 0 errors" "$log"; then
        echo "[$mode] memcheck errors:"; grep -E "Invalid|uninitialised|ERROR SUMMARY" "$log" | head -20
        status=1
    fi
    if grep -qE "^(Fatal|Warning)|PHP (Fatal|Warning)" "$work/ext-$mode.out"; then
        echo "[$mode] the script failed:"; cat "$work/ext-$mode.out"
        status=1
    fi
    records "$work/bare-$mode.log" >"$work/bare-$mode.rec"
    records "$log" >"$work/ext-$mode.rec"
    # Still-reachable records only the run with the extensions has.
    comm -13 "$work/bare-$mode.rec" "$work/ext-$mode.rec" >"$work/extra-$mode.rec"
    # Allowed: the dynamic loader's records of a mapped library (its table of
    # unique symbols included), the thread-local storage it gives a loaded
    # library's thread_local variables (ZTS), libc's own table of exit
    # handlers (a block is added once a process has registered 32 of them,
    # static destructors included), and libstdc++'s emergency exception
    # buffer, allocated by its initializer when the extensions load it into a
    # php that does not link it itself (a minimal engine): unsymbolized, right
    # under the loader's call_init (phpbind's own code has symbols here).
    if grep -vE "^malloc <- malloc <- (strdup <- )?_dl_|^calloc <- calloc <- _dl_|^calloc <- calloc <- do_lookup_unique <- do_lookup_x <- _dl_|^malloc <- malloc <- add_to_global|^calloc <- __new_exitfn <- |^malloc <- malloc <- allocate_dtv_entry <- allocate_and_init <- tls_get_addr_tail <- __tls_get_addr <- |^malloc <- malloc <- (\(anonymous namespace\)::)?pool::pool.* <- _GLOBAL__sub_I_eh_alloc\.cc|^malloc <- \?\?\? <- call_init <- call_init <- _dl_init <- " \
        "$work/extra-$mode.rec" >"$work/unexplained-$mode.rec"; then
        echo "[$mode] still-reachable blocks not explained by php or the dynamic loader:"
        cat "$work/unexplained-$mode.rec"
        status=1
    fi
    # (No line at all when nothing is still reachable.)
    summary=$(grep -E "still reachable:" "$log" | sed 's/^==[0-9]*== *//' || true)
    bare=$(grep -E "still reachable:" "$work/bare-$mode.log" | sed 's/^==[0-9]*== *//' || true)
    : "${summary:=still reachable: 0 bytes in 0 blocks}" "${bare:=still reachable: 0 bytes in 0 blocks}"
    echo "[$mode] zero lost; $summary (bare php: ${bare#still reachable: }); $(wc -l <"$work/extra-$mode.rec") extra record(s), all explained"
done
cat "$work/ext-unload.out"
exit $status
