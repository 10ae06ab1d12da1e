#!/usr/bin/env bash
# tests/tools/check-format.sh — the C++ sources are laid out as .clang-format says.
#
#   check-format.sh <source-dir> <clang-format>
#
# Fails naming each file clang-format would change (fix: clang-format -i <file>).
# The C baseline of the benchmarks keeps php-src's own layout.
set -euo pipefail
src=$1 fmt=$2
cd "$src"
mapfile -t files < <(find include src tests examples bench cmake -name '*.cpp' -o -name '*.hpp' | sort)
[ ${#files[@]} -gt 50 ] || { echo "check-format.sh: only ${#files[@]} files found under $src" >&2; exit 1; }
bad=0
for f in "${files[@]}"; do
  if ! "$fmt" --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f"
    bad=1
  fi
done
[ $bad -eq 0 ] && echo "${#files[@]} files formatted"
exit $bad
