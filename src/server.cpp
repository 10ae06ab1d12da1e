// src/server.cpp — php::Runtime::serve(): HTTP requests to PHP scripts through the engine's own
// request machinery.
//
// A served request is an ordinary engine request whose SAPI context
// (SG(server_context)) is a served_request: the callbacks installed below
// answer the engine from it — the body (read_post), the cookies
// (read_cookies), $_SERVER (register_server_variables), getenv(), the
// Authorization header (activate) — and send the status, the headers
// (send_headers) and the output (ub_write, flush) to the host. With no context
// (Runtime::request(), lib and bin mode) each callback does what the embed SAPI
// does. What the engine then does with them — parsing $_GET, $_POST, $_COOKIE
// and $_FILES, post_max_size and its siblings, php://input, header(),
// setcookie(), output buffering, removing uploaded files — is its own code,
// main/SAPI.c and main/php_variables.c, as under php-fpm (sapi/fpm/fpm/fpm_main.c,
// whose choices are followed where php-fpm's differ from the CGI spec).
//
// This file is linked only into programs that call Runtime::serve(): its
// static initializer hands Runtime the callback installer.
// phpbind_handle_request()'s module is registered by each Runtime, not loaded by PHP.
#define PHPBIND_NO_GET_MODULE
#include <phpbind/phpbind.hpp>
#include <phpbind/server.hpp>

#include <phpbind/detail/edge.hpp>

#include "internal.hpp"

#include <main/SAPI.h>
#include <main/http_status_codes.h>
#include <main/php_main.h>
#include <main/php_output.h>
#include <main/php_variables.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

PHPBIND_NAMESPACE_BEGIN

namespace detail {
namespace {

// One request's SAPI context: what the engine reads, kept alive (and
// NUL-terminated) for the request, since SG(request_info) points into it.
struct served_request {
    served_request(const http_request& q, http_response& s) : req(q), res(s) {}
    const http_request& req;
    http_response& res;
    std::string method, query, content_type, script_name, script_filename, php_self;
    std::string cookie, authorization, content_length;
    bool has_cookie = false, has_authorization = false;
    std::vector<std::pair<std::string, std::string>> vars;  // $_SERVER's and getenv()'s, in order
    int status = 0;  // sent with the headers
    bool gone = false;  // the client went away
};

served_request* current() noexcept { return static_cast<served_request*>(SG(server_context)); }

// The embed SAPI's callbacks the served ones fall back on.
size_t (*embed_write)(const char*, size_t) = nullptr;
void (*embed_flush)(void*) = nullptr;

// What nginx accepts as a header name (ignore_invalid_headers on, underscores_in_headers off).
bool valid_header_name(std::string_view name) noexcept {
    if (name.empty()) return false;
    for (unsigned char c : name) {
        if (!std::isalnum(c) && c != '-') return false;
    }
    return true;
}

bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

void set_var(std::vector<std::pair<std::string, std::string>>& vars, std::string name, std::string value) {
    for (auto& [k, v] : vars) {
        if (k == name) {
            v = std::move(value);
            return;
        }
    }
    vars.emplace_back(std::move(name), std::move(value));
}

// The CGI/1.1 variables nginx sends with Debian's fastcgi.conf and fastcgi-php.conf, in their
// order; then one HTTP_* per header name (repeated names joined); then the host's extras.
void build_vars(served_request& r, const script_location& loc) {
    const http_request& q = r.req;
    size_t qmark = q.target.find('?');
    r.query = qmark == std::string::npos ? std::string() : q.target.substr(qmark + 1);
    r.method = q.method;
    std::string& content_length = r.content_length;
    std::vector<std::pair<std::string, std::string>> http;
    std::unordered_map<std::string, size_t> http_at;  // name -> index in `http`: any number of headers
    for (const http_header& h : q.headers) {
        if (!valid_header_name(h.name)) continue;
        bool cookie = iequals(h.name, "Cookie");
        std::string key = "HTTP_";
        for (char c : h.name) key += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        auto [at, fresh] = http_at.try_emplace(key, http.size());
        if (fresh) {
            http.emplace_back(std::move(key), h.value);
        } else {
            std::string& joined = http[at->second].second;
            joined += cookie ? "; " : ", ";
            joined += h.value;
        }
    }
    for (auto& [k, v] : http) {
        if (k == "HTTP_CONTENT_TYPE") r.content_type = v;
        else if (k == "HTTP_CONTENT_LENGTH") content_length = v;
        else if (k == "HTTP_COOKIE") r.cookie = v, r.has_cookie = true;
        else if (k == "HTTP_AUTHORIZATION") r.authorization = v, r.has_authorization = true;
    }
    std::string host_name;
    for (auto& [k, v] : http) {
        if (k != "HTTP_HOST") continue;
        // "name:port", "[v6]:port"
        size_t end = v.size();
        if (!v.empty() && v[0] == '[') {
            size_t close = v.find(']');
            end = close == std::string::npos ? v.size() : close + 1;
        } else if (size_t colon = v.find(':'); colon != std::string::npos) {
            end = colon;
        }
        host_name = v.substr(0, end);
    }
    r.script_name = loc.script_name;
    r.script_filename = loc.script_filename;
    r.php_self = loc.script_name + loc.path_info;
    auto& vars = r.vars;
    vars = {
        {"QUERY_STRING", r.query},          {"REQUEST_METHOD", q.method},
        {"CONTENT_TYPE", r.content_type},   {"CONTENT_LENGTH", content_length},
        {"SCRIPT_NAME", loc.script_name},   {"REQUEST_URI", q.target},
        {"DOCUMENT_URI", loc.document_uri}, {"DOCUMENT_ROOT", q.document_root},
        {"SERVER_PROTOCOL", q.protocol},    {"REQUEST_SCHEME", q.tls ? "https" : "http"},
    };
    if (q.tls) vars.emplace_back("HTTPS", "on");
    vars.insert(vars.end(),
                {
                    {"GATEWAY_INTERFACE", "CGI/1.1"},
                    {"SERVER_SOFTWARE", "phpbind/" PHPBIND_VERSION_STRING},
                    {"REMOTE_ADDR", q.remote_addr},
                    {"REMOTE_PORT", std::to_string(q.remote_port)},
                    {"SERVER_ADDR", q.local_addr},
                    {"SERVER_PORT", std::to_string(q.local_port)},
                    {"SERVER_NAME",
                     !q.server_name.empty()   ? q.server_name
                         : !host_name.empty() ? host_name
                                              : q.local_addr},
                    {"REDIRECT_STATUS", "200"},
                    {"SCRIPT_FILENAME", loc.script_filename},
                    {"PATH_INFO", loc.path_info},
                });
    // The HTTP_* names are distinct, and no CGI variable above starts with "HTTP_".
    for (auto& kv : http) vars.push_back(std::move(kv));
    for (auto& [k, v] : q.server_vars) set_var(vars, k, v);
}

// ---- the SAPI callbacks ------------------------------------------------------------------------

// The engine takes a short read for the end of the body (sapi_read_standard_form_data()), so a
// block is filled unless the host's reader reports the end.
size_t served_read_post(char* buf, size_t size) {
    served_request* r = current();
    if (!r || !r->req.body) return 0;
    size_t got = 0;
    try {
        while (got < size) {
            size_t n = r->req.body(buf + got, size - got);
            if (n == 0) break;
            got += n < size - got ? n : size - got;
        }
    } catch (...) {
        // A reader that throws ends the body; C++ cannot unwind through the engine.
    }
    return got;
}

char* served_read_cookies() {
    served_request* r = current();
    return r && r->has_cookie ? r->cookie.data() : nullptr;
}

// The Authorization header as php-fpm hands it to the engine (init_request_info()):
// PHP_AUTH_USER/PHP_AUTH_PW for Basic, PHP_AUTH_DIGEST for Digest.
int served_activate() {
    if (served_request* r = current()) php_handle_auth_data(r->has_authorization ? r->authorization.c_str() : nullptr);
    return SUCCESS;
}

void register_filtered(const char* name, const std::string& value, zval* array) {
    char* val = estrndup(value.data(), value.size());
    size_t len = value.size();
    // A filter (ext/filter) may replace the value with one of its own, freeing ours.
    if (sapi_module.input_filter(PARSE_SERVER, name, &val, len, &len))
        php_register_variable_safe(name, val, len, array);
    efree(val);
}

void served_register_variables(zval* array) {
    served_request* r = current();
    if (!r) {
        php_import_environment_variables(array);  // the embed SAPI's $_SERVER
        return;
    }
    for (auto& [k, v] : r->vars) register_filtered(k.c_str(), v, array);
    register_filtered("PHP_SELF", r->php_self, array);  // SCRIPT_NAME + PATH_INFO, as php-fpm
}

char* served_getenv(const char* name, size_t len) {
    served_request* r = current();
    if (!r) return nullptr;
    for (auto it = r->vars.rbegin(); it != r->vars.rend(); ++it) {
        if (it->first.size() == len && std::memcmp(it->first.data(), name, len) == 0) return it->second.data();
    }
    return nullptr;
}

const char* standard_reason(int code) noexcept {
    for (const http_response_status_code_pair* p = http_status_map; p->code; ++p) {
        if (p->code == code) return p->str;
    }
    return "";
}

// "404 Not Found" → 404, "Not Found"
void parse_status(std::string_view s, int& code, std::string& reason) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    code = std::atoi(std::string(s.substr(0, 3)).c_str());
    size_t sp = s.find(' ');
    reason = sp == std::string_view::npos ? std::string() : std::string(s.substr(sp + 1));
}

// The response php-fpm's headers give through nginx (sapi_cgi_send_headers()): a status line
// the script set ("HTTP/1.1 404 ...") when the code is not 200, else a "Status:" header, else the
// response code; "Status:" never a header of its own; no Content-Type with 304.
int served_send_headers(sapi_headers_struct* sh) {
    served_request* r = current();
    if (!r) return SAPI_HEADER_SENT_SUCCESSFULLY;
    int code = sh->http_response_code ? sh->http_response_code : 200;
    std::string reason;
    bool from_line = false;
    if (code != 200 && sh->http_status_line && std::strncmp(sh->http_status_line, "HTTP/", 5) == 0) {
        if (const char* sp = std::strchr(sh->http_status_line, ' ')) {
            parse_status(sp, code, reason);
            from_line = true;
        }
    }
    std::vector<http_header> headers;
    bool status_header = false;
    zend_llist_position pos;
    for (auto* h = static_cast<sapi_header_struct*>(zend_llist_get_first_ex(&sh->headers, &pos)); h;
         h = static_cast<sapi_header_struct*>(zend_llist_get_next_ex(&sh->headers, &pos))) {
        std::string_view line(h->header, h->header_len);
        size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        std::string_view name = line.substr(0, colon), value = line.substr(colon + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
        if (iequals(name, "Status")) {
            if (!from_line && !status_header) parse_status(value, code, reason);
            status_header = true;
            continue;
        }
        headers.push_back({std::string(name), std::string(value)});
    }
    if (code == 304) {
        std::erase_if(headers, [](const http_header& h) { return iequals(h.name, "Content-Type"); });
    }
    if (reason.empty()) reason = standard_reason(code);
    r->status = code;
    try {
        r->res.start(code, reason, headers);
    } catch (...) {
        r->gone = true;
    }
    return SAPI_HEADER_SENT_SUCCESSFULLY;
}

// A client gone ends the script unless it ignores user aborts (php_handle_aborted_connection()
// bails out), as under php-fpm; nothing with a destructor is alive here when it does.
size_t served_write(const char* str, size_t len) {
    served_request* r = current();
    if (!r) return embed_write(str, len);
    if (r->gone) return len;
    bool ok;
    try {
        ok = r->res.write(std::string_view(str, len));
    } catch (...) {
        ok = false;
    }
    if (!ok) {
        r->gone = true;
        php_handle_aborted_connection();
    }
    return len;
}

void served_flush(void* context) {
    served_request* r = static_cast<served_request*>(context);
    if (!r) return embed_flush(context);
    if (r->gone) return;
    if constexpr (flush_sends_headers) sapi_send_headers();
    bool ok;
    try {
        ok = r->res.flush();
    } catch (...) {
        ok = false;
    }
    if (!ok) {
        r->gone = true;
        php_handle_aborted_connection();
    }
}

void install(sapi_module_struct& sapi) noexcept {
    embed_write = sapi.ub_write;
    embed_flush = sapi.flush;
    sapi.ub_write = served_write;
    sapi.flush = served_flush;
    sapi.read_post = served_read_post;
    sapi.read_cookies = served_read_cookies;
    sapi.activate = served_activate;
    sapi.register_server_variables = served_register_variables;
    sapi.getenv = served_getenv;
    sapi.send_headers = served_send_headers;
}

[[maybe_unused]] const bool installed = (runtime_sapi_setup = install, true);

// An answer of serve()'s own, when no script runs.
void answer(http_response& res, int code) {
    std::string reason = standard_reason(code);
    std::string body = std::to_string(code) + " " + reason + "\n";
    res.start(code, reason,
              {{"Content-Type", "text/plain; charset=UTF-8"}, {"Content-Length", std::to_string(body.size())}});
    res.write(body);
}

// What php-fpm sets before it starts a request (init_request_info()): SG(request_info) points
// into `r`, which outlives the request.
void set_request_info(served_request& r) {
    sapi_request_info& ri = SG(request_info);
    ri.request_method = r.method.c_str();
    ri.query_string = r.query.data();
    ri.request_uri = r.script_name.data();
    ri.path_translated = r.script_filename.data();
    ri.content_type = r.content_type.c_str();
    ri.content_length = std::atol(r.content_length.c_str());
    ri.argc = 0;  // $_SERVER['argv'] from the query string, as php-fpm
    ri.argv = nullptr;
    SG(sapi_headers).http_response_code = 200;
    SG(server_context) = &r;
}

void clear_request_info() noexcept {
    sapi_request_info& ri = SG(request_info);
    SG(server_context) = nullptr;
    ri.request_method = nullptr;
    ri.query_string = nullptr;
    ri.request_uri = nullptr;
    ri.path_translated = nullptr;
    ri.content_type = nullptr;
    ri.content_length = 0;
    ri.cookie_data = nullptr;  // the request's Cookie header: a later request must not read it
}

// ---- worker mode ------------------------------------------------------------------------------

// A worker script's loop: the host's source of requests and the request being handled.
struct worker_loop {
    explicit worker_loop(const std::function<worker_request(const served*)>& n) : next(n) {}
    const std::function<worker_request(const served*)>& next;
    std::string script_filename, script_name;
    served last;
    bool has_last = false;
    std::unique_ptr<served_request> current;  // the request being handled
    bool stop = false;  // `next` had no more
    uint64_t handled = 0;
};
thread_local worker_loop* t_worker = nullptr;

// Modules that keep a request's input in request state of their own get their RSHUTDOWN and
// RINIT around each request of a worker: ext/filter copies the superglobals (and its SAPI hook,
// input_filter_init, forgets its copies without freeing them), ext/session holds the session.
void cycle_request_modules(bool start) {
    for (const char* name : {"filter", "session"}) {
        auto* m = static_cast<zend_module_entry*>(zend_hash_str_find_ptr(&module_registry, name, strlen(name)));
        if (!m) continue;
        if (start && m->request_startup_func) m->request_startup_func(m->type, m->module_number);
        if (!start && m->request_shutdown_func) m->request_shutdown_func(m->type, m->module_number);
    }
}

// A logical request inside the worker's engine request: what php_request_startup() does for the
// SAPI, the output layer and the superglobals, without the engine request around them. The
// output the worker script wrote since the last request (to the host's output sink) ends first.
void open_logical() {
    php_output_end_all();
    php_output_deactivate();
    // As at a request's startup, the engine's warnings (post_max_size, max_input_vars, ...) name
    // "PHP Request Startup" and no script line.
    zend_execute_data* frame = EG(current_execute_data);
    EG(current_execute_data) = nullptr;
    PG(during_request_startup) = 1;
    php_output_activate();
    PG(header_is_being_sent) = 0;
    PG(connection_status) = PHP_CONNECTION_NORMAL;
    // The worker's engine request started a header list of its own (X-Powered-By); a request's
    // starts afresh (sapi_activate() initialises it without freeing it).
    zend_llist_destroy(&SG(sapi_headers).headers);
    cycle_request_modules(false);
    sapi_activate();  // headers, the body (POST parsing reads it), cookies, authorization
    if (PG(expose_php) && !SG(headers_sent)) {
        sapi_add_header(SAPI_PHP_VERSION_HEADER, sizeof(SAPI_PHP_VERSION_HEADER) - 1, 1);
    }
    if (PG(output_handler) && PG(output_handler)[0]) {
        zval handler;
        ZVAL_STRING(&handler, PG(output_handler));
        php_output_start_user(&handler, 0, PHP_OUTPUT_HANDLER_STDFLAGS);
        zval_ptr_dtor(&handler);
    } else if (PG(output_buffering)) {
        php_output_start_user(nullptr, PG(output_buffering) > 1 ? PG(output_buffering) : 0,
                              PHP_OUTPUT_HANDLER_STDFLAGS);
    } else if (PG(implicit_flush)) {
        php_output_set_implicit_flush(1);
    }
    // Fresh superglobals: the previous request's are released (php_request_shutdown()'s step 8),
    // then built again; $_SERVER and $_REQUEST at once, since code compiled before this request
    // (the handler) will not ask for them (auto_globals_jit).
    for (zval& g : PG(http_globals)) zval_ptr_dtor(&g);
    php_hash_environment();
    zend_is_auto_global_str(ZEND_STRL("_SERVER"));
    zend_is_auto_global_str(ZEND_STRL("_REQUEST"));
    cycle_request_modules(true);
    PG(during_request_startup) = 0;
    EG(current_execute_data) = frame;
    zend_set_timeout(EG(timeout_seconds), 1);  // max_execution_time per request
}

// The end of a logical request: the output buffers flushed, the headers sent if nothing was,
// the body drained and php://input's copy closed, uploaded files removed; then the worker's own
// output goes to the host's sink again.
void close_logical() {
    zend_unset_timeout();
    php_output_end_all();
    cycle_request_modules(false);  // a session is written now, not when the next request starts
    php_output_deactivate();
    if (SG(request_info).request_body) {
        php_stream_close(SG(request_info).request_body);
        SG(request_info).request_body = nullptr;
    }
    sapi_deactivate();
    clear_request_info();
    php_output_activate();
    SG(headers_sent) = 1;
    SG(request_info).no_headers = 1;
    cycle_request_modules(true);
}

// The modules' logical request end for a request exit() or a fatal error cut short, before the
// engine's shutdown (as shutdown functions run after a bailout).
void end_broken_logical() PHPBIND_JMP_NOEXCEPT {
    zend_try { logical_request_end(); }
    zend_end_try();
}

void end_logical(worker_loop& w, int exit_status) {
    served_request& r = *w.current;
    into_php([] {
        logical_request_end();
        close_logical();
    });
    w.last = served{r.status, exit_status, r.gone};
    w.has_last = true;
    ++w.handled;
    w.current.reset();
}

// The host's working directory, back after a script changed it: php_execute_script() makes the
// script's directory the working directory, as php-fpm's does. A thread-safe engine's is virtual
// and begins each request as the process's (zend_activate(): virtual_cwd_activate()).
struct host_cwd {
#ifndef ZTS
    char dir[MAXPATHLEN];
    bool have = getcwd(dir, sizeof dir) != nullptr;
    void restore() const noexcept {
        if (have) (void)chdir(dir);
    }
#else
    void restore() const noexcept {}
#endif
};

// serve() and serve_worker() run on a thread with the engine's globals and nothing open on it.
void refuse_busy_thread(const char* what) {
    if (runtime_request_open) throw error(std::string(what) + ": a request is already open on this thread");
    if (t_worker) throw error(std::string(what) + ": a worker loop runs on this thread");
#ifdef ZTS
    if (!tsrm_get_ls_cache()) {
        throw error(std::string(what) + ": this thread has no engine globals: run it inside a php::engine_thread");
    }
#endif
}

int hex(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace
}  // namespace detail

namespace detail {
namespace {

// phpbind_handle_request(callable $handler): bool — see server.md, "Worker mode".
bool handle_request(Callable handler) {
    worker_loop* w = t_worker;
    if (!w) throw error("phpbind_handle_request(): no worker loop runs this script (php::Runtime::serve_worker())");
    if (w->current) throw error("phpbind_handle_request(): a request is being handled already");
    worker_request next = w->next(w->has_last ? &w->last : nullptr);
    if (!next.request) {
        w->stop = true;
        return false;
    }
    script_location loc;
    loc.script_filename = w->script_filename;
    loc.script_name = w->script_name;
    std::string_view target(next.request->target);
    loc.document_uri = std::string(target.substr(0, target.find('?')));
    w->current = std::make_unique<served_request>(*next.request, *next.response);
    build_vars(*w->current, loc);
    served_request* r = w->current.get();
    into_php([r] {
        set_request_info(*r);
        open_logical();
        logical_request_start();  // the modules' on_logical_request_start
    });
    // exit() and fatal errors go on to end the worker's engine request (serve_worker() completes
    // the response); an uncaught exception is reported as PHP reports one, and the request gets 500.
    int status = 0;
    try {
        handler();
    } catch (const error_already_set& e) {
        report_uncaught(e.object());
        if (!SG(headers_sent)) SG(sapi_headers).http_response_code = 500;
        status = 255;
    }
    end_logical(*w, status);
    return true;
}

}  // namespace
}  // namespace detail

PHPBIND_NAMESPACE_END

PHPBIND_EXTENSION(phpbind_server, m) {
    m.def<&::php::detail::handle_request>("phpbind_handle_request", ::php::arg("handler"));
}

PHPBIND_NAMESPACE_BEGIN

namespace detail {
namespace {
[[maybe_unused]] const bool module_given = (runtime_server_module = &phpbind_module_phpbind_server, true);
}  // namespace
}  // namespace detail

script_location resolve_script(std::string_view document_root, std::string_view target) {
    script_location loc;
    std::string_view path = target.substr(0, target.find('?'));
    if (path.empty() || path.front() != '/') {
        loc.status = 400;
        return loc;
    }
    // Decode, then split into segments: "//" merged, "." dropped, ".." back one (above the root: 400).
    std::string decoded;
    for (size_t i = 0; i < path.size(); ++i) {
        char c = path[i];
        if (c == '%') {
            int hi = i + 2 < path.size() ? detail::hex(path[i + 1]) : -1;
            int lo = hi >= 0 ? detail::hex(path[i + 2]) : -1;
            if (lo < 0) {
                loc.status = 400;
                return loc;
            }
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
        }
        if (c == '\0') {
            loc.status = 400;
            return loc;
        }
        decoded += c;
    }
    std::vector<std::string_view> segments;
    std::string_view rest(decoded);
    bool trailing_slash = false;
    while (!rest.empty()) {
        rest.remove_prefix(1);  // '/'
        size_t slash = rest.find('/');
        std::string_view seg = rest.substr(0, slash);
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
        trailing_slash = seg.empty() || seg == "." || seg == "..";
        if (seg.empty() || seg == ".") continue;
        if (seg == "..") {
            if (segments.empty()) {
                loc.status = 400;
                return loc;
            }
            segments.pop_back();
            continue;
        }
        trailing_slash = false;
        segments.push_back(seg);
    }
    std::string uri;
    for (std::string_view s : segments) (uri += '/') += s;
    if (uri.empty() || trailing_slash) uri += '/';
    // A directory's index: nginx's `index index.php` redirects the request to it internally, so
    // DOCUMENT_URI names it too (REQUEST_URI keeps the path the client sent).
    std::string script = uri.back() == '/' ? uri + "index.php" : uri;
    loc.document_uri = script;
    // The first ".php" that ends the path or a segment.
    size_t at = 0;
    for (;;) {
        at = script.find(".php", at);
        if (at == std::string::npos) {
            loc.status = 404;
            return loc;
        }
        size_t end = at + 4;
        if (at > 0 && script[at - 1] != '/' && (end == script.size() || script[end] == '/')) {
            loc.script_name = script.substr(0, end);
            loc.path_info = script.substr(end);
            break;
        }
        at = end;
    }
    std::string root(document_root);
    if (root.empty() || root[0] != '/') {
        // The script runs from its own directory (php_execute_script() changes to it before it
        // opens the file): a relative root would not be found from there.
        char cwd[MAXPATHLEN];
        if (getcwd(cwd, sizeof cwd)) root = std::string(cwd) + "/" + root;
    }
    while (root.size() > 1 && root.back() == '/') root.pop_back();
    loc.script_filename = root + loc.script_name;
    struct stat st;
    if (stat(loc.script_filename.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        loc.status = 404;
        loc.script_filename.clear();
    }
    return loc;
}

served Runtime::serve(const http_request& request, http_response& response) {
    detail::refuse_busy_thread("php::Runtime::serve");
    served out;
    script_location loc;
    if (request.script_filename.empty()) {
        loc = resolve_script(request.document_root, request.target);
    } else {
        loc.script_filename = request.script_filename;
        loc.script_name = request.script_name;
        loc.path_info = request.path_info;
        loc.document_uri = request.script_name + request.path_info;
    }
    if (loc.status) {
        detail::answer(response, loc.status);
        out.status = loc.status;
        return out;
    }
    detail::served_request r(request, response);
    detail::build_vars(r, loc);

    detail::set_request_info(r);
    // The script's directory becomes the working directory, as php-fpm's; the host's is restored.
    bool no_chdir = SG(options) & SAPI_OPTION_NO_CHDIR;
    SG(options) &= ~SAPI_OPTION_NO_CHDIR;
    const detail::host_cwd cwd{};
    auto reset = [&] {
        detail::clear_request_info();
        if (no_chdir) SG(options) |= SAPI_OPTION_NO_CHDIR;
        cwd.restore();
    };
    if (php_request_startup() == FAILURE) {
        reset();
        throw error("php::Runtime::serve: request startup failed");
    }
    detail::runtime_request_open = true;
    requests_.fetch_add(1, std::memory_order_relaxed);
    EG(exit_status) = 0;
    detail::execute_script(r.script_filename.c_str());
    detail::unwinding = detail::unwind_state{};
    out.exit_status = EG(exit_status);
    detail::runtime_request_open = false;
    php_request_shutdown(nullptr);  // sends the headers if no output did
    out.status = r.status;
    out.client_gone = r.gone;
    reset();
    return out;
}

worker_result Runtime::serve_worker(const std::string& script,
                                    const std::function<worker_request(const served*)>& next) {
    detail::refuse_busy_thread("php::Runtime::serve_worker");
    worker_result out;
    detail::worker_loop w(next);
    char real[MAXPATHLEN];
    w.script_filename = realpath(script.c_str(), real) ? real : script;
    w.script_name = "/" + w.script_filename.substr(w.script_filename.rfind('/') + 1);
    struct loop_scope {
        detail::worker_loop* w;
        explicit loop_scope(detail::worker_loop* l) : w(l) { detail::t_worker = l; }
        ~loop_scope() { detail::t_worker = nullptr; }
    } scope(&w);
    bool no_chdir = SG(options) & SAPI_OPTION_NO_CHDIR;
    const detail::host_cwd cwd{};
    for (;;) {
        // The worker script's engine request: no HTTP request of its own; what it writes between
        // requests goes to the host's output sink.
        SG(request_info).argc = 0;
        SG(request_info).argv = nullptr;
        SG(request_info).path_translated = w.script_filename.data();
        SG(options) &= ~SAPI_OPTION_NO_CHDIR;
        detail::worker_engine_request = true;  // RINIT/RSHUTDOWN: no logical request of their own
        if (php_request_startup() == FAILURE) {
            detail::worker_engine_request = false;
            throw error("php::Runtime::serve_worker: request startup failed");
        }
        SG(headers_sent) = 1;
        SG(request_info).no_headers = 1;
        detail::runtime_request_open = true;
        requests_.fetch_add(1, std::memory_order_relaxed);
        EG(exit_status) = 0;
        uint64_t before = w.handled;
        detail::execute_script(w.script_filename.c_str());
        detail::unwinding = detail::unwind_state{};
        out.exit_status = EG(exit_status);
        // exit() or a fatal error during a request: the engine's shutdown completes its response.
        bool broken = w.current != nullptr;
        if (broken && !SG(headers_sent)) SG(sapi_headers).http_response_code = 500;
        if (broken) detail::end_broken_logical();
        detail::runtime_request_open = false;
        php_request_shutdown(nullptr);
        detail::worker_engine_request = false;
        if (broken) {
            w.last = served{w.current->status, out.exit_status, w.current->gone};
            w.has_last = true;
            ++w.handled;
            w.current.reset();
        }
        detail::clear_request_info();
        if (no_chdir) SG(options) |= SAPI_OPTION_NO_CHDIR;
        cwd.restore();
        // Ended for good: no more requests, or a script that handled none (it would only fail again).
        if (w.stop || w.handled == before) break;
        ++out.restarts;
    }
    out.requests = w.handled;
    return out;
}

PHPBIND_NAMESPACE_END
