/* sicu harness: timing model of the memory system (memsys.h). */
#include "memsys.h"

#include <stdlib.h>

#include "sicu_config.h"

typedef struct cache {
    unsigned sets, ways, latency;
    uint64_t *tag;      /* sets * ways: line + 1 (0 = empty) */
    uint64_t *used;     /* last use, for LRU */
    uint64_t tick;
} cache;

struct memsys {
    cache l1, sc, l2;
    uint64_t l2_free, mem_free;   /* cycle each channel can take the next line */
    memsys_stats st;
};

static int cache_init(cache *c, unsigned bytes, unsigned ways, unsigned latency)
{
    c->latency = latency;
    c->ways = ways ? ways : 1;
    c->sets = bytes / 64 / c->ways;
    c->tick = 0;
    c->tag = c->used = NULL;
    if (!c->sets)
        return 0;
    c->tag = calloc((size_t)c->sets * c->ways, sizeof *c->tag);
    c->used = calloc((size_t)c->sets * c->ways, sizeof *c->used);
    return c->tag && c->used ? 0 : -1;
}

/* Look line up; on a miss with `fill`, it replaces the set's LRU way.
 * Returns 1 on a hit.  A cache of no sets always misses. */
static int cache_lookup(cache *c, uint64_t line, int fill)
{
    if (!c->sets)
        return 0;
    uint64_t *t = c->tag + (line % c->sets) * c->ways, *u = c->used + (line % c->sets) * c->ways;
    unsigned victim = 0;
    c->tick++;
    for (unsigned w = 0; w < c->ways; w++) {
        if (t[w] == line + 1) {
            u[w] = c->tick;
            return 1;
        }
        if (u[w] < u[victim])
            victim = w;
    }
    if (fill) {
        t[victim] = line + 1;
        u[victim] = c->tick;
    }
    return 0;
}

memsys *memsys_new(void)
{
    memsys *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (cache_init(&m->l1, SICU_L1_BYTES, SICU_L1_WAYS, SICU_L1_LATENCY) < 0 ||
        cache_init(&m->sc, SICU_SCACHE_BYTES, 4, SICU_SCACHE_LATENCY) < 0 ||
        cache_init(&m->l2, SICU_L2_BYTES, 16, SICU_L2_LATENCY) < 0) {
        memsys_free(m);
        return NULL;
    }
    return m;
}

static void cache_free(cache *c)
{
    free(c->tag);
    free(c->used);
}

void memsys_free(memsys *m)
{
    if (!m)
        return;
    cache_free(&m->l1);
    cache_free(&m->sc);
    cache_free(&m->l2);
    free(m);
}

/* a channel taking one line per `per` cycles: when this line goes through */
static uint64_t channel(uint64_t *free_at, uint64_t t, unsigned per)
{
    uint64_t s = *free_at > t ? *free_at : t;
    *free_at = s + per;
    return s;
}

/* beyond the first-level cache: the L2 (if any), then memory; t is when the
 * request leaves the first level */
static uint64_t beyond(memsys *m, uint64_t t, uint64_t line, int write)
{
    if (m->l2.sets) {
        t = channel(&m->l2_free, t, SICU_L2_LINE_CYCLES) + m->l2.latency;
        if (cache_lookup(&m->l2, line, 1)) {
            m->st.l2_hits++;
            return t;
        }
        m->st.l2_misses++;
        if (write)   /* write-back L2: the acknowledgement comes from the L2 */
            return t;
    }
    m->st.mem_lines++;
    return channel(&m->mem_free, t, SICU_MEM_LINE_CYCLES) + SICU_MEM_LATENCY;
}

uint64_t memsys_access(memsys *m, uint64_t now, uint64_t addr, int write, enum memsys_port port)
{
    uint64_t line = addr >> 6;
    cache *c = port == MEMSYS_SCALAR ? &m->sc : &m->l1;
    uint64_t t = now + c->latency;
    if (write) {   /* write-through, no allocation */
        m->st.l1_writes++;
        cache_lookup(c, line, 0);
        return beyond(m, t, line, 1);
    }
    int hit = cache_lookup(c, line, 1);
    if (port == MEMSYS_SCALAR)
        hit ? m->st.sc_hits++ : m->st.sc_misses++;
    else
        hit ? m->st.l1_hits++ : m->st.l1_misses++;
    return hit ? t : beyond(m, t, line, 0);
}

const memsys_stats *memsys_get_stats(const memsys *m) { return &m->st; }
