package sim

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// A small reader of the Webots proto's node tree, independent of sim/world's
// VRML parser, enough to take the devices' fields out of
// E-puck-custom-default-FLU.proto.

// vnode is a VRML node: its type and its fields.
type vnode struct {
	typ    string
	fields map[string]vval
}

// vval is a field value: tokens (numbers, strings, IS name) and nodes (an
// SFNode or the nodes of an MFNode list).
type vval struct {
	toks  []string
	nodes []*vnode
}

// vtokens splits VRML text into tokens: words, strings (quotes kept off),
// braces and brackets; '#' starts a comment, ',' is a space.
func vtokens(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		for i := 0; i < len(line); {
			c := line[i]
			switch {
			case c == '#':
				i = len(line)
			case c == '"':
				j := strings.IndexByte(line[i+1:], '"')
				if j < 0 {
					j = len(line) - i - 1
				}
				out = append(out, "\""+line[i+1:i+1+j])
				i += j + 2
			case c == '{' || c == '}' || c == '[' || c == ']':
				out = append(out, string(c))
				i++
			case c == ' ' || c == '\t' || c == ',' || c == '\r':
				i++
			default:
				j := i
				for j < len(line) && !strings.ContainsRune(" \t,{}[]\"#\r", rune(line[j])) {
					j++
				}
				out = append(out, line[i:j])
				i = j
			}
		}
	}
	return out
}

func isNodeType(t string) bool {
	return t != "" && unicode.IsUpper(rune(t[0])) && t != "TRUE" && t != "FALSE" && t != "IS"
}

// vparse parses the node whose type is at toks[i] (its '{' at i+1) and
// returns it and the index after its '}'.
func vparse(toks []string, i int) (*vnode, int, error) {
	n := &vnode{typ: toks[i], fields: map[string]vval{}}
	if i+1 >= len(toks) || toks[i+1] != "{" {
		return nil, 0, fmt.Errorf("node %s at token %d: no '{'", toks[i], i)
	}
	i += 2
	for i < len(toks) && toks[i] != "}" {
		name := toks[i]
		i++
		var v vval
		switch {
		case i >= len(toks):
			return nil, 0, fmt.Errorf("field %s: end of input", name)
		case toks[i] == "[":
			i++
			for i < len(toks) && toks[i] != "]" {
				if toks[i] == "DEF" {
					i += 2
				}
				if isNodeType(toks[i]) && i+1 < len(toks) && toks[i+1] == "{" {
					c, j, err := vparse(toks, i)
					if err != nil {
						return nil, 0, err
					}
					v.nodes, i = append(v.nodes, c), j
					continue
				}
				v.toks = append(v.toks, toks[i])
				i++
			}
			i++
		case toks[i] == "DEF" || (isNodeType(toks[i]) && i+1 < len(toks) && toks[i+1] == "{"):
			if toks[i] == "DEF" {
				i += 2
			}
			c, j, err := vparse(toks, i)
			if err != nil {
				return nil, 0, err
			}
			v.nodes, i = []*vnode{c}, j
		case toks[i] == "IS":
			v.toks, i = toks[i:i+2], i+2
		default:
			for i < len(toks) && toks[i] != "}" && !(unicode.IsLower(rune(toks[i][0])) && !strings.HasPrefix(toks[i], "\"")) {
				v.toks = append(v.toks, toks[i])
				i++
			}
		}
		n.fields[name] = v
	}
	return n, i + 1, nil
}

// protoDevices reads the proto at path: the PROTO's own field defaults and
// the Robot's child nodes.
func protoDevices(t *testing.T, path string) (map[string][]string, []*vnode) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	toks := vtokens(string(b))
	defaults := map[string][]string{}
	for i := 0; i+3 < len(toks) && toks[i] != "]"; i++ {
		if toks[i] == "field" || toks[i] == "hiddenField" {
			name, j := toks[i+2], i+3
			for j < len(toks) && toks[j] != "field" && toks[j] != "hiddenField" && toks[j] != "]" {
				j++
			}
			defaults[name] = toks[i+3 : j]
		}
	}
	for i := range toks {
		if toks[i] == "Robot" && i+1 < len(toks) && toks[i+1] == "{" {
			robot, _, err := vparse(toks, i)
			if err != nil {
				t.Fatal(err)
			}
			return defaults, robot.fields["children"].nodes
		}
	}
	t.Fatalf("%s: no Robot node", path)
	return nil, nil
}

func floats(t *testing.T, toks []string) []float64 {
	t.Helper()
	out := make([]float64, len(toks))
	for i, s := range toks {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%q: %v", toks, err)
		}
		out[i] = v
	}
	return out
}

// TestDescribeMatchesProto compares the default robot's description with
// the devices of Erebus's E-puck-custom-default-FLU.proto, field by field:
// every DistanceSensor, Camera, Gyro, GPS and Accelerometer node, by name
// (Webots' default name when the node has none), its translation (exactly),
// rotation (as a matrix), lookupTable, type, accuracy, camera size and
// field of view, and collision sphere. The v25.0.1 proto is checked against
// the v25 robot, the v26.1 proto (GPS accuracy 0.0025) against the v26 one.
func TestDescribeMatchesProto(t *testing.T) {
	for _, tc := range []struct {
		rules erebus.Rules
		path  []string
	}{
		{erebus.V25Rules, []string{"erebus", "protos", "E-puck-custom-default-FLU.proto"}},
		{erebus.V26Rules, []string{"erebus", "v26", "protos", "E-puck-custom-default-FLU.proto"}},
	} {
		t.Run(tc.rules.String(), func(t *testing.T) {
			defaults, nodes := protoDevices(t, sharedtest.Path(t, tc.path...))
			// The supervisor spawns the robot with camera_fieldOfView 1
			// (MainSupervisor._add_robot, v25 l.320-329, v26 l.407-415).
			defaults["camera_fieldOfView"] = []string{strconv.FormatFloat(erebus.CameraFOV, 'g', -1, 64)}
			desc := Describe(DefaultRobotFor(tc.rules))
			webotsName := map[string]string{"Gyro": "gyro", "GPS": "gps", "Accelerometer": "accelerometer"}
			seen := 0
			for _, n := range nodes {
				if n.typ != "DistanceSensor" && n.typ != "Camera" && n.typ != "Gyro" && n.typ != "GPS" && n.typ != "Accelerometer" {
					continue
				}
				seen++
				name := webotsName[n.typ]
				if v, ok := n.fields["name"]; ok {
					name = strings.TrimPrefix(v.toks[0], "\"")
				}
				t.Run(name, func(t *testing.T) {
					d, ok := desc.DeviceByName(name)
					if !ok {
						t.Fatalf("the proto's %s %q is not in the description", n.typ, name)
					}
					if d.Node != n.typ {
						t.Errorf("node %s, want %s", d.Node, n.typ)
					}
					field := func(f string, def []string) []string {
						v, ok := n.fields[f]
						if !ok {
							return def
						}
						if len(v.toks) == 2 && v.toks[0] == "IS" {
							return defaults[v.toks[1]]
						}
						return v.toks
					}
					tr := floats(t, field("translation", []string{"0", "0", "0"}))
					if [3]float64(tr) != d.Translation {
						t.Errorf("translation %v, want %v", d.Translation, tr)
					}
					r := floats(t, field("rotation", []string{"0", "1", "0", "0"}))
					want, got := AxisAngle(r[0], r[1], r[2], r[3]), AxisAngle(d.Rotation[0], d.Rotation[1], d.Rotation[2], d.Rotation[3])
					for i := range want {
						for j := range want[i] {
							if !near(got[i][j], want[i][j], 1e-12) {
								t.Fatalf("rotation %v, want %v (matrix entry %d,%d: %g vs %g)", d.Rotation, r, i, j, got[i][j], want[i][j])
							}
						}
					}
					if lt := field("lookupTable", nil); lt != nil {
						v := floats(t, lt)
						var rows []float64
						for _, row := range d.LookupTable {
							rows = append(rows, row[:]...)
						}
						if fmt.Sprint(rows) != fmt.Sprint(v) {
							t.Errorf("lookupTable %v, want %v", rows, v)
						}
					}
					if ty := field("type", nil); ty != nil && strings.TrimPrefix(ty[0], "\"") != d.Type {
						t.Errorf("type %q, want %s", d.Type, ty[0])
					}
					if n.typ == "GPS" {
						acc := floats(t, field("accuracy", []string{"0"}))[0]
						if d.Accuracy == nil || *d.Accuracy != acc {
							t.Errorf("accuracy %v, want %g", d.Accuracy, acc)
						}
					}
					if n.typ == "Camera" {
						w := floats(t, field("width", []string{"64"}))[0]
						h := floats(t, field("height", []string{"64"}))[0]
						fov := floats(t, field("fieldOfView", []string{"0.7854"}))[0]
						if float64(d.Width) != w || float64(d.Height) != h || d.FieldOfView != fov {
							t.Errorf("camera %d×%d fov %g, want %g×%g fov %g", d.Width, d.Height, d.FieldOfView, w, h, fov)
						}
						if nr := field("near", nil); nr != nil && floats(t, nr)[0] != d.Near {
							t.Errorf("camera near %g, want %s", d.Near, nr[0])
						}
					}
					sphere := 0.0
					if bo, ok := n.fields["boundingObject"]; ok && len(bo.nodes) == 1 && bo.nodes[0].typ == "Sphere" {
						sphere = floats(t, bo.nodes[0].fields["radius"].toks)[0]
					}
					if d.BoundingSphere != sphere {
						t.Errorf("collision sphere %g, want %g", d.BoundingSphere, sphere)
					}
				})
			}
			if seen != 15 {
				t.Errorf("the proto has %d DistanceSensor, Camera, Gyro, GPS and Accelerometer nodes, want 15", seen)
			}
		})
	}
}

// TestDescribeFrames checks what the frames mean for a controller: the
// gyro's yaw and the accelerometer's gravity on component 1, (0, 9.81, 0)
// at rest; the description is valid JSON.
func TestDescribeFrames(t *testing.T) {
	d := Describe(RobotSpec{})
	g, _ := d.DeviceByName(erebus.GyroName)
	a, _ := d.DeviceByName(erebus.AccelName)
	if g.YawIndex == nil || *g.YawIndex != erebus.GyroYawIndex {
		t.Errorf("gyro yaw index %v, want %d", g.YawIndex, erebus.GyroYawIndex)
	}
	if a.AtRest == nil || *a.AtRest != [3]float64{0, 9.81, 0} {
		t.Errorf("accelerometer at rest %v, want (0, 9.81, 0)", a.AtRest)
	}
	if d.Reach != 0.042 || d.BodyRadius != erebus.BodyRadius {
		t.Errorf("body %g reach %g, want 0.037 and 0.042", d.BodyRadius, d.Reach)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back RobotDescription
	if err := json.Unmarshal(b, &back); err != nil || len(back.Devices) != len(d.Devices) {
		t.Fatalf("JSON round trip: %v, %d devices of %d", err, len(back.Devices), len(d.Devices))
	}
}

// TestAxisAngleOf round-trips rotations through AxisAngleOf.
func TestAxisAngleOf(t *testing.T) {
	for _, r := range [][4]float64{
		{0, 1, 0, 0}, {0, 1, 0, 1.2}, {0, -1, 0, -1.323615307179586}, {1, 0, 0, 3.141592653589793},
		{0, 1, 0, -3.126975307179586}, {-0.5773502691896258, 0.5773502691896258, 0.5773502691896258, 2.0943951023931953},
		{0.7071067811859514, -0.7071067811859513, 1.2986841949896388e-06, 3.141590056252852},
	} {
		m := AxisAngle(r[0], r[1], r[2], r[3])
		a := AxisAngleOf(m)
		back := AxisAngle(a[0], a[1], a[2], a[3])
		for i := range m {
			for j := range m[i] {
				if !near(back[i][j], m[i][j], 1e-9) {
					t.Fatalf("%v → %v: entry %d,%d %g, want %g", r, a, i, j, back[i][j], m[i][j])
				}
			}
		}
		if a[3] < 0 || a[3] > 3.1415926535897936 {
			t.Errorf("%v → angle %g, want [0, π]", r, a[3])
		}
	}
}
