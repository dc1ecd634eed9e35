package comms

import "testing"

// arenaMap is a 41x41 map, the answer size of a 10x10-tile arena.
func arenaMap() Map {
	cells := make([][]string, 41)
	for r := range cells {
		cells[r] = make([]string, 41)
		for c := range cells[r] {
			cells[r][c] = "0"
			if r%4 == 0 || c%4 == 0 {
				cells[r][c] = "1"
			}
		}
	}
	cells[1][1] = "5"
	return Map{Cells: cells}
}

func BenchmarkEncodeReport(b *testing.B) {
	r := Report{X: 12, Z: -30, Type: 'H'}
	for b.Loop() {
		if _, err := Encode(r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeMap41x41(b *testing.B) {
	m := arenaMap()
	for b.Loop() {
		if _, err := Encode(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeRobotMap41x41(b *testing.B) {
	p, err := Encode(arenaMap())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		if _, err := DecodeRobot(p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeSupervisorGameInfo(b *testing.B) {
	p := EncodeInbound(GameInfo{Score: 37.5, GameSecondsLeft: 301, RealSecondsLeft: 415})
	for b.Loop() {
		if _, err := DecodeSupervisor(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGateGame pushes a game's worth of traffic through a new gate per
// iteration: 30 reports, a 41x41 map, 'M' and 'E', one packet per step.
func BenchmarkGateGame(b *testing.B) {
	m := arenaMap()
	for b.Loop() {
		g := NewGate(GateConfig{})
		now := 0.0
		send := func(msg Message) {
			if err := g.Offer(msg, 2); err != nil {
				b.Fatal(err)
			}
			if p, err := g.Next(now, 2); err != nil || p == nil {
				b.Fatal(p, err)
			}
			now += 0.016
		}
		for i := range 30 {
			send(Report{X: int32(i * 10), Z: int32(i % 3 * 10), Type: "HSUFPCO"[i%7]})
		}
		send(m)
		send(Evaluate)
		send(Exit)
	}
}
