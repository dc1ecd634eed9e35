package host

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// Binaries built once, on first use, for the whole package.
var (
	buildOnce   sync.Once
	buildErr    error
	buildDir    string
	behaveBin   string // the test plugin
	behaveV2Bin string // the same plugin speaking protocol 2
)

// buildPlugins builds the test plugin (once) and fails tb if it cannot.
// Tests that need no plugin (the parsers, their fuzzers) never build it.
func buildPlugins(tb testing.TB) {
	tb.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "rescuekit-host-test")
		if buildErr != nil {
			return
		}
		const pkg = "github.com/rescuekit/rescuekit/plugins/internal/testplugins/behave"
		behaveBin = filepath.Join(buildDir, "behave")
		behaveV2Bin = filepath.Join(buildDir, "behave-v2")
		for _, args := range [][]string{
			{"build", "-o", behaveBin, pkg},
			{"build", "-o", behaveV2Bin, "-ldflags", "-X github.com/rescuekit/rescuekit/plugins/sdk.protocolVersionOverride=2", pkg},
		} {
			out, err := exec.Command("go", args...).CombinedOutput()
			if err != nil {
				buildErr = fmt.Errorf("building the test plugin: go %v: %v\n%s", args, err, out)
				return
			}
		}
	})
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
}

const helperEnv = "RESCUEKIT_HOST_TEST_HELPER"

func TestMain(m *testing.M) {
	if bin := os.Getenv(helperEnv); bin != "" {
		// This process is the small runner the SIGKILL test kills.
		os.Exit(helperHost(bin))
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// helperHost starts the plugin, prints its pid and waits to be killed.
func helperHost(bin string) int {
	p, err := Start(context.Background(), Config{Name: "victim", Cmd: []string{bin}})
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	fmt.Println(p.Pid())
	time.Sleep(time.Hour)
	return 0
}
