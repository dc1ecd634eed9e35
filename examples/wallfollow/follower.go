package main

import (
	"context"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// follower is a left-hand wall follower. The default Erebus robot's
// distance sensors (infra-red: walls up to 0.288 m) look: ps0 14° right of forward, ps7 16°
// left, ps6 46° left, ps5 91° left.
type follower struct {
	speed      float64 // rad/s of the faster wheel
	wallDist   float64 // metres to keep from the left wall
	exploreFor float64 // seconds before firing "explored"
	fired      bool
	backUntil  float64 // sim time until which the robot backs away (a hole, or stuck)

	// The last position the robot moved away from, and when: a robot that
	// drives but does not move is stuck on something its sensors miss.
	pos     [2]float64
	movedAt float64
	located bool
}

// stuckAfter is how long the robot may drive without moving stuckMove
// metres before it backs off; backOff is how long it backs off.
const (
	stuckAfter = 1.5
	stuckMove  = 0.01
	backOff    = 0.6
)

// params declares the parameters, with their defaults.
var params = map[string]sdk.Param{
	"speed":       {Default: "5", Description: "wheel speed in rad/s, 0.1 to 6.28 (the motors' limit)"},
	"wall_dist":   {Default: "0.045", Description: "distance in metres to keep from the left wall, 0.01 to 0.8 (the sensors' range)"},
	"explore_for": {Default: "300", Description: "seconds of exploring before firing explored"},
}

func newFollower() *follower {
	f := &follower{}
	if err := f.Configure(context.Background(), sdk.Config{}); err != nil {
		panic(err) // the defaults are valid; a test checks it
	}
	return f
}

// Describe declares the state it drives and its parameters.
func (f *follower) Describe() sdk.Description {
	return sdk.Description{
		Name: "wallfollow", Version: "1.0.0", States: []string{"explore"},
		Params: params,
	}
}

// Configure reads the parameters; a missing one takes its default, and an
// unknown name or a bad value is an error naming it.
func (f *follower) Configure(_ context.Context, c sdk.Config) error {
	r := c.Reader("wallfollow", params)
	speed := r.Float("speed", 0.1, 6.28)
	wallDist := r.Float("wall_dist", 0.01, 0.8)
	exploreFor := r.Float("explore_for", 0.1, 1e5)
	if err := r.Err(); err != nil {
		return err
	}
	*f = follower{speed: speed, wallDist: wallDist, exploreFor: exploreFor}
	return nil
}

// Step turns the distance readings into wheel speeds.
func (f *follower) Step(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
	act := &pluginpb.Action{}
	if !f.fired && o.GetSimTime() >= f.exploreFor {
		f.fired = true
		act.Events = []string{"explored"}
	}
	if !o.GetDriver() {
		return act, nil
	}
	l, r := f.wheels(o)
	act.Wheels = &pluginpb.Wheels{Left: l, Right: r}
	act.Leds = []*pluginpb.Led{{Name: "led8", Value: 1}}
	return act, nil
}

// wheels is the control law.
func (f *follower) wheels(o *pluginpb.Observation) (left, right float64) {
	raw := o.GetDistance()
	if len(raw) < 8 {
		return 0, 0 // not the default robot: hold still rather than guess
	}
	// Erebus's distance sensors are infra-red: a teal wall d metres away
	// reads d/erebus.WallInfraRed, so a reading times the factor is metres.
	var d [8]float64
	for i := range d {
		d[i] = raw[i] * erebus.WallInfraRed
	}
	t := o.GetSimTime()
	if c := o.GetColour(); c != nil && c.GetR() < 40 && c.GetG() < 40 && c.GetB() < 40 {
		f.backUntil = t + 0.5 // black floor ahead: a hole
	}
	if f.stuck(o) {
		f.backUntil, f.movedAt = t+backOff, t+backOff
	}
	s := f.speed
	switch {
	case t < f.backUntil:
		return -s, -s * 0.2 // back off, turning away
	case min(d[0], d[7]) < f.wallDist+0.03 || d[6] < f.wallDist*0.9:
		return s * 0.6, -s * 0.6 // wall ahead: turn right on the spot
	case d[5] > 3*f.wallDist && d[6] > 3*f.wallDist:
		return s * 0.35, s // lost the wall: curve left to find it
	default:
		e := d[5] - f.wallDist // >0: too far from the wall
		k := math.Max(-0.5, math.Min(0.5, e*12))
		return limit(s*(1-k), s*(1+k), s)
	}
}

// stuck reports whether the robot has been driving for stuckAfter seconds
// without moving stuckMove metres (by its GPS; without one it never is).
func (f *follower) stuck(o *pluginpb.Observation) bool {
	g := o.GetGps()
	if g == nil {
		return false
	}
	t, p := o.GetSimTime(), [2]float64{g.GetX(), g.GetZ()}
	if !f.located || math.Hypot(p[0]-f.pos[0], p[1]-f.pos[1]) > stuckMove || t < f.movedAt {
		f.pos, f.located = p, true
		f.movedAt = max(f.movedAt, t)
		return false
	}
	return t-f.movedAt > stuckAfter
}

// limit scales the wheel speeds l and r down, keeping their ratio (and so
// the curve), until neither is faster than s.
func limit(l, r, s float64) (float64, float64) {
	if m := math.Max(math.Abs(l), math.Abs(r)); m > s {
		return l * s / m, r * s / m
	}
	return l, r
}
