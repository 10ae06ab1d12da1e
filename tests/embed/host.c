/* tests/embed/host.c — a plain C host that dlopen()s two lib-mode libraries.
 *
 *   host <path/libpbalpha.so> <path/libpbbeta.so>
 *
 * Prints what each step returned; tests/embed/host.expected is the truth. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*init_fn)(int, char**);
typedef void (*shutdown_fn)(void);
typedef long (*eval_fn)(const char*);
typedef int (*counts_fn)(char*, size_t);

struct lib {
    const char* name;
    init_fn init;
    shutdown_fn shutdown;
    eval_fn eval;
    counts_fn counts;
    const char* (*last_error)(void);
    const char* (*last_error_class)(void);
    int (*last_error_kind)(void);
};

static void* must(void* p, const char* what) {
    if (!p) {
        fprintf(stderr, "%s: %s\n", what, dlerror());
        exit(2);
    }
    return p;
}

static struct lib open_lib(const char* path, const char* name) {
    char sym[64];
    struct lib l;
    void* h = must(dlopen(path, RTLD_NOW | RTLD_LOCAL), path);
    l.name = name;
    /* Function pointers from dlsym() the way POSIX's dlsym() page writes it
       (ISO C has no conversion from void * to a function pointer). */
    snprintf(sym, sizeof sym, "%s_runtime_init", name);
    *(void**)&l.init = must(dlsym(h, sym), sym);
    snprintf(sym, sizeof sym, "%s_runtime_shutdown", name);
    *(void**)&l.shutdown = must(dlsym(h, sym), sym);
    snprintf(sym, sizeof sym, "%s_eval_int", name);
    *(void**)&l.eval = must(dlsym(h, sym), sym);
    snprintf(sym, sizeof sym, "%s_counts", name);
    *(void**)&l.counts = must(dlsym(h, sym), sym);
    snprintf(sym, sizeof sym, "%s_last_error", name);
    *(void**)&l.last_error = must(dlsym(h, sym), sym);
    snprintf(sym, sizeof sym, "%s_last_error_class", name);
    *(void**)&l.last_error_class = must(dlsym(h, sym), sym);
    snprintf(sym, sizeof sym, "%s_last_error_kind", name);
    *(void**)&l.last_error_kind = must(dlsym(h, sym), sym);
    return l;
}

static void last_error(struct lib* l) {
    const char* e = l->last_error();
    printf(" (last error: %s, class '%s', kind %d)\n", e ? e : "none", l->last_error_class(), l->last_error_kind());
}

static void counts(struct lib* l) {
    char buf[256];
    l->counts(buf, sizeof buf);
    printf("  %s counts: %s\n", l->name, buf);
}

int main(int argc, char** argv) {
    char* php_argv[] = {"host", NULL};
    struct lib a, b;
    if (argc != 3) return 2;
    a = open_lib(argv[1], "pbalpha");
    b = open_lib(argv[2], "pbbeta");

    printf("alpha init: %d\n", a.init(1, php_argv));
    printf("alpha init again: %d\n", a.init(1, php_argv));
    printf("alpha 6*7: %ld\n", a.eval("return 6 * 7;"));
    printf("alpha twice(21): %ld\n", a.eval("return alpha_twice(21);"));
    printf("alpha keeps state within its request: %ld\n", a.eval("$GLOBALS['n'] = 5; return $n + 1;"));
    printf("alpha throws: %ld", a.eval("throw new LogicException('refused');"));
    last_error(&a);
    printf("alpha after the exception: %ld", a.eval("return $n;"));
    last_error(&a);
    printf("alpha exits: %ld", a.eval("exit(4);"));
    last_error(&a);
    printf("alpha's request starts again: %ld\n", a.eval("return isset($n) ? 1 : 0;"));
    counts(&a);
    printf("beta init while alpha runs: %d\n", b.init(1, php_argv));
    a.shutdown();
    counts(&a);
    printf("beta init after alpha: %d\n", b.init(1, php_argv));
    printf("beta 2**10: %ld\n", b.eval("return 2 ** 10;"));
    counts(&b);
    b.shutdown();
    printf("alpha init again after both: %d\n", a.init(1, php_argv));
    printf("alpha state is fresh: %ld\n", a.eval("return isset($n) ? 1 : 0;"));
    counts(&a);
    a.shutdown();
    counts(&a);
    return 0;
}
