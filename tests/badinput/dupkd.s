// Two kernels, kdupA and kdupB; badinput.sh renames the symbol kdupB.kd to
// kdupA.kd in the object, so that kdupA has two kernel descriptors.
    .text
    .globl kdupA
    .p2align 8
    .type kdupA,@function
kdupA:
    s_endpgm
    .globl kdupB
    .p2align 8
    .type kdupB,@function
kdupB:
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel kdupA
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
    .p2align 6
    .amdhsa_kernel kdupB
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
