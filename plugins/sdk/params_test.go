package sdk_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/sdk"
)

var testParams = map[string]sdk.Param{
	"speed":   {Default: "3", Description: "rad/s"},
	"every":   {Default: "8", Description: "steps"},
	"confirm": {Default: "true", Description: "ask for the score"},
	"state":   {Default: "explore", Description: "FSM state"},
}

func TestReaderFloat(t *testing.T) {
	for _, tc := range []struct {
		name    string
		value   string
		want    float64
		wantErr string // substring, "" for none
	}{
		{"good", "4.5", 4.5, ""},
		{"low bound", "0.5", 0.5, ""},
		{"high bound", "100", 100, ""},
		{"exponent", "1e1", 10, ""},
		{"below", "0.4", 0.5, `demo: parameter speed="0.4": want a number in [0.5, 100]`},
		{"above", "101", 0.5, `demo: parameter speed="101": want a number in [0.5, 100]`},
		{"nan", "NaN", 0.5, `parameter speed="NaN": want a number`},
		{"inf", "+Inf", 0.5, `parameter speed="+Inf"`},
		{"not a number", "fast", 0.5, `parameter speed="fast": want a number in [0.5, 100]`},
		{"empty", "", 0.5, `parameter speed="": want a number`},
		{"space", " 3", 0.5, `parameter speed=" 3"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sdk.Config{Params: map[string]string{"speed": tc.value}}.Reader("demo", testParams)
			got := r.Float("speed", 0.5, 100)
			if got != tc.want {
				t.Errorf("Float = %g, want %g", got, tc.want)
			}
			checkErr(t, r.Err(), tc.wantErr)
		})
	}
}

func TestReaderInt(t *testing.T) {
	for _, tc := range []struct {
		name    string
		value   string
		want    int
		wantErr string
	}{
		{"good", "12", 12, ""},
		{"written as a float", "12.0", 12, ""},
		{"exponent", "1e3", 1000, ""},
		{"low bound", "1", 1, ""},
		{"fraction", "2.5", 1, `demo: parameter every="2.5": want an integer in [1, 1000]`},
		{"below", "0", 1, `parameter every="0": want an integer in [1, 1000]`},
		{"above", "1001", 1, `parameter every="1001"`},
		{"huge", "1e300", 1, `parameter every="1e300"`},
		{"nan", "NaN", 1, `parameter every="NaN"`},
		{"not a number", "often", 1, `parameter every="often": want an integer`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sdk.Config{Params: map[string]string{"every": tc.value}}.Reader("demo", testParams)
			got := r.Int("every", 1, 1000)
			if got != tc.want {
				t.Errorf("Int = %d, want %d", got, tc.want)
			}
			checkErr(t, r.Err(), tc.wantErr)
		})
	}
}

func TestReaderBool(t *testing.T) {
	for _, tc := range []struct {
		value   string
		want    bool
		wantErr string
	}{
		{"true", true, ""},
		{"false", false, ""},
		{"yes", false, `demo: parameter confirm="yes": want true or false`},
		{"TRUE", false, `parameter confirm="TRUE": want true or false`},
		{"", false, `parameter confirm="": want true or false`},
	} {
		t.Run(fmt.Sprintf("%q", tc.value), func(t *testing.T) {
			r := sdk.Config{Params: map[string]string{"confirm": tc.value}}.Reader("demo", testParams)
			if got := r.Bool("confirm"); got != tc.want {
				t.Errorf("Bool = %v, want %v", got, tc.want)
			}
			checkErr(t, r.Err(), tc.wantErr)
		})
	}
}

func TestReaderDefaultsAndNames(t *testing.T) {
	for _, tc := range []struct {
		name    string
		params  map[string]string
		want    string // speed, every, confirm, state as read
		wantErr string
	}{
		{"nil map takes every default", nil, "3 8 true explore", ""},
		{"partial map", map[string]string{"every": "2", "state": "report"}, "3 2 true report", ""},
		{"full map", map[string]string{"speed": "1", "every": "5", "confirm": "false", "state": "x"}, "1 5 false x", ""},
		{"empty string kept", map[string]string{"state": ""}, "3 8 true ", ""},
		{"unknown name", map[string]string{"sped": "4"}, "3 8 true explore",
			`demo: unknown parameter "sped" (it accepts: confirm, every, speed, state)`},
		{"unknown names sorted", map[string]string{"zz": "1", "aa": "2", "speed": "2"}, "2 8 true explore",
			`demo: unknown parameters "aa", "zz" (it accepts: confirm, every, speed, state)`},
		{"unknown wins over a bad value", map[string]string{"x": "1", "speed": "fast"}, "0.5 8 true explore",
			`unknown parameter "x"`},
		{"first bad value wins", map[string]string{"speed": "fast", "every": "0"}, "0.5 1 true explore",
			`parameter speed="fast"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sdk.Config{Params: tc.params}.Reader("demo", testParams)
			got := fmt.Sprintf("%g %d %t %s", r.Float("speed", 0.5, 100), r.Int("every", 1, 1000), r.Bool("confirm"), r.String("state"))
			if got != tc.want {
				t.Errorf("read %q, want %q", got, tc.want)
			}
			checkErr(t, r.Err(), tc.wantErr)
			if tc.wantErr != "" && strings.Count(r.Err().Error(), "demo:") != 1 {
				t.Errorf("Err() = %q: want exactly the first error", r.Err())
			}
		})
	}
}

func TestReaderUndeclaredRead(t *testing.T) {
	r := sdk.Config{}.Reader("demo", testParams)
	if got := r.Float("spede", 2, 3); got != 2 {
		t.Errorf("Float of an undeclared name = %g, want the lower bound 2", got)
	}
	checkErr(t, r.Err(), "demo: parameter spede is read but not declared")
}

func TestReaderNoDeclaredParams(t *testing.T) {
	r := sdk.Config{Params: map[string]string{"a": "1"}}.Reader("", nil)
	checkErr(t, r.Err(), `unknown parameter "a" (it accepts: none)`)
	if strings.HasPrefix(r.Err().Error(), ":") {
		t.Errorf("Err() = %q: an empty plugin name must not leave a stray prefix", r.Err())
	}
}

func TestReaderInfiniteBound(t *testing.T) {
	r := sdk.Config{Params: map[string]string{"speed": "+Inf"}}.Reader("demo", testParams)
	if got := r.Float("speed", 0, math.Inf(1)); !math.IsInf(got, 1) || r.Err() != nil {
		t.Errorf("Float = %g, %v: want +Inf accepted when hi is +Inf", got, r.Err())
	}
}

func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("Err() = %v, want nil", err)
	case want != "" && err == nil:
		t.Errorf("Err() = nil, want an error containing %q", want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Errorf("Err() = %q, want it to contain %q", err, want)
	}
}

func FuzzReader(f *testing.F) {
	for _, s := range []string{"3", "NaN", "-Inf", "1e300", "2.5", "true", "", "0x10", "1_000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := sdk.Config{Params: map[string]string{"speed": s}}.Reader("demo", testParams)
		v := r.Float("speed", 0.5, 100)
		if r.Err() == nil && (math.IsNaN(v) || v < 0.5 || v > 100) {
			t.Fatalf("Float(%q) = %g with no error, outside [0.5, 100]", s, v)
		}
		if r.Err() != nil && v != 0.5 {
			t.Fatalf("Float(%q) = %g after an error, want the lower bound", s, v)
		}
		r = sdk.Config{Params: map[string]string{"every": s}}.Reader("demo", testParams)
		n := r.Int("every", 1, 1000)
		if n < 1 || n > 1000 {
			t.Fatalf("Int(%q) = %d, outside [1, 1000]", s, n)
		}
	})
}

// A Configure reads every parameter, then checks one error.
func ExampleConfig_Reader() {
	params := map[string]sdk.Param{
		"max_wheel": {Default: "6", Description: "wheel speed, rad/s"},
		"map_every": {Default: "8", Description: "publish the map every this many steps"},
		"confirm":   {Default: "true", Description: "ask for the score"},
	}
	configure := func(cfg sdk.Config) {
		r := cfg.Reader("explore", params)
		wheel := r.Float("max_wheel", 0.5, 100)
		every := r.Int("map_every", 1, 1000)
		confirm := r.Bool("confirm")
		if err := r.Err(); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(wheel, every, confirm)
	}
	configure(sdk.Config{Params: map[string]string{"map_every": "4"}})
	configure(sdk.Config{Params: map[string]string{"max_wheel": "x"}})
	configure(sdk.Config{Params: map[string]string{"speed": "1"}})
	// Output:
	// 6 4 true
	// explore: parameter max_wheel="x": want a number in [0.5, 100]
	// explore: unknown parameter "speed" (it accepts: confirm, map_every, max_wheel)
}
