// s_movrels reads s[2 + M0] = s20 beyond the kernel's allocation:
// .amdhsa_next_free_sgpr 8 (+ VCC) makes COMPUTE_PGM_RSRC1.SGPRS 16 SGPRs;
// s20 belongs to no one (on the RTL, to another wave).
    .text
    .globl movrel
    .p2align 8
    .type movrel,@function
movrel:
    s_mov_b32 m0, 18
    s_movrels_b32 s0, s2
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel movrel
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
