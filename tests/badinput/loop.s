// A runaway kernel: an infinite loop.
    .text
    .globl loop
    .p2align 8
    .type loop,@function
loop:
    s_mov_b32 s0, 0
BB0:
    s_add_u32 s0, s0, 1
    s_branch BB0
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel loop
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
