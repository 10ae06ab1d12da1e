/* posix.h — force-included (-include) into every source of the WASI engine's PHP build
 * (tools/php-engine.sh <series> wasi). Declares the POSIX functions wasi-libc (preview 1) leaves
 * out and PHP's sources call; posix.c defines them as failing or neutral stubs. PHP's own sources
 * are not changed. Not used at configure time: there it would turn the "char f();" probes into
 * conflicting declarations. */
#ifndef PHPBIND_WASI_POSIX_H
#define PHPBIND_WASI_POSIX_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <sys/types.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <poll.h>
#ifdef __cplusplus
extern "C" {
#endif
/* unistd.h / stdio.h / sys/stat.h */
int dup(int);
int dup2(int, int);
int getdtablesize(void);
int chown(const char *, uid_t, gid_t);
int fchown(int, uid_t, gid_t);
int lchown(const char *, uid_t, gid_t);
mode_t umask(mode_t);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int getgroups(int, gid_t[]);
FILE *popen(const char *, const char *);
int pclose(FILE *);
/* stdlib.h: wasi-libc declares mkstemp but has none */
int mkstemp(char *);
char *mktemp(char *);
/* sys/socket.h: preview 1 declares only accept, recv, send, shutdown, getsockopt */
int socket(int, int, int);
int connect(int, const struct sockaddr *, socklen_t);
int bind(int, const struct sockaddr *, socklen_t);
int listen(int, int);
int getsockname(int, struct sockaddr *, socklen_t *);
int getpeername(int, struct sockaddr *, socklen_t *);
ssize_t sendto(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
ssize_t recvfrom(int, void *, size_t, int, struct sockaddr *, socklen_t *);
int setsockopt(int, int, int, const void *, socklen_t);
#ifdef __cplusplus
}
#endif
/* wasi-libc's struct sockaddr_un has no sun_path: hide unix-domain sockets from PHP */
#undef AF_UNIX
#ifndef MSG_OOB
#define MSG_OOB 0x0001
#endif
#ifndef SO_ERROR
#define SO_ERROR 4
#endif
#ifndef SOL_IP
#define SOL_IP 0
#endif
#ifndef POLLPRI
#define POLLPRI 0 /* no priority data in WASI; asking for it is a no-op */
#endif
/* POSIX record locks (struct flock exists; fcntl() rejects these commands with EINVAL) */
#ifndef F_GETLK
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#endif
#ifndef F_RDLCK
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2
#endif
#endif
