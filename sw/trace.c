/* sicu: JSON Lines trace writer (format: docs/trace-format.md).
 *
 * One compact JSON object per retired wave instruction, keys in a fixed
 * order, all register values and addresses as lower-case hex strings, so
 * that two traces (emulator vs. RTL) can be compared with diff.
 */
#include <inttypes.h>
#include <stdio.h>
#include <jansson.h>
#include "sicu/emu.h"

/* Name of a scalar destination code 0-127. */
static void sreg_name(unsigned reg, char *buf, size_t len)
{
    switch (reg) {
    case SI_SRC_VCC_LO: snprintf(buf, len, "vcc_lo"); return;
    case SI_SRC_VCC_HI: snprintf(buf, len, "vcc_hi"); return;
    case SI_SRC_TBA_LO: snprintf(buf, len, "tba_lo"); return;
    case SI_SRC_TBA_HI: snprintf(buf, len, "tba_hi"); return;
    case SI_SRC_TMA_LO: snprintf(buf, len, "tma_lo"); return;
    case SI_SRC_TMA_HI: snprintf(buf, len, "tma_hi"); return;
    case SI_SRC_M0: snprintf(buf, len, "m0"); return;
    case SI_SRC_EXEC_LO: snprintf(buf, len, "exec_lo"); return;
    case SI_SRC_EXEC_HI: snprintf(buf, len, "exec_hi"); return;
    default:
        if (reg >= SI_SRC_TTMP0 && reg < SI_SRC_TTMP0 + 12)
            snprintf(buf, len, "ttmp%u", reg - SI_SRC_TTMP0);
        else
            snprintf(buf, len, "s%u", reg);
    }
}

static json_t *hex32(uint32_t v)
{
    char b[16];
    snprintf(b, sizeof b, "0x%08" PRIx32, v);
    return json_string(b);
}

static json_t *hex64(uint64_t v, int width)
{
    char b[24];
    snprintf(b, sizeof b, "0x%0*" PRIx64, width, v);
    return json_string(b);
}

static const char *space_name(unsigned s)
{
    switch (s) {
    case SI_SPACE_GLOBAL: return "global";
    case SI_SPACE_LDS: return "lds";
    case SI_SPACE_SCRATCH: return "scratch";
    default: return "?";
    }
}

int si_trace_write(FILE *f, const si_retire *r)
{
    char buf[256];
    json_t *o = json_object();
    if (!o)
        return -1;

    json_t *wg = json_array();
    for (int i = 0; i < 3; i++)
        json_array_append_new(wg, json_integer(r->wg[i]));
    json_object_set_new(o, "wg", wg);
    json_object_set_new(o, "wave", json_integer(r->wave));
    json_object_set_new(o, "gwave", json_integer(r->gwave));
    json_object_set_new(o, "pc", hex64(r->pc, 1));
    si_disasm(&r->inst, r->pc, buf, sizeof buf);
    json_object_set_new(o, "inst", json_string(buf));
    json_object_set_new(o, "exec", hex64(r->exec, 16));

    if (r->nswr > 0) {
        json_t *s = json_object();
        for (int i = 0; i < r->nswr && i < SI_REC_MAX_SWR; i++) {
            sreg_name(r->swr[i].reg, buf, sizeof buf);
            json_object_set_new(s, buf, hex32(r->swr[i].val));
        }
        json_object_set_new(o, "sgpr", s);
    }
    if (r->scc_wr)
        json_object_set_new(o, "scc", json_integer(r->scc & 1));
    if (r->nvwr > 0) {
        json_t *vs = json_object();
        for (int i = 0; i < r->nvwr && i < SI_REC_MAX_VWR; i++) {
            json_t *v = json_object();
            json_t *vals = json_array();
            uint64_t m = r->vwr[i].mask;
            json_object_set_new(v, "mask", hex64(m, 16));
            for (int l = 0; l < SI_WAVE_LANES; l++)
                if ((m >> l) & 1)
                    json_array_append_new(vals, hex32(r->vwr[i].val[l]));
            json_object_set_new(v, "val", vals);
            snprintf(buf, sizeof buf, "v%u", (unsigned)r->vwr[i].reg);
            json_object_set_new(vs, buf, v);
        }
        json_object_set_new(o, "vgpr", vs);
    }
    if (r->nst > 0) {
        json_t *st = json_array();
        for (int i = 0; i < r->nst; i++) {
            const si_store *s = &r->st[i];
            json_t *e = json_object();
            json_object_set_new(e, "lane", json_integer(s->lane));
            json_object_set_new(e, "space", json_string(space_name(s->space)));
            json_object_set_new(e, "addr", hex64(s->addr, 1));
            json_object_set_new(e, "size", json_integer(s->size));
            json_object_set_new(e, "val", hex32(s->size >= 4 ? s->val
                                                : s->val & ((1u << (8 * s->size)) - 1)));
            json_array_append_new(st, e);
        }
        json_object_set_new(o, "st", st);
    }

    int rc = json_dumpf(o, f, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (rc != 0 || fputc('\n', f) == EOF)
        return -1;
    return 0;
}
