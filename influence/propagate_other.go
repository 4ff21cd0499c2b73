//go:build !amd64

package influence

// propControlAVX512 is never called: usePropAsm is false on this
// architecture.
func propControlAVX512(dst, accB, accW *float64, cells *uint8, size, stride int, capTotal bool) {
	panic("influence: no assembly kernel")
}
