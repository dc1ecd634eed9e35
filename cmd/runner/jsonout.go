package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/bench"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// SchemaVersion is the version of the JSON shape of run --json, bench
// --json and plugins describe (docs/schema/). It goes up when a field
// changes meaning or goes away; new fields keep it.
const SchemaVersion = 1

// roundDigits is how many decimals a number keeps in the JSON output: a
// nanosecond of a time in seconds, far below any score's rounding.
const roundDigits = 9

// writeJSONOut writes v as indented JSON with every fractional number
// rounded to roundDigits decimals (467.50000000000006 → 467.5).
func writeJSONOut(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, roundNumbers(b), "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

// roundNumbers rewrites the fractional numbers of the JSON text b, leaving
// strings and integers as they are.
func roundNumbers(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(b))
			out = append(out, b[i:j]...)
			i = j
		case c == '-' || (c >= '0' && c <= '9'):
			j, frac := i, false
			for j < len(b) && bytes.IndexByte([]byte("+-0123456789.eE"), b[j]) >= 0 {
				frac = frac || b[j] == '.' || b[j] == 'e' || b[j] == 'E'
				j++
			}
			num := b[i:j]
			if frac {
				if f, err := strconv.ParseFloat(string(num), 64); err == nil {
					p := math.Pow10(roundDigits)
					if r := math.Round(f*p) / p; !math.IsInf(r, 0) && !math.IsNaN(r) && math.Abs(f) < 1e15 {
						num = strconv.AppendFloat(nil, r, 'f', -1, 64)
					}
				}
			}
			out = append(out, num...)
			i = j
		default:
			out = append(out, c)
			i++
		}
	}
	return out
}

// runOutput is what run --json prints: the game's record, the schema
// version, and the plugin binaries that played.
type runOutput struct {
	SchemaVersion int `json:"schema_version"`
	game.Result
	PluginsPlayed []pluginInfo `json:"plugins_played"`
}

// playedPlugins lists the plugin binaries of cfg that played, with the
// versions their descriptions gave (from the run's summary); a binary that
// cannot be read gets no sha256.
func playedPlugins(cfg framework.Config, exe string, sum framework.Summary) []pluginInfo {
	out := []pluginInfo{}
	for _, name := range cfg.PluginNames() {
		pc := cfg.Plugins[name]
		pi := pluginInfo{Name: name, Path: pc.Cmd, Version: sum.Plugins[name].Version}
		if s, err := fileSHA256(pluginBinary(pc, exe)); err == nil {
			pi.SHA256 = s
		}
		out = append(out, pi)
	}
	return out
}

// webotsOutput is what run --backend webots --json prints: the runner's
// summary (Erebus keeps the score), the schema version and the plugin
// binaries that played (docs/schema/run-webots.schema.json).
type webotsOutput struct {
	SchemaVersion int               `json:"schema_version"`
	Backend       string            `json:"backend"`
	Runner        framework.Summary `json:"runner"`
	PluginsPlayed []pluginInfo      `json:"plugins_played"`
}

// benchOutput is what bench --json prints.
type benchOutput struct {
	SchemaVersion int `json:"schema_version"`
	bench.Report
}

// writeDescribe writes a plugin's description as plugins describe prints
// it: the proto's own field names (snake_case) and the schema version.
func writeDescribe(w io.Writer, d *pluginpb.Description) error {
	b, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(d)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	m["schema_version"] = SchemaVersion
	return writeJSONOut(w, m)
}
