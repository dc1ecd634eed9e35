package framework

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
)

// Blackboard limits. Every Observation carries the whole blackboard, and
// gRPC refuses a message over 4 MiB: the limits keep the blackboard well
// under that, with room for the sensors, camera frames and inbox of the
// Observation.
const (
	// MaxBlackboardValue is the largest value one key may hold, in bytes.
	MaxBlackboardValue = 256 << 10
	// MaxBlackboardTotal is the most the blackboard may hold, keys and
	// values, in bytes.
	MaxBlackboardTotal = 1 << 20
)

// Blackboard is the shared memory of the plugins, owned by the runner: the
// robot's map, the signs seen and reported, anything a plugin declares. It is
// sent with every Observation and written only through Actions, by plugins
// that declared the key in their description. It survives plugin restarts.
//
// Each key has one writer, its owner: the plugin the config names for it
// (Own), else the first plugin that declared it. Values and the total are
// limited (MaxBlackboardValue, MaxBlackboardTotal).
type Blackboard struct {
	data    map[string][]byte
	total   int                        // bytes of keys and values in data
	writers map[string]map[string]bool // plugin -> keys it may write
	owner   map[string]string          // key -> its one writer
	byCfg   map[string]bool            // keys whose owner the config names
}

// NewBlackboard returns an empty blackboard.
func NewBlackboard() *Blackboard {
	return &Blackboard{data: map[string][]byte{}, writers: map[string]map[string]bool{},
		owner: map[string]string{}, byCfg: map[string]bool{}}
}

// Own makes plugin the owner of key, as the config says
// (plugins.NAME.blackboard_keys). It returns an error if the config gave the
// key to another plugin already.
func (b *Blackboard) Own(plugin, key string) error {
	if o, ok := b.owner[key]; ok && o != plugin {
		return fmt.Errorf("blackboard: key %q is given to both plugin %s and plugin %s", key, o, plugin)
	}
	b.owner[key], b.byCfg[key] = plugin, true
	return nil
}

// Owner returns the plugin that owns key, and whether one does.
func (b *Blackboard) Owner(key string) (string, bool) {
	o, ok := b.owner[key]
	return o, ok
}

// Declare records the keys plugin may write; a later Declare replaces it.
// A key nobody owns becomes plugin's. A key another plugin owns is not
// granted: the returned error names the key, both plugins and why the
// other owns it; plugin's writes to the key are refused.
func (b *Blackboard) Declare(plugin string, keys []string) error {
	m := make(map[string]bool, len(keys))
	var errs []error
	for _, k := range keys {
		o, owned := b.owner[k]
		switch {
		case !owned:
			b.owner[k] = plugin
		case o != plugin:
			why := "it declared the key first"
			if b.byCfg[k] {
				why = "the config gives it the key (plugins." + o + ".blackboard_keys)"
			}
			errs = append(errs, fmt.Errorf("blackboard: plugin %s declares key %q, which plugin %s owns (%s): %s's writes to it are refused; name the owner in plugins.NAME.blackboard_keys of the config, or drop the key from one description",
				plugin, k, o, why, plugin))
			continue
		}
		m[k] = true
	}
	b.writers[plugin] = m
	return errors.Join(errs...)
}

// Write applies plugin's writes. A key the plugin did not declare, or one
// another plugin owns, is refused with an error naming it; so is a value
// over MaxBlackboardValue, or one that would take the blackboard over
// MaxBlackboardTotal (the error names the plugin, the key and the size).
// The other keys are written. An empty value deletes the key.
func (b *Blackboard) Write(plugin string, writes map[string][]byte) error {
	var refused []string
	var errs []error
	for _, k := range slices.Sorted(maps.Keys(writes)) {
		if !b.writers[plugin][k] {
			refused = append(refused, k)
			continue
		}
		v := writes[k]
		old, had := b.data[k]
		oldSize := 0
		if had {
			oldSize = len(k) + len(old)
		}
		switch total := b.total - oldSize + len(k) + len(v); {
		case len(v) == 0:
			delete(b.data, k)
			b.total -= oldSize
		case len(v) > MaxBlackboardValue:
			errs = append(errs, fmt.Errorf("blackboard: plugin %s: key %q: a value of %d bytes is over the limit of %d bytes per value: not written",
				plugin, k, len(v), MaxBlackboardValue))
		case total > MaxBlackboardTotal:
			errs = append(errs, fmt.Errorf("blackboard: plugin %s: key %q: a value of %d bytes would make the blackboard %d bytes, over its limit of %d: not written (an empty value deletes a key)",
				plugin, k, len(v), total, MaxBlackboardTotal))
		default:
			b.data[k] = slices.Clone(v)
			b.total = total
		}
	}
	if len(refused) > 0 {
		errs = append([]error{fmt.Errorf("blackboard: plugin %s may not write %q: declare the keys in its description's blackboard_writes (a key another plugin owns is refused)", plugin, refused)}, errs...)
	}
	return errors.Join(errs...)
}

// Size returns the bytes the blackboard holds, keys and values.
func (b *Blackboard) Size() int { return b.total }

// Get returns the value of key (nil when absent); the caller must not modify it.
func (b *Blackboard) Get(key string) []byte { return b.data[key] }

// Snapshot returns the current contents; the values are shared, not copied,
// and must be treated as read-only.
func (b *Blackboard) Snapshot() map[string][]byte { return b.data }

// Keys lists the keys present, sorted.
func (b *Blackboard) Keys() []string {
	k := slices.Collect(maps.Keys(b.data))
	sort.Strings(k)
	return k
}
