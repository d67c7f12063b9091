/* Unit tests: LAUNCH.json parsing, argument validation and dispatch set-up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

static void expect_err(const char *json, const char *want)
{
    si_launch l;
    assert_int_equal(si_launch_parse_string(&l, json, "L.json", NULL), -1);
    if (!strstr(l.err, want)) {
        fprintf(stderr, "expected '%s' in: %s\n", want, l.err);
        fail();
    }
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
    expect_err("{\"code\": \"k.o\", \"kernel\": \"k\", \"grid\": 1, \"workgroup\": 1, \"args\": [{\"i16\": 1}]}",
               "unknown argument kind \"i16\"");
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
    if (!strstr(l.err, want)) {
        fprintf(stderr, "expected '%s' in: %s\n", want, l.err);
        fail();
    }
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
        cmocka_unit_test(test_rand),
    };
    return cmocka_run_group_tests_name("launch", tests, setup, teardown);
}
