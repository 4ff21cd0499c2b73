#include "textflag.h"

// The second word of a point's stone set is this many bytes after its
// first (propPadMax words; propPlaneBytes in propagate_amd64.go).
#define PLANE 6656

// One group of 8 points at byte o of the block (AX its offset, R9 tin +
// AX), its empty points at byte k of R8; the group's F and T for word 0
// (Z0, Z2) or word 1 (Z10, Z12) of the stone sets. The neighbours a row
// away need not be on a cache line: the row stride is a multiple of 4
// points, not 8.
#define WORD0(o, k) \
	KMOVB k(R8), K1; \
	VMOVDQU64 (o-8)(R9), Z0; \
	VMOVDQU64 o(R9)(R12*1), Z1; \
	VPTERNLOGQ $0xfe, (o+8)(R9), Z1, Z0; \
	VMOVDQA64 o(R9), Z2; \
	VPTERNLOGQ.Z $0x32, o(R9)(DX*1), Z2, K1, Z0; \
	VPORQ Z0, Z2, Z2; \
	VMOVDQA64 Z2, o(DI)(AX*1)

#define WORD1(o) \
	VMOVDQU64 (PLANE+o-8)(R9), Z10; \
	VMOVDQU64 (PLANE+o)(R9)(R12*1), Z11; \
	VPTERNLOGQ $0xfe, (PLANE+o+8)(R9), Z11, Z10; \
	VMOVDQA64 (PLANE+o)(R9), Z12; \
	VPTERNLOGQ.Z $0x32, (PLANE+o)(R9)(DX*1), Z12, K1, Z10; \
	VPORQ Z10, Z12, Z12; \
	VMOVDQA64 Z12, (PLANE+o)(DI)(AX*1)

// The sums of a group at byte o from the counts of its new black (Z4)
// and white (Z3) stones.
#define SUMS(o) \
	VCVTQQ2PD Z4, Z4; \
	VCVTQQ2PD Z3, Z3; \
	VFMADD213PD o(R10)(AX*1), Z29, Z4; \
	VFMADD213PD o(R11)(AX*1), Z29, Z3; \
	VMOVAPD Z4, o(R10)(AX*1); \
	VMOVAPD Z3, o(R11)(AX*1)

// A group for one word (mode 1).
#define GROUP1(o, k) \
	WORD0(o, k); \
	VPORQ Z0, Z7, Z7; \
	VPOPCNTQ Z0, Z3; \
	VPANDQ Z30, Z0, Z4; \
	VPOPCNTQ Z4, Z4; \
	VPSUBQ Z4, Z3, Z3; \
	SUMS(o)

// A group for two words (mode 2).
#define GROUP2(o, k) \
	WORD0(o, k); \
	WORD1(o); \
	VPTERNLOGQ $0xfe, Z10, Z0, Z7; \
	VPOPCNTQ Z0, Z3; \
	VPOPCNTQ Z10, Z13; \
	VPADDQ Z13, Z3, Z3; \
	VPANDQ Z30, Z0, Z4; \
	VPANDQ Z31, Z10, Z14; \
	VPOPCNTQ Z4, Z4; \
	VPOPCNTQ Z14, Z14; \
	VPADDQ Z14, Z4, Z4; \
	VPSUBQ Z4, Z3, Z3; \
	SUMS(o)

// A group for two words, Black's and White's (mode 3).
#define GROUP3(o, k) \
	WORD0(o, k); \
	WORD1(o); \
	VPTERNLOGQ $0xfe, Z10, Z0, Z7; \
	VPOPCNTQ Z0, Z4; \
	VPOPCNTQ Z10, Z3; \
	SUMS(o)

// func propSearchAVX512(a *propSearchArgs)
//
// The search of propSearch in AVX-512, for one or two words per stone
// set, 8 points to a register. It keeps one set per point and word, T_d:
// the sources within distance d on an empty point, the sources' own bits
// on their stones (T_0), nothing off the board. Since a point's
// neighbours held T_{d-2} at d-2, all of which the point holds at d-1,
// the stones new at d on an empty point are
//
//	F = (T_{d-1}[i-1] | T_{d-1}[i+1] | T_{d-1}[i-stride] | T_{d-1}[i+stride]) &^ T_{d-1}[i]
//
// (at d = 1 the neighbours' T_0 are the stones' own bits), and T_d = T_{d-1} | F;
// stones and off-board points never change. The planes are read as one
// line of padded points, whatever the rows (whose stride need not be a
// multiple of 8), in blocks of 3 groups of 8 points from the group of
// the first board point. So per distance d, on every visited block (a
// block that, or one of the reach blocks either side of which, got new
// stones at d-1: a point's neighbours are at most a row away), for each
// group:
//
//	tout[i] = tin[i] | F
//	accB[i] = FMA(float64(popcount(F & black)), pow[d], accB[i])
//	accW[i] = FMA(float64(popcount(F &^ black)), pow[d], accW[i])
//
// the counts summed over the words before the conversion (with Black in
// word 0 and White in word 1, mode 3, a word's count is its colour's).
// Most groups visited get new stones, so none skips the sums (adding 0
// changes nothing) and a block's new stones are tested once, ORed. Then
// tin and tout swap, and the search ends after a distance where no block
// got anything, or at maxD. These are the sets and sums of propSearchGo,
// in the same order, so the results agree bit for bit.
//
// The planes are double-buffered, and a block not visited is not
// written: its points, and those next to them, got nothing at d-1, so
// T_d = T_{d-1} = T_{d-2} there, which tout holds already (both planes
// start as T_0). The points of the first and last blocks off the board,
// and their neighbours before and after the planes, get nothing: F is
// masked to the empty points.
//
// Registers: AX the block's byte offset, BX the block, DX the stride and
// R12 minus it, SI tin, DI tout, R8 the block's bytes of empty (its
// empty points), R10 accB, R11 accW, R14 the flags from reach blocks
// before the block, R9 and R13 scratch; Z29 pow[d], Z30
// and Z31 the black masks, Z7 a block's new stones; K1 a group's empty
// points, K3 the step's new stones.
TEXT ·propSearchAVX512(SB), NOSPLIT, $88-8
	MOVQ a+0(FP), R13
	MOVQ 0(R13), SI
	MOVQ 8(R13), DI
	MOVQ 16(R13), R9
	MOVQ R9, emp-64(SP)
	MOVQ 24(R13), R10
	MOVQ 32(R13), R11
	MOVQ 40(R13), R9
	MOVQ R9, rin-8(SP)
	MOVQ 48(R13), R9
	MOVQ R9, rout-16(SP)
	MOVQ 56(R13), R9
	MOVQ R9, pow-24(SP)
	MOVQ 64(R13), R9
	SHLQ $6, R9
	MOVQ R9, start-72(SP)
	MOVQ 72(R13), R9
	MOVQ R9, blocks-32(SP)
	MOVQ 80(R13), DX
	MOVQ DX, R12
	NEGQ R12
	MOVQ 88(R13), R9
	MOVQ R9, maxd-40(SP)
	MOVQ 96(R13), R9
	MOVQ R9, mode-48(SP)
	VPBROADCASTQ 104(R13), Z30
	VPBROADCASTQ 112(R13), Z31
	MOVQ 120(R13), R9
	MOVQ R9, window-80(SP)
	MOVQ 128(R13), R9
	MOVQ R9, reach-88(SP)
	MOVQ $1, d-56(SP)

step:
	MOVQ pow-24(SP), R9
	MOVQ d-56(SP), R13
	VBROADCASTSD (R9)(R13*8), Z29
	KXORB K3, K3, K3
	MOVQ start-72(SP), AX          // block 0
	XORL BX, BX
	MOVQ rin-8(SP), R14
	SUBQ reach-88(SP), R14         // the flags from reach blocks before

row:
	MOVQ (R14)(BX*1), R13
	ANDQ window-80(SP), R13
	JNE visit
	MOVQ rout-16(SP), R9
	MOVB $0, (R9)(BX*1)
	ADDQ $192, AX
	JMP rownext

visit:
	LEAQ (BX)(BX*2), R8
	ADDQ emp-64(SP), R8            // the block's first group's empty points
	LEAQ (SI)(AX*1), R9
	VPXORQ Z7, Z7, Z7
	MOVQ mode-48(SP), R13
	CMPQ R13, $2
	JEQ row2
	JGT row3

row1:
	GROUP1(0, 0)
	GROUP1(64, 1)
	GROUP1(128, 2)
	JMP rowdone

row2:
	GROUP2(0, 0)
	GROUP2(64, 1)
	GROUP2(128, 2)
	JMP rowdone

row3:
	GROUP3(0, 0)
	GROUP3(64, 1)
	GROUP3(128, 2)

rowdone:
	ADDQ $192, AX
	VPTESTMQ Z7, Z7, K4
	KORTESTB K4, K4
	SETNE R13B
	MOVQ rout-16(SP), R9
	MOVB R13B, (R9)(BX*1)
	KORB K4, K3, K3

rownext:
	INCQ BX
	CMPQ BX, blocks-32(SP)
	JLT row

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

// func propControlAVX512(dst, accB, accW *float64, cells *uint8, size, stride int, capTotal bool)
//
// Per row y and group of 8 points, the last masked to the row:
//
//	v = min(B, 1) - min(W, 1)    (cap-each), or
//	v = max(-1, min(1, B - W))   (cap-total)
//	dst = v + float64(cell)
//
// the operations of Propagate.control's loop, in its order: B and W are
// finite and at least 0, so VMINPD and VMAXPD give what min and max do.
//
// Registers: DI dst, R10 accB, R11 accW, SI cells (all at the row), AX
// the group's byte offset in dst and acc, DX in cells, BX size, R12 the
// padded row in bytes, R13 the groups of a row, R14 the rows left, CX
// the groups left, R8 capTotal, R9 scratch; Z28 1, Z27 -1; K1 all 8
// points, K2 those of a row's last group, K3 the group's.
TEXT ·propControlAVX512(SB), NOSPLIT, $0-49
	MOVQ dst+0(FP), DI
	MOVQ accB+8(FP), R10
	MOVQ accW+16(FP), R11
	MOVQ cells+24(FP), SI
	MOVQ size+32(FP), BX
	MOVQ stride+40(FP), R12
	SHLQ $3, R12
	MOVBLZX capTotal+48(FP), R8
	VBROADCASTSD propOne<>(SB), Z28
	VBROADCASTSD propMinusOne<>(SB), Z27
	MOVQ $0xff, R9
	KMOVB R9, K1
	MOVQ BX, CX
	ANDQ $7, CX
	JEQ cfull
	MOVQ $1, R9
	SHLQ CX, R9
	DECQ R9

cfull:
	KMOVB R9, K2
	MOVQ BX, R13
	ADDQ $7, R13
	SHRQ $3, R13
	MOVQ BX, R14

crow:
	XORL AX, AX
	XORL DX, DX
	MOVQ R13, CX

cgroup:
	KMOVB K1, K3
	CMPQ CX, $1
	JNE cload
	KMOVB K2, K3

cload:
	VMOVUPD (R10)(AX*1), Z0
	VMOVUPD (R11)(AX*1), Z1
	VPMOVSXBQ (SI)(DX*1), Z2
	VCVTQQ2PD Z2, Z2
	TESTQ R8, R8
	JNE ctotal
	VMINPD Z28, Z0, Z0
	VMINPD Z28, Z1, Z1
	VSUBPD Z1, Z0, Z0
	JMP cstore

ctotal:
	VSUBPD Z1, Z0, Z0
	VMINPD Z28, Z0, Z0
	VMAXPD Z27, Z0, Z0

cstore:
	VADDPD Z2, Z0, Z0
	VMOVUPD Z0, K3, (DI)(AX*1)
	ADDQ $64, AX
	ADDQ $8, DX
	DECQ CX
	JNE cgroup
	LEAQ (DI)(BX*8), DI
	ADDQ BX, SI
	ADDQ R12, R10
	ADDQ R12, R11
	DECQ R14
	JNE crow
	VZEROUPPER
	RET

// 1 and -1 as float64s.
DATA propOne<>+0(SB)/8, $0x3ff0000000000000
GLOBL propOne<>(SB), RODATA|NOPTR, $8
DATA propMinusOne<>+0(SB)/8, $0xbff0000000000000
GLOBL propMinusOne<>(SB), RODATA|NOPTR, $8

// Nibble popcounts, for VPSHUFB, twice (one per 128-bit lane).
DATA propNibbleCount<>+0(SB)/8, $0x0302020102010100
DATA propNibbleCount<>+8(SB)/8, $0x0403030203020201
DATA propNibbleCount<>+16(SB)/8, $0x0302020102010100
DATA propNibbleCount<>+24(SB)/8, $0x0403030203020201
GLOBL propNibbleCount<>(SB), RODATA|NOPTR, $32

DATA propNibbleMask<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL propNibbleMask<>(SB), RODATA|NOPTR, $8

// 2^52 as a float64.
DATA propTwo52<>+0(SB)/8, $0x4330000000000000
GLOBL propTwo52<>(SB), RODATA|NOPTR, $8

// func propRowAVX2(fin, fout, set *uint64, accB, accW *float64, stride, words int, visit uint32, w float64, black0, black1 uint64) (got uint32)
//
// One step of propRow1 (words = 1) or propRow2 (words = 2) in AVX2, the
// pointers at the row's first point and stride the padded row in bytes:
// each group of 4 points holding a point of visit is computed whole,
//
//	F = (fin[i-1] | fin[i+1] | fin[i-stride] | fin[i+stride]) &^ set[i]
//	fout[i] = F, set[i] |= F
//	accB[i] = FMA(float64(popcount(F & black)), w, accB[i])
//	accW[i] = FMA(float64(popcount(F &^ black)), w, accW[i])
//
// the counts summed over the words before the conversion. The other
// points of such a group get F = 0 (their neighbours hold nothing in fin,
// or they are stones or off the board, whose set is full), so the sets
// and sums are those of the Go kernel, bit for bit; a group with no new
// stone skips the sums (adding 0 changes nothing). The popcounts add the
// nibble counts of VPSHUFB with VPSADBW; a count n < 2^52 becomes a
// float64 exactly as the bits of 2^52 + n less 2^52. It returns the
// points that got new stones, bit x for point x.
//
// The constants come from memory: a legacy SSE instruction such as MOVQ
// to an X register would cost a state transition on some processors.
//
// Registers: AX the group's byte offset, BX what is left of visit, CX
// scratch (the shift), DX the stride and R12 minus it, SI fin, DI fout,
// R8 set, R10 accB, R11 accW, R9 got, R13 scratch; Y15 the nibble mask,
// Y14 the nibble counts, Y13 and Y12 the black masks, Y11 w, Y10 2^52, Y9
// zero.
TEXT ·propRowAVX2(SB), NOSPLIT, $0-92
	MOVQ fin+0(FP), SI
	MOVQ fout+8(FP), DI
	MOVQ set+16(FP), R8
	MOVQ accB+24(FP), R10
	MOVQ accW+32(FP), R11
	MOVQ stride+40(FP), DX
	MOVQ DX, R12
	NEGQ R12
	MOVL visit+56(FP), BX
	VPBROADCASTQ w+64(FP), Y11
	VPBROADCASTQ black0+72(FP), Y13
	VPBROADCASTQ black1+80(FP), Y12
	VPBROADCASTQ propNibbleMask<>(SB), Y15
	VMOVDQU propNibbleCount<>(SB), Y14
	VPBROADCASTQ propTwo52<>(SB), Y10
	VPXOR Y9, Y9, Y9
	XORL R9, R9
	XORL AX, AX
	CMPQ words+48(FP), $2
	JEQ group2

group1:
	TESTL $15, BX
	JEQ next1
	LEAQ (SI)(AX*1), R13
	VMOVDQU -8(R13), Y0            // west
	VPOR 8(R13), Y0, Y0            // east
	VPOR (R13)(DX*1), Y0, Y0       // south
	VPOR (R13)(R12*1), Y0, Y0      // north
	VMOVDQA (R8)(AX*1), Y1
	VPANDN Y0, Y1, Y2              // F = neighbours &^ set
	VMOVDQA Y2, (DI)(AX*1)
	VPCMPEQQ Y9, Y2, Y3
	VMOVMSKPD Y3, R13
	XORL $15, R13                  // the points with new stones
	JEQ next1
	MOVQ AX, CX
	SHRQ $3, CX
	SHLL CX, R13
	ORL R13, R9
	VPOR Y2, Y1, Y1
	VMOVDQA Y1, (R8)(AX*1)
	VPAND Y13, Y2, Y3              // black
	VPANDN Y2, Y13, Y4             // white
	VPSRLW $4, Y3, Y5
	VPAND Y15, Y3, Y3
	VPAND Y15, Y5, Y5
	VPSHUFB Y3, Y14, Y3
	VPSHUFB Y5, Y14, Y5
	VPADDB Y5, Y3, Y3
	VPSRLW $4, Y4, Y6
	VPAND Y15, Y4, Y4
	VPAND Y15, Y6, Y6
	VPSHUFB Y4, Y14, Y4
	VPSHUFB Y6, Y14, Y6
	VPADDB Y6, Y4, Y4
	JMP sums

next1:
	ADDQ $32, AX
	SHRL $4, BX
	JNE group1
	JMP done

group2:
	TESTL $15, BX
	JEQ next2
	LEAQ (SI)(AX*1), R13
	VMOVDQU -8(R13), Y0
	VPOR 8(R13), Y0, Y0
	VPOR (R13)(DX*1), Y0, Y0
	VPOR (R13)(R12*1), Y0, Y0
	VMOVDQU PLANE-8(R13), Y6
	VPOR PLANE+8(R13), Y6, Y6
	VPOR PLANE(R13)(DX*1), Y6, Y6
	VPOR PLANE(R13)(R12*1), Y6, Y6
	VMOVDQA (R8)(AX*1), Y1
	VMOVDQA PLANE(R8)(AX*1), Y7
	VPANDN Y0, Y1, Y2
	VPANDN Y6, Y7, Y8
	VMOVDQA Y2, (DI)(AX*1)
	VMOVDQA Y8, PLANE(DI)(AX*1)
	VPOR Y2, Y8, Y3
	VPCMPEQQ Y9, Y3, Y3
	VMOVMSKPD Y3, R13
	XORL $15, R13
	JEQ next2
	MOVQ AX, CX
	SHRQ $3, CX
	SHLL CX, R13
	ORL R13, R9
	VPOR Y2, Y1, Y1
	VPOR Y8, Y7, Y7
	VMOVDQA Y1, (R8)(AX*1)
	VMOVDQA Y7, PLANE(R8)(AX*1)
	VPAND Y13, Y2, Y3              // black, word 0
	VPAND Y12, Y8, Y5              // black, word 1
	VPANDN Y2, Y13, Y4             // white, word 0
	VPANDN Y8, Y12, Y6             // white, word 1
	VPSRLW $4, Y3, Y0
	VPAND Y15, Y3, Y3
	VPAND Y15, Y0, Y0
	VPSHUFB Y3, Y14, Y3
	VPSHUFB Y0, Y14, Y0
	VPADDB Y0, Y3, Y3
	VPSRLW $4, Y5, Y0
	VPAND Y15, Y5, Y5
	VPAND Y15, Y0, Y0
	VPSHUFB Y5, Y14, Y5
	VPSHUFB Y0, Y14, Y0
	VPADDB Y0, Y5, Y5
	VPADDB Y5, Y3, Y3
	VPSRLW $4, Y4, Y0
	VPAND Y15, Y4, Y4
	VPAND Y15, Y0, Y0
	VPSHUFB Y4, Y14, Y4
	VPSHUFB Y0, Y14, Y0
	VPADDB Y0, Y4, Y4
	VPSRLW $4, Y6, Y0
	VPAND Y15, Y6, Y6
	VPAND Y15, Y0, Y0
	VPSHUFB Y6, Y14, Y6
	VPSHUFB Y0, Y14, Y0
	VPADDB Y0, Y6, Y6
	VPADDB Y6, Y4, Y4
	JMP sums

next2:
	ADDQ $32, AX
	SHRL $4, BX
	JNE group2
	JMP done

	// Y3 and Y4 hold the byte counts of the black and white new stones.
sums:
	VPSADBW Y9, Y3, Y3
	VPSADBW Y9, Y4, Y4
	VPOR Y10, Y3, Y3
	VPOR Y10, Y4, Y4
	VSUBPD Y10, Y3, Y3
	VSUBPD Y10, Y4, Y4
	VFMADD213PD (R10)(AX*1), Y11, Y3 // accB + count * w, rounded once
	VFMADD213PD (R11)(AX*1), Y11, Y4
	VMOVAPD Y3, (R10)(AX*1)
	VMOVAPD Y4, (R11)(AX*1)
	CMPQ words+48(FP), $2
	JEQ next2
	JMP next1

done:
	VZEROUPPER
	MOVL R9, got+88(FP)
	RET
