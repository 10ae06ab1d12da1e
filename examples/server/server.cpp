// examples/server/server.cpp — phpbind-server: an HTTP/1.1 server for PHP applications, on
// php::Runtime::serve() and Boost.Beast's HTTP parser.
//
//   phpbind-server --root /srv/app/public [--listen 127.0.0.1:8080] [--workers 4]
//                  [--worker SCRIPT | --front-controller index.php] [--max-requests 1000]
//                  [--access-log FILE] [--max-body 16M] [--header-timeout 10] [-d name=value]...
//
// A master process binds the socket, starts the PHP engine (one php::Runtime: every module's
// MINIT) and keeps --workers worker processes forked from it, as php-fpm's pm=static does. Each
// worker reads its clients in an event loop (as nginx does in front of php-fpm) and runs one
// complete request at a time. PHP files run through Runtime::serve() (the request as php-fpm
// behind nginx sees it); other files under the root are sent as they are (MIME type,
// ETag/If-None-Match, Last-Modified, single byte ranges). SIGTERM or SIGINT: every worker
// finishes the requests it has read, then the server exits. See README.md.
#include <phpbind/server.hpp>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace http = boost::beast::http;
using clock_type = std::chrono::steady_clock;

namespace {

struct config {
    std::string root;
    std::string address = "127.0.0.1";
    uint16_t port = 8080;
    int workers = 2;
    long max_requests = 0;  // per worker; 0: no limit
    std::string access_log;
    size_t max_body = 16 << 20;  // nginx's client_max_body_size
    size_t max_header = 32 << 10;  // nginx's large_client_header_buffers: 4 x 8k
    int header_timeout = 10;  // seconds for a whole request header (nginx's client_header_timeout)
    int body_timeout = 10;  // seconds between two reads of the body (client_body_timeout)
    int keepalive_timeout = 5;  // seconds an idle connection is kept
    std::vector<std::pair<std::string, std::string>> ini;
    std::string worker;  // a worker script: every request not for a static file goes to it
    std::string front_controller;  // a script under the root for every path that is no file
};

volatile sig_atomic_t g_stop = 0;

// What the workers tell each other, in memory shared by the master and its workers: a connection
// stays with the worker that accepted it (keep-alive), so a new one goes to the worker with the
// fewest, not to whichever polls first. A worker running one PHP request for longer than
// `stuck_ms` does not count: new clients must not wait for a slow script.
struct worker_slot {
    std::atomic<int> connections{0};
    std::atomic<long long> busy_since{0};  // steady-clock ms; 0 while the worker waits for clients
};
constexpr long long stuck_ms = 100;
worker_slot* g_slots = nullptr;  // one per worker
int g_slot_count = 0;
int g_slot = -1;  // this worker's

long long now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now().time_since_epoch()).count();
}
// Whether this worker, holding `mine` connections, takes the next one.
bool fewest_connections(int mine) {
    long long now = now_ms();
    for (int i = 0; i < g_slot_count; ++i) {
        if (i == g_slot) continue;
        long long busy = g_slots[i].busy_since.load(std::memory_order_relaxed);
        if (busy != 0 && now - busy >= stuck_ms) continue;
        if (g_slots[i].connections.load(std::memory_order_relaxed) < mine) return false;
    }
    return true;
}
void set_connections(size_t n) {
    if (g_slot >= 0) g_slots[g_slot].connections.store(static_cast<int>(n), std::memory_order_relaxed);
}
void set_busy(bool busy) {
    if (g_slot >= 0) g_slots[g_slot].busy_since.store(busy ? now_ms() : 0, std::memory_order_relaxed);
}
void on_stop(int) { g_stop = 1; }

// ---- writing to the client -------------------------------------------------------------------

bool send_all(int fd, std::string_view data) {
    while (!data.empty()) {
        ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;  // the client is gone, or too slow (SO_SNDTIMEO)
        data.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

std::string http_date(time_t t) {
    char buf[64];
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    return buf;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
        std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

// One response on the connection: HTTP/1.1 framing around what Runtime::serve() hands over.
// Without a Content-Length from PHP the body is chunked (HTTP/1.1) or ends with the connection
// (HTTP/1.0). The status line and headers wait for the first body bytes (or the end, or PHP's
// flush()), so a small response leaves in one packet.
struct connection_response : php::http_response {
    int fd;
    bool head, http11, keep_alive;
    bool chunked = false, no_body = false, ok = true;
    long long content_length = -1, sent = 0;
    int status = 0;
    std::string out;  // not sent yet

    connection_response(int f, bool is_head, bool is_http11, bool alive)
        : fd(f), head(is_head), http11(is_http11), keep_alive(alive) {}

    void start(int code, std::string_view reason, const std::vector<php::http_header>& headers) override {
        status = code;
        no_body = head || code == 204 || code == 304 || code < 200;
        out = (http11 ? "HTTP/1.1 " : "HTTP/1.0 ") + std::to_string(code) + " " + std::string(reason) + "\r\n";
        out += "Server: phpbind-server\r\nDate: " + http_date(time(nullptr)) + "\r\n";
        for (const auto& h : headers) {
            if (iequals(h.name, "Content-Length")) content_length = std::atoll(h.value.c_str());
            if (iequals(h.name, "Connection") || iequals(h.name, "Transfer-Encoding")) continue;  // ours to decide
            out += h.name + ": " + h.value + "\r\n";
        }
        if (!no_body && content_length < 0) {
            if (http11) chunked = true;
            else keep_alive = false;  // the body ends with the connection
        }
        if (chunked) out += "Transfer-Encoding: chunked\r\n";
        out += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
    }
    bool write(std::string_view chunk) override {
        if (!ok) return false;
        if (no_body || chunk.empty()) return true;
        sent += static_cast<long long>(chunk.size());
        if (chunked) {
            char size[32];
            snprintf(size, sizeof size, "%zx\r\n", chunk.size());
            out += size;
            out += chunk;
            out += "\r\n";
        } else {
            out += chunk;
        }
        return send_pending();
    }
    bool flush() override { return send_pending(); }
    bool send_pending() {
        if (ok && !out.empty()) ok = send_all(fd, out);
        out.clear();
        return ok;
    }
    // Ends the response; false when the connection cannot carry another one.
    bool finish() {
        if (chunked) out += "0\r\n\r\n";
        send_pending();
        if (!no_body && content_length >= 0 && sent != content_length) return false;  // framing broken
        return ok && keep_alive;
    }
};

void simple_response(int fd, int code, std::string_view reason, bool keep_alive = false,
                     const std::vector<php::http_header>& extra = {}, std::string_view body = {}, bool head = false) {
    connection_response r(fd, head, true, keep_alive);
    std::vector<php::http_header> h = extra;
    std::string text = body.empty() ? std::to_string(code) + " " + std::string(reason) + "\n" : std::string(body);
    if (code != 304) {
        if (body.empty()) h.push_back({"Content-Type", "text/plain; charset=UTF-8"});
        h.push_back({"Content-Length", std::to_string(text.size())});
    }
    r.start(code, reason, h);
    r.write(text);
    r.finish();
}

// ---- static files ------------------------------------------------------------------------------

const char* mime_type(const std::string& path) {
    static const std::map<std::string, const char*> types = {
        {"html", "text/html; charset=UTF-8"},
        {"htm", "text/html; charset=UTF-8"},
        {"css", "text/css"},
        {"js", "text/javascript"},
        {"mjs", "text/javascript"},
        {"json", "application/json"},
        {"txt", "text/plain; charset=UTF-8"},
        {"xml", "application/xml"},
        {"svg", "image/svg+xml"},
        {"png", "image/png"},
        {"jpg", "image/jpeg"},
        {"jpeg", "image/jpeg"},
        {"gif", "image/gif"},
        {"webp", "image/webp"},
        {"ico", "image/x-icon"},
        {"wasm", "application/wasm"},
        {"pdf", "application/pdf"},
        {"woff", "font/woff"},
        {"woff2", "font/woff2"},
        {"mp4", "video/mp4"},
        {"zip", "application/zip"},
    };
    size_t dot = path.rfind('.'), slash = path.rfind('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "application/octet-stream";
    std::string ext = path.substr(dot + 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto it = types.find(ext);
    return it == types.end() ? "application/octet-stream" : it->second;
}

// A file, its validators and one byte range ("bytes=a-b", "a-", "-n"); several ranges: the whole.
int send_file(int fd, const std::string& path, const struct stat& st, const http::request<http::string_body>& req,
              bool head, bool keep_alive, long long& sent) {
    char etag[64];
    snprintf(etag, sizeof etag, "\"%llx-%llx\"", static_cast<long long>(st.st_mtime),
             static_cast<long long>(st.st_size));
    std::vector<php::http_header> h = {
        {"Last-Modified", http_date(st.st_mtime)}, {"ETag", etag}, {"Accept-Ranges", "bytes"}};
    if (auto inm = req.find(http::field::if_none_match); inm != req.end()) {
        std::string_view v(inm->value().data(), inm->value().size());
        if (v == "*" || v.find(etag) != std::string_view::npos) {
            simple_response(fd, 304, "Not Modified", keep_alive, h);
            return 304;
        }
    }
    long long size = st.st_size, from = 0, to = size - 1;
    int code = 200;
    if (auto range = req.find(http::field::range); range != req.end()) {
        std::string v(range->value().data(), range->value().size());
        long long a = -1, b = -1;
        char tail;
        if (v.rfind("bytes=", 0) == 0 && v.find(',') == std::string::npos) {
            std::string spec = v.substr(6);
            bool parsed = false;
            if (!spec.empty() && spec[0] == '-') {
                parsed = sscanf(spec.c_str() + 1, "%lld%c", &b, &tail) == 1 && b > 0;
                if (parsed) a = b >= size ? 0 : size - b, b = size - 1;
            } else if (sscanf(spec.c_str(), "%lld-%lld%c", &a, &b, &tail) == 2) {
                parsed = a >= 0 && b >= a;
                if (b >= size) b = size - 1;
            } else if (sscanf(spec.c_str(), "%lld-%c", &a, &tail) == 1 && spec.back() == '-') {
                parsed = a >= 0, b = size - 1;
            }
            if (parsed) {
                if (a >= size || size == 0) {
                    h.push_back({"Content-Range", "bytes */" + std::to_string(size)});
                    simple_response(fd, 416, "Range Not Satisfiable", keep_alive, h);
                    return 416;
                }
                from = a, to = b, code = 206;
                h.push_back({"Content-Range",
                             "bytes " + std::to_string(from) + "-" + std::to_string(to) + "/" + std::to_string(size)});
            }
        }
    }
    int file = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file < 0) {
        simple_response(fd, 403, "Forbidden", keep_alive);
        return 403;
    }
    h.push_back({"Content-Type", mime_type(path)});
    h.push_back({"Content-Length", std::to_string(to - from + 1)});
    connection_response r(fd, head, true, keep_alive);
    r.start(code, code == 206 ? "Partial Content" : "OK", h);
    char buf[65536];
    for (long long at = from; !head && at <= to && r.ok;) {
        ssize_t n = pread(file, buf, static_cast<size_t>(std::min<long long>(sizeof buf, to - at + 1)), at);
        if (n <= 0) break;
        r.write(std::string_view(buf, static_cast<size_t>(n)));
        at += n;
    }
    ::close(file);
    sent = r.sent;
    return r.finish() ? code : -code;
}

// ---- connections -----------------------------------------------------------------------------

struct access_log {
    FILE* f = nullptr;
    void line(const std::string& peer, const std::string& request_line, int status, long long bytes,
              const std::string& referer, const std::string& agent, double seconds) {
        if (!f) return;
        time_t now = time(nullptr);
        struct tm tm;
        localtime_r(&now, &tm);
        char when[64];
        strftime(when, sizeof when, "%d/%b/%Y:%H:%M:%S %z", &tm);
        fprintf(f, "%s - - [%s] \"%s\" %d %lld \"%s\" \"%s\" %.3f\n", peer.c_str(), when, request_line.c_str(), status,
                bytes, referer.c_str(), agent.c_str(), seconds);
        fflush(f);
    }
    void refused(const std::string& peer, int status) { line(peer, "-", status, 0, "-", "-", 0); }
};

std::string peer_name(const sockaddr_in& a) {
    char buf[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, &a.sin_addr, buf, sizeof buf);
    return buf;
}

using request_parser = http::request_parser<http::string_body>;

// A client's connection (the socket is closed with the object): what was read past the request
// being parsed, the parser, and the deadline of what the connection waits for.
struct connection {
    connection(int f, const sockaddr_in& p, const sockaddr_in& l, const config& c)
        : fd(f), peer(p), local(l), remote(peer_name(p)), local_addr(peer_name(l)) {
        int one = 1;  // responses leave whole (connection_response): nothing to wait for
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        struct timeval tv = {c.body_timeout, 0};  // a response's writes (the socket blocks for them)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        expect(c, c.header_timeout);
    }
    ~connection() { ::close(fd); }
    connection(const connection&) = delete;
    connection& operator=(const connection&) = delete;

    // Ready for the next request, due within `seconds`.
    void expect(const config& c, int seconds) {
        parser.emplace();
        parser->header_limit(static_cast<std::uint32_t>(c.max_header));
        parser->body_limit(c.max_body);
        started = header_checked = queued = false;
        deadline = clock_type::now() + std::chrono::seconds(seconds);
    }

    int fd;
    sockaddr_in peer, local;
    std::string remote, local_addr;
    boost::beast::flat_buffer buffer;
    std::optional<request_parser> parser;
    bool started = false;  // bytes of the next request arrived
    bool header_checked = false;  // its header was complete and accepted
    bool queued = false;  // the request is complete and waits for its turn
    clock_type::time_point deadline;
};

// A request for PHP, read whole, with where its response goes.
struct php_request {
    connection* conn = nullptr;
    php::http_request req;
    std::string body;
    size_t at = 0;
    std::unique_ptr<connection_response> res;
    std::string request_line, referer, agent;
    clock_type::time_point t0;
};

std::string field_of(const request_parser::value_type& msg, http::field name) {
    auto it = msg.find(name);
    return it == msg.end() ? "-" : std::string(it->value().data(), it->value().size());
}

// A worker's connections, in an event loop: every client's bytes are read as they come, without
// waiting for PHP, and a request reaches PHP only once it is complete; complete requests are
// served in the order they completed. So a slow client holds nobody back, and a keep-alive client
// waits only for the requests ahead of its own.
class front {
public:
    front(int listener, const config& c, access_log& log) : listener_(listener), c_(c), log_(log) {}

    // The next request for PHP, answering static files and refusals on the way; null when the
    // server stops or the worker has served --max-requests (requests already complete are served
    // first: a client never loses a request the server has read).
    std::unique_ptr<php_request> next() {
        for (;;) {
            set_busy(false);
            bool accepting = more();
            if (!accepting && ready_.empty()) return nullptr;
            poll_once(accepting, ready_.empty());
            while (!ready_.empty()) {
                connection* conn = ready_.front();
                ready_.pop_front();
                auto r = std::make_unique<php_request>();
                switch (dispatch(*conn, *r)) {
                case step::php:
                    r->conn = conn;
                    set_busy(true);
                    return r;
                case step::answered: keep(*conn); break;
                case step::close: close(*conn); break;
                }
            }
        }
    }

    // After PHP answered: the response ended, logged; the connection kept for another or closed.
    void done(php_request& r, const php::served& s) {
        bool again = r.res->finish() && !s.client_gone;
        ++served_;
        log_.line(r.conn->remote, r.request_line, s.status, r.res->sent, r.referer, r.agent,
                  std::chrono::duration<double>(clock_type::now() - r.t0).count());
        if (again && !g_stop) keep(*r.conn);
        else close(*r.conn);
    }

    bool more() const { return !g_stop && (c_.max_requests == 0 || served_ < c_.max_requests); }

private:
    enum class step { php, answered, close };

    // One round of the loop: new connections, bytes from clients, deadlines. Waits (up to 250 ms,
    // to see a stop) only when no request is ready.
    void poll_once(bool accepting, bool may_wait) {
        std::vector<pollfd> fds;
        std::vector<connection*> polled;
        // Another worker with fewer connections takes the next one; this one looks again soon.
        bool fewest = fewest_connections(static_cast<int>(conns_.size()));
        bool listen = accepting && conns_.size() < max_connections && fewest;
        if (listen) fds.push_back({listener_, POLLIN, 0});
        auto now = clock_type::now();
        auto wake = now + std::chrono::milliseconds(accepting && !fewest ? 10 : 250);
        for (auto& conn : conns_) {
            if (conn->queued) continue;
            fds.push_back({conn->fd, POLLIN, 0});
            polled.push_back(conn.get());
            wake = std::min(wake, conn->deadline);
        }
        int timeout = may_wait ? static_cast<int>(std::max<long long>(
                                     0, std::chrono::duration_cast<std::chrono::milliseconds>(wake - now).count() + 1))
                               : 0;
        if (::poll(fds.data(), fds.size(), timeout) < 0) return;  // a signal: the caller looks at g_stop
        size_t i = 0;
        if (listen && (fds[i++].revents & POLLIN)) accept_one();
        for (connection* conn : polled) {
            if (fds[i++].revents) receive(*conn);
        }
        now = clock_type::now();
        for (size_t k = 0; k < conns_.size();) {
            connection& conn = *conns_[k];
            if (!conn.queued && now >= conn.deadline) {
                if (conn.started) refuse(conn, 408, "Request Timeout");  // idle keep-alive: closed silently
                close(conn);
            } else {
                ++k;
            }
        }
    }

    // One connection per wake: the workers share the socket, and each takes its share.
    void accept_one() {
        sockaddr_in peer = {}, local = {};
        socklen_t len = sizeof peer;
        int fd = ::accept4(listener_, reinterpret_cast<sockaddr*>(&peer), &len, SOCK_CLOEXEC);
        if (fd < 0) return;  // another worker took it
        len = sizeof local;
        getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len);
        conns_.push_back(std::make_unique<connection>(fd, peer, local, c_));
        set_connections(conns_.size());
    }

    void receive(connection& conn) {
        ssize_t n = ::recv(conn.fd, conn.buffer.prepare(65536).data(), 65536, MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (n <= 0) {  // closed or reset
            if (conn.header_checked) log_.refused(conn.remote, 400);  // the client left mid-body
            close(conn);
            return;
        }
        conn.buffer.commit(static_cast<size_t>(n));
        if (!conn.started) conn.deadline = clock_type::now() + std::chrono::seconds(c_.header_timeout);
        else if (conn.header_checked) conn.deadline = clock_type::now() + std::chrono::seconds(c_.body_timeout);
        conn.started = true;
        if (!parse(conn)) close(conn);
    }

    // Feeds the parser what was read; a complete request joins the queue. False: the connection
    // ends (a refusal was sent).
    bool parse(connection& conn) {
        request_parser& p = *conn.parser;
        while (conn.buffer.size() > 0 && !p.is_done()) {
            boost::system::error_code ec;
            size_t used = p.put(conn.buffer.data(), ec);
            conn.buffer.consume(used);
            if (ec == http::error::need_more) break;
            if (ec == http::error::header_limit) return refuse(conn, 431, "Request Header Fields Too Large");
            if (ec == http::error::body_limit) return refuse(conn, 413, "Content Too Large");
            if (ec) return refuse(conn, 400, "Bad Request");
            if (p.is_header_done() && !conn.header_checked) {
                conn.header_checked = true;
                conn.deadline = clock_type::now() + std::chrono::seconds(c_.body_timeout);
                auto& msg = p.get();
                if (msg.has_content_length() && p.content_length().value_or(0) > c_.max_body) {
                    return refuse(conn, 413, "Content Too Large");  // before the body is read
                }
                auto expect = msg.find(http::field::expect);
                if (expect != msg.end() && !p.is_done() &&
                    iequals(std::string_view(expect->value().data(), expect->value().size()), "100-continue") &&
                    !send_all(conn.fd, "HTTP/1.1 100 Continue\r\n\r\n")) {
                    return false;
                }
            }
            if (used == 0) break;
        }
        if (p.is_done() && !conn.queued) {
            conn.queued = true;
            ready_.push_back(&conn);
        }
        return true;
    }

    bool refuse(connection& conn, int code, const char* reason) {
        simple_response(conn.fd, code, reason);
        log_.refused(conn.remote, code);
        return false;
    }

    // The connection carries another request: what it already sent (pipelined) is parsed now.
    void keep(connection& conn) {
        conn.expect(c_, c_.keepalive_timeout);
        if (conn.buffer.size() > 0) {
            conn.started = true;
            conn.deadline = clock_type::now() + std::chrono::seconds(c_.header_timeout);
            if (!parse(conn)) close(conn);
        }
    }

    void close(connection& conn) {
        std::erase(ready_, &conn);
        std::erase_if(conns_, [&](const auto& p) { return p.get() == &conn; });
        set_connections(conns_.size());
    }

    // A complete request: a request for PHP fills `out` (step::php); a static file or a refusal
    // is answered here (step::answered: the connection can carry another, or step::close).
    step dispatch(connection& conn, php_request& out);

    static constexpr size_t max_connections = 1024;  // per worker (nginx's worker_connections)
    int listener_;
    const config& c_;
    access_log& log_;
    long served_ = 0;
    std::vector<std::unique_ptr<connection>> conns_;
    std::deque<connection*> ready_;
};

front::step front::dispatch(connection& conn, php_request& out) {
    int fd = conn.fd;
    auto t0 = clock_type::now();
    auto& msg = conn.parser->get();
    std::string target(msg.target().data(), msg.target().size());
    std::string method(msg.method_string().data(), msg.method_string().size());
    std::string protocol = msg.version() == 11 ? "HTTP/1.1" : "HTTP/1.0";
    std::string request_line = method + " " + target + " " + protocol;
    std::string referer = field_of(msg, http::field::referer), agent = field_of(msg, http::field::user_agent);
    // Kept alive unless the server stops or this worker is about to be replaced.
    bool keep_alive = msg.keep_alive() && !g_stop && (c_.max_requests == 0 || served_ + 1 < c_.max_requests);
    bool head = msg.method() == http::verb::head;
    bool has_body = msg.chunked() || (msg.has_content_length() && conn.parser->content_length().value_or(0) > 0);

    // PHP (a worker script takes every request), a static file, or a refusal.
    php::script_location loc = php::resolve_script(c_.root, target);
    struct stat st;
    std::string file = c_.root + loc.document_uri;
    bool is_php = loc.document_uri.size() >= 4 && loc.document_uri.compare(loc.document_uri.size() - 4, 4, ".php") == 0;
    bool is_file = loc.status == 404 && !loc.document_uri.empty() && stat(file.c_str(), &st) == 0;
    bool static_file = is_file && S_ISREG(st.st_mode) && !is_php;
    if (loc.status == 404 && !static_file && !c_.front_controller.empty() && c_.worker.empty()) {
        // As nginx's `try_files $uri /index.php$is_args$args`: what is not a file runs the front controller.
        loc = php::resolve_script(c_.root, "/" + c_.front_controller);
    }
    if (loc.status == 0 || (!c_.worker.empty() && loc.status != 400 && !static_file)) {
        php::http_request& req = out.req;
        req.method = method;
        req.target = target;
        req.protocol = protocol;
        for (const auto& f : msg) {
            req.headers.push_back({std::string(f.name_string().data(), f.name_string().size()),
                                   std::string(f.value().data(), f.value().size())});
        }
        req.remote_addr = conn.remote;
        req.remote_port = ntohs(conn.peer.sin_port);
        req.local_addr = conn.local_addr;
        req.local_port = ntohs(conn.local.sin_port);
        req.document_root = c_.root;
        req.script_filename = loc.script_filename;
        req.script_name = loc.script_name;
        req.path_info = loc.path_info;
        out.body = std::move(msg.body());
        if (has_body) {
            req.body = [&out](char* buf, size_t size) {
                size_t n = std::min(size, out.body.size() - out.at);
                memcpy(buf, out.body.data() + out.at, n);
                out.at += n;
                return n;
            };
        }
        out.res = std::make_unique<connection_response>(fd, head, msg.version() == 11, keep_alive);
        out.request_line = std::move(request_line);
        out.referer = std::move(referer);
        out.agent = std::move(agent);
        out.t0 = t0;
        return step::php;
    }
    int status;
    long long sent = 0;
    bool again = keep_alive;
    if (static_file) {
        if (msg.method() != http::verb::get && !head) {
            status = 405;
            simple_response(fd, 405, "Method Not Allowed", keep_alive, {{"Allow", "GET, HEAD"}});
        } else {
            status = send_file(fd, file, st, msg, head, keep_alive, sent);
            if (status < 0) status = -status, again = false;
        }
    } else if (is_file && S_ISDIR(st.st_mode) && loc.document_uri.back() != '/') {
        status = 301;
        simple_response(fd, 301, "Moved Permanently", keep_alive, {{"Location", loc.document_uri + "/"}});
    } else {
        status = loc.status;
        simple_response(fd, status, status == 400 ? "Bad Request" : "Not Found", keep_alive, {}, {}, head);
    }
    log_.line(conn.remote, request_line, status, sent, referer, agent,
              std::chrono::duration<double>(clock_type::now() - t0).count());
    return again ? step::answered : step::close;
}

// ---- processes -------------------------------------------------------------------------------

// The engine, started once in the master: every module's MINIT runs there, and each worker
// forked from it shares what startup built (function and class tables) until it writes to it,
// as php-fpm's workers share their master's.
php::runtime_options runtime_options_for(const config& c) {
    php::runtime_options o;
    o.argv = {"phpbind-server"};
    o.ini = {{"max_execution_time", "30"},
             {"output_buffering", "4096"},
             {"implicit_flush", "0"},
             {"display_errors", "0"},
             {"log_errors", "1"}};
    o.ini.insert(o.ini.end(), c.ini.begin(), c.ini.end());
    o.output = [](std::string_view) {};
    return o;
}

int worker(int listener, const config& c, php::Runtime& rt) {
    struct sigaction sa = {};
    sa.sa_handler = on_stop;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    access_log log;
    if (!c.access_log.empty()) log.f = fopen(c.access_log.c_str(), "a");
    front clients(listener, c, log);
    if (c.worker.empty()) {
        // Classic: each PHP request in an engine request of its own.
        while (std::unique_ptr<php_request> r = clients.next()) {
            php::served s = rt.serve(r->req, *r->res);
            clients.done(*r, s);
        }
    } else {
        // Worker mode: the worker script asks for each request (phpbind_handle_request()).
        std::unique_ptr<php_request> current;
        auto next = [&](const php::served* previous) -> php::worker_request {
            if (previous && current) clients.done(*current, *previous);
            current = clients.next();
            if (!current) return {};
            return {&current->req, current->res.get()};
        };
        while (clients.more()) {
            php::worker_result w = rt.serve_worker(c.worker, next);
            if (current) {  // the script ended after its last request, before asking for another
                clients.done(*current, php::served{current->res->status, 0, false});
                current.reset();
            }
            if (w.requests == 0 && clients.more()) {
                // A script that never asks for a request (a parse error, say) would only fail again.
                fprintf(stderr, "phpbind-server: the worker script handled no request (exit status %d)\n",
                        w.exit_status);
                sleep(1);
            }
        }
    }
    if (log.f) fclose(log.f);
    return 0;
}

bool parse_size(const std::string& s, size_t& out) {
    char* end;
    unsigned long long v = strtoull(s.c_str(), &end, 10);
    if (end == s.c_str()) return false;
    if (*end == 'K' || *end == 'k') v <<= 10, ++end;
    else if (*end == 'M' || *end == 'm') v <<= 20, ++end;
    else if (*end == 'G' || *end == 'g') v <<= 30, ++end;
    out = static_cast<size_t>(v);
    return *end == '\0';
}

int usage() {
    fprintf(stderr,
            "usage: phpbind-server --root DIR [--listen ADDR:PORT] [--workers N] [--worker SCRIPT]\n"
            "                      [--front-controller SCRIPT] [--max-requests N]\n"
            "                      [--access-log FILE] [--max-body SIZE] [--header-timeout SECONDS]\n"
            "                      [-d name=value]...\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) try {
    config c;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (i + 1 >= argc) return usage();
        std::string v = argv[++i];
        auto real_path = [&](const char* what, std::string& out) {
            char real[PATH_MAX];
            if (!realpath(v.c_str(), real)) {
                fprintf(stderr, "phpbind-server: no such %s: %s\n", what, v.c_str());
                return false;
            }
            out = real;
            return true;
        };
        if (a == "--root") {
            if (!real_path("directory", c.root)) return 2;
        } else if (a == "--listen") {
            size_t colon = v.rfind(':');
            if (colon == std::string::npos) return usage();
            c.address = v.substr(0, colon);
            c.port = static_cast<uint16_t>(std::stoi(v.substr(colon + 1)));
        } else if (a == "--workers") {
            c.workers = std::max(1, std::stoi(v));
        } else if (a == "--max-requests") {
            c.max_requests = std::stol(v);
        } else if (a == "--access-log") {
            c.access_log = v;
        } else if (a == "--worker") {
            if (!real_path("worker script", c.worker)) return 2;
        } else if (a == "--front-controller") {
            c.front_controller = v;
        } else if (a == "--header-timeout") {
            c.header_timeout = std::max(1, std::stoi(v));
        } else if (a == "--max-body") {
            if (!parse_size(v, c.max_body)) return usage();
        } else if (a == "-d") {
            size_t eq = v.find('=');
            if (eq == std::string::npos) return usage();
            c.ini.emplace_back(v.substr(0, eq), v.substr(eq + 1));
        } else {
            return usage();
        }
    }
    if (c.root.empty()) return usage();

    int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr = {};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(c.port);
    if (inet_pton(AF_INET, c.address.c_str(), &addr.sin_addr) != 1 ||
        ::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listener, 511) != 0) {
        fprintf(stderr, "phpbind-server: cannot listen on %s:%u: %s\n", c.address.c_str(), c.port, strerror(errno));
        return 1;
    }
    socklen_t addr_len = sizeof addr;  // the port the system chose for --listen ADDR:0
    getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &addr_len);
    c.port = ntohs(addr.sin_port);
    fprintf(stderr, "phpbind-server: serving %s on http://%s:%u/ with %d workers\n", c.root.c_str(), c.address.c_str(),
            c.port, c.workers);

    struct sigaction sa = {};
    sa.sa_handler = on_stop;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    void* shared = mmap(nullptr, sizeof(worker_slot) * static_cast<size_t>(c.workers), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        fprintf(stderr, "phpbind-server: cannot map the workers' shared memory: %s\n", strerror(errno));
        return 1;
    }
    g_slots = static_cast<worker_slot*>(shared);
    g_slot_count = c.workers;
    std::optional<php::Runtime> rt(std::in_place, runtime_options_for(c));
    std::vector<pid_t> children(static_cast<size_t>(c.workers), 0);  // by slot; 0: none
    auto spawn = [&](int slot) {
        new (&g_slots[slot]) worker_slot();  // a replaced worker's counts go with it
        pid_t pid = fork();
        if (pid == 0) {
            g_slot = slot;
            int status = worker(listener, c, *rt);
            rt.reset();  // this process's MSHUTDOWN, as a php-fpm worker runs its own
            _exit(status);
        }
        children[static_cast<size_t>(slot)] = pid > 0 ? pid : 0;
    };
    for (int i = 0; i < c.workers; ++i) spawn(i);
    // Keep the workers: one that exits (recycled after --max-requests, or crashed) is replaced.
    while (std::any_of(children.begin(), children.end(), [](pid_t p) { return p > 0; })) {
        int st;
        pid_t pid = waitpid(-1, &st, 0);
        if (pid < 0) {
            if (errno != EINTR) break;
            if (g_stop) {
                for (pid_t ch : children) {
                    if (ch > 0) kill(ch, SIGTERM);
                }
            }
            continue;
        }
        auto it = std::find(children.begin(), children.end(), pid);
        if (it == children.end()) continue;
        *it = 0;
        if (WIFSIGNALED(st)) fprintf(stderr, "phpbind-server: worker %d ended by signal %d\n", pid, WTERMSIG(st));
        if (!g_stop) spawn(static_cast<int>(it - children.begin()));
    }
    ::close(listener);
    rt.reset();
    return 0;
} catch (const std::exception&) {  // a number that is not one (std::stoi)
    return usage();
}
