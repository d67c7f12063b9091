/* nw: Needleman-Wunsch global alignment scores.  Work-group g aligns
 * sequence pair g (length L = local size = 64) and fills the whole
 * (L+1) x (L+1) score matrix in LDS, one anti-diagonal per step: work-item
 * t owns row t+1 and computes column d-t+1 on diagonal d, with a barrier
 * between diagonals.  Sequences are byte codes 0..3 (global uchar loads);
 * sim is a 4x4 substitution table, pen the linear gap penalty. */
#define L 64
#define W (L + 1)

kernel void nw(global const uchar *seq1, global const uchar *seq2, global const int *sim,
               int pen, global int *score)
{
    local int m[W * W];
    local uchar a[L], b[L];
    int t = get_local_id(0);
    int g = get_group_id(0);

    a[t] = seq1[g * L + t];
    b[t] = seq2[g * L + t];
    m[(t + 1) * W] = -(t + 1) * pen;             /* column 0 */
    m[t + 1] = -(t + 1) * pen;                   /* row 0 */
    if (t == 0)
        m[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    int i = t + 1;
    for (int d = 0; d < 2 * L - 1; d++) {
        int j = d - t + 1;
        if (j >= 1 && j <= L) {
            int diag = m[(i - 1) * W + j - 1] + sim[a[i - 1] * 4 + b[j - 1]];
            int up = m[(i - 1) * W + j] - pen;
            int left = m[i * W + j - 1] - pen;
            m[i * W + j] = max(diag, max(up, left));
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int k = t; k < W * W; k += L)
        score[g * W * W + k] = m[k];
}
