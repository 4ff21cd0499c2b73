package neural

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/netinput"
	"goeval/netmodel"
)

// This file holds a slow, obviously correct float64 forward pass written
// straight from spec §3 (NCHW, one position, naive loops, batch norms
// folded in float64 from the raw statistics) and the test that the real
// one agrees with it.

// refTensor is a c×size×size tensor, t[ch][y*size+x].
type refTensor [][]float64

func newRefTensor(c, pts int) refTensor {
	t := make(refTensor, c)
	for ch := range t {
		t[ch] = make([]float64, pts)
	}
	return t
}

// refConv is the cross-correlation of spec §3.1 with zero padding.
func refConv(c *netmodel.Conv, in refTensor, size int) refTensor {
	out := newRefTensor(c.OutChannels, size*size)
	for oc := range c.OutChannels {
		for y := range size {
			for x := range size {
				var s float64
				for ic := range c.InChannels {
					for dy := range c.KY {
						for dx := range c.KX {
							sy, sx := y+dy-c.KY/2, x+dx-c.KX/2
							if sy < 0 || sy >= size || sx < 0 || sx >= size {
								continue
							}
							w := c.Weights[((dy*c.KX+dx)*c.InChannels+ic)*c.OutChannels+oc]
							s += float64(w) * in[ic][sy*size+sx]
						}
					}
				}
				out[oc][y*size+x] = s
			}
		}
	}
	return out
}

// refBN is the batch norm with ReLU, masked, from the raw statistics.
func refBN(b *netmodel.BatchNorm, in refTensor, mask []float64) refTensor {
	out := newRefTensor(len(in), len(mask))
	for ch := range in {
		scale, bias := 1.0, 0.0
		if b.HasScale {
			scale = float64(b.Scale[ch])
		}
		if b.HasBias {
			bias = float64(b.Bias[ch])
		}
		s := scale / math.Sqrt(float64(b.Variance[ch])+float64(b.Epsilon))
		for p, v := range in[ch] {
			out[ch][p] = math.Max(0, (v-float64(b.Mean[ch]))*s+bias) * mask[p]
		}
	}
	return out
}

func refMatMul(m *netmodel.MatMul, in []float64) []float64 {
	out := make([]float64, m.OutChannels)
	for o := range out {
		for i, v := range in {
			out[o] += v * float64(m.Weights[i*m.OutChannels+o])
		}
	}
	return out
}

// refPool is spec §3.1's global pooling (withMax) or value-head pooling.
func refPool(in refTensor, mask []float64, withMax bool) []float64 {
	c := len(in)
	var area float64
	for _, m := range mask {
		area += m
	}
	k := math.Sqrt(area) - 14
	out := make([]float64, 3*c)
	for ch := range in {
		sum, mx := 0.0, -1.0
		for p, v := range in[ch] {
			sum += v
			mx = math.Max(mx, v+mask[p]-1)
		}
		mean := sum / area
		out[ch], out[c+ch] = mean, mean*k*0.1
		if withMax {
			out[2*c+ch] = mx
		} else {
			out[2*c+ch] = mean * (k*k*0.01 - 0.1)
		}
	}
	return out
}

// addChannels adds bias[ch] at every point of channel ch.
func addChannels(t refTensor, bias []float64) {
	for ch := range t {
		for p := range t[ch] {
			t[ch][p] += bias[ch]
		}
	}
}

func addTensor(t, u refTensor) {
	for ch := range t {
		for p := range t[ch] {
			t[ch][p] += u[ch][p]
		}
	}
}

// refOut is the raw output in tensor order.
type refOut struct {
	policy []float64 // pts+1, pass last
	value  [3]float64
	score  []float64
	own    []float64
}

// refForward evaluates model m on f without any symmetry.
func refForward(m *netmodel.Model, f *netinput.Features) refOut {
	size := f.Size
	pts := size * size
	in := newRefTensor(netinput.NumSpatial, pts)
	mask := make([]float64, pts)
	for p := range pts {
		for ch := range netinput.NumSpatial {
			in[ch][p] = float64(f.Spatial[p*netinput.NumSpatial+ch])
		}
		mask[p] = in[0][p]
	}
	glob := make([]float64, netinput.NumGlobal)
	for i, v := range f.Global {
		glob[i] = float64(v)
	}
	t := &m.Trunk
	x := refConv(&t.InitialConv, in, size)
	addChannels(x, refMatMul(&t.InitialMatMul, glob))
	for _, blk := range t.Blocks {
		switch b := blk.(type) {
		case *netmodel.OrdinaryBlock:
			a := refBN(&b.PreBN, x, mask)
			r := refBN(&b.MidBN, refConv(&b.RegularConv, a, size), mask)
			addTensor(x, refConv(&b.FinalConv, r, size))
		case *netmodel.GlobalPoolingBlock:
			a := refBN(&b.PreBN, x, mask)
			r := refConv(&b.RegularConv, a, size)
			g := refBN(&b.GpoolBN, refConv(&b.GpoolConv, a, size), mask)
			addChannels(r, refMatMul(&b.GpoolToBiasMul, refPool(g, mask, true)))
			addTensor(x, refConv(&b.FinalConv, refBN(&b.MidBN, r, mask), size))
		}
	}
	x = refBN(&t.TipBN, x, mask)

	var out refOut
	ph := &m.Policy
	p := refConv(&ph.P1Conv, x, size)
	g := refBN(&ph.G1BN, refConv(&ph.G1Conv, x, size), mask)
	gp := refPool(g, mask, true)
	addChannels(p, refMatMul(&ph.GpoolToBiasMul, gp))
	p = refBN(&ph.P1BN, p, mask)
	out.policy = append(refConv(&ph.P2Conv, p, size)[0], refMatMul(&ph.GpoolToPassMul, gp)[0])

	vh := &m.Value
	v := refBN(&vh.V1BN, refConv(&vh.V1Conv, x, size), mask)
	h := refMatMul(&vh.V2Mul, refPool(v, mask, false))
	for i := range h {
		h[i] = math.Max(0, h[i]+float64(vh.V2Bias.Weights[i]))
	}
	val := refMatMul(&vh.V3Mul, h)
	for i := range val {
		out.value[i] = val[i] + float64(vh.V3Bias.Weights[i])
	}
	out.score = refMatMul(&vh.SV3Mul, h)
	for i := range out.score {
		out.score[i] += float64(vh.SV3Bias.Weights[i])
	}
	out.own = refConv(&vh.OwnershipConv, v, size)[0]
	return out
}

// refSym returns the tensor point of board point (x, y) under symmetry s
// on an n×n buffer, from the table of spec §2.7.
func refSym(s, x, y, n int) (int, int) {
	switch s {
	case 0:
		return x, y
	case 1:
		return x, n - 1 - y
	case 2:
		return n - 1 - x, y
	case 3:
		return n - 1 - x, n - 1 - y
	case 4:
		return y, x
	case 5:
		return n - 1 - y, x
	case 6:
		return y, n - 1 - x
	case 7:
		return n - 1 - y, n - 1 - x
	}
	panic("bad symmetry")
}

// transformed returns f with board point p moved to tensor point sym(p).
func transformed(f *netinput.Features, s int) *netinput.Features {
	n := f.Size
	g := *f
	g.Spatial = make([]float32, len(f.Spatial))
	for y := range n {
		for x := range n {
			tx, ty := refSym(s, x, y, n)
			copy(g.Spatial[(ty*n+tx)*netinput.NumSpatial:][:netinput.NumSpatial], f.Spatial[(y*n+x)*netinput.NumSpatial:])
		}
	}
	return &g
}

// randomFeatures returns inputs with every plane but the mask random 0/1
// (density 1/5) and random globals in [-1, 1).
func randomFeatures(r *rand.Rand, size int) *netinput.Features {
	pts := size * size
	f := &netinput.Features{
		Size:    size,
		ToMove:  board.White,
		Spatial: make([]float32, pts*netinput.NumSpatial),
		Legal:   make([]bool, pts+1),
	}
	for p := range pts {
		f.Spatial[p*netinput.NumSpatial] = 1
		for ch := 1; ch < netinput.NumSpatial; ch++ {
			if r.IntN(5) == 0 {
				f.Spatial[p*netinput.NumSpatial+ch] = 1
			}
		}
		f.Legal[p] = r.IntN(3) != 0
	}
	f.Legal[pts] = true
	for i := range f.Global {
		f.Global[i] = float32(2*r.Float64() - 1)
	}
	return f
}

// TestAgainstReference compares the real forward pass, in every symmetry
// and in a batch, with the float64 reference on random inputs: Raw with
// symmetry s must equal the reference on the input transformed by s, its
// outputs read back at the transformed points.
func TestAgainstReference(t *testing.T) {
	nw := loadNet(t)
	m := nw.Model()
	sizes := []int{7, 2}
	syms := []int{0, 1, 2, 3, 4, 5, 6, 7}
	if testing.Short() {
		sizes = []int{4}
		syms = []int{0, 5, 6}
	}
	// float32 against float64, relative to max(1, |logit|): measured at most
	// 2.5e-6 on 7×7 random inputs with direct convolutions, 3.4e-5 with
	// Winograd's (whose transforms add rounding: the spec's §5.4 allows ten
	// times more for them). An indexing or layer bug is off by O(1).
	const tolLogit = 2e-4
	r := rand.New(rand.NewPCG(11, 12))
	e := nw.NewEvaluator()
	for _, size := range sizes {
		batch := []*netinput.Features{randomFeatures(r, size), randomFeatures(r, size)}
		pts := size * size
		for _, s := range syms {
			t.Run(fmt.Sprintf("%dx%d sym %d", size, size, s), func(t *testing.T) {
				raw := make([]RawOutput, len(batch))
				if err := e.Raw(raw, batch, s); err != nil {
					t.Fatal(err)
				}
				for i, f := range batch {
					want := refForward(m, transformed(f, s))
					got := &raw[i]
					check := func(what string, g float32, w float64) {
						t.Helper()
						if d := math.Abs(float64(g) - w); !(d <= tolLogit*math.Max(1, math.Abs(w))) {
							t.Errorf("position %d: %s = %v, reference %v", i, what, g, w)
						}
					}
					for y := range size {
						for x := range size {
							tx, ty := refSym(s, x, y, size)
							check(fmt.Sprintf("policy (%d,%d)", x, y), got.PolicyLogits[y*size+x], want.policy[ty*size+tx])
							check(fmt.Sprintf("ownership (%d,%d)", x, y), got.OwnershipLogits[y*size+x], want.own[ty*size+tx])
						}
					}
					check("pass", got.PolicyLogits[pts], want.policy[pts])
					for k := range 3 {
						check(fmt.Sprintf("value %d", k), got.Value[k], want.value[k])
					}
					for k := range want.score {
						check(fmt.Sprintf("score %d", k), got.Score[k], want.score[k])
					}
				}
			})
		}
	}
}

// TestReferenceOnSpec checks the reference itself on the empty board of
// spec §3.6, so that the comparison above has a fixed point.
func TestReferenceOnSpec(t *testing.T) {
	if testing.Short() {
		t.Skip("float64 reference on 19x19 takes a few seconds")
	}
	nw := loadNet(t)
	out := refForward(nw.Model(), features(19, board.Black, 7.5, nil, nil, nil))
	want := []struct {
		name      string
		got, want float64
	}{
		{"win", out.value[0], 2.8822367}, {"loss", out.value[1], 2.9803477}, {"noresult", out.value[2], -5.9037332},
		{"score0", out.score[0], -0.01326935}, {"score1", out.score[1], 1.3274873},
		{"pass", out.policy[361], -3.5275862}, {"policy D4", out.policy[point("D4", 19)], 2.995866},
		{"ownership A19", out.own[0], 0.1252379},
	}
	for _, w := range want {
		if math.Abs(w.got-w.want) > 2e-6 {
			t.Errorf("%s = %.8f, want %.8f", w.name, w.got, w.want)
		}
	}
}
