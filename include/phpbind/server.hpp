// phpbind/server.hpp — serving HTTP requests to PHP scripts from a C++ host.
//
//   struct to_client : php::http_response {               // the host's side of one response
//       void start(int status, std::string_view reason, const std::vector<php::http_header>& h) override;
//       bool write(std::string_view chunk) override;      // false: the client is gone
//   };
//   php::http_request req{.method = "POST", .target = "/app/index.php/users?page=2",
//                         .headers = {{"Host", "example.com"}, {"Content-Type", "application/json"}},
//                         .document_root = "/srv/app/public", .body = read_from_socket};
//   to_client res;
//   php::served s = rt.serve(req, res);                   // rt: a php::Runtime
//
// Runtime::serve() runs one request the way php-fpm behind nginx would: the
// script sees $_SERVER with the CGI/1.1 variables nginx's fastcgi_params send,
// and the engine itself parses the query string, the cookies and the body
// ($_GET, $_POST, $_COOKIE, $_REQUEST, $_FILES, php://input, with post_max_size,
// upload_max_filesize, max_file_uploads and max_input_vars), sends header(),
// setcookie() and http_response_code() through the response's start(), and the
// output through write() as PHP produces it (flush() reaches the host). See
// docs/server.md.
#pragma once

#include <phpbind/runtime.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

/// One header field of a request or a response, the name's case as sent.
struct http_header {
    /// The field name ("Content-Type").
    std::string name;
    /// The field value, without surrounding whitespace.
    std::string value;
};

/// One HTTP request as the host received it, for php::Runtime::serve().
struct http_request {
    /// The method ("GET", "POST", "HEAD", ...).
    std::string method = "GET";
    /// The request target as sent: the path, percent-encoded, and the query after '?'.
    std::string target = "/";
    /// The protocol ("HTTP/1.1").
    std::string protocol = "HTTP/1.1";
    /// The header fields in the order received; repeated names are kept (PHP sees them joined
    /// with ", ", or "; " for Cookie, as nginx passes them). Names with characters other than
    /// letters, digits and '-' are ignored, as nginx ignores them (a "X_Forwarded_For" cannot pose
    /// as HTTP_X_FORWARDED_FOR).
    std::vector<http_header> headers;
    /// The client's address and port (REMOTE_ADDR, REMOTE_PORT).
    std::string remote_addr = "127.0.0.1";
    /// The client's port.
    uint16_t remote_port = 0;
    /// The address and port the request arrived on (SERVER_ADDR, SERVER_PORT).
    std::string local_addr = "127.0.0.1";
    /// The local port.
    uint16_t local_port = 80;
    /// SERVER_NAME; empty: the Host header's name, else local_addr.
    std::string server_name;
    /// Whether the connection is TLS (HTTPS=on, REQUEST_SCHEME=https).
    bool tls = false;
    /// The document root (DOCUMENT_ROOT), absolute (a relative one is taken from the working
    /// directory to find the script).
    std::string document_root;
    /// The script to run. Empty: resolved from the target with php::resolve_script(), as nginx's
    /// `fastcgi_split_path_info ^(.+?\.php)(/.*)$` and `try_files $fastcgi_script_name =404` do.
    std::string script_filename;
    /// With script_filename set: SCRIPT_NAME and PATH_INFO (the URL path of the script, and what
    /// follows it).
    std::string script_name;
    /// See script_name.
    std::string path_info;
    /// The body, pulled as PHP reads it: fills up to `size` bytes at `buf` and returns how many, 0
    /// at the end. Empty: no body. Called on the thread running serve(), never after it returns;
    /// what PHP leaves unread is drained at the request's end.
    std::function<size_t(char* buf, size_t size)> body;
    /// Extra $_SERVER variables (and getenv()), after the standard ones (a name given twice: the
    /// last value).
    std::vector<std::pair<std::string, std::string>> server_vars;
};

/// Where Runtime::serve() sends a response. Called on the thread running serve().
class http_response {
public:
    virtual ~http_response() = default;
    /// The status and the header fields, in the order PHP set them (every Set-Cookie kept), once
    /// per request: before the first body chunk, or at the end when nothing was written.
    virtual void start(int status, std::string_view reason, const std::vector<http_header>& headers) = 0;
    /// A chunk of the body as PHP produces it (none for HEAD). Return false when the client is
    /// gone: PHP's connection_aborted() becomes 1, and unless ignore_user_abort() is set the
    /// script ends there (its shutdown functions still run, as under php-fpm).
    virtual bool write(std::string_view chunk) = 0;
    /// PHP's flush(): send what was written so far. false: the client is gone, as for write().
    virtual bool flush() { return true; }
};

/// What happened to a served request.
struct served {
    /// The status sent (PHP's, or the one serve() answered itself: 400 for a target that is not
    /// a valid path, 404 for a script that does not exist, 500 when the engine could not start
    /// the request).
    int status = 0;
    /// The script's exit status: 0, exit()'s status, or 255 after a fatal error or an uncaught
    /// exception; -1 when no script ran.
    int exit_status = -1;
    /// Whether the client went away while PHP wrote to it (write() or flush() returned false).
    bool client_gone = false;
};

/// One request of a worker loop (Runtime::serve_worker()): the request and where its response
/// goes, both the host's until the next call of the loop's `next` (or serve_worker's return).
struct worker_request {
    /// The request; null: no more requests (phpbind_handle_request() returns false).
    const http_request* request = nullptr;
    /// Where its response goes.
    http_response* response = nullptr;
};

/// What a worker loop did.
struct worker_result {
    /// Requests handled.
    uint64_t requests = 0;
    /// Times the worker script was started again after exit() or a fatal error ended it.
    uint64_t restarts = 0;
    /// The worker script's exit status when the loop ended: 0, exit()'s status, or 255.
    int exit_status = 0;
};

/// The script a request target names under a document root, found as nginx with Debian's
/// fastcgi-php.conf finds it: the path is percent-decoded, repeated slashes merged, "." and ".."
/// segments resolved; a path ending in '/' gets "index.php"; the script is the path up to its
/// first ".php" followed by '/' or the end, and the rest is PATH_INFO.
struct script_location {
    /// 0 when found; otherwise the status to answer: 400 (invalid percent-encoding, a NUL byte,
    /// ".." above the root), 404 (no such file, or not a .php path).
    int status = 0;
    /// The file to run: document root + script_name, an absolute path.
    std::string script_filename;
    /// The URL path of the script (SCRIPT_NAME).
    std::string script_name;
    /// What follows the script in the path (PATH_INFO), possibly empty.
    std::string path_info;
    /// The whole decoded, normalised path (DOCUMENT_URI); for a path ending in '/', the index
    /// script's, as after nginx's internal redirect to it.
    std::string document_uri;
};

/// Finds the script `target` names under `document_root` (see script_location).
script_location resolve_script(std::string_view document_root, std::string_view target);

PHPBIND_NAMESPACE_END
