// getpc: a PC-relative load of constant data (s_getpc_b64 + s_add_u32/
// s_addc_u32 with REL32_LO/HI relocations, what clang emits for __constant
// tables) where the rfv pass inserts metadata between the s_getpc_b64 and
// its adds: s_getpc_b64 is instruction 17 of the entry block, so the
// rfv_pir of the second chunk of 18 (which releases v1 after instruction 20)
// goes right before the s_add_u32.  The pass must correct the relocations'
// addends by the 8 inserted bytes, else the load reads tbl[2], tbl[3].
// One work-item: out[0..1] = tbl[0..1], out[2] = 7 + 5.

	.text
	.globl	getpc
	.p2align	8
	.type	getpc,@function
getpc:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	v_mov_b32 v1, 7
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	.rept 10
	s_nop 0
	.endr
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, tbl@rel32@lo+4
	s_addc_u32 s11, s11, tbl@rel32@hi+4
	v_add_i32 v2, vcc, 5, v1
	s_load_dwordx2 s[12:13], s[10:11], 0x0
	s_waitcnt lgkmcnt(0)
	v_mov_b32 v3, s12
	buffer_store_dword v3, off, s[4:7], 0
	v_mov_b32 v3, s13
	buffer_store_dword v3, off, s[4:7], 0 offset:4
	buffer_store_dword v2, off, s[4:7], 0 offset:8
	s_endpgm
.Lgetpc_end:
	.size	getpc, .Lgetpc_end-getpc

	.rodata
	.p2align	4
tbl:
	.long 0xcafe0001, 0xcafe0002, 0xcafe0003, 0xcafe0004

	.p2align	6
	.amdhsa_kernel getpc
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 16
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           getpc
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .symbol:         getpc.kd
    .vgpr_count:     8
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
