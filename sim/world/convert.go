package world

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
)

// ConvertOptions are the choices of ConvertToV26.
type ConvertOptions struct {
	// Fakes is the probability (0..1) with which each victim becomes a
	// fake victim; 0 converts the hazards alone. Erebus's
	// scripts/update_maps_with_fakes.py uses 0.5.
	Fakes float64
	// Seed seeds the choice of the target codes and of the fakes.
	Seed int64
}

// Patterns of the conversion (v26 §14).
var (
	hazardWord   = regexp.MustCompile(`\bHazardMap\b`)
	hazardGroup  = regexp.MustCompile(`\bHAZARDGROUP\b`)
	hazardType   = regexp.MustCompile(`type\s+"([FPCO])"`)
	victimNode   = regexp.MustCompile(`\bVictim\s*\{`)
	victimType   = regexp.MustCompile(`type\s+"([^"]*)"`)
	victimName   = regexp.MustCompile(`(name\s+"[^"]*)\bVictim`)
	victimProto  = regexp.MustCompile(`(?m)^[ \t]*EXTERNPROTO\s+"[^"]*\bVictim\.proto"[^\n]*\n`)
	humanGroupAt = regexp.MustCompile(`(?m)^[ \t]*DEF\s+HUMANGROUP\b`)
)

// fakeOfVictim maps a victim's type to its fake's
// (scripts/update_maps_with_fakes.py l.20-26, v26 §12).
var fakeOfVictim = map[string]string{"unharmed": "omega", "harmed": "phi", "stable": "psi"}

// ConvertToV26 turns the text of an Erebus v25.0.1 world into a v26.1 world
// the way Erebus's conversion scripts do (v26 §14), but seeded: Erebus's
// scripts draw from Python's unseeded random, so two runs of them give
// different worlds, while the same options here give the same bytes.
//
// As scripts/update_maps_to_2026.py (l.13-33) does, every word HazardMap
// becomes CognitiveTarget (the EXTERNPROTO line too) and HAZARDGROUP
// TARGETGROUP, and each type "F", "P", "C" or "O" becomes a five-ring code
// of that letter: five values drawn uniformly from −2..2, drawn again until
// their sum is the letter's (F 0, P 1, C 2, O 3), written as K R Y G B. A
// hazard without a type line keeps none: the CognitiveTarget default
// "KRYGB" sums to 0, F, as the HazardMap default is.
//
// With o.Fakes > 0, as scripts/update_maps_with_fakes.py (l.13-85) does,
// each Victim node becomes, with probability o.Fakes, a Fake node (its name's
// "Victim" too, its type mapped unharmed → omega, harmed → phi, stable →
// psi, no type line kept as none: the Fake default is omega) in a DEF FAKES
// Group put just before DEF HUMANGROUP, and EXTERNPROTO
// "../protos/Fake.proto" is added before Victim.proto's line. Like the
// script, it refuses a world without victims; a world that already names
// Fake.proto is left without new fakes.
//
// A world with no DEF HAZARDGROUP is refused: the v26.1 supervisor needs a
// DEF TARGETGROUP (MainSupervisor.py v26 l.122, 182), which the script
// would not write, and a world with DEF TARGETGROUP is v26 already.
func ConvertToV26(src []byte, o ConvertOptions) ([]byte, error) {
	if !(o.Fakes >= 0 && o.Fakes <= 1) {
		return nil, fmt.Errorf("convert: fakes probability %v: expected 0..1", o.Fakes)
	}
	if targetGroupRe.Match(src) {
		return nil, errors.New("convert: the world has a DEF TARGETGROUP: it is a v26 world already")
	}
	if !hazardGroupRe.Match(src) {
		return nil, errors.New("convert: the world has no DEF HAZARDGROUP, so no v25 hazards to turn into targets (the v26.1 supervisor needs a DEF TARGETGROUP)")
	}
	rng := rand.New(rand.NewPCG(uint64(o.Seed), 0x2026))
	out := hazardWord.ReplaceAll(src, []byte("CognitiveTarget"))
	out = hazardGroup.ReplaceAll(out, []byte("TARGETGROUP"))
	out = replaceTargetTypes(out, rng)
	if o.Fakes == 0 || bytes.Contains(out, []byte("Fake.proto")) {
		return out, nil
	}
	return addFakes(out, o.Fakes, rng)
}

// targetGroupRe and hazardGroupRe find the DEF lines that tell a world's
// version (v26 §1).
var (
	targetGroupRe = regexp.MustCompile(`\bDEF\s+TARGETGROUP\b`)
	hazardGroupRe = regexp.MustCompile(`\bDEF\s+HAZARDGROUP\b`)
)

// replaceTargetTypes rewrites the type "F|P|C|O" of every CognitiveTarget
// node of src into a code of the same letter.
func replaceTargetTypes(src []byte, rng *rand.Rand) []byte {
	var out bytes.Buffer
	last := 0
	for _, loc := range nodeSpans(src, cognitiveNode) {
		body := src[loc[0]:loc[1]]
		out.Write(src[last:loc[0]])
		out.Write(hazardType.ReplaceAllFunc(body, func(m []byte) []byte {
			l := hazardType.FindSubmatch(m)[1][0]
			return fmt.Appendf(nil, "type %q", targetCodeOf(l, rng))
		}))
		last = loc[1]
	}
	out.Write(src[last:])
	return out.Bytes()
}

// cognitiveNode starts a CognitiveTarget node.
var cognitiveNode = regexp.MustCompile(`\bCognitiveTarget\s*\{`)

// targetLetterSum is the ring sum of each target letter (v26 §3).
var targetLetterSum = map[byte]int{'F': 0, 'P': 1, 'C': 2, 'O': 3}

// ringLetters are the ring letters by value + 2 (K −2 … B +2, v26 §3).
const ringLetters = "KRYGB"

// targetCodeOf draws five ring values from −2..2 until they sum to the
// letter's (update_maps_to_2026.py l.13-33).
func targetCodeOf(l byte, rng *rand.Rand) string {
	want := targetLetterSum[l]
	for {
		var code [5]byte
		sum := 0
		for i := range code {
			v := rng.IntN(5) - 2
			sum += v
			code[i] = ringLetters[v+2]
		}
		if sum == want {
			return string(code[:])
		}
	}
}

// nodeSpans returns the byte spans [start, end) of the nodes of src that
// start matches, each up to its closing brace.
func nodeSpans(src []byte, start *regexp.Regexp) [][2]int {
	var spans [][2]int
	for _, loc := range start.FindAllIndex(src, -1) {
		if len(spans) > 0 && loc[0] < spans[len(spans)-1][1] {
			continue // inside the previous node
		}
		depth, end := 0, -1
		for i := loc[1] - 1; i < len(src) && end < 0; i++ {
			switch src[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					end = i + 1
				}
			}
		}
		if end < 0 {
			break // unclosed: left as it is
		}
		spans = append(spans, [2]int{loc[0], end})
	}
	return spans
}

// addFakes moves each Victim node of src into a DEF FAKES group with
// probability p (update_maps_with_fakes.py l.13-85).
func addFakes(src []byte, p float64, rng *rand.Rand) ([]byte, error) {
	spans := nodeSpans(src, victimNode)
	if len(spans) == 0 {
		return nil, errors.New("convert: the world has no Victim node to turn into fakes")
	}
	at := humanGroupAt.FindIndex(src)
	if at == nil {
		return nil, errors.New("convert: the world has no DEF HUMANGROUP to put the fakes before")
	}
	var kept bytes.Buffer
	var fakes []string
	last := 0
	for _, sp := range spans {
		if rng.Float64() >= p {
			continue
		}
		kept.Write(src[last:sp[0]])
		node := string(src[sp[0]:sp[1]])
		node = victimNode.ReplaceAllString(node, "Fake {")
		node = victimName.ReplaceAllString(node, "${1}Fake")
		var bad error
		node = victimType.ReplaceAllStringFunc(node, func(m string) string {
			t := victimType.FindStringSubmatch(m)[1]
			f, ok := fakeOfVictim[t]
			if !ok {
				bad = fmt.Errorf("convert: victim type %q: expected harmed, unharmed or stable", t)
				return m
			}
			return fmt.Sprintf("type %q", f)
		})
		if bad != nil {
			return nil, bad
		}
		fakes = append(fakes, node)
		last = sp[1]
	}
	kept.Write(src[last:])
	body := kept.Bytes()
	if len(fakes) == 0 {
		return body, nil
	}
	// The group goes on its own lines just before DEF HUMANGROUP's line.
	at = humanGroupAt.FindIndex(body)
	line := body[at[0]:at[1]]
	indent := string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
	var out bytes.Buffer
	out.Write(body[:at[0]])
	fmt.Fprintf(&out, "%sDEF FAKES Group {\n%s    children [\n", indent, indent)
	for _, f := range fakes {
		fmt.Fprintf(&out, "%s    %s\n", indent, f)
	}
	fmt.Fprintf(&out, "%s    ]\n%s}\n\n", indent, indent)
	out.Write(body[at[0]:])
	res := out.Bytes()
	// EXTERNPROTO "../protos/Fake.proto" before Victim.proto's line.
	if loc := victimProto.FindIndex(res); loc != nil {
		line := res[loc[0]:loc[1]]
		ind := line[:len(line)-len(bytes.TrimLeft(line, " \t"))]
		var o2 bytes.Buffer
		o2.Write(res[:loc[0]])
		o2.Write(ind)
		o2.WriteString("EXTERNPROTO \"../protos/Fake.proto\"\n")
		o2.Write(res[loc[0]:])
		res = o2.Bytes()
	}
	return res, nil
}
