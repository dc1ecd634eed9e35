package framework

import (
	"fmt"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// readRadio drains the receiver, decodes each packet and queues it for every
// plugin. A lack-of-progress notice resets the stillness count (Erebus resets
// its stop timer on relocation) and fires lack_of_progress.
func (r *runner) readRadio() {
	rx := r.dev.receiver
	if rx == nil {
		return
	}
	for rx.QueueLength() > 0 {
		pkt := rx.Data()
		rx.NextPacket()
		in, err := comms.DecodeSupervisor(pkt)
		if err != nil {
			r.logw(r.log.Warn, "undecodable packet from the supervisor", zap.Binary("packet", pkt), zap.Error(err))
			continue
		}
		var msg *pluginpb.Inbound
		switch v := in.(type) {
		case comms.GameInfo:
			r.game = &pluginpb.GameInfo{Score: float64(v.Score), GameSecondsLeft: v.GameSecondsLeft, RealSecondsLeft: v.RealSecondsLeft}
			msg = &pluginpb.Inbound{Kind: &pluginpb.Inbound_GameInfo{GameInfo: r.game}}
		case comms.LackOfProgressNotice:
			r.sum.LackOfProgress++
			r.still.reset()
			r.logw(r.log.Warn, "lack of progress: the supervisor relocated the robot", zap.String("state", r.fsm.Current()))
			if err := r.fsm.Apply(stepInfo{r.step, r.now}, "lack_of_progress"); err != nil {
				r.logw(r.log.Debug, "lack_of_progress event not applied", zap.Error(err))
			}
			msg = &pluginpb.Inbound{Kind: &pluginpb.Inbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}}
		}
		for _, s := range r.slots {
			s.inbox = append(s.inbox, msg)
		}
	}
}

func (r *runner) driverCommands(s *slot, act *pluginpb.Action) {
	if w := act.GetWheels(); w != nil {
		r.setWheels(w.GetLeft(), w.GetRight())
	}
	for _, l := range act.GetLeds() {
		led := r.dev.ledByName[l.GetName()]
		if l.GetName() == "" && int(l.GetIndex()) < len(r.dev.leds) {
			led = r.dev.leds[l.GetIndex()]
		}
		if led == nil {
			r.plugErr(s, fmt.Sprintf("no LED %q (index %d)", l.GetName(), l.GetIndex()))
			continue
		}
		if err := led.Set(int(l.GetValue())); err != nil {
			r.plugErr(s, err.Error())
		}
	}
}

func (r *runner) setWheels(left, right float64) {
	for _, m := range []struct {
		m hal.Motor
		v float64
	}{{r.dev.left, left}, {r.dev.right, right}} {
		if err := m.m.SetVelocity(m.v); err != nil {
			r.logw(r.log.Warn, "wheel command", zap.Error(err))
		}
	}
}

// offer converts one outbound message and passes it to the gate.
func (r *runner) offer(s *slot, isDriver bool, out *pluginpb.Outbound) {
	var msg comms.Message
	switch k := out.GetKind().(type) {
	case *pluginpb.Outbound_Report:
		t := k.Report.GetType()
		if len(t) != 1 {
			r.plugErr(s, fmt.Sprintf("report type %q: one letter of H S U F P C O", t))
			return
		}
		msg = comms.Report{X: k.Report.GetXCm(), Z: k.Report.GetZCm(), Type: t[0]}
	case *pluginpb.Outbound_Map:
		cells := make([][]string, len(k.Map.GetRows()))
		for i, row := range k.Map.GetRows() {
			cells[i] = row.GetCells()
		}
		msg = comms.Map{Cells: cells}
	case *pluginpb.Outbound_Evaluate:
		msg = comms.Evaluate
	case *pluginpb.Outbound_LackOfProgress:
		msg = comms.LackOfProgress
	case *pluginpb.Outbound_GameInfoRequest:
		msg = comms.GameInfoRequest
	case *pluginpb.Outbound_Exit:
		msg = comms.Exit
	default:
		r.plugErr(s, "empty outbound message")
		return
	}
	if !isDriver && msg != comms.Message(comms.GameInfoRequest) {
		r.plugErr(s, fmt.Sprintf("%v refused: only the driver of state %q may send it (a watcher may send only a game-info request)", msg, r.fsm.Current()))
		return
	}
	r.enqueue(s, msg)
}

// release sends at most the one packet the gate lets out this step, first
// passing the gate the next message of the plugins' queues (feed).
func (r *runner) release() {
	if r.gate.Pending() == 0 {
		r.feed()
	}
	pkt, err := r.gate.Next(r.now, r.still.stillFor)
	if err != nil {
		if r.fedBy != nil {
			r.plugErr(r.fedBy, err.Error())
		} else {
			r.logw(r.log.Warn, "gate refused a queued message", zap.Error(err))
		}
	}
	if pkt == nil {
		return
	}
	if r.dev.emitter == nil {
		r.logw(r.log.Error, "no emitter: packet dropped", zap.Binary("packet", pkt))
		return
	}
	if err := r.dev.emitter.Send(pkt); err != nil {
		r.logw(r.log.Error, "emitter", zap.Error(err))
		return
	}
	r.sum.PacketsSent++
	r.logw(r.log.Debug, "sent", zap.Binary("packet", pkt))
}
