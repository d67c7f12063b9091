/* sicu: comparison of two JSON Lines traces (docs/trace-format.md).
 *
 * Records are grouped per wave (key: "wg" + "wave") and compared in order
 * within each wave as JSON values (json_equal), ignoring the fields listed
 * in the options.  The first divergence of every differing wave is reported
 * with a few preceding records as context.
 */
#ifndef SICU_TRACEDIFF_H
#define SICU_TRACEDIFF_H

#include <stddef.h>
#include <stdio.h>

typedef struct si_tdiff_opts {
    const char *const *ignore; /* top-level fields not compared            */
    int nignore;
    int context;               /* equal records shown before a divergence  */
    int max_reports;           /* differing waves reported in detail (0 = all) */
    FILE *out;                 /* report destination (NULL: stdout)        */
} si_tdiff_opts;

enum { SI_TDIFF_EQUAL = 0, SI_TDIFF_DIFFERENT = 1, SI_TDIFF_ERROR = 2 };

/* Compare trace files a and b.  Returns SI_TDIFF_EQUAL, SI_TDIFF_DIFFERENT,
 * or SI_TDIFF_ERROR with a message (file:line) in err. */
int si_trace_diff(const char *a, const char *b, const si_tdiff_opts *o, char *err, size_t errlen);

#endif
