#!/usr/bin/env bash
# tools/php-engine.sh — builds a PHP engine from Debian's source (once per machine) and prints
# its installation prefix.
#
#   tools/php-engine.sh <8.2|8.4> <release-nts|debug-nts|debug-zts|release-zts|wasm|wasi>
#
# The engine is minimal (--disable-all keeps Core, date, hash, json, pcre, random, Reflection,
# SPL and standard), with the CLI (php -S included), php-fpm and the embed SAPI, so the whole
# suite runs against it. The wasm flavour is the embed SAPI alone, a static libphp.a built by
# Debian's Emscripten for wasm32-unknown-emscripten with native wasm exceptions and wasm
# setjmp/longjmp (docs/wasm.md), no fibers, no opcache. The wasi flavour is the same embed SAPI for
# wasm32-wasip1, built by tools/wasi-toolchain.sh's clang with the same exception and longjmp
# model; what wasi-libc lacks comes from cmake/wasi (stub headers and functions, force-included
# and linked, never a change to PHP's sources; docs/wasm.md#wasi). Sources:
#   8.2  the php8.2 source package of the running Debian release (apt-get source)
#   8.4  Debian's php8.4 orig tarball from the pool of the configured Debian mirror, checked
#        against the SHA-256 of Debian's own .dsc (Debian 12 has no php8.4 source package)
# Built engines are cached outside the source tree, keyed by version and configure flags:
#   ${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}/php-<version>-<flavour>-<hash>
# Progress goes to stderr; stdout is the prefix alone.
set -euo pipefail
usage="usage: php-engine.sh <8.2|8.4> <release-nts|debug-nts|debug-zts|release-zts|wasm|wasi>"
series=${1:?$usage}
flavour=${2:?$usage}
case "$flavour" in
  release-nts) flags=() ;;
  release-zts) flags=(--enable-zts) ;;
  debug-nts) flags=(--enable-debug) ;;
  debug-zts) flags=(--enable-debug --enable-zts) ;;
  wasm | wasi) flags=() ;;
  *) echo "php-engine.sh: unknown flavour '$flavour'" >&2; exit 2 ;;
esac
# PCRE's JIT writes machine code valgrind cannot follow.
if [ "$flavour" = wasm ]; then
  # No JIT, no assembly fibers (Zend falls back to ucontext, which the link stubs out:
  # cmake/wasm/wasm_stubs.c), no shared objects. configure runs emcc for every check.
  flags=(--disable-all --enable-embed=static --disable-cli --disable-cgi --disable-phpdbg --without-pcre-jit
         --disable-fiber-asm --disable-opcache --without-valgrind --without-iconv --disable-shared --enable-static
         --disable-phar --host=wasm32-unknown-emscripten --build=x86_64-linux-gnu)
elif [ "$flavour" = wasi ]; then
  flags=(--disable-all --enable-embed=static --disable-cli --disable-cgi --disable-phpdbg --without-pcre-jit
         --disable-fiber-asm --disable-opcache --without-valgrind --without-iconv --disable-shared --enable-static
         --disable-phar --host=wasm32-unknown-wasi --build=x86_64-pc-linux-gnu)
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

# debian_mirror, ensure_deb_src
. "$here/debian-sources.sh"

fetch_82() {
  bash "$here/ensure-deps.sh" dpkg-dev xz-utils build-essential pkg-config >&2
  ensure_deb_src
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
wasi_posix=$(cd "$here/../cmake/wasi" && pwd)
keyed=("${flags[@]}")
if [ "$flavour" = wasm ]; then
  read -r -a words <<<"$wasm_cflags"
  keyed+=("${words[@]}")
elif [ "$flavour" = wasi ]; then
  toolchain=$(bash "$here/wasi-toolchain.sh")
  # The toolchain's directory names its own hash; the stubs' contents are part of the engine.
  keyed+=("$toolchain" "$(cat "$wasi_posix"/*.[ch] "$wasi_posix"/include/*.h | sha1sum)")
fi
hash=$(printf '%s\n' "${keyed[@]}" | sha1sum | cut -c1-8)
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
  if [ "$flavour" = wasi ]; then
    cc="clang-19 --target=wasm32-wasip1 --sysroot=$toolchain/sysroot -resource-dir $toolchain/resource"
    cc="$cc -fwasm-exceptions -mllvm -wasm-enable-sjlj"
    emulated="-D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_MMAN -D_WASI_EMULATED_GETPID"
    mkdir -p posix
    $cc -O2 -Wall -Wextra -I"$wasi_posix" -I"$wasi_posix/include" $emulated -c "$wasi_posix/posix.c" -o posix/posix.o
    llvm-ar-19 rcs posix/libphpbind-wasi-posix.a posix/posix.o
    # wasi-libc's struct rusage has only ru_utime and ru_stime, which ext/standard/microtime.c
    # does not compile against: PHP then has no getrusage().
    CC=$cc AR=llvm-ar-19 RANLIB=llvm-ranlib-19 NM=llvm-nm-19 CPPFLAGS="-I$wasi_posix/include $emulated" \
      CFLAGS=-O2 LDFLAGS="-fuse-ld=lld -L$work/posix" ac_cv_func_getrusage=no \
      LIBS="-lphpbind-wasi-posix -lsetjmp -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks -lwasi-emulated-getpid" \
      ./configure --prefix="$prefix" "${flags[@]}" >configure.log 2>&1 || { tail -n 40 configure.log; exit 1; }
    make -j "${JOBS:-2}" EXTRA_CFLAGS="-include $wasi_posix/posix.h" >make.log 2>&1 || { tail -n 60 make.log; exit 1; }
    make install >install.log 2>&1 || { tail -n 40 install.log; exit 1; }
    # The stubs, and the headers PHP's headers include (php.h includes pwd.h) for its consumers.
    cp posix/libphpbind-wasi-posix.a "$prefix/lib/"
    mkdir -p "$prefix/include/php/wasi"
    cp "$wasi_posix"/include/*.h "$prefix/include/php/wasi/"
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
