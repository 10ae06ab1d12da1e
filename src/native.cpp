// src/native.cpp — Closures made from C++ callables and PHP functions
// defined during a request (phpbind/native.hpp).
//
// A Closure is made from one internal function per callable type (its
// template), registered by the engine's own zend_register_functions() when
// the first module of this library copy starts, so its arg info, interned
// names and run-time cache are what a C extension's method has. The closure
// is bound to an object of a final internal class that owns the C++
// callable; the handler takes the callable from $this and checks its type.
// A run-time function is registered like a dl() module's (its strings and
// run-time cache belong to the request) and finds its callable in a slot of
// the function's reserved[] array; both are removed at the request's end.
#include <phpbind/native.hpp>
#include "internal.hpp"

extern "C" {  // zend_extensions.h declares some of its functions outside BEGIN_EXTERN_C
#include <Zend/zend_closures.h>
#include <Zend/zend_extensions.h>
}

#include <cstring>
#include <string>
#include <utility>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {

native_template* g_templates = nullptr;  // listed when the library is loaded
bool g_runtime_functions = false;  // whether any code of this copy defines functions at run time

struct copy_state {
    unsigned started = 0;  // modules of this copy started
    zend_class_entry* ce = nullptr;  // the class native Closures are bound to
    std::unique_ptr<module> keeper;  // the templates' names and arg info
    const char* refusal = nullptr;  // why no Closure can be made, if so
    zend_module_entry functions_module{};  // what run-time functions name as their module
    std::string module_name;
};
copy_state& native_state() {
    static copy_state s;
    return s;
}

// The engine's reserved[] slot of run-time functions: taken once per process,
// the first time a module of this copy that defines functions starts.
int g_handle = -1;

struct native_object {
    native_holder* holder;
    zend_object std;
};
zend_object_handlers g_handlers;

native_object* native_of(zend_object* o) noexcept {
    return reinterpret_cast<native_object*>(reinterpret_cast<char*>(o) - XtOffsetOf(native_object, std));
}

zend_object* create_native(zend_class_entry* ce) {
    auto* n = static_cast<native_object*>(zend_object_alloc(sizeof(native_object), ce));
    n->holder = nullptr;
    zend_object_std_init(&n->std, ce);
    object_properties_init(&n->std, ce);
    n->std.handlers = &g_handlers;
    return &n->std;
}

void free_native(zend_object* o) {
    // The callable and what it captured: releasing a PHP value may run a
    // __destruct, which may fail in every way.
    if (native_holder* h = std::exchange(native_of(o)->holder, nullptr)) (void)release_edge([h] { delete h; });
    zend_object_std_dtor(o);
}

// As for Closure itself: the objects are made by phpbind only.
zend_function* refuse_constructor(zend_object* o) {
    zend_throw_error(nullptr, "Instantiation of class %s is not allowed", ZSTR_VAL(o->ce->name));
    return nullptr;
}

void register_class(const std::string& module_name) {
    copy_state& s = native_state();
    // Another library copy (another phpbind extension) may have the name.
    std::string name = "PhpBind\\NativeClosure";
    std::string lc = name;
    for (char& c : lc) c = static_cast<char>(zend_tolower_ascii(static_cast<unsigned char>(c)));
    if (zend_hash_str_exists(CG(class_table), lc.data(), lc.size())) name += "@" + module_name;
    zend_class_entry ce;
    INIT_CLASS_ENTRY_EX(ce, name.data(), name.size(), nullptr);
    s.ce = zend_register_internal_class_ex(&ce, nullptr);
    s.ce->ce_flags |= ZEND_ACC_FINAL | ZEND_ACC_NO_DYNAMIC_PROPERTIES | ZEND_ACC_NOT_SERIALIZABLE;
    s.ce->create_object = create_native;
    std::memcpy(&g_handlers, &std_object_handlers, sizeof g_handlers);
    g_handlers.offset = XtOffsetOf(native_object, std);
    g_handlers.free_obj = free_native;
    g_handlers.clone_obj = nullptr;
    g_handlers.get_constructor = refuse_constructor;
}

// Registers every listed template as an internal function outside any table.
void build_templates(const std::string& module_name) {
    copy_state& s = native_state();
    s.keeper = std::make_unique<module>(module_name);
    HashTable scratch;
    zend_hash_init(&scratch, 8, nullptr, nullptr, true);  // no destructor: the functions are taken out
    std::vector<zend_function_entry> entries;
    static constexpr std::string_view key = "{closure}";
    for (native_template* t = g_templates; t; t = t->next) {
        entries.clear();
        if (!t->build(*s.keeper, entries) || entries.size() != 1) continue;  // refused when used
        entries.push_back(zend_function_entry{});
        if (zend_register_functions(nullptr, entries.data(), &scratch, MODULE_PERSISTENT) != SUCCESS) continue;
        auto* f = static_cast<zend_function*>(zend_hash_str_find_ptr(&scratch, key.data(), key.size()));
        zend_hash_str_del(&scratch, key.data(), key.size());
        if (!f) continue;
        f->common.scope = s.ce;  // a method of the class, so that a Closure of it holds $this
        f->common.fn_flags |= ZEND_ACC_PUBLIC;
        t->fn = f;
    }
    zend_hash_destroy(&scratch);
}

void free_templates() noexcept {
    for (native_template* t = g_templates; t; t = t->next) {
        if (!t->fn) continue;
        t->fn->common.scope = nullptr;  // a free function's destructor frees its arg info too
        zval z;
        ZVAL_PTR(&z, t->fn);
        zend_function_dtor(&z);
        t->fn = nullptr;
    }
}

// What the running request made, most recent last (each thread's, under ZTS).
template <class T>
std::vector<T>& request_list() {
#ifdef ZTS
    static thread_local std::vector<T> v;
#else
    static std::vector<T> v;
#endif
    return v;
}

// A function the request defined.
struct runtime_function {
    std::string lc;
    native_holder* holder;
    std::unique_ptr<module> keeper;
    zend_string* engine_name;  // the name the engine made, when phpbind gave the function its own (null: none)
};

// A Closure the request published as a function or a method.
struct published {
    HashTable* table;  // EG(function_table), or the class's method table
    std::string lc;
    zend_op_array* op;  // a copy of the Closure's op_array; the opcodes stay the Closure's
    zend_object* closure;
};

bool valid_function_name(std::string_view n) noexcept {
    if (n.empty() || n.front() == '\\' || n.back() == '\\') return false;
    bool start = true;  // at the start of a name segment
    for (unsigned char c : n) {
        if (c == '\\') {
            if (start) return false;  // "a\\\\b"
            start = true;
            continue;
        }
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
        if (!letter && !(!start && c >= '0' && c <= '9')) return false;
        start = false;
    }
    return true;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(zend_tolower_ascii(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

bool list_native_template(native_template& t) noexcept {
    t.next = g_templates;
    g_templates = &t;
    return true;
}

bool note_runtime_functions() noexcept {
    g_runtime_functions = true;
    return true;
}

namespace {

// Set up when the first module of this library copy starts, torn down when the last one shuts
// down; run-time functions are removed at the request's end (the last RSHUTDOWN).
void native_module_started(const started_module& m) noexcept {
    const std::string& module_name = m.name;
    const int module_type = m.type, module_number = m.number;
    copy_state& s = native_state();
    if (s.started++ != 0) return;
    s.module_name = module_name;
    s.functions_module = zend_module_entry{};
    s.functions_module.size = sizeof(zend_module_entry);
    s.functions_module.zend_api = ZEND_MODULE_API_NO;
    s.functions_module.name = s.module_name.c_str();
    s.functions_module.type = MODULE_TEMPORARY;  // opcache folds no function_exists() on them
    s.functions_module.module_number = module_number;
    if (g_runtime_functions && g_handle < 0) g_handle = zend_get_resource_handle(s.module_name.c_str());
    if (!g_templates) return;
    if (module_type != MODULE_PERSISTENT) {
        s.refusal = "phpbind: a native Closure needs its extension loaded at startup (php.ini or -d extension=), "
                    "not by dl()";
        return;
    }
    try {
        register_class(module_name);
        build_templates(module_name);
    } catch (const std::exception&) {
        s.refusal = "phpbind: native Closures could not be set up at startup";
    }
}

void native_module_shutdown(const started_module&) noexcept {
    copy_state& s = native_state();
    if (s.started == 0 || --s.started != 0) return;
    free_templates();
    s.keeper.reset();
    s.ce = nullptr;  // the engine destroys the class with its class table
    s.refusal = nullptr;
}

// The function of a user Closure, checked for publishing.
const zend_op_array& publishable(ObjectView closure, std::string_view what, bool allow_scope) {
    zend_object* o = closure.raw();
    if (o->ce != zend_ce_closure) throw php::logic_exception("phpbind: " + std::string(what) + ": not a Closure");
    const zend_function* f = zend_get_closure_method_def(o);
    if (f->type != ZEND_USER_FUNCTION) {
        throw php::logic_exception("phpbind: " + std::string(what) +
                                   ": a Closure of C++ code (define a C++ function with php::define_function)");
    }
    zval z;
    ZVAL_OBJ(&z, o);
    const zval* self = zend_get_closure_this_ptr(&z);
    if (Z_TYPE_P(self) == IS_OBJECT || (!allow_scope && f->common.scope)) {
        throw php::logic_exception("phpbind: " + std::string(what) +
                                   ": the Closure is bound to an object or a class scope (Closure::bind($c, null, "
                                   "null) unbinds both)");
    }
    return f->op_array;
}

// A function running the Closure's code: its own name, scope and run-time
// cache; the opcodes, arg info and `use` variables stay the Closure's, which
// is kept alive with it.
zend_op_array* copy_function(const zend_op_array& src, std::string_view name, zend_class_entry* scope, uint32_t flags) {
    auto* op = static_cast<zend_op_array*>(emalloc(sizeof(zend_op_array)));
    std::memcpy(op, &src, sizeof(zend_op_array));
    op->fn_flags &= ~(ZEND_ACC_CLOSURE | ZEND_ACC_FAKE_CLOSURE | ZEND_ACC_HEAP_RT_CACHE | ZEND_ACC_IMMUTABLE |
                      ZEND_ACC_PPP_MASK | ZEND_ACC_STATIC);
    op->fn_flags |= flags;
    op->function_name = zend_string_init(name.data(), name.size(), false);
    op->scope = scope;
    op->prototype = nullptr;
    const size_t n = op->cache_size > 0 ? static_cast<size_t>(op->cache_size) : sizeof(void*);
    void* rt = emalloc(n);
    std::memset(rt, 0, n);
    ZEND_MAP_PTR_INIT(op->run_time_cache, static_cast<void**>(rt));
    ZEND_MAP_PTR_INIT(op->static_variables_ptr, static_cast<HashTable*>(ZEND_MAP_PTR_GET(src.static_variables_ptr)));
    return op;
}

void free_function(zend_op_array* op) noexcept {
    efree(ZEND_MAP_PTR(op->run_time_cache));
    zend_string_release(op->function_name);
    efree(op);
}

void publish(HashTable* table, const std::string& lc, zend_op_array* op, zend_object* closure) {
    zend_string* key = zend_string_init(lc.data(), lc.size(), false);
    const bool added = zend_hash_add_ptr(table, key, op) != nullptr;
    zend_string_release(key);
    if (!added) {
        free_function(op);
        throw php::logic_exception("phpbind: " + lc + " could not be added");
    }
    GC_ADDREF(closure);
    request_list<published>().push_back({table, lc, op, closure});
}

void native_request_ending() noexcept {
    // Published Closures first: their entries leave the tables without the
    // tables' destructor (the copies are phpbind's), before the engine
    // destroys the tables.
    auto& p = request_list<published>();
    while (!p.empty()) {
        published r = std::move(p.back());
        p.pop_back();
        const dtor_func_t d = r.table->pDestructor;
        r.table->pDestructor = nullptr;
        zend_hash_str_del(r.table, r.lc.data(), r.lc.size());
        r.table->pDestructor = d;
        free_function(r.op);
        zend_object* c = r.closure;
        (void)release_edge([c] { OBJ_RELEASE(c); });
    }
    std::vector<published>().swap(p);
    auto& v = request_list<runtime_function>();
    while (!v.empty()) {
        runtime_function r = std::move(v.back());
        v.pop_back();
        if (r.engine_name) {
            // The engine's destructor frees the name it made; backtraces may still hold phpbind's.
            auto* f = static_cast<zend_function*>(zend_hash_str_find_ptr(CG(function_table), r.lc.data(), r.lc.size()));
            if (f) zend_string_release(std::exchange(f->common.function_name, r.engine_name));
        }
        zend_hash_str_del(CG(function_table), r.lc.data(), r.lc.size());  // the engine frees the function
        native_holder* h = r.holder;
        (void)release_edge([h] { delete h; });
    }
    std::vector<runtime_function>().swap(v);  // nothing of a request stays allocated
}

subsystem native_subsystem{.order = 30,
                           .module_started = &native_module_started,
                           .module_shutdown = &native_module_shutdown,
                           .request_ending = &native_request_ending};
[[maybe_unused]] const bool native_registered = (add_subsystem(native_subsystem), true);

}  // namespace

native_holder* native_holder_for(zend_execute_data* ex) noexcept {
    const zend_function* f = ex->func;
    const copy_state& s = native_state();
    if (s.ce && f->common.scope == s.ce) {
        if (Z_TYPE(ex->This) == IS_OBJECT && Z_OBJCE(ex->This) == s.ce) return native_of(Z_OBJ(ex->This))->holder;
        return nullptr;
    }
    if (g_handle >= 0) return static_cast<native_holder*>(f->internal_function.reserved[g_handle]);
    return nullptr;
}

void native_holder_missing(zend_execute_data* ex) {
    const zend_function* f = ex->func;
    throw php::error(std::string(ZSTR_VAL(f->common.function_name)) +
                     "(): the object this native Closure is bound to holds another callable");
}

void make_native_closure(native_template& t, native_holder* raw, zval* out) {
    std::unique_ptr<native_holder> h(raw);
    const copy_state& s = native_state();
    if (request_stamp() == 0) throw php::logic_exception("phpbind: a native Closure is made during a request");
    if (!t.fn || !s.ce) {
        throw php::logic_exception(s.refusal ? s.refusal
                                             : "phpbind: this callable type could not be registered as a Closure "
                                               "(see the startup warnings)");
    }
#if PHP_VERSION_ID >= 80200
    // The engine gives a run-time cache (observers' slots) to the internal
    // functions in its tables at each request start; the template is in none.
    if (!ZEND_MAP_PTR_GET(t.fn->common.run_time_cache)) {
        if (const size_t n = zend_internal_run_time_cache_reserved_size()) {
            ZEND_MAP_PTR_SET(t.fn->common.run_time_cache, static_cast<void**>(zend_arena_calloc(&CG(arena), 1, n)));
        }
    }
#endif
    zend_object* obj = create_native(s.ce);
    native_of(obj)->holder = h.release();
    zval self;
    ZVAL_OBJ(&self, obj);
    zend_create_closure(out, t.fn, s.ce, s.ce, &self);
    zval_ptr_dtor(&self);  // the Closure holds it
    // Rebinding is then held to the class (zend_valid_closure_binding):
    // no other $this, no unbinding, no other scope.
    auto* cf = const_cast<zend_function*>(zend_get_closure_method_def(Z_OBJ_P(out)));
    cf->common.fn_flags |= ZEND_ACC_FAKE_CLOSURE;
}

}  // namespace detail

void publish_function(std::string_view name, ObjectView closure) {
    using namespace detail;
    if (request_stamp() == 0) throw php::logic_exception("phpbind: publish_function() needs a running request");
    const std::string what = "publish_function(\"" + std::string(name) + "\")";
    if (!valid_function_name(name)) {
        throw php::logic_exception("phpbind: " + what + ": \"" + std::string(name) + "\" is not a valid function name");
    }
    const std::string lc = lower(name);
    if (zend_hash_str_exists(EG(function_table), lc.data(), lc.size())) {
        throw php::logic_exception("phpbind: " + what + ": a function " + std::string(name) + "() exists already");
    }
    const zend_op_array& src = publishable(closure, what, false);
    publish(EG(function_table), lc, copy_function(src, name, nullptr, 0), closure.raw());
}

void publish_method(std::string_view class_name, std::string_view method, ObjectView closure, bool is_static) {
    using namespace detail;
    if (request_stamp() == 0) throw php::logic_exception("phpbind: publish_method() needs a running request");
    const std::string what = "publish_method(\"" + std::string(class_name) + "\", \"" + std::string(method) + "\")";
    if (!valid_function_name(method) || method.find('\\') != std::string_view::npos) {
        throw php::logic_exception("phpbind: " + what + ": not a valid method name");
    }
    zend_string* cn = zend_string_init(class_name.data(), class_name.size(), false);
    zend_class_entry* ce = zend_lookup_class_ex(cn, nullptr, ZEND_FETCH_CLASS_NO_AUTOLOAD);
    zend_string_release(cn);
    if (!ce) throw php::logic_exception("phpbind: " + what + ": no class " + std::string(class_name) + " is declared");
    if (ce->type == ZEND_INTERNAL_CLASS) throw php::logic_exception("phpbind: " + what + ": an internal class");
    if (ce->ce_flags & (ZEND_ACC_INTERFACE | ZEND_ACC_TRAIT | ZEND_ACC_ENUM)) {
        throw php::logic_exception("phpbind: " + what + ": an interface, trait or enum");
    }
    if (ce->ce_flags & ZEND_ACC_IMMUTABLE) {
        throw php::logic_exception("phpbind: " + what +
                                   ": opcache keeps this class immutable (shared with other requests)");
    }
    const std::string lc = lower(method);
    if (zend_hash_str_exists(&ce->function_table, lc.data(), lc.size()) || lc.starts_with("__")) {
        throw php::logic_exception("phpbind: " + what + ": the class has this method, or it is a magic method name");
    }
    const zend_op_array& src = publishable(closure, what, true);
    if (is_static && (src.fn_flags & ZEND_ACC_USES_THIS)) {
        throw php::logic_exception("phpbind: " + what + ": a static method cannot use $this");
    }
    uint32_t flags = ZEND_ACC_PUBLIC | (is_static ? ZEND_ACC_STATIC : 0u);
    publish(&ce->function_table, lc, copy_function(src, method, ce, flags), closure.raw());
}

namespace detail {

native_definition::native_definition(std::string_view name) : name_(name) {
    if (request_stamp() == 0) throw php::logic_exception("phpbind: define_function() needs a running request");
    if (!valid_function_name(name)) {
        throw php::logic_exception("phpbind: define_function(): \"" + name_ + "\" is not a valid function name");
    }
    if (g_handle < 0) {
        throw php::logic_exception(
            "phpbind: define_function(): the engine has no reserved slot left for this extension's functions");
    }
    const std::string lc = lower(name);
    if (zend_hash_str_exists(CG(function_table), lc.data(), lc.size())) {
        throw php::logic_exception("phpbind: define_function(): a function " + name_ + "() exists already");
    }
    keeper_ = std::make_unique<module>(native_state().module_name);
}

native_definition::~native_definition() = default;

void native_definition::finish(bool bound, native_holder* raw) {
    std::unique_ptr<native_holder> h(raw);
    if (!bound || entries_.size() != 1) {
        const auto& e = keeper_->errors();
        throw php::logic_exception("phpbind: define_function(): " + (e.empty() ? name_ : e.front()));
    }
    entries_.push_back(zend_function_entry{});
    if (zend_register_functions(nullptr, entries_.data(), CG(function_table), MODULE_TEMPORARY) != SUCCESS) {
        throw php::logic_exception("phpbind: define_function(): the engine refused " + name_ + "()");
    }
    const std::string lc = lower(name_);
    auto* f = static_cast<zend_function*>(zend_hash_str_find_ptr(CG(function_table), lc.data(), lc.size()));
    f->internal_function.module = &native_state().functions_module;
    f->internal_function.reserved[g_handle] = h.get();
    // After startup the engine interns names for the request; opcache interns only what its
    // shared memory holds, and hands out any other name as a persistent string. A backtrace
    // (an exception's "function") copies the name into a request value, which is then freed as
    // request memory, after the function is gone: the function gets a request copy of its own.
    zend_string* engine_name = nullptr;
    if (!ZSTR_IS_INTERNED(f->common.function_name)) {
        engine_name = f->common.function_name;
        f->common.function_name = zend_string_init(ZSTR_VAL(engine_name), ZSTR_LEN(engine_name), false);
    }
    request_list<runtime_function>().push_back({lc, h.release(), std::move(keeper_), engine_name});
}

}  // namespace detail
PHPBIND_NAMESPACE_END
