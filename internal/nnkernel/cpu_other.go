//go:build !amd64

package nnkernel

// useAsm is false: there are no assembly kernels on this architecture.
var useAsm = false
