// smrd: scalar memory reads from the kernarg segment.  Kernel arguments:
// out (8-byte pointer at byte 0) followed by six i32 values at bytes
// 8..28: 0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555,
// 0x66666666 (see smrd.json).  SMRD offsets: an immediate offset counts
// dwords; an SGPR offset holds a byte offset.  One work-item; result k is
// stored to out[k].

.macro STORE sreg, pos
	v_mov_b32 v1, \sreg
	buffer_store_dword v1, off, s[4:7], 0 offset:\pos
.endm

	.text
	.globl	smrd
	.p2align	8
	.type	smrd,@function
smrd:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000

	s_load_dword s10, s[0:1], 0x2          // dword 2 = byte 8: d0 = 0x11111111
	s_load_dwordx2 s[12:13], s[0:1], 0x3   // bytes 12..19: d1 = 0x22222222, d2 = 0x33333333
	s_mov_b32 s14, 16
	s_load_dword s15, s[0:1], s14          // SGPR byte offset 16: d3 = 0x33333333
	s_load_dwordx4 s[16:19], s[0:1], 0x4   // bytes 16..31: d4..d7 = 0x33333333,
	                                       //   0x44444444, 0x55555555, 0x66666666
	// s_buffer_load through a V# whose base is the kernarg pointer,
	// num_records = 32 bytes
	s_mov_b32 s20, s0
	s_and_b32 s21, s1, 0xffff
	s_mov_b32 s22, 32
	s_mov_b32 s23, 0x100f000
	s_buffer_load_dwordx2 s[24:25], s[20:23], 0x5   // bytes 20..27: d8 = 0x44444444, d9 = 0x55555555
	s_waitcnt lgkmcnt(0)
	STORE s10, 0
	STORE s12, 4
	STORE s13, 8
	STORE s15, 12
	STORE s16, 16
	STORE s17, 20
	STORE s18, 24
	STORE s19, 28
	STORE s24, 32
	STORE s25, 36

	s_endpgm
.Lsmrd_end:
	.size	smrd, .Lsmrd_end-smrd

	.rodata
	.p2align	6
	.amdhsa_kernel smrd
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 32
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
      - .name:           v0
        .offset:         8
        .size:           4
        .value_kind:     by_value
      - .name:           v1
        .offset:         12
        .size:           4
        .value_kind:     by_value
      - .name:           v2
        .offset:         16
        .size:           4
        .value_kind:     by_value
      - .name:           v3
        .offset:         20
        .size:           4
        .value_kind:     by_value
      - .name:           v4
        .offset:         24
        .size:           4
        .value_kind:     by_value
      - .name:           v5
        .offset:         28
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 32
    .max_flat_workgroup_size: 256
    .name:           smrd
    .private_segment_fixed_size: 0
    .sgpr_count:     32
    .symbol:         smrd.kd
    .vgpr_count:     8
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
