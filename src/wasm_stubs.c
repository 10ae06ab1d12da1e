/* src/wasm_stubs.c — what the engine's wasm builds need from libc and Emscripten's or wasi-libc's
 * lacks or does differently (compiled into the library for wasm only).
 *
 * Anonymous memory for the engine's allocator. Zend's allocator asks mmap() for 2 MiB chunks (and
 * for huge blocks, 2 MiB or more) aligned to 2 MiB: it maps more than it needs, then unmaps the
 * unaligned head and tail (zend_mm_chunk_alloc_int() in Zend/zend_alloc.c), and shrinks a huge
 * block by unmapping its tail (zend_mm_chunk_truncate()). Emscripten maps anonymous memory with
 * memalign() (wasi-libc's mman emulation, with malloc()) and refuses to unmap part of a mapping,
 * so every chunk would print "munmap() failed" and stay allocated for good. The library's wasm
 * programs link with --wrap=mmap,--wrap=munmap (cmake/phpbindPHP.cmake): mappings of 2 MiB or more
 * come 2 MiB-aligned from the start, so the allocator never trims them; unmapping a block's tail
 * keeps it (it is freed with the block); unmapping from a block's start frees it. Everything else
 * goes to the C library's own.
 *
 * Fibers (Emscripten's build; the WASI engine has its own stubs, cmake/wasi/posix.c). The wasm
 * engine is built without Zend's assembly fibers (tools/php-engine.sh), so its
 * fiber code is compiled against ucontext, which Emscripten does not provide. phpbind's runtime
 * replaces Fiber::start with one that throws FiberError (src/runtime.cpp), so these are never
 * reached from PHP; if anything else reaches them, the program stops with a message rather than
 * run on with a fiber that never started. getdtablesize() is the descriptor table's size, which
 * the engine asks for when it closes descriptors. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PHPBIND_WASM_CHUNK ((size_t)2 * 1024 * 1024) /* ZEND_MM_CHUNK_SIZE */

struct phpbind_block {
    char* addr;
    size_t len;
    struct phpbind_block* next;
};
static struct phpbind_block* blocks;

void* __real_mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off);
int __real_munmap(void* addr, size_t len);

void* __wrap_mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
    if (!(flags & MAP_ANONYMOUS) || (flags & MAP_FIXED) || len < PHPBIND_WASM_CHUNK) {
        return __real_mmap(addr, len, prot, flags, fd, off);
    }
    struct phpbind_block* b = malloc(sizeof *b);
    void* p = NULL;
    if (!b || posix_memalign(&p, PHPBIND_WASM_CHUNK, len) != 0) {
        free(b);
        errno = ENOMEM;
        return MAP_FAILED;
    }
    memset(p, 0, len); /* anonymous memory reads as zeros */
    b->addr = p;
    b->len = len;
    b->next = blocks;
    blocks = b;
    return p;
}

int __wrap_munmap(void* addr, size_t len) {
    char* a = addr;
    for (struct phpbind_block** link = &blocks; *link; link = &(*link)->next) {
        struct phpbind_block* b = *link;
        if (a == b->addr) {
            *link = b->next;
            free(b->addr);
            free(b);
            return 0;
        }
        if (a > b->addr && a < b->addr + b->len) {
            return 0; /* a tail: kept until the block itself is unmapped */
        }
    }
    return __real_munmap(addr, len);
}

#ifdef __EMSCRIPTEN__
static void no_fibers(void) {
    fputs("phpbind: fibers are not available in WebAssembly\n", stderr);
    abort();
}

int getcontext(void* ucp) {
    (void)ucp;
    errno = ENOSYS;
    return -1;
}

void makecontext(void* ucp, void (*func)(void), int argc, ...) {
    (void)ucp;
    (void)func;
    (void)argc;
    no_fibers();
}

int swapcontext(void* oucp, const void* ucp) {
    (void)oucp;
    (void)ucp;
    no_fibers();
    return -1;
}

int getdtablesize(void) {
    long n = sysconf(_SC_OPEN_MAX);
    return n > 0 ? (int)n : 1024;
}
#endif

#ifdef __wasi__
/* A WASI program starts in "/", whatever the host's working directory; the runner
 * (cmake/wasi-run.js) passes it as PWD, and relative paths resolve against it as natively. */
__attribute__((constructor)) static void phpbind_wasi_cwd(void) {
    const char* dir = getenv("PWD");
    if (dir && *dir == '/') {
        (void)chdir(dir);
    }
}
#endif
