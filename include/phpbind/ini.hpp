// phpbind/ini.hpp — typed INI entries and per-thread module globals.
//
//   struct Counters {
//       int64_t calls = 0;
//       void reset() { calls = 0; }              // runs at every RINIT
//   };
//   php::ini<int64_t> level;
//   php::globals<Counters> counters;
//
//   PHPBIND_EXTENSION(hello, m) {
//       level = m.ini<int64_t>("hello.level", 3).range(0, 9);
//       counters = m.globals<Counters>();
//       m.def("hello_level", [] { ++counters->calls; return *level; });
//   }
//
// An INI entry is a zend_ini_entry_def registered at MINIT. Its on_modify
// handler parses and validates the new text and writes the parsed value into
// a C++ field, as STD_PHP_INI_ENTRY with OnUpdateLong writes into a globals
// field: reading the value from C++ is a load from that field. A value the
// handler refuses leaves the field and the engine's value as they were, and
// ini_set() returns false.
//
// INI values and globals live in the module's per-thread storage: with ZTS
// one TSRM block per thread (globals_id_ptr), without it one allocation per
// slot that the engine constructs and destroys through globals_ctor/dtor.
// See docs/ini-and-globals.md.
#pragma once

#include <phpbind/detail/edge.hpp>
#include <phpbind/module.hpp>
#include <phpbind/detail/unique_function.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

/// Where one slot of module storage is, in the running thread.
struct slot_ref {
#ifdef ZTS
    const ts_rsrc_id* id = nullptr;  // the module's TSRM id (set when the engine registers the module)
    size_t offset = 0;
    PHPBIND_INLINE void* get() const noexcept { return TSRMG_BULK(*id, char*) + offset; }
#else
    void* ptr = nullptr;  // NTS: the slot's own allocation
    PHPBIND_INLINE void* get() const noexcept { return ptr; }
#endif
    bool empty() const noexcept {
#ifdef ZTS
        return id == nullptr;
#else
        return ptr == nullptr;
#endif
    }
};

#ifdef PHPBIND_DEBUG
#define PHPBIND_SLOT_CHECK(ref, what)                                                                                  \
    do {                                                                                                               \
        if ((ref).empty())                                                                                             \
            ::php::detail::debug_failure(what,                                                                         \
                                         "an empty handle was read: assign it from the "                               \
                                         "module definition (m.ini / m.globals) first");                               \
    } while (0)
#else
#define PHPBIND_SLOT_CHECK(ref, what) ((void)0)
#endif

/// One slot: an INI value or a globals struct, with how to build and destroy
/// it in a thread's storage.
struct global_slot {
    size_t size;
    size_t align;
    void (*construct)(void* where, const void* context);
    void (*destroy)(void* where) noexcept;
    const void* context;
    slot_ref ref;
};

/// Everything of one INI entry that outlives its definition: the handler
/// reads it through mh_arg1.
struct ini_state_base {
    virtual ~ini_state_base() = default;
    std::string name;
    slot_ref ref;
};

enum class ini_kind { boolean, integer, real, string };

template <class T>
constexpr ini_kind ini_kind_of() {
    if constexpr (std::is_same_v<T, bool>) return ini_kind::boolean;
    else if constexpr (std::is_same_v<T, int64_t>) return ini_kind::integer;
    else if constexpr (std::is_same_v<T, double>) return ini_kind::real;
    else return ini_kind::string;
}

template <class T>
struct ini_state : ini_state_base {
    struct check {
        detail::unique_function<bool(const T&)> pred;
        std::string reason;
    };
    T default_value{};
    std::vector<check> checks;
};

// Parsing of the engine's text into T. On failure returns false and sets
// `reason` to what the text is not.
bool parse_ini(std::string_view text, bool& out, std::string& reason);
bool parse_ini(std::string_view text, int64_t& out, std::string& reason);
bool parse_ini(std::string_view text, double& out, std::string& reason);
inline bool parse_ini(std::string_view text, std::string& out, std::string&) {
    out.assign(text);
    return true;
}
std::string format_ini(bool v);
std::string format_ini(int64_t v);
std::string format_ini(double v);
inline std::string format_ini(const std::string& v) { return v; }

PHPBIND_COLD void ini_rejected(const zend_string* name, std::string_view text, const std::string& reason);

/// Runs the checks; false (with the reason) at the first that refuses `v`.
/// A check that throws refuses with its exception's what().
template <class T>
bool ini_accepts(const ini_state<T>& st, const T& v, std::string& reason) {
    for (const auto& c : st.checks) {
        try {
            if (!c.pred(v)) {
                reason = c.reason;
                return false;
            }
        } catch (const engine_unwind&) {
            throw;  // exit() or a fatal error in PHP code the check called: to the edge
        } catch (const error_already_set&) {
            throw;  // a PHP exception: raised by ini_set()'s caller
        } catch (const std::exception& e) {
            reason = e.what();
            return false;
        } catch (...) {
            reason = "unknown C++ exception in the validator";
            return false;
        }
    }
    return true;
}

/// The on_modify handler of every phpbind INI entry of type T: parses the
/// engine's text, runs the checks, and writes the C++ field. Returning
/// FAILURE makes zend_alter_ini_entry_ex keep the previous value (and
/// ini_set() return false); at registration, the engine then falls back to
/// the default (zend_register_ini_entries_ex).
template <class T>
ZEND_INI_MH(ini_on_modify) {
    (void)mh_arg2;
    (void)mh_arg3;
    auto* st = static_cast<ini_state<T>*>(mh_arg1);
    std::string_view text = new_value ? std::string_view(ZSTR_VAL(new_value), ZSTR_LEN(new_value)) : std::string_view();
    zend_result result = FAILURE;
    (void)release_edge([&] {  // on failure the exception is pending and the value refused
        try {
            T parsed{};
            std::string reason;
            if (!parse_ini(text, parsed, reason)) {
                ini_rejected(entry->name, text, reason);
                return;
            }
            // At request end the engine restores a value it accepted before
            // (zend_restore_ini_entry_cb at ZEND_INI_STAGE_DEACTIVATE): it must
            // reach the field even if a validator's opinion changed meanwhile.
            if (!(stage & (ZEND_INI_STAGE_DEACTIVATE | ZEND_INI_STAGE_SHUTDOWN)) && !ini_accepts(*st, parsed, reason)) {
                ini_rejected(entry->name, text, reason);
                return;
            }
            *static_cast<T*>(st->ref.get()) = std::move(parsed);
            result = SUCCESS;
        } catch (const error_already_set&) {
            throw;
        } catch (const std::exception& e) {
            ini_rejected(entry->name, text, e.what());
        }
    });
    return result;
}

// An INI slot starts as the default; the engine's registration then writes
// the configured value through the handler.
template <class T>
void construct_ini_slot(void* where, const void* context) {
    ::new (where) T(static_cast<const ini_state<T>*>(context)->default_value);
}
template <class G>
void construct_globals_slot(void* where, const void*) {
    ::new (where) G();
}
template <class T>
void destroy_slot(void* where) noexcept {
    std::launder(static_cast<T*>(where))->~T();
}

/// A module's INI entries and globals slots, and the zend_ini_entry_def table
/// handed to the engine. Owned by the module object, so it lives as long as
/// the process (see docs/ini-and-globals.md, "Memory").
class globals_registry {
public:
    explicit globals_registry(module& m) : module_(m) {}
    ~globals_registry();
    globals_registry(const globals_registry&) = delete;
    globals_registry& operator=(const globals_registry&) = delete;

    /// Adds a slot; returns where it is (NTS: allocates it now).
    slot_ref add_slot(size_t size, size_t align, void (*construct)(void*, const void*), void (*destroy)(void*) noexcept,
                      const void* context);
    void add_ini(std::unique_ptr<ini_state_base> st, const char* name, const char* default_text, int modifiable,
                 ZEND_INI_MH((*on_modify)), bool boolean);
    void add_request_reset(detail::unique_function<void()> f) { resets_.push_back(std::move(f)); }

    bool has_slots() const noexcept { return !slots_.empty(); }
    bool has_ini() const noexcept { return !ini_defs_.empty(); }
    bool has_ini(std::string_view name) const noexcept;
    size_t block_size() const noexcept { return size_; }
#ifdef ZTS
    ts_rsrc_id* id() noexcept { return &id_; }
#endif

    void construct(void* block) noexcept;
    void destroy(void* block) noexcept;
    bool register_ini(int type, int module_number);
    void unregister_ini();
    bool request_start(const std::string& module_name);

    module& owner() noexcept { return module_; }

private:
    void* where(const global_slot& s, void* block) const noexcept;

    module& module_;
    std::vector<global_slot> slots_;
    size_t size_ = 0;
    std::vector<std::unique_ptr<ini_state_base>> ini_states_;
    std::vector<zend_ini_entry_def> ini_defs_;  // terminated at registration; the engine copies from it
    std::vector<detail::unique_function<void()>> resets_;
    int ini_type_ = 0, ini_module_number_ = 0;
    bool ini_registered_ = false;
#ifdef ZTS
    ts_rsrc_id id_ = 0;
#endif
};

}  // namespace detail

/// A typed INI entry. Copyable; a default-constructed handle is empty and may
/// only be assigned. Reading costs a load from the field the entry's handler
/// writes: `*level`, `level.get()`.
template <class T>
class ini {
    static_assert(std::is_same_v<T, bool> || std::is_same_v<T, int64_t> || std::is_same_v<T, double> ||
                      std::is_same_v<T, std::string>,
                  "phpbind: INI entries are bool, int64_t, double or std::string");

public:
    using value_type = T;
    using result_type = std::conditional_t<std::is_same_v<T, std::string>, const std::string&, T>;

    ini() = default;

    /// The current value in this thread: what ini_get() shows, parsed.
    PHPBIND_INLINE result_type get() const noexcept { return *operator->(); }
    PHPBIND_INLINE result_type operator*() const noexcept { return *operator->(); }
    PHPBIND_INLINE const T* operator->() const noexcept {
        PHPBIND_SLOT_CHECK(ref_, "php::ini<T>");
        return static_cast<const T*>(ref_.get());
    }

    /// The entry's name, as `ini_get()` takes it.
    const std::string& name() const noexcept { return state_->name; }

    /// Accepts a new value only if `pred(value)` is true. A refused value
    /// leaves the entry unchanged, ini_set() returns false and a warning says
    /// `Invalid "<name>" setting "<text>": <reason>`. A predicate that throws
    /// refuses with its exception's message. The default must pass. Call it
    /// while the module is being defined, never once requests run.
    ini& validate(detail::unique_function<bool(const T&)> pred, std::string reason = "not an accepted value") {
        state_->checks.push_back({std::move(pred), std::move(reason)});
        std::string why;
        if (!detail::ini_accepts(*state_, state_->default_value, why)) {
            registry_->owner().add_error("INI entry " + state_->name + ": the default value " +
                                         detail::format_ini(state_->default_value) + " is refused: " + why);
        }
        return *this;
    }

    /// Accepts values in [lo, hi] only (int64_t and double entries).
    ini& range(T lo, T hi)
        requires(std::is_same_v<T, int64_t> || std::is_same_v<T, double>)
    {
        return validate([lo, hi](const T& v) { return v >= lo && v <= hi; },
                        "must be between " + detail::format_ini(lo) + " and " + detail::format_ini(hi));
    }

private:
    friend class module;
    ini(detail::globals_registry* r, detail::ini_state<T>* st) : registry_(r), state_(st), ref_(st->ref) {}

    detail::globals_registry* registry_ = nullptr;
    detail::ini_state<T>* state_ = nullptr;
    detail::slot_ref ref_;
};

/// A handle to the module's globals of type G in the running thread.
template <class G>
class globals {
public:
    globals() = default;
    /// This thread's block of the module globals (ZTS: the current thread's; NTS: the process's).
    PHPBIND_INLINE G& get() const noexcept {
        PHPBIND_SLOT_CHECK(ref_, "php::globals<G>");
        return *std::launder(static_cast<G*>(ref_.get()));
    }
    PHPBIND_INLINE G& operator*() const noexcept { return get(); }
    PHPBIND_INLINE G* operator->() const noexcept { return &get(); }

private:
    friend class module;
    explicit globals(detail::slot_ref r) : ref_(r) {}
    detail::slot_ref ref_;
};

template <class T>
ini<T> module::ini(std::string_view name, std::type_identity_t<T> default_value, int modifiable) {
    auto& reg = globals_registry();
    auto st = std::make_unique<detail::ini_state<T>>();
    auto* raw = st.get();
    raw->name.assign(name);
    raw->default_value = std::move(default_value);
    raw->ref = reg.add_slot(sizeof(T), alignof(T), &detail::construct_ini_slot<T>, &detail::destroy_slot<T>, raw);
    if (reg.has_ini(name)) add_error("INI entry " + std::string(name) + " is defined twice");
    if (name.empty() || name.size() > 0xffff)
        add_error("INI entry name \"" + std::string(name) + "\" is empty or too long");
    if (modifiable == 0 || (modifiable & ~PHP_INI_ALL) != 0) {
        add_error("INI entry " + std::string(name) +
                  ": modifiable must be a combination of PHP_INI_USER, "
                  "PHP_INI_PERDIR and PHP_INI_SYSTEM (PHP_INI_ALL)");
    }
    const char* stored_name = keep(name);
    const char* stored_default = keep(detail::format_ini(raw->default_value));
    reg.add_ini(std::move(st), stored_name, stored_default, modifiable, &detail::ini_on_modify<T>,
                std::is_same_v<T, bool>);
    return php::ini<T>(&reg, raw);
}

namespace detail {
template <class G>
constexpr void check_globals_type() {
    static_assert(persistent_safe<G>,
                  "phpbind: module globals outlive every request; this type holds request memory. "
                  "Store php::Persistent (detached data) or php::Retained<T> (objects, callables) instead.");
    static_assert(std::is_default_constructible_v<G>, "phpbind: module globals need a default constructor");
    static_assert(alignof(G) <= alignof(std::max_align_t),
                  "phpbind: module globals cannot be over-aligned (the engine's per-thread storage is malloc'd)");
}
}  // namespace detail

template <class G>
globals<G> module::globals() {
    detail::check_globals_type<G>();
    auto ref = globals_registry().add_slot(sizeof(G), alignof(G), &detail::construct_globals_slot<G>,
                                           &detail::destroy_slot<G>, nullptr);
    if constexpr (requires(G& g) { g.reset(); }) {
        globals_registry().add_request_reset([ref] { std::launder(static_cast<G*>(ref.get()))->reset(); });
    }
    return php::globals<G>(ref);
}

template <class G, class F>
globals<G> module::globals(F&& on_request_start) {
    detail::check_globals_type<G>();
    static_assert(std::is_invocable_v<F&, G&>, "phpbind: the request-start callback of globals<G> takes G&");
    auto ref = globals_registry().add_slot(sizeof(G), alignof(G), &detail::construct_globals_slot<G>,
                                           &detail::destroy_slot<G>, nullptr);
    globals_registry().add_request_reset(
        [ref, f = std::forward<F>(on_request_start)]() mutable { f(*std::launder(static_cast<G*>(ref.get()))); });
    return php::globals<G>(ref);
}

PHPBIND_NAMESPACE_END
