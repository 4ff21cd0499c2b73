//go:build amd64

#include "textflag.h"

// func gemmPanelAVX2(c *float32, ldc int, a *float32, lda int, b *float32, k, n6, n5, n4 int)
//
// gemm's work on one packed panel of b (gemm.go): c = a·b for n6 blocks of
// 6 rows, then n5 of 5, then n4 of 4, one after the other from row 0 of a
// and c; a has k floats to a row, lda apart; b is k rows of 16 floats; c
// has 16 floats to a row, ldc apart (strides in floats; k > 0). A block of
// mr rows keeps its 2·mr vectors of 8 sums in Y4–Y15 for the whole of k;
// each step of k loads one row of b into Y0, Y1 and broadcasts the
// elements of a's column in turn into Y2, Y3. The loop does two steps at a
// time (after one alone when k is odd), which halves its bookkeeping, and
// prefetches the same rows of the panel that follows b in memory: gemm's
// next panel, or the next Winograd point's first one.
//
// Registers: DI the row of c, DX ldc and R8 lda in bytes, R9 3·lda, R13 the
// block's first row of a, SI the column of a in its first row and R10 in
// its fourth, BX the row of b, CX the steps left, R11 the panel's length in
// bytes, R12 the blocks left of the current height.

// BLOCK starts a block: the sums to zero is done by the caller; the
// pointers of a and b to the block's start, the steps to k.
#define BLOCK \
	MOVQ R13, SI          \
	LEAQ (R13)(R9*1), R10 \
	MOVQ b+32(FP), BX     \
	MOVQ k+40(FP), CX

// LOADB loads the row of b at offset off from BX into Y0, Y1.
#define LOADB(off) \
	VMOVUPS off(BX), Y0    \
	VMOVUPS off+32(BX), Y1

// ROW adds the broadcast element at addr times the row of b (Y0, Y1) to
// the sums lo, hi, through the broadcast register t.
#define ROW(addr, t, lo, hi) \
	VBROADCASTSS addr, t   \
	VFMADD231PS  Y0, t, lo \
	VFMADD231PS  Y1, t, hi

// NEXT moves to column n further on in a and row n further on in b.
#define NEXT(n) \
	ADDQ $(64*n), BX \
	ADDQ $(4*n), SI  \
	ADDQ $(4*n), R10

// STORE writes the sums lo, hi to the row of c at DI and moves DI on.
#define STORE(lo, hi) \
	VMOVUPS lo, (DI)   \
	VMOVUPS hi, 32(DI) \
	ADDQ    DX, DI

#define ZERO(r) VXORPS r, r, r

TEXT ·gemmPanelAVX2(SB), NOSPLIT, $0-72
	MOVQ c+0(FP), DI
	MOVQ ldc+8(FP), DX
	MOVQ a+16(FP), R13
	MOVQ lda+24(FP), R8
	MOVQ k+40(FP), R11
	SHLQ $2, DX
	SHLQ $2, R8
	LEAQ (R8)(R8*2), R9
	SHLQ $6, R11

	// Blocks of 6 rows.
	MOVQ n6+48(FP), R12
	TESTQ R12, R12
	JZ    done6

block6:
	BLOCK
	ZERO(Y4)
	ZERO(Y5)
	ZERO(Y6)
	ZERO(Y7)
	ZERO(Y8)
	ZERO(Y9)
	ZERO(Y10)
	ZERO(Y11)
	ZERO(Y12)
	ZERO(Y13)
	ZERO(Y14)
	ZERO(Y15)
	TESTQ $1, CX
	JZ    pairs6
	LOADB(0)
	ROW((SI), Y2, Y4, Y5)
	ROW((SI)(R8*1), Y3, Y6, Y7)
	ROW((SI)(R8*2), Y2, Y8, Y9)
	ROW((R10), Y3, Y10, Y11)
	ROW((R10)(R8*1), Y2, Y12, Y13)
	ROW((R10)(R8*2), Y3, Y14, Y15)
	NEXT(1)

pairs6:
	SHRQ $1, CX
	JZ   store6

loop6:
	PREFETCHT0 (BX)(R11*1)
	PREFETCHT0 64(BX)(R11*1)
	LOADB(0)
	ROW((SI), Y2, Y4, Y5)
	ROW((SI)(R8*1), Y3, Y6, Y7)
	ROW((SI)(R8*2), Y2, Y8, Y9)
	ROW((R10), Y3, Y10, Y11)
	ROW((R10)(R8*1), Y2, Y12, Y13)
	ROW((R10)(R8*2), Y3, Y14, Y15)
	LOADB(64)
	ROW(4(SI), Y2, Y4, Y5)
	ROW(4(SI)(R8*1), Y3, Y6, Y7)
	ROW(4(SI)(R8*2), Y2, Y8, Y9)
	ROW(4(R10), Y3, Y10, Y11)
	ROW(4(R10)(R8*1), Y2, Y12, Y13)
	ROW(4(R10)(R8*2), Y3, Y14, Y15)
	NEXT(2)
	DECQ CX
	JNZ  loop6

store6:
	STORE(Y4, Y5)
	STORE(Y6, Y7)
	STORE(Y8, Y9)
	STORE(Y10, Y11)
	STORE(Y12, Y13)
	STORE(Y14, Y15)
	LEAQ (R13)(R9*2), R13
	DECQ R12
	JNZ  block6

done6:
	// Blocks of 5 rows.
	MOVQ n5+56(FP), R12
	TESTQ R12, R12
	JZ    done5

block5:
	BLOCK
	ZERO(Y4)
	ZERO(Y5)
	ZERO(Y6)
	ZERO(Y7)
	ZERO(Y8)
	ZERO(Y9)
	ZERO(Y10)
	ZERO(Y11)
	ZERO(Y12)
	ZERO(Y13)
	TESTQ $1, CX
	JZ    pairs5
	LOADB(0)
	ROW((SI), Y2, Y4, Y5)
	ROW((SI)(R8*1), Y3, Y6, Y7)
	ROW((SI)(R8*2), Y2, Y8, Y9)
	ROW((R10), Y3, Y10, Y11)
	ROW((R10)(R8*1), Y2, Y12, Y13)
	NEXT(1)

pairs5:
	SHRQ $1, CX
	JZ   store5

loop5:
	PREFETCHT0 (BX)(R11*1)
	PREFETCHT0 64(BX)(R11*1)
	LOADB(0)
	ROW((SI), Y2, Y4, Y5)
	ROW((SI)(R8*1), Y3, Y6, Y7)
	ROW((SI)(R8*2), Y2, Y8, Y9)
	ROW((R10), Y3, Y10, Y11)
	ROW((R10)(R8*1), Y2, Y12, Y13)
	LOADB(64)
	ROW(4(SI), Y2, Y4, Y5)
	ROW(4(SI)(R8*1), Y3, Y6, Y7)
	ROW(4(SI)(R8*2), Y2, Y8, Y9)
	ROW(4(R10), Y3, Y10, Y11)
	ROW(4(R10)(R8*1), Y2, Y12, Y13)
	NEXT(2)
	DECQ CX
	JNZ  loop5

store5:
	STORE(Y4, Y5)
	STORE(Y6, Y7)
	STORE(Y8, Y9)
	STORE(Y10, Y11)
	STORE(Y12, Y13)
	LEAQ (R13)(R8*4), R13
	ADDQ R8, R13
	DECQ R12
	JNZ  block5

done5:
	// Blocks of 4 rows.
	MOVQ n4+64(FP), R12
	TESTQ R12, R12
	JZ    done4

block4:
	BLOCK
	ZERO(Y4)
	ZERO(Y5)
	ZERO(Y6)
	ZERO(Y7)
	ZERO(Y8)
	ZERO(Y9)
	ZERO(Y10)
	ZERO(Y11)
	TESTQ $1, CX
	JZ    pairs4
	LOADB(0)
	ROW((SI), Y2, Y4, Y5)
	ROW((SI)(R8*1), Y3, Y6, Y7)
	ROW((SI)(R8*2), Y2, Y8, Y9)
	ROW((R10), Y3, Y10, Y11)
	NEXT(1)

pairs4:
	SHRQ $1, CX
	JZ   store4

loop4:
	PREFETCHT0 (BX)(R11*1)
	PREFETCHT0 64(BX)(R11*1)
	LOADB(0)
	ROW((SI), Y2, Y4, Y5)
	ROW((SI)(R8*1), Y3, Y6, Y7)
	ROW((SI)(R8*2), Y2, Y8, Y9)
	ROW((R10), Y3, Y10, Y11)
	LOADB(64)
	ROW(4(SI), Y2, Y4, Y5)
	ROW(4(SI)(R8*1), Y3, Y6, Y7)
	ROW(4(SI)(R8*2), Y2, Y8, Y9)
	ROW(4(R10), Y3, Y10, Y11)
	NEXT(2)
	DECQ CX
	JNZ  loop4

store4:
	STORE(Y4, Y5)
	STORE(Y6, Y7)
	STORE(Y8, Y9)
	STORE(Y10, Y11)
	LEAQ (R13)(R8*4), R13
	DECQ R12
	JNZ  block4

done4:
	VZEROUPPER
	RET
