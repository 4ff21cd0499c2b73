package neural

import (
	"fmt"

	"goeval/board"
	"goeval/internal/nnkernel"
	"goeval/netinput"
)

// RawOutput holds the network's outputs for one position before
// post-processing, all from the side to move's point of view, with the
// symmetry undone (board order).
type RawOutput struct {
	// PolicyLogits holds size*size+1 logits, board order, the pass last.
	PolicyLogits []float32
	// Value holds the win, loss and no-result logits.
	Value [3]float32
	// Score holds the model's score outputs before scaling; for version 8
	// the score mean/20, the score stdev before softplus, the lead/20 and
	// the variance of the time left before softplus.
	Score []float32
	// OwnershipLogits holds size*size pre-tanh ownership values, board
	// order, positive for the side to move.
	OwnershipLogits []float32
}

// Evaluator evaluates a Network for one goroutine. It owns scratch memory
// that grows to the largest batch and board it has seen and is reused
// after, so that evaluations do not allocate.
type Evaluator struct {
	nw *Network
	ws nnkernel.Workspace

	n, size int // shape of the last forward pass

	// Scratch tensors; see forward for their use.
	in, mask, glob           []float32
	trunk, act, tmp, mid, gp []float32
	pooled, gbias            []float32
	pol, polG, polPooled     []float32
	polBias, polLogits, pass []float32
	val, valPooled, hidden   []float32
	value, score, own        []float32

	raw RawOutput // one position's raw outputs, for Evaluate
	one Output    // one symmetry's outputs, for AllSymmetries
}

// grow returns s resliced to n values, reallocated if its capacity is less.
func grow(s []float32, n int) []float32 {
	if cap(s) < n {
		return make([]float32, n)
	}
	return s[:n]
}

// shape sizes the scratch tensors for n positions on a size×size board.
func (e *Evaluator) shape(n, size int) {
	nw := e.nw
	pts := n * size * size
	e.n, e.size = n, size
	e.in = grow(e.in, pts*netinput.NumSpatial)
	e.mask = grow(e.mask, pts)
	e.glob = grow(e.glob, n*netinput.NumGlobal)
	e.trunk = grow(e.trunk, pts*nw.trunkC)
	e.act = grow(e.act, pts*nw.trunkC)
	e.tmp = grow(e.tmp, pts*nw.trunkC)
	e.mid = grow(e.mid, pts*nw.maxWidth)
	e.gp = grow(e.gp, pts*nw.maxWidth)
	e.pooled = grow(e.pooled, n*3*nw.maxWidth)
	e.gbias = grow(e.gbias, n*nw.maxWidth)
	e.pol = grow(e.pol, pts*nw.p1.OC)
	e.polG = grow(e.polG, pts*nw.g1.OC)
	e.polPooled = grow(e.polPooled, n*3*nw.g1.OC)
	e.polBias = grow(e.polBias, n*nw.p1.OC)
	e.polLogits = grow(e.polLogits, pts)
	e.pass = grow(e.pass, n)
	e.val = grow(e.val, pts*nw.v1.OC)
	e.valPooled = grow(e.valPooled, n*3*nw.v1.OC)
	e.hidden = grow(e.hidden, n*nw.v2.oc)
	e.value = grow(e.value, n*3)
	e.score = grow(e.score, n*nw.sv3.oc)
	e.own = grow(e.own, pts)
}

// symPos returns the tensor position of board point (x, y) on an n×n
// buffer under symmetry sym (docs/net.md §2): flip y, flip x, then transpose.
func symPos(sym, x, y, n int) int {
	if sym&1 != 0 {
		y = n - 1 - y
	}
	if sym&2 != 0 {
		x = n - 1 - x
	}
	if sym&4 != 0 {
		x, y = y, x
	}
	return y*n + x
}

// check validates a batch and returns its board size.
func (e *Evaluator) check(ndst int, in []*netinput.Features, sym int, allowAll bool) (int, error) {
	if ndst != len(in) {
		return 0, fmt.Errorf("%d outputs for %d inputs: %w", ndst, len(in), ErrInput)
	}
	if sym < 0 || sym > 7 {
		if !allowAll || sym != AllSymmetries {
			return 0, fmt.Errorf("symmetry %d out of range 0..7: %w", sym, ErrInput)
		}
	}
	size := 0
	for i, f := range in {
		if f == nil {
			return 0, fmt.Errorf("input %d is nil: %w", i, ErrInput)
		}
		if i == 0 {
			size = f.Size
			if size < MinSize || size > MaxSize {
				return 0, fmt.Errorf("board size %d not in %d..%d: %w", size, MinSize, MaxSize, ErrInput)
			}
		} else if f.Size != size {
			return 0, fmt.Errorf("input %d is %dx%d, input 0 %dx%d (a batch has one board size): %w", i, f.Size, f.Size, size, size, ErrInput)
		}
		pts := size * size
		if len(f.Spatial) != pts*netinput.NumSpatial || len(f.Legal) != pts+1 {
			return 0, fmt.Errorf("input %d: %d spatial features and %d legal flags for a %dx%d board, want %d and %d: %w",
				i, len(f.Spatial), len(f.Legal), size, size, pts*netinput.NumSpatial, pts+1, ErrInput)
		}
		if f.ToMove != board.Black && f.ToMove != board.White {
			return 0, fmt.Errorf("input %d: side to move %v is neither Black nor White: %w", i, f.ToMove, ErrInput)
		}
	}
	return size, nil
}

// Raw evaluates the positions in with symmetry sym (0..7) and stores the
// raw outputs in dst, which must be as long as in. All inputs must have
// the same board size, 2 to 19. Raw reuses the slices of dst when their
// capacity suffices. An empty batch does nothing.
func (e *Evaluator) Raw(dst []RawOutput, in []*netinput.Features, sym int) error {
	size, err := e.check(len(dst), in, sym, false)
	if err != nil || len(in) == 0 {
		return err
	}
	e.forward(in, size, sym)
	for i := range dst {
		e.rawOf(&dst[i], i, sym)
	}
	return nil
}

// Evaluate evaluates the positions in with symmetry sym (0..7, or
// AllSymmetries for the mean of the 8) and stores the post-processed
// outputs in dst, which must be as long as in. All inputs must have the
// same board size, 2 to 19. Evaluate reuses the slices of dst when their
// capacity suffices. An empty batch does nothing.
func (e *Evaluator) Evaluate(dst []Output, in []*netinput.Features, sym int) error {
	size, err := e.check(len(dst), in, sym, true)
	if err != nil || len(in) == 0 {
		return err
	}
	if sym != AllSymmetries {
		e.forward(in, size, sym)
		for i := range dst {
			e.rawOf(&e.raw, i, sym)
			e.nw.postProcess(&dst[i], &e.raw, in[i])
		}
		return nil
	}
	for s := range 8 {
		e.forward(in, size, s)
		for i := range dst {
			e.rawOf(&e.raw, i, s)
			if s == 0 {
				e.nw.postProcess(&dst[i], &e.raw, in[i])
				continue
			}
			e.nw.postProcess(&e.one, &e.raw, in[i])
			dst[i].add(&e.one)
		}
	}
	for i := range dst {
		dst[i].scale(1.0 / 8)
	}
	return nil
}

// rawOf copies position i's outputs of the last forward pass, evaluated
// with symmetry sym, into r in board order.
func (e *Evaluator) rawOf(r *RawOutput, i, sym int) {
	size := e.size
	pts := size * size
	r.PolicyLogits = grow(r.PolicyLogits, pts+1)
	r.OwnershipLogits = grow(r.OwnershipLogits, pts)
	logits := e.polLogits[i*pts : (i+1)*pts]
	own := e.own[i*pts : (i+1)*pts]
	for y := range size {
		for x := range size {
			t := symPos(sym, x, y, size)
			r.PolicyLogits[y*size+x] = logits[t]
			r.OwnershipLogits[y*size+x] = own[t]
		}
	}
	r.PolicyLogits[pts] = e.pass[i]
	copy(r.Value[:], e.value[i*3:(i+1)*3])
	ns := e.nw.sv3.oc
	r.Score = grow(r.Score, ns)
	copy(r.Score, e.score[i*ns:(i+1)*ns])
}

// forward runs the network on the batch in, transformed by symmetry sym
// (docs/net.md §2; KataGo's eigenbackend.cpp Trunk, PolicyHead, ValueHead).
func (e *Evaluator) forward(in []*netinput.Features, size, sym int) {
	nw := e.nw
	n := len(in)
	e.shape(n, size)
	pts := size * size
	const ns = netinput.NumSpatial
	for i, f := range in {
		for y := range size {
			for x := range size {
				p := y*size + x
				t := i*pts + symPos(sym, x, y, size)
				copy(e.in[t*ns:(t+1)*ns], f.Spatial[p*ns:(p+1)*ns])
				e.mask[t] = f.Spatial[p*ns] // plane 0 is the mask
			}
		}
		copy(e.glob[i*netinput.NumGlobal:], f.Global[:])
	}
	ws := &e.ws
	C := nw.trunkC

	// Trunk.
	nw.conv1.Apply(e.trunk, e.in, n, size, size, ws)
	nw.ginput.apply(e.gbias[:n*C], e.glob)
	nnkernel.AddBroadcast(e.trunk, e.gbias[:n*C], n, pts, C)
	for k := range nw.blocks {
		b := &nw.blocks[k]
		b.pre.apply(e.act, e.trunk, e.mask)
		R := b.regular.OC
		mid := e.mid[:n*pts*R]
		b.regular.Apply(mid, e.act, n, size, size, ws)
		if b.gpool {
			G := b.gpoolConv.OC
			g := e.gp[:n*pts*G]
			b.gpoolConv.Apply(g, e.act, n, size, size, ws)
			b.gpoolBN.apply(g, g, e.mask)
			pooled := e.pooled[:n*3*G]
			nnkernel.GlobalPool(pooled, g, e.mask, n, pts, G)
			b.gpoolBias.apply(e.gbias[:n*R], pooled)
			nnkernel.AddBroadcast(mid, e.gbias[:n*R], n, pts, R)
		}
		b.mid.apply(mid, mid, e.mask)
		b.final.Apply(e.tmp, mid, n, size, size, ws)
		nnkernel.Add(e.trunk, e.tmp)
	}
	nw.tip.apply(e.act, e.trunk, e.mask) // the heads' input

	// Policy head.
	nw.p1.Apply(e.pol, e.act, n, size, size, ws)
	nw.g1.Apply(e.polG, e.act, n, size, size, ws)
	nw.g1BN.apply(e.polG, e.polG, e.mask)
	nnkernel.GlobalPool(e.polPooled, e.polG, e.mask, n, pts, nw.g1.OC)
	nw.g1Bias.apply(e.polBias, e.polPooled)
	nnkernel.AddBroadcast(e.pol, e.polBias, n, pts, nw.p1.OC)
	nw.p1BN.apply(e.pol, e.pol, e.mask)
	nw.p2.Apply(e.polLogits, e.pol, n, size, size, ws)
	nw.passMul.apply(e.pass, e.polPooled)

	// Value head.
	nw.v1.Apply(e.val, e.act, n, size, size, ws)
	nw.v1BN.apply(e.val, e.val, e.mask)
	nnkernel.ValueHeadPool(e.valPooled, e.val, e.mask, n, pts, nw.v1.OC)
	nw.v2.apply(e.hidden, e.valPooled)
	nnkernel.AddBias(e.hidden, nw.v2Bias)
	nnkernel.ApplyAct(e.hidden, nw.v2Act)
	nw.v3.apply(e.value, e.hidden)
	nnkernel.AddBias(e.value, nw.v3Bias)
	nw.sv3.apply(e.score, e.hidden)
	nnkernel.AddBias(e.score, nw.sv3Bias)
	nw.ownConv.Apply(e.own, e.val, n, size, size, ws)
}

// apply is the masked batch norm with activation, dst may be src.
func (b *batchNorm) apply(dst, src, mask []float32) {
	nnkernel.BatchNormAct(dst, src, b.scale, b.bias, mask, b.act)
}

// apply multiplies the rows of src (ic values each) into dst.
func (m *matMul) apply(dst, src []float32) {
	nnkernel.MatMul(dst, src, m.w, len(src)/m.ic, m.ic, m.oc)
}
