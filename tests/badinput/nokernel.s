// Code without a kernel descriptor (no NAME.kd symbol): nothing to run or
// to rewrite.
    .text
    .globl f
    .p2align 8
    .type f,@function
f:
    v_mov_b32 v1, v0
    s_endpgm
