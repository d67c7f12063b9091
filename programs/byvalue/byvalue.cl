/* byvalue: kernel arguments passed by value - a struct with mixed field
 * sizes (padding after a char, a double at offset 8, a trailing array), a
 * float4, an int3 (16 bytes in the kernarg segment), a typedef'd float and a
 * uchar2.  Every field feeds the outputs, so a wrongly laid out launch
 * argument shows up as a mismatch.  The launch file gives the struct as
 * {"struct": [...]}, the vectors as {"f32x4": ...} / {"i32x3": ...}, the
 * typedef'd float as {"f32": ...} and the uchar2 as {"bytes": "..."}. */
typedef float DATA_TYPE;

typedef struct {
    char tag;        /* offset 0 (3 bytes of padding follow) */
    float scale;     /* 4  */
    double bias;     /* 8  */
    short step;      /* 16 */
    int count;       /* 20 */
    long big;        /* 24 */
    uchar flags[3];  /* 32..34; the struct is padded to 40 bytes */
} params;

__kernel void byvalue(__global float *out, __global long *outl, params p, float4 v, int3 w, DATA_TYPE alpha,
                      uchar2 u)
{
    int i = get_global_id(0);
    if (i >= p.count)
        return;
    out[i] = alpha * (v.x + v.y * i + v.z * w.x + v.w * w.y) + p.scale * p.tag + (float)p.bias + p.step * w.z;
    outl[i] = p.big + (long)i * p.count + p.flags[0] + (p.flags[1] << 8) + (p.flags[2] << 16) + u.x + u.y * 256 +
              w.x * w.y * w.z;
}
