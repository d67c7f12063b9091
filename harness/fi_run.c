/* sicu harness, fault injection: runs of one launch with a fault, against
 * the golden emulator's final memory and a fault-free run of the same model
 * (harness.h, docs/faults.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "fi.h"
#include "harness.h"
#include "sicu/launch.h"
#include "sicu_config.h"
#include "sicu_units.h"

#define FI_MAX_CYCLES 50000000ull      /* runaway guard of a run (the watchdog usually ends a hang first) */
/* a faulty run still running at twice the fault-free length plus this is a
 * hang (a corrupted loop bound retires instructions, so the watchdog never fires) */
#define FI_HANG_SLACK 10000u

typedef struct snap {
    uint64_t cycle;
    int taken, running;    /* running: the fault-free run had not completed at this cycle */
    uint64_t mem;          /* hash of the memory image */
    uint64_t *state;       /* hashes of the variables (nvars) */
} snap;

struct sh_fi {
    si_launch l;
    si_codeobj co;
    int have_l, have_co;
    char launch_path[1024];
    uint64_t end_after;
    si_mem gold;           /* the emulator's final memory */
    sh_flops fl;           /* the state variables */
    int ref_done;
    uint64_t ref_cycles, ref_mem;
    uint64_t *ref_state;
    snap *sn;
    unsigned nsn, capsn;
    char err[8192];
    char simerr[8192];     /* the current simulation's error buffer */
};

const char *sh_outcome_name(int o)
{
    static const char *const n[SH_NOUT] = {"masked", "latent", "detected", "sdc", "due", "hang"};
    return o >= 0 && o < SH_NOUT ? n[o] : "?";
}

const char *sh_fi_error(const sh_fi *fi) { return fi->err; }

static uint64_t mem_hash(const si_mem *m)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < m->nr; i++)
        for (uint64_t k = 0; k < m->r[i].size; k++)
            h = (h ^ m->r[i].host[k]) * 1099511628211ull;
    return h;
}

static int golden(sh_fi *fi)
{
    si_dispatch d;
    si_mem_init(&fi->gold);
    if (si_launch_setup(&fi->l, &fi->co, &fi->gold, &d) < 0) {
        snprintf(fi->err, sizeof fi->err, "%s", fi->l.err);
        return -1;
    }
    si_emu_opts eo = {.max_instructions = SI_EMU_DEFAULT_MAX_INSTRUCTIONS};
    si_emu *e = si_emu_create(&fi->gold, &d, &eo);
    if (!e) {
        snprintf(fi->err, sizeof fi->err, "%s: cannot create the emulator", fi->launch_path);
        return -1;
    }
    int rc = si_emu_run(e);
    if (rc < 0)
        snprintf(fi->err, sizeof fi->err, "%s: the golden emulator failed: %s", fi->launch_path, si_emu_error(e));
    si_emu_destroy(e);
    return rc < 0 ? -1 : 0;
}

sh_fi *sh_fi_open(const char *launch_path, uint64_t end_after, char *err, size_t errlen)
{
    sh_fi *fi = calloc(1, sizeof *fi);
    if (!fi) {
        snprintf(err, errlen, "out of host memory");
        return NULL;
    }
    snprintf(fi->launch_path, sizeof fi->launch_path, "%s", launch_path);
    fi->end_after = end_after;
    si_mem_init(&fi->gold);
    int ok = 0;
    if (si_launch_parse(&fi->l, launch_path) < 0)
        snprintf(fi->err, sizeof fi->err, "%s", fi->l.err);
    else if (fi->have_l = 1, si_codeobj_load(&fi->co, fi->l.code_path) < 0)
        snprintf(fi->err, sizeof fi->err, "%s", fi->co.err);
    else if (fi->have_co = 1, golden(fi) == 0 && sh_flops_list(&fi->fl, fi->err, sizeof fi->err) == 0)
        ok = 1;
    if (!ok) {
        snprintf(err, errlen, "%s", fi->err);
        sh_fi_close(fi);
        return NULL;
    }
    return fi;
}

void sh_fi_close(sh_fi *fi)
{
    if (!fi)
        return;
    for (unsigned i = 0; i < fi->nsn; i++)
        free(fi->sn[i].state);
    free(fi->sn);
    free(fi->ref_state);
    sh_flops_free(&fi->fl);
    si_mem_free(&fi->gold);
    if (fi->have_co)
        si_codeobj_free(&fi->co);
    if (fi->have_l)
        si_launch_free(&fi->l);
    free(fi);
}

/* a simulation of the launch on fresh memory */
static sh_sim *open_run(sh_fi *fi, si_mem *mem, si_dispatch *d, sh_opts *o)
{
    si_mem_init(mem);
    if (si_launch_setup(&fi->l, &fi->co, mem, d) < 0) {
        snprintf(fi->err, sizeof fi->err, "%s", fi->l.err);
        return NULL;
    }
    memset(o, 0, sizeof *o);
    o->max_cycles = FI_MAX_CYCLES;
    o->watchdog = SICU_WATCHDOG_CYCLES;
    o->quiet = 1;
    fi->simerr[0] = 0;
    sh_sim *s = sh_open(mem, d, NULL, NULL, o, fi->simerr, sizeof fi->simerr);
    if (!s)
        snprintf(fi->err, sizeof fi->err, "%s", fi->simerr);
    return s;
}

static int hash_state(sh_fi *fi, sh_sim *s, uint64_t **out)
{
    if (!*out && !(*out = calloc(fi->fl.nvars ? fi->fl.nvars : 1, sizeof **out))) {
        snprintf(fi->err, sizeof fi->err, "out of host memory");
        return -1;
    }
    return sh_state_hash(s, *out, fi->fl.nvars) < 0 ? -1 : 0;
}

static int snap_cmp(const void *a, const void *b)
{
    const snap *x = a, *y = b;
    return x->cycle < y->cycle ? -1 : x->cycle > y->cycle;
}

int sh_fi_plan(sh_fi *fi, const sh_fault *f, unsigned n)
{
    if (!fi->end_after)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t c = f[i].cycle + fi->end_after;
        int have = 0;
        for (unsigned k = 0; k < fi->nsn && !have; k++)
            have = fi->sn[k].cycle == c;
        if (have)
            continue;
        if (fi->nsn == fi->capsn) {
            fi->capsn = fi->capsn ? 2 * fi->capsn : 64;
            snap *t = realloc(fi->sn, fi->capsn * sizeof *t);
            if (!t) {
                snprintf(fi->err, sizeof fi->err, "out of host memory");
                return -1;
            }
            fi->sn = t;
        }
        fi->sn[fi->nsn++] = (snap){.cycle = c};
        fi->ref_done = 0;   /* the reference must take this snapshot */
    }
    qsort(fi->sn, fi->nsn, sizeof *fi->sn, snap_cmp);
    return 0;
}

/* the fault-free run, taking every planned snapshot */
static int reference(sh_fi *fi)
{
    si_mem mem;
    si_dispatch d;
    sh_opts o;
    sh_result res;
    sh_sim *s = open_run(fi, &mem, &d, &o);
    int rc = s ? 0 : -1, st = 0;
    for (unsigned i = 0; rc == 0 && i < fi->nsn; i++) {
        snap *x = &fi->sn[i];
        uint64_t now = sh_cycle_count(s);
        if (st == 0 && x->cycle > now)
            st = sh_step(s, x->cycle - now);   /* to the snapshot's cycle, or the end before it */
        x->running = st == 0;
        x->taken = 1;
        x->mem = mem_hash(&mem);
        rc = st < 0 ? -1 : hash_state(fi, s, &x->state);
    }
    if (rc == 0 && sh_step(s, 0) != 1)
        rc = -1;
    if (rc == 0) {
        fi->ref_cycles = sh_cycle_count(s);
        fi->ref_mem = mem_hash(&mem);
        rc = hash_state(fi, s, &fi->ref_state);
    }
    if (s && sh_error(s))
        snprintf(fi->err, sizeof fi->err, "the fault-free RTL run failed: %s", sh_error(s));
    if (s)
        sh_finish(s, &res), sh_close(s);
    if (rc == 0 && fi->ref_mem != mem_hash(&fi->gold)) {
        snprintf(fi->err, sizeof fi->err, "%s: the fault-free RTL run's final memory differs from the golden "
                                          "emulator's (check it with sicu run --engine cosim)", fi->launch_path);
        rc = -1;
    }
    si_mem_free(&mem);
    fi->ref_done = rc == 0;
    return rc;
}

int sh_fi_ref_cycles(sh_fi *fi, uint64_t *cycles)
{
    if (!fi->ref_done && reference(fi) < 0)
        return -1;
    *cycles = fi->ref_cycles;
    return 0;
}

static const sh_flop *find_flop(const sh_fi *fi, const char *path)
{
    for (unsigned i = 0; i < fi->fl.n; i++)
        if (!strcmp(fi->fl.v[i].path, path))
            return &fi->fl.v[i];
    return NULL;
}

/* the fault names a state bit of this model; *where: the site's module */
static int check_fault(sh_fi *fi, const sh_fault *f, const char **where)
{
    if (f->model == SH_FM_FU) {
        *where = "simd_lane";
        return 0;
    }
    if (f->model == SH_FM_VGPR) {
        *where = "vgpr_bank";
        return 0;
    }
    const sh_flop *x = find_flop(fi, f->path);
    if (!x) {
        snprintf(fi->err, sizeof fi->err, "flop:%s: not a state variable of this CU (sicu inject --list-flops lists "
                                          "them, e.g. %s)", f->path, fi->fl.n ? fi->fl.v[0].path : "?");
        return -1;
    }
    if ((x->arr_lo >= 0) != (f->word >= 0) || (f->word >= 0 && (f->word < x->arr_lo || f->word > x->arr_hi))) {
        if (x->arr_lo >= 0)
            snprintf(fi->err, sizeof fi->err, "flop:%s is an array: give PATH[WORD][BIT], WORD %d..%d", f->path,
                     x->arr_lo, x->arr_hi);
        else
            snprintf(fi->err, sizeof fi->err, "flop:%s is not an array: give PATH[BIT]", f->path);
        return -1;
    }
    if (f->bit >= x->width) {
        snprintf(fi->err, sizeof fi->err, "flop:%s has %u bits: BIT must be 0..%u", f->path, x->width, x->width - 1);
        return -1;
    }
    *where = x->module;
    return 0;
}

static int apply(sh_fi *fi, sh_sim *s, const sh_fault *f)
{
    char path[512];
    if (f->model == SH_FM_FU) {
        uint64_t m = 1ull << f->bit;
        sh_fu_hook k = {.en = 1, .once = f->fu == SH_FU_FLIP, .simd = f->simd, .lane = f->lane, .and_m = ~0ull};
        if (f->fu == SH_FU_FLIP)
            k.xor_m = m;
        else if (f->fu == SH_FU_STUCK0)
            k.and_m = ~m;
        else
            k.or_m = m;
        return sh_fu_set(s, &k);
    }
    if (f->model == SH_FM_VGPR) {
        char bank[200];
        snprintf(bank, sizeof bank, "g_simd[%u].u_simd.g_bank[%u].u_bank.vgpr_mem", f->simd, f->lane / SICU_LANES);
        const sh_flop *x = find_flop(fi, bank);
        if (!x) {
            snprintf(fi->simerr, sizeof fi->simerr, "no VGPR bank %s in the model's state variables", bank);
            return -1;
        }
        snprintf(path, sizeof path, "%s.%s", FI_CU_SCOPE, x->vname);
        return sh_flip_word(s, path, (long)f->row, (f->lane % SICU_LANES) * 32 + f->bit);
    }
    const sh_flop *x = find_flop(fi, f->path);
    snprintf(path, sizeof path, "%s.%s", FI_CU_SCOPE, x ? x->vname : f->path);
    return sh_flip_word(s, path, f->word, f->bit);
}

/* step n cycles (0: to the end); with a Warped-DMR checker (DMR not off)
 * one cycle at a time, watching the SIMDs' dmr_errors counters
 * (rtl/units.manifest) and noting the first cycle one counts an error */
static int step_watch(sh_sim *s, uint64_t n, uint64_t *detected)
{
#if SICU_FEAT_DMR != SICU_DMR_OFF
    sh_result r;
    for (uint64_t k = 0; n == 0 || k < n; k++) {
        int rc = sh_step(s, 1);
        if (!*detected) {
            sh_counters(s, &r);
            for (int i = 0; i < SICU_SIMDS; i++)
                if (r.perf_simd[i][SICU_PS_dmr_errors])
                    *detected = sh_cycle_count(s);
        }
        if (rc)
            return rc;
    }
    return 0;
#else
    (void)detected;   /* no DMR checker in this CU: nothing can be detected */
    return sh_step(s, n);
#endif
}

static const snap *cut_snap(const sh_fi *fi, uint64_t cycle)
{
    for (unsigned i = 0; fi->end_after && i < fi->nsn; i++)
        if (fi->sn[i].cycle == cycle + fi->end_after)
            return fi->sn[i].running ? &fi->sn[i] : NULL;
    return NULL;
}

/* first difference of the final memory from the emulator's */
static int mem_diff(const sh_fi *fi, const si_mem *m, char *buf, size_t n)
{
    for (int i = 0; i < m->nr; i++) {
        const si_region *a = &m->r[i], *b = si_mem_region(&fi->gold, a->name);
        if (!b || b->size != a->size)
            continue;
        uint64_t nd = 0, first = 0;
        for (uint64_t k = 0; k < a->size; k++)
            if (a->host[k] != b->host[k] && nd++ == 0)
                first = k;
        if (nd) {
            snprintf(buf, n, "memory region '%s' differs from the emulator's in %llu bytes, first at byte 0x%llx "
                             "(expected 0x%02x, got 0x%02x)", a->name, (unsigned long long)nd,
                     (unsigned long long)first, b->host[first], a->host[first]);
            return 1;
        }
    }
    return 0;
}

/* the state variables that differ from the reference: count, first names */
static unsigned state_diff(const sh_fi *fi, const uint64_t *ref, const uint64_t *got, char *buf, size_t n)
{
    unsigned nd = 0;
    size_t l = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < fi->fl.n; i++) {
        unsigned k = fi->fl.v[i].index;
        if (ref[k] == got[k])
            continue;
        if (nd++ < 3 && l < n)
            l += (size_t)snprintf(buf + l, n - l, "%s%s", nd > 1 ? ", " : "state differs: ", fi->fl.v[i].path);
    }
    if (nd > 3 && l < n)
        snprintf(buf + l, n - l, " (+%u more)", nd - 3);
    return nd;
}

static void classify(sh_fi *fi, sh_sim *s, const si_mem *mem, int rc, const snap *cut, sh_fi_result *r)
{
    uint64_t *st = NULL;
    if (rc < 0) {
        int k = sh_fail_kind(s);
        r->outcome = k == SH_FAIL_HANG || k == SH_FAIL_LIMIT ? SH_OUT_HANG : SH_OUT_DUE;
        const char *e = sh_error(s);
        int len = (int)strcspn(e ? e : "", "\n");   /* the first line */
        snprintf(r->detail, sizeof r->detail, "%.*s", len < 480 ? len : 480, e ? e : "");
        return;
    }
    r->stopped = rc == 0;
    if (rc == 0 ? mem_hash(mem) != cut->mem : mem_diff(fi, mem, r->detail, sizeof r->detail)) {
        r->outcome = SH_OUT_SDC;
        if (rc == 0)
            snprintf(r->detail, sizeof r->detail, "memory differs from the fault-free run's at cycle %llu",
                     (unsigned long long)cut->cycle);
        return;
    }
    if (hash_state(fi, s, &st) < 0) {
        r->outcome = SH_OUT_DUE;
        snprintf(r->detail, sizeof r->detail, "cannot read the model's state: %.400s", fi->simerr);
        return;
    }
    r->state_diff = state_diff(fi, rc == 0 ? cut->state : fi->ref_state, st, r->detail, sizeof r->detail);
    r->outcome = r->state_diff ? SH_OUT_LATENT : SH_OUT_MASKED;
    free(st);
}

static uint64_t hang_limit(const sh_fi *fi) { return 2 * fi->ref_cycles + FI_HANG_SLACK; }

/* a run cut as sdc, run on to completion (no further than the hang limit) and
 * classified there against the golden emulator: was the cut a delay (masked,
 * latent) or a corruption?  A detection after the cut does not count. */
static int run_to_end(sh_fi *fi, sh_sim *s, si_mem *mem)
{
    sh_fi_result e;
    memset(&e, 0, sizeof e);
    uint64_t now = sh_cycle_count(s), lim = hang_limit(fi), det = 0;
    int rc = step_watch(s, lim > now ? lim - now : 1, &det);
    if (rc == 0)
        return SH_OUT_HANG;
    classify(fi, s, mem, rc, NULL, &e);
    return e.outcome;
}

/* checks, plans and the reference a run of fault f needs */
static int prepare(sh_fi *fi, const sh_fault *f, sh_fi_result *r)
{
    memset(r, 0, sizeof *r);
    r->end_outcome = -1;
    const char *where;
    if (check_fault(fi, f, &where) < 0 || sh_fi_plan(fi, f, 1) < 0 || (!fi->ref_done && reference(fi) < 0))
        return -1;
    snprintf(r->where, sizeof r->where, "%s", where);
    r->ref_cycles = fi->ref_cycles;
    return 0;
}

/* the rest of a faulty run whose simulation s stands at cycle f->cycle (rc: the
 * step there, 1 if the program ended before): inject, run on, classify (the
 * caller closes s; a forked child does not: its copy of the model's thread
 * pool has no threads to join) */
static int inject_and_finish(sh_fi *fi, sh_sim *s, si_mem *mem, int rc, const sh_fault *f, sh_fi_result *r)
{
    const snap *cut = NULL;
    sh_result res;
    int overrun = 0;
    if (rc == 0) {
        if (apply(fi, s, f) < 0) {
            snprintf(fi->err, sizeof fi->err, "%.8000s", fi->simerr[0] ? fi->simerr : "the fault cannot be applied");
            return -1;
        }
        r->injected = f->model != SH_FM_FU || f->fu != SH_FU_FLIP;
        cut = cut_snap(fi, f->cycle);
        /* to the cut, else to the end but no further than the hang limit */
        uint64_t now = sh_cycle_count(s), lim = hang_limit(fi);
        rc = step_watch(s, cut ? fi->end_after : lim > now ? lim - now : 1, &r->detected_cycle);
        overrun = rc == 0 && !cut;
        if (f->model == SH_FM_FU && f->fu == SH_FU_FLIP && sh_fu_hit(s))
            r->injected = 1;
    }
    r->inject_cycle = f->model == SH_FM_FU && f->fu == SH_FU_FLIP && sh_fu_hit(s) ? sh_fu_hit(s) - 1 : f->cycle;
    r->cycles = sh_cycle_count(s);
    if (overrun) {
        r->outcome = SH_OUT_HANG;
        snprintf(r->detail, sizeof r->detail, "still running at cycle %llu: twice the fault-free run's %llu cycles "
                 "plus %u", (unsigned long long)r->cycles, (unsigned long long)fi->ref_cycles, FI_HANG_SLACK);
    } else
        classify(fi, s, mem, rc, cut, r);
    r->end_outcome = -1;
    if (r->stopped && r->outcome == SH_OUT_SDC)
        r->end_outcome = run_to_end(fi, s, mem);
    if (r->detected_cycle) {   /* the checker raised an error: what would it have been? */
        r->silent_outcome = r->outcome;
        r->outcome = SH_OUT_DETECTED;
        sh_dmr_first_error(s, &r->detected);
    }
    sh_finish(s, &res);
    return 0;
}

int sh_fi_run(sh_fi *fi, const sh_fault *f, sh_fi_result *r)
{
    if (prepare(fi, f, r) < 0)
        return -1;
    si_mem mem;
    si_dispatch d;
    sh_opts o;
    sh_sim *s = open_run(fi, &mem, &d, &o);
    int rc = -1;
    if (s) {
        rc = inject_and_finish(fi, s, &mem, f->cycle ? sh_step(s, f->cycle) : 0, f, r);
        sh_close(s);
    }
    si_mem_free(&mem);
    return rc;
}

/* ---------------------------------------------------------------- many faults, one prefix */
typedef struct child_msg {
    int rc;
    sh_fi_result r;
    char err[1024];
} child_msg;

static int by_cycle(const void *a, const void *b, void *ctx)
{
    const sh_fault *f = ctx;
    uint64_t x = f[*(const unsigned *)a].cycle, y = f[*(const unsigned *)b].cycle;
    return x < y ? -1 : x > y;
}

/* fork the fault-free run s (at fault f's cycle): the child finishes the faulty
 * run and sends its result back; the parent waits for it */
static int fork_run(sh_fi *fi, sh_sim *s, si_mem *mem, const sh_fault *f, sh_fi_result *r)
{
    int fd[2];
    if (pipe(fd) < 0) {
        snprintf(fi->err, sizeof fi->err, "pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);   /* nothing buffered is written twice */
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(fi->err, sizeof fi->err, "fork: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        close(fd[0]);
        child_msg m;
        memset(&m, 0, sizeof m);
        m.r = *r;
        m.rc = inject_and_finish(fi, s, mem, 0, f, &m.r);
        snprintf(m.err, sizeof m.err, "%.1000s", fi->err);
        ssize_t w = write(fd[1], &m, sizeof m);
        _exit(w == (ssize_t)sizeof m ? 0 : 1);
    }
    close(fd[1]);
    child_msg m;
    size_t got = 0;
    while (got < sizeof m) {
        ssize_t k = read(fd[0], (char *)&m + got, sizeof m - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    close(fd[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    char spec[300];
    if (got != sizeof m) {
        sh_fault_format(f, spec, sizeof spec);
        snprintf(fi->err, sizeof fi->err, "%s: the faulty run's process ended without a result (%s %d)", spec,
                 WIFSIGNALED(st) ? "signal" : "exit status", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
        return -1;
    }
    *r = m.r;
    if (m.rc < 0)
        snprintf(fi->err, sizeof fi->err, "%s", m.err);
    return m.rc;
}

static void close_prefix(sh_sim *s, si_mem *mem)
{
    sh_result res;
    sh_finish(s, &res);
    sh_close(s);
    si_mem_free(mem);
}

/* SICU_FI_FORK=0 turns the forked prefix off (every run from cycle 0) */
static int fork_enabled(void)
{
    const char *e = getenv("SICU_FI_FORK");
    return !(e && !strcmp(e, "0"));
}

int sh_fi_run_many(sh_fi *fi, const sh_fault *f, unsigned n, sh_fi_result *r)
{
    if (n == 0)
        return 0;
    if (sh_fi_plan(fi, f, n) < 0)
        return -1;
    if (!fork_enabled() || n == 1) {
        for (unsigned i = 0; i < n; i++)
            if (sh_fi_run(fi, &f[i], &r[i]) < 0)
                return -1;
        return 0;
    }
    unsigned *ord = malloc(n * sizeof *ord);
    if (!ord) {
        snprintf(fi->err, sizeof fi->err, "out of host memory");
        return -1;
    }
    for (unsigned i = 0; i < n; i++)
        ord[i] = i;
    qsort_r(ord, n, sizeof *ord, by_cycle, (void *)f);
    si_mem mem;
    si_dispatch d;
    sh_opts o;
    int rc = 0, ended = 0;
    sh_sim *s = NULL;
    for (unsigned k = 0; rc == 0 && k < n; k++) {
        const sh_fault *x = &f[ord[k]];
        sh_fi_result *y = &r[ord[k]];
        if (ended) {   /* the prefix ended before this cycle: a run of its own */
            rc = sh_fi_run(fi, x, y);
            continue;
        }
        if ((rc = prepare(fi, x, y)) < 0)
            break;
        if (!s && !(s = open_run(fi, &mem, &d, &o))) {
            si_mem_free(&mem);
            rc = -1;
            break;
        }
        uint64_t now = sh_cycle_count(s);
        int st = x->cycle > now ? sh_step(s, x->cycle - now) : 0;
        if (st == 0) {
            rc = fork_run(fi, s, &mem, x, y);
            continue;
        }
        close_prefix(s, &mem);   /* one model at a time in this process */
        s = NULL;
        ended = 1;
        rc = sh_fi_run(fi, x, y);
    }
    if (s)
        close_prefix(s, &mem);
    free(ord);
    return rc;
}

char *sh_fi_json(const sh_fault *f, const sh_fi_result *r, const char *program)
{
    char spec[300];
    sh_fault_format(f, spec, sizeof spec);
    json_t *o = json_object();
    json_object_set_new(o, "fault", json_string(spec));
    if (program)
        json_object_set_new(o, "program", json_string(program));
    json_object_set_new(o, "outcome", json_string(sh_outcome_name(r->outcome)));
    json_object_set_new(o, "injected", json_boolean(r->injected));
    json_object_set_new(o, "inject_cycle", json_integer((json_int_t)r->inject_cycle));
    json_object_set_new(o, "cycles", json_integer((json_int_t)r->cycles));
    json_object_set_new(o, "ref_cycles", json_integer((json_int_t)r->ref_cycles));
    json_object_set_new(o, "end", json_string(r->stopped ? "cut" : "completed"));
    if (r->end_outcome >= 0)   /* a cut sdc run, run on to completion */
        json_object_set_new(o, "end_outcome", json_string(sh_outcome_name(r->end_outcome)));
    if (r->outcome == SH_OUT_DETECTED) {
        json_object_set_new(o, "detected_cycle", json_integer((json_int_t)r->detected_cycle));
        json_object_set_new(o, "latency", json_integer((json_int_t)(r->detected_cycle - r->inject_cycle)));
        json_object_set_new(o, "silent_outcome", json_string(sh_outcome_name(r->silent_outcome)));
        /* the error event: which checker, SIMD, the instruction, the lanes */
        char pc[24], lanes[24];
        snprintf(pc, sizeof pc, "0x%llx", (unsigned long long)r->detected.pc);
        snprintf(lanes, sizeof lanes, "0x%016llx", (unsigned long long)r->detected.lanes);
        json_object_set_new(o, "detected_by", json_string(r->detected.inter ? "replay" : "intra"));
        json_object_set_new(o, "detected_simd", json_integer(r->detected.simd));
        json_object_set_new(o, "detected_wave", json_integer((json_int_t)r->detected.wave));
        json_object_set_new(o, "detected_pc", json_string(pc));
        json_object_set_new(o, "detected_lanes", json_string(lanes));
    }
    json_object_set_new(o, "where", json_string(r->where));
    json_object_set_new(o, "state_diff", json_integer(r->state_diff));
    if (r->detail[0])
        json_object_set_new(o, "detail", json_string(r->detail));
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    return s;
}
