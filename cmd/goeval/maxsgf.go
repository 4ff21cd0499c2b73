package main

import (
	"flag"

	"goeval/sgf"
)

// addMaxSGFFlag adds --max-sgf-mb, the largest SGF file a command reads
// (sgf.SizeFlag), to a command that reads SGF files, and sets sgf's limit
// to the default until the flag says otherwise.
func addMaxSGFFlag(fs *flag.FlagSet) {
	fs.Var(sgf.NewSizeFlag("--max-sgf-mb raises it"), "max-sgf-mb", "refuse SGF files and input larger than `N` megabytes (1,000,000 bytes; 0: no limit)")
}
