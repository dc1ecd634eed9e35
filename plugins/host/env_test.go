package host

import (
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

func TestPluginEnvRuntimeDefaults(t *testing.T) {
	for _, c := range []struct {
		name    string
		v       string // the variable
		runner  string // the runner's value, "" for unset
		extra   []string
		wantAll []string // the variable's entries in order
	}{
		{name: "procs default", v: "GOMAXPROCS", wantAll: []string{"GOMAXPROCS=1"}},
		{name: "procs from runner", v: "GOMAXPROCS", runner: "3", wantAll: []string{"GOMAXPROCS=3"}},
		{name: "procs from config", v: "GOMAXPROCS", extra: []string{"GOMAXPROCS=4"}, wantAll: []string{"GOMAXPROCS=4"}},
		{name: "gogc default", v: "GOGC", wantAll: []string{"GOGC=400"}},
		{name: "gogc from runner", v: "GOGC", runner: "off", wantAll: []string{"GOGC=off"}},
		{name: "gogc from config", v: "GOGC", extra: []string{"GOGC=150"}, wantAll: []string{"GOGC=150"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(c.v, c.runner)
			env := pluginEnv(c.extra, zap.NewNop())
			var got []string
			for _, kv := range env {
				if strings.HasPrefix(kv, c.v+"=") && kv != c.v+"=" {
					got = append(got, kv)
				}
				if strings.HasPrefix(kv, pluginpb.EnvDebug+"=") {
					t.Errorf("env holds the debug switch %q", kv)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.wantAll, " ") {
				t.Errorf("%s entries %v, want %v", c.v, got, c.wantAll)
			}
		})
	}
}
