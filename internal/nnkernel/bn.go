package nnkernel

import "fmt"

// Activation is a nonlinearity applied elementwise.
type Activation int

const (
	// Identity is x.
	Identity Activation = iota
	// ReLU is max(x, 0).
	ReLU
)

// BatchNormAct computes the folded batch norm of KataGo's BatchNormLayer
// with its activation, masked: for every point p and channel ch,
// dst = act(src*scale[ch] + bias[ch]) where mask[p] is 1 and 0 where it is
// 0. src and dst hold len(mask) points of c = len(scale) channels each
// (NHWC, any batch size); dst may be src. It panics if the lengths do not
// match.
func BatchNormAct(dst, src, scale, bias, mask []float32, act Activation) {
	c := len(scale)
	if len(bias) != c || len(src) != len(mask)*c || len(dst) != len(src) {
		panic(fmt.Sprintf("nnkernel: batch norm of %d channels: bias %d, mask %d, src %d, dst %d floats", c, len(bias), len(mask), len(src), len(dst)))
	}
	// The assembly does the channels in eights, bnRowGo the rest.
	asm := 0
	if useAsm {
		asm = c &^ 7
	}
	for p, m := range mask {
		in := src[p*c : (p+1)*c]
		out := dst[p*c : (p+1)*c]
		if m == 0 {
			clear(out)
			continue
		}
		if asm > 0 {
			bnRowAsm(out, in, scale, bias, asm, act == ReLU)
		}
		bnRowGo(out[asm:], in[asm:], scale[asm:], bias[asm:], act)
	}
}

// bnRowGo is BatchNormAct on one point's channels, in plain Go.
func bnRowGo(out, in, scale, bias []float32, act Activation) {
	switch act {
	case ReLU:
		for ch, x := range in {
			out[ch] = max(x*scale[ch]+bias[ch], 0)
		}
	default:
		for ch, x := range in {
			out[ch] = x*scale[ch] + bias[ch]
		}
	}
}

// ApplyAct applies act to every value of x in place.
func ApplyAct(x []float32, act Activation) {
	if act == ReLU {
		for i, v := range x {
			x[i] = max(v, 0)
		}
	}
}
