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

// func jacobi32AVX512(y, x, a, b *float32, ci *int32, val *float32, masks *uint16, nt, n, w int) float32
//
// jacobi32 (see jacobi32.go) on the n cells from the pointers up, n a
// multiple of 16, sixteen cells to a register:
//
//	y = u·(a + b·E·S) + kg + v·(a + b·N·W),  u = N+W, v = E+S, kg = val[ci]
//
// with N, W, E, S = x[i-w], x[i-1], x[i+1], x[i+w]; it returns Σ(y-x)².
// val is read as nt tables of 32 values: kg is looked up in table t, by
// the low 5 bits of ci, on the lanes of the t-th of the block's nt masks
// (the lanes whose ci is in that table; empty points are in none and get
// 0), and the tables' answers, on disjoint lanes, are ORed together.
TEXT ·jacobi32AVX512(SB), NOSPLIT, $16-84
	STMXCSR mxcsr-8(SP)
	MOVL mxcsr-8(SP), AX
	ORL $0x8040, AX // flush denormals to zero (FTZ, DAZ)
	MOVL AX, mxcsr-4(SP)
	LDMXCSR mxcsr-4(SP)
	MOVQ y+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ a+16(FP), R8
	MOVQ b+24(FP), R9
	MOVQ ci+32(FP), R10
	MOVQ val+40(FP), R13
	MOVQ masks+48(FP), R14
	MOVQ n+64(FP), CX
	MOVQ w+72(FP), DX
	SHLQ $2, DX
	SHLQ $2, CX
	MOVQ SI, R11
	SUBQ DX, R11         // the row above
	LEAQ (SI)(DX*1), R12 // the row below
	VPXORD Z14, Z14, Z14
	XORQ AX, AX
	TESTQ CX, CX
	JEQ done32

loop32:
	VMOVDQU32 (R10)(AX*1), Z16     // ci
	VPXORD Z17, Z17, Z17           // kg
	MOVQ R13, BX
	MOVQ nt+56(FP), R15
table32:
	KMOVW (R14), K1
	VMOVUPS (BX), Z18
	VPERMT2PS.Z 64(BX), Z16, K1, Z18
	VPORD Z18, Z17, Z17
	ADDQ $2, R14
	ADDQ $128, BX
	DECQ R15
	JNZ table32

	VMOVUPS (R11)(AX*1), Z0        // N
	VMOVUPS -4(SI)(AX*1), Z1       // W
	VMOVUPS 4(SI)(AX*1), Z2        // E
	VMOVUPS (R12)(AX*1), Z3        // S
	VMOVUPS (R8)(AX*1), Z8         // a
	VMOVUPS (R9)(AX*1), Z9         // b
	VADDPS Z1, Z0, Z4              // u = N+W
	VADDPS Z3, Z2, Z5              // v = E+S
	VMULPS Z1, Z0, Z6              // N·W
	VMULPS Z3, Z2, Z7              // E·S
	VFMADD213PS Z8, Z9, Z7         // a + b·E·S
	VFMADD213PS Z8, Z9, Z6         // a + b·N·W
	VFMADD213PS Z17, Z7, Z4        // u·(a + b·E·S) + kg
	VFMADD231PS Z6, Z5, Z4         // + v·(a + b·N·W)
	VMOVUPS Z4, (DI)(AX*1)
	VSUBPS (SI)(AX*1), Z4, Z4
	VFMADD231PS Z4, Z4, Z14
	ADDQ $64, AX
	CMPQ AX, CX
	JLT loop32

done32:
	VEXTRACTF64X4 $1, Z14, Y15
	VADDPS Y15, Y14, Y14
	VEXTRACTF128 $1, Y14, X15
	VADDPS X15, X14, X14
	VHADDPS X14, X14, X14
	VHADDPS X14, X14, X14
	VZEROUPPER
	MOVSS X14, ret+80(FP)
	LDMXCSR mxcsr-8(SP)
	RET

// func chains32AVX512(val, half, kc *float32, adj, glen *int32, ng int, x *float32)
//
// chains32 (see jacobi32.go) with one group of 16 chain slots to a
// register: the entries of a group are gathered sixteen at a time.
TEXT ·chains32AVX512(SB), NOSPLIT, $0-56
	MOVQ val+0(FP), DI
	MOVQ half+8(FP), SI
	MOVQ kc+16(FP), R8
	MOVQ adj+24(FP), R9
	MOVQ glen+32(FP), R10
	MOVQ ng+40(FP), CX
	MOVQ x+48(FP), R11
	MOVL $0x3F800000, AX // 1.0
	VPBROADCASTD AX, Z13
	MOVL $0x3F000000, AX // 0.5
	VPBROADCASTD AX, Z12
	TESTQ CX, CX
	JEQ cdone32

group32:
	MOVL (R10), DX     // entries, at least 1
	VMOVUPS (SI), Z10  // half
	VMOVAPS Z13, Z0    // product
entry32:
	VMOVDQU32 (R9), Z1
	KXNORW K0, K0, K1
	VPXORD Z3, Z3, Z3
	VGATHERDPS (R11)(Z1*4), K1, Z3
	VFNMADD213PS Z12, Z10, Z3 // 1/2 - half·x
	VMULPS Z3, Z0, Z0
	ADDQ $64, R9
	DECL DX
	JNZ entry32

	VADDPS Z0, Z0, Z0  // 2P
	VSUBPS Z0, Z13, Z0 // 1 - 2P
	VMULPS (R8), Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $64, DI
	ADDQ $64, SI
	ADDQ $64, R8
	ADDQ $4, R10
	DECQ CX
	JNZ group32

cdone32:
	VZEROUPPER
	RET
