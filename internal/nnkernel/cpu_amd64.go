package nnkernel

import "golang.org/x/sys/cpu"

// haveAVX2 reports AVX2 and FMA (counted only when the operating system
// saves the YMM registers, as golang.org/x/sys/cpu checks): the GEMM
// micro-kernel (gemm_amd64.s) and the Winograd transforms
// (winograd_amd64.s), the batch norm and the residual sum
// (elementwise_amd64.s). There is no AVX-512 code.
var haveAVX2 = cpu.X86.HasAVX && cpu.X86.HasAVX2 && cpu.X86.HasFMA

// haveAsm says that the assembly kernels can run here.
var haveAsm = haveAVX2

// useAsm selects the assembly kernels (UsePath); tests turn it off to
// compare them with the plain-Go ones.
var useAsm = haveAsm
