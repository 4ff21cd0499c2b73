package tune

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"goeval/board"
	"goeval/internal/pool"
	"goeval/judge"
	"goeval/records"
	"goeval/sgf"
)

// refGame is a game with reference positions: its file, its number there
// (from 1), and the reference's positions in move order.
type refGame struct {
	file string
	game int
	refs []*records.RefPosition
}

// refGames returns the games of files that the reference evaluates, in
// file and game order, and the reference's positions of games that no
// file holds (by base name).
func refGames(files []string, ref *records.Reference) (games []refGame, orphans int) {
	type key struct {
		file string
		game int
	}
	by := map[key][]*records.RefPosition{}
	for _, p := range ref.Positions() {
		k := key{p.File, p.Game}
		by[k] = append(by[k], p)
	}
	seen := map[string]bool{}
	for _, f := range files {
		base := filepath.Base(f)
		if seen[base] {
			continue
		}
		seen[base] = true
		var ks []key
		for k := range by {
			if k.file == base {
				ks = append(ks, k)
			}
		}
		sort.Slice(ks, func(i, j int) bool { return ks[i].game < ks[j].game })
		for _, k := range ks {
			refs := by[k]
			slices.SortFunc(refs, func(a, b *records.RefPosition) int { return a.Move - b.Move })
			games = append(games, refGame{file: f, game: k.game, refs: refs})
			delete(by, k)
		}
	}
	for _, refs := range by {
		orphans += len(refs)
	}
	return games, orphans
}

// DeathFromReference returns the target death probability of a chain of
// colour c with the given stones under the reference's ownership own: one
// half less half the mean ownership of its stones from its colour's side,
// so that a chain the reference gives wholly to the opponent is dead (1),
// one it keeps wholly alive (0), and one it cannot tell about in between;
// with hard, 1 when that mean has the opponent's sign and 0 otherwise.
func DeathFromReference(own []float64, stones []board.Point, c board.Color, hard bool) float64 {
	m := 0.0
	for _, p := range stones {
		m += own[p]
	}
	m = m / float64(len(stones)) * float64(c)
	if hard {
		if m < 0 {
			return 1
		}
		return 0
	}
	return min(1, max(0, (1-m)/2))
}

// collectRef replays the games of files that cfg.Reference evaluates and
// computes a training position at every position it evaluates: its chains
// with their deaths from the reference's ownership, its area from the
// reference's lead (Area), and the game's winner and result. It returns
// the positions, the games (position.game indexes them), and the files
// and games left out because they could not be read or replayed.
func collectRef(ctx context.Context, cfg *Config) ([]position, []refGame, []records.FileError, error) {
	games, orphans := refGames(cfg.Files, cfg.Reference)
	if orphans > 0 {
		cfg.logf("%d positions of the reference %s are of games not among the files: not used", orphans, cfg.Reference.Name)
	}
	var mu sync.Mutex // the workers log one at a time
	var skipped []records.FileError
	skip := func(name string, err error) {
		mu.Lock()
		defer mu.Unlock()
		cfg.logf("not trained on: %v", err)
		skipped = append(skipped, fileError(name, err))
	}
	// Read each collection once; the games of one that cannot be read are
	// left out with it.
	colls := map[string]*sgf.Collection{}
	for _, g := range games {
		if _, ok := colls[g.file]; ok {
			continue
		}
		c, err := sgf.ReadFile(g.file)
		if err != nil {
			skip(g.file, err)
		}
		colls[g.file] = c
	}
	jobs := make([][]position, len(games))
	bad := make([]error, len(games))
	err := pool.Map(ctx, cfg.Workers, len(games), cfg.newCollector, func(ctx context.Context, w *collector, i int) error {
		rg := &games[i]
		if colls[rg.file] == nil {
			return nil // listed above
		}
		name := fmt.Sprintf("%s (game %d)", rg.file, rg.game)
		out, missing, mismatched, err := cfg.collectRefGame(w, colls[rg.file], rg, i)
		mu.Lock()
		for _, r := range missing {
			cfg.logf("not trained on: %s:%d: %s has no move %d", cfg.Reference.Name, r.Line, name, r.Move)
		}
		for _, m := range mismatched {
			cfg.logf("not trained on: %s (%s)", m, name)
		}
		mu.Unlock()
		if err != nil {
			// Left out whole, as in collect.
			bad[i] = fmt.Errorf("%s: %w", name, err)
			mu.Lock()
			defer mu.Unlock()
			cfg.logf("not trained on: %v", bad[i])
			return nil
		}
		jobs[i] = out
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	var pos []position
	for i, j := range jobs {
		pos = append(pos, j...)
		if bad[i] != nil {
			skipped = append(skipped, fileError(fmt.Sprintf("%s (game %d)", games[i].file, games[i].game), bad[i]))
		}
	}
	return pos, games, skipped, nil
}

// collectRefGame replays the game rg (games[i]) of the collection coll
// and returns its training positions at the reference's evaluations, the
// reference's positions past the game's end, and why the positions whose
// evaluation assumed another side to move or komi were left out.
func (cfg *Config) collectRefGame(w *collector, coll *sgf.Collection, rg *refGame, i int) (_ []position, _ []*records.RefPosition, mismatched []string, _ error) {
	g, err := coll.Game(rg.game)
	if err != nil {
		return nil, nil, nil, err
	}
	res, err := records.ParseResult(g.Info.Result)
	if err != nil {
		return nil, nil, nil, err
	}
	moves, _, err := g.Moves()
	if err != nil {
		return nil, nil, nil, err
	}
	at := map[int]*records.RefPosition{}
	for _, r := range rg.refs {
		at[r.Move] = r
	}
	var out []position
	_, err = g.Replay(func(n int, b *board.Board) error {
		r := at[n]
		if r == nil {
			return nil
		}
		if len(r.Ownership) != b.Geometry().N {
			return fmt.Errorf("%s:%d: the reference has %d points, the board %d", cfg.Reference.Name, r.Line, len(r.Ownership), b.Geometry().N)
		}
		delete(at, n)
		if why := r.Mismatch(b.ToMove(), g.Info.Komi); why != "" {
			mismatched = append(mismatched, fmt.Sprintf("%s:%d: %s", cfg.Reference.Name, r.Line, why))
			return nil
		}
		stage := judge.Stage(b)
		p := position{game: i, board: *b, stage: stage, komi: g.Info.Komi, winner: res.Winner,
			ref: r, area: r.Area(), kind: res.Kind, margin: res.Margin, move: n, moves: len(moves)}
		dead := func(stones []board.Point, c board.Color) float64 {
			return DeathFromReference(r.Ownership, stones, c, cfg.HardDeath)
		}
		if !cfg.late(stage) {
			p.chains, err = w.chainsBy(b, w.early, 0, dead)
		} else {
			if cfg.LateFrom > 0 && cfg.ownLate() {
				if p.early, err = w.chainsBy(b, w.early, 0, dead); err != nil {
					return err
				}
			}
			p.chains, err = w.chainsBy(b, w.late, cfg.Playouts, dead)
		}
		out = append(out, p)
		return err
	})
	if err != nil {
		return nil, nil, nil, err
	}
	var missing []*records.RefPosition
	for _, r := range rg.refs {
		if at[r.Move] != nil {
			missing = append(missing, r)
		}
	}
	return out, missing, mismatched, nil
}

// RefWindow is the reach of a band of the measures against the reference:
// band n holds the positions from move n-RefWindow to n+RefWindow (end-K
// the same around K moves before the end), so that a reference every 20
// moves gives every band positions.
const RefWindow = 10

// RefRow is the judge measured on held-out games against the reference
// and the truth, in one band.
type RefRow struct {
	Band string `json:"band"`
	// Positions and Games count what stands behind the row.
	Positions int `json:"positions"`
	// LeadMAE is the mean |score - reference area| with its standard
	// error, TieLeadMAE the same for a score of komi.
	LeadMAE, LeadMAESE, TieLeadMAE float64
	// OwnershipMSE and SignAgreement are over the points the reference is
	// sure of (records.ReferenceThreshold).
	OwnershipMSE, SignAgreement float64
	// WinnerAgreement is the share of positions where the score minus
	// komi has the sign of the reference's lead.
	WinnerAgreement float64
	// Resigned and Counted are the winners picked (score - komi) in the
	// resigned and counted games, with their numbers of positions.
	Resigned, Counted           float64
	ResignedGames, CountedGames int
	// MarginMAE is the mean |score - komi - recorded margin| over the
	// counted games (territory counting, so up to a point off area).
	MarginMAE float64
	// Brier is the win probability's Brier score against the winner, over
	// the BrierPositions with one.
	Brier          float64
	BrierPositions int
}

// WorseThanTie returns the rows whose lead MAE is above the tie's (a
// score of komi): bands where the fit, judged on its own held-out folds,
// follows the reference worse than no judge at all, as a fit on a handful
// of games can.
func WorseThanTie(rows []RefRow) []RefRow {
	var out []RefRow
	for _, r := range rows {
		if r.Positions > 0 && r.LeadMAE > r.TieLeadMAE {
			out = append(out, r)
		}
	}
	return out
}

// refEval is the judge's evaluation of one held-out position.
type refEval struct {
	score, win float64
	hasWin     bool
	sq         float64
	points     int
	agree      int
}

// measureRef judges the held-out positions pos[i] for i in idx with
// parameters p and measures them against the reference and the truth in
// cfg.Bands.
func measureRef(ctx context.Context, cfg *Config, p judge.Params, pos []position, idx []int) ([]RefRow, []refEval, error) {
	evals := make([]refEval, len(idx))
	type scorer struct {
		j *judge.Judge
		a judge.Analysis
	}
	err := pool.Map(ctx, cfg.Workers, len(idx), func() (*scorer, error) {
		j, err := judge.New(p)
		return &scorer{j: j}, err
	}, func(ctx context.Context, s *scorer, k int) error {
		q := &pos[idx[k]]
		if err := s.j.Analyze(&s.a, &q.board); err != nil {
			return err
		}
		e := &evals[k]
		e.score = s.a.Result.Score
		e.win, e.hasWin = s.a.WinProbability(q.komi)
		for pt, v := range q.ref.Ownership {
			if math.Abs(v) <= records.ReferenceThreshold {
				continue
			}
			x := s.a.Result.Control[pt]
			e.sq += (x - v) * (x - v)
			e.points++
			if x*v > 0 {
				e.agree++
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return refRows(cfg.Bands, pos, idx, evals), evals, nil
}

// refRows aggregates the evaluations evals of the positions pos[idx[k]]
// into one row per band.
func refRows(bands []records.Band, pos []position, idx []int, evals []refEval) []RefRow {
	var rows []RefRow
	for _, b := range bands {
		row := RefRow{Band: b.String()}
		var lead, lead2, tie, sq, margin, brier float64
		var points, agree, winOK, res, cnt int
		for k, i := range idx {
			q, e := &pos[i], &evals[k]
			n, ok := b.At(q.moves)
			if !ok || q.move < n-RefWindow || q.move > n+RefWindow {
				continue
			}
			row.Positions++
			d := math.Abs(e.score - q.area)
			lead += d
			lead2 += d * d
			tie += math.Abs(q.komi - q.area)
			sq += e.sq
			points += e.points
			agree += e.agree
			if l := q.area - q.komi; (e.score-q.komi)*l > 0 {
				winOK++
			}
			right := (e.score-q.komi > 0 && q.winner == board.Black) || (e.score-q.komi < 0 && q.winner == board.White)
			switch q.kind {
			case records.Resignation:
				row.ResignedGames++
				if right {
					res++
				}
			case records.Score:
				row.CountedGames++
				margin += math.Abs(e.score - q.komi - q.margin)
				if right {
					cnt++
				}
			}
			if e.hasWin && q.winner != board.Empty {
				row.BrierPositions++
				o := 0.0
				if q.winner == board.Black {
					o = 1
				}
				brier += (e.win - o) * (e.win - o)
			}
		}
		if n := float64(row.Positions); n > 0 {
			row.LeadMAE, row.TieLeadMAE, row.WinnerAgreement = lead/n, tie/n, float64(winOK)/n
			if n > 1 {
				row.LeadMAESE = math.Sqrt(max(0, (lead2-n*row.LeadMAE*row.LeadMAE)/(n-1)) / n)
			}
		}
		if points > 0 {
			row.OwnershipMSE, row.SignAgreement = sq/float64(points), float64(agree)/float64(points)
		}
		if row.ResignedGames > 0 {
			row.Resigned = float64(res) / float64(row.ResignedGames)
		}
		if row.CountedGames > 0 {
			row.Counted, row.MarginMAE = float64(cnt)/float64(row.CountedGames), margin/float64(row.CountedGames)
		}
		if row.BrierPositions > 0 {
			row.Brier = brier / float64(row.BrierPositions)
		}
		rows = append(rows, row)
	}
	return rows
}

// runRef is Run with a reference.
func runRef(ctx context.Context, cfg Config) (*Report, error) {
	start := time.Now()
	pos, games, skipped, err := collectRef(ctx, &cfg)
	if err != nil {
		return nil, err
	}
	rep := &Report{Games: len(games), Labelled: len(games), Folds: cfg.Folds, Reference: cfg.Reference.Name, Positions: len(pos), Skipped: skipped}
	for _, p := range pos {
		rep.Chains += len(p.chains)
	}
	cfg.logf("%d training positions (%d chains) of %d games evaluated by the reference, in %v",
		rep.Positions, rep.Chains, len(games), time.Since(start).Round(time.Millisecond))
	if rep.Positions == 0 {
		return nil, fmt.Errorf("tune: no position of %s is among the %d files", cfg.Reference.Name, len(cfg.Files))
	}
	if cfg.Folds > 1 {
		var idx []int
		var evals []refEval
		for k := 0; k < cfg.Folds; k++ {
			inFold := func(game int) bool { return game%cfg.Folds == k }
			p, err := fitAll(ctx, &cfg, pos, func(game int) bool { return !inFold(game) })
			if err != nil {
				return nil, err
			}
			var held []int
			for i := range pos {
				if inFold(pos[i].game) {
					held = append(held, i)
				}
			}
			_, e, err := measureRef(ctx, &cfg, p, pos, held)
			if err != nil {
				return nil, err
			}
			idx, evals = append(idx, held...), append(evals, e...)
			cfg.logf("fold %d of %d: fitted and measured on %d held-out positions", k+1, cfg.Folds, len(held))
		}
		rep.RefCV = refRows(cfg.Bands, pos, idx, evals)
	}
	p, err := fitAll(ctx, &cfg, pos, func(int) bool { return true })
	if err != nil {
		return nil, err
	}
	p.Fit = &judge.FitInfo{Data: fmt.Sprintf("%d positions of %d games evaluated by %s", rep.Positions, len(games), filepath.Base(cfg.Reference.Name)),
		Games: len(games), Positions: rep.Positions, Chains: rep.Chains, L2: cfg.L2}
	rep.Params = p
	return rep, nil
}
