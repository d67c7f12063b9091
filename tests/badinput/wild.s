// Stores to a wild (unmapped) global address through an addr64 buffer store.
    .text
    .globl wild
    .p2align 8
    .type wild,@function
wild:
    s_mov_b32 s4, 0x12345000
    s_mov_b32 s5, 0x7
    s_mov_b32 s6, 0
    s_mov_b32 s7, 0x100f000
    v_mov_b32 v1, 0
    v_mov_b32 v2, 0
    buffer_store_dword v0, v[1:2], s[4:7], 0 addr64
    s_waitcnt vmcnt(0)
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel wild
        .amdhsa_next_free_vgpr 3
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
