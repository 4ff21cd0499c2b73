package main

import (
	"flag"
	"fmt"
	"strconv"

	"goeval/sgf"
)

// maxSGFFlag is --max-sgf-mb: the largest SGF file a command reads, in
// megabytes (1,000,000 bytes); 0 means no limit. Setting it sets package
// sgf's limit.
type maxSGFFlag struct{ mb int64 }

// maxSGFHow is what the error of a file over the limit adds.
const maxSGFHow = "--max-sgf-mb raises it"

// addMaxSGFFlag adds --max-sgf-mb to a command that reads SGF files,
// and sets sgf's limit to the default until the flag says otherwise.
func addMaxSGFFlag(fs *flag.FlagSet) {
	m := &maxSGFFlag{mb: sgf.DefaultMaxSize / 1_000_000}
	sgf.SetMaxSize(sgf.DefaultMaxSize, maxSGFHow)
	fs.Var(m, "max-sgf-mb", "refuse SGF files and input larger than `N` megabytes (1,000,000 bytes; 0: no limit)")
}

func (m *maxSGFFlag) String() string {
	if m == nil {
		return ""
	}
	return strconv.FormatInt(m.mb, 10)
}

func (m *maxSGFFlag) Set(v string) error {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > 1<<40 {
		return fmt.Errorf("want a whole number of megabytes, 0 for no limit")
	}
	m.mb = n
	sgf.SetMaxSize(n*1_000_000, maxSGFHow)
	return nil
}
