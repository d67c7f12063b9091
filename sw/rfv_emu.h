/* sicu: the emulator's side of register-file virtualization (sw/rfv_emu.c;
 * docs/rfv.md "Emulator").  Private to the library. */
#ifndef SICU_RFV_EMU_H
#define SICU_RFV_EMU_H

#include "sicu/emu.h"
#include "sicu/rfv.h"

typedef struct rfv_emu {
    int poison;              /* poison mode: releases overwrite VGPRs      */
    uint64_t ndw;            /* code image dwords                          */
    int32_t *at;             /* per code dword: its side-table events, -1  */
    si_vset (*ev)[2];        /* [0] released before, [1] after             */
} rfv_emu;

/* Set up for kernel k whose first instruction is at code + entry_off:
 * resolve the side table's events (checking that they belong to this
 * code).  -1 with err on error. */
int rfv_emu_init(rfv_emu *r, const si_emu_opts *o, const si_kernel *k, const uint8_t *code, uint64_t code_size,
                 uint64_t entry_off, char *err, size_t len);
void rfv_emu_free(rfv_emu *r);
/* A new wave: nothing covered by an rfv_pir; v0..v[init-1] mapped. */
void rfv_emu_wave_init(si_wave *w, unsigned init_vgprs, si_stats *st);
/* Around the instruction at code offset off (poison mode): side-table
 * releases before it; after it, its writes map VGPRs, then the releases
 * of the rfv_pir covering it, of rfv_pbr (when it is one) and of the side
 * table. */
void rfv_emu_before(const rfv_emu *r, si_wave *w, uint64_t off, si_stats *st);
void rfv_emu_after(const rfv_emu *r, si_wave *w, const si_inst *in, uint64_t off, si_stats *st);

#endif
