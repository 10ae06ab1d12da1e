/* dlopen_shim.c — lets sanitized extensions load into the stock php.
 *
 * PHP opens extensions with RTLD_DEEPBIND, which the ASan runtime refuses
 * (it would let the library bypass ASan's interceptors). Preloaded before the
 * sanitizer runtimes, this dlopen() clears the flag and forwards the call. */
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int mode) {
    static void *(*real_dlopen)(const char *, int);
    if (!real_dlopen) {
        real_dlopen = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
    }
    return real_dlopen(file, mode & ~RTLD_DEEPBIND);
}
