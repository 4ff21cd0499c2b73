package version

import (
	"runtime/debug"
	"testing"
)

func TestOf(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build information", nil, false, "devel"},
		{"installed as a module", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, true, "v1.2.0"},
		{"built in a clean checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: settings("vcs.revision", "00a3b4a1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7", "vcs.time", "2026-11-27T10:01:02Z", "vcs.modified", "false")}, true,
			"devel 00a3b4a1c2d3 2026-11-27T10:01:02Z"},
		{"built with changes", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: settings("vcs.revision", "00a3b4a1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7", "vcs.modified", "true")}, true,
			"devel 00a3b4a1c2d3+modified"},
		{"go run", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel"},
	}
	for _, tt := range tests {
		if got := of(tt.bi, tt.ok); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	// A bare devel says how to get a commit (before: "goeval devel" alone).
	for v, want := range map[string]string{
		"devel":              "goeval devel (no version control stamp: built by go run, with -buildvcs=false (GOFLAGS too), or outside a git clone (a git worktree is not seen); go build -buildvcs=true -o goeval ./cmd/goeval in a clone records the commit)",
		"devel 00a3b4a1c2d3": "goeval devel 00a3b4a1c2d3",
		"v1.2.0":             "goeval v1.2.0",
	} {
		if got := Line(v); got != want {
			t.Errorf("Line(%q) = %q, want %q", v, got, want)
		}
	}
}
