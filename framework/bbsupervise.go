package framework

import (
	"fmt"

	"go.uber.org/zap"
)

// keyErrors refuses a blackboard key the config gives to two plugins.
func (c Config) keyErrors() []error {
	var errs []error
	owner := map[string]string{}
	for _, n := range c.PluginNames() {
		for _, k := range c.Plugins[n].BlackboardKeys {
			if k == "" {
				errs = append(errs, fmt.Errorf("plugins.%s.blackboard_keys: an empty key", n))
				continue
			}
			if o, ok := owner[k]; ok && o != n {
				errs = append(errs, fmt.Errorf("plugins.%s.blackboard_keys: key %q is already plugin %s's (a key has one writer)", n, k, o))
				continue
			}
			owner[k] = n
		}
	}
	return errs
}

// ownConfigured gives each key of plugins.NAME.blackboard_keys to NAME.
func (r *runner) ownConfigured() error {
	for _, n := range r.cfg.PluginNames() {
		for _, k := range r.cfg.Plugins[n].BlackboardKeys {
			if err := r.bb.Own(n, k); err != nil {
				return fmt.Errorf("%w: %w", ErrConfig, err)
			}
		}
	}
	return nil
}

// declare records the keys s's description declares. A key another plugin
// owns is refused: a warning names both plugins, and the plugin learns it
// in its next Observation's errors. The plugin runs on.
func (r *runner) declare(s *slot) {
	err := r.bb.Declare(s.name, s.desc.GetBlackboardWrites())
	for _, e := range unjoin(err) {
		s.addErr(e.Error())
		r.noteRefusal(s, e.Error())
		r.logw(r.log.Warn, "blackboard key refused", zap.String("plugin", s.name), zap.Error(e))
	}
}

// bbWrite applies s's blackboard writes. A refused write is a warning (the
// log's default level shows it, with the plugin, the key and the size) and
// is counted in the plugin's stats.
func (r *runner) bbWrite(s *slot, writes map[string][]byte) {
	for _, e := range unjoin(r.bb.Write(s.name, writes)) {
		s.stats.BlackboardRefused++
		s.addErr(e.Error())
		r.noteRefusal(s, e.Error())
		r.logw(r.log.Warn, "blackboard write refused", zap.String("plugin", s.name), zap.Error(e))
	}
}

// unjoin splits an errors.Join error into its parts.
func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// MaxErrorsPerObservation is the most refusal messages one Observation
// carries; the rest are counted in one last line, so that a plugin that
// floods the runner with refused requests cannot make its Observations
// grow without bound.
const MaxErrorsPerObservation = 64

// addErr queues msg for s's next Observation.
func (s *slot) addErr(msg string) {
	if len(s.errs) >= MaxErrorsPerObservation {
		s.errsOver++
		return
	}
	s.errs = append(s.errs, msg)
}

// takeErrs returns the errors for s's next Observation, the count of those
// left out last.
func (s *slot) takeErrs() []string {
	if s.errsOver > 0 {
		s.errs = append(s.errs, fmt.Sprintf("and %d more refusals since the last step (not listed)", s.errsOver))
		s.errsOver = 0
	}
	return s.errs
}
