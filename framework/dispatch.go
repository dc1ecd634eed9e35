package framework

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// isDue reports whether s gets an Observation at this step, and whether it
// gets camera frames.
func (r *runner) isDue(s *slot, driver bool) (obs, cams bool) {
	if s.down || s.conn == nil {
		return false, false
	}
	n := max(1, uint64(s.desc.GetEveryNSteps()))
	obs = driver || r.step%n == 0
	cn := max(1, uint64(s.desc.GetCameraEveryNSteps()))
	return obs, obs && len(s.desc.GetCameras()) > 0 && r.step%cn == 0
}

// dispatch sends each due plugin its Observation concurrently and waits for
// all answers or deadlines.
func (r *runner) dispatch(ctx context.Context, base *pluginpb.Observation) {
	state := r.fsm.Current()
	driver := r.drivers[state]
	frames := r.frames()
	bb := r.bb.Snapshot()
	// One deadline for the step: every Observation goes out at once. In
	// lockstep it is the hang timeout, which only a hung plugin reaches.
	wait := r.budget
	if r.o.Lockstep {
		wait = time.Duration(r.cfg.HangTimeout()) * time.Millisecond
	}
	sctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	// Build every Observation first, then hand them to the workers at once.
	jobs := r.jobs[:0]
	for _, s := range r.slots {
		s.act, s.err, s.sent = nil, nil, false
		isDriver := s.name == driver
		ok, cams := r.isDue(s, isDriver)
		if !ok {
			continue
		}
		obs := &pluginpb.Observation{
			Step: base.Step, SimTime: base.SimTime, State: state, Driver: isDriver,
			Gps: base.Gps, Gyro: base.Gyro, Accelerometer: base.Accelerometer, InertialUnit: base.InertialUnit,
			WheelPositions: base.WheelPositions, Distance: base.Distance, Colour: base.Colour,
			StillSeconds: base.StillSeconds, Inbox: s.inbox, Blackboard: bb, Errors: s.takeErrs(), Dropped: s.dropped,
		}
		if s.desc.GetLidar() {
			obs.Lidar = base.Lidar
		}
		if cams {
			for _, name := range s.desc.GetCameras() {
				if f, ok := frames[name]; ok {
					obs.Cameras = append(obs.Cameras, f)
				}
			}
		}
		s.inbox, s.errs, s.dropped, s.sent = nil, nil, nil, true
		jobs = append(jobs, stepJob{s: s, ctx: sctx, conn: s.conn, obs: obs})
	}
	if len(jobs) > 0 {
		t0 := time.Now()
		for _, j := range jobs {
			j.s.jobs <- j
		}
		for range jobs {
			<-r.done
		}
		r.sum.Dispatch = append(r.sum.Dispatch, time.Since(t0))
		r.pluginIO(jobs)
	}
	clear(jobs) // let the Observations go
	r.jobs = jobs[:0]
}

// apply handles every plugin's answer: supervision, the driver's wheels and
// LEDs, outbound messages through the gate, events and blackboard writes.
func (r *runner) apply() {
	state := r.fsm.Current()
	driver := r.drivers[state]
	driverOK := false
	var events []struct {
		s     *slot
		event string
	}
	// The driver first, then the others by name, so that events and
	// messages apply in a fixed order.
	order := r.order[:0]
	if d := r.byName[driver]; d != nil {
		order = append(order, d)
	}
	for _, s := range r.slots { // r.slots is sorted by name
		if s.name != driver {
			order = append(order, s)
		}
	}
	r.order = order
	for _, s := range order {
		if !s.sent {
			continue
		}
		if !r.supervise(s) {
			continue
		}
		act := s.act
		if s.name == driver {
			driverOK = true
			r.driverCommands(s, act)
		}
		for _, out := range act.GetOutbound() {
			r.offer(s, s.name == driver, out)
		}
		for _, e := range act.GetEvents() {
			events = append(events, struct {
				s     *slot
				event string
			}{s, e})
		}
		if len(act.GetBlackboard()) > 0 {
			r.bbWrite(s, act.GetBlackboard())
		}
	}
	if !driverOK || r.fsm.stopNext {
		// Safe action: the driver missed, crashed or is restarting, or a
		// "stop" callback asked to hold for one step.
		r.setWheels(0, 0)
		r.fsm.stopNext = false
	}
	r.release()
	changedBy := ""
	for _, ev := range events {
		if changedBy != "" {
			r.plugErr(ev.s, fmt.Sprintf("event %q dropped: the state changed to %q by event %q this step", ev.event, r.fsm.Current(), changedBy))
			r.sum.EventsRejected++
			continue
		}
		before := r.fsm.Current()
		if err := r.fsm.Apply(stepInfo{r.step, r.now}, ev.event); err != nil {
			r.plugErr(ev.s, err.Error())
			r.sum.EventsRejected++
			continue
		}
		if r.fsm.Current() != before {
			changedBy = ev.event
		}
	}
}

func (r *runner) plugErr(s *slot, msg string) {
	s.addErr(msg)
	r.noteRefusal(s, msg)
	r.logw(r.log.Info, "refused", zap.String("plugin", s.name), zap.String("why", msg))
}
