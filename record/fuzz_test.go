package record

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// FuzzRead feeds Read corrupted and cut recordings: it must return an
// error or a recording, never panic, and never report more steps than the
// writer wrote.
func FuzzRead(f *testing.F) {
	w := demoWorld(f)
	frames := demoGame(w, 12)
	data, _ := writeGame(f, w, frames, Options{FlushEvery: 4}, true)
	f.Add(data)
	f.Add(data[:len(data)/2])
	z, _ := writeGame(f, w, frames, Options{Compression: "zstd"}, true)
	f.Add(z)
	f.Add([]byte("\x89MCAP0\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		rec, err := Read(bytes.NewReader(in))
		if rec == nil {
			if err == nil {
				t.Fatal("no recording and no error")
			}
			return
		}
		if err != nil && !errors.Is(err, ErrTruncated) && len(rec.Steps) > len(frames) {
			t.Fatalf("%d steps from a corrupted file of a %d-step game", len(rec.Steps), len(frames))
		}
		// Whatever was read can be drawn.
		if a := rec.Arena; a != nil && len(a.Walls) < 1000 && a.Cols*a.Rows <= 400 {
			var out bytes.Buffer
			_ = WriteHTML(&out, rec, HTMLOptions{MaxFrames: 2})
			_ = WritePNG(&out, rec, PNGOptions{PixelsPerTile: 16})
		}
	})
}

// TestReadCorrupted reads recordings with random bytes changed (a fixed
// seed): every one gives a recording or an error, never a panic, and what
// it gives can be drawn.
func TestReadCorrupted(t *testing.T) {
	w := demoWorld(t)
	frames := demoGame(w, 12)
	for _, opt := range []Options{{FlushEvery: 4}, {Compression: "zstd"}} {
		data, _ := writeGame(t, w, frames, opt, true)
		rng := rand.New(rand.NewPCG(1, 2))
		for range 300 {
			in := bytes.Clone(data)
			for range 1 + rng.IntN(4) {
				in[rng.IntN(len(in))] = byte(rng.IntN(256))
			}
			rec, err := Read(bytes.NewReader(in))
			if rec == nil {
				if err == nil {
					t.Fatal("no recording and no error")
				}
				continue
			}
			if len(rec.Steps) > len(frames) {
				t.Fatalf("%d steps from a %d-step game", len(rec.Steps), len(frames))
			}
			if a := rec.Arena; a != nil && a.Cols*a.Rows <= 400 {
				var out bytes.Buffer
				_ = WriteHTML(&out, rec, HTMLOptions{MaxFrames: 2})
				_ = WritePNG(&out, rec, PNGOptions{PixelsPerTile: 16})
			}
		}
	}
}
