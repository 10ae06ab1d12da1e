#!/usr/bin/env bash
# tools/native-ds.sh — puts Debian's ext-ds 1.4.0 (php8.2-ds) at <dir>/ds.so,
# the original examples/ds is compared with. It is unpacked, not installed:
# installing it would load it into every php run of the suite, and the
# differential tests load one of the two extensions per process.
#
#   tools/native-ds.sh <dir>
set -euo pipefail
mkdir -p "$1"
dir=$(cd "$1" && pwd)   # absolute: the work below runs in a temporary directory
want=1.4.0
php=${PHP:-php}
if [ -f "$dir/ds.so" ] && [ "$("$php" -n -d "extension=$dir/ds.so" -r 'echo phpversion("ds");' 2>/dev/null)" = "$want" ]; then
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
if ! apt-get download php8.2-ds >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update >/dev/null
    apt-get download php8.2-ds >/dev/null
  else
    echo "native-ds: cannot download php8.2-ds (run apt-get update as root first)" >&2
    exit 1
  fi
fi
dpkg-deb -x php8.2-ds_*.deb root
so=$(find root -name ds.so | head -n 1)
[ -n "$so" ] || { echo "native-ds: no ds.so in the package" >&2; exit 1; }
got=$("$php" -n -d "extension=$so" -r 'echo phpversion("ds");')
if [ "$got" != "$want" ]; then
  echo "native-ds: the package holds ds $got, not $want" >&2
  exit 1
fi
cp "$so" "$dir/ds.so"
echo "native-ds: ds $got at $dir/ds.so"
