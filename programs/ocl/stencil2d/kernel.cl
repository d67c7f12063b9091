/* 2-D convolution (PolyBench/GPU 2DCONV style): a 3x3 stencil over an
 * NI x NJ grid; DATA_TYPE comes from the build options (-DDATA_TYPE=float). */
#ifndef DATA_TYPE
#error "build with -DDATA_TYPE=..."
#endif
typedef DATA_TYPE data_t;

__kernel void Convolution2D_kernel(__global data_t *A, __global data_t *B, int ni, int nj)
{
    int j = get_global_id(0);
    int i = get_global_id(1);

    data_t c11 = +0.2f, c21 = +0.5f, c31 = -0.8f;
    data_t c12 = -0.3f, c22 = +0.6f, c32 = -0.9f;
    data_t c13 = +0.4f, c23 = +0.7f, c33 = +0.10f;

    if ((i < (ni - 1)) && (j < (nj - 1)) && (i > 0) && (j > 0)) {
        B[i * nj + j] = c11 * A[(i - 1) * nj + (j - 1)] + c21 * A[(i - 1) * nj + (j + 0)] +
                        c31 * A[(i - 1) * nj + (j + 1)] + c12 * A[(i + 0) * nj + (j - 1)] +
                        c22 * A[(i + 0) * nj + (j + 0)] + c32 * A[(i + 0) * nj + (j + 1)] +
                        c13 * A[(i + 1) * nj + (j - 1)] + c23 * A[(i + 1) * nj + (j + 0)] +
                        c33 * A[(i + 1) * nj + (j + 1)];
    }
}
