package cmdline

import (
	"flag"
	"io"
	"testing"
)

// TestFlagValues checks each flag value's one check: what it accepts and
// the words of its usage error.
func TestFlagValues(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		add  func(fs *flag.FlagSet) Checker
		want string // the error, "" for none
	}{
		{"format default", nil, func(fs *flag.FlagSet) Checker { return AddFormat(fs, "", "json") }, ""},
		{"format json", []string{"--format", "json"}, func(fs *flag.FlagSet) Checker { return AddFormat(fs, "", "json") }, ""},
		{"format xml", []string{"--format", "xml"}, func(fs *flag.FlagSet) Checker { return AddFormat(fs, "", "csv", "json") },
			`invalid --format "xml" (want text, csv, json)`},
		{"by", []string{"--by", "x"}, func(fs *flag.FlagSet) Checker { return AddChoice(fs, "by", "", "model", "net", "eval") },
			`invalid --by "x" (want model, net, eval)`},
		{"int at least", []string{"--every", "0"}, func(fs *flag.FlagSet) Checker { return AddInt(fs, "every", 5, 1, "") },
			"invalid --every 0 (want 1 or more)"},
		{"int at the least", []string{"--every", "1"}, func(fs *flag.FlagSet) Checker { return AddInt(fs, "every", 5, 1, "") }, ""},
		{"game", []string{"--game", "0"}, func(fs *flag.FlagSet) Checker { return AddGame(fs, "") },
			"invalid --game 0 (games are counted from 1)"},
		{"workers 0", []string{"--workers", "0"}, func(fs *flag.FlagSet) Checker { return AddWorkers(fs, "", "the number of CPUs") }, ""},
		{"workers", []string{"--workers", "-1"}, func(fs *flag.FlagSet) Checker { return AddWorkers(fs, "", "the number of CPUs") },
			"invalid --workers -1 (want 1 or more, or 0 for the number of CPUs)"},
		{"workers per CPU", []string{"--workers", "-2"}, func(fs *flag.FlagSet) Checker { return AddWorkers(fs, "", "one per CPU") },
			"invalid --workers -2 (want 1 or more, or 0 for one per CPU)"},
		{"timeout", []string{"--timeout", "0s"}, func(fs *flag.FlagSet) Checker { return AddTimeout(fs, "timeout", 1, "") },
			"invalid --timeout 0s (want a positive duration)"},
		{"timeout 1s", []string{"--timeout", "1s"}, func(fs *flag.FlagSet) Checker { return AddTimeout(fs, "timeout", 1, "") }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			c := tc.add(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			got := ""
			if err := c.Check(); err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("Check() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestIsSet(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Int("a", 0, "")
	fs.Int("b", 0, "")
	if err := fs.Parse([]string{"-a", "0"}); err != nil {
		t.Fatal(err)
	}
	if !IsSet(fs, "a") || IsSet(fs, "b") || IsSet(fs, "c") {
		t.Errorf("IsSet: a %v, b %v, c %v; want true, false, false", IsSet(fs, "a"), IsSet(fs, "b"), IsSet(fs, "c"))
	}
}
