package gtp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/boardtest"
	"goeval/sgf"
)

const example = "../testdata/example.sgf"

// stones is the judge of the scripted tests: every stone counts for its
// colour, so that every score can be worked out by hand.
func stones() control.Estimator { return control.Stones{} }

func newEngine(t *testing.T, cfg Config) *Engine {
	t.Helper()
	if cfg.Judge == nil {
		cfg.Judge = stones
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// session runs the commands through a new engine and returns its answers,
// split at the empty lines that end them.
func session(t *testing.T, cfg Config, commands ...string) []string {
	t.Helper()
	var out bytes.Buffer
	in := strings.NewReader(strings.Join(commands, "\n") + "\n")
	if err := newEngine(t, cfg).Run(context.Background(), in, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.HasSuffix(s, "\n\n") {
		t.Fatalf("output does not end with an empty line: %q", s)
	}
	return strings.Split(strings.TrimSuffix(s, "\n\n"), "\n\n")
}

// TestSession is a scripted conversation: each command with the answer it
// must get, bad commands included.
func TestSession(t *testing.T) {
	// final_score counts: with the stones judge nothing dies, so the count
	// is the area of the position as it stands.
	at150 := exampleAt(t, 150)
	_, area150 := at150.Area(nil)
	script := []struct{ cmd, want string }{
		{"protocol_version", "= 2"},
		{"1 name", "=1 goeval"},
		{"version", "= devel"},
		{"known_command play", "= true"},
		{"known_command kata-analyze", "= true"},
		{"known_command goeval-ownership-stones", "= true"},
		{"known_command fly", "= false"},
		{"fly me to the moon", "? unknown command"},
		{"12 fly", "?12 unknown command"},
		{"boardsize 30", "? unacceptable size"},
		{"7 boardsize 1", "?7 unacceptable size"},
		{"boardsize nine", "? boardsize not an integer"},
		{"boardsize", "? syntax error: want boardsize SIZE"},
		{"boardsize 9", "= "},
		{"komi 5.5x", "? komi not a number"},
		{"komi 5.5", "= "},
		{"play b", "? syntax error: want play COLOR VERTEX"},
		{"play red e5", `? invalid color "red"`},
		{"play b i5", `? invalid vertex "i5"`},
		{"play b e0", `? invalid vertex "e0": off the 9x9 board`},
		{"play b k5", `? invalid vertex "k5": off the 9x9 board`},
		{"play b 55", `? invalid vertex "55"`},
		{"12 play b e5", "=12 "},
		{"play w E5", "? illegal move: white E5 is occupied"},
		{"play W d5", "= "},
		{"play black pass", "= "},
		{"final_score", "= W+5.5"}, // 1 - 1 (the empty points border both) - 5.5
		{"play white e4", "= "},
		{"final_score", "= W+6.5"}, // 1 - 2 (the same) - 5.5
		{"estimate_score", "= W+6.5 (upper bound: 84.5, lower: -71.5)"},
		{"final_status_list dead", "= "},
		{"final_status_list alive", "= D5\nE5\nE4"}, // a chain a line, in map order
		{"final_status_list seki", "= "},
		{"final_status_list zombie", `? invalid status "zombie" (want alive, dead, seki)`},
		{"undo", "= "},
		{"undo", "= "},
		{"undo", "= "},
		{"undo", "= "},
		{"undo", "? cannot undo"},
		{"showboard", "= \n    A B C D E F G H J\n 9  . . . . . . . . . 9\n 8  . . . . . . . . . 8\n 7  . . . . . . . . . 7\n 6  . . . . . . . . . 6\n 5  . . . . . . . . . 5\n 4  . . . . . . . . . 4\n 3  . . . . . . . . . 3\n 2  . . . . . . . . . 2\n 1  . . . . . . . . . 1\n    A B C D E F G H J\nBlack to move, komi 5.5; captured: 0 by Black, 0 by White"},
		// Every move of the stones judge gains 1: the first in map order.
		{"genmove b", "= A9"},
		{"reg_genmove w", "= B9"},
		{"genmove w", "= B9"},
		{"genmove x", `? invalid color "x"`},
		{"clear_board", "= "},
		{"undo", "? cannot undo"},
		// loadsgf: the position before move N, the file's size and komi.
		{"loadsgf " + example + " 4", "= white"},
		{"showboard", "= \n    A B C D E F G H J K L M N O P Q R S T\n19  . . . . . . . . . . . . . . . . . . . 19\n18  . . . . . . . . . . . . . . . . . . . 18\n17  . . . O . . . . . . . . . . . . . . . 17\n16  . . . . . . . . . . . . . . . . X . . 16\n15  . . . X . . . . . . . . . . . . . . . 15\n14  . . . . . . . . . . . . . . . . . . . 14\n13  . . . . . . . . . . . . . . . . . . . 13\n12  . . . . . . . . . . . . . . . . . . . 12\n11  . . . . . . . . . . . . . . . . . . . 11\n10  . . . . . . . . . . . . . . . . . . . 10\n 9  . . . . . . . . . . . . . . . . . . . 9\n 8  . . . . . . . . . . . . . . . . . . . 8\n 7  . . . . . . . . . . . . . . . . . . . 7\n 6  . . . . . . . . . . . . . . . . . . . 6\n 5  . . . . . . . . . . . . . . . . . . . 5\n 4  . . . . . . . . . . . . . . . . . . . 4\n 3  . . . . . . . . . . . . . . . . . . . 3\n 2  . . . . . . . . . . . . . . . . . . . 2\n 1  . . . . . . . . . . . . . . . . . . . 1\n    A B C D E F G H J K L M N O P Q R S T\nWhite to move, komi 6.5; captured: 0 by Black, 0 by White"},
		{"final_score", "= W+5.5"}, // 2 - 1 - 6.5
		{"undo", "= "},
		{"undo", "= "},
		{"undo", "= "},
		{"undo", "? cannot undo"},
		{"loadsgf " + example + " 1", "= black"},
		{"final_score", "= W+6.5"},
		{"loadsgf " + example + " 151", "= black"}, // 150 moves: as goeval --move 150
		{"final_score", "= " + scoreString(area150-6.5)},
		{"loadsgf " + example, "= black"}, // the end: 258 moves
		{"loadsgf " + example + " 0", "= black"},
		{"loadsgf " + example + " 9999", "= black"},
		{"loadsgf " + example + " d4", `? invalid move number "d4" (want 1 or more; 0 or none for the end)`},
		{"loadsgf " + example + " -5", `? invalid move number "-5" (want 1 or more; 0 or none for the end)`},
		{"5", "?5 no command after the id"},
		{"6 # only an id and a comment", "?6 no command after the id"},
		{"loadsgf", "? syntax error: want loadsgf FILE [MOVE_NUMBER]"},
		{"loadsgf nowhere.sgf", "? cannot open or parse 'nowhere.sgf': open nowhere.sgf: no such file or directory"},
		{"list_commands", "= " + strings.Join([]string{"boardsize", "clear_board", "estimate_score", "final_score", "final_status_list",
			"fixed_handicap", "genmove", "goeval-ownership-stones", "goeval-ranking", "goeval-ranking-gfx", "goeval-values", "gogui-analyze_commands",
			"gogui_analyze_commands", "kata-analyze", "kata-genmove_analyze", "kgs-genmove_cleanup", "known_command", "komi", "list_commands", "loadsgf",
			"lz-analyze", "lz-genmove_analyze", "name", "place_free_handicap", "play",
			"protocol_version", "quit", "reg_genmove", "set_free_handicap", "showboard", "time_left", "time_settings", "undo", "version"}, "\n")},
		{"  # a comment and blank lines are skipped", ""},
		{"", ""},
		{"\t3  quit  # bye", "=3 "},
		{"name", ""}, // after quit: not read
	}
	var cmds, want []string
	for _, s := range script {
		cmds = append(cmds, s.cmd)
		if s.want != "" {
			want = append(want, s.want)
		}
	}
	got := session(t, Config{Estimators: []Estimator{{Name: "stones", New: stones}}}, cmds...)
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("answer %d:\n got %q\nwant %q", i+1, g, w)
		}
	}
}

// TestEndOfInput checks that Run returns at the end of input without
// quit, having answered everything.
func TestEndOfInput(t *testing.T) {
	got := session(t, Config{}, "name", "version")
	if len(got) != 2 || got[1] != "= devel" {
		t.Errorf("%q", got)
	}
}

// TestLongLines checks that a line of 1 MiB or more (longer than MaxLine)
// is answered with an error that says so, with its id, and that the engine
// reads on; a line of MaxLine bytes is still a command.
func TestLongLines(t *testing.T) {
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }
	got := session(t, Config{},
		"1 name",
		pad("2 name", MaxLine),
		pad("3 name", MaxLine+1),
		"4 "+strings.Repeat("x", 5*MaxLine),
		strings.Repeat("y", MaxLine+1)+"\r",
		pad("5 version", MaxLine)+"\r",
		"6 name")
	want := []string{"=1 goeval", "=2 goeval",
		"?3 line of 1 MiB or more: ignored",
		"?4 line of 1 MiB or more: ignored",
		"? line of 1 MiB or more: ignored",
		"=5 devel", "=6 goeval"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answers %q, want %q", got, want)
	}
	// The last line needs no line break; a read error ends Run with it.
	var out bytes.Buffer
	if err := newEngine(t, Config{}).Run(context.Background(), strings.NewReader("7 name"), &out); err != nil || out.String() != "=7 goeval\n\n" {
		t.Errorf("last line without a break: %q, %v", out.String(), err)
	}
	out.Reset()
	broken := io.MultiReader(strings.NewReader("8 name\n"), iotest.ErrReader(errors.New("disk on fire")))
	if err := newEngine(t, Config{}).Run(context.Background(), broken, &out); err == nil || !strings.Contains(err.Error(), "disk on fire") || out.String() != "=8 goeval\n\n" {
		t.Errorf("read error: %q, %v", out.String(), err)
	}
}

func TestParseLine(t *testing.T) {
	cases := []struct {
		in, id, name string
		args         []string
		ok           bool
	}{
		{"play b d4", "", "play", []string{"b", "d4"}, true},
		{"12 play b d4", "12", "play", []string{"b", "d4"}, true},
		{"\tplay\tb  d4\r", "", "play", []string{"b", "d4"}, true},
		{"pl\x01ay b d4", "", "play", []string{"b", "d4"}, true},
		{"play b d4 # not d5", "", "play", []string{"b", "d4"}, true},
		{"# only a comment", "", "", nil, false},
		{"   ", "", "", nil, false},
		{"12", "12", "", nil, false},
		{"-1 name", "", "-1", []string{"name"}, true},
	}
	for _, tc := range cases {
		id, name, args, ok := parseLine(tc.in)
		if id != tc.id || name != tc.name || strings.Join(args, ",") != strings.Join(tc.args, ",") || ok != tc.ok {
			t.Errorf("parseLine(%q) = %q %q %q %v", tc.in, id, name, args, ok)
		}
	}
}

// panicky is an estimator that panics, to show that a failing command is
// an answer, not a crash.
type panicky struct{ control.Stones }

func (panicky) Estimate(*control.Result, *board.Board) error { panic("no estimate today") }

type failing struct{ control.Stones }

func (failing) Estimate(*control.Result, *board.Board) error { return errors.New("cannot") }

func TestFailuresAreAnswers(t *testing.T) {
	got := session(t, Config{Judge: func() control.Estimator { return panicky{} }}, "final_score", "name")
	if len(got) != 2 || got[0] != "? internal error: no estimate today" || got[1] != "= goeval" {
		t.Errorf("%q", got)
	}
	got = session(t, Config{Judge: func() control.Estimator { return failing{} }}, "estimate_score", "genmove b", "name")
	if len(got) != 3 || got[0] != "? stones: cannot" || !strings.HasPrefix(got[1], "? ") || got[2] != "= goeval" {
		t.Errorf("%q", got)
	}
}

func TestNewErrors(t *testing.T) {
	for name, cfg := range map[string]Config{
		"no judge":        {},
		"bad size":        {Judge: stones, Size: 30},
		"nameless":        {Judge: stones, Estimators: []Estimator{{Name: "", New: stones}}},
		"slash in a name": {Judge: stones, Estimators: []Estimator{{Name: "a/b", New: stones}}},
		"no constructor":  {Judge: stones, Estimators: []Estimator{{Name: "x", New: nil}}},
	} {
		if _, err := New(cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestAnalyzeCommands checks GoGui's analyze commands on a 5x5 board.
func TestAnalyzeCommands(t *testing.T) {
	var ests []Estimator
	for _, s := range eval.Usable() {
		f, err := eval.Factory(s.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		ests = append(ests, Estimator{Name: s.Name, New: f})
	}
	got := session(t, Config{Estimators: ests, Size: 5},
		"gogui-analyze_commands", "play b c3", "play w b2",
		"goeval-ownership-stones", "goeval-ownership-lambda-kappa",
		"goeval-values", "goeval-ranking", "goeval-ranking w", "goeval-ranking-gfx", "goeval-ownership-stones x")
	if len(got) != 10 {
		t.Fatalf("%d answers: %q", len(got), got)
	}
	list := strings.Split(strings.TrimPrefix(got[0], "= "), "\n")
	if len(list) != len(ests)+3 || list[0] != "dboard/Ownership stones/goeval-ownership-stones" ||
		list[len(ests)] != "pspairs/Move values (miai)/goeval-values" ||
		list[len(ests)+1] != "sboard/Ranking (a-z best, X worst)/goeval-ranking %m" {
		t.Errorf("analyze commands:\n%s", got[0])
	}
	for _, l := range list {
		if f := strings.Split(l, "/"); len(f) != 3 {
			t.Errorf("%q is not type/label/command", l)
		}
	}
	wantStones := "= 0.000 0.000 0.000 0.000 0.000\n0.000 0.000 0.000 0.000 0.000\n0.000 0.000 1.000 0.000 0.000\n0.000 -1.000 0.000 0.000 0.000\n0.000 0.000 0.000 0.000 0.000"
	if got[3] != wantStones {
		t.Errorf("stones ownership:\n%s", got[3])
	}
	if rows := strings.Split(strings.TrimPrefix(got[4], "= "), "\n"); len(rows) != 5 || len(strings.Fields(rows[0])) != 5 {
		t.Errorf("lambda-kappa ownership:\n%s", got[4])
	}
	// Values: the stones judge makes every play worth 1 (deiri 2).
	pairs := strings.Split(strings.TrimPrefix(got[5], "= "), "\n")
	if len(pairs) != 23 || pairs[0] != "A5 1.0" {
		t.Errorf("values:\n%s", got[5])
	}
	// Ranking: every move gains 1, so a..w lie in map order, no crosses
	// (23 moves: the worst 26 overlap the letters... and none is left).
	wantRank := "= a b c d e\nf g h i j\nk l \"\" m n\no \"\" p q r\ns t u v w"
	if got[6] != wantRank || got[7] != wantRank {
		t.Errorf("ranking:\n%s\n%s", got[6], got[7])
	}
	if !strings.HasPrefix(got[8], "= LABEL A5 a B5 b") || !strings.Contains(got[8], "\nTEXT black: best A5") {
		t.Errorf("gfx:\n%s", got[8])
	}
	if got[9] != "? syntax error: want goeval-ownership-stones" {
		t.Errorf("%q", got[9])
	}
}

// exampleAt returns the example game's position after n moves.
func exampleAt(t *testing.T, n int) *board.Board {
	t.Helper()
	g, err := sgf.Load(example, 1)
	if err != nil {
		t.Fatal(err)
	}
	var at *board.Board
	_, err = g.Replay(func(k int, b *board.Board) error {
		if k == n {
			c := *b
			at = &c
		}
		return nil
	})
	if err != nil || at == nil {
		t.Fatalf("replaying the example to move %d: %v", n, err)
	}
	return at
}

// With the judge, final_score counts the position as a finished game and
// final_status_list names the stones that count takes off or leaves in
// seki. Inside a black wall (22 stones), three white stones are dead: off
// the board, all 81 points are Black's, B+74.5 after komi 6.5. In a seki,
// a white ring (16 stones) and the 6 black stones inside it share two
// liberties: they stay, the liberties are dame, and Black's 30 stones (24
// in the wall) and the 33 points outside make 30 + 33 - 16 = 47, B+40.5.
func TestFinalScoreCounts(t *testing.T) {
	judgeOf, err := eval.Factory("judge", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		b     *board.Board
		score string
		// the stones final_status_list lists, by status
		stones map[string]int
	}{
		{"dead inside the wall", boardtest.DeadInsideWall(), "B+74.5", map[string]int{"alive": 22, "dead": 3, "seki": 0}},
		{"seki", boardtest.SekiInWall(), "B+40.5", map[string]int{"alive": 24, "dead": 0, "seki": 22}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := c.b
			cmds := []string{"boardsize 9"}
			for p, col := range b.Cells() {
				if col != board.Empty {
					cmds = append(cmds, "play "+col.Name()+" "+b.Geometry().GTP(board.Point(p)))
				}
			}
			cmds = append(cmds, "final_score", "final_status_list alive", "final_status_list dead", "final_status_list seki")
			got := session(t, Config{Judge: judgeOf}, cmds...)
			n := len(got)
			if got[n-4] != "= "+c.score {
				t.Errorf("final_score %q, want %q", got[n-4], "= "+c.score)
			}
			for i, status := range []string{"alive", "dead", "seki"} {
				listed := strings.Fields(strings.TrimPrefix(got[n-3+i], "="))
				if len(listed) != c.stones[status] {
					t.Errorf("final_status_list %s lists %d stones, want %d: %q", status, len(listed), c.stones[status], got[n-3+i])
				}
			}
		})
	}
}

// Under territory scoring, final_score counts territory and prisoners and
// resolves the open basic ko of testdata/ko/open-ko.sgf by the Ikeda
// table: Black's territory 12, White's 19, and one ko Black can connect
// with White to move. With no ko threats that is the table's case 4:
// White captures and connects, -1, so 12 - 19 - 1 = -8, W+8.5 after komi
// 0.5. A ko threat more for Black makes it case 3, which Black wins: -7,
// W+7.5. Area rules count C6 for Black: 22 - 27 = -5, W+5.5.
func TestFinalScoreTerritory(t *testing.T) {
	const file = "../testdata/ko/open-ko.sgf"
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Territory: true}, "= W+8.5"},
		{Config{Territory: true, KoThreatsBlack: 1}, "= W+7.5"},
		{Config{}, "= W+5.5"},
	} {
		got := session(t, c.cfg, "loadsgf "+file, "final_score")
		if got[0] != "= white" || got[1] != c.want {
			t.Errorf("%+v: %q, want [\"= white\" %q]", c.cfg, got, c.want)
		}
	}
}

// TestLoadsgfIllegalMove checks that a record whose main line has an
// illegal move before the position asked for is not loaded: the answer
// names the file, where the move is written and what is wrong, and the
// board stays as it was. A position before the illegal move still loads.
func TestLoadsgfIllegalMove(t *testing.T) {
	file := filepath.Join(t.TempDir(), "illegal.sgf")
	if err := os.WriteFile(file, []byte("(;GM[1]FF[4]SZ[9];B[cc];W[cc])"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := session(t, Config{}, "boardsize 5", "play b c3", "loadsgf "+file, "showboard", "loadsgf "+file+" 2", "showboard")
	if len(got) != 6 {
		t.Fatalf("answers %q", got)
	}
	want := "? " + file + ":1:25: sgf: illegal move 2 (W C7): "
	if !strings.HasPrefix(got[2], want) || !strings.Contains(got[2], "occupied") {
		t.Errorf("loadsgf of an illegal record: %q, want %q...occupied", got[2], want)
	}
	if !strings.Contains(got[3], " 3  . . X . . 3") || strings.Contains(got[3], " 9 ") {
		t.Errorf("the board changed after a failed loadsgf:\n%s", got[3])
	}
	if got[4] != "= white" || !strings.Contains(got[5], " 7  . . X . . . . . . 7") {
		t.Errorf("the position before the illegal move: %q\n%s", got[4], got[5])
	}
}

// TestLoadsgfWarnings checks that loadsgf tells Config.Warn what the SGF
// reader found odd, and that a move number past the end loaded the end.
func TestLoadsgfWarnings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "open.sgf")
	if err := os.WriteFile(file, []byte("(;GM[1]FF[4]SZ[9];B[cc];W[dd]"), 0o644); err != nil {
		t.Fatal(err)
	}
	var warned []string
	cfg := Config{Warn: func(line string) { warned = append(warned, line) }}
	got := session(t, cfg, "loadsgf "+file, "loadsgf "+example+" 9999", "loadsgf "+example+" 259", "loadsgf "+example)
	if strings.Join(got, "|") != "= black|= black|= black|= black" {
		t.Errorf("answers %q", got)
	}
	if len(warned) != 2 || !strings.HasPrefix(warned[0], file+":1:1: sgf: warning: the game tree opened here is not closed") ||
		warned[1] != "loadsgf "+example+" 9999: the main line has 258 moves: loaded to its end" {
		t.Errorf("warnings %q", warned)
	}
}

// TestLoadsgfLongRecordMemory checks that loadsgf of a long record takes
// memory by its positions, not by its moves: a record of 20,000 passes
// holds two positions, so loading it may allocate what reading, replaying
// and listing the moves of the record take and a few dozen bytes a move
// for the history (a step is a pointer, a move and a flag,
// in a slice that doubles as it grows), never a board a move (656 bytes
// on 19x19).
func TestLoadsgfLongRecordMemory(t *testing.T) {
	const passes = 20000
	var sb strings.Builder
	sb.WriteString("(;GM[1]FF[4]SZ[19]KM[7.5]")
	for i := range passes {
		sb.WriteString([]string{";B[]", ";W[]"}[i%2])
	}
	sb.WriteString(")")
	file := filepath.Join(t.TempDir(), "passes.sgf")
	if err := os.WriteFile(file, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	allocated := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	read := allocated(func() {
		g, err := sgf.Load(file, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Replay(nil); err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Moves(); err != nil {
			t.Fatal(err)
		}
	})
	e := newEngine(t, Config{})
	loaded := allocated(func() {
		if a, err := e.loadsgf([]string{file}); err != nil || a != "black" {
			t.Fatalf("loadsgf: %q, %v", a, err)
		}
	})
	if limit := read + 100*passes; loaded > limit {
		t.Errorf("loadsgf of %d passes allocated %d bytes, %d a move; reading, replaying and listing the record's moves %d: want at most %d (100 bytes a move more)",
			passes, loaded, loaded/passes, read, limit)
	}
	if len(e.history) != passes {
		t.Fatalf("history of %d steps, want %d", len(e.history), passes)
	}
	if got := session(t, Config{}, "loadsgf "+file, "undo", "undo", "showboard"); got[0] != "= black" || !strings.Contains(got[3], "Black to move") {
		t.Errorf("after loadsgf and two undos: %q", got)
	}
}

// ranged is the stones estimator with a result range of its own: the
// score (the stones) from 3 below to 5 above.
type ranged struct{ control.Stones }

func (ranged) ResultRange(b *board.Board) (lo, hi float64, ok bool, err error) {
	var r control.Result
	_ = control.Stones{}.Estimate(&r, b)
	return r.Score - 3, r.Score + 5, true, nil
}

// TestEstimateScoreRange: with a judge that models the result's spread,
// estimate_score's bounds are its range, White positive after komi.
func TestEstimateScoreRange(t *testing.T) {
	got := session(t, Config{Judge: func() control.Estimator { return ranged{} }, Size: 5},
		"komi 0.5", "play b c3", "estimate_score")
	// Black's score 1 (one stone), komi 0.5: B+0.5; Black's result from
	// 1-3 = -2 to 1+5 = 6 before komi, so White's best is 2.5 and worst
	// -5.5.
	if want := "= B+0.5 (upper bound: 2.5, lower: -5.5)"; got[len(got)-1] != want {
		t.Errorf("estimate_score %q, want %q", got[len(got)-1], want)
	}
}
