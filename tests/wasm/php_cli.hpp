// tests/wasm/php_cli.hpp — the command line of the php CLI, read by a wasm command: what
// run-tests.php drives for the phpt topics in wasm (php_cli.cpp), and what the wasm benchmark runs
// bench/bench.php with (bench/wasm).
//
//   node <program>.js [-n] [-q] [-d name[=value]]... (-r code | [-f] file) [--] [args...]
//
// -n (no php.ini: a wasm runtime reads none) and -q are accepted and do nothing. The exit status
// is PHP's: 0, exit()'s, or 255 after a fatal error or an uncaught exception.
#pragma once

#include <phpbind/runtime.hpp>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

inline int php_cli_main(int argc, char** argv, std::vector<zend_module_entry*> modules) {
    php::runtime_options o;
    o.modules = std::move(modules);
    o.phpinfo_as_text = true;  // as the CLI
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
