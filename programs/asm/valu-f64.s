// valu-f64: double-precision VALU (VOP3 only on SI).  4 lanes; row r holds
// one double per lane: out[8r + 2*lane] = low dword, out[8r + 2*lane + 1]
// = high dword (byte offset 32r + 8*lane).  Doubles: 1.0 = 0x3ff00000_00000000.

.macro ROW vpair, r
	buffer_store_dwordx2 \vpair, v2, s[4:7], 0 offen offset:\r*32
.endm

	.text
	.globl	valu_f64
	.p2align	8
	.type	valu_f64,@function
valu_f64:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 3, v0              // v2 = lane*8

	// r0: v[4:5] = (double)lane = 0, 1.0, 2.0, 3.0 (hi 0, 3ff00000, 40000000, 40080000)
	v_cvt_f64_u32 v[4:5], v0
	ROW v[4:5], 0
	// r1: v[6:7] = lane + 0.5 = 0.5, 1.5, 2.5, 3.5 (hi 3fe00000, 3ff80000, 40040000, 400c0000)
	v_add_f64 v[6:7], v[4:5], 0.5
	ROW v[6:7], 1
	// r2: x*x = 0.25, 2.25, 6.25, 12.25 (hi 3fd00000, 40020000, 40190000, 40288000)
	v_mul_f64 v[8:9], v[6:7], v[6:7]
	ROW v[8:9], 2
	// r3: fma(x, -2.0, x*x) = -0.75, -0.75, 1.25, 5.25 (hi bfe80000, bfe80000, 3ff40000, 40150000)
	v_fma_f64 v[10:11], v[6:7], -2.0, v[8:9]
	ROW v[10:11], 3
	// r4: fract(r3) = r3 - floor(r3) = 0.25 in every lane (hi 3fd00000)
	v_fract_f64 v[12:13], v[10:11]
	ROW v[12:13], 4
	// r5: (int)r3, truncating = 0, 0, 1, 5 (high dword of the row = 0)
	v_cvt_i32_f64 v12, v[10:11]
	v_mov_b32 v13, 0
	ROW v[12:13], 5
	// r6: (float)r1 = 0.5f, 1.5f, 2.5f, 3.5f (3f000000, 3fc00000, 40200000, 40600000), hi 0
	v_cvt_f32_f64 v12, v[6:7]
	ROW v[12:13], 6
	// r7: ldexp(r1, lane) = 0.5, 3.0, 10.0, 28.0 (hi 3fe00000, 40080000, 40240000, 403c0000)
	v_ldexp_f64 v[12:13], v[6:7], v0
	ROW v[12:13], 7
	// r8: min(r3, 0) = -0.75, -0.75, 0, 0
	v_min_f64 v[12:13], v[10:11], 0
	ROW v[12:13], 8
	// r9: 1 / 2^lane = 1, 0.5, 0.25, 0.125 (hi 3ff00000, 3fe00000, 3fd00000, 3fc00000)
	v_ldexp_f64 v[14:15], 1.0, v0
	v_rcp_f64 v[12:13], v[14:15]
	ROW v[12:13], 9
	// r10: -r1 + |r3| = -0.5+0.75, -1.5+0.75, -2.5+1.25, -3.5+5.25
	//      = 0.25, -0.75, -1.25, 1.75 (hi 3fd00000, bfe80000, bff40000, 3ffc0000)
	v_add_f64 v[12:13], -v[6:7], |v[10:11]|
	ROW v[12:13], 10
	// r11: 2^53 + lane, round to nearest even (ulp at 2^53 is 2):
	//      +0 -> 2^53; +1 tie -> 2^53 (even); +2 exact -> mantissa 1; +3 tie between
	//      mantissa 1 and 2 -> 2 (even).  hi 43400000, lo 0, 0, 1, 2
	v_mov_b32 v16, 0
	v_mov_b32 v17, 0x43400000
	v_add_f64 v[12:13], v[16:17], v[4:5]
	ROW v[12:13], 11

	s_endpgm
.Lvalu_f64_end:
	.size	valu_f64, .Lvalu_f64_end-valu_f64

	.rodata
	.p2align	6
	.amdhsa_kernel valu_f64
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 24
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
    .name:           valu_f64
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         valu_f64.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
