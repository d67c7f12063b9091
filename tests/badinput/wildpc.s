// A kernel that jumps to an address outside memory: the RTL's instruction
// buffer fetches the block, decode turns its first dword into a fetch fault.
    .text
    .globl wildpc
    .p2align 8
    .type wildpc,@function
wildpc:
    s_mov_b32 s10, 0x70000000
    s_mov_b32 s11, 0
    s_setpc_b64 s[10:11]
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel wildpc
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 16
    .end_amdhsa_kernel
