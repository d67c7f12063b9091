// Two scalar loads from the kernel arguments.  Run on the RTL with
// `sicu run --engine rtl --mem-stall-after 1` (the memory model stops answering after the
// first request): the second s_waitcnt never completes and the watchdog must
// name the stuck wave, its PC and the outstanding lgkmcnt.
    .text
    .globl hang
    .p2align 8
    .type hang,@function
hang:
    s_load_dword s2, s[0:1], 0x0
    s_waitcnt lgkmcnt(0)
    s_load_dword s3, s[0:1], 0x1
    s_waitcnt lgkmcnt(0)
    s_endpgm
    .rodata
    .p2align 6
    .amdhsa_kernel hang
        .amdhsa_user_sgpr_kernarg_segment_ptr 1
        .amdhsa_next_free_vgpr 1
        .amdhsa_next_free_sgpr 8
    .end_amdhsa_kernel
