#include "textflag.h"

// The second word of a point's stone set is this many bytes after its
// first (propPadMax words; propPlaneBytes in propagate_amd64.go).
#define PLANE 6912

// func propSearchAVX512(a *propSearchArgs)
//
// propSearchGo (propagate_kernel.go) in AVX-512, for one or two words per
// stone set, 8 points to a register: the same operations on every point in
// the same order, so the results agree bit for bit. Per distance d, on
// every visited row (a row that, or a neighbour of which, got new stones
// at d-1), for each group of 8 points:
//
//	F = (fin[i-1] | fin[i+1] | fin[i-stride] | fin[i+stride]) &^ set[i]
//	fout[i] = F, set[i] |= F
//	accB[i] += float64(popcount(F & black)) * pow[d]
//	accW[i] += float64(popcount(F &^ black)) * pow[d]
//
// the counts summed over the words before the conversion; a group with no
// new stone skips the sums (adding 0 changes nothing). A row not visited
// is cleared in fout if it held anything. Then fin and fout swap, and the
// search ends after a distance where no row got anything, or at maxD.
//
// Registers: AX the group's byte offset, BX the row, CX the row's end,
// DX the stride and R12 minus it, SI fin, DI fout, R8 set, R10 accB, R11
// accW, R9 and R13 scratch; Z29 pow[d], Z30 and Z31 the black masks, Z28
// zero; K2 collects a row's new stones, K3 the step's.
TEXT ·propSearchAVX512(SB), NOSPLIT, $56-8
	MOVQ a+0(FP), R13
	MOVQ 0(R13), SI
	MOVQ 8(R13), DI
	MOVQ 16(R13), R8
	MOVQ 24(R13), R10
	MOVQ 32(R13), R11
	MOVQ 40(R13), R9
	MOVQ R9, rin-8(SP)
	MOVQ 48(R13), R9
	MOVQ R9, rout-16(SP)
	MOVQ 56(R13), R9
	MOVQ R9, pow-24(SP)
	MOVQ 64(R13), R9
	MOVQ R9, rows-32(SP)
	MOVQ 72(R13), DX
	MOVQ DX, R12
	NEGQ R12
	MOVQ 88(R13), R9
	MOVQ R9, maxd-40(SP)
	MOVQ 96(R13), R9
	MOVQ R9, words-48(SP)
	VPBROADCASTQ 104(R13), Z30
	VPBROADCASTQ 112(R13), Z31
	VPXORQ Z28, Z28, Z28
	MOVQ $1, d-56(SP)

step:
	MOVQ pow-24(SP), R9
	MOVQ d-56(SP), R13
	VBROADCASTSD (R9)(R13*8), Z29
	KXORB K3, K3, K3
	MOVQ DX, AX                    // padded row 1
	MOVQ $1, BX

row:
	MOVQ rin-8(SP), R9
	MOVBLZX -1(R9)(BX*1), R13
	ORB (R9)(BX*1), R13B
	ORB 1(R9)(BX*1), R13B
	JNE visit
	MOVQ rout-16(SP), R9
	CMPB (R9)(BX*1), $0
	JEQ skip
	MOVB $0, (R9)(BX*1)
	LEAQ (AX)(DX*1), CX
	MOVQ AX, R13

clearrow:
	VMOVDQA64 Z28, (DI)(R13*1)
	VMOVDQA64 Z28, PLANE(DI)(R13*1)
	ADDQ $64, R13
	CMPQ R13, CX
	JLT clearrow

skip:
	ADDQ DX, AX
	JMP rownext

visit:
	LEAQ (AX)(DX*1), CX
	KXORB K2, K2, K2
	CMPQ words-48(SP), $2
	JEQ group2

group1:
	LEAQ (SI)(AX*1), R9
	VMOVDQU64 -8(R9), Z0           // west
	VPORQ 8(R9), Z0, Z0            // east
	VPORQ (R9)(DX*1), Z0, Z0       // south
	VPORQ (R9)(R12*1), Z0, Z0      // north
	VMOVDQA64 (R8)(AX*1), Z1
	VPANDNQ Z0, Z1, Z2             // F = neighbours &^ set
	VMOVDQA64 Z2, (DI)(AX*1)
	VPTESTMQ Z2, Z2, K1
	KORTESTB K1, K1
	JEQ next1
	KORB K1, K2, K2
	VPORQ Z2, Z1, Z1
	VMOVDQA64 Z1, (R8)(AX*1)
	VPOPCNTQ Z2, Z3                // all new stones
	VPANDQ Z30, Z2, Z4
	VPOPCNTQ Z4, Z4                // black ones
	VPSUBQ Z4, Z3, Z3              // white ones
	VCVTQQ2PD Z4, Z4
	VCVTQQ2PD Z3, Z3
	VMULPD Z29, Z4, Z4
	VMULPD Z29, Z3, Z3
	VADDPD (R10)(AX*1), Z4, Z4
	VADDPD (R11)(AX*1), Z3, Z3
	VMOVAPD Z4, (R10)(AX*1)
	VMOVAPD Z3, (R11)(AX*1)

next1:
	ADDQ $64, AX
	CMPQ AX, CX
	JLT group1
	JMP rowdone

group2:
	LEAQ (SI)(AX*1), R9
	VMOVDQU64 -8(R9), Z0
	VPORQ 8(R9), Z0, Z0
	VPORQ (R9)(DX*1), Z0, Z0
	VPORQ (R9)(R12*1), Z0, Z0
	VMOVDQU64 PLANE-8(R9), Z10
	VPORQ PLANE+8(R9), Z10, Z10
	VPORQ PLANE(R9)(DX*1), Z10, Z10
	VPORQ PLANE(R9)(R12*1), Z10, Z10
	VMOVDQA64 (R8)(AX*1), Z1
	VMOVDQA64 PLANE(R8)(AX*1), Z11
	VPANDNQ Z0, Z1, Z2
	VPANDNQ Z10, Z11, Z12
	VMOVDQA64 Z2, (DI)(AX*1)
	VMOVDQA64 Z12, PLANE(DI)(AX*1)
	VPORQ Z2, Z12, Z5
	VPTESTMQ Z5, Z5, K1
	KORTESTB K1, K1
	JEQ next2
	KORB K1, K2, K2
	VPORQ Z2, Z1, Z1
	VPORQ Z12, Z11, Z11
	VMOVDQA64 Z1, (R8)(AX*1)
	VMOVDQA64 Z11, PLANE(R8)(AX*1)
	VPOPCNTQ Z2, Z3
	VPOPCNTQ Z12, Z13
	VPADDQ Z13, Z3, Z3             // all new stones
	VPANDQ Z30, Z2, Z4
	VPANDQ Z31, Z12, Z14
	VPOPCNTQ Z4, Z4
	VPOPCNTQ Z14, Z14
	VPADDQ Z14, Z4, Z4             // black ones
	VPSUBQ Z4, Z3, Z3              // white ones
	VCVTQQ2PD Z4, Z4
	VCVTQQ2PD Z3, Z3
	VMULPD Z29, Z4, Z4
	VMULPD Z29, Z3, Z3
	VADDPD (R10)(AX*1), Z4, Z4
	VADDPD (R11)(AX*1), Z3, Z3
	VMOVAPD Z4, (R10)(AX*1)
	VMOVAPD Z3, (R11)(AX*1)

next2:
	ADDQ $64, AX
	CMPQ AX, CX
	JLT group2

rowdone:
	MOVQ rout-16(SP), R9
	KORTESTB K2, K2
	SETNE R13B
	MOVB R13B, (R9)(BX*1)
	KORB K2, K3, K3

rownext:
	INCQ BX
	CMPQ BX, rows-32(SP)
	JLE row

	KORTESTB K3, K3
	JEQ done
	XCHGQ SI, DI
	MOVQ rin-8(SP), R9
	MOVQ rout-16(SP), R13
	MOVQ R13, rin-8(SP)
	MOVQ R9, rout-16(SP)
	MOVQ d-56(SP), R9
	INCQ R9
	MOVQ R9, d-56(SP)
	CMPQ R9, maxd-40(SP)
	JLE step

done:
	VZEROUPPER
	RET
