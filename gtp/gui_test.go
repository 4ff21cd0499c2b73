package gtp

import (
	"strings"
	"testing"

	"goeval/board"
)

// TestHandicapPoints checks the fixed handicap points against the GTP
// specification's table (section 4.1.1) for 19x19, and the same pattern
// on the 3rd line below 13x13: up to nine stones on odd sizes from 9x9,
// four on 7x7 and even sizes, none below 7x7.
func TestHandicapPoints(t *testing.T) {
	for _, c := range []struct {
		size, n int
		want    string // "" for an error
	}{
		{19, 2, "D4 Q16"},
		{19, 3, "D4 Q16 D16"},
		{19, 4, "D4 Q16 D16 Q4"},
		{19, 5, "D4 Q16 D16 Q4 K10"},
		{19, 6, "D4 Q16 D16 Q4 D10 Q10"},
		{19, 7, "D4 Q16 D16 Q4 D10 Q10 K10"},
		{19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"},
		{19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"},
		{19, 10, ""},
		{19, 1, ""},
		{13, 9, "D4 K10 D10 K4 D7 K7 G4 G10 G7"},
		{9, 5, "C3 G7 C7 G3 E5"},
		{9, 8, "C3 G7 C7 G3 C5 G5 E3 E7"},
		{7, 4, "C3 E5 C5 E3"},
		{7, 5, ""},
		{8, 4, "C3 F6 C6 F3"},
		{8, 5, ""},
		{6, 2, ""},
	} {
		ps, err := handicapPoints(board.New(c.size).Geometry(), c.n)
		var got []string
		for _, p := range ps {
			got = append(got, board.New(c.size).Geometry().GTP(p))
		}
		if (err != nil) != (c.want == "") || strings.Join(got, " ") != c.want {
			t.Errorf("%d stones on %dx%d: %q (%v), want %q", c.n, c.size, c.size, got, err, c.want)
		}
	}
}

// TestGUICommands checks the commands GUIs and KGS send, with the answers
// they must get.
func TestGUICommands(t *testing.T) {
	for _, c := range []struct {
		name   string
		script [][2]string
	}{
		{"fixed_handicap", [][2]string{
			{"boardsize 9", "= "},
			{"fixed_handicap 5", "= C3 G7 C7 G3 E5"},
			{"showboard", "= \n    A B C D E F G H J\n 9  . . . . . . . . . 9\n 8  . . . . . . . . . 8\n 7  . . X . . . X . . 7\n 6  . . . . . . . . . 6\n 5  . . . . X . . . . 5\n 4  . . . . . . . . . 4\n 3  . . X . . . X . . 3\n 2  . . . . . . . . . 2\n 1  . . . . . . . . . 1\n    A B C D E F G H J\nWhite to move, komi 6.5; captured: 0 by Black, 0 by White"},
			{"fixed_handicap 2", "? board not empty"},
			{"undo", "? cannot undo"},
			{"clear_board", "= "},
			{"fixed_handicap 1", "? invalid number of stones: 1 (want 2 to 80)"},
			{"fixed_handicap 10", "? invalid number of stones: 10 (want 2 to 9 on a 9x9 board)"},
			{"fixed_handicap x", "? syntax error: want fixed_handicap NUMBER_OF_STONES"},
			{"play b pass", "= "},
			{"fixed_handicap 2", "= C3 G7"}, // the board is empty
			{"undo", "? cannot undo"},
			{"boardsize 5", "= "},
			{"fixed_handicap 2", "? invalid number of stones: no fixed handicap points on a 5x5 board"},
		}},
		{"place_free_handicap", [][2]string{
			{"boardsize 9", "= "},
			{"place_free_handicap 12", "= C3 G7 C7 G3 C5 G5 E3 E7 E5"},
			{"place_free_handicap 2", "? board not empty"},
			{"boardsize 8", "= "},
			{"place_free_handicap 3", "= C3 F6 C6"},
			{"boardsize 5", "= "},
			{"place_free_handicap 2", "? no handicap points of its own on a 5x5 board: place the stones with set_free_handicap"},
			{"place_free_handicap 25", "? invalid number of stones: 25 (want 2 to 24)"},
		}},
		{"set_free_handicap", [][2]string{
			{"boardsize 5", "= "},
			{"set_free_handicap a1", "? bad vertex list: 1 vertices (want 2 to 24)"},
			{"set_free_handicap a1 A1", "? bad vertex list: A1 twice"},
			{"set_free_handicap a1 pass", "? bad vertex list: pass is not a point"},
			{"set_free_handicap a1 f1", `? bad vertex list: invalid vertex "f1": off the 5x5 board`},
			{"set_free_handicap e5 a1 c3", "= "},
			{"showboard", "= \n    A B C D E\n 5  . . . . X 5\n 4  . . . . . 4\n 3  . . X . . 3\n 2  . . . . . 2\n 1  X . . . . 1\n    A B C D E\nWhite to move, komi 6.5; captured: 0 by Black, 0 by White"},
			{"set_free_handicap b2 b3", "? board not empty"},
		}},
		{"time", [][2]string{
			{"time_settings 300 30 5", "= "},
			{"time_settings 0 1.5 0", "= "},
			{"time_settings 300 30", "? syntax error: want time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES (seconds, seconds, stones)"},
			{"time_settings -1 30 5", "? syntax error: want time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES (seconds, seconds, stones)"},
			{"time_settings 300 30 2.5", "? syntax error: want time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES (seconds, seconds, stones)"},
			{"time_left b 120 0", "= "},
			{"time_left white 12.5 3", "= "},
			{"time_left x 12 3", `? invalid color "x"`},
			{"time_left b soon 3", "? syntax error: want time_left COLOR TIME STONES (seconds, stones)"},
			{"time_left b 12", "? syntax error: want time_left COLOR TIME STONES"},
		}},
		{"komi", [][2]string{
			{"komi 5.5x", "? komi not a number"},
			{"komi 1e400", "? komi out of range"},
			{"komi NaN", "? komi out of range"},
			{"komi -Inf", "? komi out of range"},
			{"komi 625.5", "? komi out of range"},
			{"komi -625", "= "},
			{"komi 0.5", "= "},
		}},
		{"known commands", [][2]string{
			{"known_command time_settings", "= true"},
			{"known_command time_left", "= true"},
			{"known_command kgs-genmove_cleanup", "= true"},
			{"known_command fixed_handicap", "= true"},
			{"known_command place_free_handicap", "= true"},
			{"known_command set_free_handicap", "= true"},
			{"known_command kata-genmove_analyze", "= true"},
			{"known_command lz-genmove_analyze", "= true"},
			{"known_command lz-analyze", "= true"},
			{"known_command kgs-time_settings", "= false"},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cmds []string
			for _, s := range c.script {
				cmds = append(cmds, s[0])
			}
			got := session(t, Config{}, cmds...)
			if len(got) != len(c.script) {
				t.Fatalf("%d answers to %d commands: %q", len(got), len(c.script), got)
			}
			for i, s := range c.script {
				if got[i] != s[1] {
					t.Errorf("%s:\n got %q\nwant %q", s[0], got[i], s[1])
				}
			}
		})
	}
}

// TestHandicapRecord: handicap stones are the record's start, not moves.
func TestHandicapRecord(t *testing.T) {
	f := &fakeNet{}
	cfg := netConfig(f)
	cfg.Size = 9
	got := session(t, cfg, "fixed_handicap 2", "play w e5", "estimate_score")
	if got[0] != "= C3 G7" || !strings.HasPrefix(got[2], "= ") {
		t.Fatalf("answers %q", got)
	}
	games := f.gamesGiven()
	if len(games) != 1 {
		t.Fatalf("%d records given, want 1", len(games))
	}
	rec := games[0]
	if stonesOf(rec.Start) != "B G7 B C3" || rec.Start.ToMove() != board.White || moves(rec.Start.Geometry(), rec.Moves) != "W E5" {
		t.Errorf("record from %q, %s to move, moves %q; want the handicap, White to move, W E5",
			stonesOf(rec.Start), rec.Start.ToMove().Name(), moves(rec.Start.Geometry(), rec.Moves))
	}
}

// TestAvoidAllowRanking: the avoid and allow keys hold for the ranking's
// moves too. With the stones judge every move gains 1, so the moves come
// in map order: A5, B5, C5, ...
func TestAvoidAllowRanking(t *testing.T) {
	l := startLive(t, Config{Size: 5})
	for _, c := range []struct{ cmd, moves string }{
		{"kata-analyze b interval 0 maxmoves 2 avoid b a5,c5 1", "B5 D5"},
		{"kata-analyze b interval 0 maxmoves 3 allow b e1,d1 1 avoid w b5 1", "D1 E1"},
		{"kata-analyze b interval 0 maxmoves 2 allow w e1 1", "A5 B5"},
	} {
		l.send(c.cmd)
		if s := l.next(); s != "=" {
			t.Fatalf("%s: %q", c.cmd, s)
		}
		line := l.next()
		l.send("")
		if s := l.next(); s != "" {
			t.Fatalf("%s: %q", c.cmd, s)
		}
		var got []string
		f := strings.Fields(line)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "move" {
				got = append(got, f[i+1])
			}
		}
		if strings.Join(got, " ") != c.moves {
			t.Errorf("%s: moves %q, want %s", c.cmd, got, c.moves)
		}
	}
	l.send("kata-genmove_analyze b maxmoves 1 allow b e1 1")
	if a := l.answer(); !strings.HasPrefix(a, "= \ninfo move E1 ") || !strings.HasSuffix(a, "\nplay E1") {
		t.Errorf("kata-genmove_analyze: %q", a)
	}
	l.send("showboard")
	if a := l.answer(); !strings.Contains(a, " 1  . . . . X 1") {
		t.Errorf("E1 was not played:\n%s", a)
	}
}
