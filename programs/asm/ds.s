// ds: LDS instructions (M0 = 0xffffffff: no LDS limit).  4 lanes, 256
// bytes of LDS.  LDS layout: dwords 0..3 = 0x1000 + lane (ds_write_b32),
// dwords 8..11 = 0x2000 + lane and 16..19 = 0x3000 + lane (one ds_write2_b32
// with offset0:8 offset1:16, in dword units), bytes 128..131 = 0x80 + lane.
// out (dword index: contents):
//   [0..3]   ds_read_b32 offset:32            = 0x2000 + lane
//   [4..7]   ds_read2_b32 offset0:0 (first)   = 0x1000 + lane
//   [8..11]  ds_read2_b32 offset1:16 (second) = 0x3000 + lane
//   [12..15] four ds_add_u32 of 1 to dword 0 (0x1000) = 0x1004 (all lanes read it)
//   [16..19] ds_read_i8 of byte 128 + lane = 0x80 + lane, sign-extended = 0xffffff80 + lane
//   [20..23] ds_read_u16 at byte 128 = 0x8180 (zero-extended)
//   [24..27] ds_read_b32 at byte 128 = bytes 80 81 82 83 = 0x83828180
//   lane 0 alone:
//   [28]     ds_max_rtn_i32(dword 0, 0x2000) returns the old 0x1004
//   [29]     dword 0 afterwards = max(0x1004, 0x2000) = 0x2000
//   [30]     ds_wrxchg_rtn_b32(dword 0, 0xabc) returns 0x2000
//   [31]     dword 0 afterwards = 0xabc

.macro ROW vreg, r
	buffer_store_dword \vreg, v2, s[4:7], 0 offen offset:\r*16
.endm

	.text
	.globl	ds
	.p2align	8
	.type	ds,@function
ds:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	s_mov_b32 m0, -1
	v_lshlrev_b32 v2, 2, v0                  // lane*4
	v_mov_b32 v10, 0

	v_add_i32 v3, vcc, 0x1000, v0
	v_add_i32 v4, vcc, 0x2000, v0
	v_add_i32 v5, vcc, 0x3000, v0
	ds_write_b32 v2, v3
	ds_write2_b32 v2, v4, v5 offset0:8 offset1:16
	v_add_i32 v13, vcc, 0x80, v0
	ds_write_b8 v0, v13 offset:128
	s_waitcnt lgkmcnt(0)
	ds_read_b32 v6, v2 offset:32
	ds_read2_b32 v[7:8], v2 offset0:0 offset1:16
	s_waitcnt lgkmcnt(0)
	ROW v6, 0
	ROW v7, 1
	ROW v8, 2
	v_mov_b32 v11, 1
	ds_add_u32 v10, v11
	s_waitcnt lgkmcnt(0)
	ds_read_b32 v12, v10
	ds_read_i8 v14, v0 offset:128
	ds_read_u16 v15, v10 offset:128
	ds_read_b32 v16, v10 offset:128
	s_waitcnt lgkmcnt(0)
	ROW v12, 3
	ROW v14, 4
	ROW v15, 5
	ROW v16, 6

	s_mov_b64 exec, 1
	v_mov_b32 v18, 0x2000
	ds_max_rtn_i32 v17, v10, v18
	s_waitcnt lgkmcnt(0)
	ds_read_b32 v19, v10
	s_waitcnt lgkmcnt(0)
	buffer_store_dword v17, off, s[4:7], 0 offset:112
	buffer_store_dword v19, off, s[4:7], 0 offset:116
	v_mov_b32 v20, 0xabc
	ds_wrxchg_rtn_b32 v21, v10, v20
	s_waitcnt lgkmcnt(0)
	ds_read_b32 v22, v10
	s_waitcnt lgkmcnt(0)
	buffer_store_dword v21, off, s[4:7], 0 offset:120
	buffer_store_dword v22, off, s[4:7], 0 offset:124

	s_endpgm
.Lds_end:
	.size	ds, .Lds_end-ds

	.rodata
	.p2align	6
	.amdhsa_kernel ds
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 256
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
    .group_segment_fixed_size: 256
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           ds
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         ds.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
