package judge

import (
	"math"

	"goeval/board"
	"goeval/playout"
	"goeval/tactics"
)

// The features of a chain, inputs of the death model. Values are in about
// [-1, 1] or small logarithms so that one regularisation fits all.
const (
	fBias         = iota // 1
	fMean                // m: mean control of the chain's stones, from its colour's side
	fMean2               // m²
	fLibs                // liberties, capped at 6, over 6
	fLogSize             // log(stones)
	fLibX                // mean control of the liberties, from the chain's side
	fNear                // mean control within 3 steps of the chain, from its side
	fAtari               // 1 if the chain has one liberty
	fAtariToMove         // 1 if in atari and its colour is to move
	fEnclX               // mean control of the empty points of the chain's enclosure
	fEnclEmpty           // log(1 + empty points of the enclosure), capped
	fEnclEyes            // eyes in the enclosure, capped at 2, over 2
	fSpace               // log(1 + empty points of the chain's living space), capped
	fSpaceEyes           // eyes in the living space, capped at 2, over 2
	fStage               // s: stones on the board over points
	fMeanStage           // m·s
	fNearStage           // near·s
	fEnclXStage          // enclX·s
	fLibXStage           // libX·s
	fFoeMean             // lowest mean control (from its side) of an adjacent opponent chain, 1 if none
	fFoeLibs             // fewest liberties of an adjacent opponent chain, capped at 6, over 6 (1 if none)
	fLibLead             // (liberties - fewest opponent liberties) / 4, clamped to [-1, 1]
	fReadDead            // 1 if reading (package tactics; chains with at most 2 liberties) captures the chain whoever moves first
	fReadTaken           // 1 if reading captures it with the opponent to move, and it would escape moving first
	fReadSaved           // 1 if reading captures it moving second, and its colour is to move
	fGroupLogSize        // log(stones of its group): chains of its colour linked by shared liberties
	fGroupLibs           // liberties of its group, capped at 20, over 20
	fGroupMean           // mean control of its group's stones, from its side
	fGroupLibX           // mean control of its group's liberties, from its side
	fPlayout             // mean final ownership of its stones in random playouts, from its side (0 without playouts)
	fPlayoutStage        // playout·s
	NumFeatures
)

// WithoutPlayouts returns f with the playout features set to 0, as a
// judge without playouts computes them.
func WithoutPlayouts(f [NumFeatures]float64) [NumFeatures]float64 {
	f[fPlayout], f[fPlayoutStage] = 0, 0
	return f
}

// FeatureNames names the features, in order, for reports.
var FeatureNames = [NumFeatures]string{
	"bias", "mean", "mean²", "liberties", "log size", "liberty control", "control within 3",
	"atari", "atari, to move", "enclosure control", "log enclosure size", "enclosure eyes",
	"log living space", "living space eyes", "stage", "mean·stage", "near·stage",
	"enclosure control·stage", "liberty control·stage",
	"weakest foe's mean", "weakest foe's liberties", "liberty lead",
	"read dead", "read capturable, foe to move", "read capturable, to move",
	"log group size", "group liberties", "group mean", "group liberty control",
	"playout", "playout·stage",
}

const (
	// spaceTau bounds a chain's living space: empty points whose control
	// from the chain's side is below it belong to the opponent.
	spaceTau = -0.3
	// nearSteps is the reach of the fNear feature.
	nearSteps = 3
	// bigEye is the size from which an eye region counts as two eyes.
	bigEye = 7
	// readLiberties is the most liberties of a chain that is read
	// (package tactics). Chains with three liberties took half the
	// reading on dev positions and were never found dead.
	readLiberties = 2
)

// components labels connected sets of points of one colour's side; used
// for empty regions, enclosures and living spaces.
type components struct {
	id    [board.MaxPoints]int16
	empty []int32   // empty points per component
	eyes  []int32   // eyes per component
	sumX  []float64 // sum of control (from the colour's side) over its empty points
}

func (c *components) reset() {
	c.empty, c.eyes, c.sumX = c.empty[:0], c.eyes[:0], c.sumX[:0]
}

// Stage returns the stage of the game in b: the number of stones over the
// number of points. The death model, the score model and the choice of
// the late model (Params.For) all read it.
func Stage(b *board.Board) float64 {
	stones := 0
	cells := b.Cells()
	for _, c := range cells {
		if c != board.Empty {
			stones++
		}
	}
	return float64(stones) / float64(len(cells))
}

// Features computes the chain features of a position. It owns scratch
// memory: reuse one value to avoid allocation; it is not safe for
// concurrent use.
type Features struct {
	// Playouts is the number of random playouts behind the playout
	// features; 0 plays none and leaves them 0.
	Playouts int
	// Chains is the chain structure of the last position.
	Chains board.Chains
	// Of holds the features of every chain, by chain index.
	Of [][NumFeatures]float64

	regions board.Regions // the empty regions, for eyes

	encl  [2]components // index 0: Black's, 1: White's
	space [2]components

	chainMean []float64 // per chain: mean control from its colour's side
	foeIDs    []int32   // adjacent opponent chains, flat
	foeStart  []int32   // per chain: its foes are foeIDs[foeStart[id]:foeStart[id+1]]

	reader tactics.Reader
	mc     playout.Runner
	own    [board.MaxPoints]float64

	group     []int32   // per chain: union-find parent, then its group's root
	groupSize []int32   // per root: stones
	groupLibs []int32   // per root: distinct liberties
	groupX    []float64 // per root: sum of control over its stones, from its side
	groupLibX []float64 // per root: sum of control over its liberties, from its side

	stamp [board.MaxPoints]int32
	gen   int32
	queue [board.MaxPoints]board.Point
}

// nextGen starts a new marking generation of f.stamp.
func (f *Features) nextGen() int32 {
	if f.gen == math.MaxInt32 {
		clear(f.stamp[:])
		f.gen = 0
	}
	f.gen++
	return f.gen
}

func side(c board.Color) int {
	if c == board.Black {
		return 0
	}
	return 1
}

// Compute fills f.Chains and f.Of for b, whose control map (from the λ/κ
// estimator) is x.
func (f *Features) Compute(b *board.Board, x []float64) {
	b.Chains(&f.Chains)
	g := b.Geometry()
	cells := b.Cells()
	b.Regions(&f.regions)
	stage := Stage(b)
	for _, c := range [...]board.Color{board.Black, board.White} {
		f.label(&f.encl[side(c)], g, cells, x, c, math.Inf(-1))
		f.label(&f.space[side(c)], g, cells, x, c, spaceTau)
	}
	n := len(f.Chains.List)
	if cap(f.chainMean) < n {
		f.chainMean = make([]float64, n, n+n/2)
	}
	f.chainMean = f.chainMean[:n]
	for id, ch := range f.Chains.List {
		m, size := 0.0, 0
		for p := ch.Head; ; {
			m += x[p]
			size++
			p = f.Chains.Next(p)
			if p == ch.Head {
				break
			}
		}
		f.chainMean[id] = m / float64(size) * float64(ch.Color)
	}
	f.groups(g, cells, x)
	if f.Playouts > 0 {
		f.mc.Ownership(f.own[:], b, f.Playouts)
	} else {
		clear(f.own[:])
	}
	f.foeIDs = f.foeIDs[:0]
	if cap(f.foeStart) < n+1 {
		f.foeStart = make([]int32, n+1, n+n/2+1)
	}
	f.foeStart = f.foeStart[:n+1]
	if cap(f.Of) < n {
		f.Of = make([][NumFeatures]float64, n, n+n/2)
	}
	f.Of = f.Of[:n]
	for id, ch := range f.Chains.List {
		v := &f.Of[id]
		m, size := f.chainMean[id], ch.Stones
		libX, near := f.around(g, cells, x, ch)
		f.foeStart[id] = int32(len(f.foeIDs))
		foeMean, foeLibs := f.foes(g, cells, ch)
		lead := float64(min(ch.Liberties, 8)-foeLibs) / 4
		lead = max(-1, min(1, lead))
		s := side(ch.Color)
		e := &f.encl[s]
		ei := e.id[ch.Head]
		sp := &f.space[s]
		si := sp.id[ch.Head]
		enclX := 0.0
		if e.empty[ei] > 0 {
			enclX = e.sumX[ei] / float64(e.empty[ei])
		}
		atari, atariToMove := 0.0, 0.0
		if ch.Liberties == 1 {
			atari = 1
			if b.ToMove() == ch.Color {
				atariToMove = 1
			}
		}
		var readDead, readTaken, readSaved float64
		if ch.Liberties <= readLiberties {
			switch f.reader.Read(b, ch.Head) {
			case tactics.Dead:
				readDead = 1
			case tactics.Capturable:
				if b.ToMove() == ch.Color {
					readSaved = 1
				} else {
					readTaken = 1
				}
			}
		}
		po := 0.0
		for p := ch.Head; ; {
			po += f.own[p]
			p = f.Chains.Next(p)
			if p == ch.Head {
				break
			}
		}
		po = po / float64(size) * float64(ch.Color)
		*v = [NumFeatures]float64{
			fPlayout:      po,
			fPlayoutStage: po * stage,
			fBias:         1,
			fMean:         m,
			fMean2:        m * m,
			fLibs:         float64(min(ch.Liberties, 6)) / 6,
			fLogSize:      math.Log(float64(size)),
			fLibX:         libX,
			fNear:         near,
			fAtari:        atari,
			fAtariToMove:  atariToMove,
			fEnclX:        enclX,
			fEnclEmpty:    math.Log1p(float64(min(e.empty[ei], 100))),
			fEnclEyes:     float64(min(e.eyes[ei], 2)) / 2,
			fSpace:        math.Log1p(float64(min(sp.empty[si], 60))),
			fSpaceEyes:    float64(min(sp.eyes[si], 2)) / 2,
			fStage:        stage,
			fMeanStage:    m * stage,
			fNearStage:    near * stage,
			fEnclXStage:   enclX * stage,
			fLibXStage:    libX * stage,
			fFoeMean:      foeMean,
			fFoeLibs:      float64(min(foeLibs, 6)) / 6,
			fLibLead:      lead,
			fReadDead:     readDead,
			fReadTaken:    readTaken,
			fReadSaved:    readSaved,
			fGroupLogSize: math.Log(float64(f.groupSize[f.group[id]])),
			fGroupLibs:    float64(min(f.groupLibs[f.group[id]], 20)) / 20,
			fGroupMean:    f.groupX[f.group[id]] / float64(f.groupSize[f.group[id]]),
			fGroupLibX:    f.groupLibX[f.group[id]] / float64(max(f.groupLibs[f.group[id]], 1)),
		}
	}
	f.foeStart[n] = int32(len(f.foeIDs))
}

// Links returns how chain id stands among the others: its colour and
// size, the opponent chains next to it, and the living space and
// enclosure it belongs to. Foes aliases f's memory until the next Compute.
func (f *Features) Links(id int) Links {
	ch := f.Chains.List[id]
	s := side(ch.Color)
	return Links{Color: ch.Color, Stones: ch.Stones,
		Foes:  f.foeIDs[f.foeStart[id]:f.foeStart[id+1]],
		Space: int32(f.space[s].id[ch.Head]), Encl: int32(f.encl[s].id[ch.Head])}
}

// eyeValue returns how many eyes of colour c the empty region of p is worth:
// 0 if it is not bordered by c alone or is a one-point false eye, 2 if it
// has bigEye points or more, else 1.
func (f *Features) eyeValue(g *board.Geometry, cells []board.Color, p board.Point, c board.Color) int32 {
	r := f.regions.ID[p]
	if f.regions.Border[r] != c {
		return 0
	}
	switch size := f.regions.Size[r]; {
	case size >= bigEye:
		return 2
	case size == 1 && falseEye(g, cells, p, c):
		return 0
	}
	return 1
}

// falseEye reports whether the one-point eye p of colour c is false: two of
// its diagonal points (one on the edge) hold the opponent's stones.
func falseEye(g *board.Geometry, cells []board.Color, p board.Point, c board.Color) bool {
	px, py := g.XY(p)
	enemy, diag := 0, 0
	for _, d := range [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		x, y := px+d[0], py+d[1]
		if !g.OnBoard(x, y) {
			continue
		}
		diag++
		if cells[g.At(x, y)] == -c {
			enemy++
		}
	}
	if diag == 4 {
		return enemy >= 2
	}
	return enemy >= 1
}

// label finds the connected sets of c's stones and of empty points whose
// control from c's side is at least tau (all empty points when tau is -Inf:
// the enclosures, walled in by the opponent's stones), with their empty
// points, eyes and control.
func (f *Features) label(dst *components, g *board.Geometry, cells []board.Color, x []float64, c board.Color, tau float64) {
	dst.reset()
	cf := float64(c)
	in := func(p board.Point) bool {
		v := cells[p]
		return v == c || (v == board.Empty && x[p]*cf >= tau)
	}
	for p := range cells {
		dst.id[p] = -1
	}
	f.nextGen()
	for start := range cells {
		sp := board.Point(start)
		if dst.id[start] >= 0 || !in(sp) {
			continue
		}
		id := int16(len(dst.empty))
		dst.id[start] = id
		f.queue[0] = sp
		n := 1
		var empty, eyes int32
		sum := 0.0
		for i := 0; i < n; i++ {
			p := f.queue[i]
			if cells[p] == board.Empty {
				empty++
				sum += x[p] * cf
				r := int32(f.regions.ID[p])
				if f.stamp[r] != f.gen { // count each eye region once
					f.stamp[r] = f.gen
					eyes += f.eyeValue(g, cells, p, c)
				}
			}
			for _, q := range g.Neighbors(p) {
				if dst.id[q] < 0 && in(q) {
					dst.id[q] = id
					f.queue[n] = q
					n++
				}
			}
		}
		dst.empty = append(dst.empty, empty)
		dst.eyes = append(dst.eyes, eyes)
		dst.sumX = append(dst.sumX, sum)
		f.nextGen()
	}
}

// groups links the chains of one colour that share a liberty into groups:
// f.group[id] is the root chain of chain id's group, and the root's
// groupSize and groupLibs are the group's stones and distinct liberties.
func (f *Features) groups(g *board.Geometry, cells []board.Color, x []float64) {
	n := len(f.Chains.List)
	if cap(f.group) < n {
		f.group = make([]int32, n, n+n/2)
		f.groupSize = make([]int32, n, n+n/2)
		f.groupLibs = make([]int32, n, n+n/2)
		f.groupX = make([]float64, n, n+n/2)
		f.groupLibX = make([]float64, n, n+n/2)
	}
	f.group, f.groupSize, f.groupLibs = f.group[:n], f.groupSize[:n], f.groupLibs[:n]
	f.groupX, f.groupLibX = f.groupX[:n], f.groupLibX[:n]
	for id := range f.group {
		f.group[id] = int32(id)
	}
	find := func(id int32) int32 {
		for f.group[id] != id {
			f.group[id] = f.group[f.group[id]]
			id = f.group[id]
		}
		return id
	}
	for p, c := range cells {
		if c != board.Empty {
			continue
		}
		var seen [4]int32
		k := 0
		for _, q := range g.Neighbors(board.Point(p)) {
			if cells[q] == board.Empty {
				continue
			}
			a := int32(f.Chains.ID[q])
			for i := range k {
				b := seen[i]
				if cells[f.Chains.List[b].Head] == cells[q] {
					ra, rb := find(a), find(b)
					if ra != rb {
						f.group[max(ra, rb)] = min(ra, rb)
					}
				}
			}
			seen[k] = a
			k++
		}
	}
	clear(f.groupSize)
	clear(f.groupLibs)
	clear(f.groupX)
	clear(f.groupLibX)
	for id, ch := range f.Chains.List {
		r := find(int32(id))
		f.group[id] = r
		f.groupSize[r] += int32(ch.Stones)
		f.groupX[r] += f.chainMean[id] * float64(ch.Stones)
	}
	for p, c := range cells {
		if c != board.Empty {
			continue
		}
		var seen [4]int32
		k := 0
	next:
		for _, q := range g.Neighbors(board.Point(p)) {
			if cells[q] == board.Empty {
				continue
			}
			r := f.group[f.Chains.ID[q]]
			for i := range k {
				if seen[i] == r {
					continue next
				}
			}
			seen[k] = r
			k++
			f.groupLibs[r]++
			f.groupLibX[r] += x[p] * float64(cells[q])
		}
	}
}

// around returns the mean control, from the chain's side, of its liberties
// and of the points within nearSteps steps of it.
func (f *Features) around(g *board.Geometry, cells []board.Color, x []float64, ch board.Chain) (libX, near float64) {
	f.nextGen()
	c := float64(ch.Color)
	n := 0
	for p := ch.Head; ; {
		f.stamp[p] = f.gen
		f.queue[n] = p
		n++
		p = f.Chains.Next(p)
		if p == ch.Head {
			break
		}
	}
	libs, nearN := 0, 0
	start := 0
	for step := 1; step <= nearSteps; step++ {
		end := n
		for i := start; i < end; i++ {
			for _, q := range g.Neighbors(f.queue[i]) {
				if f.stamp[q] == f.gen {
					continue
				}
				f.stamp[q] = f.gen
				f.queue[n] = q
				n++
				near += x[q] * c
				nearN++
				if step == 1 && cells[q] == board.Empty {
					libX += x[q] * c
					libs++
				}
			}
		}
		start = end
	}
	if libs > 0 {
		libX /= float64(libs)
	}
	if nearN > 0 {
		near /= float64(nearN)
	}
	return libX, near
}

// foes returns the lowest mean control (from their side) and the fewest
// liberties among the opponent chains adjacent to ch (1 and 8 if none).
func (f *Features) foes(g *board.Geometry, cells []board.Color, ch board.Chain) (mean float64, libs int) {
	mean, libs = 1, 8
	gen := f.nextGen()
	for p := ch.Head; ; {
		for _, q := range g.Neighbors(p) {
			if cells[q] != -ch.Color {
				continue
			}
			id := f.Chains.ID[q]
			if f.stamp[id] == gen { // chain ids index stamp too: a new generation
				continue
			}
			f.stamp[id] = gen
			f.foeIDs = append(f.foeIDs, int32(id))
			mean = min(mean, f.chainMean[id])
			libs = min(libs, f.Chains.List[id].Liberties)
		}
		p = f.Chains.Next(p)
		if p == ch.Head {
			break
		}
	}
	return mean, libs
}
