package record

import (
	"bytes"
	"errors"
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
		if rec.Arena != nil && len(rec.Arena.Walls) < 1000 {
			var out bytes.Buffer
			_ = WriteHTML(&out, rec, HTMLOptions{MaxFrames: 2})
			_ = WritePNG(&out, rec, PNGOptions{PixelsPerTile: 16})
		}
	})
}
