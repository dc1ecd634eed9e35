package worldgen

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/world"
)

// roundTrip writes w and parses it back.
func roundTrip(t *testing.T, w *world.World) *world.World {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, w); err != nil {
		t.Fatalf("Write: %v", err)
	}
	p, err := world.Parse(w.Name+".wbt", buf.Bytes())
	if err != nil {
		t.Fatalf("Parse of the written world: %v\n%s", err, buf.String())
	}
	return p
}

// blocked reports whether side s (0 top, 1 right, 2 bottom, 3 left) of the
// tile at (x, z) has a wall in the parsed model: the tile's own field or
// the neighbour's opposite field.
func blocked(w *world.World, at map[[2]int]world.Tile, x, z, s int) bool {
	t := at[[2]int{x, z}]
	own := [4]int{t.Top, t.Right, t.Bottom, t.Left}[s]
	d := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}[s]
	n, ok := at[[2]int{x + d[0], z + d[1]}]
	if !ok {
		return true // the arena's border
	}
	other := [4]int{n.Top, n.Right, n.Bottom, n.Left}[(s+2)%4]
	return own > 0 || other > 0
}

// checkRules verifies the construction rules on a parsed world.
func checkRules(t *testing.T, w *world.World) {
	t.Helper()
	at := map[[2]int]world.Tile{}
	var start *world.Tile
	for i, tl := range w.Tiles {
		at[[2]int{tl.X, tl.Z}] = tl
		if tl.DEF == "START_TILE" {
			if start != nil {
				t.Fatal("two START_TILEs")
			}
			start = &w.Tiles[i]
		}
	}
	if start == nil || !start.Start || start.Room != 1 {
		t.Fatalf("start tile missing or not in area 1: %+v", start)
	}
	if len(at) != w.Cols*w.Rows {
		t.Fatalf("%d distinct tiles, want %d", len(at), w.Cols*w.Rows)
	}
	// x-major order, as coord2grid assumes.
	for i, tl := range w.Tiles {
		if tl.X != i/w.Rows || tl.Z != i%w.Rows {
			t.Fatalf("tile %d at (%d,%d), want x-major order", i, tl.X, tl.Z)
		}
	}
	// BFS from the start over open sides, never leaving a hole.
	d := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	seen := map[[2]int]bool{{start.X, start.Z}: true}
	queue := [][2]int{{start.X, start.Z}}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if at[c].Trap {
			continue
		}
		for s := 0; s < 4; s++ {
			n := [2]int{c[0] + d[s][0], c[1] + d[s][1]}
			if _, ok := at[n]; ok && !seen[n] && !blocked(w, at, c[0], c[1], s) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	if len(seen) != len(at) {
		t.Errorf("%d of %d tiles reachable from the start", len(seen), len(at))
	}
	// Passage tiles open onto the area their colour names.
	q := func(c [3]float64) [3]float64 {
		return [3]float64{math.Round(c[0]*10) / 10, math.Round(c[1]*10) / 10, math.Round(c[2]*10) / 10}
	}
	pair := map[[3]float64][2]int{}
	for _, p := range passages {
		pair[q(p.color)] = [2]int{p.a, p.b}
	}
	rooms := map[int]bool{}
	for _, tl := range w.Tiles {
		rooms[tl.Room] = true
		ab, ok := pair[q(tl.Color)]
		if !ok {
			if tl.Color != Grey {
				t.Errorf("tile (%d,%d) has colour %v, neither grey nor a passage colour", tl.X, tl.Z, tl.Color)
			}
			continue
		}
		if tl.Room != ab[0] {
			t.Errorf("passage (%d,%d) colour joins %v but the tile is in area %d", tl.X, tl.Z, ab, tl.Room)
		}
		joined := false
		for s := 0; s < 4; s++ {
			n, ok := at[[2]int{tl.X + d[s][0], tl.Z + d[s][1]}]
			if ok && n.Room == ab[1] && !blocked(w, at, tl.X, tl.Z, s) {
				joined = true
			}
		}
		if !joined {
			t.Errorf("passage (%d,%d) does not open onto area %d", tl.X, tl.Z, ab[1])
		}
	}
	for a := 1; a <= len(rooms); a++ {
		if !rooms[a] {
			t.Errorf("areas %v are not 1..%d", rooms, len(rooms))
		}
	}
	// Signs and fakes: on a wall, 0.0056 m from its line, facing into a
	// reachable tile that is not a hole, with the worth of their kind (a
	// fake's a victim's).
	all := append([]world.Sign(nil), w.Signs...)
	for _, f := range w.Fakes {
		x, z, _ := w.TileAt(f.Pos)
		all = append(all, world.Sign{Kind: world.Victim, Name: f.Name, Type: f.Type, Pos: f.Pos, Normal: f.Normal, Worth: f.Worth, Room: at[[2]int{x, z}].Room, Letter: 'f'})
	}
	for _, s := range all {
		x, z, ok := w.TileAt(s.Pos)
		if !ok {
			t.Errorf("sign %s outside the arena", s.Name)
			continue
		}
		tl := at[[2]int{x, z}]
		if tl.Trap || !seen[[2]int{x, z}] {
			t.Errorf("sign %s faces a hole or an unreachable tile", s.Name)
		}
		c := w.TileCenter(x, z)
		// The side the sign is on is opposite its normal.
		var side int
		var dist float64
		switch {
		case s.Normal.Z > 0.99:
			side, dist = 0, s.Pos.Z-(c.Z-world.TileSize/2)
		case s.Normal.X < -0.99:
			side, dist = 1, (c.X+world.TileSize/2)-s.Pos.X
		case s.Normal.Z < -0.99:
			side, dist = 2, (c.Z+world.TileSize/2)-s.Pos.Z
		case s.Normal.X > 0.99:
			side, dist = 3, s.Pos.X-(c.X-world.TileSize/2)
		default:
			t.Errorf("sign %s normal %v is not axis-aligned", s.Name, s.Normal)
			continue
		}
		if !blocked(w, at, x, z, side) {
			t.Errorf("sign %s on side %d of (%d,%d) where there is no wall", s.Name, side, x, z)
		}
		if math.Abs(dist-SignOffset) > 1e-9 {
			t.Errorf("sign %s is %.6f m from its wall line, want %v", s.Name, dist, SignOffset)
		}
		if s.Room != tl.Room {
			t.Errorf("sign %s room %d, tile room %d", s.Name, s.Room, tl.Room)
		}
		base := map[world.SignKind]int{world.Victim: 15, world.Hazard: 30}[s.Kind]
		if s.Worth != base && (s.Worth != base/3 || s.Room == 4) {
			t.Errorf("sign %s worth %d, want %d or %d (linear wall)", s.Name, s.Worth, base, base/3)
		}
		if _, valid := erebus.TargetLetter(s.Type); s.Letter == 0 && !(s.Target && !valid && erebus.ValidTargetCode(s.Type)) {
			t.Errorf("sign %s type %q has no letter and is not a target of an invalid sum", s.Name, s.Type)
		}
	}
	// Bounds match the flags.
	count := map[string]int{}
	for _, tl := range w.Tiles {
		if tl.Trap {
			count["trap"]++
		}
		if tl.Checkpoint {
			count["checkpoint"]++
		}
		if tl.Swamp {
			count["swamp"]++
		}
	}
	if len(w.Traps) != count["trap"] || len(w.Checkpoints) != count["checkpoint"] || len(w.Swamps) != count["swamp"] || len(w.Starts) != 1 {
		t.Errorf("bounds traps %d checkpoints %d swamps %d starts %d; tiles %v", len(w.Traps), len(w.Checkpoints), len(w.Swamps), len(w.Starts), count)
	}
}

func TestGenerateRoundTripManySeeds(t *testing.T) {
	sizes := [][2]int{{4, 4}, {6, 6}, {8, 8}, {5, 3}, {9, 6}, {2, 2}, {12, 7}}
	for seed := int64(0); seed < 100; seed++ {
		sz := sizes[seed%int64(len(sizes))]
		rules := []erebus.Version{erebus.V25, erebus.V26}[seed%2]
		g, err := Generate(Options{Seed: seed, Cols: sz[0], Rows: sz[1], Rules: rules})
		if err != nil {
			t.Fatalf("seed %d %v: %v", seed, sz, err)
		}
		p := roundTrip(t, g)
		for _, f := range []string{"Name", "BasicTimeStep", "GameTime", "Cols", "Rows", "Width", "Height", "Tiles", "Checkpoints", "Traps", "Starts", "Swamps", "Signs", "Fakes", "Rules", "Start", "Walls"} {
			a := reflect.ValueOf(*g).FieldByName(f).Interface()
			b := reflect.ValueOf(*p).FieldByName(f).Interface()
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("seed %d: field %s differs after Write+Parse:\n generated %+v\n parsed    %+v", seed, f, a, b)
			}
		}
		checkRules(t, p)
		ans := world.Answer(p)
		if len(ans) != 4*p.Rows+1 || len(ans[0]) != 4*p.Cols+1 {
			t.Fatalf("seed %d: answer %dx%d for %dx%d tiles", seed, len(ans), len(ans[0]), p.Cols, p.Rows)
		}
		if s, err := mapscore.Score(ans, ans); err != nil || s != 1 {
			t.Fatalf("seed %d: answer scores %v, %v against itself", seed, s, err)
		}
		if t.Failed() {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	write := func(seed int64) string {
		w, err := Generate(Options{Seed: seed, Cols: 7, Rows: 5, Rules: erebus.V25})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, w); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if first, second := write(42), write(42); first != second {
		t.Error("the same seed gave different worlds")
	}
	if write(42) == write(43) {
		t.Error("seeds 42 and 43 gave the same world")
	}
}

func TestGenerateOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		wantErr string
		check   func(t *testing.T, w *world.World)
	}{
		{name: "too small", opts: Options{Cols: 1, Rows: 4}, wantErr: "out of range"},
		{name: "too large", opts: Options{Cols: 31, Rows: 4}, wantErr: "out of range"},
		{name: "five areas", opts: Options{Cols: 8, Rows: 8, Areas: 5}, wantErr: "areas 1 to 4"},
		{name: "too many areas for 2x2", opts: Options{Cols: 2, Rows: 2, Areas: 3}, wantErr: "too small"},
		{name: "defaults", opts: Options{}, check: func(t *testing.T, w *world.World) {
			if w.Cols != 6 || w.Rows != 6 || w.Name != "gen-0-6x6" {
				t.Errorf("got %dx%d %q", w.Cols, w.Rows, w.Name)
			}
		}},
		{name: "no features", opts: Options{Cols: 5, Rows: 5, Holes: -1, Swamps: -1, Checkpoints: -1, Victims: -1, Hazards: -1, FakeTargets: -1, Fakes: -1}, check: func(t *testing.T, w *world.World) {
			if len(w.Signs) != 0 || len(w.Fakes) != 0 || len(w.Traps) != 0 || len(w.Swamps) != 0 || len(w.Checkpoints) != 0 {
				t.Errorf("features present: %d signs %d traps %d swamps %d checkpoints", len(w.Signs), len(w.Traps), len(w.Swamps), len(w.Checkpoints))
			}
		}},
		{name: "four areas", opts: Options{Cols: 8, Rows: 8, Areas: 4, Seed: 3, Rules: erebus.V25}, check: func(t *testing.T, w *world.World) {
			rooms := map[int]int{}
			passagesSeen := 0
			for _, tl := range w.Tiles {
				rooms[tl.Room]++
				if tl.Color != Grey {
					passagesSeen++
				}
			}
			if len(rooms) != 4 || passagesSeen != 3 {
				t.Errorf("rooms %v, %d passages; want 4 areas and 3 passages", rooms, passagesSeen)
			}
			// Area 4 is '*' in the answer.
			stars := 0
			for _, r := range world.Answer(w) {
				for _, c := range r {
					if c == "*" {
						stars++
					}
				}
			}
			if stars == 0 {
				t.Error("no '*' cells for area 4")
			}
		}},
		{name: "exact counts", opts: Options{Cols: 8, Rows: 8, Victims: 6, Hazards: 4, Holes: 3, Swamps: 2, Checkpoints: 2, FakeTargets: 2, Fakes: 3, Seed: 9, Rules: erebus.V26}, check: func(t *testing.T, w *world.World) {
			v, h, bad := 0, 0, 0
			for _, s := range w.Signs {
				switch {
				case s.Kind == world.Victim:
					v++
				case s.Letter != 0:
					h++
				default:
					bad++
				}
			}
			if v != 6 || h != 4 || bad != 2 || len(w.Fakes) != 3 || len(w.Traps) != 3 || len(w.Swamps) != 2 || len(w.Checkpoints) != 2 {
				t.Errorf("victims %d targets %d invalid %d fakes %d holes %d swamps %d checkpoints %d", v, h, bad, len(w.Fakes), len(w.Traps), len(w.Swamps), len(w.Checkpoints))
			}
		}},
		{name: "v25", opts: Options{Cols: 8, Rows: 8, Hazards: 4, Rules: erebus.V25, Seed: 9}, check: func(t *testing.T, w *world.World) {
			h := 0
			for _, s := range w.Signs {
				if s.Kind == world.Hazard {
					h++
					if s.Target || len(s.Type) != 1 || !erebus.IsHazardLetter(s.Type[0]) {
						t.Errorf("v25 hazard %+v", s)
					}
				}
			}
			if h != 4 || len(w.Fakes) != 0 || w.GameRules().Version != erebus.V25 {
				t.Errorf("%d hazards, %d fakes, version %s", h, len(w.Fakes), w.GameRules().Version)
			}
		}},
		{name: "v25 with fakes", opts: Options{Rules: erebus.V25, Fakes: 2}, wantErr: "has no fake targets or fake victims"},
		{name: "zero value is v26", opts: Options{Cols: 8, Rows: 8, FakeTargets: 1, Seed: 9}, check: func(t *testing.T, w *world.World) {
			if w.GameRules().Version != erebus.V26 {
				t.Errorf("Options{} wrote Erebus %s, want %s", w.GameRules().Version, erebus.V26)
			}
		}},
		{name: "unknown rules", opts: Options{Rules: "v24"}, wantErr: "no rules for version"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, err := Generate(tc.opts)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, w)
		})
	}
}

func TestWriteShippedWorldRoundTrip(t *testing.T) {
	// A shipped world (half tiles, curves, odd wall values) written back
	// parses into the same tiles, bounds and signs.
	path := sharedtest.Path(t, "erebus", "worlds", "world2.wbt")
	w, err := world.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p := roundTrip(t, w)
	for _, f := range []string{"Tiles", "Checkpoints", "Traps", "Starts", "Swamps", "Signs", "Start", "Walls", "Arcs", "GameTime", "BasicTimeStep"} {
		a := reflect.ValueOf(*w).FieldByName(f).Interface()
		b := reflect.ValueOf(*p).FieldByName(f).Interface()
		if !reflect.DeepEqual(a, b) {
			t.Errorf("field %s differs after Write+Parse", f)
		}
	}
	if !reflect.DeepEqual(world.Answer(w), world.Answer(p)) {
		t.Error("answer differs after Write+Parse")
	}
}

func TestWriteErrors(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, nil); err == nil {
		t.Error("Write(nil): want an error")
	}
	if err := Write(&b, &world.World{}); err == nil {
		t.Error("Write(no tiles): want an error")
	}
	w, err := Generate(Options{Seed: 1, Cols: 3, Rows: 3, Rules: erebus.V25})
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(failWriter{}, w); err == nil {
		t.Error("Write to a failing writer: want an error")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

var errFail = &failErr{}

type failErr struct{}

func (*failErr) Error() string { return "disk full" }

func TestWriteObstacleRoundTrip(t *testing.T) {
	w, err := Generate(Options{Seed: 5, Cols: 4, Rows: 4, Rules: erebus.V25})
	if err != nil {
		t.Fatal(err)
	}
	w.Obstacles = []world.Obstacle{{Center: geom.Vec2{X: 0.01, Z: -0.02}, Half: geom.Vec2{X: 0.02, Z: 0.03}, Yaw: 0.5, Height: 0.05}}
	p := roundTrip(t, w)
	if len(p.Obstacles) != 1 {
		t.Fatalf("%d obstacles after Write+Parse, want 1", len(p.Obstacles))
	}
	a, b := w.Obstacles[0], p.Obstacles[0]
	if math.Abs(a.Center.X-b.Center.X)+math.Abs(a.Center.Z-b.Center.Z)+math.Abs(a.Half.X-b.Half.X)+math.Abs(a.Half.Z-b.Half.Z)+math.Abs(a.Yaw-b.Yaw)+math.Abs(a.Height-b.Height) > 1e-9 {
		t.Errorf("obstacle %+v read back as %+v", a, b)
	}
}

func BenchmarkGenerate8x8(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Generate(Options{Seed: int64(i), Cols: 8, Rows: 8, Rules: erebus.V25}); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzGenerate(f *testing.F) {
	f.Add(int64(1), 4, 4, 0, 0, 0)
	f.Add(int64(2), 8, 8, 4, 3, 6)
	f.Add(int64(3), 2, 9, 2, -1, 40)
	f.Fuzz(func(t *testing.T, seed int64, cols, rows, areas, holes, victims int) {
		// Keep sizes small so the fuzzer explores layouts, not big arenas.
		cols, rows = cols%12, rows%12
		holes, victims = holes%50, victims%50
		rules := []erebus.Version{erebus.V25, erebus.V26}[seed&1]
		w, err := Generate(Options{Seed: seed, Cols: cols, Rows: rows, Areas: areas, Holes: holes, Victims: victims, Rules: rules})
		if err != nil {
			return
		}
		checkRules(t, roundTrip(t, w))
	})
}
