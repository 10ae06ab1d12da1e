// examples/hello — a small text toolkit bound from C++.
//
// Shows the everyday shape of a phpbind extension: plain C++ functions with
// C++ types, named parameters with defaults, a namespace, a constant, a
// phpinfo() section, and C++ exceptions arriving in PHP as PHP exceptions.
#include <phpbind/phpbind.hpp>

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace {

std::string greet(std::string_view name, int64_t times) {
    if (times < 1) throw php::argument_value_error(2, "must be greater than 0");
    std::string out;
    for (int64_t i = 0; i < times; ++i) {
        if (i) out += ' ';
        out += "Hello, ";
        out += name;
        out += '!';
    }
    return out;
}

// "Hello, World! C++ & PHP" -> "hello-world-c-php"
std::string slugify(std::string_view text, std::string_view separator) {
    std::string out;
    bool pending = false;
    for (unsigned char c : text) {
        if (std::isalnum(c)) {
            if (pending && !out.empty()) out += separator;
            pending = false;
            out += static_cast<char>(std::tolower(c));
        } else {
            pending = true;
        }
    }
    return out;
}

int64_t word_count(std::string_view text) {
    int64_t n = 0;
    bool in_word = false;
    for (unsigned char c : text) {
        bool w = !std::isspace(c);
        if (w && !in_word) ++n;
        in_word = w;
    }
    return n;
}

// The n-th Fibonacci number; n is range-checked by its C++ type (0..255).
uint64_t fibonacci(uint8_t n) {
    uint64_t a = 0, b = 1;
    for (unsigned i = 0; i < n; ++i) {
        if (b < a) throw php::overflow_exception("fibonacci(" + std::to_string(n) + ") does not fit in an int");
        uint64_t next = a + b;
        a = b;
        b = next;
    }
    return a;
}

std::optional<int64_t> find_word(std::string_view haystack, std::string_view word) {
    auto pos = haystack.find(word);
    if (pos == std::string_view::npos) return std::nullopt;
    return static_cast<int64_t>(pos);
}

}  // namespace

PHPBIND_EXTENSION(hello, m) {
    using php::arg;
    m.version("1.0.0");
    m.def<&greet>("Hello\\greet", arg("name"), arg("times") = 1);
    m.def<&slugify>("Hello\\slugify", arg("text"), arg("separator") = "-");
    m.def<&word_count>("Hello\\word_count", arg("text"));
    m.def<&fibonacci>("Hello\\fibonacci", arg("n"));
    m.def<&find_word>("Hello\\find_word", arg("haystack"), arg("word"));
    m.constant("Hello\\VERSION", "1.0.0");
    m.info([](php::info_table& t) { t.row("Functions", "greet, slugify, word_count, fibonacci, find_word"); });
}
