package neural

import (
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
	"goeval/netinput"
	"goeval/netmodel"
)

// The test network, loaded once.
var (
	testModel *netmodel.Model
	testNet   *Network
)

func loadNet(t testing.TB) *Network {
	t.Helper()
	if testNet != nil {
		return testNet
	}
	m, err := netmodel.Load(shared.Data(t, "katago", "g170-b6c96-s175395328-d26788732.bin.gz"))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	nw, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	testModel, testNet = m, nw
	return nw
}

// parityWave is global input 18 for a selfKomi on a size×size board under
// area scoring, written from spec §2.3.
func parityWave(selfKomi float32, size int) float32 {
	var floor float32
	if size*size%2 == 0 {
		floor = float32(math.Floor(float64(selfKomi/2))) * 2
	} else {
		floor = float32(math.Floor(float64((selfKomi-1)/2)))*2 + 1
	}
	delta := min(max(selfKomi-floor, 0), 2)
	switch {
	case delta < 0.5:
		return delta
	case delta < 1.5:
		return 1 - delta
	}
	return delta - 2
}

// features builds by hand (spec §2.2, §2.3) the inputs of a position
// reached under Chinese rules with no capture, no ko, no handicap bonus and
// every chain with 4 or more liberties: stones, the previous moves (last
// first), area planes (stones; empty points only if one colour is on the
// board) and komi.
func features(size int, toMove board.Color, komi float32, black, white, history []string) *netinput.Features {
	pts := size * size
	f := &netinput.Features{
		Size:    size,
		ToMove:  toMove,
		Spatial: make([]float32, pts*netinput.NumSpatial),
		Legal:   make([]bool, pts+1),
	}
	set := func(p, plane int) { f.Spatial[p*netinput.NumSpatial+plane] = 1 }
	for p := range pts {
		set(p, 0)
		f.Legal[p] = true
	}
	f.Legal[pts] = true
	pla, opp := black, white
	if toMove == board.White {
		pla, opp = white, black
	}
	for _, v := range pla {
		p := point(v, size)
		set(p, 1)
		set(p, 18)
		f.Legal[p] = false
	}
	for _, v := range opp {
		p := point(v, size)
		set(p, 2)
		set(p, 19)
		f.Legal[p] = false
	}
	// With stones of one colour only, every empty point is that colour's
	// area (spec §2.6).
	if len(pla)+len(opp) > 0 && (len(pla) == 0 || len(opp) == 0) {
		plane := 18
		if len(pla) == 0 {
			plane = 19
		}
		for p := range pts {
			set(p, plane)
		}
	}
	for k, v := range history {
		set(point(v, size), 9+k)
	}
	self := komi
	if toMove == board.Black {
		self = -komi
	}
	f.Global[5] = self / 20
	f.Global[18] = parityWave(self, size)
	return f
}

// point returns the board point of a GTP vertex such as "Q16".
func point(v string, size int) int {
	x := int(v[0] - 'A')
	if v[0] > 'I' {
		x--
	}
	var row int
	fmt.Sscan(v[1:], &row)
	return (size-row)*size + x
}

func TestPoint(t *testing.T) {
	for _, tc := range []struct {
		v    string
		size int
		want int
	}{{"A19", 19, 0}, {"Q16", 19, 3*19 + 15}, {"T1", 19, 360}, {"J1", 9, 80}, {"D4", 19, 15*19 + 3}} {
		if got := point(tc.v, tc.size); got != tc.want {
			t.Errorf("point(%s, %d) = %d, want %d", tc.v, tc.size, got, tc.want)
		}
	}
}

func close32(got float32, want, tol float64) bool {
	return math.Abs(float64(got)-want) <= tol
}

// TestReferenceRaw checks the raw outputs of spec §3.6 (a verified float64
// implementation that agrees with KataGo).
func TestReferenceRaw(t *testing.T) {
	nw := loadNet(t)
	const tol = 1e-4
	type probe struct {
		name  string
		got   func(r *RawOutput) float32
		value float64
	}
	empty := features(19, board.Black, 7.5, nil, nil, nil)
	if empty.Global[5] != -0.375 || empty.Global[18] != -0.5 {
		t.Fatalf("empty board globals 5, 18 = %v %v, want -0.375 -0.5 (spec §3.6)", empty.Global[5], empty.Global[18])
	}
	opening := features(19, board.White, 7.5, []string{"Q16", "Q4", "R10"}, []string{"D4", "D16"},
		[]string{"R10", "D16", "Q4", "D4", "Q16"})
	if opening.Global[5] != 0.375 || opening.Global[18] != 0.5 {
		t.Fatalf("opening globals 5, 18 = %v %v, want 0.375 0.5", opening.Global[5], opening.Global[18])
	}
	val := func(i int) func(*RawOutput) float32 { return func(r *RawOutput) float32 { return r.Value[i] } }
	score := func(i int) func(*RawOutput) float32 { return func(r *RawOutput) float32 { return r.Score[i] } }
	pol := func(v string) func(*RawOutput) float32 {
		return func(r *RawOutput) float32 { return r.PolicyLogits[point(v, 19)] }
	}
	own := func(v string) func(*RawOutput) float32 {
		return func(r *RawOutput) float32 { return r.OwnershipLogits[point(v, 19)] }
	}
	pass := func(r *RawOutput) float32 { return r.PolicyLogits[361] }
	tests := []struct {
		name   string
		in     *netinput.Features
		probes []probe
	}{
		{"empty board", empty, []probe{
			{"win", val(0), 2.8822367}, {"loss", val(1), 2.9803477}, {"noresult", val(2), -5.9037332},
			{"score0", score(0), -0.01326935}, {"score1", score(1), 1.3274873}, {"score2", score(2), 0.00913860}, {"score3", score(3), -0.06996595},
			{"pass", pass, -3.5275862},
			{"policy D4", pol("D4"), 2.995866}, {"policy Q16", pol("Q16"), 2.812877}, {"policy K10", pol("K10"), -3.750509},
			{"ownership K10", own("K10"), 0.0137718}, {"ownership A19", own("A19"), 0.1252379},
		}},
		{"5-move opening", opening, []probe{
			{"win", val(0), 2.8971574}, {"loss", val(1), 2.8640030}, {"noresult", val(2), -5.7063624},
			{"score0", score(0), 0.00588637}, {"score1", score(1), 1.3128204}, {"score2", score(2), 0.04151425}, {"score3", score(3), -0.00172500},
			{"pass", pass, -6.3508325},
		}},
	}
	e := nw.NewEvaluator()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := make([]RawOutput, 1)
			if err := e.Raw(raw, []*netinput.Features{tc.in}, 0); err != nil {
				t.Fatal(err)
			}
			for _, p := range tc.probes {
				if got := p.got(&raw[0]); !close32(got, p.value, tol) {
					t.Errorf("%s = %.7f, want %.7f (±%g)", p.name, got, p.value, tol)
				}
			}
			if tc.name == "5-move opening" {
				// "The logits at occupied points are large negatives, e.g. D4 −32.31."
				if got := raw[0].PolicyLogits[point("D4", 19)]; !close32(got, -32.31, 0.01) {
					t.Errorf("policy logit at D4 = %v, want -32.31", got)
				}
			}
		})
	}
}

// TestLoad: Load prepares every convolution while the file is read, and
// its network computes exactly what New's does.
func TestLoad(t *testing.T) {
	want := loadNet(t)
	path := shared.Data(t, "katago", "g170-b6c96-s175395328-d26788732.bin.gz")
	m, pr, err := loadPrepared(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, all := len(pr.convs), len(modelConvs(m)); n != all {
		t.Errorf("%d of %d convolutions prepared while reading", n, all)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	f := features(19, board.Black, 7.5, []string{"D4", "Q16", "C3"}, []string{"D16", "Q4"}, nil)
	a, b := want.NewEvaluator(), got.NewEvaluator()
	ra, rb := make([]RawOutput, 1), make([]RawOutput, 1)
	for sym := range 8 {
		if err := a.Raw(ra, []*netinput.Features{f}, sym); err != nil {
			t.Fatal(err)
		}
		if err := b.Raw(rb, []*netinput.Features{f}, sym); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ra, rb) {
			t.Errorf("symmetry %d: Load's network differs from New's", sym)
		}
	}
	if _, err := Load(path + ".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want os.ErrNotExist", err)
	}
}
