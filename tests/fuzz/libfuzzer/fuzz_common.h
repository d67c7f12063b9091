/* Helpers shared by the libFuzzer targets (tests/fuzz/libfuzzer/fuzz_*.c).
 *
 * Some library entry points take a file path (the code-object loader, the
 * trace comparison).  The targets hand them the fuzz input through an
 * anonymous in-memory file (memfd) named /proc/self/fd/N: no disk traffic,
 * nothing left behind, and the library code under test is unchanged.
 */
#ifndef SICU_FUZZ_COMMON_H
#define SICU_FUZZ_COMMON_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* An in-memory file and the path that opens it. */
typedef struct fz_file {
    int fd;
    char path[64];
} fz_file;

/* Create the memfd once (LLVMFuzzerInitialize); aborts if impossible. */
static inline void fz_file_open(fz_file *f, const char *name)
{
    f->fd = memfd_create(name, 0);
    if (f->fd < 0) {
        perror("memfd_create");
        abort();
    }
    snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
}

/* Replace the file's contents with data[0..n). */
static inline void fz_file_set(fz_file *f, const uint8_t *data, size_t n)
{
    if (ftruncate(f->fd, 0) != 0)
        abort();
    size_t done = 0;
    while (done < n) {
        ssize_t w = pwrite(f->fd, data + done, n - done, (off_t)done);
        if (w <= 0)
            abort();
        done += (size_t)w;
    }
}

/* A copy of data[0..n) with a terminating NUL (for C-string APIs). */
static inline char *fz_strndup(const uint8_t *data, size_t n)
{
    char *s = malloc(n + 1);
    if (!s)
        abort();
    memcpy(s, data, n);
    s[n] = 0;
    return s;
}

/* Jansson randomises its hash seed per process; fix it so object iteration
 * order, and with it coverage, is the same for every run of an input. */
static inline void fz_fix_json_seed(void)
{
    json_object_seed(1);
}

/* A sink for reports the targets produce but do not check. */
static inline FILE *fz_devnull(void)
{
    FILE *f = fopen("/dev/null", "w");
    if (!f)
        abort();
    return f;
}

#endif
