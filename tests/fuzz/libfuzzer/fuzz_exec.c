/* libFuzzer target: kernel execution on the golden emulator (sw/emu.c and
 * the execution units it calls).
 *
 * The input is a small kernel:
 *
 *   bytes 0-7   the kernel header (below)
 *   bytes 8-    instruction dwords, little-endian (a partial last dword is
 *               dropped), followed by an s_endpgm the target appends
 *
 *   byte 0      COMPUTE_PGM_RSRC1.VGPRS  (bits 5:0; granules of 4 VGPRs)
 *   byte 1      COMPUTE_PGM_RSRC1.SGPRS  (bits 3:0; granules of 8 SGPRs)
 *   byte 2      COMPUTE_PGM_RSRC1.FLOAT_MODE (round and denormal modes)
 *   byte 3      bit 0 DX10_CLAMP, bit 1 IEEE
 *   byte 4      kernel code properties (enable_sgpr_*, bits 6:0); the user
 *               SGPR count in RSRC2 is derived from them
 *   byte 5      RSRC2: bit 0 SCRATCH_EN, bits 3:1 TGID_X/Y/Z_EN,
 *               bit 4 TG_SIZE_EN, bits 6:5 TIDIG_COMP_CNT
 *   byte 6      work-items in the (single) work-group: 1 + byte % 64
 *   byte 7      bit 0 write a trace (to /dev/null), bits 3:1 private
 *               segment (x16 bytes per work-item), bits 7:4 static LDS (KiB)
 *
 * The dispatch is one wave of one work-group with two 32 KiB buffers, "a"
 * (kernarg 0, random) and "b" (kernarg 1, zero): the asm tests of
 * programs/asm store into kernarg 0, the programs of sicu-fuzz read kernarg
 * 0 and write kernarg 1, so both kinds run as seeds.  It runs with a limit of
 * FZ_MAX_INSTS wave instructions.  The emulator may fail (bad
 * instruction, wild address, the limit): it must report that as an error,
 * never crash, hang or leak.
 */
#include "fuzz_common.h"
#include "sicu/launch.h"

#define FZ_HDR 8
#define FZ_MAX_INSTS 2000
#define FZ_MAX_CODE_WORDS 4096
#define FZ_S_ENDPGM 0xbf810000u

static const char g_launch_json[] =
    "{\"code\": \"fuzz\", \"kernel\": \"fuzz\", \"grid\": [64], \"workgroup\": [64],"
    " \"buffers\": [{\"name\": \"a\", \"size\": 32768, \"init\": \"random32:1\"},"
    "               {\"name\": \"b\", \"size\": 32768, \"init\": \"zero\"}],"
    " \"args\": [{\"buffer\": \"a\"}, {\"buffer\": \"b\"}]}";

static si_launch g_launch;
static FILE *g_null;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (si_launch_parse_string(&g_launch, g_launch_json, "fuzz_exec", NULL) < 0) {
        fprintf(stderr, "fuzz_exec: %s\n", g_launch.err);
        abort();
    }
    g_null = fz_devnull();
    return 0;
}

/* User SGPRs the enabled code properties need (bits as in the KD). */
static unsigned user_sgprs(unsigned cp)
{
    static const unsigned n[7] = {4, 2, 2, 2, 2, 0, 1}; /* bit 5: flat scratch, refused */
    unsigned s = 0;
    for (int b = 0; b < 7; b++)
        s += (cp >> b & 1) * n[b];
    return s;
}

/* The kernel descriptor fields from the header. */
static void fill_kernel(si_kernel *k, const uint8_t *h)
{
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "fuzz");
    k->rsrc1 = (h[0] & 0x3fu) | (h[1] & 0xfu) << 6 | (uint32_t)h[2] << 12 | (h[3] & 1u) << 21 |
               (h[3] >> 1 & 1u) << 23;
    k->code_props = h[4] & 0x7f;
    k->rsrc2 = (h[5] & 1u) | user_sgprs(k->code_props) << 1 | (h[5] >> 1 & 0xfu) << 7 | (h[5] >> 5 & 3u) << 11;
    k->private_segment_fixed_size = (h[7] >> 1 & 7u) * 16;
    k->group_segment_fixed_size = (h[7] >> 4) * 1024u;
    k->kd_offset = 0;
    k->code_offset = 0;
    k->kernarg_align = 16;
}

/* The code image: the input's dwords, then s_endpgm. */
static int fill_codeobj(si_codeobj *co, si_kernel *k, const uint8_t *code, size_t n)
{
    size_t nw = n / 4 > FZ_MAX_CODE_WORDS ? FZ_MAX_CODE_WORDS : n / 4;
    memset(co, 0, sizeof *co);
    snprintf(co->path, sizeof co->path, "fuzz-input");
    co->image = malloc(nw * 4 + 4);
    if (!co->image)
        return -1;
    memcpy(co->image, code, nw * 4);
    uint32_t end = FZ_S_ENDPGM;
    memcpy(co->image + nw * 4, &end, 4);
    co->image_size = co->text_end = nw * 4 + 4;
    co->kernels = k;
    co->nkernels = 1;
    return 0;
}

/* Set up memory for the launch and run it; the result is not checked
 * beyond "an error has a message". */
static void run(si_codeobj *co, unsigned lanes, int trace)
{
    si_mem mem;
    si_dispatch d;
    si_mem_init(&mem);
    g_launch.grid[0] = g_launch.wg[0] = lanes;
    if (si_launch_setup(&g_launch, co, &mem, &d) == 0) {
        si_emu_opts o = {.max_instructions = FZ_MAX_INSTS, .trace = trace ? g_null : NULL};
        si_emu *e = si_emu_create(&mem, &d, &o);
        if (e && si_emu_run(e) < 0 && !si_emu_error(e)[0])
            abort(); /* a failure must say why */
        si_emu_destroy(e);
    }
    si_mem_free(&mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < FZ_HDR)
        return 0;
    si_kernel k;
    si_codeobj co;
    fill_kernel(&k, data);
    if (fill_codeobj(&co, &k, data + FZ_HDR, size - FZ_HDR) < 0)
        return 0;
    run(&co, 1 + data[6] % 64u, data[7] & 1);
    free(co.image);
    return 0;
}
