// bench/observer.cpp — the phpbind side of the observer benchmark
// (bench/observer.sh): the same observer as bench/observer_c.c.
#include <phpbind/phpbind.hpp>
#include <phpbind/observer.hpp>

namespace {
int64_t begins = 0, ends = 0;

bool wanted(php::Frame f) { return f.name() == "observed"; }
void on_begin(php::Frame) { ++begins; }
void on_end(php::Frame, php::ValueView*) { ++ends; }
}  // namespace

PHPBIND_EXTENSION(bench_observer, m) {
    m.observe_calls<&wanted, &on_begin, &on_end>();
    m.def("bench_observed_calls", [] { return begins + ends; });
}
