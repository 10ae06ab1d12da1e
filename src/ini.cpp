// src/ini.cpp — INI entry parsing and registration, module globals storage.
#include <phpbind/ini.hpp>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <version>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

namespace {

std::string_view trim(std::string_view s) {
    auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
    while (!s.empty() && ws(s.front())) s.remove_prefix(1);
    while (!s.empty() && ws(s.back())) s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

// An integer the way PHP writes integer settings: optional sign, decimal, or
// 0x / 0o / 0b / leading-0 octal digits, then an optional K, M or G multiplier.
// Strict: anything left over, or an overflow, refuses the text (the engine's
// OnUpdateLong would warn and keep a reinterpreted value).
bool parse_quantity(std::string_view s, int64_t& out) {
    s = trim(s);
    if (s.empty()) return false;
    bool negative = false;
    if (s.front() == '+' || s.front() == '-') {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() > 1 && s[0] == '0') {
        switch (s[1]) {
        case 'x':
        case 'X':
            base = 16;
            s.remove_prefix(2);
            break;
        case 'o':
        case 'O':
            base = 8;
            s.remove_prefix(2);
            break;
        case 'b':
        case 'B':
            base = 2;
            s.remove_prefix(2);
            break;
        default:
            if (s[1] >= '0' && s[1] <= '9') {
                base = 8;
                s.remove_prefix(1);
            }
        }
    }
    uint64_t magnitude = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), magnitude, base);
    if (ec != std::errc() || end == s.data()) return false;
    std::string_view rest = trim(std::string_view(end, static_cast<size_t>(s.data() + s.size() - end)));
    uint64_t factor = 1;
    if (!rest.empty()) {
        if (rest.size() != 1) return false;
        switch (rest[0]) {
        case 'k':
        case 'K': factor = uint64_t{1} << 10; break;
        case 'm':
        case 'M': factor = uint64_t{1} << 20; break;
        case 'g':
        case 'G': factor = uint64_t{1} << 30; break;
        default: return false;
        }
    }
    if (magnitude > UINT64_MAX / factor) return false;
    magnitude *= factor;
    const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    if (magnitude > limit) return false;
    out = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
    return true;
}

}  // namespace

bool parse_ini(std::string_view text, bool& out, std::string& reason) {
    std::string_view s = trim(text);
    // What zend_ini_parse_bool reads as true, and its usual spellings of
    // false (the INI file parser turns Off/None into "").
    for (std::string_view t : {"1", "on", "yes", "true"}) {
        if (iequals(s, t)) return out = true, true;
    }
    for (std::string_view f : {"", "0", "off", "no", "false", "none"}) {
        if (iequals(s, f)) return out = false, true;
    }
    int64_t n;
    if (parse_quantity(s, n)) return out = n != 0, true;
    reason = "not a boolean (on, off, yes, no, true, false, 1 or 0)";
    return false;
}

bool parse_ini(std::string_view text, int64_t& out, std::string& reason) {
    if (parse_quantity(text, out)) return true;
    reason = "not an integer in range (digits with an optional K, M or G multiplier)";
    return false;
}

bool parse_ini(std::string_view text, double& out, std::string& reason) {
    std::string s(trim(text));
    if (!s.empty()) {
        const char* end = nullptr;
        double v = zend_strtod(s.c_str(), &end);
        if (end == s.c_str() + s.size()) {
            out = v;
            return true;
        }
    }
    reason = "not a number";
    return false;
}

std::string format_ini(bool v) { return v ? "1" : "0"; }
std::string format_ini(int64_t v) { return std::to_string(v); }
std::string format_ini(double v) {
    char buf[64];
#if defined(__cpp_lib_to_chars)
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
#else
    // The shortest text that reads back as v, as to_chars gives (libc++ before 16 has no
    // floating-point to_chars: Emscripten's).
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
#endif
}

void ini_rejected(const zend_string* name, std::string_view text, const std::string& reason) {
    std::string value(text);
    zend_error(E_WARNING, "Invalid \"%s\" setting \"%s\": %s", ZSTR_VAL(name), value.c_str(), reason.c_str());
}

slot_ref globals_registry::add_slot(size_t size, size_t align, void (*construct_fn)(void*, const void*),
                                    void (*destroy_fn)(void*) noexcept, const void* context) {
    slot_ref ref;
    size_t offset = (size_ + align - 1) / align * align;
    size_ = offset + size;
#ifdef ZTS
    ref.id = &id_;
    ref.offset = offset;
#else
    // Owned by the module, like its other registration data: the slot is
    // constructed by the engine's globals_ctor before MINIT and destroyed by
    // globals_dtor after MSHUTDOWN; its memory stays reserved as long as the
    // module exists (a later runtime in the same process constructs it
    // again) and is freed with the module (docs/memory-model.md).
    ref.ptr = ::operator new(size, std::align_val_t(align));
#endif
    slots_.push_back(global_slot{size, align, construct_fn, destroy_fn, context, ref});
    return ref;
}

globals_registry::~globals_registry() {
#ifndef ZTS
    for (const auto& s : slots_) ::operator delete(s.ref.ptr, std::align_val_t(s.align));
#endif
}

void globals_registry::add_ini(std::unique_ptr<ini_state_base> st, const char* name, const char* default_text,
                               int modifiable, ZEND_INI_MH((*on_modify)), bool boolean) {
    zend_ini_entry_def def{};
    def.name = name;
    def.on_modify = on_modify;
    def.mh_arg1 = st.get();
    def.value = default_text;
    def.displayer = boolean ? zend_ini_boolean_displayer_cb : nullptr;  // phpinfo() shows On/Off
    def.value_length = static_cast<uint32_t>(std::strlen(default_text));
    def.name_length = static_cast<uint16_t>(std::strlen(name));
    def.modifiable = static_cast<uint8_t>(modifiable);
    ini_defs_.push_back(def);
    ini_states_.push_back(std::move(st));
}

bool globals_registry::has_ini(std::string_view name) const noexcept {
    for (const auto& d : ini_defs_) {
        if (d.name && std::string_view(d.name, d.name_length) == name) return true;
    }
    return false;
}

void* globals_registry::where(const global_slot& s, void* block) const noexcept {
#ifdef ZTS
    return static_cast<char*>(block) + s.ref.offset;
#else
    (void)block;
    return s.ref.ptr;
#endif
}

// globals_ctor: called by zend_startup_module_ex right before MINIT (NTS), or
// by TSRM for every thread (ZTS, from ts_allocate_id and at thread start).
void globals_registry::construct(void* block) noexcept {
    for (const auto& s : slots_) s.construct(where(s, block), s.context);
}

// globals_dtor: called by module_destructor after MSHUTDOWN (NTS), or by TSRM
// when a thread ends or the id is freed (ZTS).
void globals_registry::destroy(void* block) noexcept {
    for (auto it = slots_.rbegin(); it != slots_.rend(); ++it) it->destroy(where(*it, block));
}

bool globals_registry::register_ini(int type, int module_number) {
    if (ini_defs_.empty()) return true;
    if (ini_defs_.back().name) ini_defs_.push_back(zend_ini_entry_def{});  // terminator, once
    ini_type_ = type;
    ini_module_number_ = module_number;
    ini_registered_ = detail::register_ini_entries(ini_defs_.data(), module_number, type);
    // On failure (a name already registered) the engine has unregistered
    // this module's entries itself.
    return ini_registered_;
}

void globals_registry::unregister_ini() {
    if (!ini_registered_) return;
    ini_registered_ = false;
    // By MSHUTDOWN the module is already out of the module registry, which
    // zend_unregister_ini_entries() searches for the type: pass it ourselves.
    detail::unregister_ini_entries(ini_module_number_, ini_type_);
}

bool globals_registry::request_start(const std::string& module_name) {
    bool ok = true;
    for (auto& f : resets_) {
        try {
            f();
        } catch (const std::exception& e) {
            zend_error(E_WARNING, "%s: request startup failed: resetting the module globals: %s", module_name.c_str(),
                       e.what());
            ok = false;
        } catch (...) {
            zend_error(E_WARNING, "%s: request startup failed: resetting the module globals: unknown C++ exception",
                       module_name.c_str());
            ok = false;
        }
    }
    return ok;
}

}  // namespace detail

PHPBIND_NAMESPACE_END
