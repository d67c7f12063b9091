// A compute kernel using a graphics-only instruction (export).
    .text
    .globl graphics
    .p2align 8
    .type graphics,@function
graphics:
    v_mov_b32 v1, 0
    exp mrt0 v1, v1, v1, v1 done vm
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel graphics
        .amdhsa_next_free_vgpr 2
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
