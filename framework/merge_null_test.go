package framework

import "testing"

// A plugin set to null in a config file is removed from the defaults, so a
// file can replace the FSM and the plugins whole.
func TestMergeNullRemovesAPlugin(t *testing.T) {
	c, err := ParseConfig([]byte(`
fsm:
  initial: spin
  states: [spin]
  events: []
plugins:
  explore: null
  victimdetect: null
  report: null
  exit: ~
  spinner:
    cmd: ./spinner
    drives: [spin]
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Plugins) != 1 || c.Plugins["spinner"].Cmd != "./spinner" {
		t.Fatalf("plugins %v, want only spinner", c.PluginNames())
	}
}
