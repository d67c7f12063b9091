// A format buffer store with a data format (10_11_11) neither the emulator
// nor the RTL LSU supports: the RTL must stop with a fault naming the
// instruction.
    .text
    .globl unsup
    .p2align 8
    .type unsup,@function
unsup:
    s_mov_b32 s4, 0
    s_mov_b32 s5, 0
    s_mov_b32 s6, 0
    s_mov_b32 s7, 0x100f000
    v_mov_b32 v1, 0
    tbuffer_store_format_x v0, off, s[4:7], 0 format:22
    s_waitcnt vmcnt(0)
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel unsup
        .amdhsa_next_free_vgpr 3
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
