#!/usr/bin/env bash
# tools/php-engine.sh — builds a PHP engine from Debian's source (once per machine) and prints
# its installation prefix.
#
#   tools/php-engine.sh <8.2|8.4> <release-nts|debug-nts|debug-zts|release-zts|wasm>
#
# The engine is minimal (--disable-all keeps Core, date, hash, json, pcre, random, Reflection,
# SPL and standard), with the CLI (php -S included), php-fpm and the embed SAPI, so the whole
# suite runs against it. The wasm flavour is the embed SAPI alone, a static libphp.a built by
# Debian's Emscripten for wasm32-unknown-emscripten with native wasm exceptions and wasm
# setjmp/longjmp (docs/wasm.md), no fibers, no opcache. Sources:
#   8.2  the php8.2 source package of the running Debian release (apt-get source)
#   8.4  Debian's php8.4 orig tarball from the pool of the configured Debian mirror, checked
#        against the SHA-256 of Debian's own .dsc (Debian 12 has no php8.4 source package)
# Built engines are cached outside the source tree, keyed by version and configure flags:
#   ${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}/php-<version>-<flavour>-<hash>
# Progress goes to stderr; stdout is the prefix alone.
set -euo pipefail
usage="usage: php-engine.sh <8.2|8.4> <release-nts|debug-nts|debug-zts|release-zts|wasm>"
series=${1:?$usage}
flavour=${2:?$usage}
case "$flavour" in
  release-nts) flags=() ;;
  release-zts) flags=(--enable-zts) ;;
  debug-nts) flags=(--enable-debug) ;;
  debug-zts) flags=(--enable-debug --enable-zts) ;;
  wasm) flags=() ;;
  *) echo "php-engine.sh: unknown flavour '$flavour'" >&2; exit 2 ;;
esac
# PCRE's JIT writes machine code valgrind cannot follow.
if [ "$flavour" = wasm ]; then
  # No JIT, no assembly fibers (Zend falls back to ucontext, which the link stubs out:
  # cmake/wasm/wasm_stubs.c), no shared objects. configure runs emcc for every check.
  flags=(--disable-all --enable-embed=static --disable-cli --disable-cgi --disable-phpdbg --without-pcre-jit
         --disable-fiber-asm --disable-opcache --without-valgrind --without-iconv --disable-shared --enable-static
         --disable-phar --host=wasm32-unknown-emscripten --build=x86_64-linux-gnu)
else
  flags=(--disable-all --enable-cli --enable-embed=shared --enable-fpm --disable-cgi --disable-phpdbg
         --without-pcre-jit "${flags[@]}")
fi
# Every object, PHP's and phpbind's, is compiled with the same exception and longjmp model.
wasm_cflags="-fwasm-exceptions -sSUPPORT_LONGJMP=wasm"

cache=${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}
src=$cache/src
mkdir -p "$src"
log() { echo "php-engine.sh: $*" >&2; }
here=$(dirname "$0")

# The archive mirror apt is configured with (not the security one), from either format.
debian_mirror() {
  { awk 'BEGIN { RS=""; } /(^|\n)Types: *deb/ && !/security/ {
           if (match($0, /URIs: *[^ \n]+/)) { s = substr($0, RSTART, RLENGTH); sub(/URIs: */, "", s); print s } }' \
        /etc/apt/sources.list.d/*.sources 2>/dev/null
    sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null
  } | grep -v -e security -e '^$' | grep -i debian | head -n 1 || true
}

fetch_82() {
  bash "$here/ensure-deps.sh" dpkg-dev xz-utils build-essential pkg-config >&2
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
}

# The 8.4 release tested, and the SHA-256 Debian's php8.4_8.4.24-1.dsc lists for its tarball.
php84_version=8.4.24
php84_sha256=e127be09a8506f4327c5cfa78a614b00d210714484ec215ce0011b4a03c00731
fetch_84() {
  bash "$here/ensure-deps.sh" xz-utils build-essential pkg-config >&2
  local mirror name=php8.4_${php84_version}.orig.tar.xz
  mirror=$(debian_mirror)
  [ -n "$mirror" ] || { log "no Debian mirror in apt's sources"; exit 1; }
  log "downloading $name from the configured Debian mirror's pool"
  # apt's own downloader: apt's proxy settings apply, and the hash is checked before the
  # file is kept.
  /usr/lib/apt/apt-helper download-file "${mirror%/}/pool/main/p/php8.4/$name" "$src/$name" \
    "SHA256:$php84_sha256" >&2
}

case "$series" in
  8.2) tarball=$(ls "$src"/php8.2_*.orig.tar.xz 2>/dev/null | sort -V | tail -n 1 || true)
       [ -n "$tarball" ] || { fetch_82; tarball=$(ls "$src"/php8.2_*.orig.tar.xz | sort -V | tail -n 1); } ;;
  8.4) tarball=$src/php8.4_${php84_version}.orig.tar.xz
       if [ ! -f "$tarball" ] || ! echo "$php84_sha256  $tarball" | sha256sum -c --status; then
         rm -f "$tarball"
         fetch_84
       fi ;;
  *) echo "php-engine.sh: unknown PHP series '$series' ($usage)" >&2; exit 2 ;;
esac
version=$(basename "$tarball" | sed 's/^php8\.[0-9]_\(.*\)\.orig\.tar\.xz$/\1/')
hash=$(printf '%s\n' "${flags[@]}" $([ "$flavour" != wasm ] || echo "$wasm_cflags") | sha1sum | cut -c1-8)
prefix=$cache/php-$version-$flavour-$hash

if [ -x "$prefix/bin/php-config" ] && [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

bash "$here/ensure-deps.sh" build-essential pkg-config xz-utils >&2
if [ "$flavour" = wasm ]; then
  bash "$here/ensure-deps.sh" emscripten >&2
  # Debian's emcc finds its node modules (acorn) only through NODE_PATH.
  export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
fi
work=$cache/build-$version-$flavour-$hash
rm -rf "$work" "$prefix"
mkdir -p "$work"
log "building PHP $version ($flavour) in $work"
tar -xJf "$tarball" -C "$work" --strip-components=1
start=$(date +%s)
(
  cd "$work"
  if [ "$flavour" = wasm ]; then
    emconfigure ./configure --prefix="$prefix" "${flags[@]}" >configure.log 2>&1 || { tail -n 40 configure.log; exit 1; }
    emmake make -j "${JOBS:-2}" EXTRA_CFLAGS="$wasm_cflags" >make.log 2>&1 || { tail -n 60 make.log; exit 1; }
    make install >install.log 2>&1 || { tail -n 40 install.log; exit 1; }
    exit 0
  fi
  ./configure --prefix="$prefix" "${flags[@]}" >configure.log 2>&1 || { tail -n 40 configure.log; exit 1; }
  # With the shared embed SAPI, libtool compiles every source twice, position-independent for
  # libphp.so and not for the CLI and FPM. Position-independent objects serve both: each source
  # is compiled once (libtool's static objects off), the CLI and FPM links then find each
  # object's position-independent build under its plain name. Half the build time.
  sed -i 's/^build_old_libs=yes$/build_old_libs=no/' libtool
  make -k -j "${JOBS:-2}" >make.log 2>&1 || true
  find . -path '*/.libs/*.o' | while read -r pic; do
    plain=${pic%/.libs/*}/${pic##*/}
    [ -e "$plain" ] || ln "$pic" "$plain"
  done
  make -j "${JOBS:-2}" >>make.log 2>&1 || { tail -n 60 make.log; exit 1; }
  make install >install.log 2>&1 || { tail -n 40 install.log; exit 1; }
) >&2
rm -rf "$work"
touch "$prefix/.complete"
log "PHP $version ($flavour) built in $(( $(date +%s) - start )) s: $prefix"
echo "$prefix"
