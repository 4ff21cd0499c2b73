package peer

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"goeval/board"
)

// The test binary doubles as a fake GTP engine: run with GOEVAL_FAKE_GTP=1
// it speaks GTP on standard input and output (see fakeEngine).
func TestMain(m *testing.M) {
	if os.Getenv("GOEVAL_FAKE_GTP") == "1" {
		fakeEngine(os.Stdin, os.Stdout, os.Stderr)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine is a small GTP engine with a real board. Its estimate_score is
// the stone balance minus komi; its territory_value (White positive) is
// 0.5 for White on the empty points of the left half and -1.5 on the right
// half (beyond the range, to test clamping), 2 on black stones of the first
// column (which it counts as dead: its final_status_list dead lists them)
// and 0 on other stones. GOEVAL_FAKE_GTP_LACKS lists commands it
// pretends not to know. Extra commands: sleep (never answers in time),
// crash (exits with status 3), noise (junk before the answer), plays (the
// number of play commands so far), ids ("=7" style answer). Its
// top_moves_black and top_moves_white list the first three empty points in
// map order with values 3, 2, 1 (none on a full board); its genmove plays
// the first empty point, or passes; its undo takes back the last stone played.
func fakeEngine(in io.Reader, out, errw io.Writer) {
	lacks := map[string]bool{}
	for _, c := range strings.Fields(os.Getenv("GOEVAL_FAKE_GTP_LACKS")) {
		lacks[c] = true
	}
	known := []string{"protocol_version", "name", "known_command", "list_commands", "boardsize", "clear_board",
		"komi", "play", "estimate_score", "final_score", "initial_influence", "final_status_list", "quit",
		"top_moves_black", "top_moves_white", "genmove", "undo"}
	size, komi := 19, 0.0
	b := board.New(size)
	plays := 0
	last := board.Pass // the stone genmove placed, for undo
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	reply := func(ok bool, s string) {
		if ok {
			fmt.Fprintf(w, "= %s\n\n", s)
		} else {
			fmt.Fprintf(w, "? %s\n\n", s)
		}
		w.Flush()
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if lacks[f[0]] {
			reply(false, "unknown command")
			continue
		}
		geo := b.Geometry()
		switch f[0] {
		case "protocol_version":
			reply(true, "2")
		case "name":
			reply(true, "fake")
		case "known_command":
			ok := false
			for _, k := range known {
				ok = ok || (len(f) > 1 && k == f[1] && !lacks[k])
			}
			reply(true, strconv.FormatBool(ok))
		case "list_commands":
			reply(true, strings.Join(known, "\n"))
		case "boardsize":
			size, _ = strconv.Atoi(f[1])
			b = board.New(size)
			reply(true, "")
		case "clear_board":
			b = board.New(size)
			reply(true, "")
		case "komi":
			komi, _ = strconv.ParseFloat(f[1], 64)
			reply(true, "")
		case "play":
			plays++
			c := board.Black
			if strings.EqualFold(f[1], "w") || strings.EqualFold(f[1], "white") {
				c = board.White
			}
			p, err := geo.ParseGTP(f[2])
			if err == nil {
				err = b.Play(c, p)
			}
			if err != nil {
				reply(false, "illegal move")
			} else {
				reply(true, "")
			}
		case "estimate_score", "final_score":
			r := float64(b.Count(board.Black)-b.Count(board.White)) - komi
			switch {
			case r > 0:
				reply(true, fmt.Sprintf("B+%.1f (upper bound: %.1f, lower: %.1f)", r, -r, -r))
			case r < 0:
				reply(true, fmt.Sprintf("W+%.1f (upper bound: %.1f, lower: %.1f)", -r, -r, -r))
			default:
				reply(true, "0")
			}
		case "initial_influence":
			var sb strings.Builder
			for y := 0; y < size; y++ {
				for x := 0; x < size; x++ {
					v := 0.0
					switch c := b.At(geo.At(x, y)); {
					case c == board.Empty && x < size/2:
						v = 0.5
					case c == board.Empty:
						v = -1.5
					case c == board.Black && x == 0:
						v = 2
					}
					fmt.Fprintf(&sb, " %6.2f", v)
				}
				sb.WriteString("\n")
			}
			reply(true, strings.TrimRight(sb.String(), "\n"))
		case "final_status_list":
			var dead []string
			for y := 0; y < size; y++ {
				if b.At(geo.At(0, y)) == board.Black {
					dead = append(dead, geo.GTP(geo.At(0, y)))
				}
			}
			reply(true, strings.Join(dead, " "))
		case "top_moves_black", "top_moves_white":
			var out []string
			for p := 0; p < geo.N && len(out) < 6; p++ {
				if b.At(board.Point(p)) == board.Empty {
					out = append(out, geo.GTP(board.Point(p)), strconv.Itoa(3-len(out)/2))
				}
			}
			reply(true, strings.Join(out, " "))
		case "genmove":
			c := board.Black
			if strings.EqualFold(f[1], "w") || strings.EqualFold(f[1], "white") {
				c = board.White
			}
			v := "pass"
			for p := 0; p < geo.N; p++ {
				if b.At(board.Point(p)) == board.Empty && b.Play(c, board.Point(p)) == nil {
					v, last = geo.GTP(board.Point(p)), board.Point(p)
					break
				}
			}
			reply(true, v)
		case "undo":
			if last == board.Pass {
				reply(false, "cannot undo")
				break
			}
			b.Set(last, board.Empty)
			last = board.Pass
			reply(true, "")
		case "sleep":
			time.Sleep(20 * time.Second)
			reply(true, "")
		case "crash":
			fmt.Fprintln(errw, "fake: crashing on purpose")
			os.Exit(3)
		case "noise":
			fmt.Fprintf(w, "some junk\r\n")
			reply(true, "after noise")
		case "plays":
			reply(true, strconv.Itoa(plays))
		case "ids":
			fmt.Fprintf(w, "=7 with id\r\n\r\n")
			w.Flush()
		case "multi":
			reply(true, "line one\nline two")
		case "quit":
			reply(true, "")
			return
		default:
			reply(false, "unknown command")
		}
	}
}
