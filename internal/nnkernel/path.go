package nnkernel

import "fmt"

// Paths returns the names of the kernel paths this processor can run, the
// one in use by default first: "avx2" (the Go assembly of the GEMM
// micro-kernel and the Winograd transforms, where the processor has AVX2
// and FMA) and "go" (plain Go, everywhere). There is no AVX-512 path.
func Paths() []string {
	if haveAsm {
		return []string{"avx2", "go"}
	}
	return []string{"go"}
}

// UsePath makes every kernel run on the path called name (one of Paths)
// and returns a function that restores the path in use before. It is for
// tests and benchmarks that compare the paths: it must not be called while
// kernels run. It panics for a name that is not one of Paths.
func UsePath(name string) (restore func()) {
	old := useAsm
	switch {
	case name == "go":
		useAsm = false
	case name == "avx2" && haveAsm:
		useAsm = true
	default:
		panic(fmt.Sprintf("nnkernel: no kernel path %q on this processor (want one of %v)", name, Paths()))
	}
	return func() { useAsm = old }
}
