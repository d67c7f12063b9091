/* sicu: register-file virtualization, the analysis of one kernel
 * (sicu/rfv.h; design and rules in docs/rfv.md).
 *
 *   decode      linear sweep of the kernel's code; rejects what the pass
 *               cannot follow (computed control flow, s_setvskip, graphics)
 *   cfg         basic blocks from SOPP branches and s_endpgm
 *   exec        forward must-analysis: does EXEC hold every launched lane?
 *               (tracks SGPR pairs that hold a copy of such a mask through
 *               the s_*_saveexec_b64 / s_or_b64 exec idioms)
 *   liveness    backward, per VGPR, to a fixpoint over loops; a VGPR write
 *               kills only under a full EXEC and when it writes every lane
 *   candidates  renaming-table budget: the shortest-lived VGPRs are renamed,
 *               the others exempt (statically mapped, never released)
 *   releases    rfv_pir flags at last reads; rfv_pbr at block entries for
 *               VGPRs still mapped but dead there (joins, loop exits, dead
 *               writes), from a forward may-analysis of what is mapped
 */
#include "sicu/rfv.h"
#include "rfv_err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rfv_err(char *err, size_t len, const char *fmt, ...)
{
    if (len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void si_rfv_opts_default(si_rfv_opts *o)
{
    memset(o, 0, sizeof *o);
    o->table_bytes = 1024;
    o->entry_bits = 10;
}

void si_rfv_kernel_free(si_rfv_kernel *k)
{
    if (!k)
        return;
    free(k->insn);
    free(k->block);
    memset(k, 0, sizeof *k);
}

/* ------------------------------------------------------------------ decode */

/* Why the pass cannot handle `in`, or NULL. */
static const char *unsupported(const si_inst *in)
{
    const si_opinfo *d = &si_ops[in->op];
    if (d->flags & F_GRAPHICS)
        return "graphics instruction (the emulator cannot run it either)";
    if ((d->flags & F_BRANCH) && d->fmt != SI_FMT_SOPP)
        return "computed control flow (s_setpc/s_swappc/s_rfe/fork/join): the successors are unknown";
    if (in->op == SI_OP_s_setvskip)
        return "s_setvskip makes vector writes conditional on a run-time value";
    if (d->fmt == SI_FMT_RFV)
        return "the code already holds rfv metadata (run the pass on the original object)";
    return NULL;
}

static int decode_all(const si_rfv_code *c, si_rfv_kernel *k, char *err, size_t len)
{
    k->insn = calloc(c->size / 4 + 1, sizeof *k->insn);
    if (!k->insn)
        return rfv_err(err, len, "out of memory");
    for (uint32_t off = 0; off < c->size;) {
        uint32_t w[3] = {0, 0, 0};
        size_t nw = (c->size - off) / 4 < 3 ? (c->size - off) / 4 : 3;
        memcpy(w, c->code + off, nw * 4);
        si_rfv_insn *x = &k->insn[k->ninsn];
        int n = si_decode(w, nw, &x->in);
        if (n <= 0)
            return rfv_err(err, len, "kernel %s: +0x%x: %s instruction word 0x%08x", c->name, off,
                           n == SI_DEC_TRUNCATED ? "truncated (by the end of the code)" : "cannot decode", w[0]);
        const char *why = unsupported(&x->in);
        if (why) {
            char d[160];
            si_disasm(&x->in, off, d, sizeof d);
            return rfv_err(err, len, "kernel %s: +0x%x: %s: %s", c->name, off, d, why);
        }
        x->off = off;
        si_vgpr_ops_of(&x->in, c->nvgpr, &x->ops);
        k->ninsn++;
        off += (uint32_t)n;
    }
    if (!k->ninsn)
        return rfv_err(err, len, "kernel %s: no code", c->name);
    return 0;
}

/* ------------------------------------------------------------------ CFG */

static int is_branch(const si_inst *in) { return (si_ops[in->op].flags & F_BRANCH) != 0; }
static int is_end(const si_inst *in) { return (si_ops[in->op].flags & F_ENDPGM) != 0; }

/* The instruction index a branch at index i jumps to, or -1 with err. */
static int branch_target(const si_rfv_code *c, const si_rfv_kernel *k, const int *at, int i, char *err, size_t len)
{
    const si_rfv_insn *x = &k->insn[i];
    int64_t t = (int64_t)x->off + 4 + (int64_t)x->in.simm16 * 4;
    if (t < 0 || t >= (int64_t)c->size || at[t / 4] < 0 || (t & 3))
        return rfv_err(err, len, "kernel %s: +0x%x: branch to +0x%llx, which is %s", c->name, x->off,
                       (long long)t, t < 0 || t >= (int64_t)c->size ? "outside the kernel's code"
                                                                    : "not the start of an instruction");
    return at[t / 4];
}

/* Mark the block leaders; fills at[] (offset / 4 -> instruction index). */
static int find_leaders(const si_rfv_code *c, si_rfv_kernel *k, int *at, uint8_t *leader, char *err, size_t len)
{
    for (uint32_t i = 0; i < c->size / 4 + 1; i++)
        at[i] = -1;
    for (int i = 0; i < k->ninsn; i++)
        at[k->insn[i].off / 4] = i;
    leader[0] = 1;
    for (int i = 0; i < k->ninsn; i++) {
        const si_inst *in = &k->insn[i].in;
        if (!is_branch(in) && !is_end(in))
            continue;
        if (i + 1 < k->ninsn)
            leader[i + 1] = 1;
        if (is_branch(in)) {
            int t = branch_target(c, k, at, i, err, len);
            if (t < 0)
                return -1;
            leader[t] = 1;
        }
    }
    return 0;
}

static void mark_reachable(si_rfv_kernel *k)
{
    int *stack = malloc((size_t)k->nblock * sizeof *stack), sp = 0;
    if (!stack)
        return;
    k->block[0].reachable = 1;
    stack[sp++] = 0;
    while (sp) {
        si_rfv_block *b = &k->block[stack[--sp]];
        for (int s = 0; s < b->nsucc; s++)
            if (!k->block[b->succ[s]].reachable) {
                k->block[b->succ[s]].reachable = 1;
                stack[sp++] = b->succ[s];
            }
    }
    free(stack);
}

/* Successors of block b (its last instruction's control flow). */
static int block_succs(const si_rfv_code *c, si_rfv_kernel *k, const int *at, si_rfv_block *b, char *err, size_t len)
{
    const si_inst *in = &k->insn[b->last].in;
    int next = b->last + 1 < k->ninsn ? k->insn[b->last + 1].block : -1;
    b->nsucc = 0;
    if (is_end(in))
        return 0;
    if (is_branch(in)) {
        int t = branch_target(c, k, at, b->last, err, len);
        if (t < 0)
            return -1;
        b->succ[b->nsucc++] = k->insn[t].block;
        if (in->op == SI_OP_s_branch)
            return 0;
    }
    b->succ[b->nsucc++] = next; /* fall through; -1: off the end (checked when reachable) */
    return 0;
}

static int build_cfg(const si_rfv_code *c, si_rfv_kernel *k, char *err, size_t len)
{
    int *at = malloc((c->size / 4 + 1) * sizeof *at);
    uint8_t *leader = calloc((size_t)k->ninsn, 1);
    k->block = calloc((size_t)k->ninsn, sizeof *k->block);
    int rc = -1;
    if (!at || !leader || !k->block) {
        rfv_err(err, len, "out of memory");
        goto out;
    }
    if (find_leaders(c, k, at, leader, err, len) < 0)
        goto out;
    for (int i = 0; i < k->ninsn; i++) {
        if (leader[i])
            k->block[k->nblock++].first = i;
        k->block[k->nblock - 1].last = i;
        k->insn[i].block = k->nblock - 1;
    }
    for (int b = 0; b < k->nblock; b++)
        if (block_succs(c, k, at, &k->block[b], err, len) < 0)
            goto out;
    /* a block that runs off the end may only be unreachable padding */
    for (int b = 0; b < k->nblock; b++)
        for (int s = 0; s < k->block[b].nsucc; s++)
            if (k->block[b].succ[s] < 0) {
                k->block[b].nsucc = s; /* drop the edge, check below */
                break;
            }
    mark_reachable(k);
    for (int b = 0; b < k->nblock; b++) {
        const si_rfv_block *x = &k->block[b];
        const si_inst *in = &k->insn[x->last].in;
        if (x->reachable && !is_end(in) && in->op != SI_OP_s_branch && x->last == k->ninsn - 1) {
            rfv_err(err, len, "kernel %s: +0x%x: execution runs past the end of the kernel's code", c->name,
                    k->insn[x->last].off);
            goto out;
        }
    }
    rc = 0;
out:
    free(at);
    free(leader);
    return rc;
}

/* ------------------------------------------------------------------ EXEC */

/* Forward state: bit c of m[] = scalar register code c (0-127) holds its
 * half of a 64-bit mask with every launched lane set.  EXEC is codes
 * 126/127, so "EXEC is full" is bits 126 and 127. */
typedef struct xstate {
    uint64_t m[2];
} xstate;

static int xs_has(const xstate *s, unsigned c) { return c < 128 && (s->m[c >> 6] >> (c & 63) & 1); }
static void xs_set(xstate *s, unsigned c, int v)
{
    if (c >= 128)
        return;
    if (v)
        s->m[c >> 6] |= 1ull << (c & 63);
    else
        s->m[c >> 6] &= ~(1ull << (c & 63));
}
static int xs_full64(const xstate *s, unsigned code)
{
    if (code == SI_SRC_INT_NEG_FIRST) /* -1: every bit */
        return 1;
    return code < 127 && xs_has(s, code) && xs_has(s, code + 1);
}
static void xs_set64(xstate *s, unsigned code, int v)
{
    xs_set(s, code, v);
    xs_set(s, code + 1, v);
}

/* Every scalar register the instruction may write loses its mark. */
static void xs_clobber(xstate *s, const si_inst *in)
{
    const si_opinfo *d = &si_ops[in->op];
    switch (d->fmt) {
    case SI_FMT_SOP1: case SI_FMT_SOP2: case SI_FMT_SOPK: case SI_FMT_SMRD:
        if (in->op == SI_OP_s_movreld_b32 || in->op == SI_OP_s_movreld_b64)
            s->m[0] = s->m[1] = 0; /* M0-relative destination: any SGPR */
        else if (d->dst && !(d->flags & F_SOPK_IMM_ONLY))
            for (unsigned i = 0; i < si_dst_dwords(in); i++)
                xs_set(s, in->dst + i, 0);
        break;
    case SI_FMT_VOP1: case SI_FMT_VOP2: case SI_FMT_VOPC: case SI_FMT_VOP3A: case SI_FMT_VOP3B:
        if (d->flags & F_SDST)
            xs_set64(s, in->dst, 0);
        if (in->fmt == SI_FMT_VOP3B || d->fmt == SI_FMT_VOPC || (d->flags & F_VOP3B))
            xs_set64(s, in->sdst, 0);
        if (d->flags & F_WR_VCC)
            xs_set64(s, SI_SRC_VCC_LO, 0);
        break;
    default:
        break;
    }
    if (d->flags & (F_WR_EXEC | F_CMPX))
        xs_set64(s, SI_SRC_EXEC_LO, 0);
}

/* The 64-bit SALU idioms that keep a full mask full. */
static void xs_transfer(xstate *s, const si_inst *in)
{
    xstate old = *s;
    int ex = xs_full64(&old, SI_SRC_EXEC_LO), a = xs_full64(&old, in->src[0]), b = xs_full64(&old, in->src[1]);
    xs_clobber(s, in);
    switch (in->op) {
    case SI_OP_s_mov_b64: xs_set64(s, in->dst, a); break;
    case SI_OP_s_or_b64: xs_set64(s, in->dst, a || b); break;
    case SI_OP_s_and_b64: case SI_OP_s_cselect_b64: xs_set64(s, in->dst, a && b); break;
    case SI_OP_s_and_saveexec_b64:
        xs_set64(s, in->dst, ex);
        xs_set64(s, SI_SRC_EXEC_LO, ex && a);
        break;
    case SI_OP_s_or_saveexec_b64:
        xs_set64(s, in->dst, ex);
        xs_set64(s, SI_SRC_EXEC_LO, ex || a);
        break;
    default:
        if (si_ops[in->op].flags & F_WR_EXEC && si_ops[in->op].fmt == SI_FMT_SOP1 && in->dst != SI_SRC_EXEC_LO)
            xs_set64(s, in->dst, ex); /* the other s_*_saveexec_b64: dst = old EXEC, EXEC unknown */
        break;
    }
}

static void exec_block(si_rfv_kernel *k, int b, xstate *s)
{
    for (int i = k->block[b].first; i <= k->block[b].last; i++) {
        k->insn[i].exec_full = (uint8_t)xs_full64(s, SI_SRC_EXEC_LO);
        xs_transfer(s, &k->insn[i].in);
    }
}

static int exec_analysis(si_rfv_kernel *k)
{
    xstate *in = malloc((size_t)k->nblock * sizeof *in);
    if (!in)
        return -1;
    for (int b = 0; b < k->nblock; b++)
        in[b].m[0] = in[b].m[1] = ~0ull; /* top: the meet is an AND */
    in[0].m[0] = 0;
    in[0].m[1] = 3ull << 62; /* at launch: EXEC = the launched lanes */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < k->nblock; b++) {
            if (!k->block[b].reachable)
                continue;
            xstate s = in[b];
            exec_block(k, b, &s);
            for (int j = 0; j < k->block[b].nsucc; j++) {
                xstate *t = &in[k->block[b].succ[j]];
                xstate m = {{t->m[0] & s.m[0], t->m[1] & s.m[1]}};
                if (m.m[0] != t->m[0] || m.m[1] != t->m[1]) {
                    *t = m;
                    changed = 1;
                }
            }
        }
    }
    free(in);
    return 0;
}

/* ------------------------------------------------------------------ liveness */

/* The VGPRs instruction x kills: all it writes, if it writes every lane. */
static si_vset kills(const si_rfv_insn *x)
{
    si_vset z = {{0, 0, 0, 0}};
    return x->exec_full && !x->ops.partial ? x->ops.def : z;
}

static void live_block(si_rfv_kernel *k, int b, si_vset live)
{
    for (int i = k->block[b].last; i >= k->block[b].first; i--) {
        si_rfv_insn *x = &k->insn[i];
        x->live_out = live;
        si_vset kl = kills(x);
        si_vset_andnot(&live, &kl);
        si_vset_or(&live, &x->ops.use);
        x->live_in = live;
    }
}

static void liveness(si_rfv_kernel *k)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = k->nblock - 1; b >= 0; b--) {
            si_rfv_block *x = &k->block[b];
            si_vset out = {{0, 0, 0, 0}};
            for (int s = 0; s < x->nsucc; s++)
                si_vset_or(&out, &k->insn[k->block[x->succ[s]].first].live_in);
            si_vset before = k->insn[x->first].live_in;
            live_block(k, b, out);
            if (!si_vset_eq(&before, &k->insn[x->first].live_in))
                changed = 1;
        }
    }
}

/* ------------------------------------------------------------------ candidates */

typedef struct cand {
    unsigned reg, inst;  /* VGPR, value instances (writes)      */
    double life;         /* instructions live per instance      */
} cand;

static int cand_cmp(const void *x, const void *y)
{
    const cand *a = x, *b = y;
    if (a->life != b->life)
        return a->life < b->life ? -1 : 1;
    if (a->inst != b->inst)
        return a->inst < b->inst ? -1 : 1;
    return a->reg < b->reg ? -1 : a->reg > b->reg;
}

/* The budget of renamed VGPRs per wave: table bits / (entry bits x waves). */
static unsigned budget_of(const si_rfv_opts *o, unsigned nvgpr, unsigned *waves)
{
    unsigned w = o->waves;
    if (!w) {
        unsigned per_simd = nvgpr ? 256 / nvgpr : 10;
        w = 4 * (per_simd < 10 ? per_simd : 10);
        if (!w)
            w = 4;
    }
    *waves = w;
    if (o->rename_all)
        return 256;
    uint64_t bits = (uint64_t)o->table_bytes * 8, per = (uint64_t)(o->entry_bits ? o->entry_bits : 10) * w;
    return (unsigned)(bits / per);
}

/* Rank the used VGPRs by estimated value lifetime (shortest first, then
 * fewer instances) and rename the first `budget` of them. */
static void select_candidates(const si_rfv_code *c, const si_rfv_opts *o, si_rfv_kernel *k)
{
    unsigned inst[256] = {0}, points[256] = {0};
    for (unsigned r = 0; r < c->init_vgprs && r < 256; r++)
        inst[r]++, si_vset_add(&k->used, r);
    for (int i = 0; i < k->ninsn; i++) {
        const si_rfv_insn *x = &k->insn[i];
        if (!k->block[x->block].reachable)
            continue;
        si_vset_or(&k->used, &x->ops.use);
        si_vset_or(&k->used, &x->ops.def);
        for (unsigned r = 0; r < 256; r++) {
            inst[r] += si_vset_has(&x->ops.def, r);
            points[r] += si_vset_has(&x->live_in, r);
        }
    }
    cand cs[256];
    unsigned n = 0;
    for (unsigned r = 0; r < 256; r++)
        if (si_vset_has(&k->used, r))
            cs[n++] = (cand){r, inst[r], (double)points[r] / (inst[r] ? inst[r] : 1)};
    qsort(cs, n, sizeof cs[0], cand_cmp);
    k->budget = budget_of(o, k->nvgpr, &k->waves);
    for (unsigned i = 0; i < n; i++)
        si_vset_add(i < k->budget ? &k->renamed : &k->exempt, cs[i].reg);
}

/* ------------------------------------------------------------------ releases */

/* rfv_pir flags: a source slot whose VGPRs are all renamed, dead after the
 * instruction and not written by it is released after the read.  With the
 * release_early test hook they are released just before it instead. */
static void pir_flags(const si_rfv_opts *o, si_rfv_kernel *k)
{
    for (int i = 0; i < k->ninsn; i++) {
        si_rfv_insn *x = &k->insn[i];
        if (!k->block[x->block].reachable || x->ops.indexed)
            continue;
        si_vset done = {{0, 0, 0, 0}};
        for (unsigned j = 0; j < 3; j++) {
            if (!x->ops.slot_n[j])
                continue;
            si_vset r = {{0, 0, 0, 0}}, t;
            si_vset_add_range(&r, x->ops.slot_first[j], x->ops.slot_n[j]);
            t = r;
            si_vset_andnot(&t, &k->renamed);
            if (!si_vset_empty(&t) || si_vset_intersects(&r, &x->live_out) || si_vset_intersects(&r, &x->ops.def))
                continue;
            t = r;
            si_vset_andnot(&t, &done);
            if (si_vset_empty(&t))
                continue; /* the same VGPRs in an earlier slot */
            si_vset_or(&done, &r);
            if (o->release_early) {
                si_vset_or(&x->rel_before, &r);
            } else {
                x->rel_slots |= (uint8_t)(1u << j);
                si_vset_or(&x->rel_after, &r);
            }
        }
    }
}

/* Forward over block b from the mapped set h at its entry: the rfv_pbr
 * at the entry (mapped renamed VGPRs dead there) and the set at its exit.
 * When `apply`, the pbr is recorded; `maxh` collects the largest set. */
static si_vset held_block(si_rfv_kernel *k, int b, si_vset h, int apply, unsigned *maxh)
{
    si_rfv_insn *f = &k->insn[k->block[b].first];
    si_vset dead = h;
    si_vset_andnot(&dead, &f->live_in);
    if (apply)
        si_vset_or(&f->rel_before, &dead);
    si_vset_andnot(&h, &dead);
    for (int i = k->block[b].first; i <= k->block[b].last; i++) {
        si_rfv_insn *x = &k->insn[i];
        si_vset d = x->ops.def;
        si_vset_andnot(&h, &x->rel_before);
        si_vset_and(&d, &k->renamed);
        si_vset_or(&h, &d);
        if (maxh && si_vset_count(&h) > *maxh)
            *maxh = si_vset_count(&h);
        si_vset_andnot(&h, &x->rel_after);
    }
    return h;
}

static int held_analysis(const si_rfv_code *c, si_rfv_kernel *k)
{
    si_vset *in = calloc((size_t)k->nblock, sizeof *in);
    if (!in)
        return -1;
    si_vset_add_range(&in[0], 0, c->init_vgprs);
    si_vset_and(&in[0], &k->renamed);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int b = 0; b < k->nblock; b++) {
            if (!k->block[b].reachable)
                continue;
            si_vset out = held_block(k, b, in[b], 0, NULL);
            for (int s = 0; s < k->block[b].nsucc; s++) {
                si_vset *t = &in[k->block[b].succ[s]], u = *t;
                si_vset_or(&u, &out);
                if (!si_vset_eq(&u, t))
                    *t = u, changed = 1;
            }
        }
    }
    unsigned maxh = si_vset_count(&in[0]);
    for (int b = 0; b < k->nblock; b++)
        if (k->block[b].reachable)
            held_block(k, b, in[b], 1, &maxh);
    si_vset ex = k->exempt;
    k->max_held = maxh + si_vset_count(&ex);
    free(in);
    return 0;
}

/* ------------------------------------------------------------------ metadata */

/* The rfv_pir payload of the chunk of up to 18 instructions from index i
 * (within i's block), or 0 when none of them releases anything. */
static uint64_t pir_payload(const si_rfv_kernel *k, int i)
{
    const si_rfv_block *b = &k->block[k->insn[i].block];
    uint64_t p = 0;
    for (int n = 0; n < SI_RFV_PIR_SLOTS && i + n <= b->last; n++)
        p |= (uint64_t)(k->insn[i + n].rel_slots & 7) << (3 * n);
    return p;
}

unsigned si_rfv_meta_before(const si_rfv_kernel *k, int i, uint32_t *w, unsigned max)
{
    unsigned n = 0;
    const si_rfv_insn *x = &k->insn[i];
    const si_rfv_block *b = &k->block[x->block];
    /* rfv_pbr: windows of 48 VGPRs from the lowest one left */
    for (unsigned r = 0; r < 256 && n + 2 <= max; r++) {
        if (!si_vset_has(&x->rel_before, r))
            continue;
        uint64_t mask = 0;
        for (unsigned j = 0; j < SI_RFV_PBR_WINDOW && r + j < 256; j++)
            if (si_vset_has(&x->rel_before, r + j))
                mask |= 1ull << j;
        si_rfv_encode(si_ops[SI_OP_rfv_pbr].opcode, (uint64_t)r | mask << 8, w + n);
        n += 2;
        r += SI_RFV_PBR_WINDOW - 1;
    }
    /* rfv_pir at the start of each chunk of 18 instructions of the block */
    if ((i - b->first) % SI_RFV_PIR_SLOTS == 0 && n + 2 <= max) {
        uint64_t p = pir_payload(k, i);
        if (p) {
            si_rfv_encode(si_ops[SI_OP_rfv_pir].opcode, p, w + n);
            n += 2;
        }
    }
    return n;
}

static void count_meta(si_rfv_kernel *k)
{
    for (int i = 0; i < k->ninsn; i++) {
        uint32_t w[64];
        unsigned n = si_rfv_meta_before(k, i, w, 64);
        for (unsigned j = 0; j < n; j += 2) {
            si_inst in;
            si_decode(w + j, 2, &in);
            if (in.op == SI_OP_rfv_pir)
                k->npir++;
            else
                k->npbr++;
        }
        k->nrel_pir += si_vset_count(&k->insn[i].rel_after);
        k->nrel_pbr += si_vset_count(&k->insn[i].rel_before);
        unsigned l = si_vset_count(&k->insn[i].live_in);
        if (k->block[k->insn[i].block].reachable && l > k->max_live)
            k->max_live = l;
    }
}

int si_rfv_analyze(const si_rfv_code *c, const si_rfv_opts *o, si_rfv_kernel *k, char *err, size_t len)
{
    si_rfv_opts dflt;
    if (!o) {
        si_rfv_opts_default(&dflt);
        o = &dflt;
    }
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", c->name ? c->name : "?");
    k->code_bytes = c->size;
    k->nvgpr = c->nvgpr;
    k->wg_waves = c->wg_waves ? c->wg_waves : 4;
    if (c->size % 4 || !c->code)
        return rfv_err(err, len, "kernel %s: code size %u is not a multiple of 4", k->name, c->size);
    if (decode_all(c, k, err, len) < 0 || build_cfg(c, k, err, len) < 0)
        return -1;
    if (exec_analysis(k) < 0)
        return rfv_err(err, len, "out of memory");
    liveness(k);
    select_candidates(c, o, k);
    pir_flags(o, k);
    if (held_analysis(c, k) < 0)
        return rfv_err(err, len, "out of memory");
    count_meta(k);
    return 0;
}
