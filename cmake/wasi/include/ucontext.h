/* ucontext.h for the WASI engine (tools/php-engine.sh <series> wasi): wasi-libc has none. Enough
 * for Zend's ucontext fiber backend to compile; the functions (posix.c) stop the program. */
#ifndef PHPBIND_WASI_UCONTEXT_H
#define PHPBIND_WASI_UCONTEXT_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct { void *ss_sp; int ss_flags; size_t ss_size; } wasi_stub_stack_t;
typedef struct ucontext_t { struct ucontext_t *uc_link; wasi_stub_stack_t uc_stack; long uc_opaque[8]; } ucontext_t;
int getcontext(ucontext_t *ucp);
void makecontext(ucontext_t *ucp, void (*func)(void), int argc, ...);
int swapcontext(ucontext_t *oucp, const ucontext_t *ucp);
int setcontext(const ucontext_t *ucp);
#ifdef __cplusplus
}
#endif
#endif
