/* sicu golden emulator: vector memory (MUBUF and MTBUF buffer instructions).
 *
 * The semantics implemented here (V# layout, addressing incl. swizzled
 * scratch and addr64, range checking, format conversion, atomics, tfe) are
 * written down in docs/memory.md; keep the two in sync.
 *
 * Execution model: lanes are processed in increasing lane order, each lane
 * completing its whole access (all dwords, or the read-modify-write of an
 * atomic) before the next lane starts.  Only lanes enabled in EXEC access
 * memory or have VGPRs written.
 */
#include <string.h>
#include "sicu/emu.h"
#include "fp.h"
#include "memop.h"
#include "operand.h"
#include "valu_direct.h"
#ifdef __SSE2__
#include <emmintrin.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif
#endif

/* ------------------------------------------------------------------ V# -- */

typedef struct vsharp {
    uint64_t base;         /* [47:0]                                   */
    uint32_t stride;       /* [61:48]                                  */
    uint8_t swizzle;       /* [63]                                     */
    uint32_t num_records;  /* [95:64]                                  */
    uint8_t dst_sel[4];    /* [98:96] [101:99] [104:102] [107:105]     */
    uint8_t nfmt;          /* [110:108]                                */
    uint8_t dfmt;          /* [114:111]                                */
    uint32_t elem_size;    /* 2 << [116:115] bytes                     */
    uint32_t index_stride; /* 8 << [118:117]                           */
    uint8_t es_log2, ist_log2; /* log2 of the two above                 */
    uint8_t add_tid;       /* [119]                                    */
} vsharp;

static void vsharp_decode(const uint32_t d[4], vsharp *v)
{
    v->base = d[0] | ((uint64_t)(d[1] & 0xffff) << 32);
    v->stride = (d[1] >> 16) & 0x3fff;
    v->swizzle = (d[1] >> 31) & 1;
    v->num_records = d[2];
    for (int i = 0; i < 4; i++)
        v->dst_sel[i] = (d[3] >> (3 * i)) & 7;
    v->nfmt = (d[3] >> 12) & 7;
    v->dfmt = (d[3] >> 15) & 15;
    v->es_log2 = (uint8_t)(1 + ((d[3] >> 19) & 3));
    v->ist_log2 = (uint8_t)(3 + ((d[3] >> 21) & 3));
    v->elem_size = 1u << v->es_log2;
    v->index_stride = 1u << v->ist_log2;
    v->add_tid = (d[3] >> 23) & 1;
}

/* ------------------------------------------------------- op classes ---- */

enum vkind { VK_LOAD, VK_STORE, VK_LOAD_FMT, VK_STORE_FMT, VK_ATOMIC, VK_NOP };

typedef struct vop {
    uint8_t kind;
    uint8_t size;    /* VK_LOAD/VK_STORE: bytes per lane (1, 2, 4, 8, 16)      */
    uint8_t sext;    /* VK_LOAD: sign-extend (sbyte/sshort)                    */
    uint8_t ncomp;   /* VK_*_FMT: components (x=1 .. xyzw=4)                  */
    uint8_t tbuf;    /* VK_*_FMT: format from the instruction (MTBUF)           */
    uint8_t aop;     /* VK_ATOMIC: enum si_aop                                 */
    uint8_t is64;    /* VK_ATOMIC: _x2 form                                    */
} vop;

/* the op's class from the memory-op attribute table (sw/isa/memop.def) */
static int vop_classify(unsigned op, vop *o)
{
    const si_memattr *m = si_op_mem(op);
    memset(o, 0, sizeof(*o));
    if (!m)
        return -1;
    switch (m->kind) {
    case SI_MK_BUF_LOAD: o->kind = VK_LOAD; o->size = m->size; o->sext = m->sext; return 0;
    case SI_MK_BUF_STORE: o->kind = VK_STORE; o->size = m->size; return 0;
    case SI_MK_BUF_LOAD_FMT: o->kind = VK_LOAD_FMT; o->ncomp = m->ncomp; o->tbuf = m->tbuf; return 0;
    case SI_MK_BUF_STORE_FMT: o->kind = VK_STORE_FMT; o->ncomp = m->ncomp; o->tbuf = m->tbuf; return 0;
    case SI_MK_BUF_ATOMIC: o->kind = VK_ATOMIC; o->aop = m->aop; o->is64 = m->size == 8; return 0;
    case SI_MK_BUF_NOP: o->kind = VK_NOP; return 0;
    default: return -1;
    }
}

/* --------------------------------------------------------- addressing -- */

typedef struct bctx {
    si_emu *e;
    si_wave *w;
    const si_inst *in;
    si_mem *mem;
    vsharp v;
    uint32_t soff;
    uint64_t scr_lo, scr_hi; /* dispatch scratch range (store space tagging) */
    uint64_t code_lo, code_hi; /* the code image (stores into it drop decodes) */
} bctx;

/* A store to [a, a + len): tell the core when it hits the code image. */
static inline void code_guard(const bctx *c, uint64_t a, uint64_t len)
{
    if (a < c->code_hi && a + len > c->code_lo)
        si_emu_code_store(c->e, a, len);
}

/* Device address of byte `extra` of lane `lane`'s access.  Returns 1 when
 * that address is out of range for the V# (architectural: loads read 0,
 * stores are dropped), 0 otherwise. */
static inline __attribute__((always_inline)) int buf_addr(const bctx *c, unsigned lane, uint32_t extra,
                                                          uint64_t *addr)
{
    const si_inst *in = c->in;
    const vsharp *v = &c->v;
    const si_wave *w = c->w;
    unsigned va = in->vaddr - SI_SRC_VGPR0;

    if (in->addr64) {
        /* addr64: 64-bit VGPR address added to the base, no range check. */
        uint64_t a = w->v[va][lane] | ((uint64_t)w->v[va + 1][lane] << 32);
        *addr = v->base + a + in->offset + extra + c->soff;
        return 0;
    }
    uint32_t index = 0, voff = 0;
    if (in->idxen && in->offen) {
        index = w->v[va][lane];
        voff = w->v[va + 1][lane];
    } else if (in->idxen) {
        index = w->v[va][lane];
    } else if (in->offen) {
        voff = w->v[va][lane];
    }
    if (v->add_tid)
        index += lane;
    uint32_t off = (uint32_t)in->offset + voff + extra; /* 32-bit AOFFSET */

    /* Range check (docs/memory.md "Range checking"). */
    if (v->stride == 0) {
        if ((uint64_t)off + c->soff >= v->num_records)
            return 1;
    } else {
        if (index >= v->num_records)
            return 1;
        if ((in->idxen || v->add_tid) && off >= v->stride)
            return 1;
    }

    uint64_t boff;
    if (v->swizzle) {
        uint64_t ist = v->index_stride, es = v->elem_size; /* powers of two */
        uint64_t imsb = index >> v->ist_log2, ilsb = index & (ist - 1);
        uint64_t omsb = off >> v->es_log2, olsb = off & (es - 1);
        boff = (imsb * v->stride + omsb * es) * ist + ilsb * es + olsb;
    } else {
        boff = (uint64_t)index * v->stride + off;
    }
    *addr = v->base + c->soff + boff;
    return 0;
}

static unsigned space_of(const bctx *c, uint64_t addr)
{
    return (addr >= c->scr_lo && addr < c->scr_hi) ? SI_SPACE_SCRATCH : SI_SPACE_GLOBAL;
}

/* Host pointer for an in-range access, or an error naming lane and address. */
static uint8_t *dev_ptr(const bctx *c, unsigned lane, uint64_t addr, unsigned len)
{
    return si_mem_ptr(c->mem, addr, len);
}

static int fail_addr(const bctx *c, unsigned lane, uint64_t addr, unsigned len, const char *what)
{
    return si_emu_fail(c->e, c->w,
                       "%s: %s of %u bytes at lane %u address 0x%llx is not mapped device memory",
                       si_ops[c->in->op].name, what, len, lane, (unsigned long long)addr);
}

static inline uint32_t rd_le(const uint8_t *p, unsigned n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n == 4) {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
#endif
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static inline void wr_le(uint8_t *p, uint32_t v, unsigned n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n == 4) {
        memcpy(p, &v, 4);
        return;
    }
#endif
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* ------------------------------------------------ format conversion ---- */

/* Data formats (V# DATA_FORMAT / MTBUF DFMT): component count and width.
 * ncomp == 0: not supported by this model. */
static const struct { uint8_t ncomp, bits; const char *name; } dfmt_tab[16] = {
    [0] = {0, 0, "INVALID"},   [1] = {1, 8, "8"},          [2] = {1, 16, "16"},
    [3] = {2, 8, "8_8"},       [4] = {1, 32, "32"},        [5] = {2, 16, "16_16"},
    [6] = {0, 0, "10_11_11"},  [7] = {0, 0, "11_11_10"},   [8] = {0, 0, "10_10_10_2"},
    [9] = {0, 0, "2_10_10_10"}, [10] = {4, 8, "8_8_8_8"},  [11] = {2, 32, "32_32"},
    [12] = {4, 16, "16_16_16_16"}, [13] = {3, 32, "32_32_32"}, [14] = {4, 32, "32_32_32_32"},
    [15] = {0, 0, "RESERVED"},
};
enum { NF_UNORM, NF_SNORM, NF_USCALED, NF_SSCALED, NF_UINT, NF_SINT, NF_SNORM_OGL, NF_FLOAT };
static const char *const nfmt_name[8] = {"UNORM", "SNORM", "USCALED", "SSCALED",
                                         "UINT", "SINT", "SNORM_OGL", "FLOAT"};

/* num/den as f32, round to nearest even, 0 <= num <= den, den > 0. */
static uint32_t ratio_to_f32(uint32_t num, uint32_t den)
{
    if (num == 0)
        return 0;
    if (num >= den)
        return 0x3f800000u;
    int k = 24;
    while (((uint64_t)num << k) < ((uint64_t)den << 23))
        k++;
    uint64_t n = (uint64_t)num << k;
    uint64_t q = n / den, r = n % den;
    if (2 * r > den || (2 * r == den && (q & 1)))
        q++;
    if (q == (1u << 24)) {
        q >>= 1;
        k--;
    }
    return ((uint32_t)(127 + 23 - k) << 23) | (uint32_t)(q & 0x7fffff);
}

/* round(f * max) for 0 <= f < 1 (f32 bits), round to nearest even. */
static uint32_t f32_scale_rne(uint32_t f, uint32_t max)
{
    unsigned e = (f >> 23) & 0xff;
    if (e == 0)
        return 0; /* zero or denormal: far below 0.5/max */
    uint64_t prod = (uint64_t)((f & 0x7fffff) | 0x800000) * max;
    int sh = 150 - (int)e; /* value*max = prod * 2^-sh, sh >= 24 here */
    if (sh >= 63)
        return 0;
    uint64_t q = prod >> sh, rem = prod & ((1ull << sh) - 1), half = 1ull << (sh - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    return (uint32_t)q;
}

static int fmt_is_float_reg(unsigned nfmt)
{
    return !(nfmt == NF_UINT || nfmt == NF_SINT);
}

/* Memory component (low `bits` bits of raw) -> register value. */
static int fmt_load_comp(uint32_t raw, unsigned bits, unsigned nfmt, const si_fpm *m, uint32_t *out)
{
    uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    raw &= mask;
    int32_t s = bits == 32 ? (int32_t)raw : (int32_t)(raw << (32 - bits)) >> (32 - bits);
    switch (nfmt) {
    case NF_UINT: *out = raw; return 0;
    case NF_SINT: *out = (uint32_t)s; return 0;
    case NF_UNORM:
        if (bits == 32) return -1;
        *out = ratio_to_f32(raw, mask);
        return 0;
    case NF_SNORM: {
        if (bits == 32) return -1;
        uint32_t maxs = (1u << (bits - 1)) - 1;
        uint32_t mag = s < 0 ? (uint32_t)(-s) : (uint32_t)s;
        if (mag > maxs)
            mag = maxs; /* most negative code maps to -1.0 */
        uint32_t f = ratio_to_f32(mag, maxs);
        *out = (s < 0) ? (f | 0x80000000u) : f;
        return 0;
    }
    case NF_USCALED:
        if (bits == 32) return -1;
        *out = si_cvt_f32_u32(raw, m);
        return 0;
    case NF_SSCALED:
        if (bits == 32) return -1;
        *out = si_cvt_f32_i32(s, m);
        return 0;
    case NF_FLOAT:
        if (bits == 32) { *out = raw; return 0; }
        if (bits == 16) { *out = si_cvt_f32_f16(raw, m); return 0; }
        return -1;
    default:
        return -1; /* SNORM_OGL */
    }
}

/* Register value -> memory component (low `bits` bits). */
static int fmt_store_comp(uint32_t val, unsigned bits, unsigned nfmt, const si_fpm *m, uint32_t *out)
{
    uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    int nan = (val & 0x7fffffffu) > 0x7f800000u;
    switch (nfmt) {
    case NF_UINT:
    case NF_SINT:
        *out = val & mask; /* truncated to the component width */
        return 0;
    case NF_UNORM:
        if (bits == 32) return -1;
        if (nan || (val & 0x80000000u)) *out = 0;
        else if (val >= 0x3f800000u) *out = mask;
        else *out = f32_scale_rne(val, mask);
        return 0;
    case NF_SNORM: {
        if (bits == 32) return -1;
        uint32_t maxs = (1u << (bits - 1)) - 1;
        uint32_t a = val & 0x7fffffffu, mag;
        if (nan) mag = 0;
        else if (a >= 0x3f800000u) mag = maxs;
        else mag = f32_scale_rne(a, maxs);
        *out = ((val & 0x80000000u) ? (uint32_t)-(int32_t)mag : mag) & mask;
        return 0;
    }
    case NF_FLOAT:
        if (bits == 32) { *out = val; return 0; }
        if (bits == 16) { *out = si_cvt_f16_f32(val, m) & 0xffff; return 0; }
        return -1;
    default:
        return -1; /* USCALED/SSCALED/SNORM_OGL are read-only formats */
    }
}

/* ------------------------------------------------------------ helpers -- */

static int check_vgprs(const bctx *c, unsigned code, unsigned n, const char *what)
{
    if (code < SI_SRC_VGPR0 || code - SI_SRC_VGPR0 + n > c->w->nvgpr)
        return si_emu_fail(c->e, c->w, "%s: %s register range v%u..v%u exceeds the %u allocated VGPRs",
                           si_ops[c->in->op].name, what, code - SI_SRC_VGPR0,
                           code - SI_SRC_VGPR0 + n - 1, c->w->nvgpr);
    return 0;
}

static void log_store(const bctx *c, si_retire *rec, uint64_t addr, uint32_t val, unsigned size,
                      unsigned lane)
{
    if (rec)
        si_retire_add_store(rec, addr, val, size, lane, space_of(c, addr));
}

/* ------------------------------------------------------- raw accesses -- */

/* lane_addrs without a VGPR offset: one byte offset for every lane
 * (swizzled scratch spills and fills, uniform loads); STRIDE 0, no idxen. */
static int lane_addrs_uniform(const bctx *c, uint64_t base, uint32_t ioff, uint64_t *restrict A,
                              uint8_t *restrict oob)
{
    const vsharp *v = &c->v;
    memset(oob, (uint64_t)ioff + c->soff >= v->num_records, SI_WAVE_LANES);
    if (!v->swizzle) {
        if (v->add_tid)
            return 0;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++)
            A[l] = base + ioff;
        return 1;
    }
    uint64_t u = base + ((uint64_t)(ioff >> v->es_log2) << (v->es_log2 + v->ist_log2)) + (ioff & (v->elem_size - 1));
    uint32_t im = v->add_tid ? v->index_stride - 1 : 0;
    for (unsigned l = 0; l < SI_WAVE_LANES; l++)
        A[l] = u + ((uint64_t)(l & im) << v->es_log2);
    return 1;
}

/* Addresses of dword `d` of every lane (all 64, whatever EXEC) for the
 * common addressing modes, in loops the compiler vectorises; oob[l] is set
 * when the dword is out of range for the V#.  Returns 0 when the mode is
 * not one of them (the caller then uses buf_addr lane by lane). */
static int lane_addrs(const bctx *c, unsigned d, uint64_t *restrict A, uint8_t *restrict oob)
{
    static const uint32_t zeros[SI_WAVE_LANES];
    const si_inst *in = c->in;
    const vsharp *v = &c->v;
    const uint32_t *restrict v0 = in->vaddr >= SI_SRC_VGPR0 ? c->w->v[in->vaddr - SI_SRC_VGPR0] : zeros;
    const uint32_t *restrict voff = in->offen ? v0 : zeros;
    uint64_t base = v->base + c->soff;
    uint32_t ioff = (uint32_t)in->offset + 4 * d;
    if (in->addr64) {
        const uint32_t *restrict v1 = c->w->v[in->vaddr - SI_SRC_VGPR0 + 1];
        for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
            A[l] = base + (v0[l] | (uint64_t)v1[l] << 32) + ioff;
            oob[l] = 0;
        }
        return 1;
    }
    if (in->idxen || v->stride != 0)
        return 0;
    /* stride 0: the range check is on the byte offset; the index (thread id
     * with ADD_TID) only matters when swizzled */
    uint64_t lim = v->num_records;
    if (!in->offen)
        return lane_addrs_uniform(c, base, ioff, A, oob);
    if (!v->swizzle) {
        if (v->add_tid)
            return 0; /* index * stride = 0: the general path */
        for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
            uint32_t off = ioff + voff[l];
            A[l] = base + off;
            oob[l] = (uint64_t)off + c->soff >= lim;
        }
        return 1;
    }
    uint32_t es = v->elem_size, ist = v->index_stride;
    for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
        uint32_t off = ioff + voff[l];
        uint32_t index = v->add_tid ? l : 0;
        /* buf_addr's swizzle with STRIDE 0 (the index's high part drops out);
         * es and ist are powers of two */
        uint64_t boff = ((uint64_t)(off >> v->es_log2) << (v->es_log2 + v->ist_log2)) +
                        ((uint64_t)(index & (ist - 1)) << v->es_log2) + (off & (es - 1));
        A[l] = base + boff;
        oob[l] = (uint64_t)off + c->soff >= lim;
    }
    return 1;
}

/* Lowest and highest address of the lanes in exec (not 0), or bounds of
 * them.  When the 64 lanes' addresses (whatever EXEC) are an arithmetic
 * progression (the common coalesced, uniform and swizzled-scratch cases),
 * the first and last lane bound them, *step is its step and *prog 1 (the
 * bounds are exact with every lane active); else *prog = 0. */
static void addr_range(const uint64_t *restrict A, uint64_t exec, uint64_t *lo, uint64_t *hi,
                       int *prog, int64_t *step)
{
    uint64_t D = A[1] - A[0], diff = 0;
    for (unsigned l = 0; l + 1 < SI_WAVE_LANES; l++)
        diff |= (A[l + 1] - A[l]) ^ D;
    /* monotone without wrapping: |D| * 63 fits and the ends are ordered */
    int64_t sd = (int64_t)D;
    if (diff == 0 && sd > -(INT64_C(1) << 56) && sd < (INT64_C(1) << 56) &&
        (sd >= 0 ? A[63] >= A[0] : A[63] <= A[0])) {
        *lo = sd >= 0 ? A[0] : A[63];
        *hi = sd >= 0 ? A[63] : A[0];
        *prog = 1;
        *step = sd;
        return;
    }
    *prog = 0;
    *step = 0;
    uint64_t l0 = UINT64_MAX, h0 = 0;
    if (exec == ~0ull) {
        for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
            l0 = A[l] < l0 ? A[l] : l0;
            h0 = A[l] > h0 ? A[l] : h0;
        }
    } else {
        for (uint64_t m = exec; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            l0 = A[l] < l0 ? A[l] : l0;
            h0 = A[l] > h0 ? A[l] : h0;
        }
    }
    *lo = l0, *hi = h0;
}

/* Addresses of every dword of every active lane, or 0 when a lane's dword is
 * out of range (the general path then handles the access). */
static int raw_addrs(const bctx *c, uint64_t exec, unsigned nd, uint64_t (*addr)[SI_WAVE_LANES])
{
    for (unsigned d = 0; d < nd; d++) {
        uint64_t *A = addr[d];
        uint8_t oob[SI_WAVE_LANES];
        if (!lane_addrs(c, d, A, oob)) {
            for (uint64_t m = exec; m; m &= m - 1) {
                unsigned lane = (unsigned)__builtin_ctzll(m);
                if (buf_addr(c, lane, 4 * d, &A[lane]))
                    return 0;
            }
            continue;
        }
        unsigned bad = 0;
        if (exec == ~0ull) {
            for (unsigned l = 0; l < SI_WAVE_LANES; l++)
                bad |= oob[l];
        } else {
            for (uint64_t m = exec; m; m &= m - 1)
                bad |= oob[__builtin_ctzll(m)];
        }
        if (bad)
            return 0;
    }
    return 1;
}

#ifdef __SSE2__
/* dwordx4 along a lane progression, every lane: four lanes at a time, 4 x 4
 * transposes between the VGPR rows vd.. and the lanes' 16-byte elements. */
static inline void x4_copy(si_wave *w, unsigned vd, uint8_t *p0, int64_t step, int store)
{
    uint32_t *r0 = w->v[vd], *r1 = w->v[vd + 1], *r2 = w->v[vd + 2], *r3 = w->v[vd + 3];
    for (unsigned l = 0; l < SI_WAVE_LANES; l += 4) {
        uint8_t *q = p0 + (int64_t)l * step;
        if (store) {
            __m128i a = _mm_loadu_si128((const __m128i *)(r0 + l)), b = _mm_loadu_si128((const __m128i *)(r1 + l));
            __m128i c = _mm_loadu_si128((const __m128i *)(r2 + l)), d = _mm_loadu_si128((const __m128i *)(r3 + l));
            __m128i ab0 = _mm_unpacklo_epi32(a, b), cd0 = _mm_unpacklo_epi32(c, d);
            __m128i ab1 = _mm_unpackhi_epi32(a, b), cd1 = _mm_unpackhi_epi32(c, d);
            _mm_storeu_si128((__m128i *)q, _mm_unpacklo_epi64(ab0, cd0));
            _mm_storeu_si128((__m128i *)(q + step), _mm_unpackhi_epi64(ab0, cd0));
            _mm_storeu_si128((__m128i *)(q + 2 * step), _mm_unpacklo_epi64(ab1, cd1));
            _mm_storeu_si128((__m128i *)(q + 3 * step), _mm_unpackhi_epi64(ab1, cd1));
        } else {
            __m128i e0 = _mm_loadu_si128((const __m128i *)q), e1 = _mm_loadu_si128((const __m128i *)(q + step));
            __m128i e2 = _mm_loadu_si128((const __m128i *)(q + 2 * step));
            __m128i e3 = _mm_loadu_si128((const __m128i *)(q + 3 * step));
            __m128i t0 = _mm_unpacklo_epi32(e0, e1), t1 = _mm_unpacklo_epi32(e2, e3);
            __m128i t2 = _mm_unpackhi_epi32(e0, e1), t3 = _mm_unpackhi_epi32(e2, e3);
            _mm_storeu_si128((__m128i *)(r0 + l), _mm_unpacklo_epi64(t0, t1));
            _mm_storeu_si128((__m128i *)(r1 + l), _mm_unpackhi_epi64(t0, t1));
            _mm_storeu_si128((__m128i *)(r2 + l), _mm_unpacklo_epi64(t2, t3));
            _mm_storeu_si128((__m128i *)(r3 + l), _mm_unpackhi_epi64(t2, t3));
        }
    }
}
#endif

/* Copy dword data between VGPRs vd.. and lanes at p0 + lane * step (dword d
 * 4d bytes further); stores lane by lane in lane order. */
static inline __attribute__((always_inline)) void strided_copy(si_wave *w, unsigned vd, uint8_t *p0,
                                                               int64_t step, uint64_t exec, unsigned nd,
                                                               int store)
{
    if (exec == ~0ull && nd == 1 && step == 4) {
        if (store)
            memcpy(p0, w->v[vd], 4 * SI_WAVE_LANES); /* consecutive dwords */
        else
            memcpy(w->v[vd], p0, 4 * SI_WAVE_LANES);
        return;
    }
#ifdef __SSE2__
    /* four dwords per lane, every lane (stores only when the lanes' elements
     * do not overlap, so their order does not matter) */
    if (exec == ~0ull && nd == 4 && (!store || step >= 16 || step <= -16)) {
        x4_copy(w, vd, p0, step, store);
        return;
    }
#endif
    if (exec == ~0ull && !store) {
        for (unsigned d = 0; d < nd; d++) {
            uint32_t *restrict dst = w->v[vd + d];
            const uint8_t *q = p0 + 4 * d;
            for (unsigned l = 0; l < SI_WAVE_LANES; l++, q += step)
                memcpy(&dst[l], q, 4);
        }
        return;
    }
    if (exec == ~0ull) {
        uint8_t *q = p0;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++, q += step)
            for (unsigned d = 0; d < nd; d++)
                memcpy(q + 4 * d, &w->v[vd + d][l], 4);
        return;
    }
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint8_t *q = p0 + (int64_t)l * step;
        for (unsigned d = 0; d < nd; d++) {
            if (store)
                memcpy(q + 4 * d, &w->v[vd + d][l], 4);
            else
                memcpy(&w->v[vd + d][l], q + 4 * d, 4);
        }
    }
}

/* Whether the 64 values v[l] form an arithmetic progression in 32 bits
 * without wrapping around (v[l] = v[0] + l * step exactly); its step. */
static int u32_prog_sse(const uint32_t *restrict v, uint32_t S)
{
    uint32_t diff = 0;
    for (unsigned l = 0; l + 1 < SI_WAVE_LANES; l++)
        diff |= (v[l + 1] - v[l]) ^ S;
    return diff == 0;
}

/* Whether every lane holds the same value. */
static int u32_uniform_sse(const uint32_t *restrict v)
{
    uint32_t diff = 0;
    for (unsigned l = 0; l < SI_WAVE_LANES; l++)
        diff |= v[l] ^ v[0];
    return diff == 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The same eight lanes at a time (AVX2, after si_avx2_ok): v[l] equals
 * v[0] + l * S (mod 2^32) for every lane. */
__attribute__((target("avx2"))) static int u32_prog_avx2(const uint32_t *restrict v, uint32_t S)
{
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i e = _mm256_add_epi32(_mm256_set1_epi32((int)v[0]), _mm256_mullo_epi32(_mm256_set1_epi32((int)S), lane));
    __m256i s8 = _mm256_set1_epi32((int)(S * 8)), ok = _mm256_set1_epi32(-1);
    for (unsigned g = 0; g < SI_WAVE_LANES / 8; g++, e = _mm256_add_epi32(e, s8))
        ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)(v + 8 * g)), e));
    return _mm256_movemask_epi8(ok) == -1;
}
#endif

static int u32_prog(const uint32_t *restrict v, int64_t *step)
{
    uint32_t S = v[1] - v[0];
    int64_t s = (int32_t)S, last = (int64_t)v[0] + 63 * s;
    *step = s;
    if (last < 0 || last > UINT32_MAX)
        return 0;
#if defined(__x86_64__) && defined(__GNUC__)
    if (si_avx2_ok())
        return u32_prog_avx2(v, S);
#endif
    return u32_prog_sse(v, S);
}

static int u32_uniform(const uint32_t *restrict v)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (si_avx2_ok())
        return u32_prog_avx2(v, 0);
#endif
    return u32_uniform_sse(v);
}

/* The address of dword d of lane l as a0 + l * step + 4d, for every lane
 * (whatever EXEC) and d < nd, when the addressing mode and the VGPR values
 * make it so and no lane's dword is out of range for the V# (conservative:
 * inactive lanes count); 0 otherwise (the caller goes on with per-lane
 * addresses). */
static int lane_prog(const bctx *c, unsigned nd, uint64_t *a0, int64_t *step)
{
    const si_inst *in = c->in;
    const vsharp *v = &c->v;
    const si_wave *w = c->w;
    uint64_t base = v->base + c->soff;
    uint32_t ioff = in->offset;
    if (in->addr64) { /* no range check */
        const uint32_t *v0 = w->v[in->vaddr - SI_SRC_VGPR0], *v1 = w->v[in->vaddr - SI_SRC_VGPR0 + 1];
        if (!u32_uniform(v1) || !u32_prog(v0, step))
            return 0;
        *a0 = base + ((uint64_t)v1[0] << 32 | v0[0]) + ioff;
        return 1;
    }
    if (in->idxen || v->stride != 0)
        return 0;
    uint64_t lim = v->num_records, maxoff;
    if (in->offen) {
        if (v->swizzle || v->add_tid)
            return 0;
        const uint32_t *v0 = w->v[in->vaddr - SI_SRC_VGPR0];
        if (!u32_prog(v0, step))
            return 0;
        uint32_t vmax = *step >= 0 ? v0[63] : v0[0];
        maxoff = (uint64_t)ioff + vmax + 4 * (nd - 1); /* the 32-bit offset must not wrap */
        if (maxoff > UINT32_MAX || maxoff + c->soff >= lim)
            return 0;
        *a0 = base + ioff + v0[0];
        return 1;
    }
    /* one byte offset for every lane */
    maxoff = (uint64_t)ioff + 4 * (nd - 1);
    if (maxoff + c->soff >= lim)
        return 0;
    if (!v->swizzle) {
        if (v->add_tid)
            return 0;
        *a0 = base + ioff;
        *step = 0;
        return 1;
    }
    /* swizzled: lane l's element at (l & (index_stride - 1)) with ADD_TID;
     * the next dword is another element */
    if (nd > 1 || (v->add_tid && v->index_stride < SI_WAVE_LANES))
        return 0;
    *a0 = base + ((uint64_t)(ioff >> v->es_log2) << (v->es_log2 + v->ist_log2)) + (ioff & (v->elem_size - 1));
    *step = v->add_tid ? (int64_t)v->elem_size : 0;
    return 1;
}

/* Dword loads and stores (no TFE, no retirement record) whose lanes'
 * addresses form an arithmetic progression (lane_prog): one region look-up,
 * no per-lane address arrays.  Returns 1 when it did the access, 0 when it
 * does not apply (the caller goes on). */
static int raw_strided(const bctx *c, unsigned nd, unsigned len, int sext, int store)
{
    si_wave *w = c->w;
    uint64_t a0;
    int64_t step;
    if (!lane_prog(c, nd, &a0, &step))
        return 0;
    uint64_t span = (uint64_t)(step >= 0 ? step : -step) * 63; /* |step| < 2^32 */
    uint64_t lo = step >= 0 ? a0 : a0 - span, end = lo + span + (len < 4 ? len : 4 * nd);
    if ((step < 0 && a0 < span) || end < lo || end - lo > UINT32_MAX)
        return 0;
    uint8_t *base = si_mem_ptr(c->mem, lo, end - lo);
    if (!base)
        return 0;
    uint8_t *p0 = base + (a0 - lo);
    unsigned vd = c->in->vdata - SI_SRC_VGPR0;
    uint64_t exec = si_exec(w);
    if (store)
        code_guard(c, lo, end - lo);
    if (len < 4) { /* bytes and shorts, one per lane, lane by lane */
        uint32_t *restrict v = w->v[vd];
        for (uint64_t mm = exec; mm; mm &= mm - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mm);
            uint8_t *q = p0 + (int64_t)l * step;
            if (store) {
                wr_le(q, v[l] & ((1u << (8 * len)) - 1), len);
            } else {
                uint32_t x = rd_le(q, len);
                if (sext)
                    x = len == 1 ? (uint32_t)(int32_t)(int8_t)x : (uint32_t)(int32_t)(int16_t)x;
                v[l] = x;
            }
        }
        return 1;
    }
    switch (nd) {
    case 1: strided_copy(w, vd, p0, step, exec, 1, store); break;
    case 2: strided_copy(w, vd, p0, step, exec, 2, store); break;
    case 3: strided_copy(w, vd, p0, step, exec, 3, store); break;
    default: strided_copy(w, vd, p0, step, exec, 4, store); break;
    }
    return 1;
}

/* Fast path of do_load/do_store: when every active lane's every dword is in
 * range for the V# and all of them lie in one device-memory region, the
 * region is looked up once and the lanes are copied in lane order.  Returns
 * 1 when it did the access, 0 when the caller must take the general path
 * (which reports errors and handles out-of-range dwords); the results are
 * identical. */
static int raw_fast(const bctx *c, const vop *o, int store, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    uint64_t exec = si_exec(w);
    unsigned nd = o->size <= 4 ? 1 : o->size / 4, len = o->size < 4 ? o->size : 4;
    uint64_t addr[4][SI_WAVE_LANES], lo = UINT64_MAX, hi = 0;
    int prog0 = 0;
    int64_t step0 = 0;
    if ((store ? !rec : !in->tfe) && raw_strided(c, nd, len, o->sext, store))
        return 1;
    if (!raw_addrs(c, exec, nd, addr))
        return 0;
    for (unsigned d = 0; d < nd; d++) {
        uint64_t l1, h1;
        int prog;
        int64_t step;
        addr_range(addr[d], exec, &l1, &h1, &prog, &step);
        lo = l1 < lo ? l1 : lo;
        hi = h1 > hi ? h1 : hi;
        if (d == 0)
            prog0 = prog, step0 = step;
    }
    if (hi - lo > UINT32_MAX)
        return 0;
    uint8_t *base = si_mem_ptr(c->mem, lo, hi - lo + len);
    if (!base)
        return 0;
    unsigned vd = in->vdata - SI_SRC_VGPR0;
    if (store)
        code_guard(c, lo, hi - lo + len);
    if (!store && len == 4 && !in->tfe) {
        /* plain dword loads: lanes are independent, dword-major order */
        for (unsigned d = 0; d < nd; d++) {
            uint32_t *restrict dst = w->v[vd + d];
            const uint64_t *A = addr[d];
            if (exec == ~0ull) {
                if (nd == 1 && prog0 && step0 == 4) {
                    memcpy(dst, base, 4 * SI_WAVE_LANES); /* consecutive dwords */
                    continue;
                }
                for (unsigned l = 0; l < SI_WAVE_LANES; l++)
                    dst[l] = rd_le(base + (A[l] - lo), 4);
                continue;
            }
            for (uint64_t m = exec; m; m &= m - 1) {
                unsigned l = (unsigned)__builtin_ctzll(m);
                dst[l] = rd_le(base + (A[l] - lo), 4);
            }
        }
        return 1;
    }
    if (store && len == 4 && !rec) {
        /* dword stores: lane by lane (a later lane overwrites an earlier one) */
        if (exec == ~0ull) {
            if (nd == 1 && prog0 && step0 == 4) {
                memcpy(base, w->v[vd], 4 * SI_WAVE_LANES); /* consecutive dwords */
                return 1;
            }
            for (unsigned l = 0; l < SI_WAVE_LANES; l++)
                for (unsigned d = 0; d < nd; d++)
                    wr_le(base + (addr[d][l] - lo), w->v[vd + d][l], 4);
            return 1;
        }
        for (uint64_t m = exec; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            for (unsigned d = 0; d < nd; d++)
                wr_le(base + (addr[d][l] - lo), w->v[vd + d][l], 4);
        }
        return 1;
    }
    for (uint64_t m = exec; m; m &= m - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(m);
        for (unsigned d = 0; d < nd; d++) {
            uint8_t *p = base + (addr[d][lane] - lo);
            if (store) {
                uint32_t x = w->v[vd + d][lane];
                if (len < 4)
                    x &= (1u << (8 * len)) - 1;
                wr_le(p, x, len);
                log_store(c, rec, addr[d][lane], x, len, lane);
            } else {
                uint32_t x = rd_le(p, len);
                if (o->sext)
                    x = len == 1 ? (uint32_t)(int32_t)(int8_t)x : (uint32_t)(int32_t)(int16_t)x;
                w->v[vd + d][lane] = x;
            }
        }
        if (!store && in->tfe)
            w->v[vd + nd][lane] = 0;
    }
    return 1;
}

static int do_load(const bctx *c, const vop *o, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    uint64_t exec = si_exec(w);
    unsigned nd = o->size <= 4 ? 1 : o->size / 4;
    unsigned vd = in->vdata - SI_SRC_VGPR0;
    if (check_vgprs(c, in->vdata, nd + (in->tfe ? 1 : 0), "vdata"))
        return -1;
    if (raw_fast(c, o, 0, rec))
        return 0;
    for (unsigned lane = 0; lane < SI_WAVE_LANES; lane++) {
        if (!((exec >> lane) & 1))
            continue;
        uint32_t val[4] = {0, 0, 0, 0};
        if (o->size <= 4) {
            uint64_t a;
            if (!buf_addr(c, lane, 0, &a)) {
                const uint8_t *p = dev_ptr(c, lane, a, o->size);
                if (!p)
                    return fail_addr(c, lane, a, o->size, "load");
                uint32_t x = rd_le(p, o->size);
                if (o->sext)
                    x = o->size == 1 ? (uint32_t)(int32_t)(int8_t)x : (uint32_t)(int32_t)(int16_t)x;
                val[0] = x;
            }
        } else {
            /* multi-dword: each dword is addressed (and range checked) on its own */
            for (unsigned d = 0; d < nd; d++) {
                uint64_t a;
                if (buf_addr(c, lane, 4 * d, &a))
                    continue;
                const uint8_t *p = dev_ptr(c, lane, a, 4);
                if (!p)
                    return fail_addr(c, lane, a, 4, "load");
                val[d] = rd_le(p, 4);
            }
        }
        for (unsigned d = 0; d < nd; d++)
            w->v[vd + d][lane] = val[d];
        if (in->tfe)
            w->v[vd + nd][lane] = 0; /* no fault: the TFE status dword is 0 */
    }
    (void)rec;
    return 0;
}

static int do_store(const bctx *c, const vop *o, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    uint64_t exec = si_exec(w);
    unsigned nd = o->size <= 4 ? 1 : o->size / 4;
    unsigned vd = in->vdata - SI_SRC_VGPR0;
    if (check_vgprs(c, in->vdata, nd, "vdata"))
        return -1;
    if (raw_fast(c, o, 1, rec))
        return 0;
    for (unsigned lane = 0; lane < SI_WAVE_LANES; lane++) {
        if (!((exec >> lane) & 1))
            continue;
        for (unsigned d = 0; d < nd; d++) {
            unsigned len = o->size < 4 ? o->size : 4;
            uint64_t a;
            if (buf_addr(c, lane, 4 * d, &a))
                continue; /* out of range: dropped */
            uint8_t *p = dev_ptr(c, lane, a, len);
            if (!p)
                return fail_addr(c, lane, a, len, "store");
            uint32_t x = w->v[vd + d][lane];
            if (len < 4)
                x &= (1u << (8 * len)) - 1;
            wr_le(p, x, len);
            code_guard(c, a, len);
            log_store(c, rec, a, x, len, lane);
        }
    }
    return 0;
}

/* ---------------------------------------------------- format accesses -- */

static int fmt_lookup(const bctx *c, const vop *o, unsigned *dfmt, unsigned *nfmt)
{
    if (o->tbuf) {
        *dfmt = c->in->dfmt;
        *nfmt = c->in->nfmt;
    } else {
        *dfmt = c->v.dfmt;
        *nfmt = c->v.nfmt;
    }
    unsigned df = *dfmt & 15, nf = *nfmt & 7;
    if (dfmt_tab[df].ncomp == 0)
        return si_emu_fail(c->e, c->w, "%s: data format %u (%s) is not supported%s",
                           si_ops[c->in->op].name, df, dfmt_tab[df].name,
                           o->tbuf ? "" : " (from the V#)");
    /* Check that every component of this format converts with this nfmt. */
    uint32_t dummy;
    si_fpm m = si_fpm_from_mode(c->w->mode);
    if (fmt_load_comp(0, dfmt_tab[df].bits, nf, &m, &dummy))
        return si_emu_fail(c->e, c->w, "%s: number format %s is not supported with data format %s",
                           si_ops[c->in->op].name, nfmt_name[nf], dfmt_tab[df].name);
    return 0;
}

/* Read or write the element bytes of one lane.  Elements wider than a
 * dword are split in dwords addressed at offset+4*i; the element is range
 * checked all-or-nothing.  Returns 1 if out of range, 0 ok, -1 error. */
static int elem_access(const bctx *c, unsigned lane, uint8_t *buf, unsigned bytes, int write,
                       si_retire *rec)
{
    uint64_t a[4];
    unsigned nd = (bytes + 3) / 4;
    for (unsigned d = 0; d < nd; d++)
        if (buf_addr(c, lane, 4 * d, &a[d]))
            return 1;
    for (unsigned d = 0; d < nd; d++) {
        unsigned len = bytes - 4 * d < 4 ? bytes - 4 * d : 4;
        uint8_t *p = dev_ptr(c, lane, a[d], len);
        if (!p)
            return fail_addr(c, lane, a[d], len, write ? "store" : "load");
        if (write) {
            memcpy(p, buf + 4 * d, len);
            code_guard(c, a[d], len);
            log_store(c, rec, a[d], rd_le(buf + 4 * d, len), len, lane);
        } else {
            memcpy(buf + 4 * d, p, len);
        }
    }
    return 0;
}

static uint32_t get_bits(const uint8_t *buf, unsigned bitpos, unsigned bits)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < 8 && bitpos / 8 + i < 16; i++)
        x |= (uint64_t)buf[bitpos / 8 + i] << (8 * i);
    x >>= bitpos % 8;
    return bits == 32 ? (uint32_t)x : (uint32_t)(x & ((1ull << bits) - 1));
}

static void put_bits(uint8_t *buf, unsigned bitpos, unsigned bits, uint32_t v)
{
    for (unsigned b = 0; b < bits; b += 8)
        buf[(bitpos + b) / 8] = (uint8_t)(v >> b);
}

static int do_load_fmt(const bctx *c, const vop *o, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    unsigned dfmt, nfmt;
    if (fmt_lookup(c, o, &dfmt, &nfmt))
        return -1;
    unsigned fc = dfmt_tab[dfmt].ncomp, bits = dfmt_tab[dfmt].bits, bytes = fc * bits / 8;
    unsigned vd = in->vdata - SI_SRC_VGPR0;
    if (check_vgprs(c, in->vdata, o->ncomp + (in->tfe ? 1 : 0), "vdata"))
        return -1;
    si_fpm m = si_fpm_from_mode(w->mode);
    uint32_t one = fmt_is_float_reg(nfmt) ? 0x3f800000u : 1u;
    uint64_t exec = si_exec(w);
    for (unsigned lane = 0; lane < SI_WAVE_LANES; lane++) {
        if (!((exec >> lane) & 1))
            continue;
        uint8_t buf[16] = {0};
        int r = elem_access(c, lane, buf, bytes, 0, rec);
        if (r < 0)
            return -1;
        /* components present in memory; missing ones default to (0, 0, 0, 1) */
        uint32_t comp[4] = {0, 0, 0, one};
        for (unsigned i = 0; i < fc; i++) {
            if (r == 1)
                comp[i] = 0; /* out of range reads 0 */
            else
                fmt_load_comp(get_bits(buf, i * bits, bits), bits, nfmt, &m, &comp[i]);
        }
        if (r == 1)
            comp[3] = 0;
        for (unsigned i = 0; i < o->ncomp; i++) {
            uint32_t x;
            if (o->tbuf) {
                x = comp[i];
            } else {
                unsigned sel = c->v.dst_sel[i];
                x = sel >= 4 ? comp[sel - 4] : sel == 1 ? one : 0;
            }
            w->v[vd + i][lane] = x;
        }
        if (in->tfe)
            w->v[vd + o->ncomp][lane] = 0;
    }
    return 0;
}

static int do_store_fmt(const bctx *c, const vop *o, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    unsigned dfmt, nfmt;
    if (fmt_lookup(c, o, &dfmt, &nfmt))
        return -1;
    unsigned fc = dfmt_tab[dfmt].ncomp, bits = dfmt_tab[dfmt].bits, bytes = fc * bits / 8;
    unsigned vd = in->vdata - SI_SRC_VGPR0;
    si_fpm m = si_fpm_from_mode(w->mode);
    uint32_t probe;
    if (fmt_store_comp(0, bits, nfmt, &m, &probe))
        return si_emu_fail(c->e, c->w, "%s: number format %s cannot be stored with data format %s",
                           si_ops[in->op].name, nfmt_name[nfmt], dfmt_tab[dfmt].name);
    if (check_vgprs(c, in->vdata, o->ncomp, "vdata"))
        return -1;
    /* The instruction supplies ncomp components; the element has fc.  Only
     * min(ncomp, fc) components are defined: a store that supplies fewer
     * components than the format has writes 0 for the others. */
    uint64_t exec = si_exec(w);
    for (unsigned lane = 0; lane < SI_WAVE_LANES; lane++) {
        if (!((exec >> lane) & 1))
            continue;
        uint8_t buf[16] = {0};
        for (unsigned i = 0; i < fc; i++) {
            uint32_t mc = 0;
            if (i < o->ncomp)
                fmt_store_comp(w->v[vd + i][lane], bits, nfmt, &m, &mc);
            put_bits(buf, i * bits, bits, mc);
        }
        if (elem_access(c, lane, buf, bytes, 1, rec) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ atomics -- */

/* The lanes of atomic_fast, in lane order (aop and is64 constants where
 * SI_AOP_DISPATCH makes them so). */
static inline __attribute__((always_inline)) void atomic_lanes(const bctx *c, uint8_t *base, uint64_t lo,
                                                               const uint64_t *A, uint64_t exec, const si_fpm *m,
                                                               si_retire *rec, unsigned aop, int is64)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    unsigned vd = in->vdata - SI_SRC_VGPR0, dw = is64 ? 2 : 1;
    int has_cmp = (aop == SI_AOP_CMPSWAP || aop == SI_AOP_FCMPSWAP);
    for (uint64_t mm = exec; mm; mm &= mm - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(mm);
        uint64_t src = w->v[vd][lane], cmp = 0;
        if (is64)
            src |= (uint64_t)w->v[vd + 1][lane] << 32;
        if (has_cmp) {
            cmp = w->v[vd + dw][lane];
            if (is64)
                cmp |= (uint64_t)w->v[vd + dw + 1][lane] << 32;
        }
        uint64_t a = A[lane];
        uint8_t *p = base + (a - lo);
        uint64_t old = rd_le(p, 4);
        if (is64)
            old |= (uint64_t)rd_le(p + 4, 4) << 32;
        uint64_t nv = si_aop_apply(aop, is64, old, src, cmp, m);
        wr_le(p, (uint32_t)nv, 4);
        log_store(c, rec, a, (uint32_t)nv, 4, lane);
        if (is64) {
            wr_le(p + 4, (uint32_t)(nv >> 32), 4);
            log_store(c, rec, a + 4, (uint32_t)(nv >> 32), 4, lane);
        }
        if (in->glc) {
            w->v[vd][lane] = (uint32_t)old;
            if (is64)
                w->v[vd + 1][lane] = (uint32_t)(old >> 32);
        }
    }
}

/* Fast path of do_atomic: when every active lane is in range for the V#
 * and all lie in one device-memory region, the lanes' addresses are
 * computed together and the region looked up once; the lanes then run
 * in lane order exactly as in do_atomic.  Returns 1 when done, 0 when the
 * general loop must run (it reports errors and out-of-range lanes). */
static int atomic_fast(const bctx *c, const vop *o, uint64_t exec, const si_fpm *m, si_retire *rec)
{
    const si_inst *in = c->in;
    unsigned size = o->is64 ? 8 : 4;
    uint64_t A[SI_WAVE_LANES], A2[SI_WAVE_LANES], lo, hi;
    uint8_t oob[SI_WAVE_LANES], oob2[SI_WAVE_LANES];
    int prog;
    int64_t step;
    if (!lane_addrs(c, 0, A, oob))
        return 0;
    int second = o->is64 && !in->addr64; /* the second dword is range checked too */
    if (second && !lane_addrs(c, 1, A2, oob2))
        return 0;
    unsigned bad = 0;
    for (uint64_t mm = exec; mm; mm &= mm - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mm);
        bad |= oob[l] | (second ? oob2[l] : 0);
    }
    if (bad)
        return 0;
    addr_range(A, exec, &lo, &hi, &prog, &step);
    uint64_t end = hi + size;
    if (end < hi || end - lo > UINT32_MAX)
        return 0;
    uint8_t *base = si_mem_ptr(c->mem, lo, end - lo);
    if (!base)
        return 0;
    code_guard(c, lo, end - lo);
#define ATOMIC_LANES(op, wide) atomic_lanes(c, base, lo, A, exec, m, rec, op, wide)
    SI_AOP_DISPATCH(o->aop, o->is64, ATOMIC_LANES);
#undef ATOMIC_LANES
    return 1;
}

static int do_atomic(const bctx *c, const vop *o, si_retire *rec)
{
    si_wave *w = c->w;
    const si_inst *in = c->in;
    unsigned vd = in->vdata - SI_SRC_VGPR0;
    unsigned dw = o->is64 ? 2 : 1;
    int has_cmp = (o->aop == SI_AOP_CMPSWAP || o->aop == SI_AOP_FCMPSWAP);
    if (check_vgprs(c, in->vdata, has_cmp ? 2 * dw : dw, "vdata"))
        return -1;
    unsigned size = 4 * dw;
    si_fpm m = si_fpm_from_mode(w->mode);
    uint64_t exec = si_exec(w);
    if (atomic_fast(c, o, exec, &m, rec))
        return 0;
    for (unsigned lane = 0; lane < SI_WAVE_LANES; lane++) {
        if (!((exec >> lane) & 1))
            continue;
        uint64_t src = w->v[vd][lane], cmp = 0;
        if (o->is64)
            src |= (uint64_t)w->v[vd + 1][lane] << 32;
        if (has_cmp) {
            cmp = w->v[vd + dw][lane];
            if (o->is64)
                cmp |= (uint64_t)w->v[vd + dw + 1][lane] << 32;
        }
        uint64_t a, old = 0;
        /* an atomic is range checked all-or-nothing */
        int oob = buf_addr(c, lane, 0, &a);
        if (!oob && o->is64 && !in->addr64) {
            uint64_t a2;
            oob = buf_addr(c, lane, 4, &a2);
        }
        if (!oob) {
            uint8_t *p = dev_ptr(c, lane, a, size);
            if (!p)
                return fail_addr(c, lane, a, size, "atomic");
            old = rd_le(p, 4);
            if (o->is64)
                old |= (uint64_t)rd_le(p + 4, 4) << 32;
            uint64_t nv = si_aop_apply(o->aop, o->is64, old, src, cmp, &m);
            code_guard(c, a, size);
            wr_le(p, (uint32_t)nv, 4);
            log_store(c, rec, a, (uint32_t)nv, 4, lane);
            if (o->is64) {
                wr_le(p + 4, (uint32_t)(nv >> 32), 4);
                log_store(c, rec, a + 4, (uint32_t)(nv >> 32), 4, lane);
            }
        }
        if (in->glc) {
            /* glc: the pre-op value (0 when out of range) replaces vdata[0..dw) */
            w->v[vd][lane] = (uint32_t)old;
            if (o->is64)
                w->v[vd + 1][lane] = (uint32_t)(old >> 32);
        }
    }
    return 0;
}

/* ---------------------------------------------------------- entry ------ */

int si_exec_vmem(si_emu *e, si_wave *w, const si_inst *in, si_retire *rec)
{
    vop o;
    if (in->op >= SI_OP_COUNT || vop_classify(in->op, &o))
        return si_emu_fail(e, w, "vector memory: %s is not a MUBUF/MTBUF instruction this model executes",
                           in->op < SI_OP_COUNT ? si_ops[in->op].name : "(invalid op)");
    if (o.kind == VK_NOP)
        return 0; /* cache write-back/invalidate: no architectural effect here */
    if (in->lds)
        return si_emu_fail(e, w, "%s: the lds bit (buffer load into LDS) is not supported",
                           si_ops[in->op].name);
    if (in->addr64 && (in->idxen || in->offen))
        return si_emu_fail(e, w, "%s: addr64 cannot be combined with idxen/offen",
                           si_ops[in->op].name);

    if (si_exec(w) == 0)
        return 0; /* no lane active: no memory access, no register write */

    bctx c;
    memset(&c, 0, sizeof(c));
    c.e = e;
    c.w = w;
    c.in = in;
    c.mem = si_emu_mem(e);
    uint32_t d[4];
    for (int i = 0; i < 4; i++)
        d[i] = si_rd_s32(w, in, in->srsrc + i);
    vsharp_decode(d, &c.v);
    c.soff = si_rd_s32(w, in, in->soffset);
    const si_dispatch *dp = si_emu_dispatch(e);
    if (dp) {
        c.code_lo = dp->code_addr;
        c.code_hi = dp->code_addr + dp->code_size;
    }
    if (dp && dp->scratch_per_wave) {
        c.scr_lo = dp->scratch_addr;
        c.scr_hi = dp->scratch_addr + dp->scratch_per_wave * (dp->scratch_slots ? dp->scratch_slots : 1);
    }

    unsigned nva = in->addr64 ? 2 : (in->idxen && in->offen) ? 2 : (in->idxen || in->offen) ? 1 : 0;
    if (nva && check_vgprs(&c, in->vaddr, nva, "vaddr"))
        return -1;

    switch (o.kind) {
    case VK_LOAD: return do_load(&c, &o, rec);
    case VK_STORE: return do_store(&c, &o, rec);
    case VK_LOAD_FMT: return do_load_fmt(&c, &o, rec);
    case VK_STORE_FMT: return do_store_fmt(&c, &o, rec);
    case VK_ATOMIC: return do_atomic(&c, &o, rec);
    default: return 0;
    }
}
