// atomic-ret: buffer atomics that return their pre-op value (GLC) from 4
// waves, back to back and between LDS instructions, with out-of-range lanes
// and a partial EXEC: the LSU's atomic return stage (rtl/lsu.v, "Global
// atomics") writes each lane's value as its response arrives while DS
// instructions go on.  Every address belongs to one work-item, so the result
// does not depend on the order of the waves.
// Work-group of 256 (4 waves), t = v0 = work-item 0..255.  Byte layout of out
// (dword index: contents):
//   [0..255]    atomic area A: t + 1 (add, no return), then + 0x100 (add, GLC;
//               returns t + 1), then swapped with 0x5000 + t on the lanes of
//               odd t (swap, GLC; returns t + 0x101):
//               even t: t + 0x101, odd t: 0x5000 + t.  The V# of A has
//               num_records = 896 bytes: t >= 224 is out of range (no access:
//               A stays 0, a returned value is 0)
//   [256..511]  returned by the add:  t + 1 (t < 224), 0 (t >= 224)
//   [512..767]  returned by the swap: odd t: t + 0x101 (t < 224), 0 (t >= 224);
//               even t (EXEC off): v7 untouched = 0xdead0000 + t
//   [768..1023] LDS round trip between the atomics: 3 * t + 7, written by
//               work-item t, read back by work-item t ^ 64 (other wave, after
//               s_barrier), so [768 + t] = 3 * (t ^ 64) + 7

	.text
	.globl	atomic_ret
	.p2align	8
	.type	atomic_ret,@function
atomic_ret:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	// s[4:7]: V# of out, whole buffer; s[8:11]: V# of area A, 896 bytes
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	s_mov_b32 s8, s2
	s_mov_b32 s9, s5
	s_movk_i32 s10, 0x380
	s_mov_b32 s11, 0x100f000
	s_mov_b32 m0, -1
	v_lshlrev_b32 v1, 2, v0                  // 4 t
	v_add_i32 v2, vcc, 1, v0                 // t + 1
	v_mov_b32 v3, 0x100
	v_add_i32 v4, vcc, 0x5000, v0            // swap data
	v_mad_u32_u24 v5, v0, 3, 7               // 3 t + 7
	v_add_i32 v7, vcc, 0xdead0000, v0
	v_xor_b32 v8, 64, v0                     // partner t ^ 64
	v_lshlrev_b32 v8, 2, v8

	buffer_atomic_add v2, v1, s[8:11], 0 offen
	ds_write_b32 v1, v5
	buffer_atomic_add v3, v1, s[8:11], 0 offen glc
	ds_read_b32 v9, v1
	v_and_b32 v6, 1, v0
	v_cmp_eq_u32 vcc, 1, v6
	s_and_saveexec_b64 s[12:13], vcc
	buffer_atomic_swap v4, v1, s[8:11], 0 offen glc
	s_mov_b64 exec, s[12:13]
	ds_write_b32 v1, v9 offset:1024
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v10, v8 offset:1024
	s_waitcnt vmcnt(0)                       // the swap's returned values in v4
	s_and_saveexec_b64 s[12:13], vcc
	v_mov_b32 v7, v4
	s_mov_b64 exec, s[12:13]
	s_waitcnt lgkmcnt(0)
	buffer_store_dword v3, v1, s[4:7], 0 offen offset:1024
	buffer_store_dword v7, v1, s[4:7], 0 offen offset:2048
	buffer_store_dword v10, v1, s[4:7], 0 offen offset:3072
	s_endpgm
.Latomic_ret_end:
	.size	atomic_ret, .Latomic_ret_end-atomic_ret

	.rodata
	.p2align	6
	.amdhsa_kernel atomic_ret
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 2048
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
    .group_segment_fixed_size: 2048
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           atomic_ret
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         atomic_ret.kd
    .vgpr_count:     16
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
