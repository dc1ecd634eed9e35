package framework

import (
	"fmt"

	"github.com/rescuekit/rescuekit/comms"
)

// MaxQueuedPerPlugin is the most outbound messages one plugin may have
// waiting for the comms gate, which lets out one packet per step. Beyond
// it a message is refused (rule RuleQueueFull), so a plugin that floods
// the radio holds a bounded amount of the runner's memory.
const MaxQueuedPerPlugin = 16

// RuleQueueFull is the refusal count key, in Summary.CommsRefusals, of the
// messages refused because their plugin's queue was full.
const RuleQueueFull = "queue-full"

// enqueue puts msg at the end of s's outbound queue, or refuses it when
// the queue is full.
func (r *runner) enqueue(s *slot, msg comms.Message) {
	if len(s.outbox) >= MaxQueuedPerPlugin {
		r.queueFull++
		r.plugErr(s, fmt.Sprintf("%v refused (rule %s): %d messages of plugin %s already wait for the radio, which sends one packet per step; send less often",
			msg, RuleQueueFull, len(s.outbox), s.name))
		return
	}
	s.outbox = append(s.outbox, msg)
}

// feed passes the gate the next queued message: the current driver's
// first, so that no watcher's flood delays the driver's map, 'M' or 'E';
// else the watchers' in turn. The gate checks it now, just before it is
// sent (so 'E' counts as sent only when it is next out); a refused message
// is reported to its plugin and the next one is tried.
func (r *runner) feed() {
	r.fedBy = nil
	for {
		s := r.nextOutbox()
		if s == nil {
			return
		}
		msg := s.outbox[0]
		s.outbox[0] = nil
		s.outbox = s.outbox[1:]
		if len(s.outbox) == 0 {
			s.outbox = nil // let the backing array go
		}
		if err := r.gate.Offer(msg, r.still.stillFor); err != nil {
			r.plugErr(s, err.Error())
			continue
		}
		r.fedBy = s
		return
	}
}

// nextOutbox returns the slot whose queued message goes next, or nil.
func (r *runner) nextOutbox() *slot {
	if d := r.byName[r.drivers[r.fsm.Current()]]; d != nil && len(d.outbox) > 0 {
		return d
	}
	for range r.slots {
		s := r.slots[r.rr%len(r.slots)]
		r.rr++
		if len(s.outbox) > 0 {
			return s
		}
	}
	return nil
}
