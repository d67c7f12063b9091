// vstore: dword buffer stores through the vector memory pipeline (vmem.v),
// coalesced into 64-byte line writes, and what coalescing must preserve:
// the last lane wins where lanes store to one dword (the emulator's order:
// lane, then its dwords), out-of-range dwords are dropped one by one, a
// lane's dwords may straddle two lines, and a load right after a store
// sees it.  64 lanes (v0 = lane).  Layout of out (dwords):
//   [0..63]      R1 contiguous store_dword: 0x1000 + lane
//   [64]         R2 every lane stores its id to one dword: the last lane, 63
//   [65]         ... with EXEC = lanes 0-15 and 32-47: 47 (0x2f)
//   [128..191]   R3 store_dwordx2 (0x2000 + lane, 0x3000 + lane) at byte
//                512 + 4*lane: lane l's second dword is overwritten by lane
//                l+1's first: [128 + k] = 0x2000 + k ...
//   [192]        ... and lane 63's second dword: 0x303f
//   [258..513]   R4 store_dwordx4 (0x4000 + 4*lane + d) at byte 1032 +
//                16*lane: every lane's four dwords straddle two lines
//   [1024..1033] R5 store_dwordx4 (0x6000 + 4*lane + d) through a V# at out +
//                4096 with num_records 40: dwords at byte offsets >= 40 are
//                out of range, so lanes 0, 1 and half of lane 2 remain:
//                0x6000 .. 0x6009; [1034..] stay 0
//   [1280..1343] R6 R1 loaded back right after its store, + 1: 0x1001 + lane
//   [1536 + 16*lane] R7 one line per lane: 0x5000 + lane
// Everything else stays 0.
	.text
	.globl	vstore
	.p2align	8
	.type	vstore,@function
vstore:
	s_load_dwordx2 s[8:9], s[0:1], 0x0      // out
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s8
	s_and_b32 s5, s9, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v1, 2, v0                  // 4*lane
	// R1
	v_add_i32 v2, vcc, 0x1000, v0
	buffer_store_dword v2, v1, s[4:7], 0 offen
	// R2
	v_mov_b32 v3, 0
	buffer_store_dword v0, v3, s[4:7], 0 offen offset:256
	s_mov_b32 exec_lo, 0xffff
	s_mov_b32 exec_hi, 0xffff
	buffer_store_dword v0, v3, s[4:7], 0 offen offset:260
	s_mov_b64 exec, -1
	// R3
	v_add_i32 v4, vcc, 0x2000, v0
	v_add_i32 v5, vcc, 0x3000, v0
	buffer_store_dwordx2 v[4:5], v1, s[4:7], 0 offen offset:512
	// R4
	v_lshlrev_b32 v6, 4, v0                  // 16*lane
	v_lshlrev_b32 v7, 2, v0                  // 4*lane
	v_add_i32 v8, vcc, 0x4000, v7
	v_add_i32 v9, vcc, 0x4001, v7
	v_add_i32 v10, vcc, 0x4002, v7
	v_add_i32 v11, vcc, 0x4003, v7
	buffer_store_dwordx4 v[8:11], v6, s[4:7], 0 offen offset:1032
	// R5
	s_add_u32 s12, s4, 0x1000
	s_addc_u32 s13, s5, 0
	s_mov_b32 s14, 40
	s_mov_b32 s15, 0x100f000
	v_add_i32 v12, vcc, 0x6000, v7
	v_add_i32 v13, vcc, 0x6001, v7
	v_add_i32 v14, vcc, 0x6002, v7
	v_add_i32 v15, vcc, 0x6003, v7
	buffer_store_dwordx4 v[12:15], v6, s[12:15], 0 offen
	// R6
	buffer_load_dword v16, v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0)
	v_add_i32 v16, vcc, 1, v16
	s_movk_i32 s20, 0x1400                   // byte 5120
	buffer_store_dword v16, v1, s[4:7], s20 offen
	// R7
	v_lshlrev_b32 v17, 6, v0                 // 64*lane
	v_add_i32 v18, vcc, 0x5000, v0
	s_movk_i32 s21, 0x1800                   // byte 6144
	buffer_store_dword v18, v17, s[4:7], s21 offen
	s_endpgm
.Lvstore_end:
	.size	vstore, .Lvstore_end-vstore

	.rodata
	.p2align	6
	.amdhsa_kernel vstore
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 20
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
    .name:           vstore
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         vstore.kd
    .vgpr_count:     20
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
