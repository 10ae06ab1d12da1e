// tests/wasm/php_cli.cpp — a wasm php (php_cli.hpp's command line) with the test extension
// compiled in: what run-tests.php drives for the phpt topics in wasm, Emscripten's and WASI's.
#include "php_cli.hpp"

#include <phpbind/phpbind.hpp>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <string>
#include <vector>

extern "C" zend_module_entry* phpbind_module_phpbind_test();

#ifdef __wasi__
// The host's side of pb_host_shell in WASI (wasi_host.js, the command's HOST_IMPORTS): shell()
// runs the command and returns its output's length, shell_output() copies that output in.
extern "C" __attribute__((import_module("phpbind_test_host"), import_name("shell"))) int32_t
host_shell_run(const char* command, int32_t length, int32_t* status);
extern "C" __attribute__((import_module("phpbind_test_host"), import_name("shell_output"))) void
host_shell_output(char* into);
#endif

namespace {
// pb_host_shell($command): runs a shell command on the host (node's child_process), for the
// tests that start a child php: a wasm program starts no process of its own. Returns
// [output (stdout, then stderr unless the command redirects it), exit status].
#ifdef __wasi__
std::pair<std::string, int64_t> host_shell(std::string command) {
    int32_t status = 0;
    int32_t n = host_shell_run(command.data(), static_cast<int32_t>(command.size()), &status);
    std::string text(static_cast<size_t>(n), '\0');
    host_shell_output(text.data());
    return {std::move(text), status};
}
#else
// (EM_ASM's JavaScript names its arguments $0, $1.)
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"
std::pair<std::string, int64_t> host_shell(std::string command) {
    int status = 0;
    // clang-format off (JavaScript)
    char* out = reinterpret_cast<char*>(static_cast<intptr_t>(EM_ASM_INT(
        {
            var r = require('child_process').spawnSync('/bin/sh', [ '-c', UTF8ToString($0) ], {
                stdio : [ 'ignore', 'pipe', 'pipe' ]
            });
            var bytes = Buffer.concat([ r.stdout || Buffer.alloc(0), r.stderr || Buffer.alloc(0) ]);
            HEAP32[$1 >> 2] = r.status == null ? 128 + 9 : r.status;
            var p = _malloc(bytes.length + 4);
            HEAP32[p >> 2] = bytes.length;
            HEAPU8.set(bytes, p + 4);
            return p;
        },
        command.c_str(), &status)));
    // clang-format on
    int32_t len = 0;
    std::memcpy(&len, out, sizeof len);
    std::string text(out + sizeof len, static_cast<size_t>(len));
    std::free(out);
    return {std::move(text), status};
}
#endif
}  // namespace

PHPBIND_EXTENSION(pb_wasm_cli, m) { m.def<&host_shell>("pb_host_shell", php::arg("command")); }

int main(int argc, char** argv) {
    return php_cli_main(argc, argv, {phpbind_module_phpbind_test(), phpbind_module_pb_wasm_cli()});
}
