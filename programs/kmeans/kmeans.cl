/* kmeans: the assignment step.  Each work-item takes one point (features
 * stored feature-major: feature[f * npoints + p]), computes the squared
 * Euclidean distance to every cluster centre and records the nearest
 * (first minimum) and its distance.  2000 points, 128-wide groups (the
 * last one partial). */
kernel void kmeans(global const float *feature, global const float *clusters,
                   global int *membership, global float *mindist,
                   int npoints, int nclusters, int nfeatures)
{
    int p = get_global_id(0);
    if (p >= npoints)
        return;
    int best = 0;
    float bestd = MAXFLOAT;
    for (int c = 0; c < nclusters; c++) {
        float d = 0.0f;
        for (int f = 0; f < nfeatures; f++) {
            float diff = feature[f * npoints + p] - clusters[c * nfeatures + f];
            d += diff * diff;
        }
        if (d < bestd) {
            bestd = d;
            best = c;
        }
    }
    membership[p] = best;
    mindist[p] = bestd;
}
