/* bfs host: a directed graph of 1500 nodes and 4500 edges (each edge's
 * source drawn at random; 7 in 8 targets within -20..+50 of the source,
 * modulo n, the others anywhere), so some nodes have no successors and
 * some cannot be reached.  The reference is a queue-based BFS from node 0;
 * costs (levels, -1 unreachable) and the number of levels the kernel ran
 * (deepest level + 1) are integers, compared exactly. */
#include "hostutil.h"

#define NN 1500
#define NE 4500
#define SRC 0

static int gen(const char *dir)
{
    static int esrc[NE], edst[NE], rowptr[NN + 1], cols[NE], fill[NN];
    rng_seed(2707);
    for (int e = 0; e < NE; e++) {
        int s = rng_range(0, NN - 1);
        int d = (rng_u32() & 7) ? (s + rng_range(-20, 50) + NN) % NN : rng_range(0, NN - 1);
        esrc[e] = s;
        edst[e] = d;
    }
    for (int e = 0; e < NE; e++)
        rowptr[esrc[e] + 1]++;
    for (int v = 0; v < NN; v++)
        rowptr[v + 1] += rowptr[v];
    for (int e = 0; e < NE; e++)
        cols[rowptr[esrc[e]] + fill[esrc[e]]++] = edst[e];
    return write_file(dir, "rowptr.bin", rowptr, sizeof rowptr) || write_file(dir, "cols.bin", cols, sizeof cols);
}

static int check(const char *dir)
{
    static int rowptr[NN + 1], cols[NE], cost[NN], levels[1], dist[NN], queue[NN];
    if (read_file(dir, "rowptr.bin", rowptr, sizeof rowptr) || read_file(dir, "cols.bin", cols, sizeof cols) ||
        read_file(dir, "cost.out", cost, sizeof cost) || read_file(dir, "levels.out", levels, sizeof levels))
        return -1;
    for (int v = 0; v < NN; v++)
        dist[v] = -1;
    int head = 0, tail = 0, deepest = 0, reached = 0;
    dist[SRC] = 0;
    queue[tail++] = SRC;
    while (head < tail) {
        int v = queue[head++];
        for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
            if (dist[cols[e]] < 0) {
                dist[cols[e]] = dist[v] + 1;
                queue[tail++] = cols[e];
            }
    }
    for (int v = 0; v < NN; v++) {
        cmp_u32("cost", v, (uint32_t)cost[v], (uint32_t)dist[v]);
        if (dist[v] > deepest) deepest = dist[v];
        reached += dist[v] >= 0;
    }
    cmp_u32("levels", 0, (uint32_t)levels[0], (uint32_t)(deepest + 1));
    printf("bfs: %d of %d nodes reached, deepest level %d\n", reached, NN, deepest);
    return 0;
}

HOST_MAIN("bfs")
