package erebus

// Cognitive targets (v26.1): five concentric coloured rings whose letters sum
// to the report letter (CognitiveTarget.get_simple_type, Victim.py v26
// l.235-247; MapAnswer.py v26 l.458-477; v26 §3, §6).

// TargetRingValue returns the value of one ring letter: K −2, R −1, Y 0,
// G +1, B +2. ok is false for any other byte.
func TargetRingValue(c byte) (v int, ok bool) {
	switch c {
	case 'K':
		return -2, true
	case 'R':
		return -1, true
	case 'Y':
		return 0, true
	case 'G':
		return 1, true
	case 'B':
		return 2, true
	}
	return 0, false
}

// ValidTargetCode reports whether code matches ^[KRYGB]{5}$, the pattern a
// target's type must have to be loaded (MainSupervisor.py v26 l.198-209);
// any other type is blanked: invisible, worth 0 and never matched.
func ValidTargetCode(code string) bool {
	if len(code) != 5 {
		return false
	}
	for i := 0; i < 5; i++ {
		if _, ok := TargetRingValue(code[i]); !ok {
			return false
		}
	}
	return true
}

// TargetLetter returns the report letter of a target code: the ring values'
// sum 0 → F, 1 → P, 2 → C, 3 → O. ok is false for an invalid code or any
// other sum: a fake target, which no report can match.
func TargetLetter(code string) (l byte, ok bool) {
	if !ValidTargetCode(code) {
		return 0, false
	}
	sum := 0
	for i := 0; i < 5; i++ {
		v, _ := TargetRingValue(code[i])
		sum += v
	}
	switch sum {
	case 0:
		return Flammable, true
	case 1:
		return Poison, true
	case 2:
		return Corrosive, true
	case 3:
		return OrganicPeroxide, true
	}
	return 0, false
}

// TargetRingRGB returns the colour of a ring letter as the v26.1 supervisor
// draws it into the target's PNG (OpenCV BGRA at MainSupervisor.py v26
// l.212-218, here as RGB): K black, R red, Y yellow, G green, B blue.
func TargetRingRGB(c byte) (r, g, b uint8, ok bool) {
	switch c {
	case 'K':
		return 0, 0, 0, true
	case 'R':
		return 255, 0, 0, true
	case 'Y':
		return 255, 255, 0, true
	case 'G':
		return 0, 255, 0, true
	case 'B':
		return 0, 0, 255, true
	}
	return 0, 0, 0, false
}

// TargetRings is the number of rings of a target. The supervisor draws them
// as filled circles from the outside in on a 1024×1024 image, starting at
// radius TargetImageRadius and shrinking by TargetRingWidth each time
// (MainSupervisor.py v26 l.220-227): ring i (0 = outermost, the code's
// first letter) has outer radius 512 − 102·i px, so radii 512, 410, 308,
// 206 and 104 px; the centre disc is ring 4.
const (
	TargetRings       = 5
	TargetImageRadius = 512
	TargetRingWidth   = TargetImageRadius / TargetRings
)
