package thermo

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// seedKo is seed 000's ko: from A Black takes (C) or White connects (-2);
// from C Black wins the ko (13) or White takes back (A).
const seedKo = "A = {C | -2}; C = {13 | A}"

func ratStrings(k *Ko) []string {
	var out []string
	for _, c := range k.Counts {
		out = append(out, c.RatString())
	}
	return out
}

// TestSeedKo pins seed 000's numbers: swing 13 - (-2) = 15, tally 3 (two
// Black moves, one White), 15/3 = 5 a move, C counts 8 and A counts 3; by
// thermography and by the seed's own averages alike.
func TestSeedKo(t *testing.T) {
	for _, src := range []string{seedKo, "C = {13 | A}; A = {C | -2};"} {
		g := MustParse(src)
		r, err := Analyze(g)
		if err != nil {
			t.Fatal(err)
		}
		k := r.Ko
		if k == nil {
			t.Fatalf("%s: the root is not a ko position", src)
		}
		if strings.Join(k.Names, " ") != "A C" {
			t.Errorf("%s: names %v, want A C", src, k.Names)
		}
		if k.Swing.RatString() != "15" || k.Tally != 3 || k.Value.RatString() != "5" ||
			strings.Join(ratStrings(k), " ") != "3 8" || k.WhiteCount.RatString() != "-2" || k.BlackCount.RatString() != "13" {
			t.Errorf("%s: swing %s tally %d value %s counts %v, want 15 3 5 [3 8]", src, k.Swing.RatString(), k.Tally, k.Value.RatString(), ratStrings(k))
		}
		want := map[string]string{"A": "3", "C": "8"}
		for _, p := range k.Positions {
			res := find(r, p)
			if res.Thermograph.Count.RatString() != want[p.Label] || res.Thermograph.Temperature.RatString() != "5" {
				t.Errorf("%s: %s counts %s (%s), want %s (5)", src, p.Label, res.Thermograph.Count.RatString(), res.Thermograph.Temperature.RatString(), want[p.Label])
			}
		}
		n, err := MiaiCount(g)
		if err != nil {
			t.Fatal(err)
		}
		if n.Count.RatString() != want[g.Label] || n.Temperature.RatString() != "5" {
			t.Errorf("%s: by averages %s (%s), want %s (5)", src, n.Count.RatString(), n.Temperature.RatString(), want[g.Label])
		}
	}
}

// find returns the result of g below r.
func find(r *Result, g *Game) *Result {
	seen := map[*Result]bool{}
	var walk func(n *Result) *Result
	walk = func(n *Result) *Result {
		if n.Game == g {
			return n
		}
		if seen[n] {
			return nil
		}
		seen[n] = true
		for _, o := range append(append([]*Result(nil), n.Left...), n.Right...) {
			if f := walk(o); f != nil {
				return f
			}
		}
		return nil
	}
	return walk(r)
}

// TestKoThermograph checks the ko positions' walls, worked by hand from
// the package doc's reading: a play inside the cycle reaches a position
// worth its count. A: LW = 8 - t (Black takes, C counts 8), RW = -2 + t
// (White connects), meeting at t = 5 at 3. C: LW = 13 - t, RW = 3 + t,
// meeting at 5 at 8.
func TestKoThermograph(t *testing.T) {
	r, err := Analyze(MustParse(seedKo))
	if err != nil {
		t.Fatal(err)
	}
	c := r.Left[0]
	for _, x := range []struct {
		r      *Result
		lw, rw string
	}{{r, "max(8-t, 3)", "min(-2+t, 3)"}, {c, "max(13-t, 8)", "min(3+t, 8)"}} {
		th := x.r.Thermograph
		if th.Left.String() != x.lw || th.Right.String() != x.rw || th.Number {
			t.Errorf("%s: LW %s RW %s, want %s and %s", x.r.Game.Label, th.Left, th.Right, x.lw, x.rw)
		}
	}
	if r.LeftPlay != c || r.RightPlay.Game.Value.RatString() != "-2" || c.RightPlay != r || c.LeftPlay.Game.Value.RatString() != "13" {
		t.Errorf("best plays: A %v/%v, C %v/%v", r.LeftPlay.Game, r.RightPlay.Game, c.LeftPlay.Game, c.RightPlay.Game)
	}
}

// TestKoInGoteTree nests the seed's ko in larger trees.
func TestKoInGoteTree(t *testing.T) {
	for _, c := range []struct {
		name, src    string
		count, miai  string
		naive, nmiai string
		counts       []string // the ko's positions, White's end first
		swing, value string
		tally        int
	}{
		// Black's play reaches the ko position A (count 3), White's -10:
		// (3 - (-10))/2 = 13/2, count 3 - 13/2 = -7/2, gote since the ko
		// (5) is cooler; the seed's averages say the same.
		{"ko below a gote", "G = {A | -10}; A = {C | -2}; C = {13 | A}", "-7/2", "13/2", "-7/2", "13/2",
			[]string{"3", "8"}, "15", "5", 3},
		// Black's win is itself a small gote, {14 | 12} (count 13,
		// miai value 1, cooler than the ko): the same counts.
		{"gote below a ko", "A = {C | -2}; C = {{14 | 12} | A}", "3", "5", "3", "5",
			[]string{"3", "8"}, "15", "5", 3},
		// White needs two moves to win from the middle position: the
		// line B - A - C, swing 13 - (-5) = 18, tally 4, 9/2 a move;
		// B counts -5 + 9/2 = -1/2, A -5 + 9 = 4, C 17/2.
		{"two takes for Black", "A = {C | B}; B = {A | -5}; C = {13 | A}", "4", "9/2", "4", "9/2",
			[]string{"-1/2", "4", "17/2"}, "18", "9/2", 4},
		// Two kos: Black's play reaches the seed's ko at A (3, value 5,
		// walls those of {8 | -2}), White's a ko of swing 6 at D
		// (between 0 and -6: -4, value 2, walls those of {-2 | -6}).
		// Both plays are sente, the kos being hotter than G: White
		// answers in A by connecting (-2), Black in D by taking (E
		// counts -2), so G counts -2 with miai value 0. The averages,
		// (3 - (-4))/2 = 7/2 and -1/2, go wrong as on any sente.
		{"two kos", "G = {A | D}; A = {C | -2}; C = {13 | A}; D = {E | -6}; E = {0 | D}", "-2", "0", "-1/2", "7/2",
			[]string{"3", "8"}, "15", "5", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := MustParse(c.src)
			r, err := Analyze(g)
			if err != nil {
				t.Fatal(err)
			}
			th := r.Thermograph
			if th.Count.RatString() != c.count || th.Temperature.RatString() != c.miai {
				t.Errorf("count %s (%s), want %s (%s)", th.Count.RatString(), th.Temperature.RatString(), c.count, c.miai)
			}
			kos := r.Kos()
			if len(kos) == 0 {
				t.Fatal("no ko found")
			}
			k := kos[0]
			if got := strings.Join(ratStrings(k), " "); got != strings.Join(c.counts, " ") || k.Swing.RatString() != c.swing || k.Value.RatString() != c.value || k.Tally != c.tally {
				t.Errorf("ko: counts %s swing %s value %s tally %d, want %v %s %s %d", got, k.Swing.RatString(), k.Value.RatString(), k.Tally, c.counts, c.swing, c.value, c.tally)
			}
			n, err := MiaiCount(g)
			if err != nil {
				t.Fatal(err)
			}
			if n.Count.RatString() != c.naive || n.Temperature.RatString() != c.nmiai {
				t.Errorf("by averages %s (%s), want %s (%s)", n.Count.RatString(), n.Temperature.RatString(), c.naive, c.nmiai)
			}
			// The named notation comes back as written.
			if back := MustParse(g.String()).String(); back != g.String() {
				t.Errorf("String %q reads back as %q", g.String(), back)
			}
		})
	}
}

// TestCyclesRefused: every cycle the tally method does not count is an
// error that names it.
func TestCyclesRefused(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"self loop", "A = {A | -2}", "the cycle A -> A is not a ko: A has a Black play that leaves the position as it is"},
		{"two takes from one position", "A = {C, D | -2}; C = {13 | A}; D = {12 | A}",
			"the cycle A -> C -> A is not a ko the tally method counts: A has two Black plays inside the cycle, to C and to D"},
		{"a way out in the middle", "A = {C | -2}; C = {13 | A, 5}",
			"the cycle A -> C -> A is not a ko the tally method counts: only White's plays from A and Black's from C, the ends of the line, may leave the cycle, but C has a White play to 5 (root.L[0].R[1])"},
		{"no way out for Black", "A = {C | -2}; C = { | A}",
			"the cycle A -> C -> A is not a ko the tally method counts: Black can never leave the cycle (no Black play from C ends it)"},
		{"a triangle", "A = {B | -2}; B = {C | 0}; C = {13 | A}",
			"the cycle A -> B -> C -> A is not a ko the tally method counts: the positions do not form one line"},
		{"no swing", "A = {C | 5}; C = {0 | A}",
			"the cycle A -> C -> A cannot be counted as a ko: Black's win (0 (root.L[0].L[0])"},
		{"a hot way out", "A = {C | -2}; C = {{40 | 0} | A}",
			"the cycle A -> C -> A cannot be counted by the tally method: Black's play out of the cycle to root.L[0].L[0] reaches miai value 20, hotter than the ko's 22/3 a move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := MustParse(c.src)
			_, err := Analyze(g)
			var ce *CycleError
			if !errors.As(err, &ce) || !errors.Is(err, ErrKo) || !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Analyze = %v, want a CycleError with %q", err, c.want)
			}
			if len(ce.Cycle) == 0 || len(ce.Cycle) != len(ce.Names) {
				t.Errorf("cycle %v names %v", ce.Cycle, ce.Names)
			}
		})
	}
	// The seed's averages need no cool ends, but a swing.
	if _, err := MiaiCount(MustParse("A = {C | -2}; C = {{40 | 0} | A}")); err != nil {
		t.Errorf("MiaiCount of a ko with a hot end: %v", err)
	}
	if _, err := MiaiCount(MustParse("A = {C | 5}; C = {0 | A}")); !errors.Is(err, ErrKo) {
		t.Errorf("MiaiCount of a ko without swing: %v", err)
	}
}

func TestParseNames(t *testing.T) {
	for _, c := range []struct {
		src, want string
	}{
		{"A = {C | -2}", "1:6: thermo: undefined name C"},
		{"A = {C | -2}; C = {13 | A}; C = 3", "1:29: thermo: C is defined twice (first at 1:15)"},
		{"A = {1 | -2}; B = 3", "1:15: thermo: B is defined but not reachable from the root A (the first definition)"},
		{"A = {C | -2}; C = A", "1:19: thermo: C = A: a definition is a number or a game in braces, not another name"},
		{"A = {1 | 0} B = 3", "1:13: thermo: unexpected \"B\" after the definition of A: expected ';'"},
		{"v = {1 | 0}", "1:1: thermo: unexpected \"v\": expected a name to define"},
		{"A {1 | 0}", "1:1: thermo: leaf \"A\" is not a number"},
		{"{C | -2}", "to name positions, as for a ko, write definitions: A = {C | -2}; C = {13 | A}"},
		{"A = ; B = 1", "1:5: thermo: unexpected ';': expected a number or '{'"},
		{"3; A = 1", "1:2: thermo: unexpected ';' after the game"},
	} {
		_, err := Parse(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.src, err, c.want)
		}
	}
	g := MustParse("Root = {A | 0};\nA = {Big | -2};\nBig = {13 | A};")
	if g.Label != "Root" || g.Left[0].Label != "A" || g.Left[0].Left[0].Left[0].Value.RatString() != "13" || g.Left[0].Left[0].Right[0] != g.Left[0] {
		t.Errorf("parsed %s", g)
	}
	if s := g.String(); s != "Root = {A | 0}; A = {Big | -2}; Big = {13 | A}" {
		t.Errorf("String = %q", s)
	}
	// A number may be defined, and the plain notation still parses.
	if s := MustParse("A = {C | W}; C = {13 | A}; W = -2").String(); s != "A = {C | -2}; C = {13 | A}" {
		t.Errorf("String = %q", s)
	}
}

// TestKoReport checks the JSON-ready report of the seed's ko: the ko's
// swing and tally at its positions, and the line that comes back to A.
func TestKoReport(t *testing.T) {
	r, err := Analyze(MustParse(seedKo))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r.Report())
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Name, Count, Classification, Swing string
		MiaiValue                          string `json:"miai_value"`
		BlackPlay                          string `json:"black_play"`
		WhitePlay                          string `json:"white_play"`
		Tally                              int
		Left                               []struct {
			Name, Count, Swing string
			MiaiValue          string `json:"miai_value"`
			Tally              int
			Right              []struct {
				BackTo string `json:"back_to"`
				Count  string
				Left   []any
			}
		}
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	if j.Name != "A" || j.Count != "3" || j.MiaiValue != "5" || j.Classification != "ko" || j.Swing != "15" || j.Tally != 3 ||
		j.BlackPlay != "ko move" || j.WhitePlay != "ko win" {
		t.Errorf("root %+v", j)
	}
	if len(j.Left) != 1 || j.Left[0].Name != "C" || j.Left[0].Count != "8" || j.Left[0].Swing != "15" || len(j.Left[0].Right) != 1 ||
		j.Left[0].Right[0].BackTo != "A" || j.Left[0].Right[0].Count != "3" || j.Left[0].Right[0].Left != nil {
		t.Errorf("C %+v", j.Left)
	}
	if !strings.Contains(string(b), `"miai_value":"5"`) {
		t.Errorf("report %s", b)
	}
}

// TestSenteAsKo: {{13 | -2} | -2} is not the seed's ko but an ordinary
// tree, Black's sente gaining nothing, count -2 (package doc); the sente
// says which ko it may have meant.
func TestSenteAsKo(t *testing.T) {
	r, err := Analyze(MustParse("{{13 | -2} | -2}"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Thermograph.Count.RatString() != "-2" || r.Thermograph.Temperature.RatString() != "0" || r.Class.Left != Sente {
		t.Errorf("count %s (%s) %v, want -2 (0), Black sente", r.Thermograph.Count.RatString(), r.Thermograph.Temperature.RatString(), r.Class)
	}
	s := r.Sente()
	if len(s) != 1 || s[0].Ko == nil || s[0].Ko.String() != seedKo {
		t.Fatalf("sente %+v", s)
	}
	// And White's mirror image.
	r, err = Analyze(MustParse("{2 | {2 | -13}}"))
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Sente(); len(s) != 1 || s[0].Ko == nil || s[0].Ko.String() != "A = {2 | C}; C = {A | -13}" {
		t.Errorf("White's sente %+v", s)
	}
	// A sente that gains something is no ko written wrong.
	r, err = Analyze(MustParse("{4 | {3 | -17}}"))
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Sente(); len(s) != 1 || s[0].Ko != nil {
		t.Errorf("{4 | {3 | -17}}: sente %+v", s)
	}
}

// TestNamedSharing: a named position that two plays reach is written and
// drawn once, so that the output stays as short as the input.
func TestNamedSharing(t *testing.T) {
	g := MustParse("A = {B | B}; B = {C | C}; C = {1 | 0}")
	if s := g.String(); s != "A = {B | B}; B = {C | C}; C = {1 | 0}" {
		t.Errorf("String = %q", s)
	}
	r, err := Analyze(g)
	if err != nil {
		t.Fatal(err)
	}
	// B = {C | C} = {{1|0} | {1|0}} is the number 0, A = {0 | 0} is *
	// (package doc).
	want := "[A] 0 (0) gote\n|-- B [B] 0 (0) number\n|   |-- B [C] 1/2 (1/2) gote\n|   |   |-- B 1\n|   |   `-- W 0\n|   `-- W [C] 1/2 (1/2) gote, as above\n`-- W [B] 0 (0) number, as above\n"
	if got := r.Tree(); got != want {
		t.Errorf("Tree:\n%s\nwant:\n%s", got, want)
	}
	rep := r.Report()
	if rep.Right[0].AsAbove != "B" || rep.Right[0].Left != nil || rep.Left[0].Right[0].AsAbove != "C" {
		t.Errorf("report: %+v", rep.Right[0])
	}
}
