package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/plugins/host"
)

func TestApplyPluginFlagsPins(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "wallfollow")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sum, err := host.FileSHA256(bin)
	if err != nil {
		t.Fatal(err)
	}
	oldPin := strings.Repeat("ab", 32)
	newPin := strings.Repeat("cd", 32)
	pinned := func() framework.Config {
		c := framework.DefaultConfig()
		pc := c.Plugins["explore"]
		pc.Cmd, pc.SHA256 = "/opt/old", oldPin
		c.Plugins["explore"] = pc
		return c
	}
	for _, tc := range []struct {
		name     string
		plugins  []string
		drop     []string
		unpinned bool // the config has no pin
		wantErr  string
		wantCmd  string
		wantPin  string
	}{
		{name: "over a pin, no hash: refused", plugins: []string{"explore=" + bin},
			wantErr: "the config pins plugin explore to sha256 " + oldPin},
		{name: "the refusal gives the new hash", plugins: []string{"explore=" + bin},
			wantErr: "its SHA-256 is " + sum},
		{name: "new hash", plugins: []string{"explore=" + bin + "@sha256:" + strings.ToUpper(newPin)}, wantCmd: bin, wantPin: newPin},
		{name: "drop-pin", plugins: []string{"explore=" + bin}, drop: []string{"explore"}, wantCmd: bin, wantPin: ""},
		{name: "drop-pin alone keeps the cmd", drop: []string{"explore"}, wantCmd: "/opt/old", wantPin: ""},
		{name: "both", plugins: []string{"explore=" + bin + "@sha256:" + newPin}, drop: []string{"explore"}, wantErr: "not both"},
		{name: "bad hash", plugins: []string{"explore=" + bin + "@sha256:123"}, wantErr: "must be 64 hex digits"},
		{name: "empty hash", plugins: []string{"explore=" + bin + "@sha256:"}, wantErr: "want NAME=PATH"},
		{name: "unknown drop-pin", drop: []string{"nosuch"}, wantErr: `--drop-pin nosuch: the config has no plugin "nosuch"`},
		{name: "no pin configured", unpinned: true, plugins: []string{"explore=" + bin}, wantCmd: bin, wantPin: ""},
		{name: "pin added", unpinned: true, plugins: []string{"explore=" + bin + "@sha256:" + newPin}, wantCmd: bin, wantPin: newPin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := pinned()
			if tc.unpinned {
				c = framework.DefaultConfig()
			}
			err := applyPluginFlags(&c, tc.plugins, tc.drop)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if pc := c.Plugins["explore"]; pc.Cmd != tc.wantCmd || pc.SHA256 != tc.wantPin {
				t.Errorf("cmd %q pin %q, want %q %q", pc.Cmd, pc.SHA256, tc.wantCmd, tc.wantPin)
			}
		})
	}
}
