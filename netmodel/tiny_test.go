package netmodel

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// tinyModel writes a small valid version-8 model by hand: 2 spatial and 1
// global input, a trunk of width 2 with one ordinary and one gpool block,
// heads of width 1. Floats are binary blocks or text tokens; special gives
// the floats of some blocks (key "layer/field"), the others are a fixed
// sequence of small numbers (variances 1).
func tinyModel(binFloats bool, special map[string][]float64) []byte {
	var b bytes.Buffer
	seq := 0
	tok := func(s ...any) {
		for _, x := range s {
			fmt.Fprintln(&b, x)
		}
	}
	floats := func(key string, n int, def func(i int) float64) {
		v, ok := special[key]
		if !ok {
			v = make([]float64, n)
			for i := range v {
				v[i] = def(i)
			}
		}
		if binFloats {
			b.WriteString("@BIN@")
			for _, x := range v {
				binary.Write(&b, binary.LittleEndian, float32(x))
			}
			b.WriteString("\n")
			return
		}
		for _, x := range v {
			b.WriteString(strconv.FormatFloat(x, 'g', -1, 32) + " ")
		}
		b.WriteString("\n")
	}
	next := func(int) float64 { seq++; return float64(seq%7-3) / 8 }
	conv := func(name string, k, ic, oc int) {
		tok(name, k, k, ic, oc, 1, 1)
		floats(name, k*k*ic*oc, next)
	}
	bn := func(name string, c int, scale bool) {
		s := 0
		if scale {
			s = 1
		}
		tok(name, c, "1e-05", s, 1)
		floats(name+"/mean", c, func(int) float64 { return 0 })
		floats(name+"/variance", c, func(int) float64 { return 1 })
		if scale {
			floats(name+"/scale", c, next)
		}
		floats(name+"/bias", c, next)
	}
	act := func(name string) { tok(name) }
	matmul := func(name string, ic, oc int) {
		tok(name, ic, oc)
		floats(name, ic*oc, next)
	}
	matbias := func(name string, c int) {
		tok(name, c)
		floats(name, c, next)
	}
	tok("tiny-model_1", 8, 2, 1)
	tok("trunk", 2, 2, 2, 1, 1, 1)
	conv("conv1", 3, 2, 2)
	matmul("ginputw", 1, 2)
	tok("ordinary_block", "b1")
	bn("b1/n1", 2, false)
	act("b1/a1")
	conv("b1/w1", 3, 2, 2)
	bn("b1/n2", 2, true)
	act("b1/a2")
	conv("b1/w2", 3, 2, 2)
	tok("gpool_block", "b2")
	bn("b2/n1", 2, false)
	act("b2/a1")
	conv("b2/w1a", 1, 2, 1)
	conv("b2/w1b", 1, 2, 1)
	bn("b2/n1b", 1, false)
	act("b2/a1b")
	matmul("b2/w1r", 3, 1)
	bn("b2/n2", 1, true)
	act("b2/a2")
	conv("b2/w2", 1, 1, 2)
	bn("trunk/norm", 2, false)
	act("trunk/actv")
	tok("policyhead")
	conv("p1", 1, 2, 1)
	conv("g1", 1, 2, 1)
	bn("g1/norm", 1, false)
	act("g1/act")
	matmul("g2", 3, 1)
	bn("p1/norm", 1, false)
	act("p1/act")
	conv("p2", 1, 1, 1)
	matmul("pass", 3, 1)
	tok("valuehead")
	conv("v1", 1, 2, 1)
	bn("v1/norm", 1, false)
	act("v1/act")
	matmul("v2", 3, 2)
	matbias("v2/b", 2)
	act("v2/act")
	matmul("v3", 2, 3)
	matbias("v3/b", 3)
	matmul("sv3", 2, 4)
	matbias("sv3/b", 4)
	conv("vown", 1, 1, 1)
	return b.Bytes()
}

// TestTinyModel reads the hand-made model in both float modes and checks
// its parameter count and a batch-norm fold against hand computation.
func TestTinyModel(t *testing.T) {
	special := map[string][]float64{
		"b1/n2/mean":     {1, -2},
		"b1/n2/variance": {3, 0.25},
		"b1/n2/scale":    {2, -1},
		"b1/n2/bias":     {0.5, 0},
	}
	for _, tc := range []struct {
		name string
		bin  bool
		gz   bool
	}{
		{"tiny.txt", false, false}, {"tiny.bin", true, false}, {"tiny", false, false}, {"tiny.model", true, false},
		{"tiny.txt.gz", false, true}, {"tiny.bin.gz", true, true}, {"tiny.gz", false, true}, {"TINY.TXT.GZ", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := tinyModel(tc.bin, special)
			if tc.gz {
				var b bytes.Buffer
				zw := gzip.NewWriter(&b)
				zw.Write(data)
				zw.Close()
				data = b.Bytes()
			}
			m, err := Read(bytes.NewReader(data), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			// conv1 36 + ginputw 2 + b1 (2+36+4+36) + b2 (2+2+2+1+3+2+2)
			// + trunk/norm 2 + policy (2+2+1+3+1+1+3) + value
			// (2+1+6+2+6+3+8+4+1) = 178.
			if n := m.NumParams(); n != 178 {
				t.Errorf("NumParams = %d, want 178", n)
			}
			bn := m.Trunk.Blocks[0].(*OrdinaryBlock).MidBN
			want := func(scale, variance, mean, bias float64) (float64, float64) {
				s := scale / math.Sqrt(variance+1e-5)
				return s, bias - s*mean
			}
			s0, b0 := want(2, 3, 1, 0.5)
			s1, b1 := want(-1, 0.25, -2, 0)
			if !near32(bn.MergedScale, []float32{float32(s0), float32(s1)}, 1e-6) ||
				!near32(bn.MergedBias, []float32{float32(b0), float32(b1)}, 1e-6) {
				t.Errorf("merged %v %v, want [%g %g] [%g %g]", bn.MergedScale, bn.MergedBias, s0, s1, b0, b1)
			}
			if _, ok := m.Trunk.Blocks[1].(*GlobalPoolingBlock); !ok {
				t.Errorf("block 2 is %T, want *GlobalPoolingBlock", m.Trunk.Blocks[1])
			}
		})
	}
}

// FuzzRead feeds damaged small models to Read: it must return a model or
// an error naming the file, never panic. The seeds run as a plain test.
func FuzzRead(f *testing.F) {
	txt := tinyModel(false, nil)
	bin := tinyModel(true, nil)
	f.Add(txt, false)
	f.Add(bin, true)
	f.Add(txt[:len(txt)/2], false)
	f.Add(bin[:len(bin)/3], true)
	f.Add(bytes.Replace(txt, []byte("\n8\n"), []byte("\n9\n"), 1), false)
	f.Add(bytes.Replace(bin, []byte("\n2\n2\n2\n1\n1\n1\n"), []byte("\n2\n99999\n2\n1\n1\n1\n"), 1), true)
	f.Add(bytes.Replace(txt, []byte("1e-05"), []byte("nan"), 1), false)
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0}, true)
	f.Add([]byte(""), false)
	f.Add(bytes.Replace(txt, []byte("ordinary_block"), []byte("gpool_block"), 1), false)
	f.Fuzz(func(t *testing.T, data []byte, binFloats bool) {
		name := "fuzz.txt"
		if binFloats {
			name = "fuzz.bin"
		}
		m, err := Read(bytes.NewReader(data), name)
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrUnsupported) {
				t.Errorf("error %q wraps neither ErrFormat nor ErrUnsupported", err)
			}
			if !strings.HasPrefix(err.Error(), name+": ") {
				t.Errorf("error %q does not start with the file name", err)
			}
			return
		}
		if m.Version != 8 || m.NumParams() <= 0 || len(m.Trunk.Blocks) == 0 {
			t.Errorf("model read without error is incomplete: version %d, %d params, %d blocks", m.Version, m.NumParams(), len(m.Trunk.Blocks))
		}
	})
}
