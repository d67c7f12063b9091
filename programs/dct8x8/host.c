/* dct8x8 host: a 64 x 48 image of pixel values in [-128, 128), smooth
 * gradients plus noise.  gen also writes the coefficient table (computed
 * in double, rounded to float).  The reference forms the row transform
 * and then the column transform of each block with the kernel's 8-term
 * sums in the kernel's order (v_mac_f32 rounds the product and the sum,
 * as here), so the comparison is exact. */
#include "hostutil.h"

#define W 64
#define H 48

static int gen(const char *dir)
{
    static float img[W * H], coef[64];
    rng_seed(2505);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float g = (float)((x * 3 + y * 2) % 200) - 100.0f;
            img[y * W + x] = floorf(g * 0.75f + rng_float(-32.0f, 32.0f));
        }
    for (int u = 0; u < 8; u++)
        for (int x = 0; x < 8; x++) {
            double a = u == 0 ? sqrt(1.0 / 8.0) : sqrt(2.0 / 8.0);
            coef[u * 8 + x] = (float)(a * cos((2 * x + 1) * u * M_PI / 16.0));
        }
    return write_file(dir, "img.bin", img, sizeof img) || write_file(dir, "coef.bin", coef, sizeof coef);
}

static int check(const char *dir)
{
    static float img[W * H], coef[64], out[W * H];
    if (read_file(dir, "img.bin", img, sizeof img) || read_file(dir, "coef.bin", coef, sizeof coef) ||
        read_file(dir, "out.out", out, sizeof out))
        return -1;
    for (int by = 0; by < H; by += 8)
        for (int bx = 0; bx < W; bx += 8) {
            float tmp[8][8];
            for (int y = 0; y < 8; y++)
                for (int u = 0; u < 8; u++) {
                    float acc = 0.0f;
                    for (int x = 0; x < 8; x++) {
                        float p = coef[u * 8 + x] * img[(by + y) * W + bx + x];
                        acc = acc + p;
                    }
                    tmp[y][u] = acc;
                }
            for (int v = 0; v < 8; v++)
                for (int u = 0; u < 8; u++) {
                    float acc = 0.0f;
                    for (int y = 0; y < 8; y++) {
                        float p = coef[v * 8 + y] * tmp[y][u];
                        acc = acc + p;
                    }
                    size_t i = (size_t)(by + v) * W + bx + u;
                    cmp_f32("out", i, out[i], acc);
                }
        }
    return 0;
}

HOST_MAIN("dct8x8")
