// valu-f32: single-precision VALU, including input/output modifiers and
// the default MODE (round to nearest even, f32 denormals flushed).
// 4 lanes (v0 = lane); row r is out[4r + lane].  Hand-derived values in
// the comments (IEEE-754 single: 1.0 = 0x3f800000, ...).

.macro ROW vreg, r
	buffer_store_dword \vreg, v2, s[4:7], 0 offen offset:\r*16
.endm

	.text
	.globl	valu_f32
	.p2align	8
	.type	valu_f32,@function
valu_f32:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0

	// r0: v3 = (float)lane = 0, 1.0, 2.0, 3.0
	v_cvt_f32_u32 v3, v0
	ROW v3, 0
	// r1: v4 = 0.5 + v3 = 0.5, 1.5, 2.5, 3.5
	v_add_f32 v4, 0.5, v3
	ROW v4, 1
	// r2: v5 = -2.0 * v4 = -1, -3, -5, -7
	v_mul_f32 v5, -2.0, v4
	ROW v5, 2
	// r3: v6 = v4*v4 - 1 (v_mad_f32) = -0.75, 1.25, 5.25, 11.25
	v_mad_f32 v6, v4, v4, -1.0
	ROW v6, 3
	// r4: round to nearest even: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, 3.5 -> 4
	v_rndne_f32 v7, v4
	ROW v7, 4
	// r5: floor(v6) = -1, 1, 5, 11
	v_floor_f32 v7, v6
	ROW v7, 5
	// r6: fract(v6) = v6 - floor(v6) = 0.25 in every lane
	v_fract_f32 v7, v6
	ROW v7, 6
	// r7: (int)v5 = -1, -3, -5, -7
	v_cvt_i32_f32 v7, v5
	ROW v7, 7
	// r8: (int)(2^31 * lane) saturates: 0, 0x7fffffff, 0x7fffffff, 0x7fffffff
	v_mul_f32 v8, 0x4f000000, v3
	v_cvt_i32_f32 v7, v8
	ROW v7, 8
	// r9: min(v6, 1.0) = -0.75, 1.0, 1.0, 1.0
	v_min_f32 v7, v6, 1.0
	ROW v7, 9
	// r10: clamp to [0,1]: v4*0.5 = 0.25, 0.75, 1.25 -> 1.0, 1.75 -> 1.0
	v_mul_f32_e64 v7, v4, 0.5 clamp
	ROW v7, 10
	// r11: output modifier *2: (lane + 1) * 2 = 2, 4, 6, 8
	v_add_f32_e64 v7, v3, 1.0 mul:2
	ROW v7, 11
	// r12: source modifiers: |v5| + (-v4) = 1-0.5, 3-1.5, 5-2.5, 7-3.5 = 0.5, 1.5, 2.5, 3.5
	v_add_f32_e64 v7, |v5|, -v4
	ROW v7, 12
	// r13: fma(v4, v4, v5) = x*x - 2x = -0.75, -0.75, 1.25, 5.25 (exact)
	v_fma_f32 v7, v4, v4, v5
	ROW v7, 13
	// r14: 2^-126 (smallest normal) * v4: lane 0 gives 2^-127, a denormal,
	//      flushed to +0; 1.5*2^-126 = 0x00c00000; 2.5*2^-126 = 1.25*2^-125 =
	//      0x01200000; 3.5*2^-126 = 1.75*2^-125 = 0x01600000
	s_mov_b32 s16, 0x00800000
	v_mul_f32 v7, s16, v4
	ROW v7, 14
	// r16: v9 = ldexp(1.0, lane) = 1, 2, 4, 8
	v_ldexp_f32 v9, 1.0, v0
	// r15: 1/v9 = 1, 0.5, 0.25, 0.125 (powers of two are exact)
	v_rcp_f32 v7, v9
	ROW v7, 15
	ROW v9, 16
	// r17: sqrt(lane*lane) = 0, 1, 2, 3 (perfect squares are exact)
	v_mul_f32 v10, v3, v3
	v_sqrt_f32 v7, v10
	ROW v7, 17
	// r18: (uint)negative saturates to 0
	v_cvt_u32_f32 v7, v5
	ROW v7, 18
	// r19: trunc(v6) = -0.0 (0x80000000), 1, 5, 11
	v_trunc_f32 v7, v6
	ROW v7, 19

	s_endpgm
.Lvalu_f32_end:
	.size	valu_f32, .Lvalu_f32_end-valu_f32

	.rodata
	.p2align	6
	.amdhsa_kernel valu_f32
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 24
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
    .name:           valu_f32
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         valu_f32.kd
    .vgpr_count:     16
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
