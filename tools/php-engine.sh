#!/usr/bin/env bash
# tools/php-engine.sh — builds a PHP engine from Debian's php8.2 source package
# (once per machine) and prints its installation prefix.
#
#   tools/php-engine.sh <debug-nts|debug-zts>
#
# The engine is minimal (--disable-all keeps Core, date, hash, json, pcre,
# random, Reflection, SPL and standard), with the CLI (php -S included), php-fpm and the
# embed SAPI, so the whole suite runs against it. Built engines are cached
# outside the source tree, keyed by version and configure flags:
#   ${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}/php-<version>-<flavour>-<hash>
# Progress goes to stderr; stdout is the prefix alone.
set -euo pipefail
flavour=${1:?usage: php-engine.sh <debug-nts|debug-zts>}
case "$flavour" in
  debug-nts) flags=(--enable-debug) ;;
  debug-zts) flags=(--enable-debug --enable-zts) ;;
  *) echo "php-engine.sh: unknown flavour '$flavour'" >&2; exit 2 ;;
esac
# PCRE's JIT writes machine code valgrind cannot follow.
flags=(--disable-all --enable-cli --enable-embed=shared --enable-fpm --disable-cgi --disable-phpdbg
       --without-pcre-jit "${flags[@]}")

cache=${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}
src=$cache/src
mkdir -p "$src"
log() { echo "php-engine.sh: $*" >&2; }

# The source: Debian's orig tarball (the upstream release, configure included,
# so neither re2c nor bison is needed).
tarball=$(ls "$src"/php8.2_*.orig.tar.xz 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$tarball" ]; then
  bash "$(dirname "$0")/ensure-deps.sh" dpkg-dev xz-utils build-essential pkg-config >&2
  if ! grep -rqsE '^(Types: *deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    [ "$(id -u)" -eq 0 ] || { log "no deb-src entry in apt's sources, and not root to add one"; exit 1; }
    # deb-src stanzas for the archive's main suites, from the mirror already
    # configured (its security suite serves binaries only).
    list=/etc/apt/sources.list.d/phpbind-deb-src.sources
    awk 'BEGIN { RS=""; ORS="\n\n" }
         /(^|\n)Types: *deb(\n|$)/ && !/security/ { sub(/Types: *deb/, "Types: deb-src"); print }' \
      /etc/apt/sources.list.d/*.sources >"$list"
    if [ ! -s "$list" ]; then
      # One-line format (sources.list).
      sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list 2>/dev/null | grep -v security >"$list.list" || true
      rm -f "$list"
    fi
    log "added deb-src entries; apt-get update"
    apt-get update >&2
  fi
  log "downloading the php8.2 source package"
  (cd "$src" && apt-get source --download-only php8.2 >&2)
  tarball=$(ls "$src"/php8.2_*.orig.tar.xz | sort -V | tail -n 1)
fi
version=$(basename "$tarball" | sed 's/^php8\.2_\(.*\)\.orig\.tar\.xz$/\1/')
hash=$(printf '%s\n' "${flags[@]}" | sha1sum | cut -c1-8)
prefix=$cache/php-$version-$flavour-$hash

if [ -x "$prefix/bin/php-config" ] && [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

bash "$(dirname "$0")/ensure-deps.sh" build-essential pkg-config xz-utils >&2
work=$cache/build-$flavour-$hash
rm -rf "$work" "$prefix"
mkdir -p "$work"
log "building PHP $version ($flavour) in $work"
tar -xJf "$tarball" -C "$work" --strip-components=1
start=$(date +%s)
(
  cd "$work"
  ./configure --prefix="$prefix" "${flags[@]}" >configure.log 2>&1 || { tail -n 40 configure.log; exit 1; }
  make -j "${JOBS:-2}" >make.log 2>&1 || { tail -n 60 make.log; exit 1; }
  make install >install.log 2>&1 || { tail -n 40 install.log; exit 1; }
) >&2
rm -rf "$work"
touch "$prefix/.complete"
log "PHP $version ($flavour) built in $(( $(date +%s) - start )) s: $prefix"
echo "$prefix"
