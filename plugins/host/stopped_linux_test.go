package host

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// TestStepStoppedPlugin: a plugin that stops reading (its process is
// stopped) cannot hold Step past its deadline, even once gRPC's buffers
// and windows are full; when it runs again, the next Step gets its own
// Action, carrying the errors queued behind the stuck send in order.
func TestStepStoppedPlugin(t *testing.T) {
	p := start(t, Config{})
	if _, err := step(t, p, &pluginpb.Observation{Step: 1}, bounded); err != nil {
		t.Fatalf("step 1: %v", err)
	}
	pid := p.Pid()
	if pid <= 0 {
		t.Fatalf("Pid = %d", pid)
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			_ = syscall.Kill(pid, syscall.SIGCONT)
		}
	}
	t.Cleanup(resume)

	// 12 steps of 256 KiB each: far more than the flow-control windows and
	// the socket buffers hold, so the send side gets stuck.
	big := make([]byte, 256<<10)
	const last = 13
	for s := uint64(2); s <= last; s++ {
		obs := &pluginpb.Observation{Step: s, Errors: []string{"e" + strconv.FormatUint(s, 10)},
			Blackboard: map[string][]byte{"big": big}}
		if _, err := step(t, p, obs, 50*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("step %d to a stopped plugin: err = %v, want DeadlineExceeded", s, err)
		}
	}
	resume()
	act, err := step(t, p, &pluginpb.Observation{Step: last + 1, Errors: []string{fmt.Sprint("e", last+1)}}, bounded)
	if err != nil {
		t.Fatalf("step %d after the plugin resumed: %v", last+1, err)
	}
	if act.GetStep() != last+1 {
		t.Fatalf("step %d got the Action of step %d", last+1, act.GetStep())
	}
	t.Logf("events after resuming: %v (late replies %d)", act.GetEvents(), p.LateReplies())
	var nums []int
	for _, e := range act.GetEvents() {
		n, err := strconv.Atoi(e[1:])
		if err != nil || e[0] != 'e' || n < 2 || n > last+1 {
			t.Fatalf("events %v: %q is no error of these steps", act.GetEvents(), e)
		}
		nums = append(nums, n)
	}
	if len(nums) == 0 || nums[len(nums)-1] != last+1 || !slices.IsSorted(nums) || len(slices.Compact(slices.Clone(nums))) != len(nums) {
		t.Errorf("events %v: want the queued errors once each, in order, ending with e%d", act.GetEvents(), last+1)
	}
}
