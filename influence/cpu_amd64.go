package influence

import "golang.org/x/sys/cpu"

// The processor's features that choose the assembly kernels, as
// golang.org/x/sys/cpu finds them (each instruction set counts only when
// the operating system saves the registers it uses).
var (
	// haveAVX2 reports AVX2 and FMA: the float64 Jacobi step and chain
	// pass (jacobiAVX2, chainsAVX2) and the propagating estimator's rows
	// (propRowAVX2).
	haveAVX2 = cpu.X86.HasAVX && cpu.X86.HasAVX2 && cpu.X86.HasFMA
	// haveAVX512F reports AVX512F, BMI2 and POPCNT: the float32 λ/κ
	// kernels (solve32AVX512 and the rest of the float32 path).
	haveAVX512F = cpu.X86.HasAVX512F && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT
	// haveAVX512 reports AVX512F, AVX512DQ and AVX512_VPOPCNTDQ: the
	// propagating estimator's search (propBlocksAVX512 and the rest).
	haveAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VPOPCNTDQ
)
