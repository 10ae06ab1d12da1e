// src/__EXT__.cpp — the __EXT__ extension.
//
// Build:  cmake -S . -B build && cmake --build build
// Try:    php -d extension=$PWD/build/__EXT__.so -r 'echo __NS__\greet("world"), "\n";'
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::string greet(std::string_view name) { return "Hello, " + std::string(name) + "!"; }

// A C++ class bound as a PHP class: its state lives inside the PHP object.
class Tally {
public:
    explicit Tally(int64_t start) : total_(start) {}
    int64_t add(int64_t n) {
        if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
        total_ += n;
        history_.push_back(n);
        return total_;
    }
    int64_t total() const { return total_; }
    std::vector<int64_t> history() const { return history_; }

private:
    int64_t total_;
    std::vector<int64_t> history_;
};

}  // namespace

PHPBIND_EXTENSION(__EXT__, m) {
    using php::arg;
    m.version("0.1.0");
    m.def<&greet>("__NS_CPP__\\greet", php::doc("Greets someone by name."), arg("name").doc("who to greet"));
    m.class_<Tally>("__NS_CPP__\\Tally")
        .doc("A running total of non-negative numbers.")
        .constructor<int64_t>(arg("start") = 0)
        .def<&Tally::add>("add", php::doc("Adds n and returns the new total."), arg("n"))
        .def<&Tally::total>("total")
        .def<&Tally::history>("history", php::doc("Every number added, in order."));
}
