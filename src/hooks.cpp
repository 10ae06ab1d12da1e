// src/hooks.cpp — the lifetimes of engine hooks (phpbind/hooks.hpp).
//
// A hook is linked into the engine's pointer as C extensions do it: it keeps
// the previous holder and the pointer names it. Unlinking is only possible
// for the most recent holder, or the chain would be cut. So a hook that must
// go while another was linked over it (another extension's, or one of this
// copy's installed later but ended earlier) is turned off instead — it passes
// every call straight to its previous holder — and unlinked as soon as it is
// on top again: checked whenever a hook is unlinked and at every request
// start, request end and module shutdown. If this copy's last module shuts
// down with a hook still linked under another, the copy pins itself in memory
// (RTLD_NODELETE), so the engine's dlclose() leaves the pass-through code the
// chain still names.
#include <phpbind/hooks.hpp>
#include "internal.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <string>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {
namespace {

// Per copy of the library; the engine's pointers are process-wide (and hooks
// for a request exist only on an NTS engine), so one list serves.
std::vector<hook_state*>& request_hooks() {
    static std::vector<hook_state*> v;  // in installation order
    return v;
}
unsigned& started_modules() {
    static unsigned n = 0;  // of this copy
    return n;
}
std::vector<hook_state*>& lingering() {
    static std::vector<hook_state*> v;  // off, still linked under another holder
    return v;
}

void link(hook_state& s) noexcept {
    s.install();
    s.linked = true;
    s.active = true;
}

// Unlinks every lingering hook that is on top again, until none is.
void sweep() noexcept {
    auto& l = lingering();
    for (bool again = true; again;) {
        again = false;
        for (auto it = l.begin(); it != l.end(); ++it) {
            if ((*it)->on_top()) {
                (*it)->restore();
                (*it)->linked = false;
                l.erase(it);
                again = true;
                break;
            }
        }
    }
}

// Turns a hook off and unlinks it, now or when it is on top again.
void unlink(hook_state& s) noexcept {
    s.active = false;
    if (s.on_top()) {
        s.restore();
        s.linked = false;
        sweep();
    } else {
        lingering().push_back(&s);
    }
}

[[noreturn]] void refuse(const hook_state& s, const char* why) {
    throw php::logic_exception(std::string("phpbind: hook on ") + s.point + ": " + why);
}

}  // namespace

void hook_acquire_module(hook_state& s) noexcept {
    if (s.module_users++ != 0) return;  // one link for every module of this copy that asks
    if (s.linked) {
        // Still lingering from an earlier holder: take it back where it is.
        auto& l = lingering();
        l.erase(std::remove(l.begin(), l.end(), &s), l.end());
        s.active = true;
        return;
    }
    link(s);
}

void hook_release_module(hook_state& s) noexcept {
    if (s.module_users == 0 || --s.module_users != 0) return;
    unlink(s);
}

void hook_install_request(hook_state& s) {
#ifdef ZTS
    refuse(s,
           "a thread-safe engine's hook pointers are shared by every thread; install the hook at startup "
           "(module::hook, module::replace_function, module::override_handler) instead");
#endif
    if (request_stamp() == 0)
        refuse(s,
               "a hook for a request needs a running request; use module::hook or module::replace_function for a "
               "module's lifetime");
    if (s.active) refuse(s, "this hook is installed already");
    if (s.linked) {
        // Off and lingering under a later holder: turning it back on keeps the chain.
        auto& l = lingering();
        l.erase(std::remove(l.begin(), l.end(), &s), l.end());
        s.active = true;
    } else {
        link(s);
    }
    s.request = true;
    request_hooks().push_back(&s);
}

void hook_remove(hook_state& s) {
    if (!s.request) refuse(s, "remove() takes a hook install() installed in this request");
    if (!s.on_top()) {
        refuse(s,
               "another hook was installed on this pointer after it and is still there; remove that one first "
               "(a chain is only ever unwound from its most recent holder)");
    }
    auto& r = request_hooks();
    r.erase(std::remove(r.begin(), r.end(), &s), r.end());
    s.request = false;
    unlink(s);
}

void hook_end(hook_state& s) {
    if (!s.request) refuse(s, "this override was not made in this request, or has ended");
    auto& r = request_hooks();
    r.erase(std::remove(r.begin(), r.end(), &s), r.end());
    s.request = false;
    unlink(s);
}

void hook_refuse_proceed() { refuse_php_call(); }

void hook_defer_exception() noexcept { defer_exception(); }

namespace {

void hooks_request_ending() noexcept {
    // The last RSHUTDOWN of this copy: no user code runs after it. What goes
    // with the request is forgotten, wherever it waits.
    auto& l = lingering();
    std::erase_if(l, [](hook_state* s) {
        if (!(s->dies_with_request && s->dies_with_request())) return false;
        s->restore();
        s->linked = false;
        return true;
    });
    // Most recent first.
    auto& r = request_hooks();
    while (!r.empty()) {
        hook_state* s = r.back();
        r.pop_back();
        s->request = false;
        if (s->dies_with_request && s->dies_with_request()) {
            s->active = false;
            s->restore();  // what is still this hook's; the rest goes with the request
            s->linked = false;
            continue;
        }
        unlink(*s);
    }
}

void hooks_module_started(const started_module&) noexcept { ++started_modules(); }

void hooks_module_shutdown(const started_module& m) noexcept {
    // A module loaded with the engine shuts down with it; one loaded by dl() leaves it running.
    const bool engine_ending = m.type == MODULE_PERSISTENT;
    sweep();
    if (started_modules() == 0 || --started_modules() != 0) return;
    if (lingering().empty()) return;
    // Another holder still calls into this copy's pass-through code: keep it
    // mapped after the engine unloads the extension.
#ifndef __wasi__  // (a WASI program is one static image, and wasi-libc has no dladdr)
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&sweep), &info) != 0 && info.dli_fname) {
        (void)dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
    }
#endif
    // An engine that shuts down sets its pointers afresh at its next startup
    // (zend_startup()): the chain they formed is gone. A module unloaded
    // after dl() leaves the engine running: its hooks stay where they are,
    // and taking them back when it is loaded again keeps the chain intact.
    if (engine_ending) {
        for (hook_state* s : lingering()) s->linked = false;
        lingering().clear();
    }
}

// Hooks that could not be unlinked yet are retried at every request start and end (and module
// shutdown).
subsystem hooks_subsystem{.order = 10,
                          .module_started = &hooks_module_started,
                          .module_shutdown = &hooks_module_shutdown,
                          .request_started = &sweep,
                          .request_ending = &hooks_request_ending,
                          .request_finished = &sweep};
[[maybe_unused]] const bool hooks_registered = (add_subsystem(hooks_subsystem), true);

}  // namespace
}  // namespace detail
PHPBIND_NAMESPACE_END
