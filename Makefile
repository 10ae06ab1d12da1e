# phpbind — the two commands of the README, and the benchmark.
#
#   make demo    build examples/hello and run its demo in php
#   make check   build everything and run the whole test suite: make test, then make test-matrix
#   make test    the quick loop: build, and run every test but memcheck and the packaging checks
#   make wasm    PHP and examples/hello's module in WebAssembly: the command demo under node, then
#                the browser page served at http://127.0.0.1:8080/index.html
#   make wasi    the same command demo built for WASI (wasm32-wasip1), run under node:wasi
#   make test-matrix  memcheck and packaging on PHP 8.2; the suite against PHP 8.4 (release,
#                memcheck, debug ZTS), clang-19, opcache and its JIT, and the wasm and WASI builds
#   make bench   measure call overhead against a hand-written C extension, the
#                persistent heap's fetch cost against APCu, an observed call
#                against a hand-written C observer, engine hooks against C hooks, and
#                examples/ds against Debian's ext-ds, phpbind-server against nginx + php-fpm and
#                php -S, the build cost (compile time, .so size) against hand-written C twins, and
#                the wasm build (size, cold start, the call path against the C baseline in wasm)
#   make fuzz    a long fuzz run (FUZZ_SEEDS x FUZZ_CALLS, plain and ASan), after make fuzz-ds
#   make fuzz-ds examples/ds against Debian's ext-ds: random operations on every class, the
#                outputs compared byte for byte (DS_FUZZ_SEEDS x DS_FUZZ_OPS, at least
#                DS_FUZZ_MIN_OPS of them compared; make test runs a bounded pass)
#
# Each installs missing Debian packages first (as root; otherwise it prints
# the apt-get command to run).

BUILD ?= build
JOBS ?= 2
# APCu, wrk and nginx are measured with or against by `make bench` only (bench/heap.sh,
# bench/server.sh).
BENCH_PACKAGES := php8.2-apcu wrk nginx-light
# What `make test` leaves to the matrix's memcheck and packaging configurations (ctest names).
MATRIX_ONLY := -valgrind$$|^(newcomer|install)$$
PACKAGES := php8.2-cli php8.2-dev libphp8.2-embed cmake make g++ binutils valgrind libgtest-dev pkg-config autoconf libtool clang-format-19 libboost-dev php8.2-fpm

.PHONY: deps configure demo test test-matrix check bench fuzz fuzz-ds clean wasm wasi

deps:
	@bash tools/ensure-deps.sh $(PACKAGES)
	@bash tools/native-ds.sh $(BUILD)/native-ds

DEV_FLAGS := -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPHPBIND_DEVELOPER=ON -DPHPBIND_BUILD_TESTS=ON \
  -DPHPBIND_BUILD_EXAMPLES=ON -DPHPBIND_BUILD_BENCH=ON

configure: deps
	@cmake -S . -B $(BUILD) $(DEV_FLAGS) >/dev/null

demo: configure
	@cmake --build $(BUILD) --target hello -j $(JOBS) >/dev/null
	php -n -d extension=$(abspath $(BUILD))/examples/hello.so examples/hello/demo.php

# The quick loop: every test but memcheck and the packaging checks, on Debian's PHP 8.2.
test: configure
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure --no-tests=error -E '$(MATRIX_ONLY)'

# WebAssembly (docs/wasm.md): the engine built once per machine, then the examples.
WASM_BUILD ?= build-wasm
wasm: deps
	@bash tools/ensure-deps.sh emscripten nodejs
	@prefix=$$(bash tools/php-engine.sh 8.2 wasm) && NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B $(WASM_BUILD) \
	  -DPHP_CONFIG=$$prefix/bin/php-config -DCMAKE_BUILD_TYPE=Release -DPHPBIND_BUILD_EXAMPLES=ON >/dev/null
	NODE_PATH=/usr/share/nodejs cmake --build $(WASM_BUILD) --target hello_cmd hellowasm -j $(JOBS)
	node --no-experimental-fetch $(WASM_BUILD)/examples/wasm/hello_cmd.js examples/wasm/demo.php one two; \
	  echo "(exit status $$?)"
	@echo "The browser example: http://127.0.0.1:8080/index.html (Ctrl-C stops the server)"
	php -n -S 127.0.0.1:8080 -t $(WASM_BUILD)/examples/wasm

# WASI (docs/wasm.md#wasi): the toolchain and the engine built once per machine, then the command.
WASI_BUILD ?= build-wasi
wasi: deps
	@bash tools/ensure-deps.sh nodejs
	@prefix=$$(bash tools/php-engine.sh 8.2 wasi) && toolchain=$$(bash tools/wasi-toolchain.sh) && \
	  cmake -S . -B $(WASI_BUILD) -DCMAKE_TOOLCHAIN_FILE=$$toolchain/wasi.cmake -DPHP_CONFIG=$$prefix/bin/php-config \
	  -DCMAKE_BUILD_TYPE=Release -DPHPBIND_BUILD_EXAMPLES=ON >/dev/null
	cmake --build $(WASI_BUILD) --target hello_cmd -j $(JOBS)
	node $(WASI_BUILD)/examples/wasm/hello_cmd.js examples/wasm/demo.php one two; echo "(exit status $$?)"

# Runs after `make test` (memcheck, packaging and opcache reuse its build).
test-matrix: configure
	PHPBIND_CMAKE_FLAGS="$(DEV_FLAGS)" BUILD=$(BUILD) JOBS=$(JOBS) bash tools/test-matrix.sh $(MATRIX)

# The whole suite, every configuration: what CI runs.
check: test test-matrix

bench: configure
	@bash tools/ensure-deps.sh $(BENCH_PACKAGES)
	cmake --build $(BUILD) --target bench
	cmake --build $(BUILD) --target bench-heap
	cmake --build $(BUILD) --target bench-observer
	cmake --build $(BUILD) --target bench-hooks
	cmake --build $(BUILD) --target bench-ds
	cmake --build $(BUILD) --target bench-server
	cmake --build $(BUILD) --target bench-build-cost
	bash bench/wasm.sh

FUZZ_SEEDS ?= 11,12,13,14
FUZZ_CALLS ?= 25000
fuzz: configure fuzz-ds
	cmake --build $(BUILD) --target phpbind_test phpbind_test_asan phpbind_second phpbind_dlopen_shim -j $(JOBS)
	php -n tests/fuzz/driver.php --name=fuzz-long --mode=plain --php=$$(command -v php) \
	  --ext=$(abspath $(BUILD))/tests/phpbind_test.so --ext=$(abspath $(BUILD))/tests/phpbind_second.so \
	  --seeds=$(FUZZ_SEEDS) --calls=$(FUZZ_CALLS) --include-known --timeout=1800 --work=$(abspath $(BUILD))/fuzz-long
	php -n tests/fuzz/driver.php --name=fuzz-long-asan --mode=asan --php=$(abspath $(BUILD))/tests/php-asan-leaks \
	  --ext=$(abspath $(BUILD))/tests/phpbind_test_asan.so --ext=$(abspath $(BUILD))/tests/phpbind_second.so \
	  --seeds=$(FUZZ_SEEDS) --calls=$(FUZZ_CALLS) --include-known --timeout=3600 --work=$(abspath $(BUILD))/fuzz-long-asan

DS_FUZZ_SEEDS ?= 1..150
DS_FUZZ_OPS ?= 10000
DS_FUZZ_MIN_OPS ?= 1000000
fuzz-ds: configure
	cmake --build $(BUILD) --target ds_phpbind -j $(JOBS)
	php -n examples/ds/tests/fuzz/compare.php --php=$$(command -v php) --native=$(abspath $(BUILD))/native-ds/ds.so \
	  --port=$(abspath $(BUILD))/examples/ds_phpbind.so --seeds=$(DS_FUZZ_SEEDS) --ops=$(DS_FUZZ_OPS) \
	  --min-ops=$(DS_FUZZ_MIN_OPS) --work=$(abspath $(BUILD))/fuzz-ds

clean:
	rm -rf $(BUILD)
