// branches: scalar branches and EXEC masking.  4 lanes; row r is out[4r + lane].
//   r0 scalar loop: s10 = 5+4+3+2+1 = 15 (s_cbranch_scc1 back-edge)
//   r1 if/else with s_and_saveexec_b64 / s_andn2_b64 exec: lanes 0,1 (lane < 2)
//      take "then" (0x111), lanes 2,3 take "else" (0x222)
//   r2 s_cbranch_execz: a branch around a block when no lane is active skips
//      even its scalar instructions: s14 keeps 0x600d (0xbad is skipped)
//   r3 s_cbranch_vccz with VCC = 0 is taken: s15 keeps 0x77
//   r4 per-lane loop, trip count = lane: v6 += 10 while counter > 0, lanes leave
//      the loop by dropping out of EXEC: 0, 10, 20, 30
//   r5 s_getpc_b64 / s_setpc_b64 jump over an instruction: s20 keeps 0x5e7

.macro ROW vreg, r
	buffer_store_dword \vreg, v2, s[4:7], 0 offen offset:\r*16
.endm
.macro SROW sreg, r
	v_mov_b32 v1, \sreg
	buffer_store_dword v1, v2, s[4:7], 0 offen offset:\r*16
.endm

	.text
	.globl	branches
	.p2align	8
	.type	branches,@function
branches:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0

	// r0
	s_mov_b32 s10, 0
	s_mov_b32 s11, 5
.Lloop:
	s_add_u32 s10, s10, s11
	s_sub_u32 s11, s11, 1
	s_cmp_lg_u32 s11, 0
	s_cbranch_scc1 .Lloop
	SROW s10, 0

	// r1
	v_mov_b32 v3, 0
	v_cmp_gt_u32 vcc, 2, v0
	s_and_saveexec_b64 s[12:13], vcc          // s[12:13] = old EXEC (0xf); EXEC = 0x3
	v_mov_b32 v3, 0x111
	s_andn2_b64 exec, s[12:13], exec          // EXEC = 0xf & ~0x3 = 0xc
	v_mov_b32 v3, 0x222
	s_mov_b64 exec, s[12:13]
	ROW v3, 1

	// r2
	s_mov_b32 s14, 0x600d
	v_cmp_gt_u32 vcc, 0, v0                   // no lane: VCC = 0
	s_and_saveexec_b64 s[12:13], vcc          // EXEC = 0
	s_cbranch_execz .Lskip
	s_mov_b32 s14, 0xbad
.Lskip:
	s_mov_b64 exec, s[12:13]
	SROW s14, 2

	// r3
	s_mov_b32 s15, 0x77
	s_mov_b64 vcc, 0
	s_cbranch_vccz .Lvz
	s_mov_b32 s15, 0xbad
.Lvz:
	SROW s15, 3

	// r4
	v_mov_b32 v6, 0
	v_mov_b32 v7, v0
	s_mov_b64 s[16:17], exec
.Lvloop:
	v_cmp_lt_u32 vcc, 0, v7                   // lanes whose counter is still > 0
	s_and_b64 exec, exec, vcc
	s_cbranch_execz .Lvend
	v_add_i32 v6, vcc, 10, v6
	v_subrev_i32 v7, vcc, 1, v7
	s_branch .Lvloop
.Lvend:
	s_mov_b64 exec, s[16:17]
	ROW v6, 4

	// r5
	s_mov_b32 s20, 0x5e7
	s_getpc_b64 s[18:19]                      // address of the next instruction (.Lpc)
.Lpc:
	s_add_u32 s18, s18, .Ltgt-.Lpc
	s_addc_u32 s19, s19, 0
	s_setpc_b64 s[18:19]
	s_mov_b32 s20, 0xbad
.Ltgt:
	SROW s20, 5

	s_endpgm
.Lbranches_end:
	.size	branches, .Lbranches_end-branches

	.rodata
	.p2align	6
	.amdhsa_kernel branches
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
    .name:           branches
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         branches.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
