/* bfs: breadth-first search from node src over a directed graph of n
 * nodes in CSR form (node v's successors are cols[rowptr[v] ..
 * rowptr[v+1]-1]), level by level, all in one work-group of WG work-items
 * (one dispatch runs one kernel, so the level loop is inside it).
 *
 * The frontier, next-frontier and visited flags are bytes in LDS; work-item
 * l owns the nodes l, l + WG, l + 2WG, ...  Per level:
 *   expand: each frontier node leaves the frontier and, for every
 *           successor not yet visited, stores cost[u] = level + 1 (global;
 *           several nodes may store the same value) and sets next[u];
 *   barrier;
 *   mark:   each next node moves to visited and to the frontier, and sets
 *           the LDS flag `more`;
 *   barrier; every work-item reads `more`; barrier; work-item 0 clears it.
 * The search ends after the first level that found no node.  cost[v] is
 * the BFS level of v (-1 if unreachable); levels[0] is the number of
 * levels run. */
#define WG 256
#define MAXN 2048

kernel void bfs(global const int *rowptr, global const int *cols, global int *cost,
                global int *levels, int n, int src)
{
    local uchar frontier[MAXN], next[MAXN], visited[MAXN];
    local int more;
    int lid = get_local_id(0);

    for (int v = lid; v < n; v += WG) {
        frontier[v] = v == src;
        visited[v] = v == src;
        next[v] = 0;
        cost[v] = v == src ? 0 : -1;
    }
    if (lid == 0)
        more = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    int level = 0;
    for (;;) {
        for (int v = lid; v < n; v += WG) {
            if (frontier[v]) {
                frontier[v] = 0;
                for (int e = rowptr[v]; e < rowptr[v + 1]; e++) {
                    int u = cols[e];
                    if (!visited[u]) {
                        cost[u] = level + 1;
                        next[u] = 1;
                    }
                }
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int v = lid; v < n; v += WG) {
            if (next[v]) {
                next[v] = 0;
                visited[v] = 1;
                frontier[v] = 1;
                more = 1;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        int go = more;
        level++;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0)
            more = 0;
        if (!go)
            break;
    }
    if (lid == 0)
        levels[0] = level;
}
