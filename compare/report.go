package compare

import (
	"math"
	"sort"

	"goeval/board"
	"goeval/records"
)

// Count is a number of games with a reason.
type Count struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// Row holds the metrics of one estimator in one band. A metric is nil when
// nothing stands behind it.
type Row struct {
	Estimator string `json:"estimator"`
	Band      string `json:"band"`
	// Games and Positions count the games and positions evaluated (one
	// position per game and band).
	Games     int `json:"games"`
	Positions int `json:"positions"`
	// SignAgreement is the share, over the points of counted games whose
	// final owner is not 0, where the estimate has the owner's sign (0
	// counts wrong).
	SignAgreement *float64 `json:"sign_agreement"`
	// OwnershipMSE is the mean of (estimate - final owner)² over all
	// points of counted games.
	OwnershipMSE *float64 `json:"ownership_mse"`
	// ScoreMAE is the mean |score - final area score| over counted games.
	ScoreMAE *float64 `json:"score_mae"`
	// WinnerAccuracy is the share of games with a known winner where
	// sign(score - komi) is the winner's (score = komi counts wrong).
	WinnerAccuracy *float64 `json:"winner_accuracy"`
	// WinnerAccuracyCounted and WinnerAccuracyResigned are WinnerAccuracy
	// over the games won by a margin and over the games won by
	// resignation, with their numbers of games.
	WinnerAccuracyCounted  *float64 `json:"winner_accuracy_counted"`
	WinnerAccuracyResigned *float64 `json:"winner_accuracy_resigned"`
	WinnerGamesCounted     int      `json:"winner_games_counted"`
	WinnerGamesResigned    int      `json:"winner_games_resigned"`
	// WinBrier is the mean squared difference between the estimator's
	// probability that Black wins and the outcome (1 if Black won, 0 if
	// White did), and WinLogLoss the mean negative log-likelihood of the
	// outcome (natural log, probabilities clipped to [1e-6, 1-1e-6]), over
	// the WinGames games with a known winner where the estimator gave a
	// probability (see control.WinPredictor). A coin (the tie row's 0.5)
	// scores 0.25 and ln 2 ≈ 0.693; lower is better.
	WinBrier   *float64 `json:"win_brier"`
	WinLogLoss *float64 `json:"win_log_loss"`
	WinGames   int      `json:"win_games"`
	// WinReliability is the reliability table of those probabilities:
	// the WinGames positions by the probability given Black, in
	// ReliabilityBins equal bins from 0 to 1, with how often Black won;
	// nil without probabilities.
	WinReliability []ReliabilityBin `json:"win_reliability,omitempty"`
	// MicrosPerPosition is the mean time per position in microseconds.
	MicrosPerPosition *float64 `json:"micros_per_position"`
	// ScoreMAESE is the standard error of ScoreMAE (the standard
	// deviation of the absolute errors over the square root of their
	// number), nil with fewer than two games.
	ScoreMAESE *float64 `json:"score_mae_se"`
	// The metrics against the reference (Config.Reference), over the
	// RefPositions positions that it evaluated. RefLeadMAE is the mean
	// |score - (reference lead + reference komi)|: the estimate's margin
	// after komi against the reference's lead, in points, and RefLeadMAESE
	// its standard error. RefOwnershipMSE and RefSignAgreement are the mean
	// squared difference from the reference's ownership and the share of
	// agreeing signs, pooled over the points the reference is sure of
	// (|ownership| > ReferenceThreshold) in the RefMapPositions positions
	// where the contender has a map. RefWinnerAgreement is the share of the
	// RefWinnerPositions positions whose reference lead is not 0 where
	// sign(score - komi) is the lead's.
	RefPositions       int      `json:"ref_positions"`
	RefLeadMAE         *float64 `json:"ref_lead_mae"`
	RefLeadMAESE       *float64 `json:"ref_lead_mae_se"`
	RefOwnershipMSE    *float64 `json:"ref_ownership_mse"`
	RefSignAgreement   *float64 `json:"ref_sign_agreement"`
	RefMapPositions    int      `json:"ref_map_positions"`
	RefWinnerAgreement *float64 `json:"ref_winner_agreement"`
	RefWinnerPositions int      `json:"ref_winner_positions"`
	// CountedGames is the number of counted games behind ScoreMAE, and
	// MapGames of those behind SignAgreement and OwnershipMSE (fewer for a
	// peer without a map); WinnerGames is behind WinnerAccuracy.
	CountedGames int `json:"counted_games"`
	MapGames     int `json:"map_games"`
	WinnerGames  int `json:"winner_games"`
	// TooShort counts the used games too short for the band.
	TooShort int `json:"too_short"`
	// Failed counts positions whose evaluation failed (listed in Errors).
	Failed int `json:"failed"`
}

// ReliabilityBins is the number of bins of Row.WinReliability.
const ReliabilityBins = 5

// ReliabilityBin is the positions given Black a win probability from From
// to To (To included in the last bin): how many, their mean probability,
// and the share that Black won. The means are nil in an empty bin.
type ReliabilityBin struct {
	From      float64  `json:"from"`
	To        float64  `json:"to"`
	Positions int      `json:"positions"`
	MeanProb  *float64 `json:"mean_probability"`
	BlackWon  *float64 `json:"black_won"`
}

// TruthCounts says what ground truth the used games had.
type TruthCounts struct {
	// Counted games have a final ownership, from Labels, Markup or
	// Judgement.
	Counted   int `json:"counted"`
	Labels    int `json:"labels"`
	Markup    int `json:"markup"`
	Judgement int `json:"judgement"`
	// MatchResult counts the counted games with a margin in RE[] whose
	// final area score minus komi is within 1 point of it (territory and
	// area counting may differ by a point); ByMargin is their number.
	MatchResult int `json:"match_result"`
	ByMargin    int `json:"by_margin"`
	// Winner counts games with a known winner; ByKind counts games by how
	// they ended.
	Winner int     `json:"winner"`
	ByKind []Count `json:"by_kind"`
}

// Report is the outcome of a run.
type Report struct {
	// Bands and Contenders (estimator names, in row order) of the table.
	Bands      []records.Band
	Contenders []string
	// Rows are grouped by band, in the order of Bands, and within a band
	// in the order of Contenders.
	Rows []Row
	// Files is the number of input files, UnreadableFiles of those that
	// could not be read at all (listed in Errors).
	Files, UnreadableFiles int
	// GamesRead counts the games found in the files that could be read;
	// GamesUsed those that gave at least one position.
	GamesRead, GamesUsed int
	// Unused says why the other games were not used.
	Unused []Count
	// Truth describes the used games' ground truth.
	Truth TruthCounts
	// JudgementCheck measures goeval's own final-position judgement
	// against the labels, when Config.CheckJudgement asks for it.
	JudgementCheck *JudgementCheck
	// Reference names the reference file (Config.Reference), "" without
	// one; RefFound counts the sampled positions of the used games that
	// it evaluates, and RefMissing lists those it lacks, in file, game and
	// move order.
	Reference  string
	RefFound   int
	RefMissing []RefMissing
	// Errors lists every file or game that could not be used and every
	// evaluation that failed; Warnings lists oddities that did not stop
	// a game from being used.
	Errors, Warnings []records.FileError
	// Interrupted says what the report leaves out when the run was
	// cancelled ("interrupted: 12 of 300 files read"); "" for a run that
	// finished.
	Interrupted string
}

// RefMissing is a sampled position that the reference does not evaluate.
type RefMissing struct {
	// Game names the game: its file, and "(game k)" in a file of several.
	Game string `json:"game"`
	// Move is the number of moves played.
	Move int `json:"move"`
}

// JudgementCheck measures goeval's final-position judgement (Judge)
// against a labels file, on the used games that have a label.
type JudgementCheck struct {
	// Games is the number of labelled games judged.
	Games int `json:"games"`
	// PointAgreement is the share of their points whose judged final owner
	// is the label's.
	PointAgreement float64 `json:"point_agreement"`
	// AreaWithin1 is the share of games whose judged area score is within
	// 1 point of the label's; AreaMAE the mean absolute difference.
	AreaWithin1 float64 `json:"area_within_1"`
	AreaMAE     float64 `json:"area_mae"`
	// DeadLabels and DeadJudged count the dead stones of the labels and of
	// the judgement.
	DeadLabels int `json:"dead_labels"`
	DeadJudged int `json:"dead_judged"`
}

// Row returns the row of estimator name in band, or nil.
func (r *Report) Row(name string, band records.Band) *Row {
	for i := range r.Rows {
		if r.Rows[i].Estimator == name && r.Rows[i].Band == band.String() {
			return &r.Rows[i]
		}
	}
	return nil
}

// report aggregates the games of data, in file and game order, into the
// report of the contenders names over bands.
func report(cfg *Config, bands []records.Band, names []string, data []file) *Report {
	r := &Report{Bands: bands, Contenders: names, Files: len(data)}
	used := r.collect(data)
	r.GamesUsed = len(used)
	if cfg.Reference != nil {
		r.Reference = cfg.Reference.Name
		for _, g := range used {
			for _, ref := range g.refs {
				if ref != nil {
					r.RefFound++
				}
			}
			for _, m := range g.missing {
				r.RefMissing = append(r.RefMissing, RefMissing{Game: g.name, Move: m})
			}
		}
	}
	if cfg.CheckJudgement {
		r.JudgementCheck = judgementCheck(used)
	}
	for bi, band := range bands {
		for ci, name := range names {
			r.Rows = append(r.Rows, row(name, band, bi, ci, used))
			if cfg.NoTimings {
				r.Rows[len(r.Rows)-1].MicrosPerPosition = nil
			}
		}
	}
	return r
}

// collect lists the files' errors and warnings, counts the games read,
// the unused ones by reason and the used ones' truth, and returns the
// used games.
func (r *Report) collect(data []file) (used []*game) {
	unused := map[string]int{}
	kinds := map[records.Kind]int{}
	for fi := range data {
		f := &data[fi]
		if f.err != nil {
			r.Errors = append(r.Errors, records.FileError{File: f.path, Err: f.err.Error()})
			r.UnreadableFiles++
			continue
		}
		for _, g := range f.games {
			r.GamesRead++
			for _, e := range g.errs {
				r.Errors = append(r.Errors, records.FileError{File: g.name, Err: e})
			}
			for _, w := range g.warns {
				r.Warnings = append(r.Warnings, records.FileError{File: g.name, Err: w})
			}
			if !g.used() {
				unused[g.skip.String()]++
				continue
			}
			used = append(used, g)
			kinds[g.truth.Result.Kind]++
			r.Truth.add(&g.truth)
		}
	}
	for k := records.Unknown; k <= records.Win; k++ {
		if kinds[k] > 0 {
			r.Truth.ByKind = append(r.Truth.ByKind, Count{k.String(), kinds[k]})
		}
	}
	for reason, n := range unused {
		r.Unused = append(r.Unused, Count{reason, n})
	}
	sort.Slice(r.Unused, func(i, j int) bool {
		if r.Unused[i].Games != r.Unused[j].Games {
			return r.Unused[i].Games > r.Unused[j].Games
		}
		return r.Unused[i].Reason < r.Unused[j].Reason
	})
	return used
}

// add counts the truth of a used game (but its kind: ByKind).
func (tc *TruthCounts) add(t *Truth) {
	if t.Final != nil {
		tc.Counted++
		if t.Result.Kind == records.Score {
			tc.ByMargin++
			if math.Abs(t.Area-t.Komi-t.Result.Margin) <= 1 {
				tc.MatchResult++
			}
		}
		switch t.Source {
		case FromLabels:
			tc.Labels++
		case FromMarkup:
			tc.Markup++
		case FromJudgement:
			tc.Judgement++
		}
	}
	if t.Result.Winner != board.Empty {
		tc.Winner++
	}
}

// judgementCheck measures the final-position judgement of the used games
// that were checked against their labels.
func judgementCheck(used []*game) *JudgementCheck {
	jc := &JudgementCheck{}
	var agree, points, within int
	var absErr float64
	for _, g := range used {
		if !g.check.done {
			continue
		}
		jc.Games++
		agree += g.check.agree
		points += len(g.truth.Final)
		absErr += math.Abs(g.check.area)
		if math.Abs(g.check.area) <= 1 {
			within++
		}
		jc.DeadLabels += g.truth.Dead
		jc.DeadJudged += g.check.dead
	}
	if jc.Games > 0 {
		jc.PointAgreement = float64(agree) / float64(points)
		jc.AreaWithin1 = float64(within) / float64(jc.Games)
		jc.AreaMAE = absErr / float64(jc.Games)
	}
	return jc
}

// rowSums accumulates the cells of one contender in one band.
type rowSums struct {
	row                                Row
	agree, nonzero, points             int
	sqErr, absErr, absErr2, ns         float64
	right, rightCounted, rightResigned int
	brier, logLoss                     float64
	timed                              int
	relN                               [ReliabilityBins]int
	relP, relWon                       [ReliabilityBins]float64
	// against the reference
	refLead, refLead2, refSq   float64
	refPoints, refAgree, refOK int
}

// add adds cell c of a game whose truth is t.
func (s *rowSums) add(c *cell, t *Truth) {
	row := &s.row
	if c.failed {
		row.Failed++
	}
	if !c.done {
		return
	}
	row.Games++
	row.Positions++
	if c.timed {
		s.timed++
		s.ns += float64(c.ns)
	}
	if c.ref.done {
		s.addRef(&c.ref)
	}
	if t.Final != nil {
		row.CountedGames++
		e := math.Abs(c.score - t.Area)
		s.absErr += e
		s.absErr2 += e * e
		if c.hasMap {
			row.MapGames++
			s.agree += c.agree
			s.nonzero += c.nonzero
			s.points += c.points
			s.sqErr += c.sqErr
		}
	}
	if t.Result.Winner != board.Empty {
		s.addWinner(c, t)
	}
}

// addRef adds an evaluation measured against the reference.
func (s *rowSums) addRef(c *refCell) {
	row := &s.row
	row.RefPositions++
	s.refLead += c.leadErr
	s.refLead2 += c.leadErr * c.leadErr
	if c.hasMap {
		row.RefMapPositions++
		s.refPoints += c.points
		s.refAgree += c.agree
		s.refSq += c.sqErr
	}
	if c.winnerKnown {
		row.RefWinnerPositions++
		if c.winnerAgrees {
			s.refOK++
		}
	}
}

// addWinner adds cell c of a game with a known winner.
func (s *rowSums) addWinner(c *cell, t *Truth) {
	row := &s.row
	d := c.score - t.Komi
	ok := (d > 0 && t.Result.Winner == board.Black) || (d < 0 && t.Result.Winner == board.White)
	row.WinnerGames++
	if ok {
		s.right++
	}
	if c.hasWin {
		row.WinGames++
		b, l := winLoss(c.win, t.Result.Winner == board.Black)
		s.brier += b
		s.logLoss += l
		k := min(int(c.win*ReliabilityBins), ReliabilityBins-1)
		k = max(k, 0)
		s.relN[k]++
		s.relP[k] += c.win
		if t.Result.Winner == board.Black {
			s.relWon[k]++
		}
	}
	switch t.Result.Kind {
	case records.Score:
		row.WinnerGamesCounted++
		if ok {
			s.rightCounted++
		}
	case records.Resignation:
		row.WinnerGamesResigned++
		if ok {
			s.rightResigned++
		}
	}
}

// row returns the row of contender ci, called name, in band bi.
func row(name string, band records.Band, bi, ci int, used []*game) Row {
	s := rowSums{row: Row{Estimator: name, Band: band.String()}}
	for _, g := range used {
		if g.at[bi] < 0 {
			s.row.TooShort++
			continue
		}
		s.add(&g.cells[bi][ci], &g.truth)
	}
	row := s.row
	row.SignAgreement = ratio(float64(s.agree), s.nonzero)
	row.OwnershipMSE = ratio(s.sqErr, s.points)
	row.ScoreMAE = ratio(s.absErr, row.CountedGames)
	row.WinnerAccuracy = ratio(float64(s.right), row.WinnerGames)
	row.WinnerAccuracyCounted = ratio(float64(s.rightCounted), row.WinnerGamesCounted)
	row.WinnerAccuracyResigned = ratio(float64(s.rightResigned), row.WinnerGamesResigned)
	row.WinBrier = ratio(s.brier, row.WinGames)
	row.WinLogLoss = ratio(s.logLoss, row.WinGames)
	if row.WinGames > 0 {
		for k := range ReliabilityBins {
			row.WinReliability = append(row.WinReliability, ReliabilityBin{
				From: float64(k) / ReliabilityBins, To: float64(k+1) / ReliabilityBins, Positions: s.relN[k],
				MeanProb: ratio(s.relP[k], s.relN[k]), BlackWon: ratio(s.relWon[k], s.relN[k])})
		}
	}
	row.MicrosPerPosition = ratio(s.ns/1e3, s.timed)
	row.ScoreMAESE = stdErr(s.absErr, s.absErr2, row.CountedGames)
	row.RefLeadMAE = ratio(s.refLead, row.RefPositions)
	row.RefLeadMAESE = stdErr(s.refLead, s.refLead2, row.RefPositions)
	row.RefOwnershipMSE = ratio(s.refSq, s.refPoints)
	row.RefSignAgreement = ratio(float64(s.refAgree), s.refPoints)
	row.RefWinnerAgreement = ratio(float64(s.refOK), row.RefWinnerPositions)
	return row
}

// stdErr returns the standard error of the mean of n values with sum sum
// and sum of squares sum2 (the sample standard deviation over √n), or nil
// for fewer than two values.
func stdErr(sum, sum2 float64, n int) *float64 {
	if n < 2 {
		return nil
	}
	mean := sum / float64(n)
	v := max(0, (sum2-float64(n)*mean*mean)/float64(n-1))
	se := math.Sqrt(v / float64(n))
	return &se
}

// winLoss returns the squared error and the log loss of the probability p
// that Black wins, for the outcome blackWon.
func winLoss(p float64, blackWon bool) (brier, logLoss float64) {
	q := min(max(p, 1e-6), 1-1e-6)
	if !blackWon {
		p, q = 1-p, 1-q
	}
	return (1 - p) * (1 - p), -math.Log(q)
}

func ratio(num float64, den int) *float64 {
	if den == 0 {
		return nil
	}
	v := num / float64(den)
	return &v
}
