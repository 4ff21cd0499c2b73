package movemodel

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFitRecoversGammas draws choices from a model with known gammas and
// checks that Fit finds them again.
func TestFitRecoversGammas(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var sizes [NumGroups]int
	var want [NumGroups][]float64
	// Three groups with known gammas; in each, a candidate has no feature
	// of the group (gamma 1) a third of the time, which fixes the scale.
	used := []Group{GroupCapture, GroupEdge, GroupShape}
	for _, g := range used {
		sizes[g] = 3 + int(g)%3
		for range sizes[g] {
			want[g] = append(want[g], math.Exp(r.NormFloat64()))
		}
	}
	m := &Model{Gamma: want}
	c := NewChoices(sizes)
	cands := make([]Candidate, 12)
	probs := make([]float64, 0, 12)
	for range 20000 {
		for i := range cands {
			cands[i] = Candidate{}
			for _, g := range used {
				if v := r.IntN(sizes[g] + 2); v <= sizes[g] {
					cands[i].F[g] = uint32(v) // 0: none
				}
			}
		}
		probs = m.Probabilities(probs, cands)
		u, k := r.Float64(), 0
		for ; k < len(probs)-1 && u >= probs[k]; k++ {
			u -= probs[k]
		}
		c.Add(cands, k)
	}
	got, res, err := Fit(context.Background(), c, FitSettings{Iterations: 200, Tolerance: 1e-9, Prior: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Converged {
		t.Errorf("did not converge in %d sweeps", res.Iterations)
	}
	for _, g := range used {
		for v := range sizes[g] {
			if d := math.Abs(math.Log(got[g][v] / want[g][v])); d > 0.08 {
				t.Errorf("%v value %d: gamma %.3f, want %.3f (log off by %.3f)", g, v+1, got[g][v], want[g][v], d)
			}
		}
	}
	// The fitted model explains the data at least as well as the true one.
	llTrue, _ := Evaluate(c, &want)
	llFit, _ := Evaluate(c, &got)
	if llFit < llTrue-1e-9 {
		t.Errorf("fitted log-likelihood %.6f below the true model's %.6f", llFit, llTrue)
	}
}

// TestFitRaisesLikelihood checks the MM property: every sweep raises the
// likelihood (without a prior, which MM maximizes jointly).
func TestFitRaisesLikelihood(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var sizes [NumGroups]int
	sizes[GroupAtari], sizes[GroupPattern] = 3, 20
	c := NewChoices(sizes)
	cands := make([]Candidate, 6)
	for range 500 {
		for i := range cands {
			cands[i] = Candidate{}
			cands[i].F[GroupAtari] = uint32(r.IntN(4))
			cands[i].F[GroupPattern] = uint32(r.IntN(21))
		}
		c.Add(cands, r.IntN(len(cands)))
	}
	prev := math.Inf(-1)
	_, _, err := Fit(context.Background(), c, FitSettings{Iterations: 20, Tolerance: -1, Prior: -1, Progress: func(p FitProgress) {
		if p.LogLikelihood < prev-1e-12 {
			t.Errorf("sweep %d: log-likelihood fell from %.9f to %.9f", p.Iteration, prev, p.LogLikelihood)
		}
		prev = p.LogLikelihood
	}})
	if err != nil {
		t.Fatal(err)
	}
}

// TestChoicesMergeDuplicates checks that candidates with equal features
// are stored once with their number, and Append keeps the choices.
func TestChoicesMergeDuplicates(t *testing.T) {
	var sizes [NumGroups]int
	sizes[GroupEdge] = 5
	c := NewChoices(sizes)
	cands := make([]Candidate, 4)
	for i := range cands {
		cands[i].F[GroupEdge] = uint32(1 + i%2)
	}
	c.Add(cands, 2)
	if c.Candidates() != 2 {
		t.Fatalf("stored %d candidates, want 2", c.Candidates())
	}
	d := NewChoices(sizes)
	d.Add(cands[:1], 0)
	c.Append(d)
	g := [NumGroups][]float64{GroupEdge: {3, 1, 1, 1, 1}}
	// Choice 1: two candidates of gamma 3 and two of 1, one of the 3s
	// chosen: p = 3/8. Choice 2: a single candidate: p = 1.
	ll, top1 := Evaluate(c, &g)
	if want := math.Log(3.0/8) / 2; math.Abs(ll-want) > 1e-12 {
		t.Errorf("log-likelihood %.6f, want %.6f", ll, want)
	}
	if want := (0.5 + 1) / 2; math.Abs(top1-want) > 1e-12 {
		t.Errorf("top-1 %.3f, want %.3f (a tie of two counts half)", top1, want)
	}
}
