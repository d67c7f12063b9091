// ds-xchg2: ds_wrxchg2[st64]_rtn_b32/b64, two exchanges per lane at the
// read2-style addresses; both old values are read before either element is
// written.  4 lanes, 1024 bytes of LDS.  The expected values
// (ds-xchg2.expected) are derived by hand from the ISA definition.
// out, one row of 4 dwords (lanes 0..3) each, l = lane:
//   row 0, 1   case 1: wrxchg2_b32 addr 4l offset0:0 offset1:4, old values
//              of dwords l and 4 + l (set up as 0x1000 + dword) = 0x1000 + l, 0x1004 + l
//   row 2, 3   dwords l and 4 + l afterwards = data0 0xa000 + l, data1 0xb000 + l
//   row 4, 5   case 2: both offsets 0 at dword 16 + l (0x1010 + l): the same old value twice
//   row 6      dword 16 + l afterwards = data1 0x2b00 + l (data1 is written after data0)
//   row 7-10   case 3: wrxchg2st64_b64 addr 128 + 8l offset0:0 offset1:1 (bytes 128 + 8l and
//              640 + 8l, set up as qwords {0x6000+l, 0x5000+l} and {0x8000+l, 0x7000+l}):
//              0x5000 + l, 0x6000 + l, 0x7000 + l, 0x8000 + l
//   row 11-14  both qwords afterwards (ds_read2st64_b64): data0 {0xd000+l, 0xc000+l},
//              data1 {0xf000+l, 0xe000+l} -> 0xc000 + l, 0xd000 + l, 0xe000 + l, 0xf000 + l
//   row 15, 16 case 4, M0 = 64: wrxchg2_b32 addr 4l offset0:0 (in range) offset1:32 (byte
//              128 + 4l, out of range): 0xa000 + l, then 0 (not read)
//   row 17     dword l afterwards = data0 0x9000 + l
//   row 18     dword at byte 128 + 4l afterwards (M0 = -1 again): unchanged, i.e. the
//              case-3 data0 dwords: 0xc000, 0xd000, 0xc001, 0xd001

.macro ROW vreg, r
	buffer_store_dword \vreg, v2, s[4:7], 0 offen offset:\r*16
.endm

	.text
	.globl	ds_xchg2
	.p2align	8
	.type	ds_xchg2,@function
ds_xchg2:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	s_mov_b32 m0, -1
	v_lshlrev_b32 v2, 2, v0                  // 4l
	v_lshlrev_b32 v3, 3, v0                  // 8l
	v_add_i32 v3, vcc, 0x80, v3              // 128 + 8l
	// set up: dwords l, 4 + l, 16 + l; qwords at 128 + 8l and 640 + 8l
	v_add_i32 v4, vcc, 0x1000, v0
	v_add_i32 v5, vcc, 0x1004, v0
	v_add_i32 v6, vcc, 0x1010, v0
	ds_write2_b32 v2, v4, v5 offset0:0 offset1:4
	ds_write_b32 v2, v6 offset:64
	v_add_i32 v8, vcc, 0x5000, v0
	v_add_i32 v9, vcc, 0x6000, v0
	v_add_i32 v10, vcc, 0x7000, v0
	v_add_i32 v11, vcc, 0x8000, v0
	ds_write2st64_b64 v3, v[8:9], v[10:11] offset0:0 offset1:1
	s_waitcnt lgkmcnt(0)

	// case 1
	v_add_i32 v4, vcc, 0xa000, v0
	v_add_i32 v5, vcc, 0xb000, v0
	ds_wrxchg2_rtn_b32 v[12:13], v2, v4, v5 offset0:0 offset1:4
	s_waitcnt lgkmcnt(0)
	ds_read2_b32 v[14:15], v2 offset0:0 offset1:4
	s_waitcnt lgkmcnt(0)
	ROW v12, 0
	ROW v13, 1
	ROW v14, 2
	ROW v15, 3

	// case 2: the same element twice
	v_add_i32 v4, vcc, 0x2a00, v0
	v_add_i32 v5, vcc, 0x2b00, v0
	v_add_i32 v7, vcc, 64, v2
	ds_wrxchg2_rtn_b32 v[12:13], v7, v4, v5 offset0:0 offset1:0
	s_waitcnt lgkmcnt(0)
	ds_read_b32 v14, v2 offset:64
	s_waitcnt lgkmcnt(0)
	ROW v12, 4
	ROW v13, 5
	ROW v14, 6

	// case 3: 64-bit, st64
	v_add_i32 v8, vcc, 0xc000, v0
	v_add_i32 v9, vcc, 0xd000, v0
	v_add_i32 v10, vcc, 0xe000, v0
	v_add_i32 v11, vcc, 0xf000, v0
	ds_wrxchg2st64_rtn_b64 v[12:15], v3, v[8:9], v[10:11] offset0:0 offset1:1
	s_waitcnt lgkmcnt(0)
	ds_read2st64_b64 v[16:19], v3 offset0:0 offset1:1
	s_waitcnt lgkmcnt(0)
	ROW v12, 7
	ROW v13, 8
	ROW v14, 9
	ROW v15, 10
	ROW v16, 11
	ROW v17, 12
	ROW v18, 13
	ROW v19, 14

	// case 4: the second element beyond M0
	s_mov_b32 m0, 64
	v_add_i32 v4, vcc, 0x9000, v0
	v_add_i32 v5, vcc, 0x9900, v0
	ds_wrxchg2_rtn_b32 v[12:13], v2, v4, v5 offset0:0 offset1:32
	s_waitcnt lgkmcnt(0)
	s_mov_b32 m0, -1
	ds_read_b32 v14, v2
	ds_read_b32 v15, v2 offset:128
	s_waitcnt lgkmcnt(0)
	ROW v12, 15
	ROW v13, 16
	ROW v14, 17
	ROW v15, 18
	s_endpgm
.Lds_xchg2_end:
	.size	ds_xchg2, .Lds_xchg2_end-ds_xchg2

	.rodata
	.p2align	6
	.amdhsa_kernel ds_xchg2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 1024
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
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           ds_xchg2
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         ds_xchg2.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
