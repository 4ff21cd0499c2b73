#include "textflag.h"

// The elementwise kernels of bn.go and matmul.go in AVX2, 8 floats to a
// register. n is a positive multiple of 8; the callers have checked the
// bounds. Products and sums are separate instructions (no FMA), rounded as
// the plain-Go loops round them.

// func bnRowAVX2(dst, src, scale, bias *float32, n int, relu bool)
// dst[i] = src[i]*scale[i] + bias[i], then max(·, +0) if relu.
TEXT ·bnRowAVX2(SB), NOSPLIT, $0-41
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    scale+16(FP), R8
	MOVQ    bias+24(FP), R9
	MOVQ    n+32(FP), CX
	MOVBLZX relu+40(FP), AX
	VXORPS  Y15, Y15, Y15
	TESTQ   AX, AX
	JZ      linear

relu:
	VMOVUPS (SI), Y0
	VMULPS  (R8), Y0, Y0
	VADDPS  (R9), Y0, Y0
	// max(x, +0) with +0 as the second source: -0 and +0 both give +0,
	// as Go's max does.
	VMAXPS  Y15, Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     relu
	VZEROUPPER
	RET

linear:
	VMOVUPS (SI), Y0
	VMULPS  (R8), Y0, Y0
	VADDPS  (R9), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     linear
	VZEROUPPER
	RET

// func addAVX2(dst, src *float32, n int)
// dst[i] += src[i], 32 floats a step while they last, then 8.
TEXT ·addAVX2(SB), NOSPLIT, $0-24
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX

wide:
	CMPQ    CX, $32
	JLT     narrow
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	VADDPS  (SI), Y0, Y0
	VADDPS  32(SI), Y1, Y1
	VADDPS  64(SI), Y2, Y2
	VADDPS  96(SI), Y3, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	SUBQ    $32, CX
	JMP     wide

narrow:
	TESTQ   CX, CX
	JZ      done
	VMOVUPS (DI), Y0
	VADDPS  (SI), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	SUBQ    $8, CX
	JMP     narrow

done:
	VZEROUPPER
	RET
