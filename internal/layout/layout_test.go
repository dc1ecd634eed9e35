// Package layout checks the dependency direction DESIGN.md sets: the rules
// below fail the build's tests the moment a package imports across them.
package layout

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/rescuekit/rescuekit/"

// rules says, for the packages under a path, which module packages they
// must not import (a prefix matches the package and everything under it).
// "*" forbids every package of the module.
var rules = []struct {
	pkg       string
	forbidden []string
	why       string
}{
	{"erebus", []string{"*"}, "erebus is dependency-free: every layer may import it"},
	{"geom", []string{"*"}, "geom (the one 2-D vector type) is dependency-free: every layer may import it"},
	{"behaviors", []string{"framework", "sim", "hal", "internal", "cmd", "comms"}, "a behavior cannot tell whether it runs against Webots or the embedded simulator"},
	{"nav", []string{"framework", "sim", "hal", "behaviors", "plugins/sdk", "plugins/host", "internal", "cmd"}, "nav is a robot-side library"},
	{"signs", []string{"framework", "sim", "hal", "behaviors", "plugins", "internal", "cmd", "nav"}, "signs is a robot-side library"},
	{"sim", []string{"plugins", "framework", "behaviors", "nav", "internal", "cmd"}, "the simulator implements hal and uses comms, never the plugin side"},
	{"hal", []string{"framework", "sim", "plugins", "behaviors", "comms", "nav", "signs", "internal", "cmd"}, "hal is device interfaces and backends"},
	{"comms", []string{"framework", "sim", "plugins", "behaviors", "hal", "nav", "signs", "internal", "cmd"}, "comms is the packet codec and the gate"},
	{"plugins", []string{"framework", "sim", "behaviors", "hal", "internal", "cmd"}, "the plugin contract does not know the runner"},
	{"framework", []string{"sim", "behaviors", "cmd", "internal"}, "the runner core: cmd → framework → {plugins, hal, comms}"},
}

func TestDependencyDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").CombinedOutput()
	if err != nil {
		t.Skipf("go list failed (no go command?): %v\n%s", err, out)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], module) {
			continue
		}
		pkg := strings.TrimPrefix(f[0], module)
		for _, r := range rules {
			if pkg != r.pkg && !strings.HasPrefix(pkg, r.pkg+"/") {
				continue
			}
			checked++
			for _, imp := range f[1:] {
				if !strings.HasPrefix(imp, module) {
					continue
				}
				dep := strings.TrimPrefix(imp, module)
				for _, bad := range r.forbidden {
					if bad == "*" || dep == bad || strings.HasPrefix(dep, bad+"/") {
						t.Errorf("%s imports %s: %s (DESIGN.md, the dependency direction)", pkg, dep, r.why)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no package matched a rule: the module path or the go list output changed")
	}
}
