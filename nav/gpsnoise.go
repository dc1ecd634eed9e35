package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// GPSNoise measures a GPS's noise from its readings. Over consecutive
// steps the second difference p(t) − 2p(t−1) + p(t−2) of one coordinate of
// a smooth path is the noise alone: Gaussian with σ·√6 for independent
// readings of σ per axis (Webots' GPS accuracy, docs/erebus-v26.md §9), so
// the median of its absolute value is 0.6745·σ·√6. A difference of
// noiseJump or more is a bump or a relocation, not noise. Erebus v26.1's
// default robot reads with σ = erebus.V26Rules.GPSAccuracy, v25.0.1's with
// none. The zero value is ready to use.
type GPSNoise struct {
	prev     [2]geom.Vec2
	prevStep [2]uint64
	n        int       // readings in prev
	d2       []float64 // the last noiseWindow absolute second differences
	next     int       // where the next one goes once d2 is full
	samples  int       // differences taken in all
	sd       float64   // σ of d2, valid unless dirty
	dirty    bool
	buf      []float64
}

const (
	// noiseWindow is how many of the latest differences SD looks at.
	noiseWindow = 256
	// noiseMin is how many differences SD needs before it measures.
	noiseMin = 64
	// noiseJump is the smallest second difference (m) that is not noise.
	noiseJump = 0.02
)

// Restart forgets the last readings (after a relocation) but keeps the
// differences taken.
func (n *GPSNoise) Restart() { n.n = 0 }

// Add takes the reading g of step. Only readings of consecutive steps make
// a difference: a skipped Observation breaks them.
func (n *GPSNoise) Add(step uint64, g geom.Vec2) {
	if n.n == 2 && step == n.prevStep[1]+1 && n.prevStep[1] == n.prevStep[0]+1 {
		for _, v := range [2]float64{g.X - 2*n.prev[1].X + n.prev[0].X, g.Z - 2*n.prev[1].Z + n.prev[0].Z} {
			if v = math.Abs(v); v < noiseJump {
				if len(n.d2) < noiseWindow {
					n.d2 = append(n.d2, v)
				} else {
					n.d2[n.next] = v
					n.next = (n.next + 1) % noiseWindow
				}
				n.samples++
				n.dirty = true
			}
		}
	}
	n.prev[0], n.prev[1] = n.prev[1], g
	n.prevStep[0], n.prevStep[1] = n.prevStep[1], step
	n.n = min(n.n+1, 2)
}

// Samples returns how many differences Add has taken in all.
func (n *GPSNoise) Samples() int { return n.samples }

// SD returns the noise's standard deviation per axis (m) over the last
// noiseWindow differences, 0 before noiseMin of them.
func (n *GPSNoise) SD() float64 {
	if len(n.d2) < noiseMin {
		return 0
	}
	if n.dirty {
		n.buf = append(n.buf[:0], n.d2...)
		n.sd = nth(n.buf, len(n.buf)/2) / (0.6745 * math.Sqrt(6))
		n.dirty = false
	}
	return n.sd
}

// nth returns the k-th smallest of xs (0-based), reordering xs: what
// xs[k] would be after a sort, found by Hoare's selection in linear time
// on average (a sort of the 256 differences cost the tracker 0.3 µs a
// step).
func nth(xs []float64, k int) float64 {
	lo, hi := 0, len(xs)-1
	for lo < hi {
		p := xs[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for xs[i] < p {
				i++
			}
			for xs[j] > p {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}
