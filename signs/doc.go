// Package signs holds the victim and hazard sign types the behaviors share
// and their blackboard encoding.
//
// # Blackboard keys
//
//	key              writer        content
//	signs.seen       victimdetect  every sign victim-detect knows (status Seen or Raised; Unreachable: given up by report, with its views since)
//	signs.candidate  victimdetect  the sign handed to report (one record, status Raised), or absent
//	signs.reported   report        every sign report handled (status Reported, Confirmed or Unreachable)
//	signs.glimpsed   victimdetect  sign-like pictures seen several times and never classified (EncodeGlimpses); explore looks at their faces closely
//	signs.revisit    report        IDs of signs.reported entries given up that report may still take back (EncodeIDs); explore drives near them once nothing else is left
//	signs.revisiting explore       the ID of the signs.revisit entry explore drives near or stands before (EncodeIDs), or absent; report hands only that one back to a place off its lattice
//
// The flow: victim-detect finds a sign it has not raised and that is not in
// signs.reported, writes it to signs.seen and signs.candidate, and fires
// victim_seen (only in the explore state). While report drives, victim-detect
// keeps refining the candidate's estimate (same ID) from new views. Report
// reads signs.candidate, reports, appends the sign with its final status to
// signs.reported and fires reported. Victim-detect then clears
// signs.candidate and never raises a sign that matches (Match) an entry of
// signs.seen with status Raised or of signs.reported.
//
// Exit puts signs into the map matrix: the letters of signs.reported
// entries with status Reported or Confirmed (a behavior of its own may also
// take Unreachable ones and signs.seen entries, which are less certain), in
// the cell the Erebus answer puts them (nav.Map.SignCell). The first
// three keys are the only encoding of signs with a letter on the
// blackboard.
//
// # Encoding
//
// Every key holds a List, encoded by List.MarshalBinary and decoded by
// Decode, all little-endian:
//
//	offset  size  field
//	0       2     magic "SG"
//	2       1     version (1)
//	3       2     count n (uint16)
//	5       48·n  records
//
// and each 48-byte record:
//
//	0   4  id (uint32, assigned by victim-detect, never 0)
//	4   1  letter: one of H S U F P C O (ASCII)
//	5   1  status: 1 Seen, 2 Raised, 3 Reported, 4 Confirmed, 5 Unreachable
//	6   2  views (uint16): classified views that agree on the letter
//	8   8  step (uint64): the Observation step of the last update
//	16  8  x (float64): estimated world X of the sign centre, metres
//	24  8  z (float64): estimated world Z, metres
//	32  8  nx (float64): unit normal the sign faces, X
//	40  8  nz (float64): unit normal, Z; (0, 0) when unknown
//
// Decode refuses anything else (wrong length, magic, version, letter,
// status, a zero id, coordinates that are not finite or beyond ±100 m, a
// normal neither zero nor of unit length) with an error that says what was
// wrong. An absent key or an empty value is the empty List.
package signs
