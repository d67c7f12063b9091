// Reads an SGPR beyond the kernel's allocation: .amdhsa_next_free_sgpr 8
// (+ VCC) makes COMPUTE_PGM_RSRC1.SGPRS 16 SGPRs; s40 belongs to no one (on
// the RTL, to another wave).
    .text
    .globl sgpr
    .p2align 8
    .type sgpr,@function
sgpr:
    s_mov_b32 s0, 1
    s_mov_b32 s1, s40
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel sgpr
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
