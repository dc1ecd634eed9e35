package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/evalplan"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/sim"
)

// reportOptions choose what evalReport prints.
type reportOptions struct {
	json    bool
	timings bool
	// note is a line printed above the table (text) or kept in the JSON.
	note string
}

// evalGame is one game in the eval's JSON: its place in the plan and its
// result.
type evalGame struct {
	Game   int               `json:"game"`
	Point  int               `json:"point"`
	Params map[string]string `json:"params,omitempty"`
	game.Result
}

// evalPoint is one parameter point of a sweep, with its table.
type evalPoint struct {
	Point  int               `json:"point"`
	Rank   int               `json:"rank"`
	Params map[string]string `json:"params"`
	Table  []evalRow         `json:"table"`
}

// evalJSON is the eval's JSON (and `runner eval merge`'s).
type evalJSON struct {
	SchemaVersion int         `json:"schema_version"`
	Mode          string      `json:"mode"`
	BudgetMs      int         `json:"budget_ms"`
	Note          string      `json:"note,omitempty"`
	Table         []evalRow   `json:"table"`
	Points        []evalPoint `json:"points,omitempty"`
	Games         []evalGame  `json:"games"`
	Noise         *noiseJSON  `json:"noise,omitempty"`
	// PluginsPlayed are the plugin binaries the games played with (the
	// same entries as run --json's).
	PluginsPlayed []pluginInfo `json:"plugins_played"`
}

// noiseJSON is the sensor noise the games played with, in the JSON's
// snake_case (sim.Noise's fields, in their units).
type noiseJSON struct {
	GPS           float64 `json:"gps_m"`
	Gyro          float64 `json:"gyro_rad_s"`
	WheelSlip     float64 `json:"wheel_slip"`
	Distance      float64 `json:"distance_m"`
	Accelerometer float64 `json:"accelerometer_m_s2"`
}

func noiseOut(n *sim.Noise) *noiseJSON {
	if n == nil {
		return nil
	}
	return &noiseJSON{GPS: n.GPS, Gyro: n.Gyro, WheelSlip: n.WheelSlip, Distance: n.Distance, Accelerometer: n.Accelerometer}
}

// evalPlayed lists the plugins of the record's settings with the SHA-256
// of their binaries (the runner's own for a built-in) from the header, and
// the versions the games' descriptions gave.
func evalPlayed(h evalplan.Header, set evalSettings, games []evalGame) []pluginInfo {
	out := []pluginInfo{}
	for _, p := range set.Plugins {
		pi := pluginInfo{Name: p.Name, Path: p.Path, SHA256: h.Build.PluginSHA256[p.Name]}
		if pi.SHA256 == framework.Builtin {
			pi.SHA256 = h.Build.RunnerSHA256
		}
		for _, g := range games {
			if v := g.Runner.Plugins[p.Name].Version; v != "" {
				pi.Version = v
				break
			}
		}
		out = append(out, pi)
	}
	return out
}

// evalReport prints the table (or the JSON) of the games of a record, in
// plan order. The unsharded eval and the merge of its shards both print
// through it from the same lines, so they print the same bytes.
func evalReport(w io.Writer, h evalplan.Header, lines []evalplan.Line, o reportOptions) error {
	var set evalSettings
	if err := json.Unmarshal(h.Settings, &set); err != nil {
		return fmt.Errorf("record header: settings: %w", err)
	}
	points := h.Points()
	games := make([]evalGame, 0, len(lines))
	byPoint := make([][][]game.Result, len(points)) // point → world → games
	for i := range byPoint {
		byPoint[i] = make([][]game.Result, len(h.Worlds))
	}
	for _, l := range lines {
		var r game.Result
		if err := json.Unmarshal(l.Result, &r); err != nil {
			return fmt.Errorf("game %d: %w", l.Index, err)
		}
		if !o.timings {
			r = withoutTimings(r)
		}
		games = append(games, evalGame{Game: l.Index, Point: l.Point, Params: l.Params, Result: r})
		byPoint[l.Point][l.World] = append(byPoint[l.Point][l.World], r)
	}
	tables := make([][]evalRow, len(points))
	for p := range points {
		var all []game.Result
		for wi, wid := range h.Worlds {
			tables[p] = append(tables[p], summarize(wid.Name, byPoint[p][wi]))
			all = append(all, byPoint[p][wi]...)
		}
		tables[p] = append(tables[p], summarize("overall", all))
	}
	out := evalJSON{SchemaVersion: SchemaVersion, Mode: set.Mode, BudgetMs: set.BudgetMs, Note: o.note, Games: games,
		Noise: noiseOut(set.Noise), PluginsPlayed: evalPlayed(h, set, games)}
	var rank []int
	if len(h.Params) == 0 {
		out.Table = tables[0]
	} else {
		rank = rankPoints(tables)
		for r, p := range rank {
			row := tables[p][len(tables[p])-1]
			row.World, row.Params = points[p].String(), pointMap(points[p])
			out.Table = append(out.Table, row)
			out.Points = append(out.Points, evalPoint{Point: p, Rank: r + 1, Params: pointMap(points[p]), Table: tables[p]})
		}
		sort.Slice(out.Points, func(i, j int) bool { return out.Points[i].Point < out.Points[j].Point })
	}
	if o.json {
		return writeJSONOut(w, out)
	}
	if o.note != "" {
		fmt.Fprintln(w, o.note)
	}
	fmt.Fprintln(w, modeLine(framework.Summary{Mode: set.Mode, BudgetMs: set.BudgetMs}))
	fmt.Fprintln(w, rulesLine(games))
	if len(h.Params) == 0 {
		printEval(w, tables[0], o.timings)
		return nil
	}
	printRanking(w, h.Params, points, rank, tables)
	best := rank[0]
	fmt.Fprintf(w, "\nbest point, per world: %s\n", points[best])
	printEval(w, tables[best], o.timings)
	return nil
}

// rankPoints orders the parameter points best first: by the score as a
// share of the maximum over all worlds, then by the map score, then by the
// order of the grid.
func rankPoints(tables [][]evalRow) []int {
	rank := make([]int, len(tables))
	for i := range rank {
		rank[i] = i
	}
	sort.SliceStable(rank, func(a, b int) bool {
		ra, rb := tables[rank[a]][len(tables[rank[a]])-1], tables[rank[b]][len(tables[rank[b]])-1]
		if ra.ScorePct != rb.ScorePct {
			return ra.ScorePct > rb.ScorePct
		}
		return ra.MapScore > rb.MapScore
	})
	return rank
}

// printRanking prints one line per parameter point, best first.
func printRanking(w io.Writer, params []evalplan.Param, points []evalplan.Point, rank []int, tables [][]evalRow) {
	fmt.Fprintf(w, "parameter points, best first (over all %d worlds):\n", len(tables[0])-1)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"rank"}
	for _, p := range params {
		head = append(head, p.Key())
	}
	head = append(head, "runs", "score %max", "signs ok %", "misid/run", "map", "exit %", "auto LoP", "game s")
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for r, p := range rank {
		row := tables[p][len(tables[p])-1]
		cells := []string{fmt.Sprint(r + 1)}
		for _, s := range points[p] {
			cells = append(cells, s.Value)
		}
		score, signs, exit := "-", "-", "-"
		if row.Signs > 0 {
			score, signs, exit = fmt.Sprintf("%.1f", row.ScorePct), fmt.Sprintf("%.1f", row.SignsCorrect), fmt.Sprintf("%.0f", row.ExitBonusRate)
		}
		cells = append(cells, fmt.Sprint(row.Runs), score, signs, fmt.Sprintf("%.2f", row.MisidPerRun), fmt.Sprintf("%.3f", row.MapScore), exit,
			fmt.Sprint(row.AutoLoP), fmt.Sprintf("%.0f", row.GameTime))
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	_ = tw.Flush()
}

// withoutTimings clears what a game's record holds of the machine's speed
// and load (wall times, step-time percentiles, steps over the real-time
// budget), leaving what depends on the game alone in lockstep.
func withoutTimings(r game.Result) game.Result {
	s := &r.Runner
	s.WallTime, s.Startup, s.BudgetNote, s.Dispatch = 0, 0, "", nil
	ps := make(map[string]framework.PluginStats, len(s.Plugins))
	for n, p := range s.Plugins {
		p.StepTimes, p.StepP50, p.StepP99, p.StepMax, p.OverBudget = nil, 0, 0, 0, 0
		ps[n] = p
	}
	if s.Plugins != nil {
		s.Plugins = ps
	}
	return r
}

// rulesLine says which Erebus versions' rules the games were played in.
func rulesLine(games []evalGame) string {
	n := map[string]int{}
	var vs []string
	for _, g := range games {
		v := string(g.Referee.Version)
		if n[v] == 0 {
			vs = append(vs, v)
		}
		n[v]++
	}
	sort.Strings(vs)
	var parts []string
	for _, v := range vs {
		parts = append(parts, fmt.Sprintf("Erebus %s (%d games)", v, n[v]))
	}
	return "rules: " + strings.Join(parts, ", ")
}
