/* Bad-input tests of by-value arguments and work-group limits: a typedef'd
 * float, a struct and a float4 by value, and a required work-group size. */
typedef float real;
typedef struct { float a; int b; } pair;

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void bv(__global float *out, real alpha, pair p, float4 v)
{
    int i = get_global_id(0);
    out[i] = alpha * p.a + p.b + v.x + v.w;
}
