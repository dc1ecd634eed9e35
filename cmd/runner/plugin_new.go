package main

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"text/template"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/framework"
)

// pluginTemplates are the files of a new plugin module, one template per
// file (name + ".tmpl").
//
//go:embed templates/plugin/*.tmpl
var pluginTemplates embed.FS

// pluginModule is what the templates of a new plugin module are filled with.
type pluginModule struct {
	Name          string   // the plugin's name (its Description.Name and binary)
	Replaces      string   // the config's plugin it stands in for
	States        []string // the states it drives: those the config gives Replaces
	FiresExplored bool     // it stands in for the explorer, which hands over by firing "explored"
	Module        string   // its module path
	SDKVersion    string   // the rescuekit version it requires
	Replace       string   // a local clone of rescuekit, or ""
	GoVersion     string   // the go directive
}

// semverRE matches a module version: a tag vX.Y.Z, a pre-release, or a
// pseudo-version.
var semverRE = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

var pluginNameRE = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// newPluginModule checks the choices and fills in the rest.
func newPluginModule(name, replaces, module, replace string, v buildVersion, goVersion string) (pluginModule, error) {
	if !pluginNameRE.MatchString(name) {
		return pluginModule{}, fmt.Errorf("plugin name %q: want lower-case letters, digits, '-' or '_', starting with a letter, e.g. myexplore", name)
	}
	cfg := framework.DefaultConfig()
	pc, ok := cfg.Plugins[replaces]
	if !ok {
		return pluginModule{}, fmt.Errorf("--replaces %q: the default config has no plugin of that name (it has %s)%s",
			replaces, strings.Join(cfg.PluginNames(), ", "), didYouMean(replaces, cfg.PluginNames()))
	}
	if module == "" {
		module = "example.com/yourteam/" + name
	}
	m := pluginModule{Name: name, Replaces: replaces, States: pc.Drives, FiresExplored: replaces == "explore",
		Module: module, Replace: filepath.ToSlash(replace), GoVersion: goDirective(goVersion)}
	// A tagged runner requires its own version; a development build can
	// only point at a clone.
	switch {
	case semverRE.MatchString(v.Module) && !strings.Contains(v.Module, " "):
		m.SDKVersion = v.Module
	case replace != "":
		m.SDKVersion = "v0.0.0"
	default:
		return pluginModule{}, errors.New("this runner is a development build (runner version says " + v.Module +
			"): it cannot say which rescuekit version to require; give --replace PATH-TO-YOUR-RESCUEKIT-CLONE, or use a runner installed at a tag (docs/versioning.md)")
	}
	return m, nil
}

// goDirective turns a toolchain version (go1.26.8) into the go directive of
// its language version (1.26.0), which every toolchain of that release reads.
func goDirective(v string) string {
	v = strings.TrimPrefix(v, "go")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return "1.26.0"
	}
	minor, _, _ := strings.Cut(parts[1], "rc")
	return parts[0] + "." + minor + ".0"
}

// write writes the module's files into dir, which must not hold any of
// them already, and returns their names.
func (m pluginModule) write(dir string) ([]string, error) {
	tmpls, err := fs.Glob(pluginTemplates, "templates/plugin/*.tmpl")
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, p := range tmpls {
		t, err := template.ParseFS(pluginTemplates, p)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", p, err)
		}
		var b bytes.Buffer
		if err := t.Execute(&b, m); err != nil {
			return nil, fmt.Errorf("template %s: %w", p, err)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".tmpl")
		out := b.Bytes()
		if strings.HasSuffix(name, ".go") {
			if out, err = format.Source(out); err != nil {
				return nil, fmt.Errorf("template %s makes no valid Go: %w", p, err)
			}
		}
		files[name] = out
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var names []string
	for name := range files {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return nil, fmt.Errorf("%s already exists: choose another --dir, or move it away", filepath.Join(dir, name))
		}
		names = append(names, name)
	}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return nil, err
		}
	}
	return names, nil
}

func newPluginNewCmd() *cobra.Command {
	var dir, replaces, module, replace string
	cmd := &cobra.Command{
		Use:   "new NAME",
		Short: "write a ready plugin module: main, behavior, its tests (conformance and a whole game) and a README",
		Long: `new writes a Go module for a behavior plugin of your own, which stands in for one of the
runner's built-in plugins (--replaces, default explore). It builds and passes its own tests as written:
a conformance test (sdktest.TestBehavior) and a whole game on the embedded simulator (package gametest).

The module requires the rescuekit version of this runner (runner version); a runner built from a clone
has no version to require, so give --replace with the path of the clone (docs/versioning.md).`,
		Example: `  runner plugin new myexplore
  runner plugin new myexplore --dir ./myexplore --module github.com/ourteam/myexplore
  runner plugin new myexplore --replace ../rescuekit   # require a local clone`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if dir == "" {
				dir = args[0]
			}
			if replace != "" && !filepath.IsAbs(replace) {
				// The replace path is relative to the new go.mod.
				abs, err := filepath.Abs(replace)
				if err != nil {
					return err
				}
				absDir, err := filepath.Abs(dir)
				if err != nil {
					return err
				}
				if replace, err = filepath.Rel(absDir, abs); err != nil {
					return err
				}
			}
			if replace != "" && !strings.HasPrefix(replace, ".") && !filepath.IsAbs(replace) {
				replace = "./" + replace // go.mod reads a path without ./ as a module path
			}
			m, err := newPluginModule(args[0], replaces, module, replace, currentVersion(), runtime.Version())
			if err != nil {
				return err
			}
			if _, err := m.write(dir); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "wrote module %s in %s\nnext:\n  cd %s\n  go mod tidy\n  go test ./...\n  go build -o bin/%s .\n  runner run --plugin %s=./bin/%s\n",
				m.Module, dir, dir, m.Name, m.Replaces, m.Name)
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&dir, "dir", "", "directory to write the module into (default: NAME)")
	fl.StringVar(&replaces, "replaces", "explore", "the config's plugin the new one stands in for (explore, victimdetect, report, exit)")
	fl.StringVar(&module, "module", "", "the module path (default: example.com/yourteam/NAME)")
	fl.StringVar(&replace, "replace", "", "path of a local rescuekit clone to require through a replace directive")
	return cmd
}
