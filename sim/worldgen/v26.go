package worldgen

import (
	"math/rand/v2"
	"strconv"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/world"
)

// ringLetters are the ring letters in the order of their values −2..2.
const ringLetters = "KRYGB"

// targetCode draws a random five-ring code whose values sum to one of
// sums, as Erebus's scripts/update_maps_to_2026.py does for a letter: five
// random values in −2..2, drawn again until the sum fits (l.13-33).
func targetCode(rng *rand.Rand, ok func(sum int) bool) string {
	for {
		var b [erebus.TargetRings]byte
		sum := 0
		for i := range b {
			v := rng.IntN(5) - 2
			b[i] = ringLetters[v+2]
			sum += v
		}
		if ok(sum) {
			return string(b[:])
		}
	}
}

// fakeTypes are a Fake's types in the order of the victim types of
// fillSigns' victimTypes (harmed → phi, unharmed → omega, stable → psi:
// scripts/update_maps_with_fakes.py l.20-26).
var fakeTypes = []string{"phi", "omega", "psi"}

// makeV26 turns a generated v25-style world into a v26.1 one: every hazmat
// placard becomes a cognitive target with a random code of its letter's
// sum (F 0, P 1, C 2, O 3; the conversion of update_maps_to_2026.py), then
// spare wall spots get fakeTargets targets of an invalid sum (below 0 or
// above 3: never matched, MainSupervisor.py v26 l.562) and fakes fake
// victims (DEF FAKES), as far as spots last. An invalid target is worth
// what a target on that wall would be (twice a victim's: 30, or 10 on a
// linear wall), a fake what a victim would.
func makeV26(rng *rand.Rand, w *world.World, spare []world.Sign, fakeTargets, fakes int) {
	targets := 0
	for i := range w.Signs {
		s := &w.Signs[i]
		if s.Kind != world.Hazard {
			continue
		}
		want := int(s.Type[0])
		for sum, l := range "FPCO" {
			if int(l) == want {
				want = sum
				break
			}
		}
		s.Type = targetCode(rng, func(sum int) bool { return sum == want })
		s.Target, s.Letter = true, 0
		targets++
	}
	for ; fakeTargets > 0 && len(spare) > 0; fakeTargets-- {
		s := spare[0]
		spare = spare[1:]
		s.Kind, s.Target = world.Hazard, true
		s.Type = targetCode(rng, func(sum int) bool { return sum < 0 || sum > 3 })
		s.Worth *= 2
		s.Name = "Hazard" + strconv.Itoa(targets)
		targets++
		w.Signs = append(w.Signs, s)
	}
	for i := 0; i < fakes && len(spare) > 0; i++ {
		s := spare[0]
		spare = spare[1:]
		w.Fakes = append(w.Fakes, world.Fake{
			Type: fakeTypes[rng.IntN(len(fakeTypes))], Name: "Fake" + strconv.Itoa(i),
			Pos: s.Pos, Y: s.Y, Rotation: s.Rotation, Worth: s.Worth,
		})
	}
}
