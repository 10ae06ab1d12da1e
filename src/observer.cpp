// src/observer.cpp — the observer API's compiled half (phpbind/observer.hpp).
#include <phpbind/observer.hpp>
#include "internal.hpp"

PHPBIND_NAMESPACE_BEGIN

std::string Frame::qualified_name() const {
    if (is_file()) return std::string(file());
    std::string out;
    if (std::string_view c = class_name(); !c.empty()) {
        out.append(c);
        out.append("::");
    }
    out.append(name());
    return out;
}

ValueView Frame::arg(uint32_t i) const noexcept {
    const zend_function* f = ex_->func;
    // A user function keeps the arguments past its declared parameters after
    // its compiled variables and temporaries (zend_copy_extra_args(); as
    // func_get_args() finds them).
    if (f->type == ZEND_USER_FUNCTION && i >= f->op_array.num_args) {
        return ValueView(ZEND_CALL_VAR_NUM(ex_, f->op_array.last_var + f->op_array.T + (i - f->op_array.num_args)));
    }
    return ValueView(ZEND_CALL_ARG(ex_, i + 1));
}

namespace detail {

void observer_begin_failed(zend_object* in_flight) noexcept {
    // One thrown while another was unwinding is already chained to it by the
    // engine (zend_throw_exception_internal): the unwinding goes on with both.
    if (in_flight == nullptr) defer_exception();
}

void contain_bailout(void (*fn)(void*), void* ctx) noexcept { (void)run_guarded(fn, ctx); }

void register_call_observer(zend_observer_fcall_init init) { zend_observer_fcall_register(init); }

void register_error_observer(zend_observer_error_cb cb) { zend_observer_error_register(cb); }

namespace {
// A frame a fatal error struck in while its end callback ran is nothing to a later request.
void forget_ending_frame() noexcept { ending_frame = nullptr; }
subsystem observer_subsystem{.order = 20, .request_started = &forget_ending_frame};
[[maybe_unused]] const bool observer_registered = (add_subsystem(observer_subsystem), true);
}  // namespace

}  // namespace detail
PHPBIND_NAMESPACE_END
