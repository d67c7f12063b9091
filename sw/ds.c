/* sicu golden emulator: local data share (DS) instructions.
 *
 * Semantics (addressing, alignment, the M0 bound, out-of-range behaviour,
 * atomics, read2/write2, swizzle, append/consume, src2 forms) are written
 * down in docs/memory.md; keep the two in sync.
 *
 * Lanes are processed in increasing lane order; each lane completes all of
 * its accesses before the next lane starts.  Only EXEC lanes take part.
 */
#include <string.h>
#include "sicu/emu.h"
#include "fp.h"
#include "memop.h"
#include "valu_direct.h"

enum dkind {
    DK_READ,      /* size 1/2/4/8, sext                         */
    DK_WRITE,     /* size 1/2/4/8                               */
    DK_READ2,     /* esize 4/8, st64                            */
    DK_WRITE2,    /* esize 4/8, st64                            */
    DK_WRXCHG2,   /* esize 4/8, st64, returns both old values   */
    DK_ATOMIC,    /* aop, esize 4/8, rtn                        */
    DK_SRC2,      /* aop (or SWAP for write_src2), esize 4/8    */
    DK_SWIZZLE,
    DK_APPEND,
    DK_CONSUME,
    DK_UNSUPPORTED /* GWS / ordered count                       */
};

typedef struct dop {
    uint8_t kind, size, sext, st64, aop, rtn;
} dop;

/* the op's class from the memory-op attribute table (sw/isa/memop.def) */
static int dop_classify(unsigned op, dop *o)
{
    static const uint8_t kind_of[] = {
        [SI_MK_DS_READ] = DK_READ,     [SI_MK_DS_WRITE] = DK_WRITE,     [SI_MK_DS_READ2] = DK_READ2,
        [SI_MK_DS_WRITE2] = DK_WRITE2, [SI_MK_DS_WRXCHG2] = DK_WRXCHG2, [SI_MK_DS_ATOMIC] = DK_ATOMIC,
        [SI_MK_DS_SRC2] = DK_SRC2,     [SI_MK_DS_SWIZZLE] = DK_SWIZZLE, [SI_MK_DS_APPEND] = DK_APPEND,
        [SI_MK_DS_CONSUME] = DK_CONSUME, [SI_MK_DS_UNSUP] = DK_UNSUPPORTED,
    };
    const si_memattr *m = si_op_mem(op);
    memset(o, 0, sizeof(*o));
    if (!m || m->kind < SI_MK_DS_READ || m->kind > SI_MK_DS_UNSUP)
        return -1;
    o->kind = kind_of[m->kind];
    o->aop = m->aop;   /* append / consume: ADD / SUB of the active-lane count */
    if (o->kind == DK_SWIZZLE || o->kind == DK_APPEND || o->kind == DK_CONSUME || o->kind == DK_UNSUPPORTED)
        return 0;   /* no size (those fields stay 0) */
    o->size = m->size;
    o->sext = m->sext;
    o->st64 = m->st64;
    o->rtn = m->rtn;
    return 0;
}

typedef struct dctx {
    si_emu *e;
    si_wave *w;
    const si_inst *in;
    uint8_t *lds;
    uint64_t limit; /* min(M0, lds_size): first out-of-range byte */
} dctx;

/* Byte address of an element access: aligned down to the access size
 * (the low address bits are ignored).  Returns 1 when the access is out of
 * range (reads give 0, writes are dropped), 0 otherwise. */
static int lds_addr(const dctx *c, uint64_t a, unsigned size, uint64_t *out)
{
    if (size > 1)
        a &= ~(uint64_t)(size - 1);
    *out = a;
    return a + size > c->limit;
}

static inline uint64_t lds_rd(const dctx *c, uint64_t a, unsigned size)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (size == 4) {
        uint32_t v;
        memcpy(&v, c->lds + a, 4);
        return v;
    }
    if (size == 2) {
        uint16_t v;
        memcpy(&v, c->lds + a, 2);
        return v;
    }
    if (size == 8) {
        uint64_t v;
        memcpy(&v, c->lds + a, 8);
        return v;
    }
#endif
    uint64_t v = 0;
    for (unsigned i = 0; i < size; i++)
        v |= (uint64_t)c->lds[a + i] << (8 * i);
    return v;
}

static inline void lds_wr(const dctx *c, uint64_t a, uint64_t v, unsigned size, unsigned lane, si_retire *rec)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (size == 8 || size == 4)
        memcpy(c->lds + a, &v, size);
    else
#endif
        for (unsigned i = 0; i < size; i++)
            c->lds[a + i] = (uint8_t)(v >> (8 * i));
    if (rec) {
        if (size <= 4) {
            si_retire_add_store(rec, a, (uint32_t)v, size, lane, SI_SPACE_LDS);
        } else {
            si_retire_add_store(rec, a, (uint32_t)v, 4, lane, SI_SPACE_LDS);
            si_retire_add_store(rec, a + 4, (uint32_t)(v >> 32), 4, lane, SI_SPACE_LDS);
        }
    }
}

static uint64_t vget(const si_wave *w, unsigned code, unsigned lane, unsigned size)
{
    unsigned r = code - SI_SRC_VGPR0;
    uint64_t v = w->v[r][lane];
    if (size == 8)
        v |= (uint64_t)w->v[r + 1][lane] << 32;
    return v;
}

static void vput(si_wave *w, unsigned r, unsigned lane, uint64_t v, unsigned size)
{
    w->v[r][lane] = (uint32_t)v;
    if (size == 8)
        w->v[r + 1][lane] = (uint32_t)(v >> 32);
}

static int check_vgprs(const dctx *c, unsigned code, unsigned n, const char *what)
{
    if (n == 0)
        return 0;
    if (code < SI_SRC_VGPR0 || code - SI_SRC_VGPR0 + n > c->w->nvgpr)
        return si_emu_fail(c->e, c->w, "%s: %s register range v%u..v%u exceeds the %u allocated VGPRs",
                           si_ops[c->in->op].name, what, code - SI_SRC_VGPR0,
                           code - SI_SRC_VGPR0 + n - 1, c->w->nvgpr);
    return 0;
}

/* ds_swizzle_b32: source lane for `lane` given the 16-bit offset. */
static unsigned swizzle_src(unsigned lane, unsigned off)
{
    if (off & 0x8000) /* quad permute: 2-bit selector per lane of a quad */
        return (lane & ~3u) + ((off >> (2 * (lane & 3))) & 3);
    unsigned and_m = off & 31, or_m = (off >> 5) & 31, xor_m = (off >> 10) & 31;
    return (lane & 32) | ((((lane & 31) & and_m) | or_m) ^ xor_m);
}

/* the instruction's VGPR operands lie in the wave's allocation (only checked
 * when some lane is active); -1 with the error set */
static int ds_check_regs(dctx *c, const dop *o)
{
    const si_inst *in = c->in;
    unsigned esz = o->size;
    switch (o->kind) {
    case DK_READ:
        if (check_vgprs(c, in->vaddr, 1, "addr") || check_vgprs(c, in->dst, esz == 8 ? 2 : 1, "vdst"))
            return -1;
        break;
    case DK_WRITE:
        if (check_vgprs(c, in->vaddr, 1, "addr") || check_vgprs(c, in->vdata, esz == 8 ? 2 : 1, "data0"))
            return -1;
        break;
    case DK_READ2:
        if (check_vgprs(c, in->vaddr, 1, "addr") || check_vgprs(c, in->dst, esz / 2, "vdst"))
            return -1;
        break;
    case DK_WRITE2:
    case DK_WRXCHG2:
        if (check_vgprs(c, in->vaddr, 1, "addr") || check_vgprs(c, in->vdata, esz / 4, "data0") ||
            check_vgprs(c, in->data1, esz / 4, "data1") ||
            (o->kind == DK_WRXCHG2 && check_vgprs(c, in->dst, esz / 2, "vdst")))
            return -1;
        break;
    case DK_ATOMIC: {
        int two = (o->aop == SI_AOP_CMPSWAP || o->aop == SI_AOP_FCMPSWAP || o->aop == SI_AOP_MSKOR);
        if (check_vgprs(c, in->vaddr, 1, "addr") || check_vgprs(c, in->vdata, esz / 4, "data0") ||
            (two && check_vgprs(c, in->data1, esz / 4, "data1")) ||
            (o->rtn && check_vgprs(c, in->dst, esz / 4, "vdst")))
            return -1;
        break;
    }
    case DK_SRC2:
        if (check_vgprs(c, in->vaddr, 1, "addr"))
            return -1;
        break;
    case DK_SWIZZLE:
        if (check_vgprs(c, in->vaddr, 1, "data") || check_vgprs(c, in->dst, 1, "vdst"))
            return -1;
        break;
    case DK_APPEND:
    case DK_CONSUME:
        if (check_vgprs(c, in->dst, 1, "vdst"))
            return -1;
        break;
    }

    return 0;
}

/* ds_swizzle_b32: a pure lane exchange, no LDS access */
static int ds_swizzle(si_wave *w, const si_inst *in, uint64_t exec)
{
    unsigned vdst = in->dst - SI_SRC_VGPR0, off16 = in->offset;
    /* Pure lane exchange, no LDS access.  Inactive source lanes give 0. */
    unsigned va = in->vaddr - SI_SRC_VGPR0;
    uint32_t src[SI_WAVE_LANES], res[SI_WAVE_LANES];
    for (unsigned l = 0; l < SI_WAVE_LANES; l++)
        src[l] = w->v[va][l];
    for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
        unsigned s = swizzle_src(l, off16);
        res[l] = ((exec >> s) & 1) ? src[s] : 0;
    }
    for (unsigned l = 0; l < SI_WAVE_LANES; l++)
        if ((exec >> l) & 1)
            w->v[vdst][l] = res[l];
    return 0;
}

/* ds_append / ds_consume */
static int ds_counter(dctx *c, const dop *o, uint64_t exec, uint64_t lds_size, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    const char *name = si_ops[in->op].name;
    unsigned vdst = in->dst - SI_SRC_VGPR0, off16 = in->offset;
    uint32_t m0 = w->s[SI_SRC_M0];
    /* Wave-wide counter at LDS address M0 + offset (no M0 size limit: M0
     * holds the address): add/subtract the number of active lanes; every
     * active lane receives the pre-op value. */
    uint64_t a = ((uint64_t)m0 + off16) & ~3ull;
    if (!c->lds || a + 4 > lds_size)
        return si_emu_fail(c->e, w, "%s: LDS counter address 0x%llx is outside the %llu-byte LDS",
                           name, (unsigned long long)a, (unsigned long long)lds_size);
    uint32_t old = (uint32_t)lds_rd(c, a, 4);
    uint32_t n = (uint32_t)__builtin_popcountll(exec);
    uint32_t nv = o->aop == SI_AOP_ADD ? old + n : old - n;
    unsigned first = (unsigned)__builtin_ctzll(exec);
    lds_wr(c, a, nv, 4, first, rec);
    for (unsigned l = 0; l < SI_WAVE_LANES; l++)
        if ((exec >> l) & 1)
            w->v[vdst][l] = old;
    return 0;
}

/* ds_read_* / ds_write_* with a VGPR address: the general loop below
 * specialised for a constant size (same lane order, same out-of-range
 * rule: reads give 0, writes are dropped). */
static inline __attribute__((always_inline)) void ds_rw_t(const dctx *c, int write, unsigned esz, int sext,
                                                          uint64_t exec, si_retire *rec)
{
    const si_inst *in = c->in;
    si_wave *w = c->w;
    const uint32_t *va = w->v[in->vaddr - SI_SRC_VGPR0];
    uint64_t off = in->offset, lim = c->limit;
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t a = ((uint64_t)va[l] + off) & ~(uint64_t)(esz - 1);
        int ok = a + esz <= lim;
        if (write) {
            uint64_t v = vget(w, in->vdata, l, esz);
            if (esz < 4)
                v &= (1u << (8 * esz)) - 1;
            if (ok)
                lds_wr(c, a, v, esz, l, rec);
        } else {
            uint64_t v = ok ? lds_rd(c, a, esz) : 0;
            if (sext)
                v = esz == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
            vput(w, in->dst - SI_SRC_VGPR0, l, v, esz);
        }
    }
}

static int ds_rw(const dctx *c, const dop *o, uint64_t exec, si_retire *rec)
{
    int wr = o->kind == DK_WRITE;
    switch (o->size * 4 + (o->sext ? 2 : 0) + wr) {
    case 4: ds_rw_t(c, 0, 1, 0, exec, rec); break;
    case 6: ds_rw_t(c, 0, 1, 1, exec, rec); break;
    case 5: ds_rw_t(c, 1, 1, 0, exec, rec); break;
    case 8: ds_rw_t(c, 0, 2, 0, exec, rec); break;
    case 10: ds_rw_t(c, 0, 2, 1, exec, rec); break;
    case 9: ds_rw_t(c, 1, 2, 0, exec, rec); break;
    case 16: ds_rw_t(c, 0, 4, 0, exec, rec); break;
    case 17: ds_rw_t(c, 1, 4, 0, exec, rec); break;
    case 32: ds_rw_t(c, 0, 8, 0, exec, rec); break;
    case 33: ds_rw_t(c, 1, 8, 0, exec, rec); break;
    default: return 0;
    }
    return 1;
}

/* ds_read2/ds_write2/ds_wrxchg2 (b32 and b64, st64 or not) with a VGPR
 * address: the general loop below specialised for a constant element size
 * and kind (same lane order, same per-element out-of-range rule). */
static inline __attribute__((always_inline)) void ds_pair_t(const dctx *c, unsigned kind, unsigned esz,
                                                            unsigned st64, uint64_t exec, si_retire *rec)
{
    const si_inst *in = c->in;
    si_wave *w = c->w;
    const uint32_t *va = w->v[in->vaddr - SI_SRC_VGPR0];
    uint64_t unit = (uint64_t)esz * (st64 ? 64 : 1), lim = c->limit;
    uint64_t o0 = (uint64_t)(in->offset & 0xff) * unit, o1 = (uint64_t)in->offset1 * unit;
    unsigned vdst = in->dst - SI_SRC_VGPR0;
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t a = ((uint64_t)va[l] + o0) & ~(uint64_t)(esz - 1), a2 = ((uint64_t)va[l] + o1) & ~(uint64_t)(esz - 1);
        int ok0 = a + esz <= lim, ok1 = a2 + esz <= lim;
        uint64_t r0 = 0, r1 = 0;
        if (kind != DK_WRITE2) {
            if (ok0) r0 = lds_rd(c, a, esz);
            if (ok1) r1 = lds_rd(c, a2, esz);
        }
        if (kind != DK_READ2) {
            if (ok0) lds_wr(c, a, vget(w, in->vdata, l, esz), esz, l, rec);
            if (ok1) lds_wr(c, a2, vget(w, in->data1, l, esz), esz, l, rec);
        }
        if (kind != DK_WRITE2) {
            vput(w, vdst, l, r0, esz);
            vput(w, vdst + esz / 4, l, r1, esz);
        }
    }
}

static int ds_pair(const dctx *c, const dop *o, uint64_t exec, si_retire *rec)
{
    unsigned st = o->st64 != 0;
#define DS_PAIR(k, e)                                          \
    do {                                                       \
        if (st)                                                \
            ds_pair_t(c, k, e, 1, exec, rec);                  \
        else                                                   \
            ds_pair_t(c, k, e, 0, exec, rec);                  \
    } while (0)
    if (o->size == 4) {
        if (o->kind == DK_READ2) DS_PAIR(DK_READ2, 4);
        else if (o->kind == DK_WRITE2) DS_PAIR(DK_WRITE2, 4);
        else DS_PAIR(DK_WRXCHG2, 4);
    } else {
        if (o->kind == DK_READ2) DS_PAIR(DK_READ2, 8);
        else if (o->kind == DK_WRITE2) DS_PAIR(DK_WRITE2, 8);
        else DS_PAIR(DK_WRXCHG2, 8);
    }
#undef DS_PAIR
    return 0;
}

/* DS atomics with a VGPR address: the general loop's DK_ATOMIC case with
 * the operation and width constant where SI_AOP_DISPATCH makes them so. */
static inline __attribute__((always_inline)) void ds_atomic_t(const dctx *c, const dop *o, uint64_t exec,
                                                              const si_fpm *m, si_retire *rec, unsigned aop,
                                                              int is64)
{
    const si_inst *in = c->in;
    si_wave *w = c->w;
    unsigned esz = is64 ? 8 : 4, vdst = in->dst - SI_SRC_VGPR0;
    const uint32_t *va = w->v[in->vaddr - SI_SRC_VGPR0];
    uint64_t off = in->offset, lim = c->limit;
    for (uint64_t mm = exec; mm; mm &= mm - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mm);
        uint64_t d0 = vget(w, in->vdata, l, esz), d1 = 0, src, cmp;
        if (aop == SI_AOP_CMPSWAP || aop == SI_AOP_FCMPSWAP || aop == SI_AOP_MSKOR)
            d1 = vget(w, in->data1, l, esz);
        if (aop == SI_AOP_CMPSWAP || aop == SI_AOP_FCMPSWAP) {
            cmp = d0; /* DS_CMPST: data0 = compare value, data1 = new value */
            src = d1;
        } else {
            src = d0;
            cmp = d1;
        }
        uint64_t old = 0, a = ((uint64_t)va[l] + off) & ~(uint64_t)(esz - 1);
        if (a + esz <= lim) {
            old = lds_rd(c, a, esz);
            lds_wr(c, a, si_aop_apply(aop, is64, old, src, cmp, m), esz, l, rec);
        }
        if (o->rtn)
            vput(w, vdst, l, old, esz);
    }
}

/* ds_read/write_b32 and ds_read2/write2(st64)_b32 without a retirement
 * record, with AVX2: the addresses of eight lanes at a time, and when every
 * active lane's element is in range (else the loops above run), reads as
 * masked gathers straight into the destination rows (inactive lanes keep
 * their values), writes lane by lane in lane order (a later lane's store
 * to the same address wins, as in the loops above). */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))

AVX2 static inline __m256i lane_flags8(uint64_t mask, unsigned g)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256i m = _mm256_set1_epi32((int)((mask >> (8 * g)) & 255));
    return _mm256_cmpeq_epi32(_mm256_and_si256(m, bit), bit);
}

/* Lane l's aligned element address (va + off) & ~3 into a[], 1 when every
 * lane of exec is in range: aligned + 4 <= lim, i.e. va + off <= ((lim - 4)
 * & ~3) + 3. */
AVX2 static int ds_addrs8(const uint32_t *va, uint64_t off, uint64_t lim, uint64_t exec, uint32_t *a)
{
    if (lim < 4 || ((lim - 4) & ~3ull) + 3 < off || ((lim - 4) & ~3ull) + 3 - off > 0xffffffffu)
        return 0;
    const __m256i L = _mm256_set1_epi32((int)(uint32_t)(((lim - 4) & ~3ull) + 3 - off));
    const __m256i o = _mm256_set1_epi32((int)(uint32_t)off), m4 = _mm256_set1_epi32(~3);
    uint64_t ok = 0;
    for (unsigned g = 0; g < SI_WAVE_LANES / 8; g++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(va + 8 * g));
        __m256i in = _mm256_cmpeq_epi32(_mm256_max_epu32(v, L), L); /* va <= L (unsigned) */
        ok |= (uint64_t)(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(in)) << (8 * g);
        _mm256_storeu_si256((__m256i *)(a + 8 * g), _mm256_and_si256(_mm256_add_epi32(v, o), m4));
    }
    return (exec & ~ok) == 0;
}

AVX2 static void ds_gather8(const uint8_t *lds, const uint32_t *a, uint64_t exec, uint32_t *d)
{
    for (unsigned g = 0; g < SI_WAVE_LANES / 8; g++) {
        if (!((exec >> (8 * g)) & 255))
            continue;
        __m256i old = _mm256_loadu_si256((const __m256i *)(d + 8 * g));
        __m256i idx = _mm256_loadu_si256((const __m256i *)(a + 8 * g));
        _mm256_storeu_si256((__m256i *)(d + 8 * g),
                            _mm256_mask_i32gather_epi32(old, (const int *)lds, idx, lane_flags8(exec, g), 1));
    }
}

/* 1 done, 0 left to the loops above (nothing changed). */
static int ds_fast32(const dctx *c, unsigned kind, unsigned st64, uint64_t exec)
{
    const si_inst *in = c->in;
    si_wave *w = c->w;
    const uint32_t *va = w->v[in->vaddr - SI_SRC_VGPR0];
    uint32_t a0[SI_WAVE_LANES], a1[SI_WAVE_LANES];
    int two = kind != DK_READ && kind != DK_WRITE;
    uint64_t unit = st64 ? 256 : 4;
    uint64_t o0 = two ? (uint64_t)(in->offset & 0xff) * unit : in->offset, o1 = (uint64_t)in->offset1 * unit;
    if (!ds_addrs8(va, o0, c->limit, exec, a0) || (two && !ds_addrs8(va, o1, c->limit, exec, a1)))
        return 0;
    if (kind == DK_READ || kind == DK_READ2) {
        uint32_t *d0 = w->v[in->dst - SI_SRC_VGPR0];
        ds_gather8(c->lds, a0, exec, d0);
        if (two)
            ds_gather8(c->lds, a1, exec, d0 + SI_WAVE_LANES);
        return 1;
    }
    const uint32_t *v0 = w->v[in->vdata - SI_SRC_VGPR0], *v1 = two ? w->v[in->data1 - SI_SRC_VGPR0] : v0;
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        memcpy(c->lds + a0[l], &v0[l], 4);
        if (two)
            memcpy(c->lds + a1[l], &v1[l], 4);
    }
    return 1;
}
#else
static int ds_fast32(const dctx *c, unsigned kind, unsigned st64, uint64_t exec)
{
    (void)c, (void)kind, (void)st64, (void)exec;
    return 0;
}
#endif

int si_exec_ds(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    dop o;
    if (in->op >= SI_OP_COUNT || dop_classify(in->op, &o))
        return si_emu_fail(e, w, "LDS: %s is not a DS instruction this model executes",
                           in->op < SI_OP_COUNT ? si_ops[in->op].name : "(invalid op)");
    const char *name = si_ops[in->op].name;
    if (in->gds)
        return si_emu_fail(e, w, "%s: GDS not supported (gds=1)", name);
    if (o.kind == DK_UNSUPPORTED)
        return si_emu_fail(e, w, "%s: GDS/GWS instructions are not supported", name);

    dctx c;
    c.e = e;
    c.w = w;
    c.in = in;
    si_wg *wg = w->wg;
    c.lds = wg ? wg->lds : NULL;
    uint64_t lds_size = (wg && wg->lds) ? wg->lds_size : 0;
    uint32_t m0 = w->s[SI_SRC_M0];
    c.limit = m0 < lds_size ? m0 : lds_size;

    uint64_t exec = si_exec(w);
    si_fpm m = si_fpm_from_mode(w->mode);
    unsigned off16 = in->offset;
    unsigned off0 = in->offset & 0xff, off1 = in->offset1;
    unsigned esz = o.size;
    unsigned vdst = in->dst - SI_SRC_VGPR0;

    if (exec == 0)
        return 0;

    if (ds_check_regs(&c, &o))
        return -1;
    if (o.kind == DK_SWIZZLE)
        return ds_swizzle(w, in, exec);
    if (o.kind == DK_APPEND || o.kind == DK_CONSUME)
        return ds_counter(&c, &o, exec, lds_size, rec);

    if (!rec && esz == 4 && !o.sext && in->vaddr >= SI_SRC_VGPR0 && si_avx2_ok() &&
        (o.kind == DK_READ || o.kind == DK_WRITE || o.kind == DK_READ2 || o.kind == DK_WRITE2) &&
        ds_fast32(&c, o.kind, o.st64, exec))
        return 0;
    if ((o.kind == DK_READ || o.kind == DK_WRITE) && in->vaddr >= SI_SRC_VGPR0 && ds_rw(&c, &o, exec, rec))
        return 0;
    if (o.kind == DK_ATOMIC && (esz == 4 || esz == 8) && in->vaddr >= SI_SRC_VGPR0) {
#define DS_ATOMIC(op, wide) ds_atomic_t(&c, &o, exec, &m, rec, op, wide)
        SI_AOP_DISPATCH(o.aop, esz == 8, DS_ATOMIC);
#undef DS_ATOMIC
        return 0;
    }
    if ((o.kind == DK_READ2 || o.kind == DK_WRITE2 || o.kind == DK_WRXCHG2) && (esz == 4 || esz == 8) &&
        in->vaddr >= SI_SRC_VGPR0)
        return ds_pair(&c, &o, exec, rec);

    for (unsigned lane = 0; lane < SI_WAVE_LANES; lane++) {
        if (!((exec >> lane) & 1))
            continue;
        uint64_t base = in->vaddr >= SI_SRC_VGPR0 ? w->v[in->vaddr - SI_SRC_VGPR0][lane] : 0;
        uint64_t a, a2;
        switch (o.kind) {
        case DK_READ: {
            uint64_t v = 0;
            if (!lds_addr(&c, base + off16, esz, &a))
                v = lds_rd(&c, a, esz);
            if (o.sext)
                v = esz == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
            vput(w, vdst, lane, v, esz);
            break;
        }
        case DK_WRITE: {
            uint64_t v = vget(w, in->vdata, lane, esz);
            if (esz < 4)
                v &= (1u << (8 * esz)) - 1;
            if (!lds_addr(&c, base + off16, esz, &a))
                lds_wr(&c, a, v, esz, lane, rec);
            break;
        }
        case DK_READ2:
        case DK_WRITE2:
        case DK_WRXCHG2: {
            uint64_t unit = (uint64_t)esz * (o.st64 ? 64 : 1);
            int oob0 = lds_addr(&c, base + off0 * unit, esz, &a);
            int oob1 = lds_addr(&c, base + off1 * unit, esz, &a2);
            uint64_t r0 = 0, r1 = 0;
            if (o.kind != DK_WRITE2) {
                if (!oob0) r0 = lds_rd(&c, a, esz);
                if (!oob1) r1 = lds_rd(&c, a2, esz);
            }
            if (o.kind != DK_READ2) {
                if (!oob0) lds_wr(&c, a, vget(w, in->vdata, lane, esz), esz, lane, rec);
                if (!oob1) lds_wr(&c, a2, vget(w, in->data1, lane, esz), esz, lane, rec);
            }
            if (o.kind != DK_WRITE2) {
                vput(w, vdst, lane, r0, esz);
                vput(w, vdst + esz / 4, lane, r1, esz);
            }
            break;
        }
        case DK_ATOMIC: {
            uint64_t d0 = vget(w, in->vdata, lane, esz), d1 = 0, src, cmp;
            if (o.aop == SI_AOP_CMPSWAP || o.aop == SI_AOP_FCMPSWAP || o.aop == SI_AOP_MSKOR)
                d1 = vget(w, in->data1, lane, esz);
            if (o.aop == SI_AOP_CMPSWAP || o.aop == SI_AOP_FCMPSWAP) {
                cmp = d0; /* DS_CMPST: data0 = compare value, data1 = new value */
                src = d1;
            } else {
                src = d0; /* MSKOR: data0 = mask, data1 = bits to set */
                cmp = d1;
            }
            uint64_t old = 0;
            if (!lds_addr(&c, base + off16, esz, &a)) {
                old = lds_rd(&c, a, esz);
                lds_wr(&c, a, si_aop_apply(o.aop, esz == 8, old, src, cmp, &m), esz, lane, rec);
            }
            if (o.rtn)
                vput(w, vdst, lane, old, esz);
            break;
        }
        case DK_SRC2: {
            /* A = addr (aligned); B = A + 4 * delta, delta a signed 16-bit value:
             * offset[15]=1: {A[31], A[31:17]}, else {offset[14], offset[14:0]}. */
            uint32_t ar = (uint32_t)base;
            int32_t delta;
            uint32_t amask = esz == 8 ? ~7u : ~3u;
            uint32_t A;
            if (off16 & 0x8000) {
                A = ar & 0x1ffff & amask;
                delta = (int16_t)(uint16_t)(((ar >> 17) & 0x7fff) | ((ar >> 16) & 0x8000));
            } else {
                A = ar & amask;
                delta = (int16_t)(uint16_t)((off16 & 0x7fff) | ((off16 << 1) & 0x8000));
            }
            uint64_t B = ((uint64_t)A + (int64_t)delta * 4) & 0xffffffffull;
            int oobA = lds_addr(&c, A, esz, &a);
            int oobB = lds_addr(&c, B, esz, &a2);
            if (oobA)
                break;
            uint64_t vb = oobB ? 0 : lds_rd(&c, a2, esz);
            uint64_t old = lds_rd(&c, a, esz);
            lds_wr(&c, a, si_aop_apply(o.aop, esz == 8, old, vb, 0, &m), esz, lane, rec);
            break;
        }
        default:
            break;
        }
    }
    return 0;
}
