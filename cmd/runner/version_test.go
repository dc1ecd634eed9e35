package main

import (
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

func TestReadBuildVersion(t *testing.T) {
	tests := []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
		rev  string
	}{
		{"no build info", nil, false, "(unknown: no build info)", ""},
		{"installed at a tag", &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.3.1"}}, true, "v0.3.1", ""},
		{"built in a clone", &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}}}, true, "(devel)", "abc123"},
		{"a team's runner requiring the module", &debug.BuildInfo{Main: debug.Module{Path: "example.com/team/runner"},
			Deps: []*debug.Module{{Path: "golang.org/x/sys", Version: "v0.1.0"}, {Path: modulePath, Version: "v1.2.0"}}}, true, "v1.2.0", ""},
		{"a team's runner with a replace", &debug.BuildInfo{Main: debug.Module{Path: "example.com/team/runner"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "../rescuekit"}}}}, true, "v0.0.0 (replaced by ../rescuekit)", ""},
		{"main module without version", &debug.BuildInfo{Main: debug.Module{Path: modulePath}}, true, "(devel)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := readBuildVersion(tt.info, tt.ok)
			if v.Module != tt.want || v.Revision != tt.rev {
				t.Errorf("module %q revision %q, want %q %q", v.Module, v.Revision, tt.want, tt.rev)
			}
			if v.Protocol != pluginpb.ProtocolVersion {
				t.Errorf("protocol %d, want %d", v.Protocol, pluginpb.ProtocolVersion)
			}
			if strings.Join(v.Erebus, ",") != "v25.0.1,v26.1" {
				t.Errorf("erebus %v", v.Erebus)
			}
		})
	}
}

// TestVersionCommand checks that `runner version`, `runner --version` and
// `runner version --json` say the same things.
func TestVersionCommand(t *testing.T) {
	plain, err := runRoot(t, "version")
	if err != nil {
		t.Fatal(err)
	}
	flag, err := runRoot(t, "--version")
	if err != nil {
		t.Fatal(err)
	}
	if plain != flag {
		t.Errorf("runner version:\n%s\nrunner --version:\n%s", plain, flag)
	}
	for _, want := range []string{"rescuekit runner ", "plugin protocol   1", "erebus            v25.0.1, v26.1", "go                go1."} {
		if !strings.Contains(plain, want) {
			t.Errorf("runner version lacks %q:\n%s", want, plain)
		}
	}
	js, err := runRoot(t, "version", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var v buildVersion
	if err := json.Unmarshal([]byte(js), &v); err != nil || v.Protocol != pluginpb.ProtocolVersion || len(v.Erebus) != 2 {
		t.Errorf("runner version --json: %v %+v\n%s", err, v, js)
	}
}
