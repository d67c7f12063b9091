/* Error helper shared by the rfv sources (private to the library). */
#ifndef SICU_RFV_ERR_H
#define SICU_RFV_ERR_H
#include <stddef.h>

/* Format a message into err (when len > 0); returns -1. */
int rfv_err(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
