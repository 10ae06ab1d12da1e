# phpbind — the two commands of the README, and the benchmark.
#
#   make demo    build examples/hello and run its demo in php
#   make test    build everything and run the whole test suite
#   make bench   measure call overhead against a hand-written C extension
#
# Each installs missing Debian packages first (as root; otherwise it prints
# the apt-get command to run).

BUILD ?= build
JOBS ?= 2
PACKAGES := php8.2-cli php8.2-dev libphp8.2-embed cmake make g++ binutils valgrind libgtest-dev

.PHONY: deps configure demo test bench clean

deps:
	@bash tools/ensure-deps.sh $(PACKAGES)

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null

demo: configure
	@cmake --build $(BUILD) --target hello -j $(JOBS) >/dev/null
	php -n -d extension=$(abspath $(BUILD))/examples/hello.so examples/hello/demo.php

test: configure
	cmake --build $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure

bench: configure
	cmake --build $(BUILD) --target bench

clean:
	rm -rf $(BUILD)
