// valu-int: integer VALU (VOP2/VOP3, carries, 24/32-bit multiplies,
// bit-field ops, 64-bit shifts).  4 work-items (lanes 0-3, v0 = lane).
// Row r of the output is out[4r + lane] (byte offset 16r + 4*lane).
// Hand-derived expected values per lane are in the comments.

.macro ROW vreg, r
	buffer_store_dword \vreg, v2, s[4:7], 0 offen offset:\r*16
.endm

	.text
	.globl	valu_int
	.p2align	8
	.type	valu_int,@function
valu_int:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0              // v2 = lane*4 (store address, shift amounts)

	// r0: v3 = lane << 30 = 0, 0x40000000, 0x80000000, 0xc0000000
	v_lshlrev_b32 v3, 30, v0
	ROW v3, 0
	// r1: v4 = 0xffffffff + lane = 0xffffffff, 0, 1, 2
	//     VCC carry = (uint64 sum >> 32): lanes 1,2,3 carry -> VCC = 0xe
	v_add_i32 v4, vcc, -1, v0
	ROW v4, 1
	// r15 (stored later): VCC_LO after r1 = 0x0000000e
	v_mov_b32 v20, vcc_lo
	// r2: v5 = 0 + v4 + carry-in = 0xffffffff+0, 0+1, 1+1, 2+1 = 0xffffffff, 1, 2, 3
	v_addc_u32 v5, vcc, 0, v4, vcc
	ROW v5, 2
	// r3: VCC after the addc: no lane carries out -> 0
	v_mov_b32 v6, vcc_lo
	ROW v6, 3
	// r4: unsigned high half of (lane<<30) * 0x80000001:
	//     0; 0x40000000*0x80000001 = 0x20000000_40000000 -> 0x20000000;
	//     0x80000000*... = 0x40000000_80000000 -> 0x40000000; 0xc0000000*... -> 0x60000000
	s_mov_b32 s10, 0x80000001
	v_mul_hi_u32 v6, v3, s10
	ROW v6, 4
	// r5: signed high half, s10 = -(2^31 - 1):
	//     lane1: 2^30 * -(2^31-1) = -(2^61 - 2^30) = 0xe0000000_40000000 -> 0xe0000000
	//     lane2: -2^31 * -(2^31-1) = 2^62 - 2^31 = 0x3fffffff_80000000 -> 0x3fffffff
	//     lane3: -2^30 * -(2^31-1) = 2^61 - 2^30 = 0x1fffffff_c0000000 -> 0x1fffffff
	v_mul_hi_i32 v7, v3, s10
	ROW v7, 5
	// r6: low half of lane * -3 = 0, 0xfffffffd, 0xfffffffa, 0xfffffff7
	v_mul_lo_i32 v8, v0, -3
	ROW v8, 6
	// r7: v_bfe_u32(0x87654321, offset = lane*4, width 8) = 0x21, 0x32, 0x43, 0x54
	s_mov_b32 s11, 0x87654321
	v_bfe_u32 v9, s11, v2, 8
	ROW v9, 7
	// r8: v_bfe_i32(0x89abcdef, lane*4, 8): fields 0xef, 0xde, 0xcd, 0xbc, all with
	//     bit 7 set -> 0xffffffef, 0xffffffde, 0xffffffcd, 0xffffffbc
	s_mov_b32 s12, 0x89abcdef
	v_bfe_i32 v9, s12, v2, 8
	ROW v9, 8
	// r9: arithmetic shift of 0x89abcdef right by lane*4:
	//     0x89abcdef, 0xf89abcde, 0xff89abcd, 0xfff89abc
	v_mov_b32 v11, s12
	v_ashrrev_i32 v9, v2, v11
	ROW v9, 9
	// r10: low dword of 0x00000001_80000000 >> lane*4:
	//     0x80000000, 0x18000000, 0x01800000, 0x00180000
	v_mov_b32 v14, 0x80000000
	v_mov_b32 v15, 1
	v_lshr_b64 v[12:13], v[14:15], v2
	ROW v12, 10
	// r11: unsigned min(1, v4 = 0xffffffff, 0, 1, 2) = 1, 0, 1, 1
	v_min_u32 v9, 1, v4
	ROW v9, 11
	// r12: v_bfi_b32(mask 0x00ff00ff, 0x89abcdef, lane<<30) = (m & b) | (~m & c):
	//     0x00ab00ef | (lane<<30) = 0x00ab00ef, 0x40ab00ef, 0x80ab00ef, 0xc0ab00ef
	s_mov_b32 s13, 0x00ff00ff
	v_bfi_b32 v9, s13, v11, v3
	ROW v9, 12
	// r13: lane ^ 0x89abcdef = 0x89abcdef, 0x89abcdee, 0x89abcded, 0x89abcdec
	v_xor_b32 v9, v0, v11
	ROW v9, 13
	// r14: 2 - lane = 2, 1, 0, 0xffffffff; borrow only in lane 3 -> VCC = 0x8
	v_sub_i32 v9, vcc, 2, v0
	ROW v9, 14
	ROW v20, 15
	// r16: VCC_LO after the sub = 0x00000008
	v_mov_b32 v9, vcc_lo
	ROW v9, 16
	// r17: 24-bit multiply: v_mul_u32_u24(0x01000003 -> low 24 bits = 3, lane + 0x7f000000
	//     -> low 24 bits = lane) = 3*lane = 0, 3, 6, 9
	v_or_b32 v10, 0x7f000000, v0
	s_mov_b32 s14, 0x01000003
	v_mul_u32_u24 v9, s14, v10
	ROW v9, 17
	// r18: v_mul_i32_i24(0x00fffffe -> sign-extended 24 bits = -2, lane) = 0, -2, -4, -6
	//     = 0, 0xfffffffe, 0xfffffffc, 0xfffffffa
	s_mov_b32 s15, 0x00fffffe
	v_mul_i32_i24 v9, s15, v0
	ROW v9, 18
	// r19: v_bcnt_u32_b32(lane<<30, 5) = popcount + 5 = 5, 6, 6, 7
	v_bcnt_u32_b32 v9, v3, 5
	ROW v9, 19


	s_endpgm
.Lvalu_int_end:
	.size	valu_int, .Lvalu_int_end-valu_int

	.rodata
	.p2align	6
	.amdhsa_kernel valu_int
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
    .name:           valu_int
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         valu_int.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
