package main

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
		add  func(fs *flag.FlagSet) checker
		want string // the error, "" for none
	}{
		{"format default", nil, func(fs *flag.FlagSet) checker { return addFormatFlag(fs, "", "json") }, ""},
		{"format json", []string{"--format", "json"}, func(fs *flag.FlagSet) checker { return addFormatFlag(fs, "", "json") }, ""},
		{"format xml", []string{"--format", "xml"}, func(fs *flag.FlagSet) checker { return addFormatFlag(fs, "", "csv", "json") },
			`invalid --format "xml" (want text, csv, json)`},
		{"by", []string{"--by", "x"}, func(fs *flag.FlagSet) checker { return addChoiceFlag(fs, "by", "", "model", "net", "eval") },
			`invalid --by "x" (want model, net, eval)`},
		{"int at least", []string{"--every", "0"}, func(fs *flag.FlagSet) checker { return addIntFlag(fs, "every", 5, 1, "") },
			"invalid --every 0 (want 1 or more)"},
		{"int at the least", []string{"--every", "1"}, func(fs *flag.FlagSet) checker { return addIntFlag(fs, "every", 5, 1, "") }, ""},
		{"game", []string{"--game", "0"}, func(fs *flag.FlagSet) checker { return addGameFlag(fs, "") },
			"invalid --game 0 (games are counted from 1)"},
		{"workers 0", []string{"--workers", "0"}, func(fs *flag.FlagSet) checker { return addWorkersFlag(fs, "", cpuCount) }, ""},
		{"workers", []string{"--workers", "-1"}, func(fs *flag.FlagSet) checker { return addWorkersFlag(fs, "", cpuCount) },
			"invalid --workers -1 (want 1 or more, or 0 for the number of CPUs)"},
		{"workers per CPU", []string{"--workers", "-2"}, func(fs *flag.FlagSet) checker { return addWorkersFlag(fs, "", onePerCPU) },
			"invalid --workers -2 (want 1 or more, or 0 for one per CPU)"},
		{"timeout", []string{"--timeout", "0s"}, func(fs *flag.FlagSet) checker { return addTimeoutFlag(fs, "timeout", 1, "") },
			"invalid --timeout 0s (want a positive duration)"},
		{"timeout 1s", []string{"--timeout", "1s"}, func(fs *flag.FlagSet) checker { return addTimeoutFlag(fs, "timeout", 1, "") }, ""},
		{"size", []string{"--size", "30"}, func(fs *flag.FlagSet) checker { return addSizeFlag(fs, "size", 9, "") },
			"invalid --size 30 (want 2..25)"},
		{"size 25", []string{"--size", "25"}, func(fs *flag.FlagSet) checker { return addSizeFlag(fs, "size", 9, "") }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			c := tc.add(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			got := ""
			if err := c.check(); err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("check() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestKomiFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		size int
		want string
	}{
		{nil, 9, ""},
		{nil, 2, "the default --komi 7.5 is more than the 4 points of the 2x2 board: give --komi"},
		{[]string{"--komi", "5"}, 2, "invalid --komi 5 (want a number from -4 to 4, the points of the 2x2 board)"},
		{[]string{"--komi", "NaN"}, 9, "invalid --komi NaN (want a number from -81 to 81, the points of the 9x9 board)"},
		{[]string{"--komi", "-4"}, 2, ""},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		k := addKomiFlag(fs, 7.5, "")
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := k.check(tc.size); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%v on %dx%d: check() = %q, want %q", tc.args, tc.size, tc.size, got, tc.want)
		}
	}
}

func TestIsSet(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Int("a", 0, "")
	fs.Int("b", 0, "")
	if err := fs.Parse([]string{"-a", "0"}); err != nil {
		t.Fatal(err)
	}
	if !isSet(fs, "a") || isSet(fs, "b") || isSet(fs, "c") {
		t.Errorf("isSet: a %v, b %v, c %v; want true, false, false", isSet(fs, "a"), isSet(fs, "b"), isSet(fs, "c"))
	}
}
