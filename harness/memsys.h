/* sicu harness: timing model of the memory system beyond the CU's ports
 * (docs/memory-system.md).  Functional data lives in the dispatch's memory
 * image; this model only says when a response is available.
 *
 *   vector L1   L1_BYTES, L1_WAYS, 64-byte lines, LRU, hit latency
 *               L1_LATENCY; write-through without allocation (a store's
 *               acknowledgement comes from beyond the L1; a store hit
 *               keeps the line: the data is in the image either way)
 *   scalar $    SCACHE_BYTES (4 ways), 64-byte lines, hit latency SCACHE_LATENCY
 *   L2          L2_BYTES (0: none), 16 ways, latency L2_LATENCY, one line per
 *               L2_LINE_CYCLES (the CU's share of its bandwidth)
 *   memory      MEM_LATENCY, one line per MEM_LINE_CYCLES
 * Latencies add up along the path (L1 miss, L2 hit: L1_LATENCY + L2_LATENCY).
 * All figures come from the configuration (build/gen/sicu_config.h). */
#ifndef SICU_MEMSYS_H
#define SICU_MEMSYS_H
#include <stdint.h>

typedef struct memsys memsys;

typedef struct memsys_stats {
    uint64_t l1_hits, l1_misses, l1_writes;   /* line accesses of the vector ports */
    uint64_t sc_hits, sc_misses;              /* scalar cache */
    uint64_t l2_hits, l2_misses;
    uint64_t mem_lines;                       /* lines to or from memory */
} memsys_stats;

enum memsys_port { MEMSYS_VECTOR, MEMSYS_SCALAR };

memsys *memsys_new(void);
void memsys_free(memsys *m);
/* A read (write = 0) or write of the 64-byte line holding byte address
 * `addr`, requested at cycle `now` on `port`: the cycle its response (data or
 * acknowledgement) is available.  Responses of one port are returned in
 * request order by the caller. */
uint64_t memsys_access(memsys *m, uint64_t now, uint64_t addr, int write, enum memsys_port port);
const memsys_stats *memsys_get_stats(const memsys *m);
#endif
