//go:build amd64

#include "textflag.h"

// The Winograd transforms of winograd.go, 8 channels to a YMM register. A
// 6×6 tile goes through its columns first, into 36 (or 24, 12) vectors on
// the stack, then through its rows; the outer loop steps through the
// channels 8 at a time. Strides come in floats and are turned into bytes.

// BT6 computes Bᵀd for d0–d5 in Y0–Y5 with 4, 5, 2 in Y13, Y14, Y15:
//
//	r0 = 4d0 − 5d2 + d4         → Y4
//	r1 = (d3 + d4) − 4(d1 + d2) → Y7
//	r2 = (d4 − d3) + 4(d1 − d2) → Y8
//	r3 = (d4 − d2) + 2(d3 − d1) → Y9
//	r4 = (d4 − d2) − 2(d3 − d1) → Y10
//	r5 = 4d1 − 5d3 + d5         → Y5
//
// (VSUBPS a, b, c is c = b − a; VFMADD231PS a, b, c is c += a·b and
// VFNMADD231PS a, b, c is c −= a·b.)
#define BT6 \
	VADDPS       Y2, Y1, Y6  \
	VADDPS       Y4, Y3, Y7  \
	VFNMADD231PS Y6, Y13, Y7 \
	VSUBPS       Y2, Y1, Y6  \
	VSUBPS       Y3, Y4, Y8  \
	VFMADD231PS  Y6, Y13, Y8 \
	VSUBPS       Y1, Y3, Y6  \
	VSUBPS       Y2, Y4, Y9  \
	VMOVAPS      Y9, Y10     \
	VFMADD231PS  Y6, Y15, Y9 \
	VFNMADD231PS Y6, Y15, Y10 \
	VFMADD231PS  Y0, Y13, Y4 \
	VFNMADD231PS Y2, Y14, Y4 \
	VFMADD231PS  Y1, Y13, Y5 \
	VFNMADD231PS Y3, Y14, Y5

// AT4 computes Aᵀm of F(4,3) for m0–m5 in Y0–Y5 with 8, 4, 2 in Y13, Y14,
// Y15: with a, b = m1 ± m2 and e, f = m3 ± m4,
//
//	o0 = m0 + a + e → Y0
//	o1 = b + 2f     → Y1
//	o2 = a + 4e     → Y6
//	o3 = b + 8f + m5 → Y7
#define AT4 \
	VADDPS      Y2, Y1, Y6  \
	VSUBPS      Y2, Y1, Y7  \
	VADDPS      Y4, Y3, Y8  \
	VSUBPS      Y4, Y3, Y9  \
	VADDPS      Y6, Y0, Y0  \
	VADDPS      Y8, Y0, Y0  \
	VMOVAPS     Y7, Y1      \
	VFMADD231PS Y9, Y15, Y1 \
	VFMADD231PS Y8, Y14, Y6 \
	VADDPS      Y5, Y7, Y7  \
	VFMADD231PS Y9, Y13, Y7

// AT2 computes Aᵀm of F(2,5) for m0–m5 in Y0–Y5 with 2 in Y15:
//
//	o0 = m0 + (m1 + m2) + (m3 + m4)  → Y0
//	o1 = (m1 − m2) + 2(m3 − m4) + m5 → Y7
#define AT2 \
	VADDPS      Y2, Y1, Y6  \
	VSUBPS      Y2, Y1, Y7  \
	VADDPS      Y4, Y3, Y8  \
	VSUBPS      Y4, Y3, Y9  \
	VADDPS      Y6, Y0, Y0  \
	VADDPS      Y8, Y0, Y0  \
	VADDPS      Y5, Y7, Y7  \
	VFMADD231PS Y9, Y15, Y7

// BCAST sets the 8 floats of reg to the float32 whose bits are bits.
#define BCAST(bits, reg) \
	MOVL         $bits, AX \
	VMOVD        AX, X0    \
	VBROADCASTSS X0, reg

// func winoInputAVX2(v *float32, vs int, p *float32, rs, c int)
//
// V = Bᵀ d B for the 6×6 window whose point (i, j), channel ch is
// p[i*rs+j*c+ch]; V_ξ, ξ = 6i+j, goes to v[ξ*vs+ch].
TEXT ·winoInputAVX2(SB), 0, $1152-40
	MOVQ v+0(FP), DI
	MOVQ vs+8(FP), R8
	MOVQ p+16(FP), SI
	MOVQ rs+24(FP), R9
	MOVQ c+32(FP), CX
	SHLQ $2, R8
	SHLQ $2, R9
	MOVQ CX, R10
	SHLQ $2, R10             // from one column to the next
	SHRQ $3, CX              // blocks of 8 channels
	LEAQ (R9)(R9*2), R13     // 3 rows
	LEAQ (R8)(R8*2), DX      // 3 ξ
	BCAST(0x40800000, Y13)   // 4
	BCAST(0x40a00000, Y14)   // 5
	BCAST(0x40000000, Y15)   // 2

inBlock:
	// Columns: t[i][j] = (Bᵀ d)[i][j] at (6i+j)·32(SP).
	MOVQ SI, R11
	LEAQ (SP), R14
	MOVQ $6, BX

inCol:
	LEAQ    (R11)(R13*1), R12
	VMOVUPS (R11), Y0
	VMOVUPS (R11)(R9*1), Y1
	VMOVUPS (R11)(R9*2), Y2
	VMOVUPS (R12), Y3
	VMOVUPS (R12)(R9*1), Y4
	VMOVUPS (R12)(R9*2), Y5
	BT6
	VMOVUPS Y4, (R14)
	VMOVUPS Y7, 192(R14)
	VMOVUPS Y8, 384(R14)
	VMOVUPS Y9, 576(R14)
	VMOVUPS Y10, 768(R14)
	VMOVUPS Y5, 960(R14)
	ADDQ    R10, R11
	ADDQ    $32, R14
	DECQ    BX
	JNZ     inCol

	// Rows: V_{6i+j} = (t B)[i][j].
	LEAQ (SP), R14
	MOVQ DI, R11
	MOVQ $6, BX

inRow:
	VMOVUPS (R14), Y0
	VMOVUPS 32(R14), Y1
	VMOVUPS 64(R14), Y2
	VMOVUPS 96(R14), Y3
	VMOVUPS 128(R14), Y4
	VMOVUPS 160(R14), Y5
	BT6
	LEAQ    (R11)(DX*1), R12
	VMOVUPS Y4, (R11)
	VMOVUPS Y7, (R11)(R8*1)
	VMOVUPS Y8, (R11)(R8*2)
	VMOVUPS Y9, (R12)
	VMOVUPS Y10, (R12)(R8*1)
	VMOVUPS Y5, (R12)(R8*2)
	LEAQ    (R11)(DX*2), R11
	ADDQ    $192, R14
	DECQ    BX
	JNZ     inRow

	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  inBlock
	VZEROUPPER
	RET

// func winoOutput4AVX2(d *float32, drs int, mm *float32, mstride, c, nc, ny, nx int)
//
// Aᵀ M A for one F(4×4,3×3) tile from M_ξ[ch] = mm[ξ*mstride+ch]; point
// (y, x) of the tile, channel ch, goes to d[y*drs+x*c+ch] for y < ny,
// x < nx (1 ≤ ny, nx ≤ 4) and ch < nc (a multiple of 8, at most c).
TEXT ·winoOutput4AVX2(SB), 0, $768-64
	MOVQ d+0(FP), DI
	MOVQ drs+8(FP), R8
	MOVQ mm+16(FP), SI
	MOVQ mstride+24(FP), R9
	MOVQ c+32(FP), CX
	SHLQ $2, R8
	SHLQ $2, R9
	MOVQ CX, R10
	SHLQ $2, R10             // from one point of d to the next
	MOVQ nc+40(FP), CX
	SHRQ $3, CX
	LEAQ (R9)(R9*2), R12
	SHLQ $1, R12             // from one row of M to the next: 6 ξ
	LEAQ (R12)(R12*2), R13   // 3 rows
	BCAST(0x41000000, Y13)   // 8
	BCAST(0x40800000, Y14)   // 4
	BCAST(0x40000000, Y15)   // 2

out4Block:
	// Columns: s[i][l] = (Aᵀ M)[i][l] at (6i+l)·32(SP).
	MOVQ SI, R11
	LEAQ (SP), R14
	MOVQ $6, DX

out4Col:
	VMOVUPS (R11), Y0
	VMOVUPS (R11)(R12*1), Y1
	VMOVUPS (R11)(R12*2), Y2
	ADDQ    R13, R11
	VMOVUPS (R11), Y3
	VMOVUPS (R11)(R12*1), Y4
	VMOVUPS (R11)(R12*2), Y5
	SUBQ    R13, R11
	AT4
	VMOVUPS Y0, (R14)
	VMOVUPS Y1, 192(R14)
	VMOVUPS Y6, 384(R14)
	VMOVUPS Y7, 576(R14)
	ADDQ    R9, R11
	ADDQ    $32, R14
	DECQ    DX
	JNZ     out4Col

	// Rows: out[y][x] = (s A)[y][x], stored where x < nx.
	LEAQ (SP), R14
	MOVQ DI, R11
	MOVQ ny+48(FP), DX
	MOVQ nx+56(FP), BX

out4Row:
	VMOVUPS (R14), Y0
	VMOVUPS 32(R14), Y1
	VMOVUPS 64(R14), Y2
	VMOVUPS 96(R14), Y3
	VMOVUPS 128(R14), Y4
	VMOVUPS 160(R14), Y5
	AT4
	VMOVUPS Y0, (R11)
	CMPQ    BX, $2
	JLT     out4Next
	VMOVUPS Y1, (R11)(R10*1)
	CMPQ    BX, $3
	JLT     out4Next
	VMOVUPS Y6, (R11)(R10*2)
	CMPQ    BX, $4
	JLT     out4Next
	LEAQ    (R11)(R10*2), AX
	VMOVUPS Y7, (AX)(R10*1)

out4Next:
	ADDQ R8, R11
	ADDQ $192, R14
	DECQ DX
	JNZ  out4Row

	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  out4Block
	VZEROUPPER
	RET

// func winoOutput2AVX2(d *float32, drs int, mm *float32, mstride, c, nc, ny, nx int)
//
// winoOutput4AVX2 for an F(2×2,5×5) tile: 1 ≤ ny, nx ≤ 2.
TEXT ·winoOutput2AVX2(SB), 0, $384-64
	MOVQ d+0(FP), DI
	MOVQ drs+8(FP), R8
	MOVQ mm+16(FP), SI
	MOVQ mstride+24(FP), R9
	MOVQ c+32(FP), CX
	SHLQ $2, R8
	SHLQ $2, R9
	MOVQ CX, R10
	SHLQ $2, R10
	MOVQ nc+40(FP), CX
	SHRQ $3, CX
	LEAQ (R9)(R9*2), R12
	SHLQ $1, R12
	LEAQ (R12)(R12*2), R13
	BCAST(0x40000000, Y15)   // 2

out2Block:
	MOVQ SI, R11
	LEAQ (SP), R14
	MOVQ $6, DX

out2Col:
	VMOVUPS (R11), Y0
	VMOVUPS (R11)(R12*1), Y1
	VMOVUPS (R11)(R12*2), Y2
	ADDQ    R13, R11
	VMOVUPS (R11), Y3
	VMOVUPS (R11)(R12*1), Y4
	VMOVUPS (R11)(R12*2), Y5
	SUBQ    R13, R11
	AT2
	VMOVUPS Y0, (R14)
	VMOVUPS Y7, 192(R14)
	ADDQ    R9, R11
	ADDQ    $32, R14
	DECQ    DX
	JNZ     out2Col

	LEAQ (SP), R14
	MOVQ DI, R11
	MOVQ ny+48(FP), DX
	MOVQ nx+56(FP), BX

out2Row:
	VMOVUPS (R14), Y0
	VMOVUPS 32(R14), Y1
	VMOVUPS 64(R14), Y2
	VMOVUPS 96(R14), Y3
	VMOVUPS 128(R14), Y4
	VMOVUPS 160(R14), Y5
	AT2
	VMOVUPS Y0, (R11)
	CMPQ    BX, $2
	JLT     out2Next
	VMOVUPS Y7, (R11)(R10*1)

out2Next:
	ADDQ R8, R11
	ADDQ $192, R14
	DECQ DX
	JNZ  out2Row

	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  out2Block
	VZEROUPPER
	RET
