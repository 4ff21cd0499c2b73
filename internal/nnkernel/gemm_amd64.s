//go:build amd64

#include "textflag.h"

// func microKernelAVX2(c *float32, ldc int, a *float32, lda int, b *float32, k int)
//
// The 6×16 block c = a·b: a is 6 rows of k floats, lda apart; b a packed
// panel of k rows of 16 floats; c 6 rows of 16 floats, ldc apart (strides in
// floats). The block's 12 vectors of 8 sums stay in Y4–Y15 for the whole of
// k (k > 0); each step loads one row of b into Y0, Y1 and broadcasts the six
// elements of a's column in turn into Y2, Y3.
TEXT ·microKernelAVX2(SB), NOSPLIT, $0-48
	MOVQ c+0(FP), DI
	MOVQ ldc+8(FP), DX
	MOVQ a+16(FP), SI
	MOVQ lda+24(FP), R8
	MOVQ b+32(FP), BX
	MOVQ k+40(FP), CX
	SHLQ $2, DX
	SHLQ $2, R8
	LEAQ (R8)(R8*2), R9
	LEAQ (SI)(R9*1), R10 // row 3 of a
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	VXORPS Y14, Y14, Y14
	VXORPS Y15, Y15, Y15

loop:
	VMOVUPS (BX), Y0
	VMOVUPS 32(BX), Y1
	VBROADCASTSS (SI), Y2
	VBROADCASTSS (SI)(R8*1), Y3
	VFMADD231PS Y0, Y2, Y4
	VFMADD231PS Y1, Y2, Y5
	VFMADD231PS Y0, Y3, Y6
	VFMADD231PS Y1, Y3, Y7
	VBROADCASTSS (SI)(R8*2), Y2
	VBROADCASTSS (R10), Y3
	VFMADD231PS Y0, Y2, Y8
	VFMADD231PS Y1, Y2, Y9
	VFMADD231PS Y0, Y3, Y10
	VFMADD231PS Y1, Y3, Y11
	VBROADCASTSS (R10)(R8*1), Y2
	VBROADCASTSS (R10)(R8*2), Y3
	VFMADD231PS Y0, Y2, Y12
	VFMADD231PS Y1, Y2, Y13
	VFMADD231PS Y0, Y3, Y14
	VFMADD231PS Y1, Y3, Y15
	ADDQ $64, BX
	ADDQ $4, SI
	ADDQ $4, R10
	DECQ CX
	JNZ  loop

	VMOVUPS Y4, (DI)
	VMOVUPS Y5, 32(DI)
	ADDQ    DX, DI
	VMOVUPS Y6, (DI)
	VMOVUPS Y7, 32(DI)
	ADDQ    DX, DI
	VMOVUPS Y8, (DI)
	VMOVUPS Y9, 32(DI)
	ADDQ    DX, DI
	VMOVUPS Y10, (DI)
	VMOVUPS Y11, 32(DI)
	ADDQ    DX, DI
	VMOVUPS Y12, (DI)
	VMOVUPS Y13, 32(DI)
	ADDQ    DX, DI
	VMOVUPS Y14, (DI)
	VMOVUPS Y15, 32(DI)
	VZEROUPPER
	RET
