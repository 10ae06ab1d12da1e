// src/persistent.cpp — detaching values into persistent memory, and freeing them.
#include <phpbind/persistent.hpp>
#include "internal.hpp"

#include <mutex>
#include <string>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

struct detached {
    zval root;
    size_t bytes = 0;
};

namespace {

// Persistent blocks whose last owner went away during a request; freed once
// the request has ended. One list per extension, created on first use and
// deleted when the extension is unloaded (free_deferred_list).
std::mutex deferred_lock;  // trivially destructible in practice; never used after unload
std::vector<detached*>* deferred_list = nullptr;
std::mutex& deferred_mutex() { return deferred_lock; }
std::vector<detached*>& deferred() {
    if (!deferred_list) deferred_list = new std::vector<detached*>;
    return *deferred_list;
}

// Where the value being copied sits: one step per level, each on the stack
// of the copy that descends into it. Nothing is built while copying; only a
// refusal walks the steps back to the root to name the path, so detaching
// nested data costs no more than the data (a path string per element would
// cost O(depth^2) for deep nesting).
struct path_step {
    const path_step* parent;  // nullptr: the value is an element of the root
    const zend_string* key;  // nullptr: an int key, in h
    zend_ulong h;
};

struct copy_state {
    std::string_view root;  // the name of the root: "$cfg"
    size_t bytes = 0;
};

[[noreturn]] PHPBIND_COLD void refuse(const copy_state& st, const path_step* at, std::string_view what) {
    std::vector<const path_step*> steps;
    for (const path_step* s = at; s; s = s->parent) steps.push_back(s);
    std::string path(st.root);
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) append_path_element(path, (*it)->key, (*it)->h);
    path += ": ";
    path += what;
    path += " cannot be detached";
    throw value_error(std::move(path));
}

void free_zval(zval* z) noexcept;

void free_array(zend_array* ht) noexcept {
    Bucket* p;
    zval* v;
    (void)p;
    ZEND_HASH_FOREACH_VAL(ht, v) { free_zval(v); }
    ZEND_HASH_FOREACH_END();
    if (has_buckets(ht)) {
        ZEND_HASH_FOREACH_BUCKET(ht, p) {
            if (p->key && !(GC_FLAGS(p->key) & IS_STR_PERMANENT)) pefree(p->key, 1);
        }
        ZEND_HASH_FOREACH_END();
    }
    if (HT_FLAGS(ht) & HASH_FLAG_UNINITIALIZED) {
        pefree(ht, 1);
        return;
    }
    pefree(HT_GET_DATA_ADDR(ht), 1);
    pefree(ht, 1);
}

void free_zval(zval* z) noexcept {
    if (Z_TYPE_P(z) == IS_STRING) {
        zend_string* s = Z_STR_P(z);
        // Strings the engine itself made permanent (empty, one-char, known
        // strings) may appear in adopted data: they are not ours to free.
        if ((GC_FLAGS(s) & IS_STR_PERSISTENT) && !(GC_FLAGS(s) & IS_STR_PERMANENT)) pefree(s, 1);
    } else if (Z_TYPE_P(z) == IS_ARRAY) {
        zend_array* a = Z_ARR_P(z);
        if (a != &zend_empty_array) free_array(a);
    }
}

zend_string* copy_string(zend_string* s, size_t& bytes) {
    bytes += _ZSTR_STRUCT_SIZE(ZSTR_LEN(s));
    return immortal_string({ZSTR_VAL(s), ZSTR_LEN(s)});
}

void copy_value(zval* src, zval* dst, const path_step* at, copy_state& st);

zend_array* copy_array(zend_array* src, const path_step* at, copy_state& st) {
    uint32_t n = zend_hash_num_elements(src);
    zend_array* ht = static_cast<zend_array*>(pemalloc(sizeof(HashTable), 1));
    _zend_hash_init(ht, n, nullptr, /*persistent=*/1);
    st.bytes += sizeof(HashTable);
    bool packed = HT_IS_PACKED(src);
    if (packed) zend_hash_real_init_packed(ht);
    else zend_hash_real_init_mixed(ht);
    zend_string* key;
    zend_ulong h;
    zval* v;
    try {
        ZEND_HASH_FOREACH_KEY_VAL(src, h, key, v) {
            const path_step step{at, key, h};
            zval copy;
            copy_value(v, &copy, &step, st);
            if (key) {
                zend_string* k = copy_string(key, st.bytes);
                zend_hash_add_new(ht, k, &copy);
            } else {
                zend_hash_index_add_new(ht, h, &copy);
            }
        }
        ZEND_HASH_FOREACH_END();
    } catch (...) {
        free_array(ht);
        throw;
    }
    st.bytes += HT_SIZE(ht);
    // Immutable, as opcache marks the arrays it stores: never refcounted, never
    // written (a writer separates first), never collected.
    GC_SET_REFCOUNT(ht, 2);
    GC_ADD_FLAGS(ht, IS_ARRAY_IMMUTABLE | GC_NOT_COLLECTABLE);  // keeps GC_PERSISTENT
    return ht;
}

void copy_value(zval* src, zval* dst, const path_step* at, copy_state& st) {
    switch (Z_TYPE_P(src)) {
    case IS_UNDEF:
    case IS_NULL: ZVAL_NULL(dst); return;
    case IS_FALSE:
    case IS_TRUE:
    case IS_LONG:
    case IS_DOUBLE: ZVAL_COPY_VALUE(dst, src); return;
    case IS_STRING: ZVAL_INTERNED_STR(dst, copy_string(Z_STR_P(src), st.bytes)); return;
    case IS_ARRAY: {
        zend_array* a = copy_array(Z_ARR_P(src), at, st);
        ZVAL_ARR(dst, a);
        Z_TYPE_FLAGS_P(dst) = 0;
        return;
    }
    case IS_OBJECT:
        if (Z_OBJCE_P(src) == zend_ce_closure) refuse(st, at, "a Closure");
        refuse(st, at, "an object of class " + std::string(ZSTR_VAL(Z_OBJCE_P(src)->name)));
    case IS_RESOURCE: refuse(st, at, "a resource");
    case IS_REFERENCE: refuse(st, at, "a reference");
    case IS_INDIRECT: copy_value(Z_INDIRECT_P(src), dst, at, st); return;
    default: refuse(st, at, "this value");
    }
}

#ifdef PHPBIND_DEBUG
bool all_persistent(zval* z) noexcept {
    if (Z_TYPE_P(z) == IS_STRING) return GC_FLAGS(Z_STR_P(z)) & IS_STR_PERSISTENT;
    if (Z_TYPE_P(z) == IS_OBJECT || Z_TYPE_P(z) == IS_RESOURCE || Z_TYPE_P(z) == IS_REFERENCE) return false;
    if (Z_TYPE_P(z) != IS_ARRAY) return true;
    zend_array* a = Z_ARR_P(z);
    if (a == &zend_empty_array) return true;
    if (!(GC_FLAGS(a) & GC_PERSISTENT)) return false;
    zend_string* key;
    zval* v;
    ZEND_HASH_FOREACH_STR_KEY_VAL(a, key, v) {
        if (key && !(GC_FLAGS(key) & IS_STR_PERSISTENT)) return false;
        if (!all_persistent(v)) return false;
    }
    ZEND_HASH_FOREACH_END();
    return true;
}
#endif

void destroy(detached* d) noexcept {
    free_zval(&d->root);
    delete d;
}

}  // namespace

void append_path_element(std::string& out, const zend_string* key, zend_ulong h) {
    if (!key) {
        out += '[';
        out += std::to_string(static_cast<zend_long>(h));
        out += ']';
        return;
    }
    out += "['";
    for (size_t i = 0; i < ZSTR_LEN(key); ++i) {
        char c = ZSTR_VAL(key)[i];
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
    }
    out += "']";
}

void detached_deleter::operator()(detached* d) const noexcept {
    if (state().in_request) {
        // A request value may still point into it until the request is over.
        std::lock_guard<std::mutex> lock(deferred_mutex());
        try {
            deferred().push_back(d);
            return;
        } catch (...) {
            // Out of memory: keeping the block is safe, freeing it now is not.
            return;
        }
    }
    destroy(d);
}

void free_deferred_persistent() noexcept {
    std::vector<detached*> batch;
    {
        std::lock_guard<std::mutex> lock(deferred_mutex());
        batch.swap(deferred());
    }
    for (detached* d : batch) destroy(d);
}

void free_deferred_list() noexcept {
    delete deferred_list;  // empty once every request has ended
    deferred_list = nullptr;
}

}  // namespace detail

Persistent Persistent::detach(ValueView v, std::string_view name) {
    auto* d = new detail::detached;
    try {
        detail::copy_state st{name};
        detail::copy_value(v.raw(), &d->root, nullptr, st);
        d->bytes = st.bytes;
    } catch (...) {
        delete d;
        throw;
    }
    Persistent p;
    p.d_ = std::shared_ptr<detail::detached>(d, detail::detached_deleter{});
    return p;
}

Persistent Persistent::adopt(zval* z) {
#ifdef PHPBIND_DEBUG
    if (!detail::all_persistent(z))
        detail::debug_failure("php::Persistent", "persistent data points into request memory");
#endif
    auto* d = new detail::detached;
    ZVAL_COPY_VALUE(&d->root, z);
    Persistent p;
    p.d_ = std::shared_ptr<detail::detached>(d, detail::detached_deleter{});
    return p;
}

Type Persistent::type() const noexcept { return d_ ? static_cast<Type>(Z_TYPE(d_->root)) : Type::null; }

ValueView Persistent::view() const noexcept {
    static zval null_value = {{0}, {IS_NULL}, {0}};
    return ValueView(d_ ? &d_->root : &null_value);
}

void Persistent::copy_into(zval* out) const noexcept {
    if (!d_) {
        ZVAL_NULL(out);
        return;
    }
    ZVAL_COPY_VALUE(out, &d_->root);  // nothing in it is refcounted
}

size_t Persistent::memory_size() const noexcept { return d_ ? d_->bytes : 0; }

PHPBIND_NAMESPACE_END
