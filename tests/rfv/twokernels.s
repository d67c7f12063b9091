// twokernels: two kernels in one object.  The metadata the pass inserts into
// `first` (240 bytes) pushes it past 256 bytes, so `second` moves from .text
// +0x100 to the next 256-byte entry, +0x200: its symbol, its descriptor's
// entry and the REL32 relocations of its PC-relative table load follow.
// `second` is run.  64 lanes:
//   out[l] = tbl2[0] (0x1000) + l, plus 0x100 in lanes < 16 (a branch
//   around a partial-EXEC block).

	.text
	.globl	first
	.p2align	8
	.type	first,@function
first:
	v_mov_b32 v5, 1
	v_mov_b32 v7, 100
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
	v_mov_b32 v1, v7
	.rept 46
	s_nop 0
	.endr
	s_endpgm
.Lfirst_end:
	.size	first, .Lfirst_end-first

	.globl	second
	.p2align	8
	.type	second,@function
second:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, tbl2@rel32@lo+4
	s_addc_u32 s11, s11, tbl2@rel32@hi+4
	s_load_dword s12, s[10:11], 0x0
	s_waitcnt lgkmcnt(0)
	v_add_i32 v3, vcc, s12, v0
	v_cmp_gt_u32 vcc, 16, v0
	s_and_saveexec_b64 s[8:9], vcc
	s_cbranch_execz .Lb
	v_add_i32 v3, vcc, 0x100, v3
.Lb:
	s_or_b64 exec, exec, s[8:9]
	buffer_store_dword v3, v2, s[4:7], 0 offen
	s_endpgm
.Lsecond_end:
	.size	second, .Lsecond_end-second

	.rodata
	.p2align	4
tbl2:
	.long 0x1000, 0x2000

	.p2align	6
	.amdhsa_kernel first
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 16
	.end_amdhsa_kernel
	.p2align	6
	.amdhsa_kernel second
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
    .name:           second
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .symbol:         second.kd
    .vgpr_count:     8
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
