package record

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func demoRecording(t testing.TB, n int, closeIt bool) (*Recording, []StepFrame) {
	t.Helper()
	w := demoWorld(t)
	frames := demoGame(w, n)
	data, _ := writeGame(t, w, frames, Options{}, closeIt)
	rec, err := Read(bytes.NewReader(data))
	if err != nil && closeIt {
		t.Fatal(err)
	}
	return rec, frames
}

func TestWriteHTMLSelfContained(t *testing.T) {
	rec, _ := demoRecording(t, 120, true)
	var buf bytes.Buffer
	if err := WriteHTML(&buf, rec, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	// Nothing loads from elsewhere: no external scripts, styles, images.
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)<script[^>]+src=`), regexp.MustCompile(`(?i)<link[^>]+href=`),
		regexp.MustCompile(`(?i)(src|href)="(https?:)?//`), regexp.MustCompile(`(?i)url\((https?:)?//`),
		regexp.MustCompile(`(?i)@import`),
	} {
		if loc := bad.FindStringIndex(page); loc != nil {
			t.Errorf("page refers outside itself: %q", page[loc[0]:min(loc[1]+40, len(page))])
		}
	}
	if strings.Contains(page, "{{") {
		t.Error("a placeholder is left in the page")
	}
	if !strings.Contains(page, "data:image/png;base64,") {
		t.Error("no camera frame in the page")
	}
	if err := WriteHTML(&buf, &Recording{}, HTMLOptions{}); err == nil {
		t.Error("a recording without arena gave a page")
	}
}

// browser returns a headless Chromium, or skips.
func browser(t *testing.T) string {
	t.Helper()
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	t.Skip("no headless browser: install Debian's chromium (apt-get install chromium) to run the replay page test")
	return ""
}

// dom loads file#hash in headless Chromium and returns the DOM after the
// page's scripts ran.
func dom(t *testing.T, chrome, file, hash string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chrome, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=2000", "--dump-dom", "file://"+file+hash)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", chrome, err, stderr.String())
	}
	return string(out)
}

func attr(t *testing.T, page, re string) string {
	t.Helper()
	m := regexp.MustCompile(re).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s not in the page", re)
	}
	return m[1]
}

// TestReplayInBrowser opens the page in headless Chromium at two slider
// positions and checks what the scripts drew: the robot where the recording
// has it, the path, the map cells against the answer, the reports shown, the
// camera frame of that time.
func TestReplayInBrowser(t *testing.T) {
	chrome := browser(t)
	rec, _ := demoRecording(t, 120, true)
	file := filepath.Join(t.TempDir(), "replay.html")
	var buf bytes.Buffer
	if err := WriteHTML(&buf, rec, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var lastX string
	for _, idx := range []int{0, 30, 101} {
		page := dom(t, chrome, file, "#step="+strconv.Itoa(idx))
		if attr(t, page, `<body[^>]*data-ready="(\d)"`) != "1" {
			t.Fatal("the page's script did not finish")
		}
		if got := attr(t, page, `<body[^>]*data-index="(\d+)"`); got != strconv.Itoa(idx) {
			t.Fatalf("slider at %s, want %d", got, idx)
		}
		s := rec.Steps[idx]
		x, _ := strconv.ParseFloat(attr(t, page, `id="robot"[^>]*data-x="([-0-9.e]+)"`), 64)
		z, _ := strconv.ParseFloat(attr(t, page, `id="robot"[^>]*data-z="([-0-9.e]+)"`), 64)
		if math.Abs(x-s.True.Pos.X) > 1e-4 || math.Abs(z-s.True.Pos.Z) > 1e-4 {
			t.Errorf("step %d: robot drawn at (%v, %v), recorded at (%v, %v)", idx, x, z, s.True.Pos.X, s.True.Pos.Z)
		}
		if idx > 0 && attr(t, page, `id="robot"[^>]*data-x="([-0-9.e]+)"`) == lastX {
			t.Errorf("step %d: the robot did not move", idx)
		}
		lastX = attr(t, page, `id="robot"[^>]*data-x="([-0-9.e]+)"`)
		// The plugins' estimate beside the true pose: the ring at the
		// recorded estimate, its path so far, the distance between the two.
		if s.Estimate == nil {
			t.Fatalf("step %d: the demo recording has no estimate", idx)
		}
		ex, _ := strconv.ParseFloat(attr(t, page, `id="estimate"[^>]*data-x="([-0-9.e]+)"`), 64)
		ez, _ := strconv.ParseFloat(attr(t, page, `id="estimate"[^>]*data-z="([-0-9.e]+)"`), 64)
		if math.Abs(ex-s.Estimate.Pos.X) > 1e-4 || math.Abs(ez-s.Estimate.Pos.Z) > 1e-4 {
			t.Errorf("step %d: estimate drawn at (%v, %v), recorded at (%v, %v)", idx, ex, ez, s.Estimate.Pos.X, s.Estimate.Pos.Z)
		}
		wantErr := fmt.Sprintf("estimate off by %.3f m", math.Hypot(s.Estimate.Pos.X-s.True.Pos.X, s.Estimate.Pos.Z-s.True.Pos.Z))
		if got := attr(t, page, `id="est-err"[^>]*>([^<]*)<`); got != wantErr {
			t.Errorf("step %d: %q, want %q", idx, got, wantErr)
		}
		if n := len(strings.Fields(attr(t, page, `id="est-path"[^>]*points="([^"]*)"`))); n != idx+1 {
			t.Errorf("step %d: estimated path of %d points", idx, n)
		}
		path := attr(t, page, `id="path"[^>]*points="([^"]*)"`)
		if n := len(strings.Fields(path)); n != idx+1 {
			t.Errorf("step %d: path of %d points", idx, n)
		}
		// Map cells: the same classes as CompareMap on the map of that step.
		d := CompareMap(rec.MapAtStep(idx), rec.Answer)
		cls := regexp.MustCompile(`<rect [^>]*class="(right|wrong|missing)"`).FindAllStringSubmatch(page, -1)
		got := map[string]int{}
		for _, c := range cls {
			got[c[1]]++
		}
		if got["right"] != d.Right || got["wrong"] != d.Wrong || got["missing"] != d.Missing {
			t.Errorf("step %d: page cells %v, CompareMap %+v", idx, got, d)
		}
		reports := 0
		for _, r := range rec.Reports {
			if rec.stepIndex(r.Step) <= idx {
				reports++
			}
		}
		if n := strings.Count(page, `class="report" data-outcome`); n != reports {
			t.Errorf("step %d: %d reports shown, want %d", idx, n, reports)
		}
		want := -1
		for _, f := range rec.Frames {
			if f.Camera == "camera_centre" && f.Index <= idx {
				want = f.Index
			}
		}
		if got := attr(t, page, `id="cam-camera_centre"[^>]*data-step="(-?\d+)"`); got != fmt.Sprint(want) {
			t.Errorf("step %d: camera frame of step %s, want %d", idx, got, want)
		}
	}
}
