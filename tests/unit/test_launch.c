/* Unit tests: LAUNCH.json parsing, argument validation and dispatch set-up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <math.h>
#include <cmocka.h>

#include "sicu/emu.h"
#include "sicu/launch.h"

static char tmpdir[256];

static int setup(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/sicu_test_launch_XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    return 0;
}
static int teardown(void **state)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* the error message names what was expected */
static void assert_err_has(const char *err, const char *want)
{
    if (!strstr(err, want)) {
        fprintf(stderr, "expected '%s' in: %s\n", want, err);
        fail();
    }
}

static void expect_err(const char *json, const char *want)
{
    si_launch l;
    assert_int_equal(si_launch_parse_string(&l, json, "L.json", NULL), -1);
    assert_err_has(l.err, want);
    assert_non_null(strstr(l.err, "L.json"));
    si_launch_free(&l);
}

static void test_parse_ok(void **state)
{
    si_launch l;
    const char *j = "{\"code\": \"k.o\", \"kernel\": \"vadd\", \"grid\": [1000, 2], \"workgroup\": [64, 2],\n"
                    " \"buffers\": [{\"name\": \"a\", \"size\": 4000, \"init\": \"iota32:5:2\", \"dump\": \"a.out\"},\n"
                    "              {\"name\": \"r\", \"size\": 64, \"init\": \"random32:7\"}],\n"
                    " \"args\": [{\"buffer\": \"a\"}, {\"i32\": -3}, {\"u64\": \"0xffffffffffffffff\"},\n"
                    "          {\"f32\": 1.5}, {\"local\": 256}, {\"buffer\": \"r\", \"offset\": 16}],\n"
                    " \"_note\": \"ignored\"}";
    int rc = si_launch_parse_string(&l, j, "L.json", "/base");
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    assert_string_equal(l.code_path, "/base/k.o");
    assert_string_equal(l.kernel, "vadd");
    assert_int_equal(l.dims, 2);
    assert_int_equal(l.grid[0], 1000);
    assert_int_equal(l.grid[1], 2);
    assert_int_equal(l.grid[2], 1);
    assert_int_equal(l.wg[0], 64);
    assert_int_equal(l.nbufs, 2);
    assert_int_equal(l.bufs[0].init, SI_INIT_IOTA32);
    assert_int_equal(l.bufs[0].start, 5);
    assert_int_equal(l.bufs[0].step, 2);
    assert_string_equal(l.bufs[0].dump_path, "/base/a.out");
    assert_int_equal(l.nargs, 6);
    assert_int_equal(l.args[0].kind, SI_LARG_BUFFER);
    assert_int_equal(l.args[0].buf, 0);
    assert_int_equal(l.args[1].kind, SI_LARG_I32);
    assert_int_equal(l.args[1].v.i, -3);
    assert_int_equal(l.args[2].v.u, UINT64_MAX);
    assert_true(l.args[3].v.f == 1.5);
    assert_int_equal(l.args[4].local_bytes, 256);
    assert_int_equal(l.args[5].buf, 1);
    assert_int_equal(l.args[5].buf_offset, 16);
    si_launch_free(&l);
}

static void test_parse_errors(void **state)
{
    /* syntax errors name file:line:column */
    expect_err("{\n  \"code\": \"k.o\",\n  \"kernel\": \n}", "L.json:4:");
    expect_err("{\"code\": \"k.o\" \"kernel\": \"x\"}", "L.json:1:");
    expect_err("[1,2]", "top level");
    expect_err("{\"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1}", "missing required field \"code\"");
    expect_err("{\"code\": \"k.o\", \"grid\": 1, \"workgroup\": 1}", "\"kernel\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"workgroup\": 1}", "\"grid\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [1,2,3,4], \"workgroup\": 1}", "grid");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [0], \"workgroup\": [1]}", "grid[0]");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [64, 64], \"workgroup\": [64]}", "dimension");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [64, 64], \"workgroup\": [64, 32]}", "1024");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"gird\": 3}",
               "unknown field \"gird\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1,"
               " \"buffers\": [{\"name\": \"a\", \"size\": 4, \"init\": \"bogus\"}]}",
               "buffers[0] (\"a\").init");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1,"
               " \"buffers\": [{\"name\": \"a\", \"init\": \"zero\"}]}",
               "\"size\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1,"
               " \"buffers\": [{\"name\": \"a\", \"size\": 4}, {\"name\": \"a\", \"size\": 4}]}",
               "duplicate");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"buffer\": \"x\"}]}",
               "args[0].buffer: no buffer named \"x\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"i32\": 3000000000}]}",
               "args[0].i32");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"u32\": -1}]}",
               "args[0].u32");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"i128\": 1}]}",
               "unknown argument kind \"i128\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"i32\": 1, \"u32\": 2}]}",
               "exactly one");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"local\": 0}]}",
               "args[0].local");
}

static void test_parse_file(void **state)
{
    char p[512];
    snprintf(p, sizeof p, "%s/bad.json", tmpdir);
    FILE *f = fopen(p, "w");
    fputs("{\n  \"code\": \"k.o\",\n  \"kernel\": \"k\"\n  \"grid\": 1\n}\n", f);
    fclose(f);
    si_launch l;
    assert_int_equal(si_launch_parse(&l, p), -1);
    char want[600];
    snprintf(want, sizeof want, "%s:4:", p);
    assert_non_null(strstr(l.err, want));
    si_launch_free(&l);
    snprintf(p, sizeof p, "%s/missing.json", tmpdir);
    assert_int_equal(si_launch_parse(&l, p), -1);
    assert_non_null(strstr(l.err, "missing.json"));
    si_launch_free(&l);
}

/* A code object with one kernel "k"(float *a, int n, __local int *t, double d). */
static si_kernarg_desc kargs[] = {
    {.name = "a", .type_name = "float*", .value_kind = "global_buffer", .kind = SI_ARG_GLOBAL_BUFFER, .offset = 0, .size = 8},
    {.name = "n", .type_name = "int", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 8, .size = 4},
    {.name = "t", .type_name = "int*", .value_kind = "dynamic_shared_pointer", .kind = SI_ARG_DYN_LOCAL, .offset = 12, .size = 4},
    {.name = "d", .type_name = "double", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 16, .size = 8},
    {.value_kind = "hidden_global_offset_x", .kind = SI_ARG_HIDDEN, .offset = 24, .size = 8},
    {.value_kind = "hidden_block_count_x", .kind = SI_ARG_HIDDEN, .offset = 32, .size = 4},
    {.value_kind = "hidden_group_size_x", .kind = SI_ARG_HIDDEN, .offset = 36, .size = 2},
    {.value_kind = "hidden_remainder_x", .kind = SI_ARG_HIDDEN, .offset = 38, .size = 2},
};
static uint8_t image[512];
static si_kernel kern;
static si_codeobj co;

static void make_co(void)
{
    memset(&kern, 0, sizeof kern);
    snprintf(kern.name, sizeof kern.name, "k");
    kern.group_segment_fixed_size = 100;
    kern.private_segment_fixed_size = 16;
    kern.kd_offset = 256;
    kern.code_offset = 0;
    kern.kernarg_size = 40;
    kern.kernarg_align = 8;
    kern.nargs = 8;
    kern.args = kargs;
    kern.has_metadata = 1;
    memset(&co, 0, sizeof co);
    snprintf(co.path, sizeof co.path, "k.o");
    for (unsigned i = 0; i < sizeof image; i++)
        image[i] = (uint8_t)i;
    co.image = image;
    co.image_size = sizeof image;
    co.text_end = 256;
    co.nkernels = 1;
    co.kernels = &kern;
}

static const char *base_json =
    "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [100], \"workgroup\": [64],"
    " \"buffers\": [{\"name\": \"a\", \"size\": 64, \"init\": \"fill32:0xdeadbeef\"}],"
    " \"args\": %s}";

static int try_setup(const char *args, si_launch *l, si_mem *m, si_dispatch *d)
{
    char j[2048];
    snprintf(j, sizeof j, base_json, args);
    make_co();
    if (si_launch_parse_string(l, j, "L.json", tmpdir) < 0) {
        fprintf(stderr, "parse: %s\n", l->err);
        return -2;
    }
    si_mem_init(m);
    return si_launch_setup(l, &co, m, d);
}

static uint64_t rd(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void test_setup_ok(void **state)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    int rc = try_setup("[{\"buffer\": \"a\"}, {\"i32\": -7}, {\"local\": 64}, {\"f64\": 0.5}]", &l, &m, &d);
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    assert_int_equal(d.dims, 1);
    assert_int_equal(d.ngroups[0], 2);
    assert_int_equal(d.ngroups[1], 1);
    assert_int_equal(d.code_addr % 256, 0);
    assert_int_equal(d.entry_pc, d.code_addr);
    assert_memory_equal(si_mem_ptr(&m, d.code_addr, sizeof image), image, sizeof image);
    /* LDS: 100 static, dynamic arg at 112 (16-aligned), 64 bytes */
    assert_int_equal(d.lds_size, 176);
    assert_int_equal(l.dyn_lds, 76);
    assert_int_equal(d.scratch_per_wave, 16 * 64);
    assert_int_equal(d.scratch_slots, 16);
    assert_non_null(si_mem_ptr(&m, d.scratch_addr, d.scratch_per_wave * 16));
    /* buffer contents */
    const uint8_t *a = si_mem_ptr(&m, l.bufs[0].addr, 64);
    assert_non_null(a);
    assert_int_equal(rd(a + 60, 4), 0xdeadbeef);
    /* kernarg segment */
    const uint8_t *ka = si_mem_ptr(&m, d.kernarg_addr, 40);
    assert_non_null(ka);
    assert_int_equal(d.kernarg_addr % 16, 0);
    assert_int_equal(rd(ka, 8), l.bufs[0].addr);
    assert_int_equal(rd(ka + 8, 4), 0xfffffff9u);
    assert_int_equal(rd(ka + 12, 4), 112);
    assert_int_equal(rd(ka + 16, 8), 0x3fe0000000000000ull);
    assert_int_equal(rd(ka + 24, 8), 0);   /* global offset */
    assert_int_equal(rd(ka + 32, 4), 2);   /* block count */
    assert_int_equal(rd(ka + 36, 2), 64);  /* group size */
    assert_int_equal(rd(ka + 38, 2), 36);  /* remainder 100 % 64 */
    /* AQL packet */
    const uint8_t *pk = si_mem_ptr(&m, d.packet_addr, 64);
    assert_non_null(pk);
    assert_int_equal(pk[0], 2); /* KERNEL_DISPATCH */
    assert_int_equal(rd(pk + 2, 2), 1);
    assert_int_equal(rd(pk + 4, 2), 64);
    assert_int_equal(rd(pk + 6, 2), 1);
    assert_int_equal(rd(pk + 12, 4), 100);
    assert_int_equal(rd(pk + 16, 4), 1);
    assert_int_equal(rd(pk + 24, 4), 16);
    assert_int_equal(rd(pk + 28, 4), 176);
    assert_int_equal(rd(pk + 32, 8), d.code_addr + 256);
    assert_int_equal(rd(pk + 40, 8), d.kernarg_addr);
    const uint8_t *q = si_mem_ptr(&m, d.queue_addr, 64);
    assert_int_equal(rd(q + 8, 8), d.packet_addr);
    si_launch_free(&l);
    si_mem_free(&m);
}

static void expect_setup_err(const char *args, const char *want)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    int rc = try_setup(args, &l, &m, &d);
    assert_int_equal(rc, -1);
    assert_err_has(l.err, want);
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_setup_errors(void **state)
{
    expect_setup_err("[{\"buffer\": \"a\"}, {\"i32\": 1}]", "takes 4 argument(s), the launch file gives 2");
    expect_setup_err("[{\"buffer\": \"a\"}, {\"buffer\": \"a\"}, {\"local\": 4}, {\"f64\": 1}]",
                     "args[1]: buffer given for kernel argument 1 int n");
    expect_setup_err("[{\"i32\": 1}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": 1}]", "args[0]: i32 value given");
    expect_setup_err("[{\"buffer\": \"a\"}, {\"f32\": 1}, {\"local\": 4}, {\"f64\": 1}]", "floating-point value");
    expect_setup_err("[{\"buffer\": \"a\"}, {\"i32\": 1}, {\"local\": 4}, {\"i64\": 1}]", "use f64");
    expect_setup_err("[{\"buffer\": \"a\"}, {\"i64\": 1}, {\"local\": 4}, {\"f64\": 1}]", "needs 8 bytes");
    expect_setup_err("[{\"buffer\": \"a\"}, {\"i32\": 1}, {\"i32\": 4}, {\"f64\": 1}]", "not passed by value");
    expect_setup_err("[{\"buffer\": \"a\"}, {\"i32\": 1}, {\"local\": 65536}, {\"f64\": 1}]", "LDS");
    expect_setup_err("[{\"buffer\": \"a\", \"offset\": 65}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": 1}]",
                     "beyond the end");
    /* unknown kernel lists the available ones */
    si_launch l;
    si_mem m;
    si_dispatch d;
    make_co();
    assert_int_equal(si_launch_parse_string(&l, "{\"code\": \"k.o\", \"kernel\": \"nope\", \"grid\": 1, \"workgroup\": 1}",
                                            "L.json", NULL), 0);
    si_mem_init(&m);
    assert_int_equal(si_launch_setup(&l, &co, &m, &d), -1);
    assert_non_null(strstr(l.err, "kernel \"nope\" not found"));
    assert_non_null(strstr(l.err, "available: k"));
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_file_init_and_dump(void **state)
{
    char p[512];
    snprintf(p, sizeof p, "%s/in.bin", tmpdir);
    FILE *f = fopen(p, "wb");
    fwrite("ABCDEFGH", 1, 8, f);
    fclose(f);
    snprintf(p, sizeof p, "%s/L.json", tmpdir);
    f = fopen(p, "w");
    fputs("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 64, \"workgroup\": 64,\n"
          " \"buffers\": [{\"name\": \"a\", \"init\": \"file:in.bin\", \"dump\": \"out.bin\"},\n"
          "             {\"name\": \"b\", \"size\": 16, \"init\": \"f32range:0:3\"}],\n"
          " \"args\": [{\"buffer\": \"a\"}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": \"inf\"}]}\n", f);
    fclose(f);
    si_launch l;
    si_mem m;
    si_dispatch d;
    make_co();
    int rc = si_launch_parse(&l, p);
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    si_mem_init(&m);
    rc = si_launch_setup(&l, &co, &m, &d);
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    assert_int_equal(l.bufs[0].size, 8);
    uint8_t *a = si_mem_ptr(&m, l.bufs[0].addr, 8);
    assert_memory_equal(a, "ABCDEFGH", 8);
    const uint8_t *b = si_mem_ptr(&m, l.bufs[1].addr, 16);
    float fv[4];
    memcpy(fv, b, 16);
    assert_true(fv[0] == 0.0f && fv[1] == 1.0f && fv[2] == 2.0f && fv[3] == 3.0f);
    a[0] = 'z';
    assert_int_equal(si_launch_dump(&l, &m), 0);
    snprintf(p, sizeof p, "%s/out.bin", tmpdir);
    f = fopen(p, "rb");
    assert_non_null(f);
    char got[16] = {0};
    assert_int_equal(fread(got, 1, sizeof got, f), 8);
    fclose(f);
    assert_memory_equal(got, "zBCDEFGH", 8);
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_no_metadata_layout(void **state)
{
    /* hand-written assembly kernels have no metadata: natural alignment, in order */
    si_launch l;
    si_mem m;
    si_dispatch d;
    make_co();
    kern.has_metadata = 0;
    kern.nargs = 0;
    kern.args = NULL;
    assert_int_equal(si_launch_parse_string(&l,
                                            "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1,"
                                            " \"buffers\": [{\"name\": \"o\", \"size\": 4}],"
                                            " \"args\": [{\"u32\": 5}, {\"buffer\": \"o\"}, {\"f32\": 2}]}",
                                            "L.json", NULL), 0);
    si_mem_init(&m);
    assert_int_equal(si_launch_setup(&l, &co, &m, &d), 0);
    const uint8_t *ka = si_mem_ptr(&m, d.kernarg_addr, 20);
    assert_non_null(ka);
    assert_int_equal(rd(ka, 4), 5);
    assert_int_equal(rd(ka + 8, 8), l.bufs[0].addr);
    assert_int_equal(rd(ka + 16, 4), 0x40000000);
    si_launch_free(&l);
    si_mem_free(&m);
}

/* ---------------------------------------------------------------- by-value arguments */

/* The byvalue kernel of programs/byvalue (metadata as clang writes it):
 * (float *out, long *outl, params p, float4 v, int3 w, DATA_TYPE alpha, uchar2 u)
 * with typedef float DATA_TYPE and params a 40-byte struct. */
static si_kernarg_desc bvargs[] = {
    {.name = "out", .type_name = "float*", .value_kind = "global_buffer", .kind = SI_ARG_GLOBAL_BUFFER, .offset = 0, .size = 8},
    {.name = "outl", .type_name = "long*", .value_kind = "global_buffer", .kind = SI_ARG_GLOBAL_BUFFER, .offset = 8, .size = 8},
    {.name = "p", .type_name = "params", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 16, .size = 40},
    {.name = "v", .type_name = "float4", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 64, .size = 16},
    {.name = "w", .type_name = "int3", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 80, .size = 16},
    {.name = "alpha", .type_name = "DATA_TYPE", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 96, .size = 4},
    {.name = "u", .type_name = "uchar2", .value_kind = "by_value", .kind = SI_ARG_BY_VALUE, .offset = 100, .size = 2},
};

static const char *bv_json =
    "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [100], \"workgroup\": [64],"
    " \"buffers\": [{\"name\": \"a\", \"size\": 400}, {\"name\": \"b\", \"size\": 800}],"
    " \"args\": [{\"buffer\": \"a\"}, {\"buffer\": \"b\"}, %s, %s, %s, %s, %s]}";
#define BV_STRUCT "{\"struct\": [{\"i8\": -3}, {\"f32\": 0.5}, {\"f64\": 1024.25}, {\"i16\": -7}, {\"i32\": 100}," \
                  " {\"i64\": \"0x123456789a\"}, {\"u8\": 1}, {\"u8\": 2}, {\"u8\": 3}]}"
#define BV_V "{\"f32x4\": [1.5, 0.25, -2, 8]}"
#define BV_W "{\"i32x3\": [3, -4, \"0x5\"]}"
#define BV_ALPHA "{\"f32\": 2.0}"
#define BV_U "{\"bytes\": \"090A\"}"

static int bv_setup(const char *p, const char *v, const char *w, const char *alpha, const char *u, si_launch *l,
                    si_mem *m, si_dispatch *d)
{
    char j[4096];
    snprintf(j, sizeof j, bv_json, p, v, w, alpha, u);
    make_co();
    kern.args = bvargs;
    kern.nargs = 7;
    kern.kernarg_size = 104;
    kern.kernarg_align = 16;
    kern.max_flat_wg = 256;
    si_mem_init(m);
    if (si_launch_parse_string(l, j, "L.json", tmpdir) < 0)
        return -2;
    return si_launch_setup(l, &co, m, d);
}

static void test_by_value_layout(void **state)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    int rc = bv_setup(BV_STRUCT, BV_V, BV_W, BV_ALPHA, BV_U, &l, &m, &d);
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    const uint8_t *ka = si_mem_ptr(&m, d.kernarg_addr, 104);
    assert_non_null(ka);
    /* the struct: natural alignment, padding zero, padded to 40 bytes */
    static const uint8_t st[40] = {
        0xfd, 0, 0, 0, 0x00, 0x00, 0x00, 0x3f,         /* char -3, pad, float 0.5        */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x90, 0x40, /* double 1024.25                 */
        0xf9, 0xff, 0, 0, 100, 0, 0, 0,                 /* short -7, pad, int 100         */
        0x9a, 0x78, 0x56, 0x34, 0x12, 0, 0, 0,          /* long 0x123456789a              */
        1, 2, 3, 0, 0, 0, 0, 0,                         /* uchar[3], tail padding         */
    };
    assert_memory_equal(ka + 16, st, 40);
    /* float4 and int3 (a 3-vector occupies 4 elements, the 4th zero) */
    assert_int_equal(rd(ka + 64, 4), 0x3fc00000);
    assert_int_equal(rd(ka + 68, 4), 0x3e800000);
    assert_int_equal(rd(ka + 72, 4), 0xc0000000);
    assert_int_equal(rd(ka + 76, 4), 0x41000000);
    assert_int_equal(rd(ka + 80, 4), 3);
    assert_int_equal(rd(ka + 84, 4), 0xfffffffc);
    assert_int_equal(rd(ka + 88, 4), 5);
    assert_int_equal(rd(ka + 92, 4), 0);
    /* a typedef'd float takes f32 (checked by size, not by its type name) */
    assert_int_equal(rd(ka + 96, 4), 0x40000000);
    /* raw bytes in the order written */
    assert_int_equal(ka[100], 0x09);
    assert_int_equal(ka[101], 0x0a);
    assert_int_equal(l.args[2].kind, SI_LARG_STRUCT);
    assert_int_equal(l.args[2].nbytes, 40);
    assert_int_equal(l.args[2].align, 8);
    assert_int_equal(l.args[3].kind, SI_LARG_VECTOR);
    assert_int_equal(l.args[3].elem, SI_LARG_F32);
    assert_int_equal(l.args[3].count, 4);
    si_launch_free(&l);
    si_mem_free(&m);

    /* nested structs, vectors and bytes inside a struct; raw bytes for a float4;
     * an int3 given as 4 elements; any 4-byte kind for the typedef */
    rc = bv_setup("{\"struct\": [{\"struct\": [{\"u8\": 7}, {\"f64\": 0}]}, {\"i16x2\": [1, -1]}, {\"bytes\": \"aa\"},"
                  " {\"struct\": [{\"u32\": 9}]}, {\"u8\": 5}, {\"f64\": 0.5}]}",
                  "{\"bytes\": \"000000000000000000000000000000ff\"}", "{\"u32x4\": [1, 2, 3, 4]}", "{\"u32\": 1}",
                  "{\"u8x2\": [1, 255]}", &l, &m, &d);
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    ka = si_mem_ptr(&m, d.kernarg_addr, 104);
    static const uint8_t nest[40] = {
        7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* {u8 7, f64 0}: 16 bytes, align 8 */
        1, 0, 0xff, 0xff, 0xaa, 0, 0, 0,                /* i16x2 @16, bytes @20            */
        9, 0, 0, 0, 5, 0, 0, 0,                         /* {u32 9} @24, u8 @28             */
        0, 0, 0, 0, 0, 0, 0xe0, 0x3f,                   /* f64 0.5 @32                     */
    };
    assert_memory_equal(ka + 16, nest, 40);
    assert_int_equal(ka[79], 0xff);
    assert_int_equal(rd(ka + 92, 4), 4);
    assert_int_equal(rd(ka + 96, 4), 1);
    assert_int_equal(rd(ka + 100, 2), 0xff01);
    si_launch_free(&l);
    si_mem_free(&m);
}

static void expect_bv_err(const char *p, const char *v, const char *w, const char *alpha, const char *u, const char *want)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    int rc = bv_setup(p, v, w, alpha, u, &l, &m, &d);
    assert_int_not_equal(rc, 0);
    assert_err_has(l.err, want);
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_by_value_errors(void **state)
{
    /* sizes: named argument, expected and given size */
    expect_bv_err("{\"struct\": [{\"f32\": 1}, {\"i32\": 3}]}", BV_V, BV_W, BV_ALPHA, BV_U,
                  "args[2] (struct): expected 40 bytes for kernel argument 2 params p (by_value, 40 bytes), given 8");
    expect_bv_err(BV_STRUCT, "{\"f32x2\": [1, 2]}", BV_W, BV_ALPHA, BV_U, "expected 16 bytes for kernel argument 3 float4 v");
    expect_bv_err(BV_STRUCT, BV_V, BV_W, BV_ALPHA, "{\"bytes\": \"090a0b\"}", "args[6] (bytes): expected 2 bytes");
    expect_bv_err(BV_STRUCT, BV_V, BV_W, "{\"f64\": 2.0}", BV_U, "args[5]: f64 needs 8 bytes but kernel argument 5 DATA_TYPE alpha");
    /* element types of built-in vector types */
    expect_bv_err(BV_STRUCT, "{\"i32x4\": [1, 2, 3, 4]}", BV_W, BV_ALPHA, BV_U, "integer vector (i32x4) given for "
                  "floating-point argument 3 float4 v (by_value, 16 bytes); use f32x4");
    expect_bv_err(BV_STRUCT, BV_V, "{\"f32x3\": [1, 2, 3]}", BV_ALPHA, BV_U, "floating-point vector (f32x3) given for integer");
    /* alignment: a struct of floats cannot sit at a kernarg offset that is not a multiple of 4 */
    bvargs[6].offset = 98;
    bvargs[6].size = 4;
    expect_bv_err(BV_STRUCT, BV_V, BV_W, BV_ALPHA, "{\"struct\": [{\"f32\": 1}]}",
                  "args[6]: struct needs 4-byte alignment but kernel argument 6 uchar2 u (by_value, 4 bytes) is at "
                  "kernarg offset 98");
    bvargs[6].offset = 100;
    bvargs[6].size = 2;
    /* malformed values name the field */
    expect_bv_err("{\"struct\": []}", BV_V, BV_W, BV_ALPHA, BV_U, "args[2].struct: expected a non-empty array");
    expect_bv_err("{\"struct\": [{\"f32\": 1}, {\"buffer\": \"a\"}]}", BV_V, BV_W, BV_ALPHA, BV_U,
                  "args[2].struct[1].buffer: \"buffer\" is not a by-value kind");
    expect_bv_err("{\"struct\": [{\"f32\": 1}, {\"i8\": 128}]}", BV_V, BV_W, BV_ALPHA, BV_U,
                  "args[2].struct[1].i8: expected an integer in [-128, 127], got 128");
    expect_bv_err("{\"struct\": [{\"u16\": -1}]}", BV_V, BV_W, BV_ALPHA, BV_U, "args[2].struct[0].u16: expected an integer in [0, 65535]");
    expect_bv_err(BV_STRUCT, "{\"f32x4\": [1, 2, 3]}", BV_W, BV_ALPHA, BV_U, "args[3].f32x4: expected an array of 4 f32 elements");
    expect_bv_err(BV_STRUCT, "{\"f32x4\": [1, 2, 3, 1e39]}", BV_W, BV_ALPHA, BV_U, "is out of range for f32");
    expect_bv_err(BV_STRUCT, "{\"f32x4\": [1, 2, 3, 1e39]}", BV_W, BV_ALPHA, BV_U, "args[3].f32x4[3]: ");
    expect_bv_err(BV_STRUCT, BV_V, BV_W, BV_ALPHA, "{\"bytes\": \"0g\"}", "args[6].bytes: 'g' at character 1 is not a hex digit");
    expect_bv_err(BV_STRUCT, BV_V, BV_W, BV_ALPHA, "{\"bytes\": \"123\"}", "args[6].bytes: expected a non-empty string of hex");
    expect_bv_err(BV_STRUCT, BV_V, BV_W, BV_ALPHA, "{\"f32x5\": [1, 2, 3, 4, 5]}", "unknown argument kind \"f32x5\"");
    /* a struct is not a pointer */
    expect_setup_err("[{\"struct\": [{\"f32\": 1}, {\"f32\": 2}]}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": 1}]",
                     "args[0]: struct value given for kernel argument 0 float* a (global_buffer, 8 bytes), which is not "
                     "passed by value");
}

/* ---------------------------------------------------------------- numbers and limits */

#define ONE_ARG(a) "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [" a "]}"
#define ONE_BUF(b) "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"buffers\": [" b "]}"

static void test_number_ranges(void **state)
{
    /* f32 values that do not fit are errors, not infinities */
    expect_err(ONE_ARG("{\"f32\": 1e39}"), "args[0].f32: ");
    expect_err(ONE_ARG("{\"f32\": 1e39}"), "out of range for f32");
    expect_err(ONE_ARG("{\"f32\": -3.5e38}"), "out of range for f32");
    expect_err(ONE_ARG("{\"f32\": \"1e39\"}"), "args[0].f32: \"1e39\" is out of range for f32");
    expect_err(ONE_ARG("{\"f64\": \"1e400\"}"), "args[0].f64: expected a number");
    expect_err(ONE_ARG("{\"f32\": \" 1.5\"}"), "args[0].f32: expected a number");
    /* signs and spaces: no wrap-around to 2^64 - 4 */
    expect_err(ONE_ARG("{\"u32\": \" -4\"}"), "args[0].u32: expected an integer in [0, 4294967295], got \" -4\"");
    expect_err(ONE_ARG("{\"u64\": \"-4\"}"), "args[0].u64: expected an integer in [0, 18446744073709551615], got \"-4\"");
    expect_err(ONE_ARG("{\"u64\": \" -4\"}"), "args[0].u64");
    expect_err(ONE_ARG("{\"i64\": \" 4\"}"), "args[0].i64");
    expect_err(ONE_ARG("{\"i32\": \"+4\"}"), "args[0].i32");
    expect_err(ONE_ARG("{\"i32\": \"--4\"}"), "args[0].i32");
    expect_err(ONE_ARG("{\"u32\": \"0x\"}"), "args[0].u32");
    expect_err(ONE_ARG("{\"u64\": \"18446744073709551616\"}"), "args[0].u64");
    expect_err(ONE_ARG("{\"i64\": \"-9223372036854775809\"}"), "args[0].i64");
    expect_err(ONE_ARG("{\"local\": \" -4\"}"), "args[0].local: expected a byte count between 1 and 65536, got \" -4\"");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"buffers\": [{\"name\": \"a\", "
               "\"size\": 8}], \"args\": [{\"buffer\": \"a\", \"offset\": \"-1\"}]}",
               "args[0].offset: expected a non-negative byte offset, got \"-1\"");
    /* buffer sizes */
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": -4}"), "buffers[0] (\"a\").size: expected a byte count between 1 "
               "and 4294967296, got -4");
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": \"-4\"}"), "buffers[0] (\"a\").size");
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": \" -4\"}"), "buffers[0] (\"a\").size");
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": 4.5}"), "buffers[0] (\"a\").size");
    /* init pattern parameters */
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": 4, \"init\": \"random32: -4\"}"), "buffers[0] (\"a\").init");
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": 4, \"init\": \"fill32:+4\"}"), "buffers[0] (\"a\").init");
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": 4, \"init\": \"f32range:0:1e39\"}"), "out of range for f32");
    expect_err(ONE_BUF("{\"name\": \"a\", \"size\": 4, \"init\": \"f32random:1:0:1e999\"}"), "buffers[0] (\"a\").init");

    /* what is accepted: decimal (no octal), hex, negative signed values, f32 limits */
    si_launch l;
    assert_int_equal(si_launch_parse_string(&l, ONE_ARG("{\"u32\": \"010\"}, {\"i64\": \"-0x10\"}, {\"u64\": \"0XfF\"},"
                                                        " {\"f32\": 3.4028234e38}, {\"f32\": \"-inf\"}, {\"i8\": -128},"
                                                        " {\"u16\": \"65535\"}"),
                                            "L.json", NULL), 0);
    assert_int_equal(l.args[0].v.u, 10);
    assert_int_equal(l.args[1].v.i, -16);
    assert_int_equal(l.args[2].v.u, 255);
    assert_true(l.args[3].v.f > 3.4e38);
    assert_true(l.args[4].v.f < 0 && isinf(l.args[4].v.f));
    assert_int_equal(l.args[5].v.i, -128);
    assert_int_equal(l.args[6].v.u, 65535);
    si_launch_free(&l);
}

static int geo_setup(const char *grid, const char *wg, si_launch *l, si_mem *m, si_dispatch *d)
{
    char j[1024];
    snprintf(j, sizeof j,
             "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": %s, \"workgroup\": %s, \"buffers\": [{\"name\": \"a\","
             " \"size\": 64}], \"args\": [{\"buffer\": \"a\"}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": 1}]}",
             grid, wg);
    si_mem_init(m);
    if (si_launch_parse_string(l, j, "L.json", tmpdir) < 0)
        return -2;
    return si_launch_setup(l, &co, m, d);
}

static void expect_geo(const char *grid, const char *wg, const char *want)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    int rc = geo_setup(grid, wg, &l, &m, &d);
    if (!want) {
        if (rc)
            fprintf(stderr, "%s\n", l.err);
        assert_int_equal(rc, 0);
    } else {
        assert_int_not_equal(rc, 0);
        assert_err_has(l.err, want);
    }
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_workgroup_limits(void **state)
{
    make_co();
    kern.max_flat_wg = 256;
    expect_geo("[512]", "[256]", NULL);
    expect_geo("[512]", "[512]", "workgroup: 512 x 1 x 1 = 512 work-items exceeds kernel \"k\"'s "
                                 "max_flat_workgroup_size of 256");
    expect_geo("[64, 64]", "[32, 16]", "max_flat_workgroup_size of 256");
    kern.reqd_wg[0] = 16;
    kern.reqd_wg[1] = 4;
    kern.reqd_wg[2] = 1;
    expect_geo("[64, 8]", "[16, 4]", NULL);
    expect_geo("[64, 8]", "[8, 8]", "workgroup: 8 x 8 x 1 differs from kernel \"k\"'s reqd_work_group_size(16, 4, 1)");
    expect_geo("[64]", "[64]", "reqd_work_group_size(16, 4, 1)");
    make_co(); /* without limits in the metadata: up to 1024 */
    expect_geo("[1024]", "[1024]", NULL);
}

static void test_grid_limits(void **state)
{
    make_co();
    /* 2^32 work-groups: no 32-bit overflow (the emulator used to divide by zero) */
    expect_geo("[65536, 65536]", "[1, 1]", "grid: 65536 x 65536 x 1 work-items in work-groups of 1 x 1 x 1 make "
                                           "4294967296 work-groups");
    expect_geo("[4294967295, 2]", "[1, 1]", "8589934590 work-groups");
    expect_geo("[4294967295]", "[128]", NULL); /* 33554432 groups of 2 waves */
    expect_geo("[65536, 65536]", "[16, 16]", NULL);
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [4294967296], \"workgroup\": [1]}",
               "grid[0]: must be between 1 and 4294967295");
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [1, -2], \"workgroup\": [1, 1]}", "grid[1]");
}

/* Many buffers: duplicate names are found without comparing every pair, and
 * {"buffer": NAME} look-ups stay fast. */
static void test_many_buffers(void **state)
{
    enum { N = 20000 };
    size_t cap = (size_t)N * 80 + 256;
    char *j = malloc(cap);
    assert_non_null(j);
    size_t n = (size_t)snprintf(j, cap, "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"buffers\": [");
    for (int i = 0; i < N; i++)
        n += (size_t)snprintf(j + n, cap - n, "%s{\"name\": \"b%d\", \"size\": 4}", i ? ", " : "", (i * 7919) % N);
    n += (size_t)snprintf(j + n, cap - n, "], \"args\": [");
    for (int i = 0; i < N; i++)
        n += (size_t)snprintf(j + n, cap - n, "%s{\"buffer\": \"b%d\"}", i ? ", " : "", N - 1 - i);
    snprintf(j + n, cap - n, "]}");
    si_launch l;
    int rc = si_launch_parse_string(&l, j, "L.json", NULL);
    if (rc)
        fprintf(stderr, "%s\n", l.err);
    assert_int_equal(rc, 0);
    for (int i = 0; i < N; i += 997) {
        char want[16];
        snprintf(want, sizeof want, "b%d", N - 1 - i);
        assert_string_equal(l.bufs[l.args[i].buf].name, want);
    }
    si_launch_free(&l);
    /* a duplicate near the end names both entries */
    char *dup = strstr(j, "\"name\": \"b1\"");
    assert_non_null(dup);
    memcpy(dup, "\"name\": \"b0\"", 12);
    assert_int_equal(si_launch_parse_string(&l, j, "L.json", NULL), -1);
    assert_non_null(strstr(l.err, "duplicate buffer name \"b0\""));
    assert_non_null(strstr(l.err, "(also buffers[0])"));
    si_launch_free(&l);
    free(j);
}

/* The global work offset: parsed, range-checked, written to the
 * hidden_global_offset_* argument; missing hidden argument; hidden kinds. */
static int try_offset(const char *offset, si_launch *l, si_mem *m, si_dispatch *d)
{
    char j[1024];
    snprintf(j, sizeof j,
             "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [100], \"workgroup\": [64], \"offset\": %s,"
             " \"buffers\": [{\"name\": \"a\", \"size\": 64}],"
             " \"args\": [{\"buffer\": \"a\"}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": 1}]}", offset);
    make_co();
    si_mem_init(m);
    if (si_launch_parse_string(l, j, "L.json", tmpdir) < 0)
        return -2;
    return si_launch_setup(l, &co, m, d);
}

static void expect_offset_err(const char *offset, int rc_want, const char *want)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    assert_int_equal(try_offset(offset, &l, &m, &d), rc_want);
    assert_err_has(l.err, want);
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_global_offset(void **state)
{
    si_launch l;
    si_mem m;
    si_dispatch d;
    const char *ok[] = {"[7]", "7", "\"0xffffffffffffff00\"", "[\"18446744073709551516\"]"};
    const uint64_t want[] = {7, 7, 0xffffffffffffff00ull, 18446744073709551516ull};
    for (int i = 0; i < 4; i++) {
        int rc = try_offset(ok[i], &l, &m, &d);
        if (rc)
            fprintf(stderr, "%s: %s\n", ok[i], l.err);
        assert_int_equal(rc, 0);
        assert_true(l.offset[0] == want[i] && d.offset[0] == want[i]);
        assert_true(rd(si_mem_ptr(&m, d.kernarg_addr, 40) + 24, 8) == want[i]);
        si_launch_free(&l);
        si_mem_free(&m);
    }
    expect_offset_err("[-1]", -2, "offset[0]: expected an integer in [0, 18446744073709551615], got -1");
    expect_offset_err("[1.5]", -2, "offset[0]: expected an integer");
    expect_offset_err("\"-3\"", -2, "offset: expected an integer");
    expect_offset_err("[1, 2]", -2, "offset: expected an array of 1 non-negative integer, one per dimension of grid");
    expect_offset_err("{}", -2, "offset: expected an array of 1");
    /* the largest global id, offset + 99, must fit 64 bits */
    expect_offset_err("[\"18446744073709551517\"]", -2, "offset[0]: 18446744073709551517 + grid[0] (100) - 1 exceeds");
    /* an offset in a dimension whose hidden argument the kernel lacks */
    char j[512];
    snprintf(j, sizeof j, "{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": [64, 2], \"workgroup\": [64, 1],"
                          " \"offset\": [0, 5], \"buffers\": [{\"name\": \"a\", \"size\": 64}],"
                          " \"args\": [{\"buffer\": \"a\"}, {\"i32\": 1}, {\"local\": 4}, {\"f64\": 1}]}");
    make_co();
    si_mem_init(&m);
    assert_int_equal(si_launch_parse_string(&l, j, "L.json", tmpdir), 0);
    assert_int_equal(si_launch_setup(&l, &co, &m, &d), -1);
    assert_err_has(l.err, "offset[1]: kernel \"k\" has no hidden argument hidden_global_offset_y");
    si_launch_free(&l);
    si_mem_free(&m);
}

static void test_hidden_kinds(void **state)
{
    static const struct { const char *kind; const char *err; } cases[] = {
        {"hidden_printf_buffer", "uses printf (hidden_printf_buffer)"},
        {"hidden_default_queue", "enqueues kernels (hidden_default_queue)"},
        {"hidden_completion_action", "(hidden_completion_action): device-side enqueue"},
        {"hidden_heap_v1", "hidden argument hidden_heap_v1 (offset 32) is not supported"},
        {"hidden_private_base", "hidden_private_base"},
        {"hidden_whatever", "hidden_whatever"},
        {"hidden_none", NULL},
        {"hidden_multigrid_sync_arg", NULL},
        {"hidden_hostcall_buffer", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        si_launch l;
        si_mem m;
        si_dispatch d;
        make_co();
        si_kernarg_desc saved = kargs[5];
        snprintf(kargs[5].value_kind, sizeof kargs[5].value_kind, "%s", cases[i].kind);
        kargs[5].size = 4;
        int rc = try_offset("[0]", &l, &m, &d);
        kargs[5] = saved;
        if (cases[i].err) {
            assert_int_equal(rc, -1);
            assert_err_has(l.err, cases[i].err);
        } else {
            assert_int_equal(rc, 0);
            assert_true(rd(si_mem_ptr(&m, d.kernarg_addr, 40) + 32, 4) == 0);
        }
        si_launch_free(&l);
        si_mem_free(&m);
    }
}

static void test_rand(void **state)
{
    uint64_t s1 = 42, s2 = 42;
    uint32_t a = si_launch_rand32(&s1);
    assert_int_equal(a, si_launch_rand32(&s2));
    assert_int_not_equal(a, si_launch_rand32(&s1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_ok),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_file),
        cmocka_unit_test(test_setup_ok),
        cmocka_unit_test(test_setup_errors),
        cmocka_unit_test(test_file_init_and_dump),
        cmocka_unit_test(test_no_metadata_layout),
        cmocka_unit_test(test_by_value_layout),
        cmocka_unit_test(test_by_value_errors),
        cmocka_unit_test(test_number_ranges),
        cmocka_unit_test(test_workgroup_limits),
        cmocka_unit_test(test_grid_limits),
        cmocka_unit_test(test_global_offset),
        cmocka_unit_test(test_hidden_kinds),
        cmocka_unit_test(test_many_buffers),
        cmocka_unit_test(test_rand),
    };
    return cmocka_run_group_tests_name("launch", tests, setup, teardown);
}
