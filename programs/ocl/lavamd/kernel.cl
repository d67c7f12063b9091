/* lavaMD-style (Rodinia) particle interaction: each work-group handles one
 * box; the parameters arrive as structs passed by value. */
typedef struct { float x, y, z, v; } FOUR_VECTOR;
typedef struct { float alpha; } par_str;
typedef struct {
    int cur_arg;
    long number_boxes;
    long box_mem;
    long space_elem;
    long space_mem;
    long space_mem2;
} dim_str;

#define NUMBER_PAR_PER_BOX 32

__kernel void kernel_gpu_opencl(par_str d_par_gpu, dim_str d_dim_gpu, __global FOUR_VECTOR *d_rv_gpu,
                                __global float *d_qv_gpu, __global FOUR_VECTOR *d_fv_gpu)
{
    int bx = get_group_id(0);
    int tx = get_local_id(0);
    if (bx >= d_dim_gpu.number_boxes)
        return;
    float a2 = 2.0f * d_par_gpu.alpha * d_par_gpu.alpha;
    __local FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
    __local float qB_shared[NUMBER_PAR_PER_BOX];
    int first = bx * NUMBER_PAR_PER_BOX;
    int nb = (bx + 1) % (int)d_dim_gpu.number_boxes;   /* neighbour box */
    rB_shared[tx] = d_rv_gpu[nb * NUMBER_PAR_PER_BOX + tx];
    qB_shared[tx] = d_qv_gpu[nb * NUMBER_PAR_PER_BOX + tx];
    barrier(CLK_LOCAL_MEM_FENCE);

    FOUR_VECTOR rA = d_rv_gpu[first + tx];
    FOUR_VECTOR fA = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
        FOUR_VECTOR rB = rB_shared[j];
        float r2 = rA.v + rB.v - (rA.x * rB.x + rA.y * rB.y + rA.z * rB.z);
        float u2 = a2 * r2;
        float vij = exp(-u2);
        float fs = 2.0f * vij;
        float dx = rA.x - rB.x, dy = rA.y - rB.y, dz = rA.z - rB.z;
        fA.v += qB_shared[j] * vij;
        fA.x += qB_shared[j] * fs * dx;
        fA.y += qB_shared[j] * fs * dy;
        fA.z += qB_shared[j] * fs * dz;
    }
    d_fv_gpu[first + tx] = fA;
    (void)d_dim_gpu.cur_arg;
}
