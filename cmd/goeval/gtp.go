package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/gtp"
)

func init() {
	register(&command{name: "gtp", summary: "serve GTP version 2 on standard input and output, for GoGui, Sabaki and Lizzie", run: gtpCommand})
}

const gtpUsage = `goeval gtp is a Go Text Protocol (version 2) engine on standard input and
output, so that GUIs can show goeval's control maps and rankings.

Usage:
  goeval gtp [flags]

Besides the core commands (boardsize, clear_board, komi, play, undo,
showboard, ...) it answers:

  loadsgf FILE [N]           the position before move N, as GNU Go does;
                             the end for none, 0 or past the end (with a
                             warning); an illegal move on the way fails
                             it, the board unchanged; the SGF reader's
                             warnings go to standard error
  estimate_score             W+3.5 (upper bound: ..., lower: ...), after
                             komi: how the game will end
  final_score                W+3.5, after komi: the position counted as it
                             stands (area rules), its dead stones off; with
                             --scoring territory, territory and prisoners,
                             the basic kos still open resolved by the
                             Ikeda Territory I table (goeval ikeda) with
                             --ko-threats-black and --ko-threats-white
  final_status_list STATUS   alive, dead or seki: the judge's own verdicts
                             (another estimator: a stone is dead where it
                             gives its point to the other colour)
  genmove COLOR              the move model's likeliest move that is worth
                             playing: never in its own true eye and, once
                             the judge's count is settled, only dame,
                             open points and captures, ataris and saves;
                             else pass (--by eval: the best move of the
                             one-ply ranking, or pass when none gains);
                             reg_genmove does not play it
  gogui-analyze_commands     GoGui's: an ownership map per estimator
                             (goeval-ownership-NAME), move values
                             (goeval-values) and the ranking's letters
                             (goeval-ranking)
  kata-analyze [COLOR] [INTERVAL] ownership true
                             KataGo's analysis lines, every INTERVAL
                             centiseconds until the next command, for
                             Lizzie: the ranking's best moves, with the
                             move model's probability as the prior, and
                             the judge's win probability and lead after
                             each; ownership is the judge's, from the side
                             of the player analysed, row-major from the
                             top-left
  lz-analyze [COLOR] [INTERVAL]
                             the same in Leela Zero's format

The estimator chosen with --estimator (and its parameters; default judge,
or net with a network) judges scores, dead stones, kata-analyze's winrates
and ownership. Moves are ordered by the move model (--by model, the
default; --model for another parameter file), one ply deep (--by eval), or
by a KataGo network's move probabilities (--by net, the default with --net
FILE or GOEVAL_NET: genmove plays the network's likeliest move, passing when
the pass is likeliest, and kata-analyze lists its likeliest moves, each
valued one ply deep by the judge); --rank-estimator (default lambda-kappa)
gives every move its one-ply evaluation for --by eval and model.
Komi is 6.5 until set.

In GoGui: gogui -program "goeval gtp". In Lizzie, as engine command:
goeval gtp.
`

func gtpCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval gtp", gtpUsage)
	addMaxSGFFlag(fs)
	ef := addEstimatorFlags(fs, defaultEstimator)
	rankWith := fs.String("rank-estimator", mapEstimator, "estimator that ranks moves for genmove, kata-analyze's moves and the ranking analyze commands")
	workers := fs.Int("workers", 0, "number of parallel workers that rank moves (0: one per CPU, GOMAXPROCS)")
	size := fs.Int("boardsize", 19, fmt.Sprintf("board size at the start, %d..%d", board.MinSize, board.MaxSize))
	by := fs.String("by", "model", "order of the moves of genmove and the analyze commands: model (the move model), net (the network's move probabilities; the default with --net) or eval (the one-ply score)")
	mf := addModelFlag(fs)
	sf := addScoringFlags(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("goeval gtp takes no arguments (got %q)", rest[0])
	}
	if err := sf.check(); err != nil {
		return err
	}
	if *workers < 0 {
		return usagef("invalid --workers %d (want 1 or more, or 0 for one per CPU)", *workers)
	}
	judge, err := ef.factory()
	if err != nil {
		return err
	}
	if ef.net.loaded && !ef.net.set("by") && mf.path == "" {
		*by = netEstimator
	}
	if *by != "model" && *by != "eval" && *by != netEstimator {
		return usagef("invalid --by %q (want model, net, eval)", *by)
	}
	if *by != "model" && mf.path != "" {
		return usagef("--model orders the moves by the model: it does not go with --by %s", *by)
	}
	cfg := gtp.Config{Version: version(), Workers: *workers, Size: *size,
		Warn: func(line string) { fmt.Fprintf(e.stderr, "goeval: %s\n", line) }}
	switch *by {
	case "model":
		if cfg.Model, err = mf.load(); err != nil {
			return err
		}
	case netEstimator:
		if _, ok := judge().(control.MovePredictor); !ok {
			return usagef("--by net takes the moves from the network: give one with --net FILE (and leave --estimator net)")
		}
		cfg.Policy = true
	}
	ranker, err := factoryOf(*rankWith, nil)
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	if err != nil {
		return usagef("invalid --rank-estimator %q (want %s)", *rankWith, strings.Join(estimatorNames(), ", "))
	}
	var ests []gtp.Estimator
	for _, s := range eval.Usable() {
		f, err := eval.Factory(s.Name, nil)
		if err != nil {
			return err
		}
		ests = append(ests, gtp.Estimator{Name: s.Name, New: f})
	}
	cfg.Judge, cfg.Rank, cfg.Estimators = judge, ranker, ests
	cfg.Territory, cfg.KoThreatsBlack, cfg.KoThreatsWhite = sf.territory(), sf.threatsBlack, sf.threatsWhite
	eng, err := gtp.New(cfg)
	if errors.Is(err, board.ErrSize) {
		return usagef("invalid --boardsize %d (want %d..%d)", *size, board.MinSize, board.MaxSize)
	}
	if err != nil {
		return err
	}
	return eng.Run(context.Background(), e.stdin, e.stdout)
}

// version is goeval's version from the build information: the module
// version when it was installed as a module ("v1.2.0"), else the commit it
// was built from, as the go command records it ("devel 00a3b4a1c2d3
// 2026-11-27T10:01:02Z", "+modified" when the working tree had changes),
// else "devel" (go run, go test).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	return versionOf(bi, ok)
}

// noStamp is what --version adds to a bare "devel": why there is no
// commit, and how to get one.
const noStamp = " (no version control stamp: built by go run, with -buildvcs=false (GOFLAGS too), " +
	"or outside a git clone (a git worktree is not seen); go build -buildvcs=true -o goeval ./cmd/goeval in a clone records the commit)"

// versionLine is what --version prints: the version, and for a bare
// "devel" how to get a commit (GTP's version stays one word).
func versionLine(v string) string {
	if v == "devel" {
		return "goeval devel" + noStamp
	}
	return "goeval " + v
}

func versionOf(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+modified"
			}
		}
	}
	if rev == "" {
		return "devel"
	}
	out := "devel " + rev[:min(12, len(rev))] + modified
	if at != "" {
		out += " " + at
	}
	return out
}
