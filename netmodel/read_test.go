package netmodel

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"goeval/internal/race"

	"goeval/internal/shared"
)

const g170 = "g170-b6c96-s175395328-d26788732.bin.gz"

// The test model and its uncompressed content, read once.
var (
	g170Model *Model
	g170Data  []byte
)

// loadG170 reads the shared test model, skipping the test without it.
func loadG170(t testing.TB) *Model {
	t.Helper()
	if g170Model != nil {
		return g170Model
	}
	m, err := Load(shared.Data(t, "katago", g170))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	g170Model = m
	return m
}

// g170Content returns the uncompressed content of the test model.
func g170Content(t testing.TB) []byte {
	t.Helper()
	if g170Data != nil {
		return g170Data
	}
	raw, err := os.ReadFile(shared.Data(t, "katago", g170))
	if err != nil {
		t.Skip(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	d, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	g170Data = d
	return d
}

func near32(got, want []float32, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if math.Abs(float64(got[i]-want[i])) > tol {
			return false
		}
	}
	return true
}

// TestG170Fingerprints checks the values spec §1.7 gives for the raw floats.
func TestG170Fingerprints(t *testing.T) {
	m := loadG170(t)
	if m.Name != "g170-b6c96-s175395328-d26788732" || m.Version != 8 || m.NumInputChannels != 22 || m.NumInputGlobalChannels != 19 {
		t.Errorf("header %q %d %d %d, want g170-b6c96-s175395328-d26788732 8 22 19", m.Name, m.Version, m.NumInputChannels, m.NumInputGlobalChannels)
	}
	b1 := m.Trunk.Blocks[0].(*OrdinaryBlock)
	tests := []struct {
		name      string
		got, want []float32
	}{
		{"conv1[:4]", m.Trunk.InitialConv.Weights[:4], []float32{-0.36864412, -0.13108976, -0.12451462, -0.07096815}},
		{"v3/b", m.Value.V3Bias.Weights, []float32{1.6273818, 1.4054105, -2.9701719}},
		{"sv3/b", m.Value.SV3Bias.Weights, []float32{0.13122027, 0.68062025, 0.008054032, -0.061603047}},
		{"rconv1/norm1 bias[0]", b1.PreBN.Bias[:1], []float32{-1.2474953}},
		// mean 0, variance 1, epsilon 1e-20, no scale: the fold is the identity.
		{"rconv1/norm1 mergedBias[0]", b1.PreBN.MergedBias[:1], []float32{-1.2474953}},
		{"rconv1/norm1 mergedScale[0]", b1.PreBN.MergedScale[:1], []float32{1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !near32(tc.got, tc.want, 1e-7) {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
	if n := m.NumParams(); n != 1027911 {
		t.Errorf("NumParams = %d, want 1027911 (KataGo's log)", n)
	}
	pp := m.PostProcess
	if pp.ScoreMeanMultiplier != 20 || pp.ScoreStdevMultiplier != 20 || pp.LeadMultiplier != 20 || pp.VarianceTimeMultiplier != 40 || pp.OutputScaleMultiplier != 1 {
		t.Errorf("post-process multipliers %+v, want the v<13 defaults 20 20 20 40, scale 1", pp)
	}
}

// describe lists a model's records in the shorthand of spec §1.7.
func describe(m *Model) []string {
	var out []string
	conv := func(c *Conv) {
		out = append(out, fmt.Sprintf("conv %s %dx%d %d->%d", c.Name, c.KY, c.KX, c.InChannels, c.OutChannels))
	}
	mm := func(l *MatMul) {
		out = append(out, fmt.Sprintf("matmul %s %d->%d", l.Name, l.InChannels, l.OutChannels))
	}
	bn := func(b *BatchNorm) {
		out = append(out, fmt.Sprintf("bn %s %d scale %v bias %v eps %g", b.Name, b.Channels, b.HasScale, b.HasBias, b.Epsilon))
	}
	bias := func(l *MatBias) { out = append(out, fmt.Sprintf("matbias %s %d", l.Name, l.Channels)) }
	t := &m.Trunk
	out = append(out, fmt.Sprintf("trunk %d blocks, trunk %d mid %d regular %d dilated %d gpool %d",
		len(t.Blocks), t.TrunkChannels, t.MidChannels, t.RegularChannels, t.DilatedChannels, t.GpoolChannels))
	conv(&t.InitialConv)
	mm(&t.InitialMatMul)
	for _, blk := range t.Blocks {
		switch b := blk.(type) {
		case *OrdinaryBlock:
			out = append(out, "ordinary_block "+b.Name)
			bn(&b.PreBN)
			conv(&b.RegularConv)
			bn(&b.MidBN)
			conv(&b.FinalConv)
		case *GlobalPoolingBlock:
			out = append(out, "gpool_block "+b.Name)
			bn(&b.PreBN)
			conv(&b.RegularConv)
			conv(&b.GpoolConv)
			bn(&b.GpoolBN)
			mm(&b.GpoolToBiasMul)
			bn(&b.MidBN)
			conv(&b.FinalConv)
		}
	}
	bn(&t.TipBN)
	out = append(out, "act "+t.TipActivation.Name)
	p := &m.Policy
	conv(&p.P1Conv)
	conv(&p.G1Conv)
	bn(&p.G1BN)
	mm(&p.GpoolToBiasMul)
	bn(&p.P1BN)
	conv(&p.P2Conv)
	mm(&p.GpoolToPassMul)
	v := &m.Value
	conv(&v.V1Conv)
	bn(&v.V1BN)
	mm(&v.V2Mul)
	bias(&v.V2Bias)
	mm(&v.V3Mul)
	bias(&v.V3Bias)
	mm(&v.SV3Mul)
	bias(&v.SV3Bias)
	conv(&v.OwnershipConv)
	return out
}

// TestG170Records checks the record list of spec §1.7.
func TestG170Records(t *testing.T) {
	m := loadG170(t)
	ord := func(n string) []string {
		return []string{
			"ordinary_block " + n,
			"bn " + n + "/norm1 96 scale false bias true eps 1e-20",
			"conv " + n + "/w1 3x3 96->96",
			"bn " + n + "/norm2 96 scale true bias true eps 1e-20",
			"conv " + n + "/w2 3x3 96->96",
		}
	}
	gp := func(n string) []string {
		return []string{
			"gpool_block " + n,
			"bn " + n + "/norm1 96 scale false bias true eps 1e-20",
			"conv " + n + "/w1a 3x3 96->64",
			"conv " + n + "/w1b 3x3 96->32",
			"bn " + n + "/norm1b 32 scale false bias true eps 1e-20",
			"matmul " + n + "/w1r 96->64",
			"bn " + n + "/norm2 64 scale true bias true eps 1e-20",
			"conv " + n + "/w2 3x3 64->96",
		}
	}
	want := []string{
		"trunk 6 blocks, trunk 96 mid 96 regular 64 dilated 32 gpool 32",
		"conv conv1 5x5 22->96",
		"matmul ginputw 19->96",
	}
	want = append(want, ord("rconv1")...)
	want = append(want, ord("rconv2")...)
	want = append(want, gp("rconv3")...)
	want = append(want, ord("rconv4")...)
	want = append(want, gp("rconv5")...)
	want = append(want, ord("rconv6")...)
	want = append(want,
		"bn trunk/norm 96 scale false bias true eps 1e-20",
		"act trunk/actv",
		"conv p1/intermediate_conv/w 1x1 96->32",
		"conv g1/w 1x1 96->32",
		"bn g1/norm 32 scale false bias true eps 1e-20",
		"matmul matmulg2w 96->32",
		"bn p1/norm 32 scale false bias true eps 1e-20",
		"conv p2/w 1x1 32->1",
		"matmul matmulpass 96->1",
		"conv v1/w 1x1 96->32",
		"bn v1/norm 32 scale false bias true eps 1e-20",
		"matmul v2/w 96->64",
		"matbias v2/b 64",
		"matmul v3/w 64->3",
		"matbias v3/b 3",
		"matmul sv3/w 64->4",
		"matbias sv3/b 4",
		"conv vownership/w 1x1 32->1",
	)
	got := describe(m)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		for i := range max(len(got), len(want)) {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if g != w {
				t.Errorf("record %d: got %q, want %q", i, g, w)
			}
		}
	}
}

// TestReadFormats reads the test model as .bin (uncompressed), as a .gz of
// unknown float mode and under a name without suffix, all equal to .bin.gz.
func TestReadFormats(t *testing.T) {
	skipUnderRace(t)
	want := loadG170(t)
	content := g170Content(t)
	raw, err := os.ReadFile(shared.Data(t, "katago", g170))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"model.bin", content},
		{"model.gz", raw},
		{"model", raw},
		{"model.data", content},
	}
	if testing.Short() {
		tests = tests[2:]
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Read(bytes.NewReader(tc.data), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			if m.NumParams() != want.NumParams() || !near32(m.Trunk.InitialConv.Weights, want.Trunk.InitialConv.Weights, 0) ||
				!near32(m.Value.OwnershipConv.Weights, want.Value.OwnershipConv.Weights, 0) {
				t.Error("model differs from the .bin.gz one")
			}
		})
	}
}

// wantErr checks that err wraps kind and mentions every one of parts.
func wantErr(t *testing.T, err, kind error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	if !errors.Is(err, kind) {
		t.Errorf("error %q does not wrap %v", err, kind)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not mention %q", err, p)
		}
	}
}

// TestReadTruncated cuts the uncompressed model at many offsets: each gives
// an ErrFormat naming the file, never a panic or a model.
func TestReadTruncated(t *testing.T) {
	skipUnderRace(t)
	content := g170Content(t)
	step := len(content)/300 + 1
	if testing.Short() {
		step = len(content)/20 + 1
	}
	var offsets []int
	for k := 0; k < 300; k++ {
		offsets = append(offsets, k)
	}
	for k := 300; k < len(content)-1; k += step {
		offsets = append(offsets, k)
	}
	for _, k := range offsets {
		_, err := Read(bytes.NewReader(content[:k]), "model.bin")
		if err == nil || !errors.Is(err, ErrFormat) || !strings.HasPrefix(err.Error(), "model.bin: ") {
			t.Fatalf("cut at %d: error %v, want an ErrFormat starting with the file name", k, err)
		}
	}
	// The trailing newline is not needed.
	if _, err := Read(bytes.NewReader(content[:len(content)-1]), "model.bin"); err != nil {
		t.Errorf("without the final newline: %v", err)
	}
}

// TestReadCorruptGzip truncates and damages the compressed file.
func TestReadCorruptGzip(t *testing.T) {
	skipUnderRace(t)
	raw, err := os.ReadFile(shared.Data(t, "katago", g170))
	if err != nil {
		t.Skip(err)
	}
	n := 6
	if testing.Short() {
		n = 1
	}
	for i := range n {
		cut := len(raw) * (i + 1) / (n + 1)
		t.Run(fmt.Sprintf("cut at %d", cut), func(t *testing.T) {
			_, err := Read(bytes.NewReader(raw[:cut]), "model.bin.gz")
			wantErr(t, err, ErrFormat, "model.bin.gz: ")
		})
		t.Run(fmt.Sprintf("flip at %d", cut), func(t *testing.T) {
			bad := bytes.Clone(raw)
			bad[cut] ^= 0x5a
			_, err := Read(bytes.NewReader(bad), "model.bin.gz")
			wantErr(t, err, ErrFormat, "model.bin.gz: ")
		})
	}
	t.Run("gzip named .bin", func(t *testing.T) {
		_, err := Read(bytes.NewReader(raw), "model.bin")
		wantErr(t, err, ErrFormat, "model.bin: ", "gzip")
	})
	t.Run("not gzip", func(t *testing.T) {
		_, err := Read(strings.NewReader("g170 8 22 19 trunk"), "model.bin.gz")
		wantErr(t, err, ErrFormat, "model.bin.gz: ", "gzip")
	})
}

// TestReadDamaged edits the uncompressed model: each edit gives an error
// naming the file, the layer where it applies and what is wrong.
func TestReadDamaged(t *testing.T) {
	skipUnderRace(t)
	content := g170Content(t)
	// floatAt returns the offset of float i of the block of layer name.
	floatAt := func(name string, i int) int {
		at := bytes.Index(content, []byte("\n"+name+"\n"))
		if at < 0 {
			t.Fatalf("no layer %s", name)
		}
		return bytes.Index(content[at:], []byte("@BIN@")) + at + 5 + 4*i
	}
	replace := func(old, new string) []byte {
		if !bytes.Contains(content, []byte(old)) {
			t.Fatalf("no %q in the model", old)
		}
		return bytes.Replace(bytes.Clone(content), []byte(old), []byte(new), 1)
	}
	putFloat := func(name string, i int, v float32) []byte {
		d := bytes.Clone(content)
		binary.LittleEndian.PutUint32(d[floatAt(name, i):], math.Float32bits(v))
		return d
	}
	tests := []struct {
		name  string
		data  []byte
		kind  error
		parts []string
	}{
		{"version 9", replace("d26788732\n8\n", "d26788732\n9\n"), ErrUnsupported, []string{"version 9", "supported: [8]"}},
		{"version 15", replace("d26788732\n8\n", "d26788732\n15\n"), ErrUnsupported, []string{"version 15"}},
		{"version word", replace("d26788732\n8\n", "d26788732\neight\n"), ErrFormat, []string{"version", "eight"}},
		{"NaN weight", putFloat("rconv3/w1a", 17, float32(math.NaN())), ErrFormat, []string{"layer rconv3/w1a", "NaN"}},
		{"Inf weight", putFloat("v3/b", 2, float32(math.Inf(-1))), ErrFormat, []string{"layer v3/b", "-Inf"}},
		{"conv in-channels", replace("rconv4/w1\n3\n3\n96\n", "rconv4/w1\n3\n3\n95\n"), ErrFormat, []string{"rconv4/w1", "95", "96"}},
		{"trunk channels", replace("trunk\n6\n96\n", "trunk\n6\n97\n"), ErrFormat, []string{"conv1", "97"}},
		{"even kernel", replace("conv1\n5\n5\n", "conv1\n4\n5\n"), ErrFormat, []string{"layer conv1", "4x5"}},
		{"dilation", replace("p2/w\n1\n1\n32\n1\n1\n1\n", "p2/w\n1\n1\n32\n1\n2\n1\n"), ErrUnsupported, []string{"layer p2/w", "dilation"}},
		{"block kind", replace("ordinary_block\nrconv2", "fancy_block\nrconv2"), ErrFormat, []string{"fancy_block"}},
		{"nested block", replace("ordinary_block\nrconv2", "nested_bottleneck_block\nrconv2"), ErrUnsupported, []string{"nested_bottleneck_block"}},
		{"bad mark", replace("@BIN@", "@BIX@"), ErrFormat, []string{"layer conv1", "@BIN@"}},
		{"text for binary", replace("1\n1\n@BIN@", "1\n1\n0.5 0.25"), ErrFormat, []string{"layer conv1", "@BIN@"}},
		{"epsilon", replace("rconv1/norm1\n96\n1e-20", "rconv1/norm1\n96\n-1"), ErrFormat, []string{"layer rconv1/norm1", "epsilon"}},
		{"hasScale", replace("rconv1/norm1\n96\n1e-20\n0", "rconv1/norm1\n96\n1e-20\n2"), ErrFormat, []string{"layer rconv1/norm1", "hasScale"}},
		{"huge channels", replace("v2/b\n64\n", "v2/b\n9999\n"), ErrFormat, []string{"layer v2/b", "9999"}},
		{"sv3 outputs", replace("sv3/w\n64\n4\n", "sv3/w\n64\n1\n"), ErrFormat, []string{"layer sv3/w"}},
		{"model name", replace("g170-b6c96", "g170$b6c96"), ErrFormat, []string{"model name"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.data), "model.bin")
			wantErr(t, err, tc.kind, append([]string{"model.bin: "}, tc.parts...)...)
		})
	}
}

// TestLoadMissing checks that a missing file is an os error.
func TestLoadMissing(t *testing.T) {
	_, err := Load("no/such/model.bin.gz")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: %v, want os.ErrNotExist", err)
	}
}

func BenchmarkLoad(b *testing.B) {
	path := shared.Data(b, "katago", g170)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(path); err != nil {
			b.Fatal(err)
		}
	}
}

// skipUnderRace skips, with -race -short, a test that parses the 4 MB
// model many times: the parser is single-threaded, and the detector makes
// each parse take seconds.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if race.Enabled && testing.Short() {
		t.Skip("parses the model many times; run without -race or -short")
	}
}
