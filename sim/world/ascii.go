package world

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// signOffset is how far a sign sits from its wall's centre line
// (docs/erebus-rules.md §2.2).
const signOffset = erebus.SignWallOffset

// ParseASCII parses the small ASCII arena format (see the package
// documentation) into a World. name is used in errors and as World.Name.
func ParseASCII(name string, src string) (*World, error) {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	errf := func(line int, format string, args ...any) error {
		return &ParseError{File: name, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	i := 0
	for i < len(lines) && (strings.TrimSpace(lines[i]) == "" || strings.HasPrefix(strings.TrimSpace(lines[i]), "#")) {
		i++
	}
	first := i
	var grid []string
	for i < len(lines) {
		l := strings.TrimRight(lines[i], " \t")
		if l == "" || !(l[0] == '+' || l[0] == '|' || l[0] == ' ' || l[0] == '.') {
			break
		}
		grid = append(grid, l)
		i++
	}
	if len(grid) == 0 {
		if first >= len(lines) {
			first = len(lines) - 1
		}
		return nil, errf(first+1, "expected the arena grid (lines starting with '+'), got %q", clip(lineAt(lines, first)))
	}
	width := len(grid[0])
	if width < 5 || (width-1)%4 != 0 || grid[0][0] != '+' {
		return nil, errf(first+1, "the first grid line must be 4·cols+1 characters starting with '+' (e.g. \"+-+-+\"), got %d characters", width)
	}
	if len(grid) < 5 || (len(grid)-1)%4 != 0 {
		return nil, errf(first+len(grid), "the grid must have 4·rows+1 lines, got %d", len(grid))
	}
	cols, rows := (width-1)/4, (len(grid)-1)/4
	if cols > 200 || rows > 200 {
		return nil, errf(first+1, "arena of %d×%d tiles is too large (max 200×200)", cols, rows)
	}
	for r, l := range grid {
		if len(l) > width {
			return nil, errf(first+r+1, "grid line is %d characters, longer than the first line (%d)", len(l), width)
		}
		if r%4 == 0 && l[0] != '+' {
			return nil, errf(first+r+1, "grid line %d must start with '+' (a tile border line)", r)
		}
	}
	at := func(r, c int) byte {
		if c < len(grid[r]) {
			return grid[r][c]
		}
		return ' '
	}
	for r := range grid {
		for c := 0; c < width; c++ {
			ch := at(r, c)
			ok := true
			switch {
			case r%2 == 0 && c%2 == 0:
				ok = strings.IndexByte("+ .-|", ch) >= 0
			case r%2 == 0:
				ok = strings.IndexByte("- .", ch) >= 0
			case c%2 == 0:
				ok = strings.IndexByte("| .", ch) >= 0
			default:
				ok = strings.IndexByte(" .X~CSbprgoy012347JLF", ch) >= 0
			}
			if !ok {
				return nil, errf(first+r+1, "column %d: unexpected %q (see the ASCII format in the package doc)", c+1, ch)
			}
		}
	}
	wall := func(r, c int) bool { ch := at(r, c); return ch == '-' || ch == '|' }

	w := &World{Name: name, BasicTimeStep: 16, GameTime: 480, Width: float64(cols), Height: float64(rows)}
	startSeen := false
	for x := 0; x < cols; x++ {
		for z := 0; z < rows; z++ {
			r0, c0 := 4*z, 4*x
			t := Tile{DEF: "TILE", X: x, Z: z, Room: 1, Width: float64(cols), Height: float64(rows),
				Floor: true, XScale: 0.4, ZScale: 0.4, Color: [3]float64{0.635, 0.635, 0.635}, ID: strconv.Itoa(x*rows + z)}
			// Half edges: [side][half] for top, right, bottom, left.
			outer := [4][2]bool{
				{wall(r0, c0+1), wall(r0, c0+3)},
				{wall(r0+1, c0+4), wall(r0+3, c0+4)},
				{wall(r0+4, c0+1), wall(r0+4, c0+3)},
				{wall(r0+1, c0), wall(r0+3, c0)},
			}
			midH := [2]bool{wall(r0+2, c0+1), wall(r0+2, c0+3)}
			midV := [2]bool{wall(r0+1, c0+2), wall(r0+3, c0+2)}
			floor, colour, room := byte(0), byte(0), byte(0)
			for q := 0; q < 4; q++ {
				r, c := r0+1+2*(q/2), c0+1+2*(q%2)
				ch := at(r, c)
				line := first + r + 1
				switch {
				case ch == ' ' || ch == '.':
				case strings.IndexByte("XC~S", ch) >= 0:
					if floor != 0 && floor != ch {
						return nil, errf(line, "tile (%d,%d) has two floor marks %q and %q", x, z, floor, ch)
					}
					floor = ch
				case strings.IndexByte("bprgoy", ch) >= 0:
					if colour != 0 && colour != ch {
						return nil, errf(line, "tile (%d,%d) has two passage colours %q and %q", x, z, colour, ch)
					}
					colour = ch
				case ch >= '0' && ch <= '4':
					if room != 0 && room != ch {
						return nil, errf(line, "tile (%d,%d) has two rooms %q and %q", x, z, room, ch)
					}
					room = ch
				default: // 7 J L F: curves 1-4
					t.Curves[q] = strings.IndexByte("7JLF", ch) + 1
				}
			}
			half := midH[0] || midH[1] || midV[0] || midV[1] || t.Curves != [4]int{}
			for s := 0; s < 4; s++ {
				if outer[s][0] != outer[s][1] {
					half = true
				}
			}
			t.Half = half
			full := [4]*int{&t.Top, &t.Right, &t.Bottom, &t.Left}
			// quadrant and side index of each half edge: [side][half] -> (q, side)
			halfOwner := [4][2][2]int{
				{{0, 0}, {1, 0}},
				{{1, 1}, {3, 1}},
				{{2, 2}, {3, 2}},
				{{0, 3}, {2, 3}},
			}
			for s := 0; s < 4; s++ {
				switch {
				case outer[s][0] && outer[s][1]:
					*full[s] = 1
				case half:
					for h := 0; h < 2; h++ {
						if outer[s][h] {
							o := halfOwner[s][h]
							t.QuarterWalls[o[0]][o[1]] = 1
						}
					}
				}
			}
			if midH[0] {
				t.QuarterWalls[0][2], t.QuarterWalls[2][0] = 1, 1
			}
			if midH[1] {
				t.QuarterWalls[1][2], t.QuarterWalls[3][0] = 1, 1
			}
			if midV[0] {
				t.QuarterWalls[0][1], t.QuarterWalls[1][3] = 1, 1
			}
			if midV[1] {
				t.QuarterWalls[2][1], t.QuarterWalls[3][3] = 1, 1
			}
			switch floor {
			case 'X':
				t.Trap = true
			case '~':
				t.Swamp = true
			case 'C':
				t.Checkpoint = true
			case 'S':
				if startSeen {
					return nil, errf(first+r0+2, "tile (%d,%d): a second start tile (only one 'S' tile is allowed)", x, z)
				}
				startSeen = true
				t.Start = true
				t.DEF = "START_TILE"
			}
			if colour != 0 {
				t.Color, _ = passageColour(colour)
			}
			if room != 0 {
				t.Room = int(room - '0')
			}
			w.Tiles = append(w.Tiles, t)
			c := tileCenterOf(t)
			box := Box{Min: geom.Vec2{X: c.X - TileSize/2, Z: c.Z - TileSize/2}, Max: geom.Vec2{X: c.X + TileSize/2, Z: c.Z + TileSize/2}}
			switch {
			case t.Trap:
				w.Traps = append(w.Traps, box)
			case t.Swamp:
				w.Swamps = append(w.Swamps, box)
			case t.Checkpoint:
				w.Checkpoints = append(w.Checkpoints, box)
			case t.Start:
				w.Starts = append(w.Starts, box)
			}
		}
	}

	for ; i < len(lines); i++ {
		line := i + 1
		l := strings.TrimSpace(lines[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		var err error
		switch f[0] {
		case "name":
			w.Name = strings.TrimSpace(strings.TrimPrefix(l, "name"))
		case "time":
			if len(f) != 2 {
				return nil, errf(line, "expected 'time <seconds>'")
			}
			if w.GameTime, err = strconv.Atoi(f[1]); err != nil || w.GameTime < 0 {
				return nil, errf(line, "time: expected a non-negative integer, got %q", f[1])
			}
		case "sign", "target":
			s, err := parseSignLine(w, f)
			if err != nil {
				return nil, errf(line, "%v", err)
			}
			w.Signs = append(w.Signs, s)
		case "fake":
			s, err := parseSignLine(w, f)
			if err != nil {
				return nil, errf(line, "%v", err)
			}
			w.Fakes = append(w.Fakes, Fake{Type: s.Type, Name: fmt.Sprintf("Fake%d", len(w.Fakes)), Pos: s.Pos, Rotation: s.Rotation, Worth: s.Worth})
		case "rules":
			if len(f) != 2 {
				return nil, errf(line, "expected 'rules v25' or 'rules v26'")
			}
			v, err := erebus.ParseVersion(f[1])
			if err != nil {
				return nil, errf(line, "%v", err)
			}
			w.Rules, _ = erebus.RulesFor(v)
		case "obstacle":
			v, err := floatsOf(f[1:], 4, 6)
			if err != nil {
				return nil, errf(line, "obstacle: %v (expected 'obstacle X Z halfX halfZ [yaw [height]]')", err)
			}
			o := Obstacle{Center: geom.Vec2{X: v[0], Z: v[1]}, Half: geom.Vec2{X: v[2], Z: v[3]}, Height: 0.1}
			if len(v) > 4 {
				o.Yaw = v[4]
			}
			if len(v) > 5 {
				o.Height = v[5]
			}
			w.Obstacles = append(w.Obstacles, o)
		case "wall":
			v, err := floatsOf(f[1:], 4, 4)
			if err != nil {
				return nil, errf(line, "wall: %v (expected 'wall X1 Z1 X2 Z2')", err)
			}
			w.Area4Walls = append(w.Area4Walls, Segment{geom.Vec2{X: v[0], Z: v[1]}, geom.Vec2{X: v[2], Z: v[3]}})
		default:
			return nil, errf(line, "unknown directive %q (expected name, time, rules, sign, target, fake, obstacle or wall)", clip(f[0]))
		}
	}
	// Victims come before hazards, as HUMANGROUP precedes HAZARDGROUP.
	var victims, hazards []Sign
	for _, s := range w.Signs {
		if s.Kind == Victim {
			victims = append(victims, s)
		} else {
			hazards = append(hazards, s)
		}
	}
	w.Signs = append(victims, hazards...)
	if err := w.Rebuild(); err != nil {
		return nil, errf(first+1, "%v", err)
	}
	return w, nil
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "end of input"
}

func floatsOf(f []string, minN, maxN int) ([]float64, error) {
	if len(f) < minN || len(f) > maxN {
		return nil, fmt.Errorf("expected %d to %d numbers, got %d", minN, maxN, len(f))
	}
	out := make([]float64, len(f))
	for i, s := range f {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
			return nil, fmt.Errorf("bad number %q", clip(s))
		}
		out[i] = v
	}
	return out, nil
}

// signTypes maps ASCII sign letters to kind and proto type.
var signTypes = map[string]struct {
	kind SignKind
	typ  string
}{
	"H": {Victim, "harmed"}, "U": {Victim, "unharmed"}, "S": {Victim, "stable"},
	"F": {Hazard, "F"}, "P": {Hazard, "P"}, "C": {Hazard, "C"}, "O": {Hazard, "O"},
}

// sideAngles are the rotation angles (about +Y) of a sign on each wall of
// a tile, facing into the tile, as the Erebus generator writes them.
var sideAngles = map[string]float64{"top": 3.14, "right": 1.57, "bottom": 0, "left": -1.57}

// parseSignLine reads a sign, target or fake line: f[0] is the directive,
// f[1] the sign letter, the target code or the fake type. A fake comes back
// as a Sign holding its type, position, rotation and worth.
func parseSignLine(w *World, f []string) (Sign, error) {
	if len(f) < 3 {
		return Sign{}, fmt.Errorf("expected '%s %s tile x z side [along]' or '%[1]s %[2]s at X Z angle'", f[0], map[string]string{"sign": "L", "target": "CODE", "fake": "TYPE"}[f[0]])
	}
	var s Sign
	switch f[0] {
	case "target":
		s = Sign{Kind: Hazard, Target: true, Type: f[1], Worth: 10, Name: fmt.Sprintf("Hazard%d", len(w.Signs))}
	case "fake":
		known := false
		for _, t := range FakeTypes {
			known = known || t == f[1]
		}
		if !known {
			return Sign{}, fmt.Errorf("unknown fake type %q (omega, phi or psi)", clip(f[1]))
		}
		s = Sign{Type: f[1], Worth: 10}
	default:
		st, ok := signTypes[f[1]]
		if !ok {
			return Sign{}, fmt.Errorf("unknown sign letter %q (H, U, S, F, P, C or O)", clip(f[1]))
		}
		s = Sign{Kind: st.kind, Type: st.typ, Worth: 10}
		if s.Kind == Victim {
			s.Name = fmt.Sprintf("Victim%d", len(w.Signs))
		} else {
			s.Name = fmt.Sprintf("Hazard%d", len(w.Signs))
		}
	}
	rest := f[2:]
	// Trailing options.
	for len(rest) > 0 {
		n := len(rest)
		if rest[n-1] == "found" {
			s.Found = true
			rest = rest[:n-1]
			continue
		}
		if n >= 2 && rest[n-2] == "worth" {
			v, err := strconv.Atoi(rest[n-1])
			if err != nil {
				return s, fmt.Errorf("worth: expected an integer, got %q", clip(rest[n-1]))
			}
			s.Worth = v
			rest = rest[:n-2]
			continue
		}
		break
	}
	switch {
	case len(rest) >= 1 && rest[0] == "at":
		v, err := floatsOf(rest[1:], 3, 3)
		if err != nil {
			return s, fmt.Errorf("sign at: %v", err)
		}
		s.Pos = geom.Vec2{X: v[0], Z: v[1]}
		s.Rotation = [4]float64{0, 1, 0, v[2]}
	case len(rest) >= 1 && rest[0] == "tile":
		if len(rest) < 4 || len(rest) > 5 {
			return s, fmt.Errorf("expected 'sign L tile x z side [along]'")
		}
		x, err1 := strconv.Atoi(rest[1])
		z, err2 := strconv.Atoi(rest[2])
		if err1 != nil || err2 != nil || w.lookup(x, z) < 0 {
			return s, fmt.Errorf("sign tile: no tile (%s,%s)", clip(rest[1]), clip(rest[2]))
		}
		ang, ok := sideAngles[rest[3]]
		if !ok {
			return s, fmt.Errorf("sign side %q: expected top, right, bottom or left", clip(rest[3]))
		}
		along := 0.0
		if len(rest) == 5 {
			v, err := floatsOf(rest[4:], 1, 1)
			if err != nil || math.Abs(v[0]) > TileSize/2 {
				return s, fmt.Errorf("sign along: expected an offset within ±0.06 m, got %q", clip(rest[4]))
			}
			along = v[0]
		}
		c := tileCenterOf(w.Tiles[w.lookup(x, z)])
		h := TileSize/2 - signOffset
		switch rest[3] {
		case "top":
			s.Pos = geom.Vec2{X: c.X + along, Z: c.Z - h}
		case "bottom":
			s.Pos = geom.Vec2{X: c.X + along, Z: c.Z + h}
		case "left":
			s.Pos = geom.Vec2{X: c.X - h, Z: c.Z + along}
		case "right":
			s.Pos = geom.Vec2{X: c.X + h, Z: c.Z + along}
		}
		s.Rotation = [4]float64{0, 1, 0, ang}
	default:
		return s, fmt.Errorf("expected 'tile' or 'at' after the %s's letter, code or type", f[0])
	}
	if s.Target && !erebus.ValidTargetCode(s.Type) {
		// load_cognitive_targets (MainSupervisor.py v26 l.198-209).
		s.Type, s.Worth, s.Blank = BlankTarget, 0, true
	}
	s.Letter = s.reportLetter()
	return s, nil
}

// FormatASCII draws w in the ASCII arena format, readable and loadable by
// ParseASCII: the grid, then name, time (when not 480), walls from area-4
// geometry, signs (with their exact position and angle) and obstacles.
// A quadrant holds one character, so a tile whose four quadrants are all
// curves cannot show its floor, and a missing tile is drawn empty.
func FormatASCII(w *World) string {
	if w == nil || len(w.Tiles) == 0 {
		return ""
	}
	cols, rows := 0, 0
	for _, t := range w.Tiles {
		cols, rows = max(cols, t.X+1), max(rows, t.Z+1)
	}
	g := make([][]byte, 4*rows+1)
	for r := range g {
		g[r] = make([]byte, 4*cols+1)
		for c := range g[r] {
			switch {
			case r%2 == 0 && c%2 == 0:
				g[r][c] = '+'
			default:
				g[r][c] = ' '
			}
		}
	}
	hwall := func(r, c int) { g[r][c] = '-' }
	vwall := func(r, c int) { g[r][c] = '|' }
	for _, t := range w.Tiles {
		r0, c0 := 4*t.Z, 4*t.X
		if t.Top > 0 {
			hwall(r0, c0+1)
			hwall(r0, c0+3)
		}
		if t.Bottom > 0 {
			hwall(r0+4, c0+1)
			hwall(r0+4, c0+3)
		}
		if t.Left > 0 {
			vwall(r0+1, c0)
			vwall(r0+3, c0)
		}
		if t.Right > 0 {
			vwall(r0+1, c0+4)
			vwall(r0+3, c0+4)
		}
		if t.Half {
			for q := 0; q < 4; q++ {
				qr, qc := r0+quadOrigin[q][0], c0+quadOrigin[q][1]
				qw := t.QuarterWalls[q]
				if qw[0] > 0 {
					hwall(qr, qc+1)
				}
				if qw[1] > 0 {
					vwall(qr+1, qc+2)
				}
				if qw[2] > 0 {
					hwall(qr+2, qc+1)
				}
				if qw[3] > 0 {
					vwall(qr+1, qc)
				}
			}
		}
		var marks []byte
		switch {
		case t.Trap:
			marks = append(marks, 'X')
		case t.Start:
			marks = append(marks, 'S')
		case t.Checkpoint:
			marks = append(marks, 'C')
		case t.Swamp:
			marks = append(marks, '~')
		}
		if l := passageLetter(t.Color); l != 0 {
			marks = append(marks, l)
		}
		if t.Room != 1 && t.Room >= 0 && t.Room <= 4 {
			marks = append(marks, byte('0'+t.Room))
		}
		for q := 0; q < 4; q++ {
			r, c := r0+1+2*(q/2), c0+1+2*(q%2)
			if t.Half && t.Curves[q] >= 1 && t.Curves[q] <= 4 {
				g[r][c] = "7JLF"[t.Curves[q]-1]
				continue
			}
			// Repeat a single floor mark on every free quadrant for
			// readability; several marks share the free quadrants.
			if len(marks) == 1 && (marks[0] == 'X' || marks[0] == 'S' || marks[0] == 'C' || marks[0] == '~' || (marks[0] >= 'a' && marks[0] <= 'z')) {
				g[r][c] = marks[0]
				continue
			}
			if len(marks) > 0 {
				g[r][c] = marks[0]
				marks = marks[1:]
			}
		}
	}
	var sb strings.Builder
	for _, row := range g {
		if row[0] == ' ' {
			row[0] = '.' // keep the line from reading as blank
		}
		sb.WriteString(strings.TrimRight(string(row), " "))
		sb.WriteByte('\n')
	}
	if w.Name != "" {
		fmt.Fprintf(&sb, "name %s\n", w.Name)
	}
	if w.GameTime != 480 && w.GameTime != 0 {
		fmt.Fprintf(&sb, "time %d\n", w.GameTime)
	}
	if w.Rules.Version != "" {
		fmt.Fprintf(&sb, "rules %s\n", w.Rules.Version)
	}
	for _, s := range w.Area4Walls {
		fmt.Fprintf(&sb, "wall %s %s %s %s\n", ff(s.A.X), ff(s.A.Z), ff(s.B.X), ff(s.B.Z))
	}
	angle := func(r [4]float64) float64 {
		if r[0] == 0 && r[2] == 0 && r[1] > 0 {
			return r[3]
		}
		m := rotMatrix(r)
		return math.Atan2(m[0][2], m[2][2])
	}
	for _, s := range w.Signs {
		directive, letter := "sign", string(signLetter(s.Kind, s.Type))
		if _, ok := signTypes[letter]; !ok {
			letter = "?"
		}
		if s.Target {
			directive, letter = "target", s.Type
		}
		fmt.Fprintf(&sb, "%s %s at %s %s %s worth %d", directive, letter, ff(s.Pos.X), ff(s.Pos.Z), ff(angle(s.Rotation)), s.Worth)
		if s.Found {
			sb.WriteString(" found")
		}
		sb.WriteByte('\n')
	}
	for _, f := range w.Fakes {
		fmt.Fprintf(&sb, "fake %s at %s %s %s worth %d\n", f.Type, ff(f.Pos.X), ff(f.Pos.Z), ff(angle(f.Rotation)), f.Worth)
	}
	for _, o := range w.Obstacles {
		fmt.Fprintf(&sb, "obstacle %s %s %s %s %s %s\n", ff(o.Center.X), ff(o.Center.Z), ff(o.Half.X), ff(o.Half.Z), ff(o.Yaw), ff(o.Height))
	}
	return sb.String()
}

func ff(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
