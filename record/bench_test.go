package record_test

import (
	"io"
	"strconv"
	"testing"

	"github.com/rescuekit/rescuekit/record"
	"github.com/rescuekit/rescuekit/sim/world"
)

// countWriter counts the bytes written to it.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

// BenchmarkStep measures the cost of recording one control step of a real
// game (the first 300 steps of world1 with the built-in behaviors, replayed
// in a loop), with the default options and with zstd chunks of 8 steps.
func BenchmarkStep(b *testing.B) {
	w := loadWorld(b, "world1")
	var frames []record.StepFrame
	playRecorded(b, w, 300, nil, func(f record.StepFrame) { frames = append(frames, f) })
	last := frames[len(frames)-1].SimTime
	for _, opt := range []record.Options{{}, {FlushEvery: 8, Compression: "zstd"}} {
		name := "flush" + strconv.Itoa(max(opt.FlushEvery, 1))
		if opt.Compression != "" {
			name += "-" + opt.Compression
		}
		b.Run(name, func(b *testing.B) {
			var out countWriter
			wr, err := record.NewWriter(&out, record.Meta{World: w, Answer: world.Answer(w), Options: opt})
			if err != nil {
				b.Fatal(err)
			}
			start := out.n
			b.ReportAllocs()
			b.ResetTimer()
			c0 := cpuTime()
			for i := range b.N {
				f := frames[i%len(frames)]
				f.SimTime += float64(i/len(frames)) * last
				f.Step += uint64(i / len(frames) * len(frames))
				if err := wr.Step(f); err != nil {
					b.Fatal(err)
				}
			}
			if err := wr.Close(); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			// Process CPU time: less sensitive than ns/op to other load on
			// the machine (garbage collection included).
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/float64(b.N), "cpu-µs/step")
			b.ReportMetric(float64(out.n-start)/float64(b.N), "B/step")
		})
	}
}
