//go:build webots && webotsfake

package webots

import (
	"bytes"
	"testing"

	"github.com/rescuekit/rescuekit/hal/haltest"
)

// TestConformance runs the hal conformance test on the real cgo layer over
// the in-memory libController, with the default Erebus robot plus an
// inertial unit and a lidar.
func TestConformance(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	devices := append([]haltest.DeviceSpec(nil), haltest.DefaultDevices...)
	devices = append(devices,
		haltest.DeviceSpec{Name: "inertial_unit", Kind: haltest.InertialUnit},
		haltest.DeviceSpec{Name: "lidar", Kind: haltest.Lidar})
	opts := haltest.Options{
		Devices: devices,
		Inject: func(pkt []byte) {
			if !fakePushPacket(tags["receiver"], pkt) {
				t.Errorf("fake refused packet %q", pkt)
			}
		},
	}
	if err := haltest.TestRobot(r, opts); err != nil {
		t.Fatal(err)
	}
	if n := fakeDisabledReads(); n != 0 {
		t.Errorf("%d reads of disabled sensors reached libController", n)
	}
}

// FuzzRadioRoundTrip sends arbitrary bytes through the emitter and receives
// them through the receiver: both directions must copy them whole.
func FuzzRadioRoundTrip(f *testing.F) {
	f.Add([]byte("G"))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 'H'})
	f.Add(bytes.Repeat([]byte{0xDD}, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, tags := openErebus(t, Options{})
		defer r.Close()
		rc := r.devices["receiver"].(*Receiver)
		em := r.devices["emitter"].(*Emitter)
		rc.Enable(16)
		err := em.Send(data)
		if len(data) == 0 {
			if err == nil {
				t.Fatal("empty packet accepted")
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if sent := fakeSent(); len(sent) != 1 || !bytes.Equal(sent[0], data) {
			t.Fatalf("Webots got %q, want %q", sent, data)
		}
		fakePushPacket(tags["receiver"], data)
		if err := r.Step(16); err != nil {
			t.Fatal(err)
		}
		// The supervisor may answer a 'G' or 'L' later; the pushed packet is
		// first in the queue.
		if got := rc.Data(); !bytes.Equal(got, data) {
			t.Fatalf("received %q, want %q", got, data)
		}
	})
}
