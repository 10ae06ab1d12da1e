// examples/embed — a C++ tool that uses PHP as its template language.
//
//   report <template.php> [title]
//
// The C++ side owns the data (orders, as C++ vectors and maps) and a few
// helpers bound into PHP (Report\money()); the PHP template decides how the
// report looks: it defines render(array $orders, array $meta): string, which
// the tool calls once per output format.
#include <phpbind/phpbind.hpp>
#include <phpbind/runtime.hpp>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

struct Order {
    std::string customer;
    std::string item;
    int64_t quantity;
    int64_t unit_cents;
};

const std::vector<Order> kOrders = {
    {"Ada", "keyboard", 2, 4950},
    {"Grace", "monitor", 1, 18999},
    {"Ada", "cable", 5, 399},
    {"Linus", "laptop", 1, 129900},
};

// Formats cents as money: 123456 -> "1,234.56".
std::string money(int64_t cents) {
    std::string whole = std::to_string(cents / 100);
    for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<size_t>(i), ",");
    char frac[4];
    std::snprintf(frac, sizeof frac, "%02lld", static_cast<long long>(cents % 100));
    return whole + "." + frac;
}

}  // namespace

PHPBIND_EXTENSION(report, m) {
    m.version("1.0.0");
    m.def<&money>("Report\\money", php::arg("cents"));
}

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s template.php [title]\n", argv[0]);
        return 2;
    }
    std::string title = argc > 2 ? argv[2] : "Orders";

    php::runtime_options options;
    options.argv = {argv[0]};
    options.modules = {phpbind_module_report()};
    options.on_error = [](const php::error_report& e) {
        std::fprintf(stderr, "template error: %.*s (%.*s:%u)\n", static_cast<int>(e.message.size()), e.message.data(),
                     static_cast<int>(e.file.size()), e.file.data(), e.line);
    };
    php::Runtime php(options);

    int status = php.request([&] {
        php.run_file(argv[1]);  // defines render()
        // C++ data becomes PHP arrays: rows built with php::Array, the meta
        // data through the std::map caster.
        php::Array orders;
        for (const Order& o : kOrders) {
            php::Array row;
            row.set("customer", o.customer)
                .set("item", o.item)
                .set("quantity", o.quantity)
                .set("unit_cents", o.unit_cents);
            orders.push_back(std::move(row));
        }
        std::map<std::string, std::string> meta = {{"title", title}, {"currency", "EUR"}};
        for (const char* format : {"text", "csv"}) {
            meta["format"] = format;
            std::string out = php::call<std::string>("render", orders, meta);
            std::fputs(out.c_str(), stdout);
        }
    });
    return status;
}
