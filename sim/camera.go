package sim

import (
	"encoding/binary"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/world"
)

// camera renders BGRA images with a column ray caster; a colour sensor is
// a 1×1 camera that sees the floor under it.
type camera struct {
	sensorBase
	spec  *DeviceSpec
	down  bool
	frame []byte
	xo    []float64 // per column: horizontal offset of the pixel ray at unit depth
	yo    []float64 // per row: vertical offset at unit depth (up positive)
	invYo []float64 // per row: −1/yo for rows below the horizon, else 0
	fR    [2]float64
	rR    [2]float64
	near  float64 // the near clipping distance (DeviceSpec.Near)
}

var _ hal.Camera = (*camera)(nil)

func newCamera(s *Sim, d *DeviceSpec) *camera {
	c := &camera{sensorBase: newBase(s, d.Name), spec: d, down: d.Kind == KindColourSensor, near: d.Near}
	if c.near <= 0 {
		c.near = erebus.CameraNear
	}
	c.frame = make([]byte, d.Width*d.Height*4)
	f := float64(d.Width) / 2 / math.Tan(d.FOV/2)
	c.xo = make([]float64, d.Width)
	for i := range c.xo {
		c.xo[i] = (float64(i) + 0.5 - float64(d.Width)/2) / f
	}
	c.yo = make([]float64, d.Height)
	c.invYo = make([]float64, d.Height)
	for j := range c.yo {
		c.yo[j] = (float64(d.Height)/2 - float64(j) - 0.5) / f
		if c.yo[j] < 0 {
			c.invYo[j] = -1 / c.yo[j]
		}
	}
	x := d.Frame.Apply(hal.Vec3{1, 0, 0})
	h := math.Hypot(x[0], x[2])
	if h < 1e-9 {
		c.fR = [2]float64{0, -1}
	} else {
		c.fR = [2]float64{x[0] / h, x[2] / h}
	}
	c.rR = [2]float64{-c.fR[1], c.fR[0]}
	return c
}

func (c *camera) Width() int   { return c.spec.Width }
func (c *camera) Height() int  { return c.spec.Height }
func (c *camera) FOV() float64 { return c.spec.FOV }

// Image copies the latest frame into dst[:0]; before the first frame it
// returns dst[:0].
func (c *camera) Image(dst []byte) []byte {
	if !c.has {
		return dst[:0]
	}
	return append(dst[:0], c.frame...)
}

func put(b []byte, k int, c rgb) {
	binary.LittleEndian.PutUint32(b[k:], c.bgra())
}

// bgra packs c as the little-endian uint32 of its BGRA bytes.
func (c rgb) bgra() uint32 {
	return uint32(c.b) | uint32(c.g)<<8 | uint32(c.r)<<16 | 0xFF<<24
}

func (c *camera) sample(s *Sim) {
	o := s.toWorld(c.spec.Pos[0], c.spec.Pos[2])
	if c.down {
		col := s.floor.colour(o.X, o.Z)
		for k := 0; k < len(c.frame); k += 4 {
			put(c.frame, k, col)
		}
		return
	}
	s.render(c, o)
}

// render draws camera c at world position o.
func (s *Sim) render(c *camera, o geom.Vec2) {
	camY := s.y + c.spec.Pos[1]
	fw := s.dirToWorld(c.fR[0], c.fR[1])
	rt := s.dirToWorld(c.rR[0], c.rR[1])
	w, h := c.spec.Width, c.spec.Height
	above := camY - world.FloorY
	for i := 0; i < w; i++ {
		dh := geom.Vec2{X: fw.X + c.xo[i]*rt.X, Z: fw.Z + c.xo[i]*rt.Z}
		l := math.Hypot(dh.X, dh.Z)
		u := geom.Vec2{X: dh.X / l, Z: dh.Z / l}
		hit := s.geo.cast(o, u, s.maxDim, math.Inf(-1), true)
		sw := hit.t / l
		wall := hit.solid >= 0 && sw >= c.near
		var wc rgb
		if wall {
			base := colWall
			if hit.isObst {
				base = colObstacle
			}
			f := 0.82 + 0.18*math.Abs(hit.n.X)
			wc = rgb{uint8(float64(base.r) * f), uint8(float64(base.g) * f), uint8(float64(base.b) * f)}
		}
		var sg *signGeom
		if wall && hit.sign >= 0 {
			sg = &s.geo.signs[hit.sign]
		}
		frame := c.frame
		sky := colSky.bgra()
		wp := wc.bgra()
		for j := 0; j < h; j++ {
			yo := c.yo[j]
			k := (j*w + i) * 4
			if wall {
				if y := camY + sw*yo; y >= world.FloorY && y <= hit.top {
					if sg != nil {
						if col, ok := sg.texel(o, u, camY, yo/l, hit.signT, hit.signU); ok {
							put(frame, k, col)
							continue
						}
					}
					binary.LittleEndian.PutUint32(frame[k:], wp)
					continue
				}
			}
			if yo < 0 {
				sf := above * c.invYo[j]
				binary.LittleEndian.PutUint32(frame[k:], s.floor.packed(o.X+sf*dh.X, o.Z+sf*dh.Z))
				continue
			}
			binary.LittleEndian.PutUint32(frame[k:], sky)
		}
	}
}

// lidar is a rotating range finder.
type lidar struct {
	sensorBase
	spec *DeviceSpec
	img  []float32
	fR   [2]float64
}

var _ hal.Lidar = (*lidar)(nil)

func newLidar(s *Sim, d *DeviceSpec) *lidar {
	l := &lidar{sensorBase: newBase(s, d.Name), spec: d}
	l.img = make([]float32, d.Lidar.HorizontalResolution*d.Lidar.NumberOfLayers)
	x := d.Frame.Apply(hal.Vec3{1, 0, 0})
	if h := math.Hypot(x[0], x[2]); h > 1e-9 {
		l.fR = [2]float64{x[0] / h, x[2] / h}
	} else {
		l.fR = [2]float64{0, -1}
	}
	return l
}

func (l *lidar) HorizontalResolution() int { return l.spec.Lidar.HorizontalResolution }
func (l *lidar) NumberOfLayers() int       { return l.spec.Lidar.NumberOfLayers }
func (l *lidar) FOV() float64              { return l.spec.Lidar.FOV }
func (l *lidar) VerticalFOV() float64      { return l.spec.Lidar.VerticalFOV }
func (l *lidar) MinRange() float64         { return l.spec.Lidar.MinRange }
func (l *lidar) MaxRange() float64         { return l.spec.Lidar.MaxRange }

// RangeImage copies the latest range image into dst[:0].
func (l *lidar) RangeImage(dst []float32) []float32 {
	if !l.has {
		return dst[:0]
	}
	return append(dst[:0], l.img...)
}

// sample scans: point i of a layer looks FOV/2 − i·FOV/res to the left of
// the lidar's forward direction (i = 0 leftmost), layer 0 is the highest
// (+VerticalFOV/2), the last the lowest.
func (l *lidar) sample(s *Sim) {
	sp := l.spec.Lidar
	o := s.toWorld(l.spec.Pos[0], l.spec.Pos[2])
	ly := s.y + l.spec.Pos[1]
	res, layers := sp.HorizontalResolution, sp.NumberOfLayers
	for i := 0; i < res; i++ {
		a := sp.FOV/2 - float64(i)*sp.FOV/float64(res)
		ca, sa := math.Cos(a), math.Sin(a)
		rx := l.fR[0]*ca + l.fR[1]*sa
		rz := -l.fR[0]*sa + l.fR[1]*ca
		d := s.dirToWorld(rx, rz)
		// Fakes' letters stand proud of their plates: a lidar sees their
		// depth (it reads what is drawn, Webots lidar.md; v26 §12).
		hit := s.geo.cast(o, d, sp.MaxRange, math.Inf(-1), len(s.w.Fakes) > 0)
		var relief *signGeom
		if hit.sign >= 0 && s.geo.signs[hit.sign].raised > 0 {
			relief = &s.geo.signs[hit.sign]
		}
		for k := 0; k < layers; k++ {
			phi := 0.0
			if layers > 1 {
				phi = sp.VerticalFOV/2 - float64(k)*sp.VerticalFOV/float64(layers-1)
			}
			r := math.Inf(1)
			if hit.solid >= 0 {
				if hy := ly + hit.t*math.Tan(phi); hy <= hit.top && hy >= world.FloorY {
					r = hit.t / math.Cos(phi)
				}
			}
			if relief != nil {
				if th, ok := relief.reliefHit(o, d, ly, math.Tan(phi), hit.signT); ok && th/math.Cos(phi) < r {
					r = th / math.Cos(phi)
				}
			}
			if phi < 0 {
				if fr := (ly - world.FloorY) / math.Sin(-phi); fr < r {
					r = fr
				}
			}
			if !math.IsInf(r, 1) {
				r += s.noise(s.cfg.Noise.Distance)
			}
			if r < sp.MinRange || r > sp.MaxRange {
				r = math.Inf(1)
			}
			l.img[k*res+i] = float32(r)
		}
	}
}
