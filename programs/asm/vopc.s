// vopc: vector compares (VOPC and VOP3 forms), class tests, v_cmpx (writes
// EXEC), 64-bit compares and v_cndmask.  4 lanes; row r is out[4r + lane].
// Rows holding a mask store the same scalar value in all 4 lanes.
// Rule used throughout: a compare writes one bit per lane into VCC (or an
// SGPR pair); bits of lanes that are inactive (or do not exist: lanes 4-63)
// are written as 0.

.macro ROW vreg, r
	buffer_store_dword \vreg, v2, s[4:7], 0 offen offset:\r*16
.endm
.macro SROW sreg, r
	v_mov_b32 v1, \sreg
	buffer_store_dword v1, v2, s[4:7], 0 offen offset:\r*16
.endm

	.text
	.globl	vopc
	.p2align	8
	.type	vopc,@function
vopc:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0
	v_cvt_f32_u32 v4, v0                 // v4 = (float)lane

	// r0: 2 > lane for lanes 0,1 -> VCC = 0x3
	v_cmp_gt_u32 vcc, 2, v0
	SROW vcc_lo, 0
	// r1: lane != 2 into an SGPR pair (VOP3): lanes 0,1,3 -> 0xb; r2: high half = 0
	v_cmp_ne_u32_e64 s[10:11], v0, 2
	SROW s10, 1
	SROW s11, 2
	// r3: 1.0 == (float)lane only in lane 1 -> 0x2
	v_cmp_eq_f32 vcc, 1.0, v4
	SROW vcc_lo, 3
	// v6 = VCC ? NaN : (float)lane -> lane 1 holds a quiet NaN
	v_mov_b32 v5, 0x7fc00000
	v_cndmask_b32 v6, v4, v5, vcc
	// r4: unordered(v6, v6): only the NaN lane -> 0x2
	v_cmp_u_f32 vcc, v6, v6
	SROW vcc_lo, 4
	// r5: lg = ordered and not equal, v6 vs 1.0: lanes 0,2,3 (0,2,3 != 1); lane 1 is
	//     NaN (unordered -> false) -> 0xd
	v_cmp_lg_f32 vcc, 1.0, v6
	SROW vcc_lo, 5
	// r6: class(v6, signalling|quiet NaN = bits 0,1) -> lane 1 -> 0x2
	v_cmp_class_f32_e64 vcc, v6, 3
	SROW vcc_lo, 6
	// r7: v_cmpx: 3 > lane -> EXEC = VCC = 0x7; then v7 = 0x1234 only in lanes 0-2
	//     and the row store runs with EXEC = 0x7: lane 3 keeps the initial 0
	v_mov_b32 v7, 0x1234
	v_cmpx_gt_u32 vcc, 3, v0
	ROW v7, 7
	s_mov_b32 s12, exec_lo
	s_mov_b64 exec, 0xf                  // all 4 lanes again
	// r8: EXEC after the cmpx = 0x7
	SROW s12, 8
	// 64-bit: v[10:11] = (long)(lane - 2) = -2, -1, 0, 1 ; v[12:13] = 0
	v_subrev_i32 v10, vcc, 2, v0
	v_ashrrev_i32 v11, 31, v10
	v_mov_b32 v12, 0
	v_mov_b32 v13, 0
	// r9: signed v[10:11] < 0: lanes 0,1 -> 0x3
	v_cmp_lt_i64 vcc, v[10:11], v[12:13]
	SROW vcc_lo, 9
	// r10: unsigned 0 < v[10:11] (= 2^64-2, 2^64-1, 0, 1): lanes 0,1,3 -> 0xb
	v_cmp_lt_u64 vcc, v[12:13], v[10:11]
	SROW vcc_lo, 10
	// r11: VCC (0xb) ? 9 : 5 -> 9, 9, 5, 9
	v_mov_b32 v14, 9
	v_cndmask_b32 v9, 5, v14, vcc
	ROW v9, 11
	// r12/r13: compare with EXEC = 0x5 (lanes 0, 2) after VCC = all ones: the
	//     inactive lanes' bits are zeroed: VCC_LO = 0x5, VCC_HI = 0
	s_mov_b64 exec, 0x5
	s_mov_b64 vcc, -1
	v_cmp_eq_u32 vcc, v0, v0
	s_mov_b64 exec, 0xf
	SROW vcc_lo, 12
	SROW vcc_hi, 13
	// r14: (double)lane >= 2.0: lanes 2,3 -> 0xc
	v_cvt_f64_u32 v[16:17], v0
	v_cmp_ge_f64_e64 vcc, v[16:17], 2.0
	SROW vcc_lo, 14

	s_endpgm
.Lvopc_end:
	.size	vopc, .Lvopc_end-vopc

	.rodata
	.p2align	6
	.amdhsa_kernel vopc
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
    .name:           vopc
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         vopc.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
