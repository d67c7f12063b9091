// ds-pipe: back-to-back plain DS reads and writes with no s_waitcnt between
// them, so that up to three of them are in flight in the LSU's DS stages
// (collect, group access, back end) at once, from four waves.  One
// work-group of 256 work-items; wave w works in its own 1 KiB of LDS
// (dwords D[0..255] of that wave, i = lane in the wave).  In order:
//   a  ds_write_b32    D[i]       = 0x1000 + i
//   b  ds_write2_b32   D[i+64]    = 0x2000 + i, D[i+128] = 3i
//   c  ds_read_b32     v6  = D[i+64]                       (after b)
//   d  ds_write_b32    D[192]     = 0x1000 + i, all lanes: the last lane's, 0x103f
//   e  ds_read2_b32    v9  = D[i], v10 = D[i+128]
//   f  ds_read_b32     v11 = D[192]                         (broadcast)
//   g  ds_write_b64    D[128+2i], D[129+2i] = 0x1000 + i, 0x2000 + i
//   h  ds_read_b64     v14, v15 = D[128+2i], D[129+2i]
//   i  ds_read_b32     v16 = D[128+i]
//   j  ds_write_b8     byte 1 of D[i] = 3i & 0xff
//   k  ds_read_u16     v17 = low half of D[i]
//   l  ds_read2st64_b32 v18 = D[i], v19 = D[i+64]
//   m  lanes i < 40 only: ds_read_b32 v6 = D[i] (v6 of c still in flight;
//      the other lanes keep c's value)
// out: ten rows of 256 dwords (work-item order): v6 v9 v10 v11 v14 v15 v16
// v17 v18 v19; values in ds-pipe.expected (scripts in the comment there).

.macro ROW vreg, r
	s_movk_i32 s12, \r*1024
	buffer_store_dword \vreg, v1, s[4:7], s12 offen
.endm

	.text
	.globl	ds_pipe
	.p2align	8
	.type	ds_pipe,@function
ds_pipe:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_mov_b32 m0, -1
	v_lshlrev_b32 v1, 2, v0                  // work-item * 4: out offset
	v_and_b32 v21, 63, v0                    // i
	v_lshrrev_b32 v22, 6, v0                 // w
	v_lshlrev_b32 v22, 10, v22               // w * 1024
	v_lshlrev_b32 v2, 2, v21
	v_add_i32 v2, vcc, v22, v2               // &D[i]
	v_add_i32 v8, vcc, 0x300, v22            // &D[192]
	v_lshlrev_b32 v13, 3, v21
	v_add_i32 v13, vcc, v22, v13
	v_add_i32 v13, vcc, 0x200, v13           // &D[128+2i]
	v_add_i32 v3, vcc, 0x1000, v21
	v_add_i32 v4, vcc, 0x2000, v21
	v_mul_u32_u24 v5, 3, v21
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000

	ds_write_b32 v2, v3                                  // a
	ds_write2_b32 v2, v4, v5 offset0:64 offset1:128      // b
	ds_read_b32 v6, v2 offset:256                        // c
	ds_write_b32 v8, v3                                  // d
	ds_read2_b32 v[9:10], v2 offset0:0 offset1:128       // e
	ds_read_b32 v11, v8                                  // f
	ds_write_b64 v13, v[3:4]                             // g
	ds_read_b64 v[14:15], v13                            // h
	ds_read_b32 v16, v2 offset:512                       // i
	ds_write_b8 v2, v5 offset:1                          // j
	ds_read_u16 v17, v2                                  // k
	ds_read2st64_b32 v[18:19], v2 offset0:0 offset1:1    // l
	v_cmp_gt_u32 vcc, 40, v21
	s_and_saveexec_b64 s[10:11], vcc
	ds_read_b32 v6, v2                                   // m
	s_mov_b64 exec, s[10:11]
	s_waitcnt lgkmcnt(0)
	ROW v6, 0
	ROW v9, 1
	ROW v10, 2
	ROW v11, 3
	ROW v14, 4
	ROW v15, 5
	ROW v16, 6
	ROW v17, 7
	ROW v18, 8
	ROW v19, 9
	s_endpgm
.Lds_pipe_end:
	.size	ds_pipe, .Lds_pipe_end-ds_pipe

	.rodata
	.p2align	6
	.amdhsa_kernel ds_pipe
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 4096
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
    .group_segment_fixed_size: 4096
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           ds_pipe
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         ds_pipe.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
