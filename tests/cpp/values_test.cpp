// tests/cpp/values_test.cpp — ownership of php::Value / php::ValueView, the
// immortal strings behind defaults and constants, and throwables caught in C++.
// (Raising into PHP needs a running PHP frame: tests/phpt/exceptions covers it.)
#include <phpbind/phpbind.hpp>

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

zend_string* fresh_string(const char* s) { return zend_string_init(s, strlen(s), 0); }

TEST(Value, CopyAddsOneReferenceAndDestructionReleasesIt) {
    zval z;
    ZVAL_STR(&z, fresh_string("shared payload"));
    ASSERT_EQ(Z_REFCOUNT(z), 1u);
    {
        php::ValueView view(&z);
        EXPECT_EQ(Z_REFCOUNT(z), 1u) << "a view must not touch the refcount";
        php::Value a = view.own();
        EXPECT_EQ(Z_REFCOUNT(z), 2u);
        php::Value b = a;
        EXPECT_EQ(Z_REFCOUNT(z), 3u);
        php::Value c = std::move(b);
        EXPECT_EQ(Z_REFCOUNT(z), 3u) << "a move steals, it does not addref";
        EXPECT_TRUE(b.is_null());
        a = c;
        EXPECT_EQ(Z_REFCOUNT(z), 3u) << "self-sharing assignment keeps the count";
        EXPECT_EQ(c.view().as_string(), "shared payload");
    }
    EXPECT_EQ(Z_REFCOUNT(z), 1u) << "each owned value released exactly once";
    zval_ptr_dtor(&z);
}

TEST(Value, ReleaseIntoHandsTheReferenceOver) {
    php::Value v(std::string_view("handed over"));
    zval out;
    v.release_into(&out);
    EXPECT_TRUE(v.is_null());
    ASSERT_EQ(Z_TYPE(out), IS_STRING);
    EXPECT_EQ(Z_REFCOUNT(out), 1u);
    zval_ptr_dtor(&out);
}

// Every owned wrapper hands itself over the same way: release_into moves its
// reference out (no refcount change, the wrapper is left empty), copy_into
// adds one; their casters move a temporary and copy an lvalue.
template <class W>
void expect_hand_over(W w, zend_refcounted* payload, bool (*left_empty)(W&)) {
    const uint32_t before = GC_REFCOUNT(payload);
    zval copy;
    w.copy_into(&copy);
    EXPECT_EQ(GC_REFCOUNT(payload), before + 1) << "copy_into adds a reference";
    zval_ptr_dtor(&copy);
    zval from_lvalue;
    php::caster<W>::to_zval(w, &from_lvalue);
    EXPECT_EQ(GC_REFCOUNT(payload), before + 1) << "an lvalue result is copied";
    zval_ptr_dtor(&from_lvalue);
    zval moved;
    php::caster<W>::to_zval(std::move(w), &moved);
    EXPECT_EQ(GC_REFCOUNT(payload), before) << "a temporary result is moved, with no reference count";
    EXPECT_TRUE(left_empty(w));
    EXPECT_EQ(Z_COUNTED(moved), payload);
    zval_ptr_dtor(&moved);
}

TEST(OwnedWrappers, HandOverTheSameWay) {
    zend_string* s = fresh_string("payload");
    zend_array* a = zend_new_array(0);
    zval obj;
    object_init(&obj);
    zend_object* o = Z_OBJ(obj);
    // Each wrapper adopts one reference; the test keeps another, to read the count.
    GC_ADDREF(s);
    GC_ADDREF(a);
    zval sz;
    ZVAL_STR(&sz, s);
    auto counted = [](auto* p) { return reinterpret_cast<zend_refcounted*>(p); };
    expect_hand_over<php::Value>(php::Value::adopt(&sz), counted(s), [](php::Value& v) { return v.is_null(); });
    GC_ADDREF(s);
    expect_hand_over<php::String>(php::String::adopt(s), counted(s), [](php::String& v) { return v.empty(); });
    expect_hand_over<php::Array>(php::Array::adopt(a), counted(a), [](php::Array& v) { return v.empty(); });
    GC_ADDREF(o);
    expect_hand_over<php::Object>(php::Object::adopt(o), counted(o),
                                  [](php::Object& v) { return Z_TYPE_P(v.raw()) == IS_NULL; });
    EXPECT_EQ(GC_REFCOUNT(s), 1u);
    EXPECT_EQ(GC_REFCOUNT(a), 1u);
    EXPECT_EQ(GC_REFCOUNT(o), 1u);
    zend_string_release(s);
    zend_array_release(a);
    zval_ptr_dtor(&obj);
}

TEST(Value, ScalarConstructorsAndTypes) {
    EXPECT_EQ(php::Value().type(), php::Type::null);
    EXPECT_EQ(php::Value(true).type(), php::Type::true_);
    EXPECT_EQ(php::Value(7).type(), php::Type::int_);
    EXPECT_EQ(php::Value(1.5).type(), php::Type::float_);
    EXPECT_EQ(php::Value("s").type(), php::Type::string);
    EXPECT_STREQ(php::Value(7).type_name(), "int");
    EXPECT_EQ(php::Value(-3).view().as_int(), -3);
}

TEST(ValueView, DereferencesReferences) {
    zval ref;
    ZVAL_NEW_REF(&ref, &EG(uninitialized_zval));
    ZVAL_LONG(Z_REFVAL(ref), 5);
    php::ValueView v(&ref);
    EXPECT_EQ(v.type(), php::Type::int_);
    EXPECT_EQ(v.as_int(), 5);
    zval_ptr_dtor(&ref);
}

TEST(ImmortalString, IsPersistentInternedAndIgnoresRefcounting) {
    zend_string* s = php::detail::immortal_string("default value");
    EXPECT_TRUE(ZSTR_IS_INTERNED(s));
    EXPECT_TRUE(GC_FLAGS(s) & IS_STR_PERSISTENT);
    EXPECT_EQ(std::string_view(ZSTR_VAL(s), ZSTR_LEN(s)), "default value");
    EXPECT_NE(ZSTR_H(s), 0u) << "hash precomputed: the string is never written again";
    zval z;
    ZVAL_INTERNED_STR(&z, s);
    EXPECT_FALSE(Z_REFCOUNTED(z));
    php::Value copy{php::ValueView(&z)};  // no refcount traffic on an interned string
    EXPECT_EQ(copy.view().as_string(), "default value");
    // In an extension the registration storage keeps it for the process
    // lifetime; this test owns it and gives it back.
    pefree(s, 1);
}

TEST(Value, SpareBitsBelongToTheValueObject) {
    php::Value a(std::string_view("a string that is refcounted"));
    a.set_spare(0xdeadbeef);
    EXPECT_EQ(a.spare(), 0xdeadbeefu);
    a = php::Value(42);  // assignment keeps them
    EXPECT_EQ(a.spare(), 0xdeadbeefu);
    EXPECT_EQ(a.view().as_int(), 42);
    php::Value b(std::string_view("another"));
    b.set_spare(7);
    a = b;  // copy assignment too; the value is shared, the spare bits are not
    EXPECT_EQ(a.spare(), 0xdeadbeefu);
    EXPECT_EQ(b.spare(), 7u);
    EXPECT_EQ(a.view().as_string(), "another");
    php::Value c = std::move(a);
    c.set_spare(1);
    EXPECT_EQ(c.view().as_string(), "another");
    EXPECT_EQ(a.spare(), 0xdeadbeefu);  // the moved-from object keeps its own
}

TEST(MethodName, StaticKeysAreTheEnginesOwn) {
    // The key php::method<"..."> hands get_method: lowercase, interned (never
    // refcounted or freed), hashed at compile time exactly as the engine hashes.
    zend_string* key = php::method_name<"GetArea">::key();
    zend_string* name = php::method_name<"GetArea">::name();
    EXPECT_EQ(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)), "getarea");
    EXPECT_EQ(std::string_view(ZSTR_VAL(name), ZSTR_LEN(name)), "GetArea");
    for (zend_string* s : {key, name}) {
        EXPECT_TRUE(ZSTR_IS_INTERNED(s));
        EXPECT_EQ(ZSTR_VAL(s)[ZSTR_LEN(s)], '\0');
        zend_string* copy = zend_string_init(ZSTR_VAL(s), ZSTR_LEN(s), 0);
        EXPECT_EQ(ZSTR_H(s), zend_string_hash_val(copy));
        EXPECT_TRUE(zend_string_equals(s, copy));
        zend_string_release(copy);
        zval z;
        ZVAL_STR(&z, s);
        EXPECT_FALSE(Z_REFCOUNTED(z));
    }
    EXPECT_EQ(ZSTR_H(php::method_name<"">::key()), zend_string_hash_val(zend_empty_string));
}

TEST(Throwable, CaughtInCppWithoutTouchingTheEngine) {
    try {
        throw php::runtime_exception("plain C++ catch", 3);
    } catch (const php::throwable& e) {
        EXPECT_STREQ(e.what(), "plain C++ catch");
        EXPECT_EQ(e.code(), 3);
        EXPECT_EQ(e.php_class(), spl_ce_RuntimeException);
    }
    EXPECT_EQ(EG(exception), nullptr);
}

}  // namespace

namespace {

TEST(Array, CopyOnWriteSeparatesOnlyTheWriter) {
    php::Array a;
    a.push_back(1).push_back("two");
    php::Array b = a;
    EXPECT_EQ(GC_REFCOUNT(Z_ARR_P(a.raw())), 2u) << "a copy shares the payload";
    b.push_back(3.5);
    EXPECT_EQ(a.size(), 2u);
    EXPECT_EQ(b.size(), 3u);
    EXPECT_NE(Z_ARR_P(a.raw()), Z_ARR_P(b.raw())) << "the writer separated";
    EXPECT_EQ(GC_REFCOUNT(Z_ARR_P(a.raw())), 1u);
}

TEST(Array, KeysValuesAndIteration) {
    php::Array a;
    a.set("name", "phpbind").set(7, true).set("12", 1.5).push_back(nullptr);
    ASSERT_EQ(a.size(), 4u);
    EXPECT_TRUE(a.contains(12)) << "a numeric string key is an int key";
    ASSERT_TRUE(a.find(13).has_value()) << "push_back takes the next int key";
    EXPECT_EQ(a.find(13)->type(), php::Type::null);
    EXPECT_FALSE(a.find("missing").has_value());
    EXPECT_THROW(a.at("missing"), php::out_of_bounds_exception);
    std::string seen;
    for (auto [key, value] : a) seen += key.to_string() + ":" + value.type_name() + " ";
    EXPECT_EQ(seen, "name:string 7:bool 12:float 13:null ");
    EXPECT_TRUE(a.erase("name"));
    EXPECT_FALSE(a.erase("name"));
    EXPECT_EQ(a.size(), 3u);
}

TEST(Array, PackedListIteration) {
    php::Array a = php::Array::with_capacity(3);
    for (int i = 0; i < 3; ++i) a.push_back(i * 10);
    EXPECT_TRUE(a.is_list());
    int64_t sum = 0;
    for (auto [key, value] : a.view()) sum += key.as_int() + value.as_int();
    EXPECT_EQ(sum, 0 + 1 + 2 + 0 + 10 + 20);
}

TEST(String, AppendSeparatesASharedPayload) {
    php::String a("abc");
    php::String b = a;
    b += "def";
    EXPECT_EQ(a.str(), "abc");
    EXPECT_EQ(b.str(), "abcdef");
    php::String c("x");
    zend_string* before = Z_STR_P(c.raw());
    c += "y";  // sole owner: extended in place (may move, never copies the old bytes elsewhere first)
    EXPECT_EQ(c.str(), "xy");
    (void)before;
}

TEST(Persistent, DetachedArraysAreImmutableAndHandedOutWithoutCopying) {
    php::Array src;
    src.set("list", php::Array().push_back(1).push_back(2)).set("name", "cfg");
    php::Persistent p = php::Persistent::detach(src, "$cfg");
    zval out1, out2;
    p.copy_into(&out1);
    p.copy_into(&out2);
    ASSERT_EQ(Z_TYPE(out1), IS_ARRAY);
    EXPECT_EQ(Z_ARR(out1), Z_ARR(out2)) << "no copy: both hand out the same immutable array";
    EXPECT_FALSE(Z_REFCOUNTED(out1));
    EXPECT_TRUE(GC_FLAGS(Z_ARR(out1)) & GC_IMMUTABLE);
    EXPECT_TRUE(GC_FLAGS(Z_ARR(out1)) & GC_PERSISTENT);
    php::ArrayView v(Z_ARR(out1));
    EXPECT_EQ(v.at("name").as_string(), "cfg");
    EXPECT_EQ(v.at("list").as_array().size(), 2u);
    EXPECT_TRUE(ZSTR_IS_INTERNED(Z_STR_P(v.at("name").raw())));
    // Writing to PHP's copy separates; the detached data stays as it was.
    php::Array copy = v.own();
    copy.set("name", "changed");
    EXPECT_EQ(php::ArrayView(Z_ARR(out1)).at("name").as_string(), "cfg");
    EXPECT_GT(p.memory_size(), 0u);
}

TEST(Persistent, RefusesObjectsNamingThePath) {
    php::Array src;
    zval obj;
    object_init(&obj);
    src.set("a", php::Array().push_back(php::Value::adopt(&obj)));
    try {
        php::Persistent::detach(src, "$cfg");
        FAIL() << "an object must not be detached";
    } catch (const php::value_error& e) {
        EXPECT_STREQ(e.what(), "$cfg['a'][0]: an object of class stdClass cannot be detached");
    }
}

TEST(Lifetime, PersistentSafetyIsKnownAtCompileTime) {
    static_assert(!php::persistent_safe<php::Value>);
    static_assert(!php::persistent_safe<php::ArrayView>);
    static_assert(!php::persistent_safe<php::Callable>);
    static_assert(php::persistent_safe<php::Persistent>);
    static_assert(php::persistent_safe<php::Retained<php::Callable>>);
    static_assert(php::persistent_safe<std::string>);
    SUCCEED();
}

}  // namespace

namespace {
TEST(Lifetime, ContainersTakeTheLifetimeOfWhatTheyHold) {
    static_assert(!php::persistent_safe<std::vector<php::Array>>);
    static_assert(!php::persistent_safe<std::map<std::string, php::Value>>);
    static_assert(!php::persistent_safe<std::optional<php::Callable>>);
    static_assert(!php::persistent_safe<std::pair<int, php::ValueView>>);
    static_assert(!php::persistent_safe<php::Value*>);
    static_assert(!php::persistent_safe<std::array<php::Value, 2>>);
    static_assert(!php::persistent_safe<php::Array[3]>);
    static_assert(php::persistent_safe<std::array<int, 4>>);
    static_assert(php::persistent_safe<std::map<std::string, php::Persistent>>);
    static_assert(php::persistent_safe<std::vector<std::string>>);
    static_assert(php::persistent_safe<std::unordered_map<std::string, php::Retained<php::Object>>>);
    static_assert(!php::persistent_safe<std::unique_ptr<php::Value>>);
    static_assert(!php::persistent_safe<std::span<const php::Value>>);
    SUCCEED();
}

// A std::function from the caster calls a request php::Callable.
TEST(Lifetime, StdFunctionIsRequest) {
    static_assert(!php::persistent_safe<std::function<void()>>);
    static_assert(!php::persistent_safe<std::vector<std::function<int64_t(int64_t)>>>);
    SUCCEED();
}

struct PlainRecord {
    int id;
    std::string name;
    double weights[3];
};
struct RecordWithValue {
    int id;
    php::Value payload;
};
struct FieldAfterArray {
    int pad[10];
    std::vector<php::Array> rows;
};
struct NestedRecord {
    int x;
    RecordWithValue inner;
};
struct Handlers {
    std::function<void()> on_close;
};
struct WithBase : Handlers {
    int extra;
};
struct PointsAt {
    const php::Value* target;
};
struct PersistentTree {
    int v;
    std::vector<PersistentTree> kids;
};
struct RequestTree {
    php::Value v;
    std::vector<RequestTree> kids;
};
template <class T>
struct Tagged {
    T tag;
    php::Callable cb;
};
struct DeclaredPersistent {  // says what it is: the trait believes it
    php::Value scratch;
    static constexpr php::lifetime php_lifetime = php::lifetime::persistent;
};
struct HoldsDeclared {
    DeclaredPersistent d;
};
class Opaque {  // not an aggregate: cannot be looked into
    php::Value v_;

public:
    Opaque() = default;
};
struct Specialised {
    php::Value v;
};
struct HoldsSpecialised {
    Specialised s;
};
}  // namespace

// A user's specialisation is honoured wherever the type appears.
template <>
struct php::lifetime_of<Specialised> {
    static constexpr php::lifetime value = php::lifetime::persistent;
};

namespace {

TEST(Lifetime, AggregatesAreLookedThrough) {
    static_assert(php::persistent_safe<PlainRecord>);
    static_assert(!php::persistent_safe<RecordWithValue>);
    static_assert(!php::persistent_safe<FieldAfterArray>);
    static_assert(!php::persistent_safe<NestedRecord>);
    static_assert(!php::persistent_safe<Handlers>);
    static_assert(!php::persistent_safe<WithBase>);
    static_assert(!php::persistent_safe<PointsAt>);
    static_assert(!php::persistent_safe<Tagged<int>>);
    static_assert(!php::persistent_safe<std::map<int, RecordWithValue>>);
    static_assert(php::persistent_safe<std::map<int, PlainRecord>>);
    // Self-referential aggregates compile; the search stops at a fixed depth.
    static_assert(php::persistent_safe<PersistentTree>);
    static_assert(!php::persistent_safe<RequestTree>);
    // A type's own declaration wins over what its fields look like.
    static_assert(php::persistent_safe<DeclaredPersistent>);
#ifndef __clang__  // Clang enters such a field by brace elision: a refusal on the safe side
    static_assert(php::persistent_safe<HoldsDeclared>);
#endif
    static_assert(php::persistent_safe<Opaque>);
    static_assert(php::persistent_safe<Specialised>);
#ifndef __clang__
    static_assert(php::persistent_safe<HoldsSpecialised>);
#endif
    static_assert(php::persistent_safe<std::vector<Specialised>>);
    SUCCEED();
}
// What a module keeps of a lifecycle callback (on_startup(), info(), ini<T>::validate()): the
// callable itself, moved once, released once, called as often as asked; move-only captures work.
TEST(UniqueFunction, OwnsAndCallsTheCallable) {
    auto state = std::make_shared<int>(0);
    {
        php::detail::unique_function<int(int)> f = [state, box = std::make_unique<int>(10)](int x) {
            return *state += x + *box;
        };
        EXPECT_TRUE(static_cast<bool>(f));
        EXPECT_EQ(state.use_count(), 2);
        EXPECT_EQ(f(1), 11);
        php::detail::unique_function<int(int)> g = std::move(f);
        EXPECT_FALSE(static_cast<bool>(f));
        EXPECT_EQ(g(2), 23);
        EXPECT_EQ(state.use_count(), 2);  // moved, not copied
        php::detail::unique_function<void()> h = [state] { return ++*state; };  // result dropped
        h();
        EXPECT_EQ(*state, 24);
        php::detail::unique_function<int(int)> k;
        EXPECT_FALSE(static_cast<bool>(k));
        k = std::move(g);
        EXPECT_EQ(k(0), 34);
    }
    EXPECT_EQ(state.use_count(), 1);  // every copy of the capture released
    php::detail::unique_function<int(int)> from_std = std::function<int(int)>([](int x) { return -x; });
    EXPECT_EQ(from_std(5), -5);
}
}  // namespace
