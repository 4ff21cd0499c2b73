package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/outfile"
	"goeval/render"
)

// outputFlags are -o/--output, and for boards --palette, --size and
// --color.
type outputFlags struct {
	output         string
	size           int
	palette, color *cmdline.Choice
}

// addOutputFlag adds -o and --output alone.
func addOutputFlag(fs *flag.FlagSet) *outputFlags {
	of := &outputFlags{size: render.DefaultWidth}
	const usage = "write the output to this file instead of standard output"
	fs.StringVar(&of.output, "o", "", usage+" (short for --output)")
	fs.StringVar(&of.output, "output", "", usage)
	return of
}

// addOutputFlags adds -o and --output, the picture flags --palette and
// --size, and --color for text boards: every command that draws a board
// has them.
func addOutputFlags(fs *flag.FlagSet) *outputFlags {
	of := addOutputFlag(fs)
	of.color = cmdline.AddChoice(fs, "color", "text: shade the board with ANSI greys: auto (on a terminal), always or never", "auto", "always", "never")
	of.palette = cmdline.AddChoice(fs, "palette", "svg, png: colours of the control map: grey (black is Black's, white White's, as in the papers' figures) or redblue (blue Black's, red White's)", render.PaletteNames()...)
	fs.IntVar(&of.size, "size", render.DefaultWidth, fmt.Sprintf("svg, png: width of the picture in pixels, %d..%d (the caption adds to the height)", render.MinWidth, render.MaxWidth))
	return of
}

// check validates the picture flags, --size for a picture only.
func (of *outputFlags) check(picture bool) (render.Palette, error) {
	if err := of.palette.Check(); err != nil {
		return 0, err
	}
	pal, _ := render.ParsePalette(of.palette.V) // checked
	if picture && (of.size < render.MinWidth || of.size > render.MaxWidth) {
		return 0, usagef("invalid --size %d (want %d..%d pixels)", of.size, render.MinWidth, render.MaxWidth)
	}
	return pal, of.color.Check()
}

// shade returns the text shading --color asks for: ANSI greys always, or
// on auto when standard output is a terminal and NO_COLOR and TERM=dumb do
// not say otherwise.
func (of *outputFlags) shade(e *env) render.Shade {
	if of.color.V == "always" || (of.color.V == "auto" && e.stdoutTTY && of.toStdout() &&
		os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb") {
		return render.ANSI
	}
	return render.Plain
}

// toStdout reports whether the output goes to standard output: no -o, or
// -o -.
func (of *outputFlags) toStdout() bool { return of.output == "" || of.output == "-" }

// refuseTerminal returns an error when a PNG would go to a terminal.
func (of *outputFlags) refuseTerminal(e *env, format string) error {
	if format == "png" && of.toStdout() && e.stdoutTTY {
		return usagef("will not write a PNG to a terminal: give -o FILE.png or redirect standard output")
	}
	return nil
}

// checkInputs refuses, as a usage error, an -o file that is one of the
// inputs (checkNotInput).
func (of *outputFlags) checkInputs(inputs ...string) error {
	return checkNotInput("-o", of.output, inputs...)
}

// checkNotInput refuses, as a usage error, an output file out (given by
// flag) that is one of the inputs: the same path, or the same file by
// another name (outfile.Input).
func checkNotInput(flag, out string, inputs ...string) error {
	in, ok := outfile.Input(out, inputs...)
	switch {
	case !ok:
		return nil
	case filepath.Clean(in) == filepath.Clean(out):
		return usagef("%s %s is an input file: writing it would destroy it (give another output file)", flag, out)
	}
	return usagef("%s %s is the input file %s: writing it would destroy it (give another output file)", flag, out, in)
}

// write runs draw on the output: the file named by -o, or standard
// output. A file is written whole or not at all, through a link, pipe or
// device at the path rather than over it (package outfile).
func (of *outputFlags) write(e *env, draw func(w io.Writer) error) error {
	if of.toStdout() {
		return draw(e.stdout)
	}
	if err := outfile.Write(of.output, draw); err != nil {
		return fmt.Errorf("-o %s: %w", of.output, err)
	}
	return nil
}

// writeInterrupted writes the output of an interrupted run (what draw
// writes, the work finished) where it cannot be taken for a whole run's:
// to standard output without -o; with -o FILE, to a new file beside it,
// FILE.partial-NUMBER (outfile.WriteNew), FILE being left as it was. It
// returns the run's error: the interrupt, what, followed by where the
// output (named by noun) went ("written to standard output", "kept in
// FILE.partial-NUMBER; FILE is as it was"), or why it could not be kept.
func (of *outputFlags) writeInterrupted(e *env, what, noun string, draw func(w io.Writer) error) error {
	where := "written to standard output"
	if of.toStdout() {
		if err := draw(e.stdout); err != nil {
			return err
		}
	} else {
		name, err := outfile.WriteNew(of.output, ".partial", draw)
		if err != nil {
			return fmt.Errorf("%s; %s could not be kept: %w; %s is as it was", what, noun, err, of.output)
		}
		where = fmt.Sprintf("kept in %s; %s is as it was", name, of.output)
	}
	return &interrupt.Error{Msg: fmt.Sprintf("%s; %s %s", what, noun, where)}
}

// writePicture writes pic as an SVG or PNG document.
func (of *outputFlags) writePicture(e *env, format string, pic *render.Picture) error {
	return of.write(e, func(w io.Writer) error {
		if format == "png" {
			return pic.WritePNG(w, of.size)
		}
		return pic.WriteSVG(w, of.size)
	})
}

// checkWrite checks, before a long fit, that the --write file path (if
// any) can be written, leaving it as it is (outfile.Check).
func checkWrite(path string) error {
	if path == "" {
		return nil
	}
	if err := outfile.Check(path); err != nil {
		return fmt.Errorf("--write: %w", err)
	}
	return nil
}
