/* sicu: retirement-record helpers.
 *
 * A si_retire must start zeroed (or from si_retire_reset on a zeroed
 * struct); the store array grows on demand and is kept across resets, so
 * a record reused for every instruction allocates only while it grows.
 */
#include <stdlib.h>
#include "sicu/emu.h"

void si_retire_reset(si_retire *r)
{
    r->nswr = 0;
    r->scc_wr = 0;
    r->nvwr = 0;
    r->nst = 0;
}

void si_retire_free(si_retire *r)
{
    free(r->st);
    r->st = NULL;
    r->nst = r->cst = 0;
}

void si_retire_add_store(si_retire *r, uint64_t addr, uint32_t val, unsigned size,
                         unsigned lane, unsigned space)
{
    if (!r)
        return;
    if (r->nst == r->cst) {
        int nc = r->cst ? r->cst * 2 : 64;
        si_store *ns = realloc(r->st, (size_t)nc * sizeof(*ns));
        if (!ns)
            return; /* out of host memory: the record loses this store */
        r->st = ns;
        r->cst = nc;
    }
    si_store *s = &r->st[r->nst++];
    s->addr = addr;
    s->val = val;
    s->size = (uint8_t)size;
    s->lane = (uint8_t)lane;
    s->space = (uint8_t)space;
}
