package gtp

import (
	"bufio"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"goeval/board"
	"goeval/eval"
	"goeval/rank"
)

// live is an engine running on pipes, read line by line.
type live struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startLive(t *testing.T, cfg Config) *live {
	t.Helper()
	e := newEngine(t, cfg)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	l := &live{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		err := e.Run(context.Background(), inR, outW)
		outW.Close()
		l.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
		close(l.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return l
}

func (l *live) send(cmd string) {
	l.t.Helper()
	if _, err := io.WriteString(l.in, cmd+"\n"); err != nil {
		l.t.Fatal(err)
	}
}

// next returns the next line of output, failing after 20 seconds.
func (l *live) next() string {
	l.t.Helper()
	select {
	case s, ok := <-l.lines:
		if !ok {
			l.t.Fatal("output ended")
		}
		return s
	case <-time.After(20 * time.Second):
		l.t.Fatal("no output for 20 seconds")
	}
	return ""
}

// answer reads one whole answer (up to its empty line).
func (l *live) answer() string {
	l.t.Helper()
	var out []string
	for {
		s := l.next()
		if s == "" {
			return strings.Join(out, "\n")
		}
		out = append(out, s)
	}
}

func judge(t *testing.T) Config {
	t.Helper()
	f, err := eval.Factory("lambda-kappa", nil)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Judge: f}
}

// checkInfo checks one kata-analyze line: info entries with KataGo's
// fields, in order, and, if ownership is asked for, n values in [-1, 1].
func checkInfo(t *testing.T, line string, moves, n int) []float64 {
	t.Helper()
	if !strings.HasPrefix(line, "info move ") {
		t.Fatalf("not an info line: %.80q", line)
	}
	head, own, hasOwn := strings.Cut(line, " ownership ")
	if hasOwn != (n > 0) {
		t.Fatalf("ownership %v, want %v", hasOwn, n > 0)
	}
	infos := strings.Split(strings.TrimPrefix(head, "info "), " info ")
	if len(infos) != moves {
		t.Errorf("%d moves, want %d", len(infos), moves)
	}
	for i, in := range infos {
		f := strings.Fields(in)
		keys := []string{"move", "visits", "utility", "winrate", "scoreMean", "scoreStdev", "scoreLead", "scoreSelfplay", "prior", "lcb", "utilityLcb", "order", "pv"}
		if len(f) != 2*len(keys) {
			t.Fatalf("info %q", in)
		}
		for k, key := range keys {
			if f[2*k] != key {
				t.Errorf("field %d is %q, want %q", k, f[2*k], key)
			}
		}
		if f[23] != strconv.Itoa(i) || f[25] != f[1] {
			t.Errorf("order %s, pv %s of move %s", f[23], f[25], f[1])
		}
	}
	if n == 0 {
		return nil
	}
	vals := strings.Fields(own)
	if len(vals) != n {
		t.Fatalf("%d ownership values, want %d", len(vals), n)
	}
	out := make([]float64, n)
	for i, s := range vals {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < -1 || v > 1 {
			t.Fatalf("ownership value %q", s)
		}
		out[i] = v
	}
	return out
}

// TestKataAnalyze starts kata-analyze, reads a couple of lines with
// ownership of the right length, sends another command and sees the
// analysis stop: the empty line that ends its answer, then the command's
// answer, and no more info lines.
func TestKataAnalyze(t *testing.T) {
	l := startLive(t, judge(t))
	for _, c := range []string{"boardsize 9", "komi 6.5", "play b e5"} {
		l.send(c)
		if a := l.answer(); a != "= " {
			t.Fatalf("%s: %q", c, a)
		}
	}
	l.send("7 kata-analyze w 5 ownership true maxmoves 3 minmoves 1")
	if s := l.next(); s != "=7" {
		t.Fatalf("first line %q", s)
	}
	var first []float64
	for i := range 2 {
		own := checkInfo(t, l.next(), 3, 81)
		if i == 0 {
			first = own
		}
	}
	// From White's side (White is analysed): Black's stone E5 and the
	// point beside it lean to Black, so they are negative.
	if first[4*9+4] >= 0 || first[4*9+3] >= 0 {
		t.Errorf("ownership E5 %v, D5 %v: not from White's side", first[4*9+4], first[4*9+3])
	}
	l.send("name")
	for {
		s := l.next()
		if s == "" {
			break // the analysis's answer ends
		}
		checkInfo(t, s, 3, 81) // lines already on their way
	}
	if a := l.answer(); a != "= goeval" {
		t.Fatalf("after the analysis: %q", a)
	}
	// Nothing more comes until the next command is answered.
	time.Sleep(100 * time.Millisecond)
	l.send("12 protocol_version")
	if a := l.answer(); a != "=12 2" {
		t.Fatalf("an info line after the analysis stopped? %q", a)
	}

	// From Black's side the same map changes sign.
	l.send("kata-analyze b interval 0 ownership true")
	if s := l.next(); s != "=" {
		t.Fatalf("%q", s)
	}
	own := checkInfo(t, l.next(), 10, 81)
	for i := range own {
		if own[i] != -first[i] {
			t.Fatalf("ownership %d: Black's %v, White's %v", i, own[i], first[i])
		}
	}
	// Interval 0: one line only; a bare newline ends the analysis.
	time.Sleep(100 * time.Millisecond)
	l.send("")
	if s := l.next(); s != "" {
		t.Fatalf("interval 0 printed again: %.80q", s)
	}
	l.send("kata-analyze ownership")
	if a := l.answer(); !strings.HasPrefix(a, "? syntax error") {
		t.Errorf("odd arguments: %q", a)
	}
	l.send("kata-analyze 10 ownership maybe")
	if a := l.answer(); a != `? invalid ownership "maybe" (want true or false)` {
		t.Errorf("%q", a)
	}
	// Without ownership: info entries only.
	l.send("kata-analyze 1000")
	l.next()
	checkInfo(t, l.next(), 10, 0)
	l.send("quit")
	if s := l.next(); s != "" {
		t.Fatalf("%q", s)
	}
	if a := l.answer(); a != "= " {
		t.Fatalf("quit: %q", a)
	}
	if err := <-l.done; err != nil {
		t.Fatal(err)
	}
}

// TestKataAnalyzeEOF checks that the end of input ends an analysis and
// the session.
func TestKataAnalyzeEOF(t *testing.T) {
	l := startLive(t, judge(t))
	l.send("boardsize 5")
	l.answer()
	l.send("kata-analyze 1 ownership true")
	l.next()
	checkInfo(t, l.next(), 10, 25)
	l.in.Close()
	select {
	case err := <-l.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Run did not return at the end of input")
	}
}

// TestInfoLine checks the info entries: the winrate and lead of each
// move as given, the prior the model's probability (even without a
// model), and Leela Zero's format in hundredths of a percent.
func TestInfoLine(t *testing.T) {
	g := board.New(9).Geometry()
	rk := &rank.Ranking{ToMove: board.White, ByModel: true, Moves: []rank.Move{
		{Point: 0, Prob: 0.6}, {Point: 1, Prob: 0.25}, {Point: 2, Prob: 0.1},
	}}
	evals := []moveEval{{winrate: 0.7, lead: 2.5}, {winrate: 0.4, lead: -1}}
	field := func(info, key string) string {
		f := strings.Fields(info)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == key {
				return f[i+1]
			}
		}
		return ""
	}
	split := func(line string) []string {
		infos := strings.Split(strings.TrimPrefix(line, "info "), " info ")
		if len(infos) != 2 {
			t.Fatalf("%d infos: %s", len(infos), line)
		}
		return infos
	}
	infos := split(infoLine(g, rk, evals, nil, analyzeArgs{}))
	for i, want := range [][3]string{{"0.700000", "2.500", "0.600000"}, {"0.400000", "-1.000", "0.250000"}} {
		if got := [3]string{field(infos[i], "winrate"), field(infos[i], "scoreLead"), field(infos[i], "prior")}; got != want {
			t.Errorf("move %d: winrate, lead, prior %v, want %v", i, got, want)
		}
	}
	infos = split(infoLine(g, rk, evals, nil, analyzeArgs{lz: true}))
	for i, want := range [][2]string{{"7000", "6000"}, {"4000", "2500"}} {
		if got := [2]string{field(infos[i], "winrate"), field(infos[i], "prior")}; got != want {
			t.Errorf("lz move %d: winrate, prior %v, want %v", i, got, want)
		}
	}
	rk.ByModel = false
	infos = split(infoLine(g, rk, evals, nil, analyzeArgs{}))
	if p := field(infos[1], "prior"); p != "0.500000" {
		t.Errorf("without a model: prior %s, want even, 0.5", p)
	}
}
