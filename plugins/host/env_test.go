package host

import (
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

func TestPluginEnvProcs(t *testing.T) {
	for _, c := range []struct {
		name    string
		runner  string // the runner's GOMAXPROCS, "" for unset
		extra   []string
		wantAll []string // GOMAXPROCS entries in order
	}{
		{name: "default", wantAll: []string{"GOMAXPROCS=1"}},
		{name: "runner sets it", runner: "3", wantAll: []string{"GOMAXPROCS=3"}},
		{name: "config sets it", extra: []string{"GOMAXPROCS=4"}, wantAll: []string{"GOMAXPROCS=4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOMAXPROCS", c.runner)
			env := pluginEnv(c.extra, zap.NewNop())
			var got []string
			for _, kv := range env {
				if strings.HasPrefix(kv, "GOMAXPROCS=") && kv != "GOMAXPROCS=" {
					got = append(got, kv)
				}
				if strings.HasPrefix(kv, pluginpb.EnvDebug+"=") {
					t.Errorf("env holds the debug switch %q", kv)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.wantAll, " ") {
				t.Errorf("GOMAXPROCS entries %v, want %v", got, c.wantAll)
			}
		})
	}
}
