package netinput

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"goeval/board"
)

// katagoDump is one VERSION 7 block of KataGo's printed test output: the
// spatial planes (as printed, rows from the top) and the globals.
type katagoDump struct {
	planes  map[int][]float32
	globals map[int]float32
}

// readDump parses a testdata file holding one such block for a
// size×size board.
func readDump(t *testing.T, path string, size int) katagoDump {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseDump(t, strings.Split(string(data), "\n"), size)
}

// parseDump parses the lines of one block: "Channel: c" and size rows of
// size values for a plane (the board drawing beside them is ignored),
// "Channel: c: v" for a global.
func parseDump(t *testing.T, lines []string, size int) katagoDump {
	t.Helper()
	d := katagoDump{planes: map[int][]float32{}, globals: map[int]float32{}}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasPrefix(line, "Channel: ") {
			continue
		}
		rest := strings.TrimPrefix(line, "Channel: ")
		if num, val, ok := strings.Cut(rest, ": "); ok {
			c, _ := strconv.Atoi(num)
			v, err := strconv.ParseFloat(val, 32)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			d.globals[c] = float32(v)
			continue
		}
		c, err := strconv.Atoi(rest)
		if err != nil || i+size >= len(lines) {
			t.Fatalf("%q: bad plane header", line)
		}
		plane := make([]float32, 0, size*size)
		for y := 0; y < size; y++ {
			i++
			fields := strings.Fields(lines[i])
			for x := 0; x < size; x++ {
				v, err := strconv.ParseFloat(fields[x], 32)
				if err != nil {
					t.Fatalf("plane %d row %d: %v", c, y, err)
				}
				plane = append(plane, float32(v))
			}
		}
		d.planes[c] = plane
	}
	return d
}

var sgfMove = regexp.MustCompile(`;([BW])\[([a-s]{2})?\]`)
var sgfSetup = regexp.MustCompile(`A([BW])((?:\[[a-s]{2}\])+)`)

// sgfGame reads the little SGF games of KataGo's tests: size, setup
// stones, the side to move first and the moves.
func sgfGame(t *testing.T, sgf string, size int, firstToMove board.Color) (*board.Board, []board.Move) {
	t.Helper()
	start := board.New(size)
	g := start.Geometry()
	pt := func(s string) board.Point { return g.At(int(s[0]-'a'), int(s[1]-'a')) }
	head, _, _ := strings.Cut(sgf, ";B[")
	head, _, _ = strings.Cut(head, ";W[")
	for _, m := range sgfSetup.FindAllStringSubmatch(head, -1) {
		c := board.Black
		if m[1] == "W" {
			c = board.White
		}
		for _, v := range strings.Split(strings.Trim(m[2], "[]"), "][") {
			start.Set(pt(v), c)
		}
	}
	start.SetToMove(firstToMove)
	var moves []board.Move
	for _, m := range sgfMove.FindAllStringSubmatch(sgf, -1) {
		c := board.Black
		if m[1] == "W" {
			c = board.White
		}
		p := board.Pass
		if m[2] != "" {
			p = pt(m[2])
		}
		moves = append(moves, board.Move{Color: c, Point: p})
	}
	return start, moves
}

// trompTaylor is KataGo's Tromp-Taylor-ish rule set as the inputs see
// it. Its positional superko bans (in plane 6) are not modelled.
var trompTaylor = ruleSet{positionalKo: true, suicide: true}

func drawPlane(pl []float32, size int) string {
	var sb strings.Builder
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			fmt.Fprintf(&sb, "%g ", pl[y*size+x])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestKataGoV7Dumps compares Fill's planes and globals with the V7 dumps
// KataGo's own test suite expects (cpp/tests/testnninputs.cpp, expected
// output in cpp/tests/results/runOutputTests.txt) on the positions of
// that file. Under Tromp-Taylor rules plane 6 also holds positional
// superko bans, which goeval's rule sets never need; the cases list the
// ban points to drop from KataGo's plane 6 before comparing.
func TestKataGoV7Dumps(t *testing.T) {
	tests := []struct {
		name       string
		file       string
		size       int
		komi       float64
		first      board.Color
		sgf        string
		superko    []string // GTP points of superko bans in KataGo's plane 6
		onlyPlanes []int    // planes the dump holds, nil for all
		prefix     int      // moves played, 0 for all
		rules      ruleSet
	}{
		{
			name: "basic", file: "katago-v7-basic.txt", size: 19, komi: 7.5, first: board.Black,
			sgf: "(;FF[4]KM[7.5];B[pd];W[pq];B[dq];W[dd];B[qo];W[pl];B[qq];W[qr];B[pp];W[rq];B[oq];W[qp];B[pr];W[qq];B[oo];W[ro];B[qn];W[do];B[dl];W[gp];B[eo];W[en];B[fo];W[dp];B[eq];W[cq];B[cr];W[br];B[dn];W[bp];B[cn];W[ep];B[fp];W[fq];B[gq];W[fr];B[gr];W[er];B[hp];W[go];B[fn];W[ho];B[ip];W[io];B[jp];W[jo];B[lp];W[kp];B[kq];W[ko];B[lq];W[ir];B[hq];W[jq];B[jr];W[em];B[gm];W[el];B[hl];W[kl];B[ek];W[fk];B[ej];W[fl];B[fj];W[gk];B[ik];W[gj];B[jj];W[dm];B[lk];W[mm];B[nl];W[nm];B[om];W[ol];B[nk];W[ll];B[kk];W[jl];B[im];W[jk];B[ij];W[kj];B[mk];W[ki];B[ih];W[jh];B[ig];W[jg];B[if];W[oi];B[mi];W[mh];B[lh];W[li];B[nh];W[mj];B[ni];W[nj];B[oj];W[lj];B[ok];W[oh];B[ng];W[pj];B[ji];W[kh];B[jf];W[lg];B[cm];W[cl];B[dk];W[bl];B[bk];W[bn];B[ck];W[bm];B[cc];W[cd];B[dc];W[ec];B[eb];W[fb];B[fc];W[ed];B[gb];W[bc];B[cb];W[cg];B[be];W[bd];B[bg];W[bh];B[cf];W[df];B[ch];W[dg];B[bi];W[qd];B[qc];W[rc];B[rd];W[qe];B[re];W[rb];B[pc];W[qb];B[qf];W[ff];B[sc];W[pb];B[bo];W[ob];B[nc];W[nb];B[mb];W[mc];B[lb])",
		},
		{
			name: "ko", file: "katago-v7-ko.txt", size: 19, komi: 0.5, first: board.Black,
			sgf:     "(;FF[4]KM[0.5];B[rj];W[ri];B[si];W[rh];B[sh];W[sg];B[rk];W[sk];B[sl];W[sj];B[eg];W[fg];B[ff];W[gf];B[fh];W[gh];B[gg];W[hg];B[si];W[fg];B[sh];W[sk];B[gg])",
			superko: []string{"T10"}, onlyPlanes: []int{6},
		},
		{
			name: "13x13 area", file: "katago-v7-13x13-area.txt", size: 13, komi: 7.5, first: board.Black,
			sgf:        "(;FF[4]GM[1]SZ[13]PB[s75411712-d5152283-b8c128]PW[s78621440-d5365731-b8c128]HA[0]KM[7.5]RU[koPOSITIONALscoreAREAsui0]RE[B+11.5];B[ck];W[lb];B[ke];W[ld];B[jd];W[kc];B[jc];W[jb];B[ib];W[kk];B[ki];W[kh];B[ja];W[le];B[ic];W[kf];B[lj];W[li];B[kj];W[lk];B[jk];W[jl];B[ik];W[mj];B[kb];W[jj];B[ji];W[ij];B[ii];W[hj];B[lh];W[mi];B[kg];W[jg];B[jh];W[lg];B[hk];W[hi];B[mh];W[gk];B[mk];W[il];B[jf];W[lf];B[ig];W[cc];B[dc];W[cd];B[ed];W[kd];B[dj];W[el];B[eg];W[de];B[ee];W[ec];B[je];W[db];B[fc];W[eb];B[bj];W[fd];B[gc];W[cl];B[df];W[dd];B[cf];W[dl];B[gh];W[fk];B[la];W[hh];B[hg];W[fi];B[gg];W[mc];B[bk];W[fb];B[gb];W[ei];B[gi];W[fe];B[ef];W[ej];B[gj];W[hl];B[bh];W[mg];B[be];W[bd];B[ad];W[bb];B[ae];W[di];B[me];W[ci];B[bi];W[bl];B[ab];W[ba];B[ac];W[ml];B[ga];W[fa];B[al];W[bc];B[bf];W[mj];B[mi];W[mb];B[ge];W[mk];B[dk];W[md];B[ek];W[fj];B[jb];W[fh];B[ff];W[bm];B[ka];W[ce];B[ak];W[cj];B[ch];W[];B[id];W[fl];B[hc];W[am];B[ik];W[jk];B[ma];W[];B[mm];W[gl];B[aa];W[ca];B[dh];W[fg];B[];W[lm];B[bg];W[];B[hd];W[];B[ag];W[];B[hf];W[];B[gd];W[];B[ih];W[];B[li];W[];B[hb];W[];B[af];W[];B[ia];W[];B[kl];W[];B[])",
			onlyPlanes: []int{PlaneAreaPla, PlaneAreaOpp}, prefix: 164, rules: ruleSet{positionalKo: true},
		},
		{
			name: "7x7", file: "katago-v7-7x7.txt", size: 7, komi: -4.5, first: board.White,
			sgf: "(;GM[1]FF[4]CA[UTF-8]ST[2]RU[Tromp-Taylor]SZ[7]HA[3]KM[-4.50]PW[White]PB[Black]AB[fb][bf][ff];W[ed];B[ee];W[de];B[dd];W[ef];B[df];W[fe];B[ce];W[dc];B[ee];W[eg];B[fd];W[de])",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := readDump(t, "testdata/"+tt.file, tt.size)
			start, moves := sgfGame(t, tt.sgf, tt.size, tt.first)
			if tt.prefix > 0 {
				moves = moves[:tt.prefix]
			}
			rules := tt.rules
			if rules == (ruleSet{}) {
				rules = trompTaylor
			}
			var f Features
			if err := f.fill(start, moves, tt.komi, rules); err != nil {
				t.Fatal(err)
			}
			g := start.Geometry()
			for _, v := range tt.superko {
				p, err := g.ParseGTP(v)
				if err != nil {
					t.Fatal(err)
				}
				if want.planes[6][p] != 1 {
					t.Fatalf("KataGo's plane 6 has no ban at %s", v)
				}
				want.planes[6][p] = 0
			}
			planes := tt.onlyPlanes
			if planes == nil {
				for c := range NumSpatial {
					planes = append(planes, c)
				}
			}
			for _, c := range planes {
				wp, ok := want.planes[c]
				if !ok {
					t.Fatalf("dump has no plane %d", c)
				}
				if got := drawPlane(f.Plane(c), tt.size); got != drawPlane(wp, tt.size) {
					t.Errorf("plane %d:\ngot\n%swant\n%s", c, got, drawPlane(wp, tt.size))
				}
			}
			if len(want.globals) != NumGlobal && (len(want.globals) != 0 || tt.onlyPlanes == nil) {
				t.Fatalf("dump has %d globals", len(want.globals))
			}
			for c, w := range want.globals {
				if got := f.Global[c]; got != w {
					t.Errorf("global %d = %g, want %g", c, got, w)
				}
			}
		})
	}
}

// TestKataGoAreaSequence replays the moves of KataGo's test "NN Inputs V6
// Area Feature and Komi" on its 7x7 position (White to move, komi 6.5)
// and compares global 5 and planes 18/19 after each move with the dumps
// that test expects: groups gaining and losing pass-alive status, seki
// points staying neutral, the side to move swapping the planes.
func TestKataGoAreaSequence(t *testing.T) {
	data, err := os.ReadFile("testdata/katago-v7-area-sequence.txt")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "Rules: ")[1:]
	start, err := board.Parse(`
...oxx.
oooox.x
xxxxoxx
o.xoooo
.oxox.o
oxxo.x.
o.xoo.x`)
	if err != nil {
		t.Fatal(err)
	}
	start.SetToMove(board.White)
	// KataGo's moves, as (x, y) from the top-left, alternating from White.
	xy := [][2]int{{6, 5}, {5, 6}, {0, 4}, {6, 0}, {1, 0}, {4, 5}, {5, 4}}
	if len(blocks) != len(xy)+1 {
		t.Fatalf("%d dumps for %d moves", len(blocks), len(xy))
	}
	var moves []board.Move
	c := board.White
	for _, m := range xy {
		moves = append(moves, board.Move{Color: c, Point: start.Geometry().At(m[0], m[1])})
		c = -c
	}
	for k, block := range blocks {
		want := parseDump(t, strings.Split(block, "\n"), 7)
		var f Features
		if err := f.fill(start, moves[:k], 6.5, ruleSet{positionalKo: true}); err != nil {
			t.Fatalf("after %d moves: %v", k, err)
		}
		for _, plane := range []int{PlaneAreaPla, PlaneAreaOpp} {
			if got, w := drawPlane(f.Plane(plane), 7), drawPlane(want.planes[plane], 7); got != w {
				t.Errorf("after %d moves, plane %d:\ngot\n%swant\n%s", k, plane, got, w)
			}
		}
		if f.Global[5] != want.globals[5] {
			t.Errorf("after %d moves: global 5 = %g, want %g", k, f.Global[5], want.globals[5])
		}
	}
}
