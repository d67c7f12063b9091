/* backprop host: 1024 inputs, 16 hidden units; per group of 16 rows the
 * products are summed in the kernel's tree order (exact comparison). */
#include "hostutil.h"

#define NIN 1024
#define HID 16
#define ROWS 16
#define NG (NIN / ROWS)

static int gen(const char *dir)
{
    static float input[NIN], w[NIN * HID];
    rng_seed(909);
    for (int i = 0; i < NIN; i++)
        input[i] = rng_float(0.0f, 1.0f);
    for (int i = 0; i < NIN * HID; i++)
        w[i] = rng_float(-0.5f, 0.5f);
    return write_file(dir, "input.bin", input, sizeof input) || write_file(dir, "w.bin", w, sizeof w);
}

static int check(const char *dir)
{
    static float input[NIN], w[NIN * HID], partial[NG * HID];
    if (read_file(dir, "input.bin", input, sizeof input) || read_file(dir, "w.bin", w, sizeof w) ||
        read_file(dir, "partial.out", partial, sizeof partial))
        return -1;
    for (int g = 0; g < NG; g++)
        for (int j = 0; j < HID; j++) {
            float p[ROWS];
            for (int r = 0; r < ROWS; r++)
                p[r] = w[(g * ROWS + r) * HID + j] * input[g * ROWS + r];
            for (int s = 1; s < ROWS; s *= 2)
                for (int r = 0; r < ROWS; r += 2 * s)
                    p[r] = p[r] + p[r + s];
            cmp_f32("partial", (size_t)g * HID + j, partial[g * HID + j], p[0]);
        }
    return 0;
}

HOST_MAIN("backprop")
