#include "textflag.h"

// The second word of a point's stone set is this many bytes after its
// first (propPadMax words; propPlaneBytes in propagate_amd64.go).
#define PLANE 6656

// One group of 8 points at byte o of the block (AX its offset, R9 tin +
// AX), its empty points at byte k of R8; the group's F and T (Z0, Z2). The neighbours a row
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

// The sums of a group at byte o from the counts of its new black (Z4)
// and white (Z3) stones.
#define SUMS(o) \
	VCVTQQ2PD Z4, Z4; \
	VCVTQQ2PD Z3, Z3; \
	VFMADD213PD o(R10)(AX*1), Z29, Z4; \
	VFMADD213PD o(R11)(AX*1), Z29, Z3; \
	VMOVAPD Z4, o(R10)(AX*1); \
	VMOVAPD Z3, o(R11)(AX*1)

// A group: its F, T, counts and sums.
#define GROUP1(o, k) \
	WORD0(o, k); \
	VPORQ Z0, Z7, Z7; \
	VPOPCNTQ Z0, Z3; \
	VPANDQ Z30, Z0, Z4; \
	VPOPCNTQ Z4, Z4; \
	VPSUBQ Z4, Z3, Z3; \
	SUMS(o)

// A group whose word holds Black's sources in its low half and White's
// in its high half: one count per half.
#define GROUPH(o, k) \
	WORD0(o, k); \
	VPORQ Z0, Z7, Z7; \
	VPOPCNTD Z0, Z3; \
	VPANDQ Z30, Z3, Z4; \
	VPSRLQ $32, Z3, Z3; \
	SUMS(o)

// func propBlocksAVX512(a *propBlockArgs)
//
// The search of propSearch in AVX-512 for one word per stone set, 8
// points to a register. It keeps one set per point and word, T_d:
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
// before the block, R9 and R13 scratch; Z29 pow[d], Z30 the black mask,
// Z7 a block's new stones; K1 a group's empty
// points, K3 the step's new stones.
TEXT ·propBlocksAVX512(SB), NOSPLIT, $88-8
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
	VPBROADCASTQ 96(R13), Z30
	MOVQ 104(R13), R9
	MOVQ R9, window-80(SP)
	MOVQ 112(R13), R9
	MOVQ R9, reach-88(SP)
	MOVBQZX 120(R13), R9
	MOVQ R9, halves-48(SP)
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
	CMPQ halves-48(SP), $0
	JNE visith
	GROUP1(0, 0)
	GROUP1(64, 1)
	GROUP1(128, 2)
	JMP rowdone

visith:
	GROUPH(0, 0)
	GROUPH(64, 1)
	GROUPH(128, 2)

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

// The vector j of a plane holds the j-th points of the 8 bands (see
// propBandSlots): its neighbours in the line are the vectors j-1 and j+1
// (for j = 0 and j = J-1, copies of the vectors J-1 and 0 with the lanes
// moved by one band, written by VPERMQ before each step at -1 and J),
// and a row away the vectors j-W and j+W, or for j < W the vector j-W+J
// and for j >= J-W the vector j+W-J with their lanes moved by one band:
// read 8 bytes before or after, the lane that would come from the next
// vector zeroed by the mask K6 or K7 (no band before the first or after
// the last). The other loads are aligned.
//
// The loop takes 4 vectors at a time (every run is a multiple of 4
// long), at byte o = 0, 64, 128, 192 from R9 = tin + AX and mask byte k
// = 0..3 from R8 + CX, keeping T of the vectors before, at and after in
// registers that rotate: Z16-Z19 for word 0, Z20-Z23 for word 1, T of
// vector j in the register j mod 4. So a vector loads the next one's T
// (its east neighbour) and its neighbours a row away: UPP and UPR put
// that a row up into F, plain (P) or from the other end of the plane (R),
// DNP and DNR take that a row down into F, masked to the empty points
// and less T (C); pl is 0 for word 0, PLANE for word 1.
#define UPP(x, F) VMOVDQA64 (x)(R9)(R12*1), F
#define UPR(x, F) VMOVDQU64.Z (x-8)(R9)(R13*1), K6, F
#define DNP(x, C, F, tmp) VPTERNLOGQ.Z $0x32, (x)(R9)(DX*1), C, K1, F
#define DNR(x, C, F, tmp) \
	VMOVDQU64.Z (x+8)(R9)(R14*1), K7, tmp; \
	VPTERNLOGQ.Z $0x32, tmp, C, K1, F

// One word of the vector at o, with T of its west neighbour, itself and
// its east neighbour in Wr, Cr and Er (loaded here): F into F, T into
// tout.
#define WORD(pl, o, U, D, Wr, Cr, Er, F, T, tmp) \
	VMOVDQA64 (pl+o+64)(R9), Er; \
	U(pl+o, F); \
	VPTERNLOGQ $0xfe, Er, Wr, F; \
	D(pl+o, Cr, F, tmp); \
	VPORQ F, Cr, T; \
	VMOVDQA64 T, (pl+o)(DI)(AX*1)

// The sums of the vector at o from the counts of its new black (Z4) and
// white (Z3) stones.
#define BSUMS(o) \
	VCVTQQ2PD Z4, Z4; \
	VCVTQQ2PD Z3, Z3; \
	VFMADD213PD o(R10)(AX*1), Z29, Z4; \
	VFMADD213PD o(R11)(AX*1), Z29, Z3; \
	VMOVAPD Z4, o(R10)(AX*1); \
	VMOVAPD Z3, o(R11)(AX*1)

// The counts and sums of two words (mode 2).
#define COUNT2(o) \
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
	BSUMS(o)

// The counts and sums of two words, Black's and White's (mode 3).
#define COUNT3(o) \
	VPTERNLOGQ $0xfe, Z10, Z0, Z7; \
	VPOPCNTQ Z0, Z4; \
	VPOPCNTQ Z10, Z3; \
	BSUMS(o)

// The vector at o (mask byte k), both words: F in Z0 and Z10.
#define VEC(o, k, U, D, N, W0, C0, E0, W1, C1, E1) \
	KMOVB k(R8)(CX*1), K1; \
	WORD(0, o, U, D, W0, C0, E0, Z0, Z2, Z3); \
	WORD(PLANE, o, U, D, W1, C1, E1, Z10, Z12, Z15); \
	N(o)

// 4 vectors from AX, then the next 4 until CX reaches BX.
#define FOUR(label, U, D, N) \
	LEAQ (SI)(AX*1), R9; \
	VEC(0, 0, U, D, N, Z19, Z16, Z17, Z23, Z20, Z21); \
	VEC(64, 1, U, D, N, Z16, Z17, Z18, Z20, Z21, Z22); \
	VEC(128, 2, U, D, N, Z17, Z18, Z19, Z21, Z22, Z23); \
	VEC(192, 3, U, D, N, Z18, Z19, Z16, Z22, Z23, Z20); \
	ADDQ $256, AX; \
	ADDQ $4, CX; \
	CMPQ CX, BX; \
	JLT label

// func propBandsAVX512(a *propBandArgs)
//
// The search of propSearch in AVX-512 for two words per stone set, 8
// points to a register. It keeps one set per point and word, T_d:
// the sources within distance d on an empty point, the sources' own bits
// on their stones (T_0), nothing off the board. Since a point's
// neighbours held T_{d-2} at d-2, all of which the point holds at d-1,
// the stones new at d on an empty point are
//
//	F = (T_{d-1} of its 4 neighbours) &^ T_{d-1}[i]
//
// (at d = 1 the neighbours' T_0 are the stones' own bits), and T_d =
// T_{d-1} | F; stones and off-board points never change. The planes hold
// the points by bands (propBandSlots): per distance d, for every vector
// j of 8 points,
//
//	tout[j] = tin[j] | F
//	accB[j] = FMA(float64(popcount(F & black)), pow[d], accB[j])
//	accW[j] = FMA(float64(popcount(F &^ black)), pow[d], accW[j])
//
// the counts summed over the words before the conversion (with Black in
// word 0 and White in word 1, mode 3, a word's count is its colour's).
// Then tin and tout swap, and the search ends after a distance where no
// point got anything, or at maxD. These are the sets and sums of
// propSearchGo, in the same order, so the results agree bit for bit.
//
// The vectors j < W take their neighbours a row up from the other end
// of the plane, those from J-W those a row down; with J >= 2W, the
// vectors fall in three runs: [0, W), [W, J-W) and [J-W, J), each a
// multiple of 4 long.
//
// Registers: AX the byte offset of 4 vectors, CX the first's number, BX
// the end of the run, DX the row in bytes (64W) and R12 minus it, R13
// 64(J-W) and R14 minus it, SI tin, DI tout, R8 empty, R9 tin + AX, R10
// accB, R11 accW; Z16-Z23 T of the vectors around (see FOUR), Z29
// pow[d], Z30 and Z31 the black masks, Z28 and Z27 the indexes moving
// the lanes up and down by one band (for the copies of the ends), Z7 the
// step's new stones; K1 a vector's empty points, K6 lanes 1-7, K7 lanes
// 0-6.
TEXT ·propBandsAVX512(SB), NOSPLIT, $56-8
	MOVQ a+0(FP), R9
	MOVQ 0(R9), SI
	MOVQ 8(R9), DI
	MOVQ 16(R9), R8
	MOVQ 24(R9), R10
	MOVQ 32(R9), R11
	MOVQ 40(R9), AX
	MOVQ AX, pow-8(SP)
	MOVQ 48(R9), AX                // J
	MOVQ AX, bands-16(SP)
	MOVQ 56(R9), DX                // W
	SUBQ DX, AX
	MOVQ DX, rowsend-40(SP)        // W, the end of the first run
	MOVQ AX, midend-48(SP)         // J-W, the end of the second
	SHLQ $6, AX
	MOVQ AX, R13
	MOVQ AX, R14
	NEGQ R14
	SHLQ $6, DX
	MOVQ DX, R12
	NEGQ R12
	MOVQ 64(R9), AX
	MOVQ AX, maxd-24(SP)
	MOVQ 72(R9), AX
	MOVQ AX, mode-32(SP)
	VPBROADCASTQ 80(R9), Z30
	VPBROADCASTQ 88(R9), Z31
	VMOVDQU64 propLaneUp<>(SB), Z28
	VMOVDQU64 propLaneDown<>(SB), Z27
	MOVQ $0xfe, AX
	KMOVB AX, K6
	MOVQ $0x7f, AX
	KMOVB AX, K7
	MOVQ $1, BX

step:
	MOVQ BX, d-56(SP)
	MOVQ pow-8(SP), R9
	VBROADCASTSD (R9)(BX*8), Z29
	VPXORQ Z7, Z7, Z7
	// The copies of the ends: vector -1 is vector J-1 a band up, vector
	// J vector 0 a band down.
	MOVQ bands-16(SP), BX
	SHLQ $6, BX
	VPERMQ.Z -64(SI)(BX*1), Z28, K6, Z0
	VMOVDQA64 Z0, -64(SI)
	VPERMQ.Z (SI), Z27, K7, Z0
	VMOVDQA64 Z0, (SI)(BX*1)
	VPERMQ.Z (PLANE-64)(SI)(BX*1), Z28, K6, Z0
	VMOVDQA64 Z0, (PLANE-64)(SI)
	VPERMQ.Z PLANE(SI), Z27, K7, Z0
	VMOVDQA64 Z0, PLANE(SI)(BX*1)
	// T of the vectors -1 and 0 for the first 4.
	VMOVDQA64 -64(SI), Z19
	VMOVDQA64 (SI), Z16
	VMOVDQA64 (PLANE-64)(SI), Z23
	VMOVDQA64 PLANE(SI), Z20
	XORL AX, AX
	XORL CX, CX
	MOVQ mode-32(SP), R9
	CMPQ R9, $2
	JGT m3

m2:
	MOVQ rowsend-40(SP), BX
m2a:
	FOUR(m2a, UPR, DNP, COUNT2)
	MOVQ midend-48(SP), BX
	CMPQ CX, BX
	JGE m2c0
m2b:
	FOUR(m2b, UPP, DNP, COUNT2)
m2c0:
	MOVQ bands-16(SP), BX
m2c:
	FOUR(m2c, UPP, DNR, COUNT2)
	JMP stepdone

m3:
	MOVQ rowsend-40(SP), BX
m3a:
	FOUR(m3a, UPR, DNP, COUNT3)
	MOVQ midend-48(SP), BX
	CMPQ CX, BX
	JGE m3c0
m3b:
	FOUR(m3b, UPP, DNP, COUNT3)
m3c0:
	MOVQ bands-16(SP), BX
m3c:
	FOUR(m3c, UPP, DNR, COUNT3)

stepdone:
	VPTESTMQ Z7, Z7, K2
	KORTESTB K2, K2
	JEQ done
	XCHGQ SI, DI
	MOVQ d-56(SP), BX
	INCQ BX
	CMPQ BX, maxd-24(SP)
	JLE step

done:
	VZEROUPPER
	RET

// The indexes of VPERMQ that move the lanes up (lane i from lane i-1)
// and down (from lane i+1) by one band; the lane left over is zeroed.
DATA propLaneUp<>+0(SB)/8, $0
DATA propLaneUp<>+8(SB)/8, $0
DATA propLaneUp<>+16(SB)/8, $1
DATA propLaneUp<>+24(SB)/8, $2
DATA propLaneUp<>+32(SB)/8, $3
DATA propLaneUp<>+40(SB)/8, $4
DATA propLaneUp<>+48(SB)/8, $5
DATA propLaneUp<>+56(SB)/8, $6
GLOBL propLaneUp<>(SB), RODATA|NOPTR, $64
DATA propLaneDown<>+0(SB)/8, $1
DATA propLaneDown<>+8(SB)/8, $2
DATA propLaneDown<>+16(SB)/8, $3
DATA propLaneDown<>+24(SB)/8, $4
DATA propLaneDown<>+32(SB)/8, $5
DATA propLaneDown<>+40(SB)/8, $6
DATA propLaneDown<>+48(SB)/8, $7
DATA propLaneDown<>+56(SB)/8, $7
GLOBL propLaneDown<>(SB), RODATA|NOPTR, $64

// func propUnbandAVX512(dst, src *float64, J int)
//
// The transposition of a J x 8 matrix of float64s (J a multiple of 8)
// into dst, 8 x 8 at a time: the rows j..j+7 of src become the columns
// j..j+7 of the 8 bands in dst, in three rounds of pairs (rows 1, 2,
// then 4 apart).
//
// Registers: SI the block of src, DI dst at the block's first column,
// R8 its band 4, DX a band in bytes (8J), R9 three bands, CX the blocks
// left; Z0-Z7 the rows, Z8-Z15 and Z16-Z23 the rounds, Z24 a column;
// Z30 and Z31 the indexes of the second round.
TEXT ·propUnbandAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ J+16(FP), CX
	LEAQ (CX*8), DX
	LEAQ (DX)(DX*2), R9
	SHRQ $3, CX
	VMOVDQU64 propPairLo<>(SB), Z30
	VMOVDQU64 propPairHi<>(SB), Z31

unband:
	VMOVAPD 0(SI), Z0
	VMOVAPD 64(SI), Z1
	VMOVAPD 128(SI), Z2
	VMOVAPD 192(SI), Z3
	VMOVAPD 256(SI), Z4
	VMOVAPD 320(SI), Z5
	VMOVAPD 384(SI), Z6
	VMOVAPD 448(SI), Z7
	// Pairs of rows: lanes 2i and 2i+1 of Z8 are [r0 r1][2i], Z9 [r0 r1][2i+1] ...
	VUNPCKLPD Z1, Z0, Z8
	VUNPCKHPD Z1, Z0, Z9
	VUNPCKLPD Z3, Z2, Z10
	VUNPCKHPD Z3, Z2, Z11
	VUNPCKLPD Z5, Z4, Z12
	VUNPCKHPD Z5, Z4, Z13
	VUNPCKLPD Z7, Z6, Z14
	VUNPCKHPD Z7, Z6, Z15
	// Fours: Z16 holds column 0 of rows 0-3, then column 4; Z18 columns 2, 6 ...
	VMOVAPD Z8, Z16
	VPERMT2PD Z10, Z30, Z16
	VMOVAPD Z8, Z18
	VPERMT2PD Z10, Z31, Z18
	VMOVAPD Z9, Z17
	VPERMT2PD Z11, Z30, Z17
	VMOVAPD Z9, Z19
	VPERMT2PD Z11, Z31, Z19
	VMOVAPD Z12, Z20
	VPERMT2PD Z14, Z30, Z20
	VMOVAPD Z12, Z22
	VPERMT2PD Z14, Z31, Z22
	VMOVAPD Z13, Z21
	VPERMT2PD Z15, Z30, Z21
	VMOVAPD Z13, Z23
	VPERMT2PD Z15, Z31, Z23
	// Eights: the columns, each a band's 8 points.
	LEAQ (DI)(DX*4), R8
	VSHUFF64X2 $0x44, Z20, Z16, Z24
	VMOVUPD Z24, (DI)
	VSHUFF64X2 $0xee, Z20, Z16, Z24
	VMOVUPD Z24, (R8)
	VSHUFF64X2 $0x44, Z21, Z17, Z24
	VMOVUPD Z24, (DI)(DX*1)
	VSHUFF64X2 $0xee, Z21, Z17, Z24
	VMOVUPD Z24, (R8)(DX*1)
	VSHUFF64X2 $0x44, Z22, Z18, Z24
	VMOVUPD Z24, (DI)(DX*2)
	VSHUFF64X2 $0xee, Z22, Z18, Z24
	VMOVUPD Z24, (R8)(DX*2)
	VSHUFF64X2 $0x44, Z23, Z19, Z24
	VMOVUPD Z24, (DI)(R9*1)
	VSHUFF64X2 $0xee, Z23, Z19, Z24
	VMOVUPD Z24, (R8)(R9*1)
	ADDQ $512, SI
	ADDQ $64, DI
	DECQ CX
	JNE unband
	VZEROUPPER
	RET

// The indexes of VPERMT2PD that take lanes 0, 1 and 4, 5 (propPairLo) or
// 2, 3 and 6, 7 (propPairHi) of each of two registers.
DATA propPairLo<>+0(SB)/8, $0
DATA propPairLo<>+8(SB)/8, $1
DATA propPairLo<>+16(SB)/8, $8
DATA propPairLo<>+24(SB)/8, $9
DATA propPairLo<>+32(SB)/8, $4
DATA propPairLo<>+40(SB)/8, $5
DATA propPairLo<>+48(SB)/8, $12
DATA propPairLo<>+56(SB)/8, $13
GLOBL propPairLo<>(SB), RODATA|NOPTR, $64
DATA propPairHi<>+0(SB)/8, $2
DATA propPairHi<>+8(SB)/8, $3
DATA propPairHi<>+16(SB)/8, $10
DATA propPairHi<>+24(SB)/8, $11
DATA propPairHi<>+32(SB)/8, $6
DATA propPairHi<>+40(SB)/8, $7
DATA propPairHi<>+48(SB)/8, $14
DATA propPairHi<>+56(SB)/8, $15
GLOBL propPairHi<>(SB), RODATA|NOPTR, $64

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
