// tests/wasm/php_cli.cpp — a wasm command that reads its command line as the php CLI does, with
// the test extension compiled in: what run-tests.php drives for the phpt topics in wasm.
//
//   node php_cli.js [-n] [-q] [-d name[=value]]... (-r code | [-f] file) [--] [args...]
//
// -n (no php.ini: a wasm runtime reads none) and -q are accepted and do nothing. The exit status
// is PHP's: 0, exit()'s, or 255 after a fatal error or an uncaught exception.
#include <phpbind/phpbind.hpp>
#include <phpbind/runtime.hpp>

#include <emscripten.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <string>
#include <vector>

extern "C" zend_module_entry* phpbind_module_phpbind_test();

namespace {
// pb_host_shell($command): runs a shell command on the host (node's child_process), for the
// tests that start a child php: a wasm program starts no process of its own. Returns
// [output (stdout, then stderr unless the command redirects it), exit status].
// (EM_ASM's JavaScript names its arguments $0, $1.)
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension"
std::pair<std::string, int64_t> host_shell(std::string command) {
    int status = 0;
    char* out = reinterpret_cast<char*>(static_cast<intptr_t>(EM_ASM_INT(
        {
            var r = require('child_process').spawnSync('/bin/sh', [ '-c', UTF8ToString($0) ], {
                stdio : [ 'ignore', 'pipe', 'pipe' ]
            });
            var bytes = Buffer.concat([ r.stdout || Buffer.alloc(0), r.stderr || Buffer.alloc(0) ]);
            HEAP32[$1 >> 2] = r.status == = null ? 128 + 9 : r.status;
            var p = _malloc(bytes.length + 4);
            HEAP32[p >> 2] = bytes.length;
            HEAPU8.set(bytes, p + 4);
            return p;
        },
        command.c_str(), &status)));
    int32_t len = 0;
    std::memcpy(&len, out, sizeof len);
    std::string text(out + sizeof len, static_cast<size_t>(len));
    std::free(out);
    return {std::move(text), status};
}
}  // namespace

PHPBIND_EXTENSION(pb_wasm_cli, m) { m.def<&host_shell>("pb_host_shell", php::arg("command")); }

int main(int argc, char** argv) {
    php::runtime_options o;
    o.modules = {phpbind_module_phpbind_test(), phpbind_module_pb_wasm_cli()};
    std::string file, code;
    bool have_code = false;
    int i = 1;
    for (; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-n" || a == "-q") continue;
        if (a == "--") {
            ++i;
            break;
        }
        if (a.rfind("-d", 0) == 0) {
            std::string setting = a.size() > 2 ? a.substr(2) : (i + 1 < argc ? argv[++i] : "");
            auto eq = setting.find('=');
            // `-d name` alone sets it to "1", as the CLI does.
            o.ini.emplace_back(setting.substr(0, eq), eq == std::string::npos ? "1" : setting.substr(eq + 1));
            continue;
        }
        if (a == "-r" && i + 1 < argc) {
            code = argv[++i];
            have_code = true;
            ++i;
            break;
        }
        if (a == "-f" && i + 1 < argc) {
            file = argv[++i];
            ++i;
            break;
        }
        if (a.size() > 1 && a[0] == '-') {
            std::fprintf(stderr, "php_cli: unsupported option %s\n", a.c_str());
            return 1;
        }
        file = a;
        ++i;
        break;
    }
    if (!have_code && file.empty()) {
        std::fprintf(stderr, "usage: php_cli [-n] [-d name=value]... (-r code | [-f] file) [args...]\n");
        return 1;
    }
    // $argv as the CLI gives it: the script (or "Standard input code"), then the arguments.
    o.argv = {have_code ? std::string("Standard input code") : file};
    for (; i < argc; ++i) o.argv.emplace_back(argv[i]);
    try {
        php::Runtime rt(std::move(o));
        return rt.request([&] {
            if (have_code) {
                rt.eval(code);
            } else {
                rt.run_file(file);
            }
        });
    } catch (const std::exception& e) {
        std::fprintf(stderr, "php_cli: %s\n", e.what());
        return 1;
    }
}
