package main

import (
	"fmt"
	"strings"

	"goeval/board"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/outfile"
	"goeval/match"
	"goeval/peer"
)

func init() {
	register(&command{name: "match", args: "[flags]", summary: "play games between two GTP engines (goeval and GnuGo, say) and score them", run: matchCommand})
}

var matchUsage = help("match")

func matchCommand(e *env, args []string) error {
	fs := newFlags(e, "match", matchUsage)
	var a, b, scorer peer.Specs
	fs.Var(&a, "a", "the first engine, as NAME=COMMAND (Black in the first game)")
	fs.Var(&b, "b", "the second engine, as NAME=COMMAND")
	fs.Var(&scorer, "scorer", "the engine whose final_score scores the games, as NAME=COMMAND (default: "+strings.Join(match.DefaultScorer().Argv, " ")+")")
	games := cmdline.AddInt(fs, "games", 2, 1, "number of games")
	size := addSizeFlag(fs, "size", match.DefaultSize, fmt.Sprintf("board size, %d..%d", board.MinSize, board.MaxSize))
	komi := addKomiFlag(fs, 7.5, "komi, at most the board's points (size²) either way; give it for boards under 3x3")
	maxMoves := cmdline.AddInt(fs, "max-moves", 0, 0, "stop and score a game after this many moves (0: 3 × size²)")
	timeout := cmdline.AddTimeout(fs, "timeout", match.DefaultTimeout, "how long to wait for each answer of an engine")
	sgfOut := fs.String("sgf", "", "write the games to this SGF file")
	of := addOutputFlag(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("goeval match takes no arguments (got %q); engines are --a and --b", rest[0])
	}
	if len(a) != 1 || len(b) != 1 {
		return usagef("give one --a and one --b engine, each as NAME=COMMAND")
	}
	if len(scorer) > 1 {
		return usagef("give at most one --scorer")
	}
	if err := cmdline.Check(games, timeout); err != nil {
		return err
	}
	if *sgfOut != "" && !of.toStdout() && outfile.Same(*sgfOut, of.output) {
		return usagef("--sgf %s and -o %s name one file: the games and the table would overwrite each other (give two)", *sgfOut, of.output)
	}
	if err := maxMoves.Check(); err != nil {
		return err
	}
	if a[0].Name == b[0].Name {
		return usagef("--a and --b have the same name %q", a[0].Name)
	}
	cfg := match.Config{
		A: match.Engine(a[0]), B: match.Engine(b[0]), // the scorer: match.DefaultScorer unless --scorer
		Games: games.N, Size: size.N, Komi: komi.V, MaxMoves: maxMoves.N, Timeout: timeout.D,
	}
	if len(scorer) == 1 {
		cfg.Scorer = match.Engine(scorer[0])
	}
	if err := size.Check(); err != nil {
		return err
	}
	if err := komi.check(size.N); err != nil {
		return err
	}
	cfg.Progress = func(done int, g *match.Game) {
		fmt.Fprintf(e.stderr, "goeval: game %d of %d: %s (B) vs %s (W): %s, %d moves\n", done, games.N, g.Black, g.White, g.Result, len(g.Moves))
	}
	ctx, stop := interruptContext()
	defer stop()
	rep, err := match.Play(ctx, cfg)
	if err == nil && rep.Interrupted {
		return matchInterrupted(e, rep, *sgfOut, of)
	}
	if rep != nil && *sgfOut != "" && len(rep.Games) > 0 {
		if werr := outfile.Write(*sgfOut, rep.WriteSGF); werr != nil {
			fmt.Fprintf(e.stderr, "goeval: %v\n", werr)
		}
	}
	if err != nil {
		return err
	}
	return of.write(e, rep.WriteText)
}

// matchInterrupted keeps the games of an interrupted match beside the
// files asked for, never over them: the SGF in GAMES.partial-NUMBER, the
// table as writeInterrupted writes it; with no game finished, nothing.
func matchInterrupted(e *env, rep *match.Report, sgfOut string, of *outputFlags) error {
	what := fmt.Sprintf("interrupted: %d of %d games played", len(rep.Games), rep.Config.Games)
	if len(rep.Games) == 0 {
		for _, f := range []string{sgfOut, of.output} {
			if f != "" && f != "-" {
				what += fmt.Sprintf("; %s is as it was", f)
			}
		}
		return &interrupt.Error{Msg: what}
	}
	if sgfOut != "" {
		name, err := outfile.WriteNew(sgfOut, ".partial", rep.WriteSGF)
		if err != nil {
			what += fmt.Sprintf("; the games could not be kept: %v; %s is as it was", err, sgfOut)
		} else {
			what += fmt.Sprintf("; the games kept in %s; %s is as it was", name, sgfOut)
		}
	}
	return of.writeInterrupted(e, what, "the table", rep.WriteText)
}
