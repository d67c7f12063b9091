/* Unit tests of register-file virtualization (sw/rfv*.c, docs/rfv.md):
 * liveness, EXEC fullness and release points on small hand-written SI
 * kernels assembled with llvm-mc -mcpu=tahiti at test time, the operand
 * widths from the instruction table, the metadata encoding, the pass's
 * errors, and the emulator's metadata no-op and poison mode.
 *
 * Instruction indices in the assertions are the line numbers in the
 * `// N` comments of each snippet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include "sicu/emu.h"
#include "sicu/rfv.h"

static char tmpdir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/sicu_test_rfv_XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Assemble `src` (instructions only) with llvm-mc; *n bytes of .text. */
static uint8_t *assemble(const char *src, uint32_t *n)
{
    char s[128], o[128], cmd[512];
    snprintf(s, sizeof s, "%s/k.s", tmpdir);
    snprintf(o, sizeof o, "%s/k.o", tmpdir);
    FILE *f = fopen(s, "w");
    assert_non_null(f);
    fprintf(f, "\t.text\n%s\n", src);
    fclose(f);
    snprintf(cmd, sizeof cmd, "{ command -v llvm-mc-14 >/dev/null && M=llvm-mc-14 || M=llvm-mc; } && "
                              "$M -triple=amdgcn-amd-amdhsa -mcpu=tahiti -filetype=obj %s -o %s", s, o);
    if (system(cmd) != 0)
        fail_msg("llvm-mc could not assemble:\n%s", src);
    elf_version(EV_CURRENT);
    FILE *fo = fopen(o, "rb");
    assert_non_null(fo);
    Elf *e = elf_begin(fileno(fo), ELF_C_READ, NULL);
    size_t shstr, ns;
    assert_non_null(e);
    assert_int_equal(elf_getshdrstrndx(e, &shstr), 0);
    assert_int_equal(elf_getshdrnum(e, &ns), 0);
    uint8_t *code = NULL;
    for (size_t i = 1; i < ns; i++) {
        GElf_Shdr sh;
        gelf_getshdr(elf_getscn(e, i), &sh);
        if (strcmp(elf_strptr(e, shstr, sh.sh_name), ".text"))
            continue;
        Elf_Data *d = elf_getdata(elf_getscn(e, i), NULL);
        code = malloc(d->d_size);
        memcpy(code, d->d_buf, d->d_size);
        *n = (uint32_t)d->d_size;
    }
    elf_end(e);
    fclose(fo);
    assert_non_null(code);
    return code;
}

/* Assemble and analyse with every VGPR renamed (no budget). */
static void analyze(const char *src, si_rfv_kernel *k)
{
    uint32_t n;
    uint8_t *code = assemble(src, &n);
    si_rfv_code c = {.name = "t", .code = code, .size = n, .nvgpr = 64, .init_vgprs = 1, .wg_waves = 1};
    si_rfv_opts o;
    si_rfv_opts_default(&o);
    o.rename_all = 1;
    char err[512];
    if (si_rfv_analyze(&c, &o, k, err, sizeof err) < 0)
        fail_msg("%s", err);
    free(code);
}

/* "v1 v[3:4]" style of a set, for the assertions */
static const char *S(const si_vset *s)
{
    static char buf[8][256];
    static int i;
    return si_vset_str(s, buf[i++ & 7], sizeof buf[0]);
}
#define HAS(set, r) si_vset_has(&(set), (r))

/* ------------------------------------------------------------ straight line */

static void t_straight_line(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("v_mov_b32 v1, 1\n"                 /* 0 */
            "v_add_i32 v2, vcc, v1, v0\n"       /* 1: last read of v0 (slot 1) */
            "v_mul_lo_u32 v3, v2, v1\n"         /* 2: last reads of v2 and v1 */
            "v_mov_b32 v4, v3\n"                /* 3: last read of v3; v4 never read */
            "v_add_i32 v5, vcc, 1, v4\n"        /* 4 */
            "v_add_i32 v5, vcc, 1, v5\n"        /* 5: reads and writes v5: no release */
            "v_mov_b32 v6, v5\n"                /* 6: last read of the new v5 */
            "s_endpgm\n",                       /* 7 */
            &k);
    assert_int_equal(k.ninsn, 8);
    assert_int_equal(k.nblock, 1);
    assert_string_equal(S(&k.insn[0].live_in), "v0");
    assert_string_equal(S(&k.insn[1].live_out), "v[1:2]");
    assert_int_equal(k.insn[1].rel_slots, 2);
    assert_string_equal(S(&k.insn[1].rel_after), "v0");
    assert_int_equal(k.insn[2].rel_slots, 3);
    assert_string_equal(S(&k.insn[2].rel_after), "v[1:2]");
    assert_string_equal(S(&k.insn[3].rel_after), "v3");
    /* read and written by the same instruction: never flagged, stays live */
    assert_true(HAS(k.insn[5].live_in, 5));
    assert_true(HAS(k.insn[5].live_out, 5));
    assert_int_equal(k.insn[5].rel_slots, 0);
    assert_string_equal(S(&k.insn[6].rel_after), "v5");
    assert_true(si_vset_empty(&k.insn[7].live_in));
    si_rfv_kernel_free(&k);
}

/* ------------------------------------------------------------ if/else */

static const char *ifelse =
    "v_mov_b32 v5, 7\n"                      /* 0 */
    "v_mov_b32 v6, 8\n"                      /* 1 */
    "v_cmp_gt_u32 vcc, 32, v0\n"             /* 2 */
    "s_and_saveexec_b64 s[2:3], vcc\n"       /* 3: then lanes */
    "s_cbranch_execz .Lelse\n"               /* 4 */
    "v_mov_b32 v1, v5\n"                     /* 5: then: v5 also read in else */
    "v_mov_b32 v3, v6\n"                     /* 6: last read of v6 */
    ".Lelse:\n"
    "s_andn2_b64 exec, s[2:3], exec\n"       /* 7: else lanes */
    "s_cbranch_execz .Lend\n"                /* 8 */
    "v_mov_b32 v1, v5\n"                     /* 9: last read of v5 */
    "v_mov_b32 v3, 0\n"                      /* 10 */
    ".Lend:\n"
    "s_or_b64 exec, exec, s[2:3]\n"          /* 11: EXEC full again */
    "v_add_i32 v4, vcc, v1, v3\n"            /* 12 */
    "v_mov_b32 v1, 0\n"                      /* 13: full EXEC: a kill */
    "v_mov_b32 v7, v1\n"                     /* 14 */
    "s_endpgm\n";                            /* 15 */

static void t_if_else(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze(ifelse, &k);
    assert_int_equal(k.ninsn, 16);
    assert_int_equal(k.nblock, 5);
    /* EXEC fullness */
    assert_int_equal(k.insn[3].exec_full, 1);
    assert_int_equal(k.insn[5].exec_full, 0);
    assert_int_equal(k.insn[9].exec_full, 0);
    assert_int_equal(k.insn[11].exec_full, 0);
    assert_int_equal(k.insn[12].exec_full, 1);
    assert_int_equal(k.insn[13].exec_full, 1);
    /* v6 is read only in "then": released there; for lanes that skipped
     * "then" (s_cbranch_execz taken) at the entry of "else" (rfv_pbr) */
    assert_true(HAS(k.insn[6].rel_after, 6));
    assert_true(HAS(k.insn[7].rel_before, 6));
    /* v5 is read in both arms: kept after "then", released after "else"
     * and, for the path that skips "else", at the join */
    assert_false(HAS(k.insn[5].rel_after, 5));
    assert_true(HAS(k.insn[5].live_out, 5));
    assert_true(HAS(k.insn[9].rel_after, 5));
    assert_true(HAS(k.insn[11].rel_before, 5));
    /* v1 and v3 are written only under partial EXECs: live from the entry
     * (their previous values stay in the other lanes) */
    assert_true(HAS(k.insn[0].live_in, 1));
    assert_true(HAS(k.insn[0].live_in, 3));
    assert_true(HAS(k.insn[10].live_in, 3));
    /* after the join the full write of v1 kills: released after 12 */
    assert_string_equal(S(&k.insn[12].rel_after), "v1 v3");
    assert_false(HAS(k.insn[13].live_in, 1));
    si_rfv_kernel_free(&k);
}

/* ------------------------------------------------------------ loops */

static void t_loop(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("v_mov_b32 v1, 0\n"                 /* 0: accumulator (loop-carried) */
            "v_mov_b32 v2, 10\n"                /* 1: read in every iteration */
            "s_mov_b32 s4, 4\n"                 /* 2 */
            ".Lloop:\n"
            "v_mov_b32 v3, v2\n"                /* 3: v3 lives within one iteration */
            "v_add_i32 v1, vcc, v1, v3\n"       /* 4: last read of v3 in the iteration */
            "s_sub_u32 s4, s4, 1\n"             /* 5 */
            "s_cmp_lg_u32 s4, 0\n"              /* 6 */
            "s_cbranch_scc1 .Lloop\n"           /* 7: back edge */
            "v_mov_b32 v4, v1\n"                /* 8 */
            "s_endpgm\n",                       /* 9 */
            &k);
    assert_int_equal(k.nblock, 3);
    assert_int_equal(k.block[1].nsucc, 2);
    /* no loop-carried dependence: released after its last read in the body */
    assert_string_equal(S(&k.insn[4].rel_after), "v3");
    /* live across the back edge: never released inside the loop ... */
    assert_true(HAS(k.insn[7].live_out, 2));
    assert_true(HAS(k.insn[7].live_out, 1));
    assert_false(HAS(k.insn[3].rel_after, 2));
    assert_false(HAS(k.insn[4].rel_after, 1));
    /* ... but at the loop exit */
    assert_true(HAS(k.insn[8].rel_before, 2));
    assert_string_equal(S(&k.insn[8].rel_after), "v1");
    /* the first instruction of the body: v2 and v1 live, v3 not */
    assert_string_equal(S(&k.insn[3].live_in), "v[1:2]");
    si_rfv_kernel_free(&k);
}

/* A loop whose EXEC narrows per lane (s_and_b64 exec), restored from the
 * pair saved before it: the restore makes EXEC full again. */
static void t_loop_exec(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("v_and_b32 v6, 3, v0\n"             /* 0 */
            "v_mov_b32 v7, 100\n"               /* 1 */
            "s_mov_b64 s[10:11], exec\n"        /* 2: a copy of the full EXEC */
            ".Lloop:\n"
            "v_cmp_lt_u32 vcc, 0, v6\n"         /* 3 */
            "s_and_b64 exec, exec, vcc\n"       /* 4 */
            "s_cbranch_execz .Ldone\n"          /* 5 */
            "v_add_i32 v7, vcc, 1, v7\n"        /* 6: partial: v7 stays live */
            "v_subrev_i32 v6, vcc, 1, v6\n"     /* 7 */
            "s_branch .Lloop\n"                 /* 8 */
            ".Ldone:\n"
            "s_mov_b64 exec, s[10:11]\n"        /* 9 */
            "v_mov_b32 v8, v7\n"                /* 10 */
            "v_mov_b32 v7, 0\n"                 /* 11: full again: a kill */
            "s_endpgm\n",                       /* 12 */
            &k);
    assert_int_equal(k.insn[2].exec_full, 1);
    assert_int_equal(k.insn[3].exec_full, 0); /* the back edge brings a partial EXEC */
    assert_int_equal(k.insn[6].exec_full, 0);
    assert_int_equal(k.insn[10].exec_full, 1);
    assert_true(HAS(k.insn[6].live_in, 7));
    assert_true(HAS(k.insn[9].rel_before, 6)); /* the counter dies at the loop exit */
    assert_string_equal(S(&k.insn[10].rel_after), "v7");
    si_rfv_kernel_free(&k);
}

/* ------------------------------------------------------------ wide operands */

static void t_wide(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("v_mov_b32 v10, 1\n"                              /* 0 */
            "v_mov_b32 v11, 2\n"                              /* 1 */
            "v_mov_b32 v12, 3\n"                              /* 2 */
            "v_mov_b32 v13, 4\n"                              /* 3 */
            "v_add_f64 v[14:15], v[10:11], v[10:11]\n"        /* 4: both slots v[10:11] */
            "v_add_f64 v[16:17], v[14:15], v[12:13]\n"        /* 5: v12 dies, v13 does not */
            "v_mov_b32 v20, v13\n"                            /* 6 */
            "ds_read2_b32 v[22:23], v20 offset1:1\n"          /* 7 */
            "buffer_store_dwordx2 v[22:23], v16, s[4:7], 0 offen\n" /* 8 */
            "buffer_store_dwordx4 v[24:27], v[30:31], s[4:7], 0 addr64\n" /* 9 */
            "s_endpgm\n",                                     /* 10 */
            &k);
    /* a 64-bit source in two slots: one flag releases both dwords */
    assert_int_equal(k.insn[4].rel_slots, 1);
    assert_string_equal(S(&k.insn[4].rel_after), "v[10:11]");
    /* v[12:13]: v13 is read later, so the slot is not flagged (v12 stays
     * mapped: a flag releases every dword of its operand) */
    assert_int_equal(k.insn[5].rel_slots, 1);
    assert_string_equal(S(&k.insn[5].rel_after), "v[14:15]");
    assert_false(HAS(k.insn[5].live_out, 12));
    assert_true(HAS(k.insn[5].live_out, 13));
    /* widths from the table: read2 returns 2 dwords, the stores read 2/4,
     * addr64 reads a 64-bit address, offen one dword */
    assert_string_equal(S(&k.insn[7].ops.def), "v[22:23]");
    assert_string_equal(S(&k.insn[7].rel_after), "v20");
    assert_int_equal(k.insn[8].ops.slot_n[0], 1);
    assert_int_equal(k.insn[8].ops.slot_n[1], 2);
    assert_string_equal(S(&k.insn[8].rel_after), "v16 v[22:23]");
    assert_int_equal(k.insn[9].ops.slot_n[0], 2);
    assert_int_equal(k.insn[9].ops.slot_n[1], 4);
    assert_string_equal(S(&k.insn[9].ops.use), "v[24:27] v[30:31]");
    si_rfv_kernel_free(&k);
}

/* Operand extraction straight from the table: TFE, GLC atomics, LDS loads,
 * v_mac (slot 2 = accumulator), v_writelane (partial), v_movrels (indexed). */
static void t_operands(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("buffer_load_dwordx4 v[0:3], v8, s[4:7], 0 offen\n"      /* 0 */
            "buffer_load_dwordx4 v[0:3], v8, s[4:7], 0 offen tfe\n"  /* 1 */
            "buffer_atomic_add v9, v8, s[4:7], 0 offen glc\n"        /* 2 */
            "buffer_atomic_add v9, v8, s[4:7], 0 offen\n"            /* 3 */
            "buffer_load_dword v10, off, s[4:7], 0 lds\n"            /* 4 */
            "v_mac_f32 v11, v12, v13\n"                              /* 5 */
            "v_mac_f32_e64 v11, v12, v13\n"                          /* 6 */
            "v_writelane_b32 v14, s0, 5\n"                           /* 7 */
            "v_movrels_b32 v15, v20\n"                               /* 8 */
            "buffer_store_dword v15, off, s[4:7], 0\n"               /* 9 */
            "v_cvt_pkaccum_u8_f32 v16, v17, v18\n"                   /* 10: keeps 3 bytes of v16 */
            "v_mov_b32 v19, v16\n"                                   /* 11 */
            "s_endpgm\n",                                            /* 12 */
            &k);
    assert_string_equal(S(&k.insn[0].ops.def), "v[0:3]");
    assert_string_equal(S(&k.insn[1].ops.def), "v[0:4]");
    assert_string_equal(S(&k.insn[2].ops.def), "v9");
    assert_string_equal(S(&k.insn[2].ops.use), "v[8:9]");
    assert_true(si_vset_empty(&k.insn[3].ops.def)); /* no GLC: nothing returned */
    assert_true(si_vset_empty(&k.insn[4].ops.def)); /* into LDS */
    assert_true(si_vset_empty(&k.insn[4].ops.use)); /* off: no address VGPR */
    for (int i = 5; i <= 6; i++) {
        assert_int_equal(k.insn[i].ops.slot_first[2], 11);
        assert_int_equal(k.insn[i].ops.slot_n[2], 1);
        assert_string_equal(S(&k.insn[i].ops.use), "v[11:13]");
    }
    assert_int_equal(k.insn[7].ops.partial, 1);
    assert_int_equal(k.insn[8].ops.indexed, 1);
    assert_string_equal(S(&k.insn[8].ops.use), "v[20:63]"); /* up to the allocation */
    assert_int_equal(k.insn[8].rel_slots, 0);
    assert_true(HAS(k.insn[0].live_in, 40)); /* movrels may read anything above v20 */
    /* v_cvt_pkaccum_u8_f32 reads its destination (sw/isa/dstread.def): no kill */
    assert_string_equal(S(&k.insn[10].ops.use), "v[16:18]");
    assert_int_equal(k.insn[10].ops.slot_first[2], 16);
    assert_true(HAS(k.insn[10].live_in, 16));
    si_rfv_kernel_free(&k);
}

/* ------------------------------------------------------------ partial EXEC writes */

static void t_partial_exec(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("v_mov_b32 v5, 1\n"                     /* 0 */
            "v_cmp_gt_u32 vcc, 32, v0\n"            /* 1 */
            "s_and_saveexec_b64 s[2:3], vcc\n"      /* 2 */
            "v_mov_b32 v5, 2\n"                     /* 3: lanes < 32 only */
            "s_or_b64 exec, exec, s[2:3]\n"         /* 4 */
            "v_mov_b32 v6, v5\n"                    /* 5 */
            "v_writelane_b32 v7, s0, 3\n"           /* 6: one lane, even under a full EXEC */
            "v_cmpx_gt_u32 vcc, 16, v0\n"           /* 7: EXEC unknown */
            "v_mov_b32 v8, 1\n"                     /* 8 */
            "s_mov_b64 exec, s[20:21]\n"            /* 9: an unknown mask */
            "v_mov_b32 v9, 1\n"                     /* 10 */
            "v_add_i32 v10, vcc, v7, v8\n"          /* 11 */
            "v_add_i32 v11, vcc, v10, v9\n"         /* 12 */
            "s_endpgm\n",                           /* 13 */
            &k);
    assert_int_equal(k.insn[3].exec_full, 0);
    assert_true(HAS(k.insn[3].live_in, 5));   /* the write did not kill ... */
    assert_true(HAS(k.insn[0].live_out, 5));  /* ... so the first value lives on */
    assert_true(si_vset_empty(&k.insn[0].rel_after));
    assert_int_equal(k.insn[5].exec_full, 1);
    assert_true(HAS(k.insn[6].live_in, 7));   /* v_writelane never kills */
    assert_true(HAS(k.insn[0].live_in, 7));
    assert_int_equal(k.insn[8].exec_full, 0);
    assert_true(HAS(k.insn[8].live_in, 8));
    assert_int_equal(k.insn[10].exec_full, 0);
    assert_true(HAS(k.insn[0].live_in, 9));
    si_rfv_kernel_free(&k);
}

/* ------------------------------------------------------------ budget */

static void t_budget(void **state)
{
    (void)state;
    uint32_t n;
    uint8_t *code = assemble("v_mov_b32 v1, 1\n"
                             "v_mov_b32 v2, v1\n"
                             "v_mov_b32 v3, v2\n"
                             "v_add_i32 v4, vcc, v3, v0\n"
                             "s_endpgm\n", &n);
    si_rfv_code c = {.name = "t", .code = code, .size = n, .nvgpr = 8, .init_vgprs = 1};
    si_rfv_opts o;
    si_rfv_opts_default(&o);
    o.waves = 400; /* 8192 bits / (10 bits x 400 waves) = 2 renamed VGPRs per wave */
    si_rfv_kernel k;
    char err[300];
    assert_int_equal(si_rfv_analyze(&c, &o, &k, err, sizeof err), 0);
    assert_int_equal(k.budget, 2);
    assert_int_equal(si_vset_count(&k.renamed), 2);
    assert_int_equal(si_vset_count(&k.exempt), 3);
    /* v0 lives longest (4 instructions, one instance): exempt, never released */
    assert_true(HAS(k.exempt, 0));
    for (int i = 0; i < k.ninsn; i++) {
        assert_false(si_vset_intersects(&k.insn[i].rel_after, &k.exempt));
        assert_false(si_vset_intersects(&k.insn[i].rel_before, &k.exempt));
    }
    si_rfv_kernel_free(&k);
    free(code);
}

/* si_rfv_exempt_load: the exempt list of a table's kernel (the RTL maps
 * those VGPRs at launch), nothing for an object without a table, an error
 * for a malformed list */
static const char *put(const char *name, const char *text)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void t_exempt_load(void **state)
{
    (void)state;
    si_vset ex;
    char err[512] = "";
    const char *p = put("t.json", "{\"format\": \"sicu-rfv-1\", \"mode\": \"in-band\", \"kernels\": ["
                                  "{\"name\": \"a\", \"renaming\": {\"exempt\": [0, 7, 255]}},"
                                  "{\"name\": \"b\", \"renaming\": {\"exempt\": []}}]}");
    assert_int_equal(si_rfv_exempt_load(p, "a", &ex, err, sizeof err), 1);
    assert_int_equal(si_vset_count(&ex), 3);
    assert_true(HAS(ex, 0) && HAS(ex, 7) && HAS(ex, 255));
    assert_int_equal(si_rfv_exempt_load(p, "b", &ex, err, sizeof err), 1);
    assert_int_equal(si_vset_count(&ex), 0);
    assert_int_equal(si_rfv_exempt_load(p, "c", &ex, err, sizeof err), 0);   /* no such kernel */
    p = put("bad.json", "{\"kernels\": [{\"name\": \"a\", \"renaming\": {\"exempt\": [256]}}]}");
    assert_int_equal(si_rfv_exempt_load(p, "a", &ex, err, sizeof err), -1);
    assert_non_null(strstr(err, "renaming.exempt"));
    p = put("trunc.json", "{\"kernels\": [");
    assert_int_equal(si_rfv_exempt_load(p, "a", &ex, err, sizeof err), -1);
    /* an object without .sicu.rfv (the original code): nothing exempt, no error */
    uint32_t n;
    free(assemble("s_endpgm\n", &n));
    char o[128];
    snprintf(o, sizeof o, "%s/k.o", tmpdir);
    assert_int_equal(si_rfv_exempt_load(o, "a", &ex, err, sizeof err), 0);
    assert_int_equal(si_vset_count(&ex), 0);
    snprintf(o, sizeof o, "%s/missing.o", tmpdir);
    assert_int_equal(si_rfv_exempt_load(o, "a", &ex, err, sizeof err), -1);
}

/* ------------------------------------------------------------ errors */

static void expect_error(const char *src, const char *words)
{
    uint32_t n;
    uint8_t *code = assemble(src, &n);
    si_rfv_code c = {.name = "bad", .code = code, .size = n, .nvgpr = 8, .init_vgprs = 1};
    si_rfv_kernel k;
    char err[512] = "";
    assert_int_equal(si_rfv_analyze(&c, NULL, &k, err, sizeof err), -1);
    if (!strstr(err, words))
        fail_msg("error '%s' lacks '%s'", err, words);
    si_rfv_kernel_free(&k);
    free(code);
}

static void t_errors(void **state)
{
    (void)state;
    expect_error("s_getpc_b64 s[0:1]\ns_setpc_b64 s[0:1]\ns_endpgm\n", "computed control flow");
    expect_error("s_swappc_b64 s[0:1], s[2:3]\ns_endpgm\n", "computed control flow");
    expect_error("s_setvskip 1, 0\ns_endpgm\n", "s_setvskip");
    expect_error("s_branch 5\ns_endpgm\n", "outside the kernel's code");
    expect_error("v_mov_b32 v1, 0x1234\ns_endpgm\n.long 0xbf82fffd\n", "not the start of an instruction");
    expect_error("v_mov_b32 v1, 1\n", "runs past the end");
    expect_error(".long 0xec000000, 0\ns_endpgm\n", "already holds rfv metadata");
    expect_error("exp mrt0 v0, v0, v0, v0\ns_endpgm\n", "graphics");
}

/* ------------------------------------------------------------ encoding */

static void t_encoding(void **state)
{
    (void)state;
    si_rfv_kernel k;
    analyze("v_mov_b32 v1, v0\n"          /* 0: slot 0 (v0) */
            "v_add_i32 v2, vcc, 1, v1\n"  /* 1: slot 1 (v1) */
            "v_mov_b32 v3, v2\n"          /* 2: slot 0 (v2) */
            "s_endpgm\n", &k);
    uint32_t w[8];
    assert_int_equal(si_rfv_meta_before(&k, 0, w, 8), 2);
    assert_int_equal(si_rfv_meta_before(&k, 1, w + 2, 6), 0);
    uint64_t p = (uint64_t)1 | (uint64_t)2 << 3 | (uint64_t)1 << 6;
    assert_int_equal(w[0], 0xec000000u | (uint32_t)p);
    assert_int_equal(w[1], 0);
    si_inst in;
    assert_int_equal(si_decode(w, 2, &in), 8);
    assert_int_equal(in.op, SI_OP_rfv_pir);
    assert_int_equal(in.fmt, SI_FMT_RFV);
    assert_int_equal(si_rfv_payload(&in), p);
    char d[200];
    si_disasm(&in, 0, d, sizeof d);
    assert_string_equal(d, ".long 0xec000051, 0x00000000 // rfv_pir +0:src0 +1:src1 +2:src0");
    /* rfv_pbr v3 v[8:9] */
    si_rfv_encode(si_ops[SI_OP_rfv_pbr].opcode, 3 | (uint64_t)0x61 << 8, w);
    assert_int_equal(si_decode(w, 2, &in), 8);
    assert_int_equal(in.op, SI_OP_rfv_pbr);
    si_disasm(&in, 0, d, sizeof d);
    assert_string_equal(d, ".long 0xed006103, 0x00000000 // rfv_pbr v3 v[8:9]");
    /* reserved: pir bits 54-55, a pbr window past v255, opcodes 2-3, truncated */
    si_rfv_encode(0, (uint64_t)1 << 54, w);
    assert_int_equal(si_decode(w, 2, &in), SI_DEC_UNKNOWN);
    si_rfv_encode(1, 250 | (uint64_t)0x80 << 8, w);
    assert_int_equal(si_decode(w, 2, &in), SI_DEC_UNKNOWN);
    si_rfv_encode(2, 0, w);
    assert_int_equal(si_decode(w, 2, &in), SI_DEC_UNKNOWN);
    si_rfv_encode(0, 0, w);
    assert_int_equal(si_decode(w, 1, &in), SI_DEC_TRUNCATED);
    si_rfv_kernel_free(&k);
}

/* ------------------------------------------------------------ emulator */

/* Run `code` as a one-wave, 64-lane kernel, instruction by instruction;
 * returns the wave after s_endpgm (its VGPRs copied to v[][]). */
static void run_wave(const uint32_t *code, size_t nw, int poison, uint32_t v[8][64], uint64_t *ninst)
{
    si_mem mem;
    si_mem_init(&mem);
    uint64_t a = si_mem_alloc(&mem, nw * 4, 256, "code");
    memcpy(si_mem_ptr(&mem, a, nw * 4), code, nw * 4);
    si_kernel k;
    memset(&k, 0, sizeof k);
    strcpy(k.name, "t");
    k.rsrc1 = 1; /* 8 VGPRs */
    si_dispatch d;
    memset(&d, 0, sizeof d);
    d.kernel = &k;
    d.dims = 1;
    d.grid[0] = d.wg[0] = 64;
    d.code_addr = d.entry_pc = a;
    d.code_size = (uint32_t)(nw * 4);
    si_emu_opts o;
    memset(&o, 0, sizeof o);
    o.poison_released = poison;
    si_emu *e = si_emu_create(&mem, &d, &o);
    si_wg *wg;
    assert_int_equal(si_emu_wg_start(e, 0, &wg), 0);
    si_wave *w = &wg->waves[0];
    while (w->state == SI_WAVE_RUN)
        if (si_emu_step(e, w, NULL) < 0)
            fail_msg("%s", si_emu_error(e));
    memcpy(v, w->v, 8 * sizeof v[0]);
    *ninst = si_emu_stats(e)->wave_insts;
    if (poison) {
        assert_int_equal(si_emu_stats(e)->rfv_meta, 2);
        if (si_emu_stats(e)->rfv_releases < 2)
            fail_msg("%llu releases", (unsigned long long)si_emu_stats(e)->rfv_releases);
    }
    si_emu_wg_end(e, wg);
    si_emu_destroy(e);
    si_mem_free(&mem);
}

static void t_emu(void **state)
{
    (void)state;
    uint32_t n;
    /* rfv_pir: release slot 0 of the 2nd instruction after it (v1 read by
     * v_mov v2, v1); rfv_pbr v3 */
    uint8_t *b = assemble(".long 0xec000008, 0x00000000\n"  /* rfv_pir +1:src0 */
                          "v_mov_b32 v1, 5\n"
                          "v_mov_b32 v2, v1\n"
                          "v_mov_b32 v3, 6\n"
                          ".long 0xed000103, 0x00000000\n"  /* rfv_pbr v3 */
                          "v_mov_b32 v4, v2\n"
                          "s_endpgm\n", &n);
    uint32_t v[8][64];
    uint64_t ni;
    run_wave((const uint32_t *)b, n / 4, 0, v, &ni);
    assert_int_equal(ni, 7); /* the metadata executes as instructions ... */
    assert_int_equal(v[1][0], 5); /* ... that change nothing */
    assert_int_equal(v[3][63], 6);
    assert_int_equal(v[4][9], 5);
    run_wave((const uint32_t *)b, n / 4, 1, v, &ni);
    assert_int_equal(v[1][0], SI_RFV_POISON); /* released after v_mov v2, v1 */
    assert_int_equal(v[1][63], SI_RFV_POISON);
    assert_int_equal(v[2][5], 5);
    assert_int_equal(v[3][17], SI_RFV_POISON);
    assert_int_equal(v[4][9], 5);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_straight_line), cmocka_unit_test(t_if_else), cmocka_unit_test(t_loop),
        cmocka_unit_test(t_loop_exec),     cmocka_unit_test(t_wide),    cmocka_unit_test(t_operands),
        cmocka_unit_test(t_partial_exec),  cmocka_unit_test(t_budget),  cmocka_unit_test(t_exempt_load), cmocka_unit_test(t_errors),
        cmocka_unit_test(t_encoding),      cmocka_unit_test(t_emu),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
