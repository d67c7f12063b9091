// inflight: many instructions retire while older loads are still in
// flight.  Eight buffer_load_dwordx4 whose 64 lanes each read a different
// line of one L1 set (src + lane*4096: every access misses, 512 line
// requests) are followed by 400 SALU and 50 VALU instructions before the
// s_waitcnt: the loads complete over a hundred instructions after they
// issued, out of order with respect to retirement.  (The harness's record
// ring once held 64 instructions per wave and lost records: a cosim
// mismatch "the RTL wrote none".)
// 64 lanes (v0 = lane); src is iota32 (dword i = i), so load k of lane l
// reads dwords l*1024 + 4k .. l*1024 + 4k + 3.  Layout of out (dwords):
//   [4*lane + 0]   sum over k of the first dword = 8*1024*lane + 4*(0+1+..+7)
//                  = 8192*lane + 112
//   [4*lane + 1]   the last dword of the last load = 1024*lane + 31
//   [4*lane + 2]   s10 = 400 x 1 = 0x190
//   [4*lane + 3]   v3 = 50 x 1.0f = 50.0f = 0x42480000
	.text
	.globl	inflight
	.p2align	8
	.type	inflight,@function
inflight:
	s_load_dwordx4 s[8:11], s[0:1], 0x0      // s[8:9] = out, s[10:11] = src
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s8
	s_and_b32 s5, s9, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	s_mov_b32 s12, s10
	s_and_b32 s13, s11, 0xffff
	s_mov_b32 s14, -1
	s_mov_b32 s15, 0x100f000
	v_lshlrev_b32 v2, 4, v0                  // lane*16: out offset
	v_lshlrev_b32 v1, 12, v0                 // lane*4096: src offset
	buffer_load_dwordx4 v[8:11], v1, s[12:15], 0 offen offset:0
	buffer_load_dwordx4 v[12:15], v1, s[12:15], 0 offen offset:16
	buffer_load_dwordx4 v[16:19], v1, s[12:15], 0 offen offset:32
	buffer_load_dwordx4 v[20:23], v1, s[12:15], 0 offen offset:48
	buffer_load_dwordx4 v[24:27], v1, s[12:15], 0 offen offset:64
	buffer_load_dwordx4 v[28:31], v1, s[12:15], 0 offen offset:80
	buffer_load_dwordx4 v[32:35], v1, s[12:15], 0 offen offset:96
	buffer_load_dwordx4 v[36:39], v1, s[12:15], 0 offen offset:112
	s_mov_b32 s10, 0
	.rept 400
	s_add_u32 s10, s10, 1
	.endr
	v_mov_b32 v3, 0
	.rept 50
	v_add_f32 v3, 1.0, v3
	.endr
	s_waitcnt vmcnt(0)
	v_add_i32 v8, vcc, v8, v12
	v_add_i32 v8, vcc, v8, v16
	v_add_i32 v8, vcc, v8, v20
	v_add_i32 v8, vcc, v8, v24
	v_add_i32 v8, vcc, v8, v28
	v_add_i32 v8, vcc, v8, v32
	v_add_i32 v8, vcc, v8, v36
	v_mov_b32 v9, v39
	v_mov_b32 v10, s10
	v_mov_b32 v11, v3
	buffer_store_dwordx4 v[8:11], v2, s[4:7], 0 offen
	s_endpgm
.Linflight_end:
	.size	inflight, .Linflight_end-inflight

	.rodata
	.p2align	6
	.amdhsa_kernel inflight
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 40
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
      - .address_space:  global
        .name:           src
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name:           inflight
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         inflight.kd
    .vgpr_count:     40
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
