/* gaussian: one elimination step (pivot row t) of Gaussian elimination on
 * an n x n system, as one 2D dispatch.  Work-item (x, y) computes the
 * multiplier m[y] = a[y][t] / a[t][t] for rows below the pivot and
 * updates a[y][x] -= m[y] * a[t][x] for x >= t (and b[y] for x == 0).
 * Results go to separate arrays (a2, b2) so no work-item reads a value
 * another one overwrites.  n = 100 with 16x16 groups: partial groups in
 * both dimensions. */
kernel void gaussian(global const float *a, global const float *b, global float *a2,
                     global float *b2, global float *m, int n, int t)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= n || y >= n)
        return;
    float mul = 0.0f;
    if (y > t)
        mul = a[y * n + t] / a[t * n + t];
    if (x == 0) {
        m[y] = mul;
        b2[y] = y > t ? b[y] - mul * b[t] : b[y];
    }
    float v = a[y * n + x];
    if (y > t && x >= t)
        v -= mul * a[t * n + x];
    a2[y * n + x] = v;
}
