// src/function_hooks.cpp — replacing a user function with C++ that can call
// the original (phpbind/hooks.hpp, replace_function()).
//
// An internal function's handler is a pointer; a user function has none: the
// VM runs its opcodes itself, and a call the compiler bound to it (INIT_FCALL
// + DO_UCALL, zend_get_call_op()) runs whatever the function table names as a
// user function. So the replacement must be a user function too: a copy of
// the original's op_array (name, arg info, flags, file and lines, so
// Reflection and errors show the original) whose opcodes are
//
//   RECV ... (the original's own, one per parameter: types, defaults, by-ref)
//   EXT_NOP  (claimed with zend_set_user_opcode_handler(): runs the C++
//             replacement with the frame, its result in a temporary)
//   VERIFY_RETURN_TYPE (when the original declares one)
//   RETURN
//
// and it takes the original's place in the function table at the function's
// first replacement, for the rest of the request: a call site caches the
// function it found (opcache shares one cache slot among the call sites of a
// function in a script), and a Closure made from it copies its op_array. So
// the copy stays, and replacements chain in a handler slot of its own, which
// starts with user_original() (the original, through
// zend_call_known_function()): the copy is a pass-through when none is on.
#include <phpbind/function_hooks.hpp>
#include "internal.hpp"

#include <zend_vm.h>

#include <dlfcn.h>

#include <cstring>
#include <memory>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

struct user_trampoline {
    zend_function* original = nullptr;  // what the table held
    zend_op_array* copy = nullptr;  // what it holds until the request ends
    zend_op* ops = nullptr;  // opcodes, then literals (one block)
    uint32_t n_ops = 0;
    zend_string* key = nullptr;  // the lower-case name in the function table
    zif_handler handler = &user_original;  // the most recent replacement, or the original
};

namespace {

constexpr uint32_t k_marker = 0x70686270;  // an EXT_NOP of ours carries it in extended_value

std::vector<std::unique_ptr<user_trampoline>>& trampolines() {
    static std::vector<std::unique_ptr<user_trampoline>> v;  // this request's, per library copy
    return v;
}

user_opcode_handler_t g_previous_handler = nullptr;  // another extension's EXT_NOP handler
bool g_handler_installed = false;
bool g_loaded_by_dl = false;

user_trampoline* trampoline_of(const zend_op* op) noexcept {
    if (op->opcode != ZEND_EXT_NOP || op->extended_value != k_marker) return nullptr;
    auto& v = trampolines();
    if (op->op1.num >= v.size()) return nullptr;
    user_trampoline* t = v[op->op1.num].get();
    return (op >= t->ops && op < t->ops + t->n_ops) ? t : nullptr;
}

user_trampoline* trampoline_of_frame(const zend_execute_data* ex) noexcept {
    const zend_function* f = ex->func;
    if (!f || f->type != ZEND_USER_FUNCTION) return nullptr;
    for (auto& t : trampolines()) {
        if (f->op_array.opcodes == t->ops) return t.get();
    }
    return nullptr;
}

// The replacement's opcode: runs the C++ function with the frame. The VM
// continues at EX(opline): the next opcode, or the exception's handling.
int run_trampoline(zend_execute_data* execute_data) {
    const zend_op* op = EX(opline);
    user_trampoline* t = trampoline_of(op);
    if (!t) return g_previous_handler ? g_previous_handler(execute_data) : ZEND_USER_OPCODE_DISPATCH;
    zval* rv = EX_VAR(op->result.var);
    ZVAL_NULL(rv);
    t->handler(execute_data, rv);
    if (UNEXPECTED(EG(exception) != nullptr)) {
        zval_ptr_dtor(rv);
        ZVAL_UNDEF(rv);
        zend_rethrow_exception(execute_data);  // EX(opline) = the exception's handling
        return ZEND_USER_OPCODE_CONTINUE;
    }
    const zend_function* f = EX(func);
    if (f->common.fn_flags & ZEND_ACC_HAS_RETURN_TYPE) {
        const uint32_t mask = ZEND_TYPE_PURE_MASK(f->common.arg_info[-1].type);
        if (mask == MAY_BE_VOID) {
            zval_ptr_dtor(rv);
            ZVAL_NULL(rv);
        } else if (mask == MAY_BE_NEVER) {
            zval_ptr_dtor(rv);
            ZVAL_UNDEF(rv);
            zend_type_error("%s(): never-returning function must not implicitly return",
                            ZSTR_VAL(f->common.function_name));
            zend_rethrow_exception(execute_data);
            return ZEND_USER_OPCODE_CONTINUE;
        }
    }
    EX(opline) = op + 1;
    return ZEND_USER_OPCODE_CONTINUE;
}

void claim_opcode() noexcept {
    if (g_handler_installed) return;
    g_previous_handler = zend_get_user_opcode_handler(ZEND_EXT_NOP);
    zend_set_user_opcode_handler(ZEND_EXT_NOP, &run_trampoline);
    g_handler_installed = true;
}

uint32_t class_slots(zend_type type) noexcept {
    // How many class names a type has: the cache slots its check needs
    // (as the compiler counts them for VERIFY_RETURN_TYPE).
    if (!ZEND_TYPE_IS_COMPLEX(type)) return 0;
    if (!ZEND_TYPE_HAS_LIST(type)) return 1;
    uint32_t n = 0;
    const zend_type* t;
    ZEND_TYPE_LIST_FOREACH(ZEND_TYPE_LIST(type), t) { n += ZEND_TYPE_HAS_LIST(*t) ? ZEND_TYPE_LIST(*t)->num_types : 1; }
    ZEND_TYPE_LIST_FOREACH_END();
    return n;
}

uint32_t tmp_var(const zend_op_array* op, uint32_t i) noexcept {
    // The byte offset ZEND_CALL_VAR_NUM(NULL, n) stands for, computed without arithmetic on a null pointer.
    return static_cast<uint32_t>((ZEND_CALL_FRAME_SLOT + op->last_var + i) * sizeof(zval));
}

// Checks that user function `f` may be replaced (a module's lifetime needs it loaded at startup).
void user_replace_refusal(const zend_function* f, const std::string& shown, bool for_module) {
    if (for_module) {
        throw php::logic_exception("phpbind: " + shown + "() is a user function: it exists only during a request; " +
                                   "replace it with php::hooks::replace_function() there");
    }
    if (g_loaded_by_dl) {
        throw php::logic_exception("phpbind: " + shown + "() is a user function: replacing one needs the extension " +
                                   "loaded at startup (php.ini or -d extension=), not by dl()");
    }
    if (f->common.fn_flags & ZEND_ACC_RETURN_REFERENCE) {
        throw php::logic_exception("phpbind: " + shown + "() returns by reference: a replacement returns a value");
    }
    uint32_t n = f->op_array.num_args + ((f->common.fn_flags & ZEND_ACC_VARIADIC) ? 1 : 0);
    for (uint32_t i = 0; i < n; ++i) {
        const zend_uchar c = i < f->op_array.last ? f->op_array.opcodes[i].opcode : 0;
        if (c != ZEND_RECV && c != ZEND_RECV_INIT && c != ZEND_RECV_VARIADIC) {
            throw php::logic_exception("phpbind: " + shown + "() does not start by receiving its parameters");
        }
    }
}

}  // namespace

zend_function* replaceable_function(std::string_view name, bool for_module) {
    const std::string shown(name.starts_with('\\') ? name.substr(1) : name);
    zend_string* given = zend_string_init(shown.data(), shown.size(), false);
    zend_string* lc = zend_string_tolower(given);  // a new reference, to `given` itself if already lower case
    zend_string_release(given);
    zend_function* f = static_cast<zend_function*>(zend_hash_find_ptr(CG(function_table), lc));
    zend_string_release(lc);
    if (!f) throw php::logic_exception("phpbind: no function " + shown + "() to replace");
    if (f->type != ZEND_INTERNAL_FUNCTION) {
        user_replace_refusal(f, shown, for_module);
        return f;
    }
    // A dl() module's functions go when its request ends; a replacement for
    // a module's lifetime would outlive them.
    if (for_module && f->internal_function.module && f->internal_function.module->type == MODULE_TEMPORARY) {
        throw php::logic_exception("phpbind: " + shown + "() belongs to a module loaded by dl(): it can only be " +
                                   "replaced for a request");
    }
    return f;
}

namespace {

user_trampoline* make_trampoline(zend_function* original) {
    const zend_op_array& src = original->op_array;
    const uint32_t recv = src.num_args + ((src.fn_flags & ZEND_ACC_VARIADIC) ? 1 : 0);
    const bool typed = (src.fn_flags & ZEND_ACC_HAS_RETURN_TYPE) &&
        ZEND_TYPE_PURE_MASK(src.arg_info[-1].type) != MAY_BE_VOID &&
        ZEND_TYPE_PURE_MASK(src.arg_info[-1].type) != MAY_BE_NEVER;
    const uint32_t n_ops = recv + 2 + (typed ? 1 : 0);

    // Opcodes and the literals their RECV_INITs read, addressed relative to
    // each opcode (ZEND_PASS_TWO_UPDATE_CONSTANT()).
    uint32_t n_lits = 0;
    for (uint32_t i = 0; i < recv; ++i) n_lits += src.opcodes[i].op2_type == IS_CONST;
    const size_t ops_size = ZEND_MM_ALIGNED_SIZE_EX(sizeof(zend_op) * n_ops, 16);
    auto* ops = static_cast<zend_op*>(ecalloc(1, ops_size + sizeof(zval) * (n_lits ? n_lits : 1)));
    auto* lits = reinterpret_cast<zval*>(reinterpret_cast<char*>(ops) + ops_size);

    auto* copy = static_cast<zend_op_array*>(emalloc(sizeof(zend_op_array)));
    std::memcpy(copy, &src, sizeof(zend_op_array));
    copy->fn_flags &= ~(ZEND_ACC_IMMUTABLE | ZEND_ACC_HEAP_RT_CACHE | ZEND_ACC_GENERATOR | ZEND_ACC_HAS_FINALLY_BLOCK |
                        ZEND_ACC_EARLY_BINDING | ZEND_ACC_PRELOADED);
    copy->fn_flags |= ZEND_ACC_DONE_PASS_TWO;
    copy->refcount = nullptr;  // destroy_op_array() (a Closure made from it) frees nothing of it
    copy->opcodes = ops;
    copy->last = n_ops;
    copy->literals = lits;
    copy->last_literal = n_lits;
    copy->T = 1;
    copy->try_catch_array = nullptr;
    copy->last_try_catch = 0;
    copy->static_variables = nullptr;
    ZEND_MAP_PTR_INIT(copy->static_variables_ptr, nullptr);
    copy->dynamic_func_defs = nullptr;
    copy->num_dynamic_func_defs = 0;

    uint32_t lit = 0;
    for (uint32_t i = 0; i < recv; ++i) {
        zend_op& o = ops[i];
        o = src.opcodes[i];
        if (o.op2_type == IS_CONST) {
            ZVAL_COPY_VALUE(&lits[lit], RT_CONSTANT(&src.opcodes[i], src.opcodes[i].op2));
            Z_EXTRA(lits[lit]) = Z_EXTRA_P(RT_CONSTANT(&src.opcodes[i], src.opcodes[i].op2));  // its cache slot
#if ZEND_USE_ABS_CONST_ADDR
            o.op2.zv = &lits[lit];
#else
            o.op2.constant = static_cast<uint32_t>(reinterpret_cast<char*>(&lits[lit]) - reinterpret_cast<char*>(&o));
#endif
            ++lit;
        }
    }
    const uint32_t result = tmp_var(copy, 0);
    zend_op& call = ops[recv];
    call.opcode = ZEND_EXT_NOP;
    call.extended_value = k_marker;
    call.op1_type = IS_UNUSED;
    call.op2_type = IS_UNUSED;
    call.result_type = IS_TMP_VAR;
    call.result.var = result;
    call.lineno = src.line_start;
    uint32_t next = recv + 1;
    zend_live_range* live = nullptr;
    if (typed) {
        zend_op& v = ops[next];
        v.opcode = ZEND_VERIFY_RETURN_TYPE;
        v.op1_type = IS_TMP_VAR;
        v.op1.var = result;
        v.op2_type = IS_UNUSED;
        v.op2.num = static_cast<uint32_t>(copy->cache_size);
        v.result_type = IS_UNUSED;
        v.lineno = src.line_end;
        copy->cache_size += static_cast<int>(class_slots(src.arg_info[-1].type) * sizeof(void*));
        // The temporary is the unwinding's to free if the check throws.
        live = static_cast<zend_live_range*>(emalloc(sizeof(zend_live_range)));
        live->var = result | ZEND_LIVE_TMPVAR;
        live->start = next;
        live->end = next + 1;
        ++next;
    }
    copy->live_range = live;
    copy->last_live_range = live ? 1 : 0;
    zend_op& ret = ops[next];
    ret.opcode = ZEND_RETURN;
    ret.op1_type = IS_TMP_VAR;
    ret.op1.var = result;
    ret.op2_type = IS_UNUSED;
    ret.result_type = IS_UNUSED;
    ret.lineno = src.line_end;

    claim_opcode();
    for (uint32_t i = 0; i < n_ops; ++i) zend_vm_set_opcode_handler(&ops[i]);
    const size_t rt_size = copy->cache_size > 0 ? static_cast<size_t>(copy->cache_size) : sizeof(void*);
    void* rt = ecalloc(1, rt_size);
    ZEND_MAP_PTR_INIT(copy->run_time_cache, static_cast<void**>(rt));

    auto t = std::make_unique<user_trampoline>();
    t->original = original;
    t->copy = copy;
    t->ops = ops;
    t->n_ops = n_ops;
    t->key = zend_string_tolower(src.function_name);
    call.op1.num = static_cast<uint32_t>(trampolines().size());
    zval* entry = zend_hash_find(EG(function_table), t->key);
    if (entry) Z_PTR_P(entry) = copy;  // in place: the table's destructor never sees the swap
    user_trampoline* raw = t.get();
    trampolines().push_back(std::move(t));
    return raw;
}

}  // namespace

zif_handler* user_function_slot(zend_function* f) {
    for (auto& t : trampolines()) {
        if (reinterpret_cast<zend_function*>(t->copy) == f) return &t->handler;  // replaced before in this request
    }
    return &make_trampoline(f)->handler;
}

void user_original(zend_execute_data* ex, zval* rv) {
    user_trampoline* t = trampoline_of_frame(ex);
    if (!t) {
        zend_throw_error(nullptr, "phpbind: the replaced function's original is gone");
        return;
    }
    // The arguments as the frame received them (the original applies its own
    // defaults to those not passed); a variadic parameter's array is passed
    // on whole, its string keys as named arguments.
    const zend_function* f = t->original;
    const uint32_t passed = ZEND_CALL_NUM_ARGS(ex);
    const uint32_t positional = passed < f->common.num_args ? passed : f->common.num_args;
    HashTable* rest = nullptr;
    if (f->common.fn_flags & ZEND_ACC_VARIADIC) {
        zval* v = ZEND_CALL_VAR_NUM(ex, f->common.num_args);
        if (Z_TYPE_P(v) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(v)) > 0) rest = Z_ARRVAL_P(v);
    }
    zval result;
    ZVAL_UNDEF(&result);
    zend_call_known_function(t->original, nullptr, nullptr, &result, positional, ZEND_CALL_VAR_NUM(ex, 0), rest);
    zval_ptr_dtor(rv);
    if (Z_ISUNDEF(result)) {
        ZVAL_NULL(rv);
    } else {
        ZVAL_COPY_VALUE(rv, &result);
    }
}

namespace {

unsigned started_modules = 0;  // of this copy

void user_replacements_module_started(const started_module& m) noexcept {
    ++started_modules;
    if (m.type != MODULE_PERSISTENT) g_loaded_by_dl = true;
}

void user_replacements_request_ending() noexcept {
    // After every restore of the request (hooks.cpp's subsystem runs first).
    auto& v = trampolines();
    for (auto& t : v) {
        zval* entry = zend_hash_find(EG(function_table), t->key);
        if (entry && Z_PTR_P(entry) == t->copy) Z_PTR_P(entry) = t->original;
        if (t->copy->live_range) efree(t->copy->live_range);
        efree(ZEND_MAP_PTR(t->copy->run_time_cache));
        efree(t->copy);
        efree(t->ops);
        zend_string_release(t->key);
    }
    v.clear();
}

void user_replacements_module_shutdown(const started_module& m) noexcept {
    if (started_modules == 0 || --started_modules != 0) return;
    // A module loaded with the engine shuts down with it; one loaded by dl() leaves it running.
    if (m.type != MODULE_PERSISTENT || !g_handler_installed) return;
    if (zend_get_user_opcode_handler(ZEND_EXT_NOP) == &run_trampoline) {
        zend_set_user_opcode_handler(ZEND_EXT_NOP, g_previous_handler);
    } else {
        // Another extension's handler calls this one: keep the code mapped.
#ifndef __wasi__  // (a WASI program is one static image, and wasi-libc has no dladdr)
        Dl_info info{};
        if (dladdr(reinterpret_cast<void*>(&run_trampoline), &info) != 0 && info.dli_fname) {
            (void)dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
        }
#endif
    }
    g_handler_installed = false;
    g_previous_handler = nullptr;
}

subsystem replacements_subsystem{.order = 15,
                                 .module_started = &user_replacements_module_started,
                                 .module_shutdown = &user_replacements_module_shutdown,
                                 .request_ending = &user_replacements_request_ending};
[[maybe_unused]] const bool replacements_registered = (add_subsystem(replacements_subsystem), true);

}  // namespace

}  // namespace detail
PHPBIND_NAMESPACE_END
