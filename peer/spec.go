package peer

import (
	"fmt"
	"strings"
)

// Spec is an engine as a command line names it, NAME=COMMAND: a name (for
// tables and messages) and the command split into words (SplitCommand).
type Spec struct {
	Name string
	Argv []string
}

// Specs collects the engines of a repeatable flag (--peer NAME=COMMAND):
// a flag.Value.
type Specs []Spec

// String returns "": a flag's default is no engine.
func (s *Specs) String() string { return "" }

// Set adds the engine of one NAME=COMMAND: a name that is not blank (its
// spaces trimmed), "=" and a command that is not blank either.
func (s *Specs) Set(v string) error {
	name, cmd, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(cmd) == "" {
		return fmt.Errorf("want NAME=COMMAND, as in gnugo=\"gnugo --mode gtp --level 1\"")
	}
	argv, err := SplitCommand(cmd)
	if err != nil {
		return err
	}
	*s = append(*s, Spec{name, argv})
	return nil
}
