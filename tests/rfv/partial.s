// partial: VGPR writes under a partial EXEC are not kills.  64 lanes.
//   v5 = 1 in every lane, then v5 = 2 only in lanes < 32 (s_and_saveexec):
//   the old value stays live in lanes 32..63, so nothing may release v5
//   between the two writes (an analysis that took the partial write for a
//   kill would release it at the block entry, and poison mode would store
//   0x7fa5a5a5 for lanes 32..63).
//   A per-lane loop (trip count lane & 3) with EXEC narrowing: v7 += v5
//   each trip (v7 loop-carried, v5 live across the back edge), the loop
//   counter v6 dies at the loop exit.  EXEC is restored from the pair saved
//   before the loop.
//   out[l] = l < 32 ? 2 : 1;  out[64 + l] = 100 + (l & 3) * out[l].

	.text
	.globl	partial
	.p2align	8
	.type	partial,@function
partial:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0
	v_mov_b32 v5, 1
	v_mov_b32 v7, 100
	v_cmp_gt_u32 vcc, 32, v0
	s_and_saveexec_b64 s[8:9], vcc
	s_cbranch_execz .Lskip
	v_mov_b32 v5, 2
.Lskip:
	s_or_b64 exec, exec, s[8:9]
	v_and_b32 v6, 3, v0
	s_mov_b64 s[10:11], exec
.Lloop:
	v_cmp_lt_u32 vcc, 0, v6
	s_and_b64 exec, exec, vcc
	s_cbranch_execz .Ldone
	v_add_i32 v7, vcc, v7, v5
	v_subrev_i32 v6, vcc, 1, v6
	s_branch .Lloop
.Ldone:
	s_mov_b64 exec, s[10:11]
	buffer_store_dword v5, v2, s[4:7], 0 offen
	buffer_store_dword v7, v2, s[4:7], 0 offen offset:256
	s_endpgm
.Lpartial_end:
	.size	partial, .Lpartial_end-partial

	.rodata
	.p2align	6
	.amdhsa_kernel partial
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
    .name:           partial
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .symbol:         partial.kd
    .vgpr_count:     8
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
