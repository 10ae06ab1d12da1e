/* posix.c — the POSIX functions PHP's sources call and wasi-libc (preview 1) does not have, for
 * the WASI engine (tools/php-engine.sh <series> wasi installs it as lib/libphpbind-wasi-posix.a;
 * every program linked with that engine links it). Each fails the way POSIX lets it (-1 or NULL
 * with errno ENOSYS) or gives a neutral answer (user and group 0, a umask kept in memory): a WASI
 * program has no processes, users, sockets, name resolution or dynamic loading, and PHP reports
 * those failures as it does on any system that refuses them. */
#include "posix.h"
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <pwd.h>
#include <grp.h>
#include <netdb.h>
#include <ucontext.h>
#include <dlfcn.h>
#include <sys/mman.h>

#define FAIL(v)                                                                                                        \
    do {                                                                                                               \
        errno = ENOSYS;                                                                                                \
        return (v);                                                                                                    \
    } while (0)

int dup(int fd) {
    (void)fd;
    FAIL(-1);
}
int dup2(int a, int b) {
    (void)a;
    (void)b;
    FAIL(-1);
}
int getdtablesize(void) { return 1024; }
int chown(const char* p, uid_t u, gid_t g) {
    (void)p;
    (void)u;
    (void)g;
    FAIL(-1);
}
int fchown(int f, uid_t u, gid_t g) {
    (void)f;
    (void)u;
    (void)g;
    FAIL(-1);
}
int lchown(const char* p, uid_t u, gid_t g) {
    (void)p;
    (void)u;
    (void)g;
    FAIL(-1);
}
static mode_t cur_umask = 022;
mode_t umask(mode_t m) {
    mode_t o = cur_umask;
    cur_umask = m & 0777;
    return o;
}
uid_t getuid(void) { return 0; }
uid_t geteuid(void) { return 0; }
gid_t getgid(void) { return 0; }
gid_t getegid(void) { return 0; }
int getgroups(int n, gid_t l[]) {
    (void)n;
    (void)l;
    return 0;
}
FILE* popen(const char* c, const char* m) {
    (void)c;
    (void)m;
    FAIL(NULL);
}
int pclose(FILE* f) {
    (void)f;
    FAIL(-1);
}

int socket(int a, int b, int c) {
    (void)a;
    (void)b;
    (void)c;
    FAIL(-1);
}
int connect(int s, const struct sockaddr* a, socklen_t l) {
    (void)s;
    (void)a;
    (void)l;
    FAIL(-1);
}
int bind(int s, const struct sockaddr* a, socklen_t l) {
    (void)s;
    (void)a;
    (void)l;
    FAIL(-1);
}
int listen(int s, int b) {
    (void)s;
    (void)b;
    FAIL(-1);
}
int getsockname(int s, struct sockaddr* a, socklen_t* l) {
    (void)s;
    (void)a;
    (void)l;
    FAIL(-1);
}
int getpeername(int s, struct sockaddr* a, socklen_t* l) {
    (void)s;
    (void)a;
    (void)l;
    FAIL(-1);
}
ssize_t sendto(int s, const void* b, size_t n, int f, const struct sockaddr* a, socklen_t l) {
    (void)s;
    (void)b;
    (void)n;
    (void)f;
    (void)a;
    (void)l;
    FAIL(-1);
}
ssize_t recvfrom(int s, void* b, size_t n, int f, struct sockaddr* a, socklen_t* l) {
    (void)s;
    (void)b;
    (void)n;
    (void)f;
    (void)a;
    (void)l;
    FAIL(-1);
}
int setsockopt(int s, int lv, int o, const void* v, socklen_t l) {
    (void)s;
    (void)lv;
    (void)o;
    (void)v;
    (void)l;
    FAIL(-1);
}

/* temp files: fill the trailing XXXXXX with random characters */
static int fill_template(char* t) {
    static const char cs[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    size_t n = strlen(t);
    if (n < 6 || strcmp(t + n - 6, "XXXXXX") != 0) {
        errno = EINVAL;
        return -1;
    }
    unsigned char r[6];
    arc4random_buf(r, sizeof r);
    for (int i = 0; i < 6; i++) t[n - 6 + i] = cs[r[i] % (sizeof cs - 1)];
    return 0;
}
int mkstemp(char* t) {
    size_t n = strlen(t);
    for (int tries = 0; tries < 100; tries++) {
        if (fill_template(t) != 0) return -1;
        int fd = open(t, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd >= 0 || errno != EEXIST) return fd;
        memcpy(t + n - 6, "XXXXXX", 6);
    }
    errno = EEXIST;
    return -1;
}
char* mktemp(char* t) {
    if (fill_template(t) != 0) {
        if (*t) *t = 0;
        return t;
    }
    return t;
}

/* syslog: to stderr */
static const char* log_ident = "php";
void openlog(const char* ident, int o, int f) {
    (void)o;
    (void)f;
    if (ident) log_ident = ident;
}
void closelog(void) {}
int setlogmask(int m) {
    (void)m;
    return 0xff;
}
void vsyslog(int pri, const char* fmt, va_list ap) {
    (void)pri;
    fprintf(stderr, "%s: ", log_ident);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}
void syslog(int pri, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsyslog(pri, fmt, ap);
    va_end(ap);
}

/* user/group databases: none */
struct passwd* getpwuid(uid_t u) {
    (void)u;
    return NULL;
}
struct passwd* getpwnam(const char* n) {
    (void)n;
    return NULL;
}
int getpwuid_r(uid_t u, struct passwd* p, char* b, size_t n, struct passwd** r) {
    (void)u;
    (void)p;
    (void)b;
    (void)n;
    *r = NULL;
    return 0;
}
int getpwnam_r(const char* u, struct passwd* p, char* b, size_t n, struct passwd** r) {
    (void)u;
    (void)p;
    (void)b;
    (void)n;
    *r = NULL;
    return 0;
}
struct group* getgrgid(gid_t g) {
    (void)g;
    return NULL;
}
struct group* getgrnam(const char* n) {
    (void)n;
    return NULL;
}
int getgrgid_r(gid_t g, struct group* p, char* b, size_t n, struct group** r) {
    (void)g;
    (void)p;
    (void)b;
    (void)n;
    *r = NULL;
    return 0;
}
int getgrnam_r(const char* g, struct group* p, char* b, size_t n, struct group** r) {
    (void)g;
    (void)p;
    (void)b;
    (void)n;
    *r = NULL;
    return 0;
}

/* name resolution: none */
int h_errno;
int getaddrinfo(const char* n, const char* s, const struct addrinfo* h, struct addrinfo** r) {
    (void)n;
    (void)s;
    (void)h;
    *r = NULL;
    return EAI_FAIL;
}
void freeaddrinfo(struct addrinfo* a) { (void)a; }
const char* gai_strerror(int e) {
    (void)e;
    return "name resolution is not available in WASI";
}
int getnameinfo(const struct sockaddr* a, socklen_t l, char* h, socklen_t hl, char* s, socklen_t sl, int f) {
    (void)a;
    (void)l;
    (void)h;
    (void)hl;
    (void)s;
    (void)sl;
    (void)f;
    return EAI_FAIL;
}
struct hostent* gethostbyname(const char* n) {
    (void)n;
    h_errno = HOST_NOT_FOUND;
    return NULL;
}
struct hostent* gethostbyname2(const char* n, int f) {
    (void)n;
    (void)f;
    h_errno = HOST_NOT_FOUND;
    return NULL;
}
struct hostent* gethostbyaddr(const void* a, socklen_t l, int t) {
    (void)a;
    (void)l;
    (void)t;
    h_errno = HOST_NOT_FOUND;
    return NULL;
}
int gethostbyname_r(const char* n, struct hostent* h, char* b, size_t bl, struct hostent** r, int* e) {
    (void)n;
    (void)h;
    (void)b;
    (void)bl;
    *r = NULL;
    *e = HOST_NOT_FOUND;
    return ENOENT;
}
struct servent* getservbyname(const char* n, const char* p) {
    (void)n;
    (void)p;
    return NULL;
}
struct servent* getservbyport(int port, const char* p) {
    (void)port;
    (void)p;
    return NULL;
}
struct protoent* getprotobyname(const char* n) {
    (void)n;
    return NULL;
}
struct protoent* getprotobynumber(int n) {
    (void)n;
    return NULL;
}
const char* hstrerror(int e) {
    (void)e;
    return "host lookup failed";
}

/* ucontext (Zend fibers built with --disable-fiber-asm): no stack switching in wasm */
static void no_fibers(void) {
    fputs("phpbind: fibers are not available in WebAssembly\n", stderr);
    abort();
}
int getcontext(ucontext_t* u) {
    (void)u;
    no_fibers();
    return -1;
}
void makecontext(ucontext_t* u, void (*fn)(void), int argc, ...) {
    (void)u;
    (void)fn;
    (void)argc;
    no_fibers();
}
int swapcontext(ucontext_t* o, const ucontext_t* u) {
    (void)o;
    (void)u;
    no_fibers();
    return -1;
}
int setcontext(const ucontext_t* u) {
    (void)u;
    no_fibers();
    return -1;
}

/* dynamic loading: wasi-libc's libdl.a is empty for static (non-PIC) programs */
void* dlopen(const char* f, int m) {
    (void)f;
    (void)m;
    return NULL;
}
void* dlsym(void* restrict h, const char* restrict n) {
    (void)h;
    (void)n;
    return NULL;
}
int dlclose(void* h) {
    (void)h;
    return 0;
}
char* dlerror(void) { return (char*)"dynamic loading is not available in WASI"; }
/* advisory only */
int madvise(void* a, size_t n, int adv) {
    (void)a;
    (void)n;
    (void)adv;
    return 0;
}
