package netinput

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// parseK builds a kboard from a drawing, one row per line ('x'/'X' Black,
// 'o'/'O' White, '.', '*', ',' or '`' empty; blank lines and spaces ignored), placing the
// stones one by one in row-major order as KataGo's Board::parseBoard
// does, so that chain lists come out in KataGo's order. Boards need not
// be square.
func parseK(t testing.TB, drawing string) *kboard {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(drawing, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if line != "" {
			rows = append(rows, line)
		}
	}
	b := new(kboard)
	b.reset(len(rows[0]), len(rows))
	for y, row := range rows {
		if len(row) != b.xSize {
			t.Fatalf("row %d has %d points, want %d", y+1, len(row), b.xSize)
		}
		for x, r := range row {
			switch r {
			case 'x', 'X':
				b.play(b.loc(x, y), black)
			case 'o', 'O':
				b.play(b.loc(x, y), white)
			case '.', '*', ',', '`': // marks KataGo's drawings put on empty points
			default:
				t.Fatalf("bad character %q", r)
			}
		}
	}
	return b
}

// checkChains compares b's incremental chain data with a flood fill of
// its colours (the slow, obviously correct twin): one head per chain,
// a circular list through exactly the chain's stones, and the right
// stone and liberty counts and hash.
func checkChains(b *kboard) error {
	var seen [maxArr]bool
	var hash uint64
	for y := 0; y < b.ySize; y++ {
		for x := 0; x < b.xSize; x++ {
			l := b.loc(x, y)
			c := b.color[l]
			if c == empty {
				continue
			}
			hash ^= zobrist[l][colorIdx(c)]
			if seen[l] {
				continue
			}
			// Flood the chain.
			chain := []int16{l}
			in := map[int16]bool{l: true}
			libs := map[int16]bool{}
			for i := 0; i < len(chain); i++ {
				for _, d := range b.adj {
					a := chain[i] + d
					switch {
					case b.color[a] == empty:
						libs[a] = true
					case b.color[a] == c && !in[a]:
						in[a] = true
						chain = append(chain, a)
					}
				}
			}
			h := b.head[l]
			if !in[h] {
				return fmt.Errorf("chain at %d: head %d is not in the chain", l, h)
			}
			for _, s := range chain {
				seen[s] = true
				if b.head[s] != h {
					return fmt.Errorf("chain at %d: stone %d has head %d, want %d", l, s, b.head[s], h)
				}
			}
			n := 0
			for cur := h; ; {
				if !in[cur] {
					return fmt.Errorf("chain at %d: list reaches %d outside the chain", l, cur)
				}
				n++
				if n > len(chain) {
					return fmt.Errorf("chain at %d: list longer than the chain", l)
				}
				cur = b.next[cur]
				if cur == h {
					break
				}
			}
			if n != len(chain) || int(b.stones[h]) != len(chain) {
				return fmt.Errorf("chain at %d: list %d, count %d, flood %d stones", l, n, b.stones[h], len(chain))
			}
			if int(b.libs[h]) != len(libs) {
				return fmt.Errorf("chain at %d: %d liberties, flood finds %d", l, b.libs[h], len(libs))
			}
		}
	}
	if hash != b.hash {
		return fmt.Errorf("hash %x, recomputed %x", b.hash, hash)
	}
	return nil
}

// TestKboardRandomPlayUndo plays seeded random legal games and checks the
// chain data against the flood fill after every move, and that undoing a
// move restores the colours, counts and ko point exactly.
func TestKboardRandomPlayUndo(t *testing.T) {
	for _, size := range []int{2, 5, 9, 19} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(size), 7))
			var b kboard
			b.reset(size, size)
			pla := black
			for move := 0; move < 3*size*size; move++ {
				var cand []int16
				for y := 0; y < size; y++ {
					for x := 0; x < size; x++ {
						if l := b.loc(x, y); b.legal(l, pla) {
							cand = append(cand, l)
						}
					}
				}
				if len(cand) == 0 {
					b.play(passLoc, pla)
					pla = -pla
					continue
				}
				l := cand[rng.IntN(len(cand))]
				before := b
				r := b.playRecorded(l, pla)
				if err := checkChains(&b); err != nil {
					t.Fatalf("move %d after play: %v", move, err)
				}
				b.undo(r)
				if err := checkChains(&b); err != nil {
					t.Fatalf("move %d after undo: %v", move, err)
				}
				if b.color != before.color || b.ko != before.ko || b.blackCaptured != before.blackCaptured || b.whiteCaptured != before.whiteCaptured {
					t.Fatalf("move %d: undo did not restore the position", move)
				}
				b.play(l, pla)
				pla = -pla
			}
		})
	}
}
