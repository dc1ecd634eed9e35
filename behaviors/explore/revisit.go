package explore

import (
	"bytes"
	"math"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// Revisits: the signs report gave up and may still take back
// (signs.KeyRevisit): for want of a way to a place to report from (the way
// long, or the places it got stuck going to) or not seen again near them.
// Report gives such a sign up rather than spend more of the game on it
// while the arena is still to explore, and takes it back when the robot
// stands near it with a way there (report's retryUnreachable). Once no
// floor and no wall face is left, explore drives near each, once, before
// it calls the arena explored: the game time left then is worth a sign.
const (
	// revisitKeyBase starts the face keys of revisits: the revisit of sign
	// id is driven to as the face goal of key revisitKeyBase+id (faces.go's
	// keys stay far below it).
	revisitKeyBase faceKey = 1 << 30
	// revisitStandoff is how far (m) in front of the sign, along its
	// normal, the place to stand is looked for: about where report stands
	// (its standoff, 0.068 m), with a margin for the estimate.
	revisitStandoff = 0.1
	// revisitNear is the farthest (m) the place may lie from that point:
	// report hands a sign back when its way from the robot is at most
	// 0.3 m (handBackPath).
	revisitNear = 0.15
	// revisitHoldS is how long (sim s) the robot stands there facing the
	// sign: report looks for a sign to hand back once a second
	// (retryEveryS).
	revisitHoldS = 1.5
)

// revisits holds what explore knows of the signs to revisit.
type revisits struct {
	ids         []uint32        // signs.KeyRevisit decoded
	raw         []byte          // its encoding
	reportedRaw []byte          // signs.KeyReported's last encoding (where the signs are)
	done        map[uint32]bool // revisited (or failed on the way)
}

// read takes the blackboard's signs.KeyRevisit and signs.KeyReported when
// they changed (an encoding that does not decode leaves no sign to revisit).
func (v *revisits) read(bb map[string][]byte) {
	if b := bb[signs.KeyReported]; !bytes.Equal(b, v.reportedRaw) {
		v.reportedRaw = append(v.reportedRaw[:0], b...)
	}
	b := bb[signs.KeyRevisit]
	if bytes.Equal(b, v.raw) {
		return
	}
	v.raw = append(v.raw[:0], b...)
	ids, err := signs.DecodeIDs(b)
	if err != nil {
		ids = nil
	}
	v.ids = ids
}

// next returns the cheapest place (by the search f) to stand facing a sign
// to revisit from, over the signs not revisited yet.
func (v *revisits) next(m *nav.Map, f *nav.Field, failed map[faceKey]int) (faceGoal, bool) {
	if len(v.ids) == 0 {
		return faceGoal{}, false
	}
	rep, err := signs.Decode(v.reportedRaw)
	if err != nil {
		return faceGoal{}, false
	}
	best, bestCost := faceGoal{}, math.Inf(1)
	for _, id := range v.ids {
		k := revisitKeyBase + faceKey(id)
		if v.done[id] || failed[k] > 0 || id >= 1<<30 {
			continue
		}
		i := rep.ByID(id)
		if i < 0 || rep[i].Status != signs.Unreachable {
			continue
		}
		s := rep[i]
		if at, ok := revisitPlace(m, f, s); ok {
			if c := f.Cost(at); c < bestCost {
				best, bestCost = faceGoal{key: k, at: at, yaw: nav.YawTowards(at, s.Pos)}, c
			}
		}
	}
	return best, !math.IsInf(bestCost, 1)
}

// revisitPlace returns the node reached by f nearest the point
// revisitStandoff in front of sign s, within revisitNear of it, in front
// of the sign and with no wall of the map between them: a node beyond a
// wall may be nearer, and report's way from there long (prueba_Day_2-6_Richo
// of shared/more-worlds: its F's bay and the corridor beside it).
func revisitPlace(m *nav.Map, f *nav.Field, s signs.Sign) (geom.Vec2, bool) {
	p := s.Pos.Add(s.Normal.Scale(revisitStandoff))
	r0, c0 := m.Cell(p)
	reach := int(math.Ceil(revisitNear / nav.CellSize))
	var at geom.Vec2
	bestD := math.Inf(1)
	for r := r0 - reach; r <= r0+reach; r++ {
		for c := c0 - reach; c <= c0+reach; c++ {
			if r < 0 || c < 0 || r%2 != 0 || c%2 != 0 {
				continue // nodes have even coordinates
			}
			q := cellPoint(m, r, c)
			d := q.Dist(p)
			if d > revisitNear || d >= bestD || m.Blocked(q) || math.IsInf(f.Cost(q), 1) ||
				q.Sub(s.Pos).Dot(s.Normal) <= 0 || !inSight(m, q, s.Pos) {
				continue
			}
			at, bestD = q, d
		}
	}
	return at, !math.IsInf(bestD, 1)
}

// inSight reports whether no wall cell of the map lies between p and the
// sign at q, short of the sign's own wall (within a cell of q).
func inSight(m *nav.Map, p, q geom.Vec2) bool {
	v := q.Sub(p)
	d := v.Len()
	const step = 0.01
	for t := step; t < d-nav.CellSize; t += step {
		r, c := m.Cell(p.Add(v.Scale(t / d)))
		if (r%2 == 0 || c%2 == 0) && m.Wall(r, c) {
			return false
		}
	}
	return true
}

// publishRevisiting writes signs.KeyRevisiting when it differs from bb's:
// the sign whose revisit is the face goal, none (the key deleted)
// otherwise. Report hands back to a place off its lattice that sign only.
func (e *Explore) publishRevisiting(bb map[string][]byte, act *pluginpb.Action) {
	var b []byte
	if e.face.key >= revisitKeyBase {
		b = signs.EncodeIDs([]uint32{uint32(e.face.key - revisitKeyBase)})
	}
	if bytes.Equal(b, bb[signs.KeyRevisiting]) {
		return
	}
	if act.Blackboard == nil {
		act.Blackboard = map[string][]byte{}
	}
	act.Blackboard[signs.KeyRevisiting] = b
}
