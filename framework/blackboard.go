package framework

import (
	"fmt"
	"maps"
	"slices"
	"sort"
)

// Blackboard is the shared memory of the plugins, owned by the runner: the
// robot's map, the signs seen and reported, anything a plugin declares. It is
// sent with every Observation and written only through Actions, by plugins
// that declared the key in their description. It survives plugin restarts.
type Blackboard struct {
	data    map[string][]byte
	writers map[string]map[string]bool // plugin -> keys it may write
}

// NewBlackboard returns an empty blackboard.
func NewBlackboard() *Blackboard {
	return &Blackboard{data: map[string][]byte{}, writers: map[string]map[string]bool{}}
}

// Declare records the keys plugin may write; a later Declare replaces it.
func (b *Blackboard) Declare(plugin string, keys []string) {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	b.writers[plugin] = m
}

// Write applies plugin's writes. A key the plugin did not declare, or one
// another plugin declared, is refused with an error naming it; the other keys
// are written. An empty value deletes the key.
func (b *Blackboard) Write(plugin string, writes map[string][]byte) error {
	var refused []string
	for _, k := range slices.Sorted(maps.Keys(writes)) {
		if !b.writers[plugin][k] {
			refused = append(refused, k)
			continue
		}
		if v := writes[k]; len(v) == 0 {
			delete(b.data, k)
		} else {
			b.data[k] = slices.Clone(v)
		}
	}
	if len(refused) > 0 {
		return fmt.Errorf("blackboard: plugin %s may not write %q: declare the keys in its description's blackboard_writes", plugin, refused)
	}
	return nil
}

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
