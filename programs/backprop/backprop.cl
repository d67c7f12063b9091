/* backprop: forward pass of one layer (input -> 16 hidden units), the
 * partial-sum stage.  2D work-groups of 16 x 16: work-item (j, r) forms
 * input[row] * w[row][j] for one of the group's 16 input rows, then the
 * 16 rows are summed with a tree in LDS (pairs at distance 1, 2, 4, 8)
 * and row 0 writes the group's partial sum for hidden unit j. */
#define HID 16
#define ROWS 16

kernel void backprop(global const float *input, global const float *w, global float *partial)
{
    local float in_s[ROWS];
    local float prod[ROWS][HID];
    int j = get_local_id(0);
    int r = get_local_id(1);
    int row = get_group_id(1) * ROWS + r;

    if (j == 0)
        in_s[r] = input[row];
    barrier(CLK_LOCAL_MEM_FENCE);
    prod[r][j] = w[row * HID + j] * in_s[r];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < ROWS; s *= 2) {
        if (r % (2 * s) == 0)
            prod[r][j] += prod[r + s][j];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (r == 0)
        partial[get_group_id(1) * HID + j] = prod[0][j];
}
