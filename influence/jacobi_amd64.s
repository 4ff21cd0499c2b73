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

// func solve32AVX512(a *solve32Args)
//
// tables32.steps: up to a.steps Jacobi steps in float32, sixteen values
// to a register, each a chain pass (chains32) and a point pass (jacobi32),
// stopping after a step whose sum of squared changes is below a.hi; it
// sets a.steps to the steps taken and a.sq to the last sum. x and y trade
// places every step. Denormals are flushed to zero meanwhile (they would
// cost a microcode assist each and are far below the precision sought).
//
// The point pass reads x of the cell and its neighbours in a block as the
// aligned blocks before, at and after it (W and E by VALIGND) and the
// rows above and below; it looks κG up in val with VPERMI2PS, a table of
// 32 values at a time: from registers if val has up to three tables (96
// values; one VPERMI2PS a block if there are at most 32 chains, two if
// at most 64, else three), else table by table from memory.

#define A_X 0
#define A_Y 8
#define A_A 16
#define A_B 24
#define A_CI 32
#define A_MASKS 40
#define A_VAL 48
#define A_HROW 56
#define A_KC 64
#define A_ADJ 72
#define A_ENDS 80
#define A_EOFF 88
#define A_ROWS 96
#define A_BLOCKS 104
#define A_NT 112
#define A_N 120
#define A_W 128
#define A_STEPS 136
#define A_HI 144
#define A_SQ 148

// POINTS computes y for the block at AX from Z16 = κG, with Z24, Z25 the
// blocks of x before and at AX, and sums (y-x)² into Z14: with Z26 the
// next block, W and E are Z1 and Z2 (VALIGND), N and S Z0 and Z3, a and b
// Z8 and Z9; then u = N+W (Z4), v = E+S (Z5), y = u·(a + b·E·S) + κG +
// v·(a + b·N·W), and the blocks move on (Z24, Z25 = Z25, Z26).
#define POINTS \
	VMOVAPS 64(SI)(AX*1), Z26; \
	VALIGND $15, Z24, Z25, Z1; \
	VALIGND $1, Z25, Z26, Z2; \
	VMOVUPS (R11)(AX*1), Z0; \
	VMOVUPS (R12)(AX*1), Z3; \
	VMOVAPS (R8)(AX*1), Z8; \
	VMOVAPS (R9)(AX*1), Z9; \
	VADDPS Z1, Z0, Z4; \
	VADDPS Z3, Z2, Z5; \
	VMULPS Z1, Z0, Z6; \
	VMULPS Z3, Z2, Z7; \
	VFMADD213PS Z8, Z9, Z7; \
	VFMADD213PS Z8, Z9, Z6; \
	VFMADD213PS Z16, Z7, Z4; \
	VFMADD231PS Z6, Z5, Z4; \
	VMOVAPS Z4, (DI)(AX*1)        ; \
	VSUBPS Z25, Z4, Z4            ; \
	VFMADD231PS Z4, Z4, Z14       ; \
	VMOVAPS Z25, Z24              ; \
	VMOVAPS Z26, Z25

TEXT ·solve32AVX512(SB), NOSPLIT, $16-8
	STMXCSR mxcsr-8(SP)
	MOVL mxcsr-8(SP), AX
	ORL $0x8040, AX // FTZ, DAZ
	MOVL AX, mxcsr-4(SP)
	LDMXCSR mxcsr-4(SP)
	MOVQ a+0(FP), R15
	MOVQ A_X(R15), SI
	MOVQ A_Y(R15), DI
	XORQ R14, R14                // steps taken
	MOVL $0x3F800000, AX         // 1.0
	VPBROADCASTD AX, Z13
	MOVL $0x3F000000, AX         // 0.5
	VPBROADCASTD AX, Z12

step:
	// The chain pass: a running product per lane, handed on to val
	// (compressed, in lane order) where ends says a chain ends; then
	// val = kc·(1 - 2P).
	MOVQ A_ROWS(R15), CX
	TESTQ CX, CX
	JEQ points
	MOVQ A_VAL(R15), DX
	MOVQ A_HROW(R15), R8
	MOVQ A_EOFF(R15), R9
	MOVQ A_ADJ(R15), R10
	MOVQ A_ENDS(R15), R11
	// A lane that finished a chain at the previous row (K2; every lane
	// before the first row) starts the next one with its factor alone:
	// the factor is multiplied by the product under the other lanes'
	// mask, so that the product waits on one multiply per row, not on a
	// multiply and a reset.
	KXNORW K0, K0, K2
row:
	VMOVDQU32 (R10), Z17
	KXNORW K0, K0, K1
	VPXORD Z18, Z18, Z18
	VGATHERDPS (SI)(Z17*4), K1, Z18
	VMOVAPS Z12, Z19
	VFNMADD231PS (R8), Z18, Z19  // 1/2 - half·x
	KNOTW K2, K3                 // the lanes that go on with a chain
	VMULPS Z11, Z19, K3, Z19
	VMOVAPS Z19, Z11             // products
	KMOVW (R11), K2
	MOVLQSX (R9), AX
	VCOMPRESSPS Z11, K2, Z19
	VMOVUPS Z19, (DX)(AX*4)
	ADDQ $64, R10
	ADDQ $64, R8
	ADDQ $4, R9
	ADDQ $2, R11
	DECQ CX
	JNZ row
	MOVQ A_BLOCKS(R15), CX
	MOVQ A_KC(R15), R8
kg:
	VMOVUPS (DX), Z11
	VADDPS Z11, Z11, Z11         // 2P
	VSUBPS Z11, Z13, Z11         // 1 - 2P
	VMULPS (R8), Z11, Z11
	VMOVUPS Z11, (DX)
	ADDQ $64, DX
	ADDQ $64, R8
	DECQ CX
	JNZ kg

points:
	MOVQ A_A(R15), R8
	MOVQ A_B(R15), R9
	MOVQ A_CI(R15), R10
	MOVQ A_MASKS(R15), BX
	MOVQ A_W(R15), DX
	SHLQ $2, DX
	MOVQ SI, R11
	SUBQ DX, R11                 // the row above
	LEAQ (SI)(DX*1), R12         // the row below
	MOVQ A_N(R15), CX
	SHLQ $2, CX
	VPXORD Z14, Z14, Z14
	VMOVAPS -64(SI), Z24
	VMOVAPS (SI), Z25
	XORQ AX, AX
	MOVQ A_VAL(R15), DX
	CMPQ A_NT(R15), $3
	JEQ regtables3
	JGT memtables
	VMOVAPS (DX), Z20
	VMOVAPS 64(DX), Z21
	// At most 32 chains (blocks ≤ 2; none with the fixed preset): every
	// stone's κG is in the first table, and masks has no bit for the
	// second.
	CMPQ A_BLOCKS(R15), $2
	JLE regloop1

	VMOVAPS 128(DX), Z22
	VMOVAPS 192(DX), Z23
regloop:
	KMOVW (BX), K1
	KMOVW 2(BX), K2
	VMOVDQA32 (R10)(AX*1), Z16   // ci; 0 (+0.0) on empty points
	VPERMI2PS Z21, Z20, K1, Z16
	VPERMI2PS Z23, Z22, K2, Z16
	POINTS
	ADDQ $4, BX
	ADDQ $64, AX
	CMPQ AX, CX
	JLT regloop
	JMP reduce

regloop1:
	KMOVW (BX), K1
	VMOVDQA32 (R10)(AX*1), Z16   // ci; 0 (+0.0) on empty points
	VPERMI2PS Z21, Z20, K1, Z16
	POINTS
	ADDQ $4, BX
	ADDQ $64, AX
	CMPQ AX, CX
	JLT regloop1
	JMP reduce

regtables3:
	VMOVAPS (DX), Z20
	VMOVAPS 64(DX), Z21
	VMOVAPS 128(DX), Z22
	VMOVAPS 192(DX), Z23
	VMOVAPS 256(DX), Z27
	VMOVAPS 320(DX), Z28
regloop3:
	KMOVW (BX), K1
	KMOVW 2(BX), K2
	KMOVW 4(BX), K3
	VMOVDQA32 (R10)(AX*1), Z16   // ci; 0 (+0.0) on empty points
	VPERMI2PS Z21, Z20, K1, Z16
	VPERMI2PS Z23, Z22, K2, Z16
	VPERMI2PS Z28, Z27, K3, Z16
	POINTS
	ADDQ $6, BX
	ADDQ $64, AX
	CMPQ AX, CX
	JLT regloop3
	JMP reduce

memtables:
	VMOVDQA32 (R10)(AX*1), Z17   // ci
	VPXORD Z16, Z16, Z16
	MOVQ DX, R13
	MOVQ A_NT(R15), R9
table:
	KMOVW (BX), K1
	VMOVAPS (R13), Z18
	VPERMT2PS.Z 64(R13), Z17, K1, Z18
	VPORD Z18, Z16, Z16
	ADDQ $2, BX
	ADDQ $128, R13
	DECQ R9
	JNZ table
	MOVQ A_B(R15), R9
	POINTS
	ADDQ $64, AX
	CMPQ AX, CX
	JLT memtables

reduce:
	VEXTRACTF64X4 $1, Z14, Y15
	VADDPS Y15, Y14, Y14
	VEXTRACTF128 $1, Y14, X15
	VADDPS X15, X14, X14
	VHADDPS X14, X14, X14
	VHADDPS X14, X14, X14
	XCHGQ SI, DI
	INCQ R14
	VUCOMISS A_HI(R15), X14
	JCS out                      // below hi
	CMPQ R14, A_STEPS(R15)
	JLT step

out:
	MOVQ R14, A_STEPS(R15)
	MOVSS X14, A_SQ(R15)
	VZEROUPPER
	LDMXCSR mxcsr-8(SP)
	RET

// func prepareRowsAVX512(a *prepareArgs) int
//
// tables32.prepareRows, sixteen points to a register (the last block of a
// row under a mask): state = colour&3, a and b from aS and bS on stones
// and aE and bE elsewhere, ci = colour>>1&1, and the padded indices of the
// stones compressed into stones.
TEXT ·prepareRowsAVX512(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), R15
	MOVQ 0(R15), SI              // cells
	MOVQ 8(R15), R8              // size
	MOVQ 16(R15), R9             // w
	MOVQ 24(R15), R10            // first
	MOVQ 96(R15), DI             // stones
	MOVQ DI, R14
	MOVL $3, AX
	VPBROADCASTD AX, Z20         // 3
	MOVL $1, AX
	VPBROADCASTD AX, Z21         // 1
	MOVQ $0x0706050403020100, AX
	VMOVQ AX, X22
	MOVQ $0x0f0e0d0c0b0a0908, AX
	VPINSRQ $1, AX, X22, X22
	VPMOVZXBD X22, Z22           // 0, 1, ..., 15
	XORQ R11, R11                // row
rows:
	XORQ R12, R12                // column
blocks:
	// K1: the lanes of the block on the board.
	MOVQ R8, CX
	SUBQ R12, CX
	MOVL $0xffff, AX
	CMPQ CX, $16
	JGE full
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
full:
	KMOVW AX, K1
	LEAQ (R10)(R12*1), BX        // padded index of the block
	VPMOVSXBD (SI)(R12*1), K1, Z0 // colours (every use is under K1)
	VPANDD Z20, Z0, Z1
	MOVQ 32(R15), AX
	VMOVDQU32 Z1, K1, (AX)(BX*4) // state
	VPTESTMD Z21, Z0, K1, K2     // stones
	MOVQ 64(R15), AX
	VMOVDQU32 (AX)(BX*4), K1, Z2 // aE
	MOVQ 72(R15), AX
	VMOVDQU32 (AX)(BX*4), K2, Z2 // aS on stones
	MOVQ 40(R15), AX
	VMOVDQU32 Z2, K1, (AX)(BX*4) // a
	MOVQ 80(R15), AX
	VMOVDQU32 (AX)(BX*4), K1, Z3 // bE
	MOVQ 88(R15), AX
	VMOVDQU32 (AX)(BX*4), K2, Z3 // bS on stones
	MOVQ 48(R15), AX
	VMOVDQU32 Z3, K1, (AX)(BX*4) // b
	VPSRLD $1, Z0, Z4
	VPANDD Z21, Z4, Z4
	MOVQ 56(R15), AX
	VMOVDQU32 Z4, K1, (AX)(BX*4) // ci
	VPBROADCASTD BX, Z5
	VPADDD Z22, Z5, Z5           // padded indices
	VPCOMPRESSD Z5, K2, (DI)
	KMOVW K2, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*4), DI
	ADDQ $16, R12
	CMPQ R12, R8
	JLT blocks
	ADDQ R8, SI
	ADDQ R9, R10
	INCQ R11
	CMPQ R11, R8
	JLT rows
	SUBQ R14, DI
	SHRQ $2, DI
	MOVQ DI, ret+8(FP)
	VZEROUPPER
	RET

// Offsets of the fields of chainScratch (checked in jacobi_amd64.go).
#define CS_ST 0
#define CS_STCH 4096
#define CS_TMP 8192
#define CS_TMPOFF 24576
#define CS_LENGTH 28676
#define CS_COLOUR 32772

// VISIT looks at the neighbour q (in AX) of a stone of the chain as
// fillChains does: R8 state, R11 chainScratch, R12 the colour code cc,
// R13 the chain's id<<16 and idq-16(SP) its id<<2, R14 the codes allowed
// in A(C) (a bit per code, repeated in every nibble), BX the queue's last
// index, DX the A(C) entries so far; R9, R10 and R15 are scratch. The
// cell's mark (state>>16) is the id of the last chain that listed it, and
// ids grow, so that it differs from this chain's id if and only if state
// is below id<<16.
#define VISIT \
	MOVL (R8)(AX*4), R9; \
	MOVL AX, CS_TMP(R11)(DX*4); \
	MOVL AX, (CS_ST+4)(R11)(BX*4); \
	SHRXL R9, R14, R10; \
	CMPL R9, R13; \
	SBBL R15, R15; \
	ANDL R15, R10; \
	ANDL $1, R10; \
	ADDL R10, DX; \
	MOVWLZX R9, R9; \
	XORL R10, R10; \
	CMPL R9, R12; \
	SETEQ R10B; \
	ADDL R10, BX; \
	NEGL R10; \
	ANDL idq-16(SP), R10; \
	ORL R13, R9; \
	ORL R10, R9; \
	MOVL R9, (R8)(AX*4)

// func fillChainsAsm(state *[cellsMax]uint32, stones *int32, n int, w int32, cs *chainScratch) (nc, ntmp int32)
//
// fillChains in assembly, where the Go compiler spills most of the fill's
// state: the same breadth-first fills, branch-free per neighbour.
TEXT ·fillChainsAsm(SB), NOSPLIT, $16-48
	MOVQ state+0(FP), R8
	MOVQ cs+32(FP), R11
	XORL CX, CX                  // chains
	XORL DX, DX                  // A(C) entries
	XORL BX, BX                  // queue length
	MOVQ $0, k-8(SP)
stone:
	MOVQ k-8(SP), AX
	CMPQ AX, n+16(FP)
	JGE filled
	INCQ k-8(SP)
	MOVQ stones+8(FP), DI
	MOVL (DI)(AX*4), DI          // the stone
	ANDL $1023, DI
	MOVL (R8)(DI*4), R12
	TESTL $0xfffc, R12
	JNE stone                    // labelled
	ANDL $3, R12                 // cc
	LEAL 1(CX), R13
	MOVL R13, R9
	SHLL $2, R9
	MOVL R9, idq-16(SP)          // id<<2
	SHLL $16, R13                // id<<16
	// Black (1): empty and white may be in A(C), codes 0 and 3; white
	// (3): codes 0 and 1.
	MOVL $0x99999999, R14
	MOVL $0x33333333, R9
	MOVB $1, R10
	CMPL R12, $3
	CMOVLEQ R9, R14
	JNE black
	MOVB $-1, R10
black:
	MOVB R10, CS_COLOUR(R11)(CX*1)
	MOVL R13, R9
	SHRL $14, R9                 // id<<2
	ORL R13, R9
	ORL R12, R9
	MOVL R9, (R8)(DI*4)
	MOVL DI, CS_ST(R11)(BX*4)
	MOVL BX, SI                  // head
queue:
	MOVL CS_ST(R11)(SI*4), DI    // p
	MOVL CX, CS_STCH(R11)(SI*4)
	MOVL DI, AX
	SUBL w+24(FP), AX
	VISIT
	LEAL -1(DI), AX
	VISIT
	LEAL 1(DI), AX
	VISIT
	MOVL DI, AX
	ADDL w+24(FP), AX
	VISIT
	INCL SI
	CMPL SI, BX
	JLE queue
	INCL BX
	MOVL DX, (CS_TMPOFF+4)(R11)(CX*4)
	MOVL DX, AX
	SUBL CS_TMPOFF(R11)(CX*4), AX
	MOVL $1, R9
	CMPL AX, $1
	CMOVLLT R9, AX
	MOVL AX, CS_LENGTH(R11)(CX*4)
	INCL CX
	JMP stone
filled:
	MOVL CX, nc+40(FP)
	MOVL DX, ntmp+44(FP)
	RET

#define CS_START 41996
#define CS_LANE 46092

// func layRowsAsm(cs *chainScratch, adj *int32, hrow *float32, ends *uint16, nc int, first, zeroB, zeroW int32)
//
// chainScratch.layRows in assembly (the Go compiler keeps its loop
// counters on the stack): each chain's A(C), less first, into every 16th
// cell of adj from 16·start + lane, ±1/2 by its colour into hrow and the
// bit of its lane at its last row into ends; a chain with no A(C) gets
// the cell zeroB (black) or zeroW (white), whose factor is 0.
TEXT ·layRowsAsm(SB), NOSPLIT, $0-52
	MOVQ cs+0(FP), R11
	MOVQ adj+8(FP), DI
	MOVQ hrow+16(FP), SI
	MOVQ ends+24(FP), R8
	MOVQ nc+32(FP), CX
	MOVL first+40(FP), R9
	XORQ BX, BX                  // the chain
	TESTQ CX, CX
	JEQ ldone
lchain:
	MOVBQSX CS_COLOUR(R11)(BX*1), AX
	MOVL $0x3F000000, R10        // +1/2
	MOVL $0xBF000000, R12        // -1/2
	TESTQ AX, AX
	CMOVLLT R12, R10
	MOVL CS_START(R11)(BX*4), R12
	MOVL CS_LANE(R11)(BX*4), R13
	MOVL R12, R14
	SHLL $4, R14
	ADDL R13, R14                // 16·start + lane
	MOVLQSX CS_TMPOFF(R11)(BX*4), DX
	MOVLQSX (CS_TMPOFF+4)(R11)(BX*4), R15
	CMPQ DX, R15
	JEQ lempty
lentry:
	MOVL CS_TMP(R11)(DX*4), AX
	SUBL R9, AX
	MOVL AX, (DI)(R14*4)
	MOVL R10, (SI)(R14*4)
	ADDQ $16, R14
	INCQ DX
	CMPQ DX, R15
	JLT lentry
	JMP lend
lempty:
	MOVL zeroB+44(FP), DX
	TESTQ AX, AX
	CMOVLLT zeroW+48(FP), DX
	SUBL R9, DX
	MOVL DX, (DI)(R14*4)
	MOVL R10, (SI)(R14*4)
lend:
	ADDL CS_LENGTH(R11)(BX*4), R12
	DECL R12                     // the last row
	MOVL $1, AX
	SHLXL R13, AX, AX
	ORW AX, (R8)(R12*2)
	INCQ BX
	CMPQ BX, CX
	JLT lchain
ldone:
	RET

#define CS_BYLEN 33796

// MINLANES leaves in every lane of Z4 the least of the sixteen int32
// lanes of Z0 (Z1-Z3 scratch); MAXLANES the greatest.
#define MINLANES \
	VSHUFI64X2 $0x4E, Z0, Z0, Z1; \
	VPMINSD Z1, Z0, Z1; \
	VSHUFI64X2 $0xB1, Z1, Z1, Z2; \
	VPMINSD Z2, Z1, Z2; \
	VPSHUFD $0x4E, Z2, Z3; \
	VPMINSD Z3, Z2, Z3; \
	VPSHUFD $0xB1, Z3, Z4; \
	VPMINSD Z4, Z3, Z4

#define MAXLANES \
	VSHUFI64X2 $0x4E, Z0, Z0, Z1; \
	VPMAXSD Z1, Z0, Z1; \
	VSHUFI64X2 $0xB1, Z1, Z1, Z2; \
	VPMAXSD Z2, Z1, Z2; \
	VPSHUFD $0x4E, Z2, Z3; \
	VPMAXSD Z3, Z2, Z3; \
	VPSHUFD $0xB1, Z3, Z4; \
	VPMAXSD Z4, Z3, Z4

// func dealLanesAsm(cs *chainScratch, nc int) (rows int32)
//
// chainScratch.dealLanes with the sixteen lanes' keys (load·16 + lane) in
// Z0: the least key by shuffles and minima (but for the first sixteen
// chains, which take the lanes in turn), and the chain's length·16 added
// to its lane under a mask.
TEXT ·dealLanesAsm(SB), NOSPLIT, $0-20
	MOVQ cs+0(FP), R11
	MOVQ nc+8(FP), CX
	MOVQ $0x0706050403020100, AX
	VMOVQ AX, X0
	MOVQ $0x0f0e0d0c0b0a0908, AX
	VPINSRQ $1, AX, X0, X0
	VPMOVZXBD X0, Z0             // keys 0, 1, ..., 15
	MOVL $1, R9
	XORL R10, R10                // chains dealt
	DECQ CX
	JLT dfinish
dloop:
	MOVL CS_BYLEN(R11)(CX*4), BX
	ANDL $1023, BX
	// The first sixteen chains go to lanes 0 to 15 in turn: every chain
	// has a length of at least 1, so a lane that has one has a greater
	// key than any that has none.
	MOVL R10, DX
	XORL AX, AX
	CMPL R10, $16
	JLT dealt
	MINLANES
	VMOVD X4, AX                 // the least key
	MOVL AX, DX
	ANDL $15, DX                 // its lane
	SHRL $4, AX                  // its load: the chain's first row
dealt:
	INCL R10
	MOVL AX, CS_START(R11)(BX*4)
	MOVL DX, CS_LANE(R11)(BX*4)
	MOVL CS_LENGTH(R11)(BX*4), AX
	SHLL $4, AX
	VPBROADCASTD AX, Z5
	SHLXL DX, R9, R8
	KMOVW R8, K1
	VPADDD Z5, Z0, K1, Z0
	DECQ CX
	JGE dloop
dfinish:
	MAXLANES
	VMOVD X4, AX
	SHRL $4, AX
	MOVL AX, rows+16(FP)
	VZEROUPPER
	RET

// TAILMASK sets R10 to the columns of a row of R8 columns in whole
// blocks of N and K2 to the columns of the last, partial block (none if
// there is none); AX and CX are scratch.
#define TAILMASK(N) \
	MOVQ R8, R10; \
	ANDQ $-N, R10; \
	MOVQ R8, CX; \
	ANDQ $(N-1), CX; \
	MOVL $1, AX; \
	SHLL CX, AX; \
	DECL AX; \
	KMOVW AX, K2

// func colours32AVX512(x *float32, cells *board.Color, size, w int)
//
// tables32.loadColoursGo: x = float32(colour) of every point, x pointing
// at the first point of the padded layout (row stride w), sixteen points
// to a register (the last block of a row under a mask).
TEXT ·colours32AVX512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), DI
	MOVQ cells+8(FP), SI
	MOVQ size+16(FP), R8
	MOVQ w+24(FP), R9
	SHLQ $2, R9
	TAILMASK(16)
	MOVQ R8, R11                 // rows to go
crow:
	XORQ R12, R12                // column
	CMPQ R12, R10
	JGE ctail
cblock:
	VPMOVSXBD (SI)(R12*1), Z0
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, (DI)(R12*4)
	ADDQ $16, R12
	CMPQ R12, R10
	JLT cblock
ctail:
	KORTESTW K2, K2
	JEQ cnext
	VPMOVSXBD (SI)(R12*1), K2, Z0 // colours (every use is under K2)
	VCVTDQ2PS Z0, Z0
	VMOVUPS Z0, K2, (DI)(R12*4)
cnext:
	ADDQ R8, SI
	ADDQ R9, DI
	DECQ R11
	JNZ crow
	VZEROUPPER
	RET

// func unpad32AVX512(dst *float64, x *float32, size, w int) (sum float64)
//
// tables32.storeGo: dst, in map order, = float64 of x on every point, x
// pointing at the first point of the padded layout (row stride w), eight
// points to a register (the last of a row under a mask, its other lanes
// 0), and their sum: the whole blocks of a row added to Z4 and Z5 in turn
// and the last, partial one to Z6, then (Z4+Z5)+Z6 summed across lanes
// in the order of storeGo.
TEXT ·unpad32AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ size+16(FP), R8
	MOVQ w+24(FP), R9
	SHLQ $2, R9
	TAILMASK(8)
	MOVQ R8, R11                 // rows to go
	VXORPD Z4, Z4, Z4
	VXORPD Z5, Z5, Z5
	VXORPD Z6, Z6, Z6
urow:
	XORQ R12, R12                // column
	CMPQ R12, R10
	JGE utail
ublock:
	VCVTPS2PD (SI)(R12*4), Z0
	VMOVUPD Z0, (DI)(R12*8)
	VADDPD Z0, Z4, Z4
	ADDQ $8, R12
	CMPQ R12, R10
	JGE utail
	VCVTPS2PD (SI)(R12*4), Z0
	VMOVUPD Z0, (DI)(R12*8)
	VADDPD Z0, Z5, Z5
	ADDQ $8, R12
	CMPQ R12, R10
	JLT ublock
utail:
	KORTESTW K2, K2
	JEQ unext
	VMOVUPS.Z (SI)(R12*4), K2, Y0
	VCVTPS2PD Y0, Z0
	VMOVUPD Z0, K2, (DI)(R12*8)
	VADDPD Z0, Z6, Z6
unext:
	LEAQ (DI)(R8*8), DI
	ADDQ R9, SI
	DECQ R11
	JNZ urow
	VADDPD Z5, Z4, Z4
	VADDPD Z6, Z4, Z4            // s
	VEXTRACTF64X4 $1, Z4, Y1
	VADDPD Y1, Y4, Y4            // s[i] + s[i+4]
	VEXTRACTF128 $1, Y4, X1
	VADDPD X1, X4, X4            // u[i] = (s[i] + s[i+4]) + (s[i+2] + s[i+6])
	VPERMILPD $1, X4, X1
	VADDSD X1, X4, X4            // u[0] + u[1]
	VZEROUPPER
	MOVSD X4, sum+32(FP)
	RET

// func masksAVX512(masks *uint16, ci *int32, state *uint32, blocks, nt int)
//
// tables32.setMasks from the first point on (ci and state), sixteen cells
// to a register: for each block and each of the nt tables of val, the
// bits of the stones (state&1) whose ci is in the table (ci>>5).
TEXT ·masksAVX512(SB), NOSPLIT, $0-40
	MOVQ masks+0(FP), DI
	MOVQ ci+8(FP), SI
	MOVQ state+16(FP), R8
	MOVQ blocks+24(FP), CX
	MOVQ nt+32(FP), R9
	MOVL $1, AX
	VPBROADCASTD AX, Z20         // 1
mblock:
	VMOVDQU32 (R8), Z0
	VPTESTMD Z20, Z0, K1         // stones
	VMOVDQA32 (SI), Z1
	VPSRLD $5, Z1, Z1            // the table of each cell's ci
	VPXORD Z2, Z2, Z2            // the table k
	MOVQ R9, R10
mtable:
	VPCMPEQD Z2, Z1, K1, K2
	KMOVW K2, (DI)
	ADDQ $2, DI
	VPADDD Z20, Z2, Z2
	DECQ R10
	JNZ mtable
	ADDQ $64, SI
	ADDQ $64, R8
	DECQ CX
	JNZ mblock
	VZEROUPPER
	RET
