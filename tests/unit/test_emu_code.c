/* Unit tests for the emulator core's decode cache (sw/emu.c): a store into
 * the code image must not leave a stale decoded instruction, with and
 * without a trace (fast loop and si_emu_step). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "sicu/emu.h"

/* A kernel that rewrites one of its own instructions after executing it
 * (assembled with llvm-mc -mcpu=tahiti; offsets from the s_getpc_b64 PC):
 *       s_getpc_b64 s[12:13]
 *   pc: s_load_dword s14, s[12:13], 24        // the dword at `new`
 *       s_waitcnt lgkmcnt(0)
 *       s_mov_b32 s16, s12; s_and_b32 s17, s13, 0xffff
 *       s_mov_b32 s18, -1; s_mov_b32 s19, 0x100f000   // V# over the code
 *       s_mov_b32 s10, 0; s_mov_b32 s11, 0
 * loop: s_add_u32 s11, s11, 1                   // patched to "+ 5"
 *       s_add_u32 s10, s10, 1
 *       s_cmp_eq_u32 s10, 2; s_cbranch_scc1 done
 *       v_mov_b32 v1, s14
 *       buffer_store_dword v1, off, s[16:19], 0 offset:40   // over `loop`
 *       s_waitcnt vmcnt(0); s_branch loop
 * done: v_mov_b32 v1, s11
 *       buffer_store_dword v1, off, s[16:19], 0 offset:100  // to `result`
 *       s_waitcnt vmcnt(0); s_endpgm
 *  new: s_add_u32 s11, s11, 5
 * result: .long 0
 * s11 ends as 1 + 5 = 6; a stale decode of `loop` gives 1 + 1 = 2. */
static const uint32_t selfmod[] = {
    0xbe8c1f00, 0xc0070d18, 0xbf8c007f, 0xbe90030c, 0x8711ff0d, 0x0000ffff, 0xbe9203c1, 0xbe9303ff, 0x0100f000,
    0xbe8a0380, 0xbe8b0380, 0x800b810b, 0x800a810a, 0xbf06820a, 0xbf850005, 0x7e02020e, 0xe0700028, 0x80040100,
    0xbf8c0f70, 0xbf82fff7, 0x7e02020b, 0xe0700064, 0x80040100, 0xbf8c0f70, 0xbf810000, 0x800b850b, 0x00000000,
};

/* Run `words` (nwords; the code image is the first ncode of them) as a
 * one-work-item kernel with the SGPR field `sgprs` of COMPUTE_PGM_RSRC1;
 * returns the dword at byte `res`, or 0xdead0000 when the run fails
 * (message in err). */
static uint32_t run_code(const uint32_t *words, size_t nwords, size_t ncode, unsigned sgprs, uint64_t res,
                         int traced, char *err, size_t errlen)
{
    si_mem mem;
    si_mem_init(&mem);
    size_t size = nwords * 4;
    uint64_t code = si_mem_alloc(&mem, size, 256, "code");
    assert_true(code != 0);
    memcpy(si_mem_ptr(&mem, code, size), words, size);
    si_kernel k;
    memset(&k, 0, sizeof k);
    strcpy(k.name, "selfmod");
    k.rsrc1 = sgprs << 6; /* 4 VGPRs, (sgprs + 1) * 8 SGPRs */
    si_dispatch d;
    memset(&d, 0, sizeof d);
    d.kernel = &k;
    d.dims = 1;
    d.grid[0] = d.wg[0] = 1;
    d.code_addr = code;
    d.code_size = (uint32_t)(ncode * 4);
    d.entry_pc = code;
    si_emu_opts o;
    memset(&o, 0, sizeof o);
    FILE *tr = traced ? tmpfile() : NULL;
    o.trace = tr;
    si_emu *e = si_emu_create(&mem, &d, &o);
    assert_non_null(e);
    uint32_t r = 0xdead0000u;
    if (si_emu_run(e) < 0)
        snprintf(err, errlen, "%s", si_emu_error(e));
    else
        memcpy(&r, si_mem_ptr(&mem, code + res, 4), 4);
    si_emu_destroy(e);
    si_mem_free(&mem);
    if (tr)
        fclose(tr);
    return r;
}

static uint32_t run_selfmod(int traced)
{
    char err[1024] = "";
    uint32_t r = run_code(selfmod, sizeof selfmod / 4, sizeof selfmod / 4, 2, 104, traced, err, sizeof err);
    if (err[0])
        fail_msg("%s", err);
    return r;
}

static void t_store_into_code(void **state)
{
    (void)state;
    assert_int_equal(run_selfmod(0), 6);
    assert_int_equal(run_selfmod(1), 6);
    assert_int_equal(run_selfmod(0), 6); /* after a run that kept nothing */
}

/* s_mov_b32 s11, 1 (word 7) stored to byte 52, just after the code image
 * (the dword after s_endpgm; a store into the image would drop its
 * decodes), through a V# based on the PC:
 *   s_getpc_b64 s[12:13]; s_mov_b32 s16, s12; s_and_b32 s17, s13, 0xffff;
 *   s_mov_b32 s18, -1; s_mov_b32 s19, 0x100f000; s_mov_b32 s11, 1;
 *   v_mov_b32 v1, s11; buffer_store_dword v1, off, s[16:19], 0 offset:48;
 *   s_waitcnt vmcnt(0); s_endpgm; .long 0 */
static const uint32_t movstore[] = {0xbe8c1f00, 0xbe90030c, 0x8711ff0d, 0x0000ffff, 0xbe9203c1,
                                    0xbe9303ff, 0x0100f000, 0xbe8b0381, 0x7e02020b, 0xe0700030,
                                    0x80040100, 0xbf8c0f70, 0xbf810000, 0x00000000};

/* Dispatches after one another reuse the previous decode cache only for the
 * same code bytes and the same register allocation. */
static void t_dispatches(void **state)
{
    (void)state;
    uint32_t w[sizeof movstore / 4];
    char err[1024] = "";
    memcpy(w, movstore, sizeof w);
    assert_int_equal(run_code(w, sizeof w / 4, sizeof w / 4 - 1, 2, 52, 0, err, sizeof err), 1);
    assert_int_equal(run_code(w, sizeof w / 4, sizeof w / 4 - 1, 2, 52, 0, err, sizeof err), 1);
    w[7] = 0xbe8b0387; /* s_mov_b32 s11, 7 */
    assert_int_equal(run_code(w, sizeof w / 4, sizeof w / 4 - 1, 2, 52, 0, err, sizeof err), 7);
    /* 16 SGPRs: s16..s19 are beyond the allocation, whatever was decoded before */
    assert_int_equal(run_code(w, sizeof w / 4, sizeof w / 4 - 1, 1, 52, 0, err, sizeof err), 0xdead0000u);
    assert_non_null(strstr(err, "beyond the 16 SGPRs"));
    err[0] = 0;
    assert_int_equal(run_code(w, sizeof w / 4, sizeof w / 4 - 1, 2, 52, 0, err, sizeof err), 7);
    assert_string_equal(err, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_store_into_code),
        cmocka_unit_test(t_dispatches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
