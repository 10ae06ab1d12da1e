#!/usr/bin/env bash
# tools/wasi-toolchain.sh — a C and C++ toolchain for wasm32-wasip1 from Debian packages, built
# once per machine; prints its directory.
#
#   tools/wasi-toolchain.sh
#
# The compiler and linker are bookworm's clang-19, lld-19 (wasm-ld) and llvm-19 (llvm-ar). What
# bookworm lacks comes from Debian too:
#   - the C library and the compiler's wasm32 builtins: trixie's wasi-libc and
#     libclang-rt-19-dev-wasm32, downloaded with a private apt configuration (apt's own sources
#     are left alone) and unpacked with dpkg-deb -x;
#   - libc++, libc++abi and libunwind: built from the llvm-toolchain-19 source package with
#     native wasm exceptions and wasm setjmp/longjmp (-fwasm-exceptions -mllvm
#     -wasm-enable-sjlj), the model PHP and phpbind are compiled with in a WASI build.
# The directory holds sysroot/, resource/ (clang's resource directory with the wasm32 builtins)
# and wasi.cmake, a CMake toolchain file (docs/wasm.md#wasi). It is cached outside the source tree,
# keyed by this script's contents:
#   ${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}/wasi-toolchain-19-<hash>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${PHPBIND_ENGINE_CACHE:-$HOME/.cache/phpbind/engines}
src=$cache/src
hash=$(sha1sum "$0" | cut -c1-8)
dir=$cache/wasi-toolchain-19-$hash
log() { echo "wasi-toolchain.sh: $*" >&2; }

if [ -f "$dir/.complete" ]; then
  echo "$dir"
  exit 0
fi

# debian_mirror, ensure_deb_src
. "$here/debian-sources.sh"
bash "$here/ensure-deps.sh" clang-19 lld-19 llvm-19 cmake make dpkg-dev xz-utils debian-archive-keyring >&2
start=$(date +%s)
work=$cache/build-wasi-toolchain-$hash
rm -rf "$work" "$dir"
mkdir -p "$work" "$dir" "$src"

# trixie's wasi-libc and compiler builtins, through a private apt state directory.
mirror=$(debian_mirror)
[ -n "$mirror" ] || { log "no Debian mirror in apt's sources"; exit 1; }
apt_dir=$work/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/parts" "$work/debs"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" >"$apt_dir/sources.list"
cat >"$apt_dir/apt.conf" <<EOF
Dir::Etc::SourceList "$apt_dir/sources.list";
Dir::Etc::SourceParts "$apt_dir/parts";
Dir::State::Lists "$apt_dir/lists";
Dir::Cache "$apt_dir/cache";
APT::Architecture "amd64";
APT::Sandbox::User "root";
EOF
log "downloading trixie's wasi-libc and libclang-rt-19-dev-wasm32"
APT_CONFIG=$apt_dir/apt.conf apt-get update -q >&2
(cd "$work/debs" && APT_CONFIG=$apt_dir/apt.conf apt-get download wasi-libc libclang-rt-19-dev-wasm32 >&2)
for d in "$work"/debs/*.deb; do dpkg-deb -x "$d" "$work/root"; done
mkdir -p "$dir/sysroot"
cp -a "$work/root/usr/include" "$work/root/usr/lib" "$dir/sysroot/"
rm -rf "$dir/sysroot/lib/llvm-19"
# clang looks for the wasm32 builtins in its resource directory under lib/<triple>/.
cp -a /usr/lib/llvm-19/lib/clang/19/. "$dir/resource/"
for t in wasm32-unknown-wasip1 wasm32-unknown-wasi; do
  mkdir -p "$dir/resource/lib/$t"
  cp "$work"/root/usr/lib/llvm-19/lib/clang/19/lib/wasi/libclang_rt.builtins-wasm32.a \
    "$dir/resource/lib/$t/libclang_rt.builtins.a"
done

# libc++, libc++abi, libunwind from the llvm-toolchain-19 source package.
tarball=$(ls "$src"/llvm-toolchain-19_*.orig.tar.xz 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$tarball" ]; then
  ensure_deb_src
  log "downloading the llvm-toolchain-19 source package"
  (cd "$src" && apt-get source --download-only llvm-toolchain-19 >&2)
  tarball=$(ls "$src"/llvm-toolchain-19_*.orig.tar.xz | sort -V | tail -n 1)
fi
top=$(basename "$tarball" .orig.tar.xz)
log "unpacking the runtimes of $(basename "$tarball")"
parts=()
for p in runtimes libcxx libcxxabi libunwind cmake llvm/cmake llvm/utils/llvm-lit llvm/utils/lit third-party libc pstl \
         llvm/include/llvm/Config compiler-rt/cmake; do
  parts+=("$top/$p")
done
tar -xJf "$tarball" -C "$work" "${parts[@]}"
llvm=$work/$top
[ -d "$llvm/runtimes" ] || { log "no runtimes/ in $tarball ($top)"; exit 1; }
# Threads: wasi-libc's single-threaded pthread emulation (mutexes that never block; creating a
# thread fails), so std::mutex exists as on every other target.
flags="-resource-dir $dir/resource -fwasm-exceptions -mllvm -wasm-enable-sjlj -D_WASI_EMULATED_PTHREAD -O2"
log "building libc++, libc++abi and libunwind for wasm32-wasip1"
cmake -S "$llvm/runtimes" -B "$work/rt" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_SYSTEM_NAME=Generic -DCMAKE_SYSTEM_PROCESSOR=wasm32 \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_AR=/usr/bin/llvm-ar-19 -DCMAKE_RANLIB=/usr/bin/llvm-ranlib-19 \
  -DCMAKE_C_COMPILER_TARGET=wasm32-wasip1 -DCMAKE_CXX_COMPILER_TARGET=wasm32-wasip1 \
  -DCMAKE_SYSROOT="$dir/sysroot" -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY -DCMAKE_INSTALL_PREFIX="$work/rt-install" \
  -DLLVM_ENABLE_RUNTIMES="libcxx;libcxxabi;libunwind" \
  -DLIBCXX_ENABLE_SHARED=OFF -DLIBCXXABI_ENABLE_SHARED=OFF -DLIBUNWIND_ENABLE_SHARED=OFF \
  -DLIBCXX_ENABLE_STATIC=ON -DLIBCXXABI_ENABLE_STATIC=ON -DLIBUNWIND_ENABLE_STATIC=ON \
  -DLIBCXX_ENABLE_THREADS=ON -DLIBCXXABI_ENABLE_THREADS=ON -DLIBUNWIND_ENABLE_THREADS=OFF \
  -DLIBCXX_HAS_PTHREAD_API=ON -DLIBCXXABI_HAS_PTHREAD_API=ON \
  -DLIBCXX_ENABLE_EXCEPTIONS=ON -DLIBCXXABI_ENABLE_EXCEPTIONS=ON \
  -DLIBCXX_ENABLE_FILESYSTEM=ON -DLIBCXX_ENABLE_LOCALIZATION=ON -DLIBCXX_ENABLE_RANDOM_DEVICE=ON \
  -DLIBCXX_ENABLE_WIDE_CHARACTERS=ON -DLIBCXX_CXX_ABI=libcxxabi -DLIBCXX_ENABLE_STATIC_ABI_LIBRARY=ON \
  -DLIBCXXABI_USE_LLVM_UNWINDER=ON -DLIBCXXABI_ENABLE_STATIC_UNWINDER=ON \
  -DLIBCXXABI_USE_COMPILER_RT=ON -DLIBCXX_USE_COMPILER_RT=ON -DLIBUNWIND_USE_COMPILER_RT=ON \
  -DLIBUNWIND_HIDE_SYMBOLS=ON \
  -DLIBCXX_INCLUDE_TESTS=OFF -DLIBCXX_INCLUDE_BENCHMARKS=OFF -DLIBCXXABI_INCLUDE_TESTS=OFF \
  -DLIBUNWIND_INCLUDE_TESTS=OFF -DLIBCXX_INCLUDE_DOCS=OFF -DLLVM_INCLUDE_TESTS=OFF -DLLVM_INCLUDE_DOCS=OFF \
  >"$work/rt-configure.log" 2>&1 || { tail -n 40 "$work/rt-configure.log" >&2; exit 1; }
# (LIBUNWIND_HIDE_SYMBOLS: wasm objects are neither ELF nor Mach-O, and libunwind's default
# visibility attributes do not compile for them.)
cmake --build "$work/rt" -j "${JOBS:-2}" >"$work/rt-build.log" 2>&1 || { tail -n 60 "$work/rt-build.log" >&2; exit 1; }
cmake --install "$work/rt" >"$work/rt-install.log" 2>&1 || { tail -n 20 "$work/rt-install.log" >&2; exit 1; }
inc=$dir/sysroot/include/wasm32-wasi/c++/v1
mkdir -p "$inc"
cp -a "$work/rt-install/include/c++/v1/." "$inc/"
for extra in "$work"/rt-install/include/*/c++/v1; do
  [ -d "$extra" ] && cp -a "$extra/." "$inc/"
done
find "$work/rt-install/lib" -name '*.a' -exec cp {} "$dir/sysroot/lib/wasm32-wasi/" \;
# libunwind's assembly sources compile to empty non-wasm objects that wasm-ld warns about.
for a in libc++.a libc++abi.a libunwind.a; do
  llvm-ar-19 d "$dir/sysroot/lib/wasm32-wasi/$a" UnwindRegistersRestore.S.obj UnwindRegistersSave.S.obj 2>/dev/null || true
done
# clang's wasm32-wasip1 target looks under the wasip1 names, wasi-libc installs wasm32-wasi.
for d in include lib; do
  [ -e "$dir/sysroot/$d/wasm32-wasip1" ] || ln -s wasm32-wasi "$dir/sysroot/$d/wasm32-wasip1"
done

# The CMake toolchain file, and the platform file CMake 3.25 does not have.
mkdir -p "$dir/cmake/Platform"
cat >"$dir/cmake/Platform/WASI.cmake" <<'EOF'
# WebAssembly System Interface programs: static, .wasm executables.
set(WASI 1)
set(UNIX 1)
set(CMAKE_EXECUTABLE_SUFFIX ".wasm")
set(CMAKE_STATIC_LIBRARY_PREFIX "lib")
set(CMAKE_STATIC_LIBRARY_SUFFIX ".a")
set(CMAKE_FIND_LIBRARY_PREFIXES "lib")
set(CMAKE_FIND_LIBRARY_SUFFIXES ".a")
set_property(GLOBAL PROPERTY TARGET_SUPPORTS_SHARED_LIBS FALSE)
EOF
cat >"$dir/wasi.cmake" <<EOF
# A CMake toolchain for wasm32-wasip1 (tools/wasi-toolchain.sh): clang-19 and lld-19, trixie's
# wasi-libc, libc++ with native wasm exceptions and wasm setjmp/longjmp.
set(CMAKE_SYSTEM_NAME WASI)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
list(APPEND CMAKE_MODULE_PATH "$dir/cmake")
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_AR /usr/bin/llvm-ar-19 CACHE FILEPATH "")
set(CMAKE_RANLIB /usr/bin/llvm-ranlib-19 CACHE FILEPATH "")
set(CMAKE_C_COMPILER_TARGET wasm32-wasip1)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasip1)
set(CMAKE_SYSROOT "$dir/sysroot")
set(PHPBIND_WASI_TOOLCHAIN "$dir")
set(_wasi_flags "-resource-dir $dir/resource -fwasm-exceptions -mllvm -wasm-enable-sjlj -D_WASI_EMULATED_PTHREAD")
set(CMAKE_C_FLAGS_INIT "\${_wasi_flags}")
set(CMAKE_CXX_FLAGS_INIT "\${_wasi_flags}")
# (CMake passes the compile flags to the link too, where -mllvm's setting is not used.)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fuse-ld=lld -lsetjmp -lwasi-emulated-pthread -Wno-unused-command-line-argument")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
EOF
rm -rf "$work"
touch "$dir/.complete"
log "built in $(( $(date +%s) - start )) s: $dir"
echo "$dir"
