// An LDS src2 atomic (the operand is a second LDS location): valid SI,
// executed by the emulator, not implemented by the RTL LSU.  The RTL must stop with a fault naming the
// instruction (also in cosim, before the emulator executes it).
    .text
    .globl unsupds
    .p2align 8
    .type unsupds,@function
unsupds:
    s_mov_b32 m0, -1
    v_mov_b32 v0, 0
    v_mov_b32 v1, 1
    ds_add_src2_u32 v0 offset:4
    s_waitcnt lgkmcnt(0)
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel unsupds
        .amdhsa_next_free_vgpr 4
        .amdhsa_next_free_sgpr 8
        .amdhsa_group_segment_fixed_size 256
    .end_amdhsa_kernel
