// mubuf: untyped buffer loads/stores (dword, byte, short, dwordx2), sign/zero
// extension, offen/idxen addressing with a strided V#, range checking
// (num_records), and buffer atomics with and without a returned value.
// 4 lanes (v0 = lane).  Byte layout of out (dword index: contents):
//   [0..3]   0x100 + lane                      (store_dword, offen)
//   [4]      bytes a0 a1 a2 a3 = 0xa3a2a1a0     (store_byte at 16 + lane)
//   [8..9]   shorts bee0..bee3 = 0xbee1bee0, 0xbee3bee2 (store_short at 32 + 2*lane)
//   [12..15] load_ubyte(16 + lane)  = 0xa0 + lane
//   [16..19] load_sbyte(16 + lane)  = 0xffffffa0 + lane (bit 7 set -> sign-extended)
//   [20..23] load_ushort(32 + 2*lane) = 0xbee0 + lane
//   [24..27] load_sshort(32 + 2*lane) = 0xffffbee0 + lane
//   [28..31] idxen load, V# stride 16, num_records 4, index = lane + 1:
//            out[4], out[8], out[12] = 0xa3a2a1a0, 0xbee1bee0, 0x000000a0;
//            index 4 >= num_records -> out of range -> 0
//   [32..35] store through a V# based at out+128 with num_records = 8 bytes:
//            lanes 0,1 (offsets 0,4) store 0x5a5a0000 + lane; lanes 2,3
//            (offsets 8,12) are out of range and dropped -> 0
//   [36..43] store_dwordx2 of (lane, ~lane): 0, ffffffff, 1, fffffffe, 2, fffffffd, 3, fffffffc
//   [44]     atomic_add of lane+1 from all lanes: 1+2+3+4 = 10; then lane 0 alone
//            atomic_add 100 with glc returns 10 -> [45] = 0xa, memory 110;
//            then cmpswap(data = 0x77, cmp = 110) returns 110 -> [46] = 0x6e,
//            memory becomes 0x77 -> [44] = 0x77
//   [47]     untouched: 0

	.text
	.globl	mubuf
	.p2align	8
	.type	mubuf,@function
mubuf:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000
	v_lshlrev_b32 v2, 2, v0                  // lane*4
	v_lshlrev_b32 v3, 1, v0                  // lane*2

	v_add_i32 v4, vcc, 0x100, v0
	buffer_store_dword v4, v2, s[4:7], 0 offen
	v_add_i32 v4, vcc, 0xa0, v0
	buffer_store_byte v4, v0, s[4:7], 0 offen offset:16
	v_add_i32 v4, vcc, 0xbee0, v0
	buffer_store_short v4, v3, s[4:7], 0 offen offset:32
	s_waitcnt vmcnt(0) expcnt(0)

	buffer_load_ubyte v5, v0, s[4:7], 0 offen offset:16
	buffer_load_sbyte v6, v0, s[4:7], 0 offen offset:16
	buffer_load_ushort v7, v3, s[4:7], 0 offen offset:32
	buffer_load_sshort v8, v3, s[4:7], 0 offen offset:32
	s_waitcnt vmcnt(0)
	buffer_store_dword v5, v2, s[4:7], 0 offen offset:48
	buffer_store_dword v6, v2, s[4:7], 0 offen offset:64
	buffer_store_dword v7, v2, s[4:7], 0 offen offset:80
	buffer_store_dword v8, v2, s[4:7], 0 offen offset:96
	s_waitcnt vmcnt(0) expcnt(0)

	// strided V#: base = out, STRIDE (bits 61:48 = word1 bits 29:16) = 16, num_records = 4
	s_mov_b32 s8, s2
	s_and_b32 s9, s3, 0xffff
	s_or_b32 s9, s9, 0x100000
	s_mov_b32 s10, 4
	s_mov_b32 s11, 0x100f000
	v_add_i32 v9, vcc, 1, v0                 // index = lane + 1
	buffer_load_dword v10, v9, s[8:11], 0 idxen
	s_waitcnt vmcnt(0)
	buffer_store_dword v10, v2, s[4:7], 0 offen offset:112

	// V# at out + 128 with num_records = 8
	s_add_u32 s12, s2, 128
	s_addc_u32 s13, s3, 0
	s_and_b32 s13, s13, 0xffff
	s_mov_b32 s14, 8
	s_mov_b32 s15, 0x100f000
	v_add_i32 v4, vcc, 0x5a5a0000, v0
	buffer_store_dword v4, v2, s[12:15], 0 offen

	v_mov_b32 v12, v0
	v_not_b32 v13, v0
	v_lshlrev_b32 v11, 3, v0                 // lane*8
	buffer_store_dwordx2 v[12:13], v11, s[4:7], 0 offen offset:144

	v_add_i32 v14, vcc, 1, v0
	buffer_atomic_add v14, off, s[4:7], 0 offset:176
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b64 exec, 1
	v_mov_b32 v15, 100
	buffer_atomic_add v15, off, s[4:7], 0 offset:176 glc
	s_waitcnt vmcnt(0)
	buffer_store_dword v15, off, s[4:7], 0 offset:180
	v_mov_b32 v16, 0x77                      // data (new value)
	v_mov_b32 v17, 110                       // compare value
	buffer_atomic_cmpswap v[16:17], off, s[4:7], 0 offset:176 glc
	s_waitcnt vmcnt(0)
	buffer_store_dword v16, off, s[4:7], 0 offset:184

	s_endpgm
.Lmubuf_end:
	.size	mubuf, .Lmubuf_end-mubuf

	.rodata
	.p2align	6
	.amdhsa_kernel mubuf
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
    .name:           mubuf
    .private_segment_fixed_size: 0
    .sgpr_count:     24
    .symbol:         mubuf.kd
    .vgpr_count:     24
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
