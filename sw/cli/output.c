/* sicu: output files written atomically (cli.h, cli_out_*).
 *
 * A file is written under a temporary name in its own directory and renamed
 * over the target only when it is complete and every write and the close
 * succeeded: a failed or interrupted run never leaves half a file under the
 * real name.  "-" is stdout.  An existing target that is not a regular file
 * (a device such as /dev/null, a FIFO, a symbolic link) is written in place,
 * since renaming over it would replace it. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_out_open(cli_out *o, const char *sub, const char *path, const char *what)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (!strcmp(path, "-")) {
        o->f = stdout;
        return 0;
    }
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->f = fopen(path, "w");
        if (!o->f) {
            cli_err(sub, "cannot open %s file %s: %s", what, path, strerror(errno));
            return -1;
        }
        return 0;
    }
    const char *slash = strrchr(path, '/');
    int dlen = slash ? (int)(slash - path) + 1 : 0;
    if ((size_t)snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.tmp-XXXXXX", dlen, path, slash ? slash + 1 : path) >=
        sizeof o->tmp) {
        cli_err(sub, "cannot create %s file %s: path too long", what, path);
        o->tmp[0] = 0;
        return -1;
    }
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        cli_err(sub, "cannot create %s file %s: %s", what, path, strerror(errno));
        o->tmp[0] = 0;
        return -1;
    }
    mode_t um = umask(0);
    umask(um);
    if (fchmod(fd, 0666 & ~um) != 0 || !(o->f = fdopen(fd, "w"))) {
        cli_err(sub, "cannot create %s file %s: %s", what, path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    return 0;
}

int cli_out_commit(cli_out *o, const char *sub, const char *what)
{
    if (!o->f)
        return 0;
    if (o->f == stdout) {
        o->f = NULL;
        if (fflush(stdout) != 0 || ferror(stdout)) {
            cli_err(sub, "write error on standard output (%s): %s", what, strerror(errno));
            return -1;
        }
        return 0;
    }
    int bad = ferror(o->f), err = 0;
    if (fclose(o->f) != 0) {
        bad = 1;
        err = errno;
    }
    o->f = NULL;
    if (bad) {
        /* fclose's errno when it failed; an earlier failed write left only the error flag */
        cli_err(sub, "write error on %s file %s%s%s", what, o->path, err ? ": " : " (disk full or file too large?)",
                err ? strerror(err) : "");
        if (o->tmp[0])
            unlink(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    if (o->tmp[0] && rename(o->tmp, o->path) != 0) {
        cli_err(sub, "cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
        unlink(o->tmp);
        o->tmp[0] = 0;
        return -1;
    }
    o->tmp[0] = 0;
    return 0;
}

void cli_out_discard(cli_out *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0])
        unlink(o->tmp);
    o->tmp[0] = 0;
}
