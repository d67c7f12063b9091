/* Unit tests: device memory, scalar memory reads, and the emulator core
 * (initial wave state, scheduling, barriers, runaway guard, decode errors,
 * retirement records and the trace).  Programs are encoded from the ISA
 * table (si_ops[].opcode), never from opcode numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "sicu/emu.h"

/* ---- memory ------------------------------------------------------- */

static void test_mem_alloc(void **st)
{
    (void)st;
    si_mem m;
    si_mem_init(&m);
    uint64_t a = si_mem_alloc(&m, 100, 256, "a");
    uint64_t b = si_mem_alloc(&m, 4096, 4096, "b");
    uint64_t z = si_mem_alloc(&m, 0, 0, "empty");
    assert_true(a != 0 && b != 0 && z != 0);
    assert_int_equal(a % 256, 0);
    assert_int_equal(b % 4096, 0);
    assert_true(b > a + 100);
    /* accesses */
    assert_non_null(si_mem_ptr(&m, a, 100));
    assert_non_null(si_mem_ptr(&m, a + 96, 4));
    assert_null(si_mem_ptr(&m, a + 97, 4));   /* crosses the end */
    assert_null(si_mem_ptr(&m, a + 100, 1));  /* guard gap */
    assert_null(si_mem_ptr(&m, 0, 4));        /* null */
    assert_null(si_mem_ptr(&m, 64, 4));
    assert_null(si_mem_ptr(&m, a - 4, 4));    /* below the region */
    assert_null(si_mem_ptr(&m, ~0ull - 1, 4)); /* wrap-around */
    /* zero-initialised, writable, and the cache hits the right region */
    uint8_t *pa = si_mem_ptr(&m, a, 100);
    uint8_t *pb = si_mem_ptr(&m, b, 4096);
    assert_int_equal(pa[50], 0);
    pa[50] = 7;
    pb[10] = 9;
    assert_int_equal(*si_mem_ptr(&m, a + 50, 1), 7);
    assert_int_equal(*si_mem_ptr(&m, b + 10, 1), 9);
    assert_int_equal(*si_mem_ptr(&m, a + 50, 1), 7);
    /* names */
    const si_region *r = si_mem_region(&m, "b");
    assert_non_null(r);
    assert_true(r->base == b && r->size == 4096);
    assert_null(si_mem_region(&m, "nope"));
    /* bad alignment is an error with a message */
    assert_true(si_mem_alloc(&m, 8, 3, "bad") == 0);
    assert_non_null(strstr(m.err, "alignment"));
    /* many regions: the region array grows */
    for (int i = 0; i < 40; i++)
        assert_true(si_mem_alloc(&m, 16, 16, "x") != 0);
    assert_non_null(si_mem_ptr(&m, a + 50, 1));
    si_mem_free(&m);
}

/* ---- tiny assembler from the table --------------------------------- */

static uint32_t sop1(unsigned op, unsigned sdst, unsigned s0)
{
    return 0xbe800000u | sdst << 16 | (unsigned)si_ops[op].opcode << 8 | s0;
}
static uint32_t sop2(unsigned op, unsigned sdst, unsigned s0, unsigned s1)
{
    return 0x80000000u | (unsigned)si_ops[op].opcode << 23 | sdst << 16 | s1 << 8 | s0;
}
static uint32_t sopk(unsigned op, unsigned sdst, uint16_t k)
{
    return 0xb0000000u | (unsigned)si_ops[op].opcode << 23 | sdst << 16 | k;
}
static uint32_t sopp(unsigned op, int16_t k)
{
    return 0xbf800000u | (unsigned)si_ops[op].opcode << 16 | (uint16_t)k;
}
static uint32_t smrd(unsigned op, unsigned sdst, unsigned sbase, int imm, unsigned off)
{
    return 0xc0000000u | (unsigned)si_ops[op].opcode << 22 | sdst << 15 | (sbase / 2) << 9 |
           (unsigned)(imm ? 1 : 0) << 8 | off;
}

/* ---- a dispatch around a program ----------------------------------- */

typedef struct {
    si_mem m;
    si_kernel k;
    si_dispatch d;
    uint64_t kernarg;
} env_t;

static void env_init(env_t *t, const uint32_t *code, unsigned n, uint32_t grid, uint32_t wg)
{
    memset(t, 0, sizeof *t);
    si_mem_init(&t->m);
    uint64_t c = si_mem_alloc(&t->m, 4ull * n, 256, "code");
    memcpy(si_mem_ptr(&t->m, c, 4ull * n), code, 4ull * n);
    t->kernarg = si_mem_alloc(&t->m, 64, 64, "kernarg");
    uint32_t *ka = (uint32_t *)si_mem_ptr(&t->m, t->kernarg, 64);
    for (int i = 0; i < 16; i++)
        ka[i] = 0x100u * (unsigned)i + 1;
    snprintf(t->k.name, sizeof t->k.name, "k");
    t->k.rsrc1 = 1 | (4u << 6) | (0xc0u << 12) | (1u << 21); /* 8 VGPRs, 40 SGPRs, f64 denorms, DX10 */
    t->k.rsrc2 = (2u << 1) | (1u << 7) | (1u << 8) | (1u << 11); /* 2 user SGPRs, TGID X/Y, TIDIG 1 */
    t->k.code_props = 1u << 3; /* kernarg ptr */
    t->d.kernel = &t->k;
    t->d.dims = 1;
    t->d.grid[0] = grid;
    t->d.wg[0] = wg;
    t->d.code_addr = c;
    t->d.code_size = 4 * n;
    t->d.entry_pc = c;
    t->d.kernarg_addr = t->kernarg;
}

static int run_wave_to_end(si_emu *e, si_wave *w, si_retire *rec, int max)
{
    for (int i = 0; i < max && w->state == SI_WAVE_RUN; i++)
        if (si_emu_step(e, w, rec) < 0)
            return -1;
    return w->state == SI_WAVE_DONE ? 0 : -2;
}

static void test_initial_state_and_smrd(void **st)
{
    (void)st;
    const uint32_t code[] = {
        smrd(SI_OP_s_load_dword, 3, 0, 1, 1),        /* s3 = kernarg[1] */
        sop2(SI_OP_s_add_u32, 4, 3, 2),              /* s4 = s3 + wg id x */
        smrd(SI_OP_s_load_dwordx2, 6, 0, 1, 2),      /* s[6:7] = kernarg[2..3] */
        sopk(SI_OP_s_movk_i32, 8, 12),
        smrd(SI_OP_s_load_dword, 9, 0, 0, 8),        /* SGPR offset s8 = 12 bytes */
        sopp(SI_OP_s_endpgm, 0),
    };
    env_t t;
    env_init(&t, code, 6, 100, 64);
    si_emu_opts o = {0};
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_non_null(e);
    assert_string_equal(si_emu_error(e), "");
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 1, &wg), 0);
    assert_int_equal(wg->nwaves, 1);
    assert_int_equal(wg->size[0], 36); /* partial group: 100 - 64 */
    si_wave *w = &wg->waves[0];
    assert_true(si_exec(w) == (1ull << 36) - 1);
    assert_true(((uint64_t)w->s[1] << 32 | w->s[0]) == t.kernarg);
    assert_int_equal(w->s[2], 1); /* TGID X after USER_SGPR=2 */
    assert_int_equal(w->s[3], 0); /* TGID Y */
    assert_int_equal(w->v[0][5], 5);
    assert_int_equal(w->v[0][40], 0); /* lane beyond the group */
    assert_int_equal(w->v[1][5], 0);  /* y id */
    assert_int_equal(w->nvgpr, 8);
    assert_int_equal(w->mode, 0xc0 | (1u << 8));
    si_retire rec;
    memset(&rec, 0, sizeof rec);
    assert_int_equal(run_wave_to_end(e, w, &rec, 100), 0);
    assert_int_equal(w->s[3], 0x101);
    assert_int_equal(w->s[4], 0x102);
    assert_int_equal(w->s[6], 0x201);
    assert_int_equal(w->s[7], 0x301);
    assert_int_equal(w->s[9], 0x301);
    si_emu_wg_end(e, wg);
    const si_stats *s = si_emu_stats(e);
    assert_true(s->wave_insts == 6);
    assert_true(s->by_op[SI_OP_s_load_dword] == 2);
    assert_true(s->by_fmt[SI_FMT_SMRD] == 3);
    si_retire_free(&rec);
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_smrd_errors_and_buffer(void **st)
{
    (void)st;
    const uint32_t code[] = {
        sop1(SI_OP_s_mov_b32, 8, SI_SRC_LITERAL), 0, /* patched: kernarg low */
        sop1(SI_OP_s_mov_b32, 9, SI_SRC_LITERAL), 0, /* kernarg high */
        sop1(SI_OP_s_mov_b32, 10, SI_SRC_ZERO + 8),   /* NUM_RECORDS = 8 bytes */
        sop1(SI_OP_s_mov_b32, 11, SI_SRC_ZERO),
        smrd(SI_OP_s_buffer_load_dwordx4, 12, 8, 1, 0), /* dwords 2,3 out of range -> 0 */
        sop2(SI_OP_s_add_u32, 0, 0, SI_SRC_LITERAL), 0x100000, /* move pointer off the region */
        smrd(SI_OP_s_load_dword, 3, 0, 1, 0),
        sopp(SI_OP_s_endpgm, 0),
    };
    uint32_t c[sizeof code / 4];
    memcpy(c, code, sizeof code);
    env_t t;
    env_init(&t, c, sizeof code / 4, 64, 64);
    uint32_t *img = (uint32_t *)si_mem_ptr(&t.m, t.d.code_addr, sizeof code);
    img[1] = (uint32_t)t.kernarg;
    img[3] = (uint32_t)(t.kernarg >> 32);
    si_emu_opts o = {0};
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 0, &wg), 0);
    si_wave *w = &wg->waves[0];
    w->s[14] = w->s[15] = 0xdead;
    assert_int_equal(run_wave_to_end(e, w, NULL, 100), -1);
    assert_int_equal(w->s[12], 0x001);
    assert_int_equal(w->s[13], 0x101);
    assert_int_equal(w->s[14], 0);
    assert_int_equal(w->s[15], 0);
    const char *msg = si_emu_error(e);
    assert_non_null(strstr(msg, "unmapped address"));
    assert_non_null(strstr(msg, "s_load_dword"));
    assert_non_null(strstr(msg, "wave 0"));
    si_emu_wg_end(e, wg);
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_barrier_and_run(void **st)
{
    (void)st;
    /* 3 waves (wg 130 work-items); wave 2 ends early, others meet at a
     * barrier twice; s_getreg-free program counting in s20. */
    const uint32_t code[] = {
        sopk(SI_OP_s_movk_i32, 20, 0),
        sop1(SI_OP_s_mov_b32, 21, SI_SRC_ZERO),
        sopp(SI_OP_s_barrier, 0),
        sopk(SI_OP_s_addk_i32, 20, 1),
        sopp(SI_OP_s_barrier, 0),
        sopk(SI_OP_s_addk_i32, 20, 1),
        sopp(SI_OP_s_endpgm, 0),
    };
    env_t t;
    env_init(&t, code, 7, 260, 130);
    si_emu_opts o = {0};
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), 0);
    const si_stats *s = si_emu_stats(e);
    assert_true(s->workgroups == 2);
    assert_true(s->waves == 6);
    assert_true(s->wave_insts == 6 * 7);
    si_emu_destroy(e);

    /* step by step: a wave at the barrier waits until the others arrive */
    e = si_emu_create(&t.m, &t.d, &o);
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 1, &wg), 0);
    assert_int_equal(wg->nwaves, 3);
    assert_true(si_exec(&wg->waves[2]) == 0x3);
    assert_int_equal(wg->waves[2].gid, 5);
    for (int i = 0; i < 3; i++)
        si_emu_step(e, &wg->waves[0], NULL);
    assert_int_equal(wg->waves[0].state, SI_WAVE_BARRIER);
    assert_int_equal(si_emu_step(e, &wg->waves[0], NULL), -1); /* not runnable */
    for (int i = 0; i < 3; i++)
        si_emu_step(e, &wg->waves[1], NULL);
    assert_int_equal(wg->waves[1].state, SI_WAVE_BARRIER);
    for (int i = 0; i < 3; i++)
        si_emu_step(e, &wg->waves[2], NULL);
    /* the last arrival releases everybody */
    assert_int_equal(wg->waves[0].state, SI_WAVE_RUN);
    assert_int_equal(wg->waves[1].state, SI_WAVE_RUN);
    assert_int_equal(wg->waves[2].state, SI_WAVE_RUN);
    si_emu_wg_end(e, wg);
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_barrier_ended_waves_do_not_count(void **st)
{
    (void)st;
    /* wave 1 (s_getreg-free: lanes of wave 1 have v0 >= 64, so use the
     * wave's TGID... simpler: wave 0 branches around the end via SCC set
     * from exec_hi) */
    const uint32_t code[] = {
        sop2(SI_OP_s_and_b32, 30, SI_SRC_EXEC_HI, SI_SRC_EXEC_HI), /* SCC = exec_hi != 0 */
        sopp(SI_OP_s_cbranch_scc0, 1),                             /* partial wave skips endpgm */
        sopp(SI_OP_s_endpgm, 0),
        sopp(SI_OP_s_barrier, 0),
        sopp(SI_OP_s_endpgm, 0),
    };
    env_t t;
    env_init(&t, code, 5, 80, 80); /* wave 0 full, wave 1 has 16 lanes */
    si_emu_opts o = {0};
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 0, &wg), 0);
    assert_int_equal(run_wave_to_end(e, &wg->waves[1], NULL, 10), -2); /* waits at barrier */
    assert_int_equal(wg->waves[1].state, SI_WAVE_BARRIER);
    assert_int_equal(run_wave_to_end(e, &wg->waves[0], NULL, 10), 0); /* ends: releases */
    assert_int_equal(wg->waves[1].state, SI_WAVE_RUN);
    assert_int_equal(run_wave_to_end(e, &wg->waves[1], NULL, 10), 0);
    si_emu_wg_end(e, wg);
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_runaway_and_decode_errors(void **st)
{
    (void)st;
    const uint32_t loop[] = { sopp(SI_OP_s_nop, 0), sopp(SI_OP_s_branch, -2) };
    env_t t;
    env_init(&t, loop, 2, 64, 64);
    si_emu_opts o = {0};
    o.max_instructions = 1000;
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    const char *msg = si_emu_error(e);
    assert_non_null(strstr(msg, "instruction limit of 1000"));
    assert_non_null(strstr(msg, "wave 0"));
    assert_non_null(strstr(msg, "PC 0x"));
    si_emu_destroy(e);
    si_mem_free(&t.m);

    /* an undecodable word names PC and encoding */
    const uint32_t bad[] = { sopp(SI_OP_s_nop, 0), 0xffffffffu };
    env_init(&t, bad, 2, 64, 64);
    o.max_instructions = 0;
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    msg = si_emu_error(e);
    assert_non_null(strstr(msg, "0xffffffff"));
    assert_non_null(strstr(msg, "code +0x4"));
    si_emu_destroy(e);
    si_mem_free(&t.m);

    /* running off the end of the code */
    const uint32_t off[] = { sopp(SI_OP_s_nop, 0) };
    env_init(&t, off, 1, 64, 64);
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "outside the code image"));
    si_emu_destroy(e);
    si_mem_free(&t.m);

    /* a 64-bit operand that runs past the scalar file */
    const uint32_t wide[] = { sop1(SI_OP_s_mov_b64, 4, SI_SRC_EXEC_HI), sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, wide, 2, 64, 64);
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "runs past the scalar file"));
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

/* SGPR operands are checked against the kernel's allocation
 * (COMPUTE_PGM_RSRC1.SGPRS), not against the 104 SGPRs of the ISA */
static void test_sgpr_allocation(void **st)
{
    (void)st;
    si_emu_opts o = {0};
    env_t t;
    /* env_init allocates 40 SGPRs: s39 is fine, s40 and s[39:40] are not */
    const uint32_t ok[] = { sop1(SI_OP_s_mov_b32, 39, 3), sop1(SI_OP_s_mov_b64, 2, 38), sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, ok, 3, 64, 64);
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), 0);
    si_emu_destroy(e);
    si_mem_free(&t.m);
    const uint32_t rd40[] = { sopp(SI_OP_s_nop, 0), sop1(SI_OP_s_mov_b32, 0, 40), sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, rd40, 3, 128, 64);
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    const char *msg = si_emu_error(e);
    assert_non_null(strstr(msg, "wave 0 (work-group 0,0,0 wave 0) PC 0x"));
    assert_non_null(strstr(msg, "(code +0x4)"));
    assert_non_null(strstr(msg, "source register s40 is beyond the 40 SGPRs the kernel allocated (s0..s39"));
    si_emu_destroy(e);
    si_mem_free(&t.m);
    const uint32_t wr64[] = { sop1(SI_OP_s_mov_b64, 39, 2), sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, wr64, 2, 64, 64);
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "destination register s[39:40] is beyond the 40 SGPRs"));
    si_emu_destroy(e);
    si_mem_free(&t.m);
    /* an SMRD offset register */
    const uint32_t sm[] = { smrd(SI_OP_s_load_dword, 3, 0, 0, 41), sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, sm, 2, 64, 64);
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "offset register s41 is beyond"));
    si_emu_destroy(e);
    si_mem_free(&t.m);
    /* the initial user + system SGPRs must fit the allocation too */
    const uint32_t end[] = { sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, end, 1, 64, 64);
    t.k.rsrc1 &= ~(0xfu << 6); /* 8 SGPRs */
    t.k.rsrc2 = (8u << 1) | (1u << 7);
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "8 user + 1 system SGPRs exceed the 8 SGPRs it allocated"));
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

/* Work-group counts and ids are computed in 64 bits: 2^32 work-groups are an
 * error, not a division by zero */
static void test_huge_grid(void **st)
{
    (void)st;
    si_emu_opts o = {0};
    env_t t;
    const uint32_t end[] = { sopp(SI_OP_s_endpgm, 0) };
    env_init(&t, end, 1, 65536, 1);
    t.d.dims = 2;
    t.d.grid[1] = 65536;
    t.d.wg[1] = 1;
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "makes 4294967296 work-groups"));
    si_emu_destroy(e);
    /* 65536 x 65535 groups fit: the last one has the right ids */
    t.d.grid[1] = 65535;
    e = si_emu_create(&t.m, &t.d, &o);
    assert_string_equal(si_emu_error(e), "");
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 4294901759u, &wg), 0);
    assert_int_equal(wg->id[0], 65535);
    assert_int_equal(wg->id[1], 65534);
    assert_int_equal(wg->waves[0].gid, 4294901759u);
    si_emu_wg_end(e, wg);
    si_emu_destroy(e);
    /* 2^31 groups of 2 waves: 2^32 waves do not fit the 32-bit wave numbers */
    t.d.dims = 1;
    t.d.grid[0] = 0x80000000u;
    t.d.wg[0] = 1;
    t.d.dims = 2;
    t.d.grid[1] = 128;
    t.d.wg[1] = 128;
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "of 2 waves"));
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_bad_descriptors(void **st)
{
    (void)st;
    const uint32_t code[] = { sopp(SI_OP_s_endpgm, 0) };
    env_t t;
    env_init(&t, code, 1, 64, 64);
    si_emu_opts o = {0};
    t.k.code_props |= 1u << 5; /* flat scratch init */
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "flat_scratch"));
    si_emu_destroy(e);
    t.k.code_props = (1u << 3) | (1u << 1); /* 4 user SGPRs needed, USER_SGPR says 2 */
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    assert_non_null(strstr(si_emu_error(e), "USER_SGPR"));
    si_emu_destroy(e);
    t.k.code_props = 1u << 3;
    t.d.wg[0] = 2048;
    e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), -1);
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_private_segment(void **st)
{
    (void)st;
    const uint32_t code[] = { sopp(SI_OP_s_endpgm, 0) };
    env_t t;
    env_init(&t, code, 1, 128, 128);
    t.k.code_props = (1u << 0) | (1u << 1) | (1u << 3) | (1u << 6); /* V#, dispatch ptr, kernarg, priv size */
    t.k.rsrc2 = (13u << 1) | 1u /* SCRATCH_EN */ | (1u << 7) | (1u << 10) /* TG_SIZE */;
    t.k.private_segment_fixed_size = 16;
    t.d.scratch_per_wave = 16 * 64;
    t.d.scratch_slots = 16;
    t.d.scratch_addr = si_mem_alloc(&t.m, 16 * 16 * 64, 256, "scratch");
    t.d.packet_addr = 0x12345678abcull;
    si_emu_opts o = {0};
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_string_equal(si_emu_error(e), "");
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 0, &wg), 0);
    si_wave *w = &wg->waves[1];
    assert_int_equal(w->s[0], (uint32_t)t.d.scratch_addr);
    assert_int_equal(w->s[1] & 0xffff, (uint32_t)(t.d.scratch_addr >> 32));
    assert_int_equal(w->s[1] >> 31, 1);           /* SWIZZLE_EN */
    assert_int_equal((w->s[3] >> 23) & 1, 1);     /* ADD_TID_ENABLE */
    assert_int_equal((w->s[3] >> 19) & 3, 1);     /* ELEMENT_SIZE 4 */
    assert_int_equal((w->s[3] >> 21) & 3, 3);     /* INDEX_STRIDE 64 */
    assert_int_equal(w->s[4], 0x45678abcu); /* dispatch ptr lo */
    assert_int_equal(w->s[5], 0x123);
    assert_true(((uint64_t)w->s[7] << 32 | w->s[6]) == t.kernarg);
    assert_int_equal(w->s[8], 16);               /* private segment size */
    assert_int_equal(w->s[13], 0);               /* TGID X at USER_SGPR=13 */
    assert_int_equal(w->s[14], 2);               /* TG_SIZE: waves in group */
    assert_int_equal(w->s[15], 16 * 64);         /* wave 1 scratch offset */
    assert_int_equal(wg->waves[0].s[15], 0);
    si_emu_wg_end(e, wg);
    si_emu_destroy(e);
    si_mem_free(&t.m);
}

static void test_trace(void **st)
{
    (void)st;
    const uint32_t code[] = {
        sop1(SI_OP_s_mov_b32, 4, SI_SRC_LITERAL), 0xcafe,
        sop2(SI_OP_s_add_u32, 5, 4, 4),
        sop1(SI_OP_s_and_saveexec_b64, 6, SI_SRC_INT_NEG_FIRST),
        sopp(SI_OP_s_endpgm, 0),
    };
    env_t t;
    env_init(&t, code, 5, 64, 64);
    FILE *f = tmpfile();
    assert_non_null(f);
    si_emu_opts o = {0};
    o.trace = f;
    si_emu *e = si_emu_create(&t.m, &t.d, &o);
    assert_int_equal(si_emu_run(e), 0);
    rewind(f);
    char line[4096];
    int n = 0;
    char lines[4][4096];
    while (fgets(line, sizeof line, f) && n < 4)
        snprintf(lines[n++], sizeof lines[0], "%s", line);
    assert_int_equal(n, 4);
    assert_non_null(strstr(lines[0], "\"wg\":[0,0,0],\"wave\":0,\"gwave\":0,\"pc\":\"0x"));
    assert_non_null(strstr(lines[0], "\"sgpr\":{\"s4\":\"0x0000cafe\"}"));
    assert_null(strstr(lines[0], "\"scc\""));
    assert_non_null(strstr(lines[1], "\"sgpr\":{\"s5\":\"0x000195fc\"},\"scc\":0"));
    assert_non_null(strstr(lines[2], "\"s6\":\"0xffffffff\",\"s7\":\"0xffffffff\",\"exec_lo\":\"0xffffffff\""));
    assert_non_null(strstr(lines[2], "\"scc\":1"));
    assert_non_null(strstr(lines[3], "\"exec\":\"0xffffffffffffffff\""));
    fclose(f);
    si_emu_destroy(e);
    si_mem_free(&t.m);

    /* si_trace_write with vector writes and stores */
    si_retire r;
    memset(&r, 0, sizeof r);
    si_retire_reset(&r);
    r.pc = 0x10000000;
    r.inst.op = SI_OP_s_nop;
    r.inst.fmt = SI_FMT_SOPP;
    r.inst.size = 4;
    r.exec = 0x5;
    r.nvwr = 1;
    r.vwr[0].reg = 3;
    r.vwr[0].mask = 0x5;
    r.vwr[0].val[0] = 1;
    r.vwr[0].val[1] = 99;
    r.vwr[0].val[2] = 2;
    for (int i = 0; i < 100; i++)
        si_retire_add_store(&r, 0x2000 + 4 * i, 0x1234abcd, i == 1 ? 2 : 4, (unsigned)i & 63, SI_SPACE_LDS);
    assert_int_equal(r.nst, 100);
    f = tmpfile();
    assert_int_equal(si_trace_write(f, &r), 0);
    rewind(f);
    static char big[65536];
    assert_non_null(fgets(big, sizeof big, f));
    assert_non_null(strstr(big, "\"vgpr\":{\"v3\":{\"mask\":\"0x0000000000000005\",\"val\":[\"0x00000001\",\"0x00000002\"]}}"));
    assert_non_null(strstr(big, "{\"lane\":1,\"space\":\"lds\",\"addr\":\"0x2004\",\"size\":2,\"val\":\"0x0000abcd\"}"));
    fclose(f);
    si_retire_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mem_alloc),
        cmocka_unit_test(test_initial_state_and_smrd),
        cmocka_unit_test(test_smrd_errors_and_buffer),
        cmocka_unit_test(test_barrier_and_run),
        cmocka_unit_test(test_barrier_ended_waves_do_not_count),
        cmocka_unit_test(test_runaway_and_decode_errors),
        cmocka_unit_test(test_sgpr_allocation),
        cmocka_unit_test(test_huge_grid),
        cmocka_unit_test(test_bad_descriptors),
        cmocka_unit_test(test_private_segment),
        cmocka_unit_test(test_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
