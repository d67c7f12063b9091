/* sicu harness: per-module switching activity from a whole-run FST (see activity.c, docs/power.md). */
#ifndef SICU_ACTIVITY_H
#define SICU_ACTIVITY_H
#include <stddef.h>
#include "harness.h"
/* Read FST (a whole-CU waveform of the run res describes), write the JSON
 * report OUT.  Returns 0, or -1 with a message in err. */
int sh_activity(const char *fst, const char *out, const sh_result *res, char *err, size_t errlen);
#endif
