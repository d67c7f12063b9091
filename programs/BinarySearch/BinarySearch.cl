/* BinarySearch: every work-item looks up one key in a sorted table of n
 * keys and writes the index of the first element >= key (lower bound),
 * plus a flag telling whether the key was found.  The loop trip count
 * and branch directions differ per lane. */
kernel void BinarySearch(global const uint *table, uint n, global const uint *keys,
                         global int *index, global int *found, uint nkeys)
{
    uint i = get_global_id(0);
    if (i >= nkeys)
        return;
    uint key = keys[i];
    uint lo = 0, hi = n;            /* search in [lo, hi) */
    while (lo < hi) {
        uint mid = lo + ((hi - lo) >> 1);
        if (table[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    index[i] = (int)lo;
    found[i] = (lo < n && table[lo] == key) ? 1 : 0;
}
