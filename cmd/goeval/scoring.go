package main

import (
	"flag"

	"goeval/control"
	"goeval/internal/cmdline"
	"goeval/ko"
	"goeval/position"
)

// scoringFlags choose how a finished position is counted: --scoring, and
// the ko threats the Ikeda table needs under territory scoring.
type scoringFlags struct {
	scoring                    *cmdline.Choice
	threatsBlack, threatsWhite *cmdline.Int
}

func addScoringFlags(fs *flag.FlagSet) *scoringFlags {
	sf := &scoringFlags{}
	sf.scoring = cmdline.AddChoice(fs, "scoring", "how the judge counts a finished position: area, or territory (prisoners and territory, open basic kos by the Ikeda Territory I table; see goeval ikeda)", "area", "territory")
	sf.threatsBlack = cmdline.AddInt(fs, "ko-threats-black", 0, 0, "Black's ko threats, for the open kos under --scoring territory")
	sf.threatsWhite = cmdline.AddInt(fs, "ko-threats-white", 0, 0, "White's ko threats, for the open kos under --scoring territory")
	return sf
}

func (sf *scoringFlags) check() error {
	if err := cmdline.Check(sf.scoring, sf.threatsBlack, sf.threatsWhite); err != nil {
		return err
	}
	// The open kos and dame count too, once the position is known.
	b, w := sf.threatsBlack.N, sf.threatsWhite.N
	if min(b, ko.MaxCount+1)+min(w, ko.MaxCount+1) > ko.MaxCount {
		return usagef("invalid --ko-threats-black %d and --ko-threats-white %d: more than %d together (a point each on the largest board; goeval ikeda -h)",
			b, w, ko.MaxCount)
	}
	return nil
}

func (sf *scoringFlags) territory() bool { return sf.scoring.V == "territory" }

// counter returns how pos is counted under --scoring territory, with the
// dead stones and seki of the estimator's area count; nil under area
// scoring.
func (sf *scoringFlags) counter(pos *position.Position) func(control.Count) (*ko.Count, error) {
	if !sf.territory() {
		return nil
	}
	return func(c control.Count) (*ko.Count, error) {
		tc, err := ko.CountTerritory(pos.Board, c.Dead, c.Seki, sf.threatsBlack.N, sf.threatsWhite.N)
		if err != nil {
			return nil, koUsageError(err, map[string]string{"Tb": "--ko-threats-black", "Tw": "--ko-threats-white"})
		}
		return tc, nil
	}
}
