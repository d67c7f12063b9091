/* divergence: control flow whose direction and trip counts differ per lane
 * (nested ifs, a loop with lane-dependent trip count containing an inner
 * loop with break and continue, a switch, an early return), so the
 * compiler's exec-mask bookkeeping (s_and_saveexec / s_or_b64 exec /
 * s_cbranch_execz / loop masks) is exercised.  777 work-items (partial
 * last wave and group). */
kernel void divergence(global const uint *in, global uint *out, uint n)
{
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint x = in[i];
    uint acc = 0;

    /* Collatz steps, bounded: data-dependent trip count */
    uint v = (x % 1000u) + 1u, steps = 0;
    while (v != 1u && steps < 500u) {
        v = (v & 1u) ? 3u * v + 1u : v >> 1;
        steps++;
    }
    acc += steps;

    /* nested ifs */
    if (x & 1u) {
        if (x & 2u)
            acc ^= 0x1111u;
        else if (x & 4u)
            acc += 0x22u;
        else
            acc *= 3u;
    } else {
        if ((x >> 3) % 3u == 0u)
            acc = acc * 7u + 1u;
    }

    /* outer loop trip count from the lane id, inner loop with continue/break */
    for (uint k = 0; k < (i & 15u); k++) {
        uint y = x >> k;
        for (uint j = 0; j < 8u; j++) {
            if (((y + j) & 3u) == 0u)
                continue;
            if (((y ^ j) & 7u) == 5u)
                break;
            acc += (y + j) * (k + 1u);
        }
        if (acc > 1000000u && (k & 1u))
            break;
    }

    switch ((x >> 5) & 3u) {
    case 0: acc += 100u; break;
    case 1: acc -= 7u;          /* fall through */
    case 2: acc ^= x; break;
    default: acc = ~acc; break;
    }

    if ((x & 0xf0u) == 0x30u) {
        out[i] = 0xdead0000u | (i & 0xffffu);
        return;                 /* early exit for some lanes */
    }
    out[i] = acc;
}
