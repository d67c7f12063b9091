/* Unit tests for the MUBUF/MTBUF unit (sw/vmem.c): addressing modes,
 * widths, sign extension, swizzled scratch, range checking, formats,
 * atomics, EXEC masking and error reporting.  Semantics: docs/memory.md. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <cmocka.h>
#include "sicu/emu.h"
#include "../../sw/valu_direct.h"

/* ------------------------------------------------------------ fixture -- */

#define NV 32
typedef struct fx {
    si_mem mem;
    si_kernel k;
    si_dispatch d;
    si_emu *e;
    si_wave w;
    uint32_t v[NV][SI_WAVE_LANES];
    si_wg wg;
    uint64_t buf;      /* a 4 KiB global buffer */
    uint64_t scratch;  /* the dispatch scratch area */
    si_retire rec;
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof(*f));
    si_mem_init(&f->mem);
    f->buf = si_mem_alloc(&f->mem, 4096, 256, "buf");
    f->scratch = si_mem_alloc(&f->mem, 64 * 1024, 256, "scratch");
    strcpy(f->k.name, "test");
    f->d.kernel = &f->k;
    f->d.dims = 1;
    f->d.grid[0] = f->d.grid[1] = f->d.grid[2] = 1;
    f->d.wg[0] = f->d.wg[1] = f->d.wg[2] = 1;
    f->d.ngroups[0] = f->d.ngroups[1] = f->d.ngroups[2] = 1;
    f->d.scratch_addr = f->scratch;
    f->d.scratch_per_wave = 64 * 1024;
    f->d.scratch_slots = 1;
    f->d.grid[0] = 64;
    f->d.wg[0] = 64;
    si_emu_opts o;
    memset(&o, 0, sizeof(o));
    f->e = si_emu_create(&f->mem, &f->d, &o);
    assert_non_null(f->e);
    f->w.v = f->v;
    f->w.nvgpr = NV;
    f->w.nsgpr = 104;
    f->w.nlanes = 64;
    f->w.wg = &f->wg;
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

static uint8_t *hp(fx *f, uint64_t a) { return si_mem_ptr(&f->mem, a, 1); }
static uint32_t rd32(fx *f, uint64_t a) { uint32_t x; memcpy(&x, si_mem_ptr(&f->mem, a, 4), 4); return x; }
static void wr32(fx *f, uint64_t a, uint32_t x) { memcpy(si_mem_ptr(&f->mem, a, 4), &x, 4); }

#define SEL_XYZW (4u | 5u << 3 | 6u << 6 | 7u << 9)
static uint32_t w3(unsigned nfmt, unsigned dfmt, unsigned elem, unsigned istride, unsigned tid)
{
    return SEL_XYZW | nfmt << 12 | dfmt << 15 | elem << 19 | istride << 21 | tid << 23;
}

/* V# in s[sg..sg+3] */
static void vsharp(fx *f, unsigned sg, uint64_t base, uint32_t stride, int swz, uint32_t nrec, uint32_t word3)
{
    f->w.s[sg] = (uint32_t)base;
    f->w.s[sg + 1] = (uint32_t)((base >> 32) & 0xffff) | (stride << 16) | ((uint32_t)swz << 31);
    f->w.s[sg + 2] = nrec;
    f->w.s[sg + 3] = word3;
}

static si_inst mk(unsigned op, unsigned vdata, unsigned vaddr, unsigned srsrc, unsigned soff, unsigned offset)
{
    si_inst in;
    memset(&in, 0, sizeof(in));
    in.op = (uint16_t)op;
    in.fmt = si_ops[op].fmt;
    in.size = 8;
    in.vdata = (uint16_t)(SI_SRC_VGPR0 + vdata);
    in.dst = (uint16_t)(SI_SRC_VGPR0 + vdata);
    in.vaddr = (uint16_t)(SI_SRC_VGPR0 + vaddr);
    in.srsrc = (uint8_t)srsrc;
    in.soffset = (uint16_t)soff;
    in.offset = (uint16_t)offset;
    return in;
}

#define SZERO 128 /* inline constant 0 as soffset */

/* -------------------------------------------------------------- tests -- */

static void test_load_widths_offen(void **state)
{
    fx *f = *state;
    for (unsigned i = 0; i < 256; i++)
        hp(f, f->buf)[i] = (uint8_t)(0x80 + i);
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(4, 4, 0, 0, 0));
    for (unsigned l = 0; l < 64; l++)
        f->v[0][l] = l; /* byte offset */
    si_inst in = mk(SI_OP_buffer_load_ubyte, 1, 0, 8, SZERO, 0);
    in.offen = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0x80);
    assert_int_equal(f->v[1][5], 0x85);
    in.op = SI_OP_buffer_load_sbyte;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0xffffff80u);
    assert_int_equal(f->v[1][63], 0xffffffbfu);
    in.op = SI_OP_buffer_load_ushort;
    in.offset = 2;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0x8382);
    in.op = SI_OP_buffer_load_sshort;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0xffff8382u);
    in.op = SI_OP_buffer_load_dword;
    in.offset = 4;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0x87868584u);
    assert_int_equal(f->v[1][1], 0x88878685u); /* unaligned byte address is honoured */
    for (unsigned l = 0; l < 64; l++)
        f->v[0][l] = 16 * (l & 7);
    in.op = SI_OP_buffer_load_dwordx2;
    in.offset = 0;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][1], 0x93929190u);
    assert_int_equal(f->v[2][1], 0x97969594u);
    in.op = SI_OP_buffer_load_dwordx4;
    in.vdata = in.dst = SI_SRC_VGPR0 + 4;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[4][2], 0xa3a2a1a0u);
    assert_int_equal(f->v[5][2], 0xa7a6a5a4u);
    assert_int_equal(f->v[6][2], 0xabaaa9a8u);
    assert_int_equal(f->v[7][2], 0xafaeadacu);
}

static void test_store_widths_and_record(void **state)
{
    fx *f = *state;
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(4, 4, 0, 0, 0));
    si_set_exec(&f->w, 0x5); /* lanes 0 and 2 */
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 32 * l;
        f->v[1][l] = 0x11223344u + l;
        f->v[2][l] = 0x55667788u;
        f->v[3][l] = 0x99aabbccu;
        f->v[4][l] = 0xddeeff00u;
    }
    f->w.s[20] = 0x100; /* soffset */
    si_inst in = mk(SI_OP_buffer_store_byte, 1, 0, 8, 20, 1);
    in.offen = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(hp(f, f->buf + 0x101)[0], 0x44);
    assert_int_equal(hp(f, f->buf + 0x141)[0], 0x46);
    assert_int_equal(hp(f, f->buf + 0x121)[0], 0); /* lane 1 inactive */
    assert_int_equal(f->rec.nst, 2);
    assert_int_equal(f->rec.st[0].addr, f->buf + 0x101);
    assert_int_equal(f->rec.st[0].size, 1);
    assert_int_equal(f->rec.st[0].val, 0x44);
    assert_int_equal(f->rec.st[1].lane, 2);
    assert_int_equal(f->rec.st[1].space, SI_SPACE_GLOBAL);

    in.op = SI_OP_buffer_store_short;
    in.offset = 4;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 0x104), 0x3344);

    in.op = SI_OP_buffer_store_dwordx4;
    in.offset = 8;
    si_retire_reset(&f->rec);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(rd32(f, f->buf + 0x108), 0x11223344u);
    assert_int_equal(rd32(f, f->buf + 0x10c), 0x55667788u);
    assert_int_equal(rd32(f, f->buf + 0x110), 0x99aabbccu);
    assert_int_equal(rd32(f, f->buf + 0x114), 0xddeeff00u);
    assert_int_equal(rd32(f, f->buf + 0x148), 0x11223346u);
    assert_int_equal(f->rec.nst, 8);
    assert_int_equal(f->rec.st[3].addr, f->buf + 0x114);
    assert_int_equal(f->rec.st[3].val, 0xddeeff00u);
    assert_int_equal(f->rec.st[3].size, 4);

    in.op = SI_OP_buffer_store_dwordx2;
    in.offset = 0x200;
    in.offen = 0;
    si_set_exec(&f->w, 1);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 0x300), 0x11223344u);
    assert_int_equal(rd32(f, f->buf + 0x304), 0x55667788u);

    in.op = SI_OP_buffer_store_dword;
    in.offset = 0x210;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 0x310), 0x11223344u);
}

static void test_addr64(void **state)
{
    fx *f = *state;
    /* clang: buffer_load_dword v2, v[0:1], s[8:11], 0 addr64 with base 0 */
    vsharp(f, 8, 0, 0, 0, 0, w3(4, 4, 0, 0, 0)); /* num_records 0: addr64 is not range checked */
    for (unsigned l = 0; l < 64; l++) {
        uint64_t a = f->buf + 4 * l;
        f->v[0][l] = (uint32_t)a;
        f->v[1][l] = (uint32_t)(a >> 32);
        wr32(f, f->buf + 4 * l + 8, 1000 + l);
    }
    si_inst in = mk(SI_OP_buffer_load_dword, 2, 0, 8, SZERO, 4);
    in.addr64 = 1;
    f->w.s[20] = 4;
    in.soffset = 20;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][0], 1000);
    assert_int_equal(f->v[2][63], 1063);
    /* non-zero base is added too */
    vsharp(f, 8, 8, 0, 0, 0, w3(4, 4, 0, 0, 0));
    in.offset = 0;
    in.soffset = SZERO;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][7], 1007);
}

static void test_idxen_and_both(void **state)
{
    fx *f = *state;
    for (unsigned i = 0; i < 1024; i++)
        wr32(f, f->buf + 4 * i, i);
    vsharp(f, 8, f->buf, 48, 0, 16, w3(4, 4, 0, 0, 0)); /* 16 records of 48 bytes */
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = l;     /* index */
        f->v[1][l] = 4 * (l % 3); /* offset */
    }
    si_inst in = mk(SI_OP_buffer_load_dword, 3, 0, 8, SZERO, 8);
    in.idxen = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][0], 2);
    assert_int_equal(f->v[3][5], 5 * 12 + 2);
    assert_int_equal(f->v[3][16], 0); /* index 16 >= num_records: reads 0 */
    in.offen = 1;
    in.offset = 0;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][4], 4 * 12 + 1);
    assert_int_equal(f->v[3][5], 5 * 12 + 2);
    /* with idxen, offset >= stride is out of range */
    in.offset = 48;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[3][4], 0);
}

static void test_swizzled_scratch(void **state)
{
    fx *f = *state;
    /* private-segment V#: swizzled, element 4 bytes, index stride 64,
     * add_tid; stride 0; soffset = wave scratch offset */
    vsharp(f, 0, f->scratch, 0, 1, 0xffffffffu, w3(7, 4, 1, 3, 1));
    f->w.s[33] = 0x400;
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 8; /* per-lane private offset */
        f->v[1][l] = 0x1000 + l;
        f->v[2][l] = 0x2000 + l;
    }
    si_inst in = mk(SI_OP_buffer_store_dwordx2, 1, 0, 0, 33, 4);
    in.offen = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, &f->rec), 0);
    /* dword0 at offset 12: (12/4*4)*64 + lane*4; dword1 at offset 16 */
    for (unsigned l = 0; l < 64; l += 21) {
        assert_int_equal(rd32(f, f->scratch + 0x400 + 12 * 64 + 4 * l), 0x1000 + l);
        assert_int_equal(rd32(f, f->scratch + 0x400 + 16 * 64 + 4 * l), 0x2000 + l);
    }
    assert_int_equal(f->rec.st[0].space, SI_SPACE_SCRATCH);
    assert_int_equal(f->rec.st[1].addr, f->scratch + 0x400 + 16 * 64);
    /* read back: offset:0 off, s[0:3], s33 offset:12 style */
    in = mk(SI_OP_buffer_load_dwordx2, 4, 0, 0, 33, 12);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[4][9], 0x1009);
    assert_int_equal(f->v[5][9], 0x2009);
    /* a byte inside a dword: offset_lsb is kept */
    in = mk(SI_OP_buffer_load_ubyte, 4, 0, 0, 33, 13);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[4][3], 0x10);
    /* element size 8, index stride 16: lane 17 -> index_msb 1, index_lsb 1 */
    vsharp(f, 0, f->scratch, 32, 1, 0xffffffffu, w3(7, 4, 2, 1, 1));
    in = mk(SI_OP_buffer_store_dword, 1, 0, 0, SZERO, 12);
    si_set_exec(&f->w, 1ull << 17);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    /* (1*32 + 1*8)*16 + 1*8 + 4 = 652 */
    assert_int_equal(rd32(f, f->scratch + 652), 0x1011);
}

static void test_range_check(void **state)
{
    fx *f = *state;
    for (unsigned i = 0; i < 64; i++)
        wr32(f, f->buf + 4 * i, 0xa0 + i);
    vsharp(f, 8, f->buf, 0, 0, 16, w3(4, 4, 0, 0, 0));
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 4 * l;
        f->v[1][l] = 0xdead0000u + l;
    }
    si_inst in = mk(SI_OP_buffer_load_dword, 2, 0, 8, SZERO, 0);
    in.offen = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][3], 0xa3);
    assert_int_equal(f->v[2][4], 0); /* offset 16 >= num_records */
    /* soffset counts against num_records */
    f->w.s[20] = 8;
    in.soffset = 20;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][1], 0xa3);
    assert_int_equal(f->v[2][2], 0);
    /* stores out of range are dropped, no error */
    in = mk(SI_OP_buffer_store_dword, 1, 0, 8, SZERO, 0);
    in.offen = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(rd32(f, f->buf + 12), 0xdead0003u);
    assert_int_equal(rd32(f, f->buf + 16), 0xa4);
    assert_int_equal(f->rec.nst, 4);
    /* dwordx4 is checked per dword */
    in = mk(SI_OP_buffer_load_dwordx4, 4, 0, 8, SZERO, 8);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[4][0], 0xdead0002u);
    assert_int_equal(f->v[5][0], 0xdead0003u);
    assert_int_equal(f->v[6][0], 0);
    assert_int_equal(f->v[7][0], 0);
}

static void test_unmapped_is_error(void **state)
{
    fx *f = *state;
    vsharp(f, 8, 0, 0, 0, 0, w3(4, 4, 0, 0, 0));
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = (uint32_t)(f->buf + 4 * l);
        f->v[1][l] = (uint32_t)((f->buf + 4 * l) >> 32);
    }
    f->v[0][7] = 0x40; /* lane 7 -> address 0x40 */
    f->v[1][7] = 0;
    si_inst in = mk(SI_OP_buffer_load_dword, 2, 0, 8, SZERO, 0);
    in.addr64 = 1;
    assert_true(si_exec_vmem(f->e, &f->w, &in, NULL) < 0);
    const char *msg = si_emu_error(f->e);
    assert_non_null(strstr(msg, "0x40"));
    assert_non_null(strstr(msg, "lane 7"));
    /* past the end of the buffer */
    f->v[0][7] = (uint32_t)(f->buf + 4096 - 2);
    f->v[1][7] = (uint32_t)((f->buf + 4096) >> 32);
    in.op = SI_OP_buffer_store_dword;
    assert_true(si_exec_vmem(f->e, &f->w, &in, NULL) < 0);
    /* lds bit is rejected */
    in = mk(SI_OP_buffer_load_dword, 2, 0, 8, SZERO, 0);
    in.lds = 1;
    assert_true(si_exec_vmem(f->e, &f->w, &in, NULL) < 0);
}

static void test_inactive_lanes_and_tfe(void **state)
{
    fx *f = *state;
    wr32(f, f->buf, 77);
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(4, 4, 0, 0, 0));
    for (unsigned l = 0; l < 64; l++) {
        f->v[2][l] = 0x12345678u;
        f->v[3][l] = 0x9abcdef0u;
    }
    si_set_exec(&f->w, 0x8000000000000001ull);
    si_inst in = mk(SI_OP_buffer_load_dword, 2, 0, 8, SZERO, 0);
    in.tfe = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[2][0], 77);
    assert_int_equal(f->v[3][0], 0);
    assert_int_equal(f->v[2][63], 77);
    assert_int_equal(f->v[2][1], 0x12345678u);
    assert_int_equal(f->v[3][1], 0x9abcdef0u);
    /* EXEC = 0: nothing happens even with bad registers */
    si_set_exec(&f->w, 0);
    in.vdata = in.dst = SI_SRC_VGPR0 + NV + 5;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    si_set_exec(&f->w, 1);
    assert_true(si_exec_vmem(f->e, &f->w, &in, NULL) < 0); /* VGPR range error */
}

static void test_atomics(void **state)
{
    fx *f = *state;
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(4, 4, 0, 0, 0));
    si_set_exec(&f->w, 0xf);
    for (unsigned l = 0; l < 64; l++) {
        f->v[0][l] = 0; /* all lanes hit the same address */
        f->v[1][l] = l + 1;
    }
    wr32(f, f->buf, 100);
    si_inst in = mk(SI_OP_buffer_atomic_add, 1, 0, 8, SZERO, 0);
    in.offen = 1;
    in.glc = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, &f->rec), 0);
    /* lane order: 100, 101, 103, 106 -> 110 */
    assert_int_equal(rd32(f, f->buf), 110);
    assert_int_equal(f->v[1][0], 100);
    assert_int_equal(f->v[1][1], 101);
    assert_int_equal(f->v[1][2], 103);
    assert_int_equal(f->v[1][3], 106);
    assert_int_equal(f->v[1][4], 5); /* inactive */
    assert_int_equal(f->rec.nst, 4);
    assert_int_equal(f->rec.st[3].val, 110);
    /* without glc vdata is untouched */
    for (unsigned l = 0; l < 64; l++)
        f->v[1][l] = 1;
    in.glc = 0;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf), 114);
    assert_int_equal(f->v[1][0], 1);

    /* cmpswap: vdata = {src, cmp} */
    si_set_exec(&f->w, 0x3);
    wr32(f, f->buf + 16, 5);
    f->v[1][0] = 9; f->v[2][0] = 5;  /* succeeds: 5 -> 9 */
    f->v[1][1] = 7; f->v[2][1] = 5;  /* fails (now 9) */
    in = mk(SI_OP_buffer_atomic_cmpswap, 1, 0, 8, SZERO, 16);
    in.glc = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 16), 9);
    assert_int_equal(f->v[1][0], 5);
    assert_int_equal(f->v[1][1], 9);
    assert_int_equal(f->v[2][0], 5); /* cmp dword untouched */

    /* inc / dec wrap, smin, umax, sub, xor, swap */
    si_set_exec(&f->w, 1);
    struct { unsigned op; uint32_t mem, src, want; } t[] = {
        {SI_OP_buffer_atomic_inc, 3, 3, 0},
        {SI_OP_buffer_atomic_inc, 2, 3, 3},
        {SI_OP_buffer_atomic_dec, 0, 7, 7},
        {SI_OP_buffer_atomic_dec, 9, 7, 7},
        {SI_OP_buffer_atomic_dec, 5, 7, 4},
        {SI_OP_buffer_atomic_smin, 0xfffffffeu, 3, 0xfffffffeu},
        {SI_OP_buffer_atomic_umin, 0xfffffffeu, 3, 3},
        {SI_OP_buffer_atomic_smax, 0xfffffffeu, 3, 3},
        {SI_OP_buffer_atomic_umax, 0xfffffffeu, 3, 0xfffffffeu},
        {SI_OP_buffer_atomic_sub, 10, 3, 7},
        {SI_OP_buffer_atomic_rsub, 10, 3, 0xfffffff9u},
        {SI_OP_buffer_atomic_and, 0xff, 0x0f, 0x0f},
        {SI_OP_buffer_atomic_or, 0xf0, 0x0f, 0xff},
        {SI_OP_buffer_atomic_xor, 0xff, 0x0f, 0xf0},
        {SI_OP_buffer_atomic_swap, 1, 2, 2},
        {SI_OP_buffer_atomic_fmin, 0x40000000u, 0xbf800000u, 0xbf800000u},
        {SI_OP_buffer_atomic_fmax, 0x40000000u, 0xbf800000u, 0x40000000u},
    };
    for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        wr32(f, f->buf + 32, t[i].mem);
        f->v[1][0] = t[i].src;
        in = mk(t[i].op, 1, 0, 8, SZERO, 32);
        in.glc = 1;
        assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
        assert_int_equal(rd32(f, f->buf + 32), t[i].want);
        assert_int_equal(f->v[1][0], t[i].mem);
    }
    /* fcmpswap: -0.0 == +0.0 */
    wr32(f, f->buf + 32, 0x80000000u);
    f->v[1][0] = 0x3f800000u; f->v[2][0] = 0;
    in = mk(SI_OP_buffer_atomic_fcmpswap, 1, 0, 8, SZERO, 32);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 32), 0x3f800000u);

    /* 64-bit: add with carry, cmpswap_x2 */
    wr32(f, f->buf + 64, 0xffffffffu);
    wr32(f, f->buf + 68, 1);
    f->v[1][0] = 1; f->v[2][0] = 0;
    in = mk(SI_OP_buffer_atomic_add_x2, 1, 0, 8, SZERO, 64);
    in.glc = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 64), 0);
    assert_int_equal(rd32(f, f->buf + 68), 2);
    assert_int_equal(f->v[1][0], 0xffffffffu);
    assert_int_equal(f->v[2][0], 1);
    f->v[1][0] = 0xaaaa; f->v[2][0] = 0xbbbb; f->v[3][0] = 0; f->v[4][0] = 2;
    in = mk(SI_OP_buffer_atomic_cmpswap_x2, 1, 0, 8, SZERO, 64);
    in.glc = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 64), 0xaaaa);
    assert_int_equal(rd32(f, f->buf + 68), 0xbbbb);
    assert_int_equal(f->v[1][0], 0);
    assert_int_equal(f->v[2][0], 2);
    /* out-of-range atomic: no write, returns 0 */
    vsharp(f, 8, f->buf, 0, 0, 16, w3(4, 4, 0, 0, 0));
    f->v[1][0] = 5;
    in = mk(SI_OP_buffer_atomic_add, 1, 0, 8, SZERO, 64);
    in.glc = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0);
    assert_int_equal(rd32(f, f->buf + 64), 0xaaaa);
}

static void test_formats(void **state)
{
    fx *f = *state;
    si_set_exec(&f->w, 1);
    /* buffer_load_format_xyzw with V# 8_8_8_8 UNORM */
    uint8_t px[4] = {0, 255, 128, 51};
    memcpy(hp(f, f->buf), px, 4);
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(0, 10, 0, 0, 0));
    si_inst in = mk(SI_OP_buffer_load_format_xyzw, 1, 0, 8, SZERO, 0);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0);
    assert_int_equal(f->v[2][0], 0x3f800000u);
    assert_int_equal(f->v[3][0], 0x3f008081u); /* 128/255 */
    assert_int_equal(f->v[4][0], 0x3e4ccccdu); /* 51/255 = 0.2 */
    /* dst_sel: swap x and w, y = 1, z = 0 */
    uint32_t word3 = (7u | 1u << 3 | 0u << 6 | 4u << 9) | 0u << 12 | 10u << 15;
    vsharp(f, 8, f->buf, 0, 0, 4096, word3);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0x3e4ccccdu);
    assert_int_equal(f->v[2][0], 0x3f800000u);
    assert_int_equal(f->v[3][0], 0);
    assert_int_equal(f->v[4][0], 0);
    /* format 32 with xy: y defaults to 0 */
    wr32(f, f->buf + 16, 0xcafe);
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(4, 4, 0, 0, 0));
    in = mk(SI_OP_buffer_load_format_xy, 1, 0, 8, SZERO, 16);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0xcafe);
    assert_int_equal(f->v[2][0], 0);

    /* tbuffer_load_format_xy 16_16 SINT from the instruction */
    wr32(f, f->buf + 32, 0x8001fffeu);
    in = mk(SI_OP_tbuffer_load_format_xy, 1, 0, 8, SZERO, 32);
    in.dfmt = 5;
    in.nfmt = 5;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0xfffffffeu);
    assert_int_equal(f->v[2][0], 0xffff8001u);
    /* 16_16 FLOAT */
    wr32(f, f->buf + 32, 0xc0003c00u); /* 1.0h, -2.0h */
    in.nfmt = 7;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0x3f800000u);
    assert_int_equal(f->v[2][0], 0xc0000000u);
    /* 8 SNORM: -128 -> -1.0, 127 -> 1.0 */
    hp(f, f->buf + 40)[0] = 0x80;
    in = mk(SI_OP_tbuffer_load_format_x, 1, 0, 8, SZERO, 40);
    in.dfmt = 1;
    in.nfmt = 1;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(f->v[1][0], 0xbf800000u);

    /* stores: 8_8_8_8 UNORM with rounding and clamping */
    f->v[1][0] = 0x3f000000u; /* 0.5 -> 127.5 -> 128 (even) */
    f->v[2][0] = 0xbf800000u; /* -1 -> 0 */
    f->v[3][0] = 0x40000000u; /* 2 -> 255 */
    f->v[4][0] = 0x3e4ccccdu; /* 0.2 -> 51 */
    in = mk(SI_OP_tbuffer_store_format_xyzw, 1, 0, 8, SZERO, 48);
    in.dfmt = 10;
    in.nfmt = 0;
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, &f->rec), 0);
    assert_int_equal(rd32(f, f->buf + 48), 0x33ff0080u);
    assert_int_equal(f->rec.nst, 1);
    /* 32_32_32_32 FLOAT via V# */
    vsharp(f, 8, f->buf, 0, 0, 4096, w3(7, 14, 0, 0, 0));
    in = mk(SI_OP_buffer_store_format_xyzw, 1, 0, 8, SZERO, 64);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 64), 0x3f000000u);
    assert_int_equal(rd32(f, f->buf + 76), 0x3e4ccccdu);
    /* 16 UINT store truncates */
    in = mk(SI_OP_tbuffer_store_format_x, 1, 0, 8, SZERO, 80);
    in.dfmt = 2;
    in.nfmt = 4;
    f->v[1][0] = 0x12345678u;
    wr32(f, f->buf + 80, 0xffffffffu);
    assert_int_equal(si_exec_vmem(f->e, &f->w, &in, NULL), 0);
    assert_int_equal(rd32(f, f->buf + 80), 0xffff5678u);
    /* unsupported data format is a clear error */
    in.dfmt = 8;
    assert_true(si_exec_vmem(f->e, &f->w, &in, NULL) < 0);
    assert_non_null(strstr(si_emu_error(f->e), "10_10_10_2"));
}

/* The fast paths (per-lane address arrays, lane progressions, memcpy)
 * against the general per-lane path on random addressing: stores with a
 * retirement record and loads with TFE take the general path, the same
 * access without them the fast ones; memory and registers must agree. */
static uint64_t vrng = 0x853c49e6748fea9bull;
static uint32_t vrnd(void)
{
    vrng ^= vrng << 13;
    vrng ^= vrng >> 7;
    vrng ^= vrng << 17;
    return (uint32_t)(vrng >> 11);
}

static void random_access(fx *f, si_inst *in, unsigned *nd)
{
    static const unsigned ld[] = {SI_OP_buffer_load_dword, SI_OP_buffer_load_dwordx2, SI_OP_buffer_load_dwordx4};
    static const unsigned st[] = {SI_OP_buffer_store_dword, SI_OP_buffer_store_dwordx2,
                                  SI_OP_buffer_store_dwordx4};
    static const int steps[] = {0, 4, 8, 16, 72, -4, -16, 12};
    unsigned w = vrnd() % 3, store = vrnd() & 1, mode = vrnd() % 4;
    *nd = w == 2 ? 4 : w + 1;
    *in = mk(store ? st[w] : ld[w], 8, 0, 4, SZERO, vrnd() % 3 ? 0 : vrnd() % 64 * 4);
    if (vrnd() % 3 == 0) { /* bytes and shorts */
        static const unsigned ld2[] = {SI_OP_buffer_load_ubyte, SI_OP_buffer_load_sbyte, SI_OP_buffer_load_ushort,
                                       SI_OP_buffer_load_sshort};
        static const unsigned st2[] = {SI_OP_buffer_store_byte, SI_OP_buffer_store_short};
        *nd = 1;
        *in = mk(store ? st2[vrnd() % 2] : ld2[vrnd() % 4], 8, 0, 4, SZERO, vrnd() % 3 ? 0 : vrnd() % 64);
    }
    int step = steps[vrnd() % 8] / (vrnd() % 4 == 0 ? 4 : 1); /* bytes: odd steps */
    uint32_t start = step < 0 ? 2048 : vrnd() % 64 * 4;
    for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
        f->v[0][l] = vrnd() % 5 == 0 ? vrnd() % 1024 * 4 : start + l * step;
        f->v[1][l] = 0;
        if (vrnd() % 50 == 0)
            f->v[0][l] = 4096 + vrnd() % 64; /* out of range for a small V# */
        for (unsigned d = 0; d < 5; d++)
            f->v[8 + d][l] = vrnd();
    }
    if (vrnd() % 2)
        for (unsigned l = 0; l < SI_WAVE_LANES; l++)
            f->v[0][l] = start + l * step; /* an exact progression */
    if (vrnd() % 8 == 0) /* an almost exact one */
        f->v[0][vrnd() % 64] += vrnd() % 2 ? 4 : 0x80000000u;
    if (vrnd() % 16 == 0) /* a non-uniform high address word (addr64: unmapped, an error either way) */
        f->v[1][vrnd() % 64] = 1;
    switch (mode) {
    case 0: /* addr64 */
        in->addr64 = 1;
        vsharp(f, 4, f->buf, 0, 0, 0, 0);
        break;
    case 1: /* offen, raw buffer */
        in->offen = 1;
        vsharp(f, 4, f->buf, 0, 0, vrnd() % 4 ? 4096 : 2048 + vrnd() % 2048, 0);
        break;
    case 2: /* no VGPR offset */
        in->offset = (uint16_t)(vrnd() % 1024 * 4);
        vsharp(f, 4, f->buf, 0, 0, 4096, 0);
        break;
    default: /* swizzled scratch, one offset */
        in->offset = (uint16_t)(vrnd() % 256 * 4);
        vsharp(f, 4, f->scratch, 0, 1, 0xffffffffu, w3(0, 4, 1, 3, 1));
        break;
    }
    uint64_t ex = vrnd() % 3 ? ~0ull : ((uint64_t)vrnd() << 32 | vrnd()) | 1;
    si_set_exec(&f->w, ex);
}

static void fast_vs_general(fx *f)
{
    size_t nb = 4096, ns = 64 * 1024;
    uint8_t *b0 = malloc(nb), *s0 = malloc(ns), *b1 = malloc(nb), *s1 = malloc(ns);
    for (unsigned iter = 0; iter < 4000; iter++) {
        si_inst in;
        unsigned nd;
        random_access(f, &in, &nd);
        for (size_t i = 0; i < nb; i++)
            hp(f, f->buf)[i] = (uint8_t)vrnd();
        for (size_t i = 0; i < ns; i += 4)
            wr32(f, f->scratch + i, vrnd());
        memcpy(b0, hp(f, f->buf), nb);
        memcpy(s0, hp(f, f->scratch), ns);
        uint32_t v0[NV][SI_WAVE_LANES];
        memcpy(v0, f->v, sizeof v0);
        int is_store = (si_ops[in.op].flags & F_VMEM) && si_op_mem(in.op)->kind == SI_MK_BUF_STORE;
        /* general path */
        si_inst gen = in;
        if (!is_store)
            gen.tfe = 1;
        si_retire_reset(&f->rec);
        int rg = si_exec_vmem(f->e, &f->w, &gen, is_store ? &f->rec : NULL);
        memcpy(b1, hp(f, f->buf), nb);
        memcpy(s1, hp(f, f->scratch), ns);
        uint32_t vg[NV][SI_WAVE_LANES];
        memcpy(vg, f->v, sizeof vg);
        /* fast paths, from the same state */
        memcpy(hp(f, f->buf), b0, nb);
        memcpy(hp(f, f->scratch), s0, ns);
        memcpy(f->v, v0, sizeof v0);
        int rf = si_exec_vmem(f->e, &f->w, &in, NULL);
        assert_int_equal(rf, rg);
        assert_memory_equal(hp(f, f->buf), b1, nb);
        assert_memory_equal(hp(f, f->scratch), s1, ns);
        for (unsigned d = 0; d < nd; d++)
            assert_memory_equal(f->v[8 + d], vg[8 + d], sizeof vg[0]);
    }
    free(b0), free(s0), free(b1), free(s1);
}

/* With the scalar/SSE2 address-progression checks, then AVX2's. */
static void test_fast_vs_general(void **state)
{
    si_valu_avx2 = 0;
    fast_vs_general(*state);
    si_valu_avx2 = -1;
    fast_vs_general(*state);
}

/* Buffer atomics: the fast path (offen, one region look-up) against the
 * general loop (the same addresses through idxen with STRIDE 1, which the
 * fast path leaves alone), on lanes that often share an address. */
static void test_atomic_fast_vs_general(void **state)
{
    fx *f = *state;
    static const unsigned ops[] = {SI_OP_buffer_atomic_add, SI_OP_buffer_atomic_sub, SI_OP_buffer_atomic_swap,
                                   SI_OP_buffer_atomic_cmpswap, SI_OP_buffer_atomic_inc, SI_OP_buffer_atomic_umax,
                                   SI_OP_buffer_atomic_smin, SI_OP_buffer_atomic_xor, SI_OP_buffer_atomic_add_x2,
                                   SI_OP_buffer_atomic_cmpswap_x2, SI_OP_buffer_atomic_dec_x2};
    uint8_t *b0 = malloc(4096), *b1 = malloc(4096);
    for (unsigned iter = 0; iter < 3000; iter++) {
        unsigned op = ops[vrnd() % (sizeof ops / sizeof ops[0])];
        int is64 = si_op_mem(op)->size == 8;
        for (unsigned l = 0; l < SI_WAVE_LANES; l++) {
            f->v[0][l] = (vrnd() % (iter & 1 ? 4 : 400)) * 8; /* few or many distinct addresses */
            f->v[1][l] = f->v[0][l] / 8;
            for (unsigned d = 0; d < 4; d++)
                f->v[8 + d][l] = vrnd() % 8 ? vrnd() % 16 : vrnd();
        }
        si_set_exec(&f->w, vrnd() % 2 ? ~0ull : ((uint64_t)vrnd() << 32 | vrnd()));
        for (size_t i = 0; i < 4096; i += 4)
            wr32(f, f->buf + i, vrnd() % 4 ? vrnd() % 16 : vrnd());
        memcpy(b0, hp(f, f->buf), 4096);
        uint32_t v0[NV][SI_WAVE_LANES], vg[NV][SI_WAVE_LANES];
        (void)is64;
        memcpy(v0, f->v, sizeof v0);
        unsigned glc = vrnd() & 1;
        si_retire_reset(&f->rec);
        /* general: idxen, STRIDE 8, index = the byte offset / 8 */
        si_inst gen = mk(op, 8, 1, 4, SZERO, 0);
        gen.idxen = 1;
        gen.glc = (uint8_t)glc;
        vsharp(f, 4, f->buf, 8, 0, 512, 0);
        assert_int_equal(si_exec_vmem(f->e, &f->w, &gen, &f->rec), 0);
        int nst = f->rec.nst;
        memcpy(b1, hp(f, f->buf), 4096);
        memcpy(vg, f->v, sizeof vg);
        /* fast: offen, STRIDE 0 */
        memcpy(hp(f, f->buf), b0, 4096);
        memcpy(f->v, v0, sizeof v0);
        si_inst fast = mk(op, 8, 0, 4, SZERO, 0);
        fast.offen = 1;
        fast.glc = (uint8_t)glc;
        vsharp(f, 4, f->buf, 0, 0, 4096, 0);
        si_retire_reset(&f->rec);
        assert_int_equal(si_exec_vmem(f->e, &f->w, &fast, &f->rec), 0);
        assert_int_equal(f->rec.nst, nst);
        assert_memory_equal(hp(f, f->buf), b1, 4096);
        assert_memory_equal(f->v, vg, sizeof vg);
    }
    free(b0), free(b1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_load_widths_offen, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fast_vs_general, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atomic_fast_vs_general, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_widths_and_record, setup, teardown),
        cmocka_unit_test_setup_teardown(test_addr64, setup, teardown),
        cmocka_unit_test_setup_teardown(test_idxen_and_both, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swizzled_scratch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_range_check, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unmapped_is_error, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inactive_lanes_and_tfe, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atomics, setup, teardown),
        cmocka_unit_test_setup_teardown(test_formats, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
