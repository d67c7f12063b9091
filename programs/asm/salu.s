// salu: scalar ALU (SOP1/SOP2/SOPK/SOPC).  One work-item (grid [1]); every
// result is computed in an SGPR, copied to v1 and stored to out[k]
// (offset 4k).  Expected values are derived by hand from the SI ISA
// reference semantics in the comments; see salu.expected.
//
// Prologue (shared by all asm tests): the kernarg pointer is in s[0:1]
// (only .amdhsa_user_sgpr_kernarg_segment_ptr is enabled); kernarg 0 is
// the output buffer.  s[4:7] becomes a buffer resource (V#) with
// base = out, stride 0, num_records = 0xffffffff.

.macro STORE sreg, pos
	v_mov_b32 v1, \sreg
	buffer_store_dword v1, off, s[4:7], 0 offset:\pos
.endm

	.text
	.globl	salu
	.p2align	8
	.type	salu,@function
salu:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000

	s_mov_b32 s8, 0xffffffff
	s_add_u32 s10, s8, 2            // 0xffffffff + 2 = 0x1_00000001: d0 = 1, SCC = carry = 1
	s_addc_u32 s11, 5, 0            // 5 + 0 + SCC(1) = 6: d1 = 6
	STORE s10, 0
	STORE s11, 4
	s_sub_i32 s12, 5, 7             // 5 - 7 = -2: d2 = 0xfffffffe
	STORE s12, 8
	s_mov_b32 s9, -3                // inline constant -3 = 0xfffffffd
	s_mul_i32 s13, s9, 7            // -21: d3 = 0xffffffeb
	STORE s13, 12
	s_lshl_b32 s14, 0x12345678, 4   // d4 = 0x23456780 (top nibble shifted out)
	STORE s14, 16
	s_mov_b32 s8, 0x87654321
	s_ashr_i32 s15, s8, 8           // arithmetic: sign bit copies in: d5 = 0xff876543
	STORE s15, 20
	s_bfe_u32 s16, s8, 0x000c0008   // offset 8 (src1[4:0]), width 12 (src1[22:16]):
	STORE s16, 24                   //   (0x87654321 >> 8) & 0xfff = 0x543: d6 = 0x00000543
	s_bfe_i32 s17, s8, 0x00080018   // offset 24, width 8: field 0x87, sign-extended: d7 = 0xffffff87
	STORE s17, 28
	s_brev_b32 s18, 1               // bit 0 -> bit 31: d8 = 0x80000000
	STORE s18, 32
	s_bcnt1_i32_b32 s19, s8         // popcount(0x87654321) = 1+3+2+2+1+2+1+1 = 13: d9 = 0xd
	STORE s19, 36
	s_ff1_i32_b32 s20, 0x87654320   // lowest set bit of ...20 is bit 5: d10 = 5
	STORE s20, 40
	s_flbit_i32_b32 s21, 0x00012345 // leading zeros before bit 16 = 15: d11 = 0xf
	STORE s21, 44
	s_movk_i32 s23, 0x1111          // simm16 sign-extended: 0x00001111
	s_cmp_lt_i32 s9, 1              // signed -3 < 1: SCC = 1
	s_cselect_b32 s22, s23, 0x2222  // SCC ? s23 : 0x2222: d12 = 0x00001111
	STORE s22, 48
	s_cmp_lt_u32 s9, 1              // unsigned 0xfffffffd < 1 is false: SCC = 0
	s_cselect_b32 s24, s23, 0x2222  // d13 = 0x00002222
	STORE s24, 52
	s_mov_b64 s[26:27], -1          // 64-bit inline -1: all ones
	s_lshr_b64 s[26:27], s[26:27], 4 // 0x0fffffff_ffffffff: d14 = 0xffffffff (lo), d15 = 0x0fffffff (hi)
	STORE s26, 56
	STORE s27, 60
	s_max_u32 s28, s9, 7            // unsigned max(0xfffffffd, 7): d16 = 0xfffffffd
	STORE s28, 64
	s_min_u32 s29, s9, 7            // unsigned min: d17 = 7
	STORE s29, 68
	s_not_b32 s30, 0x0f0f0f0f       // d18 = 0xf0f0f0f0
	STORE s30, 72
	s_nand_b32 s31, s8, 0xffff0000  // ~(0x87654321 & 0xffff0000) = ~0x87650000: d19 = 0x789affff
	STORE s31, 76
	s_sext_i32_i16 s32, 0x8001      // sign-extend the low 16 bits: d20 = 0xffff8001
	STORE s32, 80
	s_movk_i32 s33, 100
	s_addk_i32 s33, 0xfffb          // 100 + sext(0xfffb) = 100 - 5 = 95: d21 = 0x5f
	STORE s33, 84
	s_mulk_i32 s33, 3               // 95 * 3 = 285: d22 = 0x11d
	STORE s33, 88
	s_bfm_b32 s34, 5, 3             // ((1 << 5) - 1) << 3 = 0x1f << 3: d23 = 0xf8
	STORE s34, 92

	s_endpgm
.Lsalu_end:
	.size	salu, .Lsalu_end-salu

	.rodata
	.p2align	6
	.amdhsa_kernel salu
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 40
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
    .name:           salu
    .private_segment_fixed_size: 0
    .sgpr_count:     40
    .symbol:         salu.kd
    .vgpr_count:     8
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
