//go:build amd64

#include "textflag.h"

// The micro-kernels of gemm (gemm.go):
//
//	func microKernel6AVX2(c *float32, ldc int, a *float32, lda int, b *float32, k int)
//
// and microKernel5AVX2, microKernel4AVX2 compute the block c = a·b of
// mr = 6, 5, 4 rows by 16 columns: a is mr rows of k floats, lda apart; b a
// packed panel of k rows of 16 floats; c mr rows of 16 floats, ldc apart
// (strides in floats). The block's 2·mr vectors of 8 sums stay in Y4–Y15 for
// the whole of k (k > 0); each step loads one row of b into Y0, Y1 and
// broadcasts the elements of a's column in turn into Y2, Y3. The loop does
// two steps at a time (after one alone when k is odd), which halves its
// bookkeeping, and prefetches the same rows of the panel that follows b in
// memory: gemm's next panel, or the next Winograd point's first one.

// PROLOGUE loads the arguments: c in DI, ldc in DX and lda in R8 (bytes),
// a in SI, row 3 of a in R10, b in BX, k in CX, and the length of b's
// panel in bytes in R11.
#define PROLOGUE \
	MOVQ c+0(FP), DI        \
	MOVQ ldc+8(FP), DX      \
	MOVQ a+16(FP), SI       \
	MOVQ lda+24(FP), R8     \
	MOVQ b+32(FP), BX       \
	MOVQ k+40(FP), CX       \
	SHLQ $2, DX             \
	SHLQ $2, R8             \
	LEAQ (R8)(R8*2), R9     \
	LEAQ (SI)(R9*1), R10    \
	MOVQ CX, R11            \
	SHLQ $6, R11

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

// STORE writes the sums lo, hi to the row at DI and moves DI to the next.
#define STORE(lo, hi) \
	VMOVUPS lo, (DI)   \
	VMOVUPS hi, 32(DI) \
	ADDQ    DX, DI

#define ZERO(r) VXORPS r, r, r

TEXT ·microKernel6AVX2(SB), NOSPLIT, $0-48
	PROLOGUE
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
	VZEROUPPER
	RET

TEXT ·microKernel5AVX2(SB), NOSPLIT, $0-48
	PROLOGUE
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
	VZEROUPPER
	RET

TEXT ·microKernel4AVX2(SB), NOSPLIT, $0-48
	PROLOGUE
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
	VZEROUPPER
	RET
