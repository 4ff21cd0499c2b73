#include "textflag.h"

// func jacobiAVX2(y, x, a, b, kg *float64, n, w int) float64
//
// jacobi (see jacobi.go) on the n cells from the pointers up, n a multiple
// of 8, four cells to a register:
//
//	y = u·(a + b·E·S) + kg + v·(a + b·N·W),  u = N+W, v = E+S
//
// with N, W, E, S = x[i-w], x[i-1], x[i+1], x[i+w]; it returns Σ(y-x)².
TEXT ·jacobiAVX2(SB), NOSPLIT, $0-64
	MOVQ y+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ a+16(FP), R8
	MOVQ b+24(FP), R9
	MOVQ kg+32(FP), R10
	MOVQ n+40(FP), CX
	MOVQ w+48(FP), DX
	SHLQ $3, DX
	SHLQ $3, CX
	MOVQ SI, R11
	SUBQ DX, R11         // the row above
	LEAQ (SI)(DX*1), R12 // the row below
	VXORPD Y14, Y14, Y14
	VXORPD Y15, Y15, Y15
	XORQ AX, AX
	TESTQ CX, CX
	JEQ done

loop:
	VMOVUPD (R11)(AX*1), Y0        // N
	VMOVUPD -8(SI)(AX*1), Y1       // W
	VMOVUPD 8(SI)(AX*1), Y2        // E
	VMOVUPD (R12)(AX*1), Y3        // S
	VMOVUPD (R8)(AX*1), Y8         // a
	VMOVUPD (R9)(AX*1), Y9         // b
	VADDPD Y1, Y0, Y4              // u = N+W
	VADDPD Y3, Y2, Y5              // v = E+S
	VMULPD Y1, Y0, Y6              // N·W
	VMULPD Y3, Y2, Y7              // E·S
	VFMADD213PD Y8, Y9, Y7         // a + b·E·S
	VFMADD213PD Y8, Y9, Y6         // a + b·N·W
	VFMADD213PD (R10)(AX*1), Y7, Y4 // u·(a + b·E·S) + kg
	VFMADD231PD Y6, Y5, Y4         // + v·(a + b·N·W)
	VMOVUPD Y4, (DI)(AX*1)
	VSUBPD (SI)(AX*1), Y4, Y4
	VFMADD231PD Y4, Y4, Y14

	VMOVUPD 32(R11)(AX*1), Y0
	VMOVUPD 24(SI)(AX*1), Y1
	VMOVUPD 40(SI)(AX*1), Y2
	VMOVUPD 32(R12)(AX*1), Y3
	VMOVUPD 32(R8)(AX*1), Y10
	VMOVUPD 32(R9)(AX*1), Y11
	VADDPD Y1, Y0, Y4
	VADDPD Y3, Y2, Y5
	VMULPD Y1, Y0, Y6
	VMULPD Y3, Y2, Y7
	VFMADD213PD Y10, Y11, Y7
	VFMADD213PD Y10, Y11, Y6
	VFMADD213PD 32(R10)(AX*1), Y7, Y4
	VFMADD231PD Y6, Y5, Y4
	VMOVUPD Y4, 32(DI)(AX*1)
	VSUBPD 32(SI)(AX*1), Y4, Y4
	VFMADD231PD Y4, Y4, Y15

	ADDQ $64, AX
	CMPQ AX, CX
	JLT loop

done:
	VADDPD Y15, Y14, Y14
	VEXTRACTF128 $1, Y14, X15
	VADDPD X15, X14, X14
	VHADDPD X14, X14, X14
	VZEROUPPER
	MOVSD X14, ret+56(FP)
	RET

// func chainsAVX2(val, half, kc *float64, adj, qlen *int32, nq int, x *float64)
//
// chains (see jacobi.go) with one quad of chain slots to a register: the
// entries of a quad are gathered four at a time.
TEXT ·chainsAVX2(SB), NOSPLIT, $0-56
	MOVQ val+0(FP), DI
	MOVQ half+8(FP), SI
	MOVQ kc+16(FP), R8
	MOVQ adj+24(FP), R9
	MOVQ qlen+32(FP), R10
	MOVQ nq+40(FP), CX
	MOVQ x+48(FP), R11
	MOVQ $0x3FF0000000000000, AX // 1.0
	// VEX-encoded: a legacy-SSE MOVQ here cost about 270 ns per call
	// (an SSE/AVX transition) on the Xeon this was measured on.
	VMOVQ AX, X13
	VBROADCASTSD X13, Y13
	MOVQ $0x3FE0000000000000, AX // 0.5
	VMOVQ AX, X12
	VBROADCASTSD X12, Y12
	TESTQ CX, CX
	JEQ cdone

quad:
	MOVL (R10), DX     // entries, even
	SHRL $1, DX
	VMOVUPD (SI), Y10  // half
	VMOVAPD Y13, Y0    // product of even entries
	VMOVAPD Y13, Y4    // product of odd entries
entry:
	VMOVDQU (R9), X1
	VMOVDQU 16(R9), X5
	VPCMPEQD Y2, Y2, Y2
	VPCMPEQD Y6, Y6, Y6
	VGATHERDPD Y2, (R11)(X1*8), Y3
	VGATHERDPD Y6, (R11)(X5*8), Y7
	VFNMADD213PD Y12, Y10, Y3 // 1/2 - half·x
	VFNMADD213PD Y12, Y10, Y7
	VMULPD Y3, Y0, Y0
	VMULPD Y7, Y4, Y4
	ADDQ $32, R9
	DECL DX
	JNZ entry

	VMULPD Y4, Y0, Y0
	VADDPD Y0, Y0, Y0  // 2P
	VSUBPD Y0, Y13, Y0 // 1 - 2P
	VMULPD (R8), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, R8
	ADDQ $4, R10
	DECQ CX
	JNZ quad

cdone:
	VZEROUPPER
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv0() (eax uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	RET
