package erebus

import "strings"

// Report letters, the type byte of a 9-byte report (rules §1.3; victims:
// Victim.py l.205-225 in both versions; hazards: v25 Victim.py l.228-236;
// targets: v26 Victim.py l.232, 235-247). The letters are the same in both versions; in
// v26.1 F P C O address cognitive targets instead of hazmat placards (v26 §2).
const (
	Harmed          byte = 'H'
	Stable          byte = 'S'
	Unharmed        byte = 'U'
	Flammable       byte = 'F'
	Poison          byte = 'P'
	Corrosive       byte = 'C'
	OrganicPeroxide byte = 'O'
)

// Letters lists the seven report letters: the victims H S U, then the
// hazards (v25) or cognitive targets (v26) F P C O.
const Letters = "HSUFPCO"

// ValidLetter reports whether l is one of H S U F P C O.
func ValidLetter(l byte) bool { return l != 0 && strings.IndexByte(Letters, l) >= 0 }

// IsHazardLetter reports whether a report's letter makes the supervisor search
// the hazards (v25) or targets (v26) rather than the victims: type.lower() in
// {f, p, c, o} (MainSupervisor.py v25 l.463-466, v26 l.550-553). Any other
// byte, letter or not, searches the victims.
func IsHazardLetter(l byte) bool {
	switch l {
	case 'F', 'P', 'C', 'O', 'f', 'p', 'c', 'o':
		return true
	}
	return false
}

// VictimLetter maps a Victim node's type field to its report letter: harmed
// H, stable S, unharmed U (Victim.py l.205-225, both versions; rules §1.3).
// ok is false for any other type.
func VictimLetter(victimType string) (l byte, ok bool) {
	switch victimType {
	case "harmed":
		return Harmed, true
	case "stable":
		return Stable, true
	case "unharmed":
		return Unharmed, true
	}
	return 0, false
}

// VictimType is the inverse of VictimLetter: the Victim type field of a
// victim letter, "" for a letter that is not a victim's.
func VictimType(l byte) string {
	switch l {
	case Harmed:
		return "harmed"
	case Stable:
		return "stable"
	case Unharmed:
		return "unharmed"
	}
	return ""
}
