package sgf

import (
	"fmt"
	"strconv"
)

// SizeFlag is a flag.Value (--max-sgf-mb N) that sets the limit of
// ReadFile, Load and Read in megabytes (1,000,000 bytes), 0 for none:
// setting it calls SetMaxSize with the bytes and its How.
type SizeFlag struct {
	mb int64
	// How says how a person may raise the limit, for the error of input
	// over it ("--max-sgf-mb raises it").
	How string
}

// NewSizeFlag sets the limit to DefaultMaxSize with how (SetMaxSize), and
// returns a SizeFlag that shows it, until the flag says otherwise.
func NewSizeFlag(how string) *SizeFlag {
	SetMaxSize(DefaultMaxSize, how)
	return &SizeFlag{mb: DefaultMaxSize / 1_000_000, How: how}
}

// String returns the limit in megabytes ("" for a nil flag).
func (f *SizeFlag) String() string {
	if f == nil {
		return ""
	}
	return strconv.FormatInt(f.mb, 10)
}

// Set reads a whole number of megabytes, 0 to 2^40, and sets the limit.
func (f *SizeFlag) Set(v string) error {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > 1<<40 {
		return fmt.Errorf("want a whole number of megabytes, 0 for no limit")
	}
	f.mb = n
	SetMaxSize(n*1_000_000, f.How)
	return nil
}
