/* grp.h for the WASI engine (tools/php-engine.sh <series> wasi): wasi-libc has none. */
#ifndef PHPBIND_WASI_GRP_H
#define PHPBIND_WASI_GRP_H
#include <sys/types.h>
#ifdef __cplusplus
extern "C" {
#endif
struct group { char *gr_name; char *gr_passwd; gid_t gr_gid; char **gr_mem; };
struct group *getgrgid(gid_t);
struct group *getgrnam(const char *);
int getgrgid_r(gid_t, struct group *, char *, size_t, struct group **);
int getgrnam_r(const char *, struct group *, char *, size_t, struct group **);
#ifdef __cplusplus
}
#endif
#endif
