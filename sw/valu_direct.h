/* sicu: the VALU's direct path for frequent integer operations
 * (sw/valu_direct.c).  Private to the library. */
#ifndef SICU_VALU_DIRECT_H
#define SICU_VALU_DIRECT_H

#include "sicu/emu.h"

/* Execute `in` on wave w when it is one of the direct path's operations
 * and its operands allow it: 1 done, 0 left to the general path (nothing
 * was changed). */
int si_valu_direct(si_wave *w, const si_inst *in);

/* Whether the lane loops use AVX2 (eight lanes at a time; the VALU direct
 * paths, DS reads and writes): -1 until the first instruction asks the CPU
 * (si_avx2_detect), then 1 or 0; the unit tests set 0 to run the SSE2 /
 * scalar loops too. */
extern int si_valu_avx2;
int si_avx2_detect(void);
static inline int si_avx2_ok(void)
{
    int ok = __atomic_load_n(&si_valu_avx2, __ATOMIC_RELAXED);
    return ok >= 0 ? ok : si_avx2_detect();
}

/* The same for the f64 operations of sw/valu_direct64.c. */
int si_valu_direct64(si_wave *w, const si_inst *in);

/* The same for the common f32 arithmetic of sw/valu_direct32.c (AVX2). */
int si_valu_direct32(si_wave *w, const si_inst *in);

/* Whether op is one of the operations of si_valu_direct / 64 / 32. */
int si_valu_direct_takes(unsigned op);
int si_valu_direct64_takes(unsigned op);
int si_valu_direct32_takes(unsigned op);

/* The general path (sw/valu.c): every VALU instruction; si_exec_valu is
 * si_valu_direct, else this. */
int si_valu_general(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);

/* si_exec_valu for the ops of one direct path (the core picks one per
 * decode-cache slot, si_valu_path): that path, else the general one. */
enum { SI_VALU_GENERAL, SI_VALU_INT, SI_VALU_F64, SI_VALU_F32 };
unsigned si_valu_path(unsigned op);
int si_exec_valu_int(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_exec_valu_f64(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_exec_valu_f32(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);

/* Units that do nothing (s_nop, s_waitcnt and the other SOPP no-ops of the
 * functional model): the core's handler for them. */
int si_exec_nop(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec);
int si_salu_is_nop(unsigned op);

#endif
