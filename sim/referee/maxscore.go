package referee

import (
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// MaxScore is the most a game on w can score under w's rules: every sign
// that a report can match found with the right type, every checkpoint
// visited, the exit bonus and a perfect map. A target of an invalid sum or
// a blanked one counts for nothing (v26 §3); fakes are never loaded (v26
// §1). It is the same formula Erebus's world generator uses for its "max
// score" (rules §2.4: 2 × (signs + checkpoints + exit) in v25), with the
// version's map bonus factor.
func MaxScore(w *world.World) float64 {
	r := w.GameRules()
	var s float64
	for _, sg := range w.Signs {
		if sg.Letter == 0 || sg.Blank {
			continue
		}
		bonus := float64(erebus.VictimTypeBonus)
		if sg.Kind == world.Hazard {
			bonus = erebus.HazardTypeBonus
		}
		s += (float64(sg.Worth) + bonus) * RoomMultiplier(sg.Room)
	}
	for _, c := range w.Checkpoints {
		mid := geom.Vec2{X: (c.Min.X + c.Max.X) / 2, Z: (c.Min.Z + c.Max.Z) / 2}
		s += erebus.CheckpointPoints * RoomMultiplier(w.RoomAt(mid))
	}
	return s * (1 + erebus.ExitBonusFraction) * (1 + r.MapBonusFactor)
}
