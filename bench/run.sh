#!/usr/bin/env bash
# bench/run.sh — measures phpbind's per-call overhead against the hand-written
# C baseline and writes the results to docs/performance.md.
#
#   bench/run.sh <build-dir>        (what `make bench` runs)
#
# For every case listed by bench.php and for both extensions (phpbind alone
# for a case with no C twin) it measures:
#   - instructions per call: total Ir of the whole PHP process under callgrind
#     with the call loop, minus the same with the empty loop, divided by N;
#   - wall clock: ns per call (call loop minus empty loop, timed inside PHP),
#     the median of several runs, one process each, the extensions interleaved.
# Ratios are phpbind / C. A case's loop counts are the ones below divided by
# its weight in bench.php. A missed target is reported, never an error; so is
# a case whose function or class one extension does not define (yet): that
# extension is skipped for it and the case is reported as not measured.
#
# Environment:
#   PHP            the php binary (default: PHP_EXECUTABLE from the build's
#                  CMakeCache.txt, else `php` on PATH)
#   BENCH_N_IR     iterations under callgrind, weight 1      (default 200000)
#   BENCH_N_TIME   iterations per wall-clock run, weight 1   (default 5000000)
#   BENCH_RUNS     wall-clock runs; the median is kept (default 5)
#   BENCH_DOC      the report to write (default docs/performance.md in the
#                  source tree; "none" to skip writing it)
set -euo pipefail

die() { echo "run.sh: $*" >&2; exit 2; }

[[ $# -eq 1 ]] || die "usage: run.sh <build-dir>"
[[ -d $1 ]] || die "no such build directory: $1"
build_dir=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
bench_php="$here/bench.php"
n_ir=${BENCH_N_IR:-200000}
n_time=${BENCH_N_TIME:-5000000}
runs=${BENCH_RUNS:-5}
doc=${BENCH_DOC:-$root/docs/performance.md}

cache_value() {  # cache_value VAR: a value from the build's CMakeCache.txt, or nothing
    sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt" 2>/dev/null | head -n1
}

php=${PHP:-$(cache_value PHP_EXECUTABLE)}
php=${php:-php}
command -v "$php" >/dev/null || die "php not found: $php"

# The extensions compared: the C baseline, then phpbind (the table's order).
ext_files=("$build_dir/bench/phpbind_bench_c.so" "$build_dir/bench/phpbind_bench.so")
for f in "${ext_files[@]}"; do
    [[ -f $f ]] || die "$f is missing; build the phpbind_bench_c and phpbind_bench targets first"
done

have_valgrind=1
if ! command -v valgrind >/dev/null; then
    have_valgrind=0
    echo "run.sh: valgrind not found; instruction counts are skipped" >&2
fi

profiles="$build_dir/bench/callgrind"
mkdir -p "$profiles"

# php_run EXT ARGS...: bench.php with only EXT loaded (no ini files, so no opcache).
php_run() {
    local ext=$1
    shift
    "$php" -n -d "extension=$ext" "$bench_php" "$@"
}

# Callgrind counts a `rep stos`/`rep movs` byte by byte; keep glibc's memset
# and memcpy on their vector loops at every size (see the report's notes).
glibc_tunables="glibc.cpu.x86_rep_stosb_threshold=4294967295:glibc.cpu.x86_rep_movsb_threshold=4294967295"

# ir_total EXT NAME MODE N: total instructions executed by one process.
ir_total() {
    local ext=$1 name=$2 mode=$3 n=$4 out
    out="$profiles/$name.$(basename "$ext" .so).$mode.out"
    GLIBC_TUNABLES=$glibc_tunables valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$php" -n -d "extension=$ext" "$bench_php" ir "$name" "$mode" "$n" \
        >/dev/null 2>"$out.log" || { cat "$out.log" >&2; die "callgrind run failed ($name, $mode)"; }
    local total
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$out" | head -n1)
    [[ -n $total ]] || total=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out" | head -n1)
    [[ -n $total ]] || die "no instruction total in $out"
    echo "$total"
}

# Instructions a profile spent in the fatal-error guard's out-of-line part: phpbind's
# zend_try wrappers (src/edge.cpp, repeat_bailed) and the setjmp they make.
guard_total() {
    callgrind_annotate --threshold=100 "$1" 2>/dev/null |
        awk '/call_function_bailed|call_known_bailed|run_guarded|repeat_bailed|:_setjmp |:__sigsetjmp |:__sigjmp_save / {
                 gsub(",", "", $1); s += $1 } END { print s + 0 }'
}

calc() { awk "BEGIN { $1 }" </dev/null; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
fmt_ratio() { if [[ $1 == n/a || $1 == — ]]; then echo "$1"; else echo "$1×"; fi; }
fmt_ns() { if [[ $1 == — ]]; then echo "$1"; else calc "printf \"%.2f\", $1"; fi; }

# ---- measure ------------------------------------------------------------------
# One line per case: name, target, weight, function, input (see bench.php).
mapfile -t cases < <("$php" -n "$bench_php" list)
[[ ${#cases[@]} -gt 0 ]] || die "bench.php lists no cases"

is_ratio() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]]; }

# Per case, indexed like `cases`.
c_names=() c_funcs=() c_inputs=() c_targets=() c_n_ir=() c_n_time=()
c_instr=() p_instr=() c_ns=() p_ns=()
p_guard=()   # phpbind's instructions per call in the guard around a call into PHP
absent_notes=()   # one line per extension skipped for a case
spread=()    # every wall-clock run, ns per call
for line in "${cases[@]}"; do
    IFS=$'\t' read -r name target weight func input <<<"$line"
    [[ $weight =~ ^[1-9][0-9]*$ ]] || die "case $name: bad weight '$weight'"
    echo "  $name" >&2
    n_ir_case=$(( n_ir / weight > 0 ? n_ir / weight : 1 ))
    n_time_case=$(( n_time / weight > 0 ? n_time / weight : 1 ))
    # A case whose target is not a ratio has no C twin: phpbind alone is measured.
    if [[ $target == - ]] || is_ratio "$target"; then
        exts=("${ext_files[@]}")
    else
        exts=("${ext_files[1]}")
    fi
    # An extension that does not define the case's function or method is not
    # measured for it: its cells read "—" and the case is "not measured".
    present=()
    for i in "${!exts[@]}"; do
        rc=0
        php_run "${exts[$i]}" has "$name" || rc=$?
        if ((rc == 0)); then
            present+=("$i")
        elif ((rc != 1)); then
            die "could not check $(basename "${exts[$i]}") for $func (case $name)"
        else
            note="$(basename "${exts[$i]}" .so) does not define $func"
            echo "    skipped: $note" >&2
            absent_notes+=("  skipped $name: $note")
        fi
    done
    instr=() ns=() samples=() guard=0
    for i in "${!exts[@]}"; do instr[i]="—" ns[i]="—" samples[i]="— "; done
    for i in "${present[@]}"; do
        if ((have_valgrind)); then
            with=$(ir_total "${exts[$i]}" "$name" call "$n_ir_case")
            without=$(ir_total "${exts[$i]}" "$name" empty "$n_ir_case")
            instr[i]=$(calc "printf \"%.1f\", ($with - $without) / $n_ir_case")
            if ((i == ${#exts[@]} - 1)); then
                p=$profiles/$name.$(basename "${exts[$i]}" .so)
                guard=$(calc "printf \"%.0f\", ($(guard_total "$p.call.out") - $(guard_total "$p.empty.out")) / $n_ir_case")
            fi
        else
            instr[i]="n/a"
        fi
    done
    # Wall clock: one process per run, the extensions interleaved so that both
    # see the same machine conditions; the median run is kept.
    if ((${#present[@]} > 0)); then
        for i in "${present[@]}"; do samples[i]=''; done
        for ((r = 0; r < runs; r++)); do
            for i in "${present[@]}"; do
                samples[i]+="$(php_run "${exts[$i]}" time "$name" "$n_time_case") "
            done
        done
        for i in "${present[@]}"; do
            ns[i]=$(median ${samples[$i]})
        done
    fi
    if ((${#exts[@]} == 2)); then
        spread+=("  $name: C ${samples[0]}/ phpbind ${samples[1]}")
        c_instr+=("${instr[0]}") p_instr+=("${instr[1]}") c_ns+=("${ns[0]}") p_ns+=("${ns[1]}")
    else
        spread+=("  $name: phpbind ${samples[0]}")
        c_instr+=("—") p_instr+=("${instr[0]}") c_ns+=("—") p_ns+=("${ns[0]}")
    fi
    c_names+=("$name") c_funcs+=("$func") c_inputs+=("$input") c_targets+=("$target")
    c_n_ir+=("$n_ir_case") c_n_time+=("$n_time_case") p_guard+=("$guard")
done

# ---- judge ----------------------------------------------------------------------
# A ratio target is met when phpbind / C instructions stay under it. A "same
# cost" target (phpbind-only cases sharing one target text) is met when all its
# cases cost the same instructions per call, within same_tolerance_pct percent
# of the cheapest.
same_tolerance_pct=2
rows=()      # "function|input|C instr|phpbind instr|ratio|target|status|C ns|phpbind ns|ratio"
verdicts=()
missed=0
declare -A group_status=() group_verdict=()
for i in "${!c_names[@]}"; do
    target=${c_targets[$i]}
    if [[ $target == - ]] || is_ratio "$target" || [[ -n ${group_status[$target]:-} ]]; then
        continue
    fi
    lo='' hi='' members=''
    for j in "${!c_names[@]}"; do
        [[ ${c_targets[$j]} == "$target" ]] || continue
        v=${p_instr[$j]}
        members+="${members:+, }${c_names[$j]} $v"
        if [[ $v == n/a || $v == — ]]; then
            lo=n/a
            break
        fi
        if [[ -z $lo ]] || (($(calc "print ($v < $lo)"))); then lo=$v; fi
        if [[ -z $hi ]] || (($(calc "print ($v > $hi)"))); then hi=$v; fi
    done
    if [[ $lo == n/a ]]; then
        group_status[$target]="not measured"
    elif (($(calc "print ($hi <= $lo * (1 + $same_tolerance_pct / 100))"))); then
        group_status[$target]="met"
        group_verdict[$target]="  met     $target: $members instr/call"
    else
        group_status[$target]="**missed**"
        group_verdict[$target]="  MISSED  $target: $members instr/call"
        missed=$((missed + 1))
    fi
done
for i in "${!c_names[@]}"; do
    name=${c_names[$i]} target=${c_targets[$i]}
    ci=${c_instr[$i]} pi=${p_instr[$i]} cn=${c_ns[$i]} pn=${p_ns[$i]}
    if [[ $target != - ]] && ! is_ratio "$target"; then
        # phpbind only: no C column, no ratio; the group's verdict comes with its first row.
        if [[ -n ${group_verdict[$target]:-} ]]; then
            verdicts+=("${group_verdict[$target]}")
            group_verdict[$target]=''
        fi
        rows+=("${c_funcs[$i]}|${c_inputs[$i]}|—|$pi|—|$target|${group_status[$target]}|—|$(fmt_ns "$pn")|—")
        continue
    fi
    if [[ $ci == — || $pi == — ]]; then
        ir_ratio=— ns_ratio=—
    elif [[ $ci == n/a ]]; then
        ir_ratio=n/a
    else
        ir_ratio=$(calc "printf \"%.2f\", $pi / $ci")
    fi
    if [[ $ir_ratio != — ]]; then
        ns_ratio=$(calc "b = $cn; printf (b > 0 ? \"%.2f\" : \"n/a\"), $pn / (b > 0 ? b : 1)")
    fi

    if [[ $ir_ratio == — ]]; then
        target_text=$([[ $target == - ]] && echo "—" || echo "≤ ${target}×")
        status="not measured"
    elif [[ $target == - ]]; then
        target_text="—"
        status="—"
    elif [[ $ir_ratio == n/a ]]; then
        target_text="≤ ${target}×"
        status="not measured"
    elif [[ $(calc "print ($pi / $ci <= $target)") == 1 ]]; then  # unrounded: 1.152 misses 1.15
        target_text="≤ ${target}×"
        status="met"
        verdicts+=("  met     $name: ${ir_ratio}× ≤ ${target}×")
    else
        target_text="≤ ${target}×"
        status="**missed**"
        verdicts+=("  MISSED  $name: $(calc "printf \"%.3f\", $pi / $ci")× > ${target}×")
        missed=$((missed + 1))
    fi
    # A case calling back into PHP: what its guard costs, out of its phpbind instructions.
    if [[ ${p_guard[$i]} =~ ^[1-9][0-9]*$ ]]; then
        target_text+=" incl. the guard (${p_guard[$i]} instr)"
    fi
    rows+=("${c_funcs[$i]}|${c_inputs[$i]}|$ci|$pi|$(fmt_ratio "$ir_ratio")|$target_text|$status|$(fmt_ns "$cn")|$(fmt_ns "$pn")|$(fmt_ratio "$ns_ratio")")
done

# Iteration counts, grouped by case: "add, strlen2: 200000 / 5000000; ..."
iterations=''
declare -A seen_n=()
for i in "${!c_names[@]}"; do
    key="${c_n_ir[$i]} / ${c_n_time[$i]}"
    [[ -n ${seen_n[$key]:-} ]] && continue
    seen_n[$key]=1
    names=''
    for j in "${!c_names[@]}"; do
        [[ "${c_n_ir[$j]} / ${c_n_time[$j]}" == "$key" ]] && names+="${names:+, }${c_names[$j]}"
    done
    iterations+="${iterations:+; }$names: $key"
done

# ---- report -------------------------------------------------------------------
header="function|input|C instr/call|phpbind instr/call|ratio|target|status|C ns/call|phpbind ns/call|ratio"

# A Markdown table, padded so it also reads well as plain text: text columns
# left-aligned, numbers right-aligned. Widths count characters, not bytes (the
# table holds a few non-ASCII symbols).
align="llrrrllrrr"
table() {
    printf '%s\n' "$header" "${rows[@]}" | LC_ALL=C awk -F'|' -v align="$align" '
        function width(s,   t) { t = s; gsub(/[\200-\277]/, "", t); return length(t) }
        function pad(s, w,   n) { n = w - width(s); while (n-- > 0) s = s " "; return s }
        { n = NR; for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (width($i) > w[i]) w[i] = width($i) }
          if (NF > nf) nf = NF }
        END {
            for (r = 1; r <= n; r++) {
                line = "|"
                for (i = 1; i <= nf; i++) {
                    c = cell[r, i]
                    left = substr(align, i, 1) == "l"
                    line = line " " (left ? pad(c, w[i]) : sprintf("%" (w[i] + length(c) - width(c)) "s", c)) " |"
                }
                print line
                if (r == 1) {
                    line = "|"
                    for (i = 1; i <= nf; i++) {
                        d = ""; for (k = 0; k < w[i]; k++) d = d "-"
                        line = line (substr(align, i, 1) == "l" ? " " d " |" : " " substr(d, 2) ": |")
                    }
                    print line
                }
            }
        }'
}

php_version=$("$php" -n -r 'echo PHP_VERSION, PHP_ZTS ? " ZTS" : " NTS";')
date_utc=$(date -u +%Y-%m-%d)
build_type=$(cache_value CMAKE_BUILD_TYPE)
cxx=$(cache_value CMAKE_CXX_COMPILER)
cxx_version=$([[ -n $cxx ]] && "$cxx" --version 2>/dev/null | head -n1 || true)
cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n1 || true)

echo
table
echo
echo "Targets (instructions per call):"
if [[ ${#verdicts[@]} -gt 0 ]]; then printf '%s\n' "${verdicts[@]}"; else echo "  none measured"; fi
if [[ ${#absent_notes[@]} -gt 0 ]]; then printf '%s\n' "${absent_notes[@]}"; fi
echo "Wall-clock runs (ns per call):"
printf '%s\n' "${spread[@]}"
echo "PHP $php_version, ${build_type:-default} build; median of $runs wall-clock runs."
echo "Iterations (callgrind / wall clock): $iterations"
echo "Callgrind profiles: $profiles"

if [[ $doc != none ]]; then
    mkdir -p "$(dirname "$doc")"
    {
        cat <<EOF
# Performance

How much a call into a phpbind-bound function costs compared with the same
function written by hand in C against the Zend API, from a trivial call to
ones that read, build or call back into PHP. The C baseline
(\`bench/baseline.c\`) uses the fast ZPP macros, full typed arg info and the
engine's own iteration and fill macros, as a careful extension author would;
the phpbind side (\`bench/phpbind_bench.cpp\`) is plain C++ with phpbind's
types (\`php::ArrayView\`, \`std::vector\`, \`php::CallableView\`, ...) bound
with \`m.def<&fn>\` and \`m.class_<T>\`, no engine API. Both expose identical
PHP signatures (and the same final classes \`Counter\`, with an \`int\`
property \`\$n\`, and \`Bag\`, the latter Countable and ArrayAccess through
native handlers on both sides);
\`sum_vec\` is the C \`sum\` handler under a second name, so its ratio is the
cost of phpbind's \`std::vector<int64_t>\` conversion. Each case calls the
function N times in a PHP loop (the input column says what it is given), and
runs the same loop with the same setup but an empty body; the difference,
divided by N, is the cost of one call as PHP code sees it (the engine's call
opcodes plus the handler). Instruction counts from callgrind are the stable
measure: they are exact and repeatable, independent of machine load. Wall
clock is a second view (the median of $runs runs, timed with \`hrtime()\`
inside PHP) and is noisier at this scale. Ratios are phpbind / C, with the C
baseline measured in the same run; the target applies to the instruction
ratio. Targets are reported, not enforced.

EOF
        table
        if [[ ${#absent_notes[@]} -gt 0 ]]; then
            cat <<EOF

A row marked *not measured* names a function or class that one of the two
extensions does not define yet; that extension is skipped for it.
EOF
        fi
        cat <<EOF

\`fetch_detached\` has no C twin. It returns a \`php::Persistent\`: an array
that \`store_detached()\` deep-copied once with \`php::Persistent::detach\`
into persistent memory and keeps for the life of the process, shared by every
request. Handing it to PHP copies nothing (PHP receives the immutable array
itself, as with an opcache literal), so a fetch costs the same for a
10-element array as for a 100,000-element one: its target is that the two
rows' instruction counts agree within ${same_tolerance_pct}% (their wall-clock figures, a few
tens of nanoseconds, move with machine load). For scale, APCu's fastest fetch
of a 100,000-int array takes about 4 ms, because APCu copies the array out of
shared memory on every fetch.

\`Counter->n\` reads the property \`\$n\` (the count, 1 here). The C class
declares it, \`public int \$n = 0\`, and keeps its count in that slot (its
\`inc()\` increments the slot in place): the engine reads a declared property
inline, through the slot offset it caches in the opline's cache slot, with no
handler call. phpbind's \`\$n\` is native-backed
(\`.property<&Counter::n>("n")\`): the count stays in the C++ object, and a
read goes through the class's \`read_property\` handler. For an \`int\` data
member the handler caches the member's offset in the opline's cache slot and
reads it in place (about a dozen instructions); other properties call their
getter. The difference between the two is that handler call.

Every phpbind handler runs through the guarded edge (docs/errors.md, *The one
edge*): after the body, one compare of a byte with zero and one branch, two
instructions per call (\`Counter::inc\` and \`Bag[]\` show them against the
build before the edge). A function whose parameters are all required scalars,
strings or \`mixed\` values (\`add\`, \`strlen2\`) reads a call passing every
argument in its exact type with one type test each, on a path that needs no
stack frame of its own; a call that needs coercion has its arguments coerced in
place and runs the same way (docs/casters.md, \`quick_try_load\`). The
\`count()\` handler of an object of the bound class itself needs no stack frame
either: only the handler table of constructed objects has it (an object whose
C++ object does not exist yet has a copy of the table with the general
handler), so for a final class it tests nothing before the call, and for
another only that a PHP subclass did not make the object.
\`\$obj[\$int]\` with an integer key is read in place, and every other offset
and read mode out of line; a C++ exception from the read leaves by a path that
needs nothing of the handler's frame, so the compiler saves no register on
entry for it. A call back into PHP (\`call_back\`) also passes the
guard that turns a fatal error in the callee into C++ unwinding: a check that
PHP code may run now (inline, 8 instructions), and a \`zend_try\` (one
\`setjmp\`, 28 instructions in glibc) around \`zend_call_function\`; the
target column shows that out-of-line part, measured in the same profile (the
instructions of phpbind's \`zend_try\` wrapper and of the \`setjmp\` it makes).
The callable argument is validated inline with \`zend_is_callable_ex()\`, as
ZPP's \`Z_PARAM_FUNC\` does, and an int, float, bool or null argument needs no
release after the call.

\`sum\` walks the array with \`php::ArrayView\`'s iterator. One type test per
element tells a live value that is neither INDIRECT nor a PHP reference (the
common case) from the others, which a slower step resolves, so the loop body
gets each value dereferenced without testing it again; the C baseline's
\`ZEND_HASH_FOREACH_VAL\` with \`ZVAL_DEREF\` tests for a hole and for a
reference separately. \`sum_vec\` pays for the \`std::vector\` it asks for,
built before the function runs: sized once, then every value copied in one
unrolled pass with the element types folded into a single test at the end
(a reference, an int for a float vector or a bad element sends the whole
list down the element-by-element path), about 4 instructions per element;
summing the vector then costs less than walking the table.

\`make_list\` returns a \`std::vector<int64_t>\` sized once and filled with
\`std::iota\`. Its conversion to a PHP array is one unrolled pass of stores
into the packed fill's slots, under 4 instructions per element against the
C baseline's 6; the rest of the difference is the vector itself, which the C
baseline never builds: zeroing it, the function's own \`std::iota\` loop
(4 instructions per element at \`-O2\`) and freeing it. \`make_list_push\` builds the
same vector with \`push_back\` after \`reserve\`, the other common way:
each \`push_back\` checks the capacity, 4 to 5 instructions per element more than
the sized vector.
\`make_list_view\` returns the list as a range view
(\`std::views::iota(0, n)\`), which phpbind writes straight into the PHP
array: that is the way to return a generated sequence at C speed.

\`make_rows\` and \`sum_rows\` are nested results as a decoder builds them and
a caller reads them back: 1,000 rows of \`['id' => int, 'name' => string,
'score' => int]\`. The C side builds each row with \`add_assoc_long_ex\` and
\`add_assoc_stringl_ex\` (what extensions use for it) and appends it with
\`add_next_index_zval\`; phpbind's with \`php::Array::set(key, value)\` and
\`push_back\`. A key that cannot be numeric (its first byte past \`'9'\`) is
added inline with one hash and one probe, as \`zend_hash_str_update\` adds it,
and a new key's empty slot is not released through the edge. The reading side
walks the rows with \`php::ArrayView\` and looks each key up with \`find\`,
against \`ZEND_HASH_FOREACH_VAL\` and \`zend_hash_str_find_deref\`.

Callgrind counts each iteration of a \`rep stos\`/\`rep movs\` string
instruction as one instruction, one byte at a time, while the CPU runs it as
one instruction moving whole cache lines; glibc switches \`memset\` and
\`memcpy\` to those instructions above 2 KiB. The callgrind runs therefore
set \`GLIBC_TUNABLES=$glibc_tunables\`, which keeps glibc on its vector loops
(32 bytes per store) at every size, so a zeroed 8 KB vector counts what it
costs rather than 8,000 instructions.

- Date: $date_utc
- PHP: $php_version CLI, run with \`php -n\` (no ini files, no opcache)
- Build: ${build_type:-default}${cxx_version:+, $cxx_version}
${cpu:+- CPU (wall clock only): $cpu
}- Iterations (callgrind / wall clock), fewer for the costlier cases: $iterations
- Command: \`make bench\` in the build directory (any generator:
  \`cmake --build <build-dir> --target bench\`), which runs \`bench/run.sh <build-dir>\`

Adding a case is one line in the \`CASES\` table of \`bench/bench.php\` (plus
the function in both extensions, or in phpbind's alone for a case with no C
twin). The callgrind profiles of the last run are kept in the build directory
under \`bench/callgrind/\`, one per case, extension and loop, for
\`callgrind_annotate\`.
EOF
    } >"$doc"
    echo "Wrote $doc"
fi

if ((missed)); then
    echo "$missed target(s) missed (reported only; not a failure)."
fi
exit 0
