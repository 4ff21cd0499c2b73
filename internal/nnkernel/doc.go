// Package nnkernel holds the arithmetic of goeval's neural-network
// evaluator (package neural): convolutions, matrix products, batch norm
// with its activation, and global pooling, in float32.
//
// Conventions:
//
//   - Tensors are flat []float32 in NHWC order: n positions, h rows, w
//     columns, c channels, element (i, y, x, ch) at ((i*h+y)*w+x)*c + ch.
//   - Convolutions are cross-correlations with zero "same" padding (k/2 on
//     each side) and stride 1, as KataGo's and every deep-learning
//     framework's; there is no bias (batch norm supplies it).
//   - Weights are given in the order KataGo's model files store them:
//     a k×k convolution as [y][x][in][out], a matrix product as [in][out].
//   - Kernels take their destination first, do not allocate beyond the
//     scratch of a Workspace, and panic with an "nnkernel: ..." message
//     when lengths do not match the shapes given.
//   - A prepared layer (Conv) is immutable and shared by every worker; a
//     Workspace belongs to one goroutine.
//
// Every optimised kernel has a slow, obviously correct twin in a _test.go
// file, and the two are tested to agree on random inputs.
//
// Conv.Apply computes 3×3 and 5×5 layers by Winograd's minimal filtering
// on 6×6 tiles (winograd.go), 1×1 layers as one matrix product, and other
// sizes as patches times weights, all through one GEMM (gemm.go). On amd64
// with AVX2 and FMA the GEMM's micro-kernels and the Winograd transforms
// are Go assembly, chosen at run time (cpu_amd64.go); everywhere else, and
// in the tests that compare the two, they are plain Go. SPEED.md records
// how fast each step made them.
package nnkernel
