package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// modulePath is rescuekit's module path, as go.mod writes it.
const modulePath = "github.com/rescuekit/rescuekit"

func init() { register(newVersionCmd) }

// buildVersion is what the runner knows of its own build.
type buildVersion struct {
	Module   string   `json:"module"`             // the rescuekit module version: vX.Y.Z, or (devel)
	Revision string   `json:"revision,omitempty"` // the VCS revision, when the build recorded one
	Protocol int      `json:"protocol"`           // pluginpb.ProtocolVersion
	Go       string   `json:"go"`
	Erebus   []string `json:"erebus"` // the Erebus releases it plays
}

// readBuildVersion reads the version of the rescuekit module from info: the
// main module's when the runner is built in this module (go install
// github.com/rescuekit/rescuekit/cmd/runner@vX.Y.Z records the tag), or the
// dependency's when a team builds its own runner in a module that requires
// rescuekit.
func readBuildVersion(info *debug.BuildInfo, ok bool) buildVersion {
	v := buildVersion{Module: "(unknown: no build info)", Protocol: pluginpb.ProtocolVersion, Go: runtime.Version()}
	for _, e := range erebus.Versions {
		v.Erebus = append(v.Erebus, string(e))
	}
	if !ok || info == nil {
		return v
	}
	v.Go = info.GoVersion
	switch {
	case info.Main.Path == modulePath:
		v.Module = info.Main.Version
	default:
		for _, d := range info.Deps {
			if d.Path == modulePath {
				v.Module = d.Version
				if d.Replace != nil {
					v.Module += " (replaced by " + d.Replace.Path + ")"
				}
			}
		}
	}
	if v.Module == "" {
		v.Module = "(devel)"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			v.Revision = s.Value
		}
	}
	return v
}

// currentVersion is this binary's version.
func currentVersion() buildVersion { return readBuildVersion(debug.ReadBuildInfo()) }

// write prints v for a person, one fact a line.
func (v buildVersion) write(w io.Writer) {
	fmt.Fprintf(w, "rescuekit runner %s\n", v.Module)
	if v.Revision != "" {
		fmt.Fprintf(w, "revision          %s\n", v.Revision)
	}
	fmt.Fprintf(w, "plugin protocol   %d\n", v.Protocol)
	fmt.Fprintf(w, "go                %s\n", v.Go)
	fmt.Fprintf(w, "erebus            %s\n", strings.Join(v.Erebus, ", "))
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "print the runner's module version, plugin protocol version, Go version and the Erebus versions it plays",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			v := currentVersion()
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(v)
			}
			v.write(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print as JSON")
	return cmd
}

// setVersion gives root a --version flag that prints what `runner version`
// prints.
func setVersion(root *cobra.Command) {
	var b strings.Builder
	currentVersion().write(&b)
	root.Version = currentVersion().Module
	root.SetVersionTemplate(b.String())
}
