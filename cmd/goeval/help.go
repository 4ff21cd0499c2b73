package main

import "embed"

// helpTexts are the help texts of goeval's commands, help/NAME.txt, which
// -h prints before the flags.
//
//go:embed help
var helpTexts embed.FS

// help returns the help text help/NAME.txt.
func help(name string) string {
	b, err := helpTexts.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic(err) // embedded: a missing one is a build mistake
	}
	return string(b)
}
