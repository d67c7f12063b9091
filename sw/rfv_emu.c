/* sicu: the emulator's side of register-file virtualization (sw/rfv_emu.h;
 * docs/rfv.md "Emulator").
 *
 * The metadata instructions are no-ops for the architectural state.  In
 * poison mode a wave keeps what the release hardware would: the rfv_pir
 * it is under (payload and the count of instructions since) and which
 * VGPRs are mapped.  A release overwrites all 64 lanes of the VGPR with
 * SI_RFV_POISON, so a later read of the old value gives a visibly wrong
 * result instead of the stale value an emulator would otherwise keep.
 */
#include "rfv_emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rfv_emu_free(rfv_emu *r)
{
    free(r->at);
    free(r->ev);
    memset(r, 0, sizeof *r);
}

int rfv_emu_init(rfv_emu *r, const si_emu_opts *o, const si_kernel *k, const uint8_t *code, uint64_t code_size,
                 uint64_t entry_off, char *err, size_t len)
{
    memset(r, 0, sizeof *r);
    r->poison = o->poison_released;
    if (!o->rfv_side)
        return 0;
    const si_rfv_event *ev;
    size_t n;
    uint32_t bytes, hash;
    if (si_rfv_side_kernel(o->rfv_side, k->name, &ev, &n, &bytes, &hash) < 0) {
        snprintf(err, len, "the rfv side table has no kernel '%s'", k->name);
        return -1;
    }
    if (entry_off + bytes > code_size || si_rfv_hash(code + entry_off, bytes) != hash) {
        snprintf(err, len, "the rfv side table of kernel '%s' was made for other code (%u bytes, hash 0x%08x): "
                 "rewrite it from this object", k->name, bytes, hash);
        return -1;
    }
    r->ndw = code_size / 4;
    r->at = malloc(r->ndw * sizeof *r->at);
    r->ev = calloc(n + 1, sizeof *r->ev);
    if (!r->at || !r->ev) {
        snprintf(err, len, "out of host memory for the rfv side table");
        return -1;
    }
    for (uint64_t i = 0; i < r->ndw; i++)
        r->at[i] = -1;
    int32_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t dw = (entry_off + ev[i].pc) / 4;
        if (r->at[dw] < 0)
            r->at[dw] = m++;
        si_vset_or(&r->ev[r->at[dw]][ev[i].before ? 0 : 1], &ev[i].regs);
    }
    return 0;
}

void rfv_emu_wave_init(si_wave *w, unsigned init_vgprs, si_stats *st)
{
    w->rfv_idx = SI_RFV_PIR_SLOTS;
    w->rfv_flags = 0;
    memset(w->rfv_held, 0, sizeof w->rfv_held);
    for (unsigned r = 0; r < init_vgprs && r < w->nvgpr; r++) {
        w->rfv_held[r >> 6] |= 1ull << (r & 63);
        st->rfv_allocs++; /* the dispatcher writes them */
    }
}

static void release(si_wave *w, const si_vset *regs, si_stats *st)
{
    for (unsigned r = 0; r < w->nvgpr; r++) {
        if (!si_vset_has(regs, r))
            continue;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++)
            w->v[r][l] = SI_RFV_POISON;
        if (w->rfv_held[r >> 6] >> (r & 63) & 1) {
            w->rfv_held[r >> 6] &= ~(1ull << (r & 63));
            st->rfv_releases++;
        }
    }
}

void rfv_emu_before(const rfv_emu *r, si_wave *w, uint64_t off, si_stats *st)
{
    if (r->at && off / 4 < r->ndw && r->at[off / 4] >= 0)
        release(w, &r->ev[r->at[off / 4]][0], st);
}

/* The metadata instruction in: rfv_pir starts covering, rfv_pbr releases. */
static void meta(si_wave *w, const si_inst *in, si_stats *st)
{
    uint64_t p = si_rfv_payload(in);
    st->rfv_meta++;
    if (in->op == SI_OP_rfv_pir) {
        w->rfv_flags = p;
        w->rfv_idx = 0;
        return;
    }
    si_vset s = {{0, 0, 0, 0}};
    for (unsigned i = 0; i < SI_RFV_PBR_WINDOW; i++)
        if (p >> (8 + i) & 1)
            si_vset_add(&s, (unsigned)(p & 0xff) + i);
    release(w, &s, st);
}

/* The VGPRs in writes become mapped. */
static void map_writes(si_wave *w, const si_inst *in, const si_vgpr_ops *o, si_stats *st)
{
    si_vset d = o->def;
    if (o->indexed && !si_vset_empty(&d)) { /* v_movreld: the register M0 selects */
        memset(&d, 0, sizeof d);
        si_vset_add(&d, in->dst - SI_SRC_VGPR0 + w->s[SI_SRC_M0]);
    }
    for (int i = 0; i < 4; i++) {
        uint64_t fresh = d.w[i] & ~w->rfv_held[i];
        st->rfv_allocs += (uint64_t)__builtin_popcountll(fresh);
        w->rfv_held[i] |= d.w[i];
    }
}

void rfv_emu_after(const rfv_emu *r, si_wave *w, const si_inst *in, uint64_t off, si_stats *st)
{
    if (in->fmt == SI_FMT_RFV) {
        meta(w, in, st);
        return;
    }
    si_vgpr_ops o;
    si_vgpr_ops_of(in, w->nvgpr, &o);
    map_writes(w, in, &o, st);
    if (w->rfv_idx < SI_RFV_PIR_SLOTS) {
        unsigned g = (unsigned)(w->rfv_flags >> (3 * w->rfv_idx++)) & 7;
        si_vset s = {{0, 0, 0, 0}};
        for (unsigned j = 0; j < 3; j++)
            if (g >> j & 1)
                si_vset_add_range(&s, o.slot_first[j], o.slot_n[j]);
        release(w, &s, st);
    }
    if (r->at && off / 4 < r->ndw && r->at[off / 4] >= 0)
        release(w, &r->ev[r->at[off / 4]][1], st);
    unsigned held = (unsigned)(__builtin_popcountll(w->rfv_held[0]) + __builtin_popcountll(w->rfv_held[1]) +
                               __builtin_popcountll(w->rfv_held[2]) + __builtin_popcountll(w->rfv_held[3]));
    st->rfv_held_sum += held;
    if (held > st->rfv_held_max)
        st->rfv_held_max = held;
}
