package host

import (
	"errors"
	"strings"
	"testing"
)

// TestStartErrorNamesTheTimeout: the handshake-timeout error gives the
// timeout that applied, DefaultStartTimeout when the Config gives none (it
// said "within 0s"), and names the plugin once.
func TestStartErrorNamesTheTimeout(t *testing.T) {
	goPlugin := errors.New("timeout while waiting for plugin to start")
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Name: "explore", Cmd: []string{"./bin/x"}}, "within " + DefaultStartTimeout.String()},
		{Config{Name: "explore", Cmd: []string{"./bin/x"}, StartTimeout: 3e9}, "within 3s"},
	} {
		err := startError(tc.cfg, goPlugin)
		if !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrStartTimeout) || strings.Count(err.Error(), "plugin explore") != 1 {
			t.Errorf("%v: want %q, ErrStartTimeout, the plugin named once", err, tc.want)
		}
	}
}
