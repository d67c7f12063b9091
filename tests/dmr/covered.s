// dmr covered: every VALU instruction runs under EXEC = 0x00ff00ff00ff00ff
// (lanes 0-7 of each 16-lane pass), so with 4-lane clusters and the cross
// mapping (cluster c = lanes c, c+4, c+8, c+12) each cluster has two
// active and two idle lanes: every active lane-op has a checker.
// tests/dmr-test.sh injects FU faults here and expects each one that hits
// a result to be detected.  Full- and quarter-rate ops, 32- and 64-bit
// results, compare and carry bits; 64 iterations; four waves, one per SIMD.
// Assembled with --defsym FULL=1 the same loop runs under a full EXEC: no
// idle lane, every instruction goes to the ReplayQ (DMR inter / enhanced).
	.text
	.globl	dmr_covered
	.p2align	8
	.type	dmr_covered,@function
dmr_covered:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
.ifndef FULL
	s_mov_b32 exec_lo, 0x00ff00ff
	s_mov_b32 exec_hi, 0x00ff00ff
.endif
	v_lshlrev_b32 v1, 4, v0              // 16 bytes per lane
	v_cvt_f32_u32 v2, v0
	v_mov_b32 v3, 1
	v_mov_b32 v20, 0
	s_mov_b32 s8, 64
.Lloop:
	v_mad_f32 v2, v2, 0.5, 1.0           // full rate f32
	v_mul_lo_u32 v3, v3, 3               // quarter rate integer
	v_add_i32 v3, vcc, v3, v0            // carry-out
	v_addc_u32 v4, vcc, 0, v3, vcc       // carry-in and out
	v_rcp_f32 v5, v2                     // quarter rate transcendental
	v_cvt_f64_f32 v[6:7], v5
	v_add_f64 v[6:7], v[6:7], v[6:7]     // quarter rate, 64-bit result
	v_cmp_gt_f32 vcc, v5, 0.5            // compare bits
	v_cndmask_b32 v8, v3, v4, vcc
	v_xor_b32 v20, v20, v8
	v_bfe_u32 v9, v20, 3, 7
	v_add_i32 v20, vcc, v20, v9
	s_sub_u32 s8, s8, 1
	s_cmp_lg_u32 s8, 0
	s_cbranch_scc1 .Lloop
	buffer_store_dword v20, v1, s[4:7], 0 offen
	buffer_store_dword v2, v1, s[4:7], 0 offen offset:4
	buffer_store_dword v6, v1, s[4:7], 0 offen offset:8
	buffer_store_dword v7, v1, s[4:7], 0 offen offset:12
	s_endpgm
.Ldmr_covered_end:
	.size	dmr_covered, .Ldmr_covered_end-dmr_covered

	.rodata
	.p2align	6
	.amdhsa_kernel dmr_covered
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
    .name:           dmr_covered
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         dmr_covered.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
