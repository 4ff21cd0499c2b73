//go:build !amd64

package influence

// haveAVX2, haveAVX512F and haveAVX512 are false: there are no assembly
// kernels on this architecture (see cpu_amd64.go).
var haveAVX2, haveAVX512F, haveAVX512 = false, false, false
