/* MatrixTranspose host: in is 120 rows x 200 columns of random floats;
 * out must be its exact transpose (200 rows x 120 columns). */
#include "hostutil.h"

#define W 200
#define H 120

static int gen(const char *dir)
{
    static float in[W * H];
    rng_seed(303);
    for (int i = 0; i < W * H; i++)
        in[i] = rng_float(-1000.0f, 1000.0f);
    return write_file(dir, "in.bin", in, sizeof in);
}

static int check(const char *dir)
{
    static float in[W * H], out[W * H];
    if (read_file(dir, "in.bin", in, sizeof in) || read_file(dir, "out.out", out, sizeof out))
        return -1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            cmp_f32("out", (size_t)x * H + y, out[x * H + y], in[y * W + x]);
    return 0;
}

HOST_MAIN("MatrixTranspose")
