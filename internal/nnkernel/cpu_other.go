//go:build !amd64

package nnkernel

// haveAsm and useAsm are false: there are no assembly kernels on this
// architecture.
var (
	haveAsm = false
	useAsm  = false
)
