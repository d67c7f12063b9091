/* sicu harness: fault-injection campaigns (campaign.c; docs/faults.md).
 * Each returns 0, or -1 after printing the reason to stderr. */
#ifndef SICU_CAMPAIGN_H
#define SICU_CAMPAIGN_H
#include <stdio.h>
/* spec JSON -> DIR/shard-K.json, each a list of explicit faults per program
 * drawn from the shard's seed (runs each program once, fault-free) */
int sh_campaign_split(const char *spec_path, const char *dir);
/* every fault of a shard: one JSON line each to out */
int sh_campaign_run_shard(const char *shard_path, FILE *out);
/* result lines -> markdown tables per program and per module on out; with
 * prefix: PREFIX.csv, PREFIX.dat and the gnuplot script PREFIX.gp */
int sh_campaign_merge(char *const *files, int n, const char *prefix, FILE *out);
#endif
