/* Unit tests for the LDS unit (sw/ds.c): widths, sign extension,
 * read2/write2 (incl. st64 and b64), the M0 bound, atomics with and without
 * return, swizzle, append/consume, src2, EXEC masking, GDS rejection.
 * Semantics: docs/memory.md. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <cmocka.h>
#include "sicu/emu.h"
#include "../../sw/valu_direct.h"

#define NV 16
#define LDS_BYTES 4096
typedef struct fx {
    si_mem mem;
    si_kernel k;
    si_dispatch d;
    si_emu *e;
    si_wave w;
    uint32_t v[NV][SI_WAVE_LANES];
    si_wg wg;
    uint8_t lds[LDS_BYTES];
    si_retire rec;
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof(*f));
    si_mem_init(&f->mem);
    strcpy(f->k.name, "test");
    f->k.group_segment_fixed_size = LDS_BYTES;
    f->d.kernel = &f->k;
    f->d.dims = 1;
    f->d.grid[0] = 64;
    f->d.grid[1] = f->d.grid[2] = 1;
    f->d.wg[0] = 64;
    f->d.wg[1] = f->d.wg[2] = 1;
    f->d.ngroups[0] = f->d.ngroups[1] = f->d.ngroups[2] = 1;
    f->d.lds_size = LDS_BYTES;
    si_emu_opts o;
    memset(&o, 0, sizeof(o));
    f->e = si_emu_create(&f->mem, &f->d, &o);
    assert_non_null(f->e);
    f->wg.lds = f->lds;
    f->wg.lds_size = LDS_BYTES;
    f->w.v = f->v;
    f->w.nvgpr = NV;
    f->w.nsgpr = 104;
    f->w.nlanes = 64;
    f->w.wg = &f->wg;
    f->w.s[SI_SRC_M0] = 0xffffffffu;
    si_set_exec(&f->w, ~0ull);
    si_retire_reset(&f->rec);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    si_retire_free(&f->rec);
    si_emu_destroy(f->e);
    si_mem_free(&f->mem);
    free(f);
    return 0;
}

static uint32_t l32(fx *f, unsigned a) { uint32_t x; memcpy(&x, f->lds + a, 4); return x; }
static void s32(fx *f, unsigned a, uint32_t x) { memcpy(f->lds + a, &x, 4); }

static si_inst mk(unsigned op, unsigned vdst, unsigned addr, unsigned d0, unsigned d1, unsigned offset)
{
    si_inst in;
    memset(&in, 0, sizeof(in));
    in.op = (uint16_t)op;
    in.fmt = SI_FMT_DS;
    in.size = 8;
    in.dst = (uint16_t)(SI_SRC_VGPR0 + vdst);
    in.vaddr = (uint16_t)(SI_SRC_VGPR0 + addr);
    in.vdata = (uint16_t)(SI_SRC_VGPR0 + d0);
    in.data1 = (uint16_t)(SI_SRC_VGPR0 + d1);
    in.offset = (uint16_t)offset;
    return in;
}

static si_inst mk2(unsigned op, unsigned vdst, unsigned addr, unsigned d0, unsigned d1, unsigned o0, unsigned o1)
{
    si_inst in = mk(op, vdst, addr, d0, d1, o0);
    in.offset1 = (uint8_t)o1;
    return in;
}

static void test_read_write_widths(void **state)
{
    fx *f = *state;
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 8 * l;
        f->v[1][l] = 0x8899aa00u + l * 0x11;
        f->v[2][l] = 0xf0e0d0c0u;
    }
    si_inst in = mk(SI_OP_ds_write_b64, 0, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(l32(f, 8), 0x8899aa11u);
    assert_int_equal(l32(f, 12), 0xf0e0d0c0u);
    assert_int_equal(f->rec.nst, 128);
    assert_int_equal(f->rec.st[2].addr, 8);
    assert_int_equal(f->rec.st[2].space, SI_SPACE_LDS);
    assert_int_equal(f->rec.st[3].val, 0xf0e0d0c0u);

    in = mk(SI_OP_ds_read_u8, 3, 0, 0, 0, 1);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][1], 0xaa);
    in.op = SI_OP_ds_read_i8;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][1], 0xffffffaau);
    in.op = SI_OP_ds_read_u16;
    in.offset = 2;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][1], 0x8899);
    in.op = SI_OP_ds_read_i16;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][1], 0xffff8899u);
    in.op = SI_OP_ds_read_b32;
    in.offset = 4;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][2], 0xf0e0d0c0u);
    /* low address bits are ignored (forced alignment) */
    in.offset = 6;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][2], 0xf0e0d0c0u);
    in = mk(SI_OP_ds_read_b64, 4, 0, 0, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[4][3], 0x8899aa33u);
    assert_int_equal(f->v[5][3], 0xf0e0d0c0u);

    /* b8 / b16 writes only touch their bytes */
    in = mk(SI_OP_ds_write_b8, 0, 0, 1, 0, 1000);
    si_set_exec(&f->w, 1);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    in = mk(SI_OP_ds_write_b16, 0, 0, 2, 0, 1002);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 1000), 0xd0c00000u);
    /* the 16-bit offset is used in full */
    in = mk(SI_OP_ds_write_b32, 0, 0, 1, 0, 0xf00);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0xf00), 0x8899aa00u);
}

static void test_read2_write2(void **state)
{
    fx *f = *state;
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 4 * l;
        f->v[1][l] = 100 + l;
        f->v[2][l] = 200 + l;
        f->v[3][l] = 300 + l;
        f->v[4][l] = 400 + l;
    }
    si_set_exec(&f->w, 0x3);
    si_inst in = mk2(SI_OP_ds_write2_b32, 0, 0, 1, 2, 1, 200);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 4), 100);      /* lane 0, offset0 1 dword */
    assert_int_equal(l32(f, 800), 200);    /* lane 0, offset1 200 dwords */
    assert_int_equal(l32(f, 8), 101);
    assert_int_equal(l32(f, 804), 201);
    in = mk2(SI_OP_ds_read2_b32, 5, 0, 0, 0, 200, 1);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[5][1], 201);
    assert_int_equal(f->v[6][1], 101);
    /* st64: offsets in units of 64 elements */
    in = mk2(SI_OP_ds_write2st64_b32, 0, 0, 1, 2, 1, 3);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 256 + 4), 101);
    assert_int_equal(l32(f, 768 + 4), 201);
    in = mk2(SI_OP_ds_read2st64_b32, 5, 0, 0, 0, 3, 1);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[5][0], 200);
    assert_int_equal(f->v[6][0], 100);
    /* b64: 8-byte units; data0 = v[1:2], data1 = v[3:4] */
    for (unsigned l = 0; l < 64; l++)
        f->v[0][l] = 16 * l;
    in = mk2(SI_OP_ds_write2_b64, 0, 0, 1, 3, 0, 1);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 16), 101);
    assert_int_equal(l32(f, 20), 201);
    assert_int_equal(l32(f, 24), 301);
    assert_int_equal(l32(f, 28), 401);
    in = mk2(SI_OP_ds_read2_b64, 8, 0, 0, 0, 1, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[8][1], 301);
    assert_int_equal(f->v[9][1], 401);
    assert_int_equal(f->v[10][1], 101);
    assert_int_equal(f->v[11][1], 201);
    in = mk2(SI_OP_ds_write2st64_b64, 0, 0, 1, 3, 1, 2);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 512 + 16), 101);
    assert_int_equal(l32(f, 1024 + 16 + 4), 401);
    in = mk2(SI_OP_ds_read2st64_b64, 8, 0, 0, 0, 2, 1);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[8][1], 301);
    assert_int_equal(f->v[11][1], 201);
    /* wrxchg2 returns both old values */
    f->v[1][0] = 7;
    f->v[3][0] = 9;
    in = mk2(SI_OP_ds_wrxchg2_rtn_b32, 12, 0, 1, 3, 0, 1);
    si_set_exec(&f->w, 1);
    s32(f, 0, 0x11);
    s32(f, 4, 0x22);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[12][0], 0x11);
    assert_int_equal(f->v[13][0], 0x22);
    assert_int_equal(l32(f, 0), 7);
    assert_int_equal(l32(f, 4), 9);
}

static void test_m0_bound(void **state)
{
    fx *f = *state;
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 4 * l;
        f->v[1][l] = 0x5500 + l;
        f->v[2][l] = 0x1234;
    }
    s32(f, 16, 0xabcd);
    f->w.s[SI_SRC_M0] = 16;
    si_inst in = mk(SI_OP_ds_write_b32, 0, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(l32(f, 12), 0x5503);
    assert_int_equal(l32(f, 16), 0xabcd); /* addr 16 >= M0: dropped */
    assert_int_equal(f->rec.nst, 4);
    in = mk(SI_OP_ds_read_b32, 2, 0, 0, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][3], 0x5503);
    assert_int_equal(f->v[2][4], 0); /* out of range reads 0 */
    /* the LDS allocation bounds too (M0 larger) */
    f->w.s[SI_SRC_M0] = 0xffffffffu;
    for (unsigned l = 0; l < 64; l++)
        f->v[0][l] = LDS_BYTES - 8 + 4 * l;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][2], 0);
    in = mk(SI_OP_ds_write_b32, 0, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0); /* no crash, no error */
    assert_int_equal(l32(f, LDS_BYTES - 4), 0x5501);
    /* atomic out of range: no write, returns 0 */
    in = mk(SI_OP_ds_add_rtn_u32, 3, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][5], 0);
}

static void test_atomics(void **state)
{
    fx *f = *state;
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 0;
        f->v[1][l] = l + 1;
        f->v[3][l] = 0x77;
    }
    s32(f, 0, 10);
    si_set_exec(&f->w, 0xf0); /* lanes 4..7 */
    si_inst in = mk(SI_OP_ds_add_rtn_u32, 3, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(l32(f, 0), 10 + 5 + 6 + 7 + 8);
    assert_int_equal(f->v[3][4], 10);
    assert_int_equal(f->v[3][5], 15);
    assert_int_equal(f->v[3][7], 10 + 5 + 6 + 7);
    assert_int_equal(f->v[3][0], 0x77);
    assert_int_equal(f->rec.nst, 4);
    in = mk(SI_OP_ds_add_u32, 3, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0), 62);

    si_set_exec(&f->w, 1);
    struct { unsigned op; uint32_t mem, d0, d1, want; } t[] = {
        {SI_OP_ds_sub_rtn_u32, 10, 3, 0, 7},
        {SI_OP_ds_rsub_rtn_u32, 10, 3, 0, 0xfffffff9u},
        {SI_OP_ds_inc_rtn_u32, 4, 4, 0, 0},
        {SI_OP_ds_inc_rtn_u32, 3, 4, 0, 4},
        {SI_OP_ds_dec_rtn_u32, 0, 4, 0, 4},
        {SI_OP_ds_dec_rtn_u32, 3, 4, 0, 2},
        {SI_OP_ds_min_rtn_i32, 0xffffffffu, 1, 0, 0xffffffffu},
        {SI_OP_ds_max_rtn_i32, 0xffffffffu, 1, 0, 1},
        {SI_OP_ds_min_rtn_u32, 0xffffffffu, 1, 0, 1},
        {SI_OP_ds_max_rtn_u32, 0xffffffffu, 1, 0, 0xffffffffu},
        {SI_OP_ds_and_rtn_b32, 0xff, 0x3c, 0, 0x3c},
        {SI_OP_ds_or_rtn_b32, 0xf0, 0x0f, 0, 0xff},
        {SI_OP_ds_xor_rtn_b32, 0xff, 0x0f, 0, 0xf0},
        {SI_OP_ds_mskor_rtn_b32, 0xff, 0x0f, 0x100, 0x1f0},
        {SI_OP_ds_wrxchg_rtn_b32, 5, 6, 0, 6},
        {SI_OP_ds_cmpst_rtn_b32, 5, 5, 9, 9},   /* data0 = compare, data1 = new */
        {SI_OP_ds_cmpst_rtn_b32, 5, 4, 9, 5},
        {SI_OP_ds_cmpst_rtn_f32, 0x80000000u, 0, 0x3f800000u, 0x3f800000u},
        {SI_OP_ds_min_rtn_f32, 0x40000000u, 0x3f800000u, 0, 0x3f800000u},
        {SI_OP_ds_max_rtn_f32, 0x40000000u, 0x3f800000u, 0, 0x40000000u},
        {SI_OP_ds_max_f32, 0xc0000000u, 0x3f800000u, 0, 0x3f800000u},
        {SI_OP_ds_cmpst_b32, 5, 5, 8, 8},
        {SI_OP_ds_mskor_b32, 0xff, 0xf0, 1, 0x0f},
    };
    for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        s32(f, 64, t[i].mem);
        f->v[1][0] = t[i].d0;
        f->v[2][0] = t[i].d1;
        f->v[3][0] = 0xdeadbeefu;
        in = mk(t[i].op, 3, 0, 1, 2, 64);
        assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
        assert_int_equal(l32(f, 64), t[i].want);
        int rtn = strstr(si_ops[t[i].op].name, "_rtn_") != NULL;
        assert_int_equal(f->v[3][0], rtn ? t[i].mem : 0xdeadbeefu);
    }
    /* 64-bit */
    s32(f, 128, 0xffffffffu);
    s32(f, 132, 0);
    f->v[4][0] = 2;
    f->v[5][0] = 0;
    in = mk(SI_OP_ds_add_rtn_u64, 6, 0, 4, 0, 128);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 128), 1);
    assert_int_equal(l32(f, 132), 1);
    assert_int_equal(f->v[6][0], 0xffffffffu);
    assert_int_equal(f->v[7][0], 0);
    /* cmpst_b64: data0 = compare v[4:5], data1 = new v[8:9] */
    f->v[4][0] = 1; f->v[5][0] = 1; f->v[8][0] = 0x42; f->v[9][0] = 0x43;
    in = mk(SI_OP_ds_cmpst_rtn_b64, 6, 0, 4, 8, 128);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 128), 0x42);
    assert_int_equal(l32(f, 132), 0x43);
    assert_int_equal(f->v[6][0], 1);
    f->v[4][0] = 0x40; f->v[5][0] = 0x80000000u;
    in = mk(SI_OP_ds_min_i64, 6, 0, 4, 0, 128);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 132), 0x80000000u);
    in = mk(SI_OP_ds_wrxchg_rtn_b64, 6, 0, 8, 0, 128);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[6][0], 0x40);
    assert_int_equal(f->v[7][0], 0x80000000u);
    assert_int_equal(l32(f, 128), 0x42);
}

static void test_swizzle_append_src2(void **state)
{
    fx *f = *state;
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 1000 + l;
        f->v[1][l] = 0xee;
    }
    si_set_exec(&f->w, ~0ull & ~(1ull << 2));
    /* quad perm (3,2,1,0) = 0b00011011 with bit 15 set */
    si_inst in = mk(SI_OP_ds_swizzle_b32, 1, 0, 0, 0, 0x8000 | 0x1b);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 1003);
    assert_int_equal(f->v[1][1], 0);   /* source lane 2 is inactive */
    assert_int_equal(f->v[1][2], 0xee); /* inactive lane untouched */
    assert_int_equal(f->v[1][3], 1000);
    assert_int_equal(f->v[1][6], 1005);
    /* bitmask mode: and 0x1f, or 0, xor 1 -> swap neighbours within 32 */
    in.offset = 0x1f | (1 << 10);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 1001);
    assert_int_equal(f->v[1][33], 1032);
    /* broadcast lane 5 of each half: and 0, or 5 */
    in.offset = 5 << 5;
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][20], 1005);
    assert_int_equal(f->v[1][40], 1037);

    /* append: counter at M0 + offset, += active lanes, all get the old value */
    f->w.s[SI_SRC_M0] = 0x100;
    s32(f, 0x108, 7);
    si_set_exec(&f->w, 0xff00);
    in = mk(SI_OP_ds_append, 2, 0, 0, 0, 8);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0x108), 15);
    assert_int_equal(f->v[2][8], 7);
    assert_int_equal(f->v[2][15], 7);
    in.op = SI_OP_ds_consume;
    si_set_exec(&f->w, 0x3);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0x108), 13);
    assert_int_equal(f->v[2][0], 15);

    /* src2: B = A + 4 * offset (dwords) */
    f->w.s[SI_SRC_M0] = 0xffffffffu;
    si_set_exec(&f->w, 1);
    f->v[0][0] = 0x200;
    s32(f, 0x200, 5);
    s32(f, 0x210, 37);
    in = mk(SI_OP_ds_add_src2_u32, 0, 0, 0, 0, 4);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0x200), 42);
    in = mk(SI_OP_ds_write_src2_b32, 0, 0, 0, 0, 0x7ffc); /* -4 dwords */
    s32(f, 0x1f0, 99);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0x200), 99);
}

static void test_gds_and_inactive(void **state)
{
    fx *f = *state;
    si_inst in = mk(SI_OP_ds_write_b32, 0, 0, 1, 0, 0);
    in.gds = 1;
    assert_true(si_exec_ds(f->e, &f->w, &in, NULL) < 0);
    assert_non_null(strstr(si_emu_error(f->e), "GDS not supported"));
    in = mk(SI_OP_ds_gws_init, 0, 0, 0, 0, 0);
    assert_true(si_exec_ds(f->e, &f->w, &in, NULL) < 0);
    /* EXEC = 0: nothing written */
    si_set_exec(&f->w, 0);
    for (unsigned l = 0; l < 64; l++)
        f->v[1][l] = 0x99;
    in = mk(SI_OP_ds_write_b32, 0, 0, 1, 0, 0);
    assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(l32(f, 0), 0);
    /* register range errors */
    si_set_exec(&f->w, 1);
    in = mk(SI_OP_ds_read_b64, NV - 1, 0, 0, 0, 0);
    assert_true(si_exec_ds(f->e, &f->w, &in, NULL) < 0);
}

static uint64_t RND(void)
{
    static uint64_t r = 0x9e3779b97f4a7c15ull;
    r ^= r << 13;
    r ^= r >> 7;
    r ^= r << 17;
    return r;
}

/* ds_read/write_b32 and read2/write2(st64)_b32: the AVX2 path (gathers,
 * vectorised range check) against the scalar loops on random addresses
 * (in range, unaligned, past the M0 bound or the LDS), offsets, EXEC masks,
 * lanes writing the same address, destination = address register. */
static void test_fast32_vs_loops(void **state)
{
    fx *f = *state;
    static uint32_t v0[NV][SI_WAVE_LANES];
    static uint8_t lds0[LDS_BYTES];
    static const unsigned ops[] = {SI_OP_ds_read_b32, SI_OP_ds_write_b32, SI_OP_ds_read2_b32, SI_OP_ds_write2_b32,
                                   SI_OP_ds_read2st64_b32, SI_OP_ds_write2st64_b32};
    for (unsigned round = 0; round < 20000; round++) {
        unsigned op = ops[round % 6];
        for (unsigned i = 0; i < LDS_BYTES; i++)
            lds0[i] = (uint8_t)RND();
        unsigned span = RND() % 4 == 0 ? LDS_BYTES + 64 : RND() % 2 ? 512 : LDS_BYTES - 8;
        for (unsigned v = 0; v < NV; v++)
            for (unsigned l = 0; l < SI_WAVE_LANES; l++)
                v0[v][l] = v == 1 ? (uint32_t)(RND() % span) & (RND() % 8 ? ~3u : ~0u) : (uint32_t)RND();
        if (RND() % 16 == 0)
            v0[1][RND() % 64] = 0xfffffff0u + (uint32_t)(RND() % 16);
        uint32_t m0 = RND() % 4 == 0 ? (uint32_t)(RND() % LDS_BYTES) : 0xffffffffu;
        uint64_t ex = RND() % 3 == 0 ? ~0ull : RND() & RND();
        unsigned dst = RND() % 3 == 0 ? 1 : 2 + (unsigned)(RND() % 10);
        unsigned off = RND() % 2 ? (unsigned)(RND() % 256) : (unsigned)(RND() & 0xffff);
        si_inst in = mk(op, dst, 1, 4, 5, op == SI_OP_ds_read_b32 || op == SI_OP_ds_write_b32 ? off : off & 0xff);
        in.offset1 = (uint8_t)RND();
        uint32_t after_v[2][NV][SI_WAVE_LANES];
        uint8_t after_l[2][LDS_BYTES];
        for (int k = 0; k < 2; k++) {
            si_valu_avx2 = k ? -1 : 0;
            memcpy(f->v, v0, sizeof v0);
            memcpy(f->lds, lds0, sizeof lds0);
            f->w.s[SI_SRC_M0] = m0;
            si_set_exec(&f->w, ex);
            assert_int_equal(si_exec_ds(f->e, &f->w, &in, NULL), 0);
            memcpy(after_v[k], f->v, sizeof v0);
            memcpy(after_l[k], f->lds, sizeof lds0);
        }
        if (memcmp(after_v[0], after_v[1], sizeof after_v[0]) || memcmp(after_l[0], after_l[1], sizeof after_l[0]))
            fail_msg("%s dst v%u offset %u/%u m0 %08x exec %016llx: AVX2 and scalar paths differ", si_ops[op].name,
                     dst, in.offset, in.offset1, m0, (unsigned long long)ex);
    }
    si_valu_avx2 = -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_read_write_widths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read2_write2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_m0_bound, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atomics, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swizzle_append_src2, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gds_and_inactive, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fast32_vs_loops, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
