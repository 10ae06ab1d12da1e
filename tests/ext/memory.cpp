// tests/ext/memory.cpp — memory_limit inside C++ (tests/phpt/memory/): functions that build
// request values until the request goes past the limit, through each path phpbind allocates
// by: a list and a map converted from C++ containers, a lazily converted range, the Array and
// String builders, one huge string, and C++ code that catches php::memory_exhausted; C++
// containers in request memory (php::request_allocator), on every engine.
#include "test_ext.hpp"

#include <map>
#include <ranges>
#include <string>
#include <vector>

namespace {

void check_count(int64_t n) {
    if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
}
// Functions that build in plain C++ memory first (malloc'd, not counted against memory_limit)
// take at most a few million elements: past that they would exhaust the machine, not the limit.
void check_malloc_count(int64_t n, int64_t most = 4'000'000) {
    check_count(n);
    if (n > most) throw php::argument_value_error(1, "must be at most " + std::to_string(most));
}

// The reproducer: a vector of C++ strings (malloc'd, not counted), each converted to a PHP
// string when the list is built.
std::vector<std::string> words(int64_t n) {
    check_malloc_count(n);
    return std::vector<std::string>(static_cast<size_t>(n), std::string(40, 'w'));
}

std::map<std::string, std::string> word_map(int64_t n) {
    check_malloc_count(n);
    std::map<std::string, std::string> m;
    for (int64_t i = 0; i < n; i++) m.emplace(std::to_string(i) + "k", std::string(40, 'v'));
    return m;
}

// A view converted element by element into a list whose table is allocated first.
auto word_view(int64_t n) {
    check_count(n);
    return index_view(n, [](int64_t) { return std::string(40, 'r'); });
}

php::Array push_words(int64_t n) {
    check_count(n);
    php::Array a;
    for (int64_t i = 0; i < n; i++) a.push_back(std::string(40, 'p'));
    return a;
}

php::Array set_words(int64_t n) {
    check_count(n);
    php::Array a;
    for (int64_t i = 0; i < n; i++) a.set("key" + std::to_string(i), std::string(40, 's'));
    return a;
}

php::String append_words(int64_t n) {
    check_count(n);
    php::String s;
    std::string chunk(4096, 'a');
    for (int64_t i = 0; i < n; i++) s.append(chunk);
    return s;
}

// One string of n bytes: a block of its own, past the hard limit when n is.
std::string big_string(int64_t n) {
    check_malloc_count(n, int64_t{1} << 30);
    return std::string(static_cast<size_t>(n), 'b');
}

// C++ code that catches what phpbind throws at memory_limit, notes it, and returns normally:
// the engine still ends the script with its fatal error. pb_oom_swallowed() reads the note
// (a shutdown function can).
std::string swallowed;
bool swallow(int64_t n) {
    check_count(n);
    swallowed = "nothing caught";
    try {
        php::Array a;
        for (int64_t i = 0; i < n; i++) a.push_back(std::string(40, 'c'));
    } catch (const php::memory_exhausted& e) {
        swallowed = std::string("caught: ") + e.what();
        return true;
    }
    return false;
}
std::string swallowed_note() { return swallowed; }

// C++ containers in request memory: a vector and a string that grow past the limit, each with a
// C++ object on the frame whose destructor notes that it ran (pb_oom_unwound(), which a shutdown
// function reads): the frames unwind before the engine ends the script.
int64_t unwound = 0;
struct note_unwind {
    ~note_unwind() { ++unwound; }
};
int64_t request_ints(int64_t n) {
    check_count(n);
    note_unwind note;
    php::request_vector<int64_t> v;
    for (int64_t i = 0; i < n; i++) v.push_back(i);
    return static_cast<int64_t>(v.size());
}
int64_t request_text(int64_t n) {
    check_count(n);
    note_unwind note;
    php::request_string s;
    for (int64_t i = 0; i < n; i++) s.append(4096, 't');
    return static_cast<int64_t>(s.size());
}
// A map of numbers converted with a C++ object on the frame: the conversion's one allocation is
// the table, allocated whole at the first insert.
int64_t number_map(int64_t n) {
    check_malloc_count(n);
    note_unwind note;
    std::map<int64_t, int64_t> m;
    for (int64_t i = 0; i < n; i++) m.emplace(i, i);
    php::Value v = php::to_value(m);
    return static_cast<int64_t>(v.view().as_array().size());
}
int64_t unwound_count() { return unwound; }

// The request memory a vector of n ints holds, as the engine counts it (memory_get_usage()).
int64_t request_ints_counted(int64_t n) {
    check_count(n);
    const size_t before = zend_memory_usage(false);
    php::request_vector<int64_t> v;
    v.reserve(static_cast<size_t>(n));
    return static_cast<int64_t>(zend_memory_usage(false) - before);
}

// Request containers as parameters and results: the words, last first, each with a suffix.
php::request_vector<php::request_string> request_reverse(php::request_vector<php::request_string> words,
                                                         php::request_string suffix) {
    php::request_vector<php::request_string> out;
    for (auto it = words.rbegin(); it != words.rend(); ++it) out.push_back(*it + suffix);
    return out;
}

}  // namespace

void register_memory(php::module& m) {
    m.def<&words>("pb_oom_words", php::arg("n"));
    m.def<&word_map>("pb_oom_map", php::arg("n"));
    m.def<&number_map>("pb_oom_number_map", php::arg("n"));
    m.def<&word_view>("pb_oom_view", php::arg("n"));
    m.def<&push_words>("pb_oom_push", php::arg("n"));
    m.def<&set_words>("pb_oom_set", php::arg("n"));
    m.def<&append_words>("pb_oom_append", php::arg("n"));
    m.def<&big_string>("pb_oom_string", php::arg("n"));
    m.def<&swallow>("pb_oom_swallow", php::arg("n"));
    m.def<&swallowed_note>("pb_oom_swallowed");
    m.def<&request_ints>("pb_oom_request_ints", php::arg("n"));
    m.def<&request_text>("pb_oom_request_text", php::arg("n"));
    m.def<&unwound_count>("pb_oom_unwound");
    m.def<&request_ints_counted>("pb_request_ints_counted", php::arg("n"));
    m.def<&request_reverse>("pb_request_reverse", php::arg("words"), php::arg("suffix"));
}
