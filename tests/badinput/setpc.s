// Computed control flow: s_setpc_b64 jumps to a run-time address, so the
// rfv pass cannot know the successors: `sicu rfv` must refuse it, naming
// the offset.  (The emulator runs it: it is valid SI code.)
    .text
    .globl setpc
    .p2align 8
    .type setpc,@function
setpc:
    s_getpc_b64 s[0:1]
    s_add_u32 s0, s0, 8
    s_addc_u32 s1, s1, 0
    s_setpc_b64 s[0:1]
    s_nop 0
    s_endpgm
.Lsetpc_end:
    .size setpc, .Lsetpc_end-setpc
    .rodata
    .p2align 6
    .amdhsa_kernel setpc
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
