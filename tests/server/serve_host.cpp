// tests/server/serve_host.cpp — a host that runs HTTP requests through php::Runtime::serve(),
// read from stdin and answered on stdout in a framing the tests write and parse
// (differential.php). Each field is "<name> <length>\n<bytes>\n".
//
//   request:  method, target, protocol, header ("Name: value", any number), remote_addr,
//             remote_port, local_addr, local_port, tls, document_root, body, read_size (the
//             body reader's largest piece), write_fails_after (bytes; the client "goes away"),
//             then "end 0\n\n"
//   response: start (status), reason, header (any number), write (each chunk), flush (empty),
//             served ("<status> <exit status> <client gone>"), counts (the module's RINIT,
//             RSHUTDOWN, logical request starts and ends so far), then "done 0\n\n"
//
// Arguments: [--worker SCRIPT] -d name=value... The module's counts show every served request
// gets one RINIT and one RSHUTDOWN (a worker script's engine request: one pair for all it handles).
#include <phpbind/phpbind.hpp>
#include <phpbind/server.hpp>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {
int g_rinit = 0, g_rshutdown = 0, g_logical_start = 0, g_logical_end = 0;
int64_t host_twice(int64_t x) { return 2 * x; }

// host_words($n): a list of n strings built in C++ with php::Array::push_back, a counted C++
// object alive while it is built (tests/server/oom.php: past memory_limit, the frames unwind and
// the count returns to zero). host_alive(): how many of those objects exist.
int g_alive = 0;
struct alive_guard {
    alive_guard() { ++g_alive; }
    ~alive_guard() { --g_alive; }
    alive_guard(const alive_guard&) = delete;
    alive_guard& operator=(const alive_guard&) = delete;
};
php::Array host_words(int64_t n) {
    if (n < 0 || n > 4'000'000) throw php::value_error("must be between 0 and 4000000");
    alive_guard guard;
    php::Array out;
    for (int64_t i = 0; i < n; ++i) out.push_back(std::string(40, 'w'));
    return out;
}
int64_t host_alive() { return g_alive; }
}  // namespace

PHPBIND_EXTENSION(serve_host, m) {
    m.on_request_start([] { ++g_rinit; });
    m.on_request_end([] { ++g_rshutdown; });
    m.on_logical_request_start([] { ++g_logical_start; });
    m.on_logical_request_end([] { ++g_logical_end; });
    m.def<&host_twice>("host_twice", php::arg("x"));
    m.def<&host_words>("host_words", php::arg("n"));
    m.def<&host_alive>("host_alive");
}

namespace {

void field(const char* name, std::string_view value) {
    std::cout << name << ' ' << value.size() << '\n';
    std::cout.write(value.data(), static_cast<std::streamsize>(value.size()));
    std::cout << '\n';
}

struct to_stdout : php::http_response {
    size_t written = 0;
    size_t fails_after = SIZE_MAX;
    void start(int status, std::string_view reason, const std::vector<php::http_header>& headers) override {
        field("start", std::to_string(status));
        field("reason", reason);
        for (auto& h : headers) field("header", h.name + ": " + h.value);
    }
    bool write(std::string_view chunk) override {
        if (written + chunk.size() > fails_after) return false;
        written += chunk.size();
        field("write", chunk);
        return true;
    }
    bool flush() override {
        if (written >= fails_after) return false;
        field("flush", "");
        return true;
    }
};

bool read_field(std::string& name, std::string& value) {
    size_t len;
    if (!(std::cin >> name >> len)) return false;
    std::cin.get();
    value.resize(len);
    std::cin.read(value.data(), static_cast<std::streamsize>(len));
    std::cin.get();
    return bool(std::cin);
}

// One request read from stdin, with its response object; false at the end of the input.
struct exchange {
    php::http_request req;
    std::string body;
    size_t at = 0, read_size = 8192;
    to_stdout res;

    bool read() {
        std::string name, value;
        bool has_body = false;
        while (read_field(name, value)) {
            if (name == "end") {
                if (has_body) {
                    req.body = [this](char* buf, size_t size) {
                        size_t n = std::min({size, read_size, body.size() - at});
                        std::copy_n(body.data() + at, n, buf);
                        at += n;
                        return n;
                    };
                }
                return true;
            }
            if (name == "method") req.method = value;
            else if (name == "target") req.target = value;
            else if (name == "protocol") req.protocol = value;
            else if (name == "header") {
                size_t colon = value.find(':');
                size_t v = value.find_first_not_of(' ', colon + 1);
                req.headers.push_back({value.substr(0, colon), v == std::string::npos ? "" : value.substr(v)});
            } else if (name == "remote_addr") req.remote_addr = value;
            else if (name == "remote_port") req.remote_port = static_cast<uint16_t>(std::stoi(value));
            else if (name == "local_addr") req.local_addr = value;
            else if (name == "local_port") req.local_port = static_cast<uint16_t>(std::stoi(value));
            else if (name == "tls") req.tls = value == "1";
            else if (name == "document_root") req.document_root = value;
            else if (name == "body") body = value, has_body = true;
            else if (name == "read_size") read_size = std::stoul(value);
            else if (name == "write_fails_after") res.fails_after = std::stoul(value);
        }
        return false;
    }
};

void report(const php::served& s) {
    field("served", std::to_string(s.status) + " " + std::to_string(s.exit_status) + " " + (s.client_gone ? "1" : "0"));
    field("counts",
          std::to_string(g_rinit) + " " + std::to_string(g_rshutdown) + " " + std::to_string(g_logical_start) + " " +
              std::to_string(g_logical_end));
    field("done", "");
    std::cout.flush();
}

}  // namespace

// Arguments: [--worker SCRIPT] [-d name=value]... With --worker, every request goes to the worker
// script through Runtime::serve_worker(); its loop's result is printed at the end ("worker").
int main(int argc, char** argv) {
    php::runtime_options o;
    o.modules = {phpbind_module_serve_host()};
    std::string worker;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string opt = argv[i], kv = argv[i + 1];
        size_t eq = kv.find('=');
        if (opt == "--worker") worker = kv;
        else if (opt == "-d" && eq != std::string::npos) o.ini.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    php::Runtime rt(std::move(o));
    if (!worker.empty()) {
        std::unique_ptr<exchange> current;
        php::worker_result w = rt.serve_worker(worker, [&](const php::served* previous) -> php::worker_request {
            if (previous) report(*previous);
            current = std::make_unique<exchange>();
            if (!current->read()) return {};
            return {&current->req, &current->res};
        });
        // The loop's counts, then the module's: RINIT, RSHUTDOWN, logical request starts and ends.
        field("worker",
              std::to_string(w.requests) + " " + std::to_string(w.restarts) + " " + std::to_string(w.exit_status) +
                  " " + std::to_string(g_rinit) + " " + std::to_string(g_rshutdown) + " " +
                  std::to_string(g_logical_start) + " " + std::to_string(g_logical_end));
        std::cout.flush();
        return 0;
    }
    for (;;) {
        exchange x;
        if (!x.read()) break;
        report(rt.serve(x.req, x.res));
    }
    return 0;
}
