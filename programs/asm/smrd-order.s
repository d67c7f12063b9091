// smrd-order: scalar loads and the same wave's vector stores keep program
// order, and the scalar memory unit's request shapes (dword pairs, a single
// dword at an odd start, s_buffer_load range check).  One work-item; out is
// 96 bytes of zeros.
//   out[0]  a store, then a scalar load of it with no s_waitcnt between:
//           the load sees the store (program order; ISA-wise a race, but the
//           emulator's order is program order and the RTL must match it)
//   out[1]  a scalar load, then a store to it: the load sees the old 0
//   out[2], out[3]  the two loaded values
//   out[8..15]  0x101..0x108 (two buffer_store_dwordx4)
//   out[16..19] s_load_dwordx4 from out[9] (odd dword: 1 + 2 + 1 requests)
//   out[20..23] s_buffer_load_dwordx4 from byte 48 through a V# of
//               num_records 56: 0x105, 0x106, then 0, 0 (out of range)

.macro STORE sreg, pos
	v_mov_b32 v1, \sreg
	buffer_store_dword v1, off, s[4:7], 0 offset:\pos
.endm

	.text
	.globl	smrd_order
	.p2align	8
	.type	smrd_order,@function
smrd_order:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s4, s2
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s6, -1
	s_mov_b32 s7, 0x100f000

	v_mov_b32 v2, 0xaaaa
	buffer_store_dword v2, off, s[4:7], 0 offset:0
	s_load_dword s10, s[2:3], 0x0           // after the store: 0xaaaa
	s_load_dword s11, s[2:3], 0x1           // before the next store: 0
	v_mov_b32 v3, 0xbbbb
	buffer_store_dword v3, off, s[4:7], 0 offset:4

	v_mov_b32 v10, 0x101
	v_mov_b32 v11, 0x102
	v_mov_b32 v12, 0x103
	v_mov_b32 v13, 0x104
	buffer_store_dwordx4 v[10:13], off, s[4:7], 0 offset:32
	v_mov_b32 v10, 0x105
	v_mov_b32 v11, 0x106
	v_mov_b32 v12, 0x107
	v_mov_b32 v13, 0x108
	buffer_store_dwordx4 v[10:13], off, s[4:7], 0 offset:48
	s_waitcnt vmcnt(0)
	s_load_dwordx4 s[16:19], s[2:3], 0x9    // bytes 36..51
	s_mov_b32 s24, s2
	s_and_b32 s25, s3, 0xffff
	s_mov_b32 s26, 56
	s_mov_b32 s27, 0x100f000
	s_buffer_load_dwordx4 s[20:23], s[24:27], 0xc   // bytes 48..63, 56.. out of range
	s_waitcnt lgkmcnt(0)
	STORE s10, 8
	STORE s11, 12
	STORE s16, 64
	STORE s17, 68
	STORE s18, 72
	STORE s19, 76
	STORE s20, 80
	STORE s21, 84
	STORE s22, 88
	STORE s23, 92
	s_endpgm
.Lsmrd_order_end:
	.size	smrd_order, .Lsmrd_order_end-smrd_order

	.rodata
	.p2align	6
	.amdhsa_kernel smrd_order
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 32
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
    .name:           smrd_order
    .private_segment_fixed_size: 0
    .sgpr_count:     32
    .symbol:         smrd_order.kd
    .vgpr_count:     16
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
