// mubuf-format: format buffer loads/stores (buffer_*_format_*, tbuffer_*):
// every data format / number format pair the model converts, x/xy/xyz/xyzw,
// missing components (0, 0, 0, 1 / 1.0), the TFE dword, DST_SEL swizzles,
// out-of-range elements (all-or-nothing over the element's dwords; a load
// reads 0 incl. w, a store is dropped), idxen/addr64/EXEC, stores of every
// number format with fewer/more components than the format, and MTBUF with
// the format from the instruction (the V#'s, 10_11_11 / SNORM_OGL or
// INVALID, is ignored, and so is its DST_SEL).
// 4 lanes (v0 = lane, v1 = lane*16).  Layout of out (bytes):
//   [0, 64)     IN: lane L's 16-byte element at 16*L (written first):
//               L0 807fff00 3c008000 7e007c00 3f800000
//               L1 55aa8101 c0007fff 00018001 bf000000
//               L2 12345678 3555ffff 7bff5555 7fc00000
//               L3 fedcba98 80000001 00000000 ffffffff
//   [64, 256)   untouched (0)
//   block k at 256 + 64*k, lane L at +16*L, 4 dwords:
//     loads: v20..v23 after the load (preset to 0xdeadbeef: the registers
//            a load does not write keep it), stored with buffer_store_dwordx4;
//            the element of lane L is IN's at 16*L (offen v1, or idxen
//            index L with STRIDE 16, or addr64 {lane*16, 0});
//     stores: the block is filled with 0xa5a5a5a5, then the format store
//            writes lane L's element at block + 16*L (soffset = block);
//            data v[24:27] (floats) or v[28:31] (integers), per lane:
//               L0 0.5 -0.25 1.5 0x3f803000 (1+3*2^-11) | 12345678 ffffff80 00007fff 80000000
//               L1 NaN -1.0 0x3eaaaaab 0x3f801000 (1+2^-11) | 000000ff 00000100 ffffffff 00008001
//               L2 +inf -inf 65504 0x33000000 (2^-25)      | 00000000 00000001 abcdef01 000055aa
//               L3 1e6 -0.0 0x3dcccccd (0.1) 0xbf19999a     | 0000007f 00000080 0000fffe 00010000
// Each block is commented below with its op, format and what it checks.
// V# s[4:7]: base out, num_records 0x2000, dword 3 (s7) per block =
// DST_SEL x|y<<3|z<<6|w<<9 (0xfac: x y z w) | NUM_FORMAT<<12 | DATA_FORMAT<<15.
// The expected values come from a separate reference model of the ISA's
// conversions (nearest float of num/(2^n-1), rint of the clamped product,
// IEEE f16), not from the emulator; a few checked by hand, e.g. block 12
// (8_8_8_8 UNORM) lane 0: bytes 00 ff 7f 80 -> 0, 1.0, 127/255 = 0x3efefeff,
// 128/255 = 0x3f008081; block 13 (8_8_8_8 SNORM) lane 0: 0, -1/127 =
// 0xbc010204, 1.0, 0x80 = -128 -> -1.0; block 0 (8 UNORM) lane 0: x = 0,
// y = z = 0, w = 1.0 (missing), lane 1: 1/255 = 0x3b808081.

	.text
	.globl	mubuf_format
	.p2align	8
	.type	mubuf_format,@function
mubuf_format:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s8, s2                         // V# s[8:11]: raw stores of the results
	s_and_b32 s9, s3, 0xffff
	s_mov_b32 s10, 0x2000
	s_mov_b32 s11, 0
	s_mov_b32 s4, s2                         // V# s[4:7]: the format ops
	s_and_b32 s5, s3, 0xffff
	s_mov_b32 s12, s5                        // dword 1 without STRIDE
	s_mov_b32 s6, 0x2000
	s_mov_b32 s20, 0x100                     // soffset: the current block
	s_mov_b32 s30, 0xdeadbeef                // preset of the load results
	v_lshlrev_b32 v1, 4, v0                  // lane * 16
	v_mov_b32 v6, v1                         // addr64 address {lane*16, 0}
	v_mov_b32 v7, 0
	v_mov_b32 v10, 0xa5a5a5a5                // store block fill
	v_mov_b32 v11, 0xa5a5a5a5
	v_mov_b32 v12, 0xa5a5a5a5
	v_mov_b32 v13, 0xa5a5a5a5
	// IN (out+0): lane L's 16 bytes at 16*L; store data: v[24:27] floats, v[28:31] integers
	s_mov_b64 exec, 0x1
	v_mov_b32 v2, 0x807fff00
	v_mov_b32 v3, 0x3c008000
	v_mov_b32 v4, 0x7e007c00
	v_mov_b32 v5, 0x3f800000
	v_mov_b32 v24, 0x3f000000
	v_mov_b32 v25, 0xbe800000
	v_mov_b32 v26, 0x3fc00000
	v_mov_b32 v27, 0x3f803000
	v_mov_b32 v28, 0x12345678
	v_mov_b32 v29, 0xffffff80
	v_mov_b32 v30, 0x00007fff
	v_mov_b32 v31, 0x80000000
	buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	s_mov_b64 exec, 0x2
	v_mov_b32 v2, 0x55aa8101
	v_mov_b32 v3, 0xc0007fff
	v_mov_b32 v4, 0x00018001
	v_mov_b32 v5, 0xbf000000
	v_mov_b32 v24, 0x7fc00000
	v_mov_b32 v25, 0xbf800000
	v_mov_b32 v26, 0x3eaaaaab
	v_mov_b32 v27, 0x3f801000
	v_mov_b32 v28, 0x000000ff
	v_mov_b32 v29, 0x00000100
	v_mov_b32 v30, 0xffffffff
	v_mov_b32 v31, 0x00008001
	buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	s_mov_b64 exec, 0x4
	v_mov_b32 v2, 0x12345678
	v_mov_b32 v3, 0x3555ffff
	v_mov_b32 v4, 0x7bff5555
	v_mov_b32 v5, 0x7fc00000
	v_mov_b32 v24, 0x7f800000
	v_mov_b32 v25, 0xff800000
	v_mov_b32 v26, 0x477fe000
	v_mov_b32 v27, 0x33000000
	v_mov_b32 v28, 0x00000000
	v_mov_b32 v29, 0x00000001
	v_mov_b32 v30, 0xabcdef01
	v_mov_b32 v31, 0x000055aa
	buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	s_mov_b64 exec, 0x8
	v_mov_b32 v2, 0xfedcba98
	v_mov_b32 v3, 0x80000001
	v_mov_b32 v4, 0x00000000
	v_mov_b32 v5, 0xffffffff
	v_mov_b32 v24, 0x49742400
	v_mov_b32 v25, 0x80000000
	v_mov_b32 v26, 0x3dcccccd
	v_mov_b32 v27, 0xbf19999a
	v_mov_b32 v28, 0x0000007f
	v_mov_b32 v29, 0x00000080
	v_mov_b32 v30, 0x0000fffe
	v_mov_b32 v31, 0x00010000
	buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	s_mov_b64 exec, 0xf
	s_waitcnt vmcnt(0) expcnt(0)

	// block 0 (out+256): buffer_load_format_xyzw 8 UNORM: every pair
	s_mov_b32 s7, 0x8fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 1 (out+320): buffer_load_format_xyzw 8 SNORM: every pair
	s_mov_b32 s7, 0x9fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 2 (out+384): buffer_load_format_xyzw 8 USCALED: every pair
	s_mov_b32 s7, 0xafac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 3 (out+448): buffer_load_format_xyzw 8 SSCALED: every pair
	s_mov_b32 s7, 0xbfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 4 (out+512): buffer_load_format_xyzw 8 UINT: every pair
	s_mov_b32 s7, 0xcfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 5 (out+576): buffer_load_format_xyzw 8 SINT: every pair
	s_mov_b32 s7, 0xdfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 6 (out+640): buffer_load_format_xyzw 8_8 UNORM: every pair
	s_mov_b32 s7, 0x18fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 7 (out+704): buffer_load_format_xyzw 8_8 SNORM: every pair
	s_mov_b32 s7, 0x19fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 8 (out+768): buffer_load_format_xyzw 8_8 USCALED: every pair
	s_mov_b32 s7, 0x1afac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 9 (out+832): buffer_load_format_xyzw 8_8 SSCALED: every pair
	s_mov_b32 s7, 0x1bfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 10 (out+896): buffer_load_format_xyzw 8_8 UINT: every pair
	s_mov_b32 s7, 0x1cfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 11 (out+960): buffer_load_format_xyzw 8_8 SINT: every pair
	s_mov_b32 s7, 0x1dfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 12 (out+1024): buffer_load_format_xyzw 8_8_8_8 UNORM: every pair
	s_mov_b32 s7, 0x50fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 13 (out+1088): buffer_load_format_xyzw 8_8_8_8 SNORM: every pair
	s_mov_b32 s7, 0x51fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 14 (out+1152): buffer_load_format_xyzw 8_8_8_8 USCALED: every pair
	s_mov_b32 s7, 0x52fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 15 (out+1216): buffer_load_format_xyzw 8_8_8_8 SSCALED: every pair
	s_mov_b32 s7, 0x53fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 16 (out+1280): buffer_load_format_xyzw 8_8_8_8 UINT: every pair
	s_mov_b32 s7, 0x54fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 17 (out+1344): buffer_load_format_xyzw 8_8_8_8 SINT: every pair
	s_mov_b32 s7, 0x55fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 18 (out+1408): buffer_load_format_xyzw 16 UNORM: every pair
	s_mov_b32 s7, 0x10fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 19 (out+1472): buffer_load_format_xyzw 16 SNORM: every pair
	s_mov_b32 s7, 0x11fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 20 (out+1536): buffer_load_format_xyzw 16 USCALED: every pair
	s_mov_b32 s7, 0x12fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 21 (out+1600): buffer_load_format_xyzw 16 SSCALED: every pair
	s_mov_b32 s7, 0x13fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 22 (out+1664): buffer_load_format_xyzw 16 UINT: every pair
	s_mov_b32 s7, 0x14fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 23 (out+1728): buffer_load_format_xyzw 16 SINT: every pair
	s_mov_b32 s7, 0x15fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 24 (out+1792): buffer_load_format_xyzw 16 FLOAT: every pair
	s_mov_b32 s7, 0x17fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 25 (out+1856): buffer_load_format_xyzw 16_16 UNORM: every pair
	s_mov_b32 s7, 0x28fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 26 (out+1920): buffer_load_format_xyzw 16_16 SNORM: every pair
	s_mov_b32 s7, 0x29fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 27 (out+1984): buffer_load_format_xyzw 16_16 USCALED: every pair
	s_mov_b32 s7, 0x2afac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 28 (out+2048): buffer_load_format_xyzw 16_16 SSCALED: every pair
	s_mov_b32 s7, 0x2bfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 29 (out+2112): buffer_load_format_xyzw 16_16 UINT: every pair
	s_mov_b32 s7, 0x2cfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 30 (out+2176): buffer_load_format_xyzw 16_16 SINT: every pair
	s_mov_b32 s7, 0x2dfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 31 (out+2240): buffer_load_format_xyzw 16_16 FLOAT: every pair
	s_mov_b32 s7, 0x2ffac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 32 (out+2304): buffer_load_format_xyzw 16_16_16_16 UNORM: every pair
	s_mov_b32 s7, 0x60fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 33 (out+2368): buffer_load_format_xyzw 16_16_16_16 SNORM: every pair
	s_mov_b32 s7, 0x61fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 34 (out+2432): buffer_load_format_xyzw 16_16_16_16 USCALED: every pair
	s_mov_b32 s7, 0x62fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 35 (out+2496): buffer_load_format_xyzw 16_16_16_16 SSCALED: every pair
	s_mov_b32 s7, 0x63fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 36 (out+2560): buffer_load_format_xyzw 16_16_16_16 UINT: every pair
	s_mov_b32 s7, 0x64fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 37 (out+2624): buffer_load_format_xyzw 16_16_16_16 SINT: every pair
	s_mov_b32 s7, 0x65fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 38 (out+2688): buffer_load_format_xyzw 16_16_16_16 FLOAT: every pair
	s_mov_b32 s7, 0x67fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 39 (out+2752): buffer_load_format_xyzw 32 UINT: every pair
	s_mov_b32 s7, 0x24fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 40 (out+2816): buffer_load_format_xyzw 32 SINT: every pair
	s_mov_b32 s7, 0x25fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 41 (out+2880): buffer_load_format_xyzw 32 FLOAT: every pair
	s_mov_b32 s7, 0x27fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 42 (out+2944): buffer_load_format_xyzw 32_32 UINT: every pair
	s_mov_b32 s7, 0x5cfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 43 (out+3008): buffer_load_format_xyzw 32_32 SINT: every pair
	s_mov_b32 s7, 0x5dfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 44 (out+3072): buffer_load_format_xyzw 32_32 FLOAT: every pair
	s_mov_b32 s7, 0x5ffac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 45 (out+3136): buffer_load_format_xyzw 32_32_32 UINT: every pair
	s_mov_b32 s7, 0x6cfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 46 (out+3200): buffer_load_format_xyzw 32_32_32 SINT: every pair
	s_mov_b32 s7, 0x6dfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 47 (out+3264): buffer_load_format_xyzw 32_32_32 FLOAT: every pair
	s_mov_b32 s7, 0x6ffac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 48 (out+3328): buffer_load_format_xyzw 32_32_32_32 UINT: every pair
	s_mov_b32 s7, 0x74fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 49 (out+3392): buffer_load_format_xyzw 32_32_32_32 SINT: every pair
	s_mov_b32 s7, 0x75fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 50 (out+3456): buffer_load_format_xyzw 32_32_32_32 FLOAT: every pair
	s_mov_b32 s7, 0x77fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 51 (out+3520): buffer_load_format_x 32_32_32_32 UINT: x of a 4-component format
	s_mov_b32 s7, 0x74fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_x v20, v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 52 (out+3584): buffer_load_format_xy 16_16_16_16 FLOAT: xy
	s_mov_b32 s7, 0x67fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xy v[20:21], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 53 (out+3648): buffer_load_format_xyz 8_8_8_8 UNORM: xyz
	s_mov_b32 s7, 0x50fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyz v[20:22], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 54 (out+3712): buffer_load_format_xyz 32_32_32 SINT: xyz
	s_mov_b32 s7, 0x6dfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyz v[20:22], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 55 (out+3776): buffer_load_format_xy 8_8 UINT: xy + TFE dword (0)
	s_mov_b32 s7, 0x1cfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xy v[20:21], v1, s[4:7], 0 offen tfe
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 56 (out+3840): buffer_load_format_x 8 SSCALED: x + TFE dword (0)
	s_mov_b32 s7, 0xbfac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_x v20, v1, s[4:7], 0 offen tfe
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 57 (out+3904): buffer_load_format_xyz 16 SNORM: xyz + TFE: y, z missing (0)
	s_mov_b32 s7, 0x11fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyz v[20:22], v1, s[4:7], 0 offen tfe
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 58 (out+3968): buffer_load_format_xyzw 8_8_8_8 UNORM: DST_SEL wzyx
	s_mov_b32 s7, 0x50977
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 59 (out+4032): buffer_load_format_xyzw 16_16 SINT: DST_SEL 1 0 w y
	s_mov_b32 s7, 0x2dbc1
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 60 (out+4096): buffer_load_format_xyzw 16 FLOAT: DST_SEL x 1 (2) (3)
	s_mov_b32 s7, 0x1768c
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 61 (out+4160): buffer_load_format_xyzw 32_32_32 UINT: DST_SEL z z x w
	s_mov_b32 s7, 0x6cf36
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 62 (out+4224): buffer_load_format_xy 16_16_16_16 USCALED: xy, DST_SEL w y
	s_mov_b32 s7, 0x6292f
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xy v[20:21], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 63 (out+4288): buffer_load_format_xyzw 32_32_32_32 UINT: num_records 40: lane 2 partly, lane 3 wholly out
	s_mov_b32 s7, 0x74fac
	s_mov_b32 s6, 40
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 64 (out+4352): buffer_load_format_xyzw 16_16 UNORM: num_records 12: lanes 1-3 out (w 0)
	s_mov_b32 s7, 0x28fac
	s_mov_b32 s6, 12
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 65 (out+4416): buffer_load_format_xyzw 16_16 UNORM: num_records 12, DST_SEL 1 w x 0
	s_mov_b32 s7, 0x28139
	s_mov_b32 s6, 12
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 66 (out+4480): buffer_load_format_xyzw 16_16_16_16 SINT: idxen stride 16, 3 records: lane 3 out
	s_mov_b32 s7, 0x65fac
	s_mov_b32 s6, 3
	s_or_b32 s5, s12, 0x100000
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v0, s[4:7], 0 idxen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	s_mov_b32 s5, s12
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 67 (out+4544): buffer_load_format_xyzw 32_32_32_32 UINT: idxen stride 16 offset 8: dwords 2,3 >= stride
	s_mov_b32 s7, 0x74fac
	s_mov_b32 s6, 4
	s_or_b32 s5, s12, 0x100000
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v0, s[4:7], 0 idxen offset:8
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	s_mov_b32 s5, s12
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 68 (out+4608): buffer_load_format_xyzw 16_16_16_16 UINT: idxen stride 16 offset 8: 8 bytes fit
	s_mov_b32 s7, 0x64fac
	s_mov_b32 s6, 4
	s_or_b32 s5, s12, 0x100000
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v0, s[4:7], 0 idxen offset:8
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	s_mov_b32 s5, s12
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 69 (out+4672): buffer_load_format_xyzw 8_8_8_8 SNORM: addr64 (no range check)
	s_mov_b32 s7, 0x51fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	buffer_load_format_xyzw v[20:23], v[6:7], s[4:7], 0 addr64
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 70 (out+4736): buffer_load_format_xyzw 16_16_16_16 FLOAT: EXEC 0b0110
	s_mov_b32 s7, 0x67fac
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	s_mov_b64 exec, 0x6
	buffer_load_format_xyzw v[20:23], v1, s[4:7], 0 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b64 exec, 0xf
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 71 (out+4800): tbuffer_load_format_xyzw 16_16_16_16 SNORM: tbuffer
	s_mov_b32 s7, 0x36240
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	tbuffer_load_format_xyzw v[20:23], v1, s[4:7], 0 format:28 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 72 (out+4864): tbuffer_load_format_xy 32_32 FLOAT: tbuffer xy
	s_mov_b32 s7, 0x36240
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	tbuffer_load_format_xy v[20:21], v1, s[4:7], 0 format:123 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 73 (out+4928): tbuffer_load_format_xyzw 8 SINT: tbuffer: w 1 (int)
	s_mov_b32 s7, 0x36240
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	tbuffer_load_format_xyzw v[20:23], v1, s[4:7], 0 format:81 offen
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 74 (out+4992): tbuffer_load_format_xyz 16_16 UNORM: tbuffer xyz + TFE
	s_mov_b32 s7, 0x36240
	v_mov_b32 v20, s30
	v_mov_b32 v21, s30
	v_mov_b32 v22, s30
	v_mov_b32 v23, s30
	tbuffer_load_format_xyz v[20:22], v1, s[4:7], 0 format:5 offen tfe
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_dwordx4 v[20:23], v1, s[8:11], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 75 (out+5056): buffer_store_format_x 8 UINT: store
	s_mov_b32 s7, 0xcfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 76 (out+5120): buffer_store_format_x 8 SINT: store
	s_mov_b32 s7, 0xdfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 77 (out+5184): buffer_store_format_x 8 UNORM: store
	s_mov_b32 s7, 0x8fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 78 (out+5248): buffer_store_format_x 8 SNORM: store
	s_mov_b32 s7, 0x9fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 79 (out+5312): buffer_store_format_x 16 UINT: store
	s_mov_b32 s7, 0x14fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 80 (out+5376): buffer_store_format_x 16 SINT: store
	s_mov_b32 s7, 0x15fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 81 (out+5440): buffer_store_format_x 16 UNORM: store
	s_mov_b32 s7, 0x10fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 82 (out+5504): buffer_store_format_x 16 SNORM: store
	s_mov_b32 s7, 0x11fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 83 (out+5568): buffer_store_format_x 16 FLOAT: store
	s_mov_b32 s7, 0x17fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 84 (out+5632): buffer_store_format_xy 8_8 UINT: store
	s_mov_b32 s7, 0x1cfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[28:29], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 85 (out+5696): buffer_store_format_xyzw 8_8 SNORM: store
	s_mov_b32 s7, 0x19fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 86 (out+5760): buffer_store_format_x 8_8 UNORM: store
	s_mov_b32 s7, 0x18fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 87 (out+5824): buffer_store_format_xy 8_8 SINT: store
	s_mov_b32 s7, 0x1dfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[28:29], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 88 (out+5888): buffer_store_format_x 32 UINT: store
	s_mov_b32 s7, 0x24fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 89 (out+5952): buffer_store_format_x 32 SINT: store
	s_mov_b32 s7, 0x25fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 90 (out+6016): buffer_store_format_x 32 FLOAT: store
	s_mov_b32 s7, 0x27fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 91 (out+6080): buffer_store_format_xyz 32 FLOAT: store
	s_mov_b32 s7, 0x27fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyz v[24:26], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 92 (out+6144): buffer_store_format_xy 16_16 FLOAT: store
	s_mov_b32 s7, 0x2ffac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[24:25], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 93 (out+6208): buffer_store_format_xy 16_16 UNORM: store
	s_mov_b32 s7, 0x28fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[24:25], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 94 (out+6272): buffer_store_format_xy 16_16 SNORM: store
	s_mov_b32 s7, 0x29fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[24:25], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 95 (out+6336): buffer_store_format_xyzw 16_16 UINT: store
	s_mov_b32 s7, 0x2cfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 96 (out+6400): buffer_store_format_x 16_16 SINT: store
	s_mov_b32 s7, 0x2dfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 97 (out+6464): buffer_store_format_xyzw 8_8_8_8 UINT: store
	s_mov_b32 s7, 0x54fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 98 (out+6528): buffer_store_format_xyzw 8_8_8_8 SINT: store
	s_mov_b32 s7, 0x55fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 99 (out+6592): buffer_store_format_xyzw 8_8_8_8 UNORM: store
	s_mov_b32 s7, 0x50fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 100 (out+6656): buffer_store_format_xyzw 8_8_8_8 SNORM: store
	s_mov_b32 s7, 0x51fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 101 (out+6720): buffer_store_format_xy 8_8_8_8 UNORM: store
	s_mov_b32 s7, 0x50fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[24:25], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 102 (out+6784): buffer_store_format_xy 32_32 FLOAT: store
	s_mov_b32 s7, 0x5ffac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[24:25], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 103 (out+6848): buffer_store_format_x 32_32 UINT: store
	s_mov_b32 s7, 0x5cfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v28, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 104 (out+6912): buffer_store_format_xyz 32_32 SINT: store
	s_mov_b32 s7, 0x5dfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyz v[28:30], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 105 (out+6976): buffer_store_format_xyzw 16_16_16_16 UINT: store
	s_mov_b32 s7, 0x64fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 106 (out+7040): buffer_store_format_xyzw 16_16_16_16 SINT: store
	s_mov_b32 s7, 0x65fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 107 (out+7104): buffer_store_format_xyzw 16_16_16_16 UNORM: store
	s_mov_b32 s7, 0x60fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 108 (out+7168): buffer_store_format_xyzw 16_16_16_16 SNORM: store
	s_mov_b32 s7, 0x61fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 109 (out+7232): buffer_store_format_xyzw 16_16_16_16 FLOAT: store
	s_mov_b32 s7, 0x67fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 110 (out+7296): buffer_store_format_xyz 16_16_16_16 FLOAT: store
	s_mov_b32 s7, 0x67fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyz v[24:26], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 111 (out+7360): buffer_store_format_xyz 32_32_32 UINT: store
	s_mov_b32 s7, 0x6cfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyz v[28:30], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 112 (out+7424): buffer_store_format_xyzw 32_32_32 FLOAT: store
	s_mov_b32 s7, 0x6ffac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 113 (out+7488): buffer_store_format_xy 32_32_32 SINT: store
	s_mov_b32 s7, 0x6dfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[28:29], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 114 (out+7552): buffer_store_format_xyzw 32_32_32_32 UINT: store
	s_mov_b32 s7, 0x74fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 115 (out+7616): buffer_store_format_xyzw 32_32_32_32 SINT: store
	s_mov_b32 s7, 0x75fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[28:31], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 116 (out+7680): buffer_store_format_xyzw 32_32_32_32 FLOAT: store
	s_mov_b32 s7, 0x77fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 117 (out+7744): buffer_store_format_x 32_32_32_32 FLOAT: store
	s_mov_b32 s7, 0x77fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_x v24, v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 118 (out+7808): buffer_store_format_xyzw 16_16_16_16 FLOAT: num_records soffset+36: lane 2 partly, lane 3 wholly out: dropped
	s_mov_b32 s7, 0x67fac
	s_add_u32 s6, s20, 36
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s6, 0x2000
	s_add_u32 s20, s20, 64

	// block 119 (out+7872): buffer_store_format_xyzw 8_8_8_8 UNORM: EXEC 0b1010
	s_mov_b32 s7, 0x50fac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b64 exec, 0xa
	buffer_store_format_xyzw v[24:27], v1, s[4:7], s20 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b64 exec, 0xf
	s_add_u32 s20, s20, 64

	// block 120 (out+7936): buffer_store_format_xy 16 UINT: idxen stride 16 offset 4
	s_mov_b32 s7, 0x14fac
	s_or_b32 s5, s12, 0x100000
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	buffer_store_format_xy v[28:29], v0, s[4:7], s20 idxen offset:4
	s_waitcnt vmcnt(0) expcnt(0)
	s_mov_b32 s5, s12
	s_add_u32 s20, s20, 64

	// block 121 (out+8000): tbuffer_store_format_xyzw 8_8_8_8 SNORM: tbuffer (V# dfmt 0)
	s_mov_b32 s7, 0xfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	tbuffer_store_format_xyzw v[24:27], v1, s[4:7], s20 format:26 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 122 (out+8064): tbuffer_store_format_xyz 16_16 FLOAT: tbuffer xyz into 16_16
	s_mov_b32 s7, 0xfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	tbuffer_store_format_xyz v[24:26], v1, s[4:7], s20 format:117 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	// block 123 (out+8128): tbuffer_store_format_xyzw 32_32_32_32 UINT: tbuffer
	s_mov_b32 s7, 0xfac
	buffer_store_dwordx4 v[10:13], v1, s[8:11], s20 offen    // sentinel
	s_waitcnt vmcnt(0) expcnt(0)
	tbuffer_store_format_xyzw v[28:31], v1, s[4:7], s20 format:78 offen
	s_waitcnt vmcnt(0) expcnt(0)
	s_add_u32 s20, s20, 64

	s_endpgm
.Lmubuf_format_end:
	.size	mubuf_format, .Lmubuf_format_end-mubuf_format

	.rodata
	.p2align	6
	.amdhsa_kernel mubuf_format
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 32
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
    .name:           mubuf_format
    .private_segment_fixed_size: 0
    .sgpr_count:     32
    .symbol:         mubuf_format.kd
    .vgpr_count:     32
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx600
amdhsa.version:
  - 1
  - 1
...
	.end_amdgpu_metadata
