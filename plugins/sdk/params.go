package sdk

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ParamReader reads a plugin's parameters, checking each value as it goes
// and keeping the first error. Get one with Config.Reader, read every
// parameter with Float, Int, Bool or String, then check Err once:
//
//	r := cfg.Reader("explore", params)
//	speed := r.Float("max_wheel", 0.5, 100)
//	every := r.Int("map_every", 1, 1000)
//	if err := r.Err(); err != nil {
//		return err
//	}
//
// A reader whose Config held a name the plugin does not declare starts
// with that error, so Err reports it before any value error. After an
// error the reading methods still return a usable value (the lower bound,
// false or the declared default), so a Configure reads on and checks once.
type ParamReader struct {
	plugin string
	values map[string]string
	err    error
}

// Reader returns a ParamReader over c.Params merged over the defaults of
// declared (usually the Description's Params): a declared parameter that
// c does not set takes its declared Default, and a name in c that declared
// lacks is an error naming it and listing the known ones. plugin prefixes
// every error message.
func (c Config) Reader(plugin string, declared map[string]Param) *ParamReader {
	r := &ParamReader{plugin: plugin, values: make(map[string]string, len(declared))}
	for name, p := range declared {
		r.values[name] = p.Default
	}
	var unknown []string
	for name, v := range c.Params {
		if _, ok := declared[name]; !ok {
			unknown = append(unknown, strconv.Quote(name))
			continue
		}
		r.values[name] = v
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		noun := "parameter"
		if len(unknown) > 1 {
			noun = "parameters"
		}
		r.fail("unknown %s %s (it accepts: %s)", noun, strings.Join(unknown, ", "),
			orNone(slices.Sorted(maps.Keys(declared))))
	}
	return r
}

// Err returns the first error met so far: an unknown name, an undeclared
// name read, or a bad value. It is nil when every value was good.
func (r *ParamReader) Err() error { return r.err }

// Float returns parameter name as a number in [lo, hi] (NaN is never
// accepted; infinities only when a bound is infinite). On a bad value it
// records an error such as
//
//	explore: parameter max_wheel="x": want a number in [0.5, 100]
//
// and returns lo.
func (r *ParamReader) Float(name string, lo, hi float64) float64 {
	s, ok := r.lookup(name)
	if !ok {
		return lo
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || v < lo || v > hi {
		r.fail("parameter %s=%q: want a number in [%g, %g]", name, s, lo, hi)
		return lo
	}
	return v
}

// Int returns parameter name as a whole number in [lo, hi]. It is written
// like any number ("8", "8.0" and "1e3" are whole; "2.5" is not). On a bad
// value it records an error such as
//
//	explore: parameter map_every="2.5": want an integer in [1, 1000]
//
// and returns lo.
func (r *ParamReader) Int(name string, lo, hi int) int {
	s, ok := r.lookup(name)
	if !ok {
		return lo
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || v != math.Trunc(v) || v < float64(lo) || v > float64(hi) {
		r.fail("parameter %s=%q: want an integer in [%d, %d]", name, s, lo, hi)
		return lo
	}
	return int(v)
}

// Bool returns parameter name, which must be exactly "true" or "false".
// On another value it records an error and returns false.
func (r *ParamReader) Bool(name string) bool {
	s, ok := r.lookup(name)
	if !ok {
		return false
	}
	switch s {
	case "true":
		return true
	case "false":
		return false
	}
	r.fail("parameter %s=%q: want true or false", name, s)
	return false
}

// String returns parameter name as it was given (or its declared
// default). Any text is accepted; check it yourself when some is not.
func (r *ParamReader) String(name string) string {
	s, _ := r.lookup(name)
	return s
}

// lookup returns the value of name; reading a name the plugin did not
// declare is a programming error, recorded like a bad value.
func (r *ParamReader) lookup(name string) (string, bool) {
	s, ok := r.values[name]
	if !ok {
		r.fail("parameter %s is read but not declared", name)
	}
	return s, ok
}

// fail keeps the first error.
func (r *ParamReader) fail(format string, args ...any) {
	if r.err != nil {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if r.plugin != "" {
		msg = r.plugin + ": " + msg
	}
	r.err = errors.New(msg)
}
