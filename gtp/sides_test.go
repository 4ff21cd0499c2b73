package gtp

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"goeval/eval"
)

// TestKataAnalyzeBothSides asks kata-analyze for White and for Black in
// the same 9x9 opening position (after B E5, W C3; komi 6.5), with the
// shipped judge and move model as "goeval gtp" has them, and checks that
// the two sides agree about who is ahead (issue 25; issue 26 has the
// judge's part). Each answer's first move is evaluated from its mover's
// side after the move is played, so the two positions differ by a tempo:
// in a 9x9 opening a move is worth about komi (7 points), so the two
// leads, each the mover's, should sum to about that, not to 100 as when
// the judge took a lone stone off and gave the whole board to its killer
// (White +36 and Black 0.88 before). So: each lead within 10 points of 0
// (more than a tempo from even is no opening), the leads' sum within
// [-10, 15], and the winrates' sum within 0.35 of 1 (a 7-point tempo over
// the win model's spread of about 4-5 points early moves the two
// positions' winrates by up to about 0.35 together; both above 0.9, as
// before, is far outside).
func TestKataAnalyzeBothSides(t *testing.T) {
	judgeNew, err := eval.Factory("judge", nil)
	if err != nil {
		t.Fatal(err)
	}
	lk, err := eval.Factory("lambda-kappa", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := shippedModel(t)
	l := startLive(t, Config{Judge: judgeNew, Rank: lk, Model: m, Size: 9})
	for _, c := range []string{"komi 6.5", "play b e5", "play w c3"} {
		l.send(c)
		if a := l.answer(); a != "= " {
			t.Fatalf("%s: %q", c, a)
		}
	}
	var wr, lead [2]float64
	for i, c := range []string{"w", "b"} {
		l.send("kata-analyze " + c + " interval 0 maxmoves 1")
		if s := l.next(); s != "=" {
			t.Fatalf("%q", s)
		}
		line := l.next()
		checkInfo(t, line, 1, 0)
		f := strings.Fields(line)
		for k := 0; k+1 < len(f); k++ {
			v, _ := strconv.ParseFloat(f[k+1], 64)
			switch f[k] {
			case "winrate":
				wr[i] = v
			case "scoreLead":
				lead[i] = v
			}
		}
		l.send("")
		if s := l.next(); s != "" {
			t.Fatalf("%q", s)
		}
		t.Logf("for %s: %s", c, line)
	}
	if math.Abs(lead[0]) > 10 || math.Abs(lead[1]) > 10 || lead[0]+lead[1] < -10 || lead[0]+lead[1] > 15 || math.Abs(wr[0]+wr[1]-1) > 0.35 {
		t.Errorf("White's winrate %.3f and lead %+.1f, Black's %.3f and %+.1f: the sides disagree about who is ahead", wr[0], lead[0], wr[1], lead[1])
	}
}
