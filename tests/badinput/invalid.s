// A kernel containing a word that is not a valid SI instruction.
    .text
    .globl invalid
    .p2align 8
    .type invalid,@function
invalid:
    s_mov_b32 s0, 0
    .long 0xffffffff
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel invalid
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
