// A kernel with an rfv_pbr metadata word (sicu-private, docs/rfv.md) whose
// release window runs past v255 (base v255, mask bit 1): an invalid
// encoding for the emulator and the RTL alike.
    .text
    .globl rfvbad
    .p2align 8
    .type rfvbad,@function
rfvbad:
    s_mov_b32 s0, 0
    .long 0xed0002ff, 0x00000000
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel rfvbad
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
