package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"goeval/records"
)

// refRun compares the stones estimator on testdata/tiny with the
// reference testdata/tiny-reference.jsonl at bands 4 and end-2.
func refRun(t *testing.T) *Report {
	t.Helper()
	labels, err := records.ReadLabels("../records/testdata/tiny/final-ownership.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := records.ReadReference("../records/testdata/tiny-reference.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := records.Files([]string{"../records/testdata/tiny"})
	bands, _ := records.ParseBands("4,end-2")
	r, err := Run(context.Background(), Config{Estimators: []Estimator{stones}, Bands: bands, Labels: labels, Reference: ref, Workers: 1}, files)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReferenceByHand checks the metrics against the reference with
// arithmetic done by hand on testdata/tiny (see TestTinyByHand for the
// games; komi 0.5) and testdata/tiny-reference.jsonl, whose positions are
// (5x5 maps, columns A to E; "sure" points have |ownership| > 0.5):
//
//   - a.sgf move 4 (B5 B4 black, C5 C4 white): lead -2.5 (area -2);
//     columns A-B 0.8, C -0.9, D-E 0.2: 15 sure points.
//   - a.sgf move 8 (B5-B2 black, C5-C2 white): lead -5.5 (area -5); A-B
//     1, C-E -1: 25 sure points.
//   - b.sgf move 4 (C3 D4 black... see the record): lead 3.5 (area 4);
//     0.3 everywhere but C3 (a black stone) 0.9 and D2 (a white one)
//     -0.7: 2 sure points.
//   - c.sgf move 4 (a.sgf's position): lead 1.5 (area 2); 0 everywhere but
//     A5 (empty) 0.6: 1 sure point.
//   - a.sgf move 6: not sampled; c.sgf move 9 (its end-2): missing.
//
// The stones estimator's score is 0 in all these positions, its map ±1 on
// the stones and 0 elsewhere.
func TestReferenceByHand(t *testing.T) {
	r := refRun(t)
	want := []struct {
		name, band                      string
		positions                       int
		lead, leadSE, mse, sign, winner float64
		winnerPositions                 int
	}{
		// Band 4: a@4, b@4, c@4. Lead errors |0-(-2)| = 2, |0-4| = 4,
		// |0-2| = 2: mean 8/3, sample variance (4/9+4/9+16/9)/2 = 4/3, s.e.
		// √(4/3/3) = 2/3. Squared errors on the sure points: a@4: A 5·0.64,
		// B 2·0.04 + 3·0.64, C 2·0.01 + 3·0.81 = 7.65, 4 stones agree; b@4:
		// 0.1² + 0.3² = 0.10, both agree; c@4: 0.6² = 0.36, none: 8.11/18,
		// 6/18. Winners: a's lead is White's and the score 0 - 0.5 says
		// White (agrees); b's Black (disagrees), c's Black (disagrees).
		{"stones", "4", 3, 8.0 / 3, 2.0 / 3, 8.11 / 18, 6.0 / 18, 1.0 / 3, 3},
		// Band end-2: a@8, b@4 (c@9 missing). Lead errors 5 and 4: mean
		// 4.5, s.e. √(0.5/2) = 0.5. a@8: A 5·1, B row 1 1, C row 1 1, D-E
		// 10·1 = 17, 8 stones agree; with b@4: 17.1/27, 10/27; winners 1/2.
		{"stones", "end-2", 2, 4.5, 0.5, 17.1 / 27, 10.0 / 27, 0.5, 2},
		// The tie at band 4: score 0.5, lead errors 2.5, 3.5, 1.5 (mean
		// 2.5, s.e. 0.5773...), map 0: a@4 10·0.64 + 5·0.81 = 10.45, b@4
		// 0.81 + 0.49 = 1.30, c@4 0.36: 12.11/18; no sign agrees; a score
		// of komi picks no winner.
		{"tie", "4", 3, 2.5, math.Sqrt(1.0 / 3), 12.11 / 18, 0, 0, 3},
		// The reference agrees with itself.
		{"reference", "4", 3, 0, 0, 0, 1, 1, 3},
		{"reference", "end-2", 2, 0, 0, 0, 1, 1, 2},
	}
	for _, w := range want {
		bs, _ := records.ParseBands(w.band)
		row := r.Row(w.name, bs[0])
		if row == nil {
			t.Fatalf("no row %s %s", w.name, w.band)
		}
		check := func(what string, got *float64, want float64) {
			t.Helper()
			if got == nil || math.Abs(*got-want) > 1e-12 {
				t.Errorf("%s at %s: %s = %v, want %v", w.name, w.band, what, fmtp(got), want)
			}
		}
		check("lead MAE", row.RefLeadMAE, w.lead)
		check("lead MAE s.e.", row.RefLeadMAESE, w.leadSE)
		check("ownership MSE", row.RefOwnershipMSE, w.mse)
		check("sign agreement", row.RefSignAgreement, w.sign)
		check("winner agreement", row.RefWinnerAgreement, w.winner)
		if row.RefPositions != w.positions || row.RefMapPositions != w.positions || row.RefWinnerPositions != w.winnerPositions {
			t.Errorf("%s at %s: %d positions, %d with a map, %d with a winner", w.name, w.band, row.RefPositions, row.RefMapPositions, row.RefWinnerPositions)
		}
	}
	// The reference's own row against the truth, band 4: areas -2 (a), 4
	// (b), 2 (c); a and c counted with area -5: MAE (3+7)/2; winners: a
	// right (W), b right (B), c wrong; winrates 0.3, 0.8, 0.6 against
	// outcomes 0, 1, 0: Brier (0.09+0.04+0.36)/3.
	row := r.Row(ReferenceName, records.Band{Move: 4})
	if row.ScoreMAE == nil || *row.ScoreMAE != 5 || row.WinnerAccuracy == nil || math.Abs(*row.WinnerAccuracy-2.0/3) > 1e-12 ||
		row.WinBrier == nil || math.Abs(*row.WinBrier-0.49/3) > 1e-12 || row.MicrosPerPosition != nil {
		t.Errorf("reference at 4: MAE %v, winners %v, Brier %v, time %v", fmtp(row.ScoreMAE), fmtp(row.WinnerAccuracy), fmtp(row.WinBrier), fmtp(row.MicrosPerPosition))
	}
	// Its reliability table at band 4: 0.3 (White won) in the second
	// fifth, 0.6 (White won) in the fourth, 0.8 (Black won) in the last.
	bins := []struct {
		n         int
		mean, won float64
	}{{0, 0, 0}, {1, 0.3, 0}, {0, 0, 0}, {1, 0.6, 0}, {1, 0.8, 1}}
	if len(row.WinReliability) != len(bins) {
		t.Fatalf("reliability %+v", row.WinReliability)
	}
	for k, w := range bins {
		b := row.WinReliability[k]
		if b.Positions != w.n || (w.n == 0) != (b.MeanProb == nil) || (w.n > 0 && (math.Abs(*b.MeanProb-w.mean) > 1e-12 || *b.BlackWon != w.won)) ||
			math.Abs(b.From-float64(k)/5) > 1e-12 {
			t.Errorf("reliability bin %d: %+v, want %+v", k, b, w)
		}
	}
	if r.Row("stones", records.Band{Move: 4}).WinReliability != nil {
		t.Error("the stones estimator gives no probabilities, but has a reliability table")
	}
	// At end-2 it lacks c@9: two positions.
	if row := r.Row(ReferenceName, records.Band{Move: 2, FromEnd: true}); row.Positions != 2 || row.Failed != 0 {
		t.Errorf("reference at end-2: %d positions, %d failed, want 2 and 0", row.Positions, row.Failed)
	}
	if r.RefFound != 5 || len(r.RefMissing) != 1 || !strings.HasSuffix(r.RefMissing[0].Game, "c.sgf") || r.RefMissing[0].Move != 9 {
		t.Errorf("found %d, missing %+v; want 5 found and c.sgf move 9 missing", r.RefFound, r.RefMissing)
	}
}

// TestReferenceOutputs checks that the missing positions and the metrics
// against the reference reach every output.
func TestReferenceOutputs(t *testing.T) {
	r := refRun(t)
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Reference string `json:"reference"`
		Found     int    `json:"reference_found"`
		Missing   []struct {
			Game string `json:"game"`
			Move int    `json:"move"`
		} `json:"reference_missing"`
		Rows []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j.Reference != "../records/testdata/tiny-reference.jsonl" || j.Found != 5 || len(j.Missing) != 1 || j.Missing[0].Move != 9 {
		t.Errorf("JSON reference %q, found %d, missing %+v", j.Reference, j.Found, j.Missing)
	}
	if v, ok := j.Rows[1]["ref_lead_mae"].(float64); !ok || math.Abs(v-8.0/3) > 1e-12 {
		t.Errorf("JSON rows[1] (stones at 4) ref_lead_mae %v", j.Rows[1]["ref_lead_mae"])
	}
	buf.Reset()
	if err := r.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	if !strings.Contains(lines[0], ",ref_lead_mae,") || !strings.Contains(lines[2], ",2.6666666666666665,") {
		t.Errorf("CSV header or stones row lacks the lead MAE:\n%s\n%s", lines[0], lines[2])
	}
	buf.Reset()
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"against the reference (../records/testdata/tiny-reference.jsonl): 3 positions", "2.67 ± 0.67",
		"5 sampled positions evaluated, 1 missing"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, buf.String())
		}
	}
}

// TestReferenceMismatch checks that a reference line evaluated with
// another komi or another side to move than the record's is left out with
// a warning naming its line, like a missing one but said.
func TestReferenceMismatch(t *testing.T) {
	raw, err := os.ReadFile("../records/testdata/tiny-reference.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	for _, c := range []struct {
		name, from, to string
		line           int // of tiny-reference.jsonl, from 1
		warn           string
	}{
		// b.sgf has KM[0.5]; its move 4 is sampled by both bands.
		{"komi", `"komi":0.5`, `"komi":6.5`, 4, "x.jsonl:4: the reference assumed komi 6.5 at move 4, the record has 0.5: position left out"},
		// After four moves of a.sgf Black is to move.
		{"to move", `"to_move":"B"`, `"to_move":"W"`, 1, "x.jsonl:1: the reference has W to move at move 4, the record B: position left out"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := slices.Clone(lines)
			l[c.line-1] = strings.Replace(l[c.line-1], c.from, c.to, 1)
			ref, err := records.ParseReference("x.jsonl", strings.NewReader(strings.Join(l, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			files, _ := records.Files([]string{"../records/testdata/tiny"})
			bands, _ := records.ParseBands("4,end-2")
			r, err := Run(context.Background(), Config{Estimators: []Estimator{stones}, Bands: bands, Reference: ref, Workers: 1}, files)
			if err != nil {
				t.Fatal(err)
			}
			var warns []string
			for _, w := range r.Warnings {
				if strings.Contains(w.Err, "reference") {
					warns = append(warns, w.Err)
				}
			}
			if len(warns) != 1 || warns[0] != c.warn {
				t.Errorf("warnings %q, want just %q", warns, c.warn)
			}
			// Five positions are found without the change (TestReferenceByHand);
			// b@4 counts in both bands.
			want := 4
			if c.line == 4 {
				want = 3
			}
			if r.RefFound != want {
				t.Errorf("%d reference positions used, want %d", r.RefFound, want)
			}
		})
	}
}
