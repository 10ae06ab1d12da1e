// tests/ext/enums.cpp — C++ enums bound as PHP enums. Checked by
// tests/phpt/enums/*.phpt.
#include "test_ext.hpp"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pbtest {

enum class Color { Red, Green, Blue };
enum class Level : int { Low = 1, Mid = 5, High = 10 };
enum class Suit : unsigned char { Hearts, Spades, Clubs, Diamonds };
enum Sparse : long long { SparseMin = -3, SparseMid = 7, SparseMax = 1000000 };  // unscoped, not contiguous

// Free functions taking and returning enums.
Color next_color(Color c) { return static_cast<Color>((static_cast<int>(c) + 1) % 3); }
std::string color_name(Color c) {
    switch (c) {
    case Color::Red: return "red";
    case Color::Green: return "green";
    case Color::Blue: return "blue";
    }
    return "?";
}
Color color_from_int(int64_t n) { return static_cast<Color>(n); }  // no case for n outside 0..2
std::optional<Color> maybe_color(std::optional<Color> c) { return c; }
std::vector<Color> all_colors() { return {Color::Red, Color::Green, Color::Blue}; }
std::string names_of(std::vector<Color> cs) {
    std::string out;
    for (Color c : cs) out += color_name(c) + ";";
    return out;
}
// Containers of results: an element with no case raises Error; the array
// being built is released with the elements already in it.
std::vector<Color> colors_from_ints(std::vector<int64_t> ns) {
    std::vector<Color> out;
    for (int64_t n : ns) out.push_back(static_cast<Color>(n));
    return out;
}
std::map<std::string, Color> colors_by_name(std::vector<int64_t> ns) {
    std::map<std::string, Color> out;
    for (int64_t n : ns) out.emplace("c" + std::to_string(n), static_cast<Color>(n));
    return out;
}
std::pair<Color, Color> color_pair(int64_t a, int64_t b) { return {static_cast<Color>(a), static_cast<Color>(b)}; }
// Calls PHP with an enum and reads an enum back.
Color via_callback(php::Callable f, Color c) { return f.call<Color>(c); }

Level level_up(Level l) { return l == Level::Low ? Level::Mid : Level::High; }
int64_t level_raw(Level l) { return static_cast<int64_t>(l); }
Suit suit_of(std::string_view s) { return s == "spades" ? Suit::Spades : s == "clubs" ? Suit::Clubs : Suit::Hearts; }
int64_t sparse_raw(Sparse s) { return static_cast<int64_t>(s); }
Sparse sparse_from(int64_t n) { return static_cast<Sparse>(n); }

// Methods.
std::string color_label(Color c) { return "Color " + color_name(c); }
bool color_is(Color c, Color other) { return c == other; }
Color favourite_color() { return Color::Green; }
bool suit_is_red(Suit s) { return s == Suit::Hearts || s == Suit::Diamonds; }

// Definitions the engine would reject: bound only when asked, to check that
// each becomes a module error and the module does not start.
enum class BadPure { A };
enum class BadInt { A, B };
enum class BadStr { A, B, C };
enum class BadName { A, B };
enum class BadClassName { A };

void register_bad_enums(php::module& m) {
    m.enum_<BadPure>("PhpBind\\BadPure").value("A", BadPure::A, 1);
    m.enum_<BadInt>("PhpBind\\BadInt", php::backed_int)
        .value("A", BadInt::A, 1)
        .value("B", BadInt::B, 1)
        .value("C", BadInt::A, 2)
        .value("D", BadInt::A, "d");
    m.enum_<BadStr>("PhpBind\\BadStr", php::backed_string)
        .value("A", BadStr::A, "a")
        .value("A", BadStr::B, "b")
        .value("B", BadStr::B)
        .value("C", BadStr::C, 3);
    m.enum_<BadName>("PhpBind\\BadName").value("class", BadName::A).value("1st", BadName::B);
    m.enum_<BadName>("PhpBind\\BadNameAgain");
    m.enum_<Color>("PhpBind\\ColorAgain");
    m.enum_<BadClassName>("Php Bind\\Nope");
    m.enum_<BadClassName>("PhpBind\\");
    enum class Huge : uint64_t { Big = UINT64_MAX };
    m.enum_<Huge>("PhpBind\\Huge", php::backed_int).value("Big", Huge::Big);
}

}  // namespace pbtest

void register_enums(php::module& m) {
    using namespace pbtest;
    using php::arg;
    m.enum_<Color>("PhpBind\\Color")
        .value("Red", Color::Red)
        .value("Green", Color::Green)
        .value("Blue", Color::Blue)
        .def<&color_label>("label")
        .def<&color_is>("is", arg("other"))
        .def_static<&favourite_color>("favourite");
    m.enum_<Level>("PhpBind\\Level", php::backed_int)
        .value("Low", Level::Low)
        .value("Mid", Level::Mid)
        .value("High", Level::High, 100);
    m.enum_<Suit>("PhpBind\\Suit", php::backed_string)
        .value("Hearts", Suit::Hearts, "H")
        .value("Spades", Suit::Spades, "S")
        .value("Clubs", Suit::Clubs, "C")
        .value("Diamonds", Suit::Diamonds, "D")
        .def<&suit_is_red>("isRed");
    m.enum_<Sparse>("PbSparse", php::backed_int)
        .value("Min", SparseMin)
        .value("Mid", SparseMid)
        .value("Max", SparseMax);

    m.def<&next_color>("pb_next_color", arg("c"));
    m.def<&color_name>("pb_color_name", arg("c"));
    m.def<&color_from_int>("pb_color_from_int", arg("n"));
    m.def<&maybe_color>("pb_maybe_color", arg("c") = std::nullopt);
    m.def<&all_colors>("pb_all_colors");
    m.def<&names_of>("pb_color_names", arg("colors"));
    m.def<&colors_from_ints>("pb_colors_from_ints", arg("ns"));
    m.def<&colors_by_name>("pb_colors_by_name", arg("ns"));
    m.def<&color_pair>("pb_color_pair", arg("a"), arg("b"));
    m.def<&via_callback>("pb_color_via", arg("f"), arg("c"));
    m.def<&level_up>("pb_level_up", arg("level"));
    m.def<&level_raw>("pb_level_raw", arg("level"));
    m.def<&suit_of>("pb_suit_of", arg("name"));
    m.def<&sparse_raw>("pb_sparse_raw", arg("s"));
    m.def<&sparse_from>("pb_sparse_from", arg("n"));

    if (std::getenv("PHPBIND_TEST_BAD_ENUMS")) register_bad_enums(m);
}
