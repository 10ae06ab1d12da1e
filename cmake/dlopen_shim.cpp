// dlopen_shim.cpp — lets sanitized extensions load into the stock php.
//
// PHP opens extensions with RTLD_DEEPBIND, which the ASan runtime refuses
// (it would let the library bypass ASan's interceptors). Preloaded before the
// sanitizer runtimes, this dlopen() clears the flag and forwards the call.
#include <dlfcn.h>

extern "C" void* dlopen(const char* file, int mode) {
    using dlopen_fn = void* (*)(const char*, int);
    static dlopen_fn real_dlopen = reinterpret_cast<dlopen_fn>(dlsym(RTLD_NEXT, "dlopen"));
    return real_dlopen(file, mode & ~RTLD_DEEPBIND);
}
