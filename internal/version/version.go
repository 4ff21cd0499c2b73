// Package version says which goeval this is, from the build information
// that the go command records: the module version, or the commit it was
// built from.
package version

import "runtime/debug"

// String is goeval's version from the build information: the module
// version when it was installed as a module ("v1.2.0"), else the commit it
// was built from, as the go command records it ("devel 00a3b4a1c2d3
// 2026-11-27T10:01:02Z", "+modified" when the working tree had changes),
// else "devel" (go run, go test).
func String() string {
	bi, ok := debug.ReadBuildInfo()
	return of(bi, ok)
}

// noStamp is what --version adds to a bare "devel": why there is no
// commit, and how to get one.
const noStamp = " (no version control stamp: built by go run, with -buildvcs=false (GOFLAGS too), " +
	"or outside a git clone (a git worktree is not seen); go build -buildvcs=true -o goeval ./cmd/goeval in a clone records the commit)"

// Line is what goeval --version prints: the version, and for a bare
// "devel" how to get a commit (GTP's version stays one word).
func Line(v string) string {
	if v == "devel" {
		return "goeval devel" + noStamp
	}
	return "goeval " + v
}

// of is the version in the build information bi (ok: there is some).
func of(bi *debug.BuildInfo, ok bool) string {
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
