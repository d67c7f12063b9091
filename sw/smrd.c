/* sicu: scalar memory reads (SMRD).
 *
 * s_load_dword{,x2,x4,x8,x16}: address = {SBASE+1, SBASE} + offset, where the
 *   offset is OFFSET*4 bytes (IMM=1) or the byte value of SGPR OFFSET (IMM=0);
 *   the two low address bits are ignored (dword access).
 * s_buffer_load_dword*: SBASE names a V# (4 SGPRs); address = V#.base +
 *   offset.  Each dword whose byte offset is outside the buffer
 *   (offset >= NUM_RECORDS, or NUM_RECORDS*STRIDE when STRIDE != 0)
 *   reads 0 and is not accessed.
 * Any in-range dword that is not inside a device-memory region is an
 * error naming the address.
 * s_memtime returns the dispatch's retired wave-instruction count (a
 * deterministic stand-in for the shader clock); s_dcache_inv is a no-op.
 */
#include <string.h>
#include "sicu/emu.h"
#include "operand.h"

/* Retired wave instructions so far (emu.c); used by s_memtime. */
uint64_t si_emu_clock(const si_emu *e);

int si_exec_smrd(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    (void)rec;
    unsigned n = si_dst_dwords(in);   /* = the row's size / 4 (isa unit test) */
    uint32_t off = in->smrd_imm ? (uint32_t)in->smrd_off * 4u : si_rd_s32(w, in, in->smrd_off);

    const si_memattr *m = si_op_mem(in->op);
    switch (m ? m->kind : SI_MK_NONE) {   /* sw/isa/memop.def */
    case SI_MK_SMRD_TIME:
        si_write_s64(w, in->dst, e ? si_emu_clock(e) : w->ninst);
        return 0;
    case SI_MK_SMRD_NOP:
        return 0;
    case SI_MK_SMRD_LOAD: {
        uint64_t addr = (si_rd_s64(w, in, in->sbase, 0) + off) & ~3ull;
        const uint8_t *p = e ? si_mem_ptr(si_emu_mem(e), addr, 4ull * n) : NULL;
        if (!p)
            return si_emu_fail(e, w, "scalar load of %u dwords from unmapped address 0x%llx "
                               "(base s[%u:%u]=0x%llx + offset 0x%x)", n, (unsigned long long)addr,
                               in->sbase, in->sbase + 1,
                               (unsigned long long)si_read_s64(w, in, in->sbase, 0), off);
        for (unsigned i = 0; i < n; i++) {
            uint32_t v;
            memcpy(&v, p + 4 * i, 4);
            si_wr_s32(w, in->dst + i, v);
        }
        return 0;
    }
    case SI_MK_SMRD_BUF_LOAD: {
        const uint32_t *vs = &w->s[in->sbase];
        uint64_t base = vs[0] | ((uint64_t)(vs[1] & 0xffff) << 32);
        uint32_t stride = (vs[1] >> 16) & 0x3fff;
        uint64_t limit = stride ? (uint64_t)vs[2] * stride : vs[2];
        for (unsigned i = 0; i < n; i++) {
            uint64_t o = (uint64_t)off + 4ull * i;
            uint32_t v = 0;
            if (o < limit) {
                uint64_t addr = (base + o) & ~3ull;
                const uint8_t *p = e ? si_mem_ptr(si_emu_mem(e), addr, 4) : NULL;
                if (!p)
                    return si_emu_fail(e, w, "scalar buffer load: dword %u at unmapped address 0x%llx "
                                       "(V# s[%u:%u] base 0x%llx + offset 0x%llx)", i,
                                       (unsigned long long)addr, in->sbase, in->sbase + 3,
                                       (unsigned long long)base, (unsigned long long)o);
                memcpy(&v, p, 4);
            }
            si_write_s32(w, in->dst + i, v);
        }
        return 0;
    }
    default:
        return si_emu_fail(e, w, "%s: not a scalar memory instruction or not implemented",
                           si_ops[in->op].name);
    }
}
