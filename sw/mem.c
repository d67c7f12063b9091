/* sicu: device memory.
 *
 * A flat 64-bit device address space made of named regions.  Regions are
 * allocated upwards from SI_MEM_BASE, each followed by an unmapped guard
 * gap, so that null pointers, small offsets from null and accesses that
 * run off the end of a buffer hit no region and fail cleanly.
 */
#include <stdlib.h>
#include <string.h>
#include "sicu/emu.h"

#define SI_MEM_BASE  0x10000000ull /* first allocatable device address      */
#define SI_MEM_GUARD 0x10000ull    /* unmapped gap after every region (64 KiB) */

void si_mem_init(si_mem *m)
{
    memset(m, 0, sizeof(*m));
    m->next = SI_MEM_BASE;
}

void si_mem_free(si_mem *m)
{
    for (int i = 0; i < m->nr; i++)
        free(m->r[i].host);
    free(m->r);
    si_mem_init(m);
}

uint64_t si_mem_alloc(si_mem *m, uint64_t size, uint64_t align, const char *name)
{
    if (align == 0)
        align = 256;
    if (align & (align - 1)) {
        snprintf(m->err, sizeof(m->err), "si_mem_alloc(%s): alignment %llu is not a power of two",
                 name ? name : "?", (unsigned long long)align);
        return 0;
    }
    if (size > (1ull << 40)) {
        snprintf(m->err, sizeof(m->err), "si_mem_alloc(%s): size %llu too large",
                 name ? name : "?", (unsigned long long)size);
        return 0;
    }
    if (m->next == 0)
        m->next = SI_MEM_BASE;
    if (m->nr == m->cap) {
        int nc = m->cap ? m->cap * 2 : 16;
        si_region *nr = realloc(m->r, (size_t)nc * sizeof(*nr));
        if (!nr) {
            snprintf(m->err, sizeof(m->err), "si_mem_alloc(%s): out of host memory", name ? name : "?");
            return 0;
        }
        m->r = nr;
        m->cap = nc;
    }
    uint64_t base = (m->next + align - 1) & ~(align - 1);
    /* A zero-size region still gets one byte of backing so that its base
     * address is unique and valid for zero-length look-ups. */
    uint64_t hsize = size ? size : 1;
    uint8_t *host = calloc(1, (size_t)hsize);
    if (!host) {
        snprintf(m->err, sizeof(m->err), "si_mem_alloc(%s): out of host memory (%llu bytes)",
                 name ? name : "?", (unsigned long long)size);
        return 0;
    }
    si_region *r = &m->r[m->nr++];
    r->base = base;
    r->size = size;
    r->host = host;
    snprintf(r->name, sizeof(r->name), "%s", name ? name : "");
    m->next = base + hsize + SI_MEM_GUARD;
    return base;
}

/* Slow path of si_mem_ptr: search every region, update the cache. */
static uint8_t *mem_lookup(si_mem *m, uint64_t addr, uint64_t len)
{
    for (int i = 0; i < m->nr; i++) {
        const si_region *r = &m->r[i];
        if (addr >= r->base && addr - r->base <= r->size && len <= r->size - (addr - r->base)) {
            m->last = i;
            return r->host + (addr - r->base);
        }
    }
    return NULL;
}

uint8_t *si_mem_ptr(si_mem *m, uint64_t addr, uint64_t len)
{
    if (m->last >= 0 && m->last < m->nr) {
        const si_region *r = &m->r[m->last];
        uint64_t off = addr - r->base; /* wraps to huge when addr < base */
        if (off <= r->size && len <= r->size - off)
            return r->host + off;
    }
    return mem_lookup(m, addr, len);
}

const si_region *si_mem_region(const si_mem *m, const char *name)
{
    for (int i = 0; i < m->nr; i++)
        if (strcmp(m->r[i].name, name) == 0)
            return &m->r[i];
    return NULL;
}
