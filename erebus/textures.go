package erebus

// SignTextureFile is the PNG an Erebus sign of report letter l shows, found
// or not: a Victim's "victim_<type>_found.png" or
// "victim_<type>_not_found.png" (Victim.proto l.12-33, the same names in
// v25.0.1 and v26.1, whose pictures differ: H S U letters, then Φ Ψ Ω), a
// v25.0.1 HazardMap's "placard-<n>-<name>.png" or "…_found.png"
// (HazardMap.proto l.12-39). The PROTOs open it as "./textures/NAME",
// relative to the PROTO's folder. It returns "" for any other letter (a
// v26.1 cognitive target's picture is drawn by the supervisor, not shipped).
func SignTextureFile(l byte, found bool) string {
	if t := VictimType(l); t != "" {
		if found {
			return "victim_" + t + "_found.png"
		}
		return "victim_" + t + "_not_found.png"
	}
	base := ""
	switch l {
	case Flammable:
		base = "placard-2-flammable-gas"
	case Poison:
		base = "placard-6-poison"
	case Corrosive:
		base = "placard-8-corrosive"
	case OrganicPeroxide:
		base = "placard-5.2-organic-peroxide"
	default:
		return ""
	}
	if found {
		return base + "_found.png"
	}
	return base + ".png"
}

// CognitiveTargetPROTO is the PROTO file only an Erebus v26.1 installation
// has (game/protos/CognitiveTarget.proto): it tells the version of the
// installation whose textures are loaded.
const CognitiveTargetPROTO = "CognitiveTarget.proto"
