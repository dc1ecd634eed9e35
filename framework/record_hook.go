package framework

import "github.com/rescuekit/rescuekit/plugins/pluginpb"

// PluginIOFunc is told, for one plugin that got an Observation this step,
// that Observation and the plugin's Action (nil when the plugin gave none:
// a miss, a crash, an error). It runs on the runner goroutine after every
// answer of the step is in and before the answers are applied; obs and act
// are the runner's own, valid until the next step, and must not be changed.
type PluginIOFunc func(plugin string, obs *pluginpb.Observation, act *pluginpb.Action)

// pluginIO hands this step's Observations and Actions to Options.OnPluginIO.
func (r *runner) pluginIO(jobs []stepJob) {
	if r.o.OnPluginIO == nil {
		return
	}
	for _, j := range jobs {
		r.o.OnPluginIO(j.s.name, j.obs, j.s.act)
	}
}
