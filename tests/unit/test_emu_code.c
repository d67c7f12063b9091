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

static uint32_t run_selfmod(int traced)
{
    si_mem mem;
    si_mem_init(&mem);
    uint64_t code = si_mem_alloc(&mem, sizeof selfmod, 256, "code");
    assert_true(code != 0);
    memcpy(si_mem_ptr(&mem, code, sizeof selfmod), selfmod, sizeof selfmod);
    si_kernel k;
    memset(&k, 0, sizeof k);
    strcpy(k.name, "selfmod");
    k.rsrc1 = 2u << 6; /* 4 VGPRs, 24 SGPRs */
    si_dispatch d;
    memset(&d, 0, sizeof d);
    d.kernel = &k;
    d.dims = 1;
    d.grid[0] = d.wg[0] = 1;
    d.code_addr = code;
    d.code_size = sizeof selfmod;
    d.entry_pc = code;
    si_emu_opts o;
    memset(&o, 0, sizeof o);
    FILE *tr = traced ? tmpfile() : NULL;
    o.trace = tr;
    si_emu *e = si_emu_create(&mem, &d, &o);
    assert_non_null(e);
    if (si_emu_run(e) < 0)
        fail_msg("%s", si_emu_error(e));
    uint32_t r;
    memcpy(&r, si_mem_ptr(&mem, code + 104, 4), 4);
    si_emu_destroy(e);
    si_mem_free(&mem);
    if (tr)
        fclose(tr);
    return r;
}

static void t_store_into_code(void **state)
{
    (void)state;
    assert_int_equal(run_selfmod(0), 6);
    assert_int_equal(run_selfmod(1), 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_store_into_code),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
